/* gtsim_bench_scale: how the model's cost grows (docs/design/performance.md "How cost grows").
 *
 * Four measurements, each run in a child process of its own so that its peak resident set
 * (getrusage through wait4) is its own:
 *
 *   contexts  1, 4 and 16 active execlist contexts on the gen12 GT (one render context; one
 *             context on each of the four engines; four time-sliced contexts on the render
 *             engine; four on each engine), each running a long ring of i915 requests (the
 *             replayed request streams of testbench/scenarios/data, relocated per context:
 *             breadcrumbs, flushes, the batch start between MI_ARB_ON_OFF, the preempt
 *             busy-wait) that call the engine's batch (the render, blit, video and vebox batches
 *             of the same folder). The bench is the driver: every slice it reads each
 *             context's breadcrumb, writes new requests into the ring space freed, moves the
 *             TAIL in the image and resubmits the execlist with the next waiting context
 *             first (i915's time-slicing), so contexts are preempted at their MI_ARB_CHECK
 *             and resubmitted. Commands per second, kernel events, peak RSS and the heap.
 *   cycles    the 16-context workload without an end, for 1 M, 10 M and 100 M simulated
 *             cycles (then drained): wall time per simulated cycle, events per second, memory.
 *   memory    a batch of MI_STORE_DATA_IMM writing one dword into every 4 KiB page of 1 GiB
 *             of graphics memory (the sparse tlm_memory allocates each page on its first write),
 *             resident set and time at each doubling, against the same stores made by the host.
 *   regress   `gtsim regress` over a generated list of 1,000 scenario jobs (the example
 *             scenarios with seeds) at -j 2, and the start-up cost of one job: `gtsim run` of
 *             an empty scenario against fork+exec of /bin/true and `gtsim --version`.
 *
 * Every measurement checks its results (commands executed equal the commands submitted, every
 * breadcrumb written, no error logged, every store read back, every job passed) and the
 * program exits 1 when one does not hold, 2 on a bad command line. Ratios are to a baseline
 * measured in the same invocation. A benchmark, not a test: ctest runs it at tiny sizes only
 * so that it keeps working. */
#define _GNU_SOURCE /* fork, wait4, mkdtemp, mallinfo2 */
#include <errno.h>
#include <inttypes.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"
#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_execlist.h"
#include "cs_regs.h"
#include "gtsim_asm.h"
#include "gtsim_system.h"
#include "gtsim_tlm.h"

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif
#ifndef BENCH_DATA_DIR
#error "BENCH_DATA_DIR must name testbench/scenarios/data"
#endif
#ifndef BENCH_SCENARIOS_DIR
#error "BENCH_SCENARIOS_DIR must name testbench/scenarios"
#endif
#ifndef BENCH_GTSIM
#error "BENCH_GTSIM must name the gtsim program"
#endif

#define MAX_CONTEXTS 16u
#define MAX_CYCLE_POINTS 4u
#define ENGINES 4u
#define PARTS_CONTEXTS 1u
#define PARTS_CYCLES 2u
#define PARTS_MEMORY 4u
#define PARTS_REGRESS 8u
#define PARTS_ALL 15u

/* Graphics memory layout of the context workload (one flat GGTT). */
#define HWSP_BASE UINT64_C(0x00100000)     /* engine e's status page at + e * 4 KiB */
#define BATCH_BASE UINT64_C(0x00200000)    /* engine e's batch at + e * 64 KiB */
#define TIMELINE_BASE UINT64_C(0x00300000) /* context c's breadcrumb at + c * 64 */
#define IMAGE_BASE UINT64_C(0x01000000)    /* context c's image at + c * 16 KiB */
#define RING_BASE UINT64_C(0x02000000)     /* context c's ring at + c * ring bytes */
#define PREEMPT_DWORD 0x32u                /* i915 I915_GEM_HWS_PREEMPT: the busy-wait's dword in the HWSP */
/* Seqno markers the request templates are assembled with, found again to patch each request. */
#define SEQNO_MARK 0x5eb10002u

/* The 1 GiB workload: stores one per page from TOUCH_BASE, batches of TOUCH_CHUNK_PAGES. */
#define TOUCH_BASE UINT64_C(0x100000000)
#define TOUCH_BATCH UINT64_C(0x08000000)
#define TOUCH_RING UINT64_C(0x07000000)
#define TOUCH_CHUNK_PAGES 16384u /* 64 MiB per batch */

/* ---- the command line ------------------------------------------------------------------- */

typedef struct scale_options {
    uint64_t requests;                    /* --requests: requests per context (contexts) */
    uint64_t slice;                       /* --slice: GT cycles per slice */
    uint64_t ring_pages;                  /* --ring-pages: each context's ring */
    uint64_t ahead;                       /* --ahead: requests a context may have outstanding */
    uint64_t cycles[MAX_CYCLE_POINTS];    /* --cycles: the cycle budgets */
    size_t cycle_points;                  /* entries in cycles */
    uint64_t touch_mib;                   /* --touch-mib */
    uint64_t jobs;                        /* --jobs: regression jobs */
    uint64_t startups;                    /* --startups: start-up samples */
    uint64_t runs;                        /* --runs: repeats of the contexts table */
    unsigned parts;                       /* --only */
    const char *gtsim;                    /* --gtsim */
    const char *data;                     /* --data */
    const char *scenarios;                /* --scenarios */
    const char *dir;                      /* --dir: where the regression's files go */
    bool keep;                            /* --keep: the regression's files stay after a pass */
} scale_options;

static int bad_argument(void *context, const char *argument, bool missing_value)
{
    (void)context;
    fprintf(stderr, "gtsim_bench_scale: %s '%s' (try --help)\n", missing_value ? "missing value for" : "bad argument",
            argument);
    return 2;
}

#define COUNT_OPTION(name, member, limit)                                                                             \
    static int name(void *context, const char *value)                                                                 \
    {                                                                                                                  \
        scale_options *o = context;                                                                                    \
        if (!bench_parse_count(value, &o->member) || o->member > (limit))                                              \
            return bad_argument(context, value, false);                                                                \
        return -1;                                                                                                     \
    }
COUNT_OPTION(requests_option, requests, UINT64_C(100000000))
COUNT_OPTION(slice_option, slice, UINT64_C(100000000))
COUNT_OPTION(ring_pages_option, ring_pages, 512u) /* RING_CTL length: up to 512 pages */
COUNT_OPTION(ahead_option, ahead, UINT64_C(1000000))
COUNT_OPTION(touch_option, touch_mib, UINT64_C(65536))
COUNT_OPTION(jobs_option, jobs, UINT64_C(100000)) /* gtsim regress refuses more */
COUNT_OPTION(startups_option, startups, UINT64_C(100000))
COUNT_OPTION(runs_option, runs, 15u)

static int cycles_option(void *context, const char *value)
{
    scale_options *o = context;
    o->cycle_points = 0;
    char copy[256];
    if (strlen(value) >= sizeof copy)
        return bad_argument(context, value, false);
    strcpy(copy, value);
    for (char *save = NULL, *word = strtok_r(copy, ",", &save); word; word = strtok_r(NULL, ",", &save)) {
        if (o->cycle_points == MAX_CYCLE_POINTS || !bench_parse_count(word, &o->cycles[o->cycle_points]) ||
            o->cycles[o->cycle_points] > UINT64_C(100000000000))
            return bad_argument(context, value, false);
        o->cycle_points++;
    }
    return o->cycle_points ? -1 : bad_argument(context, value, false);
}

static int only_option(void *context, const char *value)
{
    static const char *const names[] = { "contexts", "cycles", "memory", "regress" };
    scale_options *o = context;
    o->parts = 0;
    char copy[256];
    if (strlen(value) >= sizeof copy)
        return bad_argument(context, value, false);
    strcpy(copy, value);
    for (char *save = NULL, *word = strtok_r(copy, ",", &save); word; word = strtok_r(NULL, ",", &save)) {
        unsigned i = 0;
        while (i < 4 && strcmp(word, names[i]) != 0)
            i++;
        if (i == 4)
            return bad_argument(context, value, false);
        o->parts |= 1u << i;
    }
    return o->parts ? -1 : bad_argument(context, value, false);
}

