/* The scenario runner (testbench/app/gtsim_scenario_run.h) against the real simulated system
 * (testbench/platform): what counts as a check, what a failure prints, masks, multi-dword
 * memory, run and run idle bounds, usage errors; the example scenarios in every block mode the
 * system accepts. */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_scenario.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system.h"

typedef struct ScenarioRun {
    gtsim_system *system;       /* fresh bring-up system, round-trip block as its C model */
    gtsim_scenario *scenario;   /* the last scenario run */
    char *out_text;          /* what the run printed (checks, read values, echo) */
    size_t out_size;         /* bytes in out_text */
    FILE *out;               /* memstream behind out_text */
    char *errors_text;       /* usage errors */
    size_t errors_size;      /* bytes in errors_text */
    FILE *errors;            /* memstream behind errors_text */
    char *log_text;          /* the sim log */
    size_t log_size;         /* bytes in log_text */
    FILE *log;               /* memstream behind log_text */
    gtsim_run_result result;    /* tally of every run in the test */
    bool verbose;            /* echo statements */
} ScenarioRun;

static gtsim_system *create_system(FILE *log, gtsim_block_mode mode, char *error, size_t error_size)
{
    gtsim_system_config config = { .profile = "gen12", .roundtrip_mode = mode, .log_sink = log };
    return gtsim_system_create(&config, error, error_size);
}

static void ScenarioRun_SetUp(ScenarioRun *self)
{
    self->out = open_memstream(&self->out_text, &self->out_size);
    self->errors = open_memstream(&self->errors_text, &self->errors_size);
    self->log = open_memstream(&self->log_text, &self->log_size);
    ASSERT_TRUE(self->out && self->errors && self->log);
    char error[256] = "";
    self->system = create_system(self->log, GTSIM_MODE_MODEL, error, sizeof error);
    if (!self->system)
        FAIL("gtsim_system_create: %s", error);
}

static void ScenarioRun_TearDown(ScenarioRun *self)
{
    gtsim_system_destroy(self->system);
    gtsim_scenario_destroy(self->scenario);
    if (self->out)
        fclose(self->out);
    if (self->errors)
        fclose(self->errors);
    if (self->log)
        fclose(self->log);
    free(self->out_text);
    free(self->errors_text);
    free(self->log_text);
}

/* Runs `text` on the fixture's system; returns what gtsim_scenario_run returned. The output so far
 * is in self->out_text (flushed). */
static bool run_text(ScenarioRun *self, const char *text)
{
    gtsim_scenario_destroy(self->scenario);
    self->scenario = gtsim_scenario_parse("t.gtsim", text, strlen(text));
    for (size_t i = 0; i < self->scenario->error_count; i++)
        ADD_FAILURE("%zu:%zu: %s", self->scenario->errors[i].line, self->scenario->errors[i].column,
                    self->scenario->errors[i].message);
    ASSERT_EQ(self->scenario->error_count, 0);
    gtsim_run_options options = { .out = self->out, .errors = self->errors, .verbose = self->verbose };
    bool ok = gtsim_scenario_run(self->scenario, self->system, &options, &self->result);
    fflush(self->out);
    fflush(self->errors);
    fflush(self->log);
    return ok;
}

static tlm_time now(ScenarioRun *self)
{
    return tlm_kernel_now(gtsim_system_kernel(self->system));
}

/* ---- checks and their messages -------------------------------------------------------------- */

TEST_F(ScenarioRun, EachBusResponseAndEachExpectationIsOneCheck)
{
    EXPECT_TRUE(run_text(self, "mmio write 0x400004 0x12345678\n"           /* 1: response */
                               "mmio read 0x400004 expect 0x12345678\n"     /* 2: response, value */
                               "mmio read 0x400004\n"                     /* 1: response */
                               "expect irq 0\n"                         /* 1 */
                               "run 5\n"                                /* 0 */
                               "run idle\n"));                          /* 1 */
    EXPECT_EQ(self->result.passed, 6);
    EXPECT_EQ(self->result.failed, 0);
    EXPECT_FALSE(self->result.usage_error);
    EXPECT_STREQ(self->out_text, "t.gtsim:3: mmio read 0x00400004 = 0x12345678\n");
}

