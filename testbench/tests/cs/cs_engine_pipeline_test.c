/* Non-MI commands on the pipeline port, the generic header classes, MI_MATH, predication and
 * the register addressing of the MI register commands (docs/reference/cs.md "Pipeline port", "MI_MATH",
 * "Predication"). */
#include "cs_engine_fixture.h"
#include "gt_regs.h"

/* ---- the pipeline port ------------------------------------------------------------------- */

/* The event the pipeline port recorded at `index` of the log, by name. */
static void expect_event(CsSys *self, size_t index, const char *name, uint32_t length)
{
    ASSERT_LT(index, cs_engine_event_count(engine_model(self)));
    const cs_event *event = cs_engine_event(engine_model(self), index);
    EXPECT_STREQ(event->command->name, name);
    EXPECT_EQ(event->length, length);
}

/* A render batch of the kind Mesa emits at the start of a draw: pipeline select, base
 * addresses, 3D state, a primitive; every command runs, none halts (genxml gen12/gen6). */
BOTH_PROFILES(RenderBatchOf3dStateRunsToItsEnd)
{
    bb_start(self, BATCH, true, false);
    sdi(self, DATA, 1);
    start_ring(self);
    EMIT0("PIPELINE_SELECT");
    EMIT0("STATE_BASE_ADDRESS");
    EMIT0("3DSTATE_DRAWING_RECTANGLE");
    EMIT("3DSTATE_VERTEX_BUFFERS", 5);
    EMIT0("3DSTATE_CLIP");
    EMIT0("3DPRIMITIVE");
    self->program[self->length++] = 0x78ff0001u; /* 3D opcode 0, sub-opcode FFh: no name */
    self->program[self->length++] = 0x12345678u;
    self->program[self->length++] = 0x9abcdef0u;
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    run(self);
    cs_engine_model *engine = engine_model(self);
    EXPECT_FALSE(cs_engine_halted(engine));
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    const cs_engine_stats *stats = cs_engine_get_stats(engine);
    EXPECT_EQ(stats->pipeline_commands, 7u);
    EXPECT_EQ(stats->primitives, 1u);
    const cs_command *sba = cs_find_command(self->profile, "STATE_BASE_ADDRESS");
    expect_event(self, 0, "PIPELINE_SELECT", 1);
    expect_event(self, 1, "STATE_BASE_ADDRESS", sba->default_length);
    expect_event(self, 3, "3DSTATE_VERTEX_BUFFERS", 5);
    expect_event(self, 5, "3DPRIMITIVE", cs_find_command(self->profile, "3DPRIMITIVE")->default_length);
    expect_event(self, 6, "GFXPIPE_3D", 3);
    const cs_event *last = cs_engine_event(engine, 6);
    EXPECT_EQ(last->dwords[1], 0x12345678u);
    EXPECT_EQ(last->dwords[2], 0x9abcdef0u);
    EXPECT_EQ(last->level, 1u);
    EXPECT_GT(last->time, cs_engine_event(engine, 0)->time);
    /* Coverage counts forwarded commands like any other. */
    EXPECT_EQ(cs_engine_command_count(engine, sba), 1u);
    EXPECT_EQ(cs_engine_command_count(engine, cs_find_command(self->profile, "GFXPIPE_3D")), 1u);
}

/* The port answers after CS_PIPELINE_PORT_CYCLES: two events of consecutive one-dword
 * commands lie that far apart plus the command's own cost. */
TEST_F(CsSys, PipelinePortAnswersAfterItsLatencyGen12)
{
    build(self, CS_PROFILE_GEN12);
    EMIT0("3DSTATE_VF_STATISTICS");
    EMIT0("3DSTATE_VF_STATISTICS");
    run_ring(self);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 2u);
    tlm_time gap = cs_engine_event(engine_model(self), 1)->time - cs_engine_event(engine_model(self), 0)->time;
    EXPECT_EQ(gap, (tlm_time)(CS_PIPELINE_PORT_CYCLES + CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD) *
                       gtsim_system_clock_period(self->system));
}

/* Each engine takes its own class: a blit on the blitter, MFX on the video engine, VEBOX on
 * the video enhancement engine; elsewhere the same header is an Instruction Parser error. */
