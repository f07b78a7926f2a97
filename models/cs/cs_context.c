/* The logical context image as software writes it (spec 004 "Logical Contexts", "Register/State
 * Context"; docs/reference/cs.md "Context image"): the per-process HWSP page and the register state
 * context of the table, LRI headers and (register MMIO offset, value) pairs at the engine's base.
 * The engine reads images by their own LRI lists (cs_execlist.c read_image), not by this table. */
#include <stdlib.h>

#include "cs_execlist.h"
#include "cs_regs.h"
#include "tlm_alloc.h"

/* Registers of the register state context named by their offsets from the engine's base
 * (spec 004 "Register/State Context": VCS 0x12168 is base 0x12000 + 0x168). Those the engine's
 * register block has are loaded and saved; the others are left untouched in the image. */
#define IMAGE_BB_ADDR_UDW 0x168u             /* Batch Buffer Current Head Register (UDW) */
#define IMAGE_SECOND_BB_ADDR_UDW 0x11Cu      /* SECOND_BB_ADDR_UDW */
#define IMAGE_SECOND_BB_ADDR 0x114u          /* SECOND_BB_ADDR */
#define IMAGE_SECOND_BB_STATE 0x118u         /* SECOND_BB_STATE */
#define IMAGE_BB_PER_CTX_PTR 0x1C0u          /* BB_PER_CTX_PTR */
#define IMAGE_INDIRECT_CTX 0x1C4u            /* VCS_INDIRECT_CTX */
#define IMAGE_INDIRECT_CTX_OFFSET 0x1C8u     /* VCS_INDIRECT_CTX_OFFSET */
#define IMAGE_CTX_TIMESTAMP 0x3A8u           /* CTX_TIMESTAMP */
#define IMAGE_PDP_LDW(n) (0x270u + 8u * (n)) /* PDPn_LDW; PDPn_UDW is 4 bytes above */

static void put32(uint8_t *bytes, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}

