/* The run summary `gtsim` prints after a scenario (docs/guide/running.md "Summary"): what the GT
 * recorded (gt.h event record: doorbell interrupts into the GuC, submissions, interrupt
 * messages, host line edges, EU busy spans) with sim times, the models' own counts (commands
 * per engine, execlist contexts and CSB entries, doorbell rings, GuC submissions, walkers and
 * threads, memory writes, interrupts) and the scenario's checks. Full for the default scenario,
 * one line of counts for each `gtsim run` file. */
#ifndef GTSIM_SUMMARY_H
#define GTSIM_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gtsim_system.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most events the full summary lists; the rest are counted in its "events" line. */
#define GTSIM_SUMMARY_MAX_EVENTS 32u

/* `name` is the scenario's; passed/failed its checks. Compact: one "NAME: gt: ..." line. */
void gtsim_summary_print(FILE *out, const char *name, gtsim_system *system, uint64_t passed, uint64_t failed,
                      bool compact);

#ifdef __cplusplus
}
#endif

#endif
