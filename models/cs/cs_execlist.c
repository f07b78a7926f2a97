#include "cs_execlist.h"

#include <stdlib.h>
#include <string.h>

#include "cs_regs.h"
#include "irq_message.h"
#include "tlm_alloc.h"

/* ---- register map: cs_regs.h, generated from cs_regs.toml ("execlists") ------------------ */

/* MI_LOAD_REGISTER_IMM: an MI command (bits 31:29 zero) with opcode 22h in bits 28:23 and the
 * length (dwords minus 2) in bits 7:0 (genxml; spec 004 headers 0x1100_101B, 0x1100_1011). */
#define LRI_OPCODE 0x22u
#define MI_OPCODE_SHIFT 23u
#define LRI_LENGTH_MASK 0xFFu
#define MI_NOOP 0u

/* Without these four an image does not describe a ring: the context is refused. */
static const uint32_t required_registers[] = { CS_RING_HEAD_INDEX, CS_RING_TAIL_INDEX, CS_RING_START_INDEX,
                                               CS_RING_CTL_INDEX };

/* Offsets of the execlist registers (gen6 hides them). */
static const uint32_t execlist_offsets[] = {
    CS_EXECLIST_ELSP_OFFSET,           CS_EXECLIST_STATUS_LO_OFFSET,      CS_EXECLIST_STATUS_HI_OFFSET,
    CS_CONTEXT_CONTROL_OFFSET,         CS_CONTEXT_STATUS_PTR_OFFSET,      CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET,
    CS_EXECLIST_SQ_ELEMENT0_HI_OFFSET, CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET, CS_EXECLIST_SQ_ELEMENT1_HI_OFFSET,
    CS_EXECLIST_CONTROL_OFFSET,        CS_CSB_READ_PORT_OFFSET,           CS_CSB_FIFO_STATUS_OFFSET,
};

#define SLOT_CAPACITY (CS_EXECLIST_STATE_DWORDS / 2u)
#define ELSP_DWORDS 4u

/* One register the image loaded: where its value sits, to save it back. */
typedef struct image_slot {
    uint32_t dword;  /* dword of the value in the register state context */
    uint32_t index;  /* the register (cs_regs index) */
    uint32_t loaded; /* the value in the image: saved back only if the engine's differs */
    bool engine;     /* engine context part (spec 004 dword 0x50 on): restore inhibit applies */
} image_slot;

/* The context loaded on the engine. */
typedef struct loaded_context {
    uint64_t descriptor;             /* its descriptor */
    uint64_t lrca;                   /* its image */
    uint32_t id;                     /* software context id (CSB) */
    image_slot slots[SLOT_CAPACITY]; /* the registers its image holds that the engine has */
    uint32_t slot_count;             /* entries in slots */
} loaded_context;

struct cs_execlist {
    cs_execlist_host host;                 /* the engine */
    tlm_event event;                       /* the context switch in progress (load, or save and load) */
    uint64_t elements[2];                  /* the execlist being run (descriptor 0 for an empty slot) */
    unsigned active;                       /* element running */
    bool running;                          /* a context is loaded */
    loaded_context current;                /* it */
    uint64_t pending[2];                   /* a load not taken yet (the engine was busy) */
    bool pending_valid;                    /* pending holds one */
    uint32_t elsp[ELSP_DWORDS];            /* ELSP dwords written so far, in order */
    unsigned elsp_count;                   /* how many */
    uint64_t fifo[CS_EXECLIST_FIFO_DEPTH]; /* CSB read port FIFO, circular */
    unsigned fifo_first;                   /* oldest entry */
    unsigned fifo_count;                   /* entries held */
    bool high_next;                        /* the oldest entry's low dword was read */
    tlm_time bus_delay;                    /* bus time of the switch in progress */
    cs_execlist_stats stats;               /* counters */
};

static uint32_t *reg(cs_execlist *el, uint32_t index)
{
    return &el->host.registers->values[index];
}

static const tlm_register_desc *reg_desc(cs_execlist *el, uint32_t index)
{
    return &el->host.registers->block->registers[index];
}

static uint32_t id_field(uint32_t id)
{
    return (id << CS_EXECLIST_CSB_CTX_ID_SHIFT) & CS_EXECLIST_CSB_CTX_ID_MASK;
}

