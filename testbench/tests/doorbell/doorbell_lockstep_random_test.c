/* The lockstep random regression of the GTI doorbell controller: thousands of seeds of
 * cosim_doorbell_random's stimulus on the C model and the RTL twin in lockstep; every seed must
 * agree on every response, read value, install result, GuC port call and VALID bit, with no
 * RTL assertion failing. A failing seed is printed with its replay command
 * (doorbell_random_harness.h). */
#include <inttypes.h>
#include <string.h>

#include "doorbell_random_harness.h"
#include "tb_test.h"

TEST(DoorbellLockstepRandom, EverySeedAgrees)
{
    uint64_t first, count;
    doorbell_random_seed_range(&first, &count);
    printf("doorbell lockstep random: seeds %" PRIu64 "..%" PRIu64 ", %u operations each\n", first,
           first + count - 1, DOORBELL_RANDOM_OPERATIONS);
    uint64_t failing = 0, operations = 0, compared = 0, rings = 0, messages = 0, late = 0, refused = 0, ok = 0;
    for (uint64_t seed = first; seed < first + count; seed++) {
        doorbell_random_outcome out;
        doorbell_random_run_seed(seed, DOORBELL_RANDOM_OPERATIONS, &out);
        operations += out.operations;
        compared += out.compared;
        rings += out.rings;
        messages += out.messages;
        late += out.late_rings;
        refused += out.refused_installs;
        ok += out.installs_ok;
        if (out.mismatches || out.assertion_failures) {
            if (failing++ < 5) {
                /* The seed again, recorded: its waveform goes next to the replay command. */
                doorbell_random_outcome replay;
                doorbell_random_replay_with_wave(seed, DOORBELL_RANDOM_OPERATIONS, &replay);
                char note[640];
                doorbell_random_wave_note(&replay, note, sizeof note);
                ADD_FAILURE("seed %" PRIu64 ": %" PRIu64 " mismatch(es), %" PRIu64 " RTL assertion failure(s); "
                            "first at %.3f ns: %s; last assertion: %s; replay: DOORBELL_RANDOM_SEED=%" PRIu64
                            " DOORBELL_RANDOM_SEEDS=1 test_doorbell_lockstep_random_test; %s",
                            seed, out.mismatches, out.assertion_failures, (double)out.first_time / TLM_NS, out.first,
                            out.last_assertion, seed, note);
            }
        }
    }
    printf("doorbell lockstep random: %" PRIu64 " operations, %" PRIu64 " compared, %" PRIu64 " installs ok, %" PRIu64
           " refused, %" PRIu64 " rings, %" PRIu64 " messages, %" PRIu64 " late rings, %" PRIu64 " failing seeds\n",
           operations, compared, ok, refused, rings, messages, late, failing);
    EXPECT_EQ(failing, 0u);
    /* Not vacuous: doorbells were armed and refused, rang, messaged, and rang late. */
    EXPECT_EQ(operations, count * DOORBELL_RANDOM_OPERATIONS);
    EXPECT_GT(ok, count);
    EXPECT_GT(refused, count);
    EXPECT_GT(rings, count);
    EXPECT_GT(messages, count);
    EXPECT_GT(late, 0u);
    EXPECT_GT(compared, operations);
}

/* Replayable: a seed is the same stimulus every time, and another seed is another one. */
TEST(DoorbellLockstepRandom, ASeedReplaysExactly)
{
    doorbell_random_outcome a, b, c;
    doorbell_random_run_seed(42, DOORBELL_RANDOM_OPERATIONS, &a);
    doorbell_random_run_seed(42, DOORBELL_RANDOM_OPERATIONS, &b);
    doorbell_random_run_seed(43, DOORBELL_RANDOM_OPERATIONS, &c);
    EXPECT_EQ(a.compared, b.compared);
    EXPECT_EQ(a.rings, b.rings);
    EXPECT_EQ(a.messages, b.messages);
    EXPECT_EQ(a.installs_ok, b.installs_ok);
    EXPECT_TRUE(a.compared != c.compared || a.rings != c.rings || a.messages != c.messages ||
                a.installs_ok != c.installs_ok);
}
