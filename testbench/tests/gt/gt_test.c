/* The GT (models/gt/gt.h, docs/reference/gt.md): the profile table's public clocks, every block of each
 * profile at its base on the one MMIO map and nothing where the profile has no block, the
 * refusals of gt_create, the caller's clock override, and the event record's taps. */
#include <stdint.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_regs.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "eu_array.h"
#include "eu_regs.h"
#include "gt.h"
#include "guc.h"
#include "gt_regs.h"
#include "guc_regs.h"
#include "guc_scheduler.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "tb_test.h"

typedef struct GtFixture {
    tlm_kernel *kernel;    /* time base */
    tlm_memory *memory;    /* the GT's graphics memory */
    gt *model;             /* the GT under test */
} GtFixture;

static void build_strict(GtFixture *self, const char *profile, tlm_time clock_period, bool strict)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR);
    self->memory = tlm_memory_create(self->kernel, "gfx_memory", 0);
    gt_config config = { .profile = gt_profile_find(profile), .memory = self->memory, .clock_period = clock_period,
                         .strict_mmio = strict };
    char error[256] = "";
    self->model = gt_create(self->kernel, &config, error, sizeof error);
    if (!self->model)
        ADD_FAILURE("%s", error);
}

static void build(GtFixture *self, const char *profile, tlm_time clock_period)
{
    build_strict(self, profile, clock_period, false);
}

static void teardown(GtFixture *self)
{
    gt_destroy(self->model);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

/* A 32-bit host read at `offset` of the BAR; the response. */
static tlm_status bar_read(GtFixture *self, uint64_t offset, uint32_t *value)
{
    uint32_t data = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, &data, 4);
    payload.address_space = TLM_SPACE_MMIO;
    tlm_time delay = 0;
    tlm_b_transport(gt_mmio(self->model), &payload, &delay);
    if (value)
        *value = data;
    return payload.response;
}

/* A 32-bit host write; the response. */
static tlm_status bar_write(GtFixture *self, uint64_t offset, uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(gt_mmio(self->model), &payload, &delay);
    return payload.response;
}

/* Whether `offset` is an unimplemented offset of the BAR: it reads 0 with an OK response, and
 * the access is counted as one (gt_mmio_stats). */
static bool unimplemented(GtFixture *self, uint64_t offset)
{
    uint64_t before = gt_mmio_get_stats(self->model)->unimplemented_accesses;
    uint32_t value = 0xdeadbeef;
    return bar_read(self, offset, &value) == TLM_STATUS_OK && value == 0 &&
           gt_mmio_get_stats(self->model)->unimplemented_accesses == before + 1;
}

TEST(GtProfiles, ThePublicBaseGraphicsClocks)
{
    /* docs/facts.md "GT clocks": Tiger Lake GT2 400 MHz, Sandy Bridge GT2 850 MHz. */
    const gt_profile *gen12 = gt_profile_find("gen12");
    const gt_profile *gen6 = gt_profile_find("gen6");
    ASSERT_TRUE(gen12 != NULL);
    ASSERT_TRUE(gen6 != NULL);
    EXPECT_EQ(gen12->clock_mhz, 400u);
    EXPECT_EQ(gen12->clock_period, 2500u);
    EXPECT_EQ(gen6->clock_mhz, 850u);
    EXPECT_EQ(gen6->clock_period, 1176u);
    EXPECT_TRUE(gt_profile_find(NULL) == gen12); /* gen12 is the default */
    EXPECT_TRUE(gt_profile_find("gen7") == NULL);
    EXPECT_TRUE(gen12->has_guc);
    EXPECT_FALSE(gen6->has_guc);
}

