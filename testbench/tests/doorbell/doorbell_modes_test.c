/* The doorbell controller's rules in three modes (docs/design/cosim.md): the C model alone, the RTL
 * twin alone (rtl/doorbell behind its AXI4-Lite transactor, snoops from the memory's write
 * observers, installs through the arming window) and both in lockstep. Every body runs under
 * all three (TB_TEST_ALL_MODES): the same accesses, memory writes and installs, the same
 * expectations on responses, registers, install results and GuC port calls. TearDown fails a
 * lockstep run on any divergence and an RTL or lockstep run on any RTL assertion failure. */
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_fixture.h" /* doorbell_expect_clean_end */
#include "doorbell_regs.h"
#include "doorbell_test_util.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_twin.h"
#include "tb_test.h"
#include "tb_test_modes.h"

typedef enum db_mode { DB_MODEL, DB_RTL, DB_LOCKSTEP } db_mode;

/* What the GuC interrupt block received. */
typedef struct db_port_record {
    unsigned rung;          /* rung() calls */
    uint8_t last_groups;    /* their last groups mask */
    unsigned reads;         /* group_read() calls */
    unsigned last_group;    /* the last read's group */
    uint32_t last_bits;     /* and bits */
} db_port_record;

typedef struct DoorbellModes {
    db_mode mode;                  /* how the controller is simulated */
    tlm_kernel *kernel;            /* time base */
    tlm_clock clock;               /* the RTL's clock (1 GHz, as gtsim_system's) */
    tlm_memory *memory;            /* graphics memory the doorbells watch */
    doorbell *model;               /* model and lockstep modes */
    cosim_doorbell_twin *twin;        /* RTL and lockstep modes */
    cosim_doorbell_lockstep *lockstep; /* lockstep mode */
    const tlm_target *mmio;        /* the block as software sees it */
    const tlm_target *mem;         /* the memory as the application writes it */
    db_port_record port;           /* GuC port calls */
} DoorbellModes;

static void record_rung(void *self, uint8_t groups)
{
    db_port_record *port = self;
    port->rung++;
    port->last_groups = groups;
}

static void record_read(void *self, unsigned group, uint32_t bits)
{
    db_port_record *port = self;
    port->reads++;
    port->last_group = group;
    port->last_bits = bits;
}

static void set_up(DoorbellModes *self, db_mode mode)
{
    memset(self, 0, sizeof *self);
    self->mode = mode;
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    tlm_clock_init(&self->clock, self->kernel, "gt_clock", TLM_NS, TLM_NS);
    self->memory = tlm_memory_create(self->kernel, "gfx_memory", 0);
    self->mem = tlm_memory_target(self->memory);
    doorbell_guc_port port = { record_rung, record_read, &self->port };
    if (mode != DB_RTL) {
        self->model = doorbell_create(self->kernel, "doorbell", self->memory);
        self->mmio = doorbell_target(self->model);
        doorbell_set_guc_port(self->model, &port);
    }
    if (mode != DB_MODEL) {
        self->twin = cosim_doorbell_twin_create(self->kernel, &self->clock, "doorbell_rtl", self->memory);
        self->mmio = cosim_doorbell_twin_target(self->twin);
        cosim_doorbell_twin_set_guc_port(self->twin, &port);
    }
    if (mode == DB_LOCKSTEP) {
        self->lockstep = cosim_doorbell_lockstep_create(self->kernel, "doorbell_lockstep", self->model, self->twin,
                                                     self->memory);
        cosim_doorbell_lockstep_set_guc_port(self->lockstep, &port);
        self->mmio = cosim_doorbell_lockstep_target(self->lockstep);
        self->mem = cosim_doorbell_lockstep_memory(self->lockstep);
    }
}

static void tear_down(DoorbellModes *self)
{
    doorbell_expect_clean_end(self->kernel, self->twin, self->lockstep);
    cosim_doorbell_lockstep_destroy(self->lockstep);
    cosim_doorbell_twin_destroy(self->twin);
    doorbell_destroy(self->model);
    tlm_memory_destroy(self->memory);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
}

TB_TEST_MODES_FIXTURES(DoorbellModes, set_up, tear_down, DB_MODEL, DB_RTL, DB_LOCKSTEP)