bool cs_execlist_write_context_image(const tlm_target *memory, uint64_t lrca, const cs_execlist_ring *ring)
{
    /* spec 004 "Register/State Context" (the table's ring context; register offsets are the
     * engine's base plus the register's: 0x12034 for VCS at 0x12000). */
    static const struct {
        uint32_t dword;  /* position of the (register, value) pair */
        uint32_t offset; /* register offset from the engine's base */
    } pairs[] = {
        { CS_EXECLIST_CTX_CONTEXT_CONTROL, CS_CONTEXT_CONTROL_OFFSET },
        { CS_EXECLIST_CTX_RING_HEAD, CS_RING_HEAD_OFFSET },
        { CS_EXECLIST_CTX_RING_TAIL, CS_RING_TAIL_OFFSET },
        { CS_EXECLIST_CTX_RING_START, CS_RING_START_OFFSET },
        { CS_EXECLIST_CTX_RING_CTL, CS_RING_CTL_OFFSET },
        { CS_EXECLIST_CTX_BB_ADDR_UDW, IMAGE_BB_ADDR_UDW },
        { CS_EXECLIST_CTX_BB_ADDR, CS_BB_ADDR_OFFSET },
        { CS_EXECLIST_CTX_BB_STATE, CS_BB_STATE_OFFSET },
        { 0x12, IMAGE_SECOND_BB_ADDR_UDW },
        { 0x14, IMAGE_SECOND_BB_ADDR },
        { 0x16, IMAGE_SECOND_BB_STATE },
        { 0x18, IMAGE_BB_PER_CTX_PTR },
        { 0x1A, IMAGE_INDIRECT_CTX },
        { 0x1C, IMAGE_INDIRECT_CTX_OFFSET },
        { 0x22, IMAGE_CTX_TIMESTAMP },
        { 0x24, IMAGE_PDP_LDW(3) + 4u },
        { 0x26, IMAGE_PDP_LDW(3) },
        { 0x28, IMAGE_PDP_LDW(2) + 4u },
        { 0x2A, IMAGE_PDP_LDW(2) },
        { 0x2C, IMAGE_PDP_LDW(1) + 4u },
        { 0x2E, IMAGE_PDP_LDW(1) },
        { 0x30, IMAGE_PDP_LDW(0) + 4u },
        { 0x32, IMAGE_PDP_LDW(0) },
    };
    /* spec 004 "Register/State Context", the engine context: one MI_LOAD_REGISTER_IMM at 0x51,
     * pairs from 0x52 in this order (CS_GPR 1-16 are 32 dwords from base + 0x600). */
    static const uint32_t engine_offsets[] = {
        0x028u, /* EXCC */
        0x09Cu, /* MI_MODE */
        0x0C0u, /* INSTPM */
        0x178u, /* PR_CTR_CTL */
        0x17Cu, /* PR_CTR_THRSH */
        0x358u, /* TIMESTAMP Register (LSB) */
        0x170u, /* BB_START_ADDR_UDW */
        0x150u, /* BB_START_ADDR */
        0x154u, /* BB_ADD_DIFF */
        0x158u, /* BB_OFFSET */
        0x41Cu, /* MI_PREDICATE_RESULT_1 */
    };
#define IMAGE_GPR_FIRST 0x600u /* CS_GPR (1-16): 32 dwords */
#define IMAGE_GPR_DWORDS 32u
#define IMAGE_IPEHR 0x068u     /* IPEHR, the list's last pair */
    uint32_t dwords[CS_EXECLIST_STATE_DWORDS] = { 0 }; /* NOOPs */
    dwords[CS_EXECLIST_CTX_LRI0] = CS_EXECLIST_LRI0_HEADER;
    dwords[CS_EXECLIST_CTX_LRI1] = CS_EXECLIST_LRI1_HEADER;
    dwords[CS_EXECLIST_ENGINE_CONTEXT_DWORD + 1u] = CS_EXECLIST_LRI2_HEADER;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        dwords[pairs[i].dword] = (uint32_t)(ring->mmio_base + pairs[i].offset);
    uint32_t at = CS_EXECLIST_ENGINE_CONTEXT_DWORD + 2u;
    uint32_t offsets[sizeof engine_offsets / sizeof engine_offsets[0] + IMAGE_GPR_DWORDS + 1u];
    uint32_t count = 0;
    for (size_t i = 0; i < sizeof engine_offsets / sizeof engine_offsets[0]; i++)
        offsets[count++] = engine_offsets[i];
    for (uint32_t i = 0; i < IMAGE_GPR_DWORDS; i++)
        offsets[count++] = IMAGE_GPR_FIRST + 4u * i;
    offsets[count++] = IMAGE_IPEHR;
    for (uint32_t i = 0; i < count; i++, at += 2u) {
        dwords[at] = (uint32_t)(ring->mmio_base + offsets[i]);
        /* Reset values; a masked register as a masked write with every enable, so that the
         * first load sets it rather than leaving the previous context's value. */
        int32_t index = tlm_register_find(&cs_regs, offsets[i]);
        if (index >= 0 && cs_regs.registers[index].masked)
            dwords[at + 1u] = (cs_regs.registers[index].reset & 0xFFFFu) | cs_regs.registers[index].rw_mask << 16;
        else if (index >= 0)
            dwords[at + 1u] = cs_regs.registers[index].reset;
    }
    dwords[CS_EXECLIST_CTX_CONTEXT_CONTROL + 1u] = ring->context_control;
    dwords[CS_EXECLIST_CTX_RING_HEAD + 1u] = ring->head;
    dwords[CS_EXECLIST_CTX_RING_TAIL + 1u] = ring->tail;
    dwords[CS_EXECLIST_CTX_RING_START + 1u] = ring->start;
    dwords[CS_EXECLIST_CTX_RING_CTL + 1u] = ring->ctl;
    uint8_t state[4u * CS_EXECLIST_STATE_DWORDS];
    for (uint32_t i = 0; i < CS_EXECLIST_STATE_DWORDS; i++)
        put32(state + 4u * i, dwords[i]);
    uint8_t *page = tlm_alloc_zeroed(CS_EXECLIST_STATE_OFFSET, 1);
    tlm_payload hwsp =
        tlm_payload_make(TLM_CMD_WRITE, lrca + CS_EXECLIST_PPHWSP_OFFSET, page, CS_EXECLIST_STATE_OFFSET);
    tlm_payload image = tlm_payload_make(TLM_CMD_WRITE, lrca + CS_EXECLIST_STATE_OFFSET, state, sizeof state);
    hwsp.address_space = image.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(memory, &hwsp, &delay);
    tlm_b_transport(memory, &image, &delay);
    free(page);
    return hwsp.response == TLM_STATUS_OK && image.response == TLM_STATUS_OK;
}

bool cs_execlist_write_ring_tail(const tlm_target *memory, uint64_t lrca, uint32_t tail)
{
    uint8_t bytes[4];
    put32(bytes, tail);
    tlm_payload payload = tlm_payload_make(
        TLM_CMD_WRITE, lrca + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_TAIL + 1u), bytes, 4);
    payload.address_space = TLM_SPACE_GGTT;
    tlm_time delay = 0;
    tlm_b_transport(memory, &payload, &delay);
    return payload.response == TLM_STATUS_OK;
}
