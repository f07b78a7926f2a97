/* The lockstep checker's own test: the random regression (irq_random_harness.h), with its
 * default seed count, linked against the planted-bug build of the RTL (irq_rtl_planted:
 * PlantedBugLoseServiceEvent = 1, a second-level event for an engine whose bit is already set
 * in a dword under service is not logged in the secondary storage, so it is lost at the
 * complete clear). The regression must catch it: a seed whose lockstep run reports a mismatch,
 * with the transaction and the time, and whose replay leaves a waveform around the mismatch. */
#include <inttypes.h>
#include <string.h>

#include "irq_random_harness.h"
#include "irq_rtl.h"
#include "cosim_lockstep.h"
#include "cosim_random_wave.h"
#include "tb_test.h"
#include "wave_replay_check.h"
#include "wave_vcd_query.h"
#include "wave_vcd_reader.h"

/* The caught seed's waveform (docs/design/cosim.md "What a failing seed leaves behind"): replayed into
 * $GTSIM_WAVE_DIR, it reads back through fst2vcd, holds the RTL's pins and the model's rows,
 * and the first mismatch lies inside it with history before it and clock after it. */
static void irq_planted_check_wave(uint64_t seed, const irq_random_outcome *caught)
{
    char dir[256], expected[600], error[256] = "";
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir));
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    irq_random_outcome replay;
    irq_random_replay_with_wave(seed, IRQ_RANDOM_OPERATIONS, &replay);
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    char note[640];
    irq_random_wave_note(&replay, note, sizeof note);
    printf("seed %" PRIu64 ": %s; %" PRIu64 " trigger(s) held back\n", seed, note, replay.recording.triggers_held_back);
    snprintf(expected, sizeof expected, "%s/irq_random_seed%" PRIu64 ".fst", dir, seed);
    wave_replay_expect_recording(&replay.recording, replay.first_time, replay.first, caught->first_time, caught->first,
                                 expected, IRQ_RANDOM_WAVE_HISTORY, IRQ_RANDOM_WAVE_AFTER);
    EXPECT_GT(replay.recording.triggers_held_back, 0u); /* this seed's stimulus did log errors before */

    wave_vcd *vcd = wave_vcd_load_fst(replay.recording.wave_path, error, sizeof error);
    if (!vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(vcd != NULL);
    static const char *const rows[] = {
        /* the Verilated RTL's pins */
        "irq_rtl.clk_i", "irq_rtl.s_axil_awvalid_i", "irq_rtl.s_axil_rdata_o", "irq_rtl.msg_valid_i",
        "irq_rtl.msg_class_i", "irq_rtl.host_irq_o",
        /* the model's rows */
        "irq.host_irq", "irq.host.GT_INTR_DW0", "irq.host.rcs0_collapsing",
        /* the compares */
        "irq_lockstep.mismatches", "irq_lockstep_guc.mismatches",
    };
    uint64_t mismatch = caught->first_time;
    wave_replay_expect_timeline(vcd, replay.recording.wave_path, rows, sizeof rows / sizeof rows[0], replay.recording.wave.end_time,
                                mismatch, "irq_lockstep.mismatches", "irq_lockstep_guc.mismatches", "irq_rtl.clk_i");
    /* The model's second level was busy before the mismatch (the lost event's engine). */
    const wave_vcd_signal *dw0 = wave_vcd_find(vcd, "irq.host.GT_INTR_DW0");
    if (dw0) {
        size_t before, after;
        wave_vcd_count_around(dw0, mismatch, &before, &after);
        EXPECT_GT(before, 0u);
    }
    wave_vcd_free(vcd);
    wave_test_rmdir(dir);
}

/* A lockstep mismatch fires the waveform's failure trigger itself (as the scenario runner's
 * failed check does), named by the mismatch, and a logged error before it does not when the
 * recording waits for the run to fail. Two memories that differ in one byte stand in for the
 * model and the RTL. */
static bool lockstep_failed(void *context)
{
    return cosim_lockstep_mismatches(context) > 0;
}

