/* The GuC shim, GuC interrupt block and host<->GuC interrupts (models/guc/guc.h) with the real
 * doorbell controller, a fake host aggregator and a fake micro-core: spec 001 "Arming
 * Doorbells", "GuC Shim", "Doorbell Group Registers", "Guc Host Registers", the public facts of
 * docs/facts.md and the choices of docs/reference/guc.md. One real-aggregator test at the end shows the
 * GuC-to-host vector arriving through the gen11+ tree. */
#include <stdint.h>
#include <string.h>

#include "guc_test_system.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "tb_test.h"

typedef struct Guc {
    guc_gt gt; /* the GT under test */
} Guc;

static void Guc_SetUp(Guc *self)
{
    guc_gt_init(&self->gt, false, (guc_submit_port){ 0 }, 0);
}

static void Guc_TearDown(Guc *self)
{
    guc_gt_fini(&self->gt);
}

#define PAGE UINT64_C(0x300000)

/* The driver's preparation of bell's recommended line in `page` (DW0 = 1, DW1 = 0). */
static uint64_t prepare_line(guc_gt *gt, unsigned bell, uint64_t page)
{
    uint64_t line = page + (bell % 64u) * 64u;
    db_write_line(gt->mem, line, 1, 0);
    return line;
}

/* ---- arming: the hashing-mode copy ----------------------------------------------------------- */

TEST_F(Guc, TheFuseRegisterShowsTheHashingMode)
{
    EXPECT_EQ(db_read32(self->gt.host, FUSE_REG), 1u << 30);
}

TEST_F(Guc, ArmingBeforeTheHashingCopyIsRefusedWithAReadableStatus)
{
    prepare_line(&self->gt, 3, PAGE);
    EXPECT_EQ(guc_gt_install(&self->gt, 3, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_HASH_NOT_COPIED, 3));
    EXPECT_EQ(db_read32(self->gt.host, INSTALL_STATUS), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_HASH_NOT_COPIED, 3));
    EXPECT_FALSE(doorbell_valid(self->gt.db, 3));
    EXPECT_EQ(db_read32(self->gt.host, DRBREGL(3)), 0u);
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), "hashing mode not copied"));
}

TEST_F(Guc, ACopyThatDiffersFromTheFuseIsRefused)
{
    db_write32(self->gt.host, SHIM_CONTROL2, 0); /* fuse is 1 */
    prepare_line(&self->gt, 3, PAGE);
    EXPECT_EQ(guc_gt_install(&self->gt, 3, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_HASH_MISMATCH, 3));
    EXPECT_FALSE(doorbell_valid(self->gt.db, 3));
}

TEST_F(Guc, AfterTheCopyTheShimInstallsTheComputedCachelineAndReportsIt)
{
    guc_gt_copy_hash(&self->gt);
    uint64_t line = prepare_line(&self->gt, 70, PAGE); /* 70 mod 64 = line 6 */
    EXPECT_EQ(guc_gt_install(&self->gt, 70, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, 70));
    EXPECT_EQ(line, PAGE + 6u * 64u);
    EXPECT_EQ(db_read32(self->gt.host, INSTALL_LINE), (uint32_t)line);
    EXPECT_TRUE(doorbell_valid(self->gt.db, 70));
    EXPECT_EQ(db_read32(self->gt.host, DRBREGL(70)), (uint32_t)line | 1u);
    /* the page's low bits the firmware wrote do not choose the line: the shim computes it */
    db_write_line(self->gt.mem, PAGE + 4096 + 6u * 64u, 1, 0);
    db_write32(self->gt.view, DRBREGU(134), 0);
    db_write32(self->gt.view, DRBREGL(134), (uint32_t)(PAGE + 4096) | 0xFC0u | 1u); /* 134 mod 64 = 6 */
    EXPECT_EQ(db_read32(self->gt.host, INSTALL_LINE), (uint32_t)(PAGE + 4096 + 6u * 64u));
}

TEST_F(Guc, ResetLosesTheHashingCopy)
{
    guc_gt_copy_hash(&self->gt);
    guc_reset(self->gt.guc);
    prepare_line(&self->gt, 3, PAGE);
    EXPECT_EQ(guc_gt_install(&self->gt, 3, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_HASH_NOT_COPIED, 3));
}

