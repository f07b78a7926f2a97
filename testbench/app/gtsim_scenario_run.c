#include "gtsim_scenario_run.h"

#include "cs_commands.h"
#include "doorbell.h"
#include "doorbell_app.h"
#include "doorbell_regs.h"
#include "eu_array.h"
#include "guc_regs.h"
#include "guc_scheduler.h"
#include "tlm_alloc.h"

#include <assert.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Files with more statements than this get no statement-text row on the waveform (its setup
 * prints every statement once: as much work as running a fast statement several times); the
 * line and mnemonic rows still say which statement ran. */
#define GTSIM_TRACE_STATEMENT_TEXT_MAX 4096u

/* Largest single bus payload a `mem` statement issues; longer statements are split so the
 * payload's 32-bit length can never overflow. */
#define GTSIM_RUN_MAX_PAYLOAD_BYTES (UINT32_C(1) << 20)

/* The statement rows of the waveform (docs/guide/waves.md), all 0 when the kernel does not trace. */
typedef struct gtsim_runner_trace {
    tlm_trace_id statement;  /* enum: statement index + 1, shown as "FILE:LINE: statement" (small files only) */
    tlm_trace_id verb;       /* enum: the statement's mnemonic ("mmio write", "run idle") */
    tlm_trace_id line;       /* the statement's line in the file */
    uint64_t *verb_of;       /* per statement: its value in the verb row */
    tlm_trace_id failures;   /* failed checks so far */
    tlm_trace_id failure;    /* text: the latest failed check's message */
} gtsim_runner_trace;

typedef struct gtsim_runner {
    const gtsim_scenario *scenario;  /* for FILE in messages */
    gtsim_system *system;            /* what the statements drive */
    tlm_kernel *kernel;           /* the system's kernel, which owns time */
    FILE *out;                    /* where checks and read values are reported */
    FILE *errors;                 /* where usage errors go */
    gtsim_run_result *result;        /* the tally being added to */
    uint64_t next_correlation;    /* correlation id of the next payload, so log lines can be matched */
    gtsim_runner_trace trace;        /* statement rows on the waveform */
    uint64_t failed;              /* checks this run failed (the failures row) */
    doorbell_app_client *bells;   /* per doorbell: the scenario's application client (allocated on first use) */
    const gtsim_run_options *limits; /* wall-time limit and progress (never NULL) */
    uint64_t next_progress_ns;    /* wall clock of the next progress line */
    bool progress_shown;          /* a progress line is on the terminal, not ended yet */
    bool stopped;                 /* the wall-time limit stopped the run */
} gtsim_runner;

void gtsim_print_sim_time(FILE *out, tlm_time now)
{
    fprintf(out, "[%12" PRIu64 ".%03u ns]", now / 1000, (unsigned)(now % 1000));
}

gtsim_system_config gtsim_scenario_system_config(const gtsim_scenario *scenario, gtsim_block_mode roundtrip_mode,
                                           FILE *log_sink)
{
    return (gtsim_system_config){
        .profile = scenario->profile,
        .roundtrip_mode = roundtrip_mode,
        .log_sink = log_sink,
    };
}

/* ---- checks ---------------------------------------------------------------------------- */

static void gtsim_pass(gtsim_runner *runner)
{
    runner->result->passed++;
}

__attribute__((format(printf, 3, 4))) static void gtsim_fail(gtsim_runner *runner, const gtsim_statement *statement,
                                                          const char *format, ...)
{
    runner->result->failed++;
    char message[1024];
    int prefix = snprintf(message, sizeof message, "%s:%zu: ", runner->scenario->name, statement->line);
    if (prefix < 0 || (size_t)prefix >= sizeof message)
        prefix = 0;
    va_list args;
    va_start(args, format);
    vsnprintf(message + prefix, sizeof message - (size_t)prefix, format, args);
    va_end(args);
    fprintf(runner->out, "%s\n", message);
    /* On the waveform at the time it failed; a waveform recorded on failure starts here. */
    runner->failed++;
    tlm_trace_set(runner->kernel, runner->trace.failures, runner->failed);
    tlm_trace_set_text(runner->kernel, runner->trace.failure, message);
    tlm_trace_trigger(runner->kernel, message);
}

/* ---- time ------------------------------------------------------------------------------ */

/* Cycles of the GT clock as time; saturates rather than wraps (10^12 cycles of a slow clock). */
static tlm_time gtsim_cycles_to_time(const gtsim_runner *runner, uint64_t cycles)
{
    tlm_time period = gtsim_system_clock_period(runner->system);
    assert(period > 0);
    return cycles > TLM_TIME_MAX / period ? TLM_TIME_MAX : cycles * period;
}

/* ---- long statements: wall-time limit and progress ------------------------------------- */

/* A long `run` or `run idle` goes in slices of this many cycles; between slices the runner
 * checks the wall-time limit and prints progress (milliseconds of wall time per slice in
 * model mode, about a second with several RTL twins). */
#define GTSIM_RUN_SLICE_CYCLES UINT64_C(65536)
#define GTSIM_PROGRESS_INTERVAL_NS UINT64_C(1000000000)

uint64_t gtsim_wall_clock_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * UINT64_C(1000000000) + (uint64_t)now.tv_nsec;
}

