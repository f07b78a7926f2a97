/* The GTI doorbell controller on its own, with a fake GuC interrupt block recording its
 * messages: one test per rule of spec 001 "GPU Doorbells" and "Doorbell Group Registers", per
 * public fact (docs/facts.md) and per defined misuse (docs/reference/doorbell.md). Expected values are
 * worked out from those documents.
 *
 * Every test runs in three modes (doorbell_fixture.h): the C model (DoorbellUnitModel.*), the
 * RTL twin (DoorbellUnitRtl.*: rtl/doorbell behind its transactor) and both in lockstep
 * (DoorbellUnitLockstep.*). Registers, install results, GuC port calls and VALID are checked in
 * every mode; the model's statistics, recorded cookies, log lines and its status vector seen
 * without a read (EXPECT_MODEL_*) where the model exists. */
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_regs.h"
#include "doorbell_fixture.h"
#include "doorbell_test_util.h"
#include "tb_test.h"

/* ---- helpers ------------------------------------------------------------------------------ */

/* Checks of the model's internals: its statistics, the cookie it recorded, its log lines and
 * its status vector seen without a read. The RTL has none of them as pins (its observables are
 * its registers, install results, GuC port calls and VALID, which every mode checks), so in
 * RTL mode these checks are skipped; in lockstep mode they run on the model the twin is
 * compared against. */
#define EXPECT_MODEL_EQ(actual, expected) \
    do {                                  \
        if (doorbell_fixture_model(self)) \
            EXPECT_EQ(actual, expected);  \
    } while (0)
#define EXPECT_MODEL_LOG(text)                                           \
    do {                                                                 \
        if (doorbell_fixture_model(self))                                \
            EXPECT_TRUE(db_contains(db_capture_text(&self->log), text)); \
    } while (0)

/* Register offsets in the block (spec 001 / i915: DRBREGL(n) = 0x1000 + 8n, DRBREGU(n) = +4;
 * the status vector at 0x1900 + 4g), written out from the sources, not from the model. */
#define DRBREGL(n) (0x000u + 8u * (n))
#define DRBREGU(n) (0x004u + 8u * (n))
#define DB_STATUS(g) (0x900u + 4u * (g))
#define VALID 1u

/* The doorbell page of the tests and the recommended line of bell n in it (spec 001: CL# =
 * Bell# mod 64). */
#define PAGE UINT64_C(0x100000)
static uint64_t line_of(unsigned bell)
{
    return PAGE + (uint64_t)(bell % 64u) * 64u;
}

/* The driver's preparation (spec 001 "Work Queue and DoorBell Creation": DW0 = 1, DW1 = 0),
 * then the install; expects it to succeed. */
static void arm(Doorbell *self, unsigned bell, uint64_t line)
{
    db_write_line(self->mem, line, 1, 0);
    ASSERT_EQ(doorbell_fixture_install(self, bell, line), DOORBELL_INSTALL_OK);
}

/* ---- arming --------------------------------------------------------------------------------- */

TB_TEST_MODES(DoorbellUnit, ArmSetsValidAndTheLineAddressInTheDoorbellRegisters)
{
    uint64_t line = UINT64_C(0x12345678C0);
    arm(self, 5, line);
    EXPECT_TRUE(doorbell_fixture_valid(self, 5));
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(5)), 0x345678C0u | VALID);
    EXPECT_EQ(db_read32(self->mmio, DRBREGU(5)), 0x12u);
    /* the neighbours are untouched */
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(4)), 0u);
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(6)), 0u);
    /* the last doorbell's pair is at 0x17F8/0x17FC */
    arm(self, 255, line_of(255));
    EXPECT_EQ(db_read32(self->mmio, 0x7F8u), (uint32_t)line_of(255) | VALID);
    EXPECT_EQ(db_read32(self->mmio, 0x7FCu), 0u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->installs, 2u);
}

TB_TEST_MODES(DoorbellUnit, ArmRecordsTheCookieFoundWithoutRinging)
{
    db_write_line(self->mem, line_of(3), 1, 7);
    ASSERT_EQ(doorbell_fixture_install(self, 3, line_of(3)), DOORBELL_INSTALL_OK);
    EXPECT_MODEL_EQ(doorbell_cookie(self->db, 3), 7u);
    EXPECT_EQ(self->rung_count, 0u);
    db_write_line(self->mem, line_of(3), 1, 7);
    EXPECT_EQ(self->rung_count, 0u);
    db_write_line(self->mem, line_of(3), 1, 8);
    EXPECT_EQ(self->rung_count, 1u);
}

