/* The lockstep random regression of the GTI doorbell controller (docs/design/cosim.md), shared by the
 * regression itself (doorbell_lockstep_random_test.c, the RTL as built) and the checker's own
 * test (doorbell_planted_bug_test.c, linked against the planted-bug RTL). One seed: a fresh
 * kernel, GT clock, memory, model, RTL twin and lockstep compare; cosim_doorbell_random's stimulus
 * on the compare's ports until DOORBELL_RANDOM_OPERATIONS operations or the first mismatch.
 *
 * Replay: DOORBELL_RANDOM_SEED (first seed) and DOORBELL_RANDOM_SEEDS (how many) override the
 * defaults, e.g. DOORBELL_RANDOM_SEED=1234 DOORBELL_RANDOM_SEEDS=1 test_doorbell_lockstep_random_test.
 * Without DOORBELL_RANDOM_SEED the first seed is tb_test_seed(1) (GTSIM_SEED).
 *
 * Waveform: seeds run untraced; doorbell_random_replay_with_wave runs a failing seed again with
 * an on-fail FST recording (cosim_random_wave.h) into $GTSIM_WAVE_DIR (default: the working
 * directory) as doorbell_random_seed<N>.fst, holding DOORBELL_RANDOM_WAVE_HISTORY before the
 * first failure and DOORBELL_RANDOM_WAVE_AFTER of idle clock after the run stopped. */
#ifndef DOORBELL_RANDOM_HARNESS_H
#define DOORBELL_RANDOM_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doorbell.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_random.h"
#include "cosim_doorbell_twin.h"
#include "cosim_random_regression.h"
#include "cosim_random_wave.h"
#include "tb_test.h"
#include "gtsim_tlm.h"
#include "wave.h"

/* Operations per seed: enough for installs to collide, groups to fill and be read, and
 * doorbells to be deactivated and reassigned. */
#define DOORBELL_RANDOM_OPERATIONS 200u
/* Seeds per regression run (measured: docs/design/cosim.md; inside the CI budget). */
#define DOORBELL_RANDOM_DEFAULT_SEEDS 5000u
/* The bring-up GT clock (gtsim_system's). */
#define DOORBELL_RANDOM_CLOCK_PERIOD (1 * TLM_NS)
/* A failing seed's waveform: the simulated time kept before the first failure (200 clock
 * cycles: the installs, writes and reads that led to it), and idle clock recorded after the
 * run stopped (the outputs settling). */
#define DOORBELL_RANDOM_WAVE_HISTORY (200 * DOORBELL_RANDOM_CLOCK_PERIOD)
#define DOORBELL_RANDOM_WAVE_AFTER (32 * DOORBELL_RANDOM_CLOCK_PERIOD)

/* What one seed did. */
typedef struct doorbell_random_outcome {
    uint64_t operations;         /* operations issued */
    uint64_t installs_ok;        /* successful installs */
    uint64_t compared;           /* stimuli the lockstep compared */
    uint64_t mismatches;         /* divergences (the run stops at the first) */
    uint64_t assertion_failures; /* RTL assertion failures */
    uint64_t rings;              /* the model's valid rings (non-vacuity) */
    uint64_t messages;           /* the model's messages */
    uint64_t late_rings;         /* the model's deactivations that also rang */
    uint64_t refused_installs;   /* the model's refused installs */
    tlm_time first_time;         /* sim time of the first mismatch */
    char first[256];             /* its description (empty if none) */
    char last_assertion[512];    /* the RTL's last assertion message (empty if none) */
    cosim_random_recording recording; /* the replay's waveform (doorbell_random_replay_with_wave) */
} doorbell_random_outcome;

/* The parts a recording asks whether the run has failed yet. */
typedef struct doorbell_random_parts {
    cosim_doorbell_lockstep *lockstep; /* mismatches */
    cosim_doorbell_twin *twin;         /* RTL assertion failures */
} doorbell_random_parts;

static inline bool doorbell_random_failed(void *context)
{
    const doorbell_random_parts *parts = context;
    return cosim_doorbell_lockstep_mismatches(parts->lockstep) > 0 ||
           cosim_doorbell_twin_assertion_failures(parts->twin) > 0;
}

static inline doorbell_install_result doorbell_random_lockstep_install(void *context, unsigned bell, uint64_t line)
{
    return cosim_doorbell_lockstep_install(context, bell, line);
}

