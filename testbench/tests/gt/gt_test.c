/* The GT (models/gt/gt.h, docs/gt.md): the profile table's public clocks, every block of each
 * profile at its base on the one MMIO map and nothing where the profile has no block, the
 * refusals of gt_create, the caller's clock override, and the event record's taps. */
#include <stdint.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_regs.h"
#include "doorbell.h"
#include "gt.h"
#include "guc.h"
#include "guc_regs.h"
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

static void build(GtFixture *self, const char *profile, tlm_time clock_period)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR);
    self->memory = tlm_memory_create(self->kernel, "gfx_memory", 0);
    gt_config config = { .profile = gt_profile_find(profile), .memory = self->memory, .clock_period = clock_period };
    char error[256] = "";
    self->model = gt_create(self->kernel, &config, error, sizeof error);
    if (!self->model)
        ADD_FAILURE("%s", error);
}

static void teardown(GtFixture *self)
{
    gt_destroy(self->model);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

/* A 32-bit host read at `offset` of the BAR; the response. */
static tlm_response_status bar_read(GtFixture *self, uint64_t offset, uint32_t *value)
{
    uint32_t data = 0;
    tlm_payload payload = tlm_payload_make(TLM_READ_COMMAND, offset, &data, 4);
    payload.address_space = TLM_SPACE_MMIO;
    tlm_time delay = 0;
    tlm_b_transport(gt_mmio(self->model), &payload, &delay);
    if (value)
        *value = data;
    return payload.response;
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
    EXPECT_EQ(bar_read(&self, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, &value), TLM_OK_RESPONSE);
    EXPECT_EQ(value, 0u);
    const unsigned engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS, CS_ENGINE_VECS };
    for (size_t i = 0; i < 4; i++) {
        ASSERT_TRUE(gt_engine(self.model, engines[i]) != NULL);
        uint64_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[engines[i]].mmio_base;
        EXPECT_EQ(bar_read(&self, base + CS_RING_HEAD_OFFSET, NULL), TLM_OK_RESPONSE);
    }
    EXPECT_EQ(bar_read(&self, DOORBELL_MMIO_BASE, NULL), TLM_OK_RESPONSE);
    EXPECT_EQ(bar_read(&self, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET, NULL), TLM_OK_RESPONSE);
    EXPECT_TRUE(gt_doorbell(self.model) != NULL);
    EXPECT_TRUE(gt_guc_scheduler(self.model) != NULL);
    EXPECT_TRUE(gt_irq_gen11(self.model) != NULL);
    EXPECT_TRUE(gt_irq_gen6(self.model) == NULL);
    /* Where the profile has nothing: the bring-up window's neighbour 0x8000, gen6's registers. */
    EXPECT_EQ(bar_read(&self, 0x8000, NULL), TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(bar_read(&self, IRQ_GEN6_MMIO_BASE, NULL), TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(bar_read(&self, 0x0, NULL), TLM_ADDRESS_ERROR_RESPONSE); /* left to the system */
    teardown(&self);
}

TEST(GtMap, Gen6ThreeEnginesTheGtRegistersNoGuc)
{
    GtFixture self = { 0 };
    build(&self, "gen6", 0);
    EXPECT_EQ(bar_read(&self, IRQ_GEN6_MMIO_BASE + IRQ_GEN6_GTIMR_OFFSET, NULL), TLM_OK_RESPONSE);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_RCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_VCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_BCS) != NULL);
    EXPECT_TRUE(gt_engine(self.model, CS_ENGINE_VECS) == NULL);
    EXPECT_EQ(bar_read(&self, cs_profile_get(CS_PROFILE_GEN6)->engines[CS_ENGINE_RCS].mmio_base + CS_GEN6_HWS_PGA_OFFSET,
                       NULL),
              TLM_OK_RESPONSE); /* the HWS_PGA window */
    EXPECT_EQ(bar_read(&self, DOORBELL_MMIO_BASE, NULL), TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(bar_read(&self, GUC_MMIO_BASE, NULL), TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(bar_read(&self, IRQ_GEN11_MMIO_BASE, NULL), TLM_ADDRESS_ERROR_RESPONSE);
    EXPECT_EQ(bar_read(&self, cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_VECS].mmio_base, NULL),
              TLM_ADDRESS_ERROR_RESPONSE); /* gen12's VECS */
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
