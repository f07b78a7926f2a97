/* The command streamer engine (cs_engine.h, docs/reference/cs.md): creation, reset, the parser's state
 * machine and its step, one command per kernel event. The engine's other concerns live in
 * files beside this one and share cs_engine_internal.h (the model and the internal calls):
 *
 *   cs_ring.c          ring registers, HEAD advance/wrap/report, the memory port, command fetch
 *   cs_mi.c            a command executed by its kind: the MI commands, MI_ATOMIC, predication
 *   cs_batch.c         batch levels and chaining, MI_CONDITIONAL_BATCH_BUFFER_END, privilege
 *   cs_semaphore.c     gen6 mailboxes, gen12 waits and signals between peer engines
 *   cs_context_gen6.c  gen6 MI_SET_CONTEXT and its context image
 *   cs_watchdog.c      the watchdog counter
 *   cs_irq.c           interrupt status and events, errors, sync flushes, page faults
 *   cs_mmio.c          the registers: which exist, read/write side effects, timestamps, LRI/SRM access
 *   cs_ports.c         the EU-array port (walkers, CS stalls), the pipeline port, the statistics port
 *   cs_event_log.c     the event log
 *   cs_execlist.c, cs_context.c, cs_math.c: gen12 execlists, the context image writer, the ALU
 *
 * Design note: the parser's states. cs_engine_get_state (the waveform "state" row) derives them
 * from flags of the model, in this order; step() runs one command while runnable() holds, and
 * kick(), called after every register write, completion and wake-up, schedules the next step.
 *
 *   HALTED     an Instruction Parser error (an unknown, short or not-accepted command, MI_FLUSH with
 *              MI_FLUSH Enable clear, the test bound on batch dwords) or a fetch the memory refused:
 *              HEAD stays at the command. Left only by disabling the ring or an engine reset.
 *   WAITING    starved: the command at HEAD runs past TAIL (a TAIL, HEAD or START write ends it);
 *              semaphore_waiting: a semaphore compare failed (re-run by the poll event every
 *              CS_SEMAPHORE_POLL_CYCLES, or at once by a gen12 signal naming this engine);
 *              walker_stalled: a CS stall with walker work outstanding (ended by the last completion
 *              or after CS_WALKER_STALL_CYCLES); RB_WAIT: MI_WAIT_FOR_EVENT on a blank (software
 *              clears it). Disabling the ring ends every wait.
 *   IDLE       no step scheduled: the ring disabled or empty (HEAD == TAIL in the ring), MI_MODE Stop
 *              Rings, RESET_CTL Request Reset, or yielded at an arbitration point while an execlist
 *              switch is pending (until the execlist resumes the engine). Reset enters it.
 *   FETCHING   a step scheduled, the last one having read a new cacheline;
 *   EXECUTING  or having run from the cacheline fetched already.
 *
 * Beside the state, the batch level: 0 the ring; MI_BATCH_BUFFER_START enters level 1, or level 2
 * from a gen12 first-level batch as a second-level batch, and otherwise chains (the new batch
 * replaces the running one); MI_BATCH_BUFFER_END and a true MI_CONDITIONAL_BATCH_BUFFER_END
 * return one level; disabling the ring, UHPTR preemption and a context restore return to the
 * ring. The ring empty in the ring with nothing waiting is the execlist's "context complete". */
#include "cs_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_engine_internal.h"
#include "tlm_alloc.h"

/* Whether the engine has a command it may execute now. */
bool cs_runnable(cs_engine_model *model)
{
    if (!cs_ring_enabled(model) || model->halted || model->starved || model->walker_stalled ||
        model->semaphore_waiting || model->yielded)
        return false;
    if (*cs_reg(model, CS_MI_MODE_INDEX) & CS_MI_MODE_STOP_RINGS_MASK)
        return false;
    /* i915 gen8_engine_reset_prepare: a requested reset stops the engine (READY_TO_RESET). */
    if (*cs_reg(model, CS_RESET_CTL_INDEX) & CS_RESET_CTL_REQUEST_RESET_MASK)
        return false;
    if (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)
        return false;
    if (model->level > 0)
        return true;
    return cs_ring_geometry_valid(model) && cs_ring_head(model) != cs_ring_tail(model);
}

