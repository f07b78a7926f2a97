#include "tlm_register.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_trace.h"

/* The rules of tlm_register_apply_write and tlm_register_read_value, inlined into the access
 * path of the register file. */
static inline uint32_t apply_write(const tlm_register_desc *reg, uint32_t current, uint32_t data, uint32_t bit_enables)
{
    uint32_t enables = bit_enables;
    if (reg->masked) {
        /* spec 000 §1.1.4: a bit of 15:0 changes only if its mask bit (16 higher) is written
         * as 1; the mask bits themselves are not stored. */
        enables = (data & bit_enables) >> 16 & bit_enables & 0xFFFFu;
    }
    uint32_t value = current;
    value = (value & ~(reg->rw_mask & enables)) | (data & reg->rw_mask & enables);
    value &= ~(data & reg->w1c_mask & enables);
    value |= data & reg->w1s_mask & enables;
    return value;
}

static inline uint32_t read_value(const tlm_register_desc *reg, uint32_t current)
{
    uint32_t defined = reg->rw_mask | reg->ro_mask | reg->w1c_mask | reg->w1s_mask;
    return current & defined & (reg->masked ? 0xFFFFu : 0xFFFFFFFFu);
}

uint32_t tlm_register_apply_write(const tlm_register_desc *reg, uint32_t current, uint32_t data, uint32_t bit_enables)
{
    return apply_write(reg, current, data, bit_enables);
}

uint32_t tlm_register_read_value(const tlm_register_desc *reg, uint32_t current)
{
    return read_value(reg, current);
}

int32_t tlm_register_find(const tlm_register_block_desc *block, uint32_t offset)
{
    uint32_t low = 0, high = block->register_count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        uint32_t at = block->registers[middle].offset;
        if (at == offset)
            return (int32_t)middle;
        if (at < offset)
            low = middle + 1;
        else
            high = middle;
    }
    return -1;
}

uint32_t tlm_register_bit_enables(const tlm_payload *payload)
{
    if (!payload->byte_enable)
        return 0xFFFFFFFFu;
    uint32_t enables = 0;
    for (uint32_t i = 0; i < 4; i++)
        if (tlm_payload_byte_enabled(payload, i))
            enables |= 0xFFu << (8 * i);
    return enables;
}

tlm_status tlm_register_payload_check(const tlm_payload *payload)
{
    /* The common case without the general checks: an aligned 4-byte access with a buffer and
     * no byte enables is well formed (it cannot wrap the address space). */
    if (payload->length == 4 && (payload->address & 3) == 0 && payload->data && !payload->byte_enable)
        return TLM_STATUS_OK;
    tlm_status status = tlm_payload_check(payload);
    if (status != TLM_STATUS_OK)
        return status;
    if (payload->length != 4 || (payload->address & 3) != 0)
        return TLM_STATUS_BURST_ERROR;
    return TLM_STATUS_OK;
}

/* Groups of four registers that tlm_register_file_trace_sync compares at once: `values` and
 * `traced_values` are allocated as whole groups, the slots past the last register zero in both. */
static inline uint32_t trace_groups(uint32_t register_count)
{
    return (register_count + 3) / 4;
}

void tlm_register_file_init(tlm_register_file *file, const tlm_register_block_desc *block, tlm_log_block *log)
{
    *file = (tlm_register_file){
        .block = block,
        .values = tlm_alloc_zeroed(trace_groups(block->register_count) * 4, sizeof *file->values),
        .log = log,
    };
    /* A decode table for blocks up to 64 KiB (at most 32 KiB of table); larger ones search. */
    uint32_t words = block->size / 4;
    if (words <= 16384 && block->register_count < TLM_REGISTER_NO_INDEX) {
        file->index_at = tlm_alloc_zeroed(words ? words : 1, sizeof *file->index_at);
        for (uint32_t w = 0; w < words; w++)
            file->index_at[w] = TLM_REGISTER_NO_INDEX;
        for (uint32_t i = 0; i < block->register_count; i++)
            if (block->registers[i].offset % 4 == 0 && block->registers[i].offset / 4 < words)
                file->index_at[block->registers[i].offset / 4] = (uint16_t)i;
    }
    tlm_register_file_reset(file);
}

void tlm_register_file_destroy(tlm_register_file *file)
{
    free(file->values);
    file->values = NULL;
    free(file->index_at);
    file->index_at = NULL;
    free(file->trace_ids);
    file->trace_ids = NULL;
    free(file->traced_values);
    file->traced_values = NULL;
}