/* The CSB's MMIO copy: LO/HI of entries 0..5 from GEN8_EXECLISTS_STATUS_BUF, 6..11 from
 * GEN11_EXECLISTS_STATUS_BUF2, one register after the other in each half (cs_regs.toml). */
#define CSB_MMIO_HALF 6u
_Static_assert(CS_CONTEXT_STATUS_BUF_HI_5_INDEX == CS_CONTEXT_STATUS_BUF_LO_0_INDEX + 2u * CSB_MMIO_HALF - 1u &&
                   CS_CONTEXT_STATUS_BUF_HI_11_INDEX == CS_CONTEXT_STATUS_BUF_LO_6_INDEX + 2u * CSB_MMIO_HALF - 1u,
               "each half of the CSB copy is consecutive registers");
_Static_assert(CS_CONTEXT_STATUS_BUF_HI_5_OFFSET == CS_CONTEXT_STATUS_BUF_LO_0_OFFSET + 8u * CSB_MMIO_HALF - 4u &&
                   CS_CONTEXT_STATUS_BUF_HI_11_OFFSET == CS_CONTEXT_STATUS_BUF_LO_6_OFFSET + 8u * CSB_MMIO_HALF - 4u,
               "each half of the CSB copy is contiguous");

/* Whether `offset` is in one of the two halves of the CSB's MMIO copy. */
static bool csb_mmio_offset(uint64_t offset)
{
    return (offset >= CS_CONTEXT_STATUS_BUF_LO_0_OFFSET && offset < CS_CONTEXT_STATUS_BUF_HI_5_OFFSET + 4u) ||
           (offset >= CS_CONTEXT_STATUS_BUF_LO_6_OFFSET && offset < CS_CONTEXT_STATUS_BUF_HI_11_OFFSET + 4u);
}

bool cs_execlist_is_register(uint64_t offset)
{
    if (csb_mmio_offset(offset))
        return true;
    for (size_t i = 0; i < sizeof execlist_offsets / sizeof execlist_offsets[0]; i++)
        if ((offset & ~(uint64_t)3u) == execlist_offsets[i])
            return true;
    return false;
}

/* ---- outputs ------------------------------------------------------------------------------- */

/* EXECLIST_STATUS and the FIFO status follow the state (layouts in cs_regs.toml). */
static void update_status(cs_execlist *el)
{
    uint32_t lo = 0;
    if (el->running) {
        bool second = el->active == 1;
        lo |= (second ? 2u : 1u) << CS_EXECLIST_STATUS_LO_ACTIVE_STATUS_SHIFT;
        lo |= second ? CS_EXECLIST_STATUS_LO_ELEMENT1_ACTIVE_MASK : CS_EXECLIST_STATUS_LO_ELEMENT0_ACTIVE_MASK;
        if (!second)
            lo |= CS_EXECLIST_STATUS_LO_ELEMENT0_VALID_MASK;
        if (el->elements[1] & CS_EXECLIST_DESC_VALID)
            lo |= CS_EXECLIST_STATUS_LO_ELEMENT1_VALID_MASK;
        if (el->pending_valid)
            lo |= CS_EXECLIST_STATUS_LO_QUEUE_FULL_MASK;
    }
    *reg(el, CS_EXECLIST_STATUS_LO_INDEX) = lo;
    *reg(el, CS_EXECLIST_STATUS_HI_INDEX) = el->running ? (uint32_t)(el->current.descriptor >> 32) : 0;
    uint32_t fifo = (el->fifo_count << CS_CSB_FIFO_STATUS_COUNT_SHIFT) & CS_CSB_FIFO_STATUS_COUNT_MASK;
    if (el->fifo_count == 0)
        fifo |= CS_CSB_FIFO_STATUS_EMPTY_MASK;
    if (el->fifo_count == CS_EXECLIST_FIFO_DEPTH)
        fifo |= CS_CSB_FIFO_STATUS_FULL_MASK;
    if (el->high_next)
        fifo |= CS_CSB_FIFO_STATUS_HIGH_NEXT_MASK;
    fifo |= *reg(el, CS_CSB_FIFO_STATUS_INDEX) & CS_CSB_FIFO_STATUS_OVERFLOW_MASK;
    *reg(el, CS_CSB_FIFO_STATUS_INDEX) = fifo;
    tlm_register_file_trace_sync(el->host.registers);
}

/* One transfer on graphics memory through the GGTT (images and status pages are GGTT
 * addresses); false, with a log line, if the bus refuses it. */