TB_TEST_MODES(DoorbellUnit, DirectWritesToTheDoorbellRegistersAreRefused)
{
    db_write32(self->mmio, DRBREGL(2), (uint32_t)line_of(2) | VALID);
    db_write32(self->mmio, DRBREGU(2), 0x1u);
    EXPECT_FALSE(doorbell_fixture_valid(self, 2));
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(2)), 0u);
    EXPECT_EQ(db_read32(self->mmio, DRBREGU(2)), 0u);
    /* nor can software clear VALID: only the controller does */
    arm(self, 9, line_of(9));
    db_write32(self->mmio, DRBREGL(9), 0);
    EXPECT_TRUE(doorbell_fixture_valid(self, 9));
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->refused_writes, 3u);
    EXPECT_MODEL_LOG("direct write to DRBREGL(2) ignored");
}

TB_TEST_MODES(DoorbellUnit, InstallOnAnInactiveLineClearsValidAtOnce)
{
    /* spec 001 "Doorbell Flows": the acquired line's DW0 bit 0 = 0 means the driver victimised it */
    db_write_line(self->mem, line_of(1), 0, 0);
    EXPECT_EQ(doorbell_fixture_install(self, 1, line_of(1)), DOORBELL_INSTALL_INACTIVE);
    EXPECT_FALSE(doorbell_fixture_valid(self, 1));
    db_write_line(self->mem, line_of(1), 1, 1);
    EXPECT_EQ(self->rung_count, 0u);
}

TB_TEST_MODES(DoorbellUnit, InstallFaultsOnABadDoorbellOrLine)
{
    EXPECT_EQ(doorbell_fixture_install(self, 256, line_of(0)), DOORBELL_INSTALL_FAULT);
    EXPECT_EQ(doorbell_fixture_install(self, 0, line_of(0) + 4), DOORBELL_INSTALL_FAULT);
    EXPECT_EQ(doorbell_fixture_install(self, 0, UINT64_C(1) << 48), DOORBELL_INSTALL_FAULT);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->refused_installs, 3u);
    EXPECT_FALSE(doorbell_fixture_valid(self, 0));
}

/* ---- the cookie rules ----------------------------------------------------------------------- */

TB_TEST_MODES(DoorbellUnit, ADifferentNonZeroCookieRings)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 1);
    ASSERT_EQ(self->rung_count, 1u);
    EXPECT_EQ(self->rung[0], 0x01u); /* group 0 */
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 3);
    EXPECT_MODEL_EQ(doorbell_cookie(self->db, 3), 1u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->rings, 1u);
}

TB_TEST_MODES(DoorbellUnit, TheSameCookieDoesNotRing)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 0); /* still the initial value */
    db_write_line(self->mem, line_of(3), 1, 5);
    (void)db_read32(self->mmio, DB_STATUS(0));
    db_write_line(self->mem, line_of(3), 1, 5); /* e.g. the line re-acquired after LLC victimisation */
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 0u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->same_cookie, 1u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->rings, 1u);
}

TB_TEST_MODES(DoorbellUnit, CookieZeroIsRecordedWithoutRinging)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 5);
    (void)db_read32(self->mmio, DB_STATUS(0));
    db_write_line(self->mem, line_of(3), 1, 0); /* the driver re-initialises the cookie */
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_MODEL_EQ(doorbell_cookie(self->db, 3), 0u);
    /* 0 was recorded: the old cookie 5 is now a change and rings */
    db_write_line(self->mem, line_of(3), 1, 5);
    EXPECT_EQ(self->rung_count, 2u);
}

TB_TEST_MODES(DoorbellUnit, WritesElsewhereInTheLineAreSeenButDoNotRing)
{
    arm(self, 3, line_of(3));
    uint32_t word = 0xABCD;
    EXPECT_EQ(db_access(self->mem, TLM_CMD_WRITE, line_of(3) + 32, &word, 4), TLM_STATUS_OK);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->observed_writes, 1u);
    EXPECT_EQ(self->rung_count, 0u);
    /* a write to the next line is not this doorbell's */
    EXPECT_EQ(db_access(self->mem, TLM_CMD_WRITE, line_of(4), &word, 4), TLM_STATUS_OK);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->observed_writes, 1u);
}

/* ---- status vector: collapse, read-clear, re-message --------------------------------------- */