TEST_F(ScenarioRun, FailedExpectationPrintsFileLineExpectedGotAndTheRunGoesOn)
{
    EXPECT_TRUE(run_text(self, "# comment\nmmio read 0x400000 expect 0x12345678\nmmio read 0x400000 expect 0x47540001\n"));
    EXPECT_EQ(self->result.passed, 3);
    EXPECT_EQ(self->result.failed, 1);
    EXPECT_STREQ(self->out_text, "t.gtsim:2: expected 0x12345678, got 0x47540001\n");
}

TEST_F(ScenarioRun, MaskComparesOnlyItsBits)
{
    EXPECT_TRUE(run_text(self, "mmio read 0x400000 expect 0x4754ffff mask 0xffff0000\n"
                               "mmio read 0x400000 expect 0x00000001 mask 0x0000ffff\n"
                               "mmio read 0x400000 expect 0x00000000 mask 0x00000000\n"
                               "mmio read 0x400000 expect 0x12340000 mask 0xffff0000\n"));
    EXPECT_EQ(self->result.passed, 7);
    EXPECT_EQ(self->result.failed, 1);
    EXPECT_STREQ(self->out_text,
                 "t.gtsim:4: expected 0x12340000 (mask 0xffff0000), got 0x47540001 (0x47540000 under the mask)\n");
}

TEST_F(ScenarioRun, BusErrorsAreFailedChecksNamingTheResponse)
{
    EXPECT_TRUE(run_text(self, "mmio read 0x400024 expect 0\n" /* a hole in the block: DECERR */
                               "mmio write 0x400000 0x1\n"      /* read-only register: SLVERR */
                               "mmio read 0x400002\n"           /* misaligned */
                               "mmio write 0x1000000 0\n"));    /* beyond the BAR */
    EXPECT_EQ(self->result.passed, 0);
    EXPECT_EQ(self->result.failed, 4); /* the expect clause after a bus error is not evaluated */
    EXPECT_STREQ(self->out_text, "t.gtsim:1: mmio read 0x00400024: bus error ADDRESS_ERROR\n"
                                 "t.gtsim:2: mmio write 0x00400000: bus error GENERIC_ERROR\n"
                                 "t.gtsim:3: mmio read 0x00400002: bus error BURST_ERROR\n"
                                 "t.gtsim:4: mmio write 0x01000000: bus error ADDRESS_ERROR\n");
}

TEST_F(ScenarioRun, MmioIsLittleEndian32BitHostAccesses)
{
    EXPECT_TRUE(run_text(self, "mmio write 0x400004 0x11223344\nrun 1\n"));
    uint8_t bytes[4] = { 0 };
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, GTSIM_SYSTEM_ROUNDTRIP_BASE + 0x04, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(gtsim_system_mmio(self->system), &payload, &delay);
    ASSERT_TRUE(tlm_response_is_ok(&payload));
    EXPECT_EQ(bytes[0], 0x44);
    EXPECT_EQ(bytes[3], 0x11);
}

TEST_F(ScenarioRun, MemWritesAndComparesEveryDword)
{
    EXPECT_TRUE(run_text(self, "mem write 0x1000 1 2 3 4\n"
                               "mem read 0x1000 expect 1 2 0x33 4\n"
                               "mem read 0x1008\n"
                               "mem read 0x2000 expect 0 0\n"));
    /* write: 1; read: 1 response + 4 dwords; read: 1; read: 1 + 2 */
    EXPECT_EQ(self->result.passed, 1 + 1 + 3 + 1 + 3);
    EXPECT_EQ(self->result.failed, 1);
    EXPECT_STREQ(self->out_text, "t.gtsim:2: expected 0x00000033 at 0x000000001008, got 0x00000003\n"
                                 "t.gtsim:3: mem read 0x000000001008 = 0x00000003\n");
    uint32_t stored[4] = { 0 };
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, 0x1000, stored, sizeof stored);
    payload.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(gtsim_system_memory(self->system), &payload, &delay);
    uint8_t *bytes = (uint8_t *)stored;
    EXPECT_EQ(bytes[4], 2); /* little-endian dwords */
    EXPECT_EQ(bytes[15], 0);
}

