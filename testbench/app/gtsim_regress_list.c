/* Regression list parser (docs/guide/regress.md). Every error names its line; a list with an error
 * runs nothing. */
#include "gtsim_regress_list.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_cli.h"
#include "tlm_alloc.h"

/* One line's words: quotes removed, escapes applied. */
typedef struct gtsim_words {
    char **word;     /* NUL-terminated copies */
    size_t count;    /* entries in word */
    size_t capacity; /* allocated entries */
} gtsim_words;

static void gtsim_words_clear(gtsim_words *words)
{
    for (size_t i = 0; i < words->count; i++)
        free(words->word[i]);
    words->count = 0;
}

__attribute__((format(printf, 3, 4))) static void gtsim_list_error(gtsim_regress_list *list, size_t line,
                                                                const char *format, ...)
{
    if (list->error_count >= GTSIM_REGRESS_MAX_ERRORS)
        return;
    list->errors = tlm_alloc_resize(list->errors, list->error_count + 1, sizeof *list->errors);
    gtsim_regress_error *error = &list->errors[list->error_count++];
    error->line = line;
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
}

/* Splits a line into words: blanks separate, `#` outside quotes ends the line, "..." groups
 * with \" and \\ escapes, '...' groups literally (as in a POSIX shell: no escapes inside, so
 * a command copied from a shell line keeps its meaning). False (with an error) on an
 * unterminated quote or a NUL byte. */
static bool gtsim_split(gtsim_regress_list *list, size_t line, const char *text, size_t length, gtsim_words *words)
{
    size_t i = 0;
    char *buffer = tlm_alloc_zeroed(1, length + 1);
    while (i < length) {
        while (i < length && (text[i] == ' ' || text[i] == '\t'))
            i++;
        if (i == length || text[i] == '#')
            break;
        size_t used = 0;
        char quote = 0; /* the quote character of the open quote, 0 outside quotes */
        while (i < length && (quote || (text[i] != ' ' && text[i] != '\t' && text[i] != '#'))) {
            char c = text[i++];
            if (c == '\0') {
                gtsim_list_error(list, line, "NUL byte in the line");
                free(buffer);
                return false;
            }
            if ((c == '"' || c == '\'') && (!quote || quote == c)) {
                quote = quote ? 0 : c;
            } else if (quote == '"' && c == '\\' && i < length && (text[i] == '"' || text[i] == '\\')) {
                buffer[used++] = text[i++];
            } else {
                buffer[used++] = c;
            }
        }
        if (quote) {
            gtsim_list_error(list, line, quote == '"' ? "unterminated quote (\")" : "unterminated quote (')");
            free(buffer);
            return false;
        }
        if (words->count == words->capacity) {
            words->capacity = words->capacity ? 2 * words->capacity : 16;
            words->word = tlm_alloc_resize(words->word, words->capacity, sizeof *words->word);
        }
        words->word[words->count++] = tlm_alloc_strndup(buffer, used);
    }
    free(buffer);
    return true;
}

/* A decimal count in [1, limit]. */
static bool gtsim_count(const char *text, unsigned limit, unsigned *value)
{
    if (!*text)
        return false;
    uint64_t number = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9')
            return false;
        number = number * 10 + (uint64_t)(*c - '0');
        if (number > limit)
            return false;
    }
    if (number == 0)
        return false;
    *value = (unsigned)number;
    return true;
}

static bool gtsim_valid_name(const char *name)
{
    if (!*name)
        return false;
    for (const char *c = name; *c; c++) {
        bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
                  *c == '-' || *c == '.';
        if (!ok)
            return false;
    }
    return true;
}

long gtsim_regress_list_find_suite(const gtsim_regress_list *list, const char *name)
{
    for (size_t i = 0; i < list->suite_count; i++)
        if (strcmp(list->suites[i].name, name) == 0)
            return (long)i;
    return -1;
}