/* ---- waveform rows ----------------------------------------------------------------------- */

static void trace_row(cs_engine_model *model, tlm_trace_id id, unsigned slot, uint64_t value)
{
    if (id == TLM_TRACE_NONE || model->rows.last[slot] == value)
        return;
    model->rows.last[slot] = value;
    tlm_trace_set(model->kernel, id, value);
}

static void declare_rows(cs_engine_model *model, const char *name, size_t count)
{
    tlm_kernel *kernel = model->kernel;
    if (!tlm_trace_on(kernel))
        return;
    static const tlm_trace_enum_entry states[] = {
        { CS_STATE_IDLE, "idle" },       { CS_STATE_FETCHING, "fetching" }, { CS_STATE_EXECUTING, "executing" },
        { CS_STATE_WAITING, "waiting" }, { CS_STATE_HALTED, "halted" },
    };
    tlm_trace_enum_entry *mnemonics = tlm_alloc_zeroed(count + 1u, sizeof *mnemonics);
    mnemonics[0] = (tlm_trace_enum_entry){ 0, "-" };
    for (size_t i = 0; i < count; i++)
        mnemonics[i + 1u] = (tlm_trace_enum_entry){ i + 1u, model->commands[i].name };
    char enum_name[64];
    snprintf(enum_name, sizeof enum_name, "cs_%s_commands", cs_profile_get(model->config.profile)->name);
    uint32_t command_enum = tlm_trace_enumeration(kernel, enum_name, mnemonics, count + 1u);
    free(mnemonics);
    unsigned width = 1;
    while (width < 32u && (UINT64_C(1) << width) <= count)
        width++;
    model->rows.head = tlm_trace_bits(kernel, name, "head", 32, TLM_TRACE_HEX, 0);
    model->rows.tail = tlm_trace_bits(kernel, name, "tail", 32, TLM_TRACE_HEX, 0);
    model->rows.state = tlm_trace_enum(kernel, name, "state", 3,
                                       tlm_trace_enumeration(kernel, "cs_state", states, 5), CS_STATE_IDLE);
    model->rows.level = tlm_trace_bits(kernel, name, "batch_level", 2, TLM_TRACE_DEC, 0);
    model->rows.command = tlm_trace_enum(kernel, name, "command", width, command_enum, 0);
}

/* ---- status and scheduling --------------------------------------------------------------- */

/* MI_MODE Rings Idle (i915 MODE_IDLE) and the batch registers follow the parser's state. */
void cs_update_status(cs_engine_model *model)
{
    uint32_t *mode = cs_reg(model, CS_MI_MODE_INDEX);
    *mode = cs_step_due(model) ? *mode & ~CS_MI_MODE_RINGS_IDLE_MASK
                                            : *mode | CS_MI_MODE_RINGS_IDLE_MASK;
    if (model->level > 0) {
        *cs_reg(model, CS_BB_ADDR_INDEX) = ((uint32_t)model->batch_pc[model->level] & CS_BB_ADDR_ADDRESS_MASK) |
                                           CS_BB_ADDR_VALID_MASK;
        *cs_reg(model, CS_BB_ADDR_UDW_INDEX) = (uint32_t)(model->batch_pc[model->level] >> 32) & CS_BB_ADDR_UDW_ADDRESS_MASK;
        *cs_reg(model, CS_BB_STATE_INDEX) = model->batch_secure[model->level] ? 0 : CS_BB_STATE_SECURITY_MASK;
    } else {
        *cs_reg(model, CS_BB_ADDR_INDEX) &= ~CS_BB_ADDR_VALID_MASK;
        *cs_reg(model, CS_BB_STATE_INDEX) = 0;
    }
    model->status_stale = false;
    tlm_register_file_trace_sync(&model->registers);
    if (model->rows.state != TLM_TRACE_NONE) {
        cs_engine_state state = cs_engine_get_state(model);
        trace_row(model, model->rows.head, 0, cs_ring_head(model));
        trace_row(model, model->rows.tail, 1, cs_ring_tail(model));
        trace_row(model, model->rows.state, 2, state);
        trace_row(model, model->rows.level, 3, model->level);
        bool running = state == CS_STATE_EXECUTING || state == CS_STATE_FETCHING;
        trace_row(model, model->rows.command, 4, running ? model->rows.executing : 0u);
    }
}

