/* gtsim_bench_waves: what waveform tracing costs a model-only run (docs/performance.md).
 *
 * Two workloads on the bring-up system in model mode (tb_system, the round-trip block as its C
 * model), each run with tracing off, with a VCD file and with an FST file, interleaved, three
 * times each; medians compared in one invocation:
 *
 *   scenario  the default scenario (testbench/scenarios/default.gtsim, what gtsim runs)
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "bench_util.h"
#include "tb_scenario.h"
#include "tb_scenario_run.h"
#include "tb_system.h"
#include "wave.h"

#define RUNS 3
#define DEFAULT_REPEATS 20000u
#define DEFAULT_BUS_TRANSACTIONS 2000000u

#ifndef BENCH_DEFAULT_SCENARIO
#error "BENCH_DEFAULT_SCENARIO must name testbench/scenarios/default.gtsim"
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

/* What puts the round-trip block back as the default scenario found it, after each pass:
 * MODE to 0 (a masked register: every enable, every value bit 0), INT_ENABLE off, STATUS's
 * W1C bits cleared. COUNT only grows, so its check is made a plain read. */
static const char pass_reset[] = "mmio write 0x08 0xffff0000\nmmio write 0x1c 0x00000000\nmmio write 0x14 0x00000003\n";

/* The default scenario's statements (its profile line dropped) `repeats` times, each pass
 * followed by pass_reset, so every pass passes. */
static tb_scenario *repeated_default(unsigned repeats)
{
    size_t size = 0;
    char *text = read_file(BENCH_DEFAULT_SCENARIO, &size);
    if (!text)
        return NULL;
    const char *profile = strstr(text, "profile gen12");
    size_t skip = profile ? (size_t)(strchr(profile, '\n') + 1 - text) : 0;
    char *count_check = strstr(text, "mmio read  0x20 expect 0x00000001");
    if (count_check)
        memset(count_check + strlen("mmio read  0x20"), ' ', strlen(" expect 0x00000001"));
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
    tb_scenario *scenario = tb_scenario_parse("repeated_default.gtsim", all, pass * repeats);
    free(all);
    free(text);
    return scenario;
}

/* The transactions one pass of the scenario makes: one per mmio statement, one per mem one. */
static uint64_t scenario_transactions(const tb_scenario *scenario)
{
    uint64_t count = 0;
    for (size_t i = 0; i < scenario->statement_count; i++) {
        tb_statement_kind kind = scenario->statements[i].kind;
        count += kind == TB_STMT_MMIO_WRITE || kind == TB_STMT_MMIO_READ || kind == TB_STMT_MEM_WRITE ||
                 kind == TB_STMT_MEM_READ;
    }
    return count;
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

static run_figures scenario_run(const tb_scenario *scenario, trace_mode mode, const char *directory, FILE *null)
{
    run_figures figures = { .ok = true };
    char path[4096];
    double start = bench_wall_seconds();
    wave_file *wave = open_wave(mode, directory, "scenario", path, sizeof path);
    tb_system_config config = tb_scenario_system_config(scenario, TB_MODE_MODEL, null);
    config.tracer = wave ? wave_tracer(wave) : NULL;
    char error[512];
    tb_system *system = tb_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        exit(2);
    }
    tb_run_result result = { 0 };
    tb_run_options options = { .out = null, .errors = null };
    figures.ok = tb_scenario_run(scenario, system, &options, &result) && result.failed == 0;
    tlm_time end = tlm_kernel_now(tb_system_kernel(system));
    tb_system_destroy(system);
    close_wave(wave, path, end, &figures);
    figures.seconds = bench_wall_seconds() - start;
    figures.transactions = scenario_transactions(scenario);
    return figures;
}

