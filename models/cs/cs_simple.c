/* Simple commands (docs/reference/cs.md "Simple commands"): MI_NOOP, MI_STORE_DATA_IMM,
 * pipeline-port commands and commands parsed and skipped, the bulk of what padding,
 * breadcrumbs and 3D state put in a ring or batch, run inside a decoupled step by a loop of
 * their own, without the general path's per-command bookkeeping.
 *
 * A simple command changes nothing but the parser's position, the counters, the hang capture
 * registers, NOPID, the event log and, for a store, memory, each at the kernel time the general
 * path gives it. So after it the engine is still runnable, and the status registers the general
 * path recomputes after every command (cs_kick, cs_update_status) and the hang capture can wait
 * until the run ends (cs_simple_flush): no other event runs inside a step and no simple command
 * reads them. With tracing on the waveform would see those registers and rows per command, so
 * the general path runs then.
 *
 * The command at the parser's position, as cs_simple_run sees it:
 *   simple    its key is decoded, its kind is one of the above, it is complete and accepted,
 *             leaves a dword before TAIL, stays in the batch limit, does not wrap and is
 *             permitted where it is: run here, then the next;
 *   general   anything else: CS_SIMPLE_NONE, with nothing done, at the command's time;
 *   bus       a simple command made a bus transfer (no grant) or raised an error: its length,
 *             for the general path's ending of a command (what the transfer set off may have
 *             stopped the engine or moved HEAD or TAIL);
 *   ended     the next command is not due before another event, the quantum's end or the
 *             run's limit: the step is rescheduled as the general path does (CS_SIMPLE_ENDED). */
#include <string.h>
#include "cs_engine_internal.h"

bool cs_simple_allowed(const cs_engine_model *model)
{
    /* What a simple command itself cannot change; checked again after every general command. */
    return model->keeper.quantum != 0 && !tlm_trace_on(model->kernel) && !model->set_predicate &&
           model->walkers_outstanding == 0 && !model->restoring;
}

/* The command's dwords out of the fetched line. */
static inline void copy_dwords(uint32_t *to, const uint8_t *from, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&to[i], from + 4u * i, 4); /* memory's byte order is the host's */
#else
        to[i] = cs_le32(from + 4u * i);
#endif
    }
}

/* The commands a run may hold: what they do touches no register a later command of the run
 * or the parser reads, schedules nothing and cannot stop the parser (cs_mi.c, cs_ports.c). */
static inline bool simple_kind(exec_kind kind)
{
    return kind == EXEC_NOOP || kind == EXEC_STORE_DATA_IMM || kind == EXEC_PIPELINE || kind == EXEC_PRIMITIVE ||
           kind == EXEC_NOT_MODELLED;
}

/* A command that runs past the fetched line: its dwords through the fetch grant when it covers
 * them all, with the line fetches the general path would count (cs_fetch_command, one per
 * line, each with its latency), the last line left fetched. False, with nothing done, when
 * the grant does not cover them (the general path fetches them on the bus). */
static bool fetch_rest(cs_engine_model *model, uint64_t at, uint32_t length)
{
    uint64_t end = at + 4u * (uint64_t)length; /* the byte after the command */
    uint64_t last = (end - 1u) & ~(uint64_t)(CS_FETCH_LINE_BYTES - 1u); /* the line it ends in */
    const uint8_t *from =
        cs_grant_pointer(model, &model->fetch_grant, TLM_CMD_READ, at, (uint32_t)(last + CS_FETCH_LINE_BYTES - at));
    if (!from)
        return false;
    copy_dwords(model->command, from, length);
    uint64_t lines = (last - model->line_address) / CS_FETCH_LINE_BYTES;
    memcpy(cs_line_bytes(model), from + (last - at), CS_FETCH_LINE_BYTES);
    model->line_address = last;
    model->stats.fetches += lines;
    model->stats.dmi_fetches += lines;
    model->bus_delay += lines * model->fetch_grant.region.read_latency;
    return true;
}

/* The step's end after a simple command whose next step is due `cost` later (the general
 * path's ending in step(): cs_kick, and the step event when none is pending). */
static int end_run(cs_engine_model *model, tlm_time cost)
{
    model->stepping = false;
    cs_simple_flush(model);
    if (tlm_event_pending(&model->step)) {
        cs_kick(model, cost);
        return CS_SIMPLE_ENDED;
    }
    model->ahead = true;
    cs_kick(model, cost);
    model->ahead = false;
    tlm_event_notify(model->kernel, &model->step, cost);
    return CS_SIMPLE_ENDED;
}

/* The step loop's tlm_qk_inc and tlm_qk_sync_inline after a command of `cost`, with the
 * keeper's offset 0 between commands (each synchronisation zeroes it) and left at 0 when the
 * run ends (the next step event starts by resetting the keeper): true when the next command
 * runs now, in this event, at its own time. */
