/* The EU array object: creation, reset and the parts the other files share (docs/reference/eu.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eu_internal.h"
#include "tlm_alloc.h"

const eu_topology *eu_array_topology(const eu_array *array)
{
    return &array->config.topology;
}

eu_kernel_registry *eu_array_kernels(eu_array *array)
{
    return &array->kernels;
}

bool eu_array_register_kernel(eu_array *array, const eu_kernel *kernel)
{
    if (eu_kernel_register(&array->kernels, kernel))
        return true;
    tlm_log_error(array->log, "kernel %s at 0x%llx refused (registry full, no function or start not 64-byte aligned)",
                  kernel && kernel->name ? kernel->name : "?", kernel ? (unsigned long long)kernel->start : 0ull);
    return false;
}

/* ---- coverage and waveform rows ------------------------------------------------------------ */

void eu_trace_busy(eu_array *array, uint32_t subslice)
{
    if (!array->busy_rows)
        return;
    tlm_trace_set(array->kernel, array->busy_rows[subslice], array->busy_per_subslice[subslice]);
    tlm_trace_set(array->kernel, array->busy_row, array->busy);
}

void eu_trace_groups(eu_array *array)
{
    tlm_trace_set(array->kernel, array->dispatched_row, array->stats.groups_dispatched);
    tlm_trace_set(array->kernel, array->retired_row, array->groups_retired);
}

static void declare_rows(eu_array *array, const char *name)
{
    if (!tlm_trace_on(array->kernel))
        return;
    uint32_t subslices = eu_topology_subslices(&array->config.topology);
    array->busy_rows = tlm_alloc_zeroed(subslices, sizeof *array->busy_rows);
    for (uint32_t s = 0; s < subslices; s++) {
        char row[24];
        snprintf(row, sizeof row, "busy_ss%u", s);
        array->busy_rows[s] = tlm_trace_bits(array->kernel, name, row, 16, TLM_TRACE_DEC, 0);
    }
    array->busy_row = tlm_trace_bits(array->kernel, name, "busy", 16, TLM_TRACE_DEC, 0);
    array->dispatched_row = tlm_trace_bits(array->kernel, name, "groups_dispatched", 32, TLM_TRACE_DEC, 0);
    array->retired_row = tlm_trace_bits(array->kernel, name, "groups_retired", 32, TLM_TRACE_DEC, 0);
}

uint64_t eu_array_requester_threads(const eu_array *array, int index)
{
    return index >= 0 && index < array->requester_count ? array->requester_threads[index] : 0;
}

const char *eu_array_requester_name(const eu_array *array, int index)
{
    return index >= 0 && index < array->requester_count ? array->requesters[index].name : NULL;
}

uint64_t eu_array_function_threads(const eu_array *array, unsigned ffid)
{
    return ffid < EU_FFID_COUNT ? array->function_threads[ffid] : 0;
}

uint64_t eu_array_kernel_threads(const eu_array *array, const char *name)
{
    uint64_t threads = 0;
    for (size_t i = 0; name && i < array->kernels.count; i++)
        if (array->kernels.kernels[i].name && strcmp(array->kernels.kernels[i].name, name) == 0)
            threads += array->kernel_threads[i];
    return threads;
}

uint64_t eu_array_groups_retired(const eu_array *array)
{
    return array->groups_retired;
}

const char *eu_ffid_name(unsigned ffid)
{
    switch (ffid) {
    case EU_FFID_NULL: return "null";
    case EU_FFID_HS: return "hs";
    case EU_FFID_DS: return "ds";
    case EU_FFID_SPAWNER: return "spawner";
    case EU_FFID_VFE: return "vfe";
    case EU_FFID_VS: return "vs";
    case EU_FFID_CS: return "cs";
    case EU_FFID_GS: return "gs";
    case EU_FFID_WM: return "wm";
    }
    return NULL;
}

/* ---- reset and init ----------------------------------------------------------------------- */

