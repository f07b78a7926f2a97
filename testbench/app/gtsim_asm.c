/* `gtsim asm`: assembles the text form of commands into little-endian dwords
 * (docs/reference/commands.md "Assembly"). Field names, ranges and encodings all come from the profile's
 * command table through cs_encode(); this file only reads text and reports errors where they
 * are, as FILE:LINE:COL: message. */
#include "gtsim_asm.h"
#include "gtsim_line.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_cli.h"
#include "tlm_alloc.h"

/* ---- tokens -------------------------------------------------------------------------------- */

typedef gtsim_token gtsim_asm_token; /* gtsim_line.h */

/* One `name=value` of the line being assembled. */
typedef struct gtsim_asm_item {
    cs_setting setting;   /* what goes to cs_encode (name fixed up before the call) */
    const cs_field *field; /* the field, or NULL for rsvdN */
    size_t name_column;   /* where the token starts */
    size_t value_column;  /* where its value starts */
    uint64_t last_dword;  /* the last dword the setting touches */
    char name[64];        /* the NUL-terminated name for rsvdN */
} gtsim_asm_item;

typedef struct gtsim_asm_parser {
    cs_profile profile;      /* command table in use */
    gtsim_asm_result *result;   /* what is being built */
    size_t line;             /* 1-based number of the line being read */
    gtsim_asm_token *tokens;    /* the current line's tokens */
    size_t token_count;      /* entries in tokens */
    size_t token_capacity;   /* allocated entries */
    size_t end_column;       /* just past the line's last token */
    bool line_failed;        /* the current line already has its error */
    gtsim_asm_item *items;      /* the current line's fields */
    size_t item_count;       /* entries in items */
    size_t item_capacity;    /* allocated entries */
    cs_setting *settings;    /* the items' settings, contiguous for cs_encode */
    size_t setting_capacity; /* allocated entries */
} gtsim_asm_parser;

/* Splits [start, end) into tokens (gtsim_line.h). */
static void gtsim_asm_tokenize(gtsim_asm_parser *parser, const char *text, size_t start, size_t end)
{
    gtsim_line_split(text, start, end, &parser->tokens, &parser->token_count, &parser->token_capacity,
                  &parser->end_column);
}

/* Copies a token into a NUL-terminated buffer; false if it does not fit (or holds a NUL). */
static bool gtsim_asm_copy(const char *text, size_t length, char *out, size_t size)
{
    if (length >= size || memchr(text, '\0', length))
        return false;
    memcpy(out, text, length);
    out[length] = '\0';
    return true;
}

/* ---- errors -------------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static void gtsim_asm_fail(gtsim_asm_parser *parser, size_t column,
                                                               const char *format, ...)
{
    if (parser->line_failed)
        return;
    parser->line_failed = true;
    va_list args;
    va_start(args, format);
    gtsim_line_error_add(&parser->result->errors, &parser->result->error_count, &parser->result->errors_truncated, GTSIM_ASM_MAX_ERRORS, parser->line,
                         column, format, args);
    va_end(args);
}

/* ---- numbers ------------------------------------------------------------------------------- */

typedef enum gtsim_asm_number {
    GTSIM_ASM_NUMBER_OK,      /* *value holds it */
    GTSIM_ASM_NUMBER_INVALID, /* not decimal digits nor 0x followed by hex digits */
    GTSIM_ASM_NUMBER_OVERFLOW /* well formed but above 2^64 - 1 */
} gtsim_asm_number;

