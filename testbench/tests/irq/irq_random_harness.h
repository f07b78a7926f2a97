/* The lockstep random regression of the gen11+ aggregation (docs/design/cosim.md), shared by the
 * regression itself (irq_lockstep_random_test.c, the RTL as built) and the checker's own test
 * (irq_planted_bug_test.c, the same harness linked against the planted-bug RTL). One seed:
 * a fresh kernel, GT clock, model, RTL twin and lockstep compare; cosim_irq_random's stimulus on
 * the compare's ports until IRQ_RANDOM_OPERATIONS operations or the first mismatch.
 *
 * Replay: IRQ_RANDOM_SEED (first seed) and IRQ_RANDOM_SEEDS (how many) override the defaults,
 * e.g. IRQ_RANDOM_SEED=1234 IRQ_RANDOM_SEEDS=1 test_irq_lockstep_random_test.
 *
 * Waveform: seeds run untraced; irq_random_replay_with_wave runs a failing seed again with an
 * on-fail FST recording (cosim_random_wave.h) into $GTSIM_WAVE_DIR (default: the working
 * directory) as irq_random_seed<N>.fst, holding IRQ_RANDOM_WAVE_HISTORY before the first
 * failure and IRQ_RANDOM_WAVE_AFTER of idle clock after the run stopped. */
#ifndef IRQ_RANDOM_HARNESS_H
#define IRQ_RANDOM_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irq_gen11.h"
#include "cosim_irq_lockstep.h"
#include "cosim_irq_random.h"
#include "cosim_irq_twin.h"
#include "cosim_random_regression.h"
#include "cosim_random_wave.h"
#include "tb_test.h"
#include "gtsim_tlm.h"
#include "wave.h"

/* Operations per seed: long enough for several service rounds with events in between. */
#define IRQ_RANDOM_OPERATIONS 250u
/* Seeds per regression run (measured: docs/design/cosim.md; well inside the CI budget). */
#define IRQ_RANDOM_DEFAULT_SEEDS 5000u
/* The bring-up GT clock (gtsim_system's). */
#define IRQ_RANDOM_CLOCK_PERIOD (1 * TLM_NS)
/* A failing seed's waveform: the simulated time kept before the first failure (200 clock
 * cycles, a few dozen operations: the events and accesses that led to it), and idle clock
 * recorded after the run stopped (the outputs settling). */
#define IRQ_RANDOM_WAVE_HISTORY (200 * IRQ_RANDOM_CLOCK_PERIOD)
#define IRQ_RANDOM_WAVE_AFTER (32 * IRQ_RANDOM_CLOCK_PERIOD)

/* What one seed did. */
typedef struct irq_random_outcome {
    uint64_t operations;         /* operations issued */
    uint64_t messages;           /* messages among them */
    uint64_t compared;           /* transactions and messages the lockstep compared */
    uint64_t mismatches;         /* divergences (the run stops at the first) */
    uint64_t assertion_failures; /* RTL assertion failures */
    uint64_t dw_events;          /* the model's DW-level events, both interfaces (non-vacuity) */
    uint64_t misuses;            /* the model's misuse warnings (the stimulus includes misuse) */
    tlm_time first_time;         /* sim time of the first mismatch */
    char first[256];             /* its description (empty if none) */
    char last_assertion[512];    /* the RTL's last assertion message (empty if none) */
    cosim_random_recording recording; /* the replay's waveform (irq_random_replay_with_wave) */
} irq_random_outcome;

/* The parts a recording asks whether the run has failed yet. */
typedef struct irq_random_parts {
    cosim_irq_lockstep *lockstep; /* mismatches */
    cosim_irq_twin *twin;         /* RTL assertion failures */
} irq_random_parts;

static inline bool irq_random_failed(void *context)
{
    const irq_random_parts *parts = context;
    return cosim_irq_lockstep_mismatches(parts->lockstep) > 0 || cosim_irq_twin_assertion_failures(parts->twin) > 0;
}