/* Execlists (cs_execlist.h): the loaded ring has nothing left to run, in the ring (not in a
 * batch) and not waiting for anything: its context is complete. A disabled ring has nothing. */
static bool execlist_ring_idle(void *engine)
{
    cs_engine_model *model = engine;
    return !model->stepping && !model->restoring && !cs_step_due(model) && model->level == 0 &&
           !model->halted &&
           !model->starved && !model->walker_stalled && !model->semaphore_waiting &&
           (!cs_ring_enabled(model) || cs_ring_head(model) == cs_ring_tail(model));
}

/* Schedules the next step if there is work and none is pending. */
void cs_kick(cs_engine_model *model, tlm_time delay)
{
    if (model->restoring)
        return; /* an image is being loaded: execlist_resume kicks once it is whole */
    if (cs_ring_enabled(model) && model->level == 0 && !cs_ring_geometry_valid(model)) {
        if (!model->geometry_logged)
            tlm_log_error(model->log, "ring not parsed: HEAD 0x%x or TAIL 0x%x beyond the %u-byte buffer",
                          cs_ring_head(model), cs_ring_tail(model), cs_ring_size(model));
        model->geometry_logged = true;
    }
    /* A register write made by the command being executed (LRI to TAIL, say) does not start a
     * step early: the step in progress reschedules after its cost. */
    if (!model->stepping && !cs_step_due(model) && cs_runnable(model))
        tlm_event_notify(model->kernel, &model->step, delay);
    if (model->execlist && execlist_ring_idle(model))
        cs_execlist_ring_empty(model->execlist);
    cs_update_status(model);
}

/* ---- arbitration (docs/reference/cs.md "Preemption and arbitration") ---------------------------------- */

/* An arbitration point: MI_ARB_CHECK, a semaphore wait that fails (i915 emit_preempt_busywait
 * relies on it), MI_WAIT_FOR_EVENT waiting, the end of a batch buffer, and the ring going
 * idle (context complete, cs_execlist_ring_empty). With arbitration enabled (MI_ARB_ON_OFF) and
 * an execlist load waiting, the engine yields: it stops here and the execlist switches (or
 * lite-restores) the context. A second-level batch is not left for a switch (a **choice**: the
 * image holds the first level's position only). True when the engine yielded. */
bool cs_arbitration_point(cs_engine_model *model)
{
    if (!model->execlist || !model->arbitration || model->level > 1 ||
        !cs_execlist_switch_pending(model->execlist))
        return false;
    model->yielded = true;
    model->stats.yields++;
    cs_execlist_arbitration_point(model->execlist);
    return true;
}

