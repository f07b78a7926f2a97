#include "wave_vcd_reader.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef WAVE_TEST_FST2VCD
#define WAVE_TEST_FST2VCD "fst2vcd"
#endif

/* ---- files ------------------------------------------------------------------------------ */

char *wave_test_read_file(const char *path)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    while (text) {
        if (size + 4096 + 1 > capacity) {
            capacity *= 2;
            char *bigger = realloc(text, capacity);
            if (!bigger) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
        }
        size_t got = fread(text + size, 1, 4096, in);
        size += got;
        if (got < 4096)
            break;
    }
    fclose(in);
    if (text)
        text[size] = '\0';
    return text;
}

bool wave_test_exists(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0;
}

/* ---- VCD -------------------------------------------------------------------------------- */

/* The next whitespace-separated token at *at, NUL-terminated in place; NULL at the end. */
static char *next_token(char **at)
{
    char *p = *at;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if (!*p) {
        *at = p;
        return NULL;
    }
    char *start = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
        p++;
    if (*p)
        *p++ = '\0';
    *at = p;
    return start;
}

/* Escapes undone, in place: \ooo (our VCD writer, and fst2vcd for spaces) and the C escapes
 * fst2vcd uses for the rest (\\, \t, \n, ...). */
static void unescape(char *text)
{
    static const char from[] = "\\tnrabfv'\"?", to[] = "\\\t\n\r\a\b\f\v'\"?";
    char *out = text;
    for (char *in = text; *in; in++) {
        const char *simple = in[0] == '\\' && in[1] ? strchr(from, in[1]) : NULL;
        if (in[0] == '\\' && in[1] >= '0' && in[1] <= '7' && in[2] >= '0' && in[2] <= '7' && in[3] >= '0' &&
            in[3] <= '7') {
            *out++ = (char)((in[1] - '0') << 6 | (in[2] - '0') << 3 | (in[3] - '0'));
            in += 3;
        } else if (simple) {
            *out++ = to[simple - from];
            in++;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
}

static char *copy(const char *text)
{
    size_t length = strlen(text);
    char *out = malloc(length + 1);
    if (out)
        memcpy(out, text, length + 1);
    return out;
}

/* An FST enum table from fst2vcd -e: its handle, names and values. */
typedef struct enum_table {
    unsigned handle;  /* the FST handle */
    size_t count;     /* entries */
    char **names;     /* literals */
    uint64_t *values; /* values */
} enum_table;

static void add_change(wave_vcd *vcd, const char *code, uint64_t time, const char *value)
{
    for (size_t i = 0; i < vcd->count; i++) {
        wave_vcd_signal *signal = &vcd->signals[i];
        if (strcmp(signal->code, code) != 0)
            continue;
        if (signal->count == signal->capacity) {
            signal->capacity = signal->capacity ? 2 * signal->capacity : 16;
            signal->changes = realloc(signal->changes, signal->capacity * sizeof *signal->changes);
        }
        signal->changes[signal->count++] = (wave_vcd_change){ .time = time, .value = copy(value) };
    }
}

static wave_vcd *parse(char *text, char *error, size_t error_size)
{
    wave_vcd *vcd = calloc(1, sizeof *vcd);
    char scope[4096] = "";
    enum_table tables[64];
    size_t table_count = 0;
    int pending_table = -1; /* the table the next $var refers to */
    char *at = text;
    char *token;
    bool body = false;
    uint64_t time = 0;
    while ((token = next_token(&at)) != NULL) {
        if (!body) {
            if (strcmp(token, "$scope") == 0) {
                next_token(&at); /* kind */
                char *name = next_token(&at);
                next_token(&at); /* $end */
                if (!name)
                    break;
                size_t length = strlen(scope);
                snprintf(scope + length, sizeof scope - length, "%s%s", length ? "." : "", name);
            } else if (strcmp(token, "$upscope") == 0) {
                next_token(&at);
                char *dot = strrchr(scope, '.');
                if (dot)
                    *dot = '\0';
                else
                    scope[0] = '\0';
            } else if (strcmp(token, "$var") == 0) {
                char *type = next_token(&at), *width = next_token(&at), *code = next_token(&at), *name = next_token(&at);
                if (!type || !width || !code || !name) {
                    snprintf(error, error_size, "truncated $var");
                    wave_vcd_free(vcd);
                    return NULL;
                }
                char *rest;
                while ((rest = next_token(&at)) != NULL && strcmp(rest, "$end") != 0) {
                }
                vcd->signals = realloc(vcd->signals, (vcd->count + 1) * sizeof *vcd->signals);
                wave_vcd_signal *signal = &vcd->signals[vcd->count++];
                *signal = (wave_vcd_signal){ .type = copy(type), .width = (unsigned)strtoul(width, NULL, 10), .code = copy(code) };
                size_t size = strlen(scope) + strlen(name) + 2;
                signal->path = malloc(size);
                snprintf(signal->path, size, "%s%s%s", scope, scope[0] ? "." : "", name);
                if (pending_table >= 0) {
                    enum_table *table = &tables[pending_table];
                    signal->enum_count = table->count;
                    signal->enum_names = calloc(table->count, sizeof *signal->enum_names);
                    signal->enum_values = calloc(table->count, sizeof *signal->enum_values);
                    for (size_t i = 0; i < table->count; i++) {
                        signal->enum_names[i] = copy(table->names[i]);
                        signal->enum_values[i] = table->values[i];
                    }
                    pending_table = -1;
                }
            } else if (strcmp(token, "$attrbegin") == 0) {
                /* fst2vcd -e: "misc 07 NAME COUNT lit... val... HANDLE $end" defines a table;
                 * "misc 07 \"\" HANDLE $end" applies it to the next variable. */
                char *words[8192];
                size_t count = 0;
                char *word;
                while ((word = next_token(&at)) != NULL && strcmp(word, "$end") != 0)
                    if (count < sizeof words / sizeof words[0])
                        words[count++] = word;
                if (count >= 4 && strcmp(words[0], "misc") == 0 && strcmp(words[1], "07") == 0) {
                    if (strcmp(words[2], "\"\"") == 0) {
                        unsigned handle = (unsigned)strtoul(words[3], NULL, 10);
                        for (size_t i = 0; i < table_count; i++)
                            if (tables[i].handle == handle)
                                pending_table = (int)i;
                    } else if (table_count < sizeof tables / sizeof tables[0]) {
                        size_t entries = strtoul(words[3], NULL, 10);
                        if (count >= 4 + 2 * entries + 1) {
                            enum_table *table = &tables[table_count++];
                            table->count = entries;
                            table->handle = (unsigned)strtoul(words[4 + 2 * entries], NULL, 10);
                            table->names = calloc(entries, sizeof *table->names);
                            table->values = calloc(entries, sizeof *table->values);
                            for (size_t i = 0; i < entries; i++) {
                                table->names[i] = copy(words[4 + i]);
                                unescape(table->names[i]);
                                table->values[i] = wave_vcd_number(words[4 + entries + i]);
                            }
                        }
                    }
                }
            } else if (strcmp(token, "$timescale") == 0) {
                char *value;
                vcd->timescale[0] = '\0';
                while ((value = next_token(&at)) != NULL && strcmp(value, "$end") != 0) {
                    size_t length = strlen(vcd->timescale);
                    snprintf(vcd->timescale + length, sizeof vcd->timescale - length, "%s", value);
                }
            } else if (strcmp(token, "$enddefinitions") == 0) {
                next_token(&at);
                body = true;
            } else if (token[0] == '$') {
                char *skip; /* $date, $version, $comment: to their $end */
                while ((skip = next_token(&at)) != NULL && strcmp(skip, "$end") != 0) {
                }
            }
            continue;
        }
        switch (token[0]) {
        case '#':
            time = strtoull(token + 1, NULL, 10);
            vcd->last_time = time;
            vcd->time_records++;
            break;
        case '$': /* $dumpvars, $end, ... */
            break;
        case '0':
        case '1':
        case 'x':
        case 'z':
        case 'X':
        case 'Z': {
            char value[2] = { token[0], '\0' };
            add_change(vcd, token + 1, time, value);
            break;
        }
        case 'b':
        case 'B':
        case 'r':
        case 'R':
        case 's':
        case 'S': {
            char *code = next_token(&at);
            if (!code) {
                snprintf(error, error_size, "value without an identifier at #%llu", (unsigned long long)time);
                wave_vcd_free(vcd);
                return NULL;
            }
            if (token[0] == 's' || token[0] == 'S')
                unescape(token + 1);
            add_change(vcd, code, time, token + 1);
            break;
        }
        default:
            snprintf(error, error_size, "unexpected '%s' at #%llu", token, (unsigned long long)time);
            wave_vcd_free(vcd);
            return NULL;
        }
    }
    for (size_t i = 0; i < table_count; i++) {
        for (size_t j = 0; j < tables[i].count; j++)
            free(tables[i].names[j]);
        free(tables[i].names);
        free(tables[i].values);
    }
    if (!body) {
        snprintf(error, error_size, "no $enddefinitions");
        wave_vcd_free(vcd);
        return NULL;
    }
    return vcd;
}

wave_vcd *wave_vcd_load(const char *path, char *error, size_t error_size)
{
    char *text = wave_test_read_file(path);
    if (!text) {
        snprintf(error, error_size, "cannot read '%s'", path);
        return NULL;
    }
    wave_vcd *vcd = parse(text, error, error_size);
    free(text);
    return vcd;
}

wave_vcd *wave_vcd_load_fst(const char *fst_path, char *error, size_t error_size)
{
    char vcd_path[4096];
    snprintf(vcd_path, sizeof vcd_path, "%s.fst2vcd.vcd", fst_path);
    /* posix_spawn, not fork: forking a process under ASan copies its shadow memory's page
     * tables, about a second per conversion on this machine; a vfork-style spawn copies none. */
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    char *const argv[] = { "fst2vcd", "-e", "-f", (char *)fst_path, "-o", vcd_path, NULL };
    pid_t pid = 0;
    int spawned = posix_spawnp(&pid, WAVE_TEST_FST2VCD, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        snprintf(error, error_size, "cannot run %s: %s", WAVE_TEST_FST2VCD, strerror(spawned));
        return NULL;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(error, error_size, "fst2vcd rejected '%s' (exit status %d)", fst_path,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        unlink(vcd_path);
        return NULL;
    }
    wave_vcd *vcd = wave_vcd_load(vcd_path, error, error_size);
    unlink(vcd_path);
    return vcd;
}

void wave_vcd_free(wave_vcd *vcd)
{
    if (!vcd)
        return;
    for (size_t i = 0; i < vcd->count; i++) {
        wave_vcd_signal *signal = &vcd->signals[i];
        for (size_t j = 0; j < signal->count; j++)
            free(signal->changes[j].value);
        free(signal->changes);
        for (size_t j = 0; j < signal->enum_count; j++)
            free(signal->enum_names[j]);
        free(signal->enum_names);
        free(signal->enum_values);
        free(signal->path);
        free(signal->type);
        free(signal->code);
    }
    free(vcd->signals);
    free(vcd);
}

const wave_vcd_signal *wave_vcd_find(const wave_vcd *vcd, const char *path)
{
    for (size_t i = 0; i < vcd->count; i++)
        if (strcmp(vcd->signals[i].path, path) == 0)
            return &vcd->signals[i];
    return NULL;
}

const char *wave_vcd_value_at(const wave_vcd_signal *signal, uint64_t time)
{
    const char *value = NULL;
    for (size_t i = 0; i < signal->count && signal->changes[i].time <= time; i++)
        value = signal->changes[i].value;
    return value;
}

uint64_t wave_vcd_number(const char *value)
{
    uint64_t number = 0;
    for (const char *c = value; *c; c++)
        number = number << 1 | (*c == '1');
    return number;
}

const char *wave_vcd_name_at(const wave_vcd_signal *signal, uint64_t time)
{
    const char *value = wave_vcd_value_at(signal, time);
    if (!value || !signal->enum_count)
        return value;
    uint64_t number = wave_vcd_number(value);
    for (size_t i = 0; i < signal->enum_count; i++)
        if (signal->enum_values[i] == number)
            return signal->enum_names[i];
    return NULL;
}

/* The name of one change's value: its enum name, or the value itself. */
static const char *change_name(const wave_vcd_signal *signal, const wave_vcd_change *change)
{
    if (!signal->enum_count)
        return change->value;
    uint64_t number = wave_vcd_number(change->value);
    for (size_t i = 0; i < signal->enum_count; i++)
        if (signal->enum_values[i] == number)
            return signal->enum_names[i];
    return NULL;
}

uint64_t wave_vcd_first_time_of_name(const wave_vcd_signal *signal, const char *name, uint64_t from)
{
    for (size_t i = 0; i < signal->count; i++) {
        const char *this_name = change_name(signal, &signal->changes[i]);
        if (signal->changes[i].time >= from && this_name && strcmp(this_name, name) == 0)
            return signal->changes[i].time;
    }
    return UINT64_MAX;
}

size_t wave_vcd_changes_at(const wave_vcd_signal *signal, uint64_t time)
{
    size_t count = 0;
    for (size_t i = 0; i < signal->count; i++)
        count += signal->changes[i].time == time;
    return count;
}

uint64_t wave_vcd_first_time_of(const wave_vcd_signal *signal, const char *value, uint64_t from)
{
    bool binary = value[0] && strspn(value, "01") == strlen(value);
    for (size_t i = 0; i < signal->count; i++) {
        const wave_vcd_change *change = &signal->changes[i];
        if (change->time < from)
            continue;
        bool same = binary && change->value[0] && strspn(change->value, "01xzXZ") == strlen(change->value)
                        ? wave_vcd_number(change->value) == wave_vcd_number(value)
                        : strcmp(change->value, value) == 0;
        if (same)
            return change->time;
    }
    return UINT64_MAX;
}

/* ---- programs --------------------------------------------------------------------------- */

bool wave_test_mkdtemp(char *dir, size_t size)
{
    if (size < 64)
        return false;
    snprintf(dir, size, "/tmp/gtsim-waves-test-XXXXXX");
    return mkdtemp(dir) != NULL;
}

void wave_test_rmdir(const char *dir)
{
    DIR *listing = opendir(dir);
    if (listing) {
        struct dirent *entry;
        while ((entry = readdir(listing)) != NULL) {
            if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
            unlink(path);
        }
        closedir(listing);
    }
    rmdir(dir);
}

int wave_test_spawn(const char *dir, char *const argv[])
{
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    char out[4096], err[4096];
    snprintf(out, sizeof out, "%s/stdout", dir);
    snprintf(err, sizeof err, "%s/stderr", dir);
    int out_fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    int err_fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (out_fd < 0 || err_fd < 0 || chdir(dir) != 0)
        _exit(126);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    execv(argv[0], argv);
    _exit(127);
}

int wave_test_run(const char *dir, char *const argv[])
{
    int pid = wave_test_spawn(dir, argv);
    if (pid < 0)
        return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}
