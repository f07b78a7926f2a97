/* The DPI-C package's C API (testbench/dpi/gtsim_dpi.h) as an SV bench calls it, through
 * libgtsim_dpi.so itself: handles and their checks, MMIO with responses and strobes, the
 * message port, the output lines, time, graphics memory, the log the SV side polls. The
 * register rules themselves are the models' (tests/irq); here each check is that the call
 * reaches the model and answers what the model answers. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_regs.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "gtsim_dpi.h"
#include "guc.h"
#include "guc_regs.h"
#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_gen6_regs.h"
#include "irq_message.h"
#include "tb_test.h"

/* The host block's offset in a GT's MMIO BAR (models/irq/irq_gen11.h IRQ_GEN11_MMIO_BASE,
 * public fact i915 GFX_MSTR_IRQ 0x190010 at block offset 0x10). */
#define DPI_TEST_IRQ_GEN11_BASE INT64_C(0x190000)

/* Every function refuses a NULL, a destroyed and a foreign handle with ERR_HANDLE and a message. */
static void expect_refused(void *handle)
{
    int32_t data = 0x1234;
    EXPECT_EQ(gtsim_dpi_mmio_read(handle, 0, &data), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(data, 0);
    EXPECT_EQ(gtsim_dpi_mmio_write(handle, 0, 1, 0xF), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_mem_read(handle, 0, &data), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_mem_write(handle, 0, 1), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_irq_message(handle, 0, 0, 0, 1), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_host_irq(handle), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_guc_vector(handle, 0), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_run(handle, 1), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_run_idle(handle, 1), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_now_ps(handle), -1);
    EXPECT_STREQ(gtsim_dpi_log_next(handle), "");
    EXPECT_EQ(gtsim_dpi_log_pending(handle), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_log_dropped(handle), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_log_print(handle, 1), GTSIM_DPI_ERR_HANDLE);
    EXPECT_EQ(gtsim_dpi_destroy(handle), GTSIM_DPI_ERR_HANDLE);
}

TEST(Dpi, BadHandlesAreRefusedWithAMessage)
{
    expect_refused(NULL);
    EXPECT_TRUE(strstr(gtsim_dpi_last_error(), "NULL handle") != NULL);

    int foreign = 0;
    expect_refused(&foreign);
    EXPECT_TRUE(strstr(gtsim_dpi_last_error(), "unknown or destroyed") != NULL);

    void *block = gtsim_dpi_create_block("irq_gen11");
    ASSERT_TRUE(block != NULL);
    EXPECT_EQ(gtsim_dpi_destroy(block), GTSIM_DPI_OK);
    expect_refused(block);
}

TEST(Dpi, CreateRefusesUnknownNamesAndBoundsTheHandles)
{
    EXPECT_TRUE(gtsim_dpi_create_gt("gen99") == NULL);
    EXPECT_TRUE(strstr(gtsim_dpi_last_error(), "gen99") != NULL);
    EXPECT_TRUE(gtsim_dpi_create_block("doorbell_x") == NULL);
    EXPECT_TRUE(strstr(gtsim_dpi_last_error(), "doorbell_x") != NULL);
    EXPECT_TRUE(gtsim_dpi_create_block(NULL) == NULL);

    void *handles[GTSIM_DPI_MAX_HANDLES];
    for (unsigned i = 0; i < GTSIM_DPI_MAX_HANDLES; i++) {
        handles[i] = gtsim_dpi_create_block(i % 2 ? "irq_gen11" : "irq_gen6");
        ASSERT_TRUE(handles[i] != NULL);
    }
    EXPECT_TRUE(gtsim_dpi_create_block("irq_gen11") == NULL);
    EXPECT_TRUE(strstr(gtsim_dpi_last_error(), "too many") != NULL);
    for (unsigned i = 0; i < GTSIM_DPI_MAX_HANDLES; i++)
        EXPECT_EQ(gtsim_dpi_destroy(handles[i]), GTSIM_DPI_OK);
}

/* Enables render events on the host interface, unmasks rcs0 and sets the primary enable. */
static void enable_rcs0(void *handle, int64_t base)
{
    EXPECT_EQ(gtsim_dpi_mmio_write(handle, base + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET,
                                   (int32_t)IRQ_GEN11_RENDER_COPY_INTR_ENABLE_RENDER_MASK, 0xF),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(handle, base + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(handle, base + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
                                   (int32_t)IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK, 0xF),
              GTSIM_DPI_RESP_OK);
}

TEST(Dpi, IrqGen11BlockAnswersAsTheModel)
{
    void *irq = gtsim_dpi_create_block("irq_gen11");
    ASSERT_TRUE(irq != NULL);
    gtsim_dpi_log_print(irq, 0);
    int32_t data = 0;
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, IRQ_GEN11_RCS0_RSVD_INTR_MASK_RESET);
    EXPECT_EQ(gtsim_dpi_host_irq(irq), 0);

    enable_rcs0(irq, 0);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, IRQ_CLASS_RENDER, 0, IRQ_DATA_USER_INTERRUPT), GTSIM_DPI_OK);
    EXPECT_EQ(gtsim_dpi_host_irq(irq), 1);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN11_GT_INTR_DW0_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data & IRQ_GEN11_GT_INTR_DW0_RCS0_MASK, IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
    const int32_t dw0 = data;
    /* The GuC interface has its own enables (all off): its window shows nothing, vectors low. */
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, GTSIM_DPI_IRQ_GEN11_GUC_BASE + IRQ_GUC_GT_INTR_DW0_OFFSET, &data),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(data, 0);
    EXPECT_EQ(gtsim_dpi_guc_vector(irq, 0), 0);
    EXPECT_EQ(gtsim_dpi_guc_vector(irq, 2), GTSIM_DPI_ERR_ARGUMENT);
    /* The driver's service (i915 gen11_gt_engine_identity): select the engine, read its
     * identity (data valid, the message's data), clear it, then clear the dword read. */
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, (int32_t)IRQ_GEN11_GT_INTR_DW0_RCS0_MASK, 0xF),
              GTSIM_DPI_RESP_OK);
    int32_t identity = 0;
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, &identity), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)identity & IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK,
              IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK);
    EXPECT_EQ((uint32_t)identity & IRQ_GEN11_INTR_IDENTITY_REG0_DATA_MASK, IRQ_DATA_USER_INTERRUPT);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, identity, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN11_GT_INTR_DW0_OFFSET, dw0, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_host_irq(irq), 0);

    /* Offsets nothing answers: past the host block, past the GuC block, past the port. */
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN11_BLOCK_SIZE, &data), GTSIM_DPI_RESP_ADDRESS_ERROR);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, GTSIM_DPI_IRQ_GEN11_GUC_BASE + IRQ_GUC_BLOCK_SIZE, &data),
              GTSIM_DPI_RESP_ADDRESS_ERROR);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, GTSIM_DPI_IRQ_GEN11_SPACE, 0, 0xF), GTSIM_DPI_RESP_ADDRESS_ERROR);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, -4, &data), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, 0, NULL), GTSIM_DPI_ERR_ARGUMENT);
    gtsim_dpi_destroy(irq);
}