TEST_F(Guc, DoneIsWriteOneToClear)
{
    guc_gt_copy_hash(&self->gt);
    prepare_line(&self->gt, 3, PAGE);
    guc_gt_install(&self->gt, 3, PAGE);
    db_write32(self->gt.view, INSTALL_STATUS, GUC_DB_INSTALL_STATUS_DONE_MASK);
    EXPECT_EQ(db_read32(self->gt.view, INSTALL_STATUS) & GUC_DB_INSTALL_STATUS_DONE_MASK, 0u);
}

TEST_F(Guc, AWriteWithoutValidThroughTheShimIsIgnored)
{
    guc_gt_copy_hash(&self->gt);
    prepare_line(&self->gt, 3, PAGE);
    ASSERT_EQ(guc_gt_install(&self->gt, 3, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, 3));
    db_write32(self->gt.view, DRBREGL(3), 0);
    EXPECT_TRUE(doorbell_valid(self->gt.db, 3));
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), "DRBREGL(3) write 0x00000000 without VALID ignored"));
}

TEST_F(Guc, TwoDoorbellsOnOneCachelineAreRefusedThroughTheShim)
{
    guc_gt_copy_hash(&self->gt);
    prepare_line(&self->gt, 1, PAGE);
    ASSERT_EQ(guc_gt_install(&self->gt, 1, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, 1));
    /* 65 mod 64 = 1: the same line of the same page */
    EXPECT_EQ(guc_gt_install(&self->gt, 65, PAGE),
              guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_CACHELINE_IN_USE, 65));
    EXPECT_FALSE(doorbell_valid(self->gt.db, 65));
}

/* ---- GPA -> HPA translation hook ------------------------------------------------------------- */

static bool translate_high(void *context, uint64_t gpa, uint64_t *hpa)
{
    (void)context;
    if (gpa == UINT64_C(0xDEAD000))
        return false;
    *hpa = gpa + UINT64_C(0x100000000); /* guest memory 4 GiB up in host memory */
    return true;
}

TEST(GucTranslate, TheShimInstallsTheTranslatedAddressAndReportsAFault)
{
    guc_gt gt;
    guc_gt_init_translated(&gt, false, (guc_submit_port){ 0 }, 0, translate_high);
    db_write32(gt.view, SHIM_CONTROL2, 1u << 10);

    uint64_t hpa_line = UINT64_C(0x100010000) + 2u * 64u;
    db_write_line(gt.mem, hpa_line, 1, 0);
    EXPECT_EQ(guc_gt_install(&gt, 2, UINT64_C(0x10000)), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, 2));
    EXPECT_EQ(doorbell_line(gt.db, 2), hpa_line);
    EXPECT_EQ(db_read32(gt.view, DRBREGU(2)), 1u); /* HPA bits 47:32 */
    EXPECT_EQ(db_read32(gt.view, INSTALL_LINE), (uint32_t)hpa_line);
    EXPECT_EQ(guc_gt_install(&gt, 3, UINT64_C(0xDEAD000)),
              guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_TRANSLATION_FAULT, 3));
    EXPECT_FALSE(doorbell_valid(gt.db, 3));
    /* a write to the GPA line does not ring; a write to the HPA line does */
    db_write_line(gt.mem, UINT64_C(0x10000) + 2u * 64u, 1, 1);
    EXPECT_FALSE(doorbell_pending(gt.db, 2));
    db_write_line(gt.mem, hpa_line, 1, 1);
    EXPECT_TRUE(doorbell_pending(gt.db, 2));
    guc_gt_fini(&gt);
}

/* ---- GUCINT: routing, rung bits, interrupt status ---------------------------------------------- */

/* Arms bell on PAGE through the shim and rings it once with cookie `cookie`. */
static void arm_and_ring(guc_gt *gt, unsigned bell, uint32_t cookie)
{
    uint64_t line = prepare_line(gt, bell, PAGE);
    ASSERT_EQ(guc_gt_install(gt, bell, PAGE), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, bell));
    db_write_line(gt->mem, line, 1, cookie);
}