static bool bus(cs_execlist *el, tlm_cmd command, uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.privileged = true;
    payload.address_space = TLM_SPACE_GGTT;
    tlm_b_transport(el->host.memory, &payload, &el->bus_delay);
    if (payload.response == TLM_STATUS_OK)
        return true;
    tlm_log_error(el->host.log, "execlist: memory %s of %u bytes at 0x%llx refused (%s)",
                  command == TLM_CMD_WRITE ? "write" : "read", length, (unsigned long long)address,
                  tlm_response_name(payload.response));
    return false;
}

static void put32(uint8_t *bytes, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}

static uint32_t get32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void write32(cs_execlist *el, uint64_t address, uint32_t value)
{
    uint8_t bytes[4];
    put32(bytes, value);
    bus(el, TLM_CMD_WRITE, address, bytes, 4);
}

/* Writes a CSB entry into a status page at the slot `slot`, then the write pointer. */
static void write_csb_page(cs_execlist *el, uint64_t page, unsigned slot, uint32_t lo, uint32_t hi)
{
    write32(el, page + 4u * (CS_EXECLIST_HWSP_CSB_DWORD + 2u * slot), lo);
    write32(el, page + 4u * (CS_EXECLIST_HWSP_CSB_DWORD + 2u * slot + 1u), hi);
    write32(el, page + 4u * CS_EXECLIST_HWSP_CSB_WRITE_DWORD, slot);
}

/* One CSB entry (i915 gen12 layout): to the engine's status page (HWS_PGA, where i915 reads
 * it), the per-process HWSP of `context_lrca`, the MMIO copy,
 * RING_CONTEXT_STATUS_PTR's write pointer, the
 * read port FIFO, and the context switch interrupt. */
static void write_csb(cs_execlist *el, uint32_t lo, uint32_t hi, uint64_t context_lrca)
{
    lo |= (uint32_t)(el->host.engine_class & 7u) << CS_EXECLIST_CSB_CLASS_SHIFT;
    lo |= (uint32_t)(el->host.instance & 0x3Fu) << CS_EXECLIST_CSB_INSTANCE_SHIFT;
    uint32_t *ptr = reg(el, CS_CONTEXT_STATUS_PTR_INDEX);
    uint32_t last = (*ptr & CS_CONTEXT_STATUS_PTR_WRITE_PTR_MASK) >> CS_CONTEXT_STATUS_PTR_WRITE_PTR_SHIFT;
    unsigned slot = (last + 1u) % CS_EXECLIST_CSB_ENTRIES; /* a pointer software set past 11 wraps too */
    write_csb_page(el, *reg(el, CS_HWS_PGA_INDEX) & CS_HWS_PGA_ADDRESS_MASK, slot, lo, hi);
    write_csb_page(el, context_lrca + CS_EXECLIST_PPHWSP_OFFSET, slot, lo, hi);
    /* The MMIO copy i915 falls back to when the page's entry is not visible (wa_csb_read). */
    uint32_t copy = slot < CSB_MMIO_HALF ? CS_CONTEXT_STATUS_BUF_LO_0_INDEX + 2u * slot
                                         : CS_CONTEXT_STATUS_BUF_LO_6_INDEX + 2u * (slot - CSB_MMIO_HALF);
    *reg(el, copy) = lo;
    *reg(el, copy + 1u) = hi;
    *ptr = (*ptr & ~CS_CONTEXT_STATUS_PTR_WRITE_PTR_MASK) | (slot << CS_CONTEXT_STATUS_PTR_WRITE_PTR_SHIFT);
    if (el->fifo_count == CS_EXECLIST_FIFO_DEPTH) {
        el->stats.fifo_dropped++;
        *reg(el, CS_CSB_FIFO_STATUS_INDEX) |= CS_CSB_FIFO_STATUS_OVERFLOW_MASK;
        tlm_log_warning(el->host.log, "execlist: CSB read port FIFO full: entry 0x%08x_%08x not queued", hi, lo);
    } else {
        el->fifo[(el->fifo_first + el->fifo_count) % CS_EXECLIST_FIFO_DEPTH] = (uint64_t)hi << 32 | lo;
        el->fifo_count++;
    }
    el->stats.csb_entries++;
    update_status(el);
    el->host.event(el->host.engine, IRQ_DATA_CONTEXT_SWITCH);
}