TEST_F(ScenarioRun, MemAtTheTopOfThe48BitSpace)
{
    EXPECT_TRUE(run_text(self, "mem write 0xfffffffffff8 0xa 0xb\nmem read 0xfffffffffffc expect 0xb\n"));
    EXPECT_EQ(self->result.failed, 0);
    EXPECT_EQ(self->result.passed, 3);
}

TEST_F(ScenarioRun, ExpectIrqFollowsTheHostLine)
{
    EXPECT_TRUE(run_text(self, "expect irq 1\n"
                               "mmio write 0x40001c 0x1\n" /* INT_ENABLE.DONE */
                               "mmio write 0x400018 0x1\n" /* STATUS_SET.DONE */
                               "run 2\n"
                               "expect irq 1\n"
                               "expect irq 0\n"));
    EXPECT_EQ(self->result.failed, 2);
    EXPECT_STREQ(self->out_text, "t.gtsim:1: expected irq 1, got 0\nt.gtsim:6: expected irq 0, got 1\n");
}

/* ---- time --------------------------------------------------------------------------------- */

TEST_F(ScenarioRun, RunAdvancesTimeByCyclesOfTheGtClock)
{
    tlm_time period = gtsim_system_clock_period(self->system);
    tlm_time start = now(self);
    EXPECT_TRUE(run_text(self, "run 1\nrun 1000\n"));
    EXPECT_EQ(now(self) - start, 1001 * period);
    EXPECT_EQ(self->result.passed + self->result.failed, 0); /* run is not a check */
}

static void busy_until(void *context)
{
    (void)context;
}

TEST_F(ScenarioRun, RunIdleFailsWhenTheBoundIsHitAndPassesOnceWorkIsDone)
{
    tlm_time period = gtsim_system_clock_period(self->system);
    tlm_kernel *kernel = gtsim_system_kernel(self->system);
    tlm_time start = now(self);
    tlm_kernel_schedule(kernel, 50 * period, busy_until, NULL); /* foreground work 50 cycles away */
    EXPECT_FALSE(gtsim_system_idle(self->system));
    EXPECT_TRUE(run_text(self, "run idle max 10\n"));
    EXPECT_EQ(self->result.failed, 1);
    EXPECT_STREQ(self->out_text, "t.gtsim:1: expected idle within 10 cycles, got busy\n");
    EXPECT_EQ(now(self) - start, 10 * period); /* waited exactly the bound */
    EXPECT_TRUE(run_text(self, "run idle\n"));
    EXPECT_EQ(self->result.passed, 1);
    EXPECT_EQ(now(self) - start, 50 * period); /* stopped when the work was done */
    EXPECT_TRUE(gtsim_system_idle(self->system));
}

TEST_F(ScenarioRun, RunIdleOnAnIdleSystemPassesAtOnce)
{
    tlm_time start = now(self);
    EXPECT_TRUE(run_text(self, "run idle max 1\n"));
    EXPECT_EQ(self->result.passed, 1);
    EXPECT_EQ(now(self), start);
}

static void reschedule_forever(void *context)
{
    tlm_kernel *kernel = context;
    tlm_kernel_schedule(kernel, 0, reschedule_forever, kernel);
}

