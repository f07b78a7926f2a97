#include "tb_scenario_run.h"

#include <assert.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* Largest single bus payload a `mem` statement issues; longer statements are split so the
 * payload's 32-bit length can never overflow. */
#define TB_RUN_MAX_PAYLOAD_BYTES (UINT32_C(1) << 20)

typedef struct tb_runner {
    const tb_scenario *scenario;  /* for FILE in messages */
    tb_system *system;            /* what the statements drive */
    tlm_kernel *kernel;           /* the system's kernel, which owns time */
    FILE *out;                    /* where checks and read values are reported */
    FILE *errors;                 /* where usage errors go */
    tb_run_result *result;        /* the tally being added to */
    uint64_t next_correlation;    /* correlation id of the next payload, so log lines can be matched */
} tb_runner;

void tb_print_sim_time(FILE *out, tlm_time now)
{
    fprintf(out, "[%12" PRIu64 ".%03u ns]", now / 1000, (unsigned)(now % 1000));
}

tb_system_config tb_scenario_system_config(const tb_scenario *scenario, tb_block_mode roundtrip_mode,
                                           FILE *log_sink)
{
    return (tb_system_config){
        .profile = scenario->profile,
        .roundtrip_mode = roundtrip_mode,
        .log_sink = log_sink,
    };
}

/* ---- checks ---------------------------------------------------------------------------- */

static void tb_pass(tb_runner *runner)
{
    runner->result->passed++;
}

__attribute__((format(printf, 3, 4))) static void tb_fail(tb_runner *runner, const tb_statement *statement,
                                                          const char *format, ...)
{
    runner->result->failed++;
    fprintf(runner->out, "%s:%zu: ", runner->scenario->name, statement->line);
    va_list args;
    va_start(args, format);
    vfprintf(runner->out, format, args);
    va_end(args);
    fputc('\n', runner->out);
}

/* ---- time ------------------------------------------------------------------------------ */

/* Cycles of the GT clock as time; saturates rather than wraps (10^12 cycles of a slow clock). */
static tlm_time tb_cycles_to_time(const tb_runner *runner, uint64_t cycles)
{
    tlm_time period = tb_system_clock_period(runner->system);
    assert(period > 0);
    return cycles > TLM_TIME_MAX / period ? TLM_TIME_MAX : cycles * period;
}

/* Advances time; a kernel that cannot (zero-delay loop, stop) is a failed check, since the
 * statement did not get the time it asked for. */
static bool tb_advance(tb_runner *runner, const tb_statement *statement, tlm_time duration)
{
    tlm_run_status status = tlm_kernel_run_for(runner->kernel, duration);
    if (status == TLM_RUN_TIME_REACHED)
        return true;
    tb_fail(runner, statement, "expected time to advance, got %s (see log)", tlm_run_status_name(status));
    return false;
}

/* ---- bus ------------------------------------------------------------------------------- */

/* One host access; the time it took is run on the kernel before the next statement, as a
 * host that waits for each access would. Returns whether the bus answered OK (one check). */
static bool tb_access(tb_runner *runner, const tb_statement *statement, const tlm_target *target,
                      tlm_address_space space, tlm_command command, uint64_t address, uint8_t *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.address_space = space;
    payload.initiator_id = TB_SCENARIO_HOST_INITIATOR;
    payload.correlation_id = ++runner->next_correlation;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    bool ok = tlm_response_is_ok(&payload);
    if (ok)
        tb_pass(runner);
    else if (space == TLM_SPACE_MMIO)
        tb_fail(runner, statement, "mmio %s 0x%08" PRIx64 ": bus error %s", tlm_command_name(command), address,
                tlm_response_name(payload.response));
    else
        tb_fail(runner, statement, "mem %s 0x%012" PRIx64 ": bus error %s", tlm_command_name(command), address,
                tlm_response_name(payload.response));
    tb_advance(runner, statement, delay);
    return ok;
}

static void tb_put_le32(uint8_t *bytes, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}

static uint32_t tb_get_le32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* ---- statements ------------------------------------------------------------------------ */

static void tb_run_mmio_write(tb_runner *runner, const tb_statement *statement)
{
    uint8_t bytes[4];
    tb_put_le32(bytes, statement->value);
    tb_access(runner, statement, tb_system_mmio(runner->system), TLM_SPACE_MMIO, TLM_WRITE_COMMAND,
              statement->address, bytes, 4);
}

