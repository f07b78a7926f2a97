/* The gtsim CLI's waveforms: what `gtsim` (the main job), `--wave`, `--wave-window`,
 * `--wave-on-fail` and `--no-wave` write, read back through fst2vcd (FST) or parsed (VCD): the
 * default scenario's doorbell, GuC, engine and interrupt rows; the bring-up scenario's bus
 * transactions, statements, interrupt lines and, with
 * `--rtl roundtrip`, the RTL's pins at their edge times; and runs killed with SIGTERM or SIGINT
 * in the middle of a long `run`. Each test runs gtsim in a scratch directory of its own. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tb_test.h"
#include "wave_vcd_reader.h"

#ifndef GTSIM_EXE
#error "GTSIM_EXE must name the gtsim program"
#endif
#ifndef TB_SCENARIOS_DIR
#error "TB_SCENARIOS_DIR must name testbench/scenarios"
#endif
#ifndef TB_BAD_SCENARIOS_DIR
#error "TB_BAD_SCENARIOS_DIR must name testbench/tests/app/scenarios"
#endif

typedef struct WavesCli {
    char dir[128];      /* scratch working directory of gtsim */
    wave_vcd *vcd;      /* the waveform read back */
    char *stdout_text;  /* what gtsim printed */
    int status;         /* its wait status */
} WavesCli;

static void WavesCli_SetUp(WavesCli *self)
{
    ASSERT_TRUE(wave_test_mkdtemp(self->dir, sizeof self->dir));
}

static void WavesCli_TearDown(WavesCli *self)
{
    wave_vcd_free(self->vcd);
    free(self->stdout_text);
    wave_test_rmdir(self->dir);
}

static void in_dir(const WavesCli *self, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", self->dir, name);
}

/* Runs gtsim with up to 8 arguments (NULL-terminated) in the scratch directory. */
static int gtsim(WavesCli *self, const char *a0, const char *a1, const char *a2, const char *a3, const char *a4,
                 const char *a5)
{
    char *argv[8] = { (char *)GTSIM_EXE, (char *)a0, (char *)a1, (char *)a2, (char *)a3, (char *)a4, (char *)a5, NULL };
    self->status = wave_test_run(self->dir, argv);
    char path[256];
    in_dir(self, "stdout", path, sizeof path);
    free(self->stdout_text);
    self->stdout_text = wave_test_read_file(path);
    return WIFEXITED(self->status) ? WEXITSTATUS(self->status) : -1;
}

