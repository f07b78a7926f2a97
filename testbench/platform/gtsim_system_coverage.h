/* Functional coverage of a simulated system (docs/guide/regress.md "Coverage"): every item the
 * system's models count, exercised or not, added to a gtsim_coverage (gtsim_coverage.h), so that a
 * file written after a run names what the run missed as well as what it hit.
 *
 * Kinds and names (KIND NAME COUNT in the file):
 *   mi.<profile>.<engine>  every command of the profile table the engine accepts
 *                          (cs_engine_command_count): "mi.gen12.rcs MI_NOOP 3"
 *   irq.<profile>          interrupt events per source, <engine>.<event>: the command
 *                          streamers' data bits (irq_data_bit_name) and on gen12 the GuC's
 *                          vector bits; events of other sources appear when they happened.
 *                          gen12 counts at the gen11+ aggregator model (absent with --rtl irq:
 *                          no irq kind then), gen6 per GTIIR bit
 *   doorbell               doorbell controller transitions (gen12), counted by the model:
 *                          absent with --rtl doorbell (no doorbell kind then), the shadow's in lockstep
 *   guc                    GuC interrupts, work items, submissions, malformed queues (gen12)
 *   eu                     EU array: walkers, threads, barrier releases, faults
 *   mmio                   the BAR's unimplemented offsets: accesses, distinct offsets and
 *                          "unimplemented.0xOFFSET" for the first ones touched (gt.h) */
#ifndef GTSIM_SYSTEM_COVERAGE_H
#define GTSIM_SYSTEM_COVERAGE_H

#include "gtsim_coverage.h"
#include "gtsim_system.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Adds the system's coverage items with their counts so far. */
void gtsim_system_coverage(gtsim_system *system, gtsim_coverage *coverage);

#ifdef __cplusplus
}
#endif

#endif
