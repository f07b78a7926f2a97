/* gtsim_bench_cs: commands per second through one command streamer engine
 * (models/cs/cs_engine.h) alone: the gen12 render engine on a sparse memory, with a 2 MiB
 * ring refilled pass after pass. Three streams: MI_NOOP (fetch and decode only), 4-dword
 * MI_STORE_DATA_IMM (one bus write each) and a batch-heavy stream (each ring command a
 * MI_BATCH_BUFFER_START to a batch of two MI_NOOPs and MI_BATCH_BUFFER_END), and a real-stream
 * workload: each ring command a MI_BATCH_BUFFER_START to a render batch of 3D state as a driver
 * emits it for a draw (pipeline select, base addresses, fixed-function and vertex state, a
 * primitive, a flush; Mesa genxml gen12 lengths), every non-MI command forwarded to the
 * pipeline port and recorded in the event log. Beside each stream, in the same run and on the
 * same memory, its practical limit: a loop that only fetches the dwords the engine parses
 * through DMI and decodes each command with the command table (cs_decode), with no kernel
 * events and no execution. Each stream also runs with one kernel event per command (quantum
 * 0, the reference the decoupled engine must equal: the same commands, writes and end time
 * are checked) to show the gain in the same invocation. Runs are interleaved and medians compared. Every run checks its command count and that no error was
 * raised. A benchmark, not a test. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "gtsim_tlm.h"

#define RUNS 3
#define PASSES 8u                   /* ring refills per run */
#define RING_ADDRESS 0x100000u      /* the ring */
#define RING_BYTES (512u * 4096u)   /* 2 MiB: the largest ring (LENGTH 1FFh) */
#define BATCH_ADDRESS 0x800000u     /* the batch of the batch-heavy stream */
#define DATA_ADDRESS 0x900000u      /* where the stores go (1024 dwords, round robin) */
#define RENDER_ADDRESS 0xa00000u    /* the render batch of the real-stream workload */
#define RENDER_STARTS 4096u         /* batch starts in the ring per pass of that workload */

#ifndef BENCH_BUILD_INFO
#define BENCH_BUILD_INFO "build flags unknown"
#endif

typedef enum stream {
    STREAM_NOOP,  /* MI_NOOP */
    STREAM_STORE, /* MI_STORE_DATA_IMM */
    STREAM_BATCH, /* MI_BATCH_BUFFER_START to NOOP, NOOP, MI_BATCH_BUFFER_END */
    STREAM_RENDER,/* MI_BATCH_BUFFER_START to a render batch of 3D state */
    STREAM_COUNT
} stream;

static const char *const stream_names[STREAM_COUNT] = {
    "MI_NOOP stream",
    "MI_STORE_DATA_IMM stream (a bus write each)",
    "batch-heavy stream (start, 2 NOOPs, end)",
    "render batches of 3D state (real stream)",
};

/* The render batch: what a gen12 3D driver emits for one draw, bodies zero (genxml names). */
static const char *const render_batch[] = {
    "PIPELINE_SELECT", "STATE_BASE_ADDRESS", "3DSTATE_DRAWING_RECTANGLE", "3DSTATE_CLIP", "3DSTATE_SF",
    "3DSTATE_RASTER", "3DSTATE_WM", "3DSTATE_PS", "3DSTATE_PS_EXTRA", "3DSTATE_VS", "3DSTATE_HS",
    "3DSTATE_TE", "3DSTATE_DS", "3DSTATE_GS", "3DSTATE_STREAMOUT", "3DSTATE_SBE", "3DSTATE_SBE_SWIZ",
    "3DSTATE_URB_VS", "3DSTATE_URB_HS", "3DSTATE_URB_DS", "3DSTATE_URB_GS",
    "3DSTATE_VIEWPORT_STATE_POINTERS_CC", "3DSTATE_BINDING_TABLE_POINTERS_PS", "3DSTATE_MULTISAMPLE",
    "3DSTATE_SAMPLE_MASK", "3DSTATE_DEPTH_BUFFER", "3DSTATE_VERTEX_BUFFERS", "3DSTATE_VERTEX_ELEMENTS",
    "3DSTATE_VF_TOPOLOGY", "3DPRIMITIVE", "PIPE_CONTROL", "MI_BATCH_BUFFER_END",
};
#define RENDER_COMMANDS (sizeof render_batch / sizeof render_batch[0])