TEST(GtCreate, RefusesNoMemoryAndAReplacementAggregatorOnGen6)
{
    tlm_kernel *kernel = tlm_kernel_create();
    char error[256] = "";
    gt_config config = { .profile = gt_profile_find("gen12") };
    EXPECT_TRUE(gt_create(kernel, &config, error, sizeof error) == NULL);
    EXPECT_STREQ(error, "the GT needs a graphics memory");
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    gt_irq_block replacement = { 0 };
    config = (gt_config){ .profile = gt_profile_find("gen6"), .memory = memory, .irq = &replacement };
    EXPECT_TRUE(gt_create(kernel, &config, error, sizeof error) == NULL);
    EXPECT_STREQ(error, "profile gen6 has no gen11+ interrupt aggregator to replace");
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

TEST(GtClock, TheProfileClockUnlessTheCallerGivesOne)
{
    GtFixture self = { 0 };
    build(&self, "gen6", 0);
    EXPECT_EQ(gt_clock_period(self.model), 1176u);
    teardown(&self);
    build(&self, "gen12", 1000);
    EXPECT_EQ(gt_clock_period(self.model), 1000u);
    teardown(&self);
}

TEST(GtMap, Gen12EveryBlockAtItsBaseAndNothingElse)
{
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    uint32_t value = 0xdeadbeef;
    EXPECT_EQ(bar_read(&self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, &value), TLM_STATUS_OK);
    EXPECT_EQ(value, 0u);
    const unsigned engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS, CS_ENGINE_VECS };
    for (size_t i = 0; i < 4; i++) {
        ASSERT_TRUE(gt_engine(self.model, engines[i]) != NULL);
        uint64_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[engines[i]].mmio_base;
        EXPECT_EQ(bar_read(&self, base + CS_RING_HEAD_OFFSET, NULL), TLM_STATUS_OK);
    }
    EXPECT_EQ(bar_read(&self, DOORBELL_MMIO_BASE, NULL), TLM_STATUS_OK);
    EXPECT_EQ(bar_read(&self, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET, NULL), TLM_STATUS_OK);
    EXPECT_TRUE(gt_doorbell(self.model) != NULL);
    EXPECT_TRUE(gt_guc_scheduler(self.model) != NULL);
    EXPECT_TRUE(gt_irq_gen11(self.model) != NULL);
    EXPECT_TRUE(gt_irq_gen6(self.model) == NULL);
    /* Where the profile has nothing: unimplemented offsets of the BAR (0x8000, gen6's registers,
     * 0x0); beyond the BAR an address error. */
    EXPECT_TRUE(unimplemented(&self, 0x8000));
    EXPECT_TRUE(unimplemented(&self, IRQ_GEN6_MMIO_BASE));
    EXPECT_TRUE(unimplemented(&self, 0x0));
    EXPECT_EQ(bar_read(&self, GT_MMIO_BAR_SIZE, NULL), TLM_STATUS_ADDRESS_ERROR);
    teardown(&self);
}

TEST(GtMap, Gen6ThreeEnginesTheGtRegistersNoGuc)
{
    GtFixture self = { 0 };
    build(&self, "gen6", 0);
    EXPECT_EQ(bar_read(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, NULL), TLM_STATUS_OK);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_RCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_VCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_BCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_VECS) == NULL);
    EXPECT_EQ(bar_read(&self, cs_profile_get(CS_PROFILE_GEN6)->engines[CS_ENGINE_RCS].mmio_base + CS_GEN6_HWS_PGA_OFFSET,
                       NULL),
              TLM_STATUS_OK); /* the HWS_PGA window */
    EXPECT_TRUE(unimplemented(&self, DOORBELL_MMIO_BASE));
    EXPECT_TRUE(unimplemented(&self, GUC_MMIO_BASE));
    EXPECT_TRUE(unimplemented(&self, IRQ_GEN11_MMIO_BASE));
    EXPECT_TRUE(unimplemented(&self, cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_VECS].mmio_base)); /* gen12's VECS */
    EXPECT_TRUE(gt_doorbell(self.model) == NULL);
    EXPECT_TRUE(gt_guc(self.model) == NULL);
    EXPECT_TRUE(gt_guc_mmio(self.model) == NULL);
    EXPECT_TRUE(gt_irq_guc_target(self.model) == NULL);
    teardown(&self);
}