static void load(WavesCli *self, const char *name)
{
    char path[256], error[256] = "";
    in_dir(self, name, path, sizeof path);
    wave_vcd_free(self->vcd);
    self->vcd = strstr(name, ".fst") ? wave_vcd_load_fst(path, error, sizeof error) : wave_vcd_load(path, error, sizeof error);
    if (!self->vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(self->vcd != NULL);
}

static const wave_vcd_signal *row(WavesCli *self, const char *path)
{
    const wave_vcd_signal *signal = wave_vcd_find(self->vcd, path);
    if (!signal)
        ADD_FAILURE("no row '%s' in the file", path);
    ASSERT_TRUE(signal != NULL);
    return signal;
}

static uint64_t number_at(WavesCli *self, const char *path, uint64_t time)
{
    const char *value = wave_vcd_value_at(row(self, path), time);
    ASSERT_TRUE(value != NULL);
    return wave_vcd_number(value);
}

static const char *name_at(WavesCli *self, const char *path, uint64_t time)
{
    const char *name = wave_vcd_name_at(row(self, path), time);
    ASSERT_TRUE(name != NULL);
    return name;
}

/* Does the row take a value of this name (enum name or text) at any time? */
static bool takes(WavesCli *self, const char *path, const char *name)
{
    return wave_vcd_first_time_of_name(row(self, path), name, 0) != UINT64_MAX;
}

static bool row_takes_number(WavesCli *self, const char *path, uint64_t number)
{
    const wave_vcd_signal *signal = row(self, path);
    for (size_t i = 0; i < signal->count; i++)
        if (wave_vcd_number(signal->changes[i].value) == number)
            return true;
    return false;
}

/* The bring-up scenario: the round-trip block's registers and graphics memory. */
#define BRINGUP TB_SCENARIOS_DIR "/bringup.gtsim"

/* The line of the `occurrence`-th (1-based) line of bringup.gtsim that starts with `text`. */
static size_t bringup_line(const char *text, int occurrence)
{
    char *source = wave_test_read_file(BRINGUP);
    ASSERT_TRUE(source != NULL);
    size_t line = 1, found = 0;
    for (char *at = source; *at; line++) {
        if (strncmp(at, text, strlen(text)) == 0 && --occurrence == 0) {
            found = line;
            break;
        }
        char *end = strchr(at, '\n');
        if (!end)
            break;
        at = end + 1;
    }
    free(source);
    ASSERT_NE(found, 0);
    return found;
}

/* ---- the main job ----------------------------------------------------------------------- */

/* What every run of the bring-up scenario shows, in any mode. */
static void check_bringup_contents(WavesCli *self)
{
    /* Statements: mnemonic, statement text and line; the second `run 10` runs from 10 ns
     * (model) or later (RTL) on. */
    size_t run_line = bringup_line("run 10", 2);
    const wave_vcd_signal *line = row(self, "scenario.line");
    uint64_t second_run = wave_vcd_first_time_of(line, "0", 0);
    for (size_t i = 0; i < line->count; i++)
        if (wave_vcd_number(line->changes[i].value) == run_line)
            second_run = line->changes[i].time;
    ASSERT_NE(second_run, UINT64_MAX);
    EXPECT_STREQ(name_at(self, "scenario.mnemonic", second_run), "run");
    char statement[128];
    snprintf(statement, sizeof statement, "bringup.gtsim:%zu: run 10", run_line);
    const char *text = name_at(self, "scenario.statement", second_run);
    size_t length = strlen(text), suffix = strlen(statement);
    EXPECT_TRUE(length >= suffix && strcmp(text + length - suffix, statement) == 0); /* FILE as given */
    EXPECT_TRUE(takes(self, "scenario.mnemonic", "mmio write"));
    EXPECT_TRUE(takes(self, "scenario.mnemonic", "mem read"));
    EXPECT_TRUE(takes(self, "scenario.mnemonic", "expect irq"));
    EXPECT_EQ(number_at(self, "scenario.failures", self->vcd->last_time), 0);
    /* Bus transactions: the SCRATCH write and the ID read on MMIO, the memory's dwords. */
    EXPECT_TRUE(row_takes_number(self, "mmio.data", 0x12345678));
    EXPECT_TRUE(row_takes_number(self, "mmio.data", 0x47540001));
    EXPECT_TRUE(row_takes_number(self, "mmio.address", 0x40001c));
    EXPECT_TRUE(takes(self, "mmio.command", "write"));
    EXPECT_TRUE(takes(self, "mmio.response", "OK"));
    EXPECT_EQ(number_at(self, "mmio.initiator", self->vcd->last_time), 0xFFFF);
    EXPECT_TRUE(row_takes_number(self, "gfx_memory.data", UINT64_C(0x2222222211111111)));
    EXPECT_TRUE(row_takes_number(self, "gfx_memory.address", 0xfffffffffff0));
    /* Interrupt lines: the host line rises after INT_ENABLE and falls after the W1C clear,
     * before the second `run 10` ends. */
    uint64_t rise = wave_vcd_first_time_of(row(self, "system.host_irq"), "1", 0);
    ASSERT_NE(rise, UINT64_MAX);
    uint64_t fall = wave_vcd_first_time_of(row(self, "system.host_irq"), "0", rise + 1);
    ASSERT_NE(fall, UINT64_MAX);
    EXPECT_LT(rise, fall);
    EXPECT_LE(fall, second_run + 10000);
}

/* What the default scenario's waveform shows (the doorbell ring, the submission, the
 * commands, the interrupts): the doorbell rows, the GuC scheduler model's, the render engine's
 * command mnemonics, the aggregator's host line and registers, the host line. */
static void check_default_contents(WavesCli *self)
{
    EXPECT_EQ(number_at(self, "doorbell.rings", self->vcd->last_time), 1);
    EXPECT_TRUE(row(self, "doorbell.ring")->count >= 1);
    EXPECT_EQ(number_at(self, "guc_fw.submissions", self->vcd->last_time), 1);
    EXPECT_TRUE(takes(self, "rcs.command", "MI_BATCH_BUFFER_START"));
    EXPECT_TRUE(takes(self, "rcs.command", "MI_STORE_DATA_IMM"));
    EXPECT_TRUE(takes(self, "rcs.command", "MI_LOAD_REGISTER_IMM"));
    EXPECT_TRUE(takes(self, "rcs.command", "COMPUTE_WALKER"));
    EXPECT_TRUE(takes(self, "rcs.command", "PIPE_CONTROL"));
    EXPECT_TRUE(takes(self, "rcs.command", "MI_USER_INTERRUPT"));
    EXPECT_TRUE(row_takes_number(self, "rcs.GPR0", 0xc0de));
    EXPECT_TRUE(row_takes_number(self, "rcs.TS_GPGPU_THREADS_DISPATCHED", 0x80));
    EXPECT_TRUE(row_takes_number(self, "irq.host.INTR_IDENTITY_REG0", 0x80000111));
    uint64_t rise = wave_vcd_first_time_of(row(self, "irq.host_irq"), "1", 0);
    ASSERT_NE(rise, UINT64_MAX);
    EXPECT_NE(wave_vcd_first_time_of(row(self, "irq.host_irq"), "0", rise + 1), UINT64_MAX);
    EXPECT_NE(wave_vcd_first_time_of(row(self, "system.host_irq"), "1", 0), UINT64_MAX);
    EXPECT_EQ(number_at(self, "scenario.failures", self->vcd->last_time), 0);
}

TEST_F(WavesCli, TheMainJobWritesGtsimFstAndItsViewAndSaysWhere)
{
    ASSERT_EQ(gtsim(self, NULL, NULL, NULL, NULL, NULL, NULL), 0);
    EXPECT_TRUE(strstr(self->stdout_text, "waveform gtsim.fst") != NULL);
    EXPECT_TRUE(strstr(self->stdout_text, "view: gtkwave gtsim.fst gtsim.gtkw") != NULL);
    char view[256];
    in_dir(self, "gtsim.gtkw", view, sizeof view);
    EXPECT_TRUE(wave_test_exists(view));
    /* The tally stays the last line. */
    const char *last = strrchr(self->stdout_text, '\n');
    while (last > self->stdout_text && last[-1] != '\n')
        last--;
    EXPECT_TRUE(strstr(last, " passed, 0 failed") != NULL);
    load(self, "gtsim.fst");
    check_default_contents(self);
    /* The GTKWave view lists the doorbell, GuC, engine and interrupt groups. */
    char *gtkw = wave_test_read_file(view);
    ASSERT_TRUE(gtkw != NULL);
    EXPECT_TRUE(strstr(gtkw, "doorbell.rings") != NULL);
    EXPECT_TRUE(strstr(gtkw, "guc_fw.submissions") != NULL);
    EXPECT_TRUE(strstr(gtkw, "rcs.command") != NULL);
    EXPECT_TRUE(strstr(gtkw, "irq.host_irq") != NULL);
    free(gtkw);
}

TEST_F(WavesCli, TheBringupScenarioShowsTheRoundTripBlock)
{
    ASSERT_EQ(gtsim(self, "run", BRINGUP, "--wave", "gtsim.fst", NULL, NULL), 0);
    load(self, "gtsim.fst");
    check_bringup_contents(self);
    /* The model is untimed: the host line follows INT_ENABLE at once, at 0 ns, and drops with
     * the W1C clear at 10 ns; the block's own line with it. */
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "system.host_irq"), "1", 0), 0);
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "system.host_irq"), "0", 1), 10000);
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "roundtrip.irq"), "0", 1), 10000);
    EXPECT_EQ(number_at(self, "roundtrip.SCRATCH", 20000), 0x12345678);
    EXPECT_EQ(number_at(self, "roundtrip.RESULT", 20000), 0x85634127);
    EXPECT_EQ(self->vcd->last_time, 20000);
}

