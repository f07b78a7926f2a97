/* The command streamer's lockstep and its random regression, checked without RTL: the dut is a
 * second instance of the C model, built as the twin is (its memory the lockstep's tap into
 * graphics memory, its messages handed to the lockstep). An exact copy must agree on every
 * seed under every order policy; a deliberately perturbed copy (a qword store that loses its
 * upper byte enables; every third user interrupt lost) must be caught by the default seeds,
 * with a report naming the divergence, its neighbours and the waveform window. */
#include <inttypes.h>
#include <string.h>

#include "cs_lockstep_harness.h"
#include "tlm_alloc.h"
#include "cs_regs.h"
#include "tb_test.h"
#include "wave_vcd_reader.h"

/* Seeds of the model-against-model regression (a few seconds). */
#define MODEL_SEEDS 200u

typedef enum perturbation {
    PERTURB_NONE,            /* an exact copy */
    PERTURB_QWORD_ENABLES,   /* 8-byte writes lose the byte enables of their upper dword */
    PERTURB_LOSE_INTERRUPTS, /* every third user interrupt message is not sent */
} perturbation;

/* A second model as the dut. */
typedef struct model_dut {
    tlm_target memory;              /* its memory: the perturbation, then the lockstep's tap */
    const tlm_target *tap;          /* the lockstep's tap into graphics memory */
    cs_engine_model *engine;        /* the copy */
    cosim_cs_lockstep *lockstep;    /* where its messages go */
    tlm_kernel *kernel;             /* time base */
    perturbation perturb;           /* what is wrong with it */
    unsigned interrupts;            /* user interrupts seen (PERTURB_LOSE_INTERRUPTS) */
} model_dut;

static perturbation current;

static void dut_memory_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    model_dut *dut = self;
    static const uint8_t lower_only[8] = { 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0 };
    if (dut->perturb == PERTURB_QWORD_ENABLES && payload->command == TLM_CMD_WRITE && payload->length == 8 &&
        !payload->byte_enable) {
        payload->byte_enable = lower_only;
        payload->byte_enable_length = 8;
        tlm_b_transport(dut->tap, payload, delay);
        payload->byte_enable = NULL;
        payload->byte_enable_length = 0;
        return;
    }
    tlm_b_transport(dut->tap, payload, delay);
}

static void dut_message(void *self, const irq_message *message)
{
    model_dut *dut = self;
    if (dut->perturb == PERTURB_LOSE_INTERRUPTS && (message->data & IRQ_DATA_USER_INTERRUPT) &&
        ++dut->interrupts % 3u == 0)
        return;
    cosim_cs_lockstep_dut_message(dut->lockstep, irq_message_pack(message), tlm_kernel_now(dut->kernel));
}

static bool dut_busy(const void *self)
{
    return cs_engine_busy(((const model_dut *)self)->engine);
}

static void *model_dut_create(tlm_kernel *kernel, tlm_clock *clock, cosim_cs_lockstep *lockstep)
{
    (void)clock;
    model_dut *dut = tlm_alloc_zeroed(1, sizeof *dut);
    dut->kernel = kernel;
    dut->lockstep = lockstep;
    dut->perturb = current;
    dut->tap = cosim_cs_lockstep_dut_memory(lockstep);
    dut->memory = (tlm_target){ .name = "dut_memory", .self = dut, .b_transport = dut_memory_b_transport };
    cs_engine_config config = {
        .profile = CS_PROFILE_GEN12,
        .engine = CS_ENGINE_RCS,
        .mmio_base = CS_RANDOM_RCS_BASE,
        .memory = &dut->memory,
        .irq = { .deliver = dut_message, .self = dut },
        .clock_period = CS_RANDOM_CLOCK_PERIOD,
    };
    dut->engine = cs_engine_create(kernel, "dut_model", &config);
    cosim_cs_lockstep_dut view = { .registers = cs_engine_target(dut->engine), .busy = dut_busy, .self = dut };
    cosim_cs_lockstep_set_dut(lockstep, &view);
    return dut;
}

static void model_dut_destroy(void *self)
{
    model_dut *dut = self;
    cs_engine_destroy(dut->engine);
    free(dut);
}

static cs_dut_ops model_ops(void)
{
    cs_dut_ops ops = { .name = "model copy", .create = model_dut_create, .destroy = model_dut_destroy };
    ops.subset = cosim_cs_random_default_subset();
    /* LRI to the general purpose registers (both models keep them). */
    const uint32_t offsets[] = { CS_GPR0_OFFSET, CS_GPR0_UDW_OFFSET, CS_GPR1_OFFSET, CS_GPR1_UDW_OFFSET };
    for (unsigned i = 0; i < 4; i++) {
        ops.subset.lri_offsets[i] = offsets[i];
        ops.subset.lri_masks[i] = 0xFFFFFFFFu;
    }
    ops.subset.lri_count = 4;
    return ops;
}

