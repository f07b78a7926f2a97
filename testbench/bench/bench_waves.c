/* gtsim_bench_waves: what waveform tracing costs a model-only run (docs/design/performance.md).
 *
 * Two workloads on the bring-up system in model mode (gtsim_system, the round-trip block as its C
 * model), each run with tracing off, with a VCD file and with an FST file, interleaved, three
 * times each; medians compared in one invocation:
 *
 *   scenario  the bring-up scenario (testbench/scenarios/bringup.gtsim, gtsim's default before the GT)
 *             repeated N times as one scenario through the scenario runner: MMIO and memory
 *             transactions, statements with their rows, `run` over idle clock cycles, checks.
 *             What a user's run is like.
 *   bus       MMIO writes and reads of SCRATCH issued straight at the system's MMIO target,
 *             one per GT clock cycle (no runner; the kernel runs one cycle after each): almost
 *             every event is a traced transaction. The worst case for tracing.
 *
 * Timed: system creation, waveform open, the run, system destruction and waveform close (an
 * FST file is compressed and written at close). Bytes per million transactions are the file's
 * size over the transactions the run made. A benchmark, not a test. */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench_util.h"
#include "gtsim_cli.h"
#include "gtsim_scenario.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system.h"
#include "wave.h"

#define RUNS 3
#define DEFAULT_REPEATS 20000u
/* Batches in the gt workload's render job. */
#define DEFAULT_GT_JOBS 2000u
#define DEFAULT_BUS_TRANSACTIONS 2000000u

#ifndef BENCH_DEFAULT_SCENARIO
#error "BENCH_DEFAULT_SCENARIO must name testbench/scenarios/bringup.gtsim"
#endif

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

typedef enum trace_mode { TRACE_OFF, TRACE_VCD, TRACE_FST, TRACE_MODES } trace_mode;
static const char *const mode_names[TRACE_MODES] = { "off", "VCD", "FST" };

typedef struct run_figures {
    double seconds;        /* wall time of the run */
    uint64_t transactions; /* bus transactions it made */
    uint64_t bytes;        /* size of the waveform file (0 when off) */
    uint64_t changes;      /* value changes written */
    bool ok;               /* every check held, every response OK */
} run_figures;

static double median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, bench_compare_doubles);
    return values[count / 2];
}

static uint64_t file_size(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0 ? (uint64_t)info.st_size : 0;
}

/* The whole of a file (NUL-terminated), or NULL. */
static char *read_file(const char *path, size_t *size)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    char *text = NULL;
    size_t length = 0, capacity = 0;
    for (;;) {
        if (length + 4096 + 1 > capacity) {
            capacity = capacity ? 2 * capacity : 65536;
            char *bigger = realloc(text, capacity);
            if (!bigger) {
                free(text);
                fclose(in);
                return NULL;
            }
            text = bigger;
        }
        size_t got = fread(text + length, 1, 4096, in);
        length += got;
        if (got < 4096)
            break;
    }
    fclose(in);
    text[length] = '\0';
    *size = length;
    return text;
}

/* What puts the round-trip block back as the bring-up scenario found it, after each pass:
 * MODE to 0 (a masked register: every enable, every value bit 0), INT_ENABLE off, STATUS's
 * W1C bits cleared. COUNT only grows, so its check is made a plain read. */
static const char pass_reset[] =
    "mmio write 0x400008 0xffff0000\nmmio write 0x40001c 0x00000000\nmmio write 0x400014 0x00000003\n";

/* The bring-up scenario's statements (its profile line dropped) `repeats` times, each pass
 * followed by pass_reset, so every pass passes. */
