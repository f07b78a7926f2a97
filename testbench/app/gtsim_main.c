/* gtsim: the command-line tool. Runs the embedded default scenario or scenario files against
 * the simulated system (docs/guide/running.md). Exit status (DESIGN §8): 0 every check held,
 * 1 a check failed, 2 usage or parse error. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gtsim_asm.h"
#include "gtsim_dis.h"
#include "gtsim_cli.h"
#include "gtsim_default_scenario.h"
#include "gtsim_regress.h"
#include "gtsim_scenario.h"
#include "gtsim_scenario_run.h"
#include "gtsim_summary.h"
#include "gtsim_system_coverage.h"
#include "gtsim_system.h"
#include "gtsim_twin_registry.h"
#include "gtsim_version.h"
#include "wave.h"


/* Set by the build (-DGTSIM_WITH_RTL=OFF: no RTL twins). */
#ifndef GTSIM_WITH_RTL
#define GTSIM_WITH_RTL 1
#endif
#if GTSIM_WITH_RTL
#include "cosim_stream_compare.h"
#endif

enum { GTSIM_EXIT_PASSED = 0, GTSIM_EXIT_FAILED = 1, GTSIM_EXIT_USAGE = 2 };

typedef struct gtsim_cli {
    bool run_files;           /* `gtsim run FILE...` rather than the default scenario */
    const char **files;       /* the FILE arguments, in order */
    size_t file_count;        /* entries in files */
    bool rtl[GTSIM_TWIN_MAX];    /* --rtl NAME: the twins named, by registry index (gtsim_twin_registry.h) */
    bool lockstep;            /* --lockstep: model and RTL twin side by side */
    const char *lockstep_order; /* --lockstep-order: how an initiator's streams must agree (NULL: in-order) */
    bool strict_mmio;         /* --strict-mmio: an unimplemented offset inside the BAR is a bus error */
    bool verbose;             /* -v: echo statements as they run */
    tlm_log_level log_level;  /* lowest sim log level printed */
    const char *wave;         /* --wave FILE (.fst or .vcd); the default scenario's default is gtsim.fst */
    bool wave_is_default;     /* wave is the default scenario's implicit gtsim.fst, not --wave */
    bool no_wave;             /* --no-wave */
    bool wave_window;         /* --wave-window START:STOP given */
    tlm_time window_start;    /* its start */
    tlm_time window_stop;     /* its stop (TLM_TIME_MAX: open) */
    bool wave_on_fail;        /* --wave-on-fail[=HISTORY_NS] given */
    tlm_time history;         /* its history */
    const char *coverage;     /* --coverage FILE: functional coverage of every scenario, merged */
    uint64_t time_limit_s;    /* --time-limit SECONDS: wall time the whole invocation may take (0: none) */
    bool progress;            /* --progress: progress lines even when stderr is not a terminal */
    uint64_t deadline_ns;     /* gtsim_wall_clock_ns() at which time_limit_s runs out (0: none) */
} gtsim_cli;

/* The default scenario's waveform when no --wave or --no-wave says otherwise. */
#define GTSIM_DEFAULT_WAVE "gtsim.fst"
/* --wave-on-fail without a value: how much simulated time before the failure is kept. */
#define GTSIM_DEFAULT_WAVE_HISTORY_NS UINT64_C(10000)

/* --rtl's value: a comma-separated list of twins in the registry. False on an unknown one,
 * whose name goes to `unknown`; nothing is selected then. */
static bool gtsim_parse_rtl_blocks(const char *value, gtsim_cli *cli, char *unknown, size_t unknown_size)
{
    bool named[GTSIM_TWIN_MAX] = { false };
    const char *item = value;
    for (;;) {
        size_t length = strcspn(item, ",");
        size_t index;
        if (!gtsim_twin_find(item, length, &index)) {
            snprintf(unknown, unknown_size, "%.*s", (int)length, item);
            return false;
        }
        named[index] = true;
        if (item[length] == '\0')
            break;
        item += length + 1;
    }
    for (size_t i = 0; i < GTSIM_TWIN_MAX; i++)
        cli->rtl[i] |= named[i];
    return true;
}

static void gtsim_print_usage(FILE *out);

