#include "tb_scenario.h"

#include "tb_cli.h"

#include "cs_commands.h"
#include "eu_kernel.h"
#include "gtsim_asm.h"
#include "tb_line.h"

#include <errno.h>
#include <stdio.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- allocation ------------------------------------------------------------------------ */

/* Running out of memory is not a scenario error the user could fix by editing the file. */
static void *tb_xrealloc(void *pointer, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) {
        fputs("gtsim: scenario too large for memory\n", stderr);
        abort();
    }
    size_t bytes = count * size;
    void *grown = realloc(pointer, bytes > 0 ? bytes : 1);
    if (!grown) {
        fputs("gtsim: out of memory\n", stderr);
        abort();
    }
    return grown;
}

/* Makes room for one more element, doubling so that a line of a million dwords stays linear. */
static void *tb_grow(void *array, size_t *capacity, size_t count, size_t size)
{
    if (count < *capacity)
        return array;
    *capacity = *capacity ? *capacity * 2 : 16;
    return tb_xrealloc(array, *capacity, size);
}

/* ---- tokens ---------------------------------------------------------------------------- */

/* tb_token: tb_line.h */

/* What the ring verbs know of one engine's ring. All of it follows from the file alone (the
 * statements run in order, without branches), so the software tail is kept here and every
 * `emit` and `submit` is resolved to addresses when the file is parsed. */
typedef struct tb_ring_state {
    bool set_up;       /* a `ring` statement for the engine came before */
    uint64_t start;    /* ring start (graphics address) */
    uint32_t bytes;    /* ring size */
    uint32_t tail;     /* software tail: byte offset where the next `emit` writes */
    uint32_t pending;  /* bytes emitted since the last `submit` (or `ring`) */
} tb_ring_state;

typedef struct tb_parser {
    tb_scenario *scenario;  /* what is being built */
    size_t line;            /* 1-based number of the line being parsed */
    tb_token *tokens;       /* the current line's tokens (reused from line to line) */
    size_t token_count;     /* entries in tokens */
    size_t token_capacity;  /* allocated entries */
    size_t next;            /* index of the first token not yet consumed */
    size_t end_column;      /* just past the line's last token: where a missing token is reported */
    uint32_t *dwords;       /* dwords of the current mem statement, copied out when it parses */
    size_t dword_capacity;  /* allocated entries in dwords */
    bool line_failed;       /* this line already has its error */
    bool seen_statement;    /* a statement (good or bad) came before, so `profile` is too late */
    tb_ring_state rings[CS_ENGINE_COUNT]; /* per engine: the ring the verbs write, as set by `ring` */
    bool has_batch;         /* `batch ADDR` came before, so `bemit` has a cursor */
    uint64_t batch_cursor;  /* graphics address the next `bemit` writes at */
    const char *keywords[TB_STMT_KIND_COUNT + 2]; /* "profile", then each verb keyword once (NULL-terminated) */
    tb_statement_kind keyword_rows[TB_STMT_KIND_COUNT + 1]; /* per keywords[] entry: its first row */
    char keyword_message[256]; /* "a statement (profile, mmio, ...)": what a line starts with */
} tb_parser;

/* Splits [start, end) into tokens (tb_line.h). */
static void tb_tokenize(tb_parser *parser, const char *text, size_t start, size_t end)
{
    parser->next = 0;
    tb_line_split(text, start, end, &parser->tokens, &parser->token_count, &parser->token_capacity,
                  &parser->end_column);
}

/* The token quoted for a message (tb_token_describe), or "end of line" for a missing one. */
static void tb_describe(const tb_token *token, char *out, size_t size)
{
    if (!token)
        snprintf(out, size, "end of line");
    else
        tb_token_describe(token->text, token->length, out, size);
}

/* ---- errors ---------------------------------------------------------------------------- */

__attribute__((format(printf, 3, 4))) static void tb_error_at(tb_parser *parser, size_t column, const char *format,
                                                              ...)
{
    if (parser->line_failed)
        return;
    parser->line_failed = true;
    tb_scenario *scenario = parser->scenario;
    if (scenario->error_count == TB_SCENARIO_MAX_ERRORS) {
        scenario->errors_truncated = true;
        return;
    }
    if (!scenario->errors)
        scenario->errors = tb_xrealloc(NULL, TB_SCENARIO_MAX_ERRORS, sizeof *scenario->errors);
    tb_scenario_error *error = &scenario->errors[scenario->error_count++];
    error->line = parser->line;
    error->column = column;
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
}

static tb_token *tb_peek(tb_parser *parser)
{
    return parser->next < parser->token_count ? &parser->tokens[parser->next] : NULL;
}

/* The line's first token: the keyword of the statement being parsed. */
static const tb_token *tb_statement_keyword(const tb_parser *parser)
{
    return &parser->tokens[0];
}

static size_t tb_column_of(const tb_parser *parser, const tb_token *token)
{
    return token ? token->column : parser->end_column;
}

/* "expected WHAT, got 'x'" at the next token (or at the end of the line). */
static void tb_expected(tb_parser *parser, const char *what)
{
    const tb_token *token = tb_peek(parser);
    char got[160];
    tb_describe(token, got, sizeof got);
    tb_error_at(parser, tb_column_of(parser, token), "expected %s, got %s", what, got);
}

/* ---- keywords -------------------------------------------------------------------------- */

static bool tb_token_is(const tb_token *token, const char *keyword)
{
    size_t length = strlen(keyword);
    return token && token->length == length && memcmp(token->text, keyword, length) == 0;
}

static bool tb_token_is_nocase(const tb_token *token, const char *keyword)
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
static void tb_case_mismatch(tb_parser *parser, const tb_token *token, const char *what)
{
    char got[160];
    tb_describe(token, got, sizeof got);
    tb_error_at(parser, token->column, "expected %s, got %s (keywords are lowercase)", what, got);
}

