/* The ring and the fetch (docs/reference/cs.md "The ring", "Fetch and timing"): the engine's memory port
 * (its transfers, and the stores and loads the commands make through it), the cacheline fetch
 * of the command at the current position, HEAD's advance with its wrap count and automatic
 * report (spec 000 §1.1.5), and MI_ARB_CHECK's move of HEAD to UHPTR. */
#include "cs_engine_internal.h"

/* ---- the memory port --------------------------------------------------------------------- */

/* One transfer on the memory target; false (and a Page Table error by the caller) when the
 * bus refuses it. Writes drop the fetched line they overlap. */
static bool bus(cs_engine_model *model, tlm_cmd command, uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    /* This GT maps the GGTT and the PPGTT onto one flat memory. */
    payload.privileged = cs_privileged_access(model);
    payload.address_space = payload.privileged ? TLM_SPACE_GGTT : TLM_SPACE_PPGTT;
    /* Whatever the transfer sets off (an observer, a watch) may withdraw a grant. */
    model->store_grant.valid = false;
    model->fetch_grant.valid = false;
    model->bus_transfers++;
    tlm_b_transport(model->config.memory, &payload, &model->bus_delay);
    if (command == TLM_CMD_WRITE) {
        model->stats.writes++;
        if (model->line_valid && address < model->line_address + CS_FETCH_LINE_BYTES &&
            model->line_address < address + length)
            model->line_valid = false;
    }
    if (payload.response != TLM_STATUS_OK) {
        tlm_log_error(model->log, "memory %s of %u bytes at 0x%llx refused (%s)",
                      command == TLM_CMD_WRITE ? "write" : "read", length, (unsigned long long)address,
                      tlm_response_name(payload.response));
        cs_page_fault(model, payload.address_space);
        return false;
    }
    return true;
}

/* The grant a run of simple commands asks for when the one it holds does not cover an access
 * (cs_grant_pointer; docs/reference/cs.md "Simple commands"). Only inside such a run, where
 * nothing but this engine's own transfers runs: the grant is taken after the last of them and
 * dropped by the next (bus) or at the run's end, so no invalidation can fall in between. The
 * memory grants writes only on pages with no watched line (tlm_memory_watch, the snoop), so no
 * observer misses a store; a lockstep tap grants nothing, and with tracing on the simple path
 * does not run. */
uint8_t *cs_grant_request(cs_engine_model *model, cs_grant *grant, tlm_cmd command, uint64_t address, uint32_t bytes)
{
    bool privileged = cs_privileged_access(model);
    tlm_dmi_region *region = &grant->region;
    uint64_t last = address + bytes - 1u;
    tlm_payload request = tlm_payload_make(command, address, NULL, bytes);
    request.privileged = privileged; /* as bus() */
    request.address_space = privileged ? TLM_SPACE_GGTT : TLM_SPACE_PPGTT;
    grant->valid = last >= address && tlm_get_direct_mem_ptr(model->config.memory, &request, region) &&
                   (command == TLM_CMD_WRITE ? region->write_allowed : region->read_allowed) &&
                   address >= region->start && last <= region->end;
    return grant->valid ? region->pointer + (address - region->start) : NULL;
}

/* A dword or qword store on the bus; a refused one is a Page Table error. */
void cs_store_bus(cs_engine_model *model, uint64_t address, uint64_t value, uint32_t bytes)
{
    uint8_t data[8];
    for (uint32_t i = 0; i < 8; i++)
        data[i] = (uint8_t)(value >> (8 * i));
    if (!bus(model, TLM_CMD_WRITE, address, data, bytes))
        cs_raise_error(model, ERR_PAGE_TABLE);
}

/* A dword load; a refused one is a Page Table error (and false). */
bool cs_load(cs_engine_model *model, uint64_t address, uint32_t *value)
{
    uint8_t data[4] = { 0 };
    if (!bus(model, TLM_CMD_READ, address, data, 4)) {
        cs_raise_error(model, ERR_PAGE_TABLE);
        return false;
    }
    *value = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
    return true;
}