/* One command: fetch, check, advance, execute. Returns the dwords parsed (0: nothing run). */
static uint32_t step_once(cs_engine_model *model)
{
    cs_decoded decoded;
    uint64_t at = 0; /* the command's address: HEAD (or the batch's) stays until it is parsed */
    uint32_t length = cs_fetch_command(model, &decoded, &at);
    if (!length)
        return 0;
    cs_capture_command(model, decoded.header, at);
    if (decoded.command)
        model->rows.executing = (uint32_t)(decoded.command - model->commands) + 1u;
    if (decoded.status == 0 && cs_stall_waits(model, &decoded))
        return 0; /* not parsed yet: it runs when the walkers complete */
    if (decoded.status == 0 &&
        (model->kinds[decoded.command - model->commands] == EXEC_SEMAPHORE_MBOX ||
         model->kinds[decoded.command - model->commands] == EXEC_SEMAPHORE_WAIT) &&
        cs_semaphore_waits(model, &decoded))
        return 0; /* not parsed yet: it runs again at the next poll */
    model->stats.commands++;
    model->stats.dwords += length;
    if (decoded.status & (CS_DECODE_UNKNOWN | CS_DECODE_SHORT | CS_DECODE_NOT_ACCEPTED | CS_DECODE_TRUNCATED)) {
        /* Instruction Parser error (spec 000 §1.1.7.3); the parser stops at the command. */
        tlm_log_error(model->log, "instruction parser error at 0x%llx: header 0x%08x (%s%s%s)",
                      (unsigned long long)at, decoded.header,
                      decoded.status & CS_DECODE_UNKNOWN ? "unknown" : "",
                      decoded.status & CS_DECODE_SHORT ? "shorter than its fields" : "",
                      decoded.status & CS_DECODE_NOT_ACCEPTED ? "not accepted by this engine" : "");
        cs_halt(model, ERR_INSTRUCTION_PARSER);
        return length;
    }
    model->executed[decoded.command - model->commands]++; /* coverage: cs_engine_command_count */
    model->command_at = at;
    bool in_batch = model->level > 0;
    if (in_batch) {
        model->batch_dwords += length;
        if (model->config.batch_dword_limit && model->batch_dwords > model->config.batch_dword_limit) {
            tlm_log_error(model->log, "more than %u batch dwords without returning to the ring",
                          model->config.batch_dword_limit);
            cs_halt(model, ERR_INSTRUCTION_PARSER);
            return length;
        }
        model->batch_pc[model->level] += 4u * (uint64_t)length;
    } else {
        cs_advance_head(model, length);
    }
    exec_kind kind = model->kinds[decoded.command - model->commands];
    if (in_batch && !cs_batch_permits(model, &decoded))
        return length; /* dropped, or converted to MI_NOOP */
    if (cs_instpm_disabled(model, &decoded)) {
        model->stats.instpm_disabled++;
        return length; /* parsed, not executed (INSTPM) */
    }
    if (model->set_predicate && !cs_set_predicate_exempt(kind, &decoded) && cs_set_predicate_drops(model)) {
        model->stats.predicated++;
        return length; /* MI_SET_PREDICATE: dropped as a NOOP */
    }
    cs_execute(model, kind, &decoded);
    return length;
}

/* The step event: one command, and then, while nothing else can happen before the next one,
 * the next (temporal decoupling, docs/reference/cs.md "Temporal decoupling"). Each command runs
 * at the kernel time its own event would have had: the keeper moves kernel time on only when
 * no other event is due before and the run goes that far (tlm_qk_sync_inline), so every block,
 * waveform and log line sees what one event per command gives. Simple commands skip the
 * bookkeeping between commands that they cannot affect (cs_simple.c). */
