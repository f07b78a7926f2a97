/* The waveform writers and the trace hook, in process: every file is read back (ours directly,
 * FST through fst2vcd, the validator) and its names, values and times checked exactly.
 * Windows, the on-fail history, the view, and completion on exit() and on signals (in child
 * processes) are covered here; the gtsim CLI in wave_cli_test.c. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "roundtrip.h"
#include "roundtrip_regs.h"
#include "tb_test.h"
#include "gtsim_tlm.h"
#include "wave.h"
#include "wave_internal.h"
#include "wave_vcd_reader.h"

typedef struct Waves {
    char dir[128];       /* scratch directory, removed in TearDown */
    tlm_kernel *kernel;  /* a fresh kernel */
    wave_vcd *vcd;       /* the file read back */
} Waves;

static void Waves_SetUp(Waves *self)
{
    ASSERT_TRUE(wave_test_mkdtemp(self->dir, sizeof self->dir));
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT); /* quiet */
}

static void Waves_TearDown(Waves *self)
{
    wave_vcd_free(self->vcd);
    tlm_kernel_destroy(self->kernel);
    wave_test_rmdir(self->dir);
}

static void path_in(const Waves *self, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", self->dir, name);
}

/* Opens `name` in the scratch directory with `options` and installs it on the kernel. */
static wave_file *open_on_kernel(Waves *self, const char *name, const wave_options *options)
{
    char path[256], error[256] = "";
    path_in(self, name, path, sizeof path);
    wave_file *wave = wave_open(path, options, error, sizeof error);
    ASSERT_TRUE(wave != NULL);
    tlm_kernel_set_tracer(self->kernel, wave_tracer(wave));
    return wave;
}

static wave_options plain(wave_format format)
{
    wave_options options = wave_default_options(format);
    options.finalize_on_signal = false;
    return options;
}

/* Closes at `end` and reads the file back into self->vcd. */
static wave_result close_and_read(Waves *self, wave_file *wave, const char *name, tlm_time end)
{
    wave_result result;
    char error[256] = "";
    EXPECT_TRUE(wave_close(wave, end, &result, error, sizeof error));
    char path[256];
    path_in(self, name, path, sizeof path);
    wave_vcd_free(self->vcd);
    self->vcd = strstr(name, ".fst") ? wave_vcd_load_fst(path, error, sizeof error) : wave_vcd_load(path, error, sizeof error);
    if (!self->vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(self->vcd != NULL);
    return result;
}

static const wave_vcd_signal *row(Waves *self, const char *path)
{
    const wave_vcd_signal *signal = wave_vcd_find(self->vcd, path);
    if (!signal)
        ADD_FAILURE("no row '%s' in the file", path);
    ASSERT_TRUE(signal != NULL);
    return signal;
}

static uint64_t number_at(Waves *self, const char *path, uint64_t time)
{
    const char *value = wave_vcd_value_at(row(self, path), time);
    ASSERT_TRUE(value != NULL);
    return wave_vcd_number(value);
}

static const char *name_at(Waves *self, const char *path, uint64_t time)
{
    const char *name = wave_vcd_name_at(row(self, path), time);
    ASSERT_TRUE(name != NULL);
    return name;
}

static void run_to(Waves *self, tlm_time time)
{
    tlm_kernel_run_for(self->kernel, time - tlm_kernel_now(self->kernel));
}

/* ---- both formats: names, kinds, values, times ------------------------------------------ */

static const tlm_trace_enum_entry states[] = { { 0, "idle" }, { 1, "busy" }, { 5, "five" } };

/* The same stimulus for every format: bits, enum, text and a wire in nested scopes, with a
 * change stamped ahead of the kernel. */
static void record_basic(Waves *self, wave_file *wave, const char *name)
{
    tlm_kernel *k = self->kernel;
    uint32_t state_enum = tlm_trace_enumeration(k, "state", states, 3);
    tlm_trace_id addr = tlm_trace_bits(k, "blk.sub", "addr", 32, TLM_TRACE_HEX, 0x10);
    tlm_trace_id state = tlm_trace_enum(k, "blk", "state", 3, state_enum, 0);
    tlm_trace_id msg = tlm_trace_text(k, "blk", "msg", "start");
    tlm_trace_id irq = tlm_trace_bits(k, "blk", "irq", 1, TLM_TRACE_BIN, 0);
    ASSERT_NE(addr, TLM_TRACE_NONE);
    ASSERT_NE(state, TLM_TRACE_NONE);
    tlm_trace_declared(k);
    tlm_trace_set(k, addr, 0x11);
    run_to(self, 1000);
    tlm_trace_set(k, addr, 0xDEADBEEF);
    tlm_trace_set(k, state, 1);
    tlm_trace_set_text(k, msg, "hello world \\ tab\there");
    tlm_trace_set_at(k, irq, 3000, 1); /* ahead of the kernel: held until it is final */
    run_to(self, 2000);
    tlm_trace_set(k, state, 5);
    tlm_trace_set(k, state, 5); /* unchanged: not written again */
    run_to(self, 4000);
    tlm_trace_set(k, irq, 0);
    close_and_read(self, wave, name, 5000);
}

static void check_basic(Waves *self, bool fst)
{
    const wave_vcd_signal *addr = row(self, "blk.sub.addr");
    EXPECT_EQ(addr->width, 32);
    EXPECT_STREQ(addr->type, "wire");
    EXPECT_STREQ(row(self, "blk.irq")->type, "wire");
    EXPECT_EQ(row(self, "blk.irq")->width, 1);
    EXPECT_STREQ(row(self, "blk.state")->type, fst ? "enum" : "string");
    EXPECT_STREQ(row(self, "blk.msg")->type, "string");
    EXPECT_STREQ(self->vcd->timescale, "1ps");
    /* At time 0: the declared value, then the change made at 0 (both recorded). */
    EXPECT_EQ(wave_vcd_changes_at(addr, 0), 2);
    EXPECT_EQ(number_at(self, "blk.sub.addr", 0), 0x11);
    EXPECT_EQ(number_at(self, "blk.sub.addr", 999), 0x11);
    EXPECT_EQ(number_at(self, "blk.sub.addr", 1000), 0xDEADBEEF);
    EXPECT_STREQ(name_at(self, "blk.state", 999), "idle");
    EXPECT_STREQ(name_at(self, "blk.state", 1000), "busy");
    EXPECT_STREQ(name_at(self, "blk.state", 2000), "five");
    EXPECT_EQ(wave_vcd_changes_at(row(self, "blk.state"), 2000), 1);
    EXPECT_STREQ(name_at(self, "blk.msg", 0), "start");
    EXPECT_STREQ(name_at(self, "blk.msg", 1000), "hello world \\ tab\there");
    EXPECT_EQ(number_at(self, "blk.irq", 2999), 0);
    EXPECT_EQ(number_at(self, "blk.irq", 3000), 1);
    EXPECT_EQ(number_at(self, "blk.irq", 3999), 1);
    EXPECT_EQ(number_at(self, "blk.irq", 4000), 0);
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "blk.irq"), "1", 0), 3000);
    EXPECT_EQ(self->vcd->last_time, 5000);
    /* The kernel's log rows are there from the start. */
    EXPECT_TRUE(wave_vcd_find(self->vcd, "log.message") != NULL);
    EXPECT_EQ(number_at(self, "log.errors", 5000), 0);
}