static inline bool go_on(cs_engine_model *model, tlm_time cost)
{
    tlm_time next = tlm_kernel_now(model->kernel) + cost;
    if (next >= model->keeper.next_sync || tlm_event_pending(&model->step) ||
        !tlm_kernel_continue_at(model->kernel, next))
        return false;
    model->stats.back_to_back++;
    return true;
}

/* What stays the same while only simple commands run, and where the run is. */
typedef struct run_state {
    unsigned level;          /* the level (0 ring, else the batch's): only batch commands change it */
    uint64_t start;          /* the ring's start */
    uint32_t size;           /* its size */
    bool reports;            /* HEAD's automatic report is on (RING_CTL) */
    uint32_t *head_register; /* RING_HEAD */
    uint32_t head;           /* its offset */
    uint32_t ring_left;      /* dwords before TAIL (TAIL does not move in a run) */
    uint32_t noop;           /* a header decoded as a NOOP with nothing to execute (UINT32_MAX: none yet) */
    long noop_index;         /* its table entry */
} run_state;

/* What step_once does for a command that passes every check, up to its execution: the hang
 * capture, the counters, and the parser's position past it. BB_ADDR gets what the general
 * path's status update after the command before left there (the batch head, this command), as a
 * memory observer or the interrupt sink called during the command may read it. A repeat of the
 * command before in the same line (the same header, the same line, the same upper address bits)
 * moves only ACTHD of the capture. */
static inline void parsed(cs_engine_model *model, run_state *run, uint64_t at, uint32_t header, long index,
                          uint32_t length, bool repeat)
{
    if (repeat)
        *cs_reg(model, CS_ACTHD_INDEX) = (uint32_t)at;
    else
        cs_capture_command(model, header, at);
    model->simple_index = index;
    model->status_stale = true;
    model->stats.commands++;
    model->stats.simple++;
    model->stats.dwords += length;
    model->executed[index]++;
    model->command_at = at;
    if (run->level > 0) {
        *cs_reg(model, CS_BB_ADDR_INDEX) = ((uint32_t)at & CS_BB_ADDR_ADDRESS_MASK) | CS_BB_ADDR_VALID_MASK;
        model->batch_dwords += length;
        model->batch_pc[run->level] += 4u * (uint64_t)length;
        return;
    }
    run->ring_left -= length;
    if (run->head + 4u * length < run->size && !run->reports) {
        run->head += 4u * length; /* no wrap, no report */
        *run->head_register = (*run->head_register & ~CS_RING_HEAD_HEAD_MASK) | run->head;
    } else {
        cs_advance_head(model, length);
        run->head = *run->head_register & CS_RING_HEAD_HEAD_MASK;
    }
}

/* The NOOP the run decoded before, at `at`, and its repeats in the same line: nothing to
 * decode, execute, wrap or report; each still parsed and synchronised on its own. CS_SIMPLE_NONE
 * when the run goes on with the next command, else what cs_simple_run returns. */
static int repeat_noop(cs_engine_model *model, run_state *run, uint64_t at, uint32_t offset, uint32_t room,
                       tlm_time clock, uint64_t transfers)
{
    tlm_time cost = (tlm_time)(CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD) * clock + model->bus_delay;
    parsed(model, run, at, run->noop, run->noop_index, 1u, false);
    if (model->bus_transfers != transfers)
        return 1; /* its line came over the bus: the general path's ending */
    for (;;) {
        if (!go_on(model, cost))
            return end_run(model, cost);
        at += 4u;
        offset += 4u;
        /* One dword less of room (a batch without a dword limit has no bound). */
        room = run->level == 0 ? run->ring_left : room - (room != UINT32_MAX);
        if (offset == CS_FETCH_LINE_BYTES || room <= 1u || cs_le32(cs_line_bytes(model) + offset) != run->noop ||
            (run->level == 0 && run->head + 4u >= run->size))
            return CS_SIMPLE_NONE; /* the next command: the run's own cases */
        cost = (tlm_time)(CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD) * clock; /* no fetch now */
        model->bus_delay = 0;
        parsed(model, run, at, run->noop, run->noop_index, 1u, true);
    }
}

