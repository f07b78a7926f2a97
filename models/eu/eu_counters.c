/* The EU array's counters (docs/reference/oa.md "Counters"): GPU busy time, GPU_TICKS,
 * GPGPU threads and channels dispatched, EU active and stall cycles, barrier messages, and the
 * A-counter view of them each profile's report carries. The OA counts advance only while
 * counting is enabled; the global set feeds the OA buffer (OAG), one set per render context
 * (OAR, the work its walkers submitted) feeds that context's MI_REPORT_PERF_COUNT. */
#include "eu_internal.h"

/* 40-bit aggregating counters (spec 001 "Performance Counter Reporting": counters 40 bits wide
 * are split into a low dword and a high byte). */
#define EU_A40_MASK ((UINT64_C(1) << 40) - 1u)

/* The current render context's counts, or NULL. */
static eu_oa_counts *current_counts(eu_array *array);

void eu_counters_update_busy(eu_array *array)
{
    bool busy = eu_array_busy(array);
    tlm_time now = tlm_kernel_now(array->kernel);
    if (busy && !array->was_busy)
        array->busy_since = now;
    else if (!busy && array->was_busy)
        array->busy_ps += now - array->busy_since;
    array->was_busy = busy;
    /* A0 integrates the busy time while counting; the render context loaded gets it too. */
    if (array->oa_busy_counting) {
        tlm_time elapsed = now - array->oa_since;
        array->oa_global.busy_ps += elapsed;
        eu_oa_counts *context = current_counts(array);
        if (context)
            context->busy_ps += elapsed;
    }
    array->oa_since = now;
    array->oa_busy_counting = busy && array->oa_counting;
}

/* ---- per-context (OAR) and global (OAG) counts ------------------------------------------------ */

static eu_oa_context *find_context(eu_array *array, uint32_t id, bool create)
{
    eu_oa_context *free_entry = NULL, *oldest = NULL;
    for (uint32_t i = 0; i < EU_OA_CONTEXTS; i++) {
        eu_oa_context *entry = &array->oa_contexts[i];
        if (entry->used && entry->id == id) {
            entry->last_use = ++array->oa_uses;
            return entry;
        }
        if (!entry->used && !free_entry)
            free_entry = entry;
        if (entry->used && (!array->oa_has_current || entry->id != array->oa_current) &&
            (!oldest || entry->last_use < oldest->last_use))
            oldest = entry;
    }
    if (!create)
        return NULL;
    eu_oa_context *entry = free_entry ? free_entry : oldest;
    if (!entry)
        return NULL;
    if (!free_entry)
        tlm_log_warning(array->log, "OA: more than %u render contexts: the counts of context %u are dropped",
                        EU_OA_CONTEXTS, entry->id);
    *entry = (eu_oa_context){ .used = true, .id = id, .last_use = ++array->oa_uses };
    return entry;
}

static eu_oa_counts *current_counts(eu_array *array)
{
    if (!array->oa_has_current)
        return NULL;
    eu_oa_context *entry = find_context(array, array->oa_current, true);
    return entry ? &entry->counts : NULL;
}

static eu_oa_counts *group_counts(eu_array *array, const eu_group *group)
{
    if (!group->has_context)
        return NULL;
    eu_oa_context *entry = find_context(array, group->context, true);
    return entry ? &entry->counts : NULL;
}

void eu_counters_thread_dispatched(eu_array *array, const eu_group *group)
{
    if (!array->oa_counting || group->ffid != EU_FFID_VFE)
        return;
    array->oa_global.threads++;
    eu_oa_counts *context = group_counts(array, group);
    if (context)
        context->threads++;
}

void eu_counters_phase(eu_array *array, const eu_group *group, uint64_t active, uint64_t stall)
{
    if (!array->oa_counting)
        return;
    array->oa_global.active += active;
    array->oa_global.stall += stall;
    eu_oa_counts *context = group_counts(array, group);
    if (context) {
        context->active += active;
        context->stall += stall;
    }
}

void eu_counters_barrier(eu_array *array, const eu_group *group, uint32_t threads)
{
    if (!array->oa_counting)
        return;
    /* spec 001/003 A35 "Barrier Messages": one per thread in the barrier. */
    array->oa_global.barriers += threads;
    eu_oa_counts *context = group_counts(array, group);
    if (context)
        context->barriers += threads;
}

void eu_counters_set_counting(eu_array *array, bool counting)
{
    eu_counters_update_busy(array);
    array->oa_counting = counting;
    eu_counters_update_busy(array);
}

void eu_counters_set_context(eu_array *array, bool has_context, uint32_t context_id)
{
    eu_counters_update_busy(array);
    array->oa_has_current = has_context;
    array->oa_current = context_id;
    if (has_context)
        find_context(array, context_id, true);
}

const eu_oa_counts *eu_counters_of(eu_array *array, bool has_context, uint32_t id)
{
    if (!has_context)
        return &array->oa_global;
    eu_oa_context *entry = find_context(array, id, true);
    return entry ? &entry->counts : &array->oa_global;
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

/* A0 of `counts` now: its closed busy time plus the open stretch when `open_busy` (the counts
 * A0 is being integrated into). */
static uint64_t busy_cycles(const eu_array *array, const eu_oa_counts *counts, bool open_busy)
{
    uint64_t ps = counts->busy_ps;
    if (open_busy && array->oa_busy_counting)
        ps += tlm_kernel_now(array->kernel) - array->oa_since;
    return ps / array->config.clock_period;
}

uint64_t eu_counters_a(const eu_array *array, const eu_oa_counts *counts, bool open_busy, unsigned index)
{
    if (array->config.profile == CS_PROFILE_GEN6) {
        /* spec 000 §1.3.11.1: A0 Aggregated Core Array Active (cycles on all cores actively
         * executing), A1 Aggregated Core Array Stalled; the rest are 3D-pipeline counters this
         * model has nothing for (0). 32 bits in the 64-byte report. */
        switch (index) {
        case 0: return counts->active & 0xFFFFFFFFu;
        case 1: return counts->stall & 0xFFFFFFFFu;
        default: return 0;
        }
    }
    /* spec 001 "Aggregating Counters": A0 GPU Busy, A4 # of GPGPU Threads Dispatched, A7/A8
     * Aggregating EU counters 0/1 (user-defined; here fixed to EU active and EU stall cycles,
     * docs/reference/oa.md: choice), A35 Barrier Messages. */
    switch (index) {
    case 0: return busy_cycles(array, counts, open_busy) & EU_A40_MASK;
    case 4: return counts->threads & EU_A40_MASK;
    case 7: return counts->active & EU_A40_MASK;
    case 8: return counts->stall & EU_A40_MASK;
    case 35: return counts->barriers & 0xFFFFFFFFu; /* A32..A35 are 32 bits (no high byte) */
    default: return 0;
    }
}

uint64_t eu_array_a_counter(const eu_array *array, unsigned index)
{
    return eu_counters_a(array, &array->oa_global, true, index);
}

uint64_t eu_array_context_a_counter(eu_array *array, uint32_t context_id, unsigned index)
{
    eu_oa_context *entry = find_context(array, context_id, false);
    if (!entry)
        return 0;
    bool current = array->oa_has_current && array->oa_current == context_id;
    return eu_counters_a(array, &entry->counts, current, index);
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
