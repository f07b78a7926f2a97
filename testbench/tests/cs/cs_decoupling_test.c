/* Temporal decoupling (docs/reference/cs.md "Temporal decoupling"): an engine that runs
 * commands back to back inside one step event must show every other block, the host and the
 * waveform what one kernel event per command (quantum 0) shows. Two engines run seeded random
 * streams while everything that can observe them is recorded in one ordered log with its
 * time: another block's periodic event reading both HEADs over MMIO, a memory observer on a
 * watched line the streams store to, the interrupt messages, the host reading HEAD between
 * runs and moving TAIL, and a semaphore wait on the blitter that only passes once the render
 * engine has stored the value. Then the final registers, memory and counters. Each quantum's
 * log must equal the reference's entry for entry; with quantum 0 nothing runs back to back,
 * with the default quantum most commands do. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "gtsim_tlm.h"
#include "tb_test.h"
#include "tlm_random.h"

#define RING_RCS 0x100000u       /* the render ring (16 KiB) */
#define RING_BCS 0x180000u       /* the blitter ring (4 KiB) */
#define BATCH 0x200000u          /* a batch the render stream starts */
#define DATA 0x300000u           /* where the random stores go (1 KiB) */
#define WATCHED 0x300040u        /* one line of it, watched by an observer */
#define SEMAPHORE 0x301000u      /* the blitter waits for 1 here; the render stream stores it */
#define RCS_COMMANDS 600u        /* random commands in the render stream */
#define SAMPLE_PERIOD (7 * TLM_NS) /* the other block's HEAD sampling period */
#define LOG_CAPACITY 65536u

/* One observation: what, when, the value seen. */
typedef struct observation {
    tlm_time time;   /* kernel time it was made at */
    uint32_t what;   /* OBSERVED_* */
    uint64_t value;  /* what was seen */
} observation;

enum {
    OBSERVED_SAMPLE_RCS = 1, /* the sampler read the render engine's HEAD */
    OBSERVED_SAMPLE_BCS,     /* ... the blitter's */
    OBSERVED_WATCHED,        /* the observer saw a write to the watched line (address << 32 | dword) */
    OBSERVED_IRQ,            /* an interrupt message (class << 16 | data) */
    OBSERVED_HOST,           /* the host read a register between runs */
    OBSERVED_FINAL           /* a register, memory dword or counter at the end */
};

typedef struct world {
    tlm_kernel *kernel;           /* the time base */
    tlm_memory *memory;           /* graphics memory */
    cs_engine_model *rcs;         /* render engine */
    cs_engine_model *bcs;         /* blitter engine */
    tlm_event sampler;            /* the other block: reads both HEADs every SAMPLE_PERIOD */
    observation log[LOG_CAPACITY];/* every observation, in order */
    size_t count;                 /* observations logged */
} world;

static void observe(world *w, uint32_t what, uint64_t value)
{
    if (w->count < LOG_CAPACITY)
        w->log[w->count++] = (observation){ tlm_kernel_now(w->kernel), what, value };
}

static uint32_t read_register(cs_engine_model *engine, uint32_t offset)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(cs_engine_target(engine), &payload, &delay);
    return value;
}

static void write_register(cs_engine_model *engine, uint32_t offset, uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(cs_engine_target(engine), &payload, &delay);
}

static void write_memory(world *w, uint64_t address, const uint32_t *dwords, uint32_t count)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, (void *)dwords, 4u * count);
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(w->memory), &payload, &delay);
}

static uint32_t read_memory(world *w, uint64_t address)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(tlm_memory_target(w->memory), &payload, &delay);
    return value;
}

static void sample(void *context)
{
    world *w = context;
    observe(w, OBSERVED_SAMPLE_RCS, read_register(w->rcs, CS_RING_HEAD_OFFSET));
    observe(w, OBSERVED_SAMPLE_BCS, read_register(w->bcs, CS_RING_HEAD_OFFSET));
    tlm_event_notify(w->kernel, &w->sampler, SAMPLE_PERIOD);
}

static void watched_write(void *context, const tlm_memory_write *write)
{
    uint32_t at = (uint32_t)(write->write_address - write->line_address);
    uint32_t dword = 0;
    memcpy(&dword, write->line_data + (at & ~3u), 4);
    observe(context, OBSERVED_WATCHED, write->write_address << 32 | dword);
}

static void interrupt(void *self, const irq_message *message)
{
    observe(self, OBSERVED_IRQ, (uint64_t)message->engine_class << 16 | message->data);
}