static void step(void *context)
{
    cs_engine_model *model = context;
    tlm_qk_reset(&model->keeper);
    bool runnable = cs_runnable(model);
    bool simple = cs_simple_allowed(model);
    for (;;) {
        uint64_t fetches = model->stats.fetches;
        model->rows.executing = 0;
        model->bus_delay = 0;
        model->stepping = true;
        int dwords = runnable && simple ? cs_simple_run(model) : CS_SIMPLE_NONE;
        if (dwords == CS_SIMPLE_ENDED)
            return;
        /* The general path: a command that is not simple, or one that raised an error. */
        cs_simple_flush(model);
        if (dwords == CS_SIMPLE_NONE)
            dwords = runnable ? (int)step_once(model) : 0;
        model->stepping = false;
        model->rows.fetched = model->stats.fetches != fetches;
        tlm_time cost =
            (tlm_time)(CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD * (uint32_t)dwords) * model->config.clock_period +
            model->bus_delay;
        runnable = cs_runnable(model);
        if (model->restoring || !runnable || tlm_event_pending(&model->step)) {
            cs_kick(model, cost); /* no next step, or one scheduled already */
            return;
        }
        /* cs_kick as if the next step were scheduled at `cost`, then go on with it in this
         * event if the kernel would run it next. */
        model->ahead = true;
        cs_kick(model, cost);
        model->ahead = false;
        tlm_qk_inc(&model->keeper, cost);
        if (!tlm_qk_sync_inline(&model->keeper)) {
            tlm_event_notify(model->kernel, &model->step, cost);
            return;
        }
        /* Still runnable: what cs_kick did after the check changes no state it reads. */
        model->stats.back_to_back++;
        simple = cs_simple_allowed(model);
    }
}

/* ---- execlists: what cs_execlist.c asks of the engine (cs_execlist_host) ------------------ */

/* The context switch event: a pulse, like User Interrupt (spec 000 §1.1.7 bit 8). */
static void execlist_event(void *engine, uint32_t bits)
{
    cs_engine_model *model = engine;
    cs_send_event(model, bits);
    cs_isr_changed(model, bits);
}

/* A switch is over. A context was loaded (or none): its ring registers are new; the parser
 * starts from the ring, or inside the first-level batch the image's BB_ADDR names when it is
 * valid (a context preempted in its batch), and the waits of the context switched away are
 * dropped. A lite restore (restored false) goes on where the engine stopped. */
static void execlist_resume(void *engine, tlm_time delay, bool restored)
{
    cs_engine_model *model = engine;
    model->yielded = false;
    if (restored) {
        cs_leave_batches(model);
        uint32_t bb = *cs_reg(model, CS_BB_ADDR_INDEX);
        if (bb & CS_BB_ADDR_VALID_MASK) {
            model->level = 1;
            model->batch_pc[1] = (bb & CS_BB_ADDR_ADDRESS_MASK) | (uint64_t)*cs_reg(model, CS_BB_ADDR_UDW_INDEX) << 32;
            model->batch_secure[1] = !(*cs_reg(model, CS_BB_STATE_INDEX) & CS_BB_STATE_SECURITY_MASK);
        }
        model->semaphore_waiting = false;
        tlm_event_cancel(model->kernel, &model->semaphore_poll);
        model->ctx_clock = cs_execlist_active(model->execlist);
        model->ctx_base = *cs_reg(model, CS_CTX_TIMESTAMP_INDEX);
        model->ctx_since = tlm_kernel_now(model->kernel);
        uint32_t id = 0;
        bool has_context = cs_execlist_context_id(model->execlist, &id);
        if (model->config.walker.context_switch)
            model->config.walker.context_switch(model->config.walker.context, has_context, id);
    }
    model->starved = false;
    model->line_valid = false;
    model->geometry_logged = false;
    cs_kick(model, delay);
}

static bool execlist_yielded(void *engine)
{
    return ((cs_engine_model *)engine)->yielded;
}

/* A load arrived while a context runs: a parser waiting at an arbitration point (a failing
 * semaphore wait, MI_WAIT_FOR_EVENT) yields at once rather than at its next poll. */
static void execlist_arbitrate(void *engine)
{
    cs_engine_model *model = engine;
    if (!model->yielded && (model->semaphore_waiting || (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)))
        cs_arbitration_point(model);
}

/* Before a save: CTX_TIMESTAMP stops and holds the context's run time. */
static void execlist_context_out(void *engine)
{
    cs_engine_model *model = engine;
    *cs_reg(model, CS_CTX_TIMESTAMP_INDEX) = cs_ctx_timestamp(model);
    model->ctx_clock = false;
}

