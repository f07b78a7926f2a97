/* Decoder, encoder and formatter over the per-profile command tables (cs_commands.h). */
#include "cs_commands.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands_tables.h"

/* ---- profiles ---------------------------------------------------------------------------- */

static const cs_profile_info *const cs_profiles[CS_PROFILE_COUNT] = {
    [CS_PROFILE_GEN6] = &cs_gen6_profile,
    [CS_PROFILE_GEN12] = &cs_gen12_profile,
};

const cs_profile_info *cs_profile_get(cs_profile profile)
{
    if ((unsigned)profile >= CS_PROFILE_COUNT)
        return NULL;
    return cs_profiles[profile];
}

bool cs_profile_from_name(const char *name, cs_profile *profile)
{
    for (unsigned i = 0; name && i < CS_PROFILE_COUNT; i++) {
        if (strcmp(name, cs_profiles[i]->name) == 0) {
            *profile = (cs_profile)i;
            return true;
        }
    }
    return false;
}

const cs_command *cs_profile_commands(cs_profile profile, size_t *count)
{
    const cs_profile_info *info = cs_profile_get(profile);
    *count = info ? info->command_count : 0;
    return info ? info->commands : NULL;
}

const cs_command *cs_find_command(cs_profile profile, const char *name)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    for (size_t i = 0; name && i < count; i++) {
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    }
    return NULL;
}

static const char *const cs_engine_names[CS_ENGINE_COUNT] = { "rcs", "bcs", "vcs", "vecs" };

bool cs_engine_from_name(const char *name, cs_engine *engine)
{
    for (unsigned i = 0; name && i < CS_ENGINE_COUNT; i++) {
        if (strcmp(name, cs_engine_names[i]) == 0) {
            *engine = (cs_engine)i;
            return true;
        }
    }
    return false;
}

const char *cs_engine_name(cs_engine engine)
{
    return (unsigned)engine < CS_ENGINE_COUNT ? cs_engine_names[engine] : "?";
}

bool cs_profile_has_engine(cs_profile profile, cs_engine engine)
{
    const cs_profile_info *info = cs_profile_get(profile);
    return info && (unsigned)engine < CS_ENGINE_COUNT && info->engines[engine].present;
}

/* ---- header classification --------------------------------------------------------------- */

cs_header_class cs_header_class_of(uint32_t header)
{
    /* spec 002 "Command Header": the client (type) field is bits 31:29 of every header. */
    switch (header >> 29) {
    case 0:
        return CS_CLASS_MI;
    case 2:
        return CS_CLASS_2D;
    case 3:
        /* spec 002: for type 3 the pipeline (sub-type) in 28:27 selects common (0), single
         * dword / non-pipelined (1), media (2) or 3D (3) commands. */
        switch ((header >> 27) & 3) {
        case 0:
            return CS_CLASS_GFX_COMMON;
        case 1:
            return CS_CLASS_GFX_SINGLE;
        case 2:
            return CS_CLASS_MEDIA;
        default:
            return CS_CLASS_3D;
        }
    case 7:
        /* spec 002 note 2: '111' is reserved for fulsim; invalid for hardware to parse. */
        return CS_CLASS_FULSIM;
    default:
        return CS_CLASS_RESERVED;
    }
}

const char *cs_header_class_name(cs_header_class header_class)
{
    switch (header_class) {
    case CS_CLASS_MI:
        return "mi";
    case CS_CLASS_2D:
        return "2d";
    case CS_CLASS_GFX_COMMON:
        return "common";
    case CS_CLASS_GFX_SINGLE:
        return "single";
    case CS_CLASS_MEDIA:
        return "media";
    case CS_CLASS_3D:
        return "3d";
    case CS_CLASS_FULSIM:
        return "fulsim";
    case CS_CLASS_RESERVED:
        break;
    }
    return "reserved";
}

/* ---- fields ------------------------------------------------------------------------------ */