static void write_bytes(const tlm_target *target, uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, data, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
}

static void reg_write(cs_engine_model *engine, uint32_t offset, uint32_t value)
{
    write_bytes(cs_engine_target(engine), offset, &value, 4);
}

/* Encodes one command (fields by name) into out; its length in dwords (0 on failure). */
static uint32_t encode(const char *name, const cs_setting *settings, size_t count, uint32_t *out)
{
    cs_encode_result result;
    const cs_command *command = cs_find_command(CS_PROFILE_GEN12, name);
    if (!command || cs_encode(command, 0, settings, count, out, 32, &result) != CS_ENCODE_OK)
        return 0;
    return result.length;
}

/* Fills the ring with the stream's commands, padded with one MI_NOOP to a QWord; returns the
 * commands one pass from 0 to *tail_bytes executes. */
static uint64_t fill_ring(stream which, uint32_t *ring, uint32_t dwords, uint32_t *tail_bytes)
{
    uint32_t command[32];
    uint32_t length = 0;
    uint64_t per_command = 1;
    if (which == STREAM_NOOP) {
        length = encode("MI_NOOP", NULL, 0, command);
    } else if (which == STREAM_BATCH) {
        cs_setting settings[] = { { "address", 0, BATCH_ADDRESS } };
        length = encode("MI_BATCH_BUFFER_START", settings, 1, command);
        per_command = 4; /* the start, two NOOPs, the end */
    } else if (which == STREAM_RENDER) {
        cs_setting settings[] = { { "address", 0, RENDER_ADDRESS } };
        length = encode("MI_BATCH_BUFFER_START", settings, 1, command);
        per_command = 1 + RENDER_COMMANDS;
        if (dwords > RENDER_STARTS * length + 8u)
            dwords = RENDER_STARTS * length + 8u;
    }
    uint64_t commands = 0;
    uint32_t at = 0;
    for (uint32_t i = 0; at + 8 <= dwords; i++) {
        if (which == STREAM_STORE) {
            cs_setting settings[] = { { "address", 0, DATA_ADDRESS + 4u * (i % 1024u) }, { "data", 0, i } };
            length = encode("MI_STORE_DATA_IMM", settings, 2, command);
        }
        if (!length)
            return 0;
        memcpy(&ring[at], command, 4u * length);
        at += length;
        commands += per_command;
    }
    if (at & 1u) {
        ring[at++] = 0; /* MI_NOOP */
        commands++;
    }
    *tail_bytes = 4u * at;
    while (at < dwords)
        ring[at++] = 0; /* past TAIL: never parsed */
    return commands;
}

/* ---- the practical limit: fetch through DMI and decode, nothing else ------------------- */

/* One DMI window onto the memory, as a command fetcher keeps one (the ring's, the batch's). */
typedef struct fetcher {
    const tlm_target *memory; /* the memory the engine reads */
    cs_decoder *decoder;      /* the decoder the engine uses (cs_decoder: its key cache) */
    tlm_dmi_region dmi;       /* the current grant (one page of tlm_memory) */
    bool valid;               /* dmi holds a read grant */
} fetcher;

/* Dwords at `address` readable through the fetcher's window (a new grant when it leaves the
 * current one); NULL when DMI is refused. */
static const uint32_t *fetch(fetcher *f, uint64_t address, uint32_t *available)
{
    if (!f->valid || address < f->dmi.start || address > f->dmi.end) {
        uint32_t unused = 0;
        tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &unused, 4);
        f->valid = tlm_get_direct_mem_ptr(f->memory, &payload, &f->dmi) && f->dmi.read_allowed;
        if (!f->valid || f->dmi.end - address < 3)
            return NULL;
    }
    *available = (uint32_t)((f->dmi.end - address + 1) / 4);
    return (const uint32_t *)(f->dmi.pointer + (address - f->dmi.start));
}

/* Decodes the command at `address`; the dwords it occupies (0 on a fetch failure). A command
 * that runs past the window is gathered dword by dword into a local buffer. */
