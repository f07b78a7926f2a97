/* The toy twin proves the path of adding an RTL twin (docs/contributing.md "Adding an RTL twin"): a tiny
 * AXI4-Lite block (rtl/toy/toy_scratch.sv, registers in toy_regs.toml) with its C model, its
 * Verilator wrapper, its twin and its lockstep, runs in model, rtl and lockstep modes through
 * the platform (gtsim_system) without one edit to the platform or the CLI:
 *
 *   - ONE descriptor entry: `toy_descriptor` below, appended to the registry from the test
 *     (gtsim_twin_registry_add), so the toy never appears in gtsim's --rtl list;
 *   - ONE build call: gtsim_add_twin(toy ...) in this directory's CMakeLists.txt, which
 *     verilates the RTL, builds the wrapper, the twin, the lockstep, their planted-bug variants
 *     and the lint test rtl.toy.lint.
 * Besides the block's own files (RTL, register description, model, wrapper, twin, lockstep)
 * nothing else changed: gtsim_system.c, gtsim_main.c and the product's CMakeLists are untouched.
 *
 * Built twice. test_twin_toy_test checks the register rules in every mode (expected values
 * from toy_regs.toml, not from either side) and the registry's rules. test_twin_toy_planted_test
 * (TOY_PLANTED, linked against the planted-bug libraries: a SCRATCH write keeps byte 3) checks
 * that lockstep catches the bug and that the RTL alone shows it. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cosim_lockstep.h"
#include "gtsim_system.h"
#include "tb_test.h"
#include "cosim_toy_lockstep.h"
#include "cosim_toy_twin.h"
#include "gtsim_twin_registry.h"
#include "toy_model.h"
#include "toy_regs.h"

/* Where the toy sits on the GT's BAR: above the round-trip block's window (GTSIM_SYSTEM_ROUNDTRIP_BASE,
 * 4 KiB) and below the GTT half, where no register of the GT decodes (docs/reference/gt.md "MMIO map"). */
#define TOY_BASE (GTSIM_SYSTEM_ROUNDTRIP_BASE + 0x10000u)

/* ---- the descriptor entry ----------------------------------------------------------------- */

static void toy_create_model(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    instance->model = toy_model_create(platform->kernel, "toy");
}

static void toy_create_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    instance->twin = cosim_toy_twin_create(platform->kernel, platform->clock, "toy_rtl");
}

static void toy_create_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    toy_create_model(instance, platform);
    toy_create_rtl(instance, platform);
    instance->lockstep = cosim_toy_lockstep_create(platform->kernel, "toy_lockstep", instance->model, instance->twin);
}

/* A block outside the GT: mapped on its BAR once the GT exists. */
static void toy_attach(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    const tlm_target *target = instance->lockstep ? cosim_lockstep_target(instance->lockstep)
                               : instance->twin   ? cosim_toy_twin_target(instance->twin)
                                                  : toy_model_target(instance->model);
    gt_mmio_map(platform->gt, TOY_BASE, TOY_BLOCK_SIZE, target);
}

static void toy_destroy(gtsim_twin_instance *instance)
{
    cosim_lockstep_destroy(instance->lockstep);
    cosim_toy_twin_destroy(instance->twin);
    toy_model_destroy(instance->model);
}

static uint64_t toy_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_toy_twin_assertion_failures(instance->twin) : 0;
}

static uint64_t toy_mismatches(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_lockstep_mismatches(instance->lockstep) : 0;
}

static uint64_t toy_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_lockstep_transactions(instance->lockstep) : 0;
}

static const char *const toy_profiles[] = { "gen12", NULL };