static gtsim_scenario *repeated_default(unsigned repeats)
{
    size_t size = 0;
    char *text = read_file(BENCH_DEFAULT_SCENARIO, &size);
    if (!text)
        return NULL;
    const char *profile = strstr(text, "profile gen12");
    size_t skip = profile ? (size_t)(strchr(profile, '\n') + 1 - text) : 0;
    char *count_check = strstr(text, "mmio read  0x400020 expect 0x00000001");
    if (!count_check) {
        free(text);
        return NULL; /* the scenario changed: every pass after the first would fail its COUNT check */
    }
    memset(count_check + strlen("mmio read  0x400020"), ' ', strlen(" expect 0x00000001"));
    size_t body = size - skip, reset = strlen(pass_reset), pass = body + 1 + reset;
    char *all = malloc(pass * repeats + 1);
    if (!all) {
        free(text);
        return NULL;
    }
    for (unsigned i = 0; i < repeats; i++) {
        memcpy(all + i * pass, text + skip, body);
        all[i * pass + body] = '\n';
        memcpy(all + i * pass + body + 1, pass_reset, reset);
    }
    gtsim_scenario *scenario = gtsim_scenario_parse("repeated_default.gtsim", all, pass * repeats);
    free(all);
    free(text);
    return scenario;
}

/* The gt workload: one long render job in ring-buffer mode with the EU array, interrupts and
 * memory traffic, as a model-heavy run traces it: `jobs` batches, each a MI_STORE_DATA_IMM, a
 * MI_LOAD_REGISTER_IMM, a COMPUTE_WALKER (the built-in fill kernel: 2 groups of 4 SIMD16
 * threads, 120 dwords), a CS-stalling PIPE_CONTROL with post-sync write and notify, and a
 * MI_USER_INTERRUPT, called from the ring; the results of the last batch are checked. */
static gtsim_scenario *gt_job(unsigned jobs)
{
    size_t capacity = 4096 + (size_t)jobs * 1024, used = 0;
    char *text = malloc(capacity);
    if (!text)
        return NULL;
    used += (size_t)snprintf(text + used, capacity - used,
                             "profile gen12\n"
                             "mmio write 0x190030 0xffffffff\nmmio write 0x190090 0x00000000\n"
                             "mmio write 0x190010 0x80000000\nmmio write 0x20a8 0xffffffee\n"
                             "mmio write 0x2080 0x00300000\nkernel 0x800000 fill\n");
    for (unsigned job = 0; job < jobs; job++) {
        uint64_t batch = 0x1000000 + (uint64_t)job * 0x100;
        used += (size_t)snprintf(
            text + used, capacity - used,
            "batch 0x%" PRIx64 "\n"
            "bemit MI_STORE_DATA_IMM address=0x200000 data=0x%x\n"
            "bemit MI_LOAD_REGISTER_IMM reg=0x2600 data=0x%x\n"
            "bemit COMPUTE_WALKER simd=simd16 exec_mask=0xffff tg_dim_x=2 tg_dim_y=1 tg_dim_z=1 idd0=0x800000 "
            "idd5=4 inline0=0x400000 inline2=0x%x inline3=120\n"
            "bemit PIPE_CONTROL cs_stall=1 post_sync=1 address=0x200004 data=0x%x notify=1\n"
            "bemit MI_USER_INTERRUPT\nbemit MI_BATCH_BUFFER_END\n",
            batch, job, job, job, job);
    }
    used += (size_t)snprintf(text + used, capacity - used, "ring rcs 0x100000 pages 64\n");
    for (unsigned job = 0; job < jobs; job++) {
        used += (size_t)snprintf(text + used, capacity - used,
                                 "emit rcs MI_BATCH_BUFFER_START address_space=ggtt address=0x%" PRIx64 "\n",
                                 (uint64_t)0x1000000 + (uint64_t)job * 0x100);
    }
    unsigned last = jobs - 1;
    used += (size_t)snprintf(text + used, capacity - used,
                             "submit rcs\nrun idle max 100000000\n"
                             "mem read 0x200000 expect 0x%x 0x%x\nmmio read 0x2600 expect 0x%x\n"
                             "mem read 0x4001d8 expect 0x%x 0x%x 0x0\n",
                             last, last, last, last, last);
    gtsim_scenario *scenario = gtsim_scenario_parse("gt_job.gtsim", text, used);
    free(text);
    return scenario;
}

