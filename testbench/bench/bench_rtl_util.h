/* The frame every RTL-twin benchmark shares (bench_doorbell_rtl.c, bench_irq_rtl.c): one
 * program measures a Verilated block three ways in one process, runs interleaved and medians
 * compared, and prints the same report:
 *   bare        the wrapper's own C++ loop (clock toggles and evals; no transactor, no kernel);
 *   twin        the RTL twin behind its transactor, driven from the event kernel by the
 *               block's random stimulus;
 *   lockstep    the same stimulus (same seed) on the C model and the twin in lockstep;
 * plus the C model alone on that stimulus, for reference (operations per second). The block's
 * program supplies the two run functions and its names (bench_rtl_program). */
#ifndef BENCH_RTL_UTIL_H
#define BENCH_RTL_UTIL_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

#define BENCH_RTL_RUNS 3                    /* interleaved runs per way */
#define BENCH_RTL_DEFAULT_OPERATIONS 200000ull /* stimulus operations per run unless --operations */

/* What a stimulus run drives. */
typedef enum bench_rtl_mode { BENCH_RTL_MODEL, BENCH_RTL_TWIN, BENCH_RTL_LOCKSTEP } bench_rtl_mode;

/* One stimulus run's figures. */
typedef struct bench_rtl_figures {
    double cycles_per_second;     /* RTL cycles (or, for the model, clock cycles) per second */
    double operations_per_second; /* stimulus operations per second */
    uint64_t cycles;              /* cycles of the run */
    uint64_t errors;              /* mismatches, assertion failures, missed edges */
} bench_rtl_figures;

/* One block's benchmark. */
typedef struct bench_rtl_program {
    const char *name;                    /* program name in the report, "gtsim_bench_<block>_rtl" */
    const char *design;                  /* the block, as the usage text names it */
    const char *twin_label;              /* the twin's row label in the cycles table */
    unsigned seed;                       /* stimulus seed, the same for every run */
    unsigned long long bare_cycles;      /* cycles of each bare run */
    double (*bare_run)(uint64_t cycles); /* bare loop: cycles per second */
    bench_rtl_figures (*stimulus_run)(bench_rtl_mode mode, uint64_t operations); /* one stimulus run */
} bench_rtl_program;

/* Median of BENCH_RTL_RUNS figures (sorts them). */
static inline double bench_rtl_median(double *values)
{
    qsort(values, BENCH_RTL_RUNS, sizeof values[0], bench_compare_doubles);
    return values[BENCH_RTL_RUNS / 2];
}

/* One table row: the label, each run's figure (divided by `scale`), then its median. */
static inline void bench_rtl_row(const char *label, double *values, double scale)
{
    printf("%-36s", label);
    for (int run = 0; run < BENCH_RTL_RUNS; run++)
        printf(" %8.3f", values[run] / scale);
    printf("   %8.3f\n", bench_rtl_median(values) / scale);
}

static inline void bench_rtl_usage(const bench_count_cli *cli)
{
    const bench_rtl_program *program = cli->data;
    printf("usage: %s [--operations N]\n\nSimulated cycles per second of the Verilated %s: bare loop,\n"
           "through its transactor (random stimulus, seed %u) and in lockstep with the C model;\n"
           "%d interleaved runs each.\n",
           cli->program, program->design, program->seed, BENCH_RTL_RUNS);
}

/* The whole program: arguments, the interleaved runs, the report. Exit status 0, 1 if any run
 * counted errors (or the twin and lockstep runs disagree on cycles), 2 on a bad argument. */
static inline int bench_rtl_main(const bench_rtl_program *program, int argc, char **argv)
{
    bench_count_cli cli = { .program = argv[0], .option = "--operations", .count = BENCH_RTL_DEFAULT_OPERATIONS,
                            .parse = bench_parse_count, .usage = bench_rtl_usage, .data = program };
    int status = bench_count_arguments(&cli, argc, argv);
    if (status >= 0)
        return status;
    uint64_t operations = cli.count;
    double bare[BENCH_RTL_RUNS], twin[BENCH_RTL_RUNS], lockstep[BENCH_RTL_RUNS];
    double model_ops[BENCH_RTL_RUNS], twin_ops[BENCH_RTL_RUNS], lockstep_ops[BENCH_RTL_RUNS];
    uint64_t errors = 0, twin_cycles = 0, lockstep_cycles = 0;
    for (int run = 0; run < BENCH_RTL_RUNS; run++) {
        bare[run] = program->bare_run(program->bare_cycles);
        bench_rtl_figures t = program->stimulus_run(BENCH_RTL_TWIN, operations);
        bench_rtl_figures l = program->stimulus_run(BENCH_RTL_LOCKSTEP, operations);
        bench_rtl_figures m = program->stimulus_run(BENCH_RTL_MODEL, operations);
        twin[run] = t.cycles_per_second;
        lockstep[run] = l.cycles_per_second;
        twin_ops[run] = t.operations_per_second;
        lockstep_ops[run] = l.operations_per_second;
        model_ops[run] = m.operations_per_second;
        errors += t.errors + l.errors + m.errors + (t.cycles != l.cycles); /* same stimulus, same cycles */
        twin_cycles = t.cycles;
        lockstep_cycles = l.cycles;
    }
    printf("%s: bare %llu cycles; stimulus %" PRIu64 " operations (seed %u, %" PRIu64
           " RTL cycles); %d runs each, interleaved\n",
           program->name, program->bare_cycles, operations, program->seed, twin_cycles, BENCH_RTL_RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                     each run M cycles/s                median\n");
    bench_rtl_row("bare Verilated loop", bare, 1e6);
    bench_rtl_row(program->twin_label, twin, 1e6);
    bench_rtl_row("lockstep (model + twin, compared)", lockstep, 1e6);
    printf("                                     each run M operations/s            median\n");
    bench_rtl_row("C model alone", model_ops, 1e6);
    bench_rtl_row("twin", twin_ops, 1e6);
    bench_rtl_row("lockstep", lockstep_ops, 1e6);
    printf("ratios (medians): twin/bare %.3f, lockstep/bare %.3f, lockstep/twin %.3f; "
           "operations: model/twin %.1f\n",
           bench_rtl_median(twin) / bench_rtl_median(bare), bench_rtl_median(lockstep) / bench_rtl_median(bare),
           bench_rtl_median(lockstep) / bench_rtl_median(twin),
           bench_rtl_median(model_ops) / bench_rtl_median(twin_ops));
    printf("stimulus: %.2f RTL cycles per operation; %" PRIu64 " errors (mismatches, assertion failures, "
           "cycle-count differences)\n",
           (double)lockstep_cycles / (double)operations, errors);
    return errors ? 1 : 0;
}

#endif
