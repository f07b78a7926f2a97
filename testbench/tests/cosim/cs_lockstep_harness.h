/* The command streamer's lockstep random regression (docs/design/cosim.md "The command streamer's
 * lockstep"), shared by the regression against the RTL twin, its planted-bug test and the
 * harness's own tests against a second model. One seed: a fresh kernel, GT clock, graphics
 * memory, the lockstep (the model, the reference) and a dut built by `cs_dut_ops`;
 * cosim_cs_random's submissions on the lockstep's ports until CS_RANDOM_STEPS submissions or
 * the first divergence; then the streams' end (every unmatched item is a divergence).
 *
 * Replay: CS_RANDOM_SEED (first seed) and CS_RANDOM_SEEDS (how many) override the defaults;
 * CS_RANDOM_ORDER the policy (cosim_stream_policy_parse: exact, in-order[:NS], per-address).
 * Waveform: a failing seed is run again with an on-fail FST recording (cosim_random_wave.h) into
 * $GTSIM_WAVE_DIR as cs_random_seed<N>.fst: both streams' rows, the compare's count, the dut's
 * pins when it has any. */
#ifndef CS_LOCKSTEP_HARNESS_H
#define CS_LOCKSTEP_HARNESS_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_cs_lockstep.h"
#include "cosim_cs_random.h"
#include "cosim_random_regression.h"
#include "cosim_random_wave.h"
#include "cosim_stream_compare.h"
#include "tb_test.h"
#include "gtsim_tlm.h"

/* Seeds of the regression and its planted-bug test (CS_RANDOM_SEEDS overrides; the measured
 * time is in docs/design/cosim.md). */
#define CS_RANDOM_DEFAULT_SEEDS 200u
/* Submissions per seed: enough for wraps, chains and a halt now and then. */
#define CS_RANDOM_STEPS 24u
/* The GT clock (gtsim_system's). */
#define CS_RANDOM_CLOCK_PERIOD (1 * TLM_NS)
/* The render engine's MMIO base (i915 RENDER_RING_BASE, docs/facts.md). */
#define CS_RANDOM_RCS_BASE 0x2000u
/* Graphics memory of one run: everything the stimulus uses lies below 16 MiB. */
#define CS_RANDOM_MEMORY_BYTES (16u << 20)
/* A failing seed's waveform: history before the first failure and idle clock after the stop. */
#define CS_RANDOM_WAVE_HISTORY (400 * CS_RANDOM_CLOCK_PERIOD)
#define CS_RANDOM_WAVE_AFTER (32 * CS_RANDOM_CLOCK_PERIOD)

/* How a harness builds its dut beside the lockstep. */
typedef struct cs_dut_ops {
    const char *name; /* for messages */
    /* Builds the dut on `clock`, with cosim_cs_lockstep_dut_memory(lockstep) as its memory, and
     * hands it to the lockstep (cosim_cs_lockstep_set_dut, its messages to cosim_cs_lockstep_dut_message). */
    void *(*create)(tlm_kernel *kernel, tlm_clock *clock, cosim_cs_lockstep *lockstep);
    void (*destroy)(void *dut);
    uint64_t (*assertion_failures)(const void *dut); /* NULL: none */
    const char *(*last_assertion)(const void *dut);  /* NULL: none */
    cosim_cs_random_subset subset;                    /* what the dut runs */
} cs_dut_ops;

/* What one seed did. */
typedef struct cs_random_outcome {
    uint64_t steps;              /* submissions */
    uint64_t commands;           /* commands generated */
    uint64_t stores, interrupts, lris, batches, chains, second_levels, skipped, reserved, wraps; /* of them */
    uint64_t idle_timeouts;      /* submissions that did not finish in time */
    uint64_t matched;            /* items matched */
    uint64_t ref_items;          /* items of the model's stream */
    uint64_t mismatches;         /* divergences (the run stops at the first) */
    uint64_t assertion_failures; /* RTL assertion failures */
    uint64_t model_errors;       /* the model's ESR bits raised (the reserved headers) */
    tlm_time first_time;         /* when the first divergence was found */
    char first[320];             /* its description (empty if none) */
    char report[4096];           /* its report with the neighbours */
    char last_assertion[512];    /* the RTL's last assertion message */
    cosim_random_recording recording; /* the replay's waveform */
} cs_random_outcome;

typedef struct cs_random_parts {
    cosim_cs_lockstep *lockstep; /* mismatches */
    const cs_dut_ops *ops;       /* assertion failures */
    void *dut;                   /* the dut */
} cs_random_parts;

