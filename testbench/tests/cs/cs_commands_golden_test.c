/* One test per command and profile: the table encodes named fields into the dwords the sources
 * give (computed by hand here, not by the table: spec 000 bit positions and length biases,
 * i915's MI_INSTR(opcode, flags) values, genxml field positions), and decodes those dwords back
 * to the same name, length and fields. docs/reference/commands.md lists the sources per command. */
#include "tb_test.h"

#include <stdint.h>
#include <string.h>

#include "cs_commands.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* The first engine of the profile that accepts the command. */
static cs_engine accepting_engine(cs_profile profile, const cs_command *command)
{
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (cs_profile_has_engine(profile, (cs_engine)e) && cs_command_accepts(command, (cs_engine)e))
            return (cs_engine)e;
    }
    return CS_ENGINE_COUNT;
}

/* Encodes `settings` (length 0: the default) and compares with `want`; decodes `want` and
 * compares name, length and every field set. */
static void golden(cs_profile profile, const char *name, uint32_t length, const cs_setting *settings, size_t count,
                   const uint32_t *want, size_t want_count)
{
    const cs_command *command = cs_find_command(profile, name);
    ASSERT_NE(command, NULL);
    uint32_t out[64];
    memset(out, 0xa5, sizeof out);
    cs_encode_result result;
    ASSERT_EQ(cs_encode(command, length, settings, count, out, COUNT(out), &result), CS_ENCODE_OK);
    ASSERT_EQ(result.length, want_count);
    for (size_t i = 0; i < want_count; i++) {
        if (out[i] != want[i])
            ADD_FAILURE("%s dword %zu: encoded 0x%08x, want 0x%08x", name, i, out[i], want[i]);
    }

    cs_decoded decoded;
    cs_engine engine = accepting_engine(profile, command);
    ASSERT_LT(engine, CS_ENGINE_COUNT);
    EXPECT_EQ(cs_decode(profile, engine, want, want_count, &decoded), want_count);
    EXPECT_EQ(decoded.command, command);
    EXPECT_EQ(decoded.length, want_count);
    EXPECT_EQ(decoded.available, want_count);
    EXPECT_EQ(decoded.status, 0);
    EXPECT_EQ(cs_command_length(command, want[0]), want_count);
    for (size_t i = 0; i < count; i++) {
        uint64_t value = UINT64_MAX;
        if (!cs_decoded_field(&decoded, settings[i].name, settings[i].instance, &value)) {
            ADD_FAILURE("%s: field %s[%u] not decoded", name, settings[i].name, settings[i].instance);
            continue;
        }
        EXPECT_EQ(value, settings[i].value);
    }
    /* More dwords after it change nothing: the header says how long it is. */
    uint32_t padded[80] = { 0 };
    memcpy(padded, want, want_count * sizeof *want);
    EXPECT_EQ(cs_decode(profile, engine, padded, COUNT(padded), &decoded), want_count);
}

#define GOLDEN(profile, name, length, settings, ...)                                              \
    do {                                                                                          \
        static const uint32_t want_[] = { __VA_ARGS__ };                                          \
        golden(profile, name, length, settings, COUNT(settings), want_, COUNT(want_));            \
    } while (0)
#define GOLDEN_BARE(profile, name, ...)                                                           \
    do {                                                                                          \
        static const uint32_t want_[] = { __VA_ARGS__ };                                          \
        golden(profile, name, 0, NULL, 0, want_, COUNT(want_));                                   \
    } while (0)

#define G6 CS_PROFILE_GEN6
#define G12 CS_PROFILE_GEN12

/* ---- gen6 (spec 000) -------------------------------------------------------------------------- */

TEST(Gen6Commands, MiNoop)
{
    /* spec 000 §1.3.3: opcode 00h, 22-bit id, bit 22 write enable. */
    const cs_setting s[] = { { "nop_id", 0, 0x1234 }, { "nop_id_write", 0, 1 } };
    GOLDEN(G6, "MI_NOOP", 0, s, 0x00401234);
}

