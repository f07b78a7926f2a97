/* A command executed by its kind (docs/reference/cs.md): the table of commands the engine executes, the
 * dispatch over their kinds, and the MI commands that are not another file's concern: register
 * loads and stores, data stores, post-sync operations, MI_WAIT_FOR_EVENT, MI_ATOMIC,
 * MI_PREDICATE, MI_SET_PREDICATE, MI_MATH and MI_STORE_DATA_INDEX's status page. */
#include <string.h>

#include "cs_engine_internal.h"

/* spec 000 §1.3.9 bit 21: the gen6 per-process status page lies 28 KiB from the context's LRCA. */
#define CS_GEN6_PPHWSP_OFFSET (28u * 1024u)

/* Post-sync operations of PIPE_CONTROL and MI_FLUSH_DW (genxml; the tables' enum values). */
#define POST_SYNC_WRITE_IMM 1u
#define POST_SYNC_WRITE_PS_DEPTH 2u
#define POST_SYNC_WRITE_TIMESTAMP 3u

typedef struct exec_name {
    const char *name; /* mnemonic in the profile tables */
    exec_kind kind;   /* what the engine does with it */
} exec_name;

static const exec_name executed[] = {
    { "MI_NOOP", EXEC_NOOP },
    { "MI_USER_INTERRUPT", EXEC_USER_INTERRUPT },
    { "MI_WAIT_FOR_EVENT", EXEC_WAIT_FOR_EVENT },
    { "MI_ARB_CHECK", EXEC_ARB_CHECK },
    { "MI_ARB_ON_OFF", EXEC_ARB_ON_OFF },
    { "MI_REPORT_HEAD", EXEC_REPORT_HEAD },
    { "MI_BATCH_BUFFER_START", EXEC_BB_START },
    { "MI_BATCH_BUFFER_END", EXEC_BB_END },
    { "MI_STORE_DATA_IMM", EXEC_STORE_DATA_IMM },
    { "MI_STORE_DATA_INDEX", EXEC_STORE_DATA_INDEX },
    { "MI_LOAD_REGISTER_IMM", EXEC_LOAD_REGISTER_IMM },
    { "MI_STORE_REGISTER_MEM", EXEC_STORE_REGISTER_MEM },
    { "MI_LOAD_REGISTER_MEM", EXEC_LOAD_REGISTER_MEM },
    { "MI_LOAD_REGISTER_REG", EXEC_LOAD_REGISTER_REG },
    { "MI_COPY_MEM_MEM", EXEC_COPY_MEM_MEM },
    { "MI_FLUSH", EXEC_FLUSH },
    { "PIPE_CONTROL", EXEC_POST_SYNC },
    { "MI_FLUSH_DW", EXEC_POST_SYNC },
    { "MI_DISPLAY_FLIP", EXEC_RECORD },
    { "MI_PROBE", EXEC_RECORD },
    { "MI_UNPROBE", EXEC_RECORD },
    { "MI_UPDATE_GTT", EXEC_RECORD },
    { "GPGPU_WALKER", EXEC_WALKER },
    { "COMPUTE_WALKER", EXEC_WALKER },
    { "MI_REPORT_PERF_COUNT", EXEC_WALKER },
    { "MI_ATOMIC", EXEC_ATOMIC },
    { "MI_CONDITIONAL_BATCH_BUFFER_END", EXEC_COND_BB_END },
    { "MI_SEMAPHORE_MBOX", EXEC_SEMAPHORE_MBOX },
    { "MI_SEMAPHORE_WAIT", EXEC_SEMAPHORE_WAIT },
    { "MI_SEMAPHORE_SIGNAL", EXEC_SEMAPHORE_SIGNAL },
    { "MI_SET_CONTEXT", EXEC_SET_CONTEXT },
    { "MI_SUSPEND_FLUSH", EXEC_SUSPEND_FLUSH },
    { "MI_MATH", EXEC_MATH },
    { "MI_PREDICATE", EXEC_PREDICATE },
    { "MI_SET_PREDICATE", EXEC_SET_PREDICATE },
    { "3DPRIMITIVE", EXEC_PRIMITIVE },
    /* Recorded: the resource streamer,
     * display scan lines, power wells, URB and CPU caches are not modelled (docs/reference/cs.md
     * "MI commands recorded, not executed"). */
    { "MI_WAIT_FOR_EVENT_2", EXEC_RECORD },
    { "MI_RS_CONTROL", EXEC_RECORD },
    { "MI_RS_CONTEXT", EXEC_RECORD },
    { "MI_RS_STORE_DATA_IMM", EXEC_RECORD },
    { "MI_TOPOLOGY_FILTER", EXEC_RECORD },
    { "MI_SET_APPID", EXEC_RECORD },
    { "MI_LOAD_SCAN_LINES_INCL", EXEC_RECORD },
    { "MI_LOAD_SCAN_LINES_EXCL", EXEC_RECORD },
    { "MI_FORCE_WAKEUP", EXEC_RECORD },
    { "MI_URB_CLEAR", EXEC_RECORD },
    { "MI_CLFLUSH", EXEC_RECORD },
};