static void gtsim_parse_suite(gtsim_regress_list *list, size_t line, gtsim_words *words)
{
    if (words->count < 2 || !gtsim_valid_name(words->word[1])) {
        gtsim_list_error(list, line, "expected 'suite NAME [includes SUITE...]' (NAME: letters, digits, _ - .)");
        return;
    }
    if (gtsim_regress_list_find_suite(list, words->word[1]) >= 0) {
        gtsim_list_error(list, line, "suite '%s' is defined twice", words->word[1]);
        return;
    }
    if (words->count > 2 && (strcmp(words->word[2], "includes") != 0 || words->count == 3)) {
        gtsim_list_error(list, line, "expected 'includes SUITE...' after the suite name");
        return;
    }
    gtsim_regress_suite suite = { .line = line };
    for (size_t i = 3; i < words->count; i++) {
        long included = gtsim_regress_list_find_suite(list, words->word[i]);
        if (included < 0) {
            gtsim_list_error(list, line, "suite '%s' includes '%s', which is not defined above it", words->word[1],
                          words->word[i]);
            free(suite.includes);
            return;
        }
        suite.includes = tlm_alloc_resize(suite.includes, suite.include_count + 1, sizeof *suite.includes);
        suite.includes[suite.include_count++] = (size_t)included;
    }
    suite.name = tlm_alloc_strdup(words->word[1]);
    list->suites = tlm_alloc_resize(list->suites, list->suite_count + 1, sizeof *list->suites);
    list->suites[list->suite_count++] = suite;
}

/* `scenario PATH ...` or `test NAME ...`: the shared `[seeds N] [timeout S] [-- ...]` tail. */
static void gtsim_parse_entry(gtsim_regress_list *list, size_t line, gtsim_words *words, gtsim_regress_kind kind)
{
    const char *keyword = kind == GTSIM_REGRESS_SCENARIO ? "scenario" : "test";
    if (list->suite_count == 0) {
        gtsim_list_error(list, line, "'%s' before any 'suite NAME'", keyword);
        return;
    }
    if (words->count < 2 || strcmp(words->word[1], "--") == 0) {
        gtsim_list_error(list, line, kind == GTSIM_REGRESS_SCENARIO ? "expected 'scenario PATH [seeds N] [timeout S] [-- OPTION...]'"
                                                              : "expected 'test NAME [seeds N] [timeout S] -- COMMAND...'");
        return;
    }
    if (kind == GTSIM_REGRESS_TEST && !gtsim_valid_name(words->word[1])) {
        gtsim_list_error(list, line, "test name '%s': letters, digits, _ - . only", words->word[1]);
        return;
    }
    gtsim_regress_entry entry = { .kind = kind, .seeds = 1, .timeout = GTSIM_REGRESS_DEFAULT_TIMEOUT,
                               .suite = list->suite_count - 1, .line = line };
    size_t i = 2;
    bool seen_seeds = false, seen_timeout = false;
    while (i < words->count && strcmp(words->word[i], "--") != 0) {
        const char *key = words->word[i];
        bool is_seeds = strcmp(key, "seeds") == 0, is_timeout = strcmp(key, "timeout") == 0;
        if (!is_seeds && !is_timeout) {
            gtsim_list_error(list, line, "unexpected '%s' (expected seeds N, timeout SECONDS or --)", key);
            return;
        }
        if ((is_seeds && seen_seeds) || (is_timeout && seen_timeout)) {
            gtsim_list_error(list, line, "'%s' given twice", key);
            return;
        }
        if (i + 1 >= words->count) {
            gtsim_list_error(list, line, "'%s' needs a value", key);
            return;
        }
        const char *value = words->word[i + 1];
        if (is_seeds && !gtsim_count(value, GTSIM_REGRESS_MAX_SEEDS, &entry.seeds)) {
            gtsim_list_error(list, line, "seeds '%s': expected 1..%u", value, GTSIM_REGRESS_MAX_SEEDS);
            return;
        }
        if (is_timeout && !gtsim_count(value, GTSIM_REGRESS_MAX_TIMEOUT, &entry.timeout)) {
            gtsim_list_error(list, line, "timeout '%s': expected 1..%u seconds", value, GTSIM_REGRESS_MAX_TIMEOUT);
            return;
        }
        seen_seeds |= is_seeds;
        seen_timeout |= is_timeout;
        i += 2;
    }
    size_t first = i < words->count ? i + 1 : words->count;
    if (kind == GTSIM_REGRESS_TEST && first >= words->count) {
        gtsim_list_error(list, line, "test '%s' has no command (expected '-- COMMAND [ARG...]')", words->word[1]);
        return;
    }
    entry.argc = words->count - first;
    entry.argv = tlm_alloc_zeroed(1, (entry.argc + 1) * sizeof *entry.argv);
    for (size_t k = 0; k < entry.argc; k++)
        entry.argv[k] = tlm_alloc_strdup(words->word[first + k]);
    entry.argv[entry.argc] = NULL;
    entry.name = tlm_alloc_strdup(words->word[1]);
    if (kind == GTSIM_REGRESS_SCENARIO) {
        const char *path = words->word[1];
        size_t size = strlen(list->directory) + strlen(path) + 2;
        entry.path = tlm_alloc_zeroed(1, size);
        if (path[0] == '/')
            snprintf(entry.path, size, "%s", path);
        else
            snprintf(entry.path, size, "%s/%s", list->directory, path);
    }
    list->entries = tlm_alloc_resize(list->entries, list->entry_count + 1, sizeof *list->entries);
    list->entries[list->entry_count++] = entry;
}

