/* The fixture and helpers the command streamer engine tests share (cs_engine_test.c,
 * cs_engine_events_test.c): a gtsim_system per test, commands assembled into graphics memory,
 * ring registers written through the MMIO map, run until idle. Helpers are static inline so a
 * test file that does not use one compiles without warnings. */
#ifndef CS_ENGINE_FIXTURE_H
#define CS_ENGINE_FIXTURE_H

#include <stdint.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "gtsim_system.h"
#include "tb_test.h"

/* Where the tests put things in graphics memory. */
#define RING 0x100000u
#define HWSP 0x200000u
#define BATCH 0x300000u
#define BATCH2 0x310000u
#define DATA 0x400000u
#define PROGRAM_CAPACITY 1024u

typedef struct CsSys {
    gtsim_system *system;                 /* the system under test */
    cs_profile profile;                /* its profile */
    cs_engine engine;                  /* the engine under test (RCS unless a test says) */
    uint32_t program[PROGRAM_CAPACITY];/* dwords being assembled */
    uint32_t length;                   /* dwords in program */
} CsSys;

static inline void CsSys_SetUp(CsSys *self)
{
    self->system = NULL;
}

static inline void CsSys_TearDown(CsSys *self)
{
    gtsim_system_destroy(self->system);
}

/* A system of `profile` with its waveform rows going to `tracer` (NULL: untraced). */
static inline void build_with_tracer(CsSys *self, cs_profile profile, const tlm_tracer *tracer)
{
    char error[256] = "";
    gtsim_system_config config = { .profile = profile == CS_PROFILE_GEN6 ? "gen6" : "gen12", .tracer = tracer };
    self->system = gtsim_system_create(&config, error, sizeof error);
    ASSERT_TRUE(self->system != NULL);
    tlm_logger_set_level(tlm_kernel_logger(gtsim_system_kernel(self->system)), TLM_LOG_ERROR);
    self->profile = profile;
    self->engine = CS_ENGINE_RCS;
    self->length = 0;
}

static inline void build(CsSys *self, cs_profile profile)
{
    build_with_tracer(self, profile, NULL);
}

