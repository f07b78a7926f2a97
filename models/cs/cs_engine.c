#include "cs_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_engine_internal.h"
#include "tlm_alloc.h"

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
     * display scan lines, power wells, URB and CPU caches are not modelled (docs/cs.md
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
static exec_kind cs_exec_kind_of(const char *name)
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
 * so an absolute offset with the flag set still reaches the register (docs/cs.md). */
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

/* Whether the engine has a command it may execute now. */
bool cs_runnable(cs_engine_model *model)
{
    if (!cs_ring_enabled(model) || model->halted || model->starved || model->walker_stalled ||
        model->semaphore_waiting || model->yielded)
        return false;
    if (*cs_reg(model, CS_MI_MODE_INDEX) & CS_MI_MODE_STOP_RINGS_MASK)
        return false;
    /* i915 gen8_engine_reset_prepare: a requested reset stops the engine (READY_TO_RESET). */
    if (*cs_reg(model, CS_RESET_CTL_INDEX) & CS_RESET_CTL_REQUEST_RESET_MASK)
        return false;
    if (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)
        return false;
    if (model->level > 0)
        return true;
    return cs_ring_geometry_valid(model) && cs_ring_head(model) != cs_ring_tail(model);
}

/* ---- waveform rows ----------------------------------------------------------------------- */

static void trace_row(cs_engine_model *model, tlm_trace_id id, unsigned slot, uint64_t value)
{
    if (id == TLM_TRACE_NONE || model->rows.last[slot] == value)
        return;
    model->rows.last[slot] = value;
    tlm_trace_set(model->kernel, id, value);
}

static void declare_rows(cs_engine_model *model, const char *name, size_t count)
{
    tlm_kernel *kernel = model->kernel;
    if (!tlm_trace_on(kernel))
        return;
    static const tlm_trace_enum_entry states[] = {
        { CS_STATE_IDLE, "idle" },       { CS_STATE_FETCHING, "fetching" }, { CS_STATE_EXECUTING, "executing" },
        { CS_STATE_WAITING, "waiting" }, { CS_STATE_HALTED, "halted" },
    };
    tlm_trace_enum_entry *mnemonics = tlm_alloc_zeroed(count + 1u, sizeof *mnemonics);
    mnemonics[0] = (tlm_trace_enum_entry){ 0, "-" };
    for (size_t i = 0; i < count; i++)
        mnemonics[i + 1u] = (tlm_trace_enum_entry){ i + 1u, model->commands[i].name };
    char enum_name[64];
    snprintf(enum_name, sizeof enum_name, "cs_%s_commands", cs_profile_get(model->config.profile)->name);
    uint32_t command_enum = tlm_trace_enumeration(kernel, enum_name, mnemonics, count + 1u);
    free(mnemonics);
    unsigned width = 1;
    while (width < 32u && (UINT64_C(1) << width) <= count)
        width++;
    model->rows.head = tlm_trace_bits(kernel, name, "head", 32, TLM_TRACE_HEX, 0);
    model->rows.tail = tlm_trace_bits(kernel, name, "tail", 32, TLM_TRACE_HEX, 0);
    model->rows.state = tlm_trace_enum(kernel, name, "state", 3,
                                       tlm_trace_enumeration(kernel, "cs_state", states, 5), CS_STATE_IDLE);
    model->rows.level = tlm_trace_bits(kernel, name, "batch_level", 2, TLM_TRACE_DEC, 0);
    model->rows.command = tlm_trace_enum(kernel, name, "command", width, command_enum, 0);
}

/* ---- status and scheduling --------------------------------------------------------------- */

/* MI_MODE Rings Idle (i915 MODE_IDLE) and the batch registers follow the parser's state. */
static void update_status(cs_engine_model *model)
{
    uint32_t *mode = cs_reg(model, CS_MI_MODE_INDEX);
    *mode = tlm_event_pending(&model->step) ? *mode & ~CS_MI_MODE_RINGS_IDLE_MASK
                                            : *mode | CS_MI_MODE_RINGS_IDLE_MASK;
    if (model->level > 0) {
        *cs_reg(model, CS_BB_ADDR_INDEX) = ((uint32_t)model->batch_pc[model->level] & CS_BB_ADDR_ADDRESS_MASK) |
                                        CS_BB_ADDR_VALID_MASK;
        *cs_reg(model, CS_BB_ADDR_UDW_INDEX) = (uint32_t)(model->batch_pc[model->level] >> 32) & CS_BB_ADDR_UDW_ADDRESS_MASK;
        *cs_reg(model, CS_BB_STATE_INDEX) = model->batch_secure[model->level] ? 0 : CS_BB_STATE_SECURITY_MASK;
    } else {
        *cs_reg(model, CS_BB_ADDR_INDEX) &= ~CS_BB_ADDR_VALID_MASK;
        *cs_reg(model, CS_BB_STATE_INDEX) = 0;
    }
    tlm_register_file_trace_sync(&model->registers);
    if (model->rows.state != TLM_TRACE_NONE) {
        cs_engine_state state = cs_engine_get_state(model);
        trace_row(model, model->rows.head, 0, cs_ring_head(model));
        trace_row(model, model->rows.tail, 1, cs_ring_tail(model));
        trace_row(model, model->rows.state, 2, state);
        trace_row(model, model->rows.level, 3, model->level);
        bool running = state == CS_STATE_EXECUTING || state == CS_STATE_FETCHING;
        trace_row(model, model->rows.command, 4, running ? model->rows.executing : 0u);
    }
}

/* Execlists (cs_execlist.h): the loaded ring has nothing left to run, in the ring (not in a
 * batch) and not waiting for anything: its context is complete. A disabled ring has nothing. */
static bool execlist_ring_idle(void *engine)
{
    cs_engine_model *model = engine;
    return !model->stepping && !model->restoring && !tlm_event_pending(&model->step) && model->level == 0 &&
           !model->halted &&
           !model->starved && !model->walker_stalled && !model->semaphore_waiting &&
           (!cs_ring_enabled(model) || cs_ring_head(model) == cs_ring_tail(model));
}

/* Schedules the next step if there is work and none is pending. */
void cs_kick(cs_engine_model *model, tlm_time delay)
{
    if (model->restoring)
        return; /* an image is being loaded: execlist_resume kicks once it is whole */
    if (cs_ring_enabled(model) && model->level == 0 && !cs_ring_geometry_valid(model)) {
        if (!model->geometry_logged)
            tlm_log_error(model->log, "ring not parsed: HEAD 0x%x or TAIL 0x%x beyond the %u-byte buffer",
                          cs_ring_head(model), cs_ring_tail(model), cs_ring_size(model));
        model->geometry_logged = true;
    }
    /* A register write made by the command being executed (LRI to TAIL, say) does not start a
     * step early: the step in progress reschedules after its cost. */
    if (!model->stepping && cs_runnable(model) && !tlm_event_pending(&model->step))
        tlm_event_notify(model->kernel, &model->step, delay);
    if (model->execlist && execlist_ring_idle(model))
        cs_execlist_ring_empty(model->execlist);
    update_status(model);
}

/* ---- arbitration (docs/cs.md "Preemption and arbitration") ---------------------------------- */

/* An arbitration point: MI_ARB_CHECK, a semaphore wait that fails (i915 emit_preempt_busywait
 * relies on it), MI_WAIT_FOR_EVENT waiting, the end of a batch buffer, and the ring going
 * idle (context complete, cs_execlist_ring_empty). With arbitration enabled (MI_ARB_ON_OFF) and
 * an execlist load waiting, the engine yields: it stops here and the execlist switches (or
 * lite-restores) the context. A second-level batch is not left for a switch (a **choice**: the
 * image holds the first level's position only). True when the engine yielded. */
bool cs_arbitration_point(cs_engine_model *model)
{
    if (!model->execlist || !model->arbitration || model->level > 1 ||
        !cs_execlist_switch_pending(model->execlist))
        return false;
    model->yielded = true;
    model->stats.yields++;
    cs_execlist_arbitration_point(model->execlist);
    return true;
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
        cs_register_access(model, TLM_WRITE_COMMAND, register_operand(model, decoded, "reg", i, "add_cs_mmio"), &value,
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
    if (!cs_register_access(model, TLM_READ_COMMAND, register_operand(model, decoded, "reg", 0, "add_cs_mmio"), &value,
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
        cs_register_access(model, TLM_WRITE_COMMAND, register_operand(model, decoded, "reg", 0, "add_cs_mmio"), &value,
                           0);
}

/* genxml gen12 MI_LOAD_REGISTER_REG: source register into destination register. */
static void load_register_reg(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t value = 0;
    if (cs_register_access(model, TLM_READ_COMMAND, register_operand(model, decoded, "src_reg", 0, "add_cs_mmio_src"),
                           &value, 0))
        cs_register_access(model, TLM_WRITE_COMMAND, register_operand(model, decoded, "dst_reg", 0, "add_cs_mmio_dst"),
                           &value, 0);
}

/* genxml gen12 MI_COPY_MEM_MEM: one dword from `src` to `dst`. */
static void copy_mem_mem(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t value = 0;
    if (cs_load(model, cs_get(decoded, "src", 0), &value))
        cs_store(model, cs_get(decoded, "dst", 0), value, 4);
}

/* data, and data_hi when the command is long enough to hold it: a dword or a qword store. */
static void store_data(cs_engine_model *model, const cs_decoded *decoded, uint64_t address)
{
    uint64_t high = 0;
    bool qword = cs_decoded_field(decoded, "data_hi", 0, &high);
    cs_store(model, address, cs_get(decoded, "data", 0) | high << 32, qword ? 8u : 4u);
}

/* PIPE_CONTROL and MI_FLUSH_DW (genxml; spec 000 §1.1.7 bit 4): nothing to flush or stall on in
 * this model, so the post-sync operation happens at once: an immediate write (dword or qword
 * per the length), the 36-bit TIMESTAMP (qword), or PS_DEPTH_COUNT (qword 0: no pixels are
 * rendered here); with store_index the address is an offset into the status page. The notify
 * interrupt follows the write ("The Store QW associated with a fence is completed ahead of the
 * interrupt"). */
static void post_sync(cs_engine_model *model, const cs_decoded *decoded)
{
    if (cs_get(decoded, "lri_post_sync", 0)) {
        /* gen12 genxml "LRI Post Sync Operation": Immediate Data goes to the register at
         * Address. spec 002 (User Mode Privileged Commands, PIPE_CONTROL): "LRI Post-Sync
         * Operation is NOOP" in a non-privileged batch, flagged as a privilege error. */
        if (model->level > 0 && !model->batch_secure[model->level]) {
            tlm_log_warning(model->log, "PIPE_CONTROL LRI post-sync in a non-secure batch: dropped");
            cs_raise_error(model, ERR_COMMAND_PRIVILEGE);
        } else {
            uint32_t value = (uint32_t)cs_get(decoded, "data", 0);
            cs_register_access(model, TLM_WRITE_COMMAND, (uint32_t)cs_get(decoded, "address", 0), &value, 0);
        }
        if (cs_get(decoded, "notify", 0)) {
            cs_send_event(model, ISR_NOTIFY);
            cs_isr_changed(model, ISR_NOTIFY);
        }
        return;
    }
    uint64_t operation = cs_get(decoded, "post_sync", 0);
    uint64_t address = cs_get(decoded, "address", 0);
    if (cs_get(decoded, "store_index", 0))
        address += cs_hwsp_address(model);
    if (operation == POST_SYNC_WRITE_IMM)
        store_data(model, decoded, address);
    else if (operation == POST_SYNC_WRITE_TIMESTAMP)
        cs_store(model, address, cs_timestamp(model), 8);
    else if (operation == POST_SYNC_WRITE_PS_DEPTH)
        cs_store(model, address, 0, 8);
    if (cs_get(decoded, "notify", 0)) {
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
 * select is not a display event (choice, docs/cs.md). */
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

/* ---- MI_ATOMIC and MI_CONDITIONAL_BATCH_BUFFER_END (gen12) ------------------------------ */

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

/* MI_ATOMIC's register operands and returned data (docs/cs.md "gen12 MI_ATOMIC", a **choice**:
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
 * by the previous compare (choice, docs/cs.md "Predication"). */
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

/* MI_SET_PREDICATE (gen12): while its condition holds, pipeline commands are dropped (NOOP). */
static bool cs_set_predicate_drops(cs_engine_model *model)
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

static void cs_execute(cs_engine_model *model, exec_kind kind, const cs_decoded *decoded)
{
    switch (kind) {
    case EXEC_NOOP:
        /* spec 000 §1.3.3: bit 22 writes the identification number into NOPID. */
        if (cs_get(decoded, "nop_id_write", 0))
            *cs_reg(model, CS_NOPID_INDEX) = (uint32_t)cs_get(decoded, "nop_id", 0) & CS_NOPID_NOP_ID_MASK;
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
         * command is recorded in the event log (docs/cs.md). */
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
        store_data(model, decoded, cs_get(decoded, "address", 0));
        break;
    case EXEC_STORE_DATA_INDEX:
        /* spec 000 §1.3.9: an offset into the global or the per-process status page. */
        store_data(model, decoded, status_page_for_index(model, decoded) + cs_get(decoded, "offset", 0));
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

/* What the drivers' hang capture reads (i915 i915_gpu_error.c engine_record_registers, xe
 * hw_engine snapshot): the command the engine is on. ACTHD is its graphics address, IPEHR and
 * CSCMDOP its header, DMA_FADD the cacheline fetched, BBADDR_UDW the batch head's upper bits.
 * They keep the last command's values when the engine stops (so a hang shows where). */
static void capture_command(cs_engine_model *model, const cs_decoded *decoded)
{
    uint64_t at = cs_command_address(model, 0);
    *cs_reg(model, CS_ACTHD_INDEX) = (uint32_t)at;
    *cs_reg(model, CS_ACTHD_UDW_INDEX) = (uint32_t)(at >> 32) & CS_ACTHD_UDW_ADDRESS_MASK;
    *cs_reg(model, CS_IPEHR_INDEX) = decoded->header;
    *cs_reg(model, CS_CSCMDOP_INDEX) = decoded->header;
    *cs_reg(model, CS_DMA_FADD_INDEX) = (uint32_t)model->line_address;
    *cs_reg(model, CS_DMA_FADD_UDW_INDEX) = (uint32_t)(model->line_address >> 32) & CS_DMA_FADD_UDW_ADDRESS_MASK;
    *cs_reg(model, CS_BB_ADDR_UDW_INDEX) =
        model->level > 0 ? (uint32_t)(model->batch_pc[model->level] >> 32) & CS_BB_ADDR_UDW_ADDRESS_MASK : 0;
}

/* One command: fetch, check, advance, execute. Returns the dwords parsed (0: nothing run). */
static uint32_t step_once(cs_engine_model *model)
{
    cs_decoded decoded;
    uint32_t length = cs_fetch_command(model, &decoded);
    if (!length)
        return 0;
    capture_command(model, &decoded);
    if (decoded.command)
        model->rows.executing = (uint32_t)(decoded.command - model->commands) + 1u;
    if (decoded.status == 0 && cs_stall_waits(model, &decoded))
        return 0; /* not parsed yet: it runs when the walkers complete */
    if (decoded.status == 0 &&
        (model->kinds[decoded.command - model->commands] == EXEC_SEMAPHORE_MBOX ||
         model->kinds[decoded.command - model->commands] == EXEC_SEMAPHORE_WAIT) &&
        cs_semaphore_waits(model, &decoded))
        return 0; /* not parsed yet: it runs again at the next poll */
    model->stats.commands++;
    model->stats.dwords += length;
    if (decoded.status & (CS_DECODE_UNKNOWN | CS_DECODE_SHORT | CS_DECODE_NOT_ACCEPTED | CS_DECODE_TRUNCATED)) {
        /* Instruction Parser error (spec 000 §1.1.7.3); the parser stops at the command. */
        tlm_log_error(model->log, "instruction parser error at 0x%llx: header 0x%08x (%s%s%s)",
                      (unsigned long long)cs_command_address(model, 0), decoded.header,
                      decoded.status & CS_DECODE_UNKNOWN ? "unknown" : "",
                      decoded.status & CS_DECODE_SHORT ? "shorter than its fields" : "",
                      decoded.status & CS_DECODE_NOT_ACCEPTED ? "not accepted by this engine" : "");
        cs_halt(model, ERR_INSTRUCTION_PARSER);
        return length;
    }
    model->executed[decoded.command - model->commands]++; /* coverage: cs_engine_command_count */
    model->command_at = cs_command_address(model, 0);
    bool in_batch = model->level > 0;
    if (in_batch) {
        model->batch_dwords += length;
        if (model->config.batch_dword_limit && model->batch_dwords > model->config.batch_dword_limit) {
            tlm_log_error(model->log, "more than %u batch dwords without returning to the ring",
                          model->config.batch_dword_limit);
            cs_halt(model, ERR_INSTRUCTION_PARSER);
            return length;
        }
        model->batch_pc[model->level] += 4u * (uint64_t)length;
    } else {
        cs_advance_head(model, length);
    }
    exec_kind kind = model->kinds[decoded.command - model->commands];
    if (in_batch && !cs_batch_permits(model, &decoded))
        return length; /* dropped, or converted to MI_NOOP */
    if (cs_instpm_disabled(model, &decoded)) {
        model->stats.instpm_disabled++;
        return length; /* parsed, not executed (INSTPM) */
    }
    if (model->set_predicate && kind >= EXEC_PIPELINE && kind <= EXEC_PRIMITIVE && cs_set_predicate_drops(model)) {
        model->stats.predicated++;
        return length; /* MI_SET_PREDICATE: dropped as a NOOP */
    }
    cs_execute(model, kind, &decoded);
    return length;
}

static void step(void *context)
{
    cs_engine_model *model = context;
    uint64_t fetches = model->stats.fetches;
    model->rows.executing = 0;
    model->bus_delay = 0;
    model->stepping = true;
    uint32_t dwords = 0;
    if (cs_runnable(model))
        dwords = step_once(model);
    model->stepping = false;
    model->rows.fetched = model->stats.fetches != fetches;
    tlm_time cost = (tlm_time)(CS_CYCLES_PER_COMMAND + CS_CYCLES_PER_DWORD * dwords) * model->config.clock_period +
                    model->bus_delay;
    cs_kick(model, cost);
}

/* ---- execlists: what cs_execlist.c asks of the engine (cs_execlist_host) ------------------ */

/* The context switch event: a pulse, like User Interrupt (spec 000 §1.1.7 bit 8). */
static void execlist_event(void *engine, uint32_t bits)
{
    cs_engine_model *model = engine;
    cs_send_event(model, bits);
    cs_isr_changed(model, bits);
}

/* A switch is over. A context was loaded (or none): its ring registers are new; the parser
 * starts from the ring, or inside the first-level batch the image's BB_ADDR names when it is
 * valid (a context preempted in its batch), and the waits of the context switched away are
 * dropped. A lite restore (restored false) goes on where the engine stopped. */
static void execlist_resume(void *engine, tlm_time delay, bool restored)
{
    cs_engine_model *model = engine;
    model->yielded = false;
    if (restored) {
        cs_leave_batches(model);
        uint32_t bb = *cs_reg(model, CS_BB_ADDR_INDEX);
        if (bb & CS_BB_ADDR_VALID_MASK) {
            model->level = 1;
            model->batch_pc[1] = (bb & CS_BB_ADDR_ADDRESS_MASK) | (uint64_t)*cs_reg(model, CS_BB_ADDR_UDW_INDEX) << 32;
            model->batch_secure[1] = !(*cs_reg(model, CS_BB_STATE_INDEX) & CS_BB_STATE_SECURITY_MASK);
        }
        model->semaphore_waiting = false;
        tlm_event_cancel(model->kernel, &model->semaphore_poll);
        model->ctx_clock = cs_execlist_active(model->execlist);
        model->ctx_base = *cs_reg(model, CS_CTX_TIMESTAMP_INDEX);
        model->ctx_since = tlm_kernel_now(model->kernel);
        uint32_t id = 0;
        bool has_context = cs_execlist_context_id(model->execlist, &id);
        if (model->config.walker.context_switch)
            model->config.walker.context_switch(model->config.walker.context, has_context, id);
    }
    model->starved = false;
    model->line_valid = false;
    model->geometry_logged = false;
    cs_kick(model, delay);
}

static bool execlist_yielded(void *engine)
{
    return ((cs_engine_model *)engine)->yielded;
}

/* A load arrived while a context runs: a parser waiting at an arbitration point (a failing
 * semaphore wait, MI_WAIT_FOR_EVENT) yields at once rather than at its next poll. */
static void execlist_arbitrate(void *engine)
{
    cs_engine_model *model = engine;
    if (!model->yielded && (model->semaphore_waiting || (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)))
        cs_arbitration_point(model);
}

/* Before a save: CTX_TIMESTAMP stops and holds the context's run time. */
static void execlist_context_out(void *engine)
{
    cs_engine_model *model = engine;
    *cs_reg(model, CS_CTX_TIMESTAMP_INDEX) = cs_ctx_timestamp(model);
    model->ctx_clock = false;
}

/* The engine context of an image moves through cs_register_access, the path MI_LOAD_REGISTER_IMM
 * and MI_STORE_REGISTER_MEM take (side effects included: MI_MODE, INSTPM, the watchdog). A
 * register with no writable bit is not restored (the timestamp counts on its own). The parser
 * is not started from inside: execlist_resume does that once the whole image is loaded. */
static void execlist_write_register(void *engine, uint32_t offset, uint32_t value)
{
    cs_engine_model *model = engine;
    int32_t index = tlm_register_find(model->registers.block, offset);
    if (index < 0)
        return;
    const tlm_register_desc *desc = &model->registers.block->registers[index];
    if (!(desc->rw_mask | desc->w1c_mask | desc->w1s_mask))
        return;
    model->restoring = true;
    cs_register_access(model, TLM_WRITE_COMMAND, (uint32_t)(model->config.mmio_base + offset), &value, 0);
    model->restoring = false;
}

static uint32_t execlist_read_register(void *engine, uint32_t offset)
{
    cs_engine_model *model = engine;
    uint32_t value = 0;
    model->restoring = true;
    cs_register_access(model, TLM_READ_COMMAND, (uint32_t)(model->config.mmio_base + offset), &value, 0);
    model->restoring = false;
    return value;
}

/* ---- reset and init ------------------------------------------------------------------- */

void cs_engine_reset(cs_engine_model *model)
{
    tlm_event_cancel(model->kernel, &model->step);
    tlm_event_cancel(model->kernel, &model->stall_timeout);
    tlm_event_cancel(model->kernel, &model->semaphore_poll);
    tlm_event_cancel(model->kernel, &model->watchdog_expire);
    model->watchdog_running = false;
    model->semaphore_waiting = false;
    /* Arbitration is on out of reset (a **choice**, docs/cs.md "Preemption and arbitration"). */
    model->arbitration = true;
    model->yielded = false;
    model->restoring = false;
    model->ctx_clock = false;
    model->ctx_base = 0;
    model->walkers_outstanding = 0;
    model->walker_stalled = false;
    model->walker_generation++;
    tlm_register_file_reset(&model->registers);
    cs_execlist_reset(model->execlist);
    cs_leave_batches(model);
    model->set_predicate = 0;
    model->alu = (cs_math_alu){ 0 };
    model->halted = false;
    model->starved = false;
    model->geometry_logged = false;
    model->isr = 0;
    model->threads_base = 0;
    model->threads_mark = cs_port_threads(model);
    update_status(model);
}

cs_engine_model *cs_engine_create(tlm_kernel *kernel, const char *name, const cs_engine_config *config)
{
    const cs_profile_info *info = cs_profile_get(config->profile);
    if (!info || (unsigned)config->engine >= CS_ENGINE_COUNT || !info->engines[config->engine].present ||
        !config->memory)
        return NULL;
    cs_engine_model *model = tlm_alloc_zeroed(1, sizeof *model);
    model->config = *config;
    model->kernel = kernel;
    model->class_id = info->engines[config->engine].class_id;
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    size_t count = 0;
    model->commands = cs_profile_commands(config->profile, &count);
    model->kinds = tlm_alloc_zeroed(count ? count : 1, sizeof *model->kinds);
    model->command_count = count;
    model->executed = tlm_alloc_zeroed(count ? count : 1, sizeof *model->executed);
    uint32_t capacity = 1;
    for (size_t i = 0; i < count; i++) {
        model->kinds[i] = cs_exec_kind_of(model->commands[i].name);
        if (model->kinds[i] == EXEC_NOT_MODELLED && (model->commands[i].match_value >> 29) != 0)
            model->kinds[i] = EXEC_PIPELINE; /* every non-MI command the front end does not own */
        uint32_t longest = cs_command_max_encodable(&model->commands[i]);
        if (longest > capacity)
            capacity = longest;
    }
    model->command_capacity = capacity;
    model->command = tlm_alloc_zeroed(capacity, sizeof *model->command);
    tlm_event_init(&model->step, name, step, model);
    tlm_event_init(&model->stall_timeout, name, cs_stall_timed_out, model);
    tlm_event_init(&model->semaphore_poll, name, cs_semaphore_poll, model);
    tlm_event_init(&model->watchdog_expire, name, cs_watchdog_expired, model);
    tlm_event_set_background(&model->watchdog_expire, true);
    tlm_register_file_init(&model->registers, &cs_regs, model->log);
    model->registers.on_write = cs_register_written;
    model->registers.on_read = cs_register_read;
    model->registers.context = model;
    tlm_register_file_trace(&model->registers, kernel, name);
    declare_rows(model, name, count);
    model->as_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = cs_b_transport,
        .transport_dbg = cs_transport_dbg,
    };
    model->hws_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = cs_hws_b_transport,
    };
    if (config->profile == CS_PROFILE_GEN12) {
        cs_execlist_host host = {
            .engine = model,
            .kernel = kernel,
            .log = model->log,
            .registers = &model->registers,
            .memory = config->memory,
            .mmio_base = config->mmio_base,
            .engine_class = model->class_id,
            .instance = config->instance,
            .clock_period = config->clock_period,
            .event = execlist_event,
            .resume = execlist_resume,
            .ring_idle = execlist_ring_idle,
            .yielded = execlist_yielded,
            .arbitrate = execlist_arbitrate,
            .context_out = execlist_context_out,
            .write_register = execlist_write_register,
            .read_register = execlist_read_register,
        };
        model->execlist = cs_execlist_create(&host, name);
    }
    cs_engine_reset(model);
    return model;
}

void cs_engine_destroy(cs_engine_model *model)
{
    if (!model)
        return;
    tlm_event_cancel(model->kernel, &model->step);
    tlm_event_cancel(model->kernel, &model->stall_timeout);
    tlm_event_cancel(model->kernel, &model->semaphore_poll);
    tlm_event_cancel(model->kernel, &model->watchdog_expire);
    cs_execlist_destroy(model->execlist);
    tlm_register_file_destroy(&model->registers);
    cs_engine_clear_events(model);
    free(model->command);
    free(model->kinds);
    free(model->executed);
    free(model);
}

uint64_t cs_engine_command_count(const cs_engine_model *model, const cs_command *command)
{
    if (!model || !command || command < model->commands || command >= model->commands + model->command_count)
        return 0;
    return model->executed[command - model->commands];
}

const tlm_target *cs_engine_target(cs_engine_model *model)
{
    return &model->as_target;
}

const tlm_target *cs_engine_hws_pga_target(cs_engine_model *model)
{
    return model->config.profile == CS_PROFILE_GEN6 ? &model->hws_target : NULL;
}

bool cs_engine_busy(const cs_engine_model *model)
{
    return tlm_event_pending(&model->step);
}

bool cs_engine_halted(const cs_engine_model *model)
{
    return model->halted;
}

uint32_t cs_engine_isr(const cs_engine_model *model)
{
    return model->isr;
}

const cs_engine_stats *cs_engine_get_stats(const cs_engine_model *model)
{
    return &model->stats;
}

cs_execlist *cs_engine_execlist(cs_engine_model *model)
{
    return model->execlist;
}

cs_engine_state cs_engine_get_state(const cs_engine_model *model)
{
    cs_engine_model *m = (cs_engine_model *)model; /* the register accessors take a mutable model */
    if (m->halted)
        return CS_STATE_HALTED;
    if (m->walker_stalled || m->semaphore_waiting || m->starved ||
        (cs_ring_enabled(m) && (*cs_reg(m, CS_RING_CTL_INDEX) & CS_RING_CTL_RB_WAIT_MASK)))
        return CS_STATE_WAITING;
    if (!tlm_event_pending(&m->step))
        return CS_STATE_IDLE;
    return m->rows.fetched ? CS_STATE_FETCHING : CS_STATE_EXECUTING;
}