TEST_F(WavesCli, AnRtlRunHasTheRtlPinsOnTheSameTimelineAtTheirEdgeTimes)
{
    ASSERT_EQ(gtsim(self, "run", BRINGUP, "--rtl", "roundtrip", "--wave", "rtl.fst"), 0);
    load(self, "rtl.fst");
    check_bringup_contents(self);
    /* The RTL clock: 1 GHz, rising on every ns, falling half way. */
    const wave_vcd_signal *clk = row(self, "roundtrip_rtl.clk_i");
    EXPECT_EQ(wave_vcd_first_time_of(clk, "1", 5000), 5000);
    EXPECT_EQ(wave_vcd_first_time_of(clk, "0", 5000), 5500);
    EXPECT_EQ(wave_vcd_first_time_of(clk, "1", 5001), 6000);
    /* The first read of ID: its R handshake is at the edge that ends the first cycle with
     * RVALID and RREADY high, and the MMIO row's read data and OK change at exactly that edge. */
    const wave_vcd_signal *rvalid = row(self, "roundtrip_rtl.s_axil_rvalid_o");
    uint64_t cycle = wave_vcd_first_time_of(rvalid, "1", 0);
    ASSERT_NE(cycle, UINT64_MAX);
    EXPECT_EQ(cycle % 1000, 0);
    EXPECT_EQ(number_at(self, "roundtrip_rtl.s_axil_rready_i", cycle), 1);
    EXPECT_EQ(number_at(self, "roundtrip_rtl.s_axil_rdata_o", cycle), 0x47540001);
    uint64_t handshake = cycle + 1000;
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "mmio.data"), "1000111010101000000000000000001", 0), handshake);
    EXPECT_STREQ(name_at(self, "mmio.response", handshake), "OK");
    EXPECT_STREQ(name_at(self, "mmio.command", cycle), "read");
    EXPECT_EQ(number_at(self, "mmio.address", cycle), 0x400000); /* the round-trip block's ID */
    /* The address went out on AR before that: ARVALID at the transaction's start. */
    uint64_t arvalid = wave_vcd_first_time_of(row(self, "roundtrip_rtl.s_axil_arvalid_i"), "1", 0);
    EXPECT_LT(arvalid, cycle);
    EXPECT_EQ(arvalid % 1000, 0);
    /* irq_o changes at an edge; the loosely-timed signal the system sees never later. */
    uint64_t irq_o = wave_vcd_first_time_of(row(self, "roundtrip_rtl.irq_o"), "1", 0);
    ASSERT_NE(irq_o, UINT64_MAX);
    EXPECT_EQ(irq_o % 1000, 0);
    EXPECT_LE(wave_vcd_first_time_of(row(self, "roundtrip_rtl.irq"), "1", 0), irq_o);
    EXPECT_LE(wave_vcd_first_time_of(row(self, "system.host_irq"), "1", 0), irq_o);
}