TEST_F(Guc, DoorbellInterruptsGoToTheHostByDefault)
{
    guc_gt_copy_hash(&self->gt);
    EXPECT_EQ(db_read32(self->gt.host, DOORBELL_CTRL_REG) & ROUTE_TO_GUC, 0u);
    arm_and_ring(&self->gt, 35, 1); /* group 1 */
    ASSERT_EQ(self->gt.host_count, 1u);
    EXPECT_EQ(self->gt.host_messages[0].engine_class, IRQ_CLASS_OTHER);
    EXPECT_EQ(self->gt.host_messages[0].instance, IRQ_OTHER_GUC);
    EXPECT_EQ(self->gt.host_messages[0].data, 1u << 10); /* i915 GUC_INTR_DOORBELL_RANG */
    EXPECT_EQ(self->gt.core_count, 0u);
    EXPECT_EQ(db_read32(self->gt.host, DOORBELL_CTRL_REG) & GUC_DOORBELL_CTRL_RUNG_MASK,
              0x02u << GUC_DOORBELL_CTRL_RUNG_SHIFT);
}

TEST_F(Guc, TheRouteBitSendsDoorbellInterruptsToTheMicroCore)
{
    guc_gt_copy_hash(&self->gt);
    db_write32(self->gt.host, DOORBELL_CTRL_REG, ROUTE_TO_GUC);
    arm_and_ring(&self->gt, 3, 1);
    ASSERT_EQ(self->gt.core_count, 1u);
    EXPECT_EQ(self->gt.core_causes[0], GUC_CORE_DOORBELL);
    EXPECT_EQ(self->gt.host_count, 0u);
}

TEST_F(Guc, AGroupReadResetsItsRungBitAndMovesTheBitsToTheInterruptStatus)
{
    guc_gt_copy_hash(&self->gt);
    arm_and_ring(&self->gt, 3, 1);
    EXPECT_EQ(db_read32(self->gt.view, DB_STATUS(0)), 1u << 3);
    EXPECT_EQ(db_read32(self->gt.view, DOORBELL_CTRL_REG) & GUC_DOORBELL_CTRL_RUNG_MASK, 0u);
    EXPECT_EQ(db_read32(self->gt.view, DB_ISR_REG(0)), 1u << 3);
    /* the next ring messages again */
    db_write_line(self->gt.mem, PAGE + 3u * 64u, 1, 2);
    EXPECT_EQ(self->gt.host_count, 2u);
    /* GUC_DB_ISR is write-one-to-clear */
    db_write32(self->gt.view, DB_ISR_REG(0), 1u << 3);
    EXPECT_EQ(db_read32(self->gt.view, DB_ISR_REG(0)), 0u);
}

TEST_F(Guc, ReassignmentIsRefusedWhileTheInterruptStatusHoldsTheDoorbell)
{
    guc_gt_copy_hash(&self->gt);
    arm_and_ring(&self->gt, 3, 1);
    db_write_line(self->gt.mem, PAGE + 3u * 64u, 0, 1); /* the driver victimises it */
    ASSERT_FALSE(doorbell_valid(self->gt.db, 3));
    (void)db_read32(self->gt.view, DB_STATUS(0)); /* stage 1 clear, bit now in GUC_DB_ISR_0 */
    prepare_line(&self->gt, 3, PAGE + 0x10000);
    EXPECT_EQ(guc_gt_install(&self->gt, 3, PAGE + 0x10000), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_PENDING, 3));
    db_write32(self->gt.view, DB_ISR_REG(0), 1u << 3);
    EXPECT_EQ(guc_gt_install(&self->gt, 3, PAGE + 0x10000), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, 3));
}

TEST_F(Guc, InterruptsForAMissingMicroCoreAreDroppedWithAWarning)
{
    guc_core_port none = { 0 };
    guc_set_core_port(self->gt.guc, &none);
    guc_gt_copy_hash(&self->gt);
    db_write32(self->gt.host, DOORBELL_CTRL_REG, ROUTE_TO_GUC);
    arm_and_ring(&self->gt, 3, 1);
    EXPECT_EQ(guc_get_stats(self->gt.guc)->dropped, 1u);
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), "no GuC firmware model connected"));
}