TEST(IrqPlantedBug, ALockstepMismatchFiresTheWaveformTrigger)
{
    char dir[256], error[256] = "";
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir));
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    cosim_random_wave wave;
    ASSERT_TRUE(cosim_random_wave_open(&wave, kernel, "lockstep", 3, 100 * TLM_NS, error, sizeof error));
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    tlm_memory *reference = tlm_memory_create(kernel, "reference", 4096);
    tlm_memory *dut = tlm_memory_create(kernel, "dut", 4096);
    uint8_t byte = 0x5A;
    ASSERT_TRUE(tlm_memory_write_backdoor(dut, 0x40, &byte, 1));
    cosim_lockstep *lockstep = cosim_lockstep_create(kernel, "lockstep", tlm_memory_target(reference), tlm_memory_target(dut));
    cosim_random_wave_arm(&wave, lockstep_failed, lockstep);
    tlm_trace_declared(kernel);
    uint8_t data[4];
    tlm_kernel_run_for(kernel, 50 * TLM_NS);
    /* An access beyond both memories: refused on both sides (no mismatch), an error logged. */
    tlm_payload beyond = tlm_payload_make(TLM_CMD_READ, 8192, data, 4);
    tlm_time delay = 0;
    tlm_b_transport(cosim_lockstep_target(lockstep), &beyond, &delay);
    tlm_kernel_run_for(kernel, 250 * TLM_NS);
    tlm_payload read = tlm_payload_make(TLM_CMD_READ, 0x40, data, 4);
    delay = 0;
    tlm_b_transport(cosim_lockstep_target(lockstep), &read, &delay);
    ASSERT_EQ(cosim_lockstep_mismatches(lockstep), 1u);
    tlm_time mismatch = cosim_lockstep_first_mismatch(lockstep)->time;
    tlm_kernel_run_for(kernel, 20 * TLM_NS);
    wave_result result;
    EXPECT_TRUE(cosim_random_wave_close(&wave, tlm_kernel_now(kernel), &result, error, sizeof error));
    EXPECT_GT(wave.held_back, 0u); /* the refused access's error */
    EXPECT_EQ(wave.passed_on, 2u); /* the compare's own trigger, then its logged error */
    EXPECT_STREQ(wave.reason, cosim_lockstep_first_mismatch(lockstep)->description);
    EXPECT_TRUE(result.written);
    EXPECT_EQ(result.trigger_time, mismatch);
    EXPECT_EQ(result.first_time, mismatch - 100 * TLM_NS);
    cosim_lockstep_destroy(lockstep);
    tlm_memory_destroy(dut);
    tlm_memory_destroy(reference);
    tlm_kernel_destroy(kernel);
    wave_vcd *vcd = wave_vcd_load_fst(wave.path, error, sizeof error);
    if (!vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(vcd != NULL);
    const wave_vcd_signal *count = wave_vcd_find(vcd, "lockstep.mismatches");
    EXPECT_TRUE(count != NULL);
    if (count) {
        EXPECT_EQ(wave_vcd_number_at(count, mismatch), 1u);
        EXPECT_EQ(wave_vcd_number_at(count, mismatch - 1), 0u);
    }
    wave_vcd_free(vcd);
    wave_test_rmdir(dir);
}

/* Without GTSIM_WAVE_DIR a failing seed's waveform goes to the working directory. */
TEST(IrqPlantedBug, AFailingSeedsWaveformDefaultsToTheWorkingDirectory)
{
    char path[64];
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    ASSERT_TRUE(cosim_random_wave_path("irq_random", 1234, path, sizeof path));
    EXPECT_STREQ(path, "./irq_random_seed1234.fst");
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, "/tmp/waves", 1), 0);
    ASSERT_TRUE(cosim_random_wave_path("irq_random", 7, path, sizeof path));
    EXPECT_STREQ(path, "/tmp/waves/irq_random_seed7.fst");
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
}

TEST(IrqPlantedBug, LockstepRandomRegressionCatchesTheLostEvent)
{
    ASSERT_EQ(cosim_irq_rtl_planted_bug(), 1); /* linked against the planted variant */
    uint64_t first, count;
    irq_random_seed_range(&first, &count);
    uint64_t caught = 0, first_caught = 0, assertion_failures = 0;
    irq_random_outcome out = { 0 };
    /* Up to the first catch (that is the claim: caught within the default seed count); the
     * seeds after it would only add time. */
    for (uint64_t seed = first; seed < first + count && caught == 0; seed++) {
        irq_random_run_seed(seed, IRQ_RANDOM_OPERATIONS, &out);
        assertion_failures += out.assertion_failures;
        if (out.mismatches) {
            caught++;
            if (caught == 1) {
                first_caught = seed;
                printf("planted bug caught by seed %" PRIu64 " at %.3f ns: %s\n", seed,
                       (double)out.first_time / TLM_NS, out.first);
                printf("RTL assertion: %s\n", out.last_assertion);
                EXPECT_TRUE(strstr(out.first, " after ") != NULL); /* names the stimulus */
            }
        }
    }
    printf("planted bug: first caught by seed %" PRIu64 " (default seed count %" PRIu64 ")\n", first_caught, count);
    EXPECT_GT(caught, 0u);
    /* The RTL's own rule (no status bit lost) fires too. */
    EXPECT_GT(assertion_failures, 0u);
    if (caught)
        irq_planted_check_wave(first_caught, &out);
}
