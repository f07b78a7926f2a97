/* MI_MATH: the command streamer's ALU over the 16 general purpose registers (gen8+).
 *
 * Encoding (Mesa genxml gen12.xml MI_MATH_ALU_INSTRUCTION; i915 MI_MATH_*): each ALU dword is an
 * opcode in 31:20, operand 1 in 19:10 and operand 2 in 9:0. Operands name GPR 0..15 (00h..0Fh),
 * the ALU sources SRCA (20h) and SRCB (21h), the accumulator ACCU (31h) and the zero and carry
 * flags ZF (32h) and CF (33h). docs/reference/cs.md "MI_MATH" describes the semantics and the choices. */
#ifndef CS_MATH_H
#define CS_MATH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CS_MATH_GPRS 16u

/* The ALU's state: reset at the start of every MI_MATH command (choice, docs/reference/cs.md). */
typedef struct cs_math_alu {
    uint64_t srca;  /* first source */
    uint64_t srcb;  /* second source */
    uint64_t accu;  /* result of the last ADD/SUB/AND/OR/XOR */
    int zf;         /* zero flag: the last result was zero */
    int cf;         /* carry flag: ADD carried out of bit 63, SUB borrowed */
} cs_math_alu;

/* Runs `count` ALU instructions over gpr[]. Returns the number of instructions that were not
 * valid (unknown opcode or operand); they are skipped and the rest run. */
size_t cs_math_run(uint64_t gpr[CS_MATH_GPRS], const uint32_t *alu, size_t count, cs_math_alu *state);

#ifdef __cplusplus
}
#endif

#endif /* CS_MATH_H */
