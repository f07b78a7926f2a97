/* gtsim: the command-line tool. Runs the embedded default scenario or scenario files against
 * the simulated system (docs/scenarios.md). Exit status (DESIGN §8): 0 every check held,
 * 1 a check failed, 2 usage or parse error. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_default_scenario.h"
#include "tb_scenario.h"
#include "tb_scenario_run.h"
#include "tb_system.h"

#ifndef GTSIM_VERSION
#define GTSIM_VERSION "unknown"
#endif

enum { TB_EXIT_PASSED = 0, TB_EXIT_FAILED = 1, TB_EXIT_USAGE = 2 };

typedef struct tb_cli {
    bool run_files;           /* `gtsim run FILE...` rather than the default scenario */
    const char **files;       /* the FILE arguments, in order */
    size_t file_count;        /* entries in files */
    bool rtl_roundtrip;       /* --rtl roundtrip */
    bool lockstep;            /* --lockstep: model and RTL twin side by side */
    bool verbose;             /* -v: echo statements as they run */
    tlm_log_level log_level;  /* lowest sim log level printed */
} tb_cli;

static void tb_print_usage(FILE *out)
{
    fputs("usage: gtsim [OPTION...]                 run the embedded default scenario\n"
          "       gtsim run [OPTION...] FILE...     run scenario files, each on a fresh system\n"
          "       gtsim --help | --version\n"
          "\n"
          "options:\n"
          "  --rtl BLOCK          simulate BLOCK as its RTL twin (blocks: roundtrip)\n"
          "  --lockstep           simulate every block that has an RTL twin as model and RTL in\n"
          "                       lockstep; a divergence is a failed check\n"
          "  -v, --verbose        echo each statement with the sim time before it runs\n"
          "  --log-level LEVEL    lowest sim log level printed: debug, info, warning (default),\n"
          "                       error\n"
          "  -h, --help           show this help\n"
          "  --version            show the version\n"
          "\n"
          "Scenario files are described in docs/scenarios.md. Exit status: 0 every check held,\n"
          "1 a check failed, 2 usage or parse error. The last line is 'N passed, N failed'.\n",
          out);
}

/* Bad input to the tool (DESIGN §9): a message, where to look, status 2. */
__attribute__((format(printf, 1, 2))) static int tb_usage_error(const char *format, ...)
{
    fputs("gtsim: ", stderr);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputs("\nTry 'gtsim --help' for more information.\n", stderr);
    return TB_EXIT_USAGE;
}

static bool tb_parse_log_level(const char *name, tlm_log_level *level)
{
    static const struct {
        const char *name;     /* as written on the command line */
        tlm_log_level level;  /* what it selects */
    } levels[] = {
        { "debug", TLM_LOG_DEBUG },
        { "info", TLM_LOG_INFO },
        { "warning", TLM_LOG_WARNING },
        { "error", TLM_LOG_ERROR },
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (strcmp(name, levels[i].name) == 0) {
            *level = levels[i].level;
            return true;
        }
    }
    return false;
}

/* The value of an option written as `--name VALUE` or `--name=VALUE`; NULL if it is not this
 * option. Sets *missing when the option is there without its value. */
static const char *tb_option_value(int argc, char **argv, int *index, const char *name, bool *missing)
{
    const char *arg = argv[*index];
    size_t length = strlen(name);
    if (strncmp(arg, name, length) != 0)
        return NULL;
    if (arg[length] == '=')
        return arg + length + 1;
    if (arg[length] != '\0')
        return NULL;
    if (*index + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*index];
}

/* Fills *cli; returns -1 to go on, or the exit status to stop with (help, version, errors). */
static int tb_parse_arguments(int argc, char **argv, tb_cli *cli)
{
    bool options_done = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!options_done && arg[0] == '-' && arg[1] != '\0') {
            bool missing = false;
            const char *value = NULL;
            if (strcmp(arg, "--") == 0) {
                options_done = true;
            } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
                tb_print_usage(stdout);
                return TB_EXIT_PASSED;
            } else if (strcmp(arg, "--version") == 0) {
                printf("gtsim %s\n", GTSIM_VERSION);
                return TB_EXIT_PASSED;
            } else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0) {
                cli->verbose = true;
            } else if (strcmp(arg, "--lockstep") == 0) {
                cli->lockstep = true;
            } else if ((value = tb_option_value(argc, argv, &i, "--rtl", &missing)) != NULL) {
                if (strcmp(value, "roundtrip") != 0)
                    return tb_usage_error("unknown block '%s' for --rtl (blocks with an RTL twin: roundtrip)", value);
                cli->rtl_roundtrip = true;
            } else if ((value = tb_option_value(argc, argv, &i, "--log-level", &missing)) != NULL) {
                if (!tb_parse_log_level(value, &cli->log_level))
                    return tb_usage_error("unknown log level '%s' (debug, info, warning, error)", value);
            } else if (missing) {
                return tb_usage_error("option '%s' needs a value", arg);
            } else {
                return tb_usage_error("unknown option '%s'", arg);
            }
            continue;
        }
        if (!cli->run_files && cli->file_count == 0 && strcmp(arg, "run") == 0) {
            cli->run_files = true;
            continue;
        }
        if (!cli->run_files)
            return tb_usage_error("unknown command '%s' (to run a scenario file: gtsim run %s)", arg, arg);
        cli->files[cli->file_count++] = arg;
    }
    if (cli->run_files && cli->file_count == 0)
        return tb_usage_error("run: no scenario file given");
    return -1;
}

