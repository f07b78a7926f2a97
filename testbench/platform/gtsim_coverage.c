/* Coverage counts (gtsim_coverage.h). Items are few (hundreds), so a sorted array is enough:
 * lookups by binary search, output already in order. */
#include "gtsim_coverage.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_file.h"
#include "tlm_alloc.h"

/* Longest kind or name kept; longer ones are cut (a file cannot make us allocate without bound
 * per item). */
#define GTSIM_COVERAGE_NAME_MAX 127u
/* Items a coverage may hold: the models know a few hundred; a file claiming more is refused
 * rather than grown into (memory and the sorted insert stay bounded). */
#define GTSIM_COVERAGE_MAX_ITEMS 8192u

typedef struct gtsim_coverage_item {
    char kind[GTSIM_COVERAGE_NAME_MAX + 1]; /* e.g. "mi_command.gen12.rcs" */
    char name[GTSIM_COVERAGE_NAME_MAX + 1]; /* e.g. "MI_STORE_DATA_IMM" */
    uint64_t count;                      /* times exercised (saturating) */
} gtsim_coverage_item;

struct gtsim_coverage {
    gtsim_coverage_item *items; /* sorted by (kind, name) */
    size_t count;            /* entries in items */
    size_t capacity;         /* allocated entries */
};

gtsim_coverage *gtsim_coverage_create(void)
{
    return tlm_alloc_zeroed(1, sizeof(gtsim_coverage));
}

void gtsim_coverage_destroy(gtsim_coverage *coverage)
{
    if (!coverage)
        return;
    free(coverage->items);
    free(coverage);
}

/* The form an item's kind or name is kept, written and read back in: at most
 * GTSIM_COVERAGE_NAME_MAX bytes, every byte the reader would split or drop on (blanks, control
 * characters, DEL) as '_', a leading '#' (a comment line to the reader) as '_', and "_" for
 * an empty word. Applying it to its own output changes nothing, so a written file reads back
 * as the same items. */
static void gtsim_coverage_copy_word(char *out, const char *word)
{
    size_t i = 0;
    for (; word[i] && i < GTSIM_COVERAGE_NAME_MAX; i++) {
        unsigned char c = (unsigned char)word[i];
        out[i] = c <= ' ' || c == 0x7f || (i == 0 && c == '#') ? '_' : (char)c;
    }
    if (i == 0)
        out[i++] = '_';
    out[i] = '\0';
}

static int gtsim_coverage_compare(const gtsim_coverage_item *item, const char *kind, const char *name)
{
    int by_kind = strcmp(item->kind, kind);
    return by_kind ? by_kind : strcmp(item->name, name);
}

/* Index of the item, or of where it would go (*found false). */
static size_t gtsim_coverage_find(const gtsim_coverage *coverage, const char *kind, const char *name, bool *found)
{
    size_t low = 0, high = coverage->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        int order = gtsim_coverage_compare(&coverage->items[middle], kind, name);
        if (order == 0) {
            *found = true;
            return middle;
        }
        if (order < 0)
            low = middle + 1;
        else
            high = middle;
    }
    *found = false;
    return low;
}

void gtsim_coverage_add(gtsim_coverage *coverage, const char *kind, const char *name, uint64_t count)
{
    gtsim_coverage_item key;
    gtsim_coverage_copy_word(key.kind, kind);
    gtsim_coverage_copy_word(key.name, name);
    bool found = false;
    size_t index = gtsim_coverage_find(coverage, key.kind, key.name, &found);
    if (!found) {
        coverage->items = tlm_alloc_grow(coverage->items, &coverage->capacity, coverage->count + 1, sizeof key, 64);
        memmove(&coverage->items[index + 1], &coverage->items[index], (coverage->count - index) * sizeof key);
        key.count = 0;
        coverage->items[index] = key;
        coverage->count++;
    }
    uint64_t *total = &coverage->items[index].count;
    *total = *total > UINT64_MAX - count ? UINT64_MAX : *total + count;
}

uint64_t gtsim_coverage_count(const gtsim_coverage *coverage, const char *kind, const char *name)
{
    gtsim_coverage_item key;
    gtsim_coverage_copy_word(key.kind, kind);
    gtsim_coverage_copy_word(key.name, name);
    bool found = false;
    size_t index = gtsim_coverage_find(coverage, key.kind, key.name, &found);
    return found ? coverage->items[index].count : 0;
}