TEST_F(CsSys, EachEngineTakesItsOwnPipelineCommandsGen12)
{
    static const struct {
        cs_engine engine;
        const char *name;
    } cases[] = {
        { CS_ENGINE_BCS, "XY_SRC_COPY_BLT" },
        { CS_ENGINE_BCS, "XY_FAST_COPY_BLT" },
        { CS_ENGINE_VCS, "MFX_PIPE_MODE_SELECT" },
        { CS_ENGINE_VCS, "MFX_WAIT" },
        { CS_ENGINE_VCS, "VD_PIPELINE_FLUSH" },
        { CS_ENGINE_VECS, "VEBOX_STATE" },
        { CS_ENGINE_VECS, "VEB_DI_IECP" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        build(self, CS_PROFILE_GEN12);
        self->engine = cases[i].engine;
        EMIT0(cases[i].name);
        sdi(self, DATA, 3);
        run_ring(self);
        EXPECT_FALSE(cs_engine_halted(engine_model(self)));
        EXPECT_EQ(mem_rd(self, DATA), 3u);
        expect_event(self, 0, cases[i].name, cs_find_command(CS_PROFILE_GEN12, cases[i].name)->default_length);
        gtsim_system_destroy(self->system);
        self->system = NULL;
    }
    /* 3D state on the video engine: not valid there, the parser stops with its error. */
    build(self, CS_PROFILE_GEN12);
    self->engine = CS_ENGINE_VCS;
    wr(self, CS_EMR_OFFSET, 0);
    EMIT0("3DSTATE_CLIP");
    sdi(self, DATA, 3);
    run_ring(self);
    EXPECT_TRUE(cs_engine_halted(engine_model(self)));
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
}

/* A reserved header (GFXPIPE 3D opcode 4) halts the parser with the Instruction Parser error
 * (spec 000 §1.1.7.3); so does a fulsim header (type 7, spec 002 note 2). */
BOTH_PROFILES(ReservedHeadersAreParserErrors)
{
    static const uint32_t reserved[] = { 0x7c000000u, 0xe0000000u, 0x20000000u };
    for (size_t i = 0; i < 3; i++) {
        if (i)
            build(self, self->profile);
        wr(self, CS_EMR_OFFSET, 0);
        self->program[self->length++] = reserved[i];
        EMIT0("MI_NOOP");
        sdi(self, DATA, 3);
        run_ring(self);
        EXPECT_TRUE(cs_engine_halted(engine_model(self)));
        EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK);
        EXPECT_EQ(mem_rd(self, DATA), 0u);
        if (i < 2) {
            gtsim_system_destroy(self->system);
            self->system = NULL;
        }
    }
}

/* MI commands recorded, not executed (docs/reference/cs.md): they never halt. MI_ARB_ON_OFF (executed:
 * arbitration state) is a privileged command (spec 002 "User Mode Privileged Commands":
 * converted to NOOP). */
TEST_F(CsSys, RecordedMiCommandsRunAndArbOnOffIsPrivilegedGen12)
{
    build(self, CS_PROFILE_GEN12);
    static const char *const names[] = { "MI_RS_CONTROL", "MI_RS_CONTEXT", "MI_TOPOLOGY_FILTER",
                                         "MI_SET_APPID", "MI_FORCE_WAKEUP", "MI_LOAD_SCAN_LINES_INCL",
                                         "MI_LOAD_SCAN_LINES_EXCL", "MI_CLFLUSH", "MI_RS_STORE_DATA_IMM",
                                         "MI_WAIT_FOR_EVENT_2" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        EMIT0(names[i]);
    bb_start(self, BATCH, false, false);
    start_ring(self);
    sdi(self, DATA, 1);
    EMIT0("MI_ARB_ON_OFF");
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    run(self);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        expect_event(self, i, names[i], cs_find_command(CS_PROFILE_GEN12, names[i])->default_length);
    EXPECT_EQ(cs_engine_event_count(engine_model(self)), sizeof names / sizeof names[0]);
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK);
}

TEST_F(CsSys, Gen6ExtraMiCommandsAreRecorded)
{
    build(self, CS_PROFILE_GEN6);
    EMIT0("MI_ARB_ON_OFF");
    EMIT0("MI_URB_CLEAR");
    EMIT0("MI_CLFLUSH");
    EMIT0("MI_LOAD_SCAN_LINES_EXCL");
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_EQ(cs_engine_event_count(engine_model(self)), 4u);
}

/* ---- MI_MATH ----------------------------------------------------------------------------- */

#define ALU(opcode, operand1, operand2) ((uint32_t)(opcode) << 20 | (uint32_t)(operand1) << 10 | (uint32_t)(operand2))
enum { LOAD = 0x080, LOADINV = 0x480, LOAD0 = 0x081, LOAD1 = 0x481, ADD = 0x100, SUB = 0x101, AND = 0x102,
       OR = 0x103, XOR = 0x104, STORE = 0x180, STOREINV = 0x580 };
