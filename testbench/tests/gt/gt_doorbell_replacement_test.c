/* The GT's doorbell replacement (models/gt/gt.h gt_config.doorbell, docs/reference/gt.md "Replacing a
 * block"): with one, the GT builds no doorbell controller model, maps the replacement's MMIO in
 * the BAR, and the GuC block installs through it and connects itself as its port (the RTL twin
 * and the lockstep are injected this way by testbench/platform). The replacement here is a
 * recorder in front of a doorbell model, so every path can be observed. */
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_regs.h"
#include "gt.h"
#include "guc.h"
#include "guc_regs.h"
#include "tb_test.h"

/* Counts what the GT and the GuC do with the replacement, then forwards to a model. */
typedef struct recorder {
    doorbell *inner;          /* the model standing behind the recorder */
    tlm_target target;        /* the replacement's MMIO */
    unsigned accesses;        /* MMIO accesses that reached it */
    unsigned installs;        /* installs the GuC shim made */
    unsigned port_sets;       /* GuC ports connected */
    doorbell_guc_port port;   /* the last one */
} recorder;

static void recorder_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    recorder *rec = self;
    rec->accesses++;
    tlm_b_transport(doorbell_target(rec->inner), payload, delay);
}

static doorbell_install_result recorder_install(void *self, unsigned bell, uint64_t line)
{
    recorder *rec = self;
    rec->installs++;
    return doorbell_install(rec->inner, bell, line);
}

static void recorder_set_guc_port(void *self, const doorbell_guc_port *port)
{
    recorder *rec = self;
    rec->port_sets++;
    rec->port = *port;
    doorbell_set_guc_port(rec->inner, port);
}

static void write32(const tlm_target *target, uint64_t address, uint32_t value, tlm_address_space space)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, &value, 4);
    payload.address_space = space;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
}

static uint32_t read32(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &value, 4);
    payload.address_space = TLM_SPACE_MMIO;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    return value;
}

TEST(GtDoorbellReplacement, TheGtUsesTheReplacementForMmioInstallsAndTheGucPort)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_ERROR);
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    recorder rec = { .inner = doorbell_create(kernel, "doorbell_inner", memory) };
    rec.target = (tlm_target){ .name = "recorder", .self = &rec, .b_transport = recorder_b_transport };
    doorbell_block replacement = { .target = &rec.target, .install = recorder_install,
                                   .set_guc_port = recorder_set_guc_port, .self = &rec };
    gt_config config = { .profile = gt_profile_find("gen12"), .memory = memory, .doorbell = &replacement };
    char error[256] = "";
    gt *model = gt_create(kernel, &config, error, sizeof error);
    if (!model)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(model != NULL);

    /* no model of its own; the GuC connected itself as the replacement's port */
    EXPECT_TRUE(gt_doorbell(model) == NULL);
    EXPECT_EQ(rec.port_sets, 1u);
    EXPECT_TRUE(rec.port.rung != NULL && rec.port.group_read != NULL);
    EXPECT_TRUE(rec.port.self == (void *)gt_guc(model));

    /* the host's BAR reaches the replacement at DOORBELL_MMIO_BASE */
    EXPECT_EQ(read32(gt_mmio(model), DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET), 0u);
    EXPECT_EQ(rec.accesses, 1u);

    /* the firmware's install through the GuC's view goes to the replacement's install
     * (spec 001 "Doorbell Arming Sequence": DRBREGU(n), then DRBREGL(n) with VALID) */
    const unsigned bell = 5;
    const uint64_t page = 0x700000;
    const uint64_t line = page + bell * 64u;
    const uint32_t active = 1;
    ASSERT_TRUE(tlm_memory_write_backdoor(memory, line, &active, 4)); /* DW0: active */
    const tlm_target *guc_view = gt_guc_mmio(model);
    write32(guc_view, GUC_MMIO_BASE + GUC_SHIM_CONTROL2_OFFSET, GUC_SHIM_CONTROL2_HASH_MODE_MASK, TLM_SPACE_MMIO);
    uint64_t drb = DOORBELL_MMIO_BASE + bell * DOORBELL_REGISTER_STRIDE;
    write32(guc_view, drb + DOORBELL_DRBREGU0_OFFSET, 0, TLM_SPACE_MMIO);
    write32(guc_view, drb + DOORBELL_DRBREGL0_OFFSET, (uint32_t)page | DOORBELL_DRBREGL0_VALID_MASK, TLM_SPACE_MMIO);
    EXPECT_EQ(rec.installs, 1u);
    EXPECT_TRUE(doorbell_valid(rec.inner, bell));
    EXPECT_EQ(doorbell_line(rec.inner, bell), line);
    EXPECT_EQ(read32(guc_view, GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET),
              GUC_DB_INSTALL_STATUS_DONE_MASK | bell << GUC_DB_INSTALL_STATUS_DOORBELL_SHIFT);

    /* a ring: the replacement's message reaches the GuC block through the port it was given */
    write32(tlm_memory_target(memory), line + 4, 7, TLM_SPACE_GGTT); /* DW1: a new cookie */
    EXPECT_EQ(guc_get_stats(gt_guc(model))->doorbell_messages, 1u);

    gt_destroy(model);
    doorbell_destroy(rec.inner);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

TEST(GtDoorbellReplacement, RefusedOnGen6AndWhenAnOperationIsMissing)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    doorbell *model = doorbell_create(kernel, "doorbell", memory);
    doorbell_block replacement = doorbell_block_of(model);
    char error[256] = "";
    gt_config config = { .profile = gt_profile_find("gen6"), .memory = memory, .doorbell = &replacement };
    EXPECT_TRUE(gt_create(kernel, &config, error, sizeof error) == NULL);
    EXPECT_STREQ(error, "profile gen6 has no GTI doorbell controller to replace");
    replacement.install = NULL;
    config.profile = gt_profile_find("gen12");
    EXPECT_TRUE(gt_create(kernel, &config, error, sizeof error) == NULL);
    EXPECT_STREQ(error, "the doorbell replacement lacks its MMIO target, install or GuC port");
    doorbell_destroy(model);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}