/* One seed; `traced`: recorded into its on-fail waveform (see the top of this file). */
static inline void doorbell_random_run(uint64_t seed, unsigned operations, bool traced, doorbell_random_outcome *out)
{
    memset(out, 0, sizeof *out);
    tlm_kernel *kernel = tlm_kernel_create();
    /* Refused accesses and installs are part of the stimulus; mismatches are read back from
     * the compare, not from the log. */
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    cosim_random_wave wave = { 0 };
    if (traced) /* before any block: blocks declare their rows when they are created */
        cosim_random_recording_open(&out->recording, &wave, kernel, "doorbell_random", seed,
                                 DOORBELL_RANDOM_WAVE_HISTORY);
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "gt_clock", DOORBELL_RANDOM_CLOCK_PERIOD, DOORBELL_RANDOM_CLOCK_PERIOD);
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    doorbell *model = doorbell_create(kernel, "doorbell", memory);
    cosim_doorbell_twin *twin = cosim_doorbell_twin_create(kernel, &clock, "doorbell_rtl", memory);
    cosim_doorbell_lockstep *lockstep = cosim_doorbell_lockstep_create(kernel, "doorbell_lockstep", model, twin, memory);
    cosim_doorbell_random_ports ports = {
        .kernel = kernel,
        .mmio = cosim_doorbell_lockstep_target(lockstep),
        .memory = cosim_doorbell_lockstep_memory(lockstep),
        .install = doorbell_random_lockstep_install,
        .install_context = lockstep,
        .clock_period = DOORBELL_RANDOM_CLOCK_PERIOD,
    };
    doorbell_random_parts parts = { lockstep, twin };
    if (out->recording.traced) {
        cosim_random_wave_arm(&wave, doorbell_random_failed, &parts);
        tlm_trace_declared(kernel);
    }
    cosim_doorbell_random random;
    cosim_doorbell_random_init(&random, seed, &ports);
    for (unsigned i = 0; i < operations && cosim_doorbell_lockstep_mismatches(lockstep) == 0; i++) {
        cosim_doorbell_random_step(&random);
        /* The trigger at the end of the operation an RTL assertion failed in. */
        cosim_random_recording_assertion(&out->recording, kernel, cosim_doorbell_twin_assertion_failures(twin),
                                      cosim_doorbell_twin_last_assertion(twin));
    }
    /* Time up to where the RTL ran ahead (installs step it ahead of the kernel), and a few idle
     * cycles: the RTL's assertions about the last stimulus are checked at the edge after it. */
    tlm_time rtl_time = cosim_doorbell_twin_rtl_time(twin);
    tlm_kernel_run_for(kernel, (rtl_time > tlm_kernel_now(kernel) ? rtl_time - tlm_kernel_now(kernel) : 0) +
                                   4 * DOORBELL_RANDOM_CLOCK_PERIOD);
    /* In those idle cycles (the recording's trigger if an assertion fails there). */
    cosim_random_recording_assertion(&out->recording, kernel, cosim_doorbell_twin_assertion_failures(twin),
                                  cosim_doorbell_twin_last_assertion(twin));
    cosim_random_recording_close(&out->recording, &wave, kernel, DOORBELL_RANDOM_WAVE_AFTER);
    out->operations = random.operations;
    out->installs_ok = random.installs_ok;
    out->compared = cosim_doorbell_lockstep_compared(lockstep);
    out->mismatches = cosim_doorbell_lockstep_mismatches(lockstep);
    out->assertion_failures = cosim_doorbell_twin_assertion_failures(twin);
    const doorbell_stats *stats = doorbell_get_stats(model);
    out->rings = stats->rings;
    out->messages = stats->messages;
    out->late_rings = stats->late_rings;
    out->refused_installs = stats->refused_installs;
    const cosim_lockstep_mismatch *first = cosim_doorbell_lockstep_first_mismatch(lockstep);
    if (first) {
        out->first_time = first->time;
        snprintf(out->first, sizeof out->first, "%s", first->description);
    }
    snprintf(out->last_assertion, sizeof out->last_assertion, "%s", cosim_doorbell_twin_last_assertion(twin));
    cosim_doorbell_lockstep_destroy(lockstep);
    cosim_doorbell_twin_destroy(twin);
    doorbell_destroy(model);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
}

static inline void doorbell_random_run_seed(uint64_t seed, unsigned operations, doorbell_random_outcome *out)
{
    doorbell_random_run(seed, operations, false, out);
}

/* A failing seed again (the stimulus is deterministic), recorded into its waveform. */
static inline void doorbell_random_replay_with_wave(uint64_t seed, unsigned operations, doorbell_random_outcome *out)
{
    doorbell_random_run(seed, operations, true, out);
}

/* What to print about a replay's waveform (cosim_random_wave_note). */
static inline void doorbell_random_wave_note(const doorbell_random_outcome *replay, char *note, size_t size)
{
    cosim_random_wave_note(&replay->recording, note, size);
}

/* The seed range of this run: the defaults, or the replay variables DOORBELL_RANDOM_SEED and
 * DOORBELL_RANDOM_SEEDS (without DOORBELL_RANDOM_SEED: GTSIM_SEED through tb_test_seed, else seed 1). */
static inline void doorbell_random_seed_range(uint64_t *first, uint64_t *count)
{
    cosim_random_seed_range("DOORBELL_RANDOM_SEED", "DOORBELL_RANDOM_SEEDS", tb_test_seed, DOORBELL_RANDOM_DEFAULT_SEEDS,
                         first, count);
}

#endif
