/* Waveform integrity under stress: many files written in a row, in both FST writer modes (one
 * block written at close on the simulation thread; many blocks handed to the block writer's
 * thread) and in VCD, on a quiet machine and with every core kept busy, and every file read
 * back (FST through fst2vcd, the validator) with every value checked. Same stimulus, same
 * VCD bytes. docs/guide/waves.md "What a file promises". */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tb_test.h"
#include "gtsim_tlm.h"
#include "wave.h"
#include "wave_internal.h"
#include "wave_vcd_reader.h"

/* Under ASan every writer thread costs about 20 ms (its stacks and shadow are mapped anew), so
 * the sanitizer build writes a quarter of the files: it looks for memory errors, the normal
 * build for the rare hand-over race. */
#if defined(__SANITIZE_ADDRESS__)
#define STRESS_FILES(n) ((n) / 4u)
#else
#define STRESS_FILES(n) (n)
#endif

/* Changes per file: a counter row, a byte row and a text row every 64 steps. */
#define STRESS_STEPS 3000u

/* Writes one file: `steps` steps of 1 ns, each changing the counter and the byte row. */
static bool write_file(const char *path, wave_format format, unsigned steps)
{
    tlm_kernel *k = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(k), TLM_LOG_LEVEL_COUNT);
    wave_options options = wave_default_options(format);
    options.finalize_on_signal = false;
    options.write_view = false;
    char error[256] = "";
    wave_file *wave = wave_open(path, &options, error, sizeof error);
    if (!wave) {
        tlm_kernel_destroy(k);
        return false;
    }
    tlm_kernel_set_tracer(k, wave_tracer(wave));
    tlm_trace_id count = tlm_trace_bits(k, "s", "count", 32, TLM_TRACE_HEX, 0);
    tlm_trace_id low = tlm_trace_bits(k, "s", "low", 8, TLM_TRACE_HEX, 0);
    tlm_trace_id text = tlm_trace_text(k, "s", "text", "start");
    tlm_trace_declared(k);
    for (unsigned i = 1; i <= steps; i++) {
        tlm_kernel_run_for(k, 1000);
        tlm_trace_set(k, count, i);
        tlm_trace_set(k, low, i & 0xFF);
        if (i % 64 == 0) {
            char message[32];
            snprintf(message, sizeof message, "step %u", i);
            tlm_trace_set_text(k, text, message);
        }
    }
    bool ok = wave_close(wave, tlm_kernel_now(k), NULL, error, sizeof error);
    tlm_kernel_destroy(k);
    return ok;
}

/* Reads the file back: every step's values at their times, the last time at the end. */
static bool check_file(const char *path, wave_format format, unsigned steps, char *why, size_t why_size)
{
    char error[256] = "";
    wave_vcd *vcd = format == WAVE_FORMAT_FST ? wave_vcd_load_fst(path, error, sizeof error)
                                              : wave_vcd_load(path, error, sizeof error);
    if (!vcd) {
        snprintf(why, why_size, "%s", error);
        return false;
    }
    bool ok = true;
    const wave_vcd_signal *count = wave_vcd_find(vcd, "s.count");
    const wave_vcd_signal *low = wave_vcd_find(vcd, "s.low");
    const wave_vcd_signal *text = wave_vcd_find(vcd, "s.text");
    if (!count || !low || !text) {
        snprintf(why, why_size, "%s: rows missing", path);
        ok = false;
    }
    for (unsigned i = 1; ok && i <= steps; i++) {
        uint64_t time = (uint64_t)i * 1000;
        const char *value = wave_vcd_value_at(count, time);
        const char *byte = wave_vcd_value_at(low, time);
        if (!value || wave_vcd_number(value) != i || !byte || wave_vcd_number(byte) != (i & 0xFF)) {
            snprintf(why, why_size, "%s: step %u reads back %s/%s", path, i, value ? value : "nothing",
                     byte ? byte : "nothing");
            ok = false;
        }
    }
    if (ok && count->count != steps + 1) { /* the starting value, then one change per step */
        snprintf(why, why_size, "%s: %zu counter changes, expected %u", path, count->count, steps + 1);
        ok = false;
    }
    if (ok) {
        char expected[32];
        snprintf(expected, sizeof expected, "step %u", steps - steps % 64);
        const char *last = wave_vcd_name_at(text, (uint64_t)steps * 1000);
        if (!last || strcmp(last, expected) != 0) {
            snprintf(why, why_size, "%s: text reads '%s', expected '%s'", path, last ? last : "", expected);
            ok = false;
        }
    }
    if (ok && vcd->last_time != (uint64_t)steps * 1000) {
        snprintf(why, why_size, "%s: ends at %llu", path, (unsigned long long)vcd->last_time);
        ok = false;
    }
    wave_vcd_free(vcd);
    return ok;
}

/* ---- load: threads spinning on every core while files are written --------------------- */

