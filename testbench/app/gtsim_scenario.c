#include "gtsim_scenario.h"

#include "gtsim_cli.h"

#include "cs_commands.h"
#include "eu_kernel.h"
#include "gtsim_asm.h"
#include "gtsim_line.h"
#include "tlm_alloc.h"

#include <errno.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- tokens ---------------------------------------------------------------------------- */

/* gtsim_token: gtsim_line.h */

/* What the ring verbs know of one engine's ring. All of it follows from the file alone (the
 * statements run in order, without branches), so the software tail is kept here and every
 * `emit` and `submit` is resolved to addresses when the file is parsed. */
typedef struct gtsim_ring_state {
    bool set_up;       /* a `ring` statement for the engine came before */
    uint64_t start;    /* ring start (graphics address) */
    uint32_t bytes;    /* ring size */
    uint32_t tail;     /* software tail: byte offset where the next `emit` writes */
    uint32_t pending;  /* bytes emitted since the last `submit` (or `ring`) */
} gtsim_ring_state;

typedef struct gtsim_parser {
    gtsim_scenario *scenario;  /* what is being built */
    size_t line;            /* 1-based number of the line being parsed */
    gtsim_token *tokens;       /* the current line's tokens (reused from line to line) */
    size_t token_count;     /* entries in tokens */
    size_t token_capacity;  /* allocated entries */
    size_t next;            /* index of the first token not yet consumed */
    size_t end_column;      /* just past the line's last token: where a missing token is reported */
    uint32_t *dwords;       /* dwords of the current mem statement, copied out when it parses */
    size_t dword_capacity;  /* allocated entries in dwords */
    bool line_failed;       /* this line already has its error */
    bool seen_statement;    /* a statement (good or bad) came before, so `profile` is too late */
    gtsim_ring_state rings[CS_ENGINE_COUNT]; /* per engine: the ring the verbs write, as set by `ring` */
    bool has_batch;         /* `batch ADDR` came before, so `bemit` has a cursor */
    uint64_t batch_cursor;  /* graphics address the next `bemit` writes at */
    const char *keywords[GTSIM_STMT_KIND_COUNT + 2]; /* "profile", then each verb keyword once (NULL-terminated) */
    gtsim_statement_kind keyword_rows[GTSIM_STMT_KIND_COUNT + 1]; /* per keywords[] entry: its first row */
    char keyword_message[256]; /* "a statement (profile, mmio, ...)": what a line starts with */
} gtsim_parser;

/* Splits [start, end) into tokens (gtsim_line.h). */
static void gtsim_tokenize(gtsim_parser *parser, const char *text, size_t start, size_t end)
{
    parser->next = 0;
    gtsim_line_split(text, start, end, &parser->tokens, &parser->token_count, &parser->token_capacity,
                  &parser->end_column);
}

/* The token quoted for a message (gtsim_token_describe), or "end of line" for a missing one. */
static void gtsim_describe(const gtsim_token *token, char *out, size_t size)
{
    if (!token)
        snprintf(out, size, "end of line");
    else
        gtsim_token_describe(token->text, token->length, out, size);
}

/* ---- errors ---------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static void gtsim_error_at(gtsim_parser *parser, size_t column, const char *format,
                                                              ...)
{
    if (parser->line_failed)
        return;
    parser->line_failed = true;
    va_list args;
    va_start(args, format);
    gtsim_line_error_add(&parser->scenario->errors, &parser->scenario->error_count, &parser->scenario->errors_truncated, GTSIM_SCENARIO_MAX_ERRORS, parser->line,
                         column, format, args);
    va_end(args);
}

static gtsim_token *gtsim_peek(gtsim_parser *parser)
{
    return parser->next < parser->token_count ? &parser->tokens[parser->next] : NULL;
}

/* The line's first token: the keyword of the statement being parsed. */
static const gtsim_token *gtsim_statement_keyword(const gtsim_parser *parser)
{
    return &parser->tokens[0];
}

static size_t gtsim_column_of(const gtsim_parser *parser, const gtsim_token *token)
{
    return token ? token->column : parser->end_column;
}

/* "expected WHAT, got 'x'" at the next token (or at the end of the line). */
static void gtsim_expected(gtsim_parser *parser, const char *what)
{
    const gtsim_token *token = gtsim_peek(parser);
    char got[160];
    gtsim_describe(token, got, sizeof got);
    gtsim_error_at(parser, gtsim_column_of(parser, token), "expected %s, got %s", what, got);
}

/* ---- keywords -------------------------------------------------------------------------- */

static bool gtsim_token_is(const gtsim_token *token, const char *keyword)
{
    size_t length = strlen(keyword);
    return token && token->length == length && memcmp(token->text, keyword, length) == 0;
}

static bool gtsim_token_is_nocase(const gtsim_token *token, const char *keyword)
{
    size_t length = strlen(keyword);
    if (!token || token->length != length)
        return false;
    for (size_t i = 0; i < length; i++) {
        char c = token->text[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != keyword[i])
            return false;
    }
    return true;
}

/* A keyword written in the wrong case: say so, since it is the likely slip. */
static void gtsim_case_mismatch(gtsim_parser *parser, const gtsim_token *token, const char *what)
{
    char got[160];
    gtsim_describe(token, got, sizeof got);
    gtsim_error_at(parser, token->column, "expected %s, got %s (keywords are lowercase)", what, got);
}

/* Consumes the next token if it is one of `keywords` (NULL-terminated) and returns its index;
 * otherwise records "expected WHAT, got X" (with a hint when only the case is wrong) and
 * returns -1. */
static int gtsim_keyword(gtsim_parser *parser, const char *const *keywords, const char *what)
{
    const gtsim_token *token = gtsim_peek(parser);
    for (int i = 0; keywords[i]; i++) {
        if (gtsim_token_is(token, keywords[i])) {
            parser->next++;
            return i;
        }
    }
    for (int i = 0; keywords[i]; i++) {
        if (gtsim_token_is_nocase(token, keywords[i])) {
            gtsim_case_mismatch(parser, token, what);
            return -1;
        }
    }
    gtsim_expected(parser, what);
    return -1;
}