TEST_F(Waves, VcdRoundTripNamesValuesTimes)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "basic.vcd", &options);
    record_basic(self, wave, "basic.vcd");
    check_basic(self, false);
}

TEST_F(Waves, FstRoundTripThroughFst2vcdWithEnumTables)
{
    wave_options options = plain(WAVE_FORMAT_FST);
    wave_file *wave = open_on_kernel(self, "basic.fst", &options);
    record_basic(self, wave, "basic.fst");
    check_basic(self, true);
    /* The enum table travels in the file: fst2vcd -e shows it on the variable. */
    const wave_vcd_signal *state = row(self, "blk.state");
    ASSERT_EQ(state->enum_count, 3);
    EXPECT_STREQ(state->enum_names[2], "five");
    EXPECT_EQ(state->enum_values[2], 5);
}

TEST_F(Waves, VcdIsPlainIeeeTextWithStringExtension)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "text.vcd", &options);
    record_basic(self, wave, "text.vcd");
    char path[256];
    path_in(self, "text.vcd", path, sizeof path);
    char *text = wave_test_read_file(path);
    ASSERT_TRUE(text != NULL);
    EXPECT_TRUE(strstr(text, "$timescale 1ps $end") != NULL);
    EXPECT_TRUE(strstr(text, "$scope module sub $end") != NULL);
    EXPECT_TRUE(strstr(text, "$var wire 32 ") != NULL);
    EXPECT_TRUE(strstr(text, "$var string 1 ") != NULL);
    /* Spaces, backslashes and tabs escaped as \ooo so a value stays one token. */
    EXPECT_TRUE(strstr(text, "shello\\040world\\040\\134\\040tab\\011here ") != NULL);
    EXPECT_TRUE(strstr(text, "sbusy ") != NULL);
    EXPECT_TRUE(strstr(text, "b11011110101011011011111011101111 ") != NULL);
    EXPECT_TRUE(strstr(text, "$date") == NULL); /* same stimulus, same file */
    free(text);
}

/* ---- ordering, lookback, declarations --------------------------------------------------- */

