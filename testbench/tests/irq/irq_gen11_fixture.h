/* The gen11+ interrupt aggregation under test in one of three modes (docs/design/cosim.md): the C
 * model (models/irq/irq_gen11.h), its RTL twin (rtl/irq behind cosim_irq_twin's AXI4-Lite
 * transactor and message port), or both in lockstep (cosim_irq_lockstep: every access and message
 * to both, read data, responses and the host line and GuC vectors compared). Whatever the mode,
 * a test sees the same handles: the host and GuC MMIO blocks, the message sink, the host line,
 * the two GuC vectors and a reset. The model is there in model and lockstep modes
 * (irq_gen11_fixture_model() is NULL in RTL mode): checks on its internals (statistics, log
 * lines) run where it exists.
 *
 * TB_TEST_MODES(Gen11, name) { body } (tb_test_modes.h) defines the body once and registers it
 * as Gen11Model.name, Gen11Rtl.name and Gen11Lockstep.name. TearDown fails a lockstep run on any
 * divergence and an RTL or lockstep run on any RTL assertion failure. */
#ifndef IRQ_GEN11_FIXTURE_H
#define IRQ_GEN11_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "irq_gen11.h"
#include "irq_message.h"
#include "irq_test_util.h"
#include "cosim_irq_lockstep.h"
#include "cosim_irq_twin.h"
#include "tb_test.h"
#include "tb_test_modes.h"

typedef enum irq_gen11_mode { IRQ_GEN11_MODE_MODEL, IRQ_GEN11_MODE_RTL, IRQ_GEN11_MODE_LOCKSTEP } irq_gen11_mode;

typedef struct Gen11 {
    irq_gen11_mode mode;          /* how the block is simulated */
    tlm_kernel *kernel;           /* time base and logger */
    tlm_clock clock;              /* the RTL's clock (1 GHz, as gtsim_system's) */
    irq_gen11 *irq;               /* the C model (model and lockstep modes, else NULL) */
    cosim_irq_twin *twin;            /* the RTL twin (RTL and lockstep modes, else NULL) */
    cosim_irq_lockstep *lockstep;    /* the compare (lockstep mode, else NULL) */
    const tlm_target *host;       /* host block as software sees it */
    const tlm_target *guc;        /* GuC block as software sees it */
    irq_message_sink sink;        /* where engine messages go */
    const tlm_signal *host_irq;   /* host interrupt line */
    const tlm_signal *vector[2];  /* the GuC's two vectors */
    irq_log_capture log;          /* what the kernel's blocks printed (warnings and errors) */
} Gen11;

static inline void irq_gen11_fixture_set_up(Gen11 *self, irq_gen11_mode mode)
{
    memset(self, 0, sizeof *self);
    self->mode = mode;
    self->kernel = tlm_kernel_create();
    irq_capture_open(&self->log, self->kernel);
    tlm_clock_init(&self->clock, self->kernel, "gt_clock", TLM_NS, TLM_NS);
    if (mode != IRQ_GEN11_MODE_RTL) {
        self->irq = irq_gen11_create(self->kernel, "irq");
        self->host = irq_gen11_target(self->irq, IRQ_GEN11_HOST);
        self->guc = irq_gen11_target(self->irq, IRQ_GEN11_GUC);
        self->sink = irq_gen11_sink(self->irq);
        self->host_irq = irq_gen11_host_irq(self->irq);
        self->vector[0] = irq_gen11_guc_vector(self->irq, 0);
        self->vector[1] = irq_gen11_guc_vector(self->irq, 1);
    }
    if (mode != IRQ_GEN11_MODE_MODEL) {
        self->twin = cosim_irq_twin_create(self->kernel, &self->clock, "irq_rtl");
        self->host = cosim_irq_twin_target(self->twin, IRQ_GEN11_HOST);
        self->guc = cosim_irq_twin_target(self->twin, IRQ_GEN11_GUC);
        self->sink = cosim_irq_twin_sink(self->twin);
        self->host_irq = cosim_irq_twin_host_irq(self->twin);
        self->vector[0] = cosim_irq_twin_guc_vector(self->twin, 0);
        self->vector[1] = cosim_irq_twin_guc_vector(self->twin, 1);
    }
    if (mode == IRQ_GEN11_MODE_LOCKSTEP) {
        /* The twin's answers and outputs are what the test sees; the model runs in their shadow
         * and every divergence is counted (checked in TearDown). */
        self->lockstep = cosim_irq_lockstep_create(self->kernel, "irq_lockstep", self->irq, self->twin);
        self->host = cosim_irq_lockstep_target(self->lockstep, IRQ_GEN11_HOST);
        self->guc = cosim_irq_lockstep_target(self->lockstep, IRQ_GEN11_GUC);
        self->sink = cosim_irq_lockstep_sink(self->lockstep);
    }
}

static inline void irq_gen11_fixture_tear_down(Gen11 *self)
{
    if (self->lockstep) {
        EXPECT_EQ(cosim_irq_lockstep_check_signals(self->lockstep), 0u);
        const cosim_lockstep_mismatch *first = cosim_irq_lockstep_first_mismatch(self->lockstep);
        if (first)
            ADD_FAILURE("lockstep: %s", first->description);
        EXPECT_EQ(cosim_irq_lockstep_mismatches(self->lockstep), 0u);
    }
    if (self->twin) {
        if (cosim_irq_twin_assertion_failures(self->twin))
            ADD_FAILURE("RTL assertion: %s", cosim_irq_twin_last_assertion(self->twin));
        EXPECT_EQ(cosim_irq_twin_assertion_failures(self->twin), 0u);
    }
    cosim_irq_lockstep_destroy(self->lockstep);
    cosim_irq_twin_destroy(self->twin);
    irq_gen11_destroy(self->irq);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
    irq_capture_close(&self->log);
}

/* irq_gen11_reset in every mode: the model's reset, the RTL's rst_ni pulse, or both (then the
 * outputs compared). */
static inline void irq_gen11_fixture_reset(Gen11 *self)
{
    if (self->irq)
        irq_gen11_reset(self->irq);
    if (self->twin)
        cosim_irq_twin_reset(self->twin);
    if (self->lockstep)
        EXPECT_EQ(cosim_irq_lockstep_check_signals(self->lockstep), 0u);
}

/* The model, or NULL in RTL mode: its statistics and log lines are not pins of the RTL. */
static inline irq_gen11 *irq_gen11_fixture_model(const Gen11 *self)
{
    return self->irq;
}

/* Gen11Model, Gen11Rtl, Gen11Lockstep: tests are TB_TEST_MODES(Gen11, Name) { ... }. */
TB_TEST_MODES_FIXTURES(Gen11, irq_gen11_fixture_set_up, irq_gen11_fixture_tear_down, IRQ_GEN11_MODE_MODEL,
                       IRQ_GEN11_MODE_RTL, IRQ_GEN11_MODE_LOCKSTEP)

#endif