size_t gtsim_coverage_items(const gtsim_coverage *coverage, const char *kind)
{
    size_t n = 0;
    for (size_t i = 0; i < coverage->count; i++)
        n += !kind || strcmp(coverage->items[i].kind, kind) == 0;
    return n;
}

size_t gtsim_coverage_exercised(const gtsim_coverage *coverage, const char *kind)
{
    size_t n = 0;
    for (size_t i = 0; i < coverage->count; i++)
        n += (!kind || strcmp(coverage->items[i].kind, kind) == 0) && coverage->items[i].count > 0;
    return n;
}

/* One `KIND NAME COUNT` line; false if it is not one. */
static bool gtsim_coverage_parse_line(gtsim_coverage *coverage, char *line)
{
    char *words[4];
    size_t count = 0;
    for (char *save = NULL, *word = strtok_r(line, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
        if (count == 3)
            return false;
        words[count++] = word;
    }
    if (count == 0)
        return true;
    if (count != 3 || words[0][0] == '\0' || words[2][0] == '\0')
        return false;
    uint64_t value = 0;
    for (const char *c = words[2]; *c; c++) {
        if (*c < '0' || *c > '9' || value > (UINT64_MAX - (uint64_t)(*c - '0')) / 10)
            return false;
        value = value * 10 + (uint64_t)(*c - '0');
    }
    gtsim_coverage_add(coverage, words[0], words[1], value);
    return true;
}

bool gtsim_coverage_merge_file(gtsim_coverage *coverage, const char *path, char *message, size_t message_size)
{
    unsigned char *bytes = NULL;
    size_t length = 0;
    if (!gtsim_file_read(path, &bytes, &length, message, message_size))
        return false;
    size_t start = 0, line = 0;
    bool ok = true;
    while (start < length && ok) {
        const unsigned char *newline = memchr(bytes + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - bytes) : length;
        line++;
        size_t size = end - start;
        if (size && bytes[end - 1] == '\r')
            size--;
        char *text = tlm_alloc_zeroed(1, size + 1);
        memcpy(text, bytes + start, size);
        if (memchr(text, '\0', size) || (text[0] != '#' && !gtsim_coverage_parse_line(coverage, text))) {
            snprintf(message, message_size, "%s:%zu: expected 'KIND NAME COUNT'", path, line);
            ok = false;
        } else if (coverage->count > GTSIM_COVERAGE_MAX_ITEMS) {
            snprintf(message, message_size, "%s:%zu: more than %u coverage items", path, line, GTSIM_COVERAGE_MAX_ITEMS);
            ok = false;
        }
        free(text);
        start = end + 1;
    }
    free(bytes);
    return ok;
}

bool gtsim_coverage_write(const gtsim_coverage *coverage, const char *path, char *message, size_t message_size)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        snprintf(message, message_size, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    fputs("# gtsim coverage: KIND NAME COUNT (docs/guide/regress.md)\n", out);
    for (size_t i = 0; i < coverage->count; i++)
        fprintf(out, "%s %s %" PRIu64 "\n", coverage->items[i].kind, coverage->items[i].name, coverage->items[i].count);
    bool ok = !ferror(out);
    ok = fclose(out) == 0 && ok;
    if (!ok)
        snprintf(message, message_size, "error writing '%s'", path);
    return ok;
}

void gtsim_coverage_print_summary(const gtsim_coverage *coverage, FILE *out)
{
    for (size_t i = 0; i < coverage->count;) {
        const char *kind = coverage->items[i].kind;
        size_t end = i, exercised = 0;
        while (end < coverage->count && strcmp(coverage->items[end].kind, kind) == 0)
            exercised += coverage->items[end++].count > 0;
        fprintf(out, "  %-32s %zu of %zu exercised", kind, exercised, end - i);
        if (exercised < end - i) {
            fputs("; not:", out);
            for (size_t k = i; k < end; k++)
                if (coverage->items[k].count == 0)
                    fprintf(out, " %s", coverage->items[k].name);
        }
        fputc('\n', out);
        i = end;
    }
}
