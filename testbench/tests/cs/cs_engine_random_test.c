/* Seeded random dword streams through every engine of both profiles:
 * random rings, random batch memory and random register settings never crash, hang or leak
 * (this file runs under ASan/UBSan in the sanitizer build). Each run ends idle or at the
 * run-until-idle bound. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "tlm_random.h"
#include "tb_test.h"

#define STREAMS 1000u            /* per engine and profile: 7,000 streams in all */
#define RING_ADDRESS 0x10000u    /* one-page ring, inside the random region */
#define RANDOM_BYTES 0x20000u    /* random dwords at [0, 128 KiB): batches that land here run them */
#define HWSP_ADDRESS 0x40000u    /* status page */
#define BATCH_DWORDS 256u        /* lowered batch dword limit: keeps runaway batches short */
#define RUN_BOUND (200 * TLM_US) /* the run-until-idle bound */

/* xorshift64*: a fixed sequence per seed. */
static uint64_t next(uint64_t *state)
{
    return tlm_xorshift64star(state);
}

/* A random dword; half of them small enough to be an address in the random region, so that
 * random batch starts and stores land where the random commands are. */
static uint32_t random_dword(uint64_t *state)
{
    uint32_t dword = (uint32_t)next(state);
    return (next(state) & 1u) ? dword & (RANDOM_BYTES - 4u) : dword;
}

/* Fills dwords[0, count) with a random stream: 31 times in 32 a command the engine accepts,
 * from the profile's table, with a random length in its range and random fields (its header's
 * identifying bits kept), otherwise a random dword (most of which the parser rejects). */
static void random_stream(cs_profile profile, cs_engine engine, uint64_t *state, uint32_t *dwords, uint32_t count)
{
    size_t table_size = 0;
    const cs_command *table = cs_profile_commands(profile, &table_size);
    uint32_t i = 0;
    while (i < count) {
        const cs_command *command = &table[next(state) % table_size];
        for (int retry = 0; retry < 16 && !cs_command_accepts(command, engine); retry++)
            command = &table[next(state) % table_size];
        if ((next(state) & 31u) == 0 || !cs_command_accepts(command, engine)) {
            dwords[i++] = (uint32_t)next(state);
            continue;
        }
        uint32_t header = command->match_value | ((uint32_t)next(state) & ~command->match_mask);
        uint32_t length = command->fixed_length ? command->fixed_length : command->min_length + (uint32_t)(next(state) % 4u);
        if (!command->fixed_length) {
            uint32_t field_mask = (uint32_t)((UINT64_C(1) << command->length_width) - 1u) << command->length_lo;
            uint32_t encoded = length - command->length_bias;
            if (length < command->length_bias || encoded > (field_mask >> command->length_lo)) {
                encoded = 0;
                length = command->length_bias;
            }
            header = (header & ~field_mask) | (encoded << command->length_lo);
        }
        dwords[i++] = header;
        for (uint32_t k = 1; k < length && i < count; k++)
            dwords[i++] = random_dword(state);
    }
}

typedef struct message_count {
    uint64_t messages; /* messages the engine sent */
} message_count;

static void count_message(void *self, const irq_message *message)
{
    message_count *count = self;
    count->messages++;
    EXPECT_EQ(message->data & ~0x1FFu, 0); /* only the engine's defined events (spec 000 §1.1.7 bits 8:0) */
}