enum { SRCA = 0x20, SRCB = 0x21, ACCU = 0x31, ZF = 0x32, CF = 0x33 };

static uint64_t gpr_rd(CsSys *self, unsigned n)
{
    return rd(self, CS_GPR0_OFFSET + 8u * n) | (uint64_t)rd(self, CS_GPR0_OFFSET + 8u * n + 4u) << 32;
}

static void gpr_wr(CsSys *self, unsigned n, uint64_t value)
{
    wr(self, CS_GPR0_OFFSET + 8u * n, (uint32_t)value);
    wr(self, CS_GPR0_OFFSET + 8u * n + 4u, (uint32_t)(value >> 32));
}

static void math(CsSys *self, const uint32_t *alu, uint32_t count)
{
    EMIT("MI_MATH", count + 1u, { "alu", 0, alu[0] });
    for (uint32_t i = 1; i < count; i++)
        self->program[self->length - count + i] = alu[i];
}

TEST_F(CsSys, MathAddsSubtractsAndSetsTheFlagsGen12)
{
    build(self, CS_PROFILE_GEN12);
    gpr_wr(self, 0, UINT64_C(0xffffffffffffffff));
    gpr_wr(self, 1, 2);
    gpr_wr(self, 2, UINT64_C(0x0f0f00000000ff00));
    const uint32_t alu[] = {
        ALU(LOAD, SRCA, 0), ALU(LOAD, SRCB, 1), ALU(ADD, 0, 0), ALU(STORE, 3, ACCU), ALU(STORE, 4, CF),
        ALU(STORE, 5, ZF), /* 0xff..ff + 2 = 1, carry */
        ALU(LOAD, SRCA, 1), ALU(LOAD, SRCB, 1), ALU(SUB, 0, 0), ALU(STORE, 6, ZF), ALU(STORE, 7, CF),
        ALU(LOAD0, SRCA, 0), ALU(LOAD1, SRCB, 0), ALU(SUB, 0, 0), ALU(STORE, 8, CF), ALU(STOREINV, 9, ACCU),
        ALU(LOADINV, SRCA, 2), ALU(LOAD, SRCB, 2), ALU(XOR, 0, 0), ALU(STORE, 10, ACCU),
        ALU(LOAD, SRCA, 2), ALU(LOAD, SRCB, 1), ALU(OR, 0, 0), ALU(STORE, 11, ACCU),
        ALU(AND, 0, 0), ALU(STORE, 12, ACCU), ALU(STORE, 13, 2),
    };
    math(self, alu, sizeof alu / sizeof alu[0]);
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 3), 1u);
    EXPECT_EQ(gpr_rd(self, 4), UINT64_MAX); /* CF set */
    EXPECT_EQ(gpr_rd(self, 5), 0u);         /* ZF clear */
    EXPECT_EQ(gpr_rd(self, 6), UINT64_MAX); /* 2 - 2 = 0: ZF */
    EXPECT_EQ(gpr_rd(self, 7), 0u);         /* no borrow */
    EXPECT_EQ(gpr_rd(self, 8), UINT64_MAX); /* 0 - 1 borrows */
    EXPECT_EQ(gpr_rd(self, 9), 0u);         /* ~(0 - 1) */
    EXPECT_EQ(gpr_rd(self, 10), UINT64_MAX);
    EXPECT_EQ(gpr_rd(self, 11), UINT64_C(0x0f0f00000000ff02));
    EXPECT_EQ(gpr_rd(self, 12), 0u);
    EXPECT_EQ(gpr_rd(self, 13), UINT64_C(0x0f0f00000000ff00));
    EXPECT_EQ(gpr_rd(self, 0), UINT64_MAX); /* sources untouched */
}

TEST_F(CsSys, MathSkipsInvalidInstructionsAndGoesOnGen12)
{
    build(self, CS_PROFILE_GEN12);
    gpr_wr(self, 1, 40);
    const uint32_t alu[] = { ALU(0x7ff, 0, 0), ALU(LOAD, 0x3ff, 1), ALU(STORE, SRCA, ACCU), ALU(LOAD, SRCA, 1),
                             ALU(LOAD1, SRCB, 0), ALU(ADD, 0, 0), ALU(STORE, 2, ACCU) };
    math(self, alu, sizeof alu / sizeof alu[0]);
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 2), 41u);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
}

/* ---- predication -------------------------------------------------------------------------- */