static void tb_run_mmio_read(tb_runner *runner, const tb_statement *statement)
{
    uint8_t bytes[4] = { 0 };
    /* After a bus error the data means nothing: the error is the one failure reported. */
    if (!tb_access(runner, statement, tb_system_mmio(runner->system), TLM_SPACE_MMIO, TLM_READ_COMMAND,
                   statement->address, bytes, 4))
        return;
    uint32_t got = tb_get_le32(bytes);
    if (!statement->has_expect) {
        fprintf(runner->out, "%s:%zu: mmio read 0x%08" PRIx64 " = 0x%08" PRIx32 "\n", runner->scenario->name,
                statement->line, statement->address, got);
        return;
    }
    uint32_t mask = statement->mask;
    if ((got & mask) == (statement->value & mask))
        tb_pass(runner);
    else if (mask == UINT32_MAX)
        tb_fail(runner, statement, "expected 0x%08" PRIx32 ", got 0x%08" PRIx32, statement->value, got);
    else
        tb_fail(runner, statement, "expected 0x%08" PRIx32 " (mask 0x%08" PRIx32 "), got 0x%08" PRIx32 " (0x%08" PRIx32
                " under the mask)", statement->value & mask, mask, got, got & mask);
}

/* mem write and mem read: the dwords go in payloads of at most TB_RUN_MAX_PAYLOAD_BYTES; the
 * statement's bus response is one check, failed at the first payload the bus refuses. */
static void tb_run_mem(tb_runner *runner, const tb_statement *statement)
{
    bool write = statement->kind == TB_STMT_MEM_WRITE;
    size_t count = write || statement->has_expect ? statement->dword_count : 1;
    size_t bytes_total = count * 4;
    uint8_t *bytes = calloc(bytes_total, 1);
    if (!bytes) {
        fputs("gtsim: out of memory\n", stderr);
        abort();
    }
    if (write) {
        for (size_t i = 0; i < count; i++)
            tb_put_le32(bytes + 4 * i, statement->dwords[i]);
    }
    const tlm_target *memory = tb_system_memory(runner->system);
    uint64_t passed_before = runner->result->passed;
    bool ok = true;
    for (size_t done = 0; done < bytes_total && ok;) {
        size_t chunk = bytes_total - done < TB_RUN_MAX_PAYLOAD_BYTES ? bytes_total - done : TB_RUN_MAX_PAYLOAD_BYTES;
        ok = tb_access(runner, statement, memory, TLM_SPACE_GGTT, write ? TLM_WRITE_COMMAND : TLM_READ_COMMAND,
                       statement->address + done, bytes + done, (uint32_t)chunk);
        done += chunk;
    }
    runner->result->passed = passed_before + (ok ? 1 : 0); /* one check for the whole statement */
    if (ok && !write) {
        if (!statement->has_expect) {
            fprintf(runner->out, "%s:%zu: mem read 0x%012" PRIx64 " = 0x%08" PRIx32 "\n", runner->scenario->name,
                    statement->line, statement->address, tb_get_le32(bytes));
        } else {
            for (size_t i = 0; i < count; i++) {
                uint32_t got = tb_get_le32(bytes + 4 * i);
                if (got == statement->dwords[i])
                    tb_pass(runner);
                else
                    tb_fail(runner, statement, "expected 0x%08" PRIx32 " at 0x%012" PRIx64 ", got 0x%08" PRIx32,
                            statement->dwords[i], statement->address + 4 * (uint64_t)i, got);
            }
        }
    }
    free(bytes);
}

/* Until no event is pending and the system says it is idle, within the bound. A kernel with no
 * work left while the system still reports busy (work that waits on clock edges, which are
 * background events) is stepped a clock period at a time: the bound still holds. */