static size_t decode_at(fetcher *f, uint64_t address, cs_decoded *decoded)
{
    uint32_t available = 0;
    const uint32_t *dwords = fetch(f, address, &available);
    if (!dwords)
        return 0;
    size_t step = cs_decoder_decode(f->decoder, dwords, available, decoded);
    if (!(decoded->status & CS_DECODE_TRUNCATED))
        return step;
    uint32_t whole[256];
    uint32_t length = decoded->length;
    if (length > 256)
        return 0;
    for (uint32_t i = 0; i < length; i++) {
        const uint32_t *one = fetch(f, address + 4u * i, &available);
        if (!one)
            return 0;
        whole[i] = one[0];
    }
    return cs_decoder_decode(f->decoder, whole, length, decoded);
}

/* Decodes the command at *address and advances past it; false (counted as an error) when it
 * cannot be fetched or is not a complete, accepted command. */
static bool decode_next(fetcher *f, uint64_t *address, cs_decoded *decoded, uint64_t *errors)
{
    size_t step = decode_at(f, *address, decoded);
    if (!step || decoded->status) {
        (*errors)++;
        return false;
    }
    *address += 4u * step;
    return true;
}

/* The commands one pass parses: the ring from `start` to `end`, and for each
 * MI_BATCH_BUFFER_START the batch at `batch` (the stream's only batch) up to its
 * MI_BATCH_BUFFER_END. */
static uint64_t fetch_and_decode(fetcher *ring, fetcher *batch_fetcher, uint64_t start, uint64_t end, uint64_t batch,
                                 uint64_t *errors)
{
    static const cs_command *batch_start, *batch_end;
    if (!batch_start) {
        batch_start = cs_find_command(CS_PROFILE_GEN12, "MI_BATCH_BUFFER_START");
        batch_end = cs_find_command(CS_PROFILE_GEN12, "MI_BATCH_BUFFER_END");
    }
    uint64_t commands = 0;
    cs_decoded decoded;
    for (uint64_t address = start; address < end;) {
        if (!decode_next(ring, &address, &decoded, errors))
            return commands;
        commands++;
        if (decoded.command != batch_start)
            continue;
        uint64_t at = batch;
        unsigned left = RENDER_COMMANDS; /* the longest batch the streams place */
        do {
            if (!left-- || !decode_next(batch_fetcher, &at, &decoded, errors))
                return commands;
            commands++;
        } while (decoded.command != batch_end);
    }
    return commands;
}

/* `passes` passes of fetch and decode over what the engine parsed; commands per second (a
 * function of its own for `--toggle-collect=run_limit`). */
static __attribute__((noinline)) double run_limit(stream which, const tlm_target *memory, uint32_t tail,
                                                  uint32_t passes, uint64_t expected, uint64_t *errors)
{
    cs_decoder decoder;
    cs_decoder_init(&decoder, CS_PROFILE_GEN12, CS_ENGINE_RCS);
    fetcher ring = { .memory = memory, .decoder = &decoder }, batch = { .memory = memory, .decoder = &decoder };
    uint64_t batch_address = which == STREAM_BATCH ? BATCH_ADDRESS : RENDER_ADDRESS;
    uint64_t commands = 0;
    double start = bench_wall_seconds();
    for (uint32_t pass = 0; pass < passes; pass++)
        commands += fetch_and_decode(&ring, &batch, RING_ADDRESS, RING_ADDRESS + tail, batch_address, errors);
    double seconds = bench_wall_seconds() - start;
    cs_decoder_destroy(&decoder);
    if (commands != expected)
        (*errors)++;
    return (double)commands / seconds;
}

/* The passes of one run (a function of its own so that `valgrind --tool=callgrind
 * --toggle-collect=run_passes` counts the engine's instructions and nothing of the set-up). */