static uint64_t cs_low_mask(unsigned width)
{
    return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

unsigned cs_field_span(const cs_field *field)
{
    return (field->lo + field->width + 31u) / 32u;
}

uint64_t cs_field_raw_max(const cs_field *field)
{
    return cs_low_mask(field->width);
}

uint64_t cs_field_display(const cs_field *field, uint64_t raw)
{
    return field->format == CS_FMT_ADDR ? raw << field->lo : raw;
}

uint64_t cs_field_display_max(const cs_field *field)
{
    return cs_field_display(field, cs_field_raw_max(field));
}

uint64_t cs_field_extract(const cs_field *field, const uint32_t *first)
{
    uint64_t window = first[0];
    if (cs_field_span(field) > 1)
        window |= (uint64_t)first[1] << 32;
    return (window >> field->lo) & cs_low_mask(field->width);
}

void cs_field_insert(const cs_field *field, uint32_t *first, uint64_t raw)
{
    uint64_t mask = cs_low_mask(field->width) << field->lo;
    uint64_t window = first[0];
    bool two = cs_field_span(field) > 1;
    if (two)
        window |= (uint64_t)first[1] << 32;
    window = (window & ~mask) | ((raw << field->lo) & mask);
    first[0] = (uint32_t)window;
    if (two)
        first[1] = (uint32_t)(window >> 32);
}

const char *cs_field_value_name(const cs_field *field, uint64_t raw)
{
    for (const cs_enum_value *value = field->values; value && value->name; value++) {
        if (value->value == raw)
            return value->name;
    }
    return NULL;
}

/* Bits of dword `index` (absolute) covered by a field whose first dword is `first`. */
static uint32_t cs_field_bits_in(const cs_field *field, uint64_t first, uint64_t index)
{
    if (index < first || index >= first + cs_field_span(field))
        return 0;
    uint64_t mask = cs_low_mask(field->width) << field->lo;
    return (uint32_t)(mask >> (32 * (index - first)));
}

/* ---- commands ---------------------------------------------------------------------------- */

uint32_t cs_command_min_encodable(const cs_command *command)
{
    return command->fixed_length ? command->fixed_length : command->length_bias;
}

uint32_t cs_command_max_encodable(const cs_command *command)
{
    if (command->fixed_length)
        return command->fixed_length;
    return (uint32_t)cs_low_mask(command->length_width) + command->length_bias;
}

bool cs_command_accepts(const cs_command *command, cs_engine engine)
{
    return (unsigned)engine < CS_ENGINE_COUNT && (command->engines & CS_ENGINE_BIT(engine)) != 0;
}

const cs_field *cs_command_field(const cs_command *command, const char *name, bool *in_group)
{
    for (size_t i = 0; i < command->field_count; i++) {
        if (strcmp(command->fields[i].name, name) == 0) {
            if (in_group)
                *in_group = false;
            return &command->fields[i];
        }
    }
    for (size_t i = 0; i < command->group_field_count; i++) {
        if (strcmp(command->group_fields[i].name, name) == 0) {
            if (in_group)
                *in_group = true;
            return &command->group_fields[i];
        }
    }
    return NULL;
}

/* Group fields of repetition `instance` start at this dword. */
static uint64_t cs_group_base(const cs_command *command, uint64_t instance)
{
    return command->group_start + instance * command->group_size;
}

/* A field is present (decoded, shown, defined) only when all of its dwords are. */
static bool cs_field_fits(const cs_field *field, uint64_t first, uint64_t length)
{
    return first + cs_field_span(field) <= length;
}

uint32_t cs_command_defined_bits(const cs_command *command, uint32_t index, uint32_t length)
{
    uint32_t bits = 0;
    if (index == 0) {
        bits |= command->match_mask;
        if (!command->fixed_length)
            bits |= (uint32_t)(cs_low_mask(command->length_width) << command->length_lo);
    }
    for (size_t i = 0; i < command->field_count; i++) {
        const cs_field *field = &command->fields[i];
        if (cs_field_fits(field, field->dword, length))
            bits |= cs_field_bits_in(field, field->dword, index);
    }
    if (command->group_size && index >= command->group_start) {
        uint64_t instance = (index - command->group_start) / command->group_size;
        /* A field may spill into the next repetition's dwords, so look one back as well. */
        for (uint64_t k = instance > 0 ? instance - 1 : 0; k <= instance; k++) {
            uint64_t base = cs_group_base(command, k);
            for (size_t i = 0; i < command->group_field_count; i++) {
                const cs_field *field = &command->group_fields[i];
                if (cs_field_fits(field, base + field->dword, length))
                    bits |= cs_field_bits_in(field, base + field->dword, index);
            }
        }
    }
    return bits;
}

/* ---- decoding ---------------------------------------------------------------------------- */

const cs_field cs_opaque_dword[1] = { CS_FA("dw", 0, 31, 0, CS_FMT_HEX) };
const cs_field cs_gfx_header_fields[2] = { CS_FA("opcode", 0, 26, 24, CS_FMT_HEX), CS_FA("subopcode", 0, 23, 16, CS_FMT_HEX) };
const cs_field cs_gfx_op2_fields[2] = { CS_FA("opcode", 0, 25, 24, CS_FMT_HEX), CS_FA("subopcode", 0, 23, 16, CS_FMT_HEX) };
const cs_field cs_gfx_op1_fields[2] = { CS_FA("opcode", 0, 24, 24, CS_FMT_HEX), CS_FA("subopcode", 0, 23, 16, CS_FMT_HEX) };
const cs_field cs_gfx_subop_fields[1] = { CS_FA("subopcode", 0, 23, 16, CS_FMT_HEX) };
const cs_field cs_2d_header_fields[1] = { CS_FA("opcode", 0, 28, 22, CS_FMT_HEX) };

/* The first command of the table that matches the header and is valid on the engine; failing
 * that, the first that matches (decoded, then refused as not accepted). The same header means
 * different commands on different engines (type 3 pipeline 2: media on the render engine, MFX
 * on the video engine, VEBOX on the video enhancement engine; spec 002 header formats), and the
 * tables end with one generic entry per header class, so named commands come first. */
static const cs_command *cs_lookup(cs_profile profile, cs_engine engine, uint32_t header)
{
    size_t count = 0;
    const cs_command *commands = cs_profile_commands(profile, &count);
    const cs_command *first = NULL;
    for (size_t i = 0; i < count; i++) {
        if ((header & commands[i].match_mask) != commands[i].match_value)
            continue;
        if (cs_command_accepts(&commands[i], engine))
            return &commands[i];
        if (!first)
            first = &commands[i];
    }
    return first;
}

/* What cs_decode reports for a header matched to `command` (NULL: unknown). */
static size_t decode_as(cs_profile profile, cs_engine engine, const cs_command *command, const uint32_t *dwords,
                        size_t available, cs_decoded *out)
{
    uint32_t header = dwords[0];
    *out = (cs_decoded){ .header = header, .dwords = dwords, .header_class = cs_header_class_of(header) };
    if (!command) {
        /* What the parser cannot recognise is one dword; the caller goes on with the next. */
        out->status = CS_DECODE_UNKNOWN;
        out->length = 1;
        out->available = 1;
        return 1;
    }
    out->command = command;
    out->length = cs_command_length(command, header);
    out->available = out->length;
    if (out->length > available) {
        out->status |= CS_DECODE_TRUNCATED;
        out->available = (uint32_t)available;
    }
    if (out->length < command->min_length)
        out->status |= CS_DECODE_SHORT;
    if (!cs_profile_has_engine(profile, engine) || !cs_command_accepts(command, engine))
        out->status |= CS_DECODE_NOT_ACCEPTED;
    return out->available;
}

size_t cs_decode(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t available,
                 cs_decoded *out)
{
    if (!dwords || available == 0) {
        *out = (cs_decoded){ .status = CS_DECODE_EMPTY };
        return 0;
    }
    return decode_as(profile, engine, cs_lookup(profile, engine, dwords[0]), dwords, available, out);
}

void cs_decoder_init(cs_decoder *decoder, cs_profile profile, cs_engine engine)
{
    *decoder = (cs_decoder){ .profile = profile, .engine = engine };
    decoder->commands = cs_profile_commands(profile, &decoder->count);
    /* Without the cache (no memory, or a table too large for 16-bit entries) every header is
     * searched, as cs_decode does. */
    decoder->by_key = decoder->count < CS_KEY_NONE ? calloc((size_t)1 << 16, sizeof *decoder->by_key) : NULL;
    decoder->accepted = calloc(decoder->count ? decoder->count : 1, sizeof *decoder->accepted);
    if (!decoder->accepted) {
        free(decoder->by_key);
        decoder->by_key = NULL;
        return;
    }
    for (size_t i = 0; i < decoder->count; i++)
        decoder->accepted[i] = cs_profile_has_engine(profile, engine) && cs_command_accepts(&decoder->commands[i], engine);
}

void cs_decoder_destroy(cs_decoder *decoder)
{
    free(decoder->by_key);
    free(decoder->accepted);
    decoder->by_key = NULL;
    decoder->accepted = NULL;
}

/* The cache entry of a key seen the first time: what cs_lookup returns for every header of the
 * key, when only the key's bits decide it. */
static uint16_t decoder_key(cs_decoder *decoder, uint32_t header)
{
    for (size_t i = 0; i < decoder->count; i++) {
        const cs_command *command = &decoder->commands[i];
        if ((header ^ command->match_value) & command->match_mask & CS_KEY_BITS)
            continue;
        if (command->match_mask & ~CS_KEY_BITS)
            return CS_KEY_SEARCH;
    }
    const cs_command *command = cs_lookup(decoder->profile, decoder->engine, header);
    return command ? (uint16_t)(command - decoder->commands + 1) : CS_KEY_NONE;
}

size_t cs_decoder_decode(cs_decoder *decoder, const uint32_t *dwords, size_t available, cs_decoded *out)
{
    if (!dwords || available == 0) {
        *out = (cs_decoded){ .status = CS_DECODE_EMPTY };
        return 0;
    }
    uint32_t header = dwords[0];
    if (!decoder->by_key)
        return cs_decode(decoder->profile, decoder->engine, dwords, available, out);
    uint16_t *slot = &decoder->by_key[header >> 16];
    if (!*slot)
        *slot = decoder_key(decoder, header);
    if (*slot == CS_KEY_SEARCH || *slot == CS_KEY_NONE)
        return decode_as(decoder->profile, decoder->engine,
                         *slot == CS_KEY_NONE ? NULL : cs_lookup(decoder->profile, decoder->engine, header), dwords,
                         available, out);
    /* decode_as with the entry's acceptance worked out once. */
    size_t index = *slot - 1u;
    const cs_command *command = &decoder->commands[index];
    uint32_t length = cs_command_length(command, header);
    *out = (cs_decoded){ .command = command, .header_class = cs_header_class_of(header), .header = header,
                         .length = length, .available = length, .dwords = dwords };
    if (length > available) {
        out->status |= CS_DECODE_TRUNCATED;
        out->available = (uint32_t)available;
    }
    if (length < command->min_length)
        out->status |= CS_DECODE_SHORT;
    if (!decoder->accepted[index])
        out->status |= CS_DECODE_NOT_ACCEPTED;
    return out->available;
}

void cs_field_iter_init(cs_field_iter *iter, const cs_decoded *decoded)
{
    memset(iter, 0, sizeof *iter);
    iter->decoded = decoded;
}

bool cs_field_iter_next(cs_field_iter *iter, cs_field_value *out)
{
    const cs_decoded *decoded = iter->decoded;
    const cs_command *command = decoded ? decoded->command : NULL;
    if (!command)
        return false;
    while (!iter->in_group && iter->index < command->field_count) {
        const cs_field *field = &command->fields[iter->index++];
        if (!cs_field_fits(field, field->dword, decoded->available))
            continue;
        uint64_t raw = cs_field_extract(field, decoded->dwords + field->dword);
        *out = (cs_field_value){ .field = field, .dword = field->dword, .raw = raw,
                                 .value = cs_field_display(field, raw) };
        return true;
    }
    if (!iter->in_group) {
        iter->in_group = true;
        iter->index = 0;
        iter->instance = 0;
    }
    if (!command->group_size)
        return false;
    for (;;) {
        uint64_t base = cs_group_base(command, iter->instance);
        if (base >= decoded->available)
            return false;
        if (iter->index >= command->group_field_count) {
            iter->index = 0;
            iter->instance++;
            continue;
        }
        const cs_field *field = &command->group_fields[iter->index++];
        uint64_t first = base + field->dword;
        if (!cs_field_fits(field, first, decoded->available))
            continue;
        uint64_t raw = cs_field_extract(field, decoded->dwords + first);
        *out = (cs_field_value){ .field = field, .dword = (uint32_t)first, .instance = iter->instance,
                                 .grouped = true, .raw = raw, .value = cs_field_display(field, raw) };
        return true;
    }
}

bool cs_decoded_field(const cs_decoded *decoded, const char *name, uint32_t instance, uint64_t *value)
{
    cs_field_iter iter;
    cs_field_value field;
    cs_field_iter_init(&iter, decoded);
    while (cs_field_iter_next(&iter, &field)) {
        if (field.instance == instance && strcmp(field.field->name, name) == 0) {
            *value = field.value;
            return true;
        }
    }
    return false;
}

bool cs_decoded_privileged(const cs_decoded *decoded)
{
    const cs_command *command = decoded->command;
    if (!command)
        return false;
    uint64_t value = 0;
    switch (command->privilege) {
    case CS_PRIV_NONE:
        return false;
    case CS_PRIV_ALWAYS:
        return true;
    case CS_PRIV_IF_FIELD_SET:
        for (size_t i = 0; i < 2; i++) {
            const char *name = command->privilege_fields[i];
            if (name && cs_decoded_field(decoded, name, 0, &value) && value)
                return true;
        }
        return false;
    case CS_PRIV_IF_FIELD_CLEAR:
        return command->privilege_fields[0] &&
               cs_decoded_field(decoded, command->privilege_fields[0], 0, &value) && value == 0;
    }
    return false;
}

/* ---- formatting -------------------------------------------------------------------------- */

typedef struct cs_text {
    char *buffer; /* output, may be NULL when size is 0 */
    size_t size;  /* bytes in buffer */
    size_t used;  /* characters the whole text needs so far */
} cs_text;

__attribute__((format(printf, 2, 3))) static void cs_append(cs_text *text, const char *format, ...)
{
    char *at = text->used < text->size ? text->buffer + text->used : NULL;
    size_t room = text->used < text->size ? text->size - text->used : 0;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(at, room, format, args);
    va_end(args);
    if (n > 0)
        text->used += (size_t)n;
}

static void cs_append_value(cs_text *text, const cs_field_value *value)
{
    const cs_field *field = value->field;
    switch (field->format) {
    case CS_FMT_DEC:
    case CS_FMT_BOOL:
        cs_append(text, " %s=%" PRIu64, field->name, value->value);
        return;
    case CS_FMT_ENUM: {
        const char *name = cs_field_value_name(field, value->raw);
        if (name) {
            cs_append(text, " %s=%s", field->name, name);
            return;
        }
        break;
    }
    case CS_FMT_HEX:
    case CS_FMT_ADDR:
        break;
    }
    cs_append(text, " %s=0x%" PRIx64, field->name, value->value);
}

size_t cs_format(const cs_decoded *decoded, char *buffer, size_t size)
{
    cs_text text = { .buffer = buffer, .size = size };
    if (size)
        buffer[0] = '\0';
    if (decoded->status & CS_DECODE_EMPTY)
        return 0;
    const cs_command *command = decoded->command;
    if (!command) {
        cs_append(&text, "UNKNOWN 0x%08" PRIx32, decoded->header);
        return text.used;
    }
    cs_append(&text, "%s len=%" PRIu32, command->name, decoded->length);
    cs_field_iter iter;
    cs_field_value value;
    cs_field_iter_init(&iter, decoded);
    while (cs_field_iter_next(&iter, &value)) {
        if (value.grouped || (value.field->flags & CS_FIELD_ALWAYS) || value.raw != 0)
            cs_append_value(&text, &value);
    }
    /* Set bits outside every field (MBZ bits, or dwords past the fields) are shown so the text
     * assembles back to the same dwords. */
    for (uint32_t i = 0; i < decoded->available; i++) {
        uint32_t reserved = decoded->dwords[i] & ~cs_command_defined_bits(command, i, decoded->available);
        if (reserved)
            cs_append(&text, " rsvd%" PRIu32 "=0x%" PRIx32, i, reserved);
    }
    return text.used;
}

/* ---- encoding ---------------------------------------------------------------------------- */

const char *cs_encode_status_text(cs_encode_status status)
{
    switch (status) {
    case CS_ENCODE_OK:
        return "ok";
    case CS_ENCODE_UNKNOWN_FIELD:
        return "no such field";
    case CS_ENCODE_DUPLICATE:
        return "field given twice";
    case CS_ENCODE_RANGE:
        return "value out of range";
    case CS_ENCODE_ALIGN:
        return "address not aligned";
    case CS_ENCODE_LENGTH_RANGE:
        return "length cannot be encoded";
    case CS_ENCODE_LENGTH_SHORT:
        return "length too short for the fields given";
    case CS_ENCODE_RESERVED_OVERLAP:
        return "reserved bits overlap a field";
    case CS_ENCODE_CAPACITY:
        return "output buffer too small";
    }
    return "?";
}

/* "rsvdN" -> N. */
static bool cs_reserved_name(const char *name, uint64_t *index)
{
    if (strncmp(name, "rsvd", 4) != 0 || name[4] == '\0')
        return false;
    uint64_t value = 0;
    for (const char *c = name + 4; *c; c++) {
        if (*c < '0' || *c > '9' || value > UINT32_MAX)
            return false;
        value = value * 10 + (uint64_t)(*c - '0');
    }
    *index = value;
    return true;
}

static cs_encode_status cs_fail(cs_encode_result *result, cs_encode_status status, size_t setting)
{
    result->status = status;
    result->setting = setting;
    return status;
}

cs_encode_status cs_encode(const cs_command *command, uint32_t length, const cs_setting *settings,
                           size_t setting_count, uint32_t *out, size_t capacity, cs_encode_result *result)
{
    cs_encode_result ignored;
    if (!result)
        result = &ignored;
    *result = (cs_encode_result){ .status = CS_ENCODE_OK };

    /* Pass 1: every setting names a field, fits it, and is given once; find the dwords needed. */
    uint64_t needed = 1;
    size_t needed_by = 0;
    for (size_t i = 0; i < setting_count; i++) {
        const cs_setting *setting = &settings[i];
        for (size_t j = 0; j < i; j++) {
            if (settings[j].instance == setting->instance && strcmp(settings[j].name, setting->name) == 0)
                return cs_fail(result, CS_ENCODE_DUPLICATE, i);
        }
        uint64_t last = 0;
        uint64_t index = 0;
        if (cs_reserved_name(setting->name, &index)) {
            if (setting->instance)
                return cs_fail(result, CS_ENCODE_DUPLICATE, i);
            if (setting->value > UINT32_MAX)
                return cs_fail(result, CS_ENCODE_RANGE, i);
            last = index;
        } else {
            bool grouped = false;
            const cs_field *field = cs_command_field(command, setting->name, &grouped);
            if (!field)
                return cs_fail(result, CS_ENCODE_UNKNOWN_FIELD, i);
            if (!grouped && setting->instance)
                return cs_fail(result, CS_ENCODE_DUPLICATE, i);
            if (field->format == CS_FMT_ADDR && (setting->value & cs_low_mask(field->lo)))
                return cs_fail(result, CS_ENCODE_ALIGN, i);
            if (setting->value > cs_field_display_max(field))
                return cs_fail(result, CS_ENCODE_RANGE, i);
            uint64_t first = grouped ? cs_group_base(command, setting->instance) + field->dword : field->dword;
            last = first + cs_field_span(field) - 1;
        }
        if (last + 1 > needed) {
            needed = last + 1;
            needed_by = i;
        }
    }

    /* The length: asked for, or the default grown to what the fields need. */
    uint64_t total = length;
    if (total == 0) {
        total = command->default_length > needed ? command->default_length : needed;
        if (command->fixed_length && total > command->fixed_length)
            return cs_fail(result, CS_ENCODE_LENGTH_SHORT, needed_by);
        if (total > cs_command_max_encodable(command))
            return cs_fail(result, CS_ENCODE_LENGTH_RANGE, needed_by);
    } else {
        if (total < cs_command_min_encodable(command) || total > cs_command_max_encodable(command))
            return cs_fail(result, CS_ENCODE_LENGTH_RANGE, setting_count);
        if (total < needed)
            return cs_fail(result, CS_ENCODE_LENGTH_SHORT, needed_by);
    }
    result->length = (uint32_t)total;
    if (total > capacity || !out)
        return cs_fail(result, CS_ENCODE_CAPACITY, setting_count);

    /* Pass 2: write. */
    memset(out, 0, (size_t)total * sizeof *out);
    out[0] = command->match_value;
    if (!command->fixed_length)
        out[0] |= (uint32_t)(((total - command->length_bias) & cs_low_mask(command->length_width))
                             << command->length_lo);
    for (size_t i = 0; i < setting_count; i++) {
        const cs_setting *setting = &settings[i];
        uint64_t index = 0;
        if (cs_reserved_name(setting->name, &index))
            continue;
        bool grouped = false;
        const cs_field *field = cs_command_field(command, setting->name, &grouped);
        uint64_t first = grouped ? cs_group_base(command, setting->instance) + field->dword : field->dword;
        uint64_t raw = field->format == CS_FMT_ADDR ? setting->value >> field->lo : setting->value;
        cs_field_insert(field, out + first, raw);
    }
    /* Reserved bits last: they may only fill bits no field of this length defines. */
    for (size_t i = 0; i < setting_count; i++) {
        uint64_t index = 0;
        if (!cs_reserved_name(settings[i].name, &index))
            continue;
        uint32_t bits = (uint32_t)settings[i].value;
        if (bits & cs_command_defined_bits(command, (uint32_t)index, (uint32_t)total))
            return cs_fail(result, CS_ENCODE_RESERVED_OVERLAP, i);
        out[index] |= bits;
    }
    return CS_ENCODE_OK;
}