/* Consumes `keyword` if it comes next; a case-only mismatch is an error (hence the int). */
static int gtsim_optional_keyword(gtsim_parser *parser, const char *keyword, const char *what)
{
    const gtsim_token *token = gtsim_peek(parser);
    if (!token)
        return 0;
    if (gtsim_token_is(token, keyword)) {
        parser->next++;
        return 1;
    }
    if (gtsim_token_is_nocase(token, keyword)) {
        gtsim_case_mismatch(parser, token, what);
        return -1;
    }
    gtsim_expected(parser, what);
    return -1;
}

static bool gtsim_expect_end(gtsim_parser *parser)
{
    if (!gtsim_peek(parser))
        return true;
    gtsim_expected(parser, "end of line");
    return false;
}

/* ---- numbers --------------------------------------------------------------------------- */

/* What an operand is called in messages and the values it may take. */
typedef struct gtsim_operand {
    const char *name;   /* as in the grammar: "OFFSET", "DW", ... */
    const char *hint;   /* what it looks like, for "expected NAME (hint)" */
    uint64_t min;       /* smallest value accepted */
    uint64_t max;       /* largest value accepted */
    const char *range;  /* min..max as the documentation writes it */
} gtsim_operand;

static const gtsim_operand gtsim_offset = { "OFFSET", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const gtsim_operand gtsim_value = { "VALUE", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const gtsim_operand gtsim_mask = { "MASK", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const gtsim_operand gtsim_dword = { "DW", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const gtsim_operand gtsim_address = { "ADDR", "a number", 0, GTSIM_SCENARIO_GFX_ADDRESS_LIMIT - 1, "0..0xffffffffffff" };
static const gtsim_operand gtsim_class = { "CLASS", "a number", 0, 7, "0..7" };
static const gtsim_operand gtsim_instance = { "INSTANCE", "a number", 0, 63, "0..63" };
static const gtsim_operand gtsim_data16 = { "DATA16", "a number", 0, 0xFFFF, "0..0xffff" };
static const gtsim_operand gtsim_cycles = { "CYCLES", "a number", 1, GTSIM_SCENARIO_MAX_CYCLES, "1..1000000000000" };
static const gtsim_operand gtsim_level = { "LEVEL", "0 or 1", 0, 1, "0..1" };

typedef enum gtsim_number_status {
    GTSIM_NUMBER_OK,        /* *value holds it */
    GTSIM_NUMBER_INVALID,   /* not decimal digits nor 0x followed by hex digits */
    GTSIM_NUMBER_OVERFLOW   /* well formed but above 2^64 - 1 */
} gtsim_number_status;

static int gtsim_hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decimal or 0x/0X hex; no sign, no suffix. Leading zeros are decimal, never octal. */
static gtsim_number_status gtsim_number_value(const gtsim_token *token, uint64_t *value)
{
    const char *text = token->text;
    size_t length = token->length;
    unsigned base = 10;
    size_t i = 0;
    if (length > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        i = 2;
    }
    uint64_t result = 0;
    bool overflow = false;
    for (; i < length; i++) {
        int digit = gtsim_hex_digit(text[i]);
        if (digit < 0 || (unsigned)digit >= base)
            return GTSIM_NUMBER_INVALID;
        if (result > (UINT64_MAX - (unsigned)digit) / base)
            overflow = true; /* keep scanning: a bad digit later makes it "not a number" */
        else
            result = result * base + (unsigned)digit;
    }
    if (overflow)
        return GTSIM_NUMBER_OVERFLOW;
    *value = result;
    return GTSIM_NUMBER_OK;
}

/* Consumes one operand; false (error recorded) if it is missing, malformed or out of range.
 * *where is set to the token so later checks can point at it. */
static bool gtsim_number(gtsim_parser *parser, const gtsim_operand *operand, uint64_t *value, const gtsim_token **where)
{
    const gtsim_token *token = gtsim_peek(parser);
    char what[64];
    snprintf(what, sizeof what, "%s (%s)", operand->name, operand->hint);
    if (!token) {
        gtsim_expected(parser, what);
        return false;
    }
    uint64_t parsed = 0;
    gtsim_number_status status = gtsim_number_value(token, &parsed);
    if (status == GTSIM_NUMBER_INVALID) {
        gtsim_expected(parser, what);
        return false;
    }
    if (status == GTSIM_NUMBER_OVERFLOW || parsed < operand->min || parsed > operand->max) {
        char shown[160];
        gtsim_describe(token, shown, sizeof shown);
        gtsim_error_at(parser, token->column, "%s %s is out of range %s", operand->name, shown, operand->range);
        return false;
    }
    parser->next++;
    *value = parsed;
    if (where)
        *where = token;
    return true;
}

/* A dword at `address` must end at or below 2^48. */
static bool gtsim_dword_fits(gtsim_parser *parser, uint64_t address, const gtsim_token *where)
{
    if (address <= GTSIM_SCENARIO_GFX_ADDRESS_LIMIT - 4)
        return true;
    gtsim_error_at(parser, where->column,
                "dword at 0x%012" PRIx64 " runs past the end of the 48-bit graphics address space", address);
    return false;
}

/* DW [DW ...] up to the end of the line into parser->dwords; each must fit below 2^48. */
static bool gtsim_dword_list(gtsim_parser *parser, uint64_t address, size_t *count)
{
    *count = 0;
    do {
        uint64_t value = 0;
        const gtsim_token *where = NULL;
        if (!gtsim_number(parser, &gtsim_dword, &value, &where))
            return false;
        if (!gtsim_dword_fits(parser, address + 4 * (uint64_t)*count, where))
            return false;
        parser->dwords = tlm_alloc_grow(parser->dwords, &parser->dword_capacity, *count + 1, sizeof *parser->dwords, 16);
        parser->dwords[(*count)++] = (uint32_t)value;
    } while (gtsim_peek(parser));
    return true;
}

static uint32_t *gtsim_copy_dwords(const gtsim_parser *parser, size_t count)
{
    uint32_t *copy = tlm_alloc_resize(NULL, count, sizeof *copy);
    memcpy(copy, parser->dwords, count * sizeof *copy);
    return copy;
}

/* ---- statements ------------------------------------------------------------------------ */

static bool gtsim_parse_profile(gtsim_parser *parser, const gtsim_token *keyword, bool first)
{
    if (!first) {
        gtsim_error_at(parser, keyword->column, "profile must be the first statement");
        return false;
    }
    static const char *const profiles[] = { "gen12", "gen6", NULL };
    int which = gtsim_keyword(parser, profiles, "profile name 'gen12' or 'gen6'");
    if (which < 0 || !gtsim_expect_end(parser))
        return false;
    parser->scenario->profile = profiles[which];
    parser->scenario->profile_line = parser->line;
    parser->scenario->profile_column = keyword->column;
    return true;
}

static bool gtsim_parse_mmio(gtsim_parser *parser, gtsim_statement *statement)
{
    static const char *const verbs[] = { "write", "read", NULL };
    int verb = gtsim_keyword(parser, verbs, "'write' or 'read' after 'mmio'");
    if (verb < 0 || !gtsim_number(parser, &gtsim_offset, &statement->address, NULL))
        return false;
    uint64_t number = 0;
    if (verb == 0) {
        statement->kind = GTSIM_STMT_MMIO_WRITE;
        if (!gtsim_number(parser, &gtsim_value, &number, NULL))
            return false;
        statement->value = (uint32_t)number;
        return gtsim_expect_end(parser);
    }
    statement->kind = GTSIM_STMT_MMIO_READ;
    statement->mask = UINT32_MAX;
    int expect = gtsim_optional_keyword(parser, "expect", "'expect' or end of line");
    if (expect <= 0)
        return expect == 0;
    statement->has_expect = true;
    if (!gtsim_number(parser, &gtsim_value, &number, NULL))
        return false;
    statement->value = (uint32_t)number;
    int mask = gtsim_optional_keyword(parser, "mask", "'mask' or end of line");
    if (mask <= 0)
        return mask == 0;
    if (!gtsim_number(parser, &gtsim_mask, &number, NULL))
        return false;
    statement->mask = (uint32_t)number;
    return gtsim_expect_end(parser);
}

/* `mem load ADDR FILE`: FILE, little-endian dwords, relative to the scenario file's directory
 * (docs/guide/scenarios.md), read now into the statement; it then runs as a `mem write`. */
static bool gtsim_parse_mem_load(gtsim_parser *parser, gtsim_statement *statement, const gtsim_token *address_token)
{
    const gtsim_token *file = gtsim_peek(parser);
    if (!file) {
        gtsim_error_at(parser, parser->end_column, "expected a file name after the address");
        return false;
    }
    parser->next++;
    if (!gtsim_expect_end(parser))
        return false;
    const char *name = parser->scenario->name;
    const char *slash = strrchr(name, '/');
    size_t directory = file->text[0] == '/' || !slash ? 0 : (size_t)(slash - name) + 1;
    char *path = tlm_alloc_resize(NULL, directory + file->length + 1, 1);
    memcpy(path, name, directory);
    memcpy(path + directory, file->text, file->length);
    path[directory + file->length] = '\0';
    statement->path = path;
    uint8_t *bytes = NULL;
    size_t size = 0;
    char message[512];
    if (!gtsim_file_read(path, &bytes, &size, message, sizeof message)) { /* bounded: GTSIM_FILE_MAX_BYTES */
        gtsim_error_at(parser, file->column, "%s", message);
        return false;
    }
    size_t count = size / 4;
    if (size % 4 != 0 || size == 0 || statement->address > GTSIM_SCENARIO_GFX_ADDRESS_LIMIT - size) {
        if (size % 4 != 0 || size == 0)
            gtsim_error_at(parser, file->column, "'%s' holds %zu bytes, not a whole number of dwords", path, size);
        else
            gtsim_error_at(parser, address_token->column,
                        "%zu dwords at 0x%012" PRIx64 " run past the end of the 48-bit graphics address space",
                        count, statement->address);
        free(bytes);
        return false;
    }
    statement->kind = GTSIM_STMT_MEM_WRITE;
    statement->dwords = tlm_alloc_resize(NULL, count, sizeof *statement->dwords);
    for (size_t i = 0; i < count; i++)
        statement->dwords[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                               (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    statement->dword_count = count;
    free(bytes);
    return true;
}

static bool gtsim_parse_mem(gtsim_parser *parser, gtsim_statement *statement)
{
    static const char *const verbs[] = { "write", "read", "load", NULL };
    int verb = gtsim_keyword(parser, verbs, "'write', 'read' or 'load' after 'mem'");
    const gtsim_token *address_token = NULL;
    if (verb < 0 || !gtsim_number(parser, &gtsim_address, &statement->address, &address_token))
        return false;
    if (verb == 2)
        return gtsim_parse_mem_load(parser, statement, address_token);
    size_t count = 0;
    if (verb == 0) {
        statement->kind = GTSIM_STMT_MEM_WRITE;
        if (!gtsim_dword_list(parser, statement->address, &count))
            return false;
    } else {
        statement->kind = GTSIM_STMT_MEM_READ;
        int expect = gtsim_optional_keyword(parser, "expect", "'expect' or end of line");
        if (expect < 0)
            return false;
        if (expect == 0)
            return gtsim_dword_fits(parser, statement->address, address_token);
        statement->has_expect = true;
        if (!gtsim_dword_list(parser, statement->address, &count))
            return false;
    }
    statement->dwords = gtsim_copy_dwords(parser, count);
    statement->dword_count = count;
    return true;
}

static bool gtsim_parse_irq(gtsim_parser *parser, gtsim_statement *statement)
{
    static const char *const verbs[] = { "raise", NULL };
    uint64_t engine_class = 0, instance = 0, data = 0;
    if (gtsim_keyword(parser, verbs, "'raise' after 'irq'") < 0 || !gtsim_number(parser, &gtsim_class, &engine_class, NULL) ||
        !gtsim_number(parser, &gtsim_instance, &instance, NULL) || !gtsim_number(parser, &gtsim_data16, &data, NULL) ||
        !gtsim_expect_end(parser))
        return false;
    statement->kind = GTSIM_STMT_IRQ_RAISE;
    statement->engine_class = (unsigned)engine_class;
    statement->instance = (unsigned)instance;
    statement->data = (unsigned)data;
    return true;
}

static bool gtsim_parse_run(gtsim_parser *parser, gtsim_statement *statement)
{
    const gtsim_token *token = gtsim_peek(parser);
    bool numeric = token && token->text[0] >= '0' && token->text[0] <= '9';
    if (!numeric) {
        static const char *const idle[] = { "idle", NULL };
        if (gtsim_keyword(parser, idle, "CYCLES (a number) or 'idle' after 'run'") < 0)
            return false;
        statement->kind = GTSIM_STMT_RUN_IDLE;
        statement->cycles = GTSIM_SCENARIO_IDLE_DEFAULT_CYCLES;
        int max = gtsim_optional_keyword(parser, "max", "'max' or end of line");
        if (max <= 0)
            return max == 0;
        return gtsim_number(parser, &gtsim_cycles, &statement->cycles, NULL) && gtsim_expect_end(parser);
    }
    statement->kind = GTSIM_STMT_RUN;
    return gtsim_number(parser, &gtsim_cycles, &statement->cycles, NULL) && gtsim_expect_end(parser);
}

static bool gtsim_parse_expect(gtsim_parser *parser, gtsim_statement *statement)
{
    static const char *const what[] = { "irq", NULL };
    uint64_t level = 0;
    if (gtsim_keyword(parser, what, "'irq' after 'expect'") < 0 || !gtsim_number(parser, &gtsim_level, &level, NULL) ||
        !gtsim_expect_end(parser))
        return false;
    statement->kind = GTSIM_STMT_EXPECT_IRQ;
    statement->level = (unsigned)level;
    return true;
}

/* ---- higher-level verbs: rings and batches from mnemonics ------------------------------ */

static const gtsim_operand gtsim_ring_address = { "ADDR", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const gtsim_operand gtsim_pages = { "N", "a number", 1, GTSIM_SCENARIO_MAX_RING_PAGES, "1..512" };

/* The scenario's profile as the command tables name it (the parser only accepts known names). */
static cs_profile gtsim_parser_profile(const gtsim_parser *parser)
{
    cs_profile profile = CS_PROFILE_GEN12;
    cs_profile_from_name(parser->scenario->profile, &profile);
    return profile;
}

/* ENGINE: one of the profile's engines; -1 (error recorded) otherwise. */
static int gtsim_parse_engine(gtsim_parser *parser)
{
    static const char *const names[] = { "rcs", "bcs", "vcs", "vecs", NULL };
    const gtsim_token *token = gtsim_peek(parser);
    int which = gtsim_keyword(parser, names, "ENGINE (rcs, bcs, vcs or vecs)");
    if (which < 0)
        return -1;
    cs_engine engine = CS_ENGINE_RCS;
    cs_engine_from_name(names[which], &engine);
    const cs_profile_info *info = cs_profile_get(gtsim_parser_profile(parser));
    if (!info->engines[engine].present) {
        gtsim_error_at(parser, token->column, "profile %s has no engine '%s'", info->name, names[which]);
        return -1;
    }
    return (int)engine;
}

/* The rest of the line as one line of `gtsim asm` text for the profile: exactly one command
 * (or `dw` dwords). The assembler's first error is this line's error, its column shifted to
 * the file's. On success the dwords are in parser->dwords and *count is set. `engine` >= 0:
 * the command must be one that engine accepts. */
static bool gtsim_parse_command(gtsim_parser *parser, int engine, size_t *count)
{
    const gtsim_token *first = gtsim_peek(parser);
    if (!first) {
        gtsim_expected(parser, "MNEMONIC (a command, or dw)");
        return false;
    }
    const gtsim_token *last = &parser->tokens[parser->token_count - 1];
    size_t length = (size_t)(last->text + last->length - first->text);
    cs_profile profile = gtsim_parser_profile(parser);
    gtsim_asm_result *assembled = gtsim_asm_parse(profile, first->text, length);
    bool ok = assembled->error_count == 0 && !assembled->errors_truncated;
    if (!ok) {
        const gtsim_asm_error *error = &assembled->errors[0];
        gtsim_error_at(parser, first->column + error->column - 1, "%s", error->message);
    } else if (assembled->count == 0) {
        gtsim_expected(parser, "MNEMONIC (a command, or dw)");
        ok = false;
    }
    if (ok && engine >= 0 && !(first->length == 2 && memcmp(first->text, "dw", 2) == 0)) {
        char name[64];
        size_t n = first->length < sizeof name - 1 ? first->length : sizeof name - 1;
        memcpy(name, first->text, n);
        name[n] = '\0';
        const cs_command *command = cs_find_command(profile, name);
        if (command && !(command->engines & CS_ENGINE_BIT((cs_engine)engine))) {
            gtsim_error_at(parser, first->column, "%s is not accepted by %s on %s", name, cs_engine_name((cs_engine)engine),
                        cs_profile_get(profile)->name);
            ok = false;
        }
    }
    if (ok) {
        *count = assembled->count;
        for (size_t i = 0; i < assembled->count; i++) {
            parser->dwords = tlm_alloc_grow(parser->dwords, &parser->dword_capacity, i + 1, sizeof *parser->dwords, 16);
            parser->dwords[i] = assembled->dwords[i];
        }
        parser->next = parser->token_count;
    }
    gtsim_asm_free(assembled);
    return ok;
}

/* A ring verb names an engine whose ring `ring` has set up. */
static gtsim_ring_state *gtsim_parse_ring_engine(gtsim_parser *parser, gtsim_statement *statement, const char *verb)
{
    const gtsim_token *token = gtsim_peek(parser);
    int engine = gtsim_parse_engine(parser);
    if (engine < 0)
        return NULL;
    gtsim_ring_state *ring = &parser->rings[engine];
    if (!ring->set_up) {
        gtsim_error_at(parser, token->column, "%s %s before 'ring %s ADDR'", verb, cs_engine_name((cs_engine)engine),
                    cs_engine_name((cs_engine)engine));
        return NULL;
    }
    statement->engine = (unsigned)engine;
    statement->engine_base = cs_profile_get(gtsim_parser_profile(parser))->engines[engine].mmio_base;
    statement->address = ring->start;
    statement->ring_bytes = ring->bytes;
    statement->ring_offset = ring->tail;
    return ring;
}

static bool gtsim_parse_ring(gtsim_parser *parser, gtsim_statement *statement)
{
    int engine = gtsim_parse_engine(parser);
    const gtsim_token *where = NULL;
    uint64_t start = 0, pages = 1;
    if (engine < 0 || !gtsim_number(parser, &gtsim_ring_address, &start, &where))
        return false;
    if (start % 4096 != 0) {
        gtsim_error_at(parser, where->column, "ring ADDR 0x%" PRIx64 " is not 4 KiB aligned (RING_START bits 11:0 are 0)",
                    start);
        return false;
    }
    int has_pages = gtsim_optional_keyword(parser, "pages", "'pages' or end of line");
    if (has_pages < 0)
        return false;
    const gtsim_token *pages_token = NULL;
    if (has_pages > 0 && (!gtsim_number(parser, &gtsim_pages, &pages, &pages_token) || !gtsim_expect_end(parser)))
        return false;
    if (start + pages * 4096 > (UINT64_C(1) << 32)) {
        gtsim_error_at(parser, pages_token ? pages_token->column : where->column,
                    "ring at 0x%" PRIx64 " of %" PRIu64 " pages runs past 4 GiB (RING_START is 32 bits)", start, pages);
        return false;
    }
    statement->kind = GTSIM_STMT_RING;
    statement->engine = (unsigned)engine;
    statement->engine_base = cs_profile_get(gtsim_parser_profile(parser))->engines[engine].mmio_base;
    statement->address = start;
    statement->ring_bytes = (uint32_t)(pages * 4096);
    parser->rings[engine] = (gtsim_ring_state){ .set_up = true, .start = start, .bytes = statement->ring_bytes };
    return true;
}

static bool gtsim_parse_emit(gtsim_parser *parser, gtsim_statement *statement)
{
    gtsim_ring_state *ring = gtsim_parse_ring_engine(parser, statement, "emit");
    const gtsim_token *mnemonic = gtsim_peek(parser);
    size_t count = 0;
    if (!ring || !gtsim_parse_command(parser, (int)statement->engine, &count))
        return false;
    /* The engine takes HEAD == TAIL as empty, so a ring holds at most its size less a QWord;
     * the submit may add a padding dword. */
    uint64_t pending = ((uint64_t)ring->pending + 4 * (uint64_t)count + 7) & ~UINT64_C(7);
    if (pending > ring->bytes - 8) {
        gtsim_error_at(parser, mnemonic->column,
                    "ring %s overflows: %" PRIu64 " bytes since the last submit, the ring holds %" PRIu32,
                    cs_engine_name((cs_engine)statement->engine), pending, ring->bytes - 8);
        return false;
    }
    statement->kind = GTSIM_STMT_EMIT;
    statement->dwords = gtsim_copy_dwords(parser, count);
    statement->dword_count = count;
    ring->tail = (uint32_t)((ring->tail + 4 * (uint64_t)count) % ring->bytes);
    ring->pending += (uint32_t)(4 * count);
    return true;
}

static bool gtsim_parse_submit(gtsim_parser *parser, gtsim_statement *statement)
{
    gtsim_ring_state *ring = gtsim_parse_ring_engine(parser, statement, "submit");
    if (!ring || !gtsim_expect_end(parser))
        return false;
    statement->kind = GTSIM_STMT_SUBMIT;
    if (ring->tail % 8 != 0) { /* TAIL is QWord-granular: one MI_NOOP (dword 0) fills the gap */
        statement->dwords = tlm_alloc_resize(NULL, 1, sizeof *statement->dwords);
        statement->dwords[0] = 0;
        statement->dword_count = 1;
        ring->tail = (ring->tail + 4) % ring->bytes;
    }
    statement->value = ring->tail;
    ring->pending = 0;
    return true;
}

/* `batch ADDR`: only moves the cursor; kept as a statement so `-v` echoes where a batch goes. */
static bool gtsim_parse_batch(gtsim_parser *parser, gtsim_statement *statement)
{
    const gtsim_token *where = NULL;
    uint64_t address = 0;
    if (!gtsim_number(parser, &gtsim_address, &address, &where))
        return false;
    if (address % 4 != 0) {
        gtsim_error_at(parser, where->column, "batch ADDR 0x%" PRIx64 " is not dword aligned", address);
        return false;
    }
    if (!gtsim_expect_end(parser))
        return false;
    parser->has_batch = true;
    parser->batch_cursor = address;
    statement->kind = GTSIM_STMT_BATCH;
    statement->address = address;
    return true;
}

static bool gtsim_parse_bemit(gtsim_parser *parser, gtsim_statement *statement)
{
    const gtsim_token *keyword = gtsim_statement_keyword(parser);
    if (!parser->has_batch) {
        gtsim_error_at(parser, keyword->column, "bemit before 'batch ADDR'");
        return false;
    }
    const gtsim_token *mnemonic = gtsim_peek(parser);
    size_t count = 0;
    if (!gtsim_parse_command(parser, -1, &count))
        return false;
    if (parser->batch_cursor + 4 * (uint64_t)count > GTSIM_SCENARIO_GFX_ADDRESS_LIMIT) {
        gtsim_error_at(parser, mnemonic->column,
                    "command at 0x%012" PRIx64 " runs past the end of the 48-bit graphics address space",
                    parser->batch_cursor);
        return false;
    }
    statement->kind = GTSIM_STMT_BEMIT;
    statement->address = parser->batch_cursor;
    statement->dwords = gtsim_copy_dwords(parser, count);
    statement->dword_count = count;
    parser->batch_cursor += 4 * (uint64_t)count;
    return true;
}

/* `kernel ADDR NAME`: binds a built-in kernel of the EU array (docs/reference/eu.md) to a kernel start
 * address (genxml: Kernel Start Pointer 47:6, so 64-byte aligned). */
static bool gtsim_parse_kernel(gtsim_parser *parser, gtsim_statement *statement)
{
    const gtsim_token *where = NULL;
    uint64_t address = 0;
    if (!gtsim_number(parser, &gtsim_address, &address, &where))
        return false;
    if (address % 64 != 0) {
        gtsim_error_at(parser, where->column, "kernel ADDR 0x%" PRIx64 " is not 64-byte aligned (Kernel Start Pointer 47:6)",
                    address);
        return false;
    }
    int name = gtsim_keyword(parser, eu_builtin_kernel_names,
                          "a built-in kernel (nop, fill, copy, add, stream, barrier_sum)");
    if (name < 0 || !gtsim_expect_end(parser))
        return false;
    statement->kind = GTSIM_STMT_KERNEL;
    statement->address = address;
    statement->value = (uint32_t)name;
    return true;
}

/* ---- doorbell verbs (gen12: GTI doorbells, GuC shim and scheduler model; docs/reference/guc.md) ---- */

const char *const gtsim_doorbell_arm_results[] = { "ok", "busy", "cacheline_in_use", "pending", "fault", "inactive",
                                                "hash_not_copied", "hash_mismatch", "translation_fault", NULL };
const char *const gtsim_doorbell_ring_results[] = { "rung", "lost", "bus_error", "retry_limit", NULL };

static const gtsim_operand gtsim_bell = { "N", "a number", 0, 255, "0..255" };
static const gtsim_operand gtsim_wq_size = { "WQ_SIZE", "a number", 16, 0x10000, "16..0x10000" };
static const gtsim_operand gtsim_descriptor = { "DESCRIPTOR", "a number", 0, UINT64_MAX, "0..0xffffffffffffffff" };
static const gtsim_operand gtsim_ring_tail = { "RING_TAIL", "a number", 0, UINT32_MAX, "0..0xffffffff" };

/* `expect NAME` with NAME from `names`, or nothing: *value gets the name's index (0 without). */
static bool gtsim_parse_doorbell_expect(gtsim_parser *parser, gtsim_statement *statement, const char *const *names,
                                     const char *what)
{
    int expect = gtsim_optional_keyword(parser, "expect", "'expect' or end of line");
    if (expect < 0)
        return false;
    if (expect == 0)
        return true;
    int which = gtsim_keyword(parser, names, what);
    if (which < 0)
        return false;
    statement->has_expect = true;
    statement->value = (uint32_t)which;
    return gtsim_expect_end(parser);
}

static bool gtsim_parse_doorbell(gtsim_parser *parser, gtsim_statement *statement)
{
    const gtsim_token *keyword = gtsim_statement_keyword(parser);
    if (strcmp(parser->scenario->profile, "gen12") != 0) {
        gtsim_error_at(parser, keyword->column, "'doorbell' needs profile gen12 (profile %s has no GuC)",
                    parser->scenario->profile);
        return false;
    }
    static const char *const verbs[] = { "arm", "route", "queue", "item", "ring", NULL };
    int verb = gtsim_keyword(parser, verbs, "'arm', 'route', 'queue', 'item' or 'ring' after 'doorbell'");
    if (verb < 0)
        return false;
    if (verb == 1) {
        static const char *const routes[] = { "host", "guc", NULL };
        int route = gtsim_keyword(parser, routes, "'guc' or 'host' after 'doorbell route'");
        if (route < 0 || !gtsim_expect_end(parser))
            return false;
        statement->kind = GTSIM_STMT_DOORBELL_ROUTE;
        statement->bell = (unsigned)route;
        return true;
    }
    uint64_t bell = 0, number = 0;
    const gtsim_token *where = NULL;
    if (!gtsim_number(parser, &gtsim_bell, &bell, NULL))
        return false;
    statement->bell = (unsigned)bell;
    switch (verb) {
    case 0: /* arm N PAGE [expect RESULT] */
        if (!gtsim_number(parser, &gtsim_address, &statement->address, &where))
            return false;
        if (statement->address % 4096 != 0) {
            gtsim_error_at(parser, where->column, "doorbell PAGE 0x%" PRIx64 " is not 4 KiB aligned", statement->address);
            return false;
        }
        statement->kind = GTSIM_STMT_DOORBELL_ARM;
        return gtsim_parse_doorbell_expect(parser, statement, gtsim_doorbell_arm_results,
                                        "RESULT (ok, busy, cacheline_in_use, pending, fault, inactive, "
                                        "hash_not_copied, hash_mismatch, translation_fault)");
    case 2: { /* queue N ENGINE WQ_ADDR WQ_SIZE */
        int engine = gtsim_parse_engine(parser);
        if (engine < 0 || !gtsim_number(parser, &gtsim_address, &statement->address, &where))
            return false;
        if (statement->address % 16 != 0) {
            gtsim_error_at(parser, where->column, "WQ_ADDR 0x%" PRIx64 " is not 16-byte aligned", statement->address);
            return false;
        }
        if (!gtsim_number(parser, &gtsim_wq_size, &number, &where))
            return false;
        if (number % 16 != 0) {
            gtsim_error_at(parser, where->column, "WQ_SIZE 0x%" PRIx64 " is not a multiple of 16 (one work item)", number);
            return false;
        }
        statement->kind = GTSIM_STMT_DOORBELL_QUEUE;
        statement->engine = (unsigned)engine;
        statement->value = (uint32_t)number;
        return gtsim_expect_end(parser);
    }
    case 3: /* item N DESCRIPTOR RING_TAIL */
        if (!gtsim_number(parser, &gtsim_descriptor, &statement->address, NULL) ||
            !gtsim_number(parser, &gtsim_ring_tail, &number, NULL))
            return false;
        statement->kind = GTSIM_STMT_DOORBELL_ITEM;
        statement->value = (uint32_t)number;
        return gtsim_expect_end(parser);
    default: /* ring N [expect rung|lost|...] */
        statement->kind = GTSIM_STMT_DOORBELL_RING;
        return gtsim_parse_doorbell_expect(parser, statement, gtsim_doorbell_ring_results,
                                        "'rung', 'lost', 'bus_error' or 'retry_limit'");
    }
}

/* ---- the verb table (gtsim_scenario_verbs.h) ------------------------------------------------ */

typedef bool (*gtsim_parse_fn)(gtsim_parser *parser, gtsim_statement *statement);
typedef void (*gtsim_print_fn)(const gtsim_statement *statement, FILE *out);

/* The parse side of one row of gtsim_scenario_verbs.h. */
typedef struct gtsim_verb_row {
    const char *keyword;  /* the statement's first word */
    gtsim_parse_fn parse;    /* reads the rest of the line, sets the kind */
    gtsim_print_fn print;    /* the canonical form */
    const char *label;    /* the waveform mnemonic (NULL: the printed words before the first number) */
    const char *usage;    /* the syntax as docs/guide/scenarios.md writes it */
} gtsim_verb_row;

#define GTSIM_VERB_DECLARE(kind, keyword, parse, print, ...)                                                              \
    static bool parse(gtsim_parser *parser, gtsim_statement *statement);                                                     \
    static void print(const gtsim_statement *statement, FILE *out);
GTSIM_SCENARIO_VERBS(GTSIM_VERB_DECLARE)
#undef GTSIM_VERB_DECLARE

#define GTSIM_VERB_ROW(kind, keyword, parse, print, run, label, usage) [GTSIM_STMT_##kind] = { keyword, parse, print, label, usage },
static const gtsim_verb_row gtsim_verb_rows[GTSIM_STMT_KIND_COUNT] = { GTSIM_SCENARIO_VERBS(GTSIM_VERB_ROW) };
#undef GTSIM_VERB_ROW

/* The statement keywords in row order, each once, after "profile" (which is no statement but
 * is written like one), for gtsim_keyword; and the message that lists them. */
static void gtsim_verb_keywords(gtsim_parser *parser)
{
    size_t count = 0;
    parser->keywords[count++] = "profile";
    for (size_t row = 0; row < GTSIM_STMT_KIND_COUNT; row++) {
        size_t seen = 1;
        while (seen < count && strcmp(parser->keywords[seen], gtsim_verb_rows[row].keyword) != 0)
            seen++;
        if (seen == count) {
            parser->keyword_rows[count] = (gtsim_statement_kind)row;
            parser->keywords[count++] = gtsim_verb_rows[row].keyword;
        }
    }
    parser->keywords[count] = NULL;
    size_t used = (size_t)snprintf(parser->keyword_message, sizeof parser->keyword_message, "a statement (");
    for (size_t i = 0; i < count && used < sizeof parser->keyword_message; i++)
        used += (size_t)snprintf(parser->keyword_message + used, sizeof parser->keyword_message - used, "%s%s",
                                 i ? ", " : "", parser->keywords[i]);
    if (used < sizeof parser->keyword_message)
        snprintf(parser->keyword_message + used, sizeof parser->keyword_message - used, ")");
}

static void gtsim_parse_line(gtsim_parser *parser)
{
    const gtsim_token *keyword = gtsim_peek(parser);
    if (!keyword)
        return; /* blank or comment */
    int verb = gtsim_keyword(parser, parser->keywords, parser->keyword_message);
    bool first = !parser->seen_statement;
    parser->seen_statement = true;
    if (verb < 0)
        return;
    if (verb == 0) {
        gtsim_parse_profile(parser, keyword, first);
        return;
    }
    gtsim_statement statement = { .line = parser->line, .column = keyword->column };
    if (!gtsim_verb_rows[parser->keyword_rows[verb]].parse(parser, &statement)) {
        free(statement.dwords);
        free(statement.path);
        return;
    }
    gtsim_scenario *scenario = parser->scenario;
    scenario->statements = tlm_alloc_grow(scenario->statements, &scenario->statement_capacity,
                                          scenario->statement_count + 1, sizeof *scenario->statements, 16);
    scenario->statements[scenario->statement_count++] = statement;
}

/* ---- files ----------------------------------------------------------------------------- */

gtsim_scenario *gtsim_scenario_parse(const char *name, const char *text, size_t length)
{
    gtsim_scenario *scenario = tlm_alloc_resize(NULL, 1, sizeof *scenario);
    *scenario = (gtsim_scenario){ .name = tlm_alloc_strdup(name), .profile = "gen12" };
    gtsim_parser parser = { .scenario = scenario };
    gtsim_verb_keywords(&parser);
    size_t start = 0;
    while (start < length && !scenario->errors_truncated) {
        const char *newline = memchr(text + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - text) : length;
        size_t content_end = (end > start && text[end - 1] == '\r') ? end - 1 : end; /* CRLF */
        parser.line++;
        parser.line_failed = false;
        gtsim_tokenize(&parser, text, start, content_end);
        gtsim_parse_line(&parser);
        start = end + 1;
    }
    free(parser.tokens);
    free(parser.dwords);
    return scenario;
}

gtsim_scenario *gtsim_scenario_load(const char *path, char *message, size_t message_size)
{
    unsigned char *text = NULL;
    size_t length = 0;
    if (!gtsim_file_read(path, &text, &length, message, message_size)) /* bounded: GTSIM_FILE_MAX_BYTES */
        return NULL;
    gtsim_scenario *scenario = gtsim_scenario_parse(path, (const char *)text, length);
    free(text);
    return scenario;
}

void gtsim_scenario_destroy(gtsim_scenario *scenario)
{
    if (!scenario)
        return;
    for (size_t i = 0; i < scenario->statement_count; i++) {
        free(scenario->statements[i].dwords);
        free(scenario->statements[i].path);
    }
    free(scenario->statements);
    free(scenario->errors);
    free(scenario->name);
    free(scenario);
}

void gtsim_scenario_print_errors(const gtsim_scenario *scenario, FILE *out)
{
    for (size_t i = 0; i < scenario->error_count; i++) {
        const gtsim_scenario_error *error = &scenario->errors[i];
        fprintf(out, "%s:%zu:%zu: %s\n", scenario->name, error->line, error->column, error->message);
    }
    if (scenario->errors_truncated)
        fprintf(out, "%s: too many errors; stopped reading after %d\n", scenario->name, GTSIM_SCENARIO_MAX_ERRORS);
}

static void gtsim_print_dwords(const gtsim_statement *statement, FILE *out)
{
    for (size_t i = 0; i < statement->dword_count; i++)
        fprintf(out, " 0x%08" PRIx32, statement->dwords[i]);
}

static void gtsim_print_mmio_write(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "mmio write 0x%08" PRIx64 " 0x%08" PRIx32, statement->address, statement->value);
}

static void gtsim_print_mmio_read(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "mmio read 0x%08" PRIx64, statement->address);
    if (statement->has_expect)
        fprintf(out, " expect 0x%08" PRIx32, statement->value);
    if (statement->has_expect && statement->mask != UINT32_MAX)
        fprintf(out, " mask 0x%08" PRIx32, statement->mask);
}

static void gtsim_print_mem_write(const gtsim_statement *statement, FILE *out)
{
    if (statement->path) {
        fprintf(out, "mem load 0x%012" PRIx64 " %s", statement->address, statement->path);
        return;
    }
    fprintf(out, "mem write 0x%012" PRIx64, statement->address);
    gtsim_print_dwords(statement, out);
}

static void gtsim_print_mem_read(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "mem read 0x%012" PRIx64, statement->address);
    if (statement->has_expect) {
        fputs(" expect", out);
        gtsim_print_dwords(statement, out);
    }
}

static void gtsim_print_irq_raise(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "irq raise %u %u 0x%04x", statement->engine_class, statement->instance, statement->data);
}

static void gtsim_print_run(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "run %" PRIu64, statement->cycles);
}

static void gtsim_print_run_idle(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "run idle max %" PRIu64, statement->cycles);
}

static void gtsim_print_expect_irq(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "expect irq %u", statement->level);
}