static bool gtsim_parse_log_level(const char *name, tlm_log_level *level)
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

/* A time in whole nanoseconds as picoseconds; false if not a number or too large. */
static bool gtsim_parse_ns(const char *text, size_t length, tlm_time *time)
{
    if (length == 0 || length > 19)
        return false;
    uint64_t ns = 0;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        ns = ns * 10 + (uint64_t)(text[i] - '0');
    }
    if (ns > TLM_TIME_MAX / TLM_NS)
        return false;
    *time = ns * TLM_NS;
    return true;
}

/* --wave-window START:STOP (ns; START or STOP may be empty). */
static bool gtsim_parse_window(const char *value, gtsim_cli *cli)
{
    const char *colon = strchr(value, ':');
    if (!colon)
        return false;
    size_t start_length = (size_t)(colon - value), stop_length = strlen(colon + 1);
    cli->window_start = 0;
    cli->window_stop = TLM_TIME_MAX;
    if (start_length && !gtsim_parse_ns(value, start_length, &cli->window_start))
        return false;
    if (stop_length && !gtsim_parse_ns(colon + 1, stop_length, &cli->window_stop))
        return false;
    return (start_length || stop_length) && cli->window_start <= cli->window_stop;
}

/* Checks the wave options against each other once all are read. */
static int gtsim_check_wave_options(gtsim_cli *cli)
{
    wave_format format;
    if (cli->wave && cli->no_wave)
        return gtsim_cli_usage_error(NULL, "--wave and --no-wave contradict each other");
    if (cli->wave && !wave_format_from_path(cli->wave, &format))
        return gtsim_cli_usage_error(NULL, "--wave '%s': the file name must end in .fst or .vcd", cli->wave);
    if (cli->wave_window && cli->wave_on_fail)
        return gtsim_cli_usage_error(NULL, "--wave-window and --wave-on-fail cannot be combined");
    if (!cli->wave && !cli->no_wave && !cli->run_files) {
        cli->wave = GTSIM_DEFAULT_WAVE;
        cli->wave_is_default = true;
    }
    if ((cli->wave_window || cli->wave_on_fail) && !cli->wave)
        return gtsim_cli_usage_error(NULL, "%s needs a waveform (--wave FILE)", cli->wave_window ? "--wave-window" : "--wave-on-fail");
    return -1;
}

/* ---- options (gtsim_cli.h): each returns -1 to go on, or the exit status to stop with -------- */

static int gtsim_option_version(void *context, const char *value)
{
    (void)context;
    (void)value;
    printf("gtsim %s\n", gtsim_version());
    return GTSIM_EXIT_PASSED;
}

static int gtsim_option_rtl(void *context, const char *value)
{
    char unknown[64], names[256];
    if (!GTSIM_WITH_RTL)
        return gtsim_cli_usage_error(NULL, "--rtl %s: built without RTL (GTSIM_WITH_RTL=OFF)", value);
    if (!gtsim_parse_rtl_blocks(value, context, unknown, sizeof unknown))
        return gtsim_cli_usage_error(NULL, "unknown block '%s' for --rtl (blocks with an RTL twin: %s)", unknown,
                                  gtsim_twin_names(names, sizeof names));
    return -1;
}

static int gtsim_option_log_level(void *context, const char *value)
{
    gtsim_cli *cli = context;
    if (!gtsim_parse_log_level(value, &cli->log_level))
        return gtsim_cli_usage_error(NULL, "unknown log level '%s' (debug, info, warning, error)", value);
    return -1;
}

static int gtsim_option_lockstep_order(void *context, const char *value)
{
    gtsim_cli *cli = context;
#if GTSIM_WITH_RTL
    cosim_stream_config order = { 0 };
    char error[128];
    if (!cosim_stream_policy_parse(value, &order, error, sizeof error))
        return gtsim_cli_usage_error(NULL, "--lockstep-order: %s", error);
    cli->lockstep_order = value;
    return -1;
#else
    (void)cli;
    return gtsim_cli_usage_error(NULL, "--lockstep-order %s: built without RTL (GTSIM_WITH_RTL=OFF)", value);
#endif
}

