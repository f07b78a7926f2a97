/* Internal to models/cs: the per-profile command tables (cs_commands_gen6.c,
 * cs_commands_gen12.c) and the shorthands they are written with. Users include
 * cs_commands.h and reach the tables through cs_profile_get(). */
#ifndef CS_COMMANDS_TABLES_H
#define CS_COMMANDS_TABLES_H

#include "cs_commands.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cs_profile_info cs_gen6_profile;
extern const cs_profile_info cs_gen12_profile;

/* spec 002 "Command Header": MI commands are type 0 (31:29) with the opcode in 28:23. */
#define CS_MI(opcode) .match_mask = 0xff800000u, .match_value = (uint32_t)(opcode) << 23
/* spec 002 "Command Header": GFXPIPE commands are type 3 with pipeline 28:27, opcode 26:24 and
 * sub-opcode 23:16. */
#define CS_GFX(pipeline, opcode, subopcode)                                                       \
    .match_mask = 0xffff0000u,                                                                    \
    .match_value = (3u << 29) | ((uint32_t)(pipeline) << 27) | ((uint32_t)(opcode) << 24) |       \
                   ((uint32_t)(subopcode) << 16)
/* A DWord Length field at hi:lo of the header; total length = field + bias. */
#define CS_LEN(hi, lo, bias) .length_lo = (lo), .length_width = (hi) - (lo) + 1, .length_bias = (bias)
#define CS_FIELDS(array) .fields = (array), .field_count = sizeof(array) / sizeof((array)[0])
#define CS_GROUP(start, size, array)                                                              \
    .group_start = (start), .group_size = (size), .group_fields = (array),                        \
    .group_field_count = sizeof(array) / sizeof((array)[0])

/* Fields are written as in the specs: dword, then bits hi:lo. hi may exceed 31 for a field that
 * runs on into the next dword (a 48-bit address in DW1..DW2 is "1, 47, 2"). */
#define CS_F(name_, dword_, hi, lo_, format_)                                                    \
    { .name = (name_), .dword = (dword_), .lo = (lo_), .width = (hi) - (lo_) + 1, .format = (format_) }
/* The same, shown even when zero (operands). */
#define CS_FA(name_, dword_, hi, lo_, format_)                                                   \
    { .name = (name_), .dword = (dword_), .lo = (lo_), .width = (hi) - (lo_) + 1,                 \
      .format = (format_), .flags = CS_FIELD_ALWAYS }
#define CS_FLAG(name_, dword_, bit) CS_F(name_, dword_, bit, bit, CS_FMT_BOOL)
#define CS_ENUM(name_, dword_, hi, lo_, values_)                                                 \
    { .name = (name_), .dword = (dword_), .lo = (lo_), .width = (hi) - (lo_) + 1,                 \
      .format = CS_FMT_ENUM, .values = (values_) }
#define CS_ENUMA(name_, dword_, hi, lo_, values_)                                                \
    { .name = (name_), .dword = (dword_), .lo = (lo_), .width = (hi) - (lo_) + 1,                 \
      .format = CS_FMT_ENUM, .flags = CS_FIELD_ALWAYS, .values = (values_) }

/* A pipeline command whose body the front end does not interpret: every dword after the header
 * is shown (and assembled) as an operand `dw`, in order. */
extern const cs_field cs_opaque_dword[1];
/* Header fields of the generic header-class entries (cs_commands_shared.inc): the GFXPIPE
 * opcode (all of 26:24, or the bits the entry's match leaves open) and sub-opcode, the 2D
 * opcode. */
extern const cs_field cs_gfx_header_fields[2];
extern const cs_field cs_gfx_op2_fields[2];
extern const cs_field cs_gfx_op1_fields[2];
extern const cs_field cs_gfx_subop_fields[1];
extern const cs_field cs_2d_header_fields[1];
#define CS_OPAQUE .group_start = 1, .group_size = 1, .group_fields = cs_opaque_dword, .group_field_count = 1

/* Where the generated pipeline tables come from (cs_commands_gen*_pipe.inc, docs/reference/commands.md). */
#define CS_GENXML_GEN12 "genxml gen12.xml (Mesa c6f34e9f)"
#define CS_GENXML_GEN6 "genxml gen6.xml (Mesa c6f34e9f)"

/* spec 002 2D Command Map: 2D commands are type 2 with the opcode in 28:22 and a DWord Length in
 * 7:0 (length bias 2). */
#define CS_2D(opcode) .match_mask = 0xffc00000u, .match_value = (2u << 29) | ((uint32_t)(opcode) << 22)

#define CS_RCS CS_ENGINE_BIT(CS_ENGINE_RCS)
#define CS_BCS CS_ENGINE_BIT(CS_ENGINE_BCS)
#define CS_VCS CS_ENGINE_BIT(CS_ENGINE_VCS)
#define CS_VECS CS_ENGINE_BIT(CS_ENGINE_VECS)
#define CS_ALL_ENGINES CS_ENGINES_ALL

#ifdef __cplusplus
}
#endif

#endif /* CS_COMMANDS_TABLES_H */
