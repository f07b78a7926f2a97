/* What the waveform core (wave_file.c), the writers (wave_vcd.c, wave_fst.c), the view
 * (wave_view.c) and the crash guard (wave_guard.c) share. Not for users: wave.h is the API. */
#ifndef WAVE_INTERNAL_H
#define WAVE_INTERNAL_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wave.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An enumeration: names for values. */
typedef struct wave_enum {
    char *name;        /* enumeration name (FST enum table name) */
    size_t count;      /* entries */
    uint64_t *values;  /* values, as declared */
    char **names;      /* names, as declared */
    bool dense;        /* values[i] == i for every i: lookup by index */
} wave_enum;

/* One declared row. */
typedef struct wave_row {
    char *scope;              /* dotted scope path */
    char *name;               /* name inside the scope */
    tlm_trace_kind kind;      /* bits, enum or text */
    unsigned width;           /* 1..64 for bits and enum rows */
    tlm_trace_radix radix;    /* display hint */
    uint32_t enumeration;     /* enum rows: index + 1 into the file's enumerations */
    uint64_t value;           /* bits/enum: current value (in output time order) */
    char *text;               /* text: current text (owned, never NULL) */
    uint64_t base_value;      /* on-fail: value at the oldest point of the history */
    char *base_text;          /* on-fail: text there (owned, never NULL) */
    uint32_t handle;          /* the writer's handle for it */
    uint64_t changes;         /* value changes written after the first values (the view puts blocks without any last, closed) */
} wave_row;

/* A node of the scope tree built from the rows' dotted scopes. */
typedef struct wave_scope {
    char *name;                    /* last path component (NULL for the root) */
    char *path;                    /* full dotted path (NULL for the root) */
    struct wave_scope **children;  /* sub-scopes, ordered (first declared first; root: by view rank) */
    size_t child_count;            /* entries in children */
    size_t child_capacity;         /* allocated entries */
    uint32_t *rows;                /* row indices (id - 1) directly in this scope, declaration order */
    size_t row_count;              /* entries in rows */
    size_t row_capacity;           /* allocated entries */
    int rank;                      /* view rank (top-level scopes) */
    bool collapsed;                /* the view shows its group closed */
    uint64_t seen;                 /* declaration order of its first row (for stable ordering) */
} wave_scope;

/* One value change held back: in the reorder buffer (stamped ahead of the kernel) or in the
 * on-fail history. */
typedef struct wave_record {
    tlm_time time;      /* when it happens */
    uint64_t sequence;  /* emission order, breaks ties at equal time */
    uint32_t id;        /* row id */
    uint64_t value;     /* bits/enum value */
    char *text;         /* text rows: owned copy */
} wave_record;

typedef struct wave_writer wave_writer;

/* A file format. Calls come in this order: begin, then any number of (time, then values at
 * that time), then finish; destroy at the end. Times never decrease. */
typedef struct wave_writer_ops {
    /* Creates the file and writes the declarations; assigns every row's handle. */
    bool (*begin)(wave_writer *writer, struct wave_file *file, char *error, size_t error_size);
    void (*time)(wave_writer *writer, tlm_time time);
    void (*bits)(wave_writer *writer, const wave_row *row, uint64_t value);
    void (*text)(wave_writer *writer, const wave_row *row, const char *text);
    /* Writes `end` as the last time and completes the file. `from_signal`: called from a
     * signal handler (use no stdio where the format allows). */
    bool (*finish)(wave_writer *writer, tlm_time end, bool from_signal, char *error, size_t error_size);
    void (*destroy)(wave_writer *writer);
} wave_writer_ops;

struct wave_writer {
    const wave_writer_ops *ops; /* the format */
};

wave_writer *wave_vcd_create(const char *path);
wave_writer *wave_fst_create(const char *path);
/* Tests: value changes per FST block for files opened from now on (0: the default). Small
 * blocks make the writer thread take over many flushes in a short file. */
void wave_fst_set_block_changes(uint64_t changes);