/* One seed; `traced`: recorded into its on-fail waveform (see the top of this file). */
static inline void irq_random_run(uint64_t seed, unsigned operations, bool traced, irq_random_outcome *out)
{
    memset(out, 0, sizeof *out);
    tlm_kernel *kernel = tlm_kernel_create();
    /* Misuse warnings and refused accesses are part of the stimulus; mismatches are read back
     * from the compare, not from the log. */
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    cosim_random_wave wave = { 0 };
    if (traced) /* before any block: blocks declare their rows when they are created */
        cosim_random_recording_open(&out->recording, &wave, kernel, "irq_random", seed, IRQ_RANDOM_WAVE_HISTORY);
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "gt_clock", IRQ_RANDOM_CLOCK_PERIOD, IRQ_RANDOM_CLOCK_PERIOD);
    irq_gen11 *model = irq_gen11_create(kernel, "irq");
    cosim_irq_twin *twin = cosim_irq_twin_create(kernel, &clock, "irq_rtl");
    cosim_irq_lockstep *lockstep = cosim_irq_lockstep_create(kernel, "irq_lockstep", model, twin);
    cosim_irq_random_ports ports = {
        .kernel = kernel,
        .host = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_HOST),
        .guc = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_GUC),
        .sink = cosim_irq_lockstep_sink(lockstep),
        .clock_period = IRQ_RANDOM_CLOCK_PERIOD,
    };
    irq_random_parts parts = { lockstep, twin };
    if (out->recording.traced) {
        cosim_random_wave_arm(&wave, irq_random_failed, &parts);
        tlm_trace_declared(kernel);
    }
    cosim_irq_random random;
    cosim_irq_random_init(&random, seed, &ports);
    for (unsigned i = 0; i < operations && cosim_irq_lockstep_mismatches(lockstep) == 0; i++) {
        cosim_irq_random_step(&random);
        /* The trigger at the end of the operation an RTL assertion failed in. */
        cosim_random_recording_assertion(&out->recording, kernel, cosim_irq_twin_assertion_failures(twin),
                                      cosim_irq_twin_last_assertion(twin));
    }
    cosim_random_recording_close(&out->recording, &wave, kernel, IRQ_RANDOM_WAVE_AFTER);
    out->operations = random.operations;
    out->messages = random.messages;
    out->compared = cosim_irq_lockstep_compared(lockstep);
    out->mismatches = cosim_irq_lockstep_mismatches(lockstep);
    out->assertion_failures = cosim_irq_twin_assertion_failures(twin);
    const irq_gen11_stats *stats = irq_gen11_get_stats(model);
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        out->dw_events += stats->dw_events[i][0] + stats->dw_events[i][1];
    out->misuses = stats->misuses;
    const cosim_lockstep_mismatch *first = cosim_irq_lockstep_first_mismatch(lockstep);
    if (first) {
        out->first_time = first->time;
        snprintf(out->first, sizeof out->first, "%s", first->description);
    }
    snprintf(out->last_assertion, sizeof out->last_assertion, "%s", cosim_irq_twin_last_assertion(twin));
    cosim_irq_lockstep_destroy(lockstep);
    cosim_irq_twin_destroy(twin);
    irq_gen11_destroy(model);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
}

static inline void irq_random_run_seed(uint64_t seed, unsigned operations, irq_random_outcome *out)
{
    irq_random_run(seed, operations, false, out);
}

/* A failing seed again (the stimulus is deterministic), recorded into its waveform. */
static inline void irq_random_replay_with_wave(uint64_t seed, unsigned operations, irq_random_outcome *out)
{
    irq_random_run(seed, operations, true, out);
}

/* What to print about a replay's waveform (cosim_random_wave_note). */
static inline void irq_random_wave_note(const irq_random_outcome *replay, char *note, size_t size)
{
    cosim_random_wave_note(&replay->recording, note, size);
}

/* The seed range of this run: the defaults, or the replay variables IRQ_RANDOM_SEED and
 * IRQ_RANDOM_SEEDS (without IRQ_RANDOM_SEED: GTSIM_SEED through tb_test_seed, else seed 1). */
static inline void irq_random_seed_range(uint64_t *first, uint64_t *count)
{
    cosim_random_seed_range("IRQ_RANDOM_SEED", "IRQ_RANDOM_SEEDS", tb_test_seed, IRQ_RANDOM_DEFAULT_SEEDS, first,
                         count);
}

#endif
