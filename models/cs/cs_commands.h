/* Command streamer command tables and decoder (docs/reference/commands.md).
 *
 * Every command a profile knows is described once, as data: how its header dword is
 * recognised, how its length is found (a fixed length, or the DWord Length field plus a bias),
 * which engines accept it, whether it is privileged, and its fields (dword, bits, how to show
 * them). Decoding, disassembly (`gtsim dis`), assembly (`gtsim asm`) and, later, execution all
 * read the same tables, so a profile is data and not a copy of the code (DESIGN §6).
 *
 * Sources: spec 000 (gen6 MI commands, from line 3543) and spec 002 (command header formats,
 * MI command map, privileged commands, per-engine command lists) first; where they are silent
 * (gen8+ encodings, walkers, MI_FLUSH_DW, PIPE_CONTROL), public facts from Mesa's genxml and
 * Linux i915, each recorded in docs/facts.md. Each table entry names its source.
 *
 * Nothing here allocates but cs_decoder_init (its key cache); every function is safe on any
 * input (random dwords included). */
#ifndef CS_COMMANDS_H
#define CS_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- profiles and engines ---------------------------------------------------------------- */

typedef enum cs_profile {
    CS_PROFILE_GEN6,  /* Sandy Bridge-class: spec 000 exactly */
    CS_PROFILE_GEN12, /* Tiger Lake-class: gen8+ 64-bit encodings (the default profile) */
    CS_PROFILE_COUNT
} cs_profile;

typedef enum cs_engine {
    CS_ENGINE_RCS,  /* render */
    CS_ENGINE_BCS,  /* blitter (copy) */
    CS_ENGINE_VCS,  /* video (decode/encode) */
    CS_ENGINE_VECS, /* video enhancement; absent on gen6 (spec 002: VECS is [HSW]+) */
    CS_ENGINE_COUNT
} cs_engine;

#define CS_ENGINE_BIT(engine) (1u << (unsigned)(engine))
#define CS_ENGINES_ALL (CS_ENGINE_BIT(CS_ENGINE_RCS) | CS_ENGINE_BIT(CS_ENGINE_BCS) | \
                        CS_ENGINE_BIT(CS_ENGINE_VCS) | CS_ENGINE_BIT(CS_ENGINE_VECS))

typedef struct cs_engine_info {
    const char *name;     /* short name used on command lines: "rcs", "bcs", "vcs", "vecs" */
    const char *title;    /* what it is: "render", "blitter", ... */
    bool present;         /* false: the profile's GT has no such engine */
    uint8_t class_id;     /* engine class (spec 001 §engine classes: render 0, video 1, VE 2, copy 3) */
    uint32_t mmio_base;   /* start of the engine's command streamer registers in the MMIO BAR */
} cs_engine_info;

/* ---- command descriptors ----------------------------------------------------------------- */

/* How a field's value is written by the disassembler and read by the assembler. */
typedef enum cs_field_format {
    CS_FMT_HEX,  /* the field's bits as a number, shown 0x%x */
    CS_FMT_DEC,  /* the field's bits as a number, shown in decimal */
    CS_FMT_BOOL, /* a one-bit flag; shown (as 1) only when set */
    CS_FMT_ENUM, /* a number with names (cs_field.values); unnamed numbers are shown 0x%x */
    CS_FMT_ADDR  /* an address or offset kept in place: the value is the byte address, whose low
                    bits (below the field's lowest bit) are zero; shown 0x%x */
} cs_field_format;

/* A field is shown even when zero (operands: addresses, data, register offsets). Fields of a
 * repeating group are always shown, so that the k-th occurrence of a name is the k-th group. */
#define CS_FIELD_ALWAYS 0x1u

typedef struct cs_enum_value {
    const char *name;     /* lowercase name as written in assembly; NULL ends the list */
    uint64_t value;       /* the field's bits */
} cs_enum_value;

typedef struct cs_field {
    const char *name;            /* lowercase name as written in assembly: "address" */
    uint8_t dword;               /* dword of its lowest bit, from the command start (or group start) */
    uint8_t lo;                  /* lowest bit within that dword, 0..31 */
    uint8_t width;               /* bits, 1..64; lo + width <= 64 (may run into the next dword) */
    cs_field_format format;      /* how it is shown and parsed */
    uint8_t flags;               /* CS_FIELD_* */
    const cs_enum_value *values; /* names for CS_FMT_ENUM, NULL-terminated; NULL otherwise */
} cs_field;