/* ---- host <-> GuC interrupts ------------------------------------------------------------------ */

TEST_F(Guc, AHostWriteTo0xC4C8KeepsTheDataAt0xC590AndInterruptsTheGuc)
{
    db_write32(self->gt.host, HOST2GUC, 0x1234ABCDu);
    EXPECT_EQ(db_read32(self->gt.host, HOST2GUC_DATA), 0x1234ABCDu);
    ASSERT_EQ(self->gt.core_count, 1u);
    EXPECT_EQ(self->gt.core_causes[0], GUC_CORE_HOST2GUC);
    EXPECT_EQ(db_read32(self->gt.host, HOST2GUC), 0u); /* a trigger */
    /* 0xC590 is read only */
    db_write32(self->gt.host, HOST2GUC_DATA, 0);
    EXPECT_EQ(db_read32(self->gt.host, HOST2GUC_DATA), 0x1234ABCDu);
}

TEST_F(Guc, AGucWriteTo0xC4B8SendsItsFirmwareBitsToTheHost)
{
    db_write32(self->gt.view, GUC2HOST, 0x8001u);
    ASSERT_EQ(self->gt.host_count, 1u);
    EXPECT_EQ(self->gt.host_messages[0].engine_class, IRQ_CLASS_OTHER);
    EXPECT_EQ(self->gt.host_messages[0].instance, IRQ_OTHER_GUC);
    EXPECT_EQ(self->gt.host_messages[0].data, 0x8001u);
    EXPECT_EQ(db_read32(self->gt.view, GUC2HOST), 0u);
    /* hardware-owned bits cannot be set by the firmware */
    db_write32(self->gt.view, GUC2HOST, 0x0400u);
    EXPECT_EQ(self->gt.host_count, 1u);
    db_write32(self->gt.view, GUC2HOST, 0x8400u);
    ASSERT_EQ(self->gt.host_count, 2u);
    EXPECT_EQ(self->gt.host_messages[1].data, 0x8000u);
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), "hardware-owned bits 0x0400 ignored"));
}

/* The vector through the real gen11+ tree: the host driver sees GuC's bit in GT_INTR_DW0 and the
 * vector in the identity register's data (as i915's guc_irq_handler reads it). */
TEST(GucHost, TheGucToHostVectorReachesTheHostThroughTheAggregationTree)
{
    guc_gt gt;
    guc_gt_init(&gt, false, (guc_submit_port){ 0 }, 0);
    irq_gen11 *irq = irq_gen11_create(gt.kernel, "irq");
    guc_destroy(gt.guc);
    guc_config config = { .doorbells = doorbell_block_of(gt.db), .host = irq_gen11_sink(irq), .hash_fuse = true };
    gt.guc = guc_create(gt.kernel, "guc", &config);
    const tlm_target *host_irq = irq_gen11_target(irq, IRQ_GEN11_HOST);
    /* i915 gen11_enable_guc_interrupts: GuC events in the upper half of GUC_SG enable and mask */
    db_write32(host_irq, IRQ_GEN11_GUC_SG_INTR_ENABLE_OFFSET, 0x8000u << 16);
    db_write32(host_irq, IRQ_GEN11_GUC_SG_INTR_MASK_OFFSET, ~(0x8000u << 16));
    db_write32(host_irq, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 1u << 31);
    db_write32(guc_target(gt.guc), GUC_GUC2HOST_INTR_OFFSET, 0x8000u);
    EXPECT_EQ(tlm_signal_get(irq_gen11_host_irq(irq)), 1u);
    uint32_t dw0 = db_read32(host_irq, IRQ_GEN11_GT_INTR_DW0_OFFSET);
    EXPECT_EQ(dw0, 1u << 25); /* i915 GEN11_GUC */
    db_write32(host_irq, IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, 1u << 25);
    uint32_t identity = db_read32(host_irq, IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET);
    EXPECT_EQ(identity & 0xFFFFu, 0x8000u);
    EXPECT_EQ(identity >> 16 & 7u, (uint32_t)IRQ_CLASS_OTHER);
    irq_gen11_destroy(irq);
    guc_gt_fini(&gt);
}