TEST(GtEvents, MessagesIntoTheAggregatorAreRecordedWithTheirTime)
{
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    tlm_kernel_run_for(self.kernel, 5000);
    irq_message message = { .engine_class = 3, .instance = 0, .data = 0x11 };
    irq_message_send(gt_irq_sink(self.model), &message);
    ASSERT_EQ(gt_event_count(self.model), 1u);
    const gt_event *event = gt_event_at(self.model, 0);
    EXPECT_EQ(event->kind, GT_EVENT_IRQ_MESSAGE);
    EXPECT_EQ(event->time, 5000u);
    EXPECT_EQ(event->a, 3u);
    EXPECT_EQ(event->b, 0u);
    EXPECT_EQ(event->c, 0x11u);
    EXPECT_EQ(gt_event_total(self.model, GT_EVENT_IRQ_MESSAGE), 1u);
    EXPECT_EQ(gt_event_total(self.model, GT_EVENT_HOST_IRQ_RAISED), 0u); /* the tree is not enabled */
    EXPECT_TRUE(gt_event_at(self.model, 1) == NULL);
    teardown(&self);
}

TEST(GtEvents, TheRecordKeepsItsCapacityAndCountsTheRest)
{
    GtFixture self = { 0 };
    build(&self, "gen6", 0);
    irq_message message = { .engine_class = 0, .instance = 0, .data = 0x1 };
    for (unsigned i = 0; i < GT_EVENT_CAPACITY + 10; i++)
        irq_message_send(gt_irq_sink(self.model), &message);
    EXPECT_EQ(gt_event_count(self.model), GT_EVENT_CAPACITY);
    EXPECT_EQ(gt_event_total(self.model, GT_EVENT_IRQ_MESSAGE), GT_EVENT_CAPACITY + 10u);
    teardown(&self);
}

/* ---- unimplemented offsets (docs/reference/gt.md "Unimplemented offsets") ---------------------------- */

TEST(GtBar, AnUnimplementedOffsetReadsZeroDropsWritesAndIsLoggedOnce)
{
    /* spec 001 "SW Virtualization Reserved MMIO range": reads return zeros "like any other
     * unimplemented MMIO address"; writes are ignored. */
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    tlm_logger *logger = tlm_kernel_logger(self.kernel);
    uint64_t warnings = tlm_logger_count(logger, TLM_LOG_WARNING);
    EXPECT_EQ(bar_write(&self, 0x178010, 0x12345678), TLM_STATUS_OK);
    EXPECT_TRUE(unimplemented(&self, 0x178010)); /* the write left nothing */
    EXPECT_TRUE(unimplemented(&self, 0x8000));
    EXPECT_TRUE(unimplemented(&self, 0x178010));
    EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_WARNING), warnings + 2); /* once per offset */
    EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), 0u);
    const gt_mmio_stats *stats = gt_mmio_get_stats(self.model);
    EXPECT_EQ(stats->unimplemented_accesses, 4u);
    EXPECT_EQ(stats->unimplemented_offsets, 2u);
    ASSERT_EQ(stats->first_count, 2u);
    EXPECT_EQ(stats->first_offsets[0], 0x178010u); /* in the order first touched */
    EXPECT_EQ(stats->first_offsets[1], 0x8000u);
    teardown(&self);
}

TEST(GtBar, AHoleInsideABlockIsUnimplementedToo)
{
    /* The render engine's block has no register at base + 0x7F0, gen6's at the gen8+ GPRs; the
     * GuC block none at its last dword. */
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    EXPECT_TRUE(unimplemented(&self, rcs + 0x7F0));
    EXPECT_TRUE(unimplemented(&self, GUC_MMIO_BASE + GUC_BLOCK_SIZE - 4));
    teardown(&self);
    build(&self, "gen6", 0);
    EXPECT_TRUE(unimplemented(&self, cs_profile_get(CS_PROFILE_GEN6)->engines[CS_ENGINE_RCS].mmio_base + CS_GPR0_OFFSET));
    teardown(&self);
}