/* ---- fetch --------------------------------------------------------------------------------- */

/* The cacheline at `line` into the fetch buffer, on the bus; false (the buffer invalid) when
 * the bus refuses it. */
bool cs_fetch_line(cs_engine_model *model, uint64_t line)
{
    model->stats.fetches++;
    if (!bus(model, TLM_CMD_READ, line, cs_line_bytes(model), CS_FETCH_LINE_BYTES)) {
        model->line_valid = false;
        return false;
    }
    model->line_address = line;
    model->line_valid = true;
    return true;
}

static bool fetch_dword(cs_engine_model *model, uint64_t address, uint32_t *value)
{
    uint64_t line = address & ~(uint64_t)(CS_FETCH_LINE_BYTES - 1u);
    if ((!model->line_valid || model->line_address != line) && !cs_fetch_line(model, line))
        return false;
    uint32_t at = (uint32_t)(address - line);
    const uint8_t *bytes = cs_line_bytes(model) + at;
    *value = cs_le32(bytes);
    return true;
}

/* Address of dword `index` of the command at the current position (the ring wraps). */
uint64_t cs_command_address(cs_engine_model *model, uint32_t index)
{
    if (model->level > 0)
        return model->batch_pc[model->level] + 4u * (uint64_t)index;
    uint64_t offset = cs_ring_head(model) + 4u * (uint64_t)index;
    uint32_t size = cs_ring_size(model);
    return cs_ring_start(model) + (offset < size ? offset : offset % size); /* a division only on a wrap */
}

/* ---- HEAD: advance, wrap and report ------------------------------------------------------ */

/* spec 000 §1.1.5.4: with automatic reporting on, crossing a 64 KiB / 128 KiB boundary of the
 * ring writes HEAD to the status page (dword 4). */
void cs_report_head(cs_engine_model *model)
{
    cs_store(model, cs_hwsp_address(model) + 4u * CS_HWSP_HEAD_DWORD, *cs_reg(model, CS_RING_HEAD_INDEX), 4);
}

/* Moves HEAD past `dwords` dwords: wrap to 0 with the wrap count (spec 000 §1.1.5.2, modulo 11
 * bits) and the automatic head report. */
void cs_advance_head(cs_engine_model *model, uint32_t dwords)
{
    uint32_t old = cs_ring_head(model);
    uint32_t linear = old + 4u * dwords;
    uint32_t size = cs_ring_size(model);
    uint32_t wrap =
        cs_reg_field(model, CS_RING_HEAD_INDEX, CS_RING_HEAD_WRAP_COUNT_MASK, CS_RING_HEAD_WRAP_COUNT_SHIFT);
    bool wrapped = linear >= size;
    if (wrapped) {
        model->stats.wraps++;
        wrap = (wrap + 1u) & (CS_RING_HEAD_WRAP_COUNT_MASK >> CS_RING_HEAD_WRAP_COUNT_SHIFT);
    }
    uint32_t head = wrapped ? linear - size : linear;
    *cs_reg(model, CS_RING_HEAD_INDEX) = (*cs_reg(model, CS_RING_HEAD_INDEX) & CS_RING_HEAD_WAIT_MASK) |
                                         (wrap << CS_RING_HEAD_WRAP_COUNT_SHIFT) | head;
    uint32_t mode = cs_reg_field(model, CS_RING_CTL_INDEX, CS_RING_CTL_AUTO_REPORT_MASK, CS_RING_CTL_AUTO_REPORT_SHIFT);
    uint32_t granule = mode == CS_RING_CTL_AUTO_REPORT_REPORT_64KB    ? REPORT_64KB_BYTES
                       : mode == CS_RING_CTL_AUTO_REPORT_REPORT_128KB ? REPORT_128KB_BYTES
                                                                      : 0;
    if (granule && (wrapped || old / granule != linear / granule))
        cs_report_head(model);
}