/* Ends a progress line left on a terminal, so the next output starts on its own line. */
static void gtsim_progress_end(gtsim_runner *runner)
{
    if (runner->progress_shown) {
        fputc('\n', runner->limits->progress);
        runner->progress_shown = false;
    }
}

/* Between two slices of a statement that runs from sim time `start` to `end`. False when the
 * wall-time limit is reached: the statement fails (it did not get its time) and the run stops. */
static bool gtsim_checkpoint(gtsim_runner *runner, const gtsim_statement *statement, tlm_time start, tlm_time end)
{
    const gtsim_run_options *limits = runner->limits;
    if (!limits->deadline_ns && !limits->progress)
        return true;
    uint64_t wall = gtsim_wall_clock_ns();
    tlm_time now = tlm_kernel_now(runner->kernel);
    if (limits->deadline_ns && wall >= limits->deadline_ns) {
        gtsim_progress_end(runner);
        runner->stopped = true;
        gtsim_fail(runner, statement, "wall-time limit reached at sim time %" PRIu64 ".%03u ns (--time-limit): the run stops",
                now / 1000, (unsigned)(now % 1000));
        return false;
    }
    if (limits->progress && wall >= runner->next_progress_ns) {
        if (runner->next_progress_ns) {
            double percent = end > start ? (double)(now - start) * 100.0 / (double)(end - start) : 100.0;
            fprintf(limits->progress, "%s%s:%zu: %.2f%% of this statement's sim time, at %" PRIu64 " ns%s",
                    limits->progress_tty ? "\r" : "", runner->scenario->name, statement->line, percent, now / 1000,
                    limits->progress_tty ? "\033[K" : "\n");
            fflush(limits->progress);
            runner->progress_shown = limits->progress_tty;
        }
        runner->next_progress_ns = wall + GTSIM_PROGRESS_INTERVAL_NS; /* the first line after a second */
    }
    return true;
}

/* Advances time; a kernel that cannot (zero-delay loop, stop) is a failed check, since the
 * statement did not get the time it asked for. Long spans go in slices (gtsim_checkpoint). */
static bool gtsim_advance(gtsim_runner *runner, const gtsim_statement *statement, tlm_time duration)
{
    tlm_time start = tlm_kernel_now(runner->kernel);
    tlm_time end = tlm_time_add_saturating(start, duration);
    tlm_time slice = gtsim_cycles_to_time(runner, GTSIM_RUN_SLICE_CYCLES);
    for (;;) {
        tlm_time now = tlm_kernel_now(runner->kernel);
        tlm_run_status status = tlm_kernel_run_for(runner->kernel, end - now < slice ? end - now : slice);
        if (status != TLM_RUN_TIME_REACHED) {
            gtsim_progress_end(runner);
            gtsim_fail(runner, statement, "expected time to advance, got %s (see log)", tlm_run_status_name(status));
            return false;
        }
        if (tlm_kernel_now(runner->kernel) >= end) {
            gtsim_progress_end(runner);
            return true;
        }
        if (!gtsim_checkpoint(runner, statement, start, end))
            return false;
    }
}

/* ---- bus ------------------------------------------------------------------------------- */

/* One host access; the time it took is run on the kernel before the next statement, as a
 * host that waits for each access would. Returns whether the bus answered OK (one check). */
static bool gtsim_access(gtsim_runner *runner, const gtsim_statement *statement, const tlm_target *target,
                      tlm_address_space space, tlm_cmd command, uint64_t address, uint8_t *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.address_space = space;
    payload.initiator_id = GTSIM_SCENARIO_HOST_INITIATOR;
    payload.correlation_id = ++runner->next_correlation;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    bool ok = tlm_response_is_ok(&payload);
    if (ok)
        gtsim_pass(runner);
    else if (space == TLM_SPACE_MMIO)
        gtsim_fail(runner, statement, "mmio %s 0x%08" PRIx64 ": bus error %s", tlm_command_name(command), address,
                tlm_response_name(payload.response));
    else
        gtsim_fail(runner, statement, "mem %s 0x%012" PRIx64 ": bus error %s", tlm_command_name(command), address,
                tlm_response_name(payload.response));
    gtsim_advance(runner, statement, delay);
    return ok;
}

static void gtsim_put_le32(uint8_t *bytes, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}

static uint32_t gtsim_get_le32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* ---- statements ------------------------------------------------------------------------ */

/* Each is the RUN of its row in gtsim_scenario_verbs.h: checks are counted in runner->result, and
 * the return is false only on a usage error that stops the run. */

static bool gtsim_run_mmio_write(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint8_t bytes[4];
    gtsim_put_le32(bytes, statement->value);
    gtsim_access(runner, statement, gtsim_system_mmio(runner->system), TLM_SPACE_MMIO, TLM_CMD_WRITE,
              statement->address, bytes, 4);
    return true;
}