/* The first offset of `block` from `from` on where it has no register, or UINT32_MAX when it has
 * none. */
static uint32_t first_hole(const tlm_register_block_desc *block, uint32_t from)
{
    for (uint32_t offset = from; offset < block->size; offset += 4)
        if (tlm_register_find(block, offset) < 0)
            return offset;
    return UINT32_MAX;
}

/* A hole of the block mapped at `base`: read 0 and counted as one unimplemented offset (twice
 * accessed, logged once as a warning), the write dropped, no error line from the block's own
 * register file; with strict MMIO an address error. Holes of every block count alike. */
static void expect_hole_unimplemented(GtFixture *self, uint64_t base, const tlm_register_block_desc *block,
                                      uint32_t from, bool strict)
{
    uint32_t hole = first_hole(block, from);
    ASSERT_TRUE(hole != UINT32_MAX);
    tlm_logger *logger = tlm_kernel_logger(self->kernel);
    uint64_t warnings = tlm_logger_count(logger, TLM_LOG_WARNING);
    uint64_t errors = tlm_logger_count(logger, TLM_LOG_ERROR);
    const gt_mmio_stats *stats = gt_mmio_get_stats(self->model);
    uint64_t offsets = stats->unimplemented_offsets, accesses = stats->unimplemented_accesses;
    uint32_t value = 0xdeadbeef;
    if (strict) {
        EXPECT_EQ(bar_read(self, base + hole, &value), TLM_STATUS_ADDRESS_ERROR);
        EXPECT_EQ(bar_write(self, base + hole, 0x1234), TLM_STATUS_ADDRESS_ERROR);
        EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), errors + 1); /* the BAR's one line */
    } else {
        EXPECT_EQ(bar_write(self, base + hole, 0x1234), TLM_STATUS_OK);
        EXPECT_EQ(bar_read(self, base + hole, &value), TLM_STATUS_OK);
        EXPECT_EQ(value, 0u);
        EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), errors);
        EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_WARNING), warnings + 1);
    }
    EXPECT_EQ(stats->unimplemented_offsets, offsets + 1);
    EXPECT_EQ(stats->unimplemented_accesses, accesses + 2);
}

TEST(GtBar, AHoleInsideEveryBlockIsTheBarsUnimplementedOffset)
{
    /* The interrupt tree, the doorbells, the OA registers and the engines and GuC answer their
     * holes as the BAR's unimplemented offsets (docs/reference/gt.md). */
    for (int strict = 0; strict < 2; strict++) {
        GtFixture self = { 0 };
        build_strict(&self, "gen12", 0, strict);
        expect_hole_unimplemented(&self, IRQ_GEN11_MMIO_BASE, &irq_gen11_regs, 0, strict);
        /* The doorbell block's bell cells fill its first 2 KiB (one descriptor per cell pair). */
        expect_hole_unimplemented(&self, DOORBELL_MMIO_BASE, &doorbell_regs, DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE,
                                  strict);
        expect_hole_unimplemented(&self, EU_OAG_MMIO_BASE, &eu_regs, 0, strict);
        uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
        expect_hole_unimplemented(&self, rcs, &cs_regs, 0, strict);
        expect_hole_unimplemented(&self, GUC_MMIO_BASE, &guc_regs, 0, strict);
        teardown(&self);
        /* gen6's interrupt block has no hole: its dwords are all registers. */
        EXPECT_EQ(first_hole(&irq_gen6_regs, 0), UINT32_MAX);
    }
}