TEST_F(Waves, ChangesStampedAheadAndBehindComeOutInTimeOrder)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "order.vcd", &options);
    tlm_kernel *k = self->kernel;
    tlm_trace_id a = tlm_trace_bits(k, "o", "a", 8, TLM_TRACE_HEX, 0);
    tlm_trace_id b = tlm_trace_bits(k, "o", "b", 8, TLM_TRACE_HEX, 0);
    tlm_trace_lookback(k, 1000); /* like an RTL transactor with a 1 ns clock */
    tlm_trace_declared(k);
    run_to(self, 5000);
    tlm_trace_set_at(k, a, 7000, 7);   /* ahead */
    tlm_trace_set_at(k, b, 4200, 42);  /* behind, within the lookback */
    tlm_trace_set(k, a, 5);            /* now */
    run_to(self, 8000);
    tlm_trace_set(k, b, 8);
    close_and_read(self, wave, "order.vcd", 9000);
    EXPECT_EQ(number_at(self, "o.b", 4199), 0);
    EXPECT_EQ(number_at(self, "o.b", 4200), 42);
    EXPECT_EQ(number_at(self, "o.a", 5000), 5);
    EXPECT_EQ(number_at(self, "o.a", 6999), 5);
    EXPECT_EQ(number_at(self, "o.a", 7000), 7);
    EXPECT_EQ(number_at(self, "o.b", 8000), 8);
    /* Time stamps never go back in the file. */
    for (size_t i = 0; i < self->vcd->count; i++) {
        const wave_vcd_signal *signal = &self->vcd->signals[i];
        for (size_t j = 1; j < signal->count; j++)
            EXPECT_LE(signal->changes[j - 1].time, signal->changes[j].time);
    }
}

TEST_F(Waves, DeclarationsAfterTheRunStartsAreRefused)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "late.vcd", &options);
    tlm_kernel *k = self->kernel;
    tlm_trace_id early = tlm_trace_bits(k, "d", "early", 4, TLM_TRACE_HEX, 0);
    tlm_trace_declared(k);
    tlm_trace_id late = tlm_trace_bits(k, "d", "late", 4, TLM_TRACE_HEX, 0);
    EXPECT_NE(early, TLM_TRACE_NONE);
    EXPECT_EQ(late, TLM_TRACE_NONE);
    tlm_trace_set(k, late, 3); /* not traced: no effect */
    wave_result result = close_and_read(self, wave, "late.vcd", 100);
    EXPECT_EQ(result.late_declarations, 1);
    EXPECT_TRUE(wave_vcd_find(self->vcd, "d.late") == NULL);
}

TEST_F(Waves, WithoutDeclaredChangesAtTimeZeroAreTheStartingValues)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "fold.vcd", &options);
    tlm_kernel *k = self->kernel;
    tlm_trace_id a = tlm_trace_bits(k, "f", "a", 8, TLM_TRACE_HEX, 0);
    tlm_trace_set(k, a, 1);
    tlm_trace_set(k, a, 2);
    /* Declarations stay open until the first change after time 0. */
    tlm_trace_id b = tlm_trace_bits(k, "f", "b", 8, TLM_TRACE_HEX, 9);
    EXPECT_NE(b, TLM_TRACE_NONE);
    run_to(self, 1000);
    tlm_trace_set(k, a, 3);
    close_and_read(self, wave, "fold.vcd", 1000);
    EXPECT_EQ(wave_vcd_changes_at(row(self, "f.a"), 0), 1);
    EXPECT_EQ(number_at(self, "f.a", 0), 2);
    EXPECT_EQ(number_at(self, "f.a", 1000), 3);
    EXPECT_EQ(number_at(self, "f.b", 1000), 9);
}

TEST_F(Waves, DuplicateNamesInAScopeStayApart)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "dup.vcd", &options);
    tlm_kernel *k = self->kernel;
    tlm_trace_id first = tlm_trace_bits(k, "s", "x", 1, TLM_TRACE_BIN, 0);
    tlm_trace_id second = tlm_trace_bits(k, "s", "x", 1, TLM_TRACE_BIN, 1);
    tlm_trace_id spaced = tlm_trace_bits(k, "s", "a b.c", 1, TLM_TRACE_BIN, 1);
    EXPECT_NE(first, second);
    EXPECT_NE(spaced, TLM_TRACE_NONE);
    close_and_read(self, wave, "dup.vcd", 10);
    EXPECT_EQ(number_at(self, "s.x", 0), 0);
    EXPECT_EQ(number_at(self, "s.x_2", 0), 1);
    EXPECT_EQ(number_at(self, "s.a_b_c", 0), 1);
}

/* ---- windows and the on-fail history ---------------------------------------------------- */

/* a = t / 500 every 500 ps from 0 to 10000. */
static void count_every_500(Waves *self, tlm_trace_id a, tlm_time trigger_at)
{
    for (tlm_time t = 0; t <= 10000; t += 500) {
        run_to(self, t);
        tlm_trace_set(self->kernel, a, t / 500);
        if (t == trigger_at)
            tlm_trace_trigger(self->kernel, "test failure");
    }
}

TEST_F(Waves, WindowWritesTheValuesAtItsStartThenItsChangesUntilItsStop)
{
    wave_options options = plain(WAVE_FORMAT_FST);
    options.window_start = 2200;
    options.window_stop = 4000;
    wave_file *wave = open_on_kernel(self, "window.fst", &options);
    tlm_trace_id a = tlm_trace_bits(self->kernel, "w", "a", 8, TLM_TRACE_DEC, 0);
    tlm_trace_declared(self->kernel);
    count_every_500(self, a, UINT64_MAX);
    wave_result result = close_and_read(self, wave, "window.fst", 10000);
    EXPECT_EQ(result.first_time, 2200);
    EXPECT_EQ(result.end_time, 4000);
    const wave_vcd_signal *signal = row(self, "w.a");
    ASSERT_GE(signal->count, 1);
    EXPECT_EQ(signal->changes[0].time, 2200);
    EXPECT_EQ(number_at(self, "w.a", 2200), 4); /* the value at 2000, as it stood at 2200 */
    EXPECT_EQ(number_at(self, "w.a", 2500), 5);
    EXPECT_EQ(number_at(self, "w.a", 4000), 8);
    EXPECT_EQ(signal->changes[signal->count - 1].time, 4000);
    EXPECT_EQ(self->vcd->last_time, 4000);
}