static inline uint64_t cs_random_assertions(const cs_random_parts *parts)
{
    return parts->ops->assertion_failures ? parts->ops->assertion_failures(parts->dut) : 0;
}

static inline bool cs_random_failed(void *context)
{
    const cs_random_parts *parts = context;
    return cosim_cs_lockstep_mismatches(parts->lockstep) > 0 || cs_random_assertions(parts) > 0;
}

static inline bool cs_random_busy(void *context)
{
    return cosim_cs_lockstep_busy(context);
}

/* The order policy of this run: CS_RANDOM_ORDER, else in-order with the default tolerance. */
static inline cosim_stream_config cs_random_order(void)
{
    cosim_stream_config order = { .policy = COSIM_STREAM_IN_ORDER, .tolerance = COSIM_STREAM_DEFAULT_TOLERANCE };
    const char *text = getenv("CS_RANDOM_ORDER");
    char error[128];
    if (text && !cosim_stream_policy_parse(text, &order, error, sizeof error))
        fprintf(stderr, "CS_RANDOM_ORDER: %s; using in-order\n", error);
    return order;
}

static inline void cs_random_run(const cs_dut_ops *ops, uint64_t seed, unsigned steps, bool traced,
                                 cs_random_outcome *out)
{
    memset(out, 0, sizeof *out);
    tlm_kernel *kernel = tlm_kernel_create();
    /* Parser errors are part of the stimulus; divergences are read from the compare. */
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    cosim_random_wave wave = { 0 };
    if (traced)
        cosim_random_recording_open(&out->recording, &wave, kernel, "cs_random", seed, CS_RANDOM_WAVE_HISTORY);
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "gt_clock", CS_RANDOM_CLOCK_PERIOD, CS_RANDOM_CLOCK_PERIOD);
    tlm_memory *memory = tlm_memory_create(kernel, "memory", CS_RANDOM_MEMORY_BYTES);
    cosim_cs_lockstep_config config = {
        .order = cs_random_order(),
        .engine = { .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS, .mmio_base = CS_RANDOM_RCS_BASE,
                    .clock_period = CS_RANDOM_CLOCK_PERIOD },
        .memory = tlm_memory_target(memory),
        .image_size = CS_RANDOM_MEMORY_BYTES,
    };
    cosim_cs_lockstep *lockstep = cosim_cs_lockstep_create(kernel, "cs_lockstep", &config);
    void *dut = ops->create(kernel, &clock, lockstep);
    cs_random_parts parts = { lockstep, ops, dut };
    if (out->recording.traced) {
        cosim_random_wave_arm(&wave, cs_random_failed, &parts);
        tlm_trace_declared(kernel);
    }
    cosim_cs_random_ports ports = {
        .kernel = kernel,
        .mmio = cosim_cs_lockstep_target(lockstep),
        .memory = cosim_cs_lockstep_host_memory(lockstep),
        .busy = cs_random_busy,
        .context = lockstep,
        .clock_period = CS_RANDOM_CLOCK_PERIOD,
        .mmio_base = CS_RANDOM_RCS_BASE,
    };
    cosim_cs_random random;
    cosim_cs_random_init(&random, seed, &ports, &ops->subset);
    for (unsigned i = 0; i < steps && !cs_random_failed(&parts); i++) {
        cosim_cs_random_step(&random);
        cosim_cs_lockstep_check(lockstep);
        if (ops->last_assertion)
            cosim_random_recording_assertion(&out->recording, kernel, cs_random_assertions(&parts),
                                             ops->last_assertion(dut));
    }
    if (!cs_random_failed(&parts))
        cosim_cs_lockstep_finish(lockstep);
    cosim_random_recording_close(&out->recording, &wave, kernel, CS_RANDOM_WAVE_AFTER);
    out->steps = random.steps;
    out->commands = random.commands;
    out->stores = random.stores;
    out->interrupts = random.interrupts;
    out->lris = random.lris;
    out->batches = random.batches;
    out->chains = random.chains;
    out->second_levels = random.second_levels;
    out->skipped = random.skipped;
    out->reserved = random.reserved;
    out->wraps = random.wraps;
    out->idle_timeouts = random.idle_timeouts;
    cosim_stream_compare *compare = cosim_cs_lockstep_compare(lockstep);
    out->matched = cosim_stream_compare_matched(compare);
    out->ref_items = cosim_stream_compare_items(compare, COSIM_STREAM_REF);
    out->mismatches = cosim_cs_lockstep_mismatches(lockstep);
    out->assertion_failures = cs_random_assertions(&parts);
    out->model_errors = cs_engine_get_stats(cosim_cs_lockstep_model(lockstep))->errors;
    const cosim_stream_divergence *first = cosim_stream_compare_first(compare);
    if (first) {
        out->first_time = first->time;
        snprintf(out->first, sizeof out->first, "%s", first->description);
        cosim_stream_compare_report(compare, out->report, sizeof out->report);
    }
    if (ops->last_assertion)
        snprintf(out->last_assertion, sizeof out->last_assertion, "%s", ops->last_assertion(dut));
    ops->destroy(dut);
    cosim_cs_lockstep_destroy(lockstep);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);
}

