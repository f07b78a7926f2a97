/* Waveform rows of the doorbell controller, the GuC scheduler model and the EU array
 * (docs/reference/doorbell.md, docs/reference/guc.md, docs/reference/eu.md "Waveform rows"): gtsim runs an example
 * scenario with --wave, the FST is read back through fst2vcd, and the rows must show what the
 * scenario did, at the right times, with a group per block in the GTKWave view. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tb_test.h"
#include "wave_vcd_reader.h"

#ifndef GTSIM_EXE
#error "GTSIM_EXE must name the gtsim program"
#endif
#ifndef TB_SCENARIOS_DIR
#error "TB_SCENARIOS_DIR must name testbench/scenarios"
#endif

/* The GuC scheduler model's reaction time in the system (gtsim_system.h
 * GTSIM_SYSTEM_GUC_LATENCY_CYCLES of the 1 ns bring-up clock), in ps. */
#define GUC_LATENCY_PS 100000u

typedef struct WaveBlocks {
    char dir[128];  /* scratch working directory of gtsim */
    wave_vcd *vcd;  /* the waveform read back */
    char *view;     /* the .gtkw written beside it */
} WaveBlocks;

static void WaveBlocks_SetUp(WaveBlocks *self)
{
    ASSERT_TRUE(wave_test_mkdtemp(self->dir, sizeof self->dir));
}

static void WaveBlocks_TearDown(WaveBlocks *self)
{
    wave_vcd_free(self->vcd);
    free(self->view);
    wave_test_rmdir(self->dir);
}

/* Runs `gtsim run --wave w.fst SCENARIO` and reads w.fst and w.gtkw back. */
static void run_scenario(WaveBlocks *self, const char *scenario)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", TB_SCENARIOS_DIR, scenario);
    char *argv[] = { (char *)GTSIM_EXE, (char *)"run", (char *)"--wave", (char *)"w.fst", path, NULL };
    int status = wave_test_run(self->dir, argv);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);
    char fst[256], error[256] = "";
    snprintf(fst, sizeof fst, "%s/w.fst", self->dir);
    self->vcd = wave_vcd_load_fst(fst, error, sizeof error);
    if (!self->vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(self->vcd != NULL);
    snprintf(fst, sizeof fst, "%s/w.gtkw", self->dir);
    self->view = wave_test_read_file(fst);
    ASSERT_TRUE(self->view != NULL);
}

static const wave_vcd_signal *row(WaveBlocks *self, const char *path)
{
    const wave_vcd_signal *signal = wave_vcd_find(self->vcd, path);
    if (!signal)
        ADD_FAILURE("no row '%s' in the file", path);
    ASSERT_TRUE(signal != NULL);
    return signal;
}

/* The view has a group for the scope (a "-NAME" comment line opens it). */
static bool view_has_group(WaveBlocks *self, const char *scope)
{
    char line[64];
    snprintf(line, sizeof line, "\n-%s\n", scope);
    return strstr(self->view, line) != NULL;
}

/* The row's values in file order (its initial value first); false if it has more than `max`. */
static size_t values(WaveBlocks *self, const char *path, uint64_t *out, size_t max)
{
    const wave_vcd_signal *signal = row(self, path);
    if (signal->count > max)
        ADD_FAILURE("row '%s' has %zu changes, more than %zu", path, signal->count, max);
    size_t n = signal->count < max ? signal->count : max;
    for (size_t i = 0; i < n; i++)
        out[i] = wave_vcd_number(signal->changes[i].value);
    return n;
}

#define EXPECT_VALUES(path, ...)                                                                   \
    do {                                                                                           \
        const uint64_t expected[] = { __VA_ARGS__ };                                               \
        uint64_t got[32];                                                                          \
        size_t n = values(self, path, got, 32);                                                    \
        EXPECT_EQ(n, sizeof expected / sizeof expected[0]);                                        \
        for (size_t i = 0; i < n && i < sizeof expected / sizeof expected[0]; i++)                 \
            if (got[i] != expected[i])                                                             \
                ADD_FAILURE("%s change %zu: 0x%llx, expected 0x%llx", path, i,                     \
                            (unsigned long long)got[i], (unsigned long long)expected[i]);          \
    } while (0)

/* doorbell_gen12.gtsim (its MMIO and memory statements take no sim time until `run idle`):
 * doorbell 4 (group 0, bit 4) rings twice, first routed to the host, whose read of DB_STATUS0
 * clears the group, then routed to the GuC, which reacts 100 clocks later: it reads the group
 * (clearing it), takes the work item and submits context descriptor 0x0000002000500119 to the
 * render engine. */