/* How the engine treats the command named `name`: its entry in executed[], EXEC_NOT_MODELLED
 * when it has none. */
exec_kind cs_exec_kind_of(const char *name)
{
    exec_kind kind = EXEC_NOT_MODELLED;
    for (size_t k = 0; k < sizeof executed / sizeof executed[0]; k++)
        if (strcmp(name, executed[k].name) == 0)
            kind = executed[k].kind;
    return kind;
}

/* MI_SET_PREDICATE "PREDICATE ENABLE" values (genxml gen12.xml). */
enum {
    SET_PREDICATE_NEVER = 0,
    SET_PREDICATE_RESULT2_CLEAR = 1,
    SET_PREDICATE_RESULT2_SET = 2,
    SET_PREDICATE_RESULT_CLEAR = 3,
    SET_PREDICATE_RESULT_SET = 4,
    SET_PREDICATE_ALWAYS = 15
};

/* MI_PREDICATE operations (genxml gen12.xml PREDICATE LOAD/COMBINE/COMPARE). */
enum { PREDICATE_LOAD_KEEP = 0, PREDICATE_LOAD_LOAD = 2, PREDICATE_LOAD_LOADINV = 3 };
enum { PREDICATE_COMBINE_SET = 0, PREDICATE_COMBINE_AND, PREDICATE_COMBINE_OR, PREDICATE_COMBINE_XOR };
enum { PREDICATE_COMPARE_TRUE = 0, PREDICATE_COMPARE_FALSE, PREDICATE_COMPARE_SRCS_EQUAL, PREDICATE_COMPARE_DELTAS_EQUAL };

/* "Add CS MMIO Start Offset" (genxml; i915 MI_LRI_LRM_CS_MMIO): the engine adds its base to
 * the register offset's low bits, those of a 4 KiB window (every engine base is 4 KiB aligned),
 * so an absolute offset with the flag set still reaches the register (docs/reference/cs.md). */
#define CS_MMIO_REMAP_MASK 0xfffu

/* The CS general purpose registers (gen12): GPR n is the register pair at CS_GPR0_INDEX + 2n. */
#define GPR_COUNT 16u
_Static_assert(CS_GPR15_UDW_INDEX == CS_GPR0_INDEX + 2u * GPR_COUNT - 1u, "GPR indexes must be consecutive");

static uint64_t gpr(cs_engine_model *model, unsigned n)
{
    return *cs_reg(model, CS_GPR0_INDEX + 2u * n) | (uint64_t)*cs_reg(model, CS_GPR0_INDEX + 2u * n + 1u) << 32;
}

static void set_gpr(cs_engine_model *model, unsigned n, uint64_t value)
{
    *cs_reg(model, CS_GPR0_INDEX + 2u * n) = (uint32_t)value;
    *cs_reg(model, CS_GPR0_INDEX + 2u * n + 1u) = (uint32_t)(value >> 32);
}

/* ---- command execution ------------------------------------------------------------------ */

/* A register operand. With the command's add-CS-MMIO flag set (gen12; genxml "Add CS MMIO
 * Start Offset", i915 MI_LRI_LRM_CS_MMIO) the engine's base is added, so one command names
 * "this engine's register" on any engine. */
static uint32_t register_operand(cs_engine_model *model, const cs_decoded *decoded, const char *name,
                                 uint32_t instance, const char *add_flag)
{
    uint32_t offset = (uint32_t)cs_get(decoded, name, instance);
    if (cs_get(decoded, add_flag, 0))
        offset = (uint32_t)model->config.mmio_base + (offset & CS_MMIO_REMAP_MASK);
    return offset;
}