static bool gtsim_run_mmio_read(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint8_t bytes[4] = { 0 };
    /* After a bus error the data means nothing: the error is the one failure reported. */
    if (!gtsim_access(runner, statement, gtsim_system_mmio(runner->system), TLM_SPACE_MMIO, TLM_CMD_READ,
                   statement->address, bytes, 4))
        return true;
    uint32_t got = gtsim_get_le32(bytes);
    if (!statement->has_expect) {
        fprintf(runner->out, "%s:%zu: mmio read 0x%08" PRIx64 " = 0x%08" PRIx32 "\n", runner->scenario->name,
                statement->line, statement->address, got);
        return true;
    }
    uint32_t mask = statement->mask;
    if ((got & mask) == (statement->value & mask))
        gtsim_pass(runner);
    else if (mask == UINT32_MAX)
        gtsim_fail(runner, statement, "expected 0x%08" PRIx32 ", got 0x%08" PRIx32, statement->value, got);
    else
        gtsim_fail(runner, statement, "expected 0x%08" PRIx32 " (mask 0x%08" PRIx32 "), got 0x%08" PRIx32 " (0x%08" PRIx32
                " under the mask)", statement->value & mask, mask, got, got & mask);
    return true;
}

/* mem write and mem read: the dwords go in payloads of at most GTSIM_RUN_MAX_PAYLOAD_BYTES; the
 * statement's bus response is one check, failed at the first payload the bus refuses. */
static bool gtsim_run_mem(gtsim_runner *runner, const gtsim_statement *statement)
{
    bool write = statement->kind == GTSIM_STMT_MEM_WRITE;
    size_t count = write || statement->has_expect ? statement->dword_count : 1;
    size_t bytes_total = count * 4;
    uint8_t *bytes = tlm_alloc_zeroed(bytes_total, 1);
    if (write) {
        for (size_t i = 0; i < count; i++)
            gtsim_put_le32(bytes + 4 * i, statement->dwords[i]);
    }
    const tlm_target *memory = gtsim_system_memory(runner->system);
    uint64_t passed_before = runner->result->passed;
    bool ok = true;
    for (size_t done = 0; done < bytes_total && ok;) {
        size_t chunk = bytes_total - done < GTSIM_RUN_MAX_PAYLOAD_BYTES ? bytes_total - done : GTSIM_RUN_MAX_PAYLOAD_BYTES;
        ok = gtsim_access(runner, statement, memory, TLM_SPACE_GGTT, write ? TLM_CMD_WRITE : TLM_CMD_READ,
                       statement->address + done, bytes + done, (uint32_t)chunk);
        done += chunk;
    }
    runner->result->passed = passed_before + (ok ? 1 : 0); /* one check for the whole statement */
    if (ok && !write) {
        if (!statement->has_expect) {
            fprintf(runner->out, "%s:%zu: mem read 0x%012" PRIx64 " = 0x%08" PRIx32 "\n", runner->scenario->name,
                    statement->line, statement->address, gtsim_get_le32(bytes));
        } else {
            for (size_t i = 0; i < count; i++) {
                uint32_t got = gtsim_get_le32(bytes + 4 * i);
                if (got == statement->dwords[i])
                    gtsim_pass(runner);
                else
                    gtsim_fail(runner, statement, "expected 0x%08" PRIx32 " at 0x%012" PRIx64 ", got 0x%08" PRIx32,
                            statement->dwords[i], statement->address + 4 * (uint64_t)i, got);
            }
        }
    }
    free(bytes);
    return true;
}

/* Until no event is pending and the system says it is idle, within the bound. A kernel with no
 * work left while the system still reports busy (work that waits on clock edges, which are
 * background events) is stepped a clock period at a time: the bound still holds. */
static bool gtsim_run_idle(gtsim_runner *runner, const gtsim_statement *statement)
{
    tlm_time start = tlm_kernel_now(runner->kernel);
    tlm_time deadline = tlm_time_add_saturating(start, gtsim_cycles_to_time(runner, statement->cycles));
    tlm_time period = gtsim_system_clock_period(runner->system);
    tlm_time slice = gtsim_cycles_to_time(runner, GTSIM_RUN_SLICE_CYCLES);
    for (;;) {
        tlm_time now = tlm_kernel_now(runner->kernel);
        tlm_time bound = deadline - now < slice ? deadline - now : slice;
        tlm_run_status status = tlm_kernel_run_until_idle(runner->kernel, bound);
        if (status == TLM_RUN_BOUND_HIT && bound < deadline - now) {
            if (!gtsim_checkpoint(runner, statement, start, deadline))
                return true;
            continue; /* a slice ended, not the statement's bound */
        }
        gtsim_progress_end(runner);
        if (status != TLM_RUN_IDLE && status != TLM_RUN_BOUND_HIT) {
            gtsim_fail(runner, statement, "expected idle within %" PRIu64 " cycles, got %s (see log)", statement->cycles,
                    tlm_run_status_name(status));
            return true;
        }
        if (status == TLM_RUN_IDLE && gtsim_system_idle(runner->system)) {
            gtsim_pass(runner);
            return true;
        }
        now = tlm_kernel_now(runner->kernel);
        if (now >= deadline) {
            gtsim_fail(runner, statement, "expected idle within %" PRIu64 " cycles, got busy", statement->cycles);
            return true;
        }
        if (!gtsim_advance(runner, statement, deadline - now < period ? deadline - now : period) ||
            !gtsim_checkpoint(runner, statement, start, deadline))
            return true;
    }
    return true;
}