/* A waveform sink that keeps the responses of the BAR's transaction rows (scope "mmio"). */
typedef struct MmioResponses {
    tlm_trace_id next;       /* last id handed out */
    tlm_trace_id response;   /* the "mmio" scope's response row */
    unsigned address_errors; /* changes of it to ADDRESS_ERROR */
    unsigned oks;            /* changes of it to OK */
} MmioResponses;

static uint32_t rows_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    (void)name, (void)entries, (void)count;
    return ++((MmioResponses *)sink)->next;
}

static tlm_trace_id rows_declare(void *sink, const tlm_trace_row *row)
{
    MmioResponses *rows = sink;
    tlm_trace_id id = ++rows->next;
    if (strcmp(row->scope, "mmio") == 0 && strcmp(row->name, "response") == 0)
        rows->response = id;
    return id;
}

static void rows_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    (void)at, (void)now;
    MmioResponses *rows = sink;
    if (id != rows->response)
        return;
    if (value == tlm_trace_response_code(TLM_STATUS_ADDRESS_ERROR))
        rows->address_errors++;
    else if (value == tlm_trace_response_code(TLM_STATUS_OK))
        rows->oks++;
}

static void rows_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    (void)sink, (void)id, (void)at, (void)now, (void)text;
}

TEST(GtBar, AHoleInsideABlockShowsOkOnTheWaveformAsTheHostSees)
{
    /* The block answers its hole through the BAR's handler inside its own access, so the
     * waveform's mmio response row shows the OK the host gets, not the block's ADDRESS_ERROR. */
    static const tlm_trace_ops ops = { .declare_enum = rows_declare_enum, .declare = rows_declare,
                                       .change = rows_change, .change_text = rows_change_text };
    MmioResponses rows = { 0 };
    tlm_tracer tracer = { .ops = &ops, .sink = &rows };
    GtFixture self = { 0 };
    self.kernel = tlm_kernel_create();
    tlm_kernel_set_tracer(self.kernel, &tracer);
    tlm_logger_set_level(tlm_kernel_logger(self.kernel), TLM_LOG_ERROR);
    self.memory = tlm_memory_create(self.kernel, "gfx_memory", 0);
    gt_config config = { .profile = gt_profile_find("gen12"), .memory = self.memory };
    char error[256] = "";
    self.model = gt_create(self.kernel, &config, error, sizeof error);
    ASSERT_TRUE(self.model != NULL);
    ASSERT_TRUE(rows.response != TLM_TRACE_NONE);
    uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    EXPECT_TRUE(unimplemented(&self, IRQ_GEN11_MMIO_BASE + first_hole(&irq_gen11_regs, 0)));
    EXPECT_TRUE(unimplemented(&self, EU_OAG_MMIO_BASE + first_hole(&eu_regs, 0)));
    EXPECT_TRUE(unimplemented(&self, rcs + first_hole(&cs_regs, 0)));
    EXPECT_EQ(rows.address_errors, 0u);
    EXPECT_EQ(bar_read(&self, GT_MMIO_BAR_SIZE, NULL), TLM_STATUS_ADDRESS_ERROR); /* the row can show one */
    EXPECT_EQ(rows.address_errors, 1u);
    teardown(&self);
}

