/* Runs a parsed scenario (gtsim_scenario.h) against a simulated system (gtsim_system.h) as a host
 * would: MMIO and graphics memory through the system's bus targets, the GT clock, the host
 * interrupt line. docs/guide/scenarios.md describes what each statement does and what counts as a
 * check.
 *
 * Checks are counted, not fatal: a failed one prints "FILE:LINE: ..." and the run goes on.
 * Only a statement the system cannot carry at all (an `irq raise` without an interrupt
 * aggregator) stops the run, as a usage error. */
#ifndef GTSIM_SCENARIO_RUN_H
#define GTSIM_SCENARIO_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gtsim_scenario.h"
#include "gtsim_system.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Initiator id of the host on the bus: the CPU is not one of the GT's masters, so it takes
 * the id no GT master uses. */
#define GTSIM_SCENARIO_HOST_INITIATOR UINT16_C(0xFFFF)

typedef struct gtsim_run_options {
    FILE *out;     /* read values, failed checks, the verbose echo (NULL: stdout) */
    FILE *errors;  /* usage errors that stop the run (NULL: stderr) */
    bool verbose;  /* echo each statement with the sim time before it runs */
    uint64_t deadline_ns;  /* wall-time limit: gtsim_wall_clock_ns() at which the run stops (0: none) */
    FILE *progress;        /* a progress line about every second of a long `run`/`run idle` (NULL: none) */
    bool progress_tty;     /* progress is a terminal: one line rewritten in place */
} gtsim_run_options;

typedef struct gtsim_run_result {
    uint64_t passed;   /* checks that held */
    uint64_t failed;   /* checks that did not hold */
    bool usage_error;  /* the run stopped at a statement the system cannot carry (exit status 2) */
    bool time_limit_hit; /* the wall-time limit stopped the run (a failed check of the statement it cut) */
} gtsim_run_result;

/* CLOCK_MONOTONIC in nanoseconds: the clock of gtsim_run_options.deadline_ns. */
uint64_t gtsim_wall_clock_ns(void);

/* The configuration that builds the system `scenario` asks for (its profile) with the
 * round-trip block simulated as `roundtrip_mode`. */
gtsim_system_config gtsim_scenario_system_config(const gtsim_scenario *scenario, gtsim_block_mode roundtrip_mode,
                                           FILE *log_sink);

/* Runs every statement of `scenario` (which must have parsed without errors) against
 * `system`, adding its checks to *result. False when it stopped on a usage error. */
bool gtsim_scenario_run(const gtsim_scenario *scenario, gtsim_system *system, const gtsim_run_options *options,
                     gtsim_run_result *result);

/* "[        12.500 ns]": the stamp the sim log puts on its lines, so echoed statements and
 * log lines line up. */
void gtsim_print_sim_time(FILE *out, tlm_time now);

#ifdef __cplusplus
}
#endif

#endif
