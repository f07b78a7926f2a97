/* gtsim side of gtsim_bench_tlm, and the driver: option parsing, the interleaved runs, the
 * observer-cost runs, the checks and the report. Plain C11; the SystemC baseline is reached
 * only through the bench_baseline_fn that sc_main passes in. */
#include "bench_tlm.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "gtsim_cli.h"
#include "gtsim_tlm.h"

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif
#ifndef BENCH_SYSTEMC_VERSION
#define BENCH_SYSTEMC_VERSION "2.3.4"
#endif

/* Observer cost: the watched lines sit from 512 MiB up, far from the 1 MiB window the
 * writes walk, spread 256 bytes apart so they populate 6,250 pages (watching
 * a line allocates its page) and the page table is not a toy one. */
#define BENCH_WATCHED_LINES 100000ull
#define BENCH_WATCH_BASE (512ull << 20)
#define BENCH_WATCH_STRIDE 256ull

/* Far beyond any sensible run (hours), and keeps N * 10 ns well inside 64-bit picoseconds. */
#define BENCH_MAX_TRANSACTIONS 1000000000000ull

double bench_now(void)
{
    return bench_wall_seconds(); /* exported for the C++ side (bench_tlm.h) */
}

/* ---- options ------------------------------------------------------------------------- */

static void print_usage(FILE *out, const char *program)
{
    fprintf(out,
            "usage: %s [--transactions N] [--help]\n"
            "\n"
            "Bus transactions per second through a 4-way router to memory, with 10 ns latency\n"
            "annotation and a 1 us quantum keeper: gtsim tlm (C11) against SystemC 2.3.4\n"
            "TLM-2.0 loosely timed, %d runs each, interleaved; then the cost of memory write\n"
            "observers (0 vs %llu watched lines on other pages).\n"
            "\n"
            "  --transactions N   transactions per run, 8-byte write/read alternating\n"
            "                     (default %llu; --transactions=N also accepted)\n"
            "  --help, -h         print this help and exit\n"
            "\n"
            "Exit status: 0 every result verified, 1 a check failed, 2 bad command line.\n",
            program, BENCH_RUNS, BENCH_WATCHED_LINES, BENCH_DEFAULT_TRANSACTIONS);
}

static int usage_error(const char *program, const char *message, const char *argument)
{
    fprintf(stderr, "%s: %s '%s'\nTry '%s --help' for more information.\n", program, message, argument,
            program);
    return 2;
}

/* Digits only: strtoull alone would accept "-5" (as a huge number), " 5" and "5x" via end. */
static bool parse_count(const char *text, uint64_t *value)
{
    if (text[0] == '\0')
        return false;
    for (const char *c = text; *c; c++)
        if (*c < '0' || *c > '9')
            return false;
    errno = 0;
    unsigned long long parsed = strtoull(text, NULL, 10);
    if (errno != 0 || parsed == 0 || parsed > BENCH_MAX_TRANSACTIONS)
        return false;
    *value = parsed;
    return true;
}

/* The command line being read (gtsim_cli.h). */
typedef struct bench_cli {
    const char *program;    /* argv[0], for messages */
    bench_options *options; /* what it fills */
} bench_cli;

static int help_option(void *context, const char *value)
{
    (void)value;
    print_usage(stdout, ((bench_cli *)context)->program);
    return 0;
}

static int transactions_option(void *context, const char *value)
{
    bench_cli *cli = context;
    if (!parse_count(value, &cli->options->transactions))
        return usage_error(cli->program, "--transactions wants an integer from 1 to 10^12, not", value);
    return -1;
}

static int bad_option(void *context, const char *argument, bool missing_value)
{
    return usage_error(((bench_cli *)context)->program, missing_value ? "missing value after" : "unknown option",
                       argument);
}

static int operand(void *context, const char *argument)
{
    return usage_error(((bench_cli *)context)->program, argument[0] == '-' ? "unknown option" : "unexpected argument",
                       argument);
}

int bench_parse_options(int argc, char **argv, bench_options *options)
{
    static const gtsim_cli_option table[] = {
        { "--help, -h", .handle = help_option, .help = "print this help and exit" },
        { "--transactions", "N", .handle = transactions_option,
          .help = "transactions per run, 8-byte write/read alternating" },
        { 0 },
    };
    static const gtsim_cli_command command = { .options = table, .operand = operand, .bad_option = bad_option };
    bench_cli cli = { .program = argc > 0 && argv[0] ? argv[0] : "gtsim_bench_tlm", .options = options };
    options->transactions = BENCH_DEFAULT_TRANSACTIONS;
    return gtsim_cli_parse(&command, argc, argv, &cli);
}