TEST(Dpi, StrobesWriteOnlyTheirBytes)
{
    void *irq = gtsim_dpi_create_block("irq_gen11");
    ASSERT_TRUE(irq != NULL);
    const int64_t mask = IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET;
    int32_t data = 0;
    /* Bytes 2 and 3 hold the rcs0 mask field (reset all ones): clearing byte 2 only. */
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, mask, 0, 0x4), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, mask, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, IRQ_GEN11_RCS0_RSVD_INTR_MASK_RESET & ~UINT32_C(0x00FF0000));
    /* No strobe: a write of no byte, answered OK, nothing changes; a hole still does not decode. */
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, mask, -1, 0), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, mask, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, IRQ_GEN11_RCS0_RSVD_INTR_MASK_RESET & ~UINT32_C(0x00FF0000));
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN11_BLOCK_SIZE, -1, 0), GTSIM_DPI_RESP_ADDRESS_ERROR);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, mask, 0, 0x10), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, mask, 0, -1), GTSIM_DPI_ERR_ARGUMENT);
    gtsim_dpi_destroy(irq);
}

TEST(Dpi, MessagesOutsideThePinsAreRefusedAndUnknownEnginesLogged)
{
    void *irq = gtsim_dpi_create_block("irq_gen11");
    ASSERT_TRUE(irq != NULL);
    gtsim_dpi_log_print(irq, 0);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 8, 0, 0, 1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, 8, 0, 1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, 0, 64, 1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, 0, 0, 0x10000), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, 0, 0, -1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_log_pending(irq), 0);
    /* Class 6 is reserved: the pins carry it, the model drops it with a log line. */
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, 6, 0, 1), GTSIM_DPI_OK);
    EXPECT_EQ(gtsim_dpi_log_pending(irq), 1);
    const char *line = gtsim_dpi_log_next(irq);
    EXPECT_TRUE(strstr(line, "irq") != NULL);
    EXPECT_TRUE(strstr(line, "warning") != NULL || strstr(line, "error") != NULL);
    EXPECT_EQ(gtsim_dpi_log_pending(irq), 0);
    EXPECT_STREQ(gtsim_dpi_log_next(irq), "");
    gtsim_dpi_destroy(irq);
}