TEST(GtBar, BeyondTheBarIsAnAddressError)
{
    GtFixture self = { 0 };
    build(&self, "gen6", 0);
    EXPECT_EQ(bar_read(&self, GT_MMIO_BAR_SIZE, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(bar_write(&self, GT_MMIO_BAR_SIZE + 0x1000, 1), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(bar_read(&self, GT_MMIO_BAR_SIZE - 4, NULL), TLM_STATUS_OK); /* the last dword inside */
    EXPECT_EQ(gt_mmio_get_stats(self.model)->unimplemented_accesses, 1u);
    teardown(&self);
}

TEST(GtBar, StrictModeMakesAnUnimplementedOffsetAnError)
{
    GtFixture self = { 0 };
    build_strict(&self, "gen12", 0, true);
    tlm_logger *logger = tlm_kernel_logger(self.kernel);
    EXPECT_EQ(bar_read(&self, 0x8000, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(bar_write(&self, 0x8000, 1), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), 1u); /* logged once, as an error */
    EXPECT_EQ(gt_mmio_get_stats(self.model)->unimplemented_accesses, 2u);
    /* Registers answer as ever. */
    EXPECT_EQ(bar_read(&self, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET, NULL), TLM_STATUS_OK);
    teardown(&self);
}

TEST(GtBar, EnginesReachUnimplementedOffsetsLikeTheHost)
{
    /* An engine's MI_LOAD_REGISTER_IMM / MI_STORE_REGISTER_MEM goes through the same BAR: the
     * render engine's MMIO port is the BAR front, so a write to an unimplemented offset is
     * counted, not refused. */
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    static const uint32_t ring[] = {
        0x11000001, 0x8000, 0x1,          /* MI_LOAD_REGISTER_IMM 0x8000 = 1 */
        0x10000002, 0x1000, 0x0, 0xcafe,  /* MI_STORE_DATA_IMM 0x1000 = 0xcafe */
    };
    tlm_payload fill = tlm_payload_make(TLM_CMD_WRITE, 0x10000, (void *)ring, sizeof ring);
    fill.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(self.memory), &fill, &delay);
    EXPECT_EQ(bar_write(&self, rcs + CS_RING_START_OFFSET, 0x10000), TLM_STATUS_OK);
    EXPECT_EQ(bar_write(&self, rcs + CS_RING_CTL_OFFSET, 1), TLM_STATUS_OK);
    EXPECT_EQ(bar_write(&self, rcs + CS_RING_TAIL_OFFSET, 32), TLM_STATUS_OK);
    tlm_kernel_run_for(self.kernel, 10000 * TLM_NS);
    uint32_t stored = 0;
    tlm_payload check = tlm_payload_make(TLM_CMD_READ, 0x1000, &stored, 4);
    check.address_space = TLM_SPACE_GGTT;
    tlm_b_transport(tlm_memory_target(self.memory), &check, &delay);
    EXPECT_EQ(stored, 0xcafeu); /* the engine went on past the write */
    EXPECT_EQ(gt_mmio_get_stats(self.model)->unimplemented_offsets, 1u);
    EXPECT_EQ(gt_mmio_get_stats(self.model)->first_offsets[0], 0x8000u);
    teardown(&self);
}

TEST(GtBar, TheHashingFuseIsReadableAt0xB00)
{
    /* spec 001 "Arming doorbells": the driver copies SNOOP_FILTER_Q_STATUS 0xB00[30] into the
     * GuC shim before arming any doorbell; the GT's fuse is 1 (guc_config.hash_fuse). */
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    uint32_t value = 0;
    EXPECT_EQ(bar_read(&self, 0xB00, &value), TLM_STATUS_OK);
    EXPECT_EQ(value, 1u << 30);
    EXPECT_EQ(gt_mmio_get_stats(self.model)->unimplemented_accesses, 0u);
    teardown(&self);
}

/* ---- host-to-GuC MMIO messages (docs/reference/guc.md "MMIO messages") --------------------------------- */

/* One intel_guc_send_mmio round (i915 intel_guc.c; xe xe_guc_mmio_send_recv): the request header
 * into GEN11_SOFT_SCRATCH(0), the GuC interrupted through GEN11_GUC_HOST_INTERRUPT, then the poll
 * of dword 0 until ORIGIN is the GuC's, bounded by the firmware's latency. The reply, or the
 * last value read when none came. */
static uint32_t send_mmio(GtFixture *self, uint32_t header)
{
    EXPECT_EQ(bar_write(self, GT_GEN11_SOFT_SCRATCH_0_OFFSET, header), TLM_STATUS_OK);
    EXPECT_EQ(bar_write(self, GT_GEN11_GUC_HOST_INTERRUPT_OFFSET, 0), TLM_STATUS_OK);
    uint32_t value = 0;
    EXPECT_EQ(bar_read(self, GT_GEN11_SOFT_SCRATCH_0_OFFSET, &value), TLM_STATUS_OK);
    EXPECT_EQ(value, header); /* the firmware answers after its latency, not at once */
    for (unsigned cycle = 0; cycle <= GT_GUC_LATENCY_CYCLES; cycle++) {
        tlm_kernel_run_for(self->kernel, gt_clock_period(self->model));
        bar_read(self, GT_GEN11_SOFT_SCRATCH_0_OFFSET, &value);
        if (value & GUC_HXG_MSG_0_ORIGIN)
            break;
    }
    return value;
}

TEST(GtGucMmio, AnUnderstoodRequestGetsSuccessAnUnknownOneFailureNotSupported)
{
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    /* guc_action_register_ct: ORIGIN host, TYPE request, ACTION HOST2GUC_REGISTER_CTB. */
    uint32_t reply = send_mmio(&self, GUC_ACTION_HOST2GUC_REGISTER_CTB);
    EXPECT_EQ(reply, GUC_HXG_MSG_0_ORIGIN | GUC_HXG_TYPE_RESPONSE_SUCCESS << GUC_HXG_MSG_0_TYPE_SHIFT);
    reply = send_mmio(&self, GUC_ACTION_HOST2GUC_CONTROL_CTB);
    EXPECT_EQ(reply, GUC_HXG_MSG_0_ORIGIN | GUC_HXG_TYPE_RESPONSE_SUCCESS << GUC_HXG_MSG_0_TYPE_SHIFT);
    /* An action the firmware does not know: RESPONSE_FAILURE, HINT 0, ERROR NOT_SUPPORTED. */
    reply = send_mmio(&self, 0x0123u);
    EXPECT_EQ((reply & GUC_HXG_MSG_0_TYPE) >> GUC_HXG_MSG_0_TYPE_SHIFT, GUC_HXG_TYPE_RESPONSE_FAILURE);
    EXPECT_EQ(reply & GUC_HXG_FAILURE_MSG_0_ERROR, GUC_RESPONSE_NOT_SUPPORTED);
    EXPECT_EQ(reply & GUC_HXG_FAILURE_MSG_0_HINT, 0u);
    EXPECT_TRUE((reply & GUC_HXG_MSG_0_ORIGIN) != 0);
    teardown(&self);
}

TEST(GtGucMmio, ADwordThatIsNoHostRequestIsLeftAlone)
{
    /* A reply already in dword 0 (ORIGIN GuC), or a message of another type than request: the
     * interrupt is acknowledged, dword 0 keeps its value. */
    GtFixture self = { 0 };
    build(&self, "gen12", 0);
    const uint32_t values[] = { GUC_HXG_MSG_0_ORIGIN | GUC_HXG_TYPE_RESPONSE_SUCCESS << GUC_HXG_MSG_0_TYPE_SHIFT,
                                GUC_HXG_TYPE_RESPONSE_FAILURE << GUC_HXG_MSG_0_TYPE_SHIFT | 0x4505u };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        EXPECT_EQ(bar_write(&self, GT_GEN11_SOFT_SCRATCH_0_OFFSET, values[i]), TLM_STATUS_OK);
        EXPECT_EQ(bar_write(&self, GT_GEN11_GUC_HOST_INTERRUPT_OFFSET, 0), TLM_STATUS_OK);
        tlm_kernel_run_for(self.kernel, 2 * GT_GUC_LATENCY_CYCLES * gt_clock_period(self.model));
        uint32_t value = 0;
        EXPECT_EQ(bar_read(&self, GT_GEN11_SOFT_SCRATCH_0_OFFSET, &value), TLM_STATUS_OK);
        EXPECT_EQ(value, values[i]);
    }
    teardown(&self);
}