/* Consumes the next token if it is one of `keywords` (NULL-terminated) and returns its index;
 * otherwise records "expected WHAT, got X" (with a hint when only the case is wrong) and
 * returns -1. */
static int tb_keyword(tb_parser *parser, const char *const *keywords, const char *what)
{
    const tb_token *token = tb_peek(parser);
    for (int i = 0; keywords[i]; i++) {
        if (tb_token_is(token, keywords[i])) {
            parser->next++;
            return i;
        }
    }
    for (int i = 0; keywords[i]; i++) {
        if (tb_token_is_nocase(token, keywords[i])) {
            tb_case_mismatch(parser, token, what);
            return -1;
        }
    }
    tb_expected(parser, what);
    return -1;
}

/* Consumes `keyword` if it comes next; a case-only mismatch is an error (hence the int). */
static int tb_optional_keyword(tb_parser *parser, const char *keyword, const char *what)
{
    const tb_token *token = tb_peek(parser);
    if (!token)
        return 0;
    if (tb_token_is(token, keyword)) {
        parser->next++;
        return 1;
    }
    if (tb_token_is_nocase(token, keyword)) {
        tb_case_mismatch(parser, token, what);
        return -1;
    }
    tb_expected(parser, what);
    return -1;
}

static bool tb_expect_end(tb_parser *parser)
{
    if (!tb_peek(parser))
        return true;
    tb_expected(parser, "end of line");
    return false;
}

/* ---- numbers --------------------------------------------------------------------------- */

/* What an operand is called in messages and the values it may take. */
typedef struct tb_operand {
    const char *name;   /* as in the grammar: "OFFSET", "DW", ... */
    const char *hint;   /* what it looks like, for "expected NAME (hint)" */
    uint64_t min;       /* smallest value accepted */
    uint64_t max;       /* largest value accepted */
    const char *range;  /* min..max as the documentation writes it */
} tb_operand;