static void predicate_srcs(CsSys *self, uint64_t src0, uint64_t src1)
{
    wr(self, CS_MI_PREDICATE_SRC0_OFFSET, (uint32_t)src0);
    wr(self, CS_MI_PREDICATE_SRC0_UDW_OFFSET, (uint32_t)(src0 >> 32));
    wr(self, CS_MI_PREDICATE_SRC1_OFFSET, (uint32_t)src1);
    wr(self, CS_MI_PREDICATE_SRC1_UDW_OFFSET, (uint32_t)(src1 >> 32));
}

static void mi_predicate(CsSys *self, unsigned load, unsigned combine, unsigned compare)
{
    EMIT("MI_PREDICATE", 1, { "load", 0, load }, { "combine", 0, combine }, { "compare", 0, compare });
}

TEST_F(CsSys, PredicateComparesLoadsAndCombinesGen12)
{
    build(self, CS_PROFILE_GEN12);
    predicate_srcs(self, UINT64_C(0x100000005), UINT64_C(0x100000005));
    mi_predicate(self, 2, 0, 2); /* load, set, srcs_equal: 1 */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA });
    mi_predicate(self, 3, 0, 2); /* loadinv: 0 */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA + 4 });
    mi_predicate(self, 2, 2, 0); /* load true, or: 1 */
    mi_predicate(self, 2, 1, 1); /* load false, and: 0 */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA + 8 });
    mi_predicate(self, 2, 3, 0); /* load true, xor with 0: 1 */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA + 12 });
    mi_predicate(self, 0, 0, 1); /* keep: stays 1 */
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA + 16 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 8), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 12), 1u);
    EXPECT_EQ(mem_rd(self, DATA + 16), 1u);
    EXPECT_EQ(rd(self, CS_MI_PREDICATE_DATA_OFFSET), 0u); /* SRC0 - SRC1 */
}

TEST_F(CsSys, PredicatedCommandsFollowTheResultGen12)
{
    build(self, CS_PROFILE_GEN12);
    predicate_srcs(self, 1, 2);
    mi_predicate(self, 2, 0, 2); /* not equal: result 0 */
    /* A predicated batch start is not taken, a predicated SRM does not store, a predicated
     * 3DPRIMITIVE is dropped; unpredicated ones run. */
    EMIT("MI_BATCH_BUFFER_START", 0, { "address", 0, BATCH }, { "predication", 0, 1 });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_RING_TAIL_OFFSET }, { "address", 0, DATA + 4 },
         { "predicate", 0, 1 });
    const cs_command *primitive = cs_find_command(CS_PROFILE_GEN12, "3DPRIMITIVE");
    EMIT0("3DPRIMITIVE");
    self->program[self->length - primitive->default_length] |= 1u << 8; /* Predicate Enable */
    EMIT0("3DPRIMITIVE");
    sdi(self, DATA + 8, 8);
    uint32_t tail = start_ring(self);
    sdi(self, DATA, 1);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 8), 8u);
    const cs_engine_stats *stats = cs_engine_get_stats(engine_model(self));
    EXPECT_EQ(stats->predicated, 3u);
    EXPECT_EQ(stats->primitives, 1u);
    EXPECT_EQ(stats->batches, 0u);
    /* Result 1: the same commands run. */
    gtsim_system_destroy(self->system);
    build(self, CS_PROFILE_GEN12);
    predicate_srcs(self, 2, 2);
    mi_predicate(self, 2, 0, 2);
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x2000 + CS_RING_TAIL_OFFSET }, { "address", 0, DATA + 4 },
         { "predicate", 0, 1 });
    EMIT("MI_BATCH_BUFFER_START", 0, { "address", 0, BATCH }, { "predication", 0, 1 });
    tail = start_ring(self);
    sdi(self, DATA, 1);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    run(self);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
    EXPECT_EQ(mem_rd(self, DATA + 4), tail);
}

/* i915 intel_lrc.c setup_predicate_disable_wa: with MI_SET_PREDICATE's predication active the
 * store is NOOP'ed and the batch end with bit 15 is "predicated"; MI_SET_PREDICATE (DISABLE)
 * runs, and the plain batch end ends the batch. Stores `done` at `address` when the batch ran
 * past its predicated end. */
static void predicate_disable_batch(CsSys *self, uint64_t batch, uint64_t address)
{
    sdi(self, address, 0); /* "If predication is active, this will be noop'ed" */
    EMIT("MI_BATCH_BUFFER_END", 1, { "predicate", 0, 1 });
    EMIT("MI_SET_PREDICATE", 1, { "noop", 0, 0 });
    sdi(self, address, 1); /* "enable predication before the next BB" */
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, batch);
}