/* Decimal or 0x/0X hex, as in scenario files: no sign, no suffix, leading zeros are decimal. */
static gtsim_asm_number gtsim_asm_number_value(const char *text, size_t length, uint64_t *value)
{
    unsigned base = 10;
    size_t i = 0;
    if (length > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (i == length)
        return GTSIM_ASM_NUMBER_INVALID;
    uint64_t result = 0;
    bool overflow = false;
    for (; i < length; i++) {
        int c = (unsigned char)text[i];
        int digit = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
        if (digit < 0 || (unsigned)digit >= base)
            return GTSIM_ASM_NUMBER_INVALID;
        if (result > (UINT64_MAX - (unsigned)digit) / base)
            overflow = true; /* keep scanning: a bad digit later makes it "not a number" */
        else
            result = result * base + (unsigned)digit;
    }
    if (overflow)
        return GTSIM_ASM_NUMBER_OVERFLOW;
    *value = result;
    return GTSIM_ASM_NUMBER_OK;
}

/* ---- lines --------------------------------------------------------------------------------- */

static void gtsim_asm_emit(gtsim_asm_parser *parser, const uint32_t *dwords, size_t count)
{
    gtsim_asm_result *result = parser->result;
    result->dwords =
        tlm_alloc_grow(result->dwords, &result->capacity, result->count + count, sizeof *result->dwords, 16);
    memcpy(result->dwords + result->count, dwords, count * sizeof *dwords);
    result->count += count;
    result->commands++;
}

/* `dw`, `UNKNOWN`, `TRUNCATED`: raw dwords. */
static void gtsim_asm_raw(gtsim_asm_parser *parser, size_t first)
{
    const gtsim_asm_token *keyword = &parser->tokens[first - 1];
    char name[64];
    gtsim_token_describe(keyword->text, keyword->length, name, sizeof name);
    if (first >= parser->token_count) {
        gtsim_asm_fail(parser, parser->end_column, "expected a dword (a number) after %s, got end of line", name);
        return;
    }
    size_t count = parser->token_count - first;
    uint32_t *dwords = tlm_alloc_resize(NULL, count, sizeof *dwords);
    for (size_t i = 0; i < count; i++) {
        const gtsim_asm_token *token = &parser->tokens[first + i];
        uint64_t value = 0;
        gtsim_asm_number status = gtsim_asm_number_value(token->text, token->length, &value);
        char shown[160];
        gtsim_token_describe(token->text, token->length, shown, sizeof shown);
        if (status == GTSIM_ASM_NUMBER_INVALID) {
            gtsim_asm_fail(parser, token->column, "expected a dword (a number), got %s", shown);
            free(dwords);
            return;
        }
        if (status == GTSIM_ASM_NUMBER_OVERFLOW || value > UINT32_MAX) {
            gtsim_asm_fail(parser, token->column, "dword %s is out of range 0..0xffffffff", shown);
            free(dwords);
            return;
        }
        dwords[i] = (uint32_t)value;
    }
    gtsim_asm_emit(parser, dwords, count);
    free(dwords);
}

/* "no such mnemonic", with a hint when the case is wrong or another profile has it. */
static void gtsim_asm_unknown_mnemonic(gtsim_asm_parser *parser, const gtsim_asm_token *token)
{
    char shown[160];
    gtsim_token_describe(token->text, token->length, shown, sizeof shown);
    char name[64];
    if (gtsim_asm_copy(token->text, token->length, name, sizeof name)) {
        char upper[64];
        for (size_t i = 0; i <= token->length; i++)
            upper[i] = (char)toupper((unsigned char)name[i]);
        if (strcmp(upper, name) != 0 && cs_find_command(parser->profile, upper)) {
            gtsim_asm_fail(parser, token->column, "unknown mnemonic %s (mnemonics are uppercase: %s)", shown, upper);
            return;
        }
        for (unsigned p = 0; p < CS_PROFILE_COUNT; p++) {
            if (p != (unsigned)parser->profile && cs_find_command((cs_profile)p, upper)) {
                gtsim_asm_fail(parser, token->column, "%s is not a %s command (profile %s has it)", upper,
                             cs_profile_get(parser->profile)->name, cs_profile_get((cs_profile)p)->name);
                return;
            }
        }
    }
    gtsim_asm_fail(parser, token->column, "unknown mnemonic %s (profile %s; see docs/reference/commands.md)", shown,
                 cs_profile_get(parser->profile)->name);
}

/* "has no field 'x' (fields: a, b, ...)". */
static void gtsim_asm_unknown_field(gtsim_asm_parser *parser, const cs_command *command, const char *text, size_t length,
                                 size_t column)
{
    char shown[160];
    gtsim_token_describe(text, length, shown, sizeof shown);
    char list[160] = "";
    size_t used = 0;
    size_t total = command->field_count + command->group_field_count;
    for (size_t i = 0; i < total; i++) {
        const cs_field *field = i < command->field_count ? &command->fields[i]
                                                         : &command->group_fields[i - command->field_count];
        size_t need = strlen(field->name) + (i ? 2 : 0);
        if (used + need + 5 >= sizeof list) {
            memcpy(list + used, ", ...", 6); /* room kept for it: the list stays one line */
            break;
        }
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", field->name);
    }
    if (total)
        gtsim_asm_fail(parser, column, "%s has no field %s (fields: %s; also len, rsvdN)", command->name, shown, list);
    else
        gtsim_asm_fail(parser, column, "%s has no field %s (it has none; only len and rsvdN)", command->name, shown);
}

/* The list of a field's value names, for messages. */
static void gtsim_asm_value_names(const cs_field *field, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (const cs_enum_value *value = field->values; value && value->name && used + 1 < size; value++) {
        int n = snprintf(out + used, size - used, "%s%s", used ? ", " : "", value->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* Reads `name=value` for a field of `command` into a new item; false (error recorded) if the
 * token is malformed or the value does not fit. */
static bool gtsim_asm_field(gtsim_asm_parser *parser, const cs_command *command, const gtsim_asm_token *token,
                         uint32_t *counts, bool *have_length, uint32_t *length)
{
    const char *equals = memchr(token->text, '=', token->length);
    char shown[160];
    gtsim_token_describe(token->text, token->length, shown, sizeof shown);
    if (!equals || equals == token->text) {
        gtsim_asm_fail(parser, token->column, "expected FIELD=VALUE, got %s", shown);
        return false;
    }
    size_t name_length = (size_t)(equals - token->text);
    const char *value_text = equals + 1;
    size_t value_length = token->length - name_length - 1;
    size_t value_column = token->column + name_length + 1;
    char name[64];
    bool name_fits = gtsim_asm_copy(token->text, name_length, name, sizeof name);
    char name_shown[160];
    gtsim_token_describe(token->text, name_length, name_shown, sizeof name_shown);
    if (value_length == 0) {
        gtsim_asm_fail(parser, value_column, "expected a value after '%.*s=', got nothing", (int)name_length, token->text);
        return false;
    }
    char value_shown[160];
    gtsim_token_describe(value_text, value_length, value_shown, sizeof value_shown);

    uint64_t value = 0;
    gtsim_asm_number number = gtsim_asm_number_value(value_text, value_length, &value);

    if (name_fits && strcmp(name, "len") == 0) {
        if (*have_length) {
            gtsim_asm_fail(parser, token->column, "len given twice");
            return false;
        }
        if (number == GTSIM_ASM_NUMBER_INVALID) {
            gtsim_asm_fail(parser, value_column, "expected a number for len, got %s", value_shown);
            return false;
        }
        if (number == GTSIM_ASM_NUMBER_OVERFLOW || value < cs_command_min_encodable(command) ||
            value > cs_command_max_encodable(command)) {
            gtsim_asm_fail(parser, value_column, "len %s is out of range %" PRIu32 "..%" PRIu32 " for %s", value_shown,
                         cs_command_min_encodable(command), cs_command_max_encodable(command), command->name);
            return false;
        }
        *have_length = true;
        *length = (uint32_t)value;
        return true;
    }

    parser->items =
        tlm_alloc_grow(parser->items, &parser->item_capacity, parser->item_count + 1, sizeof *parser->items, 16);
    gtsim_asm_item *item = &parser->items[parser->item_count];
    memset(item, 0, sizeof *item);
    item->name_column = token->column;
    item->value_column = value_column;

    bool grouped = false;
    const cs_field *field = name_fits ? cs_command_field(command, name, &grouped) : NULL;
    if (!field) {
        /* rsvdN: bits of dword N outside every field, as the disassembler shows them. */
        unsigned long long index = 0;
        char tail = '\0';
        if (!name_fits || sscanf(name, "rsvd%llu%c", &index, &tail) != 1 || strncmp(name, "rsvd", 4) != 0 ||
            !isdigit((unsigned char)name[4]) || index > UINT32_MAX) {
            gtsim_asm_unknown_field(parser, command, token->text, name_length, token->column);
            return false;
        }
        if (number == GTSIM_ASM_NUMBER_INVALID) {
            gtsim_asm_fail(parser, value_column, "expected a number for %s, got %s", name_shown, value_shown);
            return false;
        }
        if (number == GTSIM_ASM_NUMBER_OVERFLOW || value > UINT32_MAX) {
            gtsim_asm_fail(parser, value_column, "value %s for %s is out of range 0..0xffffffff", value_shown, name_shown);
            return false;
        }
        snprintf(item->name, sizeof item->name, "%s", name);
        item->setting.value = value;
        item->last_dword = index;
        parser->item_count++;
        return true;
    }

    size_t slot = grouped ? command->field_count + (size_t)(field - command->group_fields)
                          : (size_t)(field - command->fields);
    if (!grouped && counts[slot]) {
        gtsim_asm_fail(parser, token->column, "field %s given twice", name_shown);
        return false;
    }
    uint32_t instance = grouped ? counts[slot] : 0;
    counts[slot]++;

    if (number == GTSIM_ASM_NUMBER_INVALID) {
        const cs_enum_value *named = NULL;
        for (const cs_enum_value *candidate = field->values; candidate && candidate->name; candidate++) {
            if (strlen(candidate->name) == value_length && memcmp(candidate->name, value_text, value_length) == 0)
                named = candidate;
        }
        if (!named) {
            if (field->format == CS_FMT_ENUM) {
                char names[200];
                gtsim_asm_value_names(field, names, sizeof names);
                gtsim_asm_fail(parser, value_column, "unknown value %s for %s (a number or one of: %s)", value_shown,
                             name_shown, names);
            } else {
                gtsim_asm_fail(parser, value_column, "expected a number for %s, got %s", name_shown, value_shown);
            }
            return false;
        }
        value = named->value;
    } else if (number == GTSIM_ASM_NUMBER_OVERFLOW || value > cs_field_display_max(field)) {
        /* The range in the field's own notation: hex for data and addresses, decimal for counts. */
        bool hex = field->format == CS_FMT_HEX || field->format == CS_FMT_ADDR;
        gtsim_asm_fail(parser, value_column, hex ? "value %s for %s is out of range 0..0x%" PRIx64
                                              : "value %s for %s is out of range 0..%" PRIu64,
                    value_shown, name_shown, cs_field_display_max(field));
        return false;
    }
    if (field->format == CS_FMT_ADDR && field->lo && (value & ((UINT64_C(1) << field->lo) - 1))) {
        gtsim_asm_fail(parser, value_column, "%s %s is not aligned: bits %u:0 must be zero", name_shown, value_shown,
                     field->lo - 1u);
        return false;
    }
    item->field = field;
    item->setting.instance = instance;
    item->setting.value = value;
    uint64_t first = grouped ? command->group_start + (uint64_t)instance * command->group_size + field->dword
                             : field->dword;
    item->last_dword = first + cs_field_span(field) - 1;
    parser->item_count++;
    return true;
}

/* MNEMONIC field=value ... */
static void gtsim_asm_command(gtsim_asm_parser *parser, size_t at)
{
    const gtsim_asm_token *mnemonic = &parser->tokens[at];
    char name[64];
    const cs_command *command = NULL;
    if (gtsim_asm_copy(mnemonic->text, mnemonic->length, name, sizeof name))
        command = cs_find_command(parser->profile, name);
    if (!command) {
        gtsim_asm_unknown_mnemonic(parser, mnemonic);
        return;
    }
    /* Occurrences per field (fixed fields, then group fields): the k-th occurrence of a group
     * field belongs to the k-th repetition. */
    size_t slots = command->field_count + command->group_field_count;
    uint32_t *counts = tlm_alloc_zeroed(slots, sizeof *counts);
    parser->item_count = 0;
    bool have_length = false;
    uint32_t length = 0;
    for (size_t i = at + 1; i < parser->token_count; i++) {
        if (!gtsim_asm_field(parser, command, &parser->tokens[i], counts, &have_length, &length)) {
            free(counts);
            return;
        }
    }
    free(counts);

    parser->settings = tlm_alloc_grow(parser->settings, &parser->setting_capacity, parser->item_count + 1,
                                      sizeof *parser->settings, 16);
    for (size_t i = 0; i < parser->item_count; i++) {
        gtsim_asm_item *item = &parser->items[i];
        item->setting.name = item->field ? item->field->name : item->name;
        parser->settings[i] = item->setting;
    }
    uint32_t capacity = cs_command_max_encodable(command);
    uint32_t *dwords = tlm_alloc_resize(NULL, capacity, sizeof *dwords);
    cs_encode_result result;
    cs_encode_status status = cs_encode(command, have_length ? length : 0, parser->settings, parser->item_count,
                                        dwords, capacity, &result);
    const gtsim_asm_item *item = result.setting < parser->item_count ? &parser->items[result.setting] : NULL;
    size_t column = item ? item->name_column : mnemonic->column;
    const char *what = item ? item->setting.name : "";
    switch (status) {
    case CS_ENCODE_OK:
        gtsim_asm_emit(parser, dwords, result.length);
        break;
    case CS_ENCODE_LENGTH_SHORT:
        if (have_length)
            gtsim_asm_fail(parser, column, "'%s' is in dword %" PRIu64 ", beyond len=%" PRIu32, what,
                         item ? item->last_dword : 0, length);
        else
            gtsim_asm_fail(parser, column, "'%s' is in dword %" PRIu64 ", beyond %s's %" PRIu32 " dword%s", what,
                         item ? item->last_dword : 0, command->name, cs_command_max_encodable(command),
                         cs_command_max_encodable(command) == 1 ? "" : "s");
        break;
    case CS_ENCODE_LENGTH_RANGE:
        gtsim_asm_fail(parser, column, "%s with '%s' needs %" PRIu64 " dwords, more than its header can express (%" PRIu32
                     " at most)",
                     command->name, what, item ? item->last_dword + 1 : 0, cs_command_max_encodable(command));
        break;
    case CS_ENCODE_RESERVED_OVERLAP: {
        uint64_t index = item ? item->last_dword : 0;
        uint32_t defined = cs_command_defined_bits(command, (uint32_t)index, result.length ? result.length : 1);
        gtsim_asm_fail(parser, item ? item->value_column : column,
                     "%s=0x%" PRIx64 " overlaps bits 0x%08" PRIx32 " that fields of dword %" PRIu64 " define", what,
                     item ? item->setting.value : 0, defined, index);
        break;
    }
    case CS_ENCODE_DUPLICATE:
        gtsim_asm_fail(parser, column, "field '%s' given twice", what);
        break;
    default:
        /* The checks above already rejected everything else; say what the encoder said. */
        gtsim_asm_fail(parser, column, "%s: %s", command->name, cs_encode_status_text(status));
        break;
    }
    free(dwords);
}

static void gtsim_asm_line(gtsim_asm_parser *parser)
{
    if (parser->token_count == 0)
        return;
    size_t at = 0;
    const gtsim_asm_token *first = &parser->tokens[0];
    /* "0x00000010:" as the disassembler prints it: an offset label, ignored. */
    if (first->text[first->length - 1] == ':') {
        uint64_t offset = 0;
        if (first->length == 1 || gtsim_asm_number_value(first->text, first->length - 1, &offset) != GTSIM_ASM_NUMBER_OK) {
            char shown[160];
            gtsim_token_describe(first->text, first->length, shown, sizeof shown);
            gtsim_asm_fail(parser, first->column, "expected an offset label (a number and ':'), got %s", shown);
            return;
        }
        at = 1;
        if (at == parser->token_count) {
            gtsim_asm_fail(parser, parser->end_column,
                        "expected a mnemonic or dw after the offset label, got end of line");
            return;
        }
    }
    const gtsim_asm_token *keyword = &parser->tokens[at];
    static const char *const raw_keywords[] = { "dw", "UNKNOWN", "TRUNCATED" };
    for (size_t i = 0; i < sizeof raw_keywords / sizeof raw_keywords[0]; i++) {
        size_t length = strlen(raw_keywords[i]);
        if (keyword->length == length && memcmp(keyword->text, raw_keywords[i], length) == 0) {
            gtsim_asm_raw(parser, at + 1);
            return;
        }
    }
    gtsim_asm_command(parser, at);
}

gtsim_asm_result *gtsim_asm_parse(cs_profile profile, const char *text, size_t length)
{
    gtsim_asm_result *result = tlm_alloc_resize(NULL, 1, sizeof *result);
    memset(result, 0, sizeof *result);
    gtsim_asm_parser parser = { .profile = profile, .result = result };
    size_t start = 0;
    while (start < length && !result->errors_truncated) {
        size_t end = start;
        while (end < length && text[end] != '\n')
            end++;
        size_t next = end < length ? end + 1 : end;
        if (end > start && text[end - 1] == '\r' && end < length)
            end--; /* CRLF files: the \r before \n is not part of the line */
        parser.line++;
        parser.line_failed = false;
        gtsim_asm_tokenize(&parser, text, start, end);
        gtsim_asm_line(&parser);
        start = next;
    }
    free(parser.tokens);
    free(parser.items);
    free(parser.settings);
    return result;
}

void gtsim_asm_free(gtsim_asm_result *result)
{
    if (!result)
        return;
    free(result->dwords);
    free(result->errors);
    free(result);
}

void gtsim_asm_print_errors(const gtsim_asm_result *result, const char *name, FILE *out)
{
    for (size_t i = 0; i < result->error_count; i++) {
        const gtsim_asm_error *error = &result->errors[i];
        fprintf(out, "%s:%zu:%zu: %s\n", name, error->line, error->column, error->message);
    }
    if (result->errors_truncated)
        fprintf(out, "%s: too many errors; stopped reading after %d\n", name, GTSIM_ASM_MAX_ERRORS);
}

/* ---- the command ----------------------------------------------------------------------------- */

/* What the command line asks for. */
typedef struct gtsim_asm_cli {
    cs_profile profile; /* --profile */
    const char *file;   /* FILE */
    const char *output; /* -o OUT */
} gtsim_asm_cli;

static void gtsim_asm_usage(FILE *out);

static int gtsim_asm_profile(void *context, const char *value)
{
    if (!cs_profile_from_name(value, &((gtsim_asm_cli *)context)->profile))
        return gtsim_cli_usage_error("asm", "unknown profile '%s' (gen6, gen12)", value);
    return -1;
}

static int gtsim_asm_output(void *context, const char *value)
{
    gtsim_asm_cli *cli = context;
    if (cli->output)
        return gtsim_cli_usage_error("asm", "one output only (got '%s' and '%s')", cli->output, value);
    cli->output = value;
    return -1;
}

static int gtsim_asm_file(void *context, const char *arg)
{
    gtsim_asm_cli *cli = context;
    if (cli->file)
        return gtsim_cli_usage_error("asm", "one FILE only (got '%s' and '%s')", cli->file, arg);
    cli->file = arg;
    return -1;
}

static const gtsim_cli_option gtsim_asm_options[] = {
    { "--profile", "P", .handle = gtsim_asm_profile, .help = "command table: gen12 (default) or gen6" },
    { "-o, --output", "OUT", .handle = gtsim_asm_output, .help = "the file to write" },
    { "-h, --help", .usage = true, .help = "show this help" },
    { 0 },
};

static const gtsim_cli_command gtsim_asm_cli_command = {
    .tool = "asm", .options = gtsim_asm_options, .operand = gtsim_asm_file, .print_usage = gtsim_asm_usage,
    .double_dash = true, .help_column = 21,
};

static void gtsim_asm_usage(FILE *out)
{
    fputs("usage: gtsim asm [--profile gen6|gen12] FILE -o OUT\n"
          "\n"
          "Assembles FILE, one command per line, into OUT as little-endian dwords:\n"
          "  MNEMONIC [len=N] [field=value ...]   e.g. MI_STORE_DATA_IMM address=0x1000 data=7\n"
          "  dw VALUE ...                          raw dwords\n"
          "Values are decimal or 0x hex (enum fields also take their names); '#' starts a comment.\n"
          "The output of 'gtsim dis' is valid input. See docs/reference/commands.md.\n"
          "\n"
          "options:\n",
          out);
    gtsim_cli_print_options(&gtsim_asm_cli_command, out);
}

static bool gtsim_asm_write(const char *path, const uint32_t *dwords, size_t count)
{
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "gtsim asm: cannot write '%s': %s\n", path, strerror(errno));
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < count && ok; i++) {
        unsigned char bytes[4] = { (unsigned char)dwords[i], (unsigned char)(dwords[i] >> 8),
                                   (unsigned char)(dwords[i] >> 16), (unsigned char)(dwords[i] >> 24) };
        ok = fwrite(bytes, 1, sizeof bytes, file) == sizeof bytes;
    }
    int error = ok ? 0 : errno;
    if (fclose(file) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok)
        fprintf(stderr, "gtsim asm: cannot write '%s': %s\n", path, strerror(error));
    return ok;
}

int gtsim_asm_main(int argc, char **argv)
{
    gtsim_asm_cli cli = { .profile = CS_PROFILE_GEN12 };
    int status = gtsim_cli_parse(&gtsim_asm_cli_command, argc, argv, &cli);
    if (status >= 0)
        return status;
    cs_profile profile = cli.profile;
    const char *file = cli.file;
    const char *output = cli.output;
    if (!file)
        return gtsim_cli_usage_error("asm", "no FILE given");
    if (!output)
        return gtsim_cli_usage_error("asm", "no output given (-o OUT)");

    unsigned char *bytes = NULL;
    size_t length = 0;
    char message[512];
    if (!gtsim_file_read(file, &bytes, &length, message, sizeof message)) {
        fprintf(stderr, "gtsim asm: %s\n", message);
        return 2;
    }
    gtsim_asm_result *result = gtsim_asm_parse(profile, (const char *)bytes, length);
    free(bytes);
    status = 0;
    if (result->error_count || result->errors_truncated) {
        gtsim_asm_print_errors(result, file, stderr);
        status = 2;
    } else if (!gtsim_asm_write(output, result->dwords, result->count)) {
        status = 2;
    }
    gtsim_asm_free(result);
    return status;
}