static const gtsim_cli_option option_table[] = {
    { "--help, -h", .usage = true, .help = "show this help" },
    { "--only", "PARTS", .handle = only_option, .help = "contexts,cycles,memory,regress (default: all four)" },
    { "--requests", "N", .handle = requests_option, .help = "requests per context in the contexts table (default 4000)" },
    { "--runs", "N", .handle = runs_option, .help = "runs of each row of the contexts table, interleaved (default 3)" },
    { "--slice", "CYCLES", .handle = slice_option, .help = "GT cycles between two submissions (default 10000)" },
    { "--ring-pages", "N", .handle = ring_pages_option, .help = "pages of each context's ring (default 16)" },
    { "--ahead", "N", .handle = ahead_option, .help = "requests a context may have written and not completed (default 64;\nthe ring's size bounds it too)" },
    { "--cycles", "N,N..", .handle = cycles_option, .help = "cycle budgets of the cycles table (default 1000000,10000000,100000000)" },
    { "--touch-mib", "MIB", .handle = touch_option, .help = "graphics memory the memory workload writes (default 1024)" },
    { "--jobs", "N", .handle = jobs_option, .help = "scenario jobs of the regression (default 1000)" },
    { "--startups", "N", .handle = startups_option, .help = "processes started per start-up sample (default 50)" },
    { "--gtsim", "PATH", .field = offsetof(scale_options, gtsim), .help = "the gtsim program (default: this build's)" },
    { "--data", "DIR", .field = offsetof(scale_options, data), .help = "testbench/scenarios/data" },
    { "--scenarios", "DIR", .field = offsetof(scale_options, scenarios), .help = "testbench/scenarios" },
    { "--dir", "DIR", .field = offsetof(scale_options, dir), .help = "where the regression's list and output go (default /tmp)" },
    { "--keep", .field = offsetof(scale_options, keep), .help = "keep them after a regression that passed (a failed one's are kept)" },
    { 0 },
};

static void print_usage(FILE *out);

static const gtsim_cli_command command_line = { .options = option_table, .print_usage = print_usage,
                                                .separate_values = true, .help_column = 24,
                                                .bad_option = bad_argument };

static void print_usage(FILE *out)
{
    fputs("usage: gtsim_bench_scale [options]\n\n"
          "How cost grows: commands/s and memory for 1, 4 and 16 active execlist contexts, wall time\n"
          "and memory over 1 M to 100 M simulated cycles, 1 GiB of touched graphics memory, and a\n"
          "regression of 1,000 scenario jobs with the start-up cost of one. Exit status 0 when\n"
          "every result checked out, 1 when one did not, 2 on a bad command line.\n\n",
          out);
    gtsim_cli_print_options(&command_line, out);
}

/* ---- process figures -------------------------------------------------------------------- */

/* Bytes the process's allocator has handed out and not taken back (the model's own
 * allocations: kernel, blocks, sparse memory pages, logs). */
static uint64_t heap_in_use(void)
{
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

static double mib(uint64_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0);
}

/* The peak resident set so far of this process, bytes. */
static uint64_t peak_rss_self(void)
{
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (uint64_t)usage.ru_maxrss * 1024u;
}

/* Runs `body(arg, result)` in a child process; the child's result comes back through a pipe.
 * *peak_rss is the child's peak resident set (wait4). False when the child failed to report. */
static bool in_child(void (*body)(const void *arg, void *result), const void *arg, void *result, size_t size,
                     uint64_t *peak_rss)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        close(fds[0]);
        memset(result, 0, size);
        body(arg, result);
        const char *bytes = result;
        for (size_t done = 0; done < size;) {
            ssize_t n = write(fds[1], bytes + done, size - done);
            if (n <= 0)
                _exit(3);
            done += (size_t)n;
        }
        _exit(0);
    }
    close(fds[1]);
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fds[0], (char *)result + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fds[0]);
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0)
        if (errno != EINTR)
            return false;
    *peak_rss = (uint64_t)usage.ru_maxrss * 1024u;
    return got == size && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static double load_average(void)
{
    double load = -1;
    FILE *in = fopen("/proc/loadavg", "r");
    if (in) {
        if (fscanf(in, "%lf", &load) != 1)
            load = -1;
        fclose(in);
    }
    return load;
}

/* ---- the bus ---------------------------------------------------------------------------- */

static bool bus_write(const tlm_target *target, uint64_t address, const void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, (void *)data, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return tlm_response_is_ok(&payload);
}

static uint32_t bus_read32(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return tlm_response_is_ok(&payload) ? value : 0xFFFFFFFFu;
}

static bool mmio_write(gtsim_system *system, uint64_t address, uint32_t value)
{
    return bus_write(gtsim_system_mmio(system), address, &value, 4);
}

/* The gen12 system every measurement runs on, its log lines to *null (/dev/null); NULL with
 * the reason in `error`. */
static gtsim_system *make_system(FILE **null, char *error, size_t error_size)
{
    *null = fopen("/dev/null", "w");
    gtsim_system_config system_config = { .profile = "gen12", .log_sink = *null };
    gtsim_system *system = gtsim_system_create(&system_config, error, error_size);
    if (!system && *null) { /* the callers return at once: the sink is theirs only with a system */
        fclose(*null);
        *null = NULL;
    }
    return system;
}

/* ---- programs: the replayed request streams and batches ---------------------------------- */

/* The whole of a text file (NUL-terminated; gtsim_file_read), or NULL. */
static char *read_text(const char *directory, const char *name)
{
    char path[4096], message[256];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    unsigned char *bytes = NULL;
    size_t length = 0;
    if (!gtsim_file_read(path, &bytes, &length, message, sizeof message))
        return NULL;
    char *text = realloc(bytes, length + 1);
    if (!text) {
        free(bytes);
        return NULL;
    }
    text[length] = '\0';
    return text;
}

/* A word of the request streams to relocate: every `from` outside comments becomes `to`, and
 * it must occur exactly `expected` times (the stream is what its header says it is). */
typedef struct relocation {
    const char *from;  /* the dword as the .s file writes it */
    uint32_t to;       /* its value for this context */
    unsigned expected; /* occurrences in the file */
} relocation;

/* Assembles `text` with `relocations` applied; NULL (and a message) on any mismatch. */
static gtsim_asm_result *assemble(const char *name, const char *text, const relocation *relocations, size_t count)
{
    size_t length = strlen(text);
    char *out = malloc(length + 1);
    unsigned found[8] = { 0 };
    if (!out || count > 8) {
        free(out);
        return NULL;
    }
    size_t used = 0;
    bool comment = false;
    for (size_t i = 0; i < length;) {
        char c = text[i];
        if (c == '#')
            comment = true;
        else if (c == '\n')
            comment = false;
        size_t k = 0;
        if (!comment)
            while (k < count && strncmp(text + i, relocations[k].from, strlen(relocations[k].from)) != 0)
                k++;
        if (!comment && k < count) {
            used += (size_t)sprintf(out + used, "0x%08x", relocations[k].to);
            i += strlen(relocations[k].from);
            found[k]++;
            continue;
        }
        out[used++] = c;
        i++;
    }
    out[used] = '\0';
    for (size_t k = 0; k < count; k++)
        if (found[k] != relocations[k].expected) {
            fprintf(stderr, "gtsim_bench_scale: %s: %s occurs %u times, expected %u\n", name, relocations[k].from,
                    found[k], relocations[k].expected);
            free(out);
            return NULL;
        }
    gtsim_asm_result *result = gtsim_asm_parse(CS_PROFILE_GEN12, out, used);
    free(out);
    if (result->error_count) {
        gtsim_asm_print_errors(result, name, stderr);
        gtsim_asm_free(result);
        return NULL;
    }
    return result;
}

/* Commands in `count` dwords as the engine's command table decodes them; 0 on an unknown,
 * refused or truncated command. */