/* genxml gen12.xml MI_SET_PREDICATE PREDICATE ENABLE: while the selected condition holds every
 * command is a NOOP (i915: a store "will be noop'ed"; a stray MI_SET_PREDICATE "prevents us
 * executing the ring", gen8_engine_cs.c xehp_emit_bb_start) except MI_SET_PREDICATE and the
 * batch start and end without their predicate bit 15, which i915's fix-up needs. */
TEST_F(CsSys, SetPredicateNoopsCommandsButNotItsOwnWayOutGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA + 4, 7);
    mem_wr(self, DATA + 16, 7);
    predicate_disable_batch(self, BATCH, DATA + 4);
    predicate_disable_batch(self, BATCH2, DATA + 16);
    predicate_srcs(self, 1, 1);
    mi_predicate(self, 2, 0, 2); /* result 1 */
    EMIT("MI_SET_PREDICATE", 1, { "noop", 0, 4 }); /* NOOP on result set: active */
    EMIT0("3DSTATE_CLIP");
    sdi(self, DATA, 1);
    bb_start(self, BATCH, true, false); /* active: the store and the predicated end are NOOPs */
    sdi(self, DATA + 8, 2);             /* the batch turned predication off */
    EMIT("MI_SET_PREDICATE", 1, { "noop", 0, 3 }); /* NOOP on result clear: not active */
    EMIT0("3DSTATE_VF_STATISTICS");
    bb_start(self, BATCH2, true, false); /* not active: the predicated end ends it */
    EMIT("MI_SET_PREDICATE", 1, { "noop", 0, 15 });
    EMIT0("3DPRIMITIVE");
    sdi(self, DATA + 12, 3);
    EMIT("MI_SET_PREDICATE", 1, { "noop", 0, 0 });
    run_ring(self);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(mem_rd(self, DATA), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 1u);
    EXPECT_EQ(mem_rd(self, DATA + 8), 2u);
    EXPECT_EQ(mem_rd(self, DATA + 12), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 16), 0u);
    ASSERT_EQ(cs_engine_event_count(engine_model(self)), 1u);
    expect_event(self, 0, "3DSTATE_VF_STATISTICS", 1);
    EXPECT_EQ(cs_engine_get_stats(engine_model(self))->predicated, 6u);
}

/* ---- register addressing ------------------------------------------------------------------ */

/* genxml "Add CS MMIO Start Offset" (i915 MI_LRI_LRM_CS_MMIO): the engine adds its base to the
 * offset's low bits, so a relative offset and an absolute one of any engine reach this
 * engine's register. */
TEST_F(CsSys, CsMmioRemapUsesTheLowBitsOnlyGen12)
{
    build(self, CS_PROFILE_GEN12);
    self->engine = CS_ENGINE_VCS;
    EMIT("MI_LOAD_REGISTER_IMM", 7, { "reg", 0, CS_GPR0_OFFSET + 8u }, { "data", 0, 0x11 },
         { "reg", 1, 0x2000u + CS_GPR0_OFFSET + 16u }, { "data", 1, 0x22 },
         { "reg", 2, (uint32_t)base_of(self, CS_ENGINE_VCS) + CS_GPR0_OFFSET + 24u }, { "data", 2, 0x33 },
         { "add_cs_mmio", 0, 1 });
    EMIT("MI_STORE_REGISTER_MEM", 4, { "reg", 0, 0x22000u + CS_GPR0_OFFSET + 16u }, { "address", 0, DATA },
         { "add_cs_mmio", 0, 1 });
    /* LRM and LRR the same way: absolute offsets of the render, blitter and video enhancement
     * engines' GPRs, with the flag, reach this (video) engine's GPRs. */
    mem_wr(self, DATA + 0x10, 0x44);
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "reg", 0, 0x2000u + CS_GPR0_OFFSET + 32u }, { "address", 0, DATA + 0x10 },
         { "add_cs_mmio", 0, 1 });
    EMIT("MI_LOAD_REGISTER_REG", 0, { "src_reg", 0, 0x22000u + CS_GPR0_OFFSET + 32u }, { "add_cs_mmio_src", 0, 1 },
         { "dst_reg", 0, (uint32_t)base_of(self, CS_ENGINE_VECS) + CS_GPR0_OFFSET + 40u },
         { "add_cs_mmio_dst", 0, 1 });
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 1), 0x11u);
    EXPECT_EQ(gpr_rd(self, 2), 0x22u);
    EXPECT_EQ(gpr_rd(self, 3), 0x33u);
    EXPECT_EQ(gpr_rd(self, 4), 0x44u);
    EXPECT_EQ(gpr_rd(self, 5), 0x44u);
    EXPECT_EQ(mem_rd(self, DATA), 0x22u);
    static const cs_engine others[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VECS };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        self->engine = others[i];
        EXPECT_EQ(gpr_rd(self, 2), 0u);
        EXPECT_EQ(gpr_rd(self, 4), 0u);
        EXPECT_EQ(gpr_rd(self, 5), 0u);
    }
}