TEST(Gen6Commands, MiUserInterrupt)
{
    GOLDEN_BARE(G6, "MI_USER_INTERRUPT", 0x01000000); /* spec 000 §1.3.13: opcode 02h */
}

TEST(Gen6Commands, MiWaitForEvent)
{
    /* spec 000 §1.3.14: bit 1 plane A flip pending, 19:16 condition code select. */
    const cs_setting s[] = { { "plane_a_flip", 0, 1 }, { "cc_wait_select", 0, 3 } };
    GOLDEN(G6, "MI_WAIT_FOR_EVENT", 0, s, 0x01830002);
}

TEST(Gen6Commands, MiFlush)
{
    /* spec 000 §1.3.1: opcode 04h; bit 1 state/instruction cache invalidate, bit 2 inhibit. */
    const cs_setting s[] = { { "state_cache_invalidate", 0, 1 }, { "rc_flush_inhibit", 0, 1 } };
    GOLDEN(G6, "MI_FLUSH", 0, s, 0x02000006);
}

TEST(Gen6Commands, MiArbCheck)
{
    GOLDEN_BARE(G6, "MI_ARB_CHECK", 0x02800000); /* spec 000 §1.2.3: opcode 05h */
}

TEST(Gen6Commands, MiUnprobe)
{
    const cs_setting s[] = { { "slot", 0, 5 } }; /* spec 000 §1.3.4.2: opcode 06h, slot 9:0 */
    GOLDEN(G6, "MI_UNPROBE", 0, s, 0x03000005);
}

TEST(Gen6Commands, MiReportHead)
{
    GOLDEN_BARE(G6, "MI_REPORT_HEAD", 0x03800000); /* spec 000 §1.3.5: opcode 07h */
}

TEST(Gen6Commands, MiBatchBufferEnd)
{
    GOLDEN_BARE(G6, "MI_BATCH_BUFFER_END", 0x05000000); /* spec 000 §1.2.4: opcode 0Ah */
}

TEST(Gen6Commands, MiSuspendFlush)
{
    const cs_setting s[] = { { "suspend", 0, 1 } }; /* spec 000 §1.3.11: opcode 0Bh, bit 0 */
    GOLDEN(G6, "MI_SUSPEND_FLUSH", 0, s, 0x05800001);
}

TEST(Gen6Commands, MiDisplayFlip)
{
    /* i915 MI_DISPLAY_FLIP = MI_INSTR(0x14, 2): four dwords; plane B is 1 << 20; pitch in DW1
     * 15:6, base in DW2 31:12 (spec 000 §1.3). */
    const cs_setting s[] = { { "plane", 0, 1 }, { "pitch", 0, 64 }, { "base", 0, 0x100000 }, { "flip_type", 0, 0 } };
    GOLDEN(G6, "MI_DISPLAY_FLIP", 0, s, 0x0a100002, 0x00001000, 0x00100000, 0);
}

TEST(Gen6Commands, MiDisplayFlipWithoutPanelFitter)
{
    const cs_setting s[] = { { "async", 0, 1 }, { "flip_type", 0, 1 }, { "base", 0, 0x8000 } };
    GOLDEN(G6, "MI_DISPLAY_FLIP", 3, s, 0x0a400001, 0, 0x00008001);
}

TEST(Gen6Commands, MiSemaphoreMbox)
{
    /* i915 MI_SEMAPHORE_MBOX = MI_INSTR(0x16, 1); spec 000 §1.3.6 bits 22 (GGTT), 21 (update). */
    const cs_setting s[] = { { "update", 0, 1 }, { "ggtt", 0, 1 }, { "data", 0, 5 }, { "address", 0, 0x1000 } };
    GOLDEN(G6, "MI_SEMAPHORE_MBOX", 0, s, 0x0b600001, 5, 0x1000);
}