static void write_to(const tlm_target *target, uint32_t offset, uint32_t value)
{
    uint8_t bytes[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    ASSERT_EQ(payload.response, TLM_STATUS_OK);
}

static void reg_write(cs_engine_model *engine, uint32_t offset, uint32_t value)
{
    write_to(cs_engine_target(engine), offset, value);
}

static void run_streams(cs_profile profile, cs_engine which)
{
    if (!cs_profile_has_engine(profile, which))
        SKIP("profile has no such engine");
    uint64_t idle = 0;
    uint64_t bounded = 0;
    uint64_t commands = 0;
    /* Streams base..base+STREAMS-1; GTSIM_SEED (gtsim regress) sets base, else 1. */
    uint64_t base = tb_test_seed(1);
    for (uint64_t seed = base; seed < base + STREAMS; seed++) {
        uint64_t state = UINT64_C(0x9E3779B97F4A7C15) ^ ((uint64_t)seed << 8) ^ ((uint64_t)profile << 4) ^ which;
        tlm_kernel *kernel = tlm_kernel_create();
        tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
        tlm_memory *memory = tlm_memory_create(kernel, "memory", 0);
        message_count count = { 0 };
        cs_engine_config config = {
            .profile = profile,
            .engine = which,
            .mmio_base = cs_profile_get(profile)->engines[which].mmio_base,
            .memory = tlm_memory_target(memory),
            .irq = { .deliver = count_message, .self = &count },
            .clock_period = TLM_NS,
            .batch_dword_limit = BATCH_DWORDS,
        };
        cs_engine_model *engine = cs_engine_create(kernel, "engine", &config);
        ASSERT_TRUE(engine != NULL);
        /* Its own peer: random MI_SEMAPHORE_SIGNALs naming its class reach it. */
        ASSERT_TRUE(cs_engine_connect_peer(engine, engine));
        uint8_t *bytes = malloc(RANDOM_BYTES);
        ASSERT_TRUE(bytes != NULL);
        uint32_t *stream = malloc(RANDOM_BYTES);
        ASSERT_TRUE(stream != NULL);
        random_stream(profile, which, &state, stream, RANDOM_BYTES / 4u);
        /* The ring gets a stream of its own that starts at its first dword (HEAD 0). */
        random_stream(profile, which, &state, stream + RING_ADDRESS / 4u, 1024u);
        for (uint32_t i = 0; i < RANDOM_BYTES / 4u; i++)
            for (uint32_t b = 0; b < 4; b++)
                bytes[4 * i + b] = (uint8_t)(stream[i] >> (8 * b));
        free(stream);
        tlm_payload fill = tlm_payload_make(TLM_CMD_WRITE, 0, bytes, RANDOM_BYTES);
        tlm_time delay = 0;
        tlm_b_transport(tlm_memory_target(memory), &fill, &delay);
        free(bytes);
        reg_write(engine, CS_IMR_OFFSET, (uint32_t)next(&state));
        reg_write(engine, CS_HWSTAM_OFFSET, (uint32_t)next(&state));
        reg_write(engine, CS_EMR_OFFSET, (uint32_t)next(&state));
        if (cs_engine_hws_pga_target(engine))
            write_to(cs_engine_hws_pga_target(engine), 0, HWSP_ADDRESS);
        else
            reg_write(engine, CS_HWS_PGA_OFFSET, HWSP_ADDRESS);
        reg_write(engine, CS_UHPTR_OFFSET, (uint32_t)next(&state));
        reg_write(engine, CS_RING_START_OFFSET, RING_ADDRESS);
        reg_write(engine, CS_RING_HEAD_OFFSET, 0);
        reg_write(engine, CS_RING_TAIL_OFFSET, (uint32_t)next(&state) & 0xFF8u);
        reg_write(engine, CS_RING_CTL_OFFSET,
                  CS_RING_CTL_ENABLE_MASK | ((uint32_t)next(&state) & CS_RING_CTL_AUTO_REPORT_MASK));
        tlm_run_status status = tlm_kernel_run_until_idle(kernel, RUN_BOUND);
        EXPECT_TRUE(status == TLM_RUN_IDLE || status == TLM_RUN_BOUND_HIT);
        idle += status == TLM_RUN_IDLE;
        bounded += status == TLM_RUN_BOUND_HIT;
        commands += cs_engine_get_stats(engine)->commands;
        cs_engine_destroy(engine);
        tlm_memory_destroy(memory);
        tlm_kernel_destroy(kernel);
    }
    EXPECT_EQ(idle + bounded, STREAMS);
    /* The streams did run commands (not all parser errors at the first dword). */
    EXPECT_GT(commands, 10u * STREAMS);
}

TEST(CsEngineRandom, Gen6Rcs) { run_streams(CS_PROFILE_GEN6, CS_ENGINE_RCS); }
TEST(CsEngineRandom, Gen6Bcs) { run_streams(CS_PROFILE_GEN6, CS_ENGINE_BCS); }
TEST(CsEngineRandom, Gen6Vcs) { run_streams(CS_PROFILE_GEN6, CS_ENGINE_VCS); }
TEST(CsEngineRandom, Gen12Rcs) { run_streams(CS_PROFILE_GEN12, CS_ENGINE_RCS); }
TEST(CsEngineRandom, Gen12Bcs) { run_streams(CS_PROFILE_GEN12, CS_ENGINE_BCS); }
TEST(CsEngineRandom, Gen12Vcs) { run_streams(CS_PROFILE_GEN12, CS_ENGINE_VCS); }
TEST(CsEngineRandom, Gen12Vecs) { run_streams(CS_PROFILE_GEN12, CS_ENGINE_VECS); }