/* genxml gen12.xml MI_LOAD_REGISTER_MEM "Add Loop Variable" (bit 20): no public source says what
 * is added or where the loop variable lives, so the model loads as without it (docs/reference/cs.md
 * "Executed commands", a **choice**): the command is valid, runs, and loads the dword. */
TEST_F(CsSys, LoadRegisterMemWithAddLoopVariableLoadsAsWithoutGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA + 0x20, 0x1234);
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "reg", 0, CS_GPR0_OFFSET + 8u * 6u }, { "address", 0, DATA + 0x20 },
         { "add_cs_mmio", 0, 1 }, { "add_loop_variable", 0, 1 });
    sdi(self, DATA, 1);
    run_ring(self);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    EXPECT_EQ(gpr_rd(self, 6), 0x1234u);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
}

/* i915 gen12_emit_aux_table_inv (gen8_engine_cs.c): an MMIO-remapped LRI sets AUX_INV in the
 * engine's aux-table invalidation register (render GEN12_GFX_CCS_AUX_NV, video GEN12_VD0_AUX_NV,
 * enhancement GEN12_VE0_AUX_NV), then a 5-dword MI_SEMAPHORE_WAIT_TOKEN | REGISTER_POLL | POLL |
 * SAD_EQ_SDD polls that register until the hardware has cleared the bit. The engine reads the
 * register through the MMIO path (the GT answers it) and goes on; nothing halts or errors. */
TEST_F(CsSys, RegisterPollSemaphoreOnTheAuxInvalidationRegisterGen12)
{
    static const struct {
        cs_engine engine;
        uint32_t reg;
    } cases[] = { { CS_ENGINE_RCS, GT_GFX_CCS_AUX_NV_OFFSET },
                  { CS_ENGINE_VCS, GT_VD0_AUX_NV_OFFSET },
                  { CS_ENGINE_VECS, GT_VE0_AUX_NV_OFFSET } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        build(self, CS_PROFILE_GEN12);
        self->engine = cases[i].engine;
        /* Graphics memory at the register's offset holds AUX_INV: only the register read passes. */
        mem_wr(self, cases[i].reg, GT_GFX_CCS_AUX_NV_AUX_INV_MASK);
        EMIT("MI_LOAD_REGISTER_IMM", 3, { "mmio_remap", 0, 1 }, { "reg", 0, cases[i].reg },
             { "data", 0, GT_GFX_CCS_AUX_NV_AUX_INV_MASK });
        EMIT("MI_SEMAPHORE_WAIT", 5, { "register_poll", 0, 1 }, { "wait_mode", 0, 1 }, { "compare", 0, 4 },
             { "data", 0, 0 }, { "address", 0, cases[i].reg });
        sdi(self, DATA, 0x5e);
        run_ring(self);
        EXPECT_EQ(mem_rd(self, DATA), 0x5eu);
        EXPECT_FALSE(cs_engine_halted(engine_model(self)));
        EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
        EXPECT_EQ(mmio_rd(self, cases[i].reg) & GT_GFX_CCS_AUX_NV_AUX_INV_MASK, 0u);
        gtsim_system_destroy(self->system);
        self->system = NULL;
    }
}

/* ---- PIPE_CONTROL LRI post-sync (gen12) --------------------------------------------------- */

/* genxml gen12 "LRI Post Sync Operation": the immediate data is written to the register at the
 * address; spec 002: from a non-privileged batch that post-sync is a NOOP (privilege error). */
TEST_F(CsSys, PipeControlLriPostSyncWritesTheRegisterExceptFromAUserBatchGen12)
{
    build(self, CS_PROFILE_GEN12);
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    wr(self, CS_HWSTAM_OFFSET, 0);
    wr(self, CS_IMR_OFFSET, 0x11111111);
    EMIT("PIPE_CONTROL", 6, { "lri_post_sync", 0, 1 }, { "address", 0, base + CS_HWSTAM_OFFSET },
         { "data", 0, 0x5a5a });
    bb_start(self, BATCH, false, false);
    start_ring(self);
    EMIT("PIPE_CONTROL", 6, { "lri_post_sync", 0, 1 }, { "address", 0, base + CS_IMR_OFFSET },
         { "data", 0, 0x22222222 });
    sdi(self, DATA, 1);
    EMIT0("MI_BATCH_BUFFER_END");
    place(self, BATCH);
    run(self);
    EXPECT_EQ(rd(self, CS_HWSTAM_OFFSET), 0x5a5au);
    EXPECT_EQ(rd(self, CS_IMR_OFFSET), 0x11111111u);
    EXPECT_TRUE(rd(self, CS_ESR_OFFSET) & CS_ESR_COMMAND_PRIVILEGE_MASK);
    EXPECT_EQ(mem_rd(self, DATA), 1u);
}