TEST_F(Waves, OnFailWithoutATriggerLeavesNoFile)
{
    char path[256], view[256];
    path_in(self, "nofail.fst", path, sizeof path);
    path_in(self, "nofail.gtkw", view, sizeof view);
    FILE *stale = fopen(path, "w"); /* an earlier run's file must not survive */
    ASSERT_TRUE(stale != NULL);
    fputs("stale", stale);
    fclose(stale);
    wave_options options = plain(WAVE_FORMAT_FST);
    options.on_fail = true;
    options.history = 1000;
    wave_file *wave = open_on_kernel(self, "nofail.fst", &options);
    tlm_trace_id a = tlm_trace_bits(self->kernel, "h", "a", 8, TLM_TRACE_DEC, 0);
    tlm_trace_declared(self->kernel);
    count_every_500(self, a, UINT64_MAX);
    wave_result result;
    char error[256];
    EXPECT_TRUE(wave_close(wave, 10000, &result, error, sizeof error));
    EXPECT_FALSE(result.written);
    EXPECT_FALSE(result.triggered);
    EXPECT_FALSE(wave_test_exists(path));
    EXPECT_FALSE(wave_test_exists(view));
}

TEST_F(Waves, OnFailWritesTheHistoryBeforeTheTriggerThenStreams)
{
    wave_options options = plain(WAVE_FORMAT_FST);
    options.on_fail = true;
    options.history = 1000;
    wave_file *wave = open_on_kernel(self, "fail.fst", &options);
    tlm_trace_id a = tlm_trace_bits(self->kernel, "h", "a", 8, TLM_TRACE_DEC, 0);
    tlm_trace_declared(self->kernel);
    count_every_500(self, a, 8000);
    wave_result result = close_and_read(self, wave, "fail.fst", 10000);
    EXPECT_TRUE(result.written);
    EXPECT_TRUE(result.triggered);
    EXPECT_EQ(result.trigger_time, 8000);
    EXPECT_EQ(result.first_time, 7000);
    const wave_vcd_signal *signal = row(self, "h.a");
    ASSERT_GE(signal->count, 1);
    EXPECT_EQ(signal->changes[0].time, 7000); /* nothing older than the history */
    EXPECT_EQ(wave_vcd_number(signal->changes[0].value), 13); /* the value just before 7000 */
    EXPECT_EQ(number_at(self, "h.a", 7000), 14);
    EXPECT_EQ(number_at(self, "h.a", 7500), 15);
    EXPECT_EQ(number_at(self, "h.a", 8000), 16);
    EXPECT_EQ(number_at(self, "h.a", 10000), 20); /* and on after the trigger */
    EXPECT_EQ(self->vcd->last_time, 10000);
}

TEST_F(Waves, AnErrorLoggedIsATriggerAndARow)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    options.on_fail = true;
    options.history = 1000;
    wave_file *wave = open_on_kernel(self, "logged.vcd", &options);
    tlm_trace_id a = tlm_trace_bits(self->kernel, "h", "a", 8, TLM_TRACE_DEC, 0);
    tlm_log_block *log = tlm_logger_block(tlm_kernel_logger(self->kernel), "blk");
    tlm_trace_declared(self->kernel);
    for (tlm_time t = 0; t <= 5000; t += 500) {
        run_to(self, t);
        tlm_trace_set(self->kernel, a, t / 500);
        if (t == 3000)
            tlm_log_error(log, "boom at %d", 3);
    }
    wave_result result = close_and_read(self, wave, "logged.vcd", 5000);
    EXPECT_EQ(result.trigger_time, 3000);
    EXPECT_EQ(result.first_time, 2000);
    EXPECT_STREQ(name_at(self, "log.message", 3000), "error blk: boom at 3");
    EXPECT_EQ(number_at(self, "log.errors", 2999), 0);
    EXPECT_EQ(number_at(self, "log.errors", 3000), 1);
}

TEST_F(Waves, TheHistoryStaysWithinItsMemoryBound)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    options.on_fail = true;
    options.history = 1000000;
    options.history_max_bytes = 4096;
    wave_file *wave = open_on_kernel(self, "bound.vcd", &options);
    tlm_trace_id a = tlm_trace_bits(self->kernel, "h", "a", 16, TLM_TRACE_DEC, 0);
    tlm_trace_declared(self->kernel);
    for (tlm_time t = 1; t <= 2000; t++) {
        run_to(self, t);
        tlm_trace_set(self->kernel, a, t);
    }
    tlm_trace_trigger(self->kernel, "late failure");
    wave_result result = close_and_read(self, wave, "bound.vcd", 2000);
    EXPECT_GT(result.history_dropped, 0);
    EXPECT_GT(result.first_time, 0); /* the history was shortened, and says where it starts */
    EXPECT_EQ(row(self, "h.a")->changes[0].time, result.first_time);
    EXPECT_EQ(number_at(self, "h.a", 2000), 2000);
}