/* An entry's key with its line, for finding two entries with the same key. */
typedef struct gtsim_keyed {
    char *key;   /* gtsim_regress_entry_key */
    size_t line; /* the entry's line */
} gtsim_keyed;

static int gtsim_keyed_compare(const void *a, const void *b)
{
    const gtsim_keyed *x = a, *y = b;
    int order = strcmp(x->key, y->key);
    return order ? order : (x->line > y->line) - (x->line < y->line);
}

/* Seeds come from the entry's key (gtsim_regress_job_seed), so a second entry with the same
 * suite, name and options would run the first one's jobs again: an error naming both lines.
 * Sorting keeps this O(n log n) for a list of any length. */
static void gtsim_refuse_duplicates(gtsim_regress_list *list)
{
    if (list->error_count || list->entry_count < 2)
        return;
    gtsim_keyed *keyed = tlm_alloc_zeroed(list->entry_count, sizeof *keyed);
    for (size_t i = 0; i < list->entry_count; i++)
        keyed[i] = (gtsim_keyed){ gtsim_regress_entry_key(list, &list->entries[i]), list->entries[i].line };
    qsort(keyed, list->entry_count, sizeof *keyed, gtsim_keyed_compare);
    for (size_t i = 1; i < list->entry_count; i++)
        if (strcmp(keyed[i].key, keyed[i - 1].key) == 0)
            gtsim_list_error(list, keyed[i].line,
                          "the same entry as line %zu (same suite, name and options would run the same seeds; "
                          "use 'seeds N' for more)",
                          keyed[i - 1].line);
    for (size_t i = 0; i < list->entry_count; i++)
        free(keyed[i].key);
    free(keyed);
}

gtsim_regress_list *gtsim_regress_list_parse(const char *name, const char *text, size_t length)
{
    gtsim_regress_list *list = tlm_alloc_zeroed(1, sizeof *list);
    *list = (gtsim_regress_list){ .name = tlm_alloc_strdup(name) };
    const char *slash = strrchr(name, '/');
    list->directory =
        slash ? tlm_alloc_strndup(name, slash == name ? 1 : (size_t)(slash - name)) : tlm_alloc_strdup(".");
    gtsim_words words = { 0 };
    size_t line = 0, start = 0;
    while (start < length && list->error_count < GTSIM_REGRESS_MAX_ERRORS) {
        const char *newline = memchr(text + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - text) : length;
        size_t content_end = (end > start && text[end - 1] == '\r') ? end - 1 : end;
        line++;
        gtsim_words_clear(&words);
        if (gtsim_split(list, line, text + start, content_end - start, &words) && words.count > 0) {
            const char *keyword = words.word[0];
            if (strcmp(keyword, "suite") == 0)
                gtsim_parse_suite(list, line, &words);
            else if (strcmp(keyword, "scenario") == 0)
                gtsim_parse_entry(list, line, &words, GTSIM_REGRESS_SCENARIO);
            else if (strcmp(keyword, "test") == 0)
                gtsim_parse_entry(list, line, &words, GTSIM_REGRESS_TEST);
            else
                gtsim_list_error(list, line, "unknown statement '%s' (expected suite, scenario or test)", keyword);
        }
        start = end + 1;
    }
    gtsim_words_clear(&words);
    free(words.word);
    gtsim_refuse_duplicates(list);
    if (list->error_count == 0 && list->entry_count == 0)
        gtsim_list_error(list, line ? line : 1, "the list has no scenario or test");
    return list;
}