TEST_F(ScenarioRun, AZeroDelayLoopIsAFailedCheckNotAHang)
{
    tlm_kernel *kernel = gtsim_system_kernel(self->system);
    tlm_kernel_set_delta_limit(kernel, 1000);
    tlm_kernel_schedule(kernel, 0, reschedule_forever, kernel);
    EXPECT_TRUE(run_text(self, "run 5\n"));
    EXPECT_EQ(self->result.failed, 1);
    EXPECT_STREQ(self->out_text, "t.gtsim:1: expected time to advance, got delta limit (see log)\n");
}

TEST_F(ScenarioRun, VerboseEchoesEachStatementWithTheSimTime)
{
    self->verbose = true;
    tlm_time period = gtsim_system_clock_period(self->system);
    EXPECT_TRUE(run_text(self, "run 3\n\nmmio write 0x400004 0x12345678\n"));
    char expected[256];
    tlm_time t = 3 * period;
    snprintf(expected, sizeof expected,
             "[           0.000 ns] t.gtsim:1: run 3\n"
             "[%12llu.%03u ns] t.gtsim:3: mmio write 0x00400004 0x12345678\n",
             (unsigned long long)(t / 1000), (unsigned)(t % 1000));
    EXPECT_STREQ(self->out_text, expected);
}

/* ---- usage errors ------------------------------------------------------------------------- */

TEST_F(ScenarioRun, IrqRaiseTheSystemCannotCarryStopsTheRunAsAUsageError)
{
    /* Class 7 is reserved (spec 001): no profile has such an engine. */
    char probe[256] = "";
    ASSERT_FALSE(gtsim_system_irq_raise(self->system, 7, 2, 3, probe, sizeof probe));
    EXPECT_FALSE(run_text(self, "mmio read 0x400000 expect 0x47540001\n  irq raise 7 2 3\nexpect irq 1\n"));
    EXPECT_TRUE(self->result.usage_error);
    EXPECT_EQ(self->result.passed, 2);
    EXPECT_EQ(self->result.failed, 0); /* the statement after it never ran */
    char expected[512];
    snprintf(expected, sizeof expected, "t.gtsim:2:3: %s\n", probe);
    EXPECT_STREQ(self->errors_text, expected);
}

/* ---- the example scenarios, in every mode the system accepts ------------------------------ */

static void run_examples(gtsim_block_mode mode)
{
    static const char *const names[] = { "default.gtsim", "bringup.gtsim", "roundtrip_operations.gtsim",
                                         "roundtrip_status.gtsim", "memory.gtsim", "cs_verbs_gen12.gtsim",
                                         "cs_verbs_gen6.gtsim", "execlist_gen12.gtsim", "gen6_engines.gtsim" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[1024], message[1024] = "";
        snprintf(path, sizeof path, "%s/%s", TB_SCENARIOS_DIR, names[i]);
        gtsim_scenario *scenario = gtsim_scenario_load(path, message, sizeof message);
        if (!scenario) {
            ADD_FAILURE("%s", message);
            continue;
        }
        gtsim_system_config config = gtsim_scenario_system_config(scenario, mode, stderr);
        gtsim_system *system = gtsim_system_create(&config, message, sizeof message);
        if (!system) {
            gtsim_scenario_destroy(scenario);
            SKIP("the system does not accept mode %s: %s", gtsim_block_mode_name(mode), message);
        }
        gtsim_run_result result = { 0 };
        gtsim_run_options options = { .out = stderr, .errors = stderr };
        EXPECT_TRUE(gtsim_scenario_run(scenario, system, &options, &result));
        EXPECT_EQ(result.failed, 0);
        EXPECT_GT(result.passed, 0);
        if (result.failed)
            ADD_FAILURE("%s failed in mode %s", names[i], gtsim_block_mode_name(mode));
        EXPECT_EQ(gtsim_system_mismatches(system), 0);
        gtsim_system_destroy(system);
        gtsim_scenario_destroy(scenario);
    }
}

TEST(ScenarioRunExamples, Model)
{
    run_examples(GTSIM_MODE_MODEL);
}

