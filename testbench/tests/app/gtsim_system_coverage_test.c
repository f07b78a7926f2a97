/* Functional coverage of the simulated system (testbench/platform/gtsim_system_coverage.h,
 * docs/guide/regress.md "Coverage"): example scenarios run in process, then the items and counts
 * the models report; and `gtsim run --coverage` merging several scenarios into one file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cs_commands.h"
#include "gtsim_coverage.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system_coverage.h"
#include "tb_test.h"

#ifndef TB_SCENARIOS_DIR
#error "TB_SCENARIOS_DIR must name testbench/scenarios"
#endif
#ifndef GTSIM_EXE
#error "GTSIM_EXE must name the gtsim program"
#endif

typedef struct SysCoverage {
    gtsim_coverage *coverage; /* what the run covered */
} SysCoverage;

static void SysCoverage_SetUp(SysCoverage *self)
{
    self->coverage = gtsim_coverage_create();
}

static void SysCoverage_TearDown(SysCoverage *self)
{
    gtsim_coverage_destroy(self->coverage);
}

/* Runs a parsed scenario on a fresh model-mode system; every check must hold. */
static void run_parsed(SysCoverage *self, gtsim_scenario *scenario)
{
    ASSERT_TRUE(scenario != NULL);
    ASSERT_EQ(scenario->error_count, 0);
    FILE *sink = fopen("/dev/null", "w");
    ASSERT_TRUE(sink != NULL);
    gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, sink);
    char error[256] = "";
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(system != NULL);
    gtsim_run_options options = { .out = sink, .errors = sink };
    gtsim_run_result result = { 0 };
    EXPECT_TRUE(gtsim_scenario_run(scenario, system, &options, &result));
    EXPECT_EQ(result.failed, 0);
    gtsim_system_coverage(system, self->coverage);
    gtsim_system_destroy(system);
    gtsim_scenario_destroy(scenario);
    fclose(sink);
}

static void run_file(SysCoverage *self, const char *file)
{
    char path[512], message[256] = "";
    snprintf(path, sizeof path, "%s/%s", TB_SCENARIOS_DIR, file);
    gtsim_scenario *scenario = gtsim_scenario_load(path, message, sizeof message);
    if (!scenario)
        ADD_FAILURE("%s", message);
    run_parsed(self, scenario);
}

static void run_text(SysCoverage *self, const char *text)
{
    run_parsed(self, gtsim_scenario_parse("inline.gtsim", text, strlen(text)));
}

static uint64_t count(SysCoverage *self, const char *kind, const char *name)
{
    return gtsim_coverage_count(self->coverage, kind, name);
}

/* Whether (kind, name) is an item (declared, even with count 0). Adding 0 creates an unknown
 * item, so a test asks this after its item counts. */
static bool known(SysCoverage *self, const char *kind, const char *name)
{
    size_t before = gtsim_coverage_items(self->coverage, NULL);
    gtsim_coverage_add(self->coverage, kind, name, 0);
    return gtsim_coverage_items(self->coverage, NULL) == before;
}

TEST_F(SysCoverage, Gen12RingCountsEachCommandPerEngineAndListsEveryAcceptedCommand)
{
    run_file(self, "cs_ring_gen12.gtsim");
    /* the ring: MI_STORE_DATA_IMM twice, one user interrupt (docs in the scenario) */
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_STORE_DATA_IMM"), 2);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_USER_INTERRUPT"), 1);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_BATCH_BUFFER_START"), 1);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_BATCH_BUFFER_END"), 1);
    EXPECT_EQ(count(self, "mi.gen12.bcs", "MI_STORE_DATA_IMM"), 0);
    /* every command the table lets each engine execute is an item, and no other */
    const cs_profile_info *info = cs_profile_get(CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        char kind[32];
        snprintf(kind, sizeof kind, "mi.gen12.%s", info->engines[e].name);
        size_t accepted = 0;
        for (size_t i = 0; i < info->command_count; i++)
            accepted += (info->commands[i].engines & CS_ENGINE_BIT(e)) != 0;
        EXPECT_EQ(gtsim_coverage_items(self->coverage, kind), accepted);
    }
    EXPECT_TRUE(known(self, "mi.gen12.rcs", "PIPE_CONTROL"));
    /* the interrupt reached the aggregator as rcs0's user interrupt; the others are declared */
    EXPECT_EQ(count(self, "irq.gen12", "rcs0.user_interrupt"), 1);
    EXPECT_TRUE(known(self, "irq.gen12", "rcs0.master_error"));
    EXPECT_TRUE(known(self, "irq.gen12", "bcs0.notify"));
    EXPECT_TRUE(known(self, "irq.gen12", "guc.doorbell_rang"));
    EXPECT_EQ(gtsim_coverage_exercised(self->coverage, "irq.gen12"), 1);
}