/* Encodes one gen12 command into out; its length (the test fails on an encoding error). */
static uint32_t encode(const char *name, const cs_setting *settings, size_t count, uint32_t *out)
{
    cs_encode_result result;
    const cs_command *command = cs_find_command(CS_PROFILE_GEN12, name);
    EXPECT_TRUE(command != NULL);
    if (!command || cs_encode(command, 0, settings, count, out, 32, &result) != CS_ENCODE_OK) {
        ADD_FAILURE("%s does not encode", name);
        return 0;
    }
    return result.length;
}

/* One random render command at out (dwords written): a NOOP, a store (into the watched line
 * one time in four), a user interrupt, a batch start, a PIPE_CONTROL with a post-sync write and
 * notify, an LRI to GPR0, an SRM of TIMESTAMP (a value that depends on when it runs). */
static uint32_t random_command(uint64_t *state, uint64_t rcs_base, uint32_t *out)
{
    uint32_t r = (uint32_t)tlm_xorshift64star(state);
    uint32_t offset = 4u * ((r >> 8) % 256u);
    switch (r % 8u) {
    case 0:
    case 1: {
        cs_setting s[] = { { "address", 0, (r >> 4) % 4u == 0 ? WATCHED + (offset & 0x3cu) : DATA + offset },
                           { "data", 0, r } };
        return encode("MI_STORE_DATA_IMM", s, 2, out);
    }
    case 2:
        return encode("MI_USER_INTERRUPT", NULL, 0, out);
    case 3: {
        cs_setting s[] = { { "address", 0, BATCH } };
        return encode("MI_BATCH_BUFFER_START", s, 1, out);
    }
    case 4: {
        cs_setting s[] = { { "post_sync", 0, 1 }, { "address", 0, DATA + offset }, { "data", 0, r }, { "notify", 0, 1 } };
        return encode("PIPE_CONTROL", s, 4, out);
    }
    case 5: {
        cs_setting s[] = { { "reg", 0, rcs_base + CS_GPR0_OFFSET }, { "data", 0, r } };
        return encode("MI_LOAD_REGISTER_IMM", s, 2, out);
    }
    case 6: {
        cs_setting s[] = { { "reg", 0, rcs_base + CS_TIMESTAMP_OFFSET }, { "address", 0, DATA + offset } };
        return encode("MI_STORE_REGISTER_MEM", s, 2, out);
    }
    default:
        return encode("MI_NOOP", NULL, 0, out);
    }
}

static cs_engine_model *make_engine(world *w, cs_engine engine, const char *name, tlm_time quantum)
{
    cs_engine_config config = {
        .profile = CS_PROFILE_GEN12,
        .engine = engine,
        .mmio_base = cs_profile_get(CS_PROFILE_GEN12)->engines[engine].mmio_base,
        .memory = tlm_memory_target(w->memory),
        .irq = { .deliver = interrupt, .self = w },
        .clock_period = TLM_NS,
    };
    cs_engine_model *model = cs_engine_create(w->kernel, name, &config);
    cs_engine_set_quantum(model, quantum);
    write_register(model, CS_EMR_OFFSET, 0);
    write_register(model, CS_IMR_OFFSET, 0);
    return model;
}