TB_TEST_MODES(DoorbellUnit, RingsCollapseAndAGroupMessagesOnlyFromAllZeros)
{
    arm(self, 3, line_of(3));
    arm(self, 4, line_of(4));
    db_write_line(self->mem, line_of(3), 1, 1);
    db_write_line(self->mem, line_of(3), 1, 2);
    db_write_line(self->mem, line_of(4), 1, 1);
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), (1u << 3) | (1u << 4));
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->rings, 3u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->collapsed, 1u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->messages, 1u);
}

TB_TEST_MODES(DoorbellUnit, GroupsMessageIndependently)
{
    /* bells 0, 40 and 255: groups 0, 1 and 7 */
    arm(self, 0, line_of(0));
    arm(self, 40, line_of(40));
    arm(self, 255, line_of(255));
    db_write_line(self->mem, line_of(40), 1, 1);
    db_write_line(self->mem, line_of(0), 1, 1);
    db_write_line(self->mem, line_of(255), 1, 1);
    ASSERT_EQ(self->rung_count, 3u);
    EXPECT_EQ(self->rung[0], 0x02u);
    EXPECT_EQ(self->rung[1], 0x01u);
    EXPECT_EQ(self->rung[2], 0x80u);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(1)), 1u << 8);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(7)), 1u << 31);
}

TB_TEST_MODES(DoorbellUnit, AReadOfAGroupReturnsAndClearsItAndHandsTheBitsOver)
{
    arm(self, 33, line_of(33));
    db_write_line(self->mem, line_of(33), 1, 1);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(1)), 1u << 1);
    EXPECT_EQ(self->moved[1], 1u << 1);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(1)), 0u);
    EXPECT_MODEL_EQ(doorbell_group_status(self->db, 1), 0u);
    EXPECT_EQ(self->group_reads, 2u);
}

TB_TEST_MODES(DoorbellUnit, ARingAfterTheReadMessagesAgain)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 1);
    db_write_line(self->mem, line_of(3), 1, 2);
    EXPECT_EQ(self->rung_count, 1u);
    (void)db_read32(self->mmio, DB_STATUS(0));
    db_write_line(self->mem, line_of(3), 1, 3);
    EXPECT_EQ(self->rung_count, 2u);
    EXPECT_EQ(self->rung[1], 0x01u);
}

TB_TEST_MODES(DoorbellUnit, DebugReadsDoNotClear)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 1);
    /* The debug read is the model's (tlm_transport_dbg): a read on the RTL's AXI4-Lite port
     * would clear the group, so the twin offers none and RTL mode skips this part. In lockstep
     * mode it reads the model directly; the twin, not read either, stays in step. */
    doorbell *model = doorbell_fixture_model(self);
    if (model) {
        uint32_t value = 0;
        tlm_payload payload = tlm_payload_make(TLM_CMD_READ, DB_STATUS(0), &value, 4);
        EXPECT_EQ(tlm_transport_dbg(doorbell_target(model), &payload), 4u);
        EXPECT_EQ(value, 1u << 3);
        EXPECT_EQ(doorbell_group_status(model, 0), 1u << 3);
    }
    EXPECT_EQ(self->group_reads, 0u);
    /* nothing was cleared: the first real read returns the ring and hands it over */
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 3);
    EXPECT_EQ(self->group_reads, 1u);
}

TB_TEST_MODES(DoorbellUnit, StatusRegistersIgnoreWrites)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 1);
    db_write32(self->mmio, DB_STATUS(0), 0);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 3);
}

/* ---- deactivation and reassignment ---------------------------------------------------------- */

TB_TEST_MODES(DoorbellUnit, ClearingDw0Bit0DeactivatesWithoutARing)
{
    arm(self, 7, line_of(7));
    db_write_line(self->mem, line_of(7), 1, 4);
    (void)db_read32(self->mmio, DB_STATUS(0));
    db_write_line(self->mem, line_of(7), 0, 4); /* the driver victimises the doorbell */
    EXPECT_FALSE(doorbell_fixture_valid(self, 7));
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(7)) & VALID, 0u);
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_MODEL_EQ(doorbell_get_stats(self->db)->deactivations, 1u);
    /* from then on the line is not matched */
    db_write_line(self->mem, line_of(7), 1, 9);
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 0u);
}

TB_TEST_MODES(DoorbellUnit, ACookieChangedJustBeforeDeactivationStillRings)
{
    arm(self, 7, line_of(7));
    /* the application's increment and the driver's clear seen in one write */
    db_write_line(self->mem, line_of(7), 0, 1);
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 7);
    EXPECT_FALSE(doorbell_fixture_valid(self, 7));
}