static uint64_t count_commands(cs_engine engine, const uint32_t *dwords, size_t count)
{
    uint64_t commands = 0;
    for (size_t at = 0; at < count;) {
        cs_decoded decoded;
        size_t step = cs_decode(CS_PROFILE_GEN12, engine, dwords + at, count - at, &decoded);
        if (decoded.status)
            return 0;
        at += step;
        commands++;
    }
    return commands;
}

/* Which replayed files an engine runs (i915 emits the copy engine's request form on every
 * engine but render; the video engines get the blitter's form: **choice**, i915 also sets
 * MI_INVALIDATE_BSD in the video decode engine's invalidate flush). */
typedef struct engine_stream {
    cs_engine engine;      /* the engine */
    const char *request;   /* the request stream (.s) */
    const char *batch;     /* the user batch (.s) */
    const char *batch_at;  /* the batch address the request stream starts */
    const char *seqno;     /* the seqno it writes (the init breadcrumb writes seqno - 1) */
    const char *seqno_old; /* seqno - 1 */
    bool rcs;              /* the render form: the timeline twice, no USE_GTT address */
} engine_stream;

static const engine_stream streams[ENGINES] = {
    { CS_ENGINE_RCS, "i915_gen12_rcs_request.s", "gen12_render_batch.s", "0x00300000", "0x00000042", "0x00000041", true },
    { CS_ENGINE_BCS, "i915_gen12_bcs_request.s", "gen12_blit_batch.s", "0x00310000", "0x00000077", "0x00000076", false },
    { CS_ENGINE_VCS, "i915_gen12_bcs_request.s", "gen12_video_batch.s", "0x00310000", "0x00000077", "0x00000076", false },
    { CS_ENGINE_VECS, "i915_gen12_bcs_request.s", "gen12_vebox_batch.s", "0x00310000", "0x00000077", "0x00000076", false },
};

/* ---- the context workload --------------------------------------------------------------- */

typedef struct context {
    unsigned engine;         /* index into streams */
    uint32_t id;             /* software context id */
    uint64_t lrca;           /* its image */
    uint64_t ring;           /* its ring */
    uint64_t timeline;       /* its breadcrumb */
    uint32_t *request;       /* its request template (owned) */
    uint32_t request_dwords; /* dwords per request (QWord multiple) */
    uint32_t seqno_at[2];    /* dword indices of seqno - 1 and seqno in the template */
    uint32_t slots;          /* requests the ring holds */
    uint64_t written;        /* requests written into the ring */
    uint64_t completed;      /* requests whose breadcrumb has landed */
    uint64_t limit;          /* requests to write (UINT64_MAX: until told to stop) */
    uint32_t tail;           /* the ring's TAIL after the last request written */
} context;

typedef struct workload_config {
    unsigned engines;            /* engines used: RCS first, then BCS, VCS, VECS */
    unsigned per_engine;         /* contexts on each */
    uint64_t requests;           /* per context (0: run for `cycles`) */
    uint64_t cycles;             /* the cycle budget when requests is 0 */
    const scale_options *options;
} workload_config;

typedef struct workload_result {
    bool ok;                 /* every check held */
    char failure[320];       /* the first that did not */
    double seconds;          /* wall time of the driven run (set-up excluded) */
    uint64_t commands;       /* commands the engines executed */
    uint64_t expected;       /* commands the requests and padding hold */
    uint64_t events;         /* kernel events executed */
    uint64_t cycles;         /* simulated GT cycles of the run */
    uint64_t requests;       /* requests completed */
    uint64_t preemptions;    /* contexts switched away at an arbitration point */
    uint64_t lite_restores;  /* running contexts resubmitted with a new tail */
    uint64_t submissions;    /* execlist loads the driver made */
    uint64_t heap_setup;     /* heap in use after set-up */
    uint64_t heap_end;       /* heap in use at the end of the run */
    uint64_t pages;          /* graphics memory pages allocated */
} workload_result;