TEST_F(WavesCli, LockstepShowsModelRtlAndTheMismatchCount)
{
    ASSERT_EQ(gtsim(self, "run", BRINGUP, "--lockstep", "--wave", "ls.fst", NULL), 0);
    load(self, "ls.fst");
    EXPECT_EQ(number_at(self, "lockstep.mismatches", self->vcd->last_time), 0);
    EXPECT_TRUE(row_takes_number(self, "roundtrip.SCRATCH", 0x12345678));
    EXPECT_TRUE(takes(self, "roundtrip_rtl.s_axil_awvalid_i", "1"));
}

TEST_F(WavesCli, WaveVcdWritesOurVcdWithTheSameRows)
{
    ASSERT_EQ(gtsim(self, "--wave", "out.vcd", NULL, NULL, NULL, NULL), 0);
    char fst[256];
    in_dir(self, "gtsim.fst", fst, sizeof fst);
    EXPECT_FALSE(wave_test_exists(fst)); /* --wave replaces the default */
    load(self, "out.vcd");
    check_default_contents(self);
    EXPECT_STREQ(row(self, "mmio.command")->type, "string"); /* enumerations as text in VCD */
}

TEST_F(WavesCli, NoWaveWritesNothing)
{
    ASSERT_EQ(gtsim(self, "--no-wave", NULL, NULL, NULL, NULL, NULL), 0);
    char fst[256];
    in_dir(self, "gtsim.fst", fst, sizeof fst);
    EXPECT_FALSE(wave_test_exists(fst));
    EXPECT_TRUE(strstr(self->stdout_text, "waveform") == NULL);
}