static wave_file *open_wave(trace_mode mode, const char *directory, const char *workload, char *path, size_t size)
{
    if (mode == TRACE_OFF)
        return NULL;
    snprintf(path, size, "%s/bench_waves_%s.%s", directory, workload, mode == TRACE_VCD ? "vcd" : "fst");
    wave_options options = wave_default_options(mode == TRACE_VCD ? WAVE_FORMAT_VCD : WAVE_FORMAT_FST);
    options.finalize_on_signal = false;
    char error[512];
    wave_file *wave = wave_open(path, &options, error, sizeof error);
    if (!wave) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        exit(2);
    }
    return wave;
}

static void close_wave(wave_file *wave, const char *path, tlm_time end, run_figures *figures)
{
    if (!wave)
        return;
    wave_result result;
    char error[512];
    if (!wave_close(wave, end, &result, error, sizeof error)) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        figures->ok = false;
    }
    figures->bytes = file_size(path);
    figures->changes = result.changes;
}

/* Not inlined: a profiler can tell the runs apart (callgrind --dump-after=scenario_run). */
__attribute__((noinline)) static run_figures scenario_run(const gtsim_scenario *scenario, const char *workload, trace_mode mode,
                                const char *directory, FILE *null)
{
    run_figures figures = { .ok = true };
    char path[4096];
    double start = bench_wall_seconds();
    wave_file *wave = open_wave(mode, directory, workload, path, sizeof path);
    gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, null);
    config.tracer = wave ? wave_tracer(wave) : NULL;
    char error[512];
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        exit(2);
    }
    gtsim_run_result result = { 0 };
    gtsim_run_options options = { .out = null, .errors = null };
    figures.ok = gtsim_scenario_run(scenario, system, &options, &result) && result.failed == 0;
    tlm_time end = tlm_kernel_now(gtsim_system_kernel(system));
    /* Host MMIO accesses plus every graphics memory access (host, command streamers, EU data
     * port): the gt workload's traffic is mostly the GT's own. */
    tlm_memory_stats memory = gtsim_system_memory_stats(system);
    uint64_t mmio = 0;
    for (size_t i = 0; i < scenario->statement_count; i++)
        mmio += scenario->statements[i].kind == GTSIM_STMT_MMIO_WRITE || scenario->statements[i].kind == GTSIM_STMT_MMIO_READ;
    gtsim_system_destroy(system);
    close_wave(wave, path, end, &figures);
    figures.seconds = bench_wall_seconds() - start;
    figures.transactions = mmio + memory.reads + memory.writes;
    return figures;
}

__attribute__((noinline)) static run_figures bus_run(uint64_t transactions, trace_mode mode, const char *directory, FILE *null)
{
    run_figures figures = { .ok = true };
    char path[4096];
    double start = bench_wall_seconds();
    wave_file *wave = open_wave(mode, directory, "bus", path, sizeof path);
    gtsim_system_config config = { .profile = "gen12", .roundtrip_mode = GTSIM_MODE_MODEL, .log_sink = null };
    config.tracer = wave ? wave_tracer(wave) : NULL;
    char error[512];
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        exit(2);
    }
    tlm_trace_declared(gtsim_system_kernel(system));
    const tlm_target *mmio = gtsim_system_mmio(system);
    tlm_kernel *kernel = gtsim_system_kernel(system);
    tlm_time period = gtsim_system_clock_period(system);
    /* SCRATCH (offset 4 of the round-trip block): written, then read back and checked. */
    for (uint64_t i = 0; i < transactions; i++) {
        uint32_t value = (uint32_t)(i / 2 * 2654435761u);
        uint8_t data[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
        bool write = i % 2 == 0;
        tlm_payload payload =
            tlm_payload_make(write ? TLM_CMD_WRITE : TLM_CMD_READ, GTSIM_SYSTEM_ROUNDTRIP_BASE + 4, data, 4);
        payload.initiator_id = GTSIM_SCENARIO_HOST_INITIATOR;
        payload.correlation_id = i + 1;
        if (!write)
            memset(data, 0, sizeof data);
        tlm_time delay = 0;
        tlm_b_transport(mmio, &payload, &delay);
        tlm_kernel_run_for(kernel, delay + period); /* one transaction per GT clock cycle */
        uint32_t got = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
        if (!tlm_response_is_ok(&payload) || (!write && got != value))
            figures.ok = false;
    }
    tlm_time end = tlm_kernel_now(gtsim_system_kernel(system));
    gtsim_system_destroy(system);
    close_wave(wave, path, end, &figures);
    figures.seconds = bench_wall_seconds() - start;
    figures.transactions = transactions;
    return figures;
}