static void gtsim_print_ring(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "ring %s 0x%08" PRIx64 " pages %" PRIu32, cs_engine_name((cs_engine)statement->engine),
            statement->address, statement->ring_bytes / 4096);
}

static void gtsim_print_emit(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "emit %s dw", cs_engine_name((cs_engine)statement->engine));
    gtsim_print_dwords(statement, out);
}

static void gtsim_print_submit(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "submit %s", cs_engine_name((cs_engine)statement->engine));
}

static void gtsim_print_batch(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "batch 0x%012" PRIx64, statement->address);
}

static void gtsim_print_bemit(const gtsim_statement *statement, FILE *out)
{
    fputs("bemit dw", out);
    gtsim_print_dwords(statement, out);
}

static void gtsim_print_kernel(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "kernel 0x%012" PRIx64 " %s", statement->address, eu_builtin_kernel_names[statement->value]);
}

static void gtsim_print_doorbell_arm(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "doorbell arm %u 0x%012" PRIx64, statement->bell, statement->address);
    if (statement->has_expect)
        fprintf(out, " expect %s", gtsim_doorbell_arm_results[statement->value]);
}

static void gtsim_print_doorbell_route(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "doorbell route %s", statement->bell ? "guc" : "host");
}

static void gtsim_print_doorbell_queue(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "doorbell queue %u %s 0x%012" PRIx64 " 0x%" PRIx32, statement->bell,
            cs_engine_name((cs_engine)statement->engine), statement->address, statement->value);
}