TEST_F(WaveBlocks, DoorbellGroupVectorAndRingsAndTheGucStateAndDescriptor)
{
    run_scenario(self, "doorbell_gen12.gtsim");
    /* initial 0; ring; host read-clear; ring; the GuC's read-clear */
    EXPECT_VALUES("doorbell.group0", 0, 0x10, 0, 0x10, 0);
    EXPECT_VALUES("doorbell.ring", 0, 4);  /* the same bell twice: one change... */
    EXPECT_VALUES("doorbell.rings", 0, 1, 2); /* ...and the count shows both rings */
    EXPECT_VALUES("doorbell.group1", 0);   /* other groups stay 0 */
    /* The GuC: pending from the second ring for its latency, then handling the doorbell,
     * reading the queue, submitting the item, back to the doorbell (GUC_DB_ISR_0 cleared),
     * idle. */
    EXPECT_VALUES("guc_fw.state", 0, 1, 3, 4, 5, 4, 3, 0);
    const wave_vcd_signal *state = row(self, "guc_fw.state");
    uint64_t pending = wave_vcd_first_time_of_name(state, "pending", 0);
    ASSERT_NE(pending, UINT64_MAX);
    uint64_t handling = wave_vcd_first_time_of_name(state, "handling_doorbell", pending);
    EXPECT_EQ(handling, pending + GUC_LATENCY_PS);
    uint64_t submitting = wave_vcd_first_time_of_name(state, "submitting", pending);
    EXPECT_EQ(submitting, handling); /* the handler runs in zero time */
    EXPECT_STREQ(wave_vcd_name_at(state, self->vcd->last_time), "idle");
    EXPECT_VALUES("guc_fw.descriptor", 0, UINT64_C(0x0000002000500119));
    const wave_vcd_signal *descriptor = row(self, "guc_fw.descriptor");
    EXPECT_EQ(descriptor->changes[descriptor->count - 1].time, submitting);
    EXPECT_VALUES("guc_fw.bell", 0, 4);
    EXPECT_VALUES("guc_fw.submissions", 0, 1);
    /* the group the GuC read-cleared went to 0 when it handled the doorbell */
    const wave_vcd_signal *group0 = row(self, "doorbell.group0");
    EXPECT_EQ(group0->changes[group0->count - 1].time, handling);
    EXPECT_TRUE(view_has_group(self, "doorbell"));
    EXPECT_TRUE(view_has_group(self, "guc_fw"));
}

/* The row's last value. */
static uint64_t last_value(WaveBlocks *self, const char *path)
{
    const wave_vcd_signal *signal = row(self, path);
    ASSERT_GT(signal->count, 0);
    return wave_vcd_number(signal->changes[signal->count - 1].value);
}

/* The row's largest value. */
static uint64_t max_value(WaveBlocks *self, const char *path)
{
    const wave_vcd_signal *signal = row(self, path);
    uint64_t max = 0;
    for (size_t i = 0; i < signal->count; i++) {
        uint64_t value = wave_vcd_number(signal->changes[i].value);
        if (value > max)
            max = value;
    }
    return max;
}

/* compute_walker.gtsim: one COMPUTE_WALKER of 3 x 2 thread groups of 4 threads of the `fill`
 * kernel. Each group runs on one subslice (docs/reference/eu.md "Dispatcher"). */
TEST_F(WaveBlocks, EuBusyThreadsPerSubsliceAndWalkerProgress)
{
    run_scenario(self, "compute_walker.gtsim");
    /* one step per group */
    EXPECT_VALUES("eu.groups_dispatched", 0, 1, 2, 3, 4, 5, 6);
    EXPECT_VALUES("eu.groups_retired", 0, 1, 2, 3, 4, 5, 6);
    const char *one = "00000000000000000000000000000001"; /* 32-bit rows, as fst2vcd writes them */
    uint64_t first_dispatch = wave_vcd_first_time_of(row(self, "eu.groups_dispatched"), one, 0);
    uint64_t first_retire = wave_vcd_first_time_of(row(self, "eu.groups_retired"), one, 0);
    ASSERT_NE(first_dispatch, UINT64_MAX);
    ASSERT_NE(first_retire, UINT64_MAX);
    EXPECT_GT(first_retire, first_dispatch); /* threads take time */
    /* never more groups retired than dispatched */
    const wave_vcd_signal *retired = row(self, "eu.groups_retired");
    for (size_t i = 0; i < retired->count; i++)
        EXPECT_LE(wave_vcd_number(retired->changes[i].value),
                  wave_vcd_number(wave_vcd_value_at(row(self, "eu.groups_dispatched"), retired->changes[i].time)));
    /* busy threads: at most the walker's 24, none after */
    EXPECT_EQ(last_value(self, "eu.busy"), 0);
    EXPECT_GE(max_value(self, "eu.busy"), 4);
    EXPECT_LE(max_value(self, "eu.busy"), 24);
    uint64_t per_subslice_max = 0;
    for (unsigned s = 0; s < 64; s++) {
        char path[32];
        snprintf(path, sizeof path, "eu.busy_ss%u", s);
        if (!wave_vcd_find(self->vcd, path))
            break;
        uint64_t max = max_value(self, path);
        const wave_vcd_signal *busy = row(self, path);
        for (size_t i = 0; i < busy->count; i++) { /* a whole group arrives at once */
            uint64_t value = wave_vcd_number(busy->changes[i].value);
            if (value) {
                EXPECT_EQ(value, 4);
                break;
            }
        }
        EXPECT_EQ(last_value(self, path), 0);
        if (max > per_subslice_max)
            per_subslice_max = max;
    }
    EXPECT_GE(per_subslice_max, 4);
    EXPECT_TRUE(wave_vcd_find(self->vcd, "eu.busy_ss0") != NULL);
    EXPECT_TRUE(view_has_group(self, "eu"));
}
