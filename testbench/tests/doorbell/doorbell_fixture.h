/* The GTI doorbell controller under test in one of three modes (docs/design/cosim.md): the C model
 * (models/doorbell/doorbell.h), its RTL twin (rtl/doorbell behind cosim_doorbell_twin: AXI4-Lite
 * MMIO, snoops from the memory's write observers, installs through the arming window), or both
 * in lockstep (cosim_doorbell_lockstep: every access, install and memory write to both; responses,
 * read data, install results, GuC port calls and VALID compared). Whatever the mode, a test
 * sees the same handles: the block's MMIO, the memory as applications write it, install, VALID,
 * reset, and the GuC port calls recorded by a fake GuC interrupt block. The model is there in
 * model and lockstep modes (doorbell_fixture_model() is NULL in RTL mode): checks on its
 * internals (statistics, recorded cookies, log lines, the status vector without a read) run
 * where it exists.
 *
 * TB_TEST_MODES(DoorbellUnit, name) { body } (tb_test_modes.h) defines the body once and
 * registers it as DoorbellUnitModel.name, DoorbellUnitRtl.name and DoorbellUnitLockstep.name.
 * TearDown fails a lockstep run on any divergence and an RTL or lockstep run on any RTL
 * assertion failure. */
#ifndef DOORBELL_FIXTURE_H
#define DOORBELL_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_test_util.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_twin.h"
#include "tb_test.h"
#include "tb_test_modes.h"

/* Messages recorded in order. */
#define DOORBELL_FIXTURE_MAX_MESSAGES 64u

typedef enum doorbell_mode { DOORBELL_MODE_MODEL, DOORBELL_MODE_RTL, DOORBELL_MODE_LOCKSTEP } doorbell_mode;

typedef struct Doorbell {
    doorbell_mode mode;                           /* how the controller is simulated */
    tlm_kernel *kernel;                           /* time base and logger */
    tlm_clock clock;                              /* the RTL's clock (1 GHz, as gtsim_system's) */
    tlm_memory *memory;                           /* graphics memory holding the doorbell lines */
    const tlm_target *mem;                        /* the memory as applications write it */
    doorbell *db;                                 /* the C model (model and lockstep modes, else NULL) */
    cosim_doorbell_twin *twin;                       /* the RTL twin (RTL and lockstep modes, else NULL) */
    cosim_doorbell_lockstep *lockstep;               /* the compare (lockstep mode, else NULL) */
    const tlm_target *mmio;                       /* the block's MMIO target (offsets from 0x1000) */
    db_log_capture log;                           /* what the kernel's blocks printed */
    uint8_t rung[DOORBELL_FIXTURE_MAX_MESSAGES];  /* groups of each message, in order */
    unsigned rung_count;                          /* messages received */
    uint32_t moved[DOORBELL_GROUPS];              /* bits handed over by group reads, OR-ed */
    unsigned group_reads;                         /* group_read calls */
} Doorbell;

static inline void doorbell_fixture_rung(void *self, uint8_t groups)
{
    Doorbell *t = self;
    if (t->rung_count < DOORBELL_FIXTURE_MAX_MESSAGES)
        t->rung[t->rung_count] = groups;
    t->rung_count++;
}

static inline void doorbell_fixture_group_read(void *self, unsigned group, uint32_t bits)
{
    Doorbell *t = self;
    t->moved[group] |= bits;
    t->group_reads++;
}

static inline void doorbell_fixture_set_up(Doorbell *self, doorbell_mode mode)
{
    memset(self, 0, sizeof *self);
    self->mode = mode;
    self->kernel = tlm_kernel_create();
    db_capture_open(&self->log, self->kernel);
    tlm_clock_init(&self->clock, self->kernel, "gt_clock", TLM_NS, TLM_NS);
    self->memory = tlm_memory_create(self->kernel, "mem", 0);
    self->mem = tlm_memory_target(self->memory);
    doorbell_guc_port port = { doorbell_fixture_rung, doorbell_fixture_group_read, self };
    if (mode != DOORBELL_MODE_RTL) {
        self->db = doorbell_create(self->kernel, "doorbell", self->memory);
        self->mmio = doorbell_target(self->db);
        doorbell_set_guc_port(self->db, &port);
    }
    if (mode != DOORBELL_MODE_MODEL) {
        self->twin = cosim_doorbell_twin_create(self->kernel, &self->clock, "doorbell_rtl", self->memory);
        self->mmio = cosim_doorbell_twin_target(self->twin);
        cosim_doorbell_twin_set_guc_port(self->twin, &port);
    }
    if (mode == DOORBELL_MODE_LOCKSTEP) {
        /* The twin's answers and port calls are what the test sees; the model runs in their
         * shadow and every divergence is counted (checked in TearDown). */
        self->lockstep = cosim_doorbell_lockstep_create(self->kernel, "doorbell_lockstep", self->db, self->twin,
                                                     self->memory);
        cosim_doorbell_lockstep_set_guc_port(self->lockstep, &port);
        self->mmio = cosim_doorbell_lockstep_target(self->lockstep);
        self->mem = cosim_doorbell_lockstep_memory(self->lockstep);
    }
}