/* spec 000 §1.1.5.5: MI_ARB_CHECK takes a valid UHPTR as the new head and clears VALID. */
void cs_arb_check(cs_engine_model *model)
{
    uint32_t *uhptr = cs_reg(model, CS_UHPTR_INDEX);
    if (!(*uhptr & CS_UHPTR_VALID_MASK))
        return;
    *uhptr &= ~CS_UHPTR_VALID_MASK;
    uint64_t target = *uhptr & CS_UHPTR_ADDRESS_MASK;
    uint64_t start = cs_ring_start(model);
    if (target < start || target - start >= cs_ring_size(model)) {
        tlm_log_error(model->log, "UHPTR 0x%llx is outside the ring [0x%llx, +0x%x): not taken",
                      (unsigned long long)target, (unsigned long long)start, cs_ring_size(model));
        return;
    }
    model->stats.preemptions++;
    cs_leave_batches(model);
    *cs_reg(model, CS_RING_HEAD_INDEX) = (*cs_reg(model, CS_RING_HEAD_INDEX) & ~CS_RING_HEAD_HEAD_MASK) |
                                         (uint32_t)(target - start);
}

/* Reads the command at the current position (*at gets its address) into model->command. Returns its length, or 0
 * when it cannot be run now (starved in the ring, or an error that halted the engine). */
uint32_t cs_fetch_command(cs_engine_model *model, cs_decoded *decoded, uint64_t *at)
{
    uint32_t available = UINT32_MAX;
    if (model->level == 0) {
        /* HEAD and TAIL lie inside the buffer (cs_runnable): the distance needs no division. */
        uint32_t head = cs_ring_head(model), tail = cs_ring_tail(model), size = cs_ring_size(model);
        available = (tail >= head ? tail - head : tail + size - head) / 4u;
    }
    *at = cs_command_address(model, 0);
    if (!fetch_dword(model, *at, &model->command[0])) {
        cs_halt(model, ERR_PAGE_TABLE);
        return 0;
    }
    cs_decoder_decode(&model->decoder, model->command, 1, decoded);
    uint32_t length = decoded->length;
    if (length > model->command_capacity)
        length = model->command_capacity; /* a guard: capacity is the longest encodable length */
    if (length > available) {
        /* The command runs past TAIL: the parser waits for software to move TAIL. */
        model->starved = true;
        tlm_log_info(model->log, "%s at HEAD 0x%x needs %u dwords, %u before TAIL: waiting for TAIL",
                     decoded->command ? decoded->command->name : "command", cs_ring_head(model), length, available);
        return 0;
    }
    if (length <= 1)
        return length; /* decoded whole already */
    /* The command's dwords lie one after another unless it wraps around the end of the ring;
     * those still in the fetched line are copied at once. */
    bool wraps = model->level == 0 && cs_ring_head(model) + 4u * length > cs_ring_size(model);
    uint32_t i = 1;
    if (!wraps && model->line_valid && *at >= model->line_address &&
        *at + 4u * (uint64_t)length <= model->line_address + CS_FETCH_LINE_BYTES) {
        const uint8_t *bytes = cs_line_bytes(model) + (*at - model->line_address);
        for (; i < length; i++)
            model->command[i] = cs_le32(bytes + 4u * i);
    }
    for (; i < length; i++) {
        if (!fetch_dword(model, wraps ? cs_command_address(model, i) : *at + 4u * i, &model->command[i])) {
            cs_halt(model, ERR_PAGE_TABLE);
            return 0;
        }
    }
    if (length == decoded->length) {
        /* What decoding the whole command gives: the same, no longer truncated. */
        decoded->status &= ~CS_DECODE_TRUNCATED;
        decoded->available = length;
        return length;
    }
    cs_decoder_decode(&model->decoder, model->command, length, decoded);
    return length;
}