/* What a command does when parsed in a non-privileged (non-secure) batch buffer. */
typedef enum cs_privilege {
    CS_PRIV_NONE,           /* allowed anywhere */
    CS_PRIV_ALWAYS,         /* privileged: only from a ring or a secure batch */
    CS_PRIV_IF_FIELD_SET,   /* privileged when any of privilege_fields is nonzero (a GGTT select) */
    CS_PRIV_IF_FIELD_CLEAR  /* privileged when privilege_fields[0] is zero (SDX to the global HWSP) */
} cs_privilege;

/* spec 000 §1.2.3, §1.3.5: gen6 MI_ARB_CHECK and MI_REPORT_HEAD belong in a ring, never in a
 * batch buffer. */
#define CS_CMD_RING_ONLY 0x1u

typedef struct cs_command {
    const char *name;             /* mnemonic: "MI_STORE_DATA_IMM" */
    uint32_t match_mask;          /* header bits that identify the command... */
    uint32_t match_value;         /* ...and their value (type, opcode, sub-opcodes) */
    uint16_t fixed_length;        /* nonzero: the length in dwords, not taken from the header */
    uint8_t length_lo;            /* DWord Length field: lowest bit in the header */
    uint8_t length_width;         /* DWord Length field: bits */
    uint8_t length_bias;          /* total length = DWord Length + bias (spec: "Length Bias") */
    uint16_t min_length;          /* dwords its required fields occupy; shorter is flagged */
    uint16_t default_length;      /* dwords the assembler emits when nothing asks for more */
    uint8_t engines;              /* CS_ENGINE_BIT set of engines that accept it */
    cs_privilege privilege;       /* behaviour in a non-privileged batch buffer */
    const char *privilege_fields[2]; /* the GGTT (or HWSP) selects; decide CS_PRIV_IF_FIELD_* */
    uint32_t flags;               /* CS_CMD_* */
    const cs_field *fields;       /* fields at fixed dwords */
    size_t field_count;           /* entries in fields */
    uint8_t group_start;          /* first dword of a repeating group (0: no group) */
    uint8_t group_size;           /* dwords per repetition */
    const cs_field *group_fields; /* fields of one repetition, dwords relative to its start */
    size_t group_field_count;     /* entries in group_fields */
    const char *source;           /* where the encoding comes from, e.g. "spec 000 §1.3.8" */
} cs_command;

typedef struct cs_profile_info {
    const char *name;                          /* "gen6", "gen12" */
    const cs_command *commands;                /* the profile's command table */
    size_t command_count;                      /* entries in commands */
    cs_engine_info engines[CS_ENGINE_COUNT];   /* indexed by cs_engine */
} cs_profile_info;

/* NULL for a profile out of range. */
const cs_profile_info *cs_profile_get(cs_profile profile);
/* "gen6"/"gen12" -> profile; false for anything else. */
bool cs_profile_from_name(const char *name, cs_profile *profile);
/* The profile's command table; *count gets its size (0 and NULL for a bad profile). */
const cs_command *cs_profile_commands(cs_profile profile, size_t *count);
/* The command with this mnemonic (exact, uppercase), or NULL. */
const cs_command *cs_find_command(cs_profile profile, const char *name);
/* "rcs"/"bcs"/"vcs"/"vecs" -> engine; false for anything else. */
bool cs_engine_from_name(const char *name, cs_engine *engine);
/* "rcs", ... ("?" out of range). */
const char *cs_engine_name(cs_engine engine);
/* True if the profile's GT has the engine. */
bool cs_profile_has_engine(cs_profile profile, cs_engine engine);

/* ---- header classification (spec 002 "Command Header": the type field, bits 31:29) ------- */

typedef enum cs_header_class {
    CS_CLASS_MI,           /* type 0: memory interface commands */
    CS_CLASS_2D,           /* type 2: blitter (2D) commands */
    CS_CLASS_GFX_COMMON,   /* type 3, pipeline 0: common state (STATE_BASE_ADDRESS, ...) */
    CS_CLASS_GFX_SINGLE,   /* type 3, pipeline 1: single dword and non-pipelined (PIPELINE_SELECT) */
    CS_CLASS_MEDIA,        /* type 3, pipeline 2: media / GPGPU (render), MFX (video) */
    CS_CLASS_3D,           /* type 3, pipeline 3: 3D state, PIPE_CONTROL, 3DPRIMITIVE */
    CS_CLASS_RESERVED,     /* types 1, 4, 5, 6 */
    CS_CLASS_FULSIM        /* type 7: reserved for the simulator, invalid for hardware */
} cs_header_class;

cs_header_class cs_header_class_of(uint32_t header);
/* "mi", "2d", "common", "single", "media", "3d", "reserved", "fulsim". */
const char *cs_header_class_name(cs_header_class header_class);

