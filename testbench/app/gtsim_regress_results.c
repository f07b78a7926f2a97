/* The results file of a regression run (gtsim_regress_results.h, docs/guide/regress.md). */
#include "gtsim_regress_results.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gtsim_cli.h"
#include "tlm_alloc.h"

#define GTSIM_RESULTS_MAGIC "# gtsim regress results 1"
/* Fields of a `job` record, the keyword included. */
#define GTSIM_RESULTS_JOB_FIELDS 14u

static void gtsim_put_field(FILE *out, const char *text)
{
    fputc('\t', out);
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '\t': fputs("\\t", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\\': fputs("\\\\", out); break;
        default: fputc(*c, out);
        }
    }
}

bool gtsim_regress_results_write(const gtsim_regress_results *results, const char *path, char *message, size_t message_size)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        snprintf(message, message_size, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    fprintf(out, "%s\nlist", GTSIM_RESULTS_MAGIC);
    gtsim_put_field(out, results->list);
    fputs("\nsuite", out);
    gtsim_put_field(out, results->suite ? results->suite : "");
    fprintf(out, "\nbase-seed\t%" PRIu64 "\nshard\t%u\t%u\ntotal\t%zu\nwall\t%.3f\nsuites", results->base_seed,
            results->shard, results->shards, results->total, results->wall);
    for (size_t i = 0; i < results->suite_count; i++)
        gtsim_put_field(out, results->suites[i]);
    fputc('\n', out);
    for (size_t i = 0; i < results->count; i++) {
        const gtsim_regress_record *r = &results->records[i];
        fprintf(out, "job\t%zu\t%s\t%d\t%.3f\t%u\t%s", r->ordinal, r->state, r->status, r->seconds, r->timeout,
                r->scenario ? "scenario" : "test");
        gtsim_put_field(out, r->suite);
        gtsim_put_field(out, r->name);
        fprintf(out, "\t%" PRIu64, r->seed);
        gtsim_put_field(out, r->id);
        gtsim_put_field(out, r->log);
        gtsim_put_field(out, r->wave);
        gtsim_put_field(out, r->replay);
        fputc('\n', out);
    }
    bool ok = !ferror(out);
    ok = fclose(out) == 0 && ok;
    if (!ok)
        snprintf(message, message_size, "error writing '%s'", path);
    return ok;
}

/* Splits one line (NUL-terminated, in place) at tabs and unescapes each field. */
static size_t gtsim_split_fields(char *line, char **fields, size_t max)
{
    size_t count = 0;
    char *c = line;
    while (count < max) {
        fields[count++] = c;
        char *out = c;
        while (*c && *c != '\t') {
            if (*c == '\\' && c[1]) {
                c++;
                *out++ = *c == 't' ? '\t' : *c == 'n' ? '\n' : *c == 'r' ? '\r' : *c;
                c++;
            } else {
                *out++ = *c++;
            }
        }
        bool more = *c == '\t';
        *out = '\0';
        if (!more)
            break;
        c++;
    }
    return count;
}

bool gtsim_regress_parse_u64(const char *text, uint64_t limit, uint64_t *value)
{
    if (!*text)
        return false;
    uint64_t number = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9' || number > (limit - (uint64_t)(*c - '0')) / 10)
            return false;
        number = number * 10 + (uint64_t)(*c - '0');
    }
    *value = number;
    return true;
}

static bool gtsim_valid_state(const char *state)
{
    return strcmp(state, "PASS") == 0 || strcmp(state, "FAIL") == 0 || strcmp(state, "TIMEOUT") == 0 ||
           strcmp(state, "NOT_RUN") == 0;
}

/* One `job` line into a record; false if a field is malformed. */
static bool gtsim_parse_job(char **f, size_t n, gtsim_regress_record *r)
{
    uint64_t ordinal = 0, timeout = 0, seed = 0;
    char *end = NULL;
    if (n != GTSIM_RESULTS_JOB_FIELDS || !gtsim_regress_parse_u64(f[1], GTSIM_REGRESS_RESULTS_MAX_JOBS * 1000ull, &ordinal) ||
        !gtsim_valid_state(f[2]) || !gtsim_regress_parse_u64(f[5], UINT32_MAX, &timeout) || !gtsim_regress_parse_u64(f[9], UINT64_MAX, &seed))
        return false;
    long status = strtol(f[3], &end, 10);
    if (*end || status < -255 || status > 255)
        return false;
    double seconds = strtod(f[4], &end);
    if (*end || !(seconds >= 0 && seconds < 1e9))
        return false;
    if (strcmp(f[6], "scenario") != 0 && strcmp(f[6], "test") != 0)
        return false;
    *r = (gtsim_regress_record){ .ordinal = (size_t)ordinal, .state = tlm_alloc_strdup(f[2]), .status = (int)status,
                              .seconds = seconds, .timeout = (unsigned)timeout, .scenario = f[6][0] == 's',
                              .suite = tlm_alloc_strdup(f[7]), .name = tlm_alloc_strdup(f[8]), .seed = seed,
                              .id = tlm_alloc_strdup(f[10]), .log = tlm_alloc_strdup(f[11]),
                              .wave = tlm_alloc_strdup(f[12]), .replay = tlm_alloc_strdup(f[13]) };
    return true;
}