static int gtsim_option_time_limit(void *context, const char *value)
{
    gtsim_cli *cli = context;
    char *end = NULL;
    errno = 0;
    unsigned long long seconds = strtoull(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end || errno || seconds < 1 || seconds > 1000000)
        return gtsim_cli_usage_error(NULL, "--time-limit '%s': expected whole seconds, 1 to 1000000", value);
    cli->time_limit_s = seconds;
    return -1;
}

static int gtsim_option_wave_window(void *context, const char *value)
{
    gtsim_cli *cli = context;
    if (!gtsim_parse_window(value, cli))
        return gtsim_cli_usage_error(NULL, "--wave-window '%s': expected START:STOP in ns, START <= STOP "
                                        "(e.g. 100:2000, 100:, :2000)", value);
    cli->wave_window = true;
    return -1;
}

static int gtsim_option_wave_on_fail(void *context, const char *value)
{
    gtsim_cli *cli = context;
    cli->wave_on_fail = true;
    cli->history = GTSIM_DEFAULT_WAVE_HISTORY_NS * TLM_NS;
    if (value && !gtsim_parse_ns(value, strlen(value), &cli->history))
        return gtsim_cli_usage_error(NULL, "--wave-on-fail '%s': expected the history in ns (e.g. 5000)", value);
    return -1;
}

/* The first operand may be the command `run`; after it, scenario files. */
static int gtsim_operand(void *context, const char *arg)
{
    gtsim_cli *cli = context;
    if (!cli->run_files && cli->file_count == 0 && strcmp(arg, "run") == 0) {
        cli->run_files = true;
        return -1;
    }
    if (!cli->run_files)
        return gtsim_cli_usage_error(NULL, "unknown command '%s' (to run a scenario file: gtsim run %s)", arg, arg);
    cli->files[cli->file_count++] = arg;
    return -1;
}

static const gtsim_cli_option gtsim_options[] = {
    { "--rtl", "BLOCK[,BLOCK]", .handle = gtsim_option_rtl,
      .help = "simulate BLOCK as its RTL twin (the blocks below); repeatable" },
    { "--lockstep", .field = offsetof(gtsim_cli, lockstep),
      .help = "simulate the --rtl blocks (without --rtl: every block that has\n"
              "an RTL twin in the profile) as model and RTL in lockstep; a\n"
              "divergence is a failed check" },
    { "--lockstep-order", "ORDER", .handle = gtsim_option_lockstep_order,
      .help = "how a bus initiator's streams (the command streamer's memory\n"
              "writes, messages, register reads) must agree in lockstep:\n"
              "in-order (default; within 10000 ns), in-order:NS, exact,\n"
              "per-address (docs/guide/cs-lockstep.md)" },
    { "--strict-mmio", .field = offsetof(gtsim_cli, strict_mmio),
      .help = "an access to an offset inside the GT's MMIO BAR that no\n"
              "register decodes is a bus error (a failed check naming the\n"
              "offset) instead of reading 0 and dropping the write" },
    { "-v, --verbose", .field = offsetof(gtsim_cli, verbose), .help = "echo each statement with the sim time before it runs" },
    { "--log-level", "LEVEL", .handle = gtsim_option_log_level,
      .help = "lowest sim log level printed: debug, info, warning (default),\nerror" },
    { "--wave", "FILE", .field = offsetof(gtsim_cli, wave),
      .help = "write a waveform (FILE.fst or FILE.vcd) and its GTKWave view\n"
              "(FILE.gtkw); the default scenario writes gtsim.fst unless told" },
    { "--no-wave", .field = offsetof(gtsim_cli, no_wave), .help = "no waveform (not even the default scenario's)" },
    { "--wave-window", "START:STOP", .handle = gtsim_option_wave_window,
      .help = "record only from START to STOP ns (either may be left out)" },
    { "--wave-on-fail", "[=NS]", .handle = gtsim_option_wave_on_fail,
      .help = "record only if a check fails: the last NS ns before the first\n"
              "failure (default 10000) and everything after it" },
    { "--coverage", "FILE", .field = offsetof(gtsim_cli, coverage),
      .help = "after each scenario, write the functional coverage of all the\n"
              "scenarios run so far (counts added) to FILE: one item per\n"
              "line, 'KIND NAME COUNT', every item the system knows, exercised\n"
              "or not. Kinds: mi.<profile>.<engine> (each command the engine\n"
              "accepts), irq.<profile> (<engine>.<event>; gen12 without\n"
              "--rtl irq), doorbell (transitions; without --rtl doorbell),\n"
              "guc, eu. docs/guide/regress.md \"Coverage\"" },
    { "--time-limit", "SECONDS", .handle = gtsim_option_time_limit,
      .help = "stop a run that takes more wall time (1..1000000 s, for all\n"
              "files together): the statement it cuts fails, the waveform is\n"
              "completed, exit status 1" },
    { "--progress", .field = offsetof(gtsim_cli, progress),
      .help = "a progress line each second of a long run or run idle even\n"
              "when stderr is not a terminal (on a terminal: always)" },
    { "-h, --help", .usage = true, .help = "show this help" },
    { "--version", .handle = gtsim_option_version, .help = "show the version" },
    { 0 },
};