TEST(Dpi, TheLogKeepsTheNewestLinesWithinItsBound)
{
    void *irq = gtsim_dpi_create_block("irq_gen11");
    ASSERT_TRUE(irq != NULL);
    gtsim_dpi_log_print(irq, 0);
    const int extra = 7;
    for (int i = 0; i < GTSIM_DPI_LOG_LINES + extra; i++)
        EXPECT_EQ(gtsim_dpi_irq_message(irq, 1, 0, 0, 1), GTSIM_DPI_OK); /* VF 1: dropped, logged */
    EXPECT_EQ(gtsim_dpi_log_pending(irq), GTSIM_DPI_LOG_LINES);
    EXPECT_EQ(gtsim_dpi_log_dropped(irq), extra);
    gtsim_dpi_destroy(irq);
}

TEST(Dpi, IrqGen6BlockAnswersAsTheModel)
{
    void *irq = gtsim_dpi_create_block("irq_gen6");
    ASSERT_TRUE(irq != NULL);
    int32_t data = 0;
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN6_GTIMR_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, IRQ_GEN6_GTIMR_RESET);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN6_GTIMR_OFFSET, 0, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(irq, IRQ_GEN6_GTIER_OFFSET, -1, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_irq_message(irq, 0, IRQ_CLASS_RENDER, 0, IRQ_DATA_USER_INTERRUPT), GTSIM_DPI_OK);
    EXPECT_EQ(gtsim_dpi_host_irq(irq), 1);
    EXPECT_EQ(gtsim_dpi_mmio_read(irq, IRQ_GEN6_GTIIR_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data & IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_MASK, IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_MASK);
    EXPECT_EQ(gtsim_dpi_guc_vector(irq, 0), GTSIM_DPI_ERR_UNSUPPORTED);
    EXPECT_EQ(gtsim_dpi_mem_write(irq, 0, 1), GTSIM_DPI_ERR_UNSUPPORTED);
    EXPECT_EQ(gtsim_dpi_mem_read(irq, 0, &data), GTSIM_DPI_ERR_UNSUPPORTED);
    gtsim_dpi_destroy(irq);
}