/* Parses every scenario before anything runs: a file with errors never half-runs. All errors
 * of all files are reported, in argument order. Returns false if any file is missing or has
 * errors. */
static bool tb_load_scenarios(const tb_cli *cli, tb_scenario **scenarios, size_t *count)
{
    *count = 0;
    bool ok = true;
    size_t total = cli->run_files ? cli->file_count : 1;
    for (size_t i = 0; i < total; i++) {
        tb_scenario *scenario = NULL;
        if (!cli->run_files) {
            scenario = tb_scenario_parse(TB_DEFAULT_SCENARIO_NAME, tb_default_scenario_text, tb_default_scenario_size);
        } else {
            char message[512];
            scenario = tb_scenario_load(cli->files[i], message, sizeof message);
            if (!scenario) {
                fprintf(stderr, "gtsim: %s\n", message);
                ok = false;
                continue;
            }
        }
        scenarios[(*count)++] = scenario;
        if (scenario->error_count || scenario->errors_truncated) {
            tb_scenario_print_errors(scenario, stderr);
            ok = false;
        }
    }
    return ok;
}

static void tb_print_summary(const tb_scenario *scenario, tb_system *system, const tb_run_result *before,
                             const tb_run_result *after)
{
    tlm_time now = tlm_kernel_now(tb_system_kernel(system));
    uint64_t failed = after->failed - before->failed;
    uint64_t checks = after->passed - before->passed + failed;
    printf("%s: %zu statement%s, %" PRIu64 " check%s, %" PRIu64 " failed, sim time %" PRIu64 ".%03u ns\n",
           scenario->name, scenario->statement_count, scenario->statement_count == 1 ? "" : "s", checks,
           checks == 1 ? "" : "s", failed, now / 1000, (unsigned)(now % 1000));
    const tlm_logger *logger = tlm_kernel_logger(tb_system_kernel(system));
    if (tlm_logger_count(logger, TLM_LOG_WARNING) + tlm_logger_count(logger, TLM_LOG_ERROR) > 0) {
        printf("%s: log messages by block:\n", scenario->name);
        tlm_logger_print_summary(logger, stdout);
    }
}

/* Builds a fresh system for one scenario and runs it. Returns false on a usage error. */
static bool tb_run_one(const tb_cli *cli, const tb_scenario *scenario, tb_run_result *result)
{
    tb_block_mode mode = cli->lockstep ? TB_MODE_LOCKSTEP : cli->rtl_roundtrip ? TB_MODE_RTL : TB_MODE_MODEL;
    tb_system_config config = tb_scenario_system_config(scenario, mode, stdout);
    char error[512] = "";
    tb_system *system = tb_system_create(&config, error, sizeof error);
    if (!system) {
        fflush(stdout);
        if (scenario->profile_line)
            fprintf(stderr, "%s:%zu:%zu: cannot build the system: %s\n", scenario->name, scenario->profile_line,
                    scenario->profile_column, error);
        else
            fprintf(stderr, "gtsim: cannot build the system: %s\n", error);
        return false;
    }
    tlm_logger_set_level(tlm_kernel_logger(tb_system_kernel(system)), cli->log_level);
    printf("gtsim %s: %s (profile %s, roundtrip: %s)\n", GTSIM_VERSION, scenario->name, scenario->profile,
           tb_block_mode_name(mode));
    tb_run_result before = *result;
    tb_run_options options = { .out = stdout, .errors = stderr, .verbose = cli->verbose };
    bool ok = tb_scenario_run(scenario, system, &options, result);
    if (ok)
        tb_print_summary(scenario, system, &before, result);
    if (ok && mode == TB_MODE_LOCKSTEP)
        printf("%s: %" PRIu64 " lockstep mismatches\n", scenario->name, tb_system_mismatches(system));
    tb_system_destroy(system);
    return ok;
}

int main(int argc, char **argv)
{
    tb_cli cli = { .log_level = TLM_LOG_WARNING };
    cli.files = calloc((size_t)argc, sizeof *cli.files);
    if (!cli.files)
        return TB_EXIT_USAGE;
    int status = tb_parse_arguments(argc, argv, &cli);
    if (status >= 0) {
        free(cli.files);
        return status;
    }
    tb_scenario **scenarios = calloc((size_t)argc + 1, sizeof *scenarios);
    size_t count = 0;
    status = TB_EXIT_USAGE;
    if (scenarios && tb_load_scenarios(&cli, scenarios, &count)) {
        tb_run_result result = { 0 };
        bool usable = true;
        for (size_t i = 0; i < count && usable; i++)
            usable = tb_run_one(&cli, scenarios[i], &result);
        if (usable) {
            printf("%" PRIu64 " passed, %" PRIu64 " failed\n", result.passed, result.failed);
            status = result.failed ? TB_EXIT_FAILED : TB_EXIT_PASSED;
        }
    }
    for (size_t i = 0; i < count; i++)
        tb_scenario_destroy(scenarios[i]);
    free(scenarios);
    free(cli.files);
    fflush(stdout);
    return status;
}
