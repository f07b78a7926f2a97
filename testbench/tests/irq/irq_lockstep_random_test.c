/* The lockstep random regression of the gen11+ interrupt aggregation: thousands of seeds of
 * cosim_irq_random's stimulus on the C model and the RTL twin in lockstep; every seed must agree
 * on every response, read value and output level, with no RTL assertion failing. A failing
 * seed is printed with its replay command and the path of its waveform, written by replaying
 * the seed with tracing on (irq_random_harness.h). */
#include <inttypes.h>
#include <string.h>

#include "irq_random_harness.h"
#include "tb_test.h"

TEST(IrqLockstepRandom, EverySeedAgrees)
{
    uint64_t first, count;
    irq_random_seed_range(&first, &count);
    printf("irq lockstep random: seeds %" PRIu64 "..%" PRIu64 ", %u operations each\n", first, first + count - 1,
           IRQ_RANDOM_OPERATIONS);
    uint64_t failing = 0, operations = 0, messages = 0, compared = 0, dw_events = 0, misuses = 0;
    for (uint64_t seed = first; seed < first + count; seed++) {
        irq_random_outcome out;
        irq_random_run_seed(seed, IRQ_RANDOM_OPERATIONS, &out);
        operations += out.operations;
        messages += out.messages;
        compared += out.compared;
        dw_events += out.dw_events;
        misuses += out.misuses;
        if (out.mismatches || out.assertion_failures) {
            if (failing++ < 5) {
                /* The seed again, recorded: its waveform goes next to the replay command. */
                irq_random_outcome replay;
                irq_random_replay_with_wave(seed, IRQ_RANDOM_OPERATIONS, &replay);
                char note[640];
                irq_random_wave_note(&replay, note, sizeof note);
                ADD_FAILURE("seed %" PRIu64 ": %" PRIu64 " mismatch(es), %" PRIu64 " RTL assertion failure(s); "
                            "first at %.3f ns: %s; last assertion: %s; replay: IRQ_RANDOM_SEED=%" PRIu64
                            " IRQ_RANDOM_SEEDS=1 test_irq_lockstep_random_test; %s",
                            seed, out.mismatches, out.assertion_failures, (double)out.first_time / TLM_NS, out.first,
                            out.last_assertion, seed, note);
            }
        }
    }
    printf("irq lockstep random: %" PRIu64 " operations, %" PRIu64 " messages, %" PRIu64 " compared, %" PRIu64
           " DW-level events, %" PRIu64 " misuses, %" PRIu64 " failing seeds\n",
           operations, messages, compared, dw_events, misuses, failing);
    EXPECT_EQ(failing, 0u);
    /* Not vacuous: the stimulus reached the second level and the misuse paths. */
    EXPECT_EQ(operations, count * IRQ_RANDOM_OPERATIONS);
    EXPECT_GT(dw_events, count);
    EXPECT_GT(misuses, count);
    EXPECT_GT(compared, operations);
}

/* Replayable: a seed is the same stimulus every time, and another seed is another one. */
TEST(IrqLockstepRandom, ASeedReplaysExactly)
{
    irq_random_outcome a, b, c;
    irq_random_run_seed(42, IRQ_RANDOM_OPERATIONS, &a);
    irq_random_run_seed(42, IRQ_RANDOM_OPERATIONS, &b);
    irq_random_run_seed(43, IRQ_RANDOM_OPERATIONS, &c);
    EXPECT_EQ(a.compared, b.compared);
    EXPECT_EQ(a.messages, b.messages);
    EXPECT_EQ(a.dw_events, b.dw_events);
    EXPECT_EQ(a.misuses, b.misuses);
    EXPECT_TRUE(a.compared != c.compared || a.messages != c.messages || a.dw_events != c.dw_events ||
                a.misuses != c.misuses);
}