/* spec 000 §1.1.10-11: the predicate and 3DPRIM registers are command-streamer registers at
 * render 2400h..2443h (i915: base + 0x400 on every engine), reached by LRI and SRM; the
 * predicate result is read only. */
BOTH_PROFILES(PredicateAnd3dprimRegistersAreReachableByCommands)
{
    uint32_t base = (uint32_t)base_of(self, CS_ENGINE_RCS);
    lri(self, base + CS_PRIM_VERTEX_COUNT_OFFSET, 0x33);
    lri(self, base + CS_PRIM_START_INSTANCE_OFFSET, 0x44);
    lri(self, base + CS_MI_PREDICATE_SRC1_UDW_OFFSET, 0x55);
    lri(self, base + CS_MI_PREDICATE_RESULT_OFFSET, 1);
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_PRIM_VERTEX_COUNT_OFFSET }, { "address", 0, DATA });
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_PRIM_START_INSTANCE_OFFSET }, { "address", 0, DATA + 4 });
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_MI_PREDICATE_SRC1_UDW_OFFSET }, { "address", 0, DATA + 8 });
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, base + CS_MI_PREDICATE_RESULT_OFFSET }, { "address", 0, DATA + 12 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 0x33u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0x44u);
    EXPECT_EQ(mem_rd(self, DATA + 8), 0x55u);
    EXPECT_EQ(mem_rd(self, DATA + 12), 0u); /* read only */
}

/* ---- no valid command halts an engine ----------------------------------------------------- */

/* Commands whose default encoding waits or jumps (a semaphore on memory 0, a batch at address 0
 * of zero memory: MI_NOOPs without end): not part of this sweep, tested on their own. */
static bool waits_or_jumps(const char *name)
{
    static const char *const skipped[] = { "MI_SEMAPHORE_WAIT", "MI_SEMAPHORE_MBOX", "MI_BATCH_BUFFER_START", NULL };
    for (size_t i = 0; skipped[i]; i++)
        if (strcmp(name, skipped[i]) == 0)
            return true;
    return false;
}

/* Every command of the profile's tables, in its default encoding, on every engine that accepts
 * it, from the ring: the engine goes on to the store after it (MI_FLUSH with MI_MODE MI_FLUSH
 * Enable set, spec 000 §1.1.4.1). */
static void every_valid_command_runs(CsSys *self, cs_profile profile)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    size_t runs = 0;
    for (size_t c = 0; c < count; c++) {
        if (waits_or_jumps(commands[c].name))
            continue;
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
            if (!cs_profile_has_engine(profile, (cs_engine)e) || !cs_command_accepts(&commands[c], (cs_engine)e))
                continue;
            build(self, profile);
            self->engine = (cs_engine)e;
            if (profile == CS_PROFILE_GEN6)
                wr(self, CS_MI_MODE_OFFSET, CS_MI_MODE_MI_FLUSH_ENABLE_MASK << 16 | CS_MI_MODE_MI_FLUSH_ENABLE_MASK);
            cs_encode_result result;
            ASSERT_EQ(cs_encode(&commands[c], 0, NULL, 0, self->program, PROGRAM_CAPACITY, &result), CS_ENCODE_OK);
            self->length = result.length;
            sdi(self, DATA + 0x800, 0x600d);
            start_ring(self);
            EXPECT_EQ(tlm_kernel_run_until_idle(gtsim_system_kernel(self->system), 10 * TLM_MS), TLM_RUN_IDLE);
            if (cs_engine_halted(engine_model(self)) || mem_rd(self, DATA + 0x800) != 0x600d)
                ADD_FAILURE("%s on %s: halted %d, ESR 0x%x", commands[c].name, cs_engine_name((cs_engine)e),
                            cs_engine_halted(engine_model(self)), rd(self, CS_ESR_OFFSET));
            EXPECT_EQ(rd(self, CS_ESR_OFFSET) & CS_ESR_INSTRUCTION_PARSER_MASK, 0u);
            gtsim_system_destroy(self->system);
            self->system = NULL;
            runs++;
        }
    }
    EXPECT_GT(runs, 70u);
}