static const gtsim_cli_command gtsim_command = {
    .options = gtsim_options, .operand = gtsim_operand, .print_usage = gtsim_print_usage, .double_dash = true,
    .help_column = 23,
};

static void gtsim_print_usage(FILE *out)
{
    fputs("usage: gtsim [OPTION...]                 run the embedded default scenario\n"
          "       gtsim run [OPTION...] FILE...     run scenario files, each on a fresh system\n"
          "       gtsim dis [--profile P] [--engine E] FILE  disassemble command dwords\n"
          "       gtsim asm [--profile P] FILE -o OUT        assemble commands into dwords\n"
          "       gtsim regress [OPTION...] LIST  run a regression list (gtsim regress --help)\n"
          "       gtsim --help | --version\n"
          "\n"
          "options:\n",
          out);
    gtsim_cli_print_options(&gtsim_command, out);
    if (GTSIM_WITH_RTL) {
        fputs("\n"
              "blocks with an RTL twin (--rtl BLOCK), with their profiles:\n",
              out);
        gtsim_twin_print_list(out, 2);
    } else {
        fputs("\n"
              "built without RTL (GTSIM_WITH_RTL=OFF): every block runs its C model\n",
              out);
    }
    fputs("\n"
          "Scenario files are described in docs/guide/scenarios.md. Exit status: 0 every check held,\n"
          "1 a check failed, 2 usage or parse error. The last line is 'N passed, N failed'.\n",
          out);
}

/* Fills *cli; returns -1 to go on, or the exit status to stop with (help, version, errors). */
static int gtsim_parse_arguments(int argc, char **argv, gtsim_cli *cli)
{
    int status = gtsim_cli_parse(&gtsim_command, argc, argv, cli);
    if (status >= 0)
        return status;
    if (cli->lockstep && !GTSIM_WITH_RTL)
        return gtsim_cli_usage_error(NULL, "--lockstep: built without RTL (GTSIM_WITH_RTL=OFF)");
    if (cli->run_files && cli->file_count == 0)
        return gtsim_cli_usage_error(NULL, "run: no scenario file given");
    return gtsim_check_wave_options(cli);
}

/* Parses every scenario before anything runs: a file with errors never half-runs. All errors
 * of all files are reported, in argument order. Returns false if any file is missing or has
 * errors. */
static bool gtsim_load_scenarios(const gtsim_cli *cli, gtsim_scenario **scenarios, size_t *count)
{
    *count = 0;
    bool ok = true;
    size_t total = cli->run_files ? cli->file_count : 1;
    for (size_t i = 0; i < total; i++) {
        gtsim_scenario *scenario = NULL;
        if (!cli->run_files) {
            scenario = gtsim_scenario_parse(GTSIM_DEFAULT_SCENARIO_NAME, gtsim_default_scenario_text, gtsim_default_scenario_size);
        } else {
            char message[512];
            scenario = gtsim_scenario_load(cli->files[i], message, sizeof message);
            if (!scenario) {
                fprintf(stderr, "gtsim: %s\n", message);
                ok = false;
                continue;
            }
        }
        scenarios[(*count)++] = scenario;
        if (scenario->error_count || scenario->errors_truncated) {
            gtsim_scenario_print_errors(scenario, stderr);
            ok = false;
        }
    }
    return ok;
}

