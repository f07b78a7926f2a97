/* Simple commands (docs/reference/cs.md "Simple commands"): MI_NOOP and MI_STORE_DATA_IMM, the
 * bulk of what padding, fences and breadcrumbs put in a ring, run inside a decoupled step
 * without the general path's per-command bookkeeping.
 *
 * A simple command changes nothing but HEAD (or the batch position), the counters, the hang
 * capture registers, NOPID and, for a store, memory through the same bus transaction the
 * general path makes at the same kernel time. So after it the engine is still runnable, and
 * the status registers the general path recomputes after every command (cs_kick, update_status)
 * can wait until the run of simple commands ends: nothing reads them in between, because no
 * other event runs inside a step and neither command reads a register. With tracing on the
 * waveform would see those registers and rows per command, so the general path runs then.
 *
 * States of a command at the parser's position, as this file sees them:
 *   simple    its key is decoded, it is one of the two, complete, accepted, inside the fetched
 *             line, not the last dword before TAIL, and permitted where it is: run here;
 *   general   anything else: cs_simple_command returns CS_NOT_SIMPLE and touches nothing. */
#include <string.h>
#include "cs_engine_internal.h"

bool cs_simple_allowed(const cs_engine_model *model)
{
    /* What a simple command itself cannot change; checked again after every general command. */
    return model->keeper.quantum != 0 && !tlm_trace_on(model->kernel) && !model->set_predicate &&
           model->walkers_outstanding == 0 && !model->restoring;
}

/* A dword of the fetched line, little-endian as memory holds it. */
static inline uint32_t line_dword(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

int cs_simple_command(cs_engine_model *model, bool *plain)
{
    uint64_t at;
    uint32_t head = 0, size = 0;
    uint32_t room; /* dwords the command may take and leave the engine runnable, plus one */
    if (model->level == 0) {
        uint32_t tail = cs_ring_tail(model);
        head = cs_ring_head(model);
        size = cs_ring_size(model);
        room = (tail >= head ? tail - head : tail + size - head) / 4u;
        at = cs_ring_start(model) + head;
    } else {
        at = model->batch_pc[model->level];
        room = UINT32_MAX;
        if (model->config.batch_dword_limit)
            room = model->batch_dwords < model->config.batch_dword_limit
                       ? model->config.batch_dword_limit - model->batch_dwords + 1u
                       : 0;
    }
    uint64_t line = at & ~(uint64_t)(CS_FETCH_LINE_BYTES - 1u);
    if (!model->line_valid || model->line_address != line) {
        /* The fetch the general path would make for this header, at the same time. */
        if (!cs_fetch_line(model, line)) {
            cs_halt(model, ERR_PAGE_TABLE);
            *plain = false;
            return 0; /* as cs_fetch_command: nothing parsed, the engine halted */
        }
    }
    uint32_t offset = (uint32_t)(at - line);
    uint32_t header = line_dword(model->line + offset);
    long index = cs_decoder_entry(&model->decoder, header);
    if (index < 0)
        return CS_NOT_SIMPLE;
    exec_kind kind = model->kinds[index];
    if (kind != EXEC_NOOP && kind != EXEC_STORE_DATA_IMM)
        return CS_NOT_SIMPLE;
    const cs_command *command = &model->commands[index];
    uint32_t length = cs_command_length(command, header);
    /* Complete and accepted (cs_decoder_decode's status 0), inside this line (a ring's end is a
     * line boundary, so it does not wrap), and not reaching TAIL or the batch limit. */
    if (length < command->min_length || !model->decoder.accepted[index] || length >= room ||
        offset + 4u * length > CS_FETCH_LINE_BYTES || length > model->command_capacity)
        return CS_NOT_SIMPLE;
    if (model->level > 0 && (command->flags & CS_CMD_RING_ONLY || (command->privilege != CS_PRIV_NONE &&
        (!model->batch_secure[model->level] || model->batch_encrypted[model->level]))))
        return CS_NOT_SIMPLE; /* cs_batch_permits may drop, convert or flag it */
    for (uint32_t i = 0; i < length; i++)
        model->command[i] = line_dword(model->line + offset + 4u * i);
    /* step_once for a command that passes every check; the hang capture registers are written
     * when the run of simple commands ends (cs_simple_flush). */
    model->simple_at = at;
    model->simple_header = header;
    model->status_stale = true;
    model->rows.executing = (uint32_t)index + 1u;
    model->stats.commands++;
    model->stats.simple++;
    model->stats.dwords += length;
    model->executed[index]++;
    model->command_at = at;
    if (model->level > 0) {
        model->batch_dwords += length;
        model->batch_pc[model->level] += 4u * (uint64_t)length;
    } else {
        uint32_t linear = head + 4u * length;
        uint32_t *head_register = cs_reg(model, CS_RING_HEAD_INDEX);
        if (linear < size && !(*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_AUTO_REPORT_MASK))
            *head_register = (*head_register & ~CS_RING_HEAD_HEAD_MASK) | linear; /* no wrap, no report */
        else
            cs_advance_head(model, length);
    }
    cs_decoded decoded = { .command = command, .header = header, .length = length, .available = length,
                           .dwords = model->command };
    if (kind == EXEC_NOOP && !cs_hot(model, &decoded, CS_HF_NOP_ID_WRITE)) {
        *plain = true;
        return (int)length; /* nothing to execute */
    }
    decoded.header_class = cs_header_class_of(header);
    uint64_t errors = model->stats.errors;
    cs_execute(model, kind, &decoded);
    /* A refused store raised an error: the general path takes over after it. */
    *plain = model->stats.errors == errors;
    return (int)length;
}

void cs_simple_flush(cs_engine_model *model)
{
    if (!model->status_stale)
        return;
    cs_capture_command(model, model->simple_header, model->simple_at);
    /* As the general path's cs_kick between two commands of one step leaves them. */
    model->ahead = true;
    cs_update_status(model);
    model->ahead = false;
}
