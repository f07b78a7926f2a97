/* Interrupt source 7, Page Fault (spec 000 §1.1.7: "set whenever there is a pending PPGTT (page
 * or directory) fault"; spec 002: GGTT/PPGTT from Haswell on; docs/reference/cs.md "Interrupts"): a
 * memory access the bus refuses is the fault; the bit is a level until the ring is disabled.
 * The engine runs alone on a 16 MiB memory here, so that gen6's 32-bit addresses can miss it
 * (gtsim_system's memory answers every 32-bit address). */
#include <string.h>

#include "cs_engine_fixture.h"
#include "tlm_memory.h"

#define PAGE_FAULT_BIT (1u << 7)
#define MEMORY_BYTES 0x1000000u /* addresses at or above answer an address error */
#define UNMAPPED 0x2000000u

typedef struct FaultGt {
    CsSys sys;                /* assembles programs (sys.system stays NULL) */
    tlm_kernel *kernel;       /* time base */
    tlm_memory *memory;       /* the small graphics memory */
    cs_engine_model *engine;  /* the engine under test */
    uint64_t messages;        /* interrupt messages it sent */
    uint16_t data;            /* the data bits of the last one */
} FaultGt;

static void FaultGt_SetUp(FaultGt *self)
{
    memset(self, 0, sizeof *self);
}

static void FaultGt_TearDown(FaultGt *self)
{
    cs_engine_destroy(self->engine);
    if (self->memory)
        tlm_memory_destroy(self->memory);
    if (self->kernel)
        tlm_kernel_destroy(self->kernel);
}

static void take_message(void *context, const irq_message *message)
{
    FaultGt *self = context;
    self->messages++;
    self->data = message->data;
}