void tlm_register_file_trace(tlm_register_file *file, struct tlm_kernel *kernel, const char *scope)
{
    if (!tlm_trace_on(kernel) || file->trace_ids)
        return;
    uint32_t count = file->block->register_count;
    file->trace_ids = tlm_alloc_zeroed(count, sizeof *file->trace_ids);
    file->traced_values = tlm_alloc_zeroed(trace_groups(count) * 4, sizeof *file->traced_values);
    file->trace_kernel = kernel;
    for (uint32_t i = 0; i < count; i++) {
        const tlm_register_desc *reg = &file->block->registers[i];
        if (reg->storage_index != i)
            continue; /* an alias shows the same storage under another access type */
        file->traced_values[i] = file->values[i];
        file->trace_ids[i] = tlm_trace_bits(kernel, scope, reg->name, 32, TLM_TRACE_HEX, file->values[i]);
    }
}

/* Traces the registers first..end-1 whose value changed. */
__attribute__((noinline)) static void trace_sync_range(tlm_register_file *file, uint32_t first, uint32_t end)
{
    for (uint32_t i = first; i < end && i < file->block->register_count; i++) {
        if (file->trace_ids[i] && file->values[i] != file->traced_values[i]) {
            file->traced_values[i] = file->values[i];
            tlm_trace_set(file->trace_kernel, file->trace_ids[i], file->values[i]);
        }
    }
}

/* Bits that differ between two registers of `a` and of `b`, in one 64-bit compare. */
static inline uint64_t pair_difference(const uint32_t *a, const uint32_t *b)
{
    uint64_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x ^ y;
}

void tlm_register_file_trace_sync(tlm_register_file *file)
{
    if (!file->trace_ids)
        return;
    /* It runs after every access of a traced file, and an access changes one register or none:
     * four registers are compared at once and only a group that differs is looked at one by
     * one. An alias's slot of `values` is never written (accesses go to its storage owner), so
     * it equals its traced value (both zero) and costs nothing here; nor do the zero slots that
     * fill the last group (trace_groups). */
    const uint32_t *values = file->values;
    const uint32_t *traced = file->traced_values;
    uint32_t end = trace_groups(file->block->register_count) * 4;
    for (uint32_t i = 0; i < end; i += 4)
        if (pair_difference(values + i, traced + i) | pair_difference(values + i + 2, traced + i + 2))
            trace_sync_range(file, i, i + 4);
}

void tlm_register_file_reset(tlm_register_file *file)
{
    /* Aliases share their target's storage and reset value; only storage owners reset. */
    for (uint32_t i = 0; i < file->block->register_count; i++) {
        const tlm_register_desc *reg = &file->block->registers[i];
        if (reg->storage_index == i)
            file->values[i] = reg->reset;
    }
    tlm_register_file_trace_sync(file);
}

uint32_t tlm_register_file_peek(const tlm_register_file *file, uint32_t index)
{
    const tlm_register_desc *reg = &file->block->registers[index];
    return read_value(reg, file->values[reg->storage_index]);
}

bool tlm_register_dbg_readable(const tlm_payload *payload)
{
    return payload->command == TLM_CMD_READ && tlm_register_payload_check(payload) == TLM_STATUS_OK;
}

uint32_t tlm_register_dbg_answer(tlm_payload *payload, uint32_t value)
{
    for (uint32_t i = 0; i < 4; i++)
        payload->data[i] = (uint8_t)(value >> (8 * i));
    payload->response = TLM_STATUS_OK;
    return 4;
}

uint32_t tlm_register_file_read_dbg(const tlm_register_file *file, tlm_payload *payload, uint64_t offset)
{
    if (!tlm_register_dbg_readable(payload) || offset >= file->block->size)
        return 0;
    int32_t index = tlm_register_find(file->block, (uint32_t)offset);
    if (index < 0)
        return 0;
    return tlm_register_dbg_answer(payload, tlm_register_file_peek(file, (uint32_t)index));
}

/* Index of the register at the aligned `offset`, or -1: one load from the decode table where
 * the file has one. */
static inline int32_t decode(const tlm_register_file *file, uint64_t offset)
{
    if (offset >= file->block->size)
        return -1;
    if (!file->index_at)
        return tlm_register_find(file->block, (uint32_t)offset);
    uint16_t index = file->index_at[offset / 4];
    return index == TLM_REGISTER_NO_INDEX ? -1 : (int32_t)index;
}