static bool gtsim_run_expect_irq(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint64_t level = tlm_signal_get(gtsim_system_host_irq(runner->system));
    if (level == statement->level)
        gtsim_pass(runner);
    else
        gtsim_fail(runner, statement, "expected irq %u, got %" PRIu64, statement->level, level);
    return true;
}

/* False on a usage error (the system has no interrupt aggregator). */
static bool gtsim_run_irq_raise(gtsim_runner *runner, const gtsim_statement *statement)
{
    char message[256] = "";
    if (!gtsim_system_irq_raise(runner->system, statement->engine_class, statement->instance, statement->data, message,
                             sizeof message)) {
        fflush(runner->out); /* so the usage error comes after everything the run printed */
        fprintf(runner->errors, "%s:%zu:%zu: %s\n", runner->scenario->name, statement->line, statement->column,
                message[0] ? message : "irq raise: the system cannot deliver engine interrupts");
        return false;
    }
    gtsim_advance(runner, statement, 0); /* whatever the message set off at this time */
    return true;
}

/* ---- higher-level verbs ------------------------------------------------------------------ */

/* Ring register offsets from an engine's MMIO base (docs/reference/cs.md; models/cs/cs_regs.toml). */
#define GTSIM_RING_TAIL 0x030u
#define GTSIM_RING_HEAD 0x034u
#define GTSIM_RING_START 0x038u
#define GTSIM_RING_CTL 0x03Cu

/* Host writes of a verb: each is a bus access, and the verb's check fails at the first refused
 * one (the rest are not issued: a driver stops at an error too). */
static bool gtsim_verb_mmio_write(gtsim_runner *runner, const gtsim_statement *statement, uint64_t offset, uint32_t value)
{
    uint8_t bytes[4];
    gtsim_put_le32(bytes, value);
    return gtsim_access(runner, statement, gtsim_system_mmio(runner->system), TLM_SPACE_MMIO, TLM_CMD_WRITE, offset,
                     bytes, 4);
}

static bool gtsim_verb_mem_write(gtsim_runner *runner, const gtsim_statement *statement, uint64_t address,
                              const uint32_t *dwords, size_t count)
{
    uint8_t *bytes = tlm_alloc_zeroed(count ? count : 1, 4);
    for (size_t i = 0; i < count; i++)
        gtsim_put_le32(bytes + 4 * i, dwords[i]);
    bool ok = gtsim_access(runner, statement, gtsim_system_memory(runner->system), TLM_SPACE_GGTT, TLM_CMD_WRITE,
                        address, bytes, (uint32_t)(count * 4));
    free(bytes);
    return ok;
}

/* A verb's accesses count as its one check: the check passes when all of them did. */
static void gtsim_one_check(gtsim_runner *runner, uint64_t passed_before, bool ok)
{
    runner->result->passed = passed_before + (ok ? 1 : 0);
}

/* `ring`: what a driver does: stop the ring (a ring still running would start parsing the new
 * buffer as soon as HEAD moves), start, an empty ring, then length and enable (docs/reference/cs.md). */
static bool gtsim_run_ring(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint64_t passed_before = runner->result->passed;
    uint64_t base = statement->engine_base;
    bool ok = gtsim_verb_mmio_write(runner, statement, base + GTSIM_RING_CTL, 0) &&
              gtsim_verb_mmio_write(runner, statement, base + GTSIM_RING_START, (uint32_t)statement->address) &&
              gtsim_verb_mmio_write(runner, statement, base + GTSIM_RING_HEAD, 0) &&
              gtsim_verb_mmio_write(runner, statement, base + GTSIM_RING_TAIL, 0) &&
              gtsim_verb_mmio_write(runner, statement, base + GTSIM_RING_CTL, (statement->ring_bytes / 4096 - 1) << 12 | 1u);
    gtsim_one_check(runner, passed_before, ok);
    return true;
}

/* `emit` and `submit`: the dwords from the software tail on, wrapping at the ring's end;
 * `submit` then writes RING_TAIL. */
static bool gtsim_run_emit(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint64_t passed_before = runner->result->passed;
    bool ok = true;
    size_t first = (statement->ring_bytes - statement->ring_offset) / 4;
    if (first > statement->dword_count)
        first = statement->dword_count;
    if (first > 0)
        ok = gtsim_verb_mem_write(runner, statement, statement->address + statement->ring_offset, statement->dwords, first);
    if (ok && first < statement->dword_count)
        ok = gtsim_verb_mem_write(runner, statement, statement->address, statement->dwords + first,
                               statement->dword_count - first);
    if (ok && statement->kind == GTSIM_STMT_SUBMIT)
        ok = gtsim_verb_mmio_write(runner, statement, statement->engine_base + GTSIM_RING_TAIL, statement->value);
    gtsim_one_check(runner, passed_before, ok);
    return true;
}

static bool gtsim_run_bemit(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint64_t passed_before = runner->result->passed;
    bool ok = gtsim_verb_mem_write(runner, statement, statement->address, statement->dwords, statement->dword_count);
    gtsim_one_check(runner, passed_before, ok);
    return true;
}

/* `batch ADDR`: nothing to run, the parser already placed every bemit. */
static bool gtsim_run_batch(gtsim_runner *runner, const gtsim_statement *statement)
{
    (void)runner;
    (void)statement;
    return true;
}