/* ---- gtsim run ----------------------------------------------------------------------- */

typedef struct bench_decoy {
    tlm_target target;
    uint64_t hits; /* the workload never addresses a decoy: any hit is a routing error */
} bench_decoy;

static void decoy_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    ((bench_decoy *)self)->hits++;
    payload->response = TLM_STATUS_OK;
}

/* One timed gtsim run. Construction and teardown are outside the timed loop, as the
 * SystemC side elaborates once and is not timed for it either. */
static bool gtsim_run(uint64_t transactions, bench_run_result *result)
{
    static const char *const decoy_names[BENCH_DECOY_COUNT] = { "boot_rom", "mmio", "doorbells" };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_router *router = tlm_router_create(kernel, "router");
    tlm_memory *memory = tlm_memory_create(kernel, "memory", BENCH_MEMORY_SIZE);
    tlm_memory_set_latency(memory, BENCH_LATENCY_NS * TLM_NS, BENCH_LATENCY_NS * TLM_NS);
    bench_decoy decoys[BENCH_DECOY_COUNT];
    bool mapped = true;
    for (int d = 0; d < BENCH_DECOY_COUNT; d++) {
        decoys[d] = (bench_decoy){
            .target = { .name = decoy_names[d], .self = &decoys[d], .b_transport = decoy_b_transport },
        };
        mapped = tlm_router_map(router, bench_decoy_base[d], bench_decoy_size[d], &decoys[d].target) == 0 && mapped;
    }
    mapped = tlm_router_map(router, BENCH_MEMORY_BASE, BENCH_MEMORY_SIZE, tlm_memory_target(memory)) == 0 && mapped;
    if (!mapped) {
        fprintf(stderr, "gtsim_bench_tlm: gtsim router refused the benchmark's address map\n");
        tlm_router_destroy(router);
        tlm_memory_destroy(memory);
        tlm_kernel_destroy(kernel);
        return false;
    }

    tlm_quantum_keeper keeper;
    tlm_qk_init(&keeper, kernel, BENCH_QUANTUM_NS * TLM_NS);
    const tlm_target *bus = tlm_router_target(router);
    uint8_t buffer[BENCH_ACCESS_BYTES];
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, 0, buffer, BENCH_ACCESS_BYTES);
    payload.address_space = TLM_SPACE_PHYSICAL;
    uint64_t errors = 0;
    uint64_t checksum = BENCH_CHECKSUM_SEED;
    tlm_time start_time = tlm_kernel_now(kernel);

    double start = bench_now();
    for (uint64_t i = 0; i < transactions; i++) {
        bool is_read = i & 1;
        if (!is_read) {
            uint64_t value = bench_write_value(i);
            memcpy(buffer, &value, sizeof value);
        }
        payload.command = is_read ? TLM_CMD_READ : TLM_CMD_WRITE;
        payload.address = bench_address(i);
        payload.response = TLM_STATUS_INCOMPLETE;
        tlm_time delay = 0;
        tlm_b_transport(bus, &payload, &delay);
        if (payload.response != TLM_STATUS_OK) {
            errors++;
        } else if (is_read) {
            uint64_t value;
            memcpy(&value, buffer, sizeof value);
            checksum = bench_checksum_step(checksum, value);
        }
        tlm_qk_inc(&keeper, delay);
        if (tlm_qk_need_sync(&keeper) && tlm_qk_sync(&keeper) != TLM_RUN_TIME_REACHED)
            errors++;
    }
    /* The last partial quantum, so the simulated time checked below covers every access. */
    if (keeper.local_offset != 0 && tlm_qk_sync(&keeper) != TLM_RUN_TIME_REACHED)
        errors++;
    double seconds = bench_now() - start;

    for (int d = 0; d < BENCH_DECOY_COUNT; d++)
        errors += decoys[d].hits;
    *result = (bench_run_result){
        .seconds = seconds,
        .transactions = transactions,
        .errors = errors,
        .checksum = checksum,
        .simulated_ps = tlm_kernel_now(kernel) - start_time,
    };
    tlm_router_destroy(router);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return true;
}

/* ---- observer cost ------------------------------------------------------------------- */

static void count_observer_call(void *context, const tlm_memory_write *write)
{
    (void)write;
    (*(uint64_t *)context)++;
}

/* Writes through b_transport to the window at the start of the memory, where no line is
 * watched; returns the wall time. */