/* ---- the view ----------------------------------------------------------------------------- */

TEST_F(Waves, TheViewGroupsRowsByBlockWithFormatsAndTheFileItShows)
{
    wave_options options = plain(WAVE_FORMAT_FST);
    wave_file *wave = open_on_kernel(self, "view.fst", &options);
    tlm_kernel *k = self->kernel;
    uint32_t state_enum = tlm_trace_enumeration(k, "state", states, 3);
    tlm_trace_id data = tlm_trace_bits(k, "blk", "data", 32, TLM_TRACE_HEX, 0);
    tlm_trace_bits(k, "blk", "count", 16, TLM_TRACE_DEC, 0);
    tlm_trace_enum(k, "blk", "state", 3, state_enum, 0);
    tlm_trace_bits(k, "blk.pins", "valid", 1, TLM_TRACE_BIN, 0);
    tlm_trace_id note = tlm_trace_text(k, "first", "note", "");
    tlm_trace_view(k, "first", -1000, false);
    tlm_trace_id x = tlm_trace_bits(k, "closed", "x", 1, TLM_TRACE_BIN, 0);
    tlm_trace_view(k, "closed", 5, true);
    tlm_trace_bits(k, "idle", "y", 8, TLM_TRACE_HEX, 0);
    tlm_trace_declared(k);
    run_to(self, 10);
    tlm_trace_set(k, data, 0x1234);
    tlm_trace_set_text(k, note, "ran");
    tlm_trace_set(k, x, 1);
    close_and_read(self, wave, "view.fst", 1000000);
    char view_path[256], wave_path[256];
    path_in(self, "view.gtkw", view_path, sizeof view_path);
    path_in(self, "view.fst", wave_path, sizeof wave_path);
    char *view = wave_test_read_file(view_path);
    ASSERT_TRUE(view != NULL);
    char dump[512];
    snprintf(dump, sizeof dump, "[dumpfile] \"%s\"", wave_path);
    EXPECT_TRUE(strstr(view, dump) != NULL);
    EXPECT_TRUE(strstr(view, "@22\nblk.data[31:0]\n") != NULL);
    EXPECT_TRUE(strstr(view, "@24\nblk.count[15:0]\n") != NULL);
    EXPECT_TRUE(strstr(view, "@100000028\nblk.state[2:0]\n") != NULL); /* names from the enum table */
    /* A group in which nothing changed is written closed, after every group that did
     * something (the first screen shows what the run did): blk.pins inside the active blk,
     * the idle top-level groups log and idle. `closed` asked to be closed and stays so. */
    EXPECT_TRUE(strstr(view, "@c00200\n-blk.pins\n@28\nblk.pins.valid\n") != NULL);
    EXPECT_TRUE(strstr(view, "@c00200\n-closed\n") != NULL);
    EXPECT_TRUE(strstr(view, "@c00200\n-idle\n") != NULL);
    EXPECT_TRUE(strstr(view, "@c00200\n-log\n") != NULL);
    EXPECT_TRUE(strstr(view, "@800200\n-blk\n") != NULL);
    /* Active groups by rank, whatever the declaration order (first -1000, blk 0, closed 5),
     * then the idle ones by rank (log -250, idle 0). */
    char *first = strstr(view, "-first\n"), *log = strstr(view, "-log\n"), *blk = strstr(view, "-blk\n");
    char *closed = strstr(view, "-closed\n"), *idle = strstr(view, "-idle\n");
    ASSERT_TRUE(first && log && blk && closed && idle);
    EXPECT_LT(first, blk);
    EXPECT_LT(blk, closed);
    EXPECT_LT(closed, log);
    EXPECT_LT(log, idle);
    /* Zoomed to show the whole file (GTKWave shows 2^-zoom / 200 units per pixel). */
    char *zoom = strstr(view, "\n*");
    ASSERT_TRUE(zoom != NULL);
    double z = strtod(zoom + 2, NULL);
    double span = 1000000.0, pixels = 1400 - 300 - 40 - 25;
    EXPECT_LT(z, 0.0);
    EXPECT_NEAR(span / pixels * 200.0 * 1.02, 1.0 / __builtin_pow(2.0, z), span / pixels * 200.0 * 0.01);
    free(view);
}

/* ---- blocks' rows: signals, registers, bus ports ---------------------------------------- */