static void report(const char *workload, run_figures runs[TRACE_MODES][RUNS], bool *ok)
{
    double medians[TRACE_MODES];
    printf("%-9s  %-4s %9s  %9s %9s %9s  %8s  %14s  %12s\n", workload, "", "median s", "run 1", "run 2", "run 3",
           "factor", "bytes/M trans", "changes/trans");
    for (int mode = 0; mode < TRACE_MODES; mode++) {
        double seconds[RUNS];
        for (int run = 0; run < RUNS; run++) {
            seconds[run] = runs[mode][run].seconds;
            if (!runs[mode][run].ok)
                fprintf(stderr, "gtsim_bench_waves: %s, %s, run %d: a check failed or a response was not OK\n",
                        workload, mode_names[mode], run + 1);
            *ok = *ok && runs[mode][run].ok;
        }
        double copy[RUNS];
        memcpy(copy, seconds, sizeof copy);
        medians[mode] = median(copy, RUNS);
        const run_figures *last = &runs[mode][RUNS - 1];
        printf("%-9s  %-4s %9.3f  %9.3f %9.3f %9.3f  %7.2fx", "", mode_names[mode], medians[mode], seconds[0],
               seconds[1], seconds[2], medians[mode] / medians[TRACE_OFF]);
        if (mode == TRACE_OFF)
            printf("  %14s  %12s\n", "-", "-");
        else
            printf("  %14.0f  %12.2f\n", (double)last->bytes * 1e6 / (double)last->transactions,
                   (double)last->changes / (double)last->transactions);
    }
    printf("%-9s  transactions per run: %" PRIu64 ", %.2f M transactions/s untraced\n", "",
           runs[TRACE_OFF][0].transactions, (double)runs[TRACE_OFF][0].transactions / medians[TRACE_OFF] / 1e6);
}

/* The command line (gtsim_cli.h); the values are checked together once all are read. */
typedef struct waves_cli {
    unsigned repeats;          /* --repeats */
    uint64_t bus_transactions; /* --transactions */
    unsigned gt_jobs;          /* --gt-jobs */
    const char *directory;     /* --dir */
} waves_cli;

static void usage(void)
{
    fprintf(stderr,
            "usage: gtsim_bench_waves [--repeats N] [--transactions N] [--gt-jobs N] [--dir DIR]\n"
            "  --repeats N       bring-up scenario passes in the scenario workload (default %u)\n"
            "  --transactions N  MMIO transactions in the bus workload (default %u)\n"
            "  --gt-jobs N       batches in the gt workload's render job (1..4000, default %u)\n"
            "  --dir DIR         where the waveform files go (default /tmp)\n",
            DEFAULT_REPEATS, DEFAULT_BUS_TRANSACTIONS, DEFAULT_GT_JOBS);
}

static int help_option(void *context, const char *value)
{
    (void)context;
    (void)value;
    usage();
    return 0;
}

static int repeats_option(void *context, const char *value)
{
    ((waves_cli *)context)->repeats = (unsigned)strtoul(value, NULL, 10);
    return -1;
}

static int transactions_option(void *context, const char *value)
{
    ((waves_cli *)context)->bus_transactions = strtoull(value, NULL, 10);
    return -1;
}

static int gt_jobs_option(void *context, const char *value)
{
    ((waves_cli *)context)->gt_jobs = (unsigned)strtoul(value, NULL, 10);
    return -1;
}

/* Anything else: the usage, exit status 2. */
static int bad_argument(void *context, const char *argument, bool missing_value)
{
    (void)context;
    (void)argument;
    (void)missing_value;
    usage();
    return 2;
}

static int operand(void *context, const char *argument)
{
    return bad_argument(context, argument, false);
}

