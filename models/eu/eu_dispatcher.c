/* The thread dispatcher (spec 004 "Thread Dispatching": arbitrating between concurrent
 * requests and assigning requested threads to hardware threads on EUs; docs/reference/eu.md
 * "Dispatcher"): round-robin between requesters, a whole thread group on one subslice,
 * back-pressure while the array is full, barriers, retirement. */
#include <string.h>

#include "eu_internal.h"
#include "tlm_alloc.h"

/* Groups a dispatch pass may refuse before it yields to the next clock (a requester offering
 * endless unplaceable groups must not spin inside one event). */
#define EU_REFUSALS_PER_PASS 1024u

static uint32_t free_on_subslice(const eu_array *array, uint32_t subslice)
{
    return eu_topology_threads_per_subslice(&array->config.topology) - array->busy_per_subslice[subslice];
}

static void notify_observer(eu_array *array, const struct eu_thread *thread, bool retire)
{
    if (!array->observer)
        return;
    eu_thread_event event = {
        .retire = retire,
        .group_tag = thread->run->group.tag,
        .group_linear = thread->run->group.group_linear,
        .thread_index = thread->info.thread_index,
        .slot = thread->slot,
        .subslice = thread->info.subslice,
        .requester = thread->run->requester,
        .time = tlm_kernel_now(array->kernel),
    };
    array->observer(array->observer_context, &event);
}

static eu_group_run *new_run(eu_array *array)
{
    eu_group_run *run = array->free_runs;
    if (run) {
        array->free_runs = run->next;
        uint32_t *slots = run->slots;
        memset(run, 0, sizeof *run);
        run->slots = slots;
    } else {
        run = tlm_alloc_zeroed(1, sizeof *run);
        run->slots = tlm_alloc_zeroed(eu_topology_threads_per_subslice(&array->config.topology), sizeof *run->slots);
    }
    return run;
}

static void free_run(eu_array *array, eu_group_run *run)
{
    run->next = array->free_runs;
    array->free_runs = run;
}

/* Why a group cannot run at all (NULL: it can). */
static const char *group_problem(const eu_array *array, const eu_group *group)
{
    if (group->threads == 0)
        return "has no threads";
    if (group->threads > eu_topology_threads_per_subslice(&array->config.topology))
        return "has more threads than a subslice";
    if (group->simd_width != 8 && group->simd_width != 16 && group->simd_width != 32)
        return "has a SIMD width other than 8, 16 or 32";
    return NULL;
}

/* The subslice with the most free threads that holds `threads` (lowest index on ties), or -1. */
static int pick_subslice(const eu_array *array, uint32_t threads)
{
    int best = -1;
    uint32_t best_free = 0;
    for (uint32_t s = 0; s < eu_topology_subslices(&array->config.topology); s++) {
        uint32_t available = free_on_subslice(array, s);
        if (available >= threads && (best < 0 || available > best_free)) {
            best = (int)s;
            best_free = available;
        }
    }
    return best;
}

/* A free hardware thread on `subslice`: on the EU with the most free threads (lowest index on
 * ties), its first free thread. */
static uint32_t pick_slot(const eu_array *array, uint32_t subslice)
{
    const eu_topology *t = &array->config.topology;
    uint32_t best_eu = 0, best_free = 0;
    for (uint32_t e = 0; e < t->eus_per_subslice; e++) {
        uint32_t eu = subslice * t->eus_per_subslice + e;
        uint32_t available = t->threads_per_eu - array->busy_per_eu[eu];
        if (available > best_free) {
            best_free = available;
            best_eu = eu;
        }
    }
    for (uint32_t k = 0; k < t->threads_per_eu; k++) {
        uint32_t slot = best_eu * t->threads_per_eu + k;
        if (!array->threads[slot].busy)
            return slot;
    }
    return UINT32_MAX; /* unreachable: pick_subslice checked the room */
}

/* Thread i's execution mask: right mask for the last of a row, bottom mask for the last row. */
static uint32_t exec_mask_of(const eu_group *group, uint32_t i)
{
    uint32_t row = group->row_threads && group->row_threads <= group->threads ? group->row_threads : group->threads;
    uint32_t rows = (group->threads + row - 1u) / row;
    uint32_t mask = group->exec_mask;
    if ((i + 1u) % row == 0 || i + 1u == group->threads)
        mask &= group->right_mask;
    if (i / row == rows - 1u)
        mask &= group->bottom_mask;
    if (group->simd_width < 32)
        mask &= (1u << group->simd_width) - 1u;
    return mask;
}