/* `kernel ADDR NAME`: registers the built-in kernel at ADDR on the system's EU array
 * (docs/reference/eu.md); one check. */
static bool gtsim_run_kernel(gtsim_runner *runner, const gtsim_statement *statement)
{
    struct eu_array *eu = gtsim_system_eu(runner->system);
    const char *name = eu_builtin_kernel_names[statement->value];
    if (!eu) {
        gtsim_fail(runner, statement, "kernel %s: the system has no EU array", name);
        return true;
    }
    eu_kernel kernel = *eu_builtin_kernel(name);
    kernel.start = statement->address;
    if (eu_array_register_kernel(eu, &kernel))
        gtsim_pass(runner);
    else
        gtsim_fail(runner, statement, "kernel %s at 0x%012" PRIx64 ": refused (registry full, see log)", name,
                statement->address);
    return true;
}

/* ---- doorbell verbs (docs/guide/scenarios.md, docs/reference/guc.md) ------------------------------------ */

static bool gtsim_bus32(gtsim_runner *runner, const gtsim_statement *statement, const tlm_target *target,
                     tlm_address_space space, tlm_cmd command, uint64_t address, uint32_t *value)
{
    uint8_t bytes[4];
    gtsim_put_le32(bytes, *value);
    bool ok = gtsim_access(runner, statement, target, space, command, address, bytes, 4);
    *value = gtsim_get_le32(bytes);
    return ok;
}

static doorbell_app_client *gtsim_bell_client(gtsim_runner *runner, unsigned bell)
{
    if (!runner->bells) {
        runner->bells = tlm_alloc_zeroed(DOORBELL_COUNT, sizeof *runner->bells);
    }
    return &runner->bells[bell];
}

/* `doorbell arm N PAGE`: the driver's line initialisation (DW0 = 1, DW1 = 0 at the doorbell's
 * line, bell mod 64 of the page) and the firmware's install through the GuC shim (DRBREGU, then
 * DRBREGL with VALID, on the GuC's MMIO view); the install status is the check. */
static bool gtsim_doorbell_arm(gtsim_runner *runner, const gtsim_statement *statement)
{
    const tlm_target *guc = gtsim_system_guc_mmio(runner->system);
    uint64_t page = statement->address;
    uint64_t line = page + (uint64_t)(statement->bell % DOORBELL_LINES_PER_PAGE) * TLM_MEMORY_CACHELINE_SIZE;
    uint64_t drb = DOORBELL_MMIO_BASE + (uint64_t)statement->bell * DOORBELL_REGISTER_STRIDE;
    const uint32_t init[2] = { 1, 0 };
    uint32_t high = (uint32_t)(page >> 32), low = (uint32_t)page | DOORBELL_DRBREGL0_VALID_MASK, status = 0;
    if (!gtsim_verb_mem_write(runner, statement, line, init, 2) ||
        !gtsim_bus32(runner, statement, guc, TLM_SPACE_MMIO, TLM_CMD_WRITE, drb + DOORBELL_DRBREGU0_OFFSET, &high) ||
        !gtsim_bus32(runner, statement, guc, TLM_SPACE_MMIO, TLM_CMD_WRITE, drb + DOORBELL_DRBREGL0_OFFSET, &low) ||
        !gtsim_bus32(runner, statement, guc, TLM_SPACE_MMIO, TLM_CMD_READ,
                  GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET, &status))
        return false;
    uint32_t result = (status & GUC_DB_INSTALL_STATUS_RESULT_MASK) >> GUC_DB_INSTALL_STATUS_RESULT_SHIFT;
    uint32_t expected = statement->has_expect ? statement->value : 0;
    const char *got = result <= GUC_DB_INSTALL_STATUS_RESULT_TRANSLATION_FAULT ? gtsim_doorbell_arm_results[result] : "?";
    if (!(status & GUC_DB_INSTALL_STATUS_DONE_MASK)) {
        gtsim_fail(runner, statement, "doorbell arm %u: the install did not complete (DB_INSTALL_STATUS 0x%08" PRIx32 ")",
                statement->bell, status);
        return false;
    }
    if (result != expected) {
        gtsim_fail(runner, statement, "doorbell arm %u: expected %s, got %s", statement->bell,
                gtsim_doorbell_arm_results[expected], got);
        return false;
    }
    doorbell_app_client_init(gtsim_bell_client(runner, statement->bell), gtsim_system_memory(runner->system), line,
                             GTSIM_SCENARIO_HOST_INITIATOR);
    return true;
}

/* `doorbell route guc|host`: DOORBELL_CTRL.ROUTE_TO_GUC, read-modify-write from the host. */
static bool gtsim_doorbell_route(gtsim_runner *runner, const gtsim_statement *statement)
{
    const tlm_target *mmio = gtsim_system_mmio(runner->system);
    uint64_t ctrl = GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET;
    uint32_t value = 0;
    if (!gtsim_bus32(runner, statement, mmio, TLM_SPACE_MMIO, TLM_CMD_READ, ctrl, &value))
        return false;
    value = statement->bell ? value | GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK : value & ~GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK;
    return gtsim_bus32(runner, statement, mmio, TLM_SPACE_MMIO, TLM_CMD_WRITE, ctrl, &value);
}

