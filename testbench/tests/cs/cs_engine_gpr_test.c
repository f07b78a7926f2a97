/* The CS general purpose registers (gen12; docs/reference/cs.md "General purpose registers"): 16 64-bit
 * registers at base + 0x600 + 8n on every engine (spec 004 register state context, i915
 * GEN8_RING_CS_GPR), reached by MMIO and by the register commands, and MI_ATOMIC's register
 * operands and returned data. gen6 has none. */
#include "cs_engine_fixture.h"

static uint32_t gpr_lo(unsigned n)
{
    return CS_GPR0_OFFSET + 8u * n;
}

static uint64_t gpr_rd(CsSys *self, unsigned n)
{
    return rd(self, gpr_lo(n)) | (uint64_t)rd(self, gpr_lo(n) + 4u) << 32;
}

static void gpr_wr(CsSys *self, unsigned n, uint64_t value)
{
    wr(self, gpr_lo(n), (uint32_t)value);
    wr(self, gpr_lo(n) + 4u, (uint32_t)(value >> 32));
}

/* The absolute MMIO offset of GPR n's low dword on the engine under test. */
static uint32_t gpr_reg(CsSys *self, unsigned n)
{
    return (uint32_t)base_of(self, self->engine) + gpr_lo(n);
}

TEST_F(CsSys, GprsResetToZeroAndHoldWritesOnEveryEngineGen12)
{
    build(self, CS_PROFILE_GEN12);
    static const cs_engine engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS, CS_ENGINE_VECS };
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        self->engine = engines[e];
        for (unsigned n = 0; n < 16; n++)
            EXPECT_EQ(gpr_rd(self, n), 0u);
        for (unsigned n = 0; n < 16; n++)
            gpr_wr(self, n, UINT64_C(0x0101010100000000) * (n + 1u) + 0x10u * e + n);
        for (unsigned n = 0; n < 16; n++)
            EXPECT_EQ(gpr_rd(self, n), UINT64_C(0x0101010100000000) * (n + 1u) + 0x10u * e + n);
    }
    /* Each engine has its own: RCS kept its values while the others were written. */
    self->engine = CS_ENGINE_RCS;
    EXPECT_EQ(gpr_rd(self, 3), UINT64_C(0x0404040400000003));
    cs_engine_reset(engine_model(self));
    EXPECT_EQ(gpr_rd(self, 3), 0u);
}

TEST_F(CsSys, GprsAreNotInGen6)
{
    build(self, CS_PROFILE_GEN6);
    static const cs_engine engines[] = { CS_ENGINE_RCS, CS_ENGINE_BCS, CS_ENGINE_VCS };
    for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
        uint64_t base = base_of(self, engines[e]);
        EXPECT_TRUE(unimplemented(self, TLM_CMD_READ, base + CS_GPR0_OFFSET));
        EXPECT_TRUE(unimplemented(self, TLM_CMD_WRITE, base + CS_GPR15_UDW_OFFSET));
    }
}

TEST_F(CsSys, RegisterCommandsMoveGprsGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 0xabcd0001);
    lri(self, gpr_reg(self, 0), 0x11111111);                 /* LRI */
    lri(self, gpr_reg(self, 0) + 4u, 0x22222222);
    EMIT("MI_LOAD_REGISTER_MEM", 0, { "reg", 0, gpr_reg(self, 1) }, { "address", 0, DATA }); /* LRM */
    EMIT("MI_LOAD_REGISTER_REG", 0, { "src_reg", 0, gpr_reg(self, 1) }, { "dst_reg", 0, gpr_reg(self, 2) + 4u });
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, gpr_reg(self, 2) + 4u }, { "address", 0, DATA + 0x10 }); /* SRM */
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, gpr_reg(self, 0) + 4u }, { "address", 0, DATA + 0x14 });
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 0), UINT64_C(0x2222222211111111));
    EXPECT_EQ(gpr_rd(self, 1), UINT64_C(0xabcd0001));
    EXPECT_EQ(gpr_rd(self, 2), UINT64_C(0xabcd000100000000));
    EXPECT_EQ(mem_rd(self, DATA + 0x10), 0xabcd0001u);
    EXPECT_EQ(mem_rd(self, DATA + 0x14), 0x22222222u);
}

TEST_F(CsSys, EngineRelativeLriReachesThatEnginesGprGen12)
{
    /* The add-CS-MMIO flag makes 0x600 "this engine's GPR0" (i915 MI_LRI_LRM_CS_MMIO). */
    build(self, CS_PROFILE_GEN12);
    self->engine = CS_ENGINE_BCS;
    EMIT("MI_LOAD_REGISTER_IMM", 3, { "reg", 0, CS_GPR0_OFFSET + 8u * 5u }, { "data", 0, 0x5150 },
         { "add_cs_mmio", 0, 1 });
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 5), 0x5150u);
    self->engine = CS_ENGINE_RCS;
    EXPECT_EQ(gpr_rd(self, 5), 0u);
}

/* ---- MI_ATOMIC with GPR operands and return data ----------------------------------------- */

static void atomic_gpr(CsSys *self, uint64_t address, unsigned op, bool return_data)
{
    unsigned size = op == 0x4e ? 2 : (op & 0x20) ? 1 : 0;
    EMIT("MI_ATOMIC", 3, { "op", 0, op }, { "data_size", 0, size }, { "address", 0, address },
         { "return_data", 0, return_data ? 1 : 0 });
}