/* The engine context of an image moves through cs_register_access, the path MI_LOAD_REGISTER_IMM
 * and MI_STORE_REGISTER_MEM take (side effects included: MI_MODE, INSTPM, the watchdog). A
 * register with no writable bit is not restored (the timestamp counts on its own). The parser
 * is not started from inside: execlist_resume does that once the whole image is loaded. */
static void execlist_write_register(void *engine, uint32_t offset, uint32_t value)
{
    cs_engine_model *model = engine;
    int32_t index = tlm_register_find(model->registers.block, offset);
    if (index < 0)
        return;
    const tlm_register_desc *desc = &model->registers.block->registers[index];
    if (!(desc->rw_mask | desc->w1c_mask | desc->w1s_mask))
        return;
    model->restoring = true;
    cs_register_access(model, TLM_CMD_WRITE, (uint32_t)(model->config.mmio_base + offset), &value, 0);
    model->restoring = false;
}

static uint32_t execlist_read_register(void *engine, uint32_t offset)
{
    cs_engine_model *model = engine;
    uint32_t value = 0;
    model->restoring = true;
    cs_register_access(model, TLM_CMD_READ, (uint32_t)(model->config.mmio_base + offset), &value, 0);
    model->restoring = false;
    return value;
}

/* The names of the hot fields (cs_hot_field order). */
static const char *const hot_names[CS_HF_COUNT] = {
    [CS_HF_NOP_ID_WRITE] = "nop_id_write", [CS_HF_NOP_ID] = "nop_id",
    [CS_HF_ADDRESS] = "address",           [CS_HF_DATA] = "data",
    [CS_HF_DATA_HI] = "data_hi",           [CS_HF_SECURITY] = "security",
    [CS_HF_ADDRESS_SPACE] = "address_space", [CS_HF_PREDICATION] = "predication",
    [CS_HF_SECOND_LEVEL] = "second_level", [CS_HF_ENCRYPTED] = "encrypted",
    [CS_HF_LRI_POST_SYNC] = "lri_post_sync", [CS_HF_POST_SYNC] = "post_sync",
    [CS_HF_STORE_INDEX] = "store_index",   [CS_HF_NOTIFY] = "notify",
    [CS_HF_CS_STALL] = "cs_stall",
};

/* Resolves the hot fields of one table entry: a name with a single fixed field reads it
 * directly; a name that also names group fields, or several fields, goes by name. */
static void resolve_hot_fields(const cs_command *command, cs_hot_slot *slots)
{
    for (unsigned which = 0; which < CS_HF_COUNT; which++) {
        unsigned matches = 0;
        const cs_field *found = NULL;
        for (size_t i = 0; i < command->field_count; i++)
            if (strcmp(command->fields[i].name, hot_names[which]) == 0) {
                matches++;
                found = &command->fields[i];
            }
        for (size_t i = 0; i < command->group_field_count; i++)
            if (strcmp(command->group_fields[i].name, hot_names[which]) == 0)
                matches += 2;
        slots[which] = (cs_hot_slot){ .field = matches == 1 ? found : NULL, .by_name = matches > 1 };
        if (matches == 1) {
            slots[which].end = (uint8_t)(found->dword + cs_field_span(found));
            slots[which].lo = found->lo;
            slots[which].two = cs_field_span(found) > 1;
            slots[which].address = found->format == CS_FMT_ADDR;
            slots[which].mask = cs_field_raw_max(found);
        }
    }
}

/* ---- reset and init ------------------------------------------------------------------- */