static void fail(workload_result *r, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void fail(workload_result *r, const char *format, ...)
{
    if (!r->ok)
        return;
    r->ok = false;
    va_list args;
    va_start(args, format);
    vsnprintf(r->failure, sizeof r->failure, format, args);
    va_end(args);
}

/* The system a workload body runs on (make_system), or NULL with the failure recorded. */
static gtsim_system *workload_system(workload_result *r, FILE **null)
{
    char error[256];
    gtsim_system *system = make_system(null, error, sizeof error);
    if (!system)
        fail(r, "%s", error);
    return system;
}

/* Writes request `k` of context `c` into its slot; the new TAIL. */
static bool write_request(const tlm_target *memory, context *c, uint32_t ring_bytes)
{
    uint64_t k = c->written;
    uint32_t slot = (uint32_t)(k % c->slots);
    uint32_t seqno = (uint32_t)(k + 1);
    c->request[c->seqno_at[0]] = seqno - 1;
    c->request[c->seqno_at[1]] = seqno;
    uint32_t bytes = 4u * c->request_dwords;
    if (!bus_write(memory, c->ring + (uint64_t)slot * bytes, c->request, bytes))
        return false;
    c->written++;
    /* The last slot's request ends the ring (its padding NOOPs run too): TAIL wraps to 0. */
    c->tail = slot + 1 == c->slots ? 0 : (slot + 1) * bytes;
    (void)ring_bytes;
    return true;
}

static void submit(gtsim_system *system, unsigned engine, uint64_t element0, uint64_t element1)
{
    uint64_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[streams[engine].engine].mmio_base;
    mmio_write(system, base + CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET, (uint32_t)element0);
    mmio_write(system, base + CS_EXECLIST_SQ_ELEMENT0_HI_OFFSET, (uint32_t)(element0 >> 32));
    mmio_write(system, base + CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET, (uint32_t)element1);
    mmio_write(system, base + CS_EXECLIST_SQ_ELEMENT1_HI_OFFSET, (uint32_t)(element1 >> 32));
    mmio_write(system, base + CS_EXECLIST_CONTROL_OFFSET, CS_EXECLIST_CONTROL_LOAD_MASK);
}

static uint64_t descriptor_of(const context *c)
{
    const cs_engine_info *info = &cs_profile_get(CS_PROFILE_GEN12)->engines[streams[c->engine].engine];
    return cs_execlist_descriptor(c->lrca, c->id, info->class_id, 0);
}

/* Sets up the contexts of `config` on `system`: status pages, batches, request templates,
 * images. False (with the reason in r) on any failure. */
static bool set_up_contexts(gtsim_system *system, const workload_config *config, context *contexts,
                            uint64_t *per_request, uint64_t *padding, workload_result *r)
{
    const scale_options *o = config->options;
    const tlm_target *memory = gtsim_system_memory(system);
    uint32_t ring_bytes = (uint32_t)o->ring_pages * 4096u;
    for (unsigned e = 0; e < config->engines; e++) {
        const engine_stream *s = &streams[e];
        const cs_engine_info *info = &cs_profile_get(CS_PROFILE_GEN12)->engines[s->engine];
        uint64_t hwsp = HWSP_BASE + e * 4096u;
        mmio_write(system, info->mmio_base + CS_HWS_PGA_OFFSET, (uint32_t)hwsp);
        char *text = read_text(o->data, s->batch);
        gtsim_asm_result *batch = text ? assemble(s->batch, text, NULL, 0) : NULL;
        free(text);
        if (!batch) {
            fail(r, "cannot read or assemble %s/%s", o->data, s->batch);
            return false;
        }
        uint64_t batch_commands = count_commands(s->engine, batch->dwords, batch->count);
        bool written = bus_write(memory, BATCH_BASE + e * 0x10000u, batch->dwords, (uint32_t)(4 * batch->count));
        gtsim_asm_free(batch);
        if (!batch_commands || !written) {
            fail(r, "the batch %s does not decode or cannot be written", s->batch);
            return false;
        }
        text = read_text(o->data, s->request);
        if (!text) {
            fail(r, "cannot read %s/%s", o->data, s->request);
            return false;
        }
        for (unsigned k = 0; k < config->per_engine; k++) {
            unsigned index = e * config->per_engine + k;
            context *c = &contexts[index];
            c->engine = e;
            c->id = index + 1;
            c->lrca = IMAGE_BASE + index * 0x4000u;
            c->ring = RING_BASE + (uint64_t)index * ring_bytes;
            c->timeline = TIMELINE_BASE + index * 64u;
            c->limit = config->requests ? config->requests : UINT64_MAX;
            const relocation rcs[] = {
                { "0x00200100", (uint32_t)c->timeline, 2 }, { s->seqno_old, SEQNO_MARK - 1, 1 },
                { s->seqno, SEQNO_MARK, 1 }, { "0x002000c8", (uint32_t)(hwsp + 4u * PREEMPT_DWORD), 1 },
                { s->batch_at, (uint32_t)(BATCH_BASE + e * 0x10000u), 1 },
            };
            const relocation xcs[] = {
                { "0x00200100", (uint32_t)c->timeline, 1 }, { "0x00200104", (uint32_t)c->timeline | 4u, 1 },
                { s->seqno_old, SEQNO_MARK - 1, 1 }, { s->seqno, SEQNO_MARK, 1 },
                { "0x002000c8", (uint32_t)(hwsp + 4u * PREEMPT_DWORD), 1 },
                { s->batch_at, (uint32_t)(BATCH_BASE + e * 0x10000u), 1 },
            };
            gtsim_asm_result *request = s->rcs ? assemble(s->request, text, rcs, sizeof rcs / sizeof rcs[0])
                                               : assemble(s->request, text, xcs, sizeof xcs / sizeof xcs[0]);
            if (!request) {
                free(text);
                fail(r, "cannot relocate %s", s->request);
                return false;
            }
            c->request_dwords = (uint32_t)((request->count + 1) & ~(size_t)1);
            c->request = calloc(c->request_dwords, 4);
            if (!c->request) {
                gtsim_asm_free(request);
                free(text);
                fail(r, "out of memory");
                return false;
            }
            memcpy(c->request, request->dwords, 4 * request->count);
            gtsim_asm_free(request);
            c->seqno_at[0] = c->seqno_at[1] = UINT32_MAX;
            for (uint32_t d = 0; d < c->request_dwords; d++) {
                if (c->request[d] == SEQNO_MARK - 1)
                    c->seqno_at[0] = d;
                if (c->request[d] == SEQNO_MARK)
                    c->seqno_at[1] = d;
            }
            uint64_t ring_commands = count_commands(s->engine, c->request, c->request_dwords);
            c->slots = ring_bytes / (4u * c->request_dwords);
            if (c->seqno_at[0] == UINT32_MAX || c->seqno_at[1] == UINT32_MAX || !ring_commands || c->slots < 4) {
                free(text);
                fail(r, "request stream %s: no seqno, undecodable, or more than a quarter ring", s->request);
                return false;
            }
            per_request[index] = ring_commands + batch_commands;
            /* The ring's end after the last whole request: MI_NOOPs, run at every wrap. */
            uint32_t pad_bytes = ring_bytes - c->slots * 4u * c->request_dwords;
            padding[index] = pad_bytes / 4u;
            for (uint32_t b = 0; b < pad_bytes; b += 4) {
                uint32_t noop = 0;
                bus_write(memory, c->ring + c->slots * 4u * c->request_dwords + b, &noop, 4);
            }
            cs_execlist_ring ring = {
                .mmio_base = info->mmio_base,
                .start = (uint32_t)c->ring,
                .head = 0,
                .tail = 0,
                .ctl = (uint32_t)(o->ring_pages - 1) << CS_RING_CTL_LENGTH_SHIFT | CS_RING_CTL_ENABLE_MASK,
            };
            if (!cs_execlist_write_context_image(memory, c->lrca, &ring)) {
                free(text);
                fail(r, "cannot write the image of context %u", c->id);
                return false;
            }
        }
        free(text);
    }
    return true;
}

/* One driver pass: breadcrumbs read, rings refilled, images' TAILs moved, each engine's
 * execlist submitted (the next waiting context first). `turn` rotates the contexts. Returns
 * the requests still outstanding or to be written. */
static uint64_t drive(gtsim_system *system, const workload_config *config, context *contexts, uint64_t turn,
                      bool refill, workload_result *r)
{
    const tlm_target *memory = gtsim_system_memory(system);
    uint32_t ring_bytes = (uint32_t)config->options->ring_pages * 4096u;
    uint64_t left = 0;
    for (unsigned e = 0; e < config->engines; e++) {
        context *mine = &contexts[e * config->per_engine];
        unsigned waiting[MAX_CONTEXTS];
        unsigned count = 0;
        for (unsigned k = 0; k < config->per_engine; k++) {
            context *c = &mine[k];
            uint32_t seqno = bus_read32(memory, c->timeline);
            if (seqno > c->completed && seqno <= c->written)
                c->completed = seqno;
            bool wrote = false;
            /* A slot is free again once the request after its occupant completed: then the
             * engine has parsed past the whole slot (its tail, the wrap's padding). */
            while (refill && c->written < c->limit && c->written - c->completed + 1 < c->slots &&
                   c->written - c->completed < config->options->ahead) {
                if (!write_request(memory, c, ring_bytes)) {
                    fail(r, "ring write refused");
                    return 0;
                }
                wrote = true;
            }
            (void)wrote;
            /* A request is done at its breadcrumb, but the ring still holds its tail (the
             * preempt busy-wait, MI_ARB_CHECK, the WA tail): a context preempted there must run
             * again until its image's HEAD is its TAIL, as i915 resubmits it with the next
             * request. (The running context's image is stale: it is submitted again, a lite
             * restore.) */
            uint32_t head = bus_read32(memory, c->lrca + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_HEAD + 1u));
            bool ring_empty = (head & CS_RING_HEAD_HEAD_MASK) == c->tail;
            if (c->completed < c->written || !ring_empty)
                waiting[count++] = k;
            left += (c->limit == UINT64_MAX ? 0 : c->limit - c->completed) + (c->written - c->completed) + !ring_empty;
        }
        if (!count)
            continue;
        context *first = &mine[waiting[turn % count]];
        context *second = count > 1 ? &mine[waiting[(turn + 1) % count]] : NULL;
        cs_execlist_write_ring_tail(memory, first->lrca, first->tail);
        if (second)
            cs_execlist_write_ring_tail(memory, second->lrca, second->tail);
        submit(system, e, descriptor_of(first), second ? descriptor_of(second) : 0);
        r->submissions++;
    }
    return left;
}