static double observer_run(tlm_memory *memory, uint64_t writes, uint64_t *errors)
{
    const tlm_target *target = tlm_memory_target(memory);
    uint8_t buffer[BENCH_ACCESS_BYTES];
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, 0, buffer, BENCH_ACCESS_BYTES);
    payload.address_space = TLM_SPACE_PHYSICAL;
    tlm_time annotated = 0;
    double start = bench_now();
    for (uint64_t i = 0; i < writes; i++) {
        memcpy(buffer, &i, sizeof i);
        payload.address = (i * BENCH_STRIDE) & (BENCH_WINDOW_SIZE - 1);
        payload.response = TLM_STATUS_INCOMPLETE;
        tlm_time delay = 0;
        tlm_b_transport(target, &payload, &delay);
        *errors += payload.response != TLM_STATUS_OK;
        annotated += delay;
    }
    double seconds = bench_now() - start;
    *errors += annotated != writes * BENCH_LATENCY_NS * TLM_NS;
    return seconds;
}

/* Median and best of BENCH_RUNS rates. */
static void summarise(const double *rates, double *best, double *median)
{
    double sorted[BENCH_RUNS];
    memcpy(sorted, rates, sizeof sorted);
    qsort(sorted, BENCH_RUNS, sizeof sorted[0], bench_compare_doubles);
    *best = sorted[BENCH_RUNS - 1];
    *median = sorted[BENCH_RUNS / 2];
}

typedef struct observer_report {
    double plain_median;      /* M writes/s, no watched line in the memory */
    double watched_median;    /* M writes/s, BENCH_WATCHED_LINES watched elsewhere */
    uint64_t watch_lookups;   /* watch_lookups of the watched memory after its timed runs */
    uint64_t errors;          /* failed writes, wrong annotation, watches refused, watch check failed */
} observer_report;

static observer_report observer_cost(uint64_t writes)
{
    observer_report report = { 0 };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *plain = tlm_memory_create(kernel, "plain", BENCH_MEMORY_SIZE);
    tlm_memory *watched = tlm_memory_create(kernel, "watched", BENCH_MEMORY_SIZE);
    tlm_memory_set_latency(plain, BENCH_LATENCY_NS * TLM_NS, BENCH_LATENCY_NS * TLM_NS);
    tlm_memory_set_latency(watched, BENCH_LATENCY_NS * TLM_NS, BENCH_LATENCY_NS * TLM_NS);
    uint64_t observer_calls = 0;
    for (uint64_t line = 0; line < BENCH_WATCHED_LINES; line++) {
        uint64_t address = BENCH_WATCH_BASE + line * BENCH_WATCH_STRIDE;
        report.errors += tlm_memory_watch(watched, address, count_observer_call, &observer_calls) == 0;
    }

    /* Untimed first pass: page allocation in the window is not what is measured. */
    uint64_t window_writes = BENCH_WINDOW_SIZE / BENCH_STRIDE;
    observer_run(plain, window_writes, &report.errors);
    observer_run(watched, window_writes, &report.errors);

    double plain_rates[BENCH_RUNS], watched_rates[BENCH_RUNS], best;
    for (int r = 0; r < BENCH_RUNS; r++) {
        plain_rates[r] = (double)writes / observer_run(plain, writes, &report.errors) / 1e6;
        watched_rates[r] = (double)writes / observer_run(watched, writes, &report.errors) / 1e6;
    }
    summarise(plain_rates, &best, &report.plain_median);
    summarise(watched_rates, &best, &report.watched_median);
    report.watch_lookups = tlm_memory_get_stats(watched).watch_lookups;
    report.errors += observer_calls != 0;

    /* The watches must be live, or the comparison above would be meaningless: one write
     * onto a watched line has to reach its observer exactly once. */
    uint64_t value = 0x0123456789ABCDEFull;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, BENCH_WATCH_BASE, &value, sizeof value);
    payload.address_space = TLM_SPACE_PHYSICAL;
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(watched), &payload, &delay);
    if (payload.response != TLM_STATUS_OK || observer_calls != 1) {
        fprintf(stderr, "gtsim_bench_tlm: a write to a watched line gave %s and %" PRIu64 " observer calls (want OK, 1)\n",
                tlm_response_name(payload.response), observer_calls);
        report.errors++;
    }

    tlm_memory_destroy(plain);
    tlm_memory_destroy(watched);
    tlm_kernel_destroy(kernel);
    return report;
}