static uint64_t gtsim_descriptor_of(unsigned bell)
{
    return GTSIM_SYSTEM_GUC_DESCRIPTOR_POOL + (uint64_t)bell * GUC_PD_SIZE;
}

/* `doorbell queue N ENGINE WQ_ADDR WQ_SIZE`: the driver writes doorbell N's process descriptor
 * (valid, the engine's class, an empty queue). */
static bool gtsim_doorbell_queue(gtsim_runner *runner, const gtsim_statement *statement)
{
    uint32_t engine_class = cs_profile_get(CS_PROFILE_GEN12)->engines[statement->engine].class_id;
    uint32_t pd[GUC_PD_STATUS / 4 + 1] = { 0 };
    pd[GUC_PD_FLAGS / 4] = GUC_PD_FLAGS_VALID | engine_class << GUC_PD_FLAGS_CLASS_SHIFT;
    pd[GUC_PD_WQ_BASE / 4] = (uint32_t)statement->address;
    pd[GUC_PD_WQ_BASE / 4 + 1] = (uint32_t)(statement->address >> 32);
    pd[GUC_PD_WQ_SIZE / 4] = statement->value;
    return gtsim_verb_mem_write(runner, statement, gtsim_descriptor_of(statement->bell), pd, sizeof pd / sizeof pd[0]);
}

/* `doorbell item N DESCRIPTOR RING_TAIL`: the application appends a work item at its queue's
 * TAIL and advances TAIL (wrapping at the size). */
static bool gtsim_doorbell_item(gtsim_runner *runner, const gtsim_statement *statement)
{
    const tlm_target *mem = gtsim_system_memory(runner->system);
    uint64_t pd = gtsim_descriptor_of(statement->bell);
    uint32_t base_lo = 0, base_hi = 0, size = 0, tail = 0;
    if (!gtsim_bus32(runner, statement, mem, TLM_SPACE_GGTT, TLM_CMD_READ, pd + GUC_PD_WQ_BASE, &base_lo) ||
        !gtsim_bus32(runner, statement, mem, TLM_SPACE_GGTT, TLM_CMD_READ, pd + GUC_PD_WQ_BASE + 4, &base_hi) ||
        !gtsim_bus32(runner, statement, mem, TLM_SPACE_GGTT, TLM_CMD_READ, pd + GUC_PD_WQ_SIZE, &size) ||
        !gtsim_bus32(runner, statement, mem, TLM_SPACE_GGTT, TLM_CMD_READ, pd + GUC_PD_TAIL, &tail))
        return false;
    if (size == 0 || size % GUC_WQI_SIZE != 0 || tail >= size || tail % GUC_WQI_SIZE != 0) {
        gtsim_fail(runner, statement, "doorbell item %u: no usable work queue (size 0x%" PRIx32 ", tail 0x%" PRIx32
                                   "; 'doorbell queue %u ...' first)", statement->bell, size, tail, statement->bell);
        return false;
    }
    const uint32_t item[GUC_WQI_SIZE / 4] = { (uint32_t)statement->address, (uint32_t)(statement->address >> 32),
                                              statement->value, 0 };
    uint32_t next = (tail + GUC_WQI_SIZE) % size;
    return gtsim_verb_mem_write(runner, statement, ((uint64_t)base_hi << 32 | base_lo) + tail, item, GUC_WQI_SIZE / 4) &&
           gtsim_bus32(runner, statement, mem, TLM_SPACE_GGTT, TLM_CMD_WRITE, pd + GUC_PD_TAIL, &next);
}

/* `doorbell ring N`: the application's compare-exchange ring (doorbell_app.h) with this
 * scenario's client of doorbell N; the outcome is the check. */
static bool gtsim_doorbell_ring(gtsim_runner *runner, const gtsim_statement *statement)
{
    doorbell_app_client *client = gtsim_bell_client(runner, statement->bell);
    if (!client->memory) {
        /* Armed outside this scenario's `doorbell arm`: its line as installed, read from
         * DRBREGL(N)/DRBREGU(N) through the GuC's view, which the model and the RTL twin both
         * answer (docs/guide/scenarios.md "Doorbells"). */
        const tlm_target *guc = gtsim_system_guc_mmio(runner->system);
        uint64_t drb = DOORBELL_MMIO_BASE + (uint64_t)statement->bell * DOORBELL_REGISTER_STRIDE;
        uint32_t low = 0, high = 0;
        if (!gtsim_bus32(runner, statement, guc, TLM_SPACE_MMIO, TLM_CMD_READ, drb + DOORBELL_DRBREGL0_OFFSET, &low) ||
            !gtsim_bus32(runner, statement, guc, TLM_SPACE_MMIO, TLM_CMD_READ, drb + DOORBELL_DRBREGU0_OFFSET, &high))
            return false;
        uint64_t line = (uint64_t)((high & DOORBELL_DRBREGU0_ADDRESS_HI_MASK) >> DOORBELL_DRBREGU0_ADDRESS_HI_SHIFT) << 32 |
                        (low & DOORBELL_DRBREGL0_ADDRESS_LO_MASK);
        doorbell_app_client_init(client, gtsim_system_memory(runner->system), line, GTSIM_SCENARIO_HOST_INITIATOR);
    }
    client->delay = 0;
    doorbell_app_status status = doorbell_app_ring(client);
    gtsim_advance(runner, statement, client->delay);
    uint32_t expected = statement->has_expect ? statement->value : DOORBELL_APP_RUNG;
    if ((uint32_t)status != expected) {
        gtsim_fail(runner, statement, "doorbell ring %u: expected %s, got %s", statement->bell,
                gtsim_doorbell_ring_results[expected], gtsim_doorbell_ring_results[status]);
        return false;
    }
    return true;
}