static void contexts_body(const void *arg, void *out)
{
    const workload_config *config = arg;
    workload_result *r = out;
    r->ok = true;
    FILE *null = NULL;
    gtsim_system *system = workload_system(r, &null);
    if (!system)
        return;
    tlm_kernel *kernel = gtsim_system_kernel(system);
    tlm_time period = gtsim_system_clock_period(system);
    unsigned count = config->engines * config->per_engine;
    context contexts[MAX_CONTEXTS];
    memset(contexts, 0, sizeof contexts);
    uint64_t per_request[MAX_CONTEXTS] = { 0 }, padding[MAX_CONTEXTS] = { 0 };
    if (!set_up_contexts(system, config, contexts, per_request, padding, r))
        return;
    r->heap_setup = heap_in_use();
    uint64_t events0 = tlm_kernel_events_executed(kernel);
    tlm_time start_time = tlm_kernel_now(kernel);
    uint64_t budget = config->requests ? 0 : config->cycles;
    /* No progress for this many slices is a hang (each slice runs at least one request). */
    uint64_t stalled = 0, last_completed = 0, turn = 0;
    double start = bench_wall_seconds();
    for (;;) {
        bool refill = config->requests || (tlm_kernel_now(kernel) - start_time) / period < budget;
        uint64_t left = drive(system, config, contexts, turn++, refill, r);
        if (!r->ok)
            break;
        if (!refill && !config->requests) {
            if (left == 0)
                break;
        } else if (config->requests && left == 0) {
            break;
        }
        tlm_kernel_run_for(kernel, config->options->slice * period);
        uint64_t completed = 0;
        for (unsigned i = 0; i < count; i++)
            completed += contexts[i].completed;
        stalled = completed == last_completed ? stalled + 1 : 0;
        last_completed = completed;
        if (stalled > 1000) {
            fail(r, "no request completed in 1000 slices");
            break;
        }
    }
    tlm_kernel_run_until_idle(kernel, 10 * TLM_MS);
    r->seconds = bench_wall_seconds() - start;
    r->cycles = (tlm_kernel_now(kernel) - start_time) / period;
    r->events = tlm_kernel_events_executed(kernel) - events0;
    r->heap_end = heap_in_use();
    const tlm_target *memory = gtsim_system_memory(system);
    for (unsigned i = 0; i < count; i++) {
        context *c = &contexts[i];
        uint32_t seqno = bus_read32(memory, c->timeline);
        if (seqno != c->written || c->completed != c->written)
            fail(r, "context %u: breadcrumb %u, %" PRIu64 " requests written", c->id, seqno, c->written);
        r->requests += c->written;
        r->expected += c->written * per_request[i] + c->written / c->slots * padding[i];
    }
    for (unsigned e = 0; e < config->engines; e++) {
        cs_engine_model *engine = gtsim_system_engine(system, streams[e].engine);
        const cs_engine_stats *stats = cs_engine_get_stats(engine);
        uint64_t expected = 0;
        for (unsigned k = 0; k < config->per_engine; k++) {
            const context *c = &contexts[e * config->per_engine + k];
            expected += c->written * per_request[e * config->per_engine + k] +
                        c->written / c->slots * padding[e * config->per_engine + k];
        }
        if (stats->commands != expected)
            fail(r, "%s: %" PRIu64 " commands executed, %" PRIu64 " submitted (%" PRIu64 " preemptions)",
                 cs_profile_get(CS_PROFILE_GEN12)->engines[streams[e].engine].name, stats->commands, expected,
                 cs_execlist_get_stats(cs_engine_execlist(engine))->preemptions);
        const cs_execlist_stats *execlist = cs_execlist_get_stats(cs_engine_execlist(engine));
        r->commands += stats->commands;
        r->preemptions += execlist->preemptions;
        r->lite_restores += execlist->lite_restores;
        if (stats->errors || execlist->refused)
            fail(r, "%s: %" PRIu64 " errors, %" PRIu64 " loads refused", cs_profile_get(CS_PROFILE_GEN12)->engines[streams[e].engine].name,
                 stats->errors, execlist->refused);
    }
    if (r->commands != r->expected)
        fail(r, "%" PRIu64 " commands executed, %" PRIu64 " submitted", r->commands, r->expected);
    uint64_t errors = tlm_logger_count(tlm_kernel_logger(kernel), TLM_LOG_ERROR);
    if (errors)
        fail(r, "%" PRIu64 " errors logged", errors);
    r->pages = gtsim_system_memory_stats(system).pages_allocated;
    for (unsigned i = 0; i < count; i++)
        free(contexts[i].request);
    gtsim_system_destroy(system);
    fclose(null);
}

/* An empty system: created, destroyed, nothing run (the memory every row starts from). */
static void empty_body(const void *arg, void *out)
{
    (void)arg;
    workload_result *r = out;
    r->ok = true;
    FILE *null = NULL;
    gtsim_system *system = workload_system(r, &null);
    if (!system)
        return;
    r->heap_setup = r->heap_end = heap_in_use();
    gtsim_system_destroy(system);
    fclose(null);
}

/* The same system with nothing to do for config->cycles, in slices as the driver runs it: what
 * the GT clock alone costs per simulated cycle (the baseline of the cycles table). */
static void idle_body(const void *arg, void *out)
{
    const workload_config *config = arg;
    workload_result *r = out;
    r->ok = true;
    FILE *null = NULL;
    gtsim_system *system = workload_system(r, &null);
    if (!system)
        return;
    tlm_kernel *kernel = gtsim_system_kernel(system);
    tlm_time period = gtsim_system_clock_period(system);
    uint64_t events0 = tlm_kernel_events_executed(kernel);
    double start = bench_wall_seconds();
    for (uint64_t done = 0; done < config->cycles; done += config->options->slice)
        tlm_kernel_run_for(kernel, config->options->slice * period);
    r->seconds = bench_wall_seconds() - start;
    r->cycles = tlm_kernel_now(kernel) / period;
    r->events = tlm_kernel_events_executed(kernel) - events0;
    r->heap_end = heap_in_use();
    if (r->cycles < config->cycles || !gtsim_system_idle(system))
        fail(r, "the idle system ran %" PRIu64 " cycles or was not idle", r->cycles);
    gtsim_system_destroy(system);
    fclose(null);
}

/* ---- contexts table --------------------------------------------------------------------- */

typedef struct row {
    const char *name;    /* what runs */
    unsigned engines;    /* engines */
    unsigned per_engine; /* contexts per engine */
} row;

static const row context_rows[] = {
    { "1 context (rcs)", 1, 1 },
    { "4 contexts (1 on each engine)", 4, 1 },
    { "4 contexts (time-sliced on rcs)", 1, 4 },
    { "16 contexts (4 time-sliced per engine)", 4, 4 },
};
#define CONTEXT_ROWS (sizeof context_rows / sizeof context_rows[0])

static bool report_failure(const char *what, const workload_result *r, bool child_ok)
{
    if (child_ok && r->ok)
        return true;
    printf("FAILED %s: %s\n", what, child_ok ? r->failure : "the child process failed");
    return false;
}

static bool contexts_table(const scale_options *o)
{
    bool ok = true;
    uint64_t empty_rss = 0;
    workload_result empty;
    ok = report_failure("empty system", &empty, in_child(empty_body, NULL, &empty, sizeof empty, &empty_rss)) && ok;
    printf("\n== contexts: %" PRIu64 " i915 requests per context, slice %" PRIu64 " cycles, ring %" PRIu64
           " pages, at most %" PRIu64 " requests ahead, %" PRIu64 " runs interleaved (load %.2f)\n",
           o->requests, o->slice, o->ring_pages, o->ahead, o->runs, load_average());
    printf("empty system: peak RSS %.1f MiB, heap %.1f MiB\n", mib(empty_rss), mib(empty.heap_end));
    workload_result results[CONTEXT_ROWS][15];
    uint64_t rss[CONTEXT_ROWS][15];
    for (uint64_t run = 0; run < o->runs; run++)
        for (size_t i = 0; i < CONTEXT_ROWS; i++) {
            workload_config config = { .engines = context_rows[i].engines, .per_engine = context_rows[i].per_engine,
                                       .requests = o->requests, .options = o };
            bool child = in_child(contexts_body, &config, &results[i][run], sizeof results[i][run], &rss[i][run]);
            ok = report_failure(context_rows[i].name, &results[i][run], child) && ok;
        }
    if (!ok)
        return false;
    printf("%-40s %9s %10s %9s %8s %10s %7s %9s %9s %9s %9s\n", "", "commands", "M cmds/s", "cost/cmd", "events",
           "M events/s", "cycles", "preempts", "lite rest", "peak RSS", "heap");
    printf("%-40s %9s %10s %9s %8s %10s %7s %9s %9s %9s %9s\n", "", "(M)", "(median)", "vs 1 ctx", "/cmd", "",
           "/cmd", "", "", "MiB", "MiB");
    double base = 0;
    for (size_t i = 0; i < CONTEXT_ROWS; i++) {
        double rates[15], event_rates[15];
        for (uint64_t run = 0; run < o->runs; run++) {
            rates[run] = (double)results[i][run].commands / results[i][run].seconds;
            event_rates[run] = (double)results[i][run].events / results[i][run].seconds;
        }
        qsort(rates, o->runs, sizeof rates[0], bench_compare_doubles);
        qsort(event_rates, o->runs, sizeof event_rates[0], bench_compare_doubles);
        double rate = rates[o->runs / 2];
        if (i == 0)
            base = rate;
        const workload_result *last = &results[i][o->runs - 1];
        printf("%-40s %9.2f %10.2f %9.2f %8.2f %10.2f %7.2f %9" PRIu64 " %9" PRIu64 " %9.1f %9.1f\n", context_rows[i].name,
               (double)last->commands / 1e6, rate / 1e6, base / rate, (double)last->events / (double)last->commands,
               event_rates[o->runs / 2] / 1e6, (double)last->cycles / (double)last->commands, last->preemptions,
               last->lite_restores, mib(rss[i][o->runs - 1]), mib(last->heap_end));
    }
    printf("per run (M cmds/s):");
    for (size_t i = 0; i < CONTEXT_ROWS; i++) {
        printf("%s", i ? ";" : "");
        for (uint64_t run = 0; run < o->runs; run++)
            printf(" %.2f", (double)results[i][run].commands / results[i][run].seconds / 1e6);
    }
    printf("\nverified: every breadcrumb landed, commands executed = commands submitted "
           "(requests x (ring + batch) + wrap padding), no error logged, no load refused\n");
    return true;
}

