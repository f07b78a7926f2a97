/* The EU array's counters (issue 7 item 5; docs/eu.md "Counters"): GPU busy time, GPU_TICKS,
 * GPGPU threads and channels dispatched, EU active and stall cycles, and the A-counter view
 * of them each profile's report carries. */
#include "eu_internal.h"

/* 40-bit aggregating counters (spec 001 "Performance Counter Reporting": counters 40 bits wide
 * are split into a low dword and a high byte). */
#define EU_A40_MASK ((UINT64_C(1) << 40) - 1u)

void eu_counters_update_busy(eu_array *array)
{
    bool busy = eu_array_busy(array);
    tlm_time now = tlm_kernel_now(array->kernel);
    if (busy && !array->was_busy)
        array->busy_since = now;
    else if (!busy && array->was_busy)
        array->busy_ps += now - array->busy_since;
    array->was_busy = busy;
}

uint64_t eu_array_busy_cycles(const eu_array *array)
{
    uint64_t ps = array->busy_ps;
    if (array->was_busy)
        ps += tlm_kernel_now(array->kernel) - array->busy_since;
    return ps / array->config.clock_period;
}

uint64_t eu_array_gpu_ticks(const eu_array *array)
{
    return (tlm_kernel_now(array->kernel) - array->origin) / array->config.clock_period;
}

const eu_array_stats *eu_array_get_stats(const eu_array *array)
{
    return &array->stats;
}

uint64_t eu_array_a_counter(const eu_array *array, unsigned index)
{
    const eu_array_stats *s = &array->stats;
    if (array->config.profile == CS_PROFILE_GEN6) {
        /* spec 000 §1.3.11.1: A0 Aggregated Core Array Active (cycles on all cores actively
         * executing), A1 Aggregated Core Array Stalled; the rest are 3D-pipeline counters this
         * model has nothing for (0). 32 bits in the 64-byte report. */
        switch (index) {
        case 0: return s->eu_active_cycles & 0xFFFFFFFFu;
        case 1: return s->eu_stall_cycles & 0xFFFFFFFFu;
        default: return 0;
        }
    }
    /* spec 001 "Aggregating Counters": A0 GPU Busy, A4 # of GPGPU Threads Dispatched, A7/A8
     * Aggregating EU counters 0/1 (user-defined; here fixed to EU active and EU stall cycles,
     * docs/eu.md: choice). */
    switch (index) {
    case 0: return eu_array_busy_cycles(array) & EU_A40_MASK;
    case 4: return s->gpgpu_threads & EU_A40_MASK;
    case 7: return s->eu_active_cycles & EU_A40_MASK;
    case 8: return s->eu_stall_cycles & EU_A40_MASK;
    default: return 0;
    }
}

static uint64_t statistics_threads_dispatched(void *context)
{
    const eu_array *array = context;
    /* spec 000 §1.1.12.1: the active channels of each GPGPU dispatch, summed. */
    return array->stats.gpgpu_channels;
}

cs_statistics_port eu_array_statistics_port(eu_array *array)
{
    return (cs_statistics_port){ .threads_dispatched = statistics_threads_dispatched, .context = array };
}

void eu_array_connect(eu_array *array, cs_engine_model *engine)
{
    cs_walker_port walker = eu_array_walker_port(array);
    cs_statistics_port statistics = eu_array_statistics_port(array);
    cs_engine_set_walker_port(engine, &walker);
    cs_engine_set_statistics_port(engine, &statistics);
}