static run_figures bus_run(uint64_t transactions, trace_mode mode, const char *directory, FILE *null)
{
    run_figures figures = { .ok = true };
    char path[4096];
    double start = bench_wall_seconds();
    wave_file *wave = open_wave(mode, directory, "bus", path, sizeof path);
    tb_system_config config = { .profile = "gen12", .roundtrip_mode = TB_MODE_MODEL, .log_sink = null };
    config.tracer = wave ? wave_tracer(wave) : NULL;
    char error[512];
    tb_system *system = tb_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "gtsim_bench_waves: %s\n", error);
        exit(2);
    }
    tlm_trace_declared(tb_system_kernel(system));
    const tlm_target *mmio = tb_system_mmio(system);
    tlm_kernel *kernel = tb_system_kernel(system);
    tlm_time period = tb_system_clock_period(system);
    /* SCRATCH (offset 4): written, then read back and checked. */
    for (uint64_t i = 0; i < transactions; i++) {
        uint32_t value = (uint32_t)(i / 2 * 2654435761u);
        uint8_t data[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
        bool write = i % 2 == 0;
        tlm_payload payload = tlm_payload_make(write ? TLM_WRITE_COMMAND : TLM_READ_COMMAND, 4, data, 4);
        payload.initiator_id = TB_SCENARIO_HOST_INITIATOR;
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
    tlm_time end = tlm_kernel_now(tb_system_kernel(system));
    tb_system_destroy(system);
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

int main(int argc, char **argv)
{
    unsigned repeats = DEFAULT_REPEATS;
    uint64_t bus_transactions = DEFAULT_BUS_TRANSACTIONS;
    const char *directory = "/tmp";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--repeats") == 0 && i + 1 < argc) {
            repeats = (unsigned)strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--transactions") == 0 && i + 1 < argc) {
            bus_transactions = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            directory = argv[++i];
        } else {
            fprintf(stderr,
                    "usage: gtsim_bench_waves [--repeats N] [--transactions N] [--dir DIR]\n"
                    "  --repeats N       default scenario passes in the scenario workload (default %u)\n"
                    "  --transactions N  MMIO transactions in the bus workload (default %u)\n"
                    "  --dir DIR         where the waveform files go (default /tmp)\n",
                    DEFAULT_REPEATS, DEFAULT_BUS_TRANSACTIONS);
            return strcmp(argv[i], "--help") == 0 ? 0 : 2;
        }
    }
    if (repeats == 0 || bus_transactions == 0) {
        fputs("gtsim_bench_waves: --repeats and --transactions must be positive\n", stderr);
        return 2;
    }
    FILE *null = fopen("/dev/null", "w");
    tb_scenario *scenario = repeated_default(repeats);
    if (!null || !scenario || scenario->error_count) {
        fputs("gtsim_bench_waves: cannot set up the scenario workload\n", stderr);
        return 2;
    }
    printf("gtsim_bench_waves: model-only runs of the bring-up system, tracing off / VCD / FST, %d runs each, "
           "interleaved\nbuild: %s\nscenario: the default scenario x %u (%zu statements); bus: %" PRIu64
           " MMIO transactions, one per GT cycle; files in %s\n",
           RUNS, BENCH_BUILD_INFO, repeats, scenario->statement_count, bus_transactions, directory);
    run_figures scenario_runs[TRACE_MODES][RUNS], bus_runs[TRACE_MODES][RUNS];
    for (int run = 0; run < RUNS; run++)
        for (int mode = 0; mode < TRACE_MODES; mode++)
            scenario_runs[mode][run] = scenario_run(scenario, (trace_mode)mode, directory, null);
    for (int run = 0; run < RUNS; run++)
        for (int mode = 0; mode < TRACE_MODES; mode++)
            bus_runs[mode][run] = bus_run(bus_transactions, (trace_mode)mode, directory, null);
    bool ok = true;
    report("scenario", scenario_runs, &ok);
    report("bus", bus_runs, &ok);
    printf("verified: %s\n", ok ? "every check held and every response was OK in every run" : "FAILED");
    tb_scenario_destroy(scenario);
    fclose(null);
    return ok ? 0 : 1;
}