/* Forwarded pipeline commands of replayed real buffers (the cmd_* scenarios: a gen12 render
 * batch of 3D state behind an i915 request, video and video enhancement batches) are counted per
 * engine like MI commands (docs/reference/cs.md "Pipeline port"); so are those of i915's gen6 null
 * render state. */
TEST_F(SysCoverage, ForwardedPipelineCommandsOfReplayedStreamsAreCounted)
{
    run_file(self, "cmd_i915_request_gen12.gtsim");
    EXPECT_EQ(count(self, "mi.gen12.rcs", "3DSTATE_CLIP"), 1);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "STATE_BASE_ADDRESS"), 1);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "3DPRIMITIVE"), 1);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_ARB_ON_OFF"), 3);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "PIPE_CONTROL"), 4);
    gtsim_coverage_destroy(self->coverage);
    self->coverage = gtsim_coverage_create();
    run_file(self, "cmd_video_gen12.gtsim");
    EXPECT_EQ(count(self, "mi.gen12.vcs", "MFX_WAIT"), 2);
    EXPECT_EQ(count(self, "mi.gen12.vcs", "MFD_AVC_BSD_OBJECT"), 1);
    EXPECT_EQ(count(self, "mi.gen12.vecs", "VEBOX_STATE"), 1);
    gtsim_coverage_destroy(self->coverage);
    self->coverage = gtsim_coverage_create();
    run_file(self, "cmd_renderstate_gen6.gtsim"); /* i915's gen6 null render state */
    EXPECT_EQ(count(self, "mi.gen6.rcs", "3DSTATE_WM"), 1);
    EXPECT_EQ(count(self, "mi.gen6.rcs", "3DSTATE_VERTEX_BUFFERS"), 1);
    EXPECT_EQ(count(self, "mi.gen6.rcs", "MI_BATCH_BUFFER_END"), 1);
}

TEST_F(SysCoverage, ParserErrorsAreNotCountedAsCommands)
{
    /* an MI_STORE_DATA_IMM shorter than its fields is an Instruction Parser error that halts
     * the ring: it is not counted as executed */
    run_text(self, "profile gen12\n"
                   "mem write 0x100000 0x10000000 0x00000000\n"
                   "mmio write 0x2038 0x00100000\n"
                   "mmio write 0x2034 0x00000000\n"
                   "mmio write 0x203c 0x00000001\n"
                   "mmio write 0x2030 0x00000008\n"
                   "run 100\n");
    EXPECT_EQ(count(self, "mi.gen12.rcs", "MI_STORE_DATA_IMM"), 0);
    EXPECT_EQ(gtsim_coverage_exercised(self->coverage, "mi.gen12.rcs"), 0);
    EXPECT_GT(gtsim_coverage_items(self->coverage, "mi.gen12.rcs"), 0);
}

TEST_F(SysCoverage, Gen6CountsPerGtiirBit)
{
    run_file(self, "cs_ring_gen6.gtsim");
    EXPECT_EQ(count(self, "mi.gen6.rcs", "MI_STORE_DATA_IMM"), 2);
    EXPECT_EQ(count(self, "irq.gen6", "rcs.user_interrupt"), 1);
    /* every GTIIR bit once: render 7, video 7, blitter 5 (irq_gen6_regs.toml) */
    EXPECT_EQ(gtsim_coverage_items(self->coverage, "irq.gen6"), 7u + 7u + 5u);
    EXPECT_EQ(gtsim_coverage_items(self->coverage, "mi.gen6.vecs"), 0); /* gen6 has no VECS */
    EXPECT_EQ(gtsim_coverage_items(self->coverage, "doorbell"), 0);     /* nor doorbells */
    EXPECT_EQ(gtsim_coverage_items(self->coverage, "irq.gen12"), 0);
    EXPECT_TRUE(known(self, "irq.gen6", "vcs.timeout"));   /* video has a timeout bit... */
    EXPECT_FALSE(known(self, "irq.gen6", "bcs.timeout"));  /* ...the blitter none */
}

