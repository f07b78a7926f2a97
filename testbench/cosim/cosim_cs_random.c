#include "cosim_cs_random.h"

#include <string.h>

#include "cs_commands.h"
#include "cs_regs.h"
#include "irq_message.h"

/* Graphics memory the stimulus uses (all below 16 MiB, all distinct). */
#define RING_AREA 0x00100000u    /* rings: a random page-aligned slot here */
#define BATCH_AREA 0x00400000u   /* batches of one submission, 64-byte aligned, reused each step */
#define BATCH_AREA_BYTES 0x10000u
#define SCRATCH_AREA 0x00800000u /* what MI_STORE_DATA_IMM writes */
#define SCRATCH_BYTES 0x400u     /* small, so stores hit the same addresses again */
/* Commands per ring submission and per batch at most. */
#define RING_COMMANDS_MAX 12u
#define BATCH_COMMANDS_MAX 10u
/* A chain is at most this many batches long. */
#define CHAIN_MAX 3u
/* Dwords of one command at most (a skipped command's random length is bounded by it). */
#define COMMAND_DWORDS_MAX 16u

/* gen12 MI encodings (genxml gen12.xml; docs/facts.md): opcode in 28:23. */
#define MI_NOOP 0x00000000u
#define MI_NOOP_IDENTIFICATION_WRITE (1u << 22) /* the NOP id (21:0) goes to NOPID */
#define MI_NOOP_ID_MASK 0x003FFFFFu
#define MI_ARB_CHECK (0x05u << 23)
#define MI_USER_INTERRUPT (0x02u << 23)
#define MI_BATCH_BUFFER_END (0x0Au << 23)
#define MI_STORE_DATA_IMM (0x20u << 23)
#define MI_STORE_DATA_IMM_QWORD (1u << 21)
#define MI_STORE_DATA_IMM_GGTT (1u << 22)
#define MI_LOAD_REGISTER_IMM (0x22u << 23)
#define MI_BATCH_BUFFER_START (0x31u << 23)
#define MI_BATCH_BUFFER_START_SECOND_LEVEL (1u << 22)
/* spec 002 "Command Header": type 1 (31:29 = 001b) is reserved: a parser error. */
#define RESERVED_TYPE_1 (1u << 29)

uint64_t cosim_cs_random_next(cosim_cs_random *random)
{
    /* xorshift64* (Vigna): the same generator as the other random stimuli. */
    random->state ^= random->state >> 12;
    random->state ^= random->state << 25;
    random->state ^= random->state >> 27;
    return random->state * UINT64_C(0x2545F4914F6CDD1D);
}

static uint32_t below(cosim_cs_random *random, uint32_t bound)
{
    return (uint32_t)((cosim_cs_random_next(random) >> 32) % bound);
}

cosim_cs_random_subset cosim_cs_random_default_subset(void)
{
    return (cosim_cs_random_subset){
        .reserved_header = true,
        .second_level = true,
        .imr = ~(uint32_t)(IRQ_DATA_USER_INTERRUPT | IRQ_DATA_MASTER_ERROR),
    };
}

void cosim_cs_random_init(cosim_cs_random *random, uint64_t seed, const cosim_cs_random_ports *ports,
                          const cosim_cs_random_subset *subset)
{
    memset(random, 0, sizeof *random);
    random->ports = *ports;
    random->subset = *subset;
    /* splitmix64 of the seed: neighbouring seeds give unrelated streams, and 0 is allowed. */
    uint64_t z = seed + UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    random->state = (z ^ (z >> 31)) | 1u;
}

/* ---- bus access ---- */

static void mmio_write(cosim_cs_random *random, uint32_t offset, uint32_t value)
{
    tlm_payload payload = { .command = TLM_CMD_WRITE, .address = offset, .data = (uint8_t *)&value, .length = 4 };
    tlm_time delay = 0;
    tlm_b_transport(random->ports.mmio, &payload, &delay);
    tlm_kernel_run_for(random->ports.kernel, delay);
}