TB_TEST_MODES(DoorbellUnit, ReassignmentWaitsForValidToClearAndTheStatusToBeRead)
{
    arm(self, 7, line_of(7));
    /* still valid: a second install is refused */
    db_write_line(self->mem, line_of(7) + 4096, 1, 0);
    EXPECT_EQ(doorbell_fixture_install(self, 7, line_of(7) + 4096), DOORBELL_INSTALL_BUSY);
    db_write_line(self->mem, line_of(7), 0, 1); /* late ring + deactivation */
    ASSERT_FALSE(doorbell_fixture_valid(self, 7));
    /* its ring is still pending in the status vector */
    EXPECT_EQ(doorbell_fixture_install(self, 7, line_of(7) + 4096), DOORBELL_INSTALL_PENDING);
    (void)db_read32(self->mmio, DB_STATUS(0));
    EXPECT_EQ(doorbell_fixture_install(self, 7, line_of(7) + 4096), DOORBELL_INSTALL_OK);
    EXPECT_MODEL_EQ(doorbell_line(self->db, 7), line_of(7) + 4096);
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(7)), (uint32_t)(line_of(7) + 4096) | VALID);
    EXPECT_EQ(db_read32(self->mmio, DRBREGU(7)), 0u);
    /* the old line no longer rings it, the new one does */
    db_write_line(self->mem, line_of(7), 1, 50);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 0u);
    db_write_line(self->mem, line_of(7) + 4096, 1, 1);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 7);
}

TB_TEST_MODES(DoorbellUnit, TwoDoorbellsOnOneCachelineAreRefused)
{
    arm(self, 1, line_of(1));
    EXPECT_EQ(doorbell_fixture_install(self, 65, line_of(65)), DOORBELL_INSTALL_CACHELINE_IN_USE);
    EXPECT_FALSE(doorbell_fixture_valid(self, 65));
    EXPECT_MODEL_LOG("doorbell 1 watches that line");
    EXPECT_MODEL_EQ(tlm_logger_count(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR), 1u);
    db_write_line(self->mem, line_of(1), 1, 1);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 1u << 1);
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(2)), 0u);
    /* once doorbell 1 is gone the line is free */
    db_write_line(self->mem, line_of(1), 0, 1);
    (void)db_read32(self->mmio, DB_STATUS(0));
    db_write_line(self->mem, line_of(65), 1, 0);
    EXPECT_EQ(doorbell_fixture_install(self, 65, line_of(65)), DOORBELL_INSTALL_OK);
}

/* ---- cost and reset ------------------------------------------------------------------------- */

TB_TEST_MODES(DoorbellUnit, WritesToUnwatchedPagesCostNoLookupWithAll256Armed)
{
    for (unsigned bell = 0; bell < DOORBELL_COUNT; bell++)
        arm(self, bell, PAGE + (uint64_t)bell * 4096u + (bell % 64u) * 64u);
    tlm_memory_stats before = tlm_memory_get_stats(self->memory);
    for (unsigned i = 0; i < 100; i++)
        db_write_line(self->mem, UINT64_C(0x4000000) + i * 64u, 1, i);
    tlm_memory_stats after = tlm_memory_get_stats(self->memory);
    EXPECT_EQ(after.watch_lookups, before.watch_lookups);
    EXPECT_EQ(after.observer_calls, before.observer_calls);
}

TB_TEST_MODES(DoorbellUnit, ResetDisarmsEveryDoorbellAndClearsTheStatus)
{
    arm(self, 3, line_of(3));
    db_write_line(self->mem, line_of(3), 1, 1);
    doorbell_fixture_reset(self);
    EXPECT_FALSE(doorbell_fixture_valid(self, 3));
    EXPECT_EQ(db_read32(self->mmio, DB_STATUS(0)), 0u);
    db_write_line(self->mem, line_of(3), 1, 2);
    EXPECT_EQ(self->rung_count, 1u);
    EXPECT_EQ(db_read32(self->mmio, DRBREGL(3)), 0u);
}

TB_TEST_MODES(DoorbellUnit, MisalignedAndUnmappedAccessesAreRefused)
{
    uint32_t value = 0;
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, 0x002, &value, 4), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, 0x800, &value, 4), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(db_access(self->mmio, TLM_CMD_READ, 0x920, &value, 4), TLM_STATUS_ADDRESS_ERROR);
}