static const tb_operand tb_offset = { "OFFSET", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const tb_operand tb_value = { "VALUE", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const tb_operand tb_mask = { "MASK", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const tb_operand tb_dword = { "DW", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const tb_operand tb_address = { "ADDR", "a number", 0, TB_SCENARIO_GFX_ADDRESS_LIMIT - 1, "0..0xffffffffffff" };
static const tb_operand tb_class = { "CLASS", "a number", 0, 7, "0..7" };
static const tb_operand tb_instance = { "INSTANCE", "a number", 0, 63, "0..63" };
static const tb_operand tb_data16 = { "DATA16", "a number", 0, 0xFFFF, "0..0xffff" };
static const tb_operand tb_cycles = { "CYCLES", "a number", 1, TB_SCENARIO_MAX_CYCLES, "1..1000000000000" };
static const tb_operand tb_level = { "LEVEL", "0 or 1", 0, 1, "0..1" };

typedef enum tb_number_status {
    TB_NUMBER_OK,        /* *value holds it */
    TB_NUMBER_INVALID,   /* not decimal digits nor 0x followed by hex digits */
    TB_NUMBER_OVERFLOW   /* well formed but above 2^64 - 1 */
} tb_number_status;

static int tb_hex_digit(char c)
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
static tb_number_status tb_number_value(const tb_token *token, uint64_t *value)
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
        int digit = tb_hex_digit(text[i]);
        if (digit < 0 || (unsigned)digit >= base)
            return TB_NUMBER_INVALID;
        if (result > (UINT64_MAX - (unsigned)digit) / base)
            overflow = true; /* keep scanning: a bad digit later makes it "not a number" */
        else
            result = result * base + (unsigned)digit;
    }
    if (overflow)
        return TB_NUMBER_OVERFLOW;
    *value = result;
    return TB_NUMBER_OK;
}

/* Consumes one operand; false (error recorded) if it is missing, malformed or out of range.
 * *where is set to the token so later checks can point at it. */
static bool tb_number(tb_parser *parser, const tb_operand *operand, uint64_t *value, const tb_token **where)
{
    const tb_token *token = tb_peek(parser);
    char what[64];
    snprintf(what, sizeof what, "%s (%s)", operand->name, operand->hint);
    if (!token) {
        tb_expected(parser, what);
        return false;
    }
    uint64_t parsed = 0;
    tb_number_status status = tb_number_value(token, &parsed);
    if (status == TB_NUMBER_INVALID) {
        tb_expected(parser, what);
        return false;
    }
    if (status == TB_NUMBER_OVERFLOW || parsed < operand->min || parsed > operand->max) {
        char shown[160];
        tb_describe(token, shown, sizeof shown);
        tb_error_at(parser, token->column, "%s %s is out of range %s", operand->name, shown, operand->range);
        return false;
    }
    parser->next++;
    *value = parsed;
    if (where)
        *where = token;
    return true;
}

/* A dword at `address` must end at or below 2^48. */
static bool tb_dword_fits(tb_parser *parser, uint64_t address, const tb_token *where)
{
    if (address <= TB_SCENARIO_GFX_ADDRESS_LIMIT - 4)
        return true;
    tb_error_at(parser, where->column,
                "dword at 0x%012" PRIx64 " runs past the end of the 48-bit graphics address space", address);
    return false;
}

/* DW [DW ...] up to the end of the line into parser->dwords; each must fit below 2^48. */
static bool tb_dword_list(tb_parser *parser, uint64_t address, size_t *count)
{
    *count = 0;
    do {
        uint64_t value = 0;
        const tb_token *where = NULL;
        if (!tb_number(parser, &tb_dword, &value, &where))
            return false;
        if (!tb_dword_fits(parser, address + 4 * (uint64_t)*count, where))
            return false;
        parser->dwords = tb_grow(parser->dwords, &parser->dword_capacity, *count, sizeof *parser->dwords);
        parser->dwords[(*count)++] = (uint32_t)value;
    } while (tb_peek(parser));
    return true;
}

static uint32_t *tb_copy_dwords(const tb_parser *parser, size_t count)
{
    uint32_t *copy = tb_xrealloc(NULL, count, sizeof *copy);
    memcpy(copy, parser->dwords, count * sizeof *copy);
    return copy;
}

/* ---- statements ------------------------------------------------------------------------ */

static bool tb_parse_profile(tb_parser *parser, const tb_token *keyword, bool first)
{
    if (!first) {
        tb_error_at(parser, keyword->column, "profile must be the first statement");
        return false;
    }
    static const char *const profiles[] = { "gen12", "gen6", NULL };
    int which = tb_keyword(parser, profiles, "profile name 'gen12' or 'gen6'");
    if (which < 0 || !tb_expect_end(parser))
        return false;
    parser->scenario->profile = profiles[which];
    parser->scenario->profile_line = parser->line;
    parser->scenario->profile_column = keyword->column;
    return true;
}

static bool tb_parse_mmio(tb_parser *parser, tb_statement *statement)
{
    static const char *const verbs[] = { "write", "read", NULL };
    int verb = tb_keyword(parser, verbs, "'write' or 'read' after 'mmio'");
    if (verb < 0 || !tb_number(parser, &tb_offset, &statement->address, NULL))
        return false;
    uint64_t number = 0;
    if (verb == 0) {
        statement->kind = TB_STMT_MMIO_WRITE;
        if (!tb_number(parser, &tb_value, &number, NULL))
            return false;
        statement->value = (uint32_t)number;
        return tb_expect_end(parser);
    }
    statement->kind = TB_STMT_MMIO_READ;
    statement->mask = UINT32_MAX;
    int expect = tb_optional_keyword(parser, "expect", "'expect' or end of line");
    if (expect <= 0)
        return expect == 0;
    statement->has_expect = true;
    if (!tb_number(parser, &tb_value, &number, NULL))
        return false;
    statement->value = (uint32_t)number;
    int mask = tb_optional_keyword(parser, "mask", "'mask' or end of line");
    if (mask <= 0)
        return mask == 0;
    if (!tb_number(parser, &tb_mask, &number, NULL))
        return false;
    statement->mask = (uint32_t)number;
    return tb_expect_end(parser);
}

/* `mem load ADDR FILE`: FILE, little-endian dwords, relative to the scenario file's directory
 * (docs/guide/scenarios.md), read now into the statement; it then runs as a `mem write`. */
static bool tb_parse_mem_load(tb_parser *parser, tb_statement *statement, const tb_token *address_token)
{
    const tb_token *file = tb_peek(parser);
    if (!file) {
        tb_error_at(parser, parser->end_column, "expected a file name after the address");
        return false;
    }
    parser->next++;
    if (!tb_expect_end(parser))
        return false;
    const char *name = parser->scenario->name;
    const char *slash = strrchr(name, '/');
    size_t directory = file->text[0] == '/' || !slash ? 0 : (size_t)(slash - name) + 1;
    char *path = tb_xrealloc(NULL, directory + file->length + 1, 1);
    memcpy(path, name, directory);
    memcpy(path + directory, file->text, file->length);
    path[directory + file->length] = '\0';
    statement->path = path;
    uint8_t *bytes = NULL;
    size_t size = 0;
    char message[512];
    if (!tb_cli_read_file(path, &bytes, &size, message, sizeof message)) { /* bounded: TB_CLI_MAX_FILE_BYTES */
        tb_error_at(parser, file->column, "%s", message);
        return false;
    }
    size_t count = size / 4;
    if (size % 4 != 0 || size == 0 || statement->address > TB_SCENARIO_GFX_ADDRESS_LIMIT - size) {
        if (size % 4 != 0 || size == 0)
            tb_error_at(parser, file->column, "'%s' holds %zu bytes, not a whole number of dwords", path, size);
        else
            tb_error_at(parser, address_token->column,
                        "%zu dwords at 0x%012" PRIx64 " run past the end of the 48-bit graphics address space",
                        count, statement->address);
        free(bytes);
        return false;
    }
    statement->kind = TB_STMT_MEM_WRITE;
    statement->dwords = tb_xrealloc(NULL, count, sizeof *statement->dwords);
    for (size_t i = 0; i < count; i++)
        statement->dwords[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                               (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
    statement->dword_count = count;
    free(bytes);
    return true;
}

static bool tb_parse_mem(tb_parser *parser, tb_statement *statement)
{
    static const char *const verbs[] = { "write", "read", "load", NULL };
    int verb = tb_keyword(parser, verbs, "'write', 'read' or 'load' after 'mem'");
    const tb_token *address_token = NULL;
    if (verb < 0 || !tb_number(parser, &tb_address, &statement->address, &address_token))
        return false;
    if (verb == 2)
        return tb_parse_mem_load(parser, statement, address_token);
    size_t count = 0;
    if (verb == 0) {
        statement->kind = TB_STMT_MEM_WRITE;
        if (!tb_dword_list(parser, statement->address, &count))
            return false;
    } else {
        statement->kind = TB_STMT_MEM_READ;
        int expect = tb_optional_keyword(parser, "expect", "'expect' or end of line");
        if (expect < 0)
            return false;
        if (expect == 0)
            return tb_dword_fits(parser, statement->address, address_token);
        statement->has_expect = true;
        if (!tb_dword_list(parser, statement->address, &count))
            return false;
    }
    statement->dwords = tb_copy_dwords(parser, count);
    statement->dword_count = count;
    return true;
}

static bool tb_parse_irq(tb_parser *parser, tb_statement *statement)
{
    static const char *const verbs[] = { "raise", NULL };
    uint64_t engine_class = 0, instance = 0, data = 0;
    if (tb_keyword(parser, verbs, "'raise' after 'irq'") < 0 || !tb_number(parser, &tb_class, &engine_class, NULL) ||
        !tb_number(parser, &tb_instance, &instance, NULL) || !tb_number(parser, &tb_data16, &data, NULL) ||
        !tb_expect_end(parser))
        return false;
    statement->kind = TB_STMT_IRQ_RAISE;
    statement->engine_class = (unsigned)engine_class;
    statement->instance = (unsigned)instance;
    statement->data = (unsigned)data;
    return true;
}

static bool tb_parse_run(tb_parser *parser, tb_statement *statement)
{
    const tb_token *token = tb_peek(parser);
    bool numeric = token && token->text[0] >= '0' && token->text[0] <= '9';
    if (!numeric) {
        static const char *const idle[] = { "idle", NULL };
        if (tb_keyword(parser, idle, "CYCLES (a number) or 'idle' after 'run'") < 0)
            return false;
        statement->kind = TB_STMT_RUN_IDLE;
        statement->cycles = TB_SCENARIO_IDLE_DEFAULT_CYCLES;
        int max = tb_optional_keyword(parser, "max", "'max' or end of line");
        if (max <= 0)
            return max == 0;
        return tb_number(parser, &tb_cycles, &statement->cycles, NULL) && tb_expect_end(parser);
    }
    statement->kind = TB_STMT_RUN;
    return tb_number(parser, &tb_cycles, &statement->cycles, NULL) && tb_expect_end(parser);
}

static bool tb_parse_expect(tb_parser *parser, tb_statement *statement)
{
    static const char *const what[] = { "irq", NULL };
    uint64_t level = 0;
    if (tb_keyword(parser, what, "'irq' after 'expect'") < 0 || !tb_number(parser, &tb_level, &level, NULL) ||
        !tb_expect_end(parser))
        return false;
    statement->kind = TB_STMT_EXPECT_IRQ;
    statement->level = (unsigned)level;
    return true;
}

/* ---- higher-level verbs: rings and batches from mnemonics ------------------------------ */

static const tb_operand tb_ring_address = { "ADDR", "a number", 0, UINT32_MAX, "0..0xffffffff" };
static const tb_operand tb_pages = { "N", "a number", 1, TB_SCENARIO_MAX_RING_PAGES, "1..512" };

/* The scenario's profile as the command tables name it (the parser only accepts known names). */
static cs_profile tb_parser_profile(const tb_parser *parser)
{
    cs_profile profile = CS_PROFILE_GEN12;
    cs_profile_from_name(parser->scenario->profile, &profile);
    return profile;
}

/* ENGINE: one of the profile's engines; -1 (error recorded) otherwise. */
static int tb_parse_engine(tb_parser *parser)
{
    static const char *const names[] = { "rcs", "bcs", "vcs", "vecs", NULL };
    const tb_token *token = tb_peek(parser);
    int which = tb_keyword(parser, names, "ENGINE (rcs, bcs, vcs or vecs)");
    if (which < 0)
        return -1;
    cs_engine engine = CS_ENGINE_RCS;
    cs_engine_from_name(names[which], &engine);
    const cs_profile_info *info = cs_profile_get(tb_parser_profile(parser));
    if (!info->engines[engine].present) {
        tb_error_at(parser, token->column, "profile %s has no engine '%s'", info->name, names[which]);
        return -1;
    }
    return (int)engine;
}

/* The rest of the line as one line of `gtsim asm` text for the profile: exactly one command
 * (or `dw` dwords). The assembler's first error is this line's error, its column shifted to
 * the file's. On success the dwords are in parser->dwords and *count is set. `engine` >= 0:
 * the command must be one that engine accepts. */
static bool tb_parse_command(tb_parser *parser, int engine, size_t *count)
{
    const tb_token *first = tb_peek(parser);
    if (!first) {
        tb_expected(parser, "MNEMONIC (a command, or dw)");
        return false;
    }
    const tb_token *last = &parser->tokens[parser->token_count - 1];
    size_t length = (size_t)(last->text + last->length - first->text);
    cs_profile profile = tb_parser_profile(parser);
    tb_asm_result *assembled = tb_asm_parse(profile, first->text, length);
    bool ok = assembled->error_count == 0 && !assembled->errors_truncated;
    if (!ok) {
        const tb_asm_error *error = &assembled->errors[0];
        tb_error_at(parser, first->column + error->column - 1, "%s", error->message);
    } else if (assembled->count == 0) {
        tb_expected(parser, "MNEMONIC (a command, or dw)");
        ok = false;
    }
    if (ok && engine >= 0 && !(first->length == 2 && memcmp(first->text, "dw", 2) == 0)) {
        char name[64];
        size_t n = first->length < sizeof name - 1 ? first->length : sizeof name - 1;
        memcpy(name, first->text, n);
        name[n] = '\0';
        const cs_command *command = cs_find_command(profile, name);
        if (command && !(command->engines & CS_ENGINE_BIT((cs_engine)engine))) {
            tb_error_at(parser, first->column, "%s is not accepted by %s on %s", name, cs_engine_name((cs_engine)engine),
                        cs_profile_get(profile)->name);
            ok = false;
        }
    }
    if (ok) {
        *count = assembled->count;
        for (size_t i = 0; i < assembled->count; i++) {
            parser->dwords = tb_grow(parser->dwords, &parser->dword_capacity, i, sizeof *parser->dwords);
            parser->dwords[i] = assembled->dwords[i];
        }
        parser->next = parser->token_count;
    }
    tb_asm_free(assembled);
    return ok;
}

/* A ring verb names an engine whose ring `ring` has set up. */
static tb_ring_state *tb_parse_ring_engine(tb_parser *parser, tb_statement *statement, const char *verb)
{
    const tb_token *token = tb_peek(parser);
    int engine = tb_parse_engine(parser);
    if (engine < 0)
        return NULL;
    tb_ring_state *ring = &parser->rings[engine];
    if (!ring->set_up) {
        tb_error_at(parser, token->column, "%s %s before 'ring %s ADDR'", verb, cs_engine_name((cs_engine)engine),
                    cs_engine_name((cs_engine)engine));
        return NULL;
    }
    statement->engine = (unsigned)engine;
    statement->engine_base = cs_profile_get(tb_parser_profile(parser))->engines[engine].mmio_base;
    statement->address = ring->start;
    statement->ring_bytes = ring->bytes;
    statement->ring_offset = ring->tail;
    return ring;
}

static bool tb_parse_ring(tb_parser *parser, tb_statement *statement)
{
    int engine = tb_parse_engine(parser);
    const tb_token *where = NULL;
    uint64_t start = 0, pages = 1;
    if (engine < 0 || !tb_number(parser, &tb_ring_address, &start, &where))
        return false;
    if (start % 4096 != 0) {
        tb_error_at(parser, where->column, "ring ADDR 0x%" PRIx64 " is not 4 KiB aligned (RING_START bits 11:0 are 0)",
                    start);
        return false;
    }
    int has_pages = tb_optional_keyword(parser, "pages", "'pages' or end of line");
    if (has_pages < 0)
        return false;
    const tb_token *pages_token = NULL;
    if (has_pages > 0 && (!tb_number(parser, &tb_pages, &pages, &pages_token) || !tb_expect_end(parser)))
        return false;
    if (start + pages * 4096 > (UINT64_C(1) << 32)) {
        tb_error_at(parser, pages_token ? pages_token->column : where->column,
                    "ring at 0x%" PRIx64 " of %" PRIu64 " pages runs past 4 GiB (RING_START is 32 bits)", start, pages);
        return false;
    }
    statement->kind = TB_STMT_RING;
    statement->engine = (unsigned)engine;
    statement->engine_base = cs_profile_get(tb_parser_profile(parser))->engines[engine].mmio_base;
    statement->address = start;
    statement->ring_bytes = (uint32_t)(pages * 4096);
    parser->rings[engine] = (tb_ring_state){ .set_up = true, .start = start, .bytes = statement->ring_bytes };
    return true;
}

static bool tb_parse_emit(tb_parser *parser, tb_statement *statement)
{
    tb_ring_state *ring = tb_parse_ring_engine(parser, statement, "emit");
    const tb_token *mnemonic = tb_peek(parser);
    size_t count = 0;
    if (!ring || !tb_parse_command(parser, (int)statement->engine, &count))
        return false;
    /* The engine takes HEAD == TAIL as empty, so a ring holds at most its size less a QWord;
     * the submit may add a padding dword. */
    uint64_t pending = ((uint64_t)ring->pending + 4 * (uint64_t)count + 7) & ~UINT64_C(7);
    if (pending > ring->bytes - 8) {
        tb_error_at(parser, mnemonic->column,
                    "ring %s overflows: %" PRIu64 " bytes since the last submit, the ring holds %" PRIu32,
                    cs_engine_name((cs_engine)statement->engine), pending, ring->bytes - 8);
        return false;
    }
    statement->kind = TB_STMT_EMIT;
    statement->dwords = tb_copy_dwords(parser, count);
    statement->dword_count = count;
    ring->tail = (uint32_t)((ring->tail + 4 * (uint64_t)count) % ring->bytes);
    ring->pending += (uint32_t)(4 * count);
    return true;
}

static bool tb_parse_submit(tb_parser *parser, tb_statement *statement)
{
    tb_ring_state *ring = tb_parse_ring_engine(parser, statement, "submit");
    if (!ring || !tb_expect_end(parser))
        return false;
    statement->kind = TB_STMT_SUBMIT;
    if (ring->tail % 8 != 0) { /* TAIL is QWord-granular: one MI_NOOP (dword 0) fills the gap */
        statement->dwords = tb_xrealloc(NULL, 1, sizeof *statement->dwords);
        statement->dwords[0] = 0;
        statement->dword_count = 1;
        ring->tail = (ring->tail + 4) % ring->bytes;
    }
    statement->value = ring->tail;
    ring->pending = 0;
    return true;
}

/* `batch ADDR`: only moves the cursor; kept as a statement so `-v` echoes where a batch goes. */
static bool tb_parse_batch(tb_parser *parser, tb_statement *statement)
{
    const tb_token *where = NULL;
    uint64_t address = 0;
    if (!tb_number(parser, &tb_address, &address, &where))
        return false;
    if (address % 4 != 0) {
        tb_error_at(parser, where->column, "batch ADDR 0x%" PRIx64 " is not dword aligned", address);
        return false;
    }
    if (!tb_expect_end(parser))
        return false;
    parser->has_batch = true;
    parser->batch_cursor = address;
    statement->kind = TB_STMT_BATCH;
    statement->address = address;
    return true;
}

static bool tb_parse_bemit(tb_parser *parser, tb_statement *statement)
{
    const tb_token *keyword = tb_statement_keyword(parser);
    if (!parser->has_batch) {
        tb_error_at(parser, keyword->column, "bemit before 'batch ADDR'");
        return false;
    }
    const tb_token *mnemonic = tb_peek(parser);
    size_t count = 0;
    if (!tb_parse_command(parser, -1, &count))
        return false;
    if (parser->batch_cursor + 4 * (uint64_t)count > TB_SCENARIO_GFX_ADDRESS_LIMIT) {
        tb_error_at(parser, mnemonic->column,
                    "command at 0x%012" PRIx64 " runs past the end of the 48-bit graphics address space",
                    parser->batch_cursor);
        return false;
    }
    statement->kind = TB_STMT_BEMIT;
    statement->address = parser->batch_cursor;
    statement->dwords = tb_copy_dwords(parser, count);
    statement->dword_count = count;
    parser->batch_cursor += 4 * (uint64_t)count;
    return true;
}

/* `kernel ADDR NAME`: binds a built-in kernel of the EU array (docs/reference/eu.md) to a kernel start
 * address (genxml: Kernel Start Pointer 47:6, so 64-byte aligned). */
static bool tb_parse_kernel(tb_parser *parser, tb_statement *statement)
{
    const tb_token *where = NULL;
    uint64_t address = 0;
    if (!tb_number(parser, &tb_address, &address, &where))
        return false;
    if (address % 64 != 0) {
        tb_error_at(parser, where->column, "kernel ADDR 0x%" PRIx64 " is not 64-byte aligned (Kernel Start Pointer 47:6)",
                    address);
        return false;
    }
    int name = tb_keyword(parser, eu_builtin_kernel_names,
                          "a built-in kernel (nop, fill, copy, add, stream, barrier_sum)");
    if (name < 0 || !tb_expect_end(parser))
        return false;
    statement->kind = TB_STMT_KERNEL;
    statement->address = address;
    statement->value = (uint32_t)name;
    return true;
}

/* ---- doorbell verbs (gen12: GTI doorbells, GuC shim and scheduler model; docs/reference/guc.md) ---- */

const char *const tb_doorbell_arm_results[] = { "ok", "busy", "cacheline_in_use", "pending", "fault", "inactive",
                                                "hash_not_copied", "hash_mismatch", "translation_fault", NULL };
const char *const tb_doorbell_ring_results[] = { "rung", "lost", "bus_error", "retry_limit", NULL };

static const tb_operand tb_bell = { "N", "a number", 0, 255, "0..255" };
static const tb_operand tb_wq_size = { "WQ_SIZE", "a number", 16, 0x10000, "16..0x10000" };
static const tb_operand tb_descriptor = { "DESCRIPTOR", "a number", 0, UINT64_MAX, "0..0xffffffffffffffff" };
static const tb_operand tb_ring_tail = { "RING_TAIL", "a number", 0, UINT32_MAX, "0..0xffffffff" };

/* `expect NAME` with NAME from `names`, or nothing: *value gets the name's index (0 without). */
static bool tb_parse_doorbell_expect(tb_parser *parser, tb_statement *statement, const char *const *names,
                                     const char *what)
{
    int expect = tb_optional_keyword(parser, "expect", "'expect' or end of line");
    if (expect < 0)
        return false;
    if (expect == 0)
        return true;
    int which = tb_keyword(parser, names, what);
    if (which < 0)
        return false;
    statement->has_expect = true;
    statement->value = (uint32_t)which;
    return tb_expect_end(parser);
}

static bool tb_parse_doorbell(tb_parser *parser, tb_statement *statement)
{
    const tb_token *keyword = tb_statement_keyword(parser);
    if (strcmp(parser->scenario->profile, "gen12") != 0) {
        tb_error_at(parser, keyword->column, "'doorbell' needs profile gen12 (profile %s has no GuC)",
                    parser->scenario->profile);
        return false;
    }
    static const char *const verbs[] = { "arm", "route", "queue", "item", "ring", NULL };
    int verb = tb_keyword(parser, verbs, "'arm', 'route', 'queue', 'item' or 'ring' after 'doorbell'");
    if (verb < 0)
        return false;
    if (verb == 1) {
        static const char *const routes[] = { "host", "guc", NULL };
        int route = tb_keyword(parser, routes, "'guc' or 'host' after 'doorbell route'");
        if (route < 0 || !tb_expect_end(parser))
            return false;
        statement->kind = TB_STMT_DOORBELL_ROUTE;
        statement->bell = (unsigned)route;
        return true;
    }
    uint64_t bell = 0, number = 0;
    const tb_token *where = NULL;
    if (!tb_number(parser, &tb_bell, &bell, NULL))
        return false;
    statement->bell = (unsigned)bell;
    switch (verb) {
    case 0: /* arm N PAGE [expect RESULT] */
        if (!tb_number(parser, &tb_address, &statement->address, &where))
            return false;
        if (statement->address % 4096 != 0) {
            tb_error_at(parser, where->column, "doorbell PAGE 0x%" PRIx64 " is not 4 KiB aligned", statement->address);
            return false;
        }
        statement->kind = TB_STMT_DOORBELL_ARM;
        return tb_parse_doorbell_expect(parser, statement, tb_doorbell_arm_results,
                                        "RESULT (ok, busy, cacheline_in_use, pending, fault, inactive, "
                                        "hash_not_copied, hash_mismatch, translation_fault)");
    case 2: { /* queue N ENGINE WQ_ADDR WQ_SIZE */
        int engine = tb_parse_engine(parser);
        if (engine < 0 || !tb_number(parser, &tb_address, &statement->address, &where))
            return false;
        if (statement->address % 16 != 0) {
            tb_error_at(parser, where->column, "WQ_ADDR 0x%" PRIx64 " is not 16-byte aligned", statement->address);
            return false;
        }
        if (!tb_number(parser, &tb_wq_size, &number, &where))
            return false;
        if (number % 16 != 0) {
            tb_error_at(parser, where->column, "WQ_SIZE 0x%" PRIx64 " is not a multiple of 16 (one work item)", number);
            return false;
        }
        statement->kind = TB_STMT_DOORBELL_QUEUE;
        statement->engine = (unsigned)engine;
        statement->value = (uint32_t)number;
        return tb_expect_end(parser);
    }
    case 3: /* item N DESCRIPTOR RING_TAIL */
        if (!tb_number(parser, &tb_descriptor, &statement->address, NULL) ||
            !tb_number(parser, &tb_ring_tail, &number, NULL))
            return false;
        statement->kind = TB_STMT_DOORBELL_ITEM;
        statement->value = (uint32_t)number;
        return tb_expect_end(parser);
    default: /* ring N [expect rung|lost|...] */
        statement->kind = TB_STMT_DOORBELL_RING;
        return tb_parse_doorbell_expect(parser, statement, tb_doorbell_ring_results,
                                        "'rung', 'lost', 'bus_error' or 'retry_limit'");
    }
}

/* ---- the verb table (tb_scenario_verbs.h) ------------------------------------------------ */

typedef bool (*tb_parse_fn)(tb_parser *parser, tb_statement *statement);
typedef void (*tb_print_fn)(const tb_statement *statement, FILE *out);

/* The parse side of one row of tb_scenario_verbs.h. */
typedef struct tb_verb_row {
    const char *keyword;  /* the statement's first word */
    tb_parse_fn parse;    /* reads the rest of the line, sets the kind */
    tb_print_fn print;    /* the canonical form */
    const char *label;    /* the waveform mnemonic (NULL: the printed words before the first number) */
    const char *usage;    /* the syntax as docs/guide/scenarios.md writes it */
} tb_verb_row;

#define TB_VERB_DECLARE(kind, keyword, parse, print, ...)                                                              \
    static bool parse(tb_parser *parser, tb_statement *statement);                                                     \
    static void print(const tb_statement *statement, FILE *out);
TB_SCENARIO_VERBS(TB_VERB_DECLARE)
#undef TB_VERB_DECLARE

#define TB_VERB_ROW(kind, keyword, parse, print, run, label, usage) [TB_STMT_##kind] = { keyword, parse, print, label, usage },
static const tb_verb_row tb_verb_rows[TB_STMT_KIND_COUNT] = { TB_SCENARIO_VERBS(TB_VERB_ROW) };
#undef TB_VERB_ROW

/* The statement keywords in row order, each once, after "profile" (which is no statement but
 * is written like one), for tb_keyword; and the message that lists them. */
static void tb_verb_keywords(tb_parser *parser)
{
    size_t count = 0;
    parser->keywords[count++] = "profile";
    for (size_t row = 0; row < TB_STMT_KIND_COUNT; row++) {
        size_t seen = 1;
        while (seen < count && strcmp(parser->keywords[seen], tb_verb_rows[row].keyword) != 0)
            seen++;
        if (seen == count) {
            parser->keyword_rows[count] = (tb_statement_kind)row;
            parser->keywords[count++] = tb_verb_rows[row].keyword;
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

static void tb_parse_line(tb_parser *parser)
{
    const tb_token *keyword = tb_peek(parser);
    if (!keyword)
        return; /* blank or comment */
    int verb = tb_keyword(parser, parser->keywords, parser->keyword_message);
    bool first = !parser->seen_statement;
    parser->seen_statement = true;
    if (verb < 0)
        return;
    if (verb == 0) {
        tb_parse_profile(parser, keyword, first);
        return;
    }
    tb_statement statement = { .line = parser->line, .column = keyword->column };
    if (!tb_verb_rows[parser->keyword_rows[verb]].parse(parser, &statement)) {
        free(statement.dwords);
        free(statement.path);
        return;
    }
    tb_scenario *scenario = parser->scenario;
    scenario->statements = tb_grow(scenario->statements, &scenario->statement_capacity, scenario->statement_count,
                                   sizeof *scenario->statements);
    scenario->statements[scenario->statement_count++] = statement;
}

/* ---- files ----------------------------------------------------------------------------- */

static char *tb_strdup(const char *text)
{
    size_t length = strlen(text) + 1;
    char *copy = tb_xrealloc(NULL, length, 1);
    memcpy(copy, text, length);
    return copy;
}

tb_scenario *tb_scenario_parse(const char *name, const char *text, size_t length)
{
    tb_scenario *scenario = tb_xrealloc(NULL, 1, sizeof *scenario);
    *scenario = (tb_scenario){ .name = tb_strdup(name), .profile = "gen12" };
    tb_parser parser = { .scenario = scenario };
    tb_verb_keywords(&parser);
    size_t start = 0;
    while (start < length && !scenario->errors_truncated) {
        const char *newline = memchr(text + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - text) : length;
        size_t content_end = (end > start && text[end - 1] == '\r') ? end - 1 : end; /* CRLF */
        parser.line++;
        parser.line_failed = false;
        tb_tokenize(&parser, text, start, content_end);
        tb_parse_line(&parser);
        start = end + 1;
    }
    free(parser.tokens);
    free(parser.dwords);
    return scenario;
}

tb_scenario *tb_scenario_load(const char *path, char *message, size_t message_size)
{
    unsigned char *text = NULL;
    size_t length = 0;
    if (!tb_cli_read_file(path, &text, &length, message, message_size)) /* bounded: TB_CLI_MAX_FILE_BYTES */
        return NULL;
    tb_scenario *scenario = tb_scenario_parse(path, (const char *)text, length);
    free(text);
    return scenario;
}

void tb_scenario_destroy(tb_scenario *scenario)
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

void tb_scenario_print_errors(const tb_scenario *scenario, FILE *out)
{
    for (size_t i = 0; i < scenario->error_count; i++) {
        const tb_scenario_error *error = &scenario->errors[i];
        fprintf(out, "%s:%zu:%zu: %s\n", scenario->name, error->line, error->column, error->message);
    }
    if (scenario->errors_truncated)
        fprintf(out, "%s: too many errors; stopped reading after %d\n", scenario->name, TB_SCENARIO_MAX_ERRORS);
}

static void tb_print_dwords(const tb_statement *statement, FILE *out)
{
    for (size_t i = 0; i < statement->dword_count; i++)
        fprintf(out, " 0x%08" PRIx32, statement->dwords[i]);
}

static void tb_print_mmio_write(const tb_statement *statement, FILE *out)
{
    fprintf(out, "mmio write 0x%08" PRIx64 " 0x%08" PRIx32, statement->address, statement->value);
}

static void tb_print_mmio_read(const tb_statement *statement, FILE *out)
{
    fprintf(out, "mmio read 0x%08" PRIx64, statement->address);
    if (statement->has_expect)
        fprintf(out, " expect 0x%08" PRIx32, statement->value);
    if (statement->has_expect && statement->mask != UINT32_MAX)
        fprintf(out, " mask 0x%08" PRIx32, statement->mask);
}

static void tb_print_mem_write(const tb_statement *statement, FILE *out)
{
    if (statement->path) {
        fprintf(out, "mem load 0x%012" PRIx64 " %s", statement->address, statement->path);
        return;
    }
    fprintf(out, "mem write 0x%012" PRIx64, statement->address);
    tb_print_dwords(statement, out);
}

static void tb_print_mem_read(const tb_statement *statement, FILE *out)
{
    fprintf(out, "mem read 0x%012" PRIx64, statement->address);
    if (statement->has_expect) {
        fputs(" expect", out);
        tb_print_dwords(statement, out);
    }
}

static void tb_print_irq_raise(const tb_statement *statement, FILE *out)
{
    fprintf(out, "irq raise %u %u 0x%04x", statement->engine_class, statement->instance, statement->data);
}

static void tb_print_run(const tb_statement *statement, FILE *out)
{
    fprintf(out, "run %" PRIu64, statement->cycles);
}

static void tb_print_run_idle(const tb_statement *statement, FILE *out)
{
    fprintf(out, "run idle max %" PRIu64, statement->cycles);
}

static void tb_print_expect_irq(const tb_statement *statement, FILE *out)
{
    fprintf(out, "expect irq %u", statement->level);
}

static void tb_print_ring(const tb_statement *statement, FILE *out)
{
    fprintf(out, "ring %s 0x%08" PRIx64 " pages %" PRIu32, cs_engine_name((cs_engine)statement->engine),
            statement->address, statement->ring_bytes / 4096);
}

static void tb_print_emit(const tb_statement *statement, FILE *out)
{
    fprintf(out, "emit %s dw", cs_engine_name((cs_engine)statement->engine));
    tb_print_dwords(statement, out);
}

static void tb_print_submit(const tb_statement *statement, FILE *out)
{
    fprintf(out, "submit %s", cs_engine_name((cs_engine)statement->engine));
}

static void tb_print_batch(const tb_statement *statement, FILE *out)
{
    fprintf(out, "batch 0x%012" PRIx64, statement->address);
}

static void tb_print_bemit(const tb_statement *statement, FILE *out)
{
    fputs("bemit dw", out);
    tb_print_dwords(statement, out);
}

static void tb_print_kernel(const tb_statement *statement, FILE *out)
{
    fprintf(out, "kernel 0x%012" PRIx64 " %s", statement->address, eu_builtin_kernel_names[statement->value]);
}

static void tb_print_doorbell_arm(const tb_statement *statement, FILE *out)
{
    fprintf(out, "doorbell arm %u 0x%012" PRIx64, statement->bell, statement->address);
    if (statement->has_expect)
        fprintf(out, " expect %s", tb_doorbell_arm_results[statement->value]);
}

static void tb_print_doorbell_route(const tb_statement *statement, FILE *out)
{
    fprintf(out, "doorbell route %s", statement->bell ? "guc" : "host");
}

static void tb_print_doorbell_queue(const tb_statement *statement, FILE *out)
{
    fprintf(out, "doorbell queue %u %s 0x%012" PRIx64 " 0x%" PRIx32, statement->bell,
            cs_engine_name((cs_engine)statement->engine), statement->address, statement->value);
}

static void tb_print_doorbell_item(const tb_statement *statement, FILE *out)
{
    fprintf(out, "doorbell item %u 0x%016" PRIx64 " 0x%" PRIx32, statement->bell, statement->address,
            statement->value);
}

static void tb_print_doorbell_ring(const tb_statement *statement, FILE *out)
{
    fprintf(out, "doorbell ring %u", statement->bell);
    if (statement->has_expect)
        fprintf(out, " expect %s", tb_doorbell_ring_results[statement->value]);
}

void tb_statement_print(const tb_statement *statement, FILE *out)
{
    tb_verb_rows[statement->kind].print(statement, out);
}

char *tb_statement_mnemonic(const tb_statement *statement)
{
    const char *label = tb_verb_rows[statement->kind].label;
    if (label)
        return strdup(label);
    /* The printed statement's words up to its first operand (a number); printed without its
     * dwords, which come after that operand anyway, so a long statement costs no more. */
    tb_statement words = *statement;
    words.dword_count = 0;
    char *printed = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&printed, &size);
    if (!out)
        return NULL;
    tb_statement_print(&words, out);
    if (fclose(out) != 0) {
        free(printed);
        return NULL;
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

const char *tb_statement_usage(tb_statement_kind kind)
{
    return tb_verb_rows[kind].usage;
}
