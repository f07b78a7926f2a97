#include "tlm_quantum.h"

void tlm_qk_init(tlm_quantum_keeper *keeper, tlm_kernel *kernel, tlm_time quantum)
{
    *keeper = (tlm_quantum_keeper){ .kernel = kernel, .quantum = quantum };
    tlm_qk_reset(keeper);
}

void tlm_qk_reset(tlm_quantum_keeper *keeper)
{
    tlm_time now = tlm_kernel_now(keeper->kernel);
    keeper->local_offset = 0;
    /* Boundaries sit on multiples of the quantum, so initiators that share a quantum
     * synchronise at the same instants (TLM-2.0 tlm_quantumkeeper does the same). */
    keeper->next_sync = keeper->quantum ? tlm_time_add_saturating(now - now % keeper->quantum, keeper->quantum) : now;
}

tlm_run_status tlm_qk_sync(tlm_quantum_keeper *keeper)
{
    tlm_time target = tlm_qk_current_time(keeper);
    tlm_run_status status = tlm_kernel_run_for(keeper->kernel, keeper->local_offset);
    if (status != TLM_RUN_TIME_REACHED) {
        /* Stopped short (or refused): keep the part of the offset not yet reached so the
         * initiator's own time never moves backwards. */
        keeper->local_offset = target - tlm_kernel_now(keeper->kernel);
        return status;
    }
    tlm_qk_reset(keeper);
    return status;
}

void tlm_qk_sync_event(tlm_quantum_keeper *keeper, tlm_event *resume)
{
    tlm_event_notify(keeper->kernel, resume, keeper->local_offset);
    tlm_time resume_time = tlm_time_add_saturating(tlm_kernel_now(keeper->kernel), keeper->local_offset);
    keeper->local_offset = 0;
    keeper->next_sync = keeper->quantum
                            ? tlm_time_add_saturating(resume_time - resume_time % keeper->quantum, keeper->quantum)
                            : resume_time;
}