static void load_register_imm(cs_engine_model *model, const cs_decoded *decoded)
{
    /* spec 000 §1.3.2 Byte Write Disables "has only 2 options": 1111b, no write; any other
     * value, the register is fully written (every pair of the command). */
    if (cs_get(decoded, "byte_disable", 0) == 0xfu)
        return;
    uint32_t byte_disable = 0;
    uint32_t pairs = decoded->command->group_size ? (decoded->length - decoded->command->group_start) /
                                                        decoded->command->group_size
                                                  : 0;
    for (uint32_t i = 0; i < pairs; i++) {
        uint32_t value = (uint32_t)cs_get(decoded, "data", i);
        cs_register_access(model, TLM_CMD_WRITE, register_operand(model, decoded, "reg", i, "add_cs_mmio"), &value,
                           byte_disable);
    }
}

static void store_register_mem(cs_engine_model *model, const cs_decoded *decoded)
{
    /* genxml gen12 "Predicate Enable": stored only while MI_PREDICATE_RESULT is set. */
    if (cs_get(decoded, "predicate", 0) && !(*cs_reg(model, CS_MI_PREDICATE_RESULT_INDEX) & 1u)) {
        model->stats.predicated++;
        return;
    }
    uint32_t value = 0;
    if (!cs_register_access(model, TLM_CMD_READ, register_operand(model, decoded, "reg", 0, "add_cs_mmio"), &value,
                            0))
        value = 0;
    cs_store(model, cs_get(decoded, "address", 0), value, 4);
}

/* genxml gen12 MI_LOAD_REGISTER_MEM: the dword at `address` into the register. The loop
 * variable and async flags have no effect here (no loop counter; every access completes in
 * order). */
static void load_register_mem(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t value = 0;
    if (cs_load(model, cs_get(decoded, "address", 0), &value))
        cs_register_access(model, TLM_CMD_WRITE, register_operand(model, decoded, "reg", 0, "add_cs_mmio"), &value,
                           0);
}

/* genxml gen12 MI_LOAD_REGISTER_REG: source register into destination register. */
static void load_register_reg(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t value = 0;
    if (cs_register_access(model, TLM_CMD_READ, register_operand(model, decoded, "src_reg", 0, "add_cs_mmio_src"),
                           &value, 0))
        cs_register_access(model, TLM_CMD_WRITE, register_operand(model, decoded, "dst_reg", 0, "add_cs_mmio_dst"),
                           &value, 0);
}

/* genxml gen12 MI_COPY_MEM_MEM: one dword from `src` to `dst`. */
static void copy_mem_mem(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t value = 0;
    if (cs_load(model, cs_get(decoded, "src", 0), &value))
        cs_store(model, cs_get(decoded, "dst", 0), value, 4);
}

/* PIPE_CONTROL and MI_FLUSH_DW (genxml; spec 000 §1.1.7 bit 4): nothing to flush or stall on in
 * this model, so the post-sync operation happens at once: an immediate write (dword or qword
 * per the length), the 36-bit TIMESTAMP (qword), or PS_DEPTH_COUNT (qword 0: no pixels are
 * rendered here); with store_index the address is an offset into the status page. The notify
 * interrupt follows the write ("The Store QW associated with a fence is completed ahead of the
 * interrupt"). */
static void post_sync(cs_engine_model *model, const cs_decoded *decoded)
{
    if (cs_hot(model, decoded, CS_HF_LRI_POST_SYNC)) {
        /* gen12 genxml "LRI Post Sync Operation": Immediate Data goes to the register at
         * Address. spec 002 (User Mode Privileged Commands, PIPE_CONTROL): "LRI Post-Sync
         * Operation is NOOP" in a non-privileged batch, flagged as a privilege error. */
        if (model->level > 0 && !model->batch_secure[model->level]) {
            tlm_log_warning(model->log, "PIPE_CONTROL LRI post-sync in a non-secure batch: dropped");
            cs_raise_error(model, ERR_COMMAND_PRIVILEGE);
        } else {
            uint32_t value = (uint32_t)cs_hot(model, decoded, CS_HF_DATA);
            cs_register_access(model, TLM_CMD_WRITE, (uint32_t)cs_hot(model, decoded, CS_HF_ADDRESS), &value, 0);
        }
        if (cs_hot(model, decoded, CS_HF_NOTIFY)) {
            cs_send_event(model, ISR_NOTIFY);
            cs_isr_changed(model, ISR_NOTIFY);
        }
        return;
    }
    uint64_t operation = cs_hot(model, decoded, CS_HF_POST_SYNC);
    uint64_t address = cs_hot(model, decoded, CS_HF_ADDRESS);
    if (cs_hot(model, decoded, CS_HF_STORE_INDEX))
        address += cs_hwsp_address(model);
    if (operation == POST_SYNC_WRITE_IMM)
        cs_store_data(model, decoded, address);
    else if (operation == POST_SYNC_WRITE_TIMESTAMP)
        cs_store(model, address, cs_timestamp(model), 8);
    else if (operation == POST_SYNC_WRITE_PS_DEPTH)
        cs_store(model, address, 0, 8);
    if (cs_hot(model, decoded, CS_HF_NOTIFY)) {
        cs_send_event(model, ISR_NOTIFY);
        cs_isr_changed(model, ISR_NOTIFY);
    }
}

