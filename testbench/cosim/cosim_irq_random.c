#include "cosim_irq_random.h"

#include <string.h>

#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "cosim_irq_registers.h"
#include "tlm_random.h"

/* The registers the stimulus touches, host block offsets (the GuC block has the same layout
 * without GFX_MSTR_IRQ: irq_gen11_guc_regs.toml). */
static const uint32_t dw_offsets[2] = { IRQ_GEN11_GT_INTR_DW0_OFFSET, IRQ_GEN11_GT_INTR_DW1_OFFSET };
static const uint32_t selector_offsets[2] = { IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, IRQ_GEN11_IIR_REG_SELECTOR1_OFFSET };
static const uint32_t identity_offsets[2] = { IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET,
                                              IRQ_GEN11_INTR_IDENTITY_REG1_OFFSET };
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define DATA_VALID IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK

uint64_t cosim_irq_random_next(cosim_irq_random *random)
{
    return tlm_xorshift64star(&random->state); /* xorshift64* (Vigna) */
}

static uint32_t below(cosim_irq_random *random, uint32_t n)
{
    return (uint32_t)((cosim_irq_random_next(random) >> 32) % n);
}

static const tlm_target *block(cosim_irq_random *random, unsigned interface)
{
    return interface ? random->ports.guc : random->ports.host;
}

/* One 32-bit access; `byte_enables` 0xF for all bytes. Returns the read value. */
static uint32_t mmio(cosim_irq_random *random, unsigned interface, tlm_cmd command, uint32_t offset, uint32_t value,
                       uint8_t byte_enables)
{
    uint8_t data[4];
    memcpy(data, &value, 4);
    uint8_t enables[4];
    tlm_payload payload = tlm_payload_make(command, offset, data, 4);
    if (byte_enables != 0xF) {
        for (unsigned i = 0; i < 4; i++)
            enables[i] = (byte_enables >> i & 1u) ? 0xFF : 0x00;
        payload.byte_enable = enables;
        payload.byte_enable_length = 4;
    }
    tlm_time delay = 0;
    tlm_b_transport(block(random, interface), &payload, &delay);
    /* As an initiator does: time reaches the end of the transaction before the next one. */
    tlm_kernel_run_for(random->ports.kernel, delay);
    random->accesses++;
    memcpy(&value, data, 4);
    return value;
}

static uint32_t rd(cosim_irq_random *random, unsigned interface, uint32_t offset)
{
    return mmio(random, interface, TLM_CMD_READ, offset, 0, 0xF);
}

static void wr(cosim_irq_random *random, unsigned interface, uint32_t offset, uint32_t value)
{
    /* One write in ten with random byte enables (byte-wise register rules). */
    uint8_t enables = below(random, 10) == 0 ? (uint8_t)below(random, 16) : 0xF;
    mmio(random, interface, TLM_CMD_WRITE, offset, value, enables);
}

/* Event data: a single bit, a couple of bits, or anything. */
static uint16_t random_data(cosim_irq_random *random)
{
    switch (below(random, 4)) {
    case 0:
    case 1: return (uint16_t)(1u << below(random, 16));
    case 2: return (uint16_t)(below(random, 4) + 1u);
    default: return (uint16_t)cosim_irq_random_next(random);
    }
}

/* Enables and masks: all, none, one half, or anything. */
static uint32_t random_word(cosim_irq_random *random)
{
    switch (below(random, 5)) {
    case 0: return 0xFFFFFFFFu;
    case 1: return 0;
    case 2: return 0xFFFF0000u;
    case 3: return 0x0000FFFFu;
    default: return (uint32_t)cosim_irq_random_next(random);
    }
}

static void send_message(cosim_irq_random *random)
{
    irq_message message = { 0 };
    uint32_t pick = below(random, 40);
    if (pick == 0) { /* an engine the table does not have */
        message.engine_class = (uint8_t)below(random, 8);
        message.instance = (uint8_t)(8 + below(random, 56));
    } else if (pick == 1) { /* a virtual function's message */
        message.vf_id = (uint8_t)(1 + below(random, 7));
        message.engine_class = 0;
    } else {
        /* Engines cluster so that the same few collide often (repeat events, events during
         * their own service), with the whole table still reached. */
        static const uint8_t table[][2] = {
            { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 5 }, { 1, 6 }, { 1, 7 },
            { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 }, { 3, 0 }, { 4, 0 }, { 4, 1 }, { 4, 2 }, { 4, 3 },
            { 4, 4 }, { 4, 5 }, { 4, 6 }, { 5, 0 }, { 5, 1 }, { 5, 2 }, { 5, 3 },
        };
        unsigned index = below(random, 2) ? below(random, 4) : below(random, (uint32_t)COUNT(table));
        message.engine_class = table[index][0];
        message.instance = table[index][1];
    }
    message.data = random_data(random);
    random->messages++;
    irq_message_send(&random->ports.sink, &message);
}