/* Where the core is with its file. */
typedef enum wave_state {
    WAVE_WAITING,  /* header not written: before the window start (values go to the table only) */
    WAVE_HISTORY,  /* on-fail, before the trigger: changes go to the history */
    WAVE_STREAM,   /* header written: changes go to the file */
    WAVE_STOPPED,  /* past the window stop: nothing more is written */
    WAVE_FINISHED  /* the file is complete */
} wave_state;

struct wave_file {
    tlm_tracer tracer;            /* what wave_tracer returns (ops + this) */
    wave_options options;         /* as opened */
    char *path;                   /* waveform path */
    char *view;                   /* view path (NULL: none) */
    wave_writer *writer;          /* the format */
    wave_row *rows;               /* declared rows; id = index + 1 */
    uint32_t row_count;           /* entries in rows */
    size_t row_capacity;          /* allocated entries */
    wave_enum *enums;             /* declared enumerations; id = index + 1 */
    uint32_t enum_count;          /* entries in enums */
    size_t enum_capacity;         /* allocated entries */
    wave_scope root;              /* scope tree of the rows */
    wave_state state;             /* see wave_state */
    bool header_written;          /* the header is written (declarations are closed) */
    bool declarations_closed;     /* tlm_trace_declared came: no more rows, every change is recorded */
    tlm_kernel *kernel;           /* the kernel the sink is installed on (NULL: none): its time at an emergency close; closing removes the sink from it */
    tlm_time now;                 /* latest kernel time seen */
    tlm_time lookback;            /* longest time a block stamps changes before now (tlm_trace_lookback) */
    tlm_time history_floor;       /* on-fail: changes before this were dropped for memory, so the history starts here at the earliest */
    tlm_time out_time;            /* time of the latest change passed to the output stage */
    tlm_time written_time;        /* latest time written to the file */
    bool time_written;            /* written_time is valid */
    uint64_t sequence;            /* emissions so far (record tie-break) */
    wave_record *pending;         /* reorder buffer: min-heap on (time, sequence) */
    size_t pending_count;         /* records in it */
    size_t pending_capacity;      /* allocated records */
    wave_record *history;         /* on-fail ring of changes, oldest at history_head */
    size_t history_head;          /* index of the oldest record */
    size_t history_count;         /* records in the ring */
    size_t history_capacity;      /* allocated records (power of two) */
    size_t history_bytes;         /* memory the ring's records and texts use */
    wave_result result;           /* what close reports */
    bool io_failed;               /* the writer reported an error; nothing more is written */
    char io_error[256];           /* its message */
    struct wave_file *next_open;  /* the guard's list of open files */
};

/* The enumeration's name for `value`, or NULL. */
const char *wave_enum_name(const wave_enum *enumeration, uint64_t value);

/* Writes the GTKWave save file for `file` (its scope tree and rows), zoomed to
 * [first, end] when end > first. */
bool wave_view_write(const struct wave_file *file, tlm_time first, tlm_time end, char *error, size_t error_size);

/* ---- crash guard (wave_guard.c) -------------------------------------------------------- */

/* Every entry into the core (a tracer call, a close) is bracketed by enter/leave. A signal
 * that arrives inside is handled at the outermost leave, never in the middle of a write.
 * Inline: they run around every traced change. */
extern volatile sig_atomic_t wave_guard_depth;    /* nesting of waveform code on the stack */
extern volatile sig_atomic_t wave_guard_deferred; /* a signal that arrived inside it (0: none) */
void wave_guard_handle_deferred(void);

static inline void wave_guard_enter(void)
{
    wave_guard_depth++;
}

static inline void wave_guard_leave(void)
{
    if (--wave_guard_depth == 0 && __builtin_expect(wave_guard_deferred != 0, 0))
        wave_guard_handle_deferred();
}
/* Registers an open file (atexit handler, and signal handlers if asked) / forgets it. */
void wave_guard_add(struct wave_file *file, bool finalize_on_signal);
void wave_guard_remove(struct wave_file *file);
/* Completes one file from the guard (exit or signal): flushes and finishes, frees nothing. */
void wave_file_emergency_close(struct wave_file *file, bool from_signal);

#ifdef __cplusplus
}
#endif

#endif