static uint32_t mmio_read(cosim_cs_random *random, uint32_t offset)
{
    uint32_t value = 0;
    tlm_payload payload = { .command = TLM_CMD_READ, .address = offset, .data = (uint8_t *)&value, .length = 4 };
    tlm_time delay = 0;
    tlm_b_transport(random->ports.mmio, &payload, &delay);
    tlm_kernel_run_for(random->ports.kernel, delay);
    return value;
}

static void memory_write(cosim_cs_random *random, uint64_t address, const uint32_t *dwords, uint32_t count)
{
    if (!count)
        return;
    tlm_payload payload = {
        .command = TLM_CMD_WRITE, .address = address, .data = (uint8_t *)dwords, .length = 4u * count
    };
    tlm_time delay = 0;
    tlm_b_transport(random->ports.memory, &payload, &delay);
}

/* ---- building commands ---- */

/* A buffer of dwords being built (one command at a time). */
typedef struct buffer {
    uint32_t dwords[256]; /* the content */
    uint32_t count;       /* dwords used */
} buffer;

static void put(buffer *b, uint32_t dword)
{
    if (b->count < sizeof b->dwords / sizeof b->dwords[0])
        b->dwords[b->count++] = dword;
}

/* The non-MI commands a render engine skips by their length: gen12 3D state of variable length. */
static const cs_command *skipped_command(cosim_cs_random *random)
{
    size_t count = 0;
    const cs_command *table = cs_profile_commands(CS_PROFILE_GEN12, &count);
    const cs_command *candidates[256];
    size_t found = 0;
    for (size_t i = 0; i < count && found < sizeof candidates / sizeof candidates[0]; i++) {
        const cs_command *c = &table[i];
        if (strncmp(c->name, "3DSTATE_", 8) == 0 && !c->fixed_length && c->length_width &&
            (c->engines & CS_ENGINE_BIT(CS_ENGINE_RCS)) && c->min_length <= COMMAND_DWORDS_MAX)
            candidates[found++] = c;
    }
    return found ? candidates[below(random, (uint32_t)found)] : NULL;
}

static void put_skipped(cosim_cs_random *random, buffer *b)
{
    const cs_command *c = skipped_command(random);
    if (!c) {
        put(b, MI_NOOP);
        return;
    }
    uint32_t longest = (1u << c->length_width) - 1u + c->length_bias;
    if (longest > COMMAND_DWORDS_MAX)
        longest = COMMAND_DWORDS_MAX;
    uint32_t length = c->min_length + below(random, longest - c->min_length + 1u);
    put(b, c->match_value | (length - c->length_bias) << c->length_lo);
    for (uint32_t i = 1; i < length; i++)
        put(b, (uint32_t)cosim_cs_random_next(random));
    random->skipped++;
}

static void put_store(cosim_cs_random *random, buffer *b)
{
    /* Dword-aligned addresses (genxml: address 47:2); a QWord store is mostly QWord-aligned and
     * sometimes not (it then straddles two QWords: one burst of two beats on an AXI bus). */
    bool qword = below(random, 3) == 0;
    bool aligned = !qword || below(random, 4) != 0;
    uint32_t address = SCRATCH_AREA + (aligned && qword ? 8u * below(random, SCRATCH_BYTES / 8u)
                                                        : 4u * below(random, SCRATCH_BYTES / 4u - 1u));
    uint32_t ggtt = below(random, 2) ? MI_STORE_DATA_IMM_GGTT : 0;
    /* DWord Length = total - 2: 4 dwords, 5 with the upper data. */
    put(b, MI_STORE_DATA_IMM | ggtt | (qword ? MI_STORE_DATA_IMM_QWORD | 3u : 2u));
    put(b, address);
    put(b, 0);
    put(b, (uint32_t)cosim_cs_random_next(random));
    if (qword)
        put(b, (uint32_t)cosim_cs_random_next(random));
    random->stores++;
}

static void put_lri(cosim_cs_random *random, buffer *b)
{
    if (!random->subset.lri_count) {
        put(b, MI_NOOP);
        return;
    }
    uint32_t pairs = 1 + below(random, 3);
    put(b, MI_LOAD_REGISTER_IMM | (2u * pairs - 1u));
    for (uint32_t i = 0; i < pairs; i++) {
        uint32_t which = below(random, random->subset.lri_count);
        put(b, random->ports.mmio_base + random->subset.lri_offsets[which]);
        put(b, (uint32_t)cosim_cs_random_next(random) & random->subset.lri_masks[which]);
    }
    random->lris++;
}