TEST_F(SysCoverage, DoorbellTransitionsAndGucWork)
{
    run_file(self, "doorbell_gen12.gtsim");
    EXPECT_EQ(count(self, "doorbell", "armed"), 1);
    EXPECT_EQ(count(self, "doorbell", "shared_line_refused"), 1); /* doorbell 68 on doorbell 4's line */
    EXPECT_EQ(count(self, "doorbell", "rung"), 2);
    EXPECT_EQ(count(self, "doorbell", "group_message"), 2);
    EXPECT_EQ(count(self, "doorbell", "group_read_clear"), 2); /* the host's and the GuC's reads */
    EXPECT_EQ(count(self, "doorbell", "deactivated"), 1);
    EXPECT_EQ(count(self, "doorbell", "deactivated_late_ring"), 0);
    EXPECT_TRUE(known(self, "doorbell", "ring_collapsed"));
    EXPECT_EQ(count(self, "guc", "work_item"), 1);
    EXPECT_EQ(count(self, "guc", "submission"), 1);
    EXPECT_EQ(count(self, "guc", "malformed_queue"), 0);
    EXPECT_EQ(count(self, "guc", "doorbell_to_core"), 1);
    EXPECT_EQ(count(self, "irq.gen12", "guc.doorbell_rang"), 1); /* the first ring, routed to the host */
    EXPECT_EQ(count(self, "irq.gen12", "rcs0.context_switch"), 2);
}

TEST_F(SysCoverage, ACookieChangedByTheDeactivatingWriteIsALateRing)
{
    /* spec 001 "Removing Doorbells": the cookie is compared before DW0 bit 0 (docs/reference/doorbell.md) */
    run_text(self, "profile gen12\n"
                   "mmio write 0xc068 0x00000400\n"
                   "doorbell arm 4 0x700000\n"
                   "mem write 0x700100 0x00000000 0x00000005\n"
                   "mmio read 0x1020 expect 0x00700100\n");
    EXPECT_EQ(count(self, "doorbell", "deactivated"), 1);
    EXPECT_EQ(count(self, "doorbell", "deactivated_late_ring"), 1);
    EXPECT_EQ(count(self, "doorbell", "rung"), 1);
}

TEST_F(SysCoverage, EveryWalkerThreadIsCounted)
{
    run_file(self, "compute_walker.gtsim");
    EXPECT_EQ(count(self, "eu", "walker"), 1);
    EXPECT_EQ(count(self, "eu", "walker_completed"), 1);
    EXPECT_EQ(count(self, "eu", "thread_dispatched"), 24); /* 3 x 2 groups of 4 threads */
    EXPECT_EQ(count(self, "eu", "thread_retired"), 24);
    EXPECT_EQ(count(self, "mi.gen12.rcs", "COMPUTE_WALKER"), 1);
    /* per requester, function and kernel: the walker's VFE threads of `fill` */
    EXPECT_EQ(count(self, "eu", "requester.walker"), 24);
    EXPECT_EQ(count(self, "eu", "function.vfe"), 24);
    EXPECT_EQ(count(self, "eu", "kernel.fill"), 24);
    EXPECT_TRUE(known(self, "eu", "kernel.barrier_sum")); /* a built-in not run: declared */
    EXPECT_EQ(count(self, "eu", "kernel.barrier_sum"), 0);
}