TEST(Gen6Commands, MiSemaphoreMboxCompareRegister)
{
    /* spec 000 §1.3.6: compare (20), compare register (18), register select 17 = BCS (RBSYNC),
     * as i915's MI_SEMAPHORE_SYNC_BR (2 << 16). */
    const cs_setting s[] = { { "compare", 0, 1 }, { "compare_register", 0, 1 }, { "register_select", 0, 1 } };
    GOLDEN(G6, "MI_SEMAPHORE_MBOX", 0, s, 0x0b160001, 0, 0);
}

TEST(Gen6Commands, MiSetContext)
{
    /* spec 000 §1.3.7: DW1 address 31:12, must-be-one 8, restore inhibit 0 (i915 MI_INSTR(0x18, 0),
     * MI_MM_SPACE_GTT, MI_RESTORE_INHIBIT). The address becomes the CCID after the switch. */
    const cs_setting s[] = { { "address", 0, 0x20000 }, { "must_be_one", 0, 1 }, { "restore_inhibit", 0, 1 } };
    GOLDEN(G6, "MI_SET_CONTEXT", 0, s, 0x0c000000, 0x00020101);
}

TEST(Gen6Commands, MiSetContextForceRestore)
{
    const cs_setting s[] = { { "address", 0, 0x7000 }, { "must_be_one", 0, 1 }, { "force_restore", 0, 1 } };
    GOLDEN(G6, "MI_SET_CONTEXT", 0, s, 0x0c000000, 0x00007102);
}

TEST(Gen6Commands, MiStoreDataImmDword)
{
    /* spec 000 §1.3.8: DWord Length 2 for a DWord, bias 2: 4 dwords; DW1 MBZ, DW2 address. */
    const cs_setting s[] = { { "address", 0, 0x1000 }, { "data", 0, 0xcafe } };
    GOLDEN(G6, "MI_STORE_DATA_IMM", 0, s, 0x10000002, 0, 0x1000, 0xcafe);
}

TEST(Gen6Commands, MiStoreDataImmQword)
{
    /* spec 000 §1.3.8: DWord Length 3 for a QWord: 5 dwords. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "address", 0, 0x1000 }, { "data", 0, 0xcafe },
                             { "data_hi", 0, 0xbeef } };
    GOLDEN(G6, "MI_STORE_DATA_IMM", 0, s, 0x10400003, 0, 0x1000, 0xcafe, 0xbeef);
}

TEST(Gen6Commands, MiStoreDataIndex)
{
    /* spec 000 §1.3.9: DWord Length 1 for a DWord (i915 MI_STORE_DWORD_INDEX = MI_INSTR(0x21, 1)),
     * offset 11:2 into the HWSP. */
    const cs_setting s[] = { { "offset", 0, 0x40 }, { "data", 0, 7 } };
    GOLDEN(G6, "MI_STORE_DATA_INDEX", 0, s, 0x10800001, 0x40, 7);
}

TEST(Gen6Commands, MiStoreDataIndexQword)
{
    const cs_setting s[] = { { "pphwsp", 0, 1 }, { "offset", 0, 0x48 }, { "data", 0, 7 }, { "data_hi", 0, 8 } };
    GOLDEN(G6, "MI_STORE_DATA_INDEX", 0, s, 0x10a00002, 0x48, 7, 8);
}

TEST(Gen6Commands, MiLoadRegisterImm)
{
    /* i915 MI_LOAD_REGISTER_IMM(1) = MI_INSTR(0x22, 1). */
    const cs_setting s[] = { { "reg", 0, 0x2080 }, { "data", 0, 0xffff } };
    GOLDEN(G6, "MI_LOAD_REGISTER_IMM", 0, s, 0x11000001, 0x2080, 0xffff);
}

