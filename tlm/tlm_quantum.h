/* Quantum keeper for temporal decoupling (TLM-2.0 loosely timed style): an initiator runs
 * ahead of kernel time by a local offset and synchronises once the offset reaches the next
 * quantum boundary, so thousands of transactions cost one kernel synchronisation. */
#ifndef TLM_QUANTUM_H
#define TLM_QUANTUM_H

#include <stdbool.h>

#include "tlm_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_quantum_keeper {
    tlm_kernel *kernel;     /* whose time this keeper is decoupled from */
    tlm_time quantum;       /* global quantum in ps; 0 means synchronise on every need_sync */
    tlm_time local_offset;  /* how far this initiator runs ahead of kernel time */
    tlm_time next_sync;     /* absolute time of the next quantum boundary */
} tlm_quantum_keeper;

void tlm_qk_init(tlm_quantum_keeper *keeper, tlm_kernel *kernel, tlm_time quantum);

/* Adds time consumed by the initiator (typically the delay a b_transport annotated). */
static inline void tlm_qk_inc(tlm_quantum_keeper *keeper, tlm_time delay)
{
    keeper->local_offset += delay;
}

/* Sets the local offset, for an initiator that passes its offset as the delay of a
 * b_transport and takes the target's returned delay back (TLM-2.0 tlm_quantumkeeper::set). */
static inline void tlm_qk_set(tlm_quantum_keeper *keeper, tlm_time local_offset)
{
    keeper->local_offset = local_offset;
}

/* The initiator's own notion of now: kernel time plus its local offset. */
static inline tlm_time tlm_qk_current_time(const tlm_quantum_keeper *keeper)
{
    return tlm_kernel_now(keeper->kernel) + keeper->local_offset;
}

static inline bool tlm_qk_need_sync(const tlm_quantum_keeper *keeper)
{
    return tlm_qk_current_time(keeper) >= keeper->next_sync;
}

/* For an initiator that runs outside events (a host test, the scenario runner): runs the
 * kernel forward by the local offset, zeroes it and sets the next boundary. Returns the
 * kernel's run status: TIME_REACHED normally; REENTERED if called from inside an event (use
 * sync_event there); on STOPPED or DELTA_LIMIT the offset not yet reached stays in
 * local_offset. */
tlm_run_status tlm_qk_sync(tlm_quantum_keeper *keeper);

/* For an initiator that is itself an event: schedules `resume` at the local offset, zeroes
 * it and sets the next boundary; the caller returns and continues when `resume` fires. */
void tlm_qk_sync_event(tlm_quantum_keeper *keeper, tlm_event *resume);

/* For an initiator that is itself a foreground event and would otherwise end with
 * tlm_qk_sync_event: when its local time lies before the quantum boundary and no other event
 * could run before it (tlm_kernel_continue_at), kernel time moves to the local time, the offset
 * is zeroed and the initiator goes on in the same event (true). Otherwise nothing changes
 * (false) and the initiator synchronises through its event. Either way every other block sees
 * the same times and the same order of events: the keeper only saves the trips through the
 * queue. With quantum 0 it is always false (one event per synchronisation). */
static inline bool tlm_qk_sync_inline(tlm_quantum_keeper *keeper)
{
    tlm_time local = tlm_qk_current_time(keeper);
    if (local >= keeper->next_sync || !tlm_kernel_continue_at(keeper->kernel, local))
        return false;
    keeper->local_offset = 0;
    return true;
}

/* Recomputes the next boundary from kernel time (after the kernel moved on its own). */
void tlm_qk_reset(tlm_quantum_keeper *keeper);

#ifdef __cplusplus
}
#endif

#endif
