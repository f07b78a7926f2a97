/* The command streamer twin alone (cosim_cs_twin.h) on a kernel, a clock and a graphics memory:
 * the helpers its rule tests share (cs_twin_test.c, cs_twin_planted_test.c). Commands are
 * encoded from their definitions (genxml gen12.xml opcodes and DWord Length bias 2; spec 000
 * §1.3), not from the RTL. */
#ifndef CS_TWIN_FIXTURE_H
#define CS_TWIN_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cosim_cs_twin.h"
#include "cs_regs.h"
#include "gtsim_tlm.h"
#include "tb_test.h"

/* Command headers (genxml gen12.xml: MI opcode in 28:23, DWord Length = dwords - 2). */
#define CS_T_MI_NOOP 0x00000000u
#define CS_T_MI_USER_INTERRUPT (0x02u << 23)
#define CS_T_MI_BB_END (0x0Au << 23)
#define CS_T_MI_BB_START (0x31u << 23 | 1u)         /* 3 dwords, GGTT */
#define CS_T_MI_BB_START_2ND (CS_T_MI_BB_START | 1u << 22) /* Second Level Batch Buffer */
#define CS_T_MI_SDI_DWORD (0x20u << 23 | 2u)        /* 4 dwords */
#define CS_T_MI_SDI_QWORD (0x20u << 23 | 1u << 21 | 3u) /* 5 dwords, Store Qword */
#define CS_T_MI_LRI(pairs) (0x22u << 23 | (2u * (pairs) - 1u))
#define CS_T_MI_FORCE_WAKEUP (0x1Du << 23)          /* 2 dwords */
#define CS_T_3DSTATE_CLIP (0x78120000u | 2u)        /* 4 dwords (GFXPIPE 3D, sub-opcode 0x12) */
#define CS_T_3DSTATE_VS (0x78100000u | 7u)          /* 9 dwords */
#define CS_T_MEDIA_STATE_FLUSH 0x70040000u          /* 2 dwords (media pipeline, 16-bit length) */
#define CS_T_STATE_BASE_ADDRESS (0x61010000u | 20u) /* 22 dwords (pipeline 1) */
/* The render engine's MMIO base (i915 RENDER_RING_BASE). */
#define CS_T_RCS_BASE 0x2000u

#define CS_T_RING 0x10000u   /* ring buffer: one 4 KiB page */
#define CS_T_RING_BYTES 4096u
#define CS_T_BATCH_A 0x20000u
#define CS_T_BATCH_B 0x21000u
#define CS_T_DATA 0x30000u   /* where the stores go */
#define CS_T_MEMORY (16u << 20)

typedef struct cs_twin_fixture {
    tlm_kernel *kernel;
    tlm_clock clock;
    tlm_memory *memory;
    cosim_cs_twin *twin;
    uint32_t messages[16];   /* messages received, in order */
    unsigned message_count;  /* entries of messages */
    uint32_t ring_tail;      /* where the next ring dword goes (byte offset) */
} cs_twin_fixture;

static void cs_twin_on_message(void *context, uint32_t message, tlm_time when)
{
    (void)when;
    cs_twin_fixture *f = context;
    if (f->message_count < 16)
        f->messages[f->message_count] = message;
    f->message_count++;
}

static inline void cs_twin_open(cs_twin_fixture *f, const cosim_axi4_delay *delay)
{
    memset(f, 0, sizeof *f);
    f->kernel = tlm_kernel_create();
    tlm_clock_init(&f->clock, f->kernel, "gt_clock", TLM_NS, TLM_NS);
    f->memory = tlm_memory_create(f->kernel, "memory", CS_T_MEMORY);
    f->twin = cosim_cs_twin_create_delayed(f->kernel, &f->clock, "rcs_rtl", tlm_memory_target(f->memory), delay);
    cosim_cs_twin_on_message(f->twin, cs_twin_on_message, f);
}

/* Frees the fixture; returns the RTL's assertion failures (printing the last one). */
static inline uint64_t cs_twin_close(cs_twin_fixture *f)
{
    uint64_t failures = cosim_cs_twin_assertion_failures(f->twin);
    if (failures)
        printf("%llu assertion failure(s), last: %s\n", (unsigned long long)failures,
               cosim_cs_twin_last_assertion(f->twin));
    cosim_cs_twin_destroy(f->twin);
    tlm_memory_destroy(f->memory);
    tlm_clock_destroy(&f->clock);
    tlm_kernel_destroy(f->kernel);
    return failures;
}