TEST(Gen6Commands, MiLoadRegisterImmPairsAndByteDisables)
{
    /* Several pairs (i915: MI_INSTR(0x22, 2 * n - 1)); byte write disables 11:8 (spec 000 §1.3.2). */
    const cs_setting s[] = { { "byte_disable", 0, 0xf }, { "reg", 0, 0x2080 }, { "data", 0, 1 },
                             { "reg", 1, 0x2084 }, { "data", 1, 2 } };
    GOLDEN(G6, "MI_LOAD_REGISTER_IMM", 0, s, 0x11000f03, 0x2080, 1, 0x2084, 2);
}

TEST(Gen6Commands, MiUpdateGtt)
{
    /* spec 000 §1.3.12: bit 22 must be 1, DW1 entry address 31:12, then one PTE per dword. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "entry_address", 0, 0x3000 }, { "entry", 0, 0x1001 },
                             { "entry", 1, 0x2001 } };
    GOLDEN(G6, "MI_UPDATE_GTT", 0, s, 0x11c00002, 0x3000, 0x1001, 0x2001);
}

TEST(Gen6Commands, MiStoreRegisterMem)
{
    /* i915 MI_STORE_REGISTER_MEM = MI_INSTR(0x24, 1); spec 000 §1.3.10 register 25:2. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "reg", 0, 0x2358 }, { "address", 0, 0x1000 } };
    GOLDEN(G6, "MI_STORE_REGISTER_MEM", 0, s, 0x12400001, 0x2358, 0x1000);
}

TEST(Gen6Commands, MiProbe)
{
    /* spec 000 §1.3.4.1: DWord Length 9:0, bias 2; each probe: page 31:12, slot 9:0. */
    const cs_setting s[] = { { "page", 0, 0x7000 }, { "slot", 0, 3 }, { "page", 1, 0x9000 }, { "slot", 1, 1023 } };
    GOLDEN(G6, "MI_PROBE", 0, s, 0x12800001, 0x7003, 0x93ff);
}

TEST(Gen6Commands, MiFlushDw)
{
    /* i915 MI_FLUSH_DW = MI_INSTR(0x26, 1) "for GEN6": three dwords; notify 8, post-sync store
     * 14, MI_FLUSH_DW_USE_GTT (1 << 2) in the address dword. */
    const cs_setting s[] = { { "notify", 0, 1 }, { "post_sync", 0, 1 }, { "ggtt", 0, 1 }, { "address", 0, 0x100 },
                             { "data", 0, 0 } };
    GOLDEN(G6, "MI_FLUSH_DW", 0, s, 0x13004101, 0x104, 0);
}

TEST(Gen6Commands, MiReportPerfCount)
{
    /* genxml gen7.xml: DW1 GGTT bit 0, address 31:6; DW2 report id. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "address", 0, 0x1000 }, { "report_id", 0, 0x42 } };
    GOLDEN(G6, "MI_REPORT_PERF_COUNT", 0, s, 0x14000001, 0x1001, 0x42);
}

TEST(Gen6Commands, MiBatchBufferStartNonSecure)
{
    /* spec 000 §1.2.5: opcode 31h, length 2 (bias 2); bit 8 = non-secure (i915
     * MI_BATCH_NON_SECURE_I965). */
    const cs_setting s[] = { { "security", 0, 1 }, { "address", 0, 0x40000 } };
    GOLDEN(G6, "MI_BATCH_BUFFER_START", 0, s, 0x18800100, 0x40000);
}

TEST(Gen6Commands, MiBatchBufferStartSecure)
{
    const cs_setting s[] = { { "address", 0, 0x40004 } };
    GOLDEN(G6, "MI_BATCH_BUFFER_START", 0, s, 0x18800000, 0x40004);
}

TEST(Gen6Commands, PipeControl)
{
    /* i915 GFX_OP_PIPE_CONTROL(5); genxml gen6.xml: DW1 CS stall 20, post-sync 15:14, notify 8;
     * DW2 bit 2 GGTT, address 31:3; DW3..4 immediate data. */
    const cs_setting s[] = { { "cs_stall", 0, 1 }, { "post_sync", 0, 1 }, { "notify", 0, 1 },
                             { "ggtt", 0, 1 }, { "address", 0, 0x2000 }, { "data", 0, 1 } };
    GOLDEN(G6, "PIPE_CONTROL", 0, s, 0x7a000003, 0x00104100, 0x2004, 1, 0);
}