static __attribute__((noinline)) void run_passes(tlm_kernel *kernel, cs_engine_model *engine, uint32_t passes,
                                                 uint32_t tail, uint64_t *errors)
{
    for (uint32_t pass = 0; pass < passes; pass++) {
        reg_write(engine, CS_RING_CTL_OFFSET, 0);
        reg_write(engine, CS_RING_HEAD_OFFSET, 0);
        reg_write(engine, CS_RING_TAIL_OFFSET, tail);
        reg_write(engine, CS_RING_CTL_OFFSET, (511u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
        if (tlm_kernel_run_until_idle(kernel, 1000 * TLM_MS) != TLM_RUN_IDLE)
            (*errors)++;
    }
}

/* What one run measured. */
typedef struct run_result {
    double rate;            /* commands per second through the engine */
    double limit;           /* commands per second of the fetch-and-decode loop (0: not run) */
    uint64_t commands;      /* commands the engine executed */
    uint64_t writes;        /* memory writes it made */
    uint64_t events;        /* kernel events the run executed (one per command in both modes) */
    uint64_t back_to_back;  /* steps run inside the event of the step before (cs_engine_stats) */
    uint64_t simple;        /* commands run as simple commands (cs_engine_stats) */
    tlm_time end;           /* simulated time at the end (the same in both modes) */
} run_result;

/* One run: `passes` passes over a ring filled with the stream, the engine with `quantum` (0:
 * one kernel event per command, the reference). Then, with_limit, the same dwords through the
 * fetch-and-decode loop. */
static run_result run(stream which, tlm_time quantum, uint32_t passes, bool with_limit, uint64_t *errors)
{
    run_result result = { 0 };
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_ERROR);
    tlm_memory *memory = tlm_memory_create(kernel, "memory", 0);
    const tlm_target *target = tlm_memory_target(memory);
    cs_engine_config config = {
        .profile = CS_PROFILE_GEN12,
        .engine = CS_ENGINE_RCS,
        .mmio_base = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base,
        .memory = target,
        .clock_period = TLM_NS,
    };
    cs_engine_model *engine = cs_engine_create(kernel, "rcs", &config);
    cs_engine_set_quantum(engine, quantum);
    uint32_t *ring = calloc(RING_BYTES / 4u, 4);
    uint32_t dwords = RING_BYTES / 4u;
    /* Each pass runs the ring from HEAD 0 to the end of the stream. */
    uint32_t tail = 0;
    uint64_t per_pass = fill_ring(which, ring, dwords, &tail);
    write_bytes(target, RING_ADDRESS, ring, RING_BYTES);
    free(ring);
    uint32_t batch[3] = { 0, 0, 0x05000000u }; /* NOOP, NOOP, MI_BATCH_BUFFER_END */
    write_bytes(target, BATCH_ADDRESS, batch, sizeof batch);
    uint32_t render[RENDER_COMMANDS * 32];
    uint32_t render_dwords = 0;
    for (size_t i = 0; i < RENDER_COMMANDS; i++) {
        uint32_t length = encode(render_batch[i], NULL, 0, render + render_dwords);
        if (!length)
            (*errors)++;
        render_dwords += length;
    }
    write_bytes(target, RENDER_ADDRESS, render, 4u * render_dwords);
    reg_write(engine, CS_EMR_OFFSET, 0);
    reg_write(engine, CS_RING_START_OFFSET, RING_ADDRESS);
    reg_write(engine, CS_RING_CTL_OFFSET, (511u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    uint64_t events = tlm_kernel_events_executed(kernel);
    double start = bench_wall_seconds();
    run_passes(kernel, engine, passes, tail, errors);
    double seconds = bench_wall_seconds() - start;
    const cs_engine_stats *stats = cs_engine_get_stats(engine);
    result.commands = stats->commands;
    result.writes = stats->writes;
    result.events = tlm_kernel_events_executed(kernel) - events;
    result.back_to_back = stats->back_to_back;
    result.simple = stats->simple;
    result.end = tlm_kernel_now(kernel);
    if (stats->commands != per_pass * passes || stats->errors != 0 || cs_engine_halted(engine))
        (*errors)++;
    result.rate = (double)stats->commands / seconds;
    if (with_limit)
        result.limit = run_limit(which, target, tail, passes, per_pass * passes, errors);
    cs_engine_destroy(engine);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return result;
}

static const char *const stream_keys[STREAM_COUNT] = { "noop", "store", "batch", "render" };

/* `--once STREAM MODE`: one pass of one stream (noop, store, batch, render) in one mode
 * (decoupled, event; limit: the fetch-and-decode loop after a decoupled run), for
 * `valgrind --tool=callgrind --toggle-collect=run_passes` (or run_limit). */
static int run_once(const char *name, const char *mode)
{
    int which = -1;
    for (int s = 0; s < STREAM_COUNT; s++)
        if (strcmp(name, stream_keys[s]) == 0)
            which = s;
    bool event = strcmp(mode, "event") == 0;
    bool limit = strcmp(mode, "limit") == 0;
    if (which < 0 || (!event && !limit && strcmp(mode, "decoupled") != 0)) {
        fprintf(stderr,
                "gtsim_bench_cs: --once STREAM MODE: STREAM noop|store|batch|render, MODE decoupled|event|limit\n");
        return 2;
    }
    uint64_t errors = 0;
    run_result result = run((stream)which, event ? 0 : CS_QUANTUM, 1, limit, &errors);
    if (limit) {
        printf("%s, fetch-and-decode limit (run_limit): %" PRIu64 " commands, %" PRIu64 " errors\n",
               stream_names[which], result.commands, errors);
        return errors ? 1 : 0;
    }
    printf("%s, %s: %" PRIu64 " commands, %" PRIu64 " kernel events (%" PRIu64 " back to back), end at %" PRIu64
           " ps, %" PRIu64 " errors\n",
           stream_names[which], event ? "one event per command" : "decoupled", result.commands, result.events,
           result.back_to_back, (uint64_t)result.end, errors);
    return errors ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--once") == 0)
        return run_once(argv[2], argv[3]);
    if (argc != 1) {
        fprintf(stderr, "usage: gtsim_bench_cs [--once STREAM MODE]\n");
        return 2;
    }
    double rates[STREAM_COUNT][RUNS], reference[STREAM_COUNT][RUNS], limits[STREAM_COUNT][RUNS];
    double medians[STREAM_COUNT] = { 0 };
    uint64_t errors = 0;
    run_result last[STREAM_COUNT], last_reference[STREAM_COUNT];
    printf("gtsim_bench_cs: gen12 RCS alone, 2 MiB ring, %u passes per run, %d runs each, interleaved\n", PASSES, RUNS);
    printf("build: %s\n", BENCH_BUILD_INFO);
    printf("decoupled: quantum %" PRIu64 " ps (CS_QUANTUM); reference: quantum 0, one kernel event per command\n",
           (uint64_t)CS_QUANTUM);
    for (int r = 0; r < RUNS; r++)
        for (int s = 0; s < STREAM_COUNT; s++) {
            last[s] = run((stream)s, CS_QUANTUM, PASSES, true, &errors);
            last_reference[s] = run((stream)s, 0, PASSES, false, &errors);
            rates[s][r] = last[s].rate;
            limits[s][r] = last[s].limit;
            reference[s][r] = last_reference[s].rate;
            /* Same work, same simulated time: the modes differ in wall clock only. */
            if (last[s].commands != last_reference[s].commands || last[s].writes != last_reference[s].writes ||
                last[s].end != last_reference[s].end)
                errors++;
        }
    printf("%-46s %-26s %s\n", "", "each run M commands/s", "median");
    for (int s = 0; s < STREAM_COUNT; s++) {
        double stream_median = bench_report_median(stream_names[s], 46, rates[s], RUNS);
        double reference_median = bench_report_median("    reference: one kernel event per command", 46, reference[s], RUNS);
        double limit_median = bench_report_median("    limit: DMI fetch + decode, same dwords", 46, limits[s], RUNS);
        printf("    ratio stream/limit (medians): %.3f; decoupled/reference: %.2f\n", stream_median / limit_median,
               stream_median / reference_median);
        printf("    last run: %" PRIu64 " commands (%" PRIu64 " as simple commands), %" PRIu64
               " memory writes, same end time %" PRIu64
               " ps; steps through the kernel's queue %" PRIu64 " decoupled / %" PRIu64 " reference\n",
               last[s].commands, last[s].simple, last[s].writes, (uint64_t)last[s].end,
               last[s].events - last[s].back_to_back, last_reference[s].events - last_reference[s].back_to_back);
        medians[s] = stream_median;
    }
    printf("render batches / MI_NOOP stream (medians): %.3f\n", medians[STREAM_RENDER] / medians[STREAM_NOOP]);
    printf("%" PRIu64 " errors in all runs\n", errors);
    return errors ? 1 : 0;
}