/* MI_WAIT_FOR_EVENT: an event select set. spec 000 §1.3.14: the parser halts "until the event
 * occurs or while a specific condition exists", and "if a specified condition does not exist
 * ... the parser proceeds, treating this command as a no-operation". The flip-pending and
 * scan-line-window selects are conditions, which never exist in this GT (it has no display):
 * they are no-ops. The vertical and horizontal blank selects are events: the ring waits for
 * them, which here only software ends (RB_WAIT, spec 000 §1.1.5.4). gen6's condition-code
 * select is not a display event (choice, docs/reference/cs.md). */
static bool waits_for_event(const cs_decoded *decoded)
{
    cs_field_iter iter;
    cs_field_value value;
    cs_field_iter_init(&iter, decoded);
    while (cs_field_iter_next(&iter, &value))
        if (value.raw != 0 && (strstr(value.field->name, "vblank") || strstr(value.field->name, "hblank")))
            return true;
    return false;
}

/* ---- MI_ATOMIC (gen12) ------------------------------------------------------------------- */

/* MI_ATOMIC opcodes (genxml gen12.xml ATOMIC_OPCODE; docs/facts.md): 01h..0Fh on a dword,
 * 21h..2Fh the same operations on a qword, 4Eh a 16-byte compare-and-write. */
#define ATOMIC_QWORD_FLAG 0x20u
#define ATOMIC_CMP_WR16B 0x4eu
enum {
    ATOMIC_AND = 0x01,
    ATOMIC_OR,
    ATOMIC_XOR,
    ATOMIC_MOVE,
    ATOMIC_INC,
    ATOMIC_DEC,
    ATOMIC_ADD,
    ATOMIC_SUB,
    ATOMIC_RSUB,
    ATOMIC_IMAX,
    ATOMIC_IMIN,
    ATOMIC_UMAX,
    ATOMIC_UMIN,
    ATOMIC_CMP_WR,
    ATOMIC_PREDEC
};
/* data_size values (genxml gen12.xml): dword, qword, octword. */
#define ATOMIC_SIZE_DWORD 0u
#define ATOMIC_SIZE_QWORD 1u
#define ATOMIC_SIZE_OCTWORD 2u

/* Sign-extends the low `bits` bits. */
static int64_t sign_extend(uint64_t value, unsigned bits)
{
    uint64_t sign = UINT64_C(1) << (bits - 1u);
    uint64_t mask = bits == 64u ? UINT64_MAX : (UINT64_C(1) << bits) - 1u;
    value &= mask;
    return (int64_t)((value ^ sign) - sign);
}

/* The new memory value of a dword/qword operation; false for an opcode genxml does not list. */
static bool atomic_result(unsigned op, unsigned bits, uint64_t old, uint64_t op1, uint64_t op2, uint64_t *out)
{
    switch (op) {
    case ATOMIC_AND: *out = old & op1; break;
    case ATOMIC_OR: *out = old | op1; break;
    case ATOMIC_XOR: *out = old ^ op1; break;
    case ATOMIC_MOVE: *out = op1; break;
    case ATOMIC_INC: *out = old + 1u; break;
    case ATOMIC_DEC: *out = old - 1u; break;
    case ATOMIC_PREDEC: *out = old - 1u; break; /* the memory effect of DEC; it differs in the returned value */
    case ATOMIC_ADD: *out = old + op1; break;
    case ATOMIC_SUB: *out = old - op1; break;
    case ATOMIC_RSUB: *out = op1 - old; break;
    case ATOMIC_IMAX: *out = sign_extend(old, bits) >= sign_extend(op1, bits) ? old : op1; break;
    case ATOMIC_IMIN: *out = sign_extend(old, bits) <= sign_extend(op1, bits) ? old : op1; break;
    case ATOMIC_UMAX: *out = old >= op1 ? old : op1; break;
    case ATOMIC_UMIN: *out = old <= op1 ? old : op1; break;
    case ATOMIC_CMP_WR: *out = old == op1 ? op2 : old; break;
    default: return false;
    }
    return true;
}

