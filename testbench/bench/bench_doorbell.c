/* gtsim_bench_doorbell: observed memory writes per second through the memory's write observers
 * with the GTI doorbell controller (models/doorbell/doorbell.h) watching no doorbell versus all
 * 256, in one process (docs/design/performance.md). The point: the cost of a write must not grow with
 * the number of armed doorbells (DESIGN §4: one bit test per page when nothing matches).
 *
 * Workloads, each measured with 0 and with 256 armed doorbells (runs interleaved, medians):
 *   plain      8-byte writes streaming over 1 MiB of ordinary memory (no doorbell page)
 *   same-page  8-byte writes to the unwatched lines of the doorbell pages
 * and with 1 versus 256 armed doorbells:
 *   rings      8-byte writes of a new cookie to doorbell 0's line (observer, cookie rule, status
 *              bit; the group register is read every 32 rings so messages keep going): the same
 *              accesses, only the number of armed doorbells differs
 * and, for information, rings rotating over all 256 armed doorbells (256 lines on 256 pages:
 * the memory's page lookups, not the doorbell count, set that figure).
 * A benchmark, not a test: it prints figures and ratios. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define DEFAULT_WRITES 10000000ull
#define PLAIN_BASE UINT64_C(0x10000000)   /* ordinary memory, 1 MiB */
#define PLAIN_BYTES (UINT64_C(1) << 20)
#define DOORBELL_PAGES UINT64_C(0x20000000) /* one 4 KiB doorbell page per doorbell */

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

typedef enum workload { PLAIN, SAME_PAGE, RINGS } workload;

static uint64_t line_of(unsigned bell)
{
    return DOORBELL_PAGES + (uint64_t)bell * TLM_MEMORY_PAGE_SIZE + (bell % DOORBELL_LINES_PER_PAGE) * 64u;
}

static void ignore_rung(void *self, uint8_t groups)
{
    (void)self;
    (void)groups;
}

static void ignore_read(void *self, unsigned group, uint32_t bits)
{
    (void)self;
    (void)group;
    (void)bits;
}

static uint64_t errors;

static void write8(const tlm_target *memory, uint64_t address, uint64_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, &value, 8);
    payload.address_space = TLM_SPACE_PHYSICAL;
    tlm_time delay = 0;
    tlm_b_transport(memory, &payload, &delay);
    if (payload.response != TLM_STATUS_OK)
        errors++;
}

/* Writes per second of one run of `kind` with `armed` doorbells. */
static double run(workload kind, unsigned armed, unsigned rotate, uint64_t writes, uint64_t *observer_calls)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *memory = tlm_memory_create(kernel, "mem", 0);
    const tlm_target *mem = tlm_memory_target(memory);
    doorbell *db = doorbell_create(kernel, "doorbell", memory);
    doorbell_guc_port port = { ignore_rung, ignore_read, NULL };
    doorbell_set_guc_port(db, &port);
    const tlm_target *mmio = doorbell_target(db);
    /* every doorbell page exists and is initialised (DW0 = 1, DW1 = 0) whether armed or not, so
     * the runs differ only in the watches */
    for (unsigned bell = 0; bell < DOORBELL_COUNT; bell++) {
        write8(mem, line_of(bell), 1);
        if (bell < armed && doorbell_install(db, bell, line_of(bell)) != DOORBELL_INSTALL_OK)
            errors++;
    }
    for (uint64_t a = 0; a < PLAIN_BYTES; a += TLM_MEMORY_PAGE_SIZE)
        write8(mem, PLAIN_BASE + a, 0);
    uint32_t cookies[DOORBELL_COUNT] = { 0 };
    double start = bench_wall_seconds();
    for (uint64_t i = 0; i < writes; i++) {
        switch (kind) {
        case PLAIN:
            write8(mem, PLAIN_BASE + (i * 8u) % PLAIN_BYTES, i);
            break;
        case SAME_PAGE: {
            /* line 63 or 0 of each page: never that page's doorbell line */
            unsigned bell = (unsigned)(i % rotate);
            uint64_t page = line_of(bell) & ~(uint64_t)(TLM_MEMORY_PAGE_SIZE - 1u);
            unsigned other = (bell % 64u) == 63u ? 0u : 63u;
            write8(mem, page + other * 64u + 8u * (i / DOORBELL_COUNT % 8u), i);
            break;
        }
        case RINGS: {
            unsigned bell = (unsigned)(i % rotate);
            cookies[bell] = cookies[bell] == UINT32_MAX ? 1u : cookies[bell] + 1u;
            write8(mem, line_of(bell), (uint64_t)cookies[bell] << 32 | 1u);
            if ((i & 31u) == 31u) { /* the GuC's read-clear of the group just rung */
                uint32_t value;
                tlm_payload payload = tlm_payload_make(
                    TLM_CMD_READ, DOORBELL_DB_STATUS0_OFFSET + 4u * (bell / DOORBELL_PER_GROUP), &value, 4);
                tlm_time delay = 0;
                tlm_b_transport(mmio, &payload, &delay);
            }
            break;
        }
        }
    }
    double seconds = bench_wall_seconds() - start;
    *observer_calls = tlm_memory_get_stats(memory).observer_calls;
    if (kind == RINGS && doorbell_get_stats(db)->rings != writes)
        errors++;
    if (kind != RINGS && doorbell_get_stats(db)->observed_writes != 0)
        errors++;
    doorbell_destroy(db);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return (double)writes / seconds;
}