/* The seed range: CS_RANDOM_SEED / CS_RANDOM_SEEDS, else tb_test_seed(1) and `default_count`. */
static inline void cs_random_seed_range(uint64_t default_count, uint64_t *first, uint64_t *count)
{
    cosim_random_seed_range("CS_RANDOM_SEED", "CS_RANDOM_SEEDS", tb_test_seed, default_count, first, count);
}

/* Totals of a regression run. */
typedef struct cs_random_totals {
    uint64_t seeds, failing, first_failing; /* seeds run, failing, the first failing one */
    uint64_t steps, commands, stores, interrupts, lris, batches, chains, second_levels, skipped, reserved, wraps;
    uint64_t idle_timeouts, matched, model_errors; /* see cs_random_outcome */
} cs_random_totals;

static inline void cs_random_add(cs_random_totals *t, const cs_random_outcome *o)
{
    t->seeds++;
    t->steps += o->steps;
    t->commands += o->commands;
    t->stores += o->stores;
    t->interrupts += o->interrupts;
    t->lris += o->lris;
    t->batches += o->batches;
    t->chains += o->chains;
    t->second_levels += o->second_levels;
    t->skipped += o->skipped;
    t->reserved += o->reserved;
    t->wraps += o->wraps;
    t->idle_timeouts += o->idle_timeouts;
    t->matched += o->matched;
    t->model_errors += o->model_errors;
}

static inline void cs_random_print_totals(const char *what, const cs_random_totals *t)
{
    printf("%s: %" PRIu64 " seeds, %" PRIu64 " submissions, %" PRIu64 " commands (%" PRIu64 " stores, %" PRIu64
           " interrupts, %" PRIu64 " LRIs, %" PRIu64 " batches, %" PRIu64 " chained, %" PRIu64 " second-level, %" PRIu64
           " skipped, %" PRIu64 " reserved headers), %" PRIu64 " wraps, %" PRIu64 " items matched, %" PRIu64
           " idle timeouts, %" PRIu64 " failing seeds\n",
           what, t->seeds, t->steps, t->commands, t->stores, t->interrupts, t->lris, t->batches, t->chains,
           t->second_levels, t->skipped, t->reserved, t->wraps, t->matched, t->idle_timeouts, t->failing);
}

/* Runs the seeds; a failing seed (the first five) is replayed into its waveform and reported
 * with ADD_FAILURE when `expect_pass`, else printed. Stops at the first failing seed when
 * `stop_at_first`. */
static inline void cs_random_regression(const cs_dut_ops *ops, uint64_t first, uint64_t count, bool expect_pass,
                                        bool stop_at_first, cs_random_totals *totals, cs_random_outcome *first_failure)
{
    memset(totals, 0, sizeof *totals);
    for (uint64_t seed = first; seed < first + count; seed++) {
        cs_random_outcome out;
        cs_random_run(ops, seed, CS_RANDOM_STEPS, false, &out);
        cs_random_add(totals, &out);
        if (!out.mismatches && !out.assertion_failures)
            continue;
        if (totals->failing++ == 0) {
            totals->first_failing = seed;
            if (first_failure)
                *first_failure = out;
        }
        if (totals->failing <= 5) {
            cs_random_outcome replay;
            cs_random_run(ops, seed, CS_RANDOM_STEPS, true, &replay);
            char note[640];
            cosim_random_wave_note(&replay.recording, note, sizeof note);
            if (expect_pass)
                ADD_FAILURE("%s seed %" PRIu64 ": %" PRIu64 " mismatch(es), %" PRIu64
                            " RTL assertion failure(s); last assertion: %s; replay: CS_RANDOM_SEED=%" PRIu64
                            " CS_RANDOM_SEEDS=1; %s\n%s",
                            ops->name, seed, out.mismatches, out.assertion_failures, out.last_assertion, seed, note,
                            out.report);
            else
                printf("%s seed %" PRIu64 " fails as planted: %s; %s\n%s", ops->name, seed, out.first, note, out.report);
            if (first_failure && totals->failing == 1)
                first_failure->recording = replay.recording;
        }
        if (stop_at_first)
            break;
    }
}

#endif