TEST(Dpi, GtHandleDrivesTheWholePlatform)
{
    void *gt = gtsim_dpi_create_gt("gen12");
    ASSERT_TRUE(gt != NULL);
    gtsim_dpi_log_print(gt, 0);
    int32_t data = -1;
    EXPECT_EQ(gtsim_dpi_mmio_read(gt, DPI_TEST_IRQ_GEN11_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, &data),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, IRQ_GEN11_RCS0_RSVD_INTR_MASK_RESET);
    enable_rcs0(gt, DPI_TEST_IRQ_GEN11_BASE);
    EXPECT_EQ(gtsim_dpi_host_irq(gt), 0);
    EXPECT_EQ(gtsim_dpi_irq_message(gt, 0, IRQ_CLASS_RENDER, 0, IRQ_DATA_USER_INTERRUPT), GTSIM_DPI_OK);
    EXPECT_EQ(gtsim_dpi_host_irq(gt), 1);
    EXPECT_EQ(gtsim_dpi_guc_vector(gt, 1), 0);
    /* The GT takes messages from its profile's engines only, with VF 0. */
    EXPECT_EQ(gtsim_dpi_irq_message(gt, 0, 6, 0, 1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_irq_message(gt, 1, IRQ_CLASS_RENDER, 0, 1), GTSIM_DPI_ERR_ARGUMENT);

    EXPECT_EQ(gtsim_dpi_mem_write(gt, 0x10000, 0x5a5a1234), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mem_read(gt, 0x10000, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(data, 0x5a5a1234);
    EXPECT_EQ(gtsim_dpi_mem_read(gt, INT64_C(1) << 48, &data), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_mem_write(gt, -4, 0), GTSIM_DPI_ERR_ARGUMENT);

    int64_t start = gtsim_dpi_now_ps(gt);
    EXPECT_EQ(gtsim_dpi_run(gt, 100), GTSIM_DPI_OK);
    EXPECT_GT(gtsim_dpi_now_ps(gt), start);
    int64_t period = (gtsim_dpi_now_ps(gt) - start) / 100;
    EXPECT_EQ(gtsim_dpi_now_ps(gt) - start, 100 * period);
    EXPECT_EQ(gtsim_dpi_run_idle(gt, 1000), 1);
    EXPECT_EQ(gtsim_dpi_run(gt, -1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_run(gt, GTSIM_DPI_MAX_RUN_CYCLES + 1), GTSIM_DPI_ERR_ARGUMENT);
    EXPECT_EQ(gtsim_dpi_run_idle(gt, 0), GTSIM_DPI_ERR_ARGUMENT);
    gtsim_dpi_destroy(gt);

    void *gen6 = gtsim_dpi_create_gt("gen6");
    ASSERT_TRUE(gen6 != NULL);
    EXPECT_EQ(gtsim_dpi_guc_vector(gen6, 0), GTSIM_DPI_ERR_UNSUPPORTED);
    gtsim_dpi_destroy(gen6);
}

/* A VF 0 message in spec 001's 32-bit format: instance 25:20, class 18:16, data 15:0. */
static uint32_t message_word(uint32_t engine_class, uint32_t instance, uint32_t data)
{
    return instance << 20 | engine_class << 16 | data;
}

/* The doorbell block: the driver's line in the block's memory, the firmware's install through
 * the GuC view, a ring by a memory write. Routed to the host, the GuC's doorbell vector leaves as
 * an interrupt message (class 4 "other", instance 0 the GuC, data the doorbell-rang bit); routed to
 * the GuC, the ring is a micro-core interrupt. */
TEST(Dpi, DoorbellBlockRingsFromItsMemory)
{
    void *db = gtsim_dpi_create_block("doorbell");
    ASSERT_TRUE(db != NULL);
    const unsigned bell = 4;
    const int64_t page = 0x700000, line = page + bell * 64;
    const int64_t drb = DOORBELL_MMIO_BASE + bell * DOORBELL_REGISTER_STRIDE;
    const int64_t status0 = DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET;
    int32_t data = 0, word = 0;
    EXPECT_EQ(gtsim_dpi_mmio_write(db, GUC_MMIO_BASE + GUC_SHIM_CONTROL2_OFFSET, GUC_SHIM_CONTROL2_HASH_MODE_MASK, 0xF),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mem_write(db, line, 1), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mem_write(db, line + 4, 0), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(db, GTSIM_DPI_DOORBELL_GUC_VIEW + drb + DOORBELL_DRBREGU0_OFFSET, 0, 0xF),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(db, GTSIM_DPI_DOORBELL_GUC_VIEW + drb + DOORBELL_DRBREGL0_OFFSET,
                                   (int32_t)(page | DOORBELL_DRBREGL0_VALID_MASK), 0xF),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_read(db, GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data & (GUC_DB_INSTALL_STATUS_DONE_MASK | GUC_DB_INSTALL_STATUS_RESULT_MASK),
              GUC_DB_INSTALL_STATUS_DONE_MASK);
    EXPECT_EQ(gtsim_dpi_mmio_read(db, drb + DOORBELL_DRBREGL0_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, (uint32_t)line | DOORBELL_DRBREGL0_VALID_MASK);
    EXPECT_EQ(gtsim_dpi_irq_message_next(db, &word), 0);

    EXPECT_EQ(gtsim_dpi_mem_write(db, line + 4, 1), GTSIM_DPI_RESP_OK); /* ring */
    EXPECT_EQ(gtsim_dpi_irq_message_next(db, &word), 1);
    EXPECT_EQ((uint32_t)word, message_word(4, 0, GUC_INTR_DOORBELL_RANG));
    EXPECT_EQ(gtsim_dpi_irq_message_next(db, &word), 0);
    EXPECT_EQ(gtsim_dpi_mmio_read(db, status0, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, 1u << bell);
    EXPECT_EQ(gtsim_dpi_mmio_write(db, GUC_MMIO_BASE + GUC_GUC_DB_ISR_0_OFFSET, (int32_t)(1u << bell), 0xF),
              GTSIM_DPI_RESP_OK);

    EXPECT_EQ(gtsim_dpi_mmio_write(db, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET,
                                   (int32_t)GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK, 0xF),
              GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_guc_core(db, 0), 0);
    EXPECT_EQ(gtsim_dpi_mem_write(db, line + 4, 2), GTSIM_DPI_RESP_OK); /* ring again */
    EXPECT_EQ(gtsim_dpi_guc_core(db, 1), (int)GUC_CORE_DOORBELL);
    EXPECT_EQ(gtsim_dpi_guc_core(db, 1), 0);
    EXPECT_EQ(gtsim_dpi_irq_message_next(db, &word), 0);

    EXPECT_EQ(gtsim_dpi_host_irq(db), GTSIM_DPI_ERR_UNSUPPORTED);
    EXPECT_EQ(gtsim_dpi_irq_message(db, 0, 0, 0, 1), GTSIM_DPI_ERR_UNSUPPORTED);
    EXPECT_EQ(gtsim_dpi_destroy(db), GTSIM_DPI_OK);
}

/* An engine block: a ring in its memory with a store and a user interrupt runs to idle; the
 * store lands and the user interrupt leaves as the engine's message. */
TEST(Dpi, EngineBlockRunsARingFromItsMemory)
{
    EXPECT_TRUE(gtsim_dpi_create_block("rcs2") == NULL);
    void *rcs = gtsim_dpi_create_block("rcs");
    ASSERT_TRUE(rcs != NULL);
    static const int32_t ring[] = { 0x10000002, 0x00400000, 0x00000000, 0x11111111, /* MI_STORE_DATA_IMM */
                                    0x01000000, 0x00000000 };                      /* MI_USER_INTERRUPT, MI_NOOP */
    for (unsigned i = 0; i < sizeof ring / sizeof ring[0]; i++)
        EXPECT_EQ(gtsim_dpi_mem_write(rcs, 0x100000 + 4 * i, ring[i]), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_IMR_OFFSET, (int32_t)~IRQ_DATA_USER_INTERRUPT, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_HWS_PGA_OFFSET, 0x200000, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_RING_START_OFFSET, 0x100000, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_RING_HEAD_OFFSET, 0, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_RING_CTL_OFFSET, 1, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_mmio_write(rcs, CS_RING_TAIL_OFFSET, (int32_t)sizeof ring, 0xF), GTSIM_DPI_RESP_OK);
    EXPECT_EQ(gtsim_dpi_run_idle(rcs, 100000), 1);
    int32_t data = 0, word = 0;
    EXPECT_EQ(gtsim_dpi_mem_read(rcs, 0x400000, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data, 0x11111111u);
    EXPECT_EQ(gtsim_dpi_mmio_read(rcs, CS_RING_HEAD_OFFSET, &data), GTSIM_DPI_RESP_OK);
    EXPECT_EQ((uint32_t)data & CS_RING_HEAD_HEAD_MASK, sizeof ring);
    EXPECT_EQ(gtsim_dpi_irq_message_next(rcs, &word), 1);
    EXPECT_EQ((uint32_t)word, message_word(0, 0, IRQ_DATA_USER_INTERRUPT));
    EXPECT_EQ(gtsim_dpi_irq_message_next(rcs, &word), 0);
    EXPECT_EQ(gtsim_dpi_guc_core(rcs, 0), GTSIM_DPI_ERR_UNSUPPORTED);
    EXPECT_GT(gtsim_dpi_now_ps(rcs), 0);
    EXPECT_EQ(gtsim_dpi_destroy(rcs), GTSIM_DPI_OK);
}

TEST(Dpi, EnvironmentNumbersFallBackWhenMissingOrMalformed)
{
    EXPECT_EQ(setenv("GTSIM_DPI_TEST_NUMBER", "0x10", 1), 0);
    EXPECT_EQ(gtsim_dpi_env_int("GTSIM_DPI_TEST_NUMBER", 1), 16);
    EXPECT_EQ(setenv("GTSIM_DPI_TEST_NUMBER", "12abc", 1), 0);
    EXPECT_EQ(gtsim_dpi_env_int("GTSIM_DPI_TEST_NUMBER", 1), 1);
    EXPECT_EQ(unsetenv("GTSIM_DPI_TEST_NUMBER"), 0);
    EXPECT_EQ(gtsim_dpi_env_int("GTSIM_DPI_TEST_NUMBER", 7), 7);
    EXPECT_EQ(gtsim_dpi_env_int(NULL, 7), 7);
}
