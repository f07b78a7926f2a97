/* The RTL twin of the render command streamer (cosim_cs_twin.h) as the dut of the command
 * streamer's lockstep random regression (cs_lockstep_harness.h): built on the run's clock with
 * the lockstep's tap as its memory, its messages handed to the lockstep. The subset is the
 * twin's (docs/design/cosim.md "The command streamer twin"): LRI to IMR (the user interrupt and
 * master error bits) and EMR, which it holds. The regression and its planted-bug test link the
 * twin as built or its planted-bug variant. */
#ifndef CS_LOCKSTEP_TWIN_OPS_H
#define CS_LOCKSTEP_TWIN_OPS_H

#include "cosim_cs_twin.h"
#include "cs_lockstep_harness.h"
#include "cs_regs.h"
#include "irq_message.h"

static inline bool cs_twin_dut_busy(const void *self)
{
    return !cosim_cs_twin_idle(self);
}

static inline void *cs_twin_dut_create(tlm_kernel *kernel, tlm_clock *clock, cosim_cs_lockstep *lockstep)
{
    cosim_cs_twin *twin = cosim_cs_twin_create(kernel, clock, "cs_rtl", cosim_cs_lockstep_dut_memory(lockstep));
    cosim_cs_twin_on_message(twin, cosim_cs_lockstep_dut_message, lockstep);
    cosim_cs_lockstep_dut dut = { .registers = cosim_cs_twin_registers(twin), .busy = cs_twin_dut_busy, .self = twin };
    cosim_cs_lockstep_set_dut(lockstep, &dut);
    return twin;
}

static inline void cs_twin_dut_destroy(void *dut)
{
    cosim_cs_twin_destroy(dut);
}

static inline uint64_t cs_twin_dut_assertions(const void *dut)
{
    return cosim_cs_twin_assertion_failures(dut);
}

static inline const char *cs_twin_dut_last_assertion(const void *dut)
{
    return cosim_cs_twin_last_assertion(dut);
}

static inline cs_dut_ops cs_twin_ops(void)
{
    cs_dut_ops ops = {
        .name = cosim_cs_twin_planted_bug() ? "cs twin (planted bug)" : "cs twin",
        .create = cs_twin_dut_create,
        .destroy = cs_twin_dut_destroy,
        .assertion_failures = cs_twin_dut_assertions,
        .last_assertion = cs_twin_dut_last_assertion,
    };
    ops.subset = cosim_cs_random_default_subset();
    ops.subset.lri_offsets[0] = CS_IMR_OFFSET;
    ops.subset.lri_masks[0] = IRQ_DATA_USER_INTERRUPT | IRQ_DATA_MASTER_ERROR;
    ops.subset.lri_offsets[1] = CS_EMR_OFFSET;
    ops.subset.lri_masks[1] = 0xFFu;
    ops.subset.lri_count = 2;
    return ops;
}

#endif
