/* The scenario parser alone, which links no simulated system: any bytes; every error is
 * printed, and every statement that parses in its canonical form and as its waveform mnemonic. */
#include "fuzz_support.h"

#include <stdlib.h>

#include "gtsim_scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gtsim_scenario *scenario = gtsim_scenario_parse("fuzz.gtsim", (const char *)data, size);
    FILE *null = fuzz_null_stream();
    gtsim_scenario_print_errors(scenario, null);
    for (size_t i = 0; i < scenario->statement_count; i++) {
        gtsim_statement_print(&scenario->statements[i], null);
        free(gtsim_statement_mnemonic(&scenario->statements[i]));
    }
    gtsim_scenario_destroy(scenario);
    return 0;
}