/* MI_ATOMIC's register operands and returned data (docs/reference/cs.md "gen12 MI_ATOMIC", a **choice**:
 * no public source gives the assignment). Operand 1 is GPR0 and operand 2 GPR1 (a dword
 * operation uses their low dwords); the 16-byte compare-write takes operand 1 from GPR0-GPR1
 * and operand 2 from GPR2-GPR3 (each GPR's low dword first). Return data goes to GPR0 (a dword
 * zero-extended), or GPR0-GPR1 for 16 bytes. */
static void atomic_gpr_operands(cs_engine_model *model, uint32_t op1[4], uint32_t op2[4], bool octword)
{
    for (unsigned i = 0; i < 2; i++) {
        uint64_t a = gpr(model, octword ? i : 0u);
        uint64_t b = gpr(model, octword ? 2u + i : 1u);
        op1[2u * i] = (uint32_t)a;
        op1[2u * i + 1u] = (uint32_t)(a >> 32);
        op2[2u * i] = (uint32_t)b;
        op2[2u * i + 1u] = (uint32_t)(b >> 32);
    }
}

/* genxml gen12.xml MI_ATOMIC: a read-modify-write of the dword, qword or 16 bytes at `address`.
 * Operands are the inline ones (DW3..10, op1/op2 interleaved) with `inline_data`, otherwise the
 * CS GPRs; `return_data` puts the value memory held before the operation into the GPRs (for
 * PREDEC the decremented value: what sets it apart from DEC). `post_sync` and `cs_stall` need
 * nothing: every access here completes before the next command. */
static void atomic(cs_engine_model *model, const cs_decoded *decoded)
{
    unsigned op = (unsigned)cs_get(decoded, "op", 0);
    uint64_t address = cs_get(decoded, "address", 0);
    bool inline_data = cs_get(decoded, "inline_data", 0) != 0;
    bool return_data = cs_get(decoded, "return_data", 0) != 0;
    uint64_t size = cs_get(decoded, "data_size", 0);
    unsigned expected = op == ATOMIC_CMP_WR16B ? ATOMIC_SIZE_OCTWORD
                        : (op & ATOMIC_QWORD_FLAG) ? ATOMIC_SIZE_QWORD : ATOMIC_SIZE_DWORD;
    if (size != expected)
        tlm_log_warning(model->log, "MI_ATOMIC op 0x%x with data_size %llu: the opcode's size is used", op,
                        (unsigned long long)size);
    uint32_t op1[4] = { 0 };
    uint32_t op2[4] = { 0 };
    if (!inline_data)
        atomic_gpr_operands(model, op1, op2, op == ATOMIC_CMP_WR16B);
    if (inline_data) {
        static const char *const names1[4] = { "op1_dw0", "op1_dw1", "op1_dw2", "op1_dw3" };
        static const char *const names2[4] = { "op2_dw0", "op2_dw1", "op2_dw2", "op2_dw3" };
        for (unsigned i = 0; i < 4; i++) {
            op1[i] = (uint32_t)cs_get(decoded, names1[i], 0);
            op2[i] = (uint32_t)cs_get(decoded, names2[i], 0);
        }
    }
    if (op == ATOMIC_CMP_WR16B) {
        uint32_t old[4];
        for (unsigned i = 0; i < 4; i++)
            if (!cs_load(model, address + 4u * i, &old[i]))
                return;
        if (memcmp(old, op1, sizeof old) == 0)
            for (unsigned i = 0; i < 4; i++)
                cs_store(model, address + 4u * i, op2[i], 4);
        if (return_data) {
            set_gpr(model, 0, old[0] | (uint64_t)old[1] << 32);
            set_gpr(model, 1, old[2] | (uint64_t)old[3] << 32);
        }
        return;
    }
    bool qword = (op & ATOMIC_QWORD_FLAG) != 0;
    unsigned bits = qword ? 64u : 32u;
    uint64_t new_value = 0;
    uint64_t a = op1[0] | (qword ? (uint64_t)op1[1] << 32 : 0);
    uint64_t b = op2[0] | (qword ? (uint64_t)op2[1] << 32 : 0);
    uint32_t lo = 0;
    uint32_t hi = 0;
    if (!atomic_result(op & ~ATOMIC_QWORD_FLAG, bits, 0, a, b, &new_value)) {
        tlm_log_error(model->log, "MI_ATOMIC opcode 0x%x not defined: no memory access", op);
        return;
    }
    if (!cs_load(model, address, &lo) || (qword && !cs_load(model, address + 4u, &hi)))
        return;
    uint64_t old = lo | (uint64_t)hi << 32;
    atomic_result(op & ~ATOMIC_QWORD_FLAG, bits, old, a, b, &new_value);
    if (!qword)
        new_value = (uint32_t)new_value;
    cs_store(model, address, new_value, qword ? 8u : 4u);
    if (return_data)
        set_gpr(model, 0, (op & ~ATOMIC_QWORD_FLAG) == ATOMIC_PREDEC ? new_value : old);
}