TEST(ScenarioRunExamples, Rtl)
{
    run_examples(GTSIM_MODE_RTL);
}

TEST(ScenarioRunExamples, Lockstep)
{
    run_examples(GTSIM_MODE_LOCKSTEP);
}

/* ---- higher-level verbs against the real system, both profiles ------------------------------ */

/* Parses and runs `text` on a fresh model-mode system of the text's profile; *result gets its
 * checks and *printed (free it) what the run printed. */
static void run_on_profile(const char *text, gtsim_run_result *result, char **printed)
{
    size_t size = 0;
    FILE *out = open_memstream(printed, &size);
    ASSERT_TRUE(out != NULL);
    gtsim_scenario *scenario = gtsim_scenario_parse("v.gtsim", text, strlen(text));
    for (size_t i = 0; i < scenario->error_count; i++)
        ADD_FAILURE("%zu:%zu: %s", scenario->errors[i].line, scenario->errors[i].column, scenario->errors[i].message);
    char message[256] = "";
    gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, out);
    gtsim_system *system = scenario->error_count ? NULL : gtsim_system_create(&config, message, sizeof message);
    if (system) {
        gtsim_run_options options = { .out = out, .errors = out };
        EXPECT_TRUE(gtsim_scenario_run(scenario, system, &options, result));
    } else {
        ADD_FAILURE("not run: %s", message);
    }
    gtsim_system_destroy(system);
    gtsim_scenario_destroy(scenario);
    fclose(out);
}

/* The user interrupt unmasked at the engine and at the profile's aggregator. */
static const char *const irq_enable[] = {
    "mmio write 0x20a8 0xfffffffe\nmmio write 0x44014 0xfffffffe\nmmio write 0x4401c 0x00000001\n",
    "mmio write 0x20a8 0xfffffffe\nmmio write 0x190030 0xffffffff\nmmio write 0x190090 0\n"
    "mmio write 0x190010 0x80000000\n",
};
static const char *const profiles[] = { "gen6", "gen12" };

TEST(ScenarioRunVerbs, RingSetUpReadsBackAndAnEmittedStoreAndInterruptExecute)
{
    for (size_t p = 0; p < 2; p++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "profile %s\n%s"
                 "ring rcs 0x100000 pages 2\n"                         /* 1 check */
                 "mmio read 0x2038 expect 0x00100000\n"                /* 2 */
                 "mmio read 0x2034 expect 0\n"                         /* 2 */
                 "mmio read 0x2030 expect 0\n"                         /* 2 */
                 "mmio read 0x203c expect 0x00001001\n"                /* 2: LENGTH 1 (two pages), ENABLE */
                 "emit rcs MI_STORE_DATA_IMM address=0x400000 data=0x11111111\n" /* 1 */
                 "emit rcs MI_USER_INTERRUPT\n"                        /* 1 */
                 "run idle\n"                                          /* 1 */
                 "mem read 0x400000 expect 0\n"                        /* 2: nothing runs before submit */
                 "expect irq 0\n"                                      /* 1 */
                 "submit rcs\n"                                        /* 1 */
                 "mmio read 0x2030 expect 0x18\n"                      /* 2: 5 dwords + one NOOP */
                 "mem read 0x100014 expect 0\n"                        /* 2: the padding NOOP */
                 "run idle\n"                                          /* 1 */
                 "mmio read 0x2034 expect 0x18\n"                      /* 2 */
                 "mem read 0x400000 expect 0x11111111\n"               /* 2 */
                 "expect irq 1\n",                                     /* 1 */
                 profiles[p], irq_enable[p]);
        gtsim_run_result result = { 0 };
        char *printed = NULL;
        run_on_profile(text, &result, &printed);
        EXPECT_EQ(result.failed, 0);
        EXPECT_EQ(result.passed, (p == 0 ? 3 : 4) + 26); /* the enables, then the sum above */
        if (result.failed)
            ADD_FAILURE("%s:\n%s", profiles[p], printed);
        free(printed);
    }
}