TEST_F(Waves, SignalsRegistersAndTheBusPortOfARouter)
{
    wave_options options = plain(WAVE_FORMAT_FST);
    wave_file *wave = open_on_kernel(self, "blocks.fst", &options);
    tlm_kernel *k = self->kernel;
    tlm_router *router = tlm_router_create(k, "mmio");
    tlm_router_trace(router, 32, 4);
    roundtrip *model = roundtrip_create(k, "rt");
    tlm_router_map(router, 0x1000, ROUNDTRIP_BLOCK_SIZE, roundtrip_target(model));
    tlm_trace_declared(k);
    const tlm_target *bus = tlm_router_target(router);
    /* SCRATCH = 0x12345678, INT_ENABLE.DONE, START.GO: RESULT, STATUS, COUNT and irq change. */
    struct { tlm_cmd command; uint64_t address; uint32_t value; uint64_t id; } accesses[] = {
        { TLM_CMD_WRITE, 0x1000 + ROUNDTRIP_SCRATCH_OFFSET, 0x12345678, 1 },
        { TLM_CMD_WRITE, 0x1000 + ROUNDTRIP_INT_ENABLE_OFFSET, 1, 2 },
        { TLM_CMD_WRITE, 0x1000 + ROUNDTRIP_START_OFFSET, 1, 3 },
        { TLM_CMD_READ, 0x1000 + ROUNDTRIP_ID_OFFSET, 0, 4 },
        { TLM_CMD_READ, 0x9000, 0, 5 }, /* unmapped */
    };
    for (size_t i = 0; i < sizeof accesses / sizeof accesses[0]; i++) {
        run_to(self, 1000 * (i + 1));
        uint8_t data[4];
        memcpy(data, &accesses[i].value, 4);
        tlm_payload payload = tlm_payload_make(accesses[i].command, accesses[i].address, data, 4);
        payload.correlation_id = accesses[i].id;
        payload.initiator_id = 0xFFFF;
        tlm_time delay = 0;
        tlm_b_transport(bus, &payload, &delay);
    }
    close_and_read(self, wave, "blocks.fst", 6000);
    roundtrip_destroy(model);
    tlm_router_destroy(router);
    EXPECT_STREQ(name_at(self, "mmio.command", 1000), "write");
    EXPECT_EQ(number_at(self, "mmio.address", 1000), 0x1004);
    EXPECT_EQ(number_at(self, "mmio.data", 1000), 0x12345678);
    EXPECT_EQ(number_at(self, "mmio.id", 1000), 1);
    EXPECT_EQ(number_at(self, "mmio.initiator", 1000), 0xFFFF);
    EXPECT_EQ(number_at(self, "mmio.length", 1000), 4);
    EXPECT_STREQ(name_at(self, "mmio.response", 1000), "OK");
    EXPECT_EQ(number_at(self, "rt.SCRATCH", 999), 0);
    EXPECT_EQ(number_at(self, "rt.SCRATCH", 1000), 0x12345678);
    EXPECT_EQ(number_at(self, "rt.INT_ENABLE", 2000), 1);
    EXPECT_EQ(number_at(self, "rt.irq", 2999), 0);
    EXPECT_EQ(number_at(self, "rt.irq", 3000), 1);       /* DONE & INT_ENABLE */
    EXPECT_EQ(number_at(self, "rt.STATUS", 3000), 1);
    EXPECT_EQ(number_at(self, "rt.COUNT", 3000), 1);
    EXPECT_EQ(number_at(self, "rt.RESULT", 3000), 0x12345678); /* MODE 0: the operand itself */
    EXPECT_STREQ(name_at(self, "mmio.command", 4000), "read");
    EXPECT_EQ(number_at(self, "mmio.data", 4000), 0x47540001); /* read data at the response */
    EXPECT_EQ(number_at(self, "mmio.id", 5000), 5);
    EXPECT_EQ(number_at(self, "mmio.address", 5000), 0x9000);
    EXPECT_STREQ(name_at(self, "mmio.response", 5000), "ADDRESS_ERROR");
    EXPECT_EQ(number_at(self, "log.errors", 5000), 1); /* the router logged the unmapped access */
}

TEST_F(Waves, ATracePortStampsTheRequestAtItsStartAndTheResponseAtItsEnd)
{
    wave_options options = plain(WAVE_FORMAT_VCD);
    wave_file *wave = open_on_kernel(self, "port.vcd", &options);
    tlm_kernel *k = self->kernel;
    tlm_memory *memory = tlm_memory_create(k, "mem", 0);
    tlm_memory_set_latency(memory, 10 * TLM_NS, 20 * TLM_NS);
    tlm_trace_port port;
    const tlm_target *target = tlm_trace_port_init(&port, k, "mem", tlm_memory_target(memory), 48, 8, false);
    EXPECT_TRUE(target != tlm_memory_target(memory));
    tlm_trace_declared(k);
    uint64_t value = UINT64_C(0x1122334455667788);
    tlm_payload write = tlm_payload_make(TLM_CMD_WRITE, 0x100, &value, 8);
    write.correlation_id = 7;
    tlm_time delay = 5 * TLM_NS; /* the initiator is already 5 ns ahead */
    tlm_b_transport(target, &write, &delay);
    EXPECT_EQ(delay, 25 * TLM_NS);
    tlm_kernel_run_for(k, delay);
    uint64_t back = 0;
    tlm_payload read = tlm_payload_make(TLM_CMD_READ, 0x100, &back, 8);
    read.correlation_id = 8;
    delay = 0;
    tlm_b_transport(target, &read, &delay);
    tlm_kernel_run_for(k, delay);
    close_and_read(self, wave, "port.vcd", tlm_kernel_now(k));
    tlm_memory_destroy(memory);
    EXPECT_EQ(number_at(self, "mem.id", 5000), 7);
    EXPECT_EQ(number_at(self, "mem.id", 4999), 0);
    EXPECT_EQ(number_at(self, "mem.data", 5000), value);
    EXPECT_STREQ(name_at(self, "mem.command", 25000), "read");
    EXPECT_EQ(number_at(self, "mem.id", 25000), 8);
    EXPECT_EQ(number_at(self, "mem.data", 44999), value); /* still the write's data ... */
    EXPECT_EQ(number_at(self, "mem.data", 45000), value); /* ... and the read's at its end */
    EXPECT_EQ(wave_vcd_first_time_of(row(self, "mem.response"), "OK", 0), 0);
}

