/* Test support for the waveform tests: reads a VCD file (ours, or fst2vcd's rendering of an FST
 * file) back into signals and their value changes, and runs programs in scratch directories.
 *
 * FST files are read only through `fst2vcd -e` (GTKWave's converter, the validator: it rejects
 * corrupt or truncated files with exit status 255); -e adds the FST enum tables as
 * `$attrbegin misc 07 ...` records, which the reader attaches to the enum variable that
 * follows, so tests can check value names in FST files too. */
#ifndef WAVE_VCD_READER_H
#define WAVE_VCD_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct wave_vcd_change {
    uint64_t time; /* when */
    char *value;   /* scalar "0"/"1"/"x"/"z", vector binary digits (no 'b'), or text (unescaped) */
} wave_vcd_change;

typedef struct wave_vcd_signal {
    char *path;               /* "scope.sub.name" */
    char *type;               /* VCD variable type: "wire", "string", "enum", ... */
    unsigned width;           /* declared size */
    char *code;               /* identifier code */
    wave_vcd_change *changes; /* in file order */
    size_t count;             /* entries in changes */
    size_t capacity;          /* allocated entries */
    uint64_t *enum_values;    /* FST enum table values (from fst2vcd -e), NULL if none */
    char **enum_names;        /* their names */
    size_t enum_count;        /* entries in both */
} wave_vcd_signal;

typedef struct wave_vcd {
    wave_vcd_signal *signals; /* in declaration order */
    size_t count;             /* entries in signals */
    uint64_t last_time;       /* the last #time in the file */
    char timescale[32];       /* e.g. "1ps" */
    size_t time_records;      /* #time lines seen */
} wave_vcd;

/* Reads a VCD file; NULL with a message if it cannot be read or parsed. */
wave_vcd *wave_vcd_load(const char *path, char *error, size_t error_size);
/* Converts an FST file with `fst2vcd -e` and reads the result; NULL with a message (naming
 * fst2vcd's exit status) if the conversion fails. */
wave_vcd *wave_vcd_load_fst(const char *fst_path, char *error, size_t error_size);
void wave_vcd_free(wave_vcd *vcd);

const wave_vcd_signal *wave_vcd_find(const wave_vcd *vcd, const char *path);
/* The value the signal has at `time` (its last change at or before it), NULL if none. */
const char *wave_vcd_value_at(const wave_vcd_signal *signal, uint64_t time);
/* A scalar or binary value as a number (x and z read as 0). */
uint64_t wave_vcd_number(const char *value);
/* The value at `time` as a name: an FST enum's name for its number, or the text of a string
 * variable (our VCD writes enums as text). NULL if none. */
const char *wave_vcd_name_at(const wave_vcd_signal *signal, uint64_t time);
/* The time of the signal's first change, at or after `from`, to a value whose name (see
 * wave_vcd_name_at) is `name`; UINT64_MAX if none. */
uint64_t wave_vcd_first_time_of_name(const wave_vcd_signal *signal, const char *name, uint64_t from);
/* How many changes the signal has at exactly `time`. */
size_t wave_vcd_changes_at(const wave_vcd_signal *signal, uint64_t time);
/* The time of the signal's first change to `value` (binary digits or text) at or after
 * `from`; UINT64_MAX if none. */
uint64_t wave_vcd_first_time_of(const wave_vcd_signal *signal, const char *value, uint64_t from);

/* ---- programs and scratch directories -------------------------------------------------- */

/* A new empty directory under /tmp; the path is written to `dir` (at least 64 bytes). */
bool wave_test_mkdtemp(char *dir, size_t size);
/* Removes the directory and the files in it (one level). */
void wave_test_rmdir(const char *dir);
/* Runs argv[0] with `dir` as working directory, stdout and stderr to dir/stdout and
 * dir/stderr; returns the raw wait status (-1 if it could not be started). */
int wave_test_run(const char *dir, char *const argv[]);
/* Starts the program as above without waiting; returns its pid (-1 on failure). */
int wave_test_spawn(const char *dir, char *const argv[]);
/* The contents of a file (NUL-terminated, free it), or NULL. */
char *wave_test_read_file(const char *path);
bool wave_test_exists(const char *path);

#endif