void eu_array_reset(eu_array *array)
{
    for (uint32_t i = 0; i < array->thread_count; i++) {
        struct eu_thread *thread = &array->threads[i];
        tlm_event_cancel(array->kernel, &thread->event);
        if (thread->busy && thread->run && thread->run->live) {
            /* recycle each group once */
            thread->run->live = 0;
            thread->run->next = array->free_runs;
            array->free_runs = thread->run;
        }
        thread->busy = false;
        thread->waiting = false;
        thread->run = NULL;
    }
    tlm_event_cancel(array->kernel, &array->pump);
    uint32_t subslices = eu_topology_subslices(&array->config.topology);
    memset(array->busy_per_subslice, 0, subslices * sizeof *array->busy_per_subslice);
    memset(array->busy_per_eu, 0, eu_topology_eus(&array->config.topology) * sizeof *array->busy_per_eu);
    array->busy = 0;
    memset(array->has_pending, 0, sizeof array->has_pending);
    array->groups_waiting = 0;
    array->rr_next = 0;
    eu_walker_reset(array);
    eu_oa_reset(array);
    memset(&array->stats, 0, sizeof array->stats);
    memset(array->requester_threads, 0, sizeof array->requester_threads);
    memset(array->function_threads, 0, sizeof array->function_threads);
    memset(array->kernel_threads, 0, sizeof array->kernel_threads);
    array->groups_retired = 0;
    for (uint32_t s = 0; s < subslices; s++)
        eu_trace_busy(array, s);
    eu_trace_groups(array);
    array->origin = tlm_kernel_now(array->kernel);
    array->busy_ps = 0;
    array->was_busy = false;
}

eu_array *eu_array_create(tlm_kernel *kernel, const char *name, const eu_array_config *config)
{
    tlm_log_block *log = tlm_logger_block(tlm_kernel_logger(kernel), name ? name : "eu");
    eu_array_config effective = *config;
    const eu_topology zero = { 0 };
    if (memcmp(&effective.topology, &zero, sizeof zero) == 0)
        effective.topology = eu_topology_default(config->profile);
    if (!eu_topology_valid(&effective.topology) || !config->memory || config->clock_period == 0) {
        tlm_log_error(log, "EU array not created: topology %ux%ux%ux%u (each non-zero, at most %u threads), "
                           "memory %s, clock period %llu ps",
                      effective.topology.slices, effective.topology.subslices_per_slice,
                      effective.topology.eus_per_subslice, effective.topology.threads_per_eu, EU_MAX_HW_THREADS,
                      config->memory ? "set" : "missing", (unsigned long long)config->clock_period);
        return NULL;
    }
    eu_array *array = tlm_alloc_zeroed(1, sizeof *array);
    array->kernel = kernel;
    array->log = log;
    array->config = effective;
    eu_kernel_registry_init(&array->kernels);
    array->thread_count = eu_topology_threads(&effective.topology);
    array->threads = tlm_alloc_zeroed(array->thread_count, sizeof *array->threads);
    array->busy_per_subslice = tlm_alloc_zeroed(eu_topology_subslices(&effective.topology), sizeof(uint32_t));
    array->busy_per_eu = tlm_alloc_zeroed(eu_topology_eus(&effective.topology), sizeof(uint32_t));
    array->origin = tlm_kernel_now(kernel);
    declare_rows(array, log->name);
    eu_dispatcher_init(array);
    eu_walker_init(array);
    eu_oa_init(array);
    return array;
}

void eu_array_destroy(eu_array *array)
{
    if (!array)
        return;
    /* the waveform keeps the last values: destroying is not a reset the run did */
    free(array->busy_rows);
    array->busy_rows = NULL;
    array->busy_row = array->dispatched_row = array->retired_row = TLM_TRACE_NONE;
    eu_array_reset(array);
    eu_oa_destroy(array);
    while (array->free_runs) {
        eu_group_run *run = array->free_runs;
        array->free_runs = run->next;
        free(run->slots);
        free(run);
    }
    free(array->threads);
    free(array->busy_per_subslice);
    free(array->busy_per_eu);
    free(array);
}