/* ---- predication and MI_MATH ------------------------------------------------------------- */

bool cs_predicate_result(cs_engine_model *model)
{
    return (*cs_reg(model, CS_MI_PREDICATE_RESULT_INDEX) & 1u) != 0;
}

static uint64_t reg64(cs_engine_model *model, uint32_t index)
{
    return *cs_reg(model, index) | (uint64_t)*cs_reg(model, index + 1u) << 32;
}

/* MI_PREDICATE (genxml gen12.xml; registers spec 000 §1.1.10): compare SRC0 and SRC1, load the
 * result (or its inverse) and combine it with MI_PREDICATE_RESULT. SRCS_EQUAL also leaves
 * SRC0 - SRC1 in MI_PREDICATE_DATA; DELTAS_EQUAL compares that difference with the DATA left
 * by the previous compare (choice, docs/reference/cs.md "Predication"). */
static void predicate(cs_engine_model *model, const cs_decoded *decoded)
{
    uint64_t delta = reg64(model, CS_MI_PREDICATE_SRC0_INDEX) - reg64(model, CS_MI_PREDICATE_SRC1_INDEX);
    bool compare = false;
    switch (cs_get(decoded, "compare", 0)) {
    case PREDICATE_COMPARE_TRUE: compare = true; break;
    case PREDICATE_COMPARE_FALSE: compare = false; break;
    case PREDICATE_COMPARE_SRCS_EQUAL: compare = delta == 0; break;
    case PREDICATE_COMPARE_DELTAS_EQUAL: compare = delta == reg64(model, CS_MI_PREDICATE_DATA_INDEX); break;
    }
    *cs_reg(model, CS_MI_PREDICATE_DATA_INDEX) = (uint32_t)delta;
    *cs_reg(model, CS_MI_PREDICATE_DATA_UDW_INDEX) = (uint32_t)(delta >> 32);
    bool old = cs_predicate_result(model);
    bool current = old;
    uint64_t load = cs_get(decoded, "load", 0);
    if (load == PREDICATE_LOAD_LOAD)
        current = compare;
    else if (load == PREDICATE_LOAD_LOADINV)
        current = !compare;
    bool result = current;
    switch (cs_get(decoded, "combine", 0)) {
    case PREDICATE_COMBINE_AND: result = old && current; break;
    case PREDICATE_COMBINE_OR: result = old || current; break;
    case PREDICATE_COMBINE_XOR: result = old != current; break;
    default: break;
    }
    *cs_reg(model, CS_MI_PREDICATE_RESULT_INDEX) = result ? 1u : 0u;
}

/* MI_SET_PREDICATE (gen12): the commands its condition never turns into NOOPs. i915 relies on
 * MI_SET_PREDICATE running to turn predication off, on an MI_BATCH_BUFFER_END without its
 * predicate bit (15) ending the batch (intel_lrc.c setup_predicate_disable_wa) and on an
 * MI_BATCH_BUFFER_START without bit 15 reaching that fix-up ("Fixup stray MI_SET_PREDICATE as it
 * prevents us executing the ring", gen8_engine_cs.c xehp_emit_bb_start); the same sequence says
 * an MI_STORE_DWORD_IMM "will be noop'ed" while predication is active and a batch end with bit
 * 15 is "predicated": every other command is. */