/* Runs a doorbell verb as one check (its accesses are not counted one by one). */
static bool gtsim_run_doorbell(gtsim_runner *runner, const gtsim_statement *statement,
                            bool (*verb)(gtsim_runner *runner, const gtsim_statement *statement))
{
    uint64_t passed_before = runner->result->passed;
    if (!gtsim_system_guc_mmio(runner->system)) {
        gtsim_fail(runner, statement, "doorbell: the system has no GuC (profile gen12 only)");
        return true;
    }
    gtsim_one_check(runner, passed_before, verb(runner, statement));
    return true;
}

static bool gtsim_run_doorbell_arm(gtsim_runner *runner, const gtsim_statement *statement)
{
    return gtsim_run_doorbell(runner, statement, gtsim_doorbell_arm);
}

static bool gtsim_run_doorbell_route(gtsim_runner *runner, const gtsim_statement *statement)
{
    return gtsim_run_doorbell(runner, statement, gtsim_doorbell_route);
}

static bool gtsim_run_doorbell_queue(gtsim_runner *runner, const gtsim_statement *statement)
{
    return gtsim_run_doorbell(runner, statement, gtsim_doorbell_queue);
}

static bool gtsim_run_doorbell_item(gtsim_runner *runner, const gtsim_statement *statement)
{
    return gtsim_run_doorbell(runner, statement, gtsim_doorbell_item);
}

static bool gtsim_run_doorbell_ring(gtsim_runner *runner, const gtsim_statement *statement)
{
    return gtsim_run_doorbell(runner, statement, gtsim_doorbell_ring);
}

/* ---- the run side of the verb table (gtsim_scenario_verbs.h) -------------------------------- */

static bool gtsim_run_cycles(gtsim_runner *runner, const gtsim_statement *statement)
{
    gtsim_advance(runner, statement, gtsim_cycles_to_time(runner, statement->cycles));
    return true;
}

typedef bool (*gtsim_run_fn)(gtsim_runner *runner, const gtsim_statement *statement);
#define GTSIM_VERB_RUN(kind, keyword, parse, print, run, ...) [GTSIM_STMT_##kind] = run,
static const gtsim_run_fn gtsim_verb_runs[GTSIM_STMT_KIND_COUNT] = { GTSIM_SCENARIO_VERBS(GTSIM_VERB_RUN) };
#undef GTSIM_VERB_RUN

/* ---- waveform rows ---------------------------------------------------------------------- */

/* Every statement as text, "FILE:LINE: mmio write 0x00000004 0x12345678", printed into one
 * buffer (one stream for all of them: this runs once per statement of the file). Returns the
 * buffer (free it) and fills texts[i] with pointers into it; NULL if out of memory. */
static char *gtsim_statement_texts(const gtsim_scenario *scenario, const char **texts)
{
    size_t count = scenario->statement_count;
    size_t *offsets = calloc(count, sizeof *offsets);
    char *buffer = NULL;
    size_t size = 0;
    FILE *out = offsets ? open_memstream(&buffer, &size) : NULL;
    if (!out) {
        free(offsets);
        return NULL;
    }
    for (size_t i = 0; i < count; i++) {
        offsets[i] = (size_t)ftell(out);
        fprintf(out, "%s:%zu: ", scenario->name, scenario->statements[i].line);
        gtsim_statement_print(&scenario->statements[i], out);
        fputc('\0', out);
    }
    bool ok = !ferror(out);
    if (fclose(out) != 0 || !ok) {
        free(buffer);
        free(offsets);
        return NULL;
    }
    for (size_t i = 0; i < count; i++)
        texts[i] = buffer + offsets[i];
    free(offsets);
    return buffer;
}

/* Declares the statement rows (when the kernel traces): the mnemonic and (in files of up to
 * GTSIM_TRACE_STATEMENT_TEXT_MAX statements) the statement's text are named values, so a change
 * costs a number, not a string. */