static void write_to(const tlm_target *target, uint64_t address, uint32_t value)
{
    ASSERT_EQ(access(target, TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

static uint32_t read_from(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_EQ(access(target, TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

static void build_alone(FaultGt *self, cs_profile profile, cs_engine engine)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    self->memory = tlm_memory_create(self->kernel, "memory", MEMORY_BYTES);
    cs_engine_config config = {
        .profile = profile,
        .engine = engine,
        .mmio_base = cs_profile_get(profile)->engines[engine].mmio_base,
        .memory = tlm_memory_target(self->memory),
        .irq = { .deliver = take_message, .self = self },
        .clock_period = TLM_NS,
    };
    self->engine = cs_engine_create(self->kernel, "engine", &config);
    ASSERT_TRUE(self->engine != NULL);
    self->sys.profile = profile;
    self->sys.engine = engine;
    const tlm_target *regs = cs_engine_target(self->engine);
    if (cs_engine_hws_pga_target(self->engine))
        write_to(cs_engine_hws_pga_target(self->engine), 0, HWSP);
    else
        write_to(regs, CS_HWS_PGA_OFFSET, HWSP);
    write_to(regs, CS_HWSTAM_OFFSET, ~PAGE_FAULT_BIT);
    write_to(regs, CS_IMR_OFFSET, ~PAGE_FAULT_BIT);
    write_to(tlm_memory_target(self->memory), HWSP, 0xdead);
}

/* Places the program (padded to a QWord) as the ring at RING and runs until idle. */
static void run_alone(FaultGt *self)
{
    CsSys *sys = &self->sys;
    if (sys->length & 1u)
        emit(sys, "MI_NOOP", 0, NULL, 0);
    for (uint32_t i = 0; i < sys->length; i++)
        write_to(tlm_memory_target(self->memory), RING + 4u * i, sys->program[i]);
    const tlm_target *regs = cs_engine_target(self->engine);
    write_to(regs, CS_RING_START_OFFSET, RING);
    write_to(regs, CS_RING_HEAD_OFFSET, 0);
    write_to(regs, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    write_to(regs, CS_RING_TAIL_OFFSET, 4u * sys->length);
    sys->length = 0;
    EXPECT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_MS), TLM_RUN_IDLE);
}

/* A batch at BATCH (non-secure unless `secure`) holding what was emitted, started from the ring. */
static void in_batch(FaultGt *self, bool secure)
{
    CsSys *sys = &self->sys;
    emit(sys, "MI_BATCH_BUFFER_END", 0, NULL, 0);
    for (uint32_t i = 0; i < sys->length; i++)
        write_to(tlm_memory_target(self->memory), BATCH + 4u * i, sys->program[i]);
    sys->length = 0;
    bb_start(sys, BATCH, secure, false);
}

static void store(FaultGt *self, uint64_t address, uint32_t data)
{
    sdi(&self->sys, address, data);
}

static uint32_t isr_fault(FaultGt *self)
{
    return cs_engine_isr(self->engine) & PAGE_FAULT_BIT;
}

static void refused_store_in_a_non_secure_batch(FaultGt *self, cs_profile profile)
{
    build_alone(self, profile, CS_ENGINE_RCS);
    store(self, UNMAPPED, 1);
    store(self, UNMAPPED + 8u, 2); /* a second fault while one is pending: no new event */
    store(self, DATA, 0x77);       /* a refused store does not stop the batch */
    in_batch(self, false);
    run_alone(self);
    EXPECT_EQ(read_from(tlm_memory_target(self->memory), DATA), 0x77u);
    EXPECT_EQ(isr_fault(self), PAGE_FAULT_BIT);
    EXPECT_EQ(cs_engine_get_stats(self->engine)->page_faults, 1u);
    EXPECT_EQ(self->messages, 1u);
    EXPECT_EQ(self->data, PAGE_FAULT_BIT);
    /* A level: the status page shows it set ("set when event occurs"). */
    EXPECT_EQ(read_from(tlm_memory_target(self->memory), HWSP), PAGE_FAULT_BIT);
    /* Disabling the ring services the fault ("cleared when event cleared"). */
    write_to(cs_engine_target(self->engine), CS_RING_CTL_OFFSET, 0);
    EXPECT_EQ(isr_fault(self), 0u);
    EXPECT_EQ(read_from(tlm_memory_target(self->memory), HWSP), 0u);
    EXPECT_EQ(self->messages, 1u); /* the clearing is no event */
}

TEST_F(FaultGt, RefusedStoreInANonSecureBatchIsAPageFaultGen6)
{
    refused_store_in_a_non_secure_batch(self, CS_PROFILE_GEN6);
}

TEST_F(FaultGt, RefusedStoreInANonSecureBatchIsAPageFaultGen12)
{
    refused_store_in_a_non_secure_batch(self, CS_PROFILE_GEN12);
}

static void refused_fetch_in_a_non_secure_batch(FaultGt *self, cs_profile profile)
{
    build_alone(self, profile, CS_ENGINE_BCS);
    bb_start(&self->sys, UNMAPPED, false, false);
    run_alone(self);
    EXPECT_TRUE(cs_engine_halted(self->engine));
    EXPECT_EQ(isr_fault(self), PAGE_FAULT_BIT);
    EXPECT_EQ(cs_engine_get_stats(self->engine)->page_faults, 1u);
}

TEST_F(FaultGt, RefusedFetchInANonSecureBatchIsAPageFaultGen6)
{
    refused_fetch_in_a_non_secure_batch(self, CS_PROFILE_GEN6);
}

TEST_F(FaultGt, RefusedFetchInANonSecureBatchIsAPageFaultGen12)
{
    refused_fetch_in_a_non_secure_batch(self, CS_PROFILE_GEN12);
}

TEST_F(FaultGt, GgttFaultIsNotAPageFaultGen6)
{
    /* spec 000: a pending PPGTT fault. The ring and secure batches use the GGTT. */
    build_alone(self, CS_PROFILE_GEN6, CS_ENGINE_RCS);
    store(self, UNMAPPED, 1);
    store(self, UNMAPPED, 2);
    in_batch(self, true);
    run_alone(self);
    EXPECT_EQ(read_from(cs_engine_target(self->engine), CS_ESR_OFFSET) & CS_ESR_PAGE_TABLE_MASK,
              CS_ESR_PAGE_TABLE_MASK);
    EXPECT_EQ(isr_fault(self), 0u);
    EXPECT_EQ(cs_engine_get_stats(self->engine)->page_faults, 0u);
    EXPECT_EQ(self->messages, 0u);
}

TEST_F(FaultGt, GgttFaultIsAPageFaultGen12)
{
    /* spec 002 (Haswell on): "a pending GGTT/PPGTT (page or directory) fault". */
    build_alone(self, CS_PROFILE_GEN12, CS_ENGINE_VECS);
    store(self, UNMAPPED, 1);
    run_alone(self);
    EXPECT_EQ(isr_fault(self), PAGE_FAULT_BIT);
    EXPECT_EQ(self->messages, 1u);
    cs_engine_reset(self->engine);
    EXPECT_EQ(isr_fault(self), 0u);
}

TEST_F(FaultGt, MaskedPageFaultSendsNoMessageGen12)
{
    build_alone(self, CS_PROFILE_GEN12, CS_ENGINE_VCS);
    write_to(cs_engine_target(self->engine), CS_IMR_OFFSET, 0xFFFFFFFFu);
    write_to(cs_engine_target(self->engine), CS_HWSTAM_OFFSET, 0xFFFFFFFFu);
    store(self, UNMAPPED, 1);
    run_alone(self);
    EXPECT_EQ(isr_fault(self), PAGE_FAULT_BIT);
    EXPECT_EQ(self->messages, 0u);
    EXPECT_EQ(read_from(tlm_memory_target(self->memory), HWSP), 0xdeadu);
}