static void tb_run_idle(tb_runner *runner, const tb_statement *statement)
{
    tlm_time start = tlm_kernel_now(runner->kernel);
    tlm_time deadline = tlm_time_add_saturating(start, tb_cycles_to_time(runner, statement->cycles));
    tlm_time period = tb_system_clock_period(runner->system);
    for (;;) {
        tlm_time now = tlm_kernel_now(runner->kernel);
        tlm_run_status status = tlm_kernel_run_until_idle(runner->kernel, deadline - now);
        if (status != TLM_RUN_IDLE && status != TLM_RUN_BOUND_HIT) {
            tb_fail(runner, statement, "expected idle within %" PRIu64 " cycles, got %s (see log)", statement->cycles,
                    tlm_run_status_name(status));
            return;
        }
        if (status == TLM_RUN_IDLE && tb_system_idle(runner->system)) {
            tb_pass(runner);
            return;
        }
        now = tlm_kernel_now(runner->kernel);
        if (now >= deadline) {
            tb_fail(runner, statement, "expected idle within %" PRIu64 " cycles, got busy", statement->cycles);
            return;
        }
        if (!tb_advance(runner, statement, deadline - now < period ? deadline - now : period))
            return;
    }
}

static void tb_run_expect_irq(tb_runner *runner, const tb_statement *statement)
{
    uint64_t level = tlm_signal_get(tb_system_host_irq(runner->system));
    if (level == statement->level)
        tb_pass(runner);
    else
        tb_fail(runner, statement, "expected irq %u, got %" PRIu64, statement->level, level);
}

/* False on a usage error (the system has no interrupt aggregator). */
static bool tb_run_irq_raise(tb_runner *runner, const tb_statement *statement)
{
    char message[256] = "";
    if (!tb_system_irq_raise(runner->system, statement->engine_class, statement->instance, statement->data, message,
                             sizeof message)) {
        fflush(runner->out); /* so the usage error comes after everything the run printed */
        fprintf(runner->errors, "%s:%zu:%zu: %s\n", runner->scenario->name, statement->line, statement->column,
                message[0] ? message : "irq raise: the system cannot deliver engine interrupts");
        return false;
    }
    tb_advance(runner, statement, 0); /* whatever the message set off at this time */
    return true;
}

static bool tb_run_statement(tb_runner *runner, const tb_statement *statement)
{
    switch (statement->kind) {
    case TB_STMT_MMIO_WRITE: tb_run_mmio_write(runner, statement); break;
    case TB_STMT_MMIO_READ: tb_run_mmio_read(runner, statement); break;
    case TB_STMT_MEM_WRITE:
    case TB_STMT_MEM_READ: tb_run_mem(runner, statement); break;
    case TB_STMT_IRQ_RAISE: return tb_run_irq_raise(runner, statement);
    case TB_STMT_RUN: tb_advance(runner, statement, tb_cycles_to_time(runner, statement->cycles)); break;
    case TB_STMT_RUN_IDLE: tb_run_idle(runner, statement); break;
    case TB_STMT_EXPECT_IRQ: tb_run_expect_irq(runner, statement); break;
    }
    return true;
}

bool tb_scenario_run(const tb_scenario *scenario, tb_system *system, const tb_run_options *options,
                     tb_run_result *result)
{
    assert(scenario->error_count == 0 && !scenario->errors_truncated);
    tb_runner runner = {
        .scenario = scenario,
        .system = system,
        .kernel = tb_system_kernel(system),
        .out = options && options->out ? options->out : stdout,
        .errors = options && options->errors ? options->errors : stderr,
        .result = result,
    };
    bool verbose = options && options->verbose;
    for (size_t i = 0; i < scenario->statement_count; i++) {
        const tb_statement *statement = &scenario->statements[i];
        if (verbose) {
            tb_print_sim_time(runner.out, tlm_kernel_now(runner.kernel));
            fprintf(runner.out, " %s:%zu: ", scenario->name, statement->line);
            tb_statement_print(statement, runner.out);
            fputc('\n', runner.out);
        }
        uint64_t mismatches = tb_system_mismatches(system);
        uint64_t assertion_failures = tb_system_rtl_assertion_failures(system);
        if (!tb_run_statement(&runner, statement)) {
            result->usage_error = true;
            return false;
        }
        /* Divergences and RTL assertion failures are found by the system, not by an expect:
         * charge them to the statement during which they appeared. */
        if (tb_system_mismatches(system) > mismatches)
            tb_fail(&runner, statement, "lockstep mismatch (see log)");
        if (tb_system_rtl_assertion_failures(system) > assertion_failures)
            tb_fail(&runner, statement, "RTL assertion failed (see log)");
    }
    return true;
}