TEST(Gen6Commands, PipeControlFourDwords)
{
    /* i915 gen6 emits GFX_OP_PIPE_CONTROL(4) too: the length comes from the header. */
    const cs_setting s[] = { { "post_sync", 0, 3 }, { "address", 0, 0x2008 } };
    GOLDEN(G6, "PIPE_CONTROL", 4, s, 0x7a000002, 0x0000c000, 0x2008, 0);
}

/* ---- gen12 (genxml gen12.xml, i915) ------------------------------------------------------------- */

TEST(Gen12Commands, MiNoop)
{
    const cs_setting s[] = { { "nop_id", 0, 0x1234 }, { "nop_id_write", 0, 1 } };
    GOLDEN(G12, "MI_NOOP", 0, s, 0x00401234);
}

TEST(Gen12Commands, MiUserInterrupt)
{
    GOLDEN_BARE(G12, "MI_USER_INTERRUPT", 0x01000000);
}

TEST(Gen12Commands, MiWaitForEvent)
{
    const cs_setting s[] = { { "plane_1_flip", 0, 1 }, { "plane_1c_vblank", 0, 1 } };
    GOLDEN(G12, "MI_WAIT_FOR_EVENT", 0, s, 0x01a00002);
}

TEST(Gen12Commands, MiArbCheck)
{
    /* i915 gen12 pre-parser control: MI_ARB_CHECK | 1 << 8 | state. */
    const cs_setting s[] = { { "pre_parser_disable", 0, 1 }, { "pre_parser_disable_mask", 0, 1 } };
    GOLDEN(G12, "MI_ARB_CHECK", 0, s, 0x02800101);
}

TEST(Gen12Commands, MiReportHead)
{
    GOLDEN_BARE(G12, "MI_REPORT_HEAD", 0x03800000);
}

TEST(Gen12Commands, MiBatchBufferEnd)
{
    const cs_setting s[] = { { "end_context", 0, 1 } };
    GOLDEN(G12, "MI_BATCH_BUFFER_END", 0, s, 0x05000001);
}

TEST(Gen12Commands, MiSuspendFlush)
{
    const cs_setting s[] = { { "suspend", 0, 1 } };
    GOLDEN(G12, "MI_SUSPEND_FLUSH", 0, s, 0x05800001);
}

TEST(Gen12Commands, MiDisplayFlip)
{
    /* genxml: plane select 13:8, pitch DW1 15:6, base DW2 31:12; three dwords. */
    const cs_setting s[] = { { "plane", 0, 1 }, { "pitch", 0, 64 }, { "base", 0, 0x100000 }, { "flip_type", 0, 1 } };
    GOLDEN(G12, "MI_DISPLAY_FLIP", 0, s, 0x0a000101, 0x1000, 0x100001);
}

TEST(Gen12Commands, MiSetContext)
{
    const cs_setting s[] = { { "address", 0, 0x20000 }, { "must_be_one", 0, 1 }, { "force_restore", 0, 1 } };
    GOLDEN(G12, "MI_SET_CONTEXT", 0, s, 0x0c000000, 0x00020102);
}

TEST(Gen12Commands, MiSemaphoreSignal)
{
    /* i915 MI_SEMAPHORE_SIGNAL = MI_INSTR(0x1b, 0), MI_SEMAPHORE_TARGET(engine) = engine << 15. */
    const cs_setting s[] = { { "target_engine", 0, 2 }, { "post_sync", 0, 1 }, { "target_context", 0, 0x11 } };
    GOLDEN(G12, "MI_SEMAPHORE_SIGNAL", 0, s, 0x0da10000, 0x11);
}