/* The GuC shim's install in the fixture's mode. */
static doorbell_install_result install(DoorbellModes *self, unsigned bell, uint64_t line)
{
    switch (self->mode) {
    case DB_MODEL: return doorbell_install(self->model, bell, line);
    case DB_RTL: return cosim_doorbell_twin_install(self->twin, bell, line);
    case DB_LOCKSTEP: return cosim_doorbell_lockstep_install(self->lockstep, bell, line);
    }
    return DOORBELL_INSTALL_FAULT;
}

static bool valid(DoorbellModes *self, unsigned bell)
{
    return self->model ? doorbell_valid(self->model, bell) : cosim_doorbell_twin_valid(self->twin, bell);
}

static uint32_t drbregl(DoorbellModes *self, unsigned bell)
{
    return db_read32(self->mmio, bell * DOORBELL_REGISTER_STRIDE + DOORBELL_DRBREGL0_OFFSET);
}

static uint32_t drbregu(DoorbellModes *self, unsigned bell)
{
    return db_read32(self->mmio, bell * DOORBELL_REGISTER_STRIDE + DOORBELL_DRBREGU0_OFFSET);
}

static uint32_t group(DoorbellModes *self, unsigned g)
{
    return db_read32(self->mmio, DOORBELL_DB_STATUS0_OFFSET + 4u * g);
}

/* The line of doorbell `bell` in the recommended layout of a doorbell page. */
#define PAGE UINT64_C(0x200000)
static uint64_t line_of(unsigned bell)
{
    return PAGE + (bell % DOORBELL_LINES_PER_PAGE) * TLM_MEMORY_CACHELINE_SIZE;
}

/* The driver's sequence: line initialised to {1, 0}, then the install. */
static void arm(DoorbellModes *self, unsigned bell)
{
    db_write_line(self->mem, line_of(bell), 1, 0);
    ASSERT_EQ(install(self, bell, line_of(bell)), DOORBELL_INSTALL_OK);
}

/* spec 001 "Doorbell Flows", initial flow: VALID and the line in the registers; the cookie
 * found is recorded without a ring. */
static void body_InstallShowsValidAndLineAndRecordsTheCookie(DoorbellModes *self)
{
    uint64_t line = UINT64_C(0x7FFF12345040);
    db_write_line(self->mem, line, 1, 5);
    EXPECT_EQ(install(self, 3, line), DOORBELL_INSTALL_OK);
    EXPECT_TRUE(valid(self, 3));
    EXPECT_EQ(drbregl(self, 3), 0x12345040u | DOORBELL_DRBREGL0_VALID_MASK);
    EXPECT_EQ(drbregu(self, 3), 0x7FFFu);
    EXPECT_EQ(drbregl(self, 4), 0u);
    EXPECT_EQ(self->port.rung, 0u);
    db_write_line(self->mem, line, 1, 5); /* the recorded cookie: no ring */
    EXPECT_EQ(group(self, 0), 0u);
    db_write_line(self->mem, line, 1, 6); /* a new one: ring */
    EXPECT_EQ(self->port.rung, 1u);
    EXPECT_EQ(self->port.last_groups, 0x01u);
    EXPECT_EQ(group(self, 0), 1u << 3);
}
TB_TEST_ALL_MODES(DoorbellModes, InstallShowsValidAndLineAndRecordsTheCookie,
                        body_InstallShowsValidAndLineAndRecordsTheCookie)

/* Cookie 0 is recorded without a ring; the same cookie again does not ring; a different
 * non-zero one does. */
static void body_CookieRules(DoorbellModes *self)
{
    arm(self, 40);
    db_write_line(self->mem, line_of(40), 1, 7);
    EXPECT_EQ(self->port.rung, 1u);
    EXPECT_EQ(group(self, 1), 1u << 8);
    db_write_line(self->mem, line_of(40), 1, 7);
    db_write_line(self->mem, line_of(40), 1, 0);
    EXPECT_EQ(group(self, 1), 0u);
    db_write_line(self->mem, line_of(40), 1, 7); /* after cookie 0, 7 is new again */
    EXPECT_EQ(group(self, 1), 1u << 8);
    /* A write elsewhere in the line is observed and changes nothing. */
    uint64_t other = 0xABCDu;
    db_access(self->mem, TLM_CMD_WRITE, line_of(40) + 16, &other, 8);
    EXPECT_EQ(group(self, 1), 0u);
}
TB_TEST_ALL_MODES(DoorbellModes, CookieRules, body_CookieRules)

