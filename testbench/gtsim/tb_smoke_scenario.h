/* The embedded default scenario while the GT models do not exist yet: a host driving
 * graphics memory through the bus exactly as later scenarios will (router, sparse memory,
 * quantum keeper, GT clock, write observer on a cacheline, a level signal), with checks. */
#ifndef TB_SMOKE_SCENARIO_H
#define TB_SMOKE_SCENARIO_H

#include <stdio.h>

typedef struct tb_scenario_result {
    unsigned passed; /* checks that held */
    unsigned failed; /* checks that did not hold */
} tb_scenario_result;

/* Runs the scenario, printing its summary to `out`. */
tb_scenario_result tb_smoke_scenario_run(FILE *out);

#endif