static void gtsim_print_summary(const gtsim_scenario *scenario, gtsim_system *system, const gtsim_run_result *before,
                             const gtsim_run_result *after)
{
    tlm_time now = tlm_kernel_now(gtsim_system_kernel(system));
    uint64_t failed = after->failed - before->failed;
    uint64_t checks = after->passed - before->passed + failed;
    printf("%s: %zu statement%s, %" PRIu64 " check%s, %" PRIu64 " failed, sim time %" PRIu64 ".%03u ns\n",
           scenario->name, scenario->statement_count, scenario->statement_count == 1 ? "" : "s", checks,
           checks == 1 ? "" : "s", failed, now / 1000, (unsigned)(now % 1000));
    const tlm_logger *logger = tlm_kernel_logger(gtsim_system_kernel(system));
    if (tlm_logger_count(logger, TLM_LOG_WARNING) + tlm_logger_count(logger, TLM_LOG_ERROR) > 0) {
        printf("%s: log messages by block:\n", scenario->name);
        tlm_logger_print_summary(logger, stdout);
    }
}

/* ---- waveforms (docs/guide/waves.md) --------------------------------------------------------- */

/* The waveform path of scenario `index` of `count`: --wave's path for a single scenario; with
 * several, the scenario's file stem goes before the extension ("out.fst" -> "out.memory.fst"),
 * plus the scenario's number if two files share a stem. */
static void gtsim_wave_path(const gtsim_cli *cli, gtsim_scenario *const *scenarios, size_t index, size_t count, char *path,
                         size_t path_size)
{
    if (count == 1) {
        snprintf(path, path_size, "%s", cli->wave);
        return;
    }
    const char *dot = strrchr(cli->wave, '.');
    int base = (int)(dot - cli->wave);
    const char *name = scenarios[index]->name;
    const char *slash = strrchr(name, '/');
    const char *stem = slash ? slash + 1 : name;
    const char *stem_dot = strrchr(stem, '.');
    int stem_length = stem_dot && stem_dot != stem ? (int)(stem_dot - stem) : (int)strlen(stem);
    bool shared = false;
    for (size_t other = 0; other < count && !shared; other++) {
        if (other == index)
            continue;
        const char *other_name = scenarios[other]->name;
        const char *other_slash = strrchr(other_name, '/');
        const char *other_stem = other_slash ? other_slash + 1 : other_name;
        shared = strncmp(other_stem, stem, (size_t)stem_length) == 0 &&
                 (other_stem[stem_length] == '.' || other_stem[stem_length] == '\0');
    }
    if (shared)
        snprintf(path, path_size, "%.*s.%.*s.%zu%s", base, cli->wave, stem_length, stem, index + 1, dot);
    else
        snprintf(path, path_size, "%.*s.%.*s%s", base, cli->wave, stem_length, stem, dot);
}

/* Opens the scenario's waveform; NULL when there is none or it cannot be written (*usage_error
 * set when the user asked for it: an explicit --wave that fails is a usage error). */
static wave_file *gtsim_wave_open(const gtsim_cli *cli, const char *path, bool *usage_error)
{
    *usage_error = false;
    if (!cli->wave)
        return NULL;
    wave_format format = WAVE_FORMAT_FST;
    wave_format_from_path(path, &format);
    wave_options options = wave_default_options(format);
    if (cli->wave_window) {
        options.window_start = cli->window_start;
        options.window_stop = cli->window_stop;
    }
    if (cli->wave_on_fail) {
        options.on_fail = true;
        options.history = cli->history;
    }
    char error[512];
    wave_file *wave = wave_open(path, &options, error, sizeof error);
    if (!wave) {
        fflush(stdout);
        /* The implicit default is a convenience: without it the run is still worth doing. */
        fprintf(stderr, "gtsim: %s%s\n", error, cli->wave_is_default ? "; running without a waveform" : "");
        *usage_error = !cli->wave_is_default;
    }
    return wave;
}