static const gtsim_twin_descriptor toy_descriptor = {
    .name = "toy",
    .description = "the toy scratch block (tests only)",
    .profiles = toy_profiles,
    .absent = "has no toy scratch block (a gen12 test block)",
    .mode_offset = offsetof(gtsim_system_config, added_modes[0]),
    .create_model = toy_create_model,
    .create_rtl = toy_create_rtl,
    .create_lockstep = toy_create_lockstep,
    .attach = toy_attach,
    .destroy = toy_destroy,
    .assertion_failures = toy_assertion_failures,
    .mismatches = toy_mismatches,
    .transactions = toy_transactions,
};

/* Each test runs in its own process: the first use registers the toy there. */
static void register_toy(void)
{
    static bool registered;
    if (!registered)
        registered = gtsim_twin_registry_add(&toy_descriptor);
    ASSERT_TRUE(registered);
}

/* ---- the system with the toy, and host accesses to it ------------------------------------- */

typedef struct Toy {
    gtsim_system *system;   /* the system under test */
    gtsim_block_mode mode;  /* how the toy is simulated */
    uint64_t accesses;   /* host accesses made to the toy */
} Toy;

static tlm_status access(Toy *self, tlm_cmd command, uint32_t offset, uint8_t *data,
                                  const uint8_t *byte_enable)
{
    tlm_payload payload = tlm_payload_make(command, TOY_BASE + offset, data, 4);
    payload.byte_enable = byte_enable;
    payload.byte_enable_length = byte_enable ? 4 : 0;
    tlm_time delay = 0;
    tlm_b_transport(gtsim_system_mmio(self->system), &payload, &delay);
    tlm_kernel_run_for(gtsim_system_kernel(self->system), delay);
    self->accesses++;
    return payload.response;
}

static tlm_status mmio_write(Toy *self, uint32_t offset, uint32_t value)
{
    uint8_t bytes[4];
    memcpy(bytes, &value, 4);
    return access(self, TLM_CMD_WRITE, offset, bytes, NULL);
}

static uint32_t mmio_read(Toy *self, uint32_t offset)
{
    uint8_t bytes[4] = { 0xEE, 0xEE, 0xEE, 0xEE };
    ASSERT_EQ(access(self, TLM_CMD_READ, offset, bytes, NULL), TLM_STATUS_OK);
    uint32_t value;
    memcpy(&value, bytes, 4);
    return value;
}

static void set_up(Toy *self, gtsim_block_mode mode)
{
    register_toy();
    char error[160] = "";
    gtsim_system_config config = { .profile = "gen12" };
    *gtsim_twin_mode_slot(&toy_descriptor, &config) = mode;
    self->mode = mode;
    self->system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(self->system != NULL);
    /* Refused accesses are logged as errors by design; keep test output to real failures. */
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_LEVEL_COUNT);
}

static void tear_down(Toy *self)
{
    gtsim_system_destroy(self->system);
}

typedef Toy ToyModel;
typedef Toy ToyRtl;
typedef Toy ToyLockstep;
static void ToyModel_SetUp(ToyModel *self) { set_up(self, GTSIM_MODE_MODEL); }
static void ToyModel_TearDown(ToyModel *self) { tear_down(self); }
static void ToyRtl_SetUp(ToyRtl *self) { set_up(self, GTSIM_MODE_RTL); }
static void ToyRtl_TearDown(ToyRtl *self) { tear_down(self); }
static void ToyLockstep_SetUp(ToyLockstep *self) { set_up(self, GTSIM_MODE_LOCKSTEP); }
static void ToyLockstep_TearDown(ToyLockstep *self) { tear_down(self); }

/* What the platform built for the mode: the model, the twin, or both and their compare. */
static void check_instance(Toy *self)
{
    gtsim_twin_instance *instance = gtsim_system_twin(self->system, "toy");
    ASSERT_TRUE(instance != NULL);
    EXPECT_EQ(instance->mode, self->mode);
    EXPECT_EQ(instance->model != NULL, self->mode != GTSIM_MODE_RTL);
    EXPECT_EQ(instance->twin != NULL, self->mode != GTSIM_MODE_MODEL);
    EXPECT_EQ(instance->lockstep != NULL, self->mode == GTSIM_MODE_LOCKSTEP);
}