gtsim_regress_list *gtsim_regress_list_load(const char *path, char *message, size_t message_size)
{
    unsigned char *bytes = NULL;
    size_t length = 0;
    if (!gtsim_file_read(path, &bytes, &length, message, message_size))
        return NULL;
    gtsim_regress_list *list = gtsim_regress_list_parse(path, (const char *)bytes, length);
    free(bytes);
    return list;
}

void gtsim_regress_list_destroy(gtsim_regress_list *list)
{
    if (!list)
        return;
    for (size_t i = 0; i < list->entry_count; i++) {
        gtsim_regress_entry *entry = &list->entries[i];
        for (size_t k = 0; k < entry->argc; k++)
            free(entry->argv[k]);
        free(entry->argv);
        free(entry->name);
        free(entry->path);
    }
    for (size_t i = 0; i < list->suite_count; i++) {
        free(list->suites[i].name);
        free(list->suites[i].includes);
    }
    free(list->entries);
    free(list->suites);
    free(list->errors);
    free(list->directory);
    free(list->name);
    free(list);
}

void gtsim_regress_list_print_errors(const gtsim_regress_list *list, FILE *out)
{
    for (size_t i = 0; i < list->error_count; i++)
        fprintf(out, "%s:%zu: %s\n", list->name, list->errors[i].line, list->errors[i].message);
    if (list->error_count >= GTSIM_REGRESS_MAX_ERRORS)
        fprintf(out, "%s: too many errors; stopped reading\n", list->name);
}

/* Includes only point up the file (defined above), so the walk ends. */
static bool gtsim_suite_contains(const gtsim_regress_list *list, size_t suite, size_t wanted, unsigned depth)
{
    if (suite == wanted)
        return true;
    if (depth > list->suite_count)
        return false;
    const gtsim_regress_suite *s = &list->suites[suite];
    for (size_t i = 0; i < s->include_count; i++)
        if (gtsim_suite_contains(list, s->includes[i], wanted, depth + 1))
            return true;
    return false;
}

bool gtsim_regress_list_in_suite(const gtsim_regress_list *list, const gtsim_regress_entry *entry, size_t suite)
{
    return suite < list->suite_count && gtsim_suite_contains(list, suite, entry->suite, 0);
}

char *gtsim_regress_entry_key(const gtsim_regress_list *list, const gtsim_regress_entry *entry)
{
    const char *suite = list->suites[entry->suite].name;
    size_t size = strlen(suite) + strlen(entry->name) + 2;
    for (size_t i = 0; i < entry->argc; i++)
        size += strlen(entry->argv[i]) + 1;
    char *key = tlm_alloc_zeroed(1, size);
    size_t used = (size_t)snprintf(key, size, "%s/%s", suite, entry->name);
    for (size_t i = 0; i < entry->argc; i++)
        used += (size_t)snprintf(key + used, size - used, "\n%s", entry->argv[i]);
    return key;
}

uint64_t gtsim_regress_mix(uint64_t value)
{
    value += UINT64_C(0x9E3779B97F4A7C15);
    value = (value ^ (value >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    value = (value ^ (value >> 27)) * UINT64_C(0x94D049BB133111EB);
    return value ^ (value >> 31);
}

uint64_t gtsim_regress_job_seed(uint64_t base, const gtsim_regress_list *list, const gtsim_regress_entry *entry, unsigned index)
{
    char *key = gtsim_regress_entry_key(list, entry);
    uint64_t hash = UINT64_C(1469598103934665603); /* FNV-1a 64 */
    for (const char *c = key; *c; c++)
        hash = (hash ^ (unsigned char)*c) * UINT64_C(1099511628211);
    free(key);
    /* 31 bits: fits every seed option a test might parse as a signed int. */
    return gtsim_regress_mix(base ^ gtsim_regress_mix(hash + index)) & UINT64_C(0x7FFFFFFF);
}