static void start_group(eu_array *array, int requester, const eu_group *group, uint32_t subslice)
{
    const eu_topology *t = &array->config.topology;
    eu_group_run *run = new_run(array);
    run->group = *group;
    run->requester = requester;
    run->subslice = subslice;
    run->live = group->threads;
    run->kernel = eu_kernel_find(&array->kernels, group->kernel_start);
    if (!run->kernel) {
        array->stats.unknown_kernel_threads += group->threads;
        tlm_log_error(array->log, "%s: no kernel registered at 0x%llx: group (%u,%u,%u) of %u threads does nothing",
                      array->requesters[requester].name, (unsigned long long)group->kernel_start, group->group_id[0],
                      group->group_id[1], group->group_id[2], group->threads);
    }
    array->stats.groups_dispatched++;
    array->requester_threads[requester] += group->threads;
    if (group->ffid < EU_FFID_COUNT)
        array->function_threads[group->ffid] += group->threads;
    if (run->kernel)
        array->kernel_threads[run->kernel - array->kernels.kernels] += group->threads;
    /* Place every thread first, then run them, so each kernel sees its group complete. */
    for (uint32_t i = 0; i < group->threads; i++) {
        uint32_t slot = pick_slot(array, subslice);
        struct eu_thread *thread = &array->threads[slot];
        uint32_t eu = slot / t->threads_per_eu;
        thread->busy = true;
        thread->waiting = false;
        thread->logged_fault = false;
        thread->run = run;
        thread->phase = 0;
        memset(&thread->info, 0, sizeof thread->info);
        memcpy(thread->info.group_id, group->group_id, sizeof group->group_id);
        thread->info.group_linear = group->group_linear;
        thread->info.thread_index = i;
        thread->info.threads_per_group = group->threads;
        thread->info.simd_width = group->simd_width;
        thread->info.exec_mask = exec_mask_of(group, i);
        memcpy(thread->info.args, group->args, sizeof group->args);
        thread->info.subslice = subslice;
        thread->info.eu = eu % t->eus_per_subslice;
        run->slots[i] = slot;
        array->busy_per_eu[eu]++;
        array->busy_per_subslice[subslice]++;
        array->busy++;
        array->stats.threads_dispatched++;
        if (group->ffid == EU_FFID_VFE) {
            /* spec 000 §1.1.12.1: TS_GPGPU_THREADS_DISPATCHED adds the active bits of the
             * execution mask of each GPGPU dispatch; OA A4 counts the threads. */
            array->stats.gpgpu_threads++;
            array->stats.gpgpu_channels += (uint64_t)__builtin_popcount(thread->info.exec_mask);
        }
        eu_counters_thread_dispatched(array, &run->group);
        notify_observer(array, thread, false);
    }
    if (array->busy > array->stats.peak_threads)
        array->stats.peak_threads = array->busy;
    eu_trace_busy(array, subslice);
    eu_trace_groups(array);
    for (uint32_t i = 0; i < group->threads; i++)
        eu_thread_run_phase(&array->threads[run->slots[i]]);
}

static void pump(void *context)
{
    eu_array *array = context;
    eu_counters_update_busy(array);
    uint32_t refusals = 0;
    int idle_in_a_row = 0;
    while (array->requester_count > 0 && idle_in_a_row < array->requester_count) {
        int r = array->rr_next;
        if (!array->has_pending[r]) {
            const eu_requester *requester = &array->requesters[r];
            if (requester->next && requester->next(requester->context, &array->pending[r])) {
                array->has_pending[r] = true;
                array->groups_waiting++;
            }
        }
        if (!array->has_pending[r]) {
            /* Nothing to offer: its turn passes. */
            array->rr_next = (r + 1) % array->requester_count;
            idle_in_a_row++;
            continue;
        }
        idle_in_a_row = 0;
        const eu_group *group = &array->pending[r];
        const char *problem = group_problem(array, group);
        if (problem) {
            array->stats.groups_refused++;
            tlm_log_error(array->log, "%s: thread group (%u,%u,%u) %s (%u threads, SIMD%u): not dispatched",
                          array->requesters[r].name, group->group_id[0], group->group_id[1], group->group_id[2],
                          problem, group->threads, group->simd_width);
            eu_group refused = *group;
            array->has_pending[r] = false;
            array->groups_waiting--;
            if (array->requesters[r].group_done)
                array->requesters[r].group_done(array->requesters[r].context, &refused);
            if (++refusals >= EU_REFUSALS_PER_PASS) {
                tlm_event_notify(array->kernel, &array->pump, array->config.clock_period);
                break;
            }
            continue; /* the same requester keeps its turn: the refusal used no threads */
        }
        int subslice = pick_subslice(array, group->threads);
        if (subslice < 0)
            break; /* back-pressure: the requester whose turn it is waits for room (no bypass) */
        eu_group placed = *group;
        array->has_pending[r] = false;
        array->groups_waiting--;
        array->rr_next = (r + 1) % array->requester_count;
        start_group(array, r, &placed, (uint32_t)subslice);
    }
    eu_counters_update_busy(array);
}

