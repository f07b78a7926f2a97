/* The lockstep checker's own test: the doorbell random regression (doorbell_random_harness.h)
 * with its default seed count, linked against the planted-bug build of the RTL
 * (doorbell_rtl_planted: PlantedBugLateRingLost = 1, a write that changes the cookie and
 * clears DW0 bit 0 deactivates without ringing, breaking spec 001's late-cookie rule). The
 * regression must catch it: a seed whose lockstep run reports a mismatch naming the stimulus,
 * and whose replay leaves a waveform around the mismatch. */
#include <inttypes.h>
#include <string.h>

#include "doorbell_random_harness.h"
#include "doorbell_rtl.h"
#include "tb_test.h"
#include "wave_replay_check.h"
#include "wave_vcd_query.h"
#include "wave_vcd_reader.h"

/* The caught seed's waveform (docs/design/cosim.md "What a failing seed leaves behind"): replayed into
 * $GTSIM_WAVE_DIR, it reads back through fst2vcd, holds the RTL's pins and the model's rows,
 * and the first mismatch lies inside it with history before it and clock after it. */
static void doorbell_planted_check_wave(uint64_t seed, const doorbell_random_outcome *caught)
{
    char dir[256], expected[600], error[256] = "";
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir));
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    doorbell_random_outcome replay;
    doorbell_random_replay_with_wave(seed, DOORBELL_RANDOM_OPERATIONS, &replay);
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    char note[640];
    doorbell_random_wave_note(&replay, note, sizeof note);
    printf("seed %" PRIu64 ": %s; %" PRIu64 " trigger(s) held back; trigger: %s\n", seed, note,
           replay.recording.triggers_held_back, replay.recording.trigger_reason);
    snprintf(expected, sizeof expected, "%s/doorbell_random_seed%" PRIu64 ".fst", dir, seed);
    wave_replay_expect_recording(&replay.recording, replay.first_time, replay.first, caught->first_time, caught->first,
                                 expected, DOORBELL_RANDOM_WAVE_HISTORY, DOORBELL_RANDOM_WAVE_AFTER);

    wave_vcd *vcd = wave_vcd_load_fst(replay.recording.wave_path, error, sizeof error);
    if (!vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(vcd != NULL);
    static const char *const rows[] = {
        /* the Verilated RTL's pins */
        "doorbell_rtl.clk_i", "doorbell_rtl.s_axil_awvalid_i", "doorbell_rtl.s_axil_arvalid_i",
        "doorbell_rtl.snoop_valid_i", "doorbell_rtl.snoop_data_i", "doorbell_rtl.guc_msg_valid_o",
        "doorbell_rtl.group_read_bits_o",
        /* the model's rows */
        "doorbell.group0", "doorbell.ring", "doorbell.rings",
        /* the compares */
        "doorbell_lockstep.mismatches", "doorbell_lockstep.port_mismatches",
    };
    uint64_t mismatch = caught->first_time;
    wave_replay_expect_timeline(vcd, replay.recording.wave_path, rows, sizeof rows / sizeof rows[0], replay.recording.wave.end_time,
                                mismatch, "doorbell_lockstep.mismatches", "doorbell_lockstep.port_mismatches",
                                "doorbell_rtl.clk_i");
    /* The stimulus before it: memory writes on the snoop port. */
    const wave_vcd_signal *snoop = wave_vcd_find(vcd, "doorbell_rtl.snoop_valid_i");
    if (snoop) {
        size_t before, after;
        wave_vcd_count_around(snoop, mismatch, &before, &after);
        EXPECT_GT(before, 0u);
    }
    wave_vcd_free(vcd);
    wave_test_rmdir(dir);
}

TEST(DoorbellPlantedBug, LockstepRandomRegressionCatchesTheLostLateRing)
{
    ASSERT_EQ(cosim_doorbell_rtl_planted_bug(), 1); /* linked against the planted variant */
    uint64_t first, count;
    doorbell_random_seed_range(&first, &count);
    uint64_t caught = 0, first_caught = 0, assertion_failures = 0;
    doorbell_random_outcome out = { 0 };
    /* Up to the first catch (the claim: caught within the default seed count). */
    for (uint64_t seed = first; seed < first + count && caught == 0; seed++) {
        doorbell_random_run_seed(seed, DOORBELL_RANDOM_OPERATIONS, &out);
        assertion_failures += out.assertion_failures;
        if (out.mismatches) {
            caught++;
            first_caught = seed;
            printf("planted bug caught by seed %" PRIu64 " at %.3f ns: %s\n", seed, (double)out.first_time / TLM_NS,
                   out.first);
            printf("RTL assertion: %s\n", out.last_assertion);
            EXPECT_TRUE(strstr(out.first, " after memory write") != NULL); /* names the write */
        }
    }
    printf("planted bug: first caught by seed %" PRIu64 " (default seed count %" PRIu64 ")\n", first_caught, count);
    EXPECT_GT(caught, 0u);
    /* The RTL's own rule (no status bit lost) fires too. */
    EXPECT_GT(assertion_failures, 0u);
    if (caught)
        doorbell_planted_check_wave(first_caught, &out);
}