/* ---- tracing off ---------------------------------------------------------------------------- */

TEST(WavesOff, NoTracerMeansNoRowsAndNothingInTheWay)
{
    tlm_kernel *k = tlm_kernel_create();
    EXPECT_FALSE(tlm_trace_on(k));
    EXPECT_EQ(tlm_trace_bits(k, "s", "x", 8, TLM_TRACE_HEX, 0), TLM_TRACE_NONE);
    EXPECT_EQ(tlm_trace_enumeration(k, "e", states, 3), 0);
    tlm_signal signal;
    tlm_signal_init(&signal, "line", 1, 0);
    tlm_signal_trace(&signal, k, "s");
    EXPECT_EQ(signal.trace_id, 0);
    tlm_signal_set(&signal, 1);
    tlm_memory *memory = tlm_memory_create(k, "mem", 0);
    tlm_trace_port port;
    EXPECT_TRUE(tlm_trace_port_init(&port, k, "mem", tlm_memory_target(memory), 48, 8, false) ==
                tlm_memory_target(memory));
    tlm_trace_trigger(k, "nothing listens");
    tlm_memory_destroy(memory);
    tlm_signal_destroy(&signal);
    tlm_kernel_destroy(k);
}

/* ---- complete after exit() and signals (child processes) --------------------------------- */

/* In a child: a kernel with a default-options file installed (exit status 90 if it cannot be
 * opened). */
static tlm_kernel *child_kernel_with_file(const char *path, wave_format format)
{
    tlm_kernel *k = tlm_kernel_create();
    wave_options options = wave_default_options(format);
    char error[256];
    wave_file *wave = wave_open(path, &options, error, sizeof error);
    if (!wave)
        _exit(90);
    tlm_kernel_set_tracer(k, wave_tracer(wave));
    return k;
}

/* In a child: records a[0] = 1 at 0, 2 at 1000, runs to 2000, then ends as `how` says. */
static void child_records_then(const char *path, wave_format format, int how)
{
    tlm_kernel *k = child_kernel_with_file(path, format);
    tlm_trace_id a = tlm_trace_bits(k, "c", "a", 8, TLM_TRACE_DEC, 0);
    tlm_trace_declared(k);
    tlm_trace_set(k, a, 1);
    tlm_kernel_run_for(k, 1000);
    tlm_trace_set(k, a, 2);
    tlm_kernel_run_for(k, 1000);
    if (how == 0)
        exit(3); /* an error path: no wave_close */
    if (how == 1) {
        /* A signal inside the waveform code waits for it to finish. */
        wave_guard_enter();
        raise(SIGTERM);
        FILE *marker = fopen(getenv("WAVES_MARKER"), "w");
        if (marker)
            fclose(marker);
        wave_guard_leave(); /* the deferred signal is handled here */
        _exit(91);
    }
    raise(how);
    _exit(92); /* not reached: the signal ends the process */
}

static int run_child(const char *path, wave_format format, int how)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        child_records_then(path, format, how);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

static void check_child_file(Waves *self, const char *name)
{
    char path[256], error[256] = "";
    path_in(self, name, path, sizeof path);
    self->vcd = strstr(name, ".fst") ? wave_vcd_load_fst(path, error, sizeof error) : wave_vcd_load(path, error, sizeof error);
    if (!self->vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(self->vcd != NULL);
    EXPECT_EQ(number_at(self, "c.a", 0), 1);
    EXPECT_EQ(number_at(self, "c.a", 1000), 2);
    EXPECT_EQ(self->vcd->last_time, 2000); /* the kernel's time when it ended */
}

TEST_F(Waves, FstIsCompleteAfterExitFromAnErrorPath)
{
    char path[256];
    path_in(self, "exit.fst", path, sizeof path);
    int status = run_child(path, WAVE_FORMAT_FST, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 3);
    check_child_file(self, "exit.fst");
}

TEST_F(Waves, FstIsCompleteAfterSigterm)
{
    char path[256];
    path_in(self, "term.fst", path, sizeof path);
    int status = run_child(path, WAVE_FORMAT_FST, SIGTERM);
    ASSERT_TRUE(WIFSIGNALED(status)); /* the signal still ends the process */
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    check_child_file(self, "term.fst");
}

TEST_F(Waves, FstIsCompleteAfterSigint)
{
    char path[256];
    path_in(self, "int.fst", path, sizeof path);
    int status = run_child(path, WAVE_FORMAT_FST, SIGINT);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGINT);
    check_child_file(self, "int.fst");
}