/* Runs the two streams of `seed` with every engine at `quantum`; the log is in *w. */
static void run_world(world *w, uint64_t seed, tlm_time quantum)
{
    memset(w, 0, sizeof *w);
    w->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(w->kernel), TLM_LOG_ERROR);
    w->memory = tlm_memory_create(w->kernel, "memory", 0);
    tlm_memory_watch(w->memory, WATCHED, watched_write, w);
    w->rcs = make_engine(w, CS_ENGINE_RCS, "rcs", quantum);
    w->bcs = make_engine(w, CS_ENGINE_BCS, "bcs", quantum);
    uint64_t rcs_base = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;

    /* The batch: a NOOP, a store into the watched line, the end. */
    uint32_t batch[16];
    uint32_t n = encode("MI_NOOP", NULL, 0, batch);
    cs_setting store[] = { { "address", 0, WATCHED + 0x3cu }, { "data", 0, 0xba7c4u } };
    n += encode("MI_STORE_DATA_IMM", store, 2, batch + n);
    n += encode("MI_BATCH_BUFFER_END", NULL, 0, batch + n);
    write_memory(w, BATCH, batch, n);

    /* The render stream, in three parts ending at a QWord (TAIL moves three times); the
     * semaphore value is stored halfway. */
    static uint32_t ring[4096];
    uint32_t tails[3] = { 0 };
    uint32_t at = 0;
    uint64_t state = seed;
    for (uint32_t i = 0; i < RCS_COMMANDS; i++) {
        if (i == RCS_COMMANDS / 2) {
            cs_setting s[] = { { "address", 0, SEMAPHORE }, { "data", 0, 1 } };
            at += encode("MI_STORE_DATA_IMM", s, 2, ring + at);
        }
        at += random_command(&state, rcs_base, ring + at);
        if (i == RCS_COMMANDS / 3 || i == 2 * RCS_COMMANDS / 3 || i == RCS_COMMANDS - 1) {
            if (at & 1u)
                ring[at++] = 0;
            tails[i == RCS_COMMANDS / 3 ? 0 : i == RCS_COMMANDS - 1 ? 2 : 1] = 4u * at;
        }
    }
    ASSERT_TRUE(4u * at < 16384u);
    write_memory(w, RING_RCS, ring, at);

    /* The blitter: wait (polling) for the semaphore, then a store into the watched line and
     * a user interrupt. */
    uint32_t blit[32];
    cs_setting wait[] = { { "compare", 0, 4 }, { "wait_mode", 0, 1 }, { "data", 0, 1 }, { "address", 0, SEMAPHORE } };
    uint32_t b = encode("MI_SEMAPHORE_WAIT", wait, 4, blit);
    cs_setting done[] = { { "address", 0, WATCHED }, { "data", 0, 0xb0b } };
    b += encode("MI_STORE_DATA_IMM", done, 2, blit + b);
    b += encode("MI_USER_INTERRUPT", NULL, 0, blit + b);
    if (b & 1u)
        blit[b++] = 0;
    write_memory(w, RING_BCS, blit, b);

    tlm_event_init(&w->sampler, "sampler", sample, w);
    tlm_event_set_background(&w->sampler, true);
    tlm_event_notify(w->kernel, &w->sampler, 3 * TLM_NS);

    write_register(w->bcs, CS_RING_START_OFFSET, RING_BCS);
    write_register(w->bcs, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    write_register(w->bcs, CS_RING_TAIL_OFFSET, 4u * b);
    write_register(w->rcs, CS_RING_START_OFFSET, RING_RCS);
    write_register(w->rcs, CS_RING_CTL_OFFSET, (3u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    for (unsigned part = 0; part < 3; part++) {
        write_register(w->rcs, CS_RING_TAIL_OFFSET, tails[part]);
        /* The host between runs: HEAD mid-stream (a run that went past its end shows here). */
        for (unsigned k = 0; k < 4; k++) {
            EXPECT_EQ(tlm_kernel_run_for(w->kernel, 97 * TLM_NS + k * 13 * TLM_NS), TLM_RUN_TIME_REACHED);
            observe(w, OBSERVED_HOST, read_register(w->rcs, CS_RING_HEAD_OFFSET));
            observe(w, OBSERVED_HOST, read_register(w->rcs, CS_ACTHD_OFFSET));
            observe(w, OBSERVED_HOST, read_register(w->bcs, CS_RING_HEAD_OFFSET));
        }
    }
    EXPECT_EQ(tlm_kernel_run_until_idle(w->kernel, TLM_MS), TLM_RUN_IDLE);
    tlm_event_cancel(w->kernel, &w->sampler);

    const uint32_t registers[] = { CS_RING_HEAD_OFFSET, CS_ACTHD_OFFSET, CS_GPR0_OFFSET, CS_TIMESTAMP_OFFSET };
    for (size_t i = 0; i < sizeof registers / sizeof registers[0]; i++) {
        observe(w, OBSERVED_FINAL, read_register(w->rcs, registers[i]));
        observe(w, OBSERVED_FINAL, read_register(w->bcs, registers[i]));
    }
    for (uint32_t a = DATA; a < DATA + 0x400u; a += 4)
        observe(w, OBSERVED_FINAL, read_memory(w, a));
    observe(w, OBSERVED_FINAL, read_memory(w, SEMAPHORE));
    const cs_engine_stats *rcs = cs_engine_get_stats(w->rcs);
    const cs_engine_stats *bcs = cs_engine_get_stats(w->bcs);
    observe(w, OBSERVED_FINAL, rcs->commands);
    observe(w, OBSERVED_FINAL, rcs->writes);
    observe(w, OBSERVED_FINAL, rcs->messages);
    observe(w, OBSERVED_FINAL, bcs->commands);
    observe(w, OBSERVED_FINAL, bcs->semaphore_polls);
    observe(w, OBSERVED_FINAL, tlm_kernel_events_executed(w->kernel));
    EXPECT_EQ(rcs->errors + bcs->errors, 0u);
    EXPECT_TRUE(!cs_engine_halted(w->rcs) && !cs_engine_halted(w->bcs));
}

static void destroy_world(world *w)
{
    cs_engine_destroy(w->rcs);
    cs_engine_destroy(w->bcs);
    tlm_memory_destroy(w->memory);
    tlm_kernel_destroy(w->kernel);
}

/* The first entry where two logs differ (or the shorter length); count when they are equal. */
static size_t first_difference(const world *a, const world *b)
{
    size_t n = a->count < b->count ? a->count : b->count;
    for (size_t i = 0; i < n; i++)
        if (a->log[i].time != b->log[i].time || a->log[i].what != b->log[i].what || a->log[i].value != b->log[i].value)
            return i;
    return a->count == b->count ? SIZE_MAX : n;
}

static void expect_same_as_reference(uint64_t seed, tlm_time quantum)
{
    world *reference = calloc(1, sizeof *reference);
    world *decoupled = calloc(1, sizeof *decoupled);
    ASSERT_TRUE(reference && decoupled);
    run_world(reference, seed, 0);
    run_world(decoupled, seed, quantum);
    EXPECT_GT(reference->count, 1000u);
    EXPECT_TRUE(reference->count < LOG_CAPACITY);
    size_t at = first_difference(reference, decoupled);
    if (at != SIZE_MAX) {
        const observation *r = at < reference->count ? &reference->log[at] : NULL;
        const observation *d = at < decoupled->count ? &decoupled->log[at] : NULL;
        ADD_FAILURE("seed %" PRIu64 " quantum %" PRIu64 " ps: observation %zu differs: reference %s%" PRIu64
                        " ps kind %u value 0x%" PRIx64 ", decoupled %s%" PRIu64 " ps kind %u value 0x%" PRIx64,
                        seed, (uint64_t)quantum, at, r ? "" : "(none) ", r ? (uint64_t)r->time : 0, r ? r->what : 0,
                        r ? r->value : 0, d ? "" : "(none) ", d ? (uint64_t)d->time : 0, d ? d->what : 0,
                        d ? d->value : 0);
    }
    /* The reference runs one event per command; the decoupled engines ran back to back. */
    EXPECT_EQ(cs_engine_get_stats(reference->rcs)->back_to_back, 0u);
    if (quantum >= 10 * TLM_NS)
        EXPECT_GT(cs_engine_get_stats(decoupled->rcs)->back_to_back, 0u);
    destroy_world(reference);
    destroy_world(decoupled);
    free(reference);
    free(decoupled);
}

TEST(CsDecoupling, DefaultQuantumEqualsOneEventPerCommand)
{
    expect_same_as_reference(1, CS_QUANTUM);
}

TEST(CsDecoupling, EveryQuantumAndSeedEqualsOneEventPerCommand)
{
    static const tlm_time quanta[] = { TLM_NS, 10 * TLM_NS, 64 * TLM_NS, CS_QUANTUM, TLM_MS };
    for (uint64_t seed = 2; seed < 12; seed++)
        for (size_t q = 0; q < sizeof quanta / sizeof quanta[0]; q++)
            expect_same_as_reference(seed, quanta[q]);
}

/* The engine alone (nothing else scheduled): a whole ring of commands runs in a handful of
 * step events, and ends at the same time as with one event per command. */
TEST(CsDecoupling, AloneTheEngineRunsWholeQuantaInOneEvent)
{
    tlm_time end[2] = { 0 };
    uint64_t back_to_back[2] = { 0 };
    for (int mode = 0; mode < 2; mode++) {
        tlm_kernel *kernel = tlm_kernel_create();
        tlm_memory *memory = tlm_memory_create(kernel, "memory", 0);
        cs_engine_config config = {
            .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS,
            .mmio_base = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base,
            .memory = tlm_memory_target(memory), .clock_period = TLM_NS,
        };
        cs_engine_model *engine = cs_engine_create(kernel, "rcs", &config);
        cs_engine_set_quantum(engine, mode ? CS_QUANTUM : 0);
        write_register(engine, CS_RING_START_OFFSET, RING_RCS);
        write_register(engine, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
        write_register(engine, CS_RING_TAIL_OFFSET, 4000u); /* 1000 MI_NOOPs (memory reads 0) */
        EXPECT_EQ(tlm_kernel_run_until_idle(kernel, TLM_MS), TLM_RUN_IDLE);
        EXPECT_EQ(read_register(engine, CS_RING_HEAD_OFFSET), 4000u);
        end[mode] = tlm_kernel_now(kernel);
        back_to_back[mode] = cs_engine_get_stats(engine)->back_to_back;
        cs_engine_destroy(engine);
        tlm_memory_destroy(memory);
        tlm_kernel_destroy(kernel);
    }
    EXPECT_EQ(end[0], end[1]);
    EXPECT_EQ(back_to_back[0], 0u);
    /* 1000 commands of 2 ns and a last empty step: one queue trip per microsecond quantum. */
    EXPECT_GT(back_to_back[1], 990u);
}