void cs_engine_reset(cs_engine_model *model)
{
    tlm_event_cancel(model->kernel, &model->step);
    tlm_event_cancel(model->kernel, &model->stall_timeout);
    tlm_event_cancel(model->kernel, &model->semaphore_poll);
    tlm_event_cancel(model->kernel, &model->watchdog_expire);
    model->watchdog_running = false;
    model->semaphore_waiting = false;
    /* Arbitration is on out of reset (a **choice**, docs/reference/cs.md "Preemption and arbitration"). */
    model->arbitration = true;
    model->yielded = false;
    model->restoring = false;
    model->ctx_clock = false;
    model->ctx_base = 0;
    model->walkers_outstanding = 0;
    model->walker_stalled = false;
    model->walker_generation++;
    tlm_register_file_reset(&model->registers);
    cs_execlist_reset(model->execlist);
    cs_leave_batches(model);
    model->set_predicate = 0;
    model->alu = (cs_math_alu){ 0 };
    model->halted = false;
    model->starved = false;
    model->geometry_logged = false;
    model->isr = 0;
    model->threads_base = 0;
    model->threads_mark = cs_port_threads(model);
    cs_update_status(model);
}

cs_engine_model *cs_engine_create(tlm_kernel *kernel, const char *name, const cs_engine_config *config)
{
    const cs_profile_info *info = cs_profile_get(config->profile);
    if (!info || (unsigned)config->engine >= CS_ENGINE_COUNT || !info->engines[config->engine].present ||
        !config->memory)
        return NULL;
    cs_engine_model *model = tlm_alloc_zeroed(1, sizeof *model);
    model->config = *config;
    model->kernel = kernel;
    model->class_id = info->engines[config->engine].class_id;
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    size_t count = 0;
    model->commands = cs_profile_commands(config->profile, &count);
    model->kinds = tlm_alloc_zeroed(count ? count : 1, sizeof *model->kinds);
    model->command_count = count;
    model->executed = tlm_alloc_zeroed(count ? count : 1, sizeof *model->executed);
    model->hot = tlm_alloc_zeroed((count ? count : 1) * CS_HF_COUNT, sizeof *model->hot);
    model->hot_names = hot_names;
    cs_decoder_init(&model->decoder, config->profile, config->engine);
    model->pipe_control = cs_find_command(config->profile, "PIPE_CONTROL");
    model->palette_load[0] = cs_find_command(config->profile, "3DSTATE_SAMPLER_PALETTE_LOAD0");
    model->palette_load[1] = cs_find_command(config->profile, "3DSTATE_SAMPLER_PALETTE_LOAD1");
    uint32_t capacity = 1;
    for (size_t i = 0; i < count; i++) {
        resolve_hot_fields(&model->commands[i], &model->hot[i * CS_HF_COUNT]);
        model->kinds[i] = cs_exec_kind_of(model->commands[i].name);
        if (model->kinds[i] == EXEC_NOT_MODELLED && (model->commands[i].match_value >> 29) != 0)
            model->kinds[i] = EXEC_PIPELINE; /* every non-MI command the front end does not own */
        uint32_t longest = cs_command_max_encodable(&model->commands[i]);
        if (longest > capacity)
            capacity = longest;
    }
    model->command_capacity = capacity;
    model->command = tlm_alloc_zeroed(capacity, sizeof *model->command);
    tlm_qk_init(&model->keeper, kernel, config->event_per_command ? 0 : config->quantum ? config->quantum : CS_QUANTUM);
    /* A debugging knob (docs/reference/cs.md "Temporal decoupling"): GTSIM_CS_QUANTUM=<ps>
     * overrides the quantum of every engine, 0 forcing one event per command, so any test,
     * scenario or waveform can be compared between the two modes. */
    const char *forced = getenv("GTSIM_CS_QUANTUM");
    if (forced && *forced)
        model->keeper.quantum = (tlm_time)strtoull(forced, NULL, 0);
    tlm_event_init(&model->step, name, step, model);
    tlm_event_init(&model->stall_timeout, name, cs_stall_timed_out, model);
    tlm_event_init(&model->semaphore_poll, name, cs_semaphore_poll, model);
    tlm_event_init(&model->watchdog_expire, name, cs_watchdog_expired, model);
    tlm_event_set_background(&model->watchdog_expire, true);
    tlm_register_file_init(&model->registers, &cs_regs, model->log);
    model->registers.on_write = cs_register_written;
    model->registers.on_read = cs_register_read;
    model->registers.context = model;
    tlm_register_file_trace(&model->registers, kernel, name);
    declare_rows(model, name, count);
    model->as_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = cs_b_transport,
        .transport_dbg = cs_transport_dbg,
    };
    model->hws_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = cs_hws_b_transport,
    };
    if (config->profile == CS_PROFILE_GEN12) {
        cs_execlist_host host = {
            .engine = model,
            .kernel = kernel,
            .log = model->log,
            .registers = &model->registers,
            .memory = config->memory,
            .mmio_base = config->mmio_base,
            .engine_class = model->class_id,
            .instance = config->instance,
            .clock_period = config->clock_period,
            .event = execlist_event,
            .resume = execlist_resume,
            .ring_idle = execlist_ring_idle,
            .yielded = execlist_yielded,
            .arbitrate = execlist_arbitrate,
            .context_out = execlist_context_out,
            .write_register = execlist_write_register,
            .read_register = execlist_read_register,
        };
        model->execlist = cs_execlist_create(&host, name);
    }
    cs_engine_reset(model);
    return model;
}