TEST_F(WavesCli, RunFilesWriteNoWaveformUnlessAsked)
{
    ASSERT_EQ(gtsim(self, "run", TB_SCENARIOS_DIR "/memory.gtsim", NULL, NULL, NULL, NULL), 0);
    char fst[256];
    in_dir(self, "gtsim.fst", fst, sizeof fst);
    EXPECT_FALSE(wave_test_exists(fst));
}

TEST_F(WavesCli, SeveralFilesGetOneWaveformEachNamedAfterThem)
{
    ASSERT_EQ(gtsim(self, "run", TB_SCENARIOS_DIR "/memory.gtsim", BRINGUP, "--wave", "all.vcd", NULL), 0);
    char a[256], b[256];
    in_dir(self, "all.memory.vcd", a, sizeof a);
    in_dir(self, "all.bringup.vcd", b, sizeof b);
    EXPECT_TRUE(wave_test_exists(a));
    EXPECT_TRUE(wave_test_exists(b));
    EXPECT_TRUE(strstr(self->stdout_text, "waveform all.memory.vcd") != NULL);
    load(self, "all.bringup.vcd");
    check_bringup_contents(self);
}

/* ---- windows and on-fail ----------------------------------------------------------------- */

TEST_F(WavesCli, AWindowKeepsOnlyItsTime)
{
    ASSERT_EQ(gtsim(self, "--rtl", "roundtrip", "--wave", "w.fst", "--wave-window", "20:40"), 0);
    EXPECT_TRUE(strstr(self->stdout_text, "waveform w.fst, 20.000..40.000 ns") != NULL);
    load(self, "w.fst");
    const wave_vcd_signal *clk = row(self, "roundtrip_rtl.clk_i");
    ASSERT_GE(clk->count, 1);
    EXPECT_EQ(clk->changes[0].time, 20000);
    EXPECT_EQ(clk->changes[clk->count - 1].time, 40000);
    EXPECT_EQ(self->vcd->last_time, 40000);
}