/* Every access by the payload rules of tlm_register.h, whatever its shape. */
/* Kept out of line so the short path of tlm_register_file_b_transport saves no registers. */
__attribute__((noinline)) static void access_general(tlm_register_file *file, tlm_payload *payload)
{
    /* The common access (aligned 4 bytes, a buffer, no byte enables) skips the general checks. */
    bool plain = payload->length == 4 && (payload->address & 3) == 0 && payload->data && !payload->byte_enable;
    tlm_status status = plain ? TLM_STATUS_OK : tlm_register_payload_check(payload);
    int32_t index = -1;
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE) {
        index = decode(file, payload->address);
        if (index < 0 && tlm_payload_answer_hole(payload))
            return; /* a hole the bus front answers (tlm_hole_handler), without a line of this block */
        if (index < 0)
            status = TLM_STATUS_ADDRESS_ERROR;
        else if (payload->command == TLM_CMD_WRITE && file->block->ro_write_error &&
                 !tlm_register_writable(&file->block->registers[index]))
            status = TLM_STATUS_GENERIC_ERROR;
    }
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        tlm_log_error(file->log, "%s %s at offset 0x%" PRIx64 " length %" PRIu32 " refused: %s",
                      file->block->name, tlm_command_name(payload->command), payload->address, payload->length,
                      status == TLM_STATUS_ADDRESS_ERROR  ? "no register there"
                      : status == TLM_STATUS_GENERIC_ERROR ? "register is read-only"
                      : status == TLM_STATUS_BURST_ERROR   ? "not an aligned 32-bit access"
                                                             : tlm_response_name(status));
        return;
    }
    payload->response = TLM_STATUS_OK;
    if (payload->command == TLM_CMD_IGNORE)
        return;
    const tlm_register_desc *reg = &file->block->registers[index];
    uint32_t enables = plain ? 0xFFFFFFFFu : tlm_register_bit_enables(payload);
    if (payload->command == TLM_CMD_READ) {
        if (file->on_read)
            file->on_read(file->context, (uint32_t)index);
        uint32_t value = read_value(reg, file->values[reg->storage_index]);
        if (plain) {
            tlm_register_store_le32(payload->data, value);
        } else {
            for (uint32_t i = 0; i < 4; i++)
                if (enables >> (8 * i) & 1)
                    payload->data[i] = (uint8_t)(value >> (8 * i));
        }
        if (file->trace_ids) /* on_read may have refreshed values */
            tlm_register_file_trace_sync(file);
        return;
    }
    uint32_t data = (uint32_t)payload->data[0] | (uint32_t)payload->data[1] << 8 | (uint32_t)payload->data[2] << 16 |
                    (uint32_t)payload->data[3] << 24;
    uint32_t old_value = file->values[reg->storage_index];
    uint32_t new_value = apply_write(reg, old_value, data, enables);
    file->values[reg->storage_index] = new_value;
    file->write_data = data & enables;
    if (file->on_write)
        file->on_write(file->context, (uint32_t)index, old_value, new_value);
    if (file->trace_ids) /* the write and whatever on_write did */
        tlm_register_file_trace_sync(file);
}

void tlm_register_file_b_transport(tlm_register_file *file, tlm_payload *payload)
{
    /* The common access on its own short path: a plain read or write (a write also needs a
     * writable register or a block that ignores read-only writes). It has the same effect as
     * access_general, which answers everything else (refusals, holes, byte enables, IGNORE). */
    int32_t plain = tlm_register_file_plain_index(file, payload);
    if (plain >= 0) {
        uint32_t index = (uint32_t)plain;
        const tlm_register_desc *reg = &file->block->registers[index];
        if (payload->command == TLM_CMD_READ) {
            payload->response = TLM_STATUS_OK;
            if (file->on_read)
                file->on_read(file->context, index);
            tlm_register_store_le32(payload->data, read_value(reg, file->values[reg->storage_index]));
            if (file->trace_ids) /* on_read may have refreshed values */
                tlm_register_file_trace_sync(file);
            return;
        }
        if (payload->command == TLM_CMD_WRITE && (!file->block->ro_write_error || tlm_register_writable(reg))) {
            payload->response = TLM_STATUS_OK;
            uint32_t data = tlm_register_load_le32(payload->data);
            uint32_t old_value = file->values[reg->storage_index];
            uint32_t new_value = apply_write(reg, old_value, data, 0xFFFFFFFFu);
            file->values[reg->storage_index] = new_value;
            file->write_data = data;
            if (file->on_write)
                file->on_write(file->context, index, old_value, new_value);
            if (file->trace_ids) /* the write and whatever on_write did */
                tlm_register_file_trace_sync(file);
            return;
        }
    }
    access_general(file, payload);
}

const char *tlm_register_access_name(tlm_register_access access)
{
    switch (access) {
    case TLM_REGISTER_RW: return "RW";
    case TLM_REGISTER_RO: return "RO";
    case TLM_REGISTER_W1C: return "W1C";
    case TLM_REGISTER_W1S: return "W1S";
    }
    return "invalid-access";
}