void cs_engine_destroy(cs_engine_model *model)
{
    if (!model)
        return;
    tlm_event_cancel(model->kernel, &model->step);
    tlm_event_cancel(model->kernel, &model->stall_timeout);
    tlm_event_cancel(model->kernel, &model->semaphore_poll);
    tlm_event_cancel(model->kernel, &model->watchdog_expire);
    cs_execlist_destroy(model->execlist);
    tlm_register_file_destroy(&model->registers);
    cs_engine_clear_events(model);
    free(model->command);
    free(model->kinds);
    free(model->hot);
    cs_decoder_destroy(&model->decoder);
    free(model->executed);
    free(model);
}

void cs_engine_set_quantum(cs_engine_model *model, tlm_time quantum)
{
    model->keeper.quantum = quantum;
}

tlm_time cs_engine_quantum(const cs_engine_model *model)
{
    return model->keeper.quantum;
}

uint64_t cs_engine_command_count(const cs_engine_model *model, const cs_command *command)
{
    if (!model || !command || command < model->commands || command >= model->commands + model->command_count)
        return 0;
    return model->executed[command - model->commands];
}

const tlm_target *cs_engine_target(cs_engine_model *model)
{
    return &model->as_target;
}

const tlm_target *cs_engine_hws_pga_target(cs_engine_model *model)
{
    return model->config.profile == CS_PROFILE_GEN6 ? &model->hws_target : NULL;
}

bool cs_engine_busy(const cs_engine_model *model)
{
    return cs_step_due(model);
}

bool cs_engine_halted(const cs_engine_model *model)
{
    return model->halted;
}

uint32_t cs_engine_isr(const cs_engine_model *model)
{
    return model->isr;
}

const cs_engine_stats *cs_engine_get_stats(const cs_engine_model *model)
{
    return &model->stats;
}

cs_execlist *cs_engine_execlist(cs_engine_model *model)
{
    return model->execlist;
}

cs_engine_state cs_engine_get_state(const cs_engine_model *model)
{
    cs_engine_model *m = (cs_engine_model *)model; /* the register accessors take a mutable model */
    if (m->halted)
        return CS_STATE_HALTED;
    if (m->walker_stalled || m->semaphore_waiting || m->starved ||
        (cs_ring_enabled(m) && (*cs_reg(m, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)))
        return CS_STATE_WAITING;
    if (!cs_step_due(m))
        return CS_STATE_IDLE;
    return m->rows.fetched ? CS_STATE_FETCHING : CS_STATE_EXECUTING;
}
