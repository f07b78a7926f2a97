/* The command streamer's lockstep random regression: seeded random rings and batches
 * (cosim_cs_random.h) run by the C model and the RTL twin in lockstep; every seed must end with
 * no divergence of their streams (memory writes, interrupt messages, register reads) and no RTL
 * assertion failure. A failing seed is printed with its first divergence's report, the replay
 * command and its waveform (cs_lockstep_harness.h). */
#include <inttypes.h>

#include "cs_lockstep_twin_ops.h"
#include "tb_test.h"


TEST(CsLockstepRandom, EverySeedAgrees)
{
    cs_dut_ops ops = cs_twin_ops();
    uint64_t first, count;
    cs_random_seed_range(CS_RANDOM_DEFAULT_SEEDS, &first, &count);
    printf("cs lockstep random: seeds %" PRIu64 "..%" PRIu64 ", %u submissions each\n", first, first + count - 1,
           CS_RANDOM_STEPS);
    cs_random_totals totals;
    cs_random_regression(&ops, first, count, true, false, &totals, NULL);
    cs_random_print_totals("cs lockstep random", &totals);
    EXPECT_EQ(totals.failing, 0u);
    EXPECT_EQ(totals.idle_timeouts, 0u);
    /* Not vacuous: every kind of command and the ring's wrap came up. */
    EXPECT_EQ(totals.steps, count * CS_RANDOM_STEPS);
    EXPECT_GT(totals.stores, count);
    EXPECT_GT(totals.interrupts, count);
    EXPECT_GT(totals.lris, count);
    EXPECT_GT(totals.batches, count);
    EXPECT_GT(totals.chains, 0u);
    EXPECT_GT(totals.second_levels, 0u);
    EXPECT_GT(totals.skipped, count);
    EXPECT_GT(totals.reserved, 0u);
    EXPECT_GT(totals.wraps, 0u);
    EXPECT_GT(totals.matched, totals.stores + totals.interrupts);
}

/* The other orders accept the same streams (fewer seeds). */
TEST(CsLockstepRandom, EverySeedAgreesUnderEachOrder)
{
    cs_dut_ops ops = cs_twin_ops();
    const char *orders[] = { "exact", "per-address" };
    for (unsigned o = 0; o < 2; o++) {
        setenv("CS_RANDOM_ORDER", orders[o], 1);
        cs_random_totals totals;
        cs_random_regression(&ops, 1, 40, true, false, &totals, NULL);
        cs_random_print_totals(orders[o], &totals);
        EXPECT_EQ(totals.failing, 0u);
    }
    unsetenv("CS_RANDOM_ORDER");
}

TEST(CsLockstepRandom, ASeedReplaysExactly)
{
    cs_dut_ops ops = cs_twin_ops();
    cs_random_outcome a, b;
    cs_random_run(&ops, 42, CS_RANDOM_STEPS, false, &a);
    cs_random_run(&ops, 42, CS_RANDOM_STEPS, false, &b);
    EXPECT_EQ(a.matched, b.matched);
    EXPECT_EQ(a.commands, b.commands);
    EXPECT_EQ(a.mismatches, b.mismatches);
}