static atomic_bool load_stop;

static void *spin(void *unused)
{
    (void)unused;
    volatile uint64_t sink = 0;
    while (!atomic_load_explicit(&load_stop, memory_order_relaxed))
        sink++;
    return NULL;
}

typedef struct load {
    pthread_t threads[8]; /* spinning threads */
    unsigned count;       /* started */
} load;

static void load_start(load *l)
{
    atomic_store(&load_stop, false);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned wanted = cores < 1 ? 2 : cores > 8 ? 8 : (unsigned)cores;
    l->count = 0;
    for (unsigned i = 0; i < wanted; i++)
        if (pthread_create(&l->threads[l->count], NULL, spin, NULL) == 0)
            l->count++;
}

static void load_stop_all(load *l)
{
    atomic_store(&load_stop, true);
    for (unsigned i = 0; i < l->count; i++)
        pthread_join(l->threads[i], NULL);
}

/* Writes `files` files in a row in `dir` and reads each back; returns the failures. */
static unsigned stress(const char *dir, wave_format format, unsigned block_changes, unsigned files)
{
    wave_fst_set_block_changes(block_changes);
    unsigned failures = 0;
    for (unsigned n = 0; n < files; n++) {
        char path[256], why[512] = "";
        snprintf(path, sizeof path, "%s/stress%u.%s", dir, n, format == WAVE_FORMAT_FST ? "fst" : "vcd");
        if (!write_file(path, format, STRESS_STEPS)) {
            ADD_FAILURE("%s: not written", path);
            failures++;
        } else if (!check_file(path, format, STRESS_STEPS, why, sizeof why)) {
            ADD_FAILURE("file %u of %u: %s", n + 1, files, why);
            failures++;
        }
        char vcd_copy[300];
        snprintf(vcd_copy, sizeof vcd_copy, "%s.fst2vcd.vcd", path);
        unlink(vcd_copy);
        unlink(path);
    }
    wave_fst_set_block_changes(0);
    return failures;
}

typedef struct WaveStress {
    char dir[128]; /* scratch directory */
    load load;     /* spinning threads (loaded tests) */
} WaveStress;

static void WaveStress_SetUp(WaveStress *self)
{
    ASSERT_TRUE(wave_test_mkdtemp(self->dir, sizeof self->dir));
}

static void WaveStress_TearDown(WaveStress *self)
{
    wave_test_rmdir(self->dir);
}

/* Many small blocks: a block flush is handed to the writer thread every 128 changes, so the
 * hand-over and the close meet a writer thread that has not started, is running or is done. */
TEST_F(WaveStress, FstParallelBlocksQuietEveryFileReadsBack)
{
    EXPECT_EQ(stress(self->dir, WAVE_FORMAT_FST, 128, STRESS_FILES(60u)), 0u);
}

TEST_F(WaveStress, FstParallelBlocksLoadedEveryFileReadsBack)
{
    load_start(&self->load);
    unsigned failures = stress(self->dir, WAVE_FORMAT_FST, 128, STRESS_FILES(30u));
    load_stop_all(&self->load);
    EXPECT_EQ(failures, 0u);
}

/* One block, written at close on the simulation thread. */
TEST_F(WaveStress, FstOneBlockQuietAndLoadedEveryFileReadsBack)
{
    EXPECT_EQ(stress(self->dir, WAVE_FORMAT_FST, 1u << 30, 15), 0u);
    load_start(&self->load);
    unsigned failures = stress(self->dir, WAVE_FORMAT_FST, 1u << 30, 15);
    load_stop_all(&self->load);
    EXPECT_EQ(failures, 0u);
}

TEST_F(WaveStress, VcdQuietAndLoadedEveryFileReadsBack)
{
    EXPECT_EQ(stress(self->dir, WAVE_FORMAT_VCD, 0, 10), 0u);
    load_start(&self->load);
    unsigned failures = stress(self->dir, WAVE_FORMAT_VCD, 0, 10);
    load_stop_all(&self->load);
    EXPECT_EQ(failures, 0u);
}

/* Same stimulus, same bytes: a VCD carries no date, no host, nothing of the run's machine. */
TEST_F(WaveStress, TheSameStimulusWritesByteIdenticalVcd)
{
    char a[256], b[256];
    snprintf(a, sizeof a, "%s/a.vcd", self->dir);
    snprintf(b, sizeof b, "%s/b.vcd", self->dir);
    ASSERT_TRUE(write_file(a, WAVE_FORMAT_VCD, 500));
    load_start(&self->load);
    bool written = write_file(b, WAVE_FORMAT_VCD, 500);
    load_stop_all(&self->load);
    ASSERT_TRUE(written);
    char *first = wave_test_read_file(a), *second = wave_test_read_file(b);
    ASSERT_TRUE(first && second);
    EXPECT_STREQ(first, second);
    free(first);
    free(second);
}