bool cs_set_predicate_exempt(exec_kind kind, const cs_decoded *decoded)
{
    if (kind == EXEC_SET_PREDICATE)
        return true;
    if (kind == EXEC_BB_END)
        return !cs_get(decoded, "predicate", 0);
    if (kind == EXEC_BB_START)
        return !cs_get(decoded, "predication", 0);
    return false;
}

/* MI_SET_PREDICATE (gen12): whether its condition holds now (the command is dropped as a NOOP). */
bool cs_set_predicate_drops(cs_engine_model *model)
{
    bool result2 = (*cs_reg(model, CS_PREDICATE_RESULT_2_INDEX) & 1u) != 0;
    switch (model->set_predicate) {
    case SET_PREDICATE_RESULT2_CLEAR: return !result2;
    case SET_PREDICATE_RESULT2_SET: return result2;
    case SET_PREDICATE_RESULT_CLEAR: return !cs_predicate_result(model);
    case SET_PREDICATE_RESULT_SET: return cs_predicate_result(model);
    case SET_PREDICATE_ALWAYS: return true;
    default: return false;
    }
}

/* MI_MATH: the ALU instructions over the engine's GPRs (cs_math.c). */
static void math(cs_engine_model *model, const cs_decoded *decoded)
{
    uint64_t gprs[CS_MATH_GPRS];
    for (unsigned i = 0; i < CS_MATH_GPRS; i++)
        gprs[i] = gpr(model, i);
    size_t invalid = cs_math_run(gprs, decoded->dwords + 1, decoded->available - 1u, &model->alu);
    if (invalid)
        tlm_log_warning(model->log, "MI_MATH: %zu ALU instruction(s) with an unknown opcode or operand skipped",
                        invalid);
    for (unsigned i = 0; i < CS_MATH_GPRS; i++)
        set_gpr(model, i, gprs[i]);
}

/* spec 000 §1.3.9 bit 21 "Use Per-Process Hardware Status Page": set, MI_STORE_DATA_INDEX
 * indexes the per-process status page, on gen6 at 28 KiB from the context's LRCA (CCID); the
 * bit "will be ignored and treated as set" in a non-secure batch. gen8+ keeps the per-process
 * page in page 0 of the logical context (spec 004 "per-process HWSP"; i915 LRC_PPHWSP_PN) and
 * treats a clear bit in a user batch as a privileged command (spec 002), dropped before here.
 * Without a context loaded there is no per-process page: the global one is used and logged
 * (**choice**). */
static uint64_t status_page_for_index(cs_engine_model *model, const cs_decoded *decoded)
{
    bool user_batch = model->level > 0 && !model->batch_secure[model->level];
    bool per_process = cs_get(decoded, "pphwsp", 0) != 0 ||
                       (model->config.profile == CS_PROFILE_GEN6 && user_batch);
    if (!per_process)
        return cs_hwsp_address(model);
    if (model->config.profile == CS_PROFILE_GEN6) {
        uint32_t ccid = *cs_reg(model, CS_CCID_INDEX);
        if (ccid & CS_CCID_VALID_MASK)
            return (uint64_t)(ccid & CS_CCID_LRCA_MASK) + CS_GEN6_PPHWSP_OFFSET;
    } else {
        uint64_t lrca = 0;
        if (cs_execlist_context_lrca(model->execlist, &lrca))
            return lrca;
    }
    tlm_log_warning(model->log, "MI_STORE_DATA_INDEX to the per-process status page with no context loaded: "
                                "the global status page is used");
    return cs_hwsp_address(model);
}

/* ---- dispatch by command kind ------------------------------------------------------------ */