/* Defines Name##Gen6 and Name##Gen12 running the same body. */
#define BOTH_PROFILES(Name)                                                                                            \
    static void Name##_body(CsSys *self);                                                                              \
    TEST_F(CsSys, Name##Gen6)                                                                                          \
    {                                                                                                                  \
        build(self, CS_PROFILE_GEN6);                                                                                  \
        Name##_body(self);                                                                                             \
    }                                                                                                                  \
    TEST_F(CsSys, Name##Gen12)                                                                                         \
    {                                                                                                                  \
        build(self, CS_PROFILE_GEN12);                                                                                 \
        Name##_body(self);                                                                                             \
    }                                                                                                                  \
    static void Name##_body(CsSys *self)

/* ---- bus helpers -------------------------------------------------------------------------- */

static inline tlm_status access(const tlm_target *target, tlm_cmd command, uint64_t address, uint32_t *value)
{
    uint8_t bytes[4];
    for (int i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(*value >> (8 * i));
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    return payload.response;
}

/* Whether `address` has no register in the system's BAR: the access answers OK, a read gives 0,
 * and the GT counts it as an unimplemented offset (docs/reference/gt.md "Unimplemented offsets"). */
static inline bool unimplemented(CsSys *self, tlm_cmd command, uint64_t address)
{
    uint64_t before = gt_mmio_get_stats(gtsim_system_gt(self->system))->unimplemented_accesses;
    uint32_t value = 0xdeadbeef;
    if (access(gtsim_system_mmio(self->system), command, address, &value) != TLM_STATUS_OK)
        return false;
    return (command != TLM_CMD_READ || value == 0) &&
           gt_mmio_get_stats(gtsim_system_gt(self->system))->unimplemented_accesses == before + 1;
}

/* The bits of the engine under test's IMR/HWSTAM (and status page ISR) that stand for events
 * `events` (render layout, irq_message.h IRQ_DATA_*): gen6's video and blitter engines have
 * their own layouts, the render one moved up to their GTIIR positions (spec 002 video and BLT
 * "Interrupt Control Registers": user interrupt 12 and 22). */
static inline uint32_t irq_bits(CsSys *self, uint32_t events)
{
    if (self->profile == CS_PROFILE_GEN6 && self->engine == CS_ENGINE_VCS)
        return events << 12;
    if (self->profile == CS_PROFILE_GEN6 && self->engine == CS_ENGINE_BCS)
        return events << 22;
    return events;
}

static inline uint64_t base_of(CsSys *self, cs_engine engine)
{
    return cs_profile_get(self->profile)->engines[engine].mmio_base;
}

static inline void mmio_wr(CsSys *self, uint64_t address, uint32_t value)
{
    ASSERT_EQ(access(gtsim_system_mmio(self->system), TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

static inline uint32_t mmio_rd(CsSys *self, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_EQ(access(gtsim_system_mmio(self->system), TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

/* Engine register at block offset `offset` of the engine under test. */
static inline void wr(CsSys *self, uint32_t offset, uint32_t value)
{
    mmio_wr(self, base_of(self, self->engine) + offset, value);
}

static inline uint32_t rd(CsSys *self, uint32_t offset)
{
    return mmio_rd(self, base_of(self, self->engine) + offset);
}

static inline void mem_wr(CsSys *self, uint64_t address, uint32_t value)
{
    ASSERT_EQ(access(gtsim_system_memory(self->system), TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

static inline uint32_t mem_rd(CsSys *self, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_EQ(access(gtsim_system_memory(self->system), TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

static inline void run(CsSys *self)
{
    ASSERT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 10 * TLM_MS), TLM_RUN_IDLE);
    EXPECT_TRUE(gtsim_system_idle(self->system));
}

static inline cs_engine_model *engine_model(CsSys *self)
{
    return gtsim_system_engine(self->system, self->engine);
}

/* ---- assembling ----------------------------------------------------------------------------- */

static inline void emit(CsSys *self, const char *name, uint32_t length, const cs_setting *settings, size_t count)
{
    const cs_command *command = cs_find_command(self->profile, name);
    ASSERT_TRUE(command != NULL);
    cs_encode_result result;
    ASSERT_EQ(cs_encode(command, length, settings, count, &self->program[self->length],
                        PROGRAM_CAPACITY - self->length, &result),
              CS_ENCODE_OK);
    self->length += result.length;
}

#define EMIT(name, length, ...)                                                                                        \
    do {                                                                                                               \
        const cs_setting emit_settings_[] = { __VA_ARGS__ };                                                           \
        emit(self, name, length, emit_settings_, sizeof emit_settings_ / sizeof emit_settings_[0]);                    \
    } while (0)
#define EMIT0(name) emit(self, name, 0, NULL, 0)

static inline void sdi(CsSys *self, uint64_t address, uint32_t data)
{
    EMIT("MI_STORE_DATA_IMM", 4, { "address", 0, address }, { "data", 0, data });
}

/* ---- programs: batches, registers, the ring ------------------------------------------------ */

static inline void bb_start(CsSys *self, uint64_t address, bool secure, bool second_level)
{
    const char *security = self->profile == CS_PROFILE_GEN6 ? "security" : "address_space";
    if (second_level)
        EMIT("MI_BATCH_BUFFER_START", 0, { "address", 0, address }, { security, 0, secure ? 0 : 1 },
             { "second_level", 0, 1 });
    else
        EMIT("MI_BATCH_BUFFER_START", 0, { "address", 0, address }, { security, 0, secure ? 0 : 1 });
}

static inline void lri(CsSys *self, uint32_t reg, uint32_t data)
{
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "reg", 0, reg }, { "data", 0, data });
}

/* Where HWS_PGA sits from the engine's base: gen6 base + 0x2080, gen8+ base + 0x80. */
static inline uint32_t hws_pga(CsSys *self)
{
    return self->profile == CS_PROFILE_GEN6 ? CS_GEN6_HWS_PGA_OFFSET : CS_HWS_PGA_OFFSET;
}

/* Copies the program to memory at `address` and starts a new one. */
static inline void place(CsSys *self, uint64_t address)
{
    for (uint32_t i = 0; i < self->length; i++)
        mem_wr(self, address + 4u * i, self->program[i]);
    self->length = 0;
}

/* Pads the program to a QWord, places it as a one-page ring with HEAD 0 and the status page
 * at HWSP, enables the ring and moves TAIL past it. Returns the tail (bytes). */
static inline uint32_t start_ring(CsSys *self)
{
    if (self->length & 1u)
        EMIT0("MI_NOOP");
    uint32_t tail = 4u * self->length;
    place(self, RING);
    wr(self, hws_pga(self), HWSP);
    wr(self, CS_RING_START_OFFSET, RING);
    wr(self, CS_RING_HEAD_OFFSET, 0);
    wr(self, CS_RING_CTL_OFFSET, CS_RING_CTL_ENABLE_MASK);
    wr(self, CS_RING_TAIL_OFFSET, tail);
    return tail;
}

static inline void run_ring(CsSys *self)
{
    start_ring(self);
    run(self);
}

#endif