/* ---- driver -------------------------------------------------------------------------- */

static uint64_t expected_checksum(uint64_t transactions)
{
    uint64_t checksum = BENCH_CHECKSUM_SEED;
    for (uint64_t i = 1; i < transactions; i += 2)
        checksum = bench_checksum_step(checksum, bench_write_value(i - 1));
    return checksum;
}

/* Prints what is wrong with a run and returns false, or returns true if it is right. */
static bool check_run(const char *side, int run, const bench_run_result *result, uint64_t transactions,
                      uint64_t checksum)
{
    uint64_t simulated_ps = transactions * BENCH_LATENCY_NS * TLM_NS;
    bool ok = result->transactions == transactions && result->errors == 0 && result->checksum == checksum &&
              result->simulated_ps == simulated_ps && result->seconds > 0;
    if (!ok)
        fprintf(stderr,
                "gtsim_bench_tlm: %s run %d FAILED: %" PRIu64 "/%" PRIu64 " transactions, %" PRIu64
                " errors, checksum 0x%016" PRIx64 " (want 0x%016" PRIx64 "), simulated %" PRIu64
                " ps (want %" PRIu64 ")\n",
                side, run + 1, result->transactions, transactions, result->errors, result->checksum, checksum,
                result->simulated_ps, simulated_ps);
    return ok;
}

static void print_row(const char *label, double best, double median, const double *rates)
{
    printf("%-24s %9.2f %12.2f  ", label, best, median);
    for (int r = 0; r < BENCH_RUNS; r++)
        printf(" %.2f", rates[r]);
    printf("\n");
}

int bench_main(const bench_options *options, bench_baseline_fn baseline, void *baseline_context)
{
    const uint64_t n = options->transactions;
    const uint64_t checksum = expected_checksum(n);
    double gtsim_rates[BENCH_RUNS], systemc_rates[BENCH_RUNS];
    bool ok = true;

    /* Alternating, so drift in the machine (frequency, neighbours) hits both sides alike. */
    for (int r = 0; r < BENCH_RUNS; r++) {
        bench_run_result result;
        if (!gtsim_run(n, &result))
            return 1;
        ok = check_run("gtsim", r, &result, n, checksum) && ok;
        gtsim_rates[r] = (double)n / result.seconds / 1e6;
        if (!baseline(baseline_context, n, &result))
            return 1;
        ok = check_run("SystemC", r, &result, n, checksum) && ok;
        systemc_rates[r] = (double)n / result.seconds / 1e6;
    }
    observer_report observers = observer_cost(n);
    if (observers.errors != 0) {
        fprintf(stderr, "gtsim_bench_tlm: observer-cost runs FAILED: %" PRIu64 " errors\n", observers.errors);
        ok = false;
    }

    double gtsim_best, gtsim_median, systemc_best, systemc_median;
    summarise(gtsim_rates, &gtsim_best, &gtsim_median);
    summarise(systemc_rates, &systemc_best, &systemc_median);
    printf("gtsim_bench_tlm: %" PRIu64 " transactions per run, %u-byte write/read alternating, %llu ns latency, "
           "%llu us quantum, %d runs each\n",
           n, BENCH_ACCESS_BYTES, BENCH_LATENCY_NS, BENCH_QUANTUM_NS / 1000, BENCH_RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("%-24s %9s %12s   %s\n", "", "best M/s", "median M/s", "each run M/s, in order");
    print_row("gtsim tlm (C11)", gtsim_best, gtsim_median, gtsim_rates);
    print_row("SystemC " BENCH_SYSTEMC_VERSION " TLM-2.0", systemc_best, systemc_median, systemc_rates);
    printf("ratio gtsim/SystemC (median): %.2f\n", gtsim_median / systemc_median);
    printf("observer cost: %.2f M writes/s with 0 watched lines, %.2f with %llu watched lines elsewhere, "
           "ratio %.2f, watch lookups %" PRIu64 "\n",
           observers.plain_median, observers.watched_median, BENCH_WATCHED_LINES,
           observers.watched_median / observers.plain_median, observers.watch_lookups);
    if (ok)
        printf("verified: every response OK, read checksum 0x%016" PRIx64 " on both sides, %" PRIu64
               " ns simulated per run\n",
               checksum, n * (uint64_t)BENCH_LATENCY_NS);
    else
        printf("FAILED: see the messages above\n");
    /* LeakSanitizer ends a sanitized build with _exit, which would drop buffered output. */
    fflush(stdout);
    return ok ? 0 : 1;
}