/* ---- input: contexts -------------------------------------------------------------------- */

/* Reads the register state context of `descriptor`'s image and finds its registers (spec 004:
 * NOOPs and MI_LOAD_REGISTER_IMM lists of (register MMIO offset, value), ending at
 * MI_BATCH_BUFFER_END, another command or after CS_EXECLIST_STATE_DWORDS). Every listed offset
 * that is a register of this engine's block is taken, so the layout is the image's own and a
 * register the block gains is covered without a table here. Offsets are checked against this
 * engine's block; false (logged) if the image cannot be read or holds no ring. Nothing is
 * loaded yet. */
static bool read_image(cs_execlist *el, uint64_t descriptor, loaded_context *context)
{
    uint64_t lrca = descriptor & CS_EXECLIST_DESC_LRCA_MASK;
    uint64_t state = lrca + CS_EXECLIST_STATE_OFFSET;
    uint8_t bytes[4u * CS_EXECLIST_STATE_DWORDS];
    for (uint32_t line = 0; line < sizeof bytes; line += 64u)
        if (!bus(el, TLM_CMD_READ, state + line, bytes + line, 64u)) {
            tlm_log_error(el->host.log, "execlist: context image at 0x%llx cannot be read: context refused",
                          (unsigned long long)lrca);
            return false;
        }
    uint32_t dwords[CS_EXECLIST_STATE_DWORDS];
    for (uint32_t i = 0; i < CS_EXECLIST_STATE_DWORDS; i++)
        dwords[i] = get32(bytes + 4u * i);
    memset(context, 0, sizeof *context);
    context->descriptor = descriptor;
    context->lrca = lrca;
    context->id = cs_execlist_descriptor_sw_id(descriptor);
    uint32_t at = 0;
    while (at < CS_EXECLIST_STATE_DWORDS) {
        uint32_t header = dwords[at];
        if (header == MI_NOOP) {
            at++;
            continue;
        }
        if (header >> MI_OPCODE_SHIFT != LRI_OPCODE)
            break; /* MI_BATCH_BUFFER_END or another command: the image ends here */
        uint32_t length = (header & LRI_LENGTH_MASK) + 2u;
        if (at + length > CS_EXECLIST_STATE_DWORDS) {
            tlm_log_error(el->host.log,
                          "execlist: context image at 0x%llx: MI_LOAD_REGISTER_IMM at dword 0x%x (%u dwords) runs past "
                          "the register state context: context refused",
                          (unsigned long long)lrca, at, length);
            return false;
        }
        for (uint32_t pair = at + 1u; pair + 1u < at + length; pair += 2u) {
            uint32_t offset = dwords[pair];
            uint64_t base = el->host.mmio_base;
            if ((offset & 3u) || offset < base || offset - base >= el->host.registers->block->size) {
                el->stats.bad_offsets++;
                tlm_log_error(el->host.log,
                              "execlist: context image at 0x%llx dword 0x%x: register 0x%x is not in this engine's "
                              "block at 0x%llx: skipped",
                              (unsigned long long)lrca, pair, offset, (unsigned long long)base);
                continue;
            }
            int32_t index = tlm_register_find(el->host.registers->block, (uint32_t)(offset - base));
            if (index < 0)
                continue; /* not modelled: left untouched */
            image_slot *slot = NULL;
            for (uint32_t s = 0; s < context->slot_count; s++)
                if (context->slots[s].index == (uint32_t)index)
                    slot = &context->slots[s]; /* listed twice: the later value wins */
            if (!slot && context->slot_count == SLOT_CAPACITY)
                continue; /* cannot happen: a pair takes two of the image's dwords */
            if (!slot)
                slot = &context->slots[context->slot_count++];
            *slot = (image_slot){ .dword = pair + 1u,
                                  .index = (uint32_t)index,
                                  .loaded = dwords[pair + 1u],
                                  .engine = pair >= CS_EXECLIST_ENGINE_CONTEXT_DWORD };
        }
        at += length;
    }
    for (size_t r = 0; r < sizeof required_registers / sizeof required_registers[0]; r++) {
        bool found = false;
        for (uint32_t s = 0; s < context->slot_count; s++)
            found = found || context->slots[s].index == required_registers[r];
        if (!found) {
            tlm_log_error(el->host.log, "execlist: context image at 0x%llx has no %s for this engine: context refused",
                          (unsigned long long)lrca, reg_desc(el, required_registers[r])->name);
            return false;
        }
    }
    return true;
}