static void gtsim_trace_declare(gtsim_runner *runner)
{
    tlm_kernel *kernel = runner->kernel;
    const gtsim_scenario *scenario = runner->scenario;
    size_t count = scenario->statement_count;
    if (!tlm_trace_on(kernel) || count == 0)
        return;
    bool with_text = count <= GTSIM_TRACE_STATEMENT_TEXT_MAX;
    tlm_trace_enum_entry *statements = with_text ? calloc(count + 1, sizeof *statements) : NULL;
    const char **texts = with_text ? calloc(count, sizeof *texts) : NULL;
    char *buffer = statements && texts ? gtsim_statement_texts(scenario, texts) : NULL;
    uint32_t statement_enum = 0;
    unsigned statement_bits = 1;
    if (buffer) {
        statements[0] = (tlm_trace_enum_entry){ 0, "-" };
        for (size_t i = 0; i < count; i++)
            statements[i + 1] = (tlm_trace_enum_entry){ i + 1, texts[i] };
        while (statement_bits < 64 && (UINT64_C(1) << statement_bits) <= count)
            statement_bits++;
        statement_enum = tlm_trace_enumeration(kernel, "statement", statements, count + 1);
    }
    free(buffer);
    free(texts);
    free(statements);

    /* Mnemonics: the distinct verbs of the file, in order of first use. */
    tlm_trace_enum_entry *verbs = calloc(count + 1, sizeof *verbs);
    char **verb_names = calloc(count, sizeof *verb_names);
    runner->trace.verb_of = calloc(count, sizeof *runner->trace.verb_of);
    size_t verb_count = 0;
    bool ok = verbs && verb_names && runner->trace.verb_of;
    for (size_t i = 0; ok && i < count; i++) {
        char *mnemonic = gtsim_statement_mnemonic(&scenario->statements[i]);
        if (!mnemonic) {
            ok = false;
            break;
        }
        size_t verb = 0;
        while (verb < verb_count && strcmp(verb_names[verb], mnemonic) != 0)
            verb++;
        if (verb == verb_count)
            verb_names[verb_count++] = mnemonic;
        else
            free(mnemonic);
        runner->trace.verb_of[i] = verb + 1;
    }
    if (ok) {
        verbs[0] = (tlm_trace_enum_entry){ 0, "-" };
        for (size_t i = 0; i < verb_count; i++)
            verbs[i + 1] = (tlm_trace_enum_entry){ i + 1, verb_names[i] };
        unsigned bits = 1;
        while (bits < 64 && (UINT64_C(1) << bits) <= verb_count)
            bits++;
        uint32_t verb_enum = tlm_trace_enumeration(kernel, "mnemonic", verbs, verb_count + 1);
        /* Mnemonic first: short enough to read when zoomed out, next to the bus rows. */
        runner->trace.verb = tlm_trace_enum(kernel, "scenario", "mnemonic", bits, verb_enum, 0);
    }
    for (size_t i = 0; verb_names && i < verb_count; i++)
        free(verb_names[i]);
    free(verb_names);
    free(verbs);
    if (statement_enum)
        runner->trace.statement = tlm_trace_enum(kernel, "scenario", "statement", statement_bits, statement_enum, 0);
    runner->trace.line = tlm_trace_bits(kernel, "scenario", "line", 32, TLM_TRACE_DEC, 0);
    runner->trace.failures = tlm_trace_bits(kernel, "scenario", "failures", 32, TLM_TRACE_DEC, 0);
    runner->trace.failure = tlm_trace_text(kernel, "scenario", "failure", "");
    tlm_trace_view(kernel, "scenario", TLM_TRACE_RANK_STATEMENTS, false);
}

bool gtsim_scenario_run(const gtsim_scenario *scenario, gtsim_system *system, const gtsim_run_options *options,
                     gtsim_run_result *result)
{
    assert(scenario->error_count == 0 && !scenario->errors_truncated);
    gtsim_runner runner = {
        .scenario = scenario,
        .system = system,
        .kernel = gtsim_system_kernel(system),
        .out = options && options->out ? options->out : stdout,
        .errors = options && options->errors ? options->errors : stderr,
        .result = result,
    };
    static const gtsim_run_options no_limits = { 0 };
    runner.limits = options ? options : &no_limits;
    bool verbose = options && options->verbose;
    gtsim_trace_declare(&runner);
    tlm_trace_declared(runner.kernel); /* the system is built and the statement rows are in: the run starts */
    bool ok = true;
    for (size_t i = 0; i < scenario->statement_count && ok; i++) {
        const gtsim_statement *statement = &scenario->statements[i];
        tlm_trace_set(runner.kernel, runner.trace.statement, i + 1);
        tlm_trace_set(runner.kernel, runner.trace.line, statement->line);
        if (runner.trace.verb_of)
            tlm_trace_set(runner.kernel, runner.trace.verb, runner.trace.verb_of[i]);
        if (verbose) {
            gtsim_print_sim_time(runner.out, tlm_kernel_now(runner.kernel));
            fprintf(runner.out, " %s:%zu: ", scenario->name, statement->line);
            gtsim_statement_print(statement, runner.out);
            fputc('\n', runner.out);
        }
        uint64_t mismatches = gtsim_system_mismatches(system);
        uint64_t assertion_failures = gtsim_system_rtl_assertion_failures(system);
        if (!gtsim_verb_runs[statement->kind](&runner, statement)) {
            result->usage_error = true;
            ok = false;
            break;
        }
        if (runner.stopped) {
            result->time_limit_hit = true;
            break;
        }
        /* Divergences and RTL assertion failures are found by the system, not by an expect:
         * charge them to the statement during which they appeared. */
        if (gtsim_system_mismatches(system) > mismatches)
            gtsim_fail(&runner, statement, "lockstep mismatch (see log)");
        if (gtsim_system_rtl_assertion_failures(system) > assertion_failures)
            gtsim_fail(&runner, statement, "RTL assertion failed (see log)");
    }
    free(runner.trace.verb_of);
    free(runner.bells);
    return ok;
}