/* ---- cycles table ----------------------------------------------------------------------- */

static bool cycles_table(const scale_options *o)
{
    bool ok = true;
    printf("\n== cycles: the 16-context workload (4 engines x 4 time-sliced contexts, slice %" PRIu64
           " cycles) for a cycle budget, then drained (load %.2f)\n",
           o->slice, load_average());
    printf("%-12s %12s %9s %9s %9s %10s %10s %9s %9s %9s %9s %9s\n", "budget", "cycles run", "wall s", "ns/cycle",
           "vs first", "M events/s", "M cmds/s", "requests", "peak RSS", "heap", "idle", "vs idle");
    printf("%-12s %12s %9s %9s %9s %10s %10s %9s %9s %9s %9s %9s\n", "", "", "", "", "ns/cycle", "", "", "", "MiB",
           "MiB", "ns/cycle", "");
    double first = 0;
    for (size_t i = 0; i < o->cycle_points; i++) {
        workload_config config = { .engines = 4, .per_engine = 4, .cycles = o->cycles[i], .options = o };
        workload_result r;
        uint64_t rss = 0;
        double load = load_average();
        bool child = in_child(contexts_body, &config, &r, sizeof r, &rss);
        char name[32];
        snprintf(name, sizeof name, "%" PRIu64 " cycles", o->cycles[i]);
        if (!report_failure(name, &r, child)) {
            ok = false;
            continue;
        }
        workload_result idle;
        uint64_t idle_rss = 0;
        if (!report_failure("idle system", &idle, in_child(idle_body, &config, &idle, sizeof idle, &idle_rss))) {
            ok = false;
            continue;
        }
        double per_cycle = r.seconds * 1e9 / (double)r.cycles;
        double idle_per_cycle = idle.seconds * 1e9 / (double)idle.cycles;
        if (i == 0)
            first = per_cycle;
        printf("%-12" PRIu64 " %12" PRIu64 " %9.2f %9.2f %9.2f %10.2f %10.2f %9" PRIu64 " %9.1f %9.1f %9.2f %9.2f   (load %.2f)\n",
               o->cycles[i], r.cycles, r.seconds, per_cycle, per_cycle / first, (double)r.events / r.seconds / 1e6,
               (double)r.commands / r.seconds / 1e6, r.requests, mib(rss), mib(r.heap_end), idle_per_cycle,
               per_cycle / idle_per_cycle, load);
        printf("%-12s idle system: %.2f events per cycle, peak RSS %.1f MiB, heap %.1f MiB; workload: %.2f events "
               "per cycle\n", "", (double)idle.events / (double)idle.cycles, mib(idle_rss), mib(idle.heap_end),
               (double)r.events / (double)r.cycles);
    }
    if (ok)
        printf("verified: as the contexts table, in every run\n");
    return ok;
}

/* ---- touched memory --------------------------------------------------------------------- */

typedef struct touch_config {
    uint64_t pages;   /* pages to write */
    bool host;        /* the host writes them (no engine) */
} touch_config;

#define TOUCH_POINTS 24u

typedef struct touch_result {
    bool ok;                         /* every check held */
    char failure[320];               /* the first that did not */
    unsigned points;                 /* rows */
    uint64_t mib[TOUCH_POINTS];      /* touched MiB at each row */
    uint64_t rss[TOUCH_POINTS];      /* resident set there, bytes */
    uint64_t heap[TOUCH_POINTS];     /* heap in use there */
    double seconds[TOUCH_POINTS];    /* wall time of the stores so far */
    uint64_t rss_start;              /* before the first store (system built) */
    uint64_t heap_start;             /* the same, heap */
    uint64_t pages_allocated;        /* the memory's count at the end */
    uint64_t commands;               /* commands the render engine executed */
} touch_result;

static void touch_fail(touch_result *r, const char *what)
{
    if (r->ok) {
        r->ok = false;
        snprintf(r->failure, sizeof r->failure, "%.300s", what);
    }
}

static uint32_t encode(const char *name, const cs_setting *settings, size_t count, uint32_t *out)
{
    cs_encode_result result;
    const cs_command *command = cs_find_command(CS_PROFILE_GEN12, name);
    if (!command || cs_encode(command, 0, settings, count, out, 8, &result) != CS_ENCODE_OK)
        return 0;
    return result.length;
}

static void touch_body(const void *arg, void *out)
{
    const touch_config *config = arg;
    touch_result *r = out;
    r->ok = true;
    FILE *null = NULL;
    char error[256];
    gtsim_system *system = make_system(&null, error, sizeof error);
    if (!system) {
        touch_fail(r, error);
        return;
    }
    tlm_kernel *kernel = gtsim_system_kernel(system);
    const tlm_target *memory = gtsim_system_memory(system);
    uint64_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    uint32_t *batch = malloc((size_t)TOUCH_CHUNK_PAGES * 16u + 16u);
    if (!batch) {
        touch_fail(r, "out of memory");
        return;
    }
    /* The ring (ring-buffer mode, 4 pages): a MI_BATCH_BUFFER_START and a MI_NOOP per chunk. */
    mmio_write(system, base + CS_RING_CTL_OFFSET, 0);
    mmio_write(system, base + CS_RING_START_OFFSET, (uint32_t)TOUCH_RING);
    mmio_write(system, base + CS_RING_HEAD_OFFSET, 0);
    mmio_write(system, base + CS_RING_CTL_OFFSET, 3u << CS_RING_CTL_LENGTH_SHIFT | CS_RING_CTL_ENABLE_MASK);
    r->rss_start = peak_rss_self();
    r->heap_start = heap_in_use();
    double elapsed = 0;
    uint32_t tail = 0;
    uint64_t next_point = 16; /* pages: rows at 64 KiB, then every doubling */
    for (uint64_t done = 0; done < config->pages && r->ok;) {
        uint64_t chunk = config->pages - done < TOUCH_CHUNK_PAGES ? config->pages - done : TOUCH_CHUNK_PAGES;
        /* Stop at the next row's page count so that each row is measured where it says. */
        if (done < next_point && done + chunk > next_point)
            chunk = next_point - done;
        if (config->host) {
            double start = bench_wall_seconds();
            for (uint64_t p = 0; p < chunk; p++) {
                uint32_t value = (uint32_t)(done + p);
                if (!bus_write(memory, TOUCH_BASE + (done + p) * 4096u, &value, 4))
                    touch_fail(r, "a host store was refused");
            }
            elapsed += bench_wall_seconds() - start;
        } else {
            uint32_t length = 0;
            for (uint64_t p = 0; p < chunk; p++) {
                cs_setting settings[] = { { "address", 0, TOUCH_BASE + (done + p) * 4096u }, { "data", 0, done + p } };
                uint32_t n = encode("MI_STORE_DATA_IMM", settings, 2, batch + length);
                if (!n) {
                    touch_fail(r, "cannot encode MI_STORE_DATA_IMM");
                    break;
                }
                length += n;
            }
            length += encode("MI_BATCH_BUFFER_END", NULL, 0, batch + length);
            uint32_t ring[4];
            cs_setting start_settings[] = { { "address", 0, TOUCH_BATCH } };
            uint32_t n = encode("MI_BATCH_BUFFER_START", start_settings, 1, ring);
            n += encode("MI_NOOP", NULL, 0, ring + n);
            if (!bus_write(memory, TOUCH_BATCH, batch, 4 * length) ||
                !bus_write(memory, TOUCH_RING + tail, ring, 4 * n)) {
                touch_fail(r, "cannot write the batch");
                break;
            }
            tail = (tail + 4 * n) % (4u * 4096u);
            double start = bench_wall_seconds();
            mmio_write(system, base + CS_RING_TAIL_OFFSET, tail);
            if (tlm_kernel_run_until_idle(kernel, 1000 * TLM_MS) != TLM_RUN_IDLE)
                touch_fail(r, "the engine did not finish a batch");
            elapsed += bench_wall_seconds() - start;
        }
        done += chunk;
        if (done == next_point || done == config->pages) {
            if (r->points < TOUCH_POINTS) {
                r->mib[r->points] = done * 4096u;
                r->rss[r->points] = peak_rss_self();
                r->heap[r->points] = heap_in_use();
                r->seconds[r->points] = elapsed;
                r->points++;
            }
            next_point *= 2;
        }
    }
    free(batch);
    /* Every page holds its store. */
    for (uint64_t p = 0; p < config->pages && r->ok; p += 1 + p / 7)
        if (bus_read32(memory, TOUCH_BASE + p * 4096u) != (uint32_t)p)
            touch_fail(r, "a store did not land");
    if (bus_read32(memory, TOUCH_BASE + (config->pages - 1) * 4096u) != (uint32_t)(config->pages - 1))
        touch_fail(r, "the last store did not land");
    r->pages_allocated = gtsim_system_memory_stats(system).pages_allocated;
    r->commands = cs_engine_get_stats(gtsim_system_engine(system, CS_ENGINE_RCS))->commands;
    if (tlm_logger_count(tlm_kernel_logger(kernel), TLM_LOG_ERROR))
        touch_fail(r, "an error was logged");
    gtsim_system_destroy(system);
    fclose(null);
}

