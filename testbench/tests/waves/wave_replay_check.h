/* The checks every lockstep planted-bug test makes of a caught seed's replayed waveform
 * (docs/design/cosim.md "What a failing seed leaves behind"; cosim_random_wave.h): the trigger is the
 * first failure, the file holds the history before it and the run after it, and read back it
 * holds the block's rows with the first mismatch on the timeline and clock on both sides.
 * The tests keep their block's rows and their block's own evidence. */
#ifndef WAVE_REPLAY_CHECK_H
#define WAVE_REPLAY_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cosim_random_regression.h"
#include "tb_test.h"
#include "gtsim_tlm.h"
#include "wave.h"
#include "wave_vcd_query.h"
#include "wave_vcd_reader.h"

/* What the replay recorded and what the caught run saw. */
typedef struct wave_replay_facts {
    const wave_result *wave;    /* what the recording wrote */
    bool asserted;              /* an RTL assertion failure fired the trigger */
    tlm_time assertion_time;    /* when (valid if asserted) */
    const char *trigger_reason; /* what fired the trigger */
    tlm_time first_time;        /* the caught run's first mismatch */
    const char *first;          /* its description */
    tlm_time history;           /* the recording's history window */
    tlm_time after;             /* idle clock recorded after the run stopped */
} wave_replay_facts;

/* The failure started the file: the first RTL assertion failure or the first mismatch,
 * whichever came first, not the stimulus's own logged errors; the window holds the history
 * before the failure and goes on to the end of the replay. */
static inline void wave_replay_expect_window(const wave_replay_facts *f)
{
    tlm_time failure = f->first_time;
    if (f->asserted && f->assertion_time < failure)
        failure = f->assertion_time;
    EXPECT_EQ(f->wave->trigger_time, failure);
    if (failure == f->assertion_time && f->asserted)
        EXPECT_TRUE(strstr(f->trigger_reason, "Assertion failed") != NULL);
    else /* the compare's own trigger, named by the mismatch (not the log's "error ...: mismatch") */
        EXPECT_STREQ(f->trigger_reason, f->first);
    EXPECT_EQ(f->wave->first_time, failure > f->history ? failure - f->history : 0);
    EXPECT_LT(f->wave->first_time, f->first_time);
    EXPECT_GE(f->wave->end_time, f->first_time + f->after);
}

/* A caught seed's replay against the caught run: the replay (its recording `rec` and its own
 * first mismatch `replay_first_time`, `replay_first`) is the same run, with the same first
 * mismatch at the same time as the caught run's (`first_time`, `first`); its waveform is at
 * `expected_path`, written with its view and triggered by the failure, and the window holds
 * `history` before the failure and `after` past the run (wave_replay_expect_window). */
static inline void wave_replay_expect_recording(const cosim_random_recording *rec, tlm_time replay_first_time,
                                                const char *replay_first, tlm_time first_time, const char *first,
                                                const char *expected_path, tlm_time history, tlm_time after)
{
    EXPECT_EQ(replay_first_time, first_time);
    EXPECT_STREQ(replay_first, first);
    EXPECT_STREQ(rec->wave_path, expected_path);
    ASSERT_TRUE(rec->traced);
    ASSERT_TRUE(rec->wave.written);
    EXPECT_TRUE(rec->wave.view_written);
    EXPECT_TRUE(rec->wave.triggered);
    wave_replay_facts facts = {
        .wave = &rec->wave,
        .asserted = rec->asserted,
        .assertion_time = rec->assertion_time,
        .trigger_reason = rec->trigger_reason,
        .first_time = first_time,
        .first = first,
        .history = history,
        .after = after,
    };
    wave_replay_expect_window(&facts);
}

/* The file read back (`vcd`, from `path`): every one of `rows` is there; it ends at the
 * recording's end, after the mismatch at `mismatch`; the two compares' counts `count_a` and
 * `count_b` add up to 0 just before the mismatch and 1 at it; the clock row `clock_row` toggles
 * more than ten times on both sides of it. */
static inline void wave_replay_expect_timeline(const wave_vcd *vcd, const char *path, const char *const *rows,
                                               size_t row_count, tlm_time end_time, uint64_t mismatch,
                                               const char *count_a, const char *count_b, const char *clock_row)
{
    for (size_t i = 0; i < row_count; i++)
        if (!wave_vcd_find(vcd, rows[i]))
            ADD_FAILURE("row %s missing from %s", rows[i], path);
    EXPECT_LE(vcd->last_time, end_time);
    EXPECT_GE(vcd->last_time, mismatch);
    const wave_vcd_signal *a = wave_vcd_find(vcd, count_a);
    const wave_vcd_signal *b = wave_vcd_find(vcd, count_b);
    if (a && b) {
        EXPECT_EQ(wave_vcd_number_at(a, mismatch) + wave_vcd_number_at(b, mismatch), 1u);
        if (mismatch > 0)
            EXPECT_EQ(wave_vcd_number_at(a, mismatch - 1) + wave_vcd_number_at(b, mismatch - 1), 0u);
    }
    const wave_vcd_signal *clock = wave_vcd_find(vcd, clock_row);
    if (clock) {
        size_t before, after;
        wave_vcd_count_around(clock, mismatch, &before, &after);
        EXPECT_GT(before, 10u);
        EXPECT_GT(after, 10u);
    }
}

#endif