TEST_F(CsSys, AtomicTakesItsOperandsFromGpr0AndGpr1Gen12)
{
    build(self, CS_PROFILE_GEN12);
    gpr_wr(self, 0, UINT64_C(0x100000005)); /* op1: a dword operation sees 5 */
    gpr_wr(self, 1, UINT64_C(0x77));        /* op2 */
    mem_wr(self, DATA, 10);
    mem_wr(self, DATA + 4, 0x5a5a5a5a);
    mem_wr(self, DATA + 8, 0x100000005u & 0xffffffffu);
    mem_wr(self, DATA + 12, 1);
    mem_wr(self, DATA + 16, 5);
    atomic_gpr(self, DATA, 0x07, false);     /* add: 10 + 5 */
    atomic_gpr(self, DATA + 8, 0x2e, false); /* cmp_wr8b: memory == GPR0 (qword) -> GPR1 */
    atomic_gpr(self, DATA + 16, 0x0e, false); /* cmp_wr: 5 == low dword of GPR0 -> 0x77 */
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 15u);
    EXPECT_EQ(mem_rd(self, DATA + 4), 0x5a5a5a5au);
    EXPECT_EQ(mem_rd(self, DATA + 8), 0x77u);
    EXPECT_EQ(mem_rd(self, DATA + 12), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 16), 0x77u);
}

TEST_F(CsSys, AtomicCompareWrite16BytesTakesGpr0To3Gen12)
{
    build(self, CS_PROFILE_GEN12);
    gpr_wr(self, 0, UINT64_C(0x0000001100000010));
    gpr_wr(self, 1, UINT64_C(0x0000001300000012));
    gpr_wr(self, 2, UINT64_C(0x000000a1000000a0));
    gpr_wr(self, 3, UINT64_C(0x000000a3000000a2));
    for (unsigned i = 0; i < 4; i++)
        mem_wr(self, DATA + 4u * i, 0x10 + i);
    atomic_gpr(self, DATA, 0x4e, true);
    run_ring(self);
    for (unsigned i = 0; i < 4; i++)
        EXPECT_EQ(mem_rd(self, DATA + 4u * i), 0xa0u + i);
    /* The 16 bytes memory held before went back to GPR0-GPR1. */
    EXPECT_EQ(gpr_rd(self, 0), UINT64_C(0x0000001100000010));
    EXPECT_EQ(gpr_rd(self, 1), UINT64_C(0x0000001300000012));
}

TEST_F(CsSys, AtomicReturnDataGoesToGpr0Gen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 40);
    mem_wr(self, DATA + 8, 0xffffffff);
    mem_wr(self, DATA + 12, 0x1);
    mem_wr(self, DATA + 16, 9);
    gpr_wr(self, 0, UINT64_C(0xffffffff00000002));
    atomic_gpr(self, DATA, 0x07, true); /* add 2: returns 40, zero-extended */
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, gpr_reg(self, 0) }, { "address", 0, DATA + 0x40 });
    EMIT("MI_STORE_REGISTER_MEM", 0, { "reg", 0, gpr_reg(self, 0) + 4u }, { "address", 0, DATA + 0x44 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 42u);
    EXPECT_EQ(mem_rd(self, DATA + 0x40), 40u);
    EXPECT_EQ(mem_rd(self, DATA + 0x44), 0u);

    wr(self, CS_RING_CTL_OFFSET, 0);
    atomic_gpr(self, DATA + 8, 0x25, true); /* inc8b: returns the qword before */
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 0), UINT64_C(0x1ffffffff));
    EXPECT_EQ(mem_rd(self, DATA + 8), 0u);
    EXPECT_EQ(mem_rd(self, DATA + 12), 2u);

    wr(self, CS_RING_CTL_OFFSET, 0);
    atomic_gpr(self, DATA + 16, 0x06, true); /* dec returns the value before */
    run_ring(self);
    EXPECT_EQ(gpr_rd(self, 0), 9u);
    wr(self, CS_RING_CTL_OFFSET, 0);
    atomic_gpr(self, DATA + 16, 0x0f, true); /* predec returns the decremented value */
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA + 16), 7u);
    EXPECT_EQ(gpr_rd(self, 0), 7u);
}

TEST_F(CsSys, AtomicWithoutReturnDataLeavesTheGprsGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 1);
    gpr_wr(self, 0, 3);
    gpr_wr(self, 1, 4);
    atomic_gpr(self, DATA, 0x07, false);
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 4u);
    EXPECT_EQ(gpr_rd(self, 0), 3u);
    EXPECT_EQ(gpr_rd(self, 1), 4u);
}

TEST_F(CsSys, AtomicInlineDataIgnoresTheGprsGen12)
{
    build(self, CS_PROFILE_GEN12);
    mem_wr(self, DATA, 1);
    gpr_wr(self, 0, 100);
    EMIT("MI_ATOMIC", 11, { "op", 0, 0x07 }, { "inline_data", 0, 1 }, { "address", 0, DATA }, { "op1_dw0", 0, 6 },
         { "return_data", 0, 1 });
    run_ring(self);
    EXPECT_EQ(mem_rd(self, DATA), 7u);
    EXPECT_EQ(gpr_rd(self, 0), 1u); /* the value before, returned */
}