/* Completes the waveform and says where it is, before the run's last line. */
static void gtsim_wave_close(wave_file *wave, const char *path, const gtsim_scenario *scenario, tlm_time end)
{
    wave_result result;
    char error[512] = "";
    bool ok = wave_close(wave, end, &result, error, sizeof error);
    if (!ok) {
        fflush(stdout);
        fprintf(stderr, "gtsim: waveform %s: %s\n", path, error);
        return;
    }
    if (!result.written) {
        printf("%s: no check failed: no waveform written (--wave-on-fail)\n", scenario->name);
        return;
    }
    char view[4096] = "";
    bool has_view = result.view_written && wave_view_path(path, view, sizeof view);
    printf("%s: waveform %s, %" PRIu64 ".%03u..%" PRIu64 ".%03u ns", scenario->name, path, result.first_time / 1000,
           (unsigned)(result.first_time % 1000), result.end_time / 1000, (unsigned)(result.end_time % 1000));
    if (result.triggered)
        printf(", first failure at %" PRIu64 ".%03u ns", result.trigger_time / 1000,
               (unsigned)(result.trigger_time % 1000));
    if (has_view)
        printf("; view: gtkwave %s %s", path, view);
    putchar('\n');
    if (result.late_declarations)
        printf("%s: %" PRIu64 " waveform rows declared too late were left out\n", scenario->name,
               result.late_declarations);
}

/* Builds a fresh system for one scenario and runs it. Returns false on a usage error. */
static bool gtsim_run_one(const gtsim_cli *cli, const gtsim_scenario *scenario, const char *wave_path, gtsim_coverage *coverage,
                       gtsim_run_result *result)
{
    /* --rtl names the blocks that leave model mode (--lockstep then puts them in lockstep);
     * --lockstep alone: every block with an RTL twin in the scenario's profile (but a twin of a
     * subset of its block, which runs only when named). */
    bool any_rtl = false;
    for (size_t i = 0; i < gtsim_twin_count(); i++)
        any_rtl |= cli->rtl[i];
    gtsim_block_mode twin_mode = cli->lockstep ? GTSIM_MODE_LOCKSTEP : GTSIM_MODE_RTL;
    gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, stdout);
    /* The run header's block list ("roundtrip: rtl, irq: model, ..."), and whether any block
     * runs in lockstep. */
    char modes[512] = "";
    size_t modes_used = 0;
    bool any_lockstep = false;
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_descriptor *twin = gtsim_twin_at(i);
        /* A twin of a subset of its block (by_name_only) runs only when named. */
        bool selected = any_rtl ? cli->rtl[i]
                                : cli->lockstep && !twin->by_name_only && gtsim_twin_in_profile(twin, scenario->profile);
        gtsim_block_mode mode = selected ? twin_mode : GTSIM_MODE_MODEL;
        *gtsim_twin_mode_slot(twin, &config) = mode;
        any_lockstep |= mode == GTSIM_MODE_LOCKSTEP;
        if (modes_used < sizeof modes) {
            int written = snprintf(modes + modes_used, sizeof modes - modes_used, ", %s: %s", twin->name,
                                   gtsim_block_mode_name(mode));
            modes_used += written > 0 ? (size_t)written : 0;
        }
    }
    config.strict_mmio = cli->strict_mmio;
    config.lockstep_order = cli->lockstep_order;
    bool wave_usage_error = false;
    wave_file *wave = gtsim_wave_open(cli, wave_path, &wave_usage_error);
    if (wave_usage_error)
        return false;
    config.tracer = wave ? wave_tracer(wave) : NULL;
    char error[512] = "";
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    if (!system) {
        char wave_error[512];
        if (wave)
            wave_close(wave, 0, NULL, wave_error, sizeof wave_error);
        fflush(stdout);
        if (scenario->profile_line)
            fprintf(stderr, "%s:%zu:%zu: cannot build the system: %s\n", scenario->name, scenario->profile_line,
                    scenario->profile_column, error);
        else
            fprintf(stderr, "gtsim: cannot build the system: %s\n", error);
        return false;
    }
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(system)), cli->log_level);
    printf("gtsim %s: %s (profile %s%s)\n", gtsim_version(), scenario->name, scenario->profile, modes);
    gtsim_run_result before = *result;
    bool tty = isatty(STDERR_FILENO);
    gtsim_run_options options = { .out = stdout, .errors = stderr, .verbose = cli->verbose,
                               .deadline_ns = cli->deadline_ns,
                               .progress = tty || cli->progress ? stderr : NULL, .progress_tty = tty };
    bool ok = gtsim_scenario_run(scenario, system, &options, result);
    if (ok) {
        gtsim_print_summary(scenario, system, &before, result);
        /* What the GT did: in full for the default scenario, one line per `gtsim run` file. */
        gtsim_summary_print(stdout, scenario->name, system, result->passed - before.passed,
                         result->failed - before.failed, cli->run_files);
    }
    if (ok && any_lockstep) {
        /* The streams' end: what one side put out and the other did not is a divergence too. */
        uint64_t at_end = gtsim_system_lockstep_finish(system, stdout);
        if (at_end) {
            printf("%s: %" PRIu64 " lockstep divergence(s) at the end of the run\n", scenario->name, at_end);
            result->failed++;
        }
        printf("%s: %" PRIu64 " lockstep mismatches\n", scenario->name, gtsim_system_mismatches(system));
    }
    if (coverage)
        gtsim_system_coverage(system, coverage);
    tlm_time end = tlm_kernel_now(gtsim_system_kernel(system));
    gtsim_system_destroy(system);
    if (wave)
        gtsim_wave_close(wave, wave_path, scenario, end);
    return ok;
}

