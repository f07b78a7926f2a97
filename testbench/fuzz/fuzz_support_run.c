/* Shared by the harnesses that run scenarios (fuzz_support.h): the runner's part, which links
 * the simulated system. */
#include "fuzz_support.h"

#include "gtsim_scenario.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system.h"

void fuzz_scenario(const char *text, size_t length, uint64_t max_cycles)
{
    gtsim_scenario *scenario = gtsim_scenario_parse("fuzz.gtsim", text, length);
    uint64_t cycles = 0;
    for (size_t i = 0; i < scenario->statement_count; i++) {
        const gtsim_statement *statement = &scenario->statements[i];
        if (statement->kind == GTSIM_STMT_RUN) /* `run idle` ends when the system is idle */
            cycles += statement->cycles;
    }
    if (scenario->error_count == 0 && !scenario->errors_truncated && cycles <= max_cycles) {
        FILE *null = fuzz_null_stream();
        gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, null);
        char error[512];
        gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
        if (system) {
            /* A second of wall time at most: a slow input is cut like `--time-limit`. */
            gtsim_run_options options = { .out = null, .errors = null, .deadline_ns = gtsim_wall_clock_ns() + 1000000000u };
            gtsim_run_result result = { 0 };
            gtsim_scenario_run(scenario, system, &options, &result);
            gtsim_system_destroy(system);
        }
    }
    gtsim_scenario_destroy(scenario);
}