TEST(Gen12Commands, MiSemaphoreWait)
{
    /* i915 emit_preempt_busywait: MI_SEMAPHORE_WAIT | GLOBAL_GTT | POLL | SAD_EQ_SDD. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "wait_mode", 0, 1 }, { "compare", 0, 4 }, { "data", 0, 0 },
                             { "address", 0, 0x1000 } };
    GOLDEN(G12, "MI_SEMAPHORE_WAIT", 0, s, 0x0e40c002, 0, 0x1000, 0);
}

TEST(Gen12Commands, MiSemaphoreWaitFiveDwords)
{
    /* i915 MI_SEMAPHORE_WAIT_TOKEN = MI_INSTR(0x1c, 3): the gen12 five-dword form, as i915's
     * gen12_emit_preempt_busywait writes it; the length comes from the header. */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "wait_mode", 0, 1 }, { "compare", 0, 4 } };
    GOLDEN(G12, "MI_SEMAPHORE_WAIT", 5, s, 0x0e40c003, 0, 0, 0, 0);
}

TEST(Gen12Commands, MiStoreDataImmDword)
{
    /* i915 MI_STORE_DWORD_IMM_GEN4 = MI_INSTR(0x20, 2): 4 dwords; genxml 48-bit address DW1..2. */
    const cs_setting s[] = { { "address", 0, 0x800000001000 }, { "data", 0, 0xcafe } };
    GOLDEN(G12, "MI_STORE_DATA_IMM", 0, s, 0x10000002, 0x1000, 0x8000, 0xcafe);
}

TEST(Gen12Commands, MiStoreDataImmQword)
{
    /* i915 MI_STORE_QWORD_IMM_GEN8 = MI_INSTR(0x20, 3) | BIT(21): 5 dwords. */
    const cs_setting s[] = { { "store_qword", 0, 1 }, { "address", 0, 0x2000 }, { "data", 0, 1 }, { "data_hi", 0, 2 } };
    GOLDEN(G12, "MI_STORE_DATA_IMM", 0, s, 0x10200003, 0x2000, 0, 1, 2);
}

TEST(Gen12Commands, MiStoreDataIndex)
{
    const cs_setting s[] = { { "pphwsp", 0, 1 }, { "offset", 0, 0x40 }, { "data", 0, 7 } };
    GOLDEN(G12, "MI_STORE_DATA_INDEX", 0, s, 0x10a00001, 0x40, 7);
}

TEST(Gen12Commands, MiLoadRegisterImm)
{
    /* genxml: register offset 22:2; Add CS MMIO Start Offset 19 (i915 MI_LRI_LRM_CS_MMIO). */
    const cs_setting s[] = { { "add_cs_mmio", 0, 1 }, { "reg", 0, 0x2080 }, { "data", 0, 1 },
                             { "reg", 1, 0x244 }, { "data", 1, 0x10001 } };
    GOLDEN(G12, "MI_LOAD_REGISTER_IMM", 0, s, 0x11080003, 0x2080, 1, 0x244, 0x10001);
}

TEST(Gen12Commands, MiLoadRegisterMem)
{
    /* i915 MI_LOAD_REGISTER_MEM_GEN8 = MI_INSTR(0x29, 2); MI_SRM_LRM_GLOBAL_GTT (1 << 22). */
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "reg", 0, 0x2358 }, { "address", 0, 0x1000 } };
    GOLDEN(G12, "MI_LOAD_REGISTER_MEM", 0, s, 0x14c00002, 0x2358, 0x1000, 0);
}

TEST(Gen12Commands, MiLoadRegisterReg)
{
    /* i915 MI_LOAD_REGISTER_REG = MI_INSTR(0x2A, 1). */
    const cs_setting s[] = { { "src_reg", 0, 0x2358 }, { "dst_reg", 0, 0x2600 } };
    GOLDEN(G12, "MI_LOAD_REGISTER_REG", 0, s, 0x15000001, 0x2358, 0x2600);
}