static inline void cs_twin_write(cs_twin_fixture *f, uint32_t offset, uint32_t value)
{
    uint8_t data[4];
    memcpy(data, &value, 4);
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, data, 4);
    tlm_time delay = 0;
    tlm_b_transport(cosim_cs_twin_registers(f->twin), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
}

static inline uint32_t cs_twin_read(cs_twin_fixture *f, uint32_t offset)
{
    uint8_t data[4] = { 0 };
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, data, 4);
    tlm_time delay = 0;
    tlm_b_transport(cosim_cs_twin_registers(f->twin), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
    uint32_t value;
    memcpy(&value, data, 4);
    return value;
}

static inline void cs_twin_poke(cs_twin_fixture *f, uint64_t address, uint32_t value)
{
    tlm_memory_write_backdoor(f->memory, address, &value, 4);
}

static inline uint32_t cs_twin_peek(cs_twin_fixture *f, uint64_t address)
{
    uint32_t value = 0;
    tlm_memory_read(f->memory, address, &value, 4);
    return value;
}

static inline void cs_twin_run(cs_twin_fixture *f, uint64_t cycles)
{
    tlm_kernel_run_for(f->kernel, cycles * TLM_NS);
}

/* The ring at CS_T_RING, one page, HEAD = TAIL = `at`, enabled (i915 xcs_resume's order:
 * START, HEAD, TAIL, then CTL with the length and enable). */
static inline void cs_twin_ring_at(cs_twin_fixture *f, uint32_t at)
{
    cs_twin_write(f, CS_RING_START_OFFSET, CS_T_RING);
    cs_twin_write(f, CS_RING_HEAD_OFFSET, at);
    cs_twin_write(f, CS_RING_TAIL_OFFSET, at);
    cs_twin_write(f, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK); /* LENGTH 0: one page */
    f->ring_tail = at;
}

/* Appends dwords to the ring (wrapping at its end) without moving TAIL. */
static inline void cs_twin_emit(cs_twin_fixture *f, const uint32_t *dwords, unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        cs_twin_poke(f, CS_T_RING + f->ring_tail, dwords[i]);
        f->ring_tail = (f->ring_tail + 4u) % CS_T_RING_BYTES;
    }
}

/* Pads to a QWord with MI_NOOP (TAIL is QWord granular) and writes TAIL. */
static inline void cs_twin_submit(cs_twin_fixture *f)
{
    if (f->ring_tail % 8u) {
        uint32_t noop = CS_T_MI_NOOP;
        cs_twin_emit(f, &noop, 1);
    }
    cs_twin_write(f, CS_RING_TAIL_OFFSET, f->ring_tail);
}

static inline uint32_t cs_twin_head(cs_twin_fixture *f)
{
    return cs_twin_read(f, CS_RING_HEAD_OFFSET) & CS_RING_HEAD_HEAD_MASK;
}

/* The wrap rule (spec 000 §1.1.5.2): HEAD reaching the end of the ring continues at 0 and the
 * wrap count goes up by one. From HEAD = end - 8: two MI_NOOPs end exactly at the end, then an
 * MI_STORE_DATA_IMM at 0. True when HEAD, the wrap count and the store are right. */
static inline bool cs_twin_wrap_rule_holds(cs_twin_fixture *f)
{
    cs_twin_ring_at(f, CS_T_RING_BYTES - 8u);
    const uint32_t commands[] = { CS_T_MI_NOOP, CS_T_MI_NOOP, CS_T_MI_SDI_DWORD, CS_T_DATA, 0, 0xC0FFEE01u };
    cs_twin_emit(f, commands, 6);
    cs_twin_submit(f);
    cs_twin_run(f, 2000);
    uint32_t head = cs_twin_read(f, CS_RING_HEAD_OFFSET);
    uint32_t wraps = (head & CS_RING_HEAD_WRAP_COUNT_MASK) >> CS_RING_HEAD_WRAP_COUNT_SHIFT;
    bool holds = (head & CS_RING_HEAD_HEAD_MASK) == f->ring_tail && wraps == 1u &&
                 cs_twin_peek(f, CS_T_DATA) == 0xC0FFEE01u;
    if (!holds)
        printf("wrap: HEAD 0x%x (wraps %u), TAIL 0x%x, store 0x%08x\n", head & CS_RING_HEAD_HEAD_MASK, wraps,
               f->ring_tail, cs_twin_peek(f, CS_T_DATA));
    return holds;
}

#endif