static void set_order(const char *order)
{
    if (order)
        setenv("CS_RANDOM_ORDER", order, 1);
    else
        unsetenv("CS_RANDOM_ORDER");
}

/* An exact copy agrees on every seed, under each policy; the stream is not vacuous. */
TEST(CsLockstepModel, AnExactCopyAgreesOnEverySeedUnderEveryOrder)
{
    current = PERTURB_NONE;
    cs_dut_ops ops = model_ops();
    const char *orders[] = { NULL, "exact", "in-order:0", "per-address" };
    for (unsigned o = 0; o < 4; o++) {
        set_order(orders[o]);
        cs_random_totals totals;
        cs_random_regression(&ops, 1, MODEL_SEEDS / 4u, true, false, &totals, NULL);
        cs_random_print_totals(orders[o] ? orders[o] : "in-order (default)", &totals);
        EXPECT_EQ(totals.failing, 0u);
        EXPECT_EQ(totals.idle_timeouts, 0u);
        EXPECT_EQ(totals.steps, totals.seeds * CS_RANDOM_STEPS);
        EXPECT_GT(totals.stores, totals.seeds);
        EXPECT_GT(totals.interrupts, totals.seeds);
        EXPECT_GT(totals.lris, totals.seeds);
        EXPECT_GT(totals.batches, totals.seeds);
        EXPECT_GT(totals.chains, 0u);
        EXPECT_GT(totals.second_levels, 0u);
        EXPECT_GT(totals.skipped, totals.seeds);
        EXPECT_GT(totals.reserved, 0u);
        EXPECT_GT(totals.wraps, 0u);
        /* Each reserved header is a parser error of the model, and nothing else is. */
        EXPECT_EQ(totals.model_errors, totals.reserved);
        EXPECT_GT(totals.matched, totals.stores + totals.interrupts);
    }
    set_order(NULL);
}

/* The seed's stimulus replays exactly; another seed is another stream. */
TEST(CsLockstepModel, ASeedReplaysExactly)
{
    current = PERTURB_NONE;
    cs_dut_ops ops = model_ops();
    cs_random_outcome a, b, c;
    cs_random_run(&ops, 42, CS_RANDOM_STEPS, false, &a);
    cs_random_run(&ops, 42, CS_RANDOM_STEPS, false, &b);
    cs_random_run(&ops, 43, CS_RANDOM_STEPS, false, &c);
    EXPECT_EQ(a.matched, b.matched);
    EXPECT_EQ(a.commands, b.commands);
    EXPECT_EQ(a.stores, b.stores);
    EXPECT_TRUE(a.matched != c.matched || a.commands != c.commands || a.stores != c.stores);
}

/* A store with a wrong byte enable is caught by the default seeds, named as a write divergence
 * with its neighbours and window. */
TEST(CsLockstepModel, APerturbedCopysWrongByteEnableIsCaught)
{
    current = PERTURB_QWORD_ENABLES;
    cs_dut_ops ops = model_ops();
    cs_random_totals totals;
    cs_random_outcome first;
    char dir[256];
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir)); /* the caught seed's waveform goes there */
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    cs_random_regression(&ops, 1, MODEL_SEEDS, false, true, &totals, &first);
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    wave_test_rmdir(dir);
    ASSERT_EQ(totals.failing, 1u);
    EXPECT_GT(first.mismatches, 0u);
    EXPECT_TRUE(strstr(first.first, "different item") != NULL);
    EXPECT_TRUE(strstr(first.first, "model #") != NULL && strstr(first.first, "rtl #") != NULL);
    EXPECT_TRUE(strstr(first.first, "write 0x") != NULL);
    EXPECT_TRUE(strstr(first.report, "waveform window: ") != NULL);
    EXPECT_TRUE(strstr(first.report, "reference stream (model):") != NULL);
    EXPECT_TRUE(strstr(first.report, "dut stream (rtl):") != NULL);
    current = PERTURB_NONE;
}

/* A lost interrupt message is caught too (the next item differs, or the message is missing at
 * the end or overdue). */
TEST(CsLockstepModel, APerturbedCopysLostInterruptIsCaught)
{
    current = PERTURB_LOSE_INTERRUPTS;
    cs_dut_ops ops = model_ops();
    cs_random_totals totals;
    cs_random_outcome first;
    char dir[256];
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir)); /* the caught seed's waveform goes there */
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    cs_random_regression(&ops, 1, MODEL_SEEDS, false, true, &totals, &first);
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    wave_test_rmdir(dir);
    ASSERT_EQ(totals.failing, 1u);
    EXPECT_TRUE(strstr(first.first, "message 0x") != NULL);
    current = PERTURB_NONE;
}