/* A register value as the image stores it: masked registers as a masked write with every
 * enable (i915 _MASKED_BIT_ENABLE), so that a reload restores every bit. */
static uint32_t image_value(const tlm_register_desc *desc, uint32_t value)
{
    return desc->masked ? (value & 0xFFFFu) | desc->rw_mask << 16 : value;
}

/* Whether the engine context part is restored: Context Control as loaded from the image (i915
 * CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT). */
static bool restore_inhibited(cs_execlist *el)
{
    return (*reg(el, CS_CONTEXT_CONTROL_INDEX) & CS_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK) != 0;
}

/* Loads a context: its image's ring context registers become the engine's directly; its engine
 * context goes through the engine's register access path, as the image's MI_LOAD_REGISTER_IMM
 * lists would, unless Context Control inhibits the restore: then the engine context registers
 * take their reset values (a **choice**, docs/reference/cs.md "Context image": no state of the previous
 * context is left behind). False: refused, logged. */
static bool load_context(cs_execlist *el, uint64_t descriptor)
{
    loaded_context context;
    if (!read_image(el, descriptor, &context)) {
        el->stats.refused++;
        return false;
    }
    for (uint32_t s = 0; s < context.slot_count; s++) {
        const image_slot *slot = &context.slots[s];
        if (slot->engine)
            continue;
        const tlm_register_desc *desc = reg_desc(el, slot->index);
        uint32_t *value = reg(el, slot->index);
        if (desc->masked) /* Context Control is stored as a masked write (i915 _MASKED_BIT_ENABLE) */
            *value = tlm_register_apply_write(desc, *value, slot->loaded, 0xFFFFFFFFu);
        else
            *value = slot->loaded & (desc->rw_mask | desc->ro_mask | desc->w1c_mask | desc->w1s_mask);
    }
    bool inhibit = restore_inhibited(el);
    if (inhibit)
        el->stats.restore_inhibits++;
    for (uint32_t s = 0; s < context.slot_count; s++) {
        const image_slot *slot = &context.slots[s];
        if (!slot->engine)
            continue;
        const tlm_register_desc *desc = reg_desc(el, slot->index);
        el->host.write_register(el->host.engine, desc->offset,
                                inhibit ? image_value(desc, desc->reset) : slot->loaded);
    }
    el->current = context;
    el->running = true;
    el->stats.contexts_run++;
    return true;
}

/* Context save: the registers the image lists go back to it where the engine's value differs
 * (masked ones as a masked write with every enable). The engine context is read through the
 * engine's register path and not saved with Context Control's save inhibit. Restore inhibit is
 * not saved: the state saved now is restored at the next load (a **choice**). */
static void save_context(cs_execlist *el)
{
    loaded_context *context = &el->current;
    el->host.context_out(el->host.engine);
    bool save_inhibit = (*reg(el, CS_CONTEXT_CONTROL_INDEX) & CS_CONTEXT_CONTROL_SAVE_INHIBIT_MASK) != 0;
    for (uint32_t s = 0; s < context->slot_count; s++) {
        const image_slot *slot = &context->slots[s];
        const tlm_register_desc *desc = reg_desc(el, slot->index);
        if (slot->engine && save_inhibit)
            continue;
        uint32_t value = slot->engine ? el->host.read_register(el->host.engine, desc->offset) : *reg(el, slot->index);
        if (slot->index == CS_CONTEXT_CONTROL_INDEX)
            value &= ~CS_CONTEXT_CONTROL_RESTORE_INHIBIT_MASK;
        value = image_value(desc, value);
        if (value != slot->loaded)
            write32(el, context->lrca + CS_EXECLIST_STATE_OFFSET + 4u * slot->dword, value);
    }
    el->stats.completions++;
}

/* The pending execlist becomes the current one and its element 0 is loaded. */
static bool take_pending(cs_execlist *el)
{
    el->elements[0] = el->pending[0];
    el->elements[1] = el->pending[1];
    el->pending_valid = false;
    el->active = 0;
    return load_context(el, el->elements[0]);
}