TEST(Gen12Commands, MiStoreRegisterMem)
{
    /* i915 MI_STORE_REGISTER_MEM_GEN8 = MI_INSTR(0x24, 2). */
    const cs_setting s[] = { { "reg", 0, 0x2358 }, { "address", 0, 0x1000 } };
    GOLDEN(G12, "MI_STORE_REGISTER_MEM", 0, s, 0x12000002, 0x2358, 0x1000, 0);
}

TEST(Gen12Commands, MiUpdateGtt)
{
    /* GVT: gen8+ length field 9:0. */
    const cs_setting s[] = { { "entry_address", 0, 0x3000 }, { "entry", 0, 5 } };
    GOLDEN(G12, "MI_UPDATE_GTT", 0, s, 0x11800001, 0x3000, 5);
}

TEST(Gen12Commands, MiFlushDw)
{
    /* genxml: five dwords (DWord Length 3), address DW1 bit 3 up, GGTT bit 2, data DW3..4. */
    const cs_setting s[] = { { "notify", 0, 1 }, { "post_sync", 0, 1 }, { "ggtt", 0, 1 }, { "address", 0, 0x100 },
                             { "data", 0, 5 } };
    GOLDEN(G12, "MI_FLUSH_DW", 0, s, 0x13004103, 0x104, 0, 5, 0);
}

TEST(Gen12Commands, MiFlushDwFourDwords)
{
    /* i915 gen8+: (MI_FLUSH_DW + 1), four dwords: header, address low/high, data. */
    const cs_setting s[] = { { "tlb_invalidate", 0, 1 }, { "address", 0, 0x200 } };
    GOLDEN(G12, "MI_FLUSH_DW", 4, s, 0x13040002, 0x200, 0, 0);
}

TEST(Gen12Commands, MiReportPerfCount)
{
    const cs_setting s[] = { { "ggtt", 0, 1 }, { "address", 0, 0x1000 }, { "report_id", 0, 0x42 } };
    GOLDEN(G12, "MI_REPORT_PERF_COUNT", 0, s, 0x14000002, 0x1001, 0, 0x42);
}

TEST(Gen12Commands, MiCopyMemMem)
{
    const cs_setting s[] = { { "ggtt_src", 0, 1 }, { "ggtt_dst", 0, 1 }, { "dst", 0, 0x1000 },
                             { "src", 0, 0x200000002000 } };
    GOLDEN(G12, "MI_COPY_MEM_MEM", 0, s, 0x17600003, 0x1000, 0, 0x2000, 0x2000);
}

TEST(Gen12Commands, MiAtomic)
{
    /* i915 MI_ATOMIC = MI_INSTR(0x2f, 1); opcode 15:8 (INC = 5), CS stall 17, GGTT 22. */
    const cs_setting s[] = { { "op", 0, 5 }, { "cs_stall", 0, 1 }, { "ggtt", 0, 1 }, { "address", 0, 0x1000 } };
    GOLDEN(G12, "MI_ATOMIC", 0, s, 0x17c20501, 0x1000, 0);
}

TEST(Gen12Commands, MiAtomicInline)
{
    /* i915 MI_ATOMIC_INLINE = MI_INSTR(0x2f, 9) | MI_ATOMIC_INLINE_DATA, MI_ATOMIC_MOVE = 4 << 8. */
    const cs_setting s[] = { { "op", 0, 4 }, { "inline_data", 0, 1 }, { "address", 0, 0x40 }, { "op1_dw0", 0, 0x77 } };
    GOLDEN(G12, "MI_ATOMIC", 11, s, 0x17840409, 0x40, 0, 0x77, 0, 0, 0, 0, 0, 0, 0);
}

