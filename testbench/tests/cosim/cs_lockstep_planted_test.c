/* The command streamer lockstep's own test: the random regression (cs_lockstep_harness.h) with
 * its default seed count, linked against the planted-bug build of the RTL twin
 * (cosim_cs_twin_planted: PlantedBugWrap = 1, HEAD wraps one dword late). The regression must
 * catch it: a seed whose streams diverge, reported with the first divergence, both streams'
 * neighbours and the waveform window, and whose replay leaves a waveform holding both streams
 * (the compare's rows) and the twin's AXI pins around the divergence. */
#include <inttypes.h>
#include <string.h>

#include "cs_lockstep_twin_ops.h"
#include "tb_test.h"
#include "wave_vcd_query.h"
#include "wave_vcd_reader.h"


TEST(CsLockstepPlanted, TheDefaultSeedsCatchTheLateWrap)
{
    ASSERT_EQ(cosim_cs_twin_planted_bug(), 1);
    cs_dut_ops ops = cs_twin_ops();
    uint64_t first, count;
    cs_random_seed_range(CS_RANDOM_DEFAULT_SEEDS, &first, &count);
    char dir[256], error[256] = "";
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir));
    ASSERT_EQ(setenv(COSIM_RANDOM_WAVE_DIR_ENV, dir, 1), 0);
    cs_random_totals totals;
    cs_random_outcome caught;
    cs_random_regression(&ops, first, count, false, true, &totals, &caught);
    unsetenv(COSIM_RANDOM_WAVE_DIR_ENV);
    ASSERT_EQ(totals.failing, 1u);
    printf("planted bug caught by seed %" PRIu64 " at %.3f ns: %s\n", totals.first_failing,
           (double)caught.first_time / TLM_NS, caught.first);
    /* The report: the divergence, its time, its window and both streams around it. */
    EXPECT_GT(caught.mismatches, 0u);
    EXPECT_TRUE(strstr(caught.report, "first divergence at ") != NULL);
    EXPECT_TRUE(strstr(caught.report, "waveform window: ") != NULL);
    EXPECT_TRUE(strstr(caught.report, "reference stream (model):") != NULL);
    EXPECT_TRUE(strstr(caught.report, "dut stream (rtl):") != NULL);

    /* The replay's waveform: at the seed's path, started by the divergence, read back. */
    const cosim_random_recording *rec = &caught.recording;
    char expected[600];
    snprintf(expected, sizeof expected, "%s/cs_random_seed%" PRIu64 ".fst", dir, totals.first_failing);
    EXPECT_STREQ(rec->wave_path, expected);
    ASSERT_TRUE(rec->traced);
    ASSERT_TRUE(rec->wave.written);
    EXPECT_TRUE(rec->wave.triggered);
    EXPECT_LT(rec->wave.first_time, rec->wave.trigger_time);
    EXPECT_GE(rec->wave.end_time, rec->wave.trigger_time + CS_RANDOM_WAVE_AFTER);
    wave_vcd *vcd = wave_vcd_load_fst(rec->wave_path, error, sizeof error);
    if (!vcd)
        ADD_FAILURE("%s", error);
    ASSERT_TRUE(vcd != NULL);
    static const char *const rows[] = {
        /* both streams and the compare's count */
        "cs_lockstep.ref", "cs_lockstep.dut", "cs_lockstep.mismatches",
        /* the twin's AXI4 master port and outputs */
        "cs_rtl.clk_i", "cs_rtl.m_axi_arvalid_o", "cs_rtl.m_axi_araddr_o", "cs_rtl.m_axi_rdata_i",
        "cs_rtl.m_axi_awvalid_o", "cs_rtl.m_axi_wstrb_o", "cs_rtl.msg_valid_o",
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!wave_vcd_find(vcd, rows[i]))
            ADD_FAILURE("row %s missing from %s", rows[i], rec->wave_path);
    /* The count steps from 0 to 1 at the trigger, with both streams' items before it. */
    const wave_vcd_signal *count_row = wave_vcd_find(vcd, "cs_lockstep.mismatches");
    if (count_row) {
        EXPECT_EQ(wave_vcd_number_at(count_row, rec->wave.trigger_time), 1u);
        EXPECT_EQ(wave_vcd_number_at(count_row, rec->wave.trigger_time - 1), 0u);
    }
    for (unsigned side = 0; side < 2; side++) {
        const wave_vcd_signal *stream = wave_vcd_find(vcd, side ? "cs_lockstep.dut" : "cs_lockstep.ref");
        if (stream) {
            size_t before, after;
            wave_vcd_count_around(stream, rec->wave.trigger_time, &before, &after);
            EXPECT_GT(before, 0u);
        }
    }
    wave_vcd_free(vcd);
    wave_test_rmdir(dir);
}