static double report(const char *label, double rates[RUNS])
{
    return bench_report_median(label, 48, rates, RUNS);
}

static void usage(const bench_count_cli *cli)
{
    printf("usage: %s [--writes N]\n\nObserved memory writes per second with 0 versus 256 armed doorbells "
           "(plain and same-page writes) and rings per second with 1 versus 256 armed doorbells; %d "
           "interleaved runs each, medians and ratios.\n",
           cli->program, RUNS);
}

/* --writes: any positive number strtoull reads whole (decimal, 0x hex or 0 octal). */
static bool parse_writes(const char *text, uint64_t *value)
{
    char *end = NULL;
    uint64_t writes = strtoull(text, &end, 0);
    if (!end || *end != '\0' || writes == 0)
        return false;
    *value = writes;
    return true;
}

int main(int argc, char **argv)
{
    bench_count_cli cli = { .program = argv[0], .option = "--writes", .count = DEFAULT_WRITES, .parse = parse_writes,
                            .blame_value = true, .usage = usage };
    int status = bench_count_arguments(&cli, argc, argv);
    if (status >= 0)
        return status;
    uint64_t writes = cli.count;
    double plain0[RUNS], plain256[RUNS], page0[RUNS], page256[RUNS], ring1[RUNS], ring256[RUNS], spread[RUNS];
    uint64_t calls[7] = { 0 };
    for (int r = 0; r < RUNS; r++) {
        plain0[r] = run(PLAIN, 0, 1, writes, &calls[0]);
        plain256[r] = run(PLAIN, DOORBELL_COUNT, 1, writes, &calls[1]);
        page0[r] = run(SAME_PAGE, 0, DOORBELL_COUNT, writes, &calls[2]);
        page256[r] = run(SAME_PAGE, DOORBELL_COUNT, DOORBELL_COUNT, writes, &calls[3]);
        ring1[r] = run(RINGS, 1, 1, writes, &calls[4]);
        ring256[r] = run(RINGS, DOORBELL_COUNT, 1, writes, &calls[5]);
        spread[r] = run(RINGS, DOORBELL_COUNT, DOORBELL_COUNT, writes, &calls[6]);
    }
    printf("gtsim_bench_doorbell: %" PRIu64 " 8-byte writes per run, %d runs each, interleaved\n", writes, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("                                                 each run M writes/s           median\n");
    double p0 = report("plain writes, no doorbell armed", plain0);
    double p256 = report("plain writes, 256 doorbells armed", plain256);
    double s0 = report("doorbell pages, other lines, none armed", page0);
    double s256 = report("doorbell pages, other lines, 256 armed", page256);
    double r1 = report("rings to doorbell 0, 1 doorbell armed", ring1);
    double r256 = report("rings to doorbell 0, 256 doorbells armed", ring256);
    double rs = report("rings rotating over 256 armed doorbells", spread);
    printf("ratio 256 armed / none armed (median): plain %.2f, same pages %.2f\n", p256 / p0, s256 / s0);
    printf("ratio rings 256 armed / 1 armed (median): %.2f; rings / plain writes with none armed: %.2f; rotating "
           "/ one doorbell: %.2f\n",
           r256 / r1, r256 / p0, rs / r256);
    printf("observer calls in the last runs: plain %" PRIu64 "/%" PRIu64 ", same pages %" PRIu64 "/%" PRIu64
           ", rings %" PRIu64 "/%" PRIu64 "/%" PRIu64 "; errors: %" PRIu64 "\n",
           calls[0], calls[1], calls[2], calls[3], calls[4], calls[5], calls[6], errors);
    return errors ? 1 : 0;
}