/* One command of the mix that batches and the ring share. */
static void put_simple(cosim_cs_random *random, buffer *b)
{
    uint32_t pick = below(random, 100);
    random->commands++;
    if (pick < 10)
        put(b, MI_NOOP);
    else if (pick < 20)
        put(b, MI_NOOP | MI_NOOP_IDENTIFICATION_WRITE | (uint32_t)(cosim_cs_random_next(random) & MI_NOOP_ID_MASK));
    else if (pick < 50)
        put_store(random, b);
    else if (pick < 65) {
        put(b, MI_USER_INTERRUPT);
        random->interrupts++;
    } else if (pick < 80) {
        put_lri(random, b);
    } else if (pick < 85) {
        put(b, MI_ARB_CHECK); /* an arbitration point: nothing to switch to (no execlist, UHPTR invalid) */
    } else {
        put_skipped(random, b);
    }
}

/* The batch area of the current submission: where the next batch goes. */
typedef struct batch_arena {
    uint32_t next; /* offset of the next free byte in BATCH_AREA */
} batch_arena;

static void put_batch_start(buffer *b, uint64_t address, bool second_level)
{
    /* DWord Length 1: 3 dwords; address space GGTT (bit 8 clear): a privileged batch. */
    put(b, MI_BATCH_BUFFER_START | (second_level ? MI_BATCH_BUFFER_START_SECOND_LEVEL : 0) | 1u);
    put(b, (uint32_t)address);
    put(b, (uint32_t)(address >> 32));
}

/* Writes a batch (and the batches it chains to or calls) and returns its address. `level` 1:
 * first level; 2: second level (it may not call further). */
static uint64_t write_batch(cosim_cs_random *random, batch_arena *arena, unsigned level, unsigned chain)
{
    buffer *b = &(buffer){ .count = 0 };
    uint32_t commands = 1 + below(random, BATCH_COMMANDS_MAX);
    uint64_t address = BATCH_AREA + arena->next;
    /* Room for the largest batch: every command at its longest, plus the end. */
    arena->next += (RING_COMMANDS_MAX + 4u) * COMMAND_DWORDS_MAX * 4u;
    arena->next = (arena->next + 63u) & ~63u;
    for (uint32_t i = 0; i < commands; i++) {
        if (level == 1 && random->subset.second_level && below(random, 8) == 0 &&
            arena->next + 0x800u < BATCH_AREA_BYTES) {
            uint64_t callee = write_batch(random, arena, 2, 0);
            put_batch_start(b, callee, true);
            random->second_levels++;
            random->commands++;
            continue;
        }
        put_simple(random, b);
    }
    if (chain + 1 < CHAIN_MAX && below(random, 3) == 0 && arena->next + 0x800u < BATCH_AREA_BYTES) {
        /* Chaining: the batch ends by starting the next one at the same level, which ends it. */
        uint64_t next = write_batch(random, arena, level, chain + 1);
        put_batch_start(b, next, level == 2);
        random->chains++;
    } else {
        put(b, MI_BATCH_BUFFER_END);
    }
    random->commands++;
    memory_write(random, address, b->dwords, b->count);
    return address;
}

/* ---- the ring ---- */

static void set_up(cosim_cs_random *random)
{
    uint32_t pages = 1 + below(random, 4);
    random->ring_bytes = pages * 4096u;
    random->ring_base = RING_AREA + 0x10000u * below(random, 16);
    /* The ring starts anywhere, often near its end, so that submissions wrap it. */
    random->tail = below(random, 2) ? random->ring_bytes - 8u * below(random, 64) : 8u * below(random, random->ring_bytes / 8u);
    random->tail %= random->ring_bytes;
    mmio_write(random, CS_RING_CTL_OFFSET, 0);
    /* Status page writes masked (HWSTAM all ones): the stream is the engine's own writes. */
    mmio_write(random, CS_HWSTAM_OFFSET, 0xFFFFFFFFu);
    mmio_write(random, CS_IMR_OFFSET, random->subset.imr);
    mmio_write(random, CS_RING_START_OFFSET, (uint32_t)random->ring_base);
    mmio_write(random, CS_RING_HEAD_OFFSET, random->tail);
    mmio_write(random, CS_RING_TAIL_OFFSET, random->tail);
    mmio_write(random, CS_RING_CTL_OFFSET, (pages - 1u) << CS_RING_CTL_LENGTH_SHIFT | CS_RING_CTL_ENABLE_MASK);
    random->set_up = true;
}