/* ---- decoding ---------------------------------------------------------------------------- */

#define CS_DECODE_UNKNOWN      0x01u /* no command of the profile matches the header */
#define CS_DECODE_TRUNCATED    0x02u /* the header's length runs past the dwords available */
#define CS_DECODE_NOT_ACCEPTED 0x04u /* the engine does not accept it (or the GT has no such engine) */
#define CS_DECODE_SHORT        0x08u /* the header's length is below the command's minimum */
#define CS_DECODE_EMPTY        0x10u /* nothing to decode: no dwords available */

typedef struct cs_decoded {
    const cs_command *command;      /* NULL when unknown or empty */
    cs_header_class header_class;   /* from bits 31:29 (and 28:27), known even when unknown */
    uint32_t header;                /* the first dword */
    uint32_t length;                /* dwords the command occupies per its header (1 if unknown) */
    uint32_t available;             /* dwords of it that are present: min(length, available) */
    unsigned status;                /* CS_DECODE_* bits; 0 for a complete, accepted command */
    const uint32_t *dwords;         /* its first dword, in the caller's buffer */
} cs_decoded;

/* Decodes the command at dwords[0], looking at no more than `available` dwords. Returns the
 * dwords to advance by: 0 only when available is 0; 1 for an unknown header; the header's
 * length for a complete command; `available` for a truncated one. So a loop over a buffer
 * accounts for every dword and never reads past it. */
size_t cs_decode(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t available,
                 cs_decoded *out);

/* A decoder for one profile and engine: cs_decode's results, with the table searched once per
 * header key (bits 31:16, which hold every field the tables match on except for the few
 * commands that also match lower bits: those keys are searched every time) instead of once
 * per command. The engine's parser and the benchmarks' fetch-and-decode limit use it. */
typedef struct cs_decoder {
    cs_profile profile;          /* the profile's table */
    cs_engine engine;            /* the engine whose acceptance is checked */
    const cs_command *commands;  /* the profile's command table */
    size_t count;                /* its entries */
    uint16_t *by_key;            /* per header >> 16: 0 not looked up yet, else an entry + 1 or a CS_KEY_* */
    bool *accepted;              /* per entry: the engine accepts it (and the profile has the engine) */
} cs_decoder;

/* by_key values besides entry + 1: no command has the key; a command of the key matches lower
 * bits too, so the table is searched with the whole header. */
#define CS_KEY_NONE 0xfffeu
#define CS_KEY_SEARCH 0xffffu
#define CS_KEY_BITS 0xffff0000u

/* The table entry a header names when its key was decoded before and its bits alone decide it
 * (what cs_decoder_decode would find); -1 otherwise, and cs_decoder_decode is the way. */
static inline long cs_decoder_entry(const cs_decoder *decoder, uint32_t header)
{
    uint16_t slot = decoder->by_key ? decoder->by_key[header >> 16] : 0;
    return slot == 0 || slot >= CS_KEY_NONE ? -1 : (long)slot - 1;
}

/* Fills the decoder (its key cache is allocated zeroed: pages fill as keys are seen). */
void cs_decoder_init(cs_decoder *decoder, cs_profile profile, cs_engine engine);
void cs_decoder_destroy(cs_decoder *decoder);
/* Exactly cs_decode(decoder's profile, engine, dwords, available, out). */
size_t cs_decoder_decode(cs_decoder *decoder, const uint32_t *dwords, size_t available, cs_decoded *out);

/* The length a header gives for this command (fixed or field + bias); inline, as the parser
 * asks it for every command. */
static inline uint32_t cs_command_length(const cs_command *command, uint32_t header)
{
    if (command->fixed_length)
        return command->fixed_length;
    uint64_t mask = command->length_width >= 32 ? UINT32_MAX : (UINT64_C(1) << command->length_width) - 1u;
    return (uint32_t)((header >> command->length_lo) & mask) + command->length_bias;
}
/* Lowest and highest length the header can express. */
uint32_t cs_command_min_encodable(const cs_command *command);
uint32_t cs_command_max_encodable(const cs_command *command);
/* True if the engine accepts the command. */
bool cs_command_accepts(const cs_command *command, cs_engine engine);
/* The command's field with this name (fixed fields first, then group fields), or NULL;
 * *in_group tells which. */
const cs_field *cs_command_field(const cs_command *command, const char *name, bool *in_group);
/* Bits of dword `index` that the header match, the length field or a field of a command of
 * `length` dwords define; the rest are reserved (MBZ). */
uint32_t cs_command_defined_bits(const cs_command *command, uint32_t index, uint32_t length);