#ifndef TOY_PLANTED

/* toy_regs.toml: SCRATCH keeps what is written (strobed bytes only); STATUS.WRITES counts the
 * accepted SCRATCH writes; STATUS is read-only (SLVERR: generic error); no register -> DECERR
 * (address error). */
static void body_register_round_trip(Toy *self)
{
    check_instance(self);
    EXPECT_EQ(mmio_read(self, TOY_SCRATCH_OFFSET), 0u);
    EXPECT_EQ(mmio_read(self, TOY_STATUS_OFFSET), 0u);
    EXPECT_EQ(mmio_write(self, TOY_SCRATCH_OFFSET, 0xA5C35A3Cu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, TOY_SCRATCH_OFFSET), 0xA5C35A3Cu);
    /* Bytes 1 and 3 strobed: bytes 0 and 2 keep 0x3C and 0xC3. */
    static const uint8_t odd_bytes[4] = { 0x00, 0xFF, 0x00, 0xFF };
    uint8_t data[4] = { 0x11, 0x22, 0x33, 0x44 };
    EXPECT_EQ(access(self, TLM_CMD_WRITE, TOY_SCRATCH_OFFSET, data, odd_bytes), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, TOY_SCRATCH_OFFSET), 0x44C3223Cu);
    EXPECT_EQ(mmio_read(self, TOY_STATUS_OFFSET), 2u << TOY_STATUS_WRITES_SHIFT);
    /* STATUS is read-only: refused, and the count does not move. */
    EXPECT_EQ(mmio_write(self, TOY_STATUS_OFFSET, 0xFFu), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(mmio_read(self, TOY_STATUS_OFFSET), 2u << TOY_STATUS_WRITES_SHIFT);
    uint8_t bytes[4];
    EXPECT_EQ(access(self, TLM_CMD_READ, TOY_STATUS_OFFSET + 4, bytes, NULL), TLM_STATUS_ADDRESS_ERROR);

    EXPECT_EQ(gtsim_system_rtl_assertion_failures(self->system), 0u);
    EXPECT_EQ(gtsim_system_mismatches(self->system), 0u);
    /* In lockstep every host access to the toy went through the compare. */
    gtsim_twin_instance *instance = gtsim_system_twin(self->system, "toy");
    EXPECT_EQ(toy_descriptor.transactions(instance), self->mode == GTSIM_MODE_LOCKSTEP ? self->accesses : 0u);
}

TEST_F(ToyModel, RegisterRoundTrip) { body_register_round_trip(self); }
TEST_F(ToyRtl, RegisterRoundTrip) { body_register_round_trip(self); }
TEST_F(ToyLockstep, RegisterRoundTrip) { body_register_round_trip(self); }

/* The product's twins keep their order; the toy comes after them, once. */
TEST(TwinRegistry, TestTwinIsAppendedAfterTheProducts)
{
    char names[128];
    EXPECT_STREQ(gtsim_twin_names(names, sizeof names), "roundtrip, irq, doorbell, cs");
    register_toy();
    EXPECT_STREQ(gtsim_twin_names(names, sizeof names), "roundtrip, irq, doorbell, cs, toy");
    size_t index = 0;
    EXPECT_TRUE(gtsim_twin_find("toy", 3, &index) == &toy_descriptor);
    EXPECT_EQ(index, 4u);
    EXPECT_TRUE(gtsim_twin_find("toy,irq", 3, NULL) == &toy_descriptor);
    EXPECT_TRUE(gtsim_twin_find("to", 2, NULL) == NULL);
}