TEST(Gen12Commands, MiBatchBufferStartSecondLevelPpgtt)
{
    /* i915 MI_BATCH_BUFFER_START_GEN8 = MI_INSTR(0x31, 1); bit 8 PPGTT (non-secure); genxml
     * second level 22; 64-bit address DW1..2. */
    const cs_setting s[] = { { "address_space", 0, 1 }, { "second_level", 0, 1 }, { "address", 0, 0x100001000 } };
    GOLDEN(G12, "MI_BATCH_BUFFER_START", 0, s, 0x18c00101, 0x1000, 1);
}

TEST(Gen12Commands, MiBatchBufferStartSecure)
{
    const cs_setting s[] = { { "address", 0, 0x40000 } };
    GOLDEN(G12, "MI_BATCH_BUFFER_START", 0, s, 0x18800001, 0x40000, 0);
}

TEST(Gen12Commands, MiConditionalBatchBufferEnd)
{
    /* MI_INSTR(0x36, 2), i915 MI_DO_COMPARE (bit 21); compare address from DW2 bit 3. */
    const cs_setting s[] = { { "compare_semaphore", 0, 1 }, { "ggtt", 0, 1 }, { "compare_data", 0, 0x10 },
                             { "compare_address", 0, 0x1008 } };
    GOLDEN(G12, "MI_CONDITIONAL_BATCH_BUFFER_END", 0, s, 0x1b600002, 0x10, 0x1008, 0);
}

TEST(Gen12Commands, GpgpuWalker)
{
    /* i915 GPGPU_WALKER = 3/2/1/5; genxml 15 dwords: SIMD size DW4 31:30, dimensions DW7, 10, 12. */
    const cs_setting s[] = { { "simd", 0, 1 }, { "tg_dim_x", 0, 2 }, { "tg_dim_y", 0, 1 }, { "tg_dim_z", 0, 1 },
                             { "right_mask", 0, 0xffff }, { "bottom_mask", 0, 0xffffffff } };
    GOLDEN(G12, "GPGPU_WALKER", 0, s, 0x7105000d, 0, 0, 0, 0x40000000, 0, 0, 2, 0, 0, 1, 0, 1, 0xffff, 0xffffffff);
}

TEST(Gen12Commands, ComputeWalker)
{
    /* genxml gen125.xml: 39 dwords, CFE sub-opcode 2 in 23:18; SIMD size DW4 31:30, execution
     * mask DW5, thread group dimensions DW7..9. */
    const cs_setting s[] = { { "simd", 0, 2 }, { "exec_mask", 0, 0xffffffff }, { "tg_dim_x", 0, 8 },
                             { "tg_dim_y", 0, 1 }, { "tg_dim_z", 0, 1 } };
    static const uint32_t want[39] = { [0] = 0x72080025, [4] = 0x80000000, [5] = 0xffffffff,
                                       [7] = 8, [8] = 1, [9] = 1 };
    golden(G12, "COMPUTE_WALKER", 0, s, COUNT(s), want, COUNT(want));
}

TEST(Gen12Commands, PipeControl)
{
    /* i915 GFX_OP_PIPE_CONTROL(6); PIPE_CONTROL_GLOBAL_GTT_IVB (1 << 24), CS stall 20, QW write
     * (1 << 14), notify 8; genxml address DW2..3, data DW4..5. */
    const cs_setting s[] = { { "cs_stall", 0, 1 }, { "post_sync", 0, 1 }, { "notify", 0, 1 },
                             { "ggtt", 0, 1 }, { "address", 0, 0x2000 }, { "data", 0, 1 } };
    GOLDEN(G12, "PIPE_CONTROL", 0, s, 0x7a000004, 0x01104100, 0x2000, 0, 1, 0);
}

TEST(Gen12Commands, PipeControlTimestamp)
{
    /* i915 PIPE_CONTROL_WRITE_TIMESTAMP (3 << 14). */
    const cs_setting s[] = { { "post_sync", 0, 3 }, { "cs_stall", 0, 1 }, { "address", 0, 0x3000 } };
    GOLDEN(G12, "PIPE_CONTROL", 0, s, 0x7a000004, 0x0010c000, 0x3000, 0, 0, 0);
}
