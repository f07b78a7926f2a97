/* The MI_MATH ALU on its own (cs_math.h): encodings from genxml gen12.xml
 * MI_MATH_ALU_INSTRUCTION. */
#include "tb_test.h"

#include "cs_math.h"

#define ALU(opcode, operand1, operand2) ((uint32_t)(opcode) << 20 | (uint32_t)(operand1) << 10 | (uint32_t)(operand2))

TEST(CsMath, StoreFromEveryOperandAndCountInvalid)
{
    uint64_t gpr[CS_MATH_GPRS] = { 5, 7 };
    cs_math_alu alu = { 0 };
    const uint32_t program[] = {
        ALU(0x080, 0x20, 0), ALU(0x080, 0x21, 1), ALU(0x101, 0, 0), /* 5 - 7 */
        ALU(0x180, 2, 0x31), ALU(0x180, 3, 0x33), ALU(0x180, 4, 0x32), ALU(0x180, 5, 0x20), ALU(0x180, 6, 0x21),
        ALU(0x180, 0x20, 0x31), /* STORE to a source: not valid */
        ALU(0x180, 7, 0x10),    /* operand 10h: not valid */
        ALU(0x000, 0, 0),       /* NOOP */
    };
    EXPECT_EQ(cs_math_run(gpr, program, sizeof program / sizeof program[0], &alu), 2u);
    EXPECT_EQ(gpr[2], (uint64_t)-2);
    EXPECT_EQ(gpr[3], UINT64_MAX);
    EXPECT_EQ(gpr[4], 0u);
    EXPECT_EQ(gpr[5], 5u);
    EXPECT_EQ(gpr[6], 7u);
    EXPECT_EQ(gpr[7], 0u);
    EXPECT_EQ(alu.accu, (uint64_t)-2);
}
