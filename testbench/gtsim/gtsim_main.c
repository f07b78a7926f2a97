/* gtsim: the command-line entry point. Exit status (DESIGN §8): 0 every check held,
 * 1 a check failed, 2 usage error. */
#include <stdio.h>
#include <string.h>

#include "tb_smoke_scenario.h"

static void print_usage(FILE *out)
{
    fputs("usage: gtsim [--help]\n"
          "\n"
          "With no argument, runs the embedded default scenario and prints its summary.\n"
          "The default scenario is the transaction-layer smoke scenario until the GT models\n"
          "exist. Exit status: 0 all checks held, 1 a check failed, 2 usage error.\n",
          out);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
            print_usage(stdout);
            return 0;
        }
        fprintf(stderr, "gtsim: unknown argument '%s'\n", argv[1]);
        print_usage(stderr);
        return 2;
    }
    tb_scenario_result result = tb_smoke_scenario_run(stdout);
    printf("%u passed, %u failed\n", result.passed, result.failed);
    return result.failed ? 1 : 0;
}
