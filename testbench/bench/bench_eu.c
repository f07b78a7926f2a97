/* gtsim_bench_eu: hardware threads dispatched and retired per second of wall time through the
 * EU array (models/eu/eu_array.h) alone: the gen12 default topology (Tiger Lake GT2, 672
 * threads) on a sparse memory, one requester offering thread groups of 16 SIMD16 threads as
 * fast as the dispatcher takes them (group ids wrap every 1024 groups, so memory stays small).
 * Two kernels: "nop" (four ALU instructions, no memory: the baseline) and "stream"
 * (memory-bound: 8 data-port reads and one write per thread, each a b_transport on the
 * memory). Runs are interleaved and medians compared. Every run checks its thread count and
 * that no fault was raised. A benchmark, not a test. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "eu_array.h"
#include "gtsim_tlm.h"

#define RUNS 5
#define GROUPS 100000u        /* thread groups per run */
#define GROUP_IDS 1024u       /* group ids wrap: the stream kernel's buffers stay 1 MiB */
#define THREADS_PER_GROUP 16u /* threads per group */
#define SIMD 16u              /* lanes per thread */
#define SRC 0x1000000u        /* the stream kernel's source */
#define DST 0x8000000u        /* and destination */
#define KERNEL_START 0x40000u /* where the kernel is registered */

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

typedef enum workload {
    WORK_NOP,    /* trivial kernel */
    WORK_STREAM, /* memory-bound kernel */
    WORK_COUNT
} workload;

static const char *const workload_names[WORK_COUNT] = {
    "nop kernel (4 ALU, no memory)",
    "stream kernel (8 reads + 1 write per thread)",
};

typedef struct feeder {
    eu_group proto;   /* every group but its ids */
    uint32_t offered; /* groups handed out */
} feeder;

static bool feeder_next(void *context, eu_group *group)
{
    feeder *f = context;
    if (f->offered >= GROUPS)
        return false;
    *group = f->proto;
    group->group_linear = f->offered % GROUP_IDS;
    group->group_id[0] = f->offered % GROUP_IDS;
    f->offered++;
    return true;
}

/* One run; returns wall seconds and fills the checks. */
static double run(workload work, uint64_t *threads, uint64_t *faults, uint64_t *messages, tlm_time *simulated)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "memory", UINT64_C(1) << 32);
    eu_array_config config = { .profile = CS_PROFILE_GEN12, .memory = tlm_memory_target(memory),
                               .clock_period = 1000 * TLM_PS };
    eu_array *array = eu_array_create(kernel, "eu", &config);
    eu_kernel k = *eu_builtin_kernel(work == WORK_NOP ? "nop" : "stream");
    k.start = KERNEL_START;
    eu_array_register_kernel(array, &k);
    uint32_t count = GROUP_IDS * THREADS_PER_GROUP * SIMD;
    feeder f = { .proto = { .ffid = EU_FFID_VFE, .kernel_start = KERNEL_START, .threads = THREADS_PER_GROUP,
                            .simd_width = SIMD, .exec_mask = 0xFFFFFFFFu, .right_mask = 0xFFFFFFFFu,
                            .bottom_mask = 0xFFFFFFFFu,
                            /* stream: src, dst, count, 8 passes over a source of 8 * count */
                            .args = { SRC, 0, DST, 0, count, 8, 0, 0 } } };
    eu_requester requester = { .name = "bench", .next = feeder_next, .context = &f };
    int index = eu_array_add_requester(array, &requester);
    double start = bench_wall_seconds();
    eu_array_kick(array, index);
    tlm_run_status status = tlm_kernel_run_until_idle(kernel, 1000000 * TLM_MS);
    double seconds = bench_wall_seconds() - start;
    const eu_array_stats *stats = eu_array_get_stats(array);
    *threads = stats->threads_retired;
    *faults = stats->faults;
    *messages = stats->messages;
    *simulated = tlm_kernel_now(kernel);
    if (status != TLM_RUN_IDLE || stats->threads_dispatched != stats->threads_retired)
        *faults += 1000000; /* flagged below */
    eu_array_destroy(array);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return seconds;
}

int main(void)
{
    double rates[WORK_COUNT][RUNS];
    uint64_t threads[WORK_COUNT] = { 0 }, messages[WORK_COUNT] = { 0 }, problems = 0;
    tlm_time simulated[WORK_COUNT] = { 0 };
    for (int r = 0; r < RUNS; r++) {
        for (int w = 0; w < WORK_COUNT; w++) {
            uint64_t faults = 0;
            double seconds = run((workload)w, &threads[w], &faults, &messages[w], &simulated[w]);
            rates[w][r] = (double)threads[w] / seconds;
            problems += faults + (threads[w] != (uint64_t)GROUPS * THREADS_PER_GROUP);
        }
    }
    printf("gtsim_bench_eu: gen12 EU array alone (1x6x16x7 = 672 threads), %u groups of %u SIMD%u threads per run, "
           "%d runs each, interleaved\n",
           GROUPS, THREADS_PER_GROUP, SIMD, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("%-46s %-32s %s\n", "", "each run M threads retired/s", "median");
    double medians[WORK_COUNT];
    for (int w = 0; w < WORK_COUNT; w++) {
        double sorted[RUNS];
        memcpy(sorted, rates[w], sizeof sorted);
        qsort(sorted, RUNS, sizeof sorted[0], bench_compare_doubles);
        medians[w] = sorted[RUNS / 2];
        printf("%-46s", workload_names[w]);
        for (int r = 0; r < RUNS; r++)
            printf(" %8.3f", rates[w][r] / 1e6);
        printf("       %8.3f\n", medians[w] / 1e6);
        printf("    last run: %" PRIu64 " threads dispatched and retired, %" PRIu64
               " data-port messages, %.3f ms simulated\n",
               threads[w], messages[w], (double)simulated[w] / (double)TLM_MS);
    }
    printf("memory-bound / trivial: %.2fx the wall time per thread\n", medians[WORK_NOP] / medians[WORK_STREAM]);
    printf("%" PRIu64 " problems in all runs\n", problems);
    return problems ? 1 : 0;
}