TEST(ScenarioRunVerbs, TheSoftwareTailWrapsAtTheRingEnd)
{
    for (size_t p = 0; p < 2; p++) {
        size_t size = 1 << 16;
        char *text = malloc(size);
        size_t used = (size_t)snprintf(text, size, "profile %s\nring bcs 0x100000\n", profiles[p]);
        for (int i = 0; i < 1022; i++)
            used += (size_t)snprintf(text + used, size - used, "emit bcs MI_NOOP\n");
        /* TAIL at 4088: the 4-dword store has two dwords at the end and two at the start. */
        used += (size_t)snprintf(text + used, size - used,
                                 "submit bcs\nrun idle\nmmio read 0x22034 expect 0x00000ff8\n"
                                 "emit bcs MI_STORE_DATA_IMM address=0x400000 data=0x5a5a5a5a\n"
                                 "submit bcs\nmmio read 0x22030 expect 0x00000008\n"
                                 "run idle\nmem read 0x400000 expect 0x5a5a5a5a\n"
                                 "mem read 0x100004 expect 0x5a5a5a5a\n"
                                 "mmio read 0x22034 expect 0x00200008\n"); /* wrap count 1, HEAD 8 */
        (void)used;
        gtsim_run_result result = { 0 };
        char *printed = NULL;
        run_on_profile(text, &result, &printed);
        EXPECT_EQ(result.failed, 0);
        if (result.failed)
            ADD_FAILURE("%s:\n%s", profiles[p], printed);
        free(printed);
        free(text);
    }
}

TEST(ScenarioRunVerbs, BemitBuildsABatchTheRingStarts)
{
    static const char *const start[] = { "MI_BATCH_BUFFER_START address=0x300000",
                                         "MI_BATCH_BUFFER_START address_space=ggtt address=0x300000" };
    for (size_t p = 0; p < 2; p++) {
        char text[2048];
        snprintf(text, sizeof text,
                 "profile %s\n"
                 "batch 0x300000\n"
                 "bemit MI_STORE_DATA_IMM address=0x400004 data=0x33333333\n"
                 "bemit MI_BATCH_BUFFER_END\n"
                 "mem read 0x300000 expect 0x10000002\n"
                 "ring rcs 0x100000\nemit rcs %s\nsubmit rcs\nrun idle\n"
                 "mem read 0x400004 expect 0x33333333\n",
                 profiles[p], start[p]);
        gtsim_run_result result = { 0 };
        char *printed = NULL;
        run_on_profile(text, &result, &printed);
        EXPECT_EQ(result.failed, 0);
        EXPECT_EQ(result.passed, 10);
        if (result.failed)
            ADD_FAILURE("%s:\n%s", profiles[p], printed);
        free(printed);
    }
}

TEST_F(ScenarioRun, VerboseEchoesTheVerbsInCanonicalForm)
{
    self->verbose = true;
    EXPECT_TRUE(run_text(self, "ring rcs 0x100000\nemit rcs MI_USER_INTERRUPT\nsubmit rcs\nbatch 0x300000\n"
                               "bemit MI_BATCH_BUFFER_END\n"));
    EXPECT_EQ(self->result.passed, 4);
    EXPECT_EQ(self->result.failed, 0);
    EXPECT_NE(strstr(self->out_text, "t.gtsim:1: ring rcs 0x00100000 pages 1\n"), NULL);
    EXPECT_NE(strstr(self->out_text, "t.gtsim:2: emit rcs dw 0x01000000\n"), NULL);
    EXPECT_NE(strstr(self->out_text, "t.gtsim:3: submit rcs\n"), NULL);
    EXPECT_NE(strstr(self->out_text, "t.gtsim:4: batch 0x000000300000\n"), NULL);
    EXPECT_NE(strstr(self->out_text, "t.gtsim:5: bemit dw 0x05000000\n"), NULL);
}