/* A one-hot selection: mostly a bit software saw, sometimes any bit, sometimes not one-hot. */
static uint32_t random_selection(cosim_irq_random *random, uint32_t seen)
{
    uint32_t pick = below(random, 10);
    if (pick < 6 && seen) {
        unsigned bit;
        do
            bit = below(random, 32);
        while (!(seen & 1u << bit));
        return 1u << bit;
    }
    if (pick < 9)
        return 1u << below(random, 32);
    return (uint32_t)cosim_irq_random_next(random);
}

/* A driver's service loop (spec 001 "Host SW Interface"): primary enable off (host), read
 * each dword, select and acknowledge each bit in a random order, clear the dword, enable on. */
static void service_loop(cosim_irq_random *random, unsigned interface)
{
    if (interface == 0)
        wr(random, 0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0);
    for (unsigned dw = 0; dw < 2; dw++) {
        uint32_t iir = rd(random, interface, dw_offsets[dw]);
        random->last_read[interface][dw] = iir;
        uint32_t left = iir;
        while (left) {
            unsigned bit;
            do
                bit = below(random, 32);
            while (!(left & 1u << bit));
            left &= ~(1u << bit);
            wr(random, interface, selector_offsets[dw], 1u << bit);
            uint32_t identity = rd(random, interface, identity_offsets[dw]);
            wr(random, interface, identity_offsets[dw], identity & DATA_VALID);
            if (below(random, 4) == 0)
                send_message(random); /* an event while the dword is under service */
        }
        if (iir)
            wr(random, interface, dw_offsets[dw], iir);
    }
    if (interface == 0)
        wr(random, 0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
}

void cosim_irq_random_init(cosim_irq_random *random, uint64_t seed, const cosim_irq_random_ports *ports)
{
    memset(random, 0, sizeof *random);
    random->ports = *ports;
    /* splitmix64 of the seed: neighbouring seeds give unrelated streams, and 0 is allowed. */
    uint64_t z = seed + UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    random->state = (z ^ (z >> 31)) | 1u;
}

/* A driver's set-up (i915/xe: every class enabled, every instance unmasked, docs/facts.md) on
 * one interface, or on part of it. */
static void open_interface(cosim_irq_random *random, unsigned interface)
{
    for (size_t i = 0; i < COUNT(cosim_irq_enable_offsets); i++)
        wr(random, interface, cosim_irq_enable_offsets[i], below(random, 8) ? 0xFFFFFFFFu : random_word(random));
    for (size_t i = 0; i < COUNT(cosim_irq_mask_offsets); i++)
        wr(random, interface, cosim_irq_mask_offsets[i], below(random, 8) ? 0 : random_word(random));
    if (interface == 0)
        wr(random, 0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
}

void cosim_irq_random_step(cosim_irq_random *random)
{
    if (random->operations == 0) {
        /* First operation of a seed: most runs start from a driver's set-up of one or both
         * interfaces; the rest start from reset values (everything disabled and masked). */
        uint32_t start = below(random, 4);
        if (start == 1 || start == 3)
            open_interface(random, 0);
        if (start == 2 || start == 3)
            open_interface(random, 1);
        random->operations++;
        return;
    }
    unsigned interface = below(random, 4) == 0 ? 1u : 0u; /* the GuC's tree a quarter of the time */
    unsigned dw = below(random, 2);
    uint32_t pick = below(random, 100);
    random->operations++;
    if (pick < 28) {
        send_message(random);
    } else if (pick < 34) {
        wr(random, interface, cosim_irq_enable_offsets[below(random, (uint32_t)COSIM_IRQ_ENABLE_COUNT)],
           random_word(random));
    } else if (pick < 42) {
        wr(random, interface, cosim_irq_mask_offsets[below(random, (uint32_t)COSIM_IRQ_MASK_COUNT)],
           random_word(random));
    } else if (pick < 52) {
        random->last_read[interface][dw] = rd(random, interface, dw_offsets[dw]);
    } else if (pick < 60) {
        uint32_t seen = random->last_read[interface][dw];
        uint32_t value = below(random, 4) ? seen : random_selection(random, seen);
        wr(random, interface, dw_offsets[dw], value);
    } else if (pick < 70) {
        wr(random, interface, selector_offsets[dw], random_selection(random, random->last_read[interface][dw]));
    } else if (pick < 74) {
        rd(random, interface, identity_offsets[dw]);
    } else if (pick < 82) {
        uint32_t value = below(random, 8) ? DATA_VALID : (uint32_t)cosim_irq_random_next(random);
        wr(random, interface, identity_offsets[dw], value);
    } else if (pick < 86) {
        wr(random, 0, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
           below(random, 3) ? IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK : (uint32_t)cosim_irq_random_next(random));
    } else if (pick < 91) {
        /* Any aligned offset of the block and a little beyond (unmapped offsets included). */
        rd(random, interface, 4u * below(random, (IRQ_GEN11_BLOCK_SIZE + 8u) / 4u));
    } else if (pick < 96) {
        tlm_kernel_run_for(random->ports.kernel, random->ports.clock_period * below(random, 4));
    } else {
        service_loop(random, interface);
    }
}