static bool memory_table(const scale_options *o)
{
    uint64_t pages = o->touch_mib * 256u;
    printf("\n== memory: one dword stored into every 4 KiB page of %" PRIu64 " MiB of graphics memory "
           "(load %.2f)\n",
           o->touch_mib, load_average());
    touch_result results[2];
    uint64_t rss[2];
    bool ok = true;
    for (int host = 1; host >= 0; host--) {
        touch_config config = { .pages = pages, .host = host == 1 };
        bool child = in_child(touch_body, &config, &results[host], sizeof results[host], &rss[host]);
        if (!child || !results[host].ok) {
            printf("FAILED %s: %s\n", host ? "host stores" : "engine stores",
                   child ? results[host].failure : "the child process failed");
            ok = false;
        }
    }
    if (!ok)
        return false;
    const touch_result *engine = &results[0], *host = &results[1];
    printf("%-10s | %-44s | %-30s\n", "", "MI_STORE_DATA_IMM batches on rcs", "host stores (no engine)");
    printf("%-10s | %9s %11s %10s %10s | %9s %11s %8s\n", "touched", "RSS MiB", "RSS/touched", "heap MiB", "ns/page",
           "RSS MiB", "RSS/touched", "ns/page");
    for (unsigned i = 0; i < engine->points && i < host->points; i++) {
        double touched = mib(engine->mib[i]);
        printf("%8.2f M | %9.1f %11.3f %10.1f %10.0f | %9.1f %11.3f %8.0f\n", touched, mib(engine->rss[i]),
               mib(engine->rss[i] - engine->rss_start) / touched, mib(engine->heap[i]),
               engine->seconds[i] * 1e9 / (double)(engine->mib[i] / 4096u), mib(host->rss[i]),
               mib(host->rss[i] - host->rss_start) / touched, host->seconds[i] * 1e9 / (double)(host->mib[i] / 4096u));
    }
    printf("before the first store: RSS %.1f MiB (engine run), %.1f MiB (host run); peak RSS of the processes "
           "%.1f and %.1f MiB\n",
           mib(engine->rss_start), mib(host->rss_start), mib(rss[0]), mib(rss[1]));
    uint64_t batch_pages = ((uint64_t)TOUCH_CHUNK_PAGES * 16u + 4095u) / 4096u + 4u;
    printf("pages allocated: %" PRIu64 " (engine run, stores + batch + ring + status), %" PRIu64
           " (host run); commands %" PRIu64 "\n",
           engine->pages_allocated, host->pages_allocated, engine->commands);
    bool counted = host->pages_allocated >= pages && engine->pages_allocated >= pages &&
                   engine->pages_allocated <= pages + batch_pages + 16u;
    printf("verified: %s\n", counted ? "every page holds its store, pages allocated = pages touched (+ the "
                                       "engine's batch and ring), no error logged"
                                     : "FAILED: pages allocated do not match the pages touched");
    return counted;
}

/* ---- the regression --------------------------------------------------------------------- */

/* Runs argv (argv[0] a path) with stdout and stderr to /dev/null; its exit status or -1. */
static int run_quietly(char *const argv[])
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        FILE *null = freopen("/dev/null", "w", stdout);
        (void)null;
        null = freopen("/dev/null", "w", stderr);
        (void)null;
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Median wall seconds of one run of argv over `samples` runs; false if one did not exit 0. */
static bool startup_sample(char *const argv[], uint64_t samples, double *median)
{
    double *times = malloc(samples * sizeof *times);
    if (!times)
        return false;
    bool ok = true;
    for (uint64_t i = 0; i < samples; i++) {
        double start = bench_wall_seconds();
        ok = run_quietly(argv) == 0 && ok;
        times[i] = bench_wall_seconds() - start;
    }
    qsort(times, samples, sizeof *times, bench_compare_doubles);
    *median = times[samples / 2];
    free(times);
    return ok;
}

/* The example scenarios (model mode) of `directory`, sorted; their count. */
static size_t list_scenarios(const char *directory, char names[][256], size_t capacity)
{
    static const char *const examples[] = {
        "bringup.gtsim", "compute_walker.gtsim", "cs_ring_gen12.gtsim", "cs_ring_gen6.gtsim", "cs_verbs_gen12.gtsim",
        "cs_verbs_gen6.gtsim", "default.gtsim", "doorbell_gen12.gtsim", "execlist_gen12.gtsim",
        "execlist_preempt_gen12.gtsim", "execlist_timeslice_gen12.gtsim", "execlist_context_gen12.gtsim",
        "gen6_engines.gtsim", "irq_gen12_service.gtsim", "irq_gen6_service.gtsim", "mi_bcs_gen12.gtsim",
        "mi_rcs_gen12.gtsim", "mi_vcs_gen12.gtsim", "mi_vecs_gen12.gtsim", "mi_bcs_gen6.gtsim", "mi_rcs_gen6.gtsim",
        "mi_vcs_gen6.gtsim", "cmd_i915_request_gen12.gtsim", "cmd_i915_request_bcs_gen12.gtsim",
        "cmd_video_gen12.gtsim", "cmd_spinner_gen12.gtsim", "cmd_render_batch_gen6.gtsim",
        "cmd_renderstate_gen6.gtsim", "memory.gtsim", "roundtrip_operations.gtsim", "roundtrip_status.gtsim",
    };
    size_t count = 0;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0] && count < capacity; i++) {
        snprintf(names[count], 256, "%s/%s", directory, examples[i]);
        struct stat info;
        if (stat(names[count], &info) == 0)
            count++;
    }
    return count;
}

/* Runs `gtsim regress LIST -j 2 --seed 1 --out OUT`, prints its row; true when it exited 0 with
 * every one of the jobs in results.tsv and every one PASS. */