/* The running context's ring is empty: save it, then the next context or idle. */
static void complete(cs_execlist *el)
{
    uint32_t away = id_field(el->current.id);
    uint64_t away_lrca = el->current.lrca;
    save_context(el);
    el->running = false;
    if (el->pending_valid) {
        /* A load made while this context ran, and it completed before an arbitration point
         * took the load: i915's "switched to new queue", detail 0 (complete). */
        if (take_pending(el)) {
            write_csb(el, CS_EXECLIST_CSB_NEW_QUEUE | id_field(el->current.id), away, away_lrca);
            return;
        }
    } else if (el->active == 0 && (el->elements[1] & CS_EXECLIST_DESC_VALID)) {
        el->active = 1;
        if (load_context(el, el->elements[1])) {
            write_csb(el, id_field(el->current.id), away, away_lrca); /* element switch, detail 0: complete */
            return;
        }
    }
    write_csb(el, id_field(CS_EXECLIST_IDLE_CTX_ID), away, away_lrca); /* active to idle */
}

/* A load taken at an arbitration point while a context runs (i915 execlists_dequeue: a new
 * ELSP/SQ submission preempts; timeslice_expired resubmits the same way). When element 0 is the
 * running context again (same LRCA, no Force Restore) it is a lite restore: nothing is saved or
 * loaded, the new RING_TAIL is read from the image and the context goes on. Otherwise the
 * running context is saved (its ring state, HEAD at the arbitration point, its batch) and the
 * new element 0 loaded. Both write a "switched to new queue" CSB entry whose away half names the
 * running context with switch detail 5 (preempted; the lite-restore detail is a **choice**,
 * i915 __gen12_csb_parse does not look at it). Returns false when the context goes on. */
static bool preempt(cs_execlist *el)
{
    uint64_t next = el->pending[0];
    uint32_t away = id_field(el->current.id);
    uint64_t away_lrca = el->current.lrca;
    if ((next & CS_EXECLIST_DESC_LRCA_MASK) == el->current.lrca && !(next & CS_EXECLIST_DESC_FORCE_RESTORE)) {
        for (uint32_t s = 0; s < el->current.slot_count; s++) {
            image_slot *slot = &el->current.slots[s];
            if (slot->index != CS_RING_TAIL_INDEX)
                continue;
            uint8_t bytes[4];
            if (bus(el, TLM_CMD_READ, el->current.lrca + CS_EXECLIST_STATE_OFFSET + 4u * slot->dword, bytes, 4)) {
                slot->loaded = get32(bytes);
                *reg(el, CS_RING_TAIL_INDEX) = slot->loaded & reg_desc(el, CS_RING_TAIL_INDEX)->rw_mask;
            }
        }
        el->elements[0] = next;
        el->elements[1] = el->pending[1];
        el->pending_valid = false;
        el->active = 0;
        el->current.descriptor = next;
        el->current.id = cs_execlist_descriptor_sw_id(next);
        el->stats.lite_restores++;
        write_csb(el, CS_EXECLIST_CSB_NEW_QUEUE | id_field(el->current.id), away | CS_EXECLIST_CSB_DETAIL_PREEMPTED,
                  away_lrca);
        return false;
    }
    save_context(el);
    el->running = false;
    el->stats.preemptions++;
    if (take_pending(el))
        write_csb(el, CS_EXECLIST_CSB_NEW_QUEUE | id_field(el->current.id), away | CS_EXECLIST_CSB_DETAIL_PREEMPTED,
                  away_lrca);
    else
        write_csb(el, id_field(CS_EXECLIST_IDLE_CTX_ID), away | CS_EXECLIST_CSB_DETAIL_PREEMPTED, away_lrca);
    return true;
}

static void switch_event(void *context)
{
    cs_execlist *el = context;
    el->bus_delay = 0;
    bool restored = true;
    if (el->running) {
        if (el->host.ring_idle(el->host.engine)) {
            complete(el);
        } else if (el->pending_valid && el->host.yielded(el->host.engine)) {
            restored = preempt(el);
        } else {
            /* The ring got more to run meanwhile, or no load waits: the context goes on. */
            update_status(el);
            if (el->host.yielded(el->host.engine))
                el->host.resume(el->host.engine, 0, false);
            return;
        }
    } else if (el->pending_valid) {
        if (!take_pending(el)) {
            update_status(el); /* refused (logged): the engine's registers were not touched */
            return;
        }
        /* idle to active */
        write_csb(el, CS_EXECLIST_CSB_NEW_QUEUE | id_field(el->current.id), id_field(CS_EXECLIST_IDLE_CTX_ID),
                  el->current.lrca);
    }
    update_status(el);
    el->host.resume(el->host.engine, el->bus_delay, restored);
}