/* The end of a test in any mode: no lockstep divergence (`lockstep`, NULL outside lockstep
 * mode) and, once the edge after the last stimulus has been checked, no RTL assertion failure
 * (`twin`, NULL in model mode). */
static inline void doorbell_expect_clean_end(tlm_kernel *kernel, cosim_doorbell_twin *twin,
                                             cosim_doorbell_lockstep *lockstep)
{
    if (lockstep) {
        const cosim_lockstep_mismatch *first = cosim_doorbell_lockstep_first_mismatch(lockstep);
        if (first)
            ADD_FAILURE("lockstep: %s", first->description);
        EXPECT_EQ(cosim_doorbell_lockstep_mismatches(lockstep), 0u);
    }
    if (twin) {
        /* Let the RTL's assertions about the last stimulus be checked (the edge after it). */
        tlm_time rtl = cosim_doorbell_twin_rtl_time(twin), now = tlm_kernel_now(kernel);
        tlm_kernel_run_for(kernel, (rtl > now ? rtl - now : 0) + 4 * TLM_NS);
        if (cosim_doorbell_twin_assertion_failures(twin))
            ADD_FAILURE("RTL assertion: %s", cosim_doorbell_twin_last_assertion(twin));
        EXPECT_EQ(cosim_doorbell_twin_assertion_failures(twin), 0u);
    }
}

static inline void doorbell_fixture_tear_down(Doorbell *self)
{
    if (self->lockstep)
        EXPECT_EQ(cosim_doorbell_lockstep_check(self->lockstep, "the end of the test"), 0u);
    doorbell_expect_clean_end(self->kernel, self->twin, self->lockstep);
    cosim_doorbell_lockstep_destroy(self->lockstep);
    cosim_doorbell_twin_destroy(self->twin);
    doorbell_destroy(self->db);
    tlm_memory_destroy(self->memory);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
    db_capture_close(&self->log);
}

/* The GuC shim's install in the fixture's mode. */
static inline doorbell_install_result doorbell_fixture_install(Doorbell *self, unsigned bell, uint64_t line)
{
    switch (self->mode) {
    case DOORBELL_MODE_MODEL: return doorbell_install(self->db, bell, line);
    case DOORBELL_MODE_RTL: return cosim_doorbell_twin_install(self->twin, bell, line);
    case DOORBELL_MODE_LOCKSTEP: return cosim_doorbell_lockstep_install(self->lockstep, bell, line);
    }
    return DOORBELL_INSTALL_FAULT;
}

/* VALID of `bell` as the block under test has it (lockstep: the twin's; the compare checks the
 * model's against it after every stimulus). */
static inline bool doorbell_fixture_valid(Doorbell *self, unsigned bell)
{
    return self->twin ? cosim_doorbell_twin_valid(self->twin, bell) : doorbell_valid(self->db, bell);
}

/* doorbell_reset in every mode: the model's reset, the RTL's rst_ni pulse, or both (then the
 * VALID bits and port calls compared). */
static inline void doorbell_fixture_reset(Doorbell *self)
{
    if (self->db)
        doorbell_reset(self->db);
    if (self->twin)
        cosim_doorbell_twin_reset(self->twin);
    if (self->lockstep)
        EXPECT_EQ(cosim_doorbell_lockstep_check(self->lockstep, "reset"), 0u);
}

/* The model, or NULL in RTL mode. */
static inline doorbell *doorbell_fixture_model(const Doorbell *self)
{
    return self->db;
}

/* DoorbellUnitModel, DoorbellUnitRtl, DoorbellUnitLockstep: tests are
 * TB_TEST_MODES(DoorbellUnit, Name) { ... }. */
typedef Doorbell DoorbellUnit;
TB_TEST_MODES_FIXTURES(DoorbellUnit, doorbell_fixture_set_up, doorbell_fixture_tear_down, DOORBELL_MODE_MODEL,
                       DOORBELL_MODE_RTL, DOORBELL_MODE_LOCKSTEP)

#endif