void cs_execute(cs_engine_model *model, exec_kind kind, const cs_decoded *decoded)
{
    switch (kind) {
    case EXEC_NOOP:
        /* spec 000 §1.3.3: bit 22 writes the identification number into NOPID. */
        if (cs_hot(model, decoded, CS_HF_NOP_ID_WRITE))
            *cs_reg(model, CS_NOPID_INDEX) = (uint32_t)cs_hot(model, decoded, CS_HF_NOP_ID) & CS_NOPID_NOP_ID_MASK;
        break;
    case EXEC_USER_INTERRUPT:
        cs_user_interrupt(model);
        break;
    case EXEC_WAIT_FOR_EVENT:
        /* spec 000 §1.1.5.4 RB Wait: the ring waits until software writes 1 to RB_WAIT; this
         * system has no display, so no event ends it otherwise. */
        if (waits_for_event(decoded)) {
            *cs_reg(model, CS_RING_CTL_INDEX) |= CS_RING_CTL_RB_WAIT_MASK;
            cs_arbitration_point(model); /* spec 000 EXCC: a waiting ring is out of arbitration */
        }
        break;
    case EXEC_ARB_CHECK:
        cs_arb_check(model);
        cs_arbitration_point(model);
        break;
    case EXEC_ARB_ON_OFF:
        /* i915 intel_gpu_commands.h MI_ARB_ENABLE: bit 0 turns arbitration on, 0 off. */
        model->arbitration = cs_get(decoded, "arbitration_enable", 0) != 0;
        /* gen6 schedules rings without preemption: the state has no effect there, and the
         * command is recorded in the event log (docs/reference/cs.md). */
        if (!model->execlist)
            cs_record(model, decoded);
        break;
    case EXEC_REPORT_HEAD:
        cs_report_head(model);
        break;
    case EXEC_BB_START:
        cs_batch_start(model, decoded);
        break;
    case EXEC_BB_END:
        cs_batch_end(model);
        cs_arbitration_point(model);
        break;
    case EXEC_STORE_DATA_IMM:
        /* spec 000 §1.3.8, genxml gen12: the QWord form is one dword longer (data_hi). */
        cs_store_data(model, decoded, cs_hot(model, decoded, CS_HF_ADDRESS));
        break;
    case EXEC_STORE_DATA_INDEX:
        /* spec 000 §1.3.9: an offset into the global or the per-process status page. */
        cs_store_data(model, decoded, status_page_for_index(model, decoded) + cs_get(decoded, "offset", 0));
        break;
    case EXEC_LOAD_REGISTER_IMM:
        load_register_imm(model, decoded);
        break;
    case EXEC_STORE_REGISTER_MEM:
        store_register_mem(model, decoded);
        break;
    case EXEC_LOAD_REGISTER_MEM:
        load_register_mem(model, decoded);
        break;
    case EXEC_LOAD_REGISTER_REG:
        load_register_reg(model, decoded);
        break;
    case EXEC_COPY_MEM_MEM:
        copy_mem_mem(model, decoded);
        break;
    case EXEC_FLUSH:
        /* spec 000 §1.1.4.1 "MI_FLUSH Enable": disabled (the default), an MI_FLUSH stalls the
         * parser with the Instruction Parser error; enabled, §1.3.1: it flushes the render
         * caches, which this model does not have, so the flush is complete at once. */
        if (!(*cs_reg(model, CS_MI_MODE_INDEX) & CS_MI_MODE_MI_FLUSH_ENABLE_MASK)) {
            tlm_log_error(model->log, "MI_FLUSH with MI_MODE MI_FLUSH Enable clear: parser error");
            cs_halt(model, ERR_INSTRUCTION_PARSER);
        }
        break;
    case EXEC_POST_SYNC:
        post_sync(model, decoded);
        break;
    case EXEC_RECORD:
        cs_record(model, decoded);
        break;
    case EXEC_WALKER:
        cs_walker(model, decoded);
        break;
    case EXEC_ATOMIC:
        atomic(model, decoded);
        break;
    case EXEC_COND_BB_END:
        cs_conditional_batch_end(model, decoded);
        break;
    case EXEC_SEMAPHORE_MBOX:
        cs_semaphore_mbox(model, decoded);
        break;
    case EXEC_SEMAPHORE_WAIT:
        /* The compare passed (cs_semaphore_waits): nothing else to do. */
        break;
    case EXEC_SET_CONTEXT:
        cs_set_context(model, decoded);
        break;
    case EXEC_SUSPEND_FLUSH:
        cs_suspend_flush(model, cs_get(decoded, "suspend", 0) != 0);
        break;
    case EXEC_SEMAPHORE_SIGNAL:
        cs_semaphore_signal(model, decoded);
        break;
    case EXEC_PIPELINE:
        cs_pipeline_port(model, decoded);
        break;
    case EXEC_PRIMITIVE:
        cs_primitive(model, decoded);
        break;
    case EXEC_MATH:
        math(model, decoded);
        break;
    case EXEC_PREDICATE:
        predicate(model, decoded);
        break;
    case EXEC_SET_PREDICATE:
        model->set_predicate = (uint32_t)cs_get(decoded, "noop", 0);
        break;
    case EXEC_NOT_MODELLED:
        model->stats.not_modelled++;
        tlm_log_info(model->log, "%s parsed and skipped: not executed by this model", decoded->command->name);
        break;
    }
}
