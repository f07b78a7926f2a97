/* MI_MATH ALU (cs_math.h). Semantics from the gen8+ command reference as Mesa's mi_builder and
 * i915 use them: LOAD/LOADINV copy a register (or its inverse) into SRCA/SRCB, LOAD0/LOAD1 load
 * 0/1, ADD/SUB/AND/OR/XOR put SRCA op SRCB in ACCU and set ZF (result zero) and CF (ADD: carry
 * out; SUB: borrow), STORE/STOREINV write a register from ACCU, ZF, CF or another register. */
#include "cs_math.h"

#include <stdbool.h>

/* genxml gen12.xml MI_MATH_ALU_INSTRUCTION "ALU Opcode" values. */
enum {
    ALU_NOOP = 0x000,
    ALU_LOAD = 0x080,
    ALU_LOADINV = 0x480,
    ALU_LOAD0 = 0x081,
    ALU_LOAD1 = 0x481,
    ALU_ADD = 0x100,
    ALU_SUB = 0x101,
    ALU_AND = 0x102,
    ALU_OR = 0x103,
    ALU_XOR = 0x104,
    ALU_STORE = 0x180,
    ALU_STOREINV = 0x580
};

/* genxml operand values. */
enum { OPERAND_SRCA = 0x20, OPERAND_SRCB = 0x21, OPERAND_ACCU = 0x31, OPERAND_ZF = 0x32, OPERAND_CF = 0x33 };

/* A flag stored to a register reads as all ones when set (choice, docs/reference/cs.md "MI_MATH"). */
static uint64_t flag_value(int flag)
{
    return flag ? UINT64_MAX : 0;
}

/* The value an operand names as a source; false for an operand that cannot be read. */
static bool read_operand(const uint64_t gpr[CS_MATH_GPRS], const cs_math_alu *state, unsigned operand,
                         uint64_t *value)
{
    if (operand < CS_MATH_GPRS) {
        *value = gpr[operand];
        return true;
    }
    switch (operand) {
    case OPERAND_SRCA: *value = state->srca; return true;
    case OPERAND_SRCB: *value = state->srcb; return true;
    case OPERAND_ACCU: *value = state->accu; return true;
    case OPERAND_ZF: *value = flag_value(state->zf); return true;
    case OPERAND_CF: *value = flag_value(state->cf); return true;
    default: return false;
    }
}

static bool load(cs_math_alu *state, unsigned destination, uint64_t value)
{
    if (destination == OPERAND_SRCA)
        state->srca = value;
    else if (destination == OPERAND_SRCB)
        state->srcb = value;
    else
        return false;
    return true;
}

static void result(cs_math_alu *state, uint64_t value, int carry)
{
    state->accu = value;
    state->zf = value == 0;
    state->cf = carry;
}

/* One instruction; false when it is not valid. */
static bool step(uint64_t gpr[CS_MATH_GPRS], cs_math_alu *state, uint32_t instruction)
{
    unsigned opcode = instruction >> 20;
    unsigned operand1 = (instruction >> 10) & 0x3ffu;
    unsigned operand2 = instruction & 0x3ffu;
    uint64_t value = 0;
    switch (opcode) {
    case ALU_NOOP:
        return true;
    case ALU_LOAD:
    case ALU_LOADINV:
        if (!read_operand(gpr, state, operand2, &value))
            return false;
        return load(state, operand1, opcode == ALU_LOADINV ? ~value : value);
    case ALU_LOAD0:
    case ALU_LOAD1:
        return load(state, operand1, opcode == ALU_LOAD1 ? 1u : 0u);
    case ALU_ADD:
        result(state, state->srca + state->srcb, state->srca + state->srcb < state->srca);
        return true;
    case ALU_SUB:
        result(state, state->srca - state->srcb, state->srca < state->srcb);
        return true;
    case ALU_AND:
        result(state, state->srca & state->srcb, 0);
        return true;
    case ALU_OR:
        result(state, state->srca | state->srcb, 0);
        return true;
    case ALU_XOR:
        result(state, state->srca ^ state->srcb, 0);
        return true;
    case ALU_STORE:
    case ALU_STOREINV:
        if (operand1 >= CS_MATH_GPRS || !read_operand(gpr, state, operand2, &value))
            return false;
        gpr[operand1] = opcode == ALU_STOREINV ? ~value : value;
        return true;
    default:
        return false;
    }
}

size_t cs_math_run(uint64_t gpr[CS_MATH_GPRS], const uint32_t *alu, size_t count, cs_math_alu *state)
{
    size_t invalid = 0;
    for (size_t i = 0; i < count; i++)
        if (!step(gpr, state, alu[i]))
            invalid++;
    return invalid;
}