static tlm_time switch_time(cs_execlist *el)
{
    return (tlm_time)CS_EXECLIST_SWITCH_CYCLES * el->host.clock_period;
}

void cs_execlist_ring_empty(cs_execlist *el)
{
    if (!el || !el->running || tlm_event_pending(&el->event))
        return;
    tlm_event_notify(el->host.kernel, &el->event, switch_time(el));
}

bool cs_execlist_switch_pending(const cs_execlist *el)
{
    return el && el->running && el->pending_valid;
}

void cs_execlist_arbitration_point(cs_execlist *el)
{
    if (!el || tlm_event_pending(&el->event))
        return;
    tlm_event_notify(el->host.kernel, &el->event, switch_time(el));
}

/* A descriptor the engine can run (an empty slot is not checked here). */
static bool descriptor_ok(cs_execlist *el, uint64_t descriptor, unsigned element)
{
    if (cs_execlist_descriptor_sw_id(descriptor) == CS_EXECLIST_IDLE_CTX_ID) {
        tlm_log_error(el->host.log,
                      "execlist: element %u descriptor 0x%016llx uses context id 0x7FF (idle): load refused", element,
                      (unsigned long long)descriptor);
        return false;
    }
    unsigned engine_class = (unsigned)(descriptor >> CS_EXECLIST_DESC_CLASS_SHIFT) & 7u;
    unsigned instance = (unsigned)(descriptor >> CS_EXECLIST_DESC_INSTANCE_SHIFT) & 0x3Fu;
    if (engine_class != el->host.engine_class || instance != el->host.instance)
        tlm_log_warning(el->host.log,
                        "execlist: element %u descriptor names engine class %u instance %u, this is %u/%u: run anyway",
                        element, engine_class, instance, el->host.engine_class, el->host.instance);
    return true;
}

/* A load of the execlist (element 0, element 1) from the submit queue or the ELSP. */
static void submit(cs_execlist *el, uint64_t element0, uint64_t element1)
{
    bool valid0 = element0 & CS_EXECLIST_DESC_VALID;
    bool valid1 = element1 & CS_EXECLIST_DESC_VALID;
    if (!valid0) {
        el->stats.refused++;
        tlm_log_error(el->host.log, "execlist: load with element 0 not valid (0x%016llx, element 1 %s): refused",
                      (unsigned long long)element0, valid1 ? "valid" : "not valid either");
        return;
    }
    if (!descriptor_ok(el, element0, 0) || (valid1 && !descriptor_ok(el, element1, 1))) {
        el->stats.refused++;
        return;
    }
    if (el->pending_valid)
        tlm_log_warning(el->host.log, "execlist: a load replaces the one not taken yet");
    el->pending[0] = element0;
    el->pending[1] = valid1 ? element1 : 0;
    el->pending_valid = true;
    el->stats.loads++;
    if (!el->running && !tlm_event_pending(&el->event))
        tlm_event_notify(el->host.kernel, &el->event, switch_time(el));
    update_status(el);
    if (el->running)
        el->host.arbitrate(el->host.engine); /* waiting at an arbitration point: the switch goes now */
}

/* ---- MMIO -------------------------------------------------------------------------------- */

void cs_execlist_register_written(cs_execlist *el, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)old_value;
    if (!el)
        return;
    switch (index) {
    case CS_EXECLIST_CONTROL_INDEX:
        if (new_value & CS_EXECLIST_CONTROL_LOAD_MASK) {
            *reg(el, CS_EXECLIST_CONTROL_INDEX) = 0; /* taken */
            submit(el,
                   (uint64_t)*reg(el, CS_EXECLIST_SQ_ELEMENT0_HI_INDEX) << 32 |
                       *reg(el, CS_EXECLIST_SQ_ELEMENT0_LO_INDEX),
                   (uint64_t)*reg(el, CS_EXECLIST_SQ_ELEMENT1_HI_INDEX) << 32 |
                       *reg(el, CS_EXECLIST_SQ_ELEMENT1_LO_INDEX));
        }
        break;
    case CS_EXECLIST_ELSP_INDEX:
        /* i915 (gen8-10): element 1 high, element 1 low, element 0 high, element 0 low. */
        el->elsp[el->elsp_count++] = new_value;
        if (el->elsp_count == ELSP_DWORDS) {
            el->elsp_count = 0;
            submit(el, (uint64_t)el->elsp[2] << 32 | el->elsp[3], (uint64_t)el->elsp[0] << 32 | el->elsp[1]);
        }
        break;
    case CS_CSB_FIFO_STATUS_INDEX:
        update_status(el);
        break;
    default:
        break;
    }
}