int main(int argc, char **argv)
{
    /* Command tools (docs/reference/commands.md); they take their own options. */
    if (argc >= 2 && strcmp(argv[1], "dis") == 0)
        return gtsim_dis_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "asm") == 0)
        return gtsim_asm_main(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "regress") == 0)
        return gtsim_regress_main(argc - 1, argv + 1);
    gtsim_cli cli = { .log_level = TLM_LOG_WARNING };
    cli.files = calloc((size_t)argc, sizeof *cli.files);
    if (!cli.files)
        return GTSIM_EXIT_USAGE;
    int status = gtsim_parse_arguments(argc, argv, &cli);
    if (status >= 0) {
        free(cli.files);
        return status;
    }
    if (cli.time_limit_s)
        cli.deadline_ns = gtsim_wall_clock_ns() + cli.time_limit_s * UINT64_C(1000000000);
    gtsim_scenario **scenarios = calloc((size_t)argc + 1, sizeof *scenarios);
    size_t count = 0;
    status = GTSIM_EXIT_USAGE;
    if (scenarios && gtsim_load_scenarios(&cli, scenarios, &count)) {
        gtsim_run_result result = { 0 };
        bool usable = true;
        gtsim_coverage *coverage = cli.coverage ? gtsim_coverage_create() : NULL;
        for (size_t i = 0; i < count && usable; i++) {
            char wave_path[4096] = "";
            if (cli.wave)
                gtsim_wave_path(&cli, scenarios, i, count, wave_path, sizeof wave_path);
            usable = gtsim_run_one(&cli, scenarios[i], wave_path, coverage, &result);
            /* Written after every scenario, so a later crash still leaves the file. */
            char message[512];
            if (coverage && !gtsim_coverage_write(coverage, cli.coverage, message, sizeof message)) {
                fprintf(stderr, "gtsim: --coverage: %s\n", message);
                usable = false;
            }
            if (usable && result.time_limit_hit) {
                if (i + 1 < count)
                    printf("gtsim: --time-limit %" PRIu64 " s reached: %zu file%s not run\n", cli.time_limit_s,
                           count - i - 1, count - i - 1 == 1 ? "" : "s");
                break;
            }
        }
        gtsim_coverage_destroy(coverage);
        if (usable) {
            printf("%" PRIu64 " passed, %" PRIu64 " failed\n", result.passed, result.failed);
            status = result.failed ? GTSIM_EXIT_FAILED : GTSIM_EXIT_PASSED;
        }
    }
    for (size_t i = 0; i < count; i++)
        gtsim_scenario_destroy(scenarios[i]);
    free(scenarios);
    free(cli.files);
    fflush(stdout);
    return status;
}