static int gtsim_record_compare(const void *a, const void *b)
{
    const gtsim_regress_record *x = a, *y = b;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

__attribute__((format(printf, 4, 5))) static gtsim_regress_results *gtsim_fail(gtsim_regress_results *results, char *message,
                                                                         size_t message_size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(message, message_size, format, args);
    va_end(args);
    gtsim_regress_results_destroy(results);
    return NULL;
}

gtsim_regress_results *gtsim_regress_results_read(const char *path, char *message, size_t message_size)
{
    unsigned char *bytes = NULL;
    size_t length = 0;
    if (!gtsim_file_read(path, &bytes, &length, message, message_size))
        return NULL;
    char *text = tlm_alloc_zeroed(1, length + 1);
    memcpy(text, bytes, length);
    free(bytes);
    if (memchr(text, '\0', length)) {
        free(text);
        snprintf(message, message_size, "%s: not a gtsim regress results file (NUL byte)", path);
        return NULL;
    }
    gtsim_regress_results *results = tlm_alloc_zeroed(1, sizeof *results);
    size_t capacity = 0, line = 0;
    bool header = false, shard = false;
    /* A line's fields: a `suites` line has one per suite, any other at most a job's. */
    size_t max_fields = GTSIM_REGRESS_RESULTS_MAX_SUITES + 2;
    char **f = tlm_alloc_zeroed(max_fields, sizeof *f);
    char *next = text;
    while (next && *next) {
        char *current = next;
        char *newline = strchr(current, '\n');
        next = newline ? newline + 1 : NULL;
        if (newline)
            *newline = '\0';
        line++;
        if (line == 1) {
            if (strcmp(current, GTSIM_RESULTS_MAGIC) != 0)
                break;
            header = true;
            continue;
        }
        size_t n = gtsim_split_fields(current, f, max_fields);
        uint64_t a = 0, b = 0;
        bool ok = true;
        if (strcmp(f[0], "list") == 0 && n == 2 && !results->list) {
            results->list = tlm_alloc_strdup(f[1]);
        } else if (strcmp(f[0], "suite") == 0 && n == 2 && !results->suite) {
            results->suite = tlm_alloc_strdup(f[1]);
        } else if (strcmp(f[0], "base-seed") == 0 && n == 2) {
            ok = gtsim_regress_parse_u64(f[1], UINT64_MAX, &results->base_seed);
        } else if (strcmp(f[0], "shard") == 0 && n == 3) {
            ok = gtsim_regress_parse_u64(f[1], UINT32_MAX, &a) && gtsim_regress_parse_u64(f[2], UINT32_MAX, &b) && a >= 1 && a <= b;
            results->shard = (unsigned)a;
            results->shards = (unsigned)b;
            shard = ok;
        } else if (strcmp(f[0], "total") == 0 && n == 2) {
            ok = gtsim_regress_parse_u64(f[1], GTSIM_REGRESS_RESULTS_MAX_JOBS * 1000ull, &a);
            results->total = (size_t)a;
        } else if (strcmp(f[0], "wall") == 0 && n == 2) {
            char *end = NULL;
            results->wall = strtod(f[1], &end);
            ok = !*end && results->wall >= 0 && results->wall < 1e9;
        } else if (strcmp(f[0], "suites") == 0 && !results->suites && n < max_fields) {
            results->suites = tlm_alloc_zeroed(n, sizeof *results->suites);
            for (size_t i = 1; i < n; i++)
                results->suites[results->suite_count++] = tlm_alloc_strdup(f[i]);
        } else if (strcmp(f[0], "job") == 0) {
            if (results->count >= GTSIM_REGRESS_RESULTS_MAX_JOBS) {
                free(f);
                free(text);
                return gtsim_fail(results, message, message_size, "%s:%zu: more than %u jobs", path, line,
                               GTSIM_REGRESS_RESULTS_MAX_JOBS);
            }
            if (results->count == capacity) {
                capacity = capacity ? 2 * capacity : 64;
                results->records = tlm_alloc_resize(results->records, capacity, sizeof *results->records);
            }
            ok = gtsim_parse_job(f, n, &results->records[results->count]);
            results->count += ok;
        } else {
            ok = false;
        }
        if (!ok) {
            /* f[0] points into text: the message first. */
            gtsim_fail(results, message, message_size, "%s:%zu: malformed '%.20s' line", path, line, f[0]);
            free(f);
            free(text);
            return NULL;
        }
    }
    free(f);
    free(text);
    if (!header)
        return gtsim_fail(results, message, message_size, "%s: not a gtsim regress results file", path);
    if (!results->list || !results->suite || !shard || !results->suites)
        return gtsim_fail(results, message, message_size, "%s: incomplete (a run that did not finish?)", path);
    qsort(results->records, results->count, sizeof *results->records, gtsim_record_compare);
    return results;
}

void gtsim_regress_results_destroy(gtsim_regress_results *results)
{
    if (!results)
        return;
    for (size_t i = 0; i < results->count; i++) {
        gtsim_regress_record *r = &results->records[i];
        free(r->state);
        free(r->suite);
        free(r->name);
        free(r->id);
        free(r->log);
        free(r->wave);
        free(r->replay);
    }
    for (size_t i = 0; i < results->suite_count; i++)
        free(results->suites[i]);
    free(results->suites);
    free(results->records);
    free(results->list);
    free(results->suite);
    free(results);
}