TEST_F(Waves, VcdIsCompleteAfterSigterm)
{
    char path[256];
    path_in(self, "term.vcd", path, sizeof path);
    int status = run_child(path, WAVE_FORMAT_VCD, SIGTERM);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    check_child_file(self, "term.vcd");
}

TEST_F(Waves, ASignalInsideTheWaveformCodeIsHandledWhenItLeaves)
{
    char path[256], marker[256];
    path_in(self, "deferred.fst", path, sizeof path);
    path_in(self, "marker", marker, sizeof marker);
    setenv("WAVES_MARKER", marker, 1);
    int status = run_child(path, WAVE_FORMAT_FST, 1);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGTERM);
    EXPECT_TRUE(wave_test_exists(marker)); /* the code after raise() ran: the signal waited */
    check_child_file(self, "deferred.fst");
}

/* ---- SIGKILL, and signals while the FST writer thread works (child processes) ----------- */

/* In a child: `steps` steps of 1 ns, each changing s.count to the step number, in blocks of
 * `block_changes` changes (FST), then the process sends itself `sig` (process-directed, so
 * any thread that does not block it may take it). */
static void child_counts_then(const char *path, wave_format format, unsigned steps, uint64_t block_changes, int sig)
{
    wave_fst_set_block_changes(block_changes);
    tlm_kernel *k = child_kernel_with_file(path, format);
    tlm_trace_id count = tlm_trace_bits(k, "s", "count", 32, TLM_TRACE_DEC, 0);
    tlm_trace_declared(k);
    for (unsigned i = 1; i <= steps; i++) {
        tlm_kernel_run_for(k, 1000);
        tlm_trace_set(k, count, i);
    }
    kill(getpid(), sig);
    for (;;)
        pause(); /* the signal ends the process */
}

static int run_counting_child(const char *path, wave_format format, unsigned steps, uint64_t block_changes, int sig)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        child_counts_then(path, format, steps, block_changes, sig);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

TEST_F(Waves, VcdOfASigkilledRunReadsBackUpToItsLastWholeTimeStep)
{
    char path[256], error[256] = "";
    path_in(self, "kill.vcd", path, sizeof path);
    int status = run_counting_child(path, WAVE_FORMAT_VCD, 50000, 0, SIGKILL);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGKILL);
    self->vcd = wave_vcd_load(path, error, sizeof error); /* as it is on disk: no repair */
    if (!self->vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(self->vcd != NULL);
    const wave_vcd_signal *count = row(self, "s.count");
    /* Everything but at most the last half buffer (32 KiB, about 2000 steps here) is there,
     * and every step read is the step written. */
    EXPECT_GT(self->vcd->last_time, 45000u * 1000);
    ASSERT_GT(count->count, 1u);
    for (size_t i = 1; i < count->count; i++) {
        EXPECT_EQ(count->changes[i].time, i * 1000);
        EXPECT_EQ(wave_vcd_number(count->changes[i].value), i);
    }
}

TEST_F(Waves, FstOfASigkilledRunLeavesOnlyItsPartFileNeverAnUnreadableFileAtThePath)
{
    char path[256], part[300];
    path_in(self, "kill.fst", path, sizeof path);
    snprintf(part, sizeof part, "%s.part", path);
    FILE *stale = fopen(path, "w"); /* an earlier run's file must not stand in for this run's */
    ASSERT_TRUE(stale != NULL);
    fputs("old", stale);
    fclose(stale);
    int status = run_counting_child(path, WAVE_FORMAT_FST, 5000, 0, SIGKILL);
    ASSERT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(WTERMSIG(status), SIGKILL);
    EXPECT_FALSE(wave_test_exists(path));
    EXPECT_TRUE(wave_test_exists(part));
    unlink(part);
}

/* SIGTERM while blocks are written on the block writer's thread: the handler runs on the
 * simulation thread (writer threads block signals) and the file reads back whole. */
TEST_F(Waves, FstWithTheWriterThreadBusyIsCompleteAfterSigterm)
{
    for (int round = 0; round < 5; round++) {
        char path[256], part[300], error[256] = "";
        snprintf(path, sizeof path, "%s/busy%d.fst", self->dir, round);
        snprintf(part, sizeof part, "%s.part", path);
        int status = run_counting_child(path, WAVE_FORMAT_FST, 20000, 64, SIGTERM);
        ASSERT_TRUE(WIFSIGNALED(status));
        EXPECT_EQ(WTERMSIG(status), SIGTERM);
        EXPECT_FALSE(wave_test_exists(part));
        wave_vcd_free(self->vcd);
        self->vcd = wave_vcd_load_fst(path, error, sizeof error);
        if (!self->vcd)
            ADD_FAILURE("%s", error);
        ASSERT_TRUE(self->vcd != NULL);
        EXPECT_EQ(number_at(self, "s.count", 20000u * 1000), 20000u);
        EXPECT_EQ(row(self, "s.count")->count, 20001u);
    }
}