void cs_execlist_register_read(cs_execlist *el, uint32_t index)
{
    if (!el || index != CS_CSB_READ_PORT_INDEX)
        return;
    /* spec 001 "CSB Read Port": two reads per entry, bits 31:0 then 63:32. */
    uint32_t *port = reg(el, CS_CSB_READ_PORT_INDEX);
    if (el->fifo_count == 0) {
        *port = 0;
        tlm_log_warning(el->host.log, "execlist: CSB read port read with the FIFO empty: 0");
    } else if (!el->high_next) {
        *port = (uint32_t)el->fifo[el->fifo_first];
        el->high_next = true;
    } else {
        *port = (uint32_t)(el->fifo[el->fifo_first] >> 32);
        el->high_next = false;
        el->fifo_first = (el->fifo_first + 1u) % CS_EXECLIST_FIFO_DEPTH;
        el->fifo_count--;
    }
    update_status(el);
}

/* ---- reset and init ------------------------------------------------------------------------ */

void cs_execlist_reset(cs_execlist *el)
{
    if (!el)
        return;
    tlm_event_cancel(el->host.kernel, &el->event);
    el->elements[0] = el->elements[1] = 0;
    el->pending[0] = el->pending[1] = 0;
    el->pending_valid = false;
    el->running = false;
    el->active = 0;
    el->elsp_count = 0;
    /* The CSB FIFO and its read port are not reset with the engine: spec 001 "Context Status
     * Buffer Initialization" puts them in the device reset domain, so entries left unread
     * survive a GFX reset and the GuC firmware drains them. */
    memset(&el->current, 0, sizeof el->current);
    update_status(el);
}

cs_execlist *cs_execlist_create(const cs_execlist_host *host, const char *name)
{
    cs_execlist *el = tlm_alloc_zeroed(1, sizeof *el);
    el->host = *host;
    tlm_event_init(&el->event, name, switch_event, el);
    cs_execlist_reset(el);
    return el;
}

void cs_execlist_destroy(cs_execlist *el)
{
    if (!el)
        return;
    tlm_event_cancel(el->host.kernel, &el->event);
    free(el);
}

bool cs_execlist_active(const cs_execlist *el)
{
    return el && el->running;
}

bool cs_execlist_context_id(const cs_execlist *el, uint32_t *id)
{
    if (!el || !el->running)
        return false;
    *id = el->current.id;
    return true;
}

bool cs_execlist_context_lrca(const cs_execlist *el, uint64_t *lrca)
{
    if (!el || !el->running)
        return false;
    *lrca = el->current.lrca;
    return true;
}

const cs_execlist_stats *cs_execlist_get_stats(const cs_execlist *el)
{
    return &el->stats;
}

/* ---- helpers for submitters ------------------------------------------------------------------ */

uint64_t cs_execlist_descriptor(uint64_t lrca, uint32_t sw_context_id, unsigned engine_class, unsigned instance)
{
    uint64_t descriptor = CS_EXECLIST_DESC_VALID | CS_EXECLIST_DESC_PRIVILEGE |
                          (uint64_t)CS_EXECLIST_ADDRESSING_LEGACY_64B << CS_EXECLIST_DESC_ADDRESSING_SHIFT;
    descriptor |= lrca & CS_EXECLIST_DESC_LRCA_MASK;
    descriptor |= (uint64_t)(sw_context_id & ((1u << CS_EXECLIST_DESC_SW_CTX_ID_WIDTH) - 1u))
                  << CS_EXECLIST_DESC_SW_CTX_ID_SHIFT;
    descriptor |= (uint64_t)(instance & ((1u << CS_EXECLIST_DESC_INSTANCE_WIDTH) - 1u))
                  << CS_EXECLIST_DESC_INSTANCE_SHIFT;
    descriptor |= (uint64_t)(engine_class & ((1u << CS_EXECLIST_DESC_CLASS_WIDTH) - 1u))
                  << CS_EXECLIST_DESC_CLASS_SHIFT;
    return descriptor;
}