static void release_barrier(eu_array *array, eu_group_run *run)
{
    array->stats.barriers++;
    eu_counters_barrier(array, &run->group, run->arrived);
    run->arrived = 0;
    for (uint32_t i = 0; i < run->group.threads; i++) {
        struct eu_thread *thread = &array->threads[run->slots[i]];
        if (thread->busy && thread->run == run && thread->waiting) {
            thread->waiting = false;
            thread->phase++;
            eu_thread_run_phase(thread);
        }
    }
}

void eu_dispatcher_phase_end(void *context)
{
    struct eu_thread *thread = context;
    eu_array *array = thread->array;
    eu_group_run *run = thread->run;
    array->stats.eu_active_cycles += thread->active_cycles;
    array->stats.eu_stall_cycles += thread->stall_cycles;
    eu_counters_phase(array, &run->group, thread->active_cycles, thread->stall_cycles);
    if (thread->step == EU_KERNEL_BARRIER) {
        thread->waiting = true;
        run->arrived++;
        if (run->arrived == run->live)
            release_barrier(array, run);
        return;
    }
    /* Retire. */
    const eu_topology *t = &array->config.topology;
    uint32_t eu = thread->slot / t->threads_per_eu;
    notify_observer(array, thread, true);
    thread->busy = false;
    thread->run = NULL;
    array->busy_per_eu[eu]--;
    array->busy_per_subslice[run->subslice]--;
    array->busy--;
    array->stats.threads_retired++;
    eu_trace_busy(array, run->subslice);
    run->live--;
    if (run->live == 0) {
        array->groups_retired++;
        eu_trace_groups(array);
        eu_group done = run->group;
        int requester = run->requester;
        free_run(array, run);
        if (array->requesters[requester].group_done)
            array->requesters[requester].group_done(array->requesters[requester].context, &done);
    } else if (run->arrived > 0 && run->arrived == run->live) {
        /* docs/reference/eu.md "Barriers" (choice): a thread that retires without reaching the barrier
         * no longer holds it (hardware would hang the group). */
        tlm_log_warning(array->log, "kernel %s: a thread retired while %u threads wait at the barrier: released",
                        run->kernel ? run->kernel->name : "?", run->arrived);
        release_barrier(array, run);
    }
    eu_array_kick(array, -1);
    eu_counters_update_busy(array);
}

void eu_dispatcher_init(eu_array *array)
{
    tlm_event_init(&array->pump, "eu dispatch", pump, array);
    for (uint32_t i = 0; i < array->thread_count; i++) {
        struct eu_thread *thread = &array->threads[i];
        thread->array = array;
        thread->slot = i;
        tlm_event_init(&thread->event, "eu thread", eu_dispatcher_phase_end, thread);
    }
}

int eu_array_add_requester(eu_array *array, const eu_requester *requester)
{
    if (!requester || array->requester_count >= (int)EU_MAX_REQUESTERS)
        return -1;
    int index = array->requester_count++;
    array->requesters[index] = *requester;
    if (!array->requesters[index].name)
        array->requesters[index].name = "requester";
    array->has_pending[index] = false;
    return index;
}

void eu_array_kick(eu_array *array, int index)
{
    (void)index; /* every pass looks at every requester in turn */
    if (!tlm_event_pending(&array->pump))
        tlm_event_notify(array->kernel, &array->pump, 0);
}

uint32_t eu_array_busy_threads(const eu_array *array)
{
    return array->busy;
}

uint32_t eu_array_busy_threads_on(const eu_array *array, uint32_t subslice)
{
    if (subslice >= eu_topology_subslices(&array->config.topology))
        return 0;
    return array->busy_per_subslice[subslice];
}

bool eu_array_busy(const eu_array *array)
{
    return array->busy > 0 || array->groups_waiting > 0 || array->walkers_outstanding > 0;
}

void eu_array_set_observer(eu_array *array, eu_thread_observer observer, void *context)
{
    array->observer = observer;
    array->observer_context = context;
}