/* Rings collapse in the status bit; one message on the all-zeros -> non-zero edge; the read
 * returns and clears the group and hands the bits over; the next ring messages again. */
static void body_CollapseReadClearAndReMessage(DoorbellModes *self)
{
    arm(self, 1);
    arm(self, 2);
    db_write_line(self->mem, line_of(1), 1, 1);
    db_write_line(self->mem, line_of(1), 1, 2);
    db_write_line(self->mem, line_of(2), 1, 1);
    EXPECT_EQ(self->port.rung, 1u);
    EXPECT_EQ(group(self, 0), (1u << 1) | (1u << 2));
    EXPECT_EQ(self->port.reads, 1u);
    EXPECT_EQ(self->port.last_group, 0u);
    EXPECT_EQ(self->port.last_bits, (1u << 1) | (1u << 2));
    EXPECT_EQ(group(self, 0), 0u);
    EXPECT_EQ(self->port.reads, 2u);
    EXPECT_EQ(self->port.last_bits, 0u);
    db_write_line(self->mem, line_of(2), 1, 2);
    EXPECT_EQ(self->port.rung, 2u);
}
TB_TEST_ALL_MODES(DoorbellModes, CollapseReadClearAndReMessage, body_CollapseReadClearAndReMessage)

/* Each group messages on its own edge. */
static void body_GroupsAreIndependent(DoorbellModes *self)
{
    arm(self, 5);
    db_write_line(self->mem, PAGE + 0x40000, 1, 0);
    ASSERT_EQ(install(self, 255, PAGE + 0x40000), DOORBELL_INSTALL_OK);
    db_write_line(self->mem, line_of(5), 1, 1);
    db_write_line(self->mem, PAGE + 0x40000, 1, 1);
    EXPECT_EQ(self->port.rung, 2u);
    EXPECT_EQ(self->port.last_groups, 0x80u);
    EXPECT_EQ(group(self, 7), 1u << 31);
    EXPECT_EQ(group(self, 0), 1u << 5);
}
TB_TEST_ALL_MODES(DoorbellModes, GroupsAreIndependent, body_GroupsAreIndependent)

/* spec 001 "Removing Doorbells": DW0 bit 0 cleared deactivates; a cookie changed by the same
 * write still rings; later writes are not matched. */
static void body_DeactivationWithAndWithoutLateRing(DoorbellModes *self)
{
    arm(self, 10);
    arm(self, 11);
    db_write_line(self->mem, line_of(10), 0, 0); /* same cookie: no ring */
    db_write_line(self->mem, line_of(11), 0, 9); /* changed: the late ring */
    EXPECT_FALSE(valid(self, 10));
    EXPECT_FALSE(valid(self, 11));
    EXPECT_EQ(drbregl(self, 11), (uint32_t)line_of(11)); /* the line stays, VALID cleared */
    EXPECT_EQ(group(self, 0), 1u << 11);
    db_write_line(self->mem, line_of(10), 1, 3);
    EXPECT_EQ(group(self, 0), 0u);
    EXPECT_EQ(self->port.rung, 1u);
}
TB_TEST_ALL_MODES(DoorbellModes, DeactivationWithAndWithoutLateRing, body_DeactivationWithAndWithoutLateRing)