TEST_F(CsSys, EveryValidCommandRunsWithoutHaltingGen6)
{
    every_valid_command_runs(self, CS_PROFILE_GEN6);
}

TEST_F(CsSys, EveryValidCommandRunsWithoutHaltingGen12)
{
    every_valid_command_runs(self, CS_PROFILE_GEN12);
}

/* ---- INSTPM instruction disables (spec 000 §1.1.4.3) ------------------------------------------ */

/* A render ring of 3D state, a palette load and a primitive with INSTPM bits 3:0 = `disables`,
 * then a store: the disabled ones are parsed (the store after them runs, no error) and not
 * executed (not on the pipeline port); the others reach it. Returns the pipeline events. */
static size_t run_with_instpm(CsSys *self, uint32_t disables)
{
    self->length = 0; /* a new ring program from HEAD 0 */
    mem_wr(self, DATA, 0);
    wr(self, CS_INSTPM_OFFSET, 0xFu << 16 | disables); /* masked: bits 31:16 enable 15:0 */
    EXPECT_EQ(rd(self, CS_INSTPM_OFFSET), disables);
    EMIT0("3DSTATE_CLIP");
    EMIT0("3DSTATE_SAMPLER_PALETTE_LOAD0");
    EMIT0("3DPRIMITIVE");
    EMIT0("PIPE_CONTROL");
    sdi(self, DATA, 0x5a);
    run_ring(self);
    EXPECT_FALSE(cs_engine_halted(engine_model(self)));
    EXPECT_EQ(rd(self, CS_ESR_OFFSET), 0u);
    EXPECT_EQ(mem_rd(self, DATA), 0x5au);
    return cs_engine_event_count(engine_model(self));
}

BOTH_PROFILES(InstpmDisabledRenderInstructionsAreParsedNotExecuted)
{
    cs_engine_model *engine = engine_model(self);
    /* 3D State and 3D Rendering disabled ("This bit must always be set by software if 3D State
     * Instruction Disable is set"): state, palette load and primitive dropped; PIPE_CONTROL (3D
     * control, not state; the CS's own command, no pipeline event) runs. */
    const cs_command *pipe_control = cs_find_command(self->profile, "PIPE_CONTROL");
    EXPECT_EQ(run_with_instpm(self, CS_INSTPM_STATE_3D_DISABLE_MASK | CS_INSTPM_RENDERING_3D_DISABLE_MASK), 0u);
    EXPECT_EQ(cs_engine_command_count(engine, pipe_control), 1u);
    EXPECT_EQ(cs_engine_get_stats(engine)->instpm_disabled, 3u);
    EXPECT_EQ(cs_engine_get_stats(engine)->primitives, 0u);
    EXPECT_EQ(cs_engine_get_stats(engine)->pipeline_commands, 0u);
}

BOTH_PROFILES(InstpmEachDisableBitDropsOnlyItsClass)
{
    cs_engine_model *engine = engine_model(self);
    /* Texture palette load only: state and primitive run. */
    EXPECT_EQ(run_with_instpm(self, CS_INSTPM_TEXTURE_PALETTE_LOAD_DISABLE_MASK), 2u);
    expect_event(self, 0, "3DSTATE_CLIP", cs_find_command(self->profile, "3DSTATE_CLIP")->default_length);
    expect_event(self, 1, "3DPRIMITIVE", cs_find_command(self->profile, "3DPRIMITIVE")->default_length);
    EXPECT_EQ(cs_engine_get_stats(engine)->instpm_disabled, 1u);
    /* 3D rendering only (allowed without 3D state): the primitive is dropped, state runs. */
    EXPECT_EQ(run_with_instpm(self, CS_INSTPM_RENDERING_3D_DISABLE_MASK), 2u + 2u);
    expect_event(self, 2, "3DSTATE_CLIP", cs_find_command(self->profile, "3DSTATE_CLIP")->default_length);
    expect_event(self, 3, "3DSTATE_SAMPLER_PALETTE_LOAD0",
                 cs_find_command(self->profile, "3DSTATE_SAMPLER_PALETTE_LOAD0")->default_length);
    EXPECT_EQ(cs_engine_get_stats(engine)->instpm_disabled, 2u);
    /* Cleared: everything runs again. */
    EXPECT_EQ(run_with_instpm(self, 0), 4u + 3u);
    EXPECT_EQ(cs_engine_get_stats(engine)->instpm_disabled, 2u);
}