/* A name is registered once; a descriptor without what the platform calls is refused. */
TEST(TwinRegistry, RefusesTakenNamesAndIncompleteDescriptors)
{
    register_toy();
    EXPECT_FALSE(gtsim_twin_registry_add(&toy_descriptor));
    gtsim_twin_descriptor same_name = toy_descriptor;
    same_name.name = "irq";
    EXPECT_FALSE(gtsim_twin_registry_add(&same_name));
    gtsim_twin_descriptor incomplete = toy_descriptor;
    incomplete.name = "toy2";
    incomplete.create_rtl = NULL;
    EXPECT_FALSE(gtsim_twin_registry_add(&incomplete));
    EXPECT_EQ(gtsim_twin_count(), 5u); /* the four product twins and the toy */
}

/* The profiles come from the descriptor: gen6 has no toy, and says so in the descriptor's words. */
TEST(TwinRegistry, ProfilesComeFromTheDescriptor)
{
    register_toy();
    EXPECT_TRUE(gtsim_twin_in_profile(&toy_descriptor, "gen12"));
    EXPECT_TRUE(gtsim_twin_in_profile(&toy_descriptor, NULL));
    EXPECT_FALSE(gtsim_twin_in_profile(&toy_descriptor, "gen6"));
    gtsim_system_config config = { .profile = "gen6" };
    *gtsim_twin_mode_slot(&toy_descriptor, &config) = GTSIM_MODE_RTL;
    char error[160] = "";
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    EXPECT_TRUE(system == NULL);
    EXPECT_STREQ(error, "profile gen6 has no toy scratch block (a gen12 test block)");
    gtsim_system_destroy(system);
    /* The product's accessors read the same descriptors. */
    EXPECT_TRUE(gtsim_system_profile_has_irq_twin("gen12"));
    EXPECT_FALSE(gtsim_system_profile_has_irq_twin("gen6"));
    EXPECT_TRUE(gtsim_system_profile_has_doorbell_twin(NULL));
    EXPECT_FALSE(gtsim_system_profile_has_doorbell_twin("gen6"));
}

#else /* TOY_PLANTED: the planted-bug RTL keeps SCRATCH's byte 3 */

/* Lockstep reports the divergence at the first read of SCRATCH after a write that changes
 * byte 3; the model is the reference, so the mismatch names the model's value. */
TEST_F(ToyLockstep, PlantedBugIsCaught)
{
    ASSERT_EQ(cosim_toy_twin_planted_bug(), 1);
    check_instance(self);
    EXPECT_EQ(mmio_write(self, TOY_SCRATCH_OFFSET, 0xA5C35A3Cu), TLM_STATUS_OK);
    EXPECT_EQ(gtsim_system_mismatches(self->system), 0u);
    (void)mmio_read(self, TOY_SCRATCH_OFFSET);
    EXPECT_EQ(gtsim_system_mismatches(self->system), 1u);
    gtsim_twin_instance *instance = gtsim_system_twin(self->system, "toy");
    const cosim_lockstep_mismatch *first = cosim_lockstep_first_mismatch(instance->lockstep);
    ASSERT_TRUE(first != NULL);
    EXPECT_TRUE(strstr(first->description, "read data at byte 3: model 0xa5c35a3c, rtl 0x00c35a3c") != NULL);
}

/* The RTL alone shows the bug: the run follows it. */
TEST_F(ToyRtl, PlantedBugKeepsTheTopByte)
{
    check_instance(self);
    EXPECT_EQ(mmio_write(self, TOY_SCRATCH_OFFSET, 0xA5C35A3Cu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, TOY_SCRATCH_OFFSET), 0x00C35A3Cu);
}

/* The bug is the RTL's: the model, the reference, keeps every byte. */
TEST_F(ToyModel, PlantedBugIsNotTheModels)
{
    check_instance(self);
    EXPECT_EQ(mmio_write(self, TOY_SCRATCH_OFFSET, 0xA5C35A3Cu), TLM_STATUS_OK);
    EXPECT_EQ(mmio_read(self, TOY_SCRATCH_OFFSET), 0xA5C35A3Cu);
}

#endif