static bool regress_run(const scale_options *o, const char *list, const char *out, const char *name, double *seconds)
{
    char *regress_argv[] = { (char *)o->gtsim, "regress", (char *)list, "-j", "2", "--seed", "1", "--out", (char *)out, NULL };
    double load = load_average();
    double start = bench_wall_seconds();
    int status = run_quietly(regress_argv);
    *seconds = bench_wall_seconds() - start;
    char results[4300];
    snprintf(results, sizeof results, "%s/results.tsv", out);
    FILE *in = fopen(results, "r");
    uint64_t jobs = 0, passed = 0;
    char line[8192];
    while (in && fgets(line, sizeof line, in)) {
        if (strncmp(line, "job\t", 4) != 0)
            continue;
        jobs++;
        char *state = strchr(line + 4, '\t');
        if (state && strncmp(state + 1, "PASS\t", 5) == 0)
            passed++;
    }
    if (in)
        fclose(in);
    printf("%-46s %10.2f %9.1f %10.2f %14.2f   (load %.2f at start)\n", name, *seconds, (double)jobs / *seconds,
           *seconds * 1e3 / (double)jobs, 2 * *seconds * 1e3 / (double)jobs, load);
    bool ok = status == 0 && jobs == o->jobs && passed == jobs;
    if (!ok)
        printf("FAILED %s: %" PRIu64 " jobs in results.tsv, %" PRIu64 " passed, exit status %d\n", name, jobs, passed,
               status);
    return ok;
}

static bool regress_table(const scale_options *o)
{
    char root[4096];
    snprintf(root, sizeof root, "%s/gtsim_bench_scale.XXXXXX", o->dir);
    if (!mkdtemp(root)) {
        printf("FAILED regress: cannot make a directory in %s\n", o->dir);
        return false;
    }
    char scenarios[40][256];
    size_t count = list_scenarios(o->scenarios, scenarios, 40);
    if (!count) {
        printf("FAILED regress: no example scenario in %s\n", o->scenarios);
        return false;
    }
    /* The list: each example scenario with seeds so that the jobs add up to --jobs. */
    char list[4200], out[4200], empty[4200];
    snprintf(list, sizeof list, "%s/scale.list", root);
    snprintf(out, sizeof out, "%s/out", root);
    snprintf(empty, sizeof empty, "%s/empty.gtsim", root);
    FILE *file = fopen(list, "w");
    FILE *empty_file = fopen(empty, "w");
    if (!file || !empty_file) {
        printf("FAILED regress: cannot write in %s\n", root);
        return false;
    }
    fputs("# A profile and nothing else: what starting a job costs.\nprofile gen12\n", empty_file);
    fclose(empty_file);
    fprintf(file, "# Generated by gtsim_bench_scale: the example scenarios with seeds.\nsuite scale\n");
    size_t entries = o->jobs < count ? (size_t)o->jobs : count;
    for (size_t i = 0; i < entries; i++) {
        uint64_t seeds = o->jobs / entries + (i < o->jobs % entries ? 1 : 0);
        fprintf(file, "scenario %s seeds %" PRIu64 "\n", scenarios[i], seeds);
    }
    fclose(file);
    printf("\n== regress: %" PRIu64 " scenario jobs (%zu example scenarios with seeds) with `gtsim regress -j 2`, "
           "start-up over %" PRIu64 " processes each (load %.2f)\n",
           o->jobs, entries, o->startups, load_average());
    bool ok = true;
    /* Start-up: fork+exec of /bin/true, `gtsim --version`, `gtsim run` of the empty scenario. */
    char *true_argv[] = { "/bin/true", NULL };
    char *version_argv[] = { (char *)o->gtsim, "--version", NULL };
    char *run_argv[] = { (char *)o->gtsim, "run", empty, NULL };
    /* ... and as the regression runs a job: a waveform kept on failure, a coverage file. */
    char wave[4300], coverage[4300];
    snprintf(wave, sizeof wave, "%s/empty.fst", root);
    snprintf(coverage, sizeof coverage, "%s/empty.cov", root);
    char *job_argv[] = { (char *)o->gtsim, "run", "--wave", wave, "--wave-on-fail", "--coverage", coverage, empty, NULL };
    double t_true = 0, t_version = 0, t_run = 0, t_job = 0;
    ok = startup_sample(true_argv, o->startups, &t_true) && ok;
    ok = startup_sample(version_argv, o->startups, &t_version) && ok;
    ok = startup_sample(run_argv, o->startups, &t_run) && ok;
    ok = startup_sample(job_argv, o->startups, &t_job) && ok;
    if (!ok) {
        printf("FAILED regress: /bin/true, gtsim --version or a gtsim run of the empty scenario did not exit 0\n");
        return false;
    }
    printf("%-46s %10s %9s\n", "start-up (median of each)", "ms", "vs true");
    printf("%-46s %10.2f %9.2f\n", "fork+exec /bin/true", t_true * 1e3, 1.0);
    printf("%-46s %10.2f %9.2f\n", "gtsim --version", t_version * 1e3, t_version / t_true);
    printf("%-46s %10.2f %9.2f\n", "gtsim run of an empty gen12 scenario", t_run * 1e3, t_run / t_true);
    printf("%-46s %10.2f %9.2f\n", "the same as a regression job (wave, coverage)", t_job * 1e3, t_job / t_true);
    /* The regressions: the empty scenario as every job (what the runner and a job's start-up
     * cost), then the example scenarios. */
    char empty_list[4200], empty_out[4200];
    snprintf(empty_list, sizeof empty_list, "%s/empty.list", root);
    snprintf(empty_out, sizeof empty_out, "%s/empty-out", root);
    file = fopen(empty_list, "w");
    if (!file) {
        printf("FAILED regress: cannot write in %s\n", root);
        return false;
    }
    fprintf(file, "suite empty\nscenario %s seeds %" PRIu64 "\n", empty, o->jobs);
    fclose(file);
    printf("%-46s %10s %9s %10s %14s\n", "regression", "wall s", "jobs/s", "ms/job", "ms/job x 2 cpu");
    double empty_seconds = 0, seconds = 0;
    bool verified = regress_run(o, empty_list, empty_out, "empty scenario jobs, -j 2", &empty_seconds);
    verified = regress_run(o, list, out, "example scenario jobs, -j 2", &seconds) && verified;
    printf("example jobs against empty ones: %.2f; empty job in the regression (x 2 cpu) against one run alone "
           "(%.2f ms): %.2f\n",
           seconds / empty_seconds, t_job * 1e3, 2 * empty_seconds / (double)o->jobs / t_job);
    struct rusage children;
    getrusage(RUSAGE_CHILDREN, &children);
    printf("largest process of the whole bench's children: peak RSS %.1f MiB\n", (double)children.ru_maxrss / 1024.0);
    char *remove_argv[] = { "/bin/rm", "-rf", root, NULL };
    bool removed = verified && !o->keep && run_quietly(remove_argv) == 0;
    printf("verified: %s; files in %s%s\n", verified ? "every job of both ran and passed" : "FAILED", root,
           removed ? " (removed; --keep keeps them)" : "");
    return verified;
}

int main(int argc, char **argv)
{
    scale_options o = {
        .requests = 4000, .slice = 10000, .ring_pages = 16, .ahead = 64,
        .cycles = { 1000000, 10000000, 100000000 }, .cycle_points = 3,
        .touch_mib = 1024, .jobs = 1000, .startups = 50, .runs = 3, .parts = PARTS_ALL,
        .gtsim = BENCH_GTSIM, .data = BENCH_DATA_DIR, .scenarios = BENCH_SCENARIOS_DIR, .dir = "/tmp",
    };
    int status = gtsim_cli_parse(&command_line, argc, argv, &o);
    if (status >= 0)
        return status;
    printf("gtsim_bench_scale: how cost grows; each measurement in a child process of its own\n"
           "build: %s\nmachine: %ld CPUs online, load average %.2f at start\n",
           BENCH_BUILD_INFO, sysconf(_SC_NPROCESSORS_ONLN), load_average());
    bool ok = true;
    if (o.parts & PARTS_CONTEXTS)
        ok = contexts_table(&o) && ok;
    if (o.parts & PARTS_CYCLES)
        ok = cycles_table(&o) && ok;
    if (o.parts & PARTS_MEMORY)
        ok = memory_table(&o) && ok;
    if (o.parts & PARTS_REGRESS)
        ok = regress_table(&o) && ok;
    printf("\nload average at the end: %.2f\n%s\n", load_average(), ok ? "all results verified" : "FAILED");
    return ok ? 0 : 1;
}
