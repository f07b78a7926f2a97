/* The per-profile command tables as data: which commands each profile has, which engines
 * accept them, which are privileged, and that every table is well formed (no two commands
 * claim one header, no two fields share a bit, lengths are expressible). docs/reference/commands.md. */
#include "tb_test.h"

#include <stdint.h>
#include <string.h>

#include "cs_commands.h"

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

#define RCS CS_ENGINE_BIT(CS_ENGINE_RCS)
#define BCS CS_ENGINE_BIT(CS_ENGINE_BCS)
#define VCS CS_ENGINE_BIT(CS_ENGINE_VCS)
#define VECS CS_ENGINE_BIT(CS_ENGINE_VECS)

typedef struct expected_command {
    const char *name;       /* mnemonic */
    unsigned engines;       /* engines that accept it */
    cs_privilege privilege; /* behaviour in a non-secure batch */
} expected_command;

/* spec 000 (render MI commands), spec 002 map (engines), i915/genxml for MI_FLUSH_DW,
 * PIPE_CONTROL, MI_REPORT_PERF_COUNT; spec 000 §1.2.5.2 privileged commands. */
static const expected_command gen6_expected[] = {
    { "MI_NOOP", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_USER_INTERRUPT", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_WAIT_FOR_EVENT", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_FLUSH", RCS, CS_PRIV_NONE },
    { "MI_ARB_CHECK", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_UNPROBE", RCS, CS_PRIV_NONE },
    { "MI_REPORT_HEAD", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_BATCH_BUFFER_END", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_SUSPEND_FLUSH", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_DISPLAY_FLIP", RCS, CS_PRIV_ALWAYS },
    { "MI_SEMAPHORE_MBOX", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_SET_CONTEXT", RCS, CS_PRIV_NONE },
    { "MI_STORE_DATA_IMM", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_STORE_DATA_INDEX", RCS | BCS | VCS, CS_PRIV_NONE },
    { "MI_LOAD_REGISTER_IMM", RCS | BCS | VCS, CS_PRIV_ALWAYS },
    { "MI_UPDATE_GTT", RCS | BCS | VCS, CS_PRIV_ALWAYS },
    { "MI_STORE_REGISTER_MEM", RCS | BCS | VCS, CS_PRIV_ALWAYS },
    { "MI_PROBE", RCS, CS_PRIV_NONE },
    { "MI_FLUSH_DW", BCS | VCS, CS_PRIV_NONE },
    { "MI_REPORT_PERF_COUNT", RCS, CS_PRIV_NONE },
    { "MI_BATCH_BUFFER_START", RCS | BCS | VCS, CS_PRIV_NONE },
    { "PIPE_CONTROL", RCS, CS_PRIV_NONE },
    /* genxml gen6.xml MI commands; spec 002 "User Mode Privileged Commands" (MI_ARB_ON_OFF). */
    { "MI_ARB_ON_OFF", RCS | BCS | VCS, CS_PRIV_ALWAYS },
    { "MI_LOAD_SCAN_LINES_EXCL", RCS | BCS, CS_PRIV_NONE },
    { "MI_URB_CLEAR", RCS, CS_PRIV_NONE },
    { "MI_CLFLUSH", RCS, CS_PRIV_NONE },
    { "MI_CONDITIONAL_BATCH_BUFFER_END", RCS | BCS | VCS, CS_PRIV_NONE },
};

/* genxml gen12.xml/gen125.xml and GVT for engines; spec 002 "User Mode Privileged Commands". */
static const expected_command gen12_expected[] = {
    { "MI_NOOP", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_USER_INTERRUPT", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_WAIT_FOR_EVENT", RCS | BCS, CS_PRIV_ALWAYS },
    { "MI_ARB_CHECK", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_REPORT_HEAD", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_BATCH_BUFFER_END", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_SUSPEND_FLUSH", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_DISPLAY_FLIP", RCS | BCS, CS_PRIV_ALWAYS },
    { "MI_SET_CONTEXT", RCS, CS_PRIV_ALWAYS },
    { "MI_ARB_ON_OFF", RCS | BCS | VCS | VECS, CS_PRIV_ALWAYS },
    { "MI_SEMAPHORE_SIGNAL", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_SEMAPHORE_WAIT", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_STORE_DATA_IMM", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_STORE_DATA_INDEX", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_CLEAR },
    { "MI_LOAD_REGISTER_IMM", RCS | BCS | VCS | VECS, CS_PRIV_ALWAYS },
    { "MI_UPDATE_GTT", RCS | BCS | VCS | VECS, CS_PRIV_ALWAYS },
    { "MI_STORE_REGISTER_MEM", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_FLUSH_DW", BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_REPORT_PERF_COUNT", RCS, CS_PRIV_IF_FIELD_SET },
    { "MI_LOAD_REGISTER_MEM", RCS | BCS | VCS | VECS, CS_PRIV_ALWAYS },
    { "MI_LOAD_REGISTER_REG", RCS | BCS | VCS | VECS, CS_PRIV_ALWAYS },
    { "MI_COPY_MEM_MEM", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_ATOMIC", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_BATCH_BUFFER_START", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_CONDITIONAL_BATCH_BUFFER_END", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "GPGPU_WALKER", RCS, CS_PRIV_NONE },
    { "COMPUTE_WALKER", RCS, CS_PRIV_NONE },
    { "PIPE_CONTROL", RCS, CS_PRIV_IF_FIELD_SET },
    /* the rest of genxml gen12.xml's MI commands */
    { "MI_SET_PREDICATE", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_WAIT_FOR_EVENT_2", RCS | BCS, CS_PRIV_ALWAYS },
    { "MI_RS_CONTROL", RCS, CS_PRIV_NONE },
    { "MI_PREDICATE", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_TOPOLOGY_FILTER", RCS, CS_PRIV_NONE },
    { "MI_SET_APPID", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_RS_CONTEXT", RCS, CS_PRIV_NONE },
    { "MI_LOAD_SCAN_LINES_INCL", RCS | BCS, CS_PRIV_NONE },
    { "MI_LOAD_SCAN_LINES_EXCL", RCS | BCS, CS_PRIV_NONE },
    { "MI_MATH", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_FORCE_WAKEUP", RCS | BCS | VCS | VECS, CS_PRIV_NONE },
    { "MI_CLFLUSH", RCS | BCS | VCS | VECS, CS_PRIV_IF_FIELD_SET },
    { "MI_RS_STORE_DATA_IMM", RCS, CS_PRIV_NONE },
};

static void expect_profile(cs_profile profile, const expected_command *expected, size_t expected_count)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    ASSERT_NE(commands, NULL);
    /* Every MI command of the profile is listed; PIPE_CONTROL and the walkers are the non-MI
     * commands the front end owns (the generated pipeline entries are checked below). */
    size_t mi = 0;
    for (size_t i = 0; i < count; i++)
        mi += cs_header_class_of(commands[i].match_value) == CS_CLASS_MI;
    size_t expected_mi = 0;
    for (size_t i = 0; i < expected_count; i++)
        expected_mi += strncmp(expected[i].name, "MI_", 3) == 0;
    EXPECT_EQ(mi, expected_mi);
    for (size_t i = 0; i < expected_count; i++) {
        const cs_command *command = cs_find_command(profile, expected[i].name);
        if (!command) {
            ADD_FAILURE("%s: %s missing", cs_profile_get(profile)->name, expected[i].name);
            continue;
        }
        EXPECT_EQ(command->engines, expected[i].engines);
        EXPECT_EQ(command->privilege, expected[i].privilege);
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
            EXPECT_EQ(cs_command_accepts(command, (cs_engine)e), (expected[i].engines >> e) & 1);
    }
}

TEST(CsTables, Gen6CommandsEnginesPrivilege)
{
    expect_profile(CS_PROFILE_GEN6, gen6_expected, COUNT(gen6_expected));
}

TEST(CsTables, Gen12CommandsEnginesPrivilege)
{
    expect_profile(CS_PROFILE_GEN12, gen12_expected, COUNT(gen12_expected));
}

TEST(CsTables, ProfilesDifferByData)
{
    /* spec 000 §1.3.1: MI_FLUSH is the gen6 render flush; gen8+ dropped it (genxml gen12.xml has
     * no MI_FLUSH; opcode 04h is MI_WAIT_FOR_EVENT_2 there). */
    EXPECT_NE(cs_find_command(CS_PROFILE_GEN6, "MI_FLUSH"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_FLUSH"), NULL);
    EXPECT_NE(cs_find_command(CS_PROFILE_GEN6, "MI_SEMAPHORE_MBOX"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_SEMAPHORE_MBOX"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_SEMAPHORE_WAIT"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "GPGPU_WALKER"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "COMPUTE_WALKER"), NULL);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_PROBE"), NULL);
    /* Same command, different encodings: gen8+ 48-bit addresses make these one dword longer. */
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_BATCH_BUFFER_START")->default_length, 2);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_BATCH_BUFFER_START")->default_length, 3);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_STORE_REGISTER_MEM")->default_length, 3);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_STORE_REGISTER_MEM")->default_length, 4);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "PIPE_CONTROL")->default_length, 5);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "PIPE_CONTROL")->default_length, 6);
}

TEST(CsTables, ProfilesAndEngines)
{
    cs_profile profile = CS_PROFILE_COUNT;
    EXPECT_TRUE(cs_profile_from_name("gen6", &profile));
    EXPECT_EQ(profile, CS_PROFILE_GEN6);
    EXPECT_TRUE(cs_profile_from_name("gen12", &profile));
    EXPECT_EQ(profile, CS_PROFILE_GEN12);
    EXPECT_FALSE(cs_profile_from_name("gen7", &profile));
    EXPECT_FALSE(cs_profile_from_name(NULL, &profile));
    EXPECT_EQ(cs_profile_get(CS_PROFILE_COUNT), NULL);
    size_t count = 5;
    EXPECT_EQ(cs_profile_commands(CS_PROFILE_COUNT, &count), NULL);
    EXPECT_EQ(count, 0);

    cs_engine engine = CS_ENGINE_COUNT;
    EXPECT_TRUE(cs_engine_from_name("vecs", &engine));
    EXPECT_EQ(engine, CS_ENGINE_VECS);
    EXPECT_FALSE(cs_engine_from_name("ccs", &engine));
    EXPECT_STREQ(cs_engine_name(CS_ENGINE_BCS), "bcs");
    EXPECT_STREQ(cs_engine_name(CS_ENGINE_COUNT), "?");

    /* Sandy Bridge has render, video and blitter streamers; VECS is Haswell and later. */
    EXPECT_TRUE(cs_profile_has_engine(CS_PROFILE_GEN6, CS_ENGINE_RCS));
    EXPECT_TRUE(cs_profile_has_engine(CS_PROFILE_GEN6, CS_ENGINE_BCS));
    EXPECT_TRUE(cs_profile_has_engine(CS_PROFILE_GEN6, CS_ENGINE_VCS));
    EXPECT_FALSE(cs_profile_has_engine(CS_PROFILE_GEN6, CS_ENGINE_VECS));
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        EXPECT_TRUE(cs_profile_has_engine(CS_PROFILE_GEN12, (cs_engine)e));
    EXPECT_FALSE(cs_profile_has_engine(CS_PROFILE_GEN12, CS_ENGINE_COUNT));
}

TEST(CsTables, EngineRegisterBases)
{
    const cs_profile_info *gen6 = cs_profile_get(CS_PROFILE_GEN6);
    const cs_profile_info *gen12 = cs_profile_get(CS_PROFILE_GEN12);
    /* spec 000 §1.1.5.1: RING_BUFFER_TAIL is 2030h, the render ring registers start at 2000h. */
    EXPECT_EQ(gen6->engines[CS_ENGINE_RCS].mmio_base, 0x2000);
    EXPECT_EQ(gen6->engines[CS_ENGINE_VCS].mmio_base, 0x12000);
    EXPECT_EQ(gen6->engines[CS_ENGINE_BCS].mmio_base, 0x22000);
    EXPECT_EQ(gen12->engines[CS_ENGINE_RCS].mmio_base, 0x2000);
    EXPECT_EQ(gen12->engines[CS_ENGINE_BCS].mmio_base, 0x22000);
    /* spec 001 force-wake table: VD0 from 1C0000h, VE0 from 1C8000h. */
    EXPECT_EQ(gen12->engines[CS_ENGINE_VCS].mmio_base, 0x1c0000);
    EXPECT_EQ(gen12->engines[CS_ENGINE_VECS].mmio_base, 0x1c8000);
    /* spec 001 engine classes: render 0, video decode 1, video enhancement 2, copy 3. */
    EXPECT_EQ(gen12->engines[CS_ENGINE_RCS].class_id, 0);
    EXPECT_EQ(gen12->engines[CS_ENGINE_VCS].class_id, 1);
    EXPECT_EQ(gen12->engines[CS_ENGINE_VECS].class_id, 2);
    EXPECT_EQ(gen12->engines[CS_ENGINE_BCS].class_id, 3);
}

/* Well-formedness of one command's fields: inside their dwords, no shared bits, no bits of the
 * header's match or length field, names unique and not the assembler's own words. */
static void check_fields(const cs_profile_info *profile, const cs_command *command)
{
    enum { MAX_DWORDS = 64 };
    uint32_t used[MAX_DWORDS] = { 0 };
    used[0] = command->match_mask;
    if (!command->fixed_length)
        used[0] |= (uint32_t)(((UINT64_C(1) << command->length_width) - 1) << command->length_lo);
    size_t total = command->field_count + command->group_field_count;
    EXPECT_LE(total, 128);
    for (size_t i = 0; i < total; i++) {
        bool grouped = i >= command->field_count;
        const cs_field *field = grouped ? &command->group_fields[i - command->field_count] : &command->fields[i];
        EXPECT_GT(field->width, 0);
        EXPECT_LT(field->lo, 32);
        EXPECT_LE(field->lo + field->width, 64);
        EXPECT_NE(strcmp(field->name, "len"), 0);
        EXPECT_NE(strncmp(field->name, "rsvd", 4), 0);
        for (const char *c = field->name; *c; c++)
            EXPECT_TRUE((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_');
        if (field->format == CS_FMT_BOOL)
            EXPECT_EQ(field->width, 1);
        if (field->format == CS_FMT_ENUM) {
            ASSERT_NE(field->values, NULL);
            for (const cs_enum_value *value = field->values; value->name; value++)
                EXPECT_LE(value->value, cs_field_raw_max(field));
        } else {
            EXPECT_EQ(field->values, NULL);
        }
        for (size_t j = 0; j < i; j++) {
            const cs_field *other = j < command->field_count ? &command->fields[j]
                                                            : &command->group_fields[j - command->field_count];
            if (strcmp(other->name, field->name) == 0)
                ADD_FAILURE("%s %s: field %s twice", profile->name, command->name, field->name);
        }
        uint64_t first = grouped ? command->group_start + field->dword : field->dword;
        if (grouped)
            EXPECT_LE(field->dword + cs_field_span(field), command->group_size);
        uint64_t mask = (field->width >= 64 ? UINT64_MAX : (UINT64_C(1) << field->width) - 1) << field->lo;
        for (unsigned k = 0; k < cs_field_span(field); k++) {
            ASSERT_LT(first + k, MAX_DWORDS);
            uint32_t bits = (uint32_t)(mask >> (32 * k));
            if (used[first + k] & bits)
                ADD_FAILURE("%s %s: field %s overlaps bits 0x%08x of dword %u", profile->name, command->name,
                            field->name, used[first + k] & bits, (unsigned)(first + k));
            used[first + k] |= bits;
        }
    }
}

static void check_table(cs_profile which)
{
    const cs_profile_info *profile = cs_profile_get(which);
    ASSERT_NE(profile, NULL);
    for (size_t i = 0; i < profile->command_count; i++) {
        const cs_command *command = &profile->commands[i];
        EXPECT_NE(command->source, NULL);
        EXPECT_EQ(command->match_value & ~command->match_mask, 0);
        /* Only engines the GT has. */
        for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
            if (command->engines & CS_ENGINE_BIT(e))
                EXPECT_TRUE(profile->engines[e].present);
        }
        EXPECT_NE(command->engines, 0);
        /* Lengths: minimum <= default, both expressible by the header. */
        EXPECT_GE(command->min_length, 1);
        EXPECT_LE(command->min_length, command->default_length);
        EXPECT_GE(command->min_length, cs_command_min_encodable(command));
        EXPECT_LE(command->default_length, cs_command_max_encodable(command));
        if (command->fixed_length) {
            EXPECT_EQ(command->default_length, command->fixed_length);
            EXPECT_EQ(command->group_size, 0);
        } else {
            EXPECT_GT(command->length_width, 0);
            EXPECT_EQ(command->match_mask & (uint32_t)(((UINT64_C(1) << command->length_width) - 1)
                                                       << command->length_lo),
                      0);
        }
        if (command->group_size)
            EXPECT_GE(command->group_start, 1);
        /* Privilege fields name real fields. */
        for (size_t k = 0; k < 2; k++) {
            if (command->privilege_fields[k])
                EXPECT_NE(cs_command_field(command, command->privilege_fields[k], NULL), NULL);
        }
        if (command->privilege == CS_PRIV_IF_FIELD_SET || command->privilege == CS_PRIV_IF_FIELD_CLEAR)
            EXPECT_NE(command->privilege_fields[0], NULL);
        check_fields(profile, command);
        /* No two commands of a profile claim the same header on the same engine, except a
         * generic header-class entry (a wider match, later in the table) behind named ones. */
        for (size_t j = 0; j < i; j++) {
            const cs_command *other = &profile->commands[j];
            uint32_t common = command->match_mask & other->match_mask;
            bool generic = (command->match_mask & other->match_mask) == command->match_mask &&
                           command->match_mask != other->match_mask;
            if (((command->match_value ^ other->match_value) & common) == 0 && (command->engines & other->engines) &&
                !generic)
                ADD_FAILURE("%s: %s and %s match the same headers", profile->name, command->name, other->name);
            EXPECT_NE(strcmp(command->name, other->name), 0);
        }
    }
}

TEST(CsTables, Gen6TableWellFormed)
{
    check_table(CS_PROFILE_GEN6);
}

TEST(CsTables, Gen12TableWellFormed)
{
    check_table(CS_PROFILE_GEN12);
}

TEST(CsTables, RingOnlyCommandsGen6)
{
    /* spec 000 §1.2.3: gen6 MI_ARB_CHECK only in a ring; §1.3.5: MI_REPORT_HEAD not from a batch. */
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_ARB_CHECK")->flags & CS_CMD_RING_ONLY, CS_CMD_RING_ONLY);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_REPORT_HEAD")->flags & CS_CMD_RING_ONLY, CS_CMD_RING_ONLY);
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN6, "MI_NOOP")->flags & CS_CMD_RING_ONLY, 0);
    /* "For Gen7+ it can be in either a ring buffer or batch buffer." */
    EXPECT_EQ(cs_find_command(CS_PROFILE_GEN12, "MI_ARB_CHECK")->flags & CS_CMD_RING_ONLY, 0);
}

/* ---- header classification (spec 002 "Command Header") -------------------------------------- */

TEST(CsHeader, TypeField)
{
    EXPECT_EQ(cs_header_class_of(0x00000000), CS_CLASS_MI);       /* MI_NOOP */
    EXPECT_EQ(cs_header_class_of(0x18800001), CS_CLASS_MI);       /* MI_BATCH_BUFFER_START */
    EXPECT_EQ(cs_header_class_of(0x20000000), CS_CLASS_RESERVED); /* type 1 */
    EXPECT_EQ(cs_header_class_of(0x54c00006), CS_CLASS_2D);       /* XY_SRC_COPY_BLT: type 2, opcode 53h */
    EXPECT_EQ(cs_header_class_of(0x61010008), CS_CLASS_GFX_COMMON); /* STATE_BASE_ADDRESS 3/0/1/1 */
    EXPECT_EQ(cs_header_class_of(0x69040000), CS_CLASS_GFX_SINGLE); /* PIPELINE_SELECT 3/1/1/4 */
    EXPECT_EQ(cs_header_class_of(0x7105000d), CS_CLASS_MEDIA);    /* GPGPU_WALKER 3/2/1/5 */
    EXPECT_EQ(cs_header_class_of(0x70000000), CS_CLASS_MEDIA);    /* MEDIA_VFE_STATE 3/2/0/0 */
    EXPECT_EQ(cs_header_class_of(0x7a000004), CS_CLASS_3D);       /* PIPE_CONTROL 3/3/2/0 */
    EXPECT_EQ(cs_header_class_of(0x7b000005), CS_CLASS_3D);       /* 3DPRIMITIVE 3/3/3/0 */
    EXPECT_EQ(cs_header_class_of(0x80000000), CS_CLASS_RESERVED); /* type 4 */
    EXPECT_EQ(cs_header_class_of(0xa0000000), CS_CLASS_RESERVED); /* type 5 */
    EXPECT_EQ(cs_header_class_of(0xc0000000), CS_CLASS_RESERVED); /* type 6 */
    EXPECT_EQ(cs_header_class_of(0xe0000000), CS_CLASS_FULSIM);   /* type 7: never for hardware */
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_MI), "mi");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_2D), "2d");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_3D), "3d");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_MEDIA), "media");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_GFX_COMMON), "common");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_GFX_SINGLE), "single");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_RESERVED), "reserved");
    EXPECT_STREQ(cs_header_class_name(CS_CLASS_FULSIM), "fulsim");
}