/* Whether this instance is privileged (depends on its GGTT/HWSP select for some commands). */
bool cs_decoded_privileged(const cs_decoded *decoded);

/* ---- fields ------------------------------------------------------------------------------ */

/* Dwords a field spans (1 or 2). */
unsigned cs_field_span(const cs_field *field);
/* Largest raw value (the field's bits) and the value as shown (addresses in bytes). */
uint64_t cs_field_raw_max(const cs_field *field);
uint64_t cs_field_display_max(const cs_field *field);
/* Raw bits <-> shown value (only CS_FMT_ADDR differs: shown = raw << lo). */
uint64_t cs_field_display(const cs_field *field, uint64_t raw);
/* The raw bits of a field whose first dword is `first`; the caller makes sure the field's
 * dwords are present. */
uint64_t cs_field_extract(const cs_field *field, const uint32_t *first);
/* Writes raw bits into the field (bits above its width are dropped). */
void cs_field_insert(const cs_field *field, uint32_t *first, uint64_t raw);
/* The name of a field's value (enum names), or NULL. */
const char *cs_field_value_name(const cs_field *field, uint64_t raw);

typedef struct cs_field_value {
    const cs_field *field;  /* which field */
    uint32_t dword;         /* index of its first dword within the command */
    uint32_t instance;      /* group repetition (0 for fixed fields) */
    bool grouped;           /* true for a field of the repeating group */
    uint64_t raw;           /* its bits, shifted down */
    uint64_t value;         /* as shown: cs_field_display(field, raw) */
} cs_field_value;

/* Walks the fields of a decoded command that lie within its present dwords: fixed fields in
 * table order, then each group repetition in order. */
typedef struct cs_field_iter {
    const cs_decoded *decoded; /* the command walked */
    size_t index;              /* next fixed field, or next field of the current repetition */
    uint32_t instance;         /* current group repetition */
    bool in_group;             /* past the fixed fields */
} cs_field_iter;

void cs_field_iter_init(cs_field_iter *iter, const cs_decoded *decoded);
bool cs_field_iter_next(cs_field_iter *iter, cs_field_value *out);

/* The shown value of field `name` (repetition `instance`), if present. */
bool cs_decoded_field(const cs_decoded *decoded, const char *name, uint32_t instance, uint64_t *value);

/* Formats one decoded command as the disassembler shows it, without the offset:
 * "NAME len=N field=value ..." (fields shown per CS_FIELD_ALWAYS / nonzero; set bits outside
 * every field as rsvdN=0x...), or "UNKNOWN 0xXXXXXXXX". Like snprintf: returns the length the
 * whole text needs and writes at most size - 1 characters plus a NUL. */
size_t cs_format(const cs_decoded *decoded, char *buffer, size_t size);

/* ---- encoding ---------------------------------------------------------------------------- */

typedef struct cs_setting {
    const char *name;     /* field name, or "rsvdN" for bits of dword N outside every field */
    uint32_t instance;    /* group repetition (0 for fixed fields) */
    uint64_t value;       /* as shown by the disassembler: addresses in bytes, enums as numbers */
} cs_setting;

typedef enum cs_encode_status {
    CS_ENCODE_OK,              /* encoded */
    CS_ENCODE_UNKNOWN_FIELD,   /* no field of that name */
    CS_ENCODE_DUPLICATE,       /* the same field (and repetition) set twice */
    CS_ENCODE_RANGE,           /* value does not fit the field */
    CS_ENCODE_ALIGN,           /* address with bits set below the field */
    CS_ENCODE_LENGTH_RANGE,    /* the length cannot be expressed by the header */
    CS_ENCODE_LENGTH_SHORT,    /* a field lies beyond the requested length */
    CS_ENCODE_RESERVED_OVERLAP,/* an rsvdN value touches defined bits */
    CS_ENCODE_CAPACITY         /* the output buffer is too small */
} cs_encode_status;

typedef struct cs_encode_result {
    cs_encode_status status;  /* CS_ENCODE_OK or what went wrong */
    size_t setting;           /* index of the offending setting (when there is one) */
    uint32_t length;          /* the command's length in dwords (also when capacity is short) */
} cs_encode_result;

/* Encodes `command` with `length` dwords (0: max(default_length, what the settings need)) into
 * out[0..length). Fields not set are zero. */
cs_encode_status cs_encode(const cs_command *command, uint32_t length, const cs_setting *settings,
                           size_t setting_count, uint32_t *out, size_t capacity, cs_encode_result *result);
const char *cs_encode_status_text(cs_encode_status status);

#ifdef __cplusplus
}
#endif

#endif /* CS_COMMANDS_H */