int cs_simple_run(cs_engine_model *model)
{
    run_state run = {
        .level = model->level,
        .start = cs_ring_start(model),
        .size = cs_ring_size(model),
        .reports = (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_AUTO_REPORT_MASK) != 0,
        .head_register = cs_reg(model, CS_RING_HEAD_INDEX),
        .noop = UINT32_MAX,
    };
    run.head = *run.head_register & CS_RING_HEAD_HEAD_MASK;
    uint32_t tail = cs_ring_tail(model);
    run.ring_left = (tail >= run.head ? tail - run.head : tail + run.size - run.head) / 4u;
    const tlm_time clock = model->config.clock_period;
    for (;;) {
        uint64_t at;
        uint32_t room; /* dwords the command may take and leave the engine runnable, plus one */
        if (run.level == 0) {
            room = run.ring_left;
            at = run.start + run.head;
        } else {
            at = model->batch_pc[run.level];
            room = UINT32_MAX;
            if (model->config.batch_dword_limit)
                room = model->batch_dwords < model->config.batch_dword_limit
                           ? model->config.batch_dword_limit - model->batch_dwords + 1u
                           : 0;
        }
        model->bus_delay = 0;
        uint64_t transfers = model->bus_transfers;
        uint64_t line = at & ~(uint64_t)(CS_FETCH_LINE_BYTES - 1u);
        if (!model->line_valid || model->line_address != line) {
            /* The fetch the general path would make for this header, at the same time: through
             * the memory's grant where it gives one (cs_grant_pointer), else on the bus. */
            const uint8_t *from = cs_grant_pointer(model, &model->fetch_grant, TLM_CMD_READ, line, CS_FETCH_LINE_BYTES);
            if (from) {
                memcpy(cs_line_bytes(model), from, CS_FETCH_LINE_BYTES);
                model->line_address = line;
                model->line_valid = true;
                model->stats.fetches++;
                model->stats.dmi_fetches++;
                model->bus_delay += model->fetch_grant.region.read_latency;
            } else if (!cs_fetch_line(model, line)) {
                cs_halt(model, ERR_PAGE_TABLE);
                return 0; /* as cs_fetch_command: nothing parsed, the engine halted */
            }
        }
        uint32_t offset = (uint32_t)(at - line);
        uint32_t header = cs_le32(cs_line_bytes(model) + offset);
        if (header == run.noop && room > 1u && (run.level > 0 || (!run.reports && run.head + 4u < run.size))) {
            int ended = repeat_noop(model, &run, at, offset, room, clock, transfers);
            if (ended != CS_SIMPLE_NONE)
                return ended;
            continue;
        }
        long index = cs_decoder_entry(&model->decoder, header);
        if (index < 0)
            return CS_SIMPLE_NONE;
        exec_kind kind = model->kinds[index];
        if (!simple_kind(kind))
            return CS_SIMPLE_NONE;
        const cs_command *command = &model->commands[index];
        uint32_t length = cs_command_length(command, header);
        /* Complete and accepted (cs_decoder_decode's status 0), not reaching TAIL or the
         * batch limit, and not wrapping around the ring's end. */
        if (length < command->min_length || !model->decoder.accepted[index] || length >= room ||
            length > model->command_capacity || (run.level == 0 && run.head + 4u * length > run.size))
            return CS_SIMPLE_NONE;
        if (run.level > 0 && (command->flags & CS_CMD_RING_ONLY ||
                              ((command->privilege != CS_PRIV_NONE || command->privilege_fields[0]) &&
                               (!model->batch_secure[run.level] || model->batch_encrypted[run.level]))))
            return CS_SIMPLE_NONE; /* cs_batch_permits may drop, convert or flag it (a GGTT select) */
        const uint32_t *dwords = model->command;
        if (offset + 4u * length > CS_FETCH_LINE_BYTES) {
            if (!fetch_rest(model, at, length))
                return CS_SIMPLE_NONE;
        } else {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            dwords = model->line + offset / 4u; /* memory's byte order is the host's */
#else
            copy_dwords(model->command, cs_line_bytes(model) + offset, length);
#endif
        }
        uint64_t errors = model->stats.errors;
        parsed(model, &run, at, header, index, length, false);
        cs_decoded decoded = { .command = command, .header = header, .length = length, .available = length,
                               .dwords = dwords };
        if (kind == EXEC_STORE_DATA_IMM) {
            model->in_simple = true;
            cs_store_data(model, &decoded, cs_hot(model, &decoded, CS_HF_ADDRESS)); /* cs_execute's case */
            model->in_simple = false;
        } else if (kind != EXEC_NOOP || cs_hot(model, &decoded, CS_HF_NOP_ID_WRITE)) {
            decoded.header_class = cs_header_class_of(header);
            if (cs_instpm_disabled(model, &decoded))
                model->stats.instpm_disabled++; /* parsed, not executed (INSTPM) */
            else
                cs_execute(model, kind, &decoded);
        } else {
            run.noop = header; /* nothing to execute: the same header again needs nothing */
            run.noop_index = index;
        }
        /* A bus transfer (the fetch, a store without a grant, a HEAD report) may have set off
         * a block that changed the engine, or raised an error: the general path's ending
         * (cs_runnable, the status update) takes over after the command. */
        if (model->stats.errors != errors || model->bus_transfers != transfers)
            return (int)length;
        tlm_time cost = (tlm_time)(CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD * length) * clock + model->bus_delay;
        if (!go_on(model, cost))
            return end_run(model, cost);
    }
}

void cs_simple_flush(cs_engine_model *model)
{
    model->store_grant.valid = false; /* the run ends: others may run and withdraw them */
    model->fetch_grant.valid = false;
    if (!model->status_stale)
        return;
    model->rows.executing = (uint32_t)model->simple_index + 1u;
    /* As the general path's cs_kick between two commands of one step leaves them. */
    model->ahead = true;
    cs_update_status(model);
    model->ahead = false;
}