TEST_F(WavesCli, OnFailRecordsTheHistoryBeforeTheFirstFailedCheck)
{
    ASSERT_EQ(gtsim(self, "run", TB_BAD_SCENARIOS_DIR "/failing_expect.gtsim", "--wave", "f.vcd",
                    "--wave-on-fail=5", NULL),
              1);
    EXPECT_TRUE(strstr(self->stdout_text, "first failure at") != NULL);
    load(self, "f.vcd");
    const wave_vcd_signal *failure = row(self, "scenario.failure");
    ASSERT_GE(failure->count, 2);
    const char *text = failure->changes[failure->count - 1].value;
    EXPECT_TRUE(strstr(text, "failing_expect.gtsim:3: expected irq 1, got 0") != NULL);
    EXPECT_EQ(number_at(self, "scenario.failures", self->vcd->last_time), 1);
    EXPECT_STREQ(name_at(self, "scenario.mnemonic", failure->changes[failure->count - 1].time), "expect irq");
}

/* A failed check ends the run with exit status 1 and a complete file, in both formats. */
TEST_F(WavesCli, AFailedCheckLeavesAReadableFstAndVcd)
{
    const char *files[] = { "failed.fst", "failed.vcd" };
    for (int i = 0; i < 2; i++) {
        ASSERT_EQ(gtsim(self, "run", TB_BAD_SCENARIOS_DIR "/failing_expect.gtsim", "--wave", files[i], NULL, NULL), 1);
        load(self, files[i]);
        EXPECT_EQ(number_at(self, "scenario.failures", self->vcd->last_time), 1);
        const wave_vcd_signal *failure = row(self, "scenario.failure");
        EXPECT_TRUE(strstr(failure->changes[failure->count - 1].value, "expected irq 1, got 0") != NULL);
    }
}

TEST_F(WavesCli, OnFailWithoutAFailureWritesNoFileAndSaysSo)
{
    ASSERT_EQ(gtsim(self, "--wave", "f.fst", "--wave-on-fail", NULL, NULL, NULL), 0);
    char fst[256], view[256];
    in_dir(self, "f.fst", fst, sizeof fst);
    in_dir(self, "f.gtkw", view, sizeof view);
    EXPECT_FALSE(wave_test_exists(fst));
    EXPECT_FALSE(wave_test_exists(view));
    EXPECT_TRUE(strstr(self->stdout_text, "no check failed: no waveform written") != NULL);
}

/* ---- killed runs --------------------------------------------------------------------------- */

static void sleep_ms(long ms)
{
    struct timespec pause = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&pause, NULL);
}

/* gtsim in a long `run`, killed with `sig`: the process dies of the signal and the FST file
 * is complete up to the time the kernel had reached. */
static void killed_run(WavesCli *self, int sig)
{
    char scenario[256];
    in_dir(self, "long.gtsim", scenario, sizeof scenario);
    FILE *file = fopen(scenario, "w");
    ASSERT_TRUE(file != NULL);
    fputs("mmio write 0x400004 0x12345678\nrun 1000000000000\n", file);
    fclose(file);
    char *argv[] = { (char *)GTSIM_EXE, (char *)"run", scenario, (char *)"--wave", (char *)"k.fst", NULL };
    int pid = wave_test_spawn(self->dir, argv);
    ASSERT_GT(pid, 0);
    /* The header is written when the run starts (to k.fst.part until the file is complete);
     * then let it run a little. */
    char fst[256];
    in_dir(self, "k.fst.part", fst, sizeof fst);
    struct stat info;
    for (int waited = 0; waited < 20000 && (stat(fst, &info) != 0 || info.st_size == 0); waited += 10)
        sleep_ms(10);
    sleep_ms(200);
    kill(pid, sig);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), sig);
    load(self, "k.fst");
    EXPECT_TRUE(row_takes_number(self, "mmio.data", 0x12345678));
    EXPECT_STREQ(name_at(self, "scenario.mnemonic", self->vcd->last_time), "run");
    EXPECT_GT(self->vcd->last_time, 0); /* the kernel's time when the signal came */
}

TEST_F(WavesCli, ARunKilledWithSigtermLeavesAReadableFst)
{
    killed_run(self, SIGTERM);
}

TEST_F(WavesCli, ARunInterruptedWithSigintLeavesAReadableFst)
{
    killed_run(self, SIGINT);
}
