/* Shared by the harnesses that run scenarios (fuzz_support.h): the runner's part, which links
 * the simulated system. */
#include "fuzz_support.h"

#include "tb_scenario.h"
#include "tb_scenario_run.h"
#include "tb_system.h"

void fuzz_scenario(const char *text, size_t length, uint64_t max_cycles)
{
    tb_scenario *scenario = tb_scenario_parse("fuzz.gtsim", text, length);
    uint64_t cycles = 0;
    for (size_t i = 0; i < scenario->statement_count; i++) {
        const tb_statement *statement = &scenario->statements[i];
        if (statement->kind == TB_STMT_RUN) /* `run idle` ends when the system is idle */
            cycles += statement->cycles;
    }
    if (scenario->error_count == 0 && !scenario->errors_truncated && cycles <= max_cycles) {
        FILE *null = fuzz_null_stream();
        tb_system_config config = tb_scenario_system_config(scenario, TB_MODE_MODEL, null);
        char error[512];
        tb_system *system = tb_system_create(&config, error, sizeof error);
        if (system) {
            /* A second of wall time at most: a slow input is cut like `--time-limit`. */
            tb_run_options options = { .out = null, .errors = null, .deadline_ns = tb_wall_clock_ns() + 1000000000u };
            tb_run_result result = { 0 };
            tb_scenario_run(scenario, system, &options, &result);
            tb_system_destroy(system);
        }
    }
    tb_scenario_destroy(scenario);
}