/* Writes the submission's dwords into the ring at the tail. A submission that would run past
 * the ring's end starts at its beginning, the rest of the ring filled with MI_NOOP (as i915's
 * ring wrap does: no command straddles the end). */
static void write_ring(cosim_cs_random *random, const buffer *b)
{
    if (random->tail + 4u * b->count > random->ring_bytes) {
        static const uint32_t noops[64];
        for (uint32_t at = random->tail; at < random->ring_bytes; at += sizeof noops) {
            uint32_t bytes = random->ring_bytes - at < sizeof noops ? random->ring_bytes - at : (uint32_t)sizeof noops;
            memory_write(random, random->ring_base + at, noops, bytes / 4u);
        }
        random->tail = 0;
        random->wraps++;
    }
    memory_write(random, random->ring_base + random->tail, b->dwords, b->count);
    random->tail = (random->tail + 4u * b->count) % random->ring_bytes;
}

static void wait_idle(cosim_cs_random *random)
{
    /* Let the tail write reach the engine, then run until it is idle (bounded). */
    tlm_kernel_run_for(random->ports.kernel, random->ports.clock_period);
    for (uint32_t waited = 0; random->ports.busy && random->ports.busy(random->ports.context); waited += 16u) {
        if (waited >= COSIM_CS_RANDOM_IDLE_CYCLES) {
            random->idle_timeouts++;
            break;
        }
        tlm_kernel_run_for(random->ports.kernel, 16u * random->ports.clock_period);
    }
    tlm_kernel_run_for(random->ports.kernel, 8u * random->ports.clock_period);
}

void cosim_cs_random_step(cosim_cs_random *random)
{
    if (!random->set_up)
        set_up(random);
    random->steps++;
    batch_arena arena = { 0 };
    buffer *b = &(buffer){ .count = 0 };
    uint32_t commands = 1 + below(random, RING_COMMANDS_MAX);
    for (uint32_t i = 0; i < commands; i++) {
        if (below(random, 5) == 0 && arena.next + 0x800u < BATCH_AREA_BYTES) {
            uint64_t batch = write_batch(random, &arena, 1, 0);
            put_batch_start(b, batch, false);
            random->batches++;
            random->commands++;
        } else {
            put_simple(random, b);
        }
    }
    bool reserved = random->subset.reserved_header && below(random, 16) == 0;
    if (reserved) {
        put(b, RESERVED_TYPE_1 | (uint32_t)(cosim_cs_random_next(random) & 0x1FFFFFFFu));
        random->reserved++;
    }
    if (b->count & 1u)
        put(b, MI_NOOP); /* RING_TAIL is qword-granular */
    write_ring(random, b);
    mmio_write(random, CS_RING_TAIL_OFFSET, random->tail);
    wait_idle(random);
    /* What software reads back once the engine is idle. */
    mmio_read(random, CS_RING_HEAD_OFFSET);
    mmio_read(random, CS_RING_TAIL_OFFSET);
    mmio_read(random, CS_RING_CTL_OFFSET);
    mmio_read(random, CS_NOPID_OFFSET);
    if (reserved) { /* the parser error's registers */
        mmio_read(random, CS_ESR_OFFSET);
        mmio_read(random, CS_EIR_OFFSET);
    }
    for (unsigned i = 0; i < random->subset.lri_count; i++)
        mmio_read(random, random->subset.lri_offsets[i]);
    if (reserved)
        random->set_up = false; /* the parser halted: the next step disables the ring and starts over */
}