int main(int argc, char **argv)
{
    static const gtsim_cli_option table[] = {
        { "--repeats", "N", .handle = repeats_option, .help = "bring-up scenario passes in the scenario workload" },
        { "--transactions", "N", .handle = transactions_option, .help = "MMIO transactions in the bus workload" },
        { "--gt-jobs", "N", .handle = gt_jobs_option, .help = "batches in the gt workload's render job (1..4000)" },
        { "--dir", "DIR", .field = offsetof(waves_cli, directory), .help = "where the waveform files go" },
        { "--help", .handle = help_option, .help = "show this help" },
        { 0 },
    };
    static const gtsim_cli_command command = { .options = table, .operand = operand, .separate_values = true,
                                            .bad_option = bad_argument };
    waves_cli cli = { .repeats = DEFAULT_REPEATS, .bus_transactions = DEFAULT_BUS_TRANSACTIONS,
                      .gt_jobs = DEFAULT_GT_JOBS, .directory = "/tmp" };
    int status = gtsim_cli_parse(&command, argc, argv, &cli);
    if (status >= 0)
        return status;
    unsigned repeats = cli.repeats;
    uint64_t bus_transactions = cli.bus_transactions;
    unsigned gt_jobs = cli.gt_jobs;
    const char *directory = cli.directory;
    if (repeats == 0 || bus_transactions == 0 || gt_jobs == 0 || gt_jobs > 4000) {
        fputs("gtsim_bench_waves: --repeats and --transactions must be positive, --gt-jobs 1..4000\n", stderr);
        return 2;
    }
    FILE *null = fopen("/dev/null", "w");
    gtsim_scenario *scenario = repeated_default(repeats);
    if (!null || !scenario || scenario->error_count) {
        fputs("gtsim_bench_waves: cannot set up the scenario workload\n", stderr);
        return 2;
    }
    printf("gtsim_bench_waves: model-only runs of the bring-up system, tracing off / VCD / FST, %d runs each, "
           "interleaved\nbuild: %s\nscenario: the bring-up scenario x %u (%zu statements); bus: %" PRIu64
           " MMIO transactions, one per GT cycle; files in %s\n",
           RUNS, BENCH_BUILD_INFO, repeats, scenario->statement_count, bus_transactions, directory);
    gtsim_scenario *gt = gt_job(gt_jobs);
    if (!gt || gt->error_count) {
        if (gt)
            gtsim_scenario_print_errors(gt, stderr);
        fputs("gtsim_bench_waves: cannot set up the gt workload\n", stderr);
        return 2;
    }
    printf("gt: one render job in ring-buffer mode, %u batches of MI_STORE_DATA_IMM, MI_LOAD_REGISTER_IMM, "
           "COMPUTE_WALKER (8 threads), PIPE_CONTROL (CS stall, post-sync, notify), MI_USER_INTERRUPT\n",
           gt_jobs);
    run_figures scenario_runs[TRACE_MODES][RUNS], bus_runs[TRACE_MODES][RUNS], gt_runs[TRACE_MODES][RUNS];
    for (int run = 0; run < RUNS; run++)
        for (int mode = 0; mode < TRACE_MODES; mode++)
            gt_runs[mode][run] = scenario_run(gt, "gt", (trace_mode)mode, directory, null);
    for (int run = 0; run < RUNS; run++)
        for (int mode = 0; mode < TRACE_MODES; mode++)
            scenario_runs[mode][run] = scenario_run(scenario, "scenario", (trace_mode)mode, directory, null);
    for (int run = 0; run < RUNS; run++)
        for (int mode = 0; mode < TRACE_MODES; mode++)
            bus_runs[mode][run] = bus_run(bus_transactions, (trace_mode)mode, directory, null);
    bool ok = true;
    report("gt", gt_runs, &ok);
    report("scenario", scenario_runs, &ok);
    report("bus", bus_runs, &ok);
    printf("verified: %s\n", ok ? "every check held and every response was OK in every run" : "FAILED");
    gtsim_scenario_destroy(scenario);
    gtsim_scenario_destroy(gt);
    fclose(null);
    return ok ? 0 : 1;
}