/* Install refusals in the model's order, and reassignment once they are resolved. */
static void body_InstallRefusalsAndReassignment(DoorbellModes *self)
{
    arm(self, 20);
    EXPECT_EQ(install(self, 20, line_of(21)), DOORBELL_INSTALL_BUSY);
    EXPECT_EQ(install(self, 21, line_of(20)), DOORBELL_INSTALL_CACHELINE_IN_USE);
    EXPECT_EQ(install(self, DOORBELL_COUNT, line_of(21)), DOORBELL_INSTALL_FAULT);
    EXPECT_EQ(install(self, 21, line_of(21) + 8), DOORBELL_INSTALL_FAULT);
    db_write_line(self->mem, line_of(21), 0, 0);
    EXPECT_EQ(install(self, 21, line_of(21)), DOORBELL_INSTALL_INACTIVE);
    EXPECT_FALSE(valid(self, 21));
    /* Deactivated with a pending ring: PENDING until the group is read. */
    db_write_line(self->mem, line_of(20), 0, 4);
    EXPECT_EQ(install(self, 20, line_of(22)), DOORBELL_INSTALL_PENDING);
    EXPECT_EQ(group(self, 0), 1u << 20);
    db_write_line(self->mem, line_of(22), 1, 0);
    EXPECT_EQ(install(self, 20, line_of(22)), DOORBELL_INSTALL_OK);
    EXPECT_EQ(drbregl(self, 20), (uint32_t)line_of(22) | DOORBELL_DRBREGL0_VALID_MASK);
}
TB_TEST_ALL_MODES(DoorbellModes, InstallRefusalsAndReassignment, body_InstallRefusalsAndReassignment)

/* Software cannot write the doorbell registers or the status vector (spec 001: through the
 * GuC shim only); unmapped offsets answer an address error. */
static void body_RefusedWritesAndUnmappedOffsets(DoorbellModes *self)
{
    arm(self, 7);
    db_write32(self->mmio, 7 * DOORBELL_REGISTER_STRIDE, 0);
    db_write32(self->mmio, 8 * DOORBELL_REGISTER_STRIDE, (uint32_t)line_of(8) | 1u);
    EXPECT_TRUE(valid(self, 7));
    EXPECT_FALSE(valid(self, 8));
    db_write_line(self->mem, line_of(7), 1, 1);
    db_write32(self->mmio, DOORBELL_DB_STATUS0_OFFSET, 0);
    EXPECT_EQ(group(self, 0), 1u << 7);
    uint32_t value = 0;
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE, &value, 4),
              TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, DOORBELL_BLOCK_SIZE, &value, 4), TLM_STATUS_ADDRESS_ERROR);
    /* Unaligned: refused as the register rules refuse it (tlm_register.h). */
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, 2, &value, 4), TLM_STATUS_BURST_ERROR);
}
TB_TEST_ALL_MODES(DoorbellModes, RefusedWritesAndUnmappedOffsets, body_RefusedWritesAndUnmappedOffsets)

/* The compare itself: a model armed behind the lockstep's back (an install the twin never saw)
 * is reported — VALID and the port calls after the next write, the read data of the group —
 * each naming the stimulus. */
typedef DoorbellModes DoorbellLockstepChecker;
static void DoorbellLockstepChecker_SetUp(DoorbellLockstepChecker *self) { set_up(self, DB_LOCKSTEP); }
static void DoorbellLockstepChecker_TearDown(DoorbellLockstepChecker *self)
{
    /* The divergences are the point here: only the clean-up. */
    cosim_doorbell_lockstep_destroy(self->lockstep);
    cosim_doorbell_twin_destroy(self->twin);
    doorbell_destroy(self->model);
    tlm_memory_destroy(self->memory);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
}

TEST_F(DoorbellLockstepChecker, ReportsAModelChangedBehindItsBack)
{
    db_write_line(self->mem, line_of(3), 1, 0);
    ASSERT_EQ(doorbell_install(self->model, 3, line_of(3)), DOORBELL_INSTALL_OK);
    EXPECT_EQ(cosim_doorbell_lockstep_check(self->lockstep, "a model-only install"), 1u);
    const cosim_lockstep_mismatch *first = cosim_doorbell_lockstep_first_mismatch(self->lockstep);
    ASSERT_TRUE(first != NULL);
    EXPECT_TRUE(db_contains(first->description, "doorbell 3 VALID: model 1, rtl 0 after a model-only install"));
    db_write_line(self->mem, line_of(3), 1, 1); /* the model rings, the RTL watches nothing */
    EXPECT_EQ(cosim_doorbell_lockstep_mismatches(self->lockstep), 3u);
    EXPECT_EQ(self->port.rung, 0u); /* the run follows the RTL */
    group(self, 0);                 /* read data differs, and the hand-over's bits */
    EXPECT_EQ(cosim_doorbell_lockstep_mismatches(self->lockstep), 5u);
}