static void gtsim_print_doorbell_item(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "doorbell item %u 0x%016" PRIx64 " 0x%" PRIx32, statement->bell, statement->address,
            statement->value);
}

static void gtsim_print_doorbell_ring(const gtsim_statement *statement, FILE *out)
{
    fprintf(out, "doorbell ring %u", statement->bell);
    if (statement->has_expect)
        fprintf(out, " expect %s", gtsim_doorbell_ring_results[statement->value]);
}

void gtsim_statement_print(const gtsim_statement *statement, FILE *out)
{
    gtsim_verb_rows[statement->kind].print(statement, out);
}

char *gtsim_statement_mnemonic(const gtsim_statement *statement)
{
    const char *label = gtsim_verb_rows[statement->kind].label;
    if (label)
        return strdup(label);
    /* The printed statement's words up to its first operand (a number); printed without its
     * dwords, which come after that operand anyway, so a long statement costs no more. */
    gtsim_statement words = *statement;
    words.dword_count = 0;
    char *printed = NULL;
    size_t size = 0;
    /* Printed into a stack buffer first: open_memstream zeroes a page-sized buffer per call,
     * which for a traced run of a long scenario cost more than the run (one call per
     * statement). A statement that does not fit is printed again the long way. */
    char line[512];
    FILE *fitted = fmemopen(line, sizeof line, "w");
    if (fitted) {
        gtsim_statement_print(&words, fitted);
        long length = ftell(fitted);
        fclose(fitted);
        if (length >= 0 && (size_t)length < sizeof line - 1) {
            line[length] = '\0';
            printed = strdup(line);
            if (!printed)
                return NULL;
        }
    }
    if (!printed) {
        FILE *out = open_memstream(&printed, &size);
        if (!out)
            return NULL;
        gtsim_statement_print(&words, out);
        if (fclose(out) != 0) {
            free(printed);
            return NULL;
        }
    }
    size_t end = 0;
    for (size_t at = 0; printed[at];) {
        while (printed[at] == ' ')
            at++;
        if (!printed[at] || (printed[at] >= '0' && printed[at] <= '9'))
            break;
        while (printed[at] && printed[at] != ' ')
            at++;
        end = at;
    }
    printed[end] = '\0';
    return printed;
}

const char *gtsim_statement_usage(gtsim_statement_kind kind)
{
    return gtsim_verb_rows[kind].usage;
}