/* Decodes `header` (padded with zeros) and checks the command name and length. */
static void expect_measured(cs_profile profile, cs_engine engine, uint32_t header, const char *name, uint32_t length,
                            unsigned status)
{
    static uint32_t dwords[70000];
    dwords[0] = header;
    cs_decoded decoded;
    cs_decode(profile, engine, dwords, sizeof dwords / sizeof dwords[0], &decoded);
    if (!name) {
        EXPECT_EQ(decoded.command, NULL);
    } else {
        ASSERT_NE(decoded.command, NULL);
        EXPECT_STREQ(decoded.command->name, name);
    }
    EXPECT_EQ(decoded.length, length);
    EXPECT_EQ(decoded.status, status);
}

TEST(CsHeader, EveryWellFormedHeaderIsMeasuredByItsLengthField)
{
    /* spec 002 "Command Header": 2D commands (type 2) are the blitter's, measured by DWord
     * Length 7:0 + 2; named from the 2D Command Map, any other opcode by the generic entry. */
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_BCS, 0x54c00008, "XY_SRC_COPY_BLT", 10, 0);
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_BCS, 0x54c00006, "XY_SRC_COPY_BLT", 8, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_BCS, 0x5bc00001, "BLT_2D", 3, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x54c00008, "XY_SRC_COPY_BLT", 10, CS_DECODE_NOT_ACCEPTED);
    /* GFXPIPE: named per genxml, others by their class; the render engine's only. */
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x78120002, "3DSTATE_CLIP", 4, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x7b000005, "3DPRIMITIVE", 7, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x69040303, "PIPELINE_SELECT", 1, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x61010014, "STATE_BASE_ADDRESS", 22, 0);
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_RCS, 0x61010008, "STATE_BASE_ADDRESS", 10, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x78fe0003, "GFXPIPE_3D", 5, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_VCS, 0x78120002, "3DSTATE_CLIP", 4, CS_DECODE_NOT_ACCEPTED);
    /* Width and bias differ: genxml gen12 3DSTATE_SO_DECL_LIST has a 9-bit length field,
     * MEDIA_OBJECT a 15-bit one, MI_STORE_DATA_IMM a 10-bit one, MFX commands 12 bits. */
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x791701ff, "3DSTATE_SO_DECL_LIST", 0x201, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x71001000, "MEDIA_OBJECT", 0x1002, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x100001fe, "MI_STORE_DATA_IMM", 0x200, 0);
    /* One header, three engines (type 3, pipeline 2, opcode 0, sub-opcode 0). */
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x70000007, "MEDIA_VFE_STATE", 9, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_VCS, 0x70000ffe, "MFX_PIPE_MODE_SELECT", 0x1000, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_VECS, 0x74020000, "VEBOX_STATE", 2, 0);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_VECS, 0x74770001, "VEBOX_CMD", 3, 0);
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_VCS, 0x71280004, "MFD_AVC_BSD_OBJECT", 6, 0);
    /* Reserved: GFXPIPE 3D opcodes 4..7, media opcodes 3..7 on the render engine, pipeline 3 on
     * the video engine, types 1, 4, 5, 6 and 7, and MI opcodes no table lists. */
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x7c000000, NULL, 1, CS_DECODE_UNKNOWN);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x63000000, NULL, 1, CS_DECODE_UNKNOWN);
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_RCS, 0x73000000, "MFX_MPEG2_PIC_STATE", 2, CS_DECODE_NOT_ACCEPTED);
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_VCS, 0x78000000, "GFXPIPE_3D", 2, CS_DECODE_NOT_ACCEPTED);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x20000000, NULL, 1, CS_DECODE_UNKNOWN);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0xe0000000, NULL, 1, CS_DECODE_UNKNOWN);
    expect_measured(CS_PROFILE_GEN12, CS_ENGINE_RCS, 0x04800000, NULL, 1, CS_DECODE_UNKNOWN); /* 09h (HSW) */
    expect_measured(CS_PROFILE_GEN6, CS_ENGINE_RCS, 0x00800000, NULL, 1, CS_DECODE_UNKNOWN);  /* 01h (gen8+) */
    /* Spec 002's Haswell map (MI_URB_ATOMIC_ALLOC 09h, MI_LOAD_URB_MEM 2Ch, MI_STORE_URB_MEM 2Dh;
     * i915 intel_gpu_commands.h defines the last two for its Haswell parser) is in neither genxml
     * gen6.xml nor gen12.xml: reserved in both profiles. */
    for (int p = 0; p < 2; p++) {
        cs_profile profile = p ? CS_PROFILE_GEN12 : CS_PROFILE_GEN6;
        expect_measured(profile, CS_ENGINE_RCS, 0x04800000, NULL, 1, CS_DECODE_UNKNOWN);
        expect_measured(profile, CS_ENGINE_RCS, 0x16000002, NULL, 1, CS_DECODE_UNKNOWN);
        expect_measured(profile, CS_ENGINE_RCS, 0x16800002, NULL, 1, CS_DECODE_UNKNOWN);
    }
    cs_decoded decoded;
    const uint32_t reserved[] = { 0x7c000000 };
    cs_decode(CS_PROFILE_GEN12, CS_ENGINE_RCS, reserved, 1, &decoded);
    EXPECT_EQ(decoded.header_class, CS_CLASS_3D);
    char text[64];
    EXPECT_EQ(cs_format(&decoded, text, sizeof text), strlen("UNKNOWN 0x7c000000"));
    EXPECT_STREQ(text, "UNKNOWN 0x7c000000");
}
