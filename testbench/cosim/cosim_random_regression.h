/* What every block's lockstep random regression harness shares (docs/design/cosim.md): the seed range
 * of a run (defaults or the replay variables), the recording of a failing seed's replay
 * (cosim_random_wave.h) and the line printed about its waveform. The harnesses (testbench/tests/<block>/
 * <block>_random_harness.h) keep their block's run; these keep the form every block agrees on. */
#ifndef COSIM_RANDOM_REGRESSION_H
#define COSIM_RANDOM_REGRESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cosim_random_wave.h"
#include "gtsim_tlm.h"
#include "wave.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a run's on-fail recording left (traced runs only: a failing seed's replay); part of
 * every harness's outcome. */
typedef struct cosim_random_recording {
    bool traced;                 /* the run was recorded */
    char wave_path[512];         /* the waveform's path */
    char wave_error[256];        /* why there is no waveform (empty if none) */
    wave_result wave;            /* what the recording wrote */
    uint64_t triggers_held_back; /* the stimulus's own logged errors, not passed on as triggers */
    char trigger_reason[256];    /* what fired the waveform's trigger */
    bool asserted;               /* an RTL assertion failure fired the trigger */
    tlm_time assertion_time;     /* when (the end of the operation it failed in, or the idle cycles) */
} cosim_random_recording;

/* Starts the recording of a run named `name` (before any block is created: blocks declare
 * their rows when they are created); rec->traced says whether it could. */
static inline void cosim_random_recording_open(cosim_random_recording *rec, cosim_random_wave *wave, tlm_kernel *kernel,
                                            const char *name, uint64_t seed, tlm_time history)
{
    rec->traced = cosim_random_wave_open(wave, kernel, name, seed, history, rec->wave_error, sizeof rec->wave_error);
}

/* An RTL assertion failure is a failure too (the twin counts it, the log does not see it):
 * the first one, seen now (`failures` > 0), fires the trigger with the RTL's message. */
static inline void cosim_random_recording_assertion(cosim_random_recording *rec, tlm_kernel *kernel, uint64_t failures,
                                                 const char *last_assertion)
{
    if (rec->traced && !rec->asserted && failures > 0) {
        rec->asserted = true;
        rec->assertion_time = tlm_kernel_now(kernel);
        tlm_trace_trigger(kernel, last_assertion);
    }
}

/* Ends the recording: `after` of idle clock (the outputs settling), then the file closed;
 * rec->traced goes false if it could not be written (rec->wave_error says why). */
static inline void cosim_random_recording_close(cosim_random_recording *rec, cosim_random_wave *wave, tlm_kernel *kernel,
                                             tlm_time after)
{
    if (!rec->traced)
        return;
    tlm_kernel_run_for(kernel, after);
    rec->triggers_held_back = wave->held_back;
    snprintf(rec->trigger_reason, sizeof rec->trigger_reason, "%s", wave->reason);
    if (!cosim_random_wave_close(wave, tlm_kernel_now(kernel), &rec->wave, rec->wave_error, sizeof rec->wave_error))
        rec->traced = false;
    snprintf(rec->wave_path, sizeof rec->wave_path, "%s", wave->path);
}

/* The seed range of this run: `seed_env` (first seed) and `seeds_env` (how many) override the
 * defaults, so one failing seed can be replayed alone. Without `seed_env` the first seed is
 * default_first(1) (the test shim's tb_test_seed: GTSIM_SEED, else 1; called only then, as it
 * prints the seed); without `seeds_env` the count is `default_count`. */
static inline void cosim_random_seed_range(const char *seed_env, const char *seeds_env,
                                        uint64_t (*default_first)(uint64_t fallback), uint64_t default_count,
                                        uint64_t *first, uint64_t *count)
{
    const char *start = getenv(seed_env);
    const char *seeds = getenv(seeds_env);
    *first = start ? strtoull(start, NULL, 0) : default_first(1);
    *count = seeds ? strtoull(seeds, NULL, 0) : default_count;
}

/* What to print about a replay's waveform: "waveform PATH (A..B ns, failure at T ns)", or why
 * there is none. */
static inline void cosim_random_wave_note(const cosim_random_recording *rec, char *note, size_t size)
{
    if (rec->traced && rec->wave.written)
        snprintf(note, size, "waveform %s (%.3f..%.3f ns, failure at %.3f ns)", rec->wave_path,
                 (double)rec->wave.first_time / TLM_NS, (double)rec->wave.end_time / TLM_NS,
                 (double)rec->wave.trigger_time / TLM_NS);
    else if (rec->traced)
        snprintf(note, size, "no waveform: the replay did not fail");
    else
        snprintf(note, size, "no waveform: %s", rec->wave_error);
}

#ifdef __cplusplus
}
#endif

#endif