TEST_F(SysCoverage, OtherSourcesAppearWhenTheyFire)
{
    run_file(self, "irq_gen12_service.gtsim");
    /* compute engines are not command streamers of the system but the scenario raises them */
    EXPECT_EQ(count(self, "irq.gen12", "ccs0.user_interrupt"), 1);
    EXPECT_EQ(count(self, "irq.gen12", "vcs1.context_switch"), 1);
    EXPECT_FALSE(known(self, "irq.gen12", "ccs3.notify"));
}

TEST_F(SysCoverage, EventsCountWhetherOrNotSoftwareEnabledThem)
{
    /* nothing enabled or unmasked: the aggregators drop the events, coverage still has them */
    run_text(self, "profile gen12\n"
                   "irq raise 0 0 0x0011\n"  /* rcs0: user interrupt and notify */
                   "irq raise 3 0 0x0200\n"  /* bcs0: bit 9, which has no name */
                   "expect irq 0\n");
    EXPECT_EQ(count(self, "irq.gen12", "rcs0.user_interrupt"), 1);
    EXPECT_EQ(count(self, "irq.gen12", "rcs0.notify"), 1);
    EXPECT_EQ(count(self, "irq.gen12", "bcs0.bit9"), 1);
    run_text(self, "profile gen6\n"
                   "irq raise 1 0 0x0041\n"  /* vcs: user interrupt and timeout */
                   "expect irq 0\n");
    EXPECT_EQ(count(self, "irq.gen6", "vcs.user_interrupt"), 1);
    EXPECT_EQ(count(self, "irq.gen6", "vcs.timeout"), 1);
    EXPECT_EQ(count(self, "irq.gen6", "rcs.user_interrupt"), 0);
}

TEST_F(SysCoverage, UnimplementedOffsetsAreCountedAndNamed)
{
    /* docs/reference/gt.md "Unimplemented offsets": the coverage file has the BAR's accesses to
     * offsets no register answers, their distinct count and the first ones by name; a driver
     * flow touches none. */
    run_text(self, "profile gen12\n"
                   "mmio write 0x8000 0x1\n"
                   "mmio read 0x8000 expect 0x0\n"
                   "mmio read 0x178010 expect 0x0\n");
    EXPECT_EQ(count(self, "mmio", "unimplemented_access"), 3);
    EXPECT_EQ(count(self, "mmio", "unimplemented_offset"), 2);
    EXPECT_EQ(count(self, "mmio", "unimplemented.0x008000"), 1);
    EXPECT_EQ(count(self, "mmio", "unimplemented.0x178010"), 1);
    gtsim_coverage_destroy(self->coverage);
    self->coverage = gtsim_coverage_create();
    run_file(self, "drivers/gen12_hang_reset.gtsim");
    run_file(self, "drivers/gen6_bringup_requests.gtsim");
    EXPECT_EQ(count(self, "mmio", "unimplemented_access"), 0);
}

TEST(GtsimRunCoverage, SeveralScenariosMergeIntoOneFile)
{
    char dir[] = "/tmp/tb_cov_XXXXXX";
    ASSERT_TRUE(mkdtemp(dir) != NULL);
    char file[256], command[1024];
    snprintf(file, sizeof file, "%s/cov.txt", dir);
    snprintf(command, sizeof command,
             "'%s' run --coverage '%s' '%s/cs_ring_gen12.gtsim' '%s/cs_ring_gen12.gtsim' >/dev/null",
             GTSIM_EXE, file, TB_SCENARIOS_DIR, TB_SCENARIOS_DIR);
    int status = system(command);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    gtsim_coverage *merged = gtsim_coverage_create();
    char message[256] = "";
    EXPECT_TRUE(gtsim_coverage_merge_file(merged, file, message, sizeof message));
    EXPECT_EQ(gtsim_coverage_count(merged, "mi.gen12.rcs", "MI_STORE_DATA_IMM"), 4);
    EXPECT_EQ(gtsim_coverage_count(merged, "irq.gen12", "rcs0.user_interrupt"), 2);
    EXPECT_GT(gtsim_coverage_items(merged, "doorbell"), 0);
    EXPECT_EQ(gtsim_coverage_exercised(merged, "doorbell"), 0); /* known, not exercised */
    gtsim_coverage_destroy(merged);
    unlink(file);
    rmdir(dir);
}
