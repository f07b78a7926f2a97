/* Waveform files (docs/reference/waves-api.md): a trace sink for tlm's trace hook (tlm/tlm_trace.h) that
 * writes what blocks trace into a VCD (IEEE 1364, written here) or FST (GTKWave's format,
 * through the FST writer the installed Verilator package ships) file, with a GTKWave save
 * file (the "view") beside it.
 *
 * Use: open a file, install wave_tracer() on the kernel before the blocks are built, run,
 * close with the end time:
 *
 *     wave_file *wave = wave_open("run.fst", &options, error, sizeof error);
 *     tlm_kernel_set_tracer(kernel, wave_tracer(wave));
 *     ... build blocks, run ...
 *     wave_close(wave, tlm_kernel_now(kernel), &result, error, sizeof error);
 *
 * What gets written:
 *   - plain: everything from time 0 (window [0, end]).
 *   - window [start, stop]: the values every row has at `start`, then every change up to `stop`.
 *   - on-fail: nothing until the first trigger (a failed check, an error logged); the last
 *     `history` of changes is kept in memory and written when the trigger comes, then the
 *     file streams on. A run without a trigger writes no file (and removes a file left at
 *     the path by an earlier run, so a file present afterwards always belongs to this run).
 *
 * Completeness: the file is complete after wave_close, after exit() (an atexit handler closes
 * every open file) and, with finalize_on_signal, after SIGINT or SIGTERM (the handler closes
 * every open file, then lets the signal take its course). docs/guide/waves.md lists what is and is
 * not async-signal-safe in that path. */
#ifndef WAVE_H
#define WAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tlm_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum wave_format {
    WAVE_FORMAT_FST, /* compressed, GTKWave's own format; enumerations shown by name */
    WAVE_FORMAT_VCD  /* IEEE 1364 text, plus GTKWave's string extension for text and enum rows */
} wave_format;

typedef struct wave_options {
    wave_format format;        /* file format */
    tlm_time window_start;     /* first time written (0: from the start) */
    tlm_time window_stop;      /* last time written (TLM_TIME_MAX: to the end) */
    bool on_fail;              /* write only from the first trigger on, with history before it */
    tlm_time history;          /* on_fail: how much simulated time before the trigger is kept */
    size_t history_max_bytes;  /* on_fail: memory the history may use (0: 256 MiB); beyond it the oldest changes go */
    bool write_view;           /* write the GTKWave save file (wave_view_path) beside the file */
    bool finalize_on_signal;   /* complete the file on SIGINT/SIGTERM before the process dies */
} wave_options;

/* What a close reports. */
typedef struct wave_result {
    bool written;              /* a waveform file exists at the path (false: on-fail run without a trigger) */
    bool view_written;         /* the save file exists beside it */
    bool triggered;            /* a trigger came (in any mode) */
    tlm_time trigger_time;     /* time of the first trigger */
    tlm_time first_time;       /* first time in the file (window start, or trigger time - history) */
    tlm_time end_time;         /* last time in the file */
    uint64_t rows;             /* rows declared */
    uint64_t changes;          /* value changes written */
    uint64_t late_declarations;/* rows declared after the header was written (not traced) */
    uint64_t history_dropped;  /* on-fail: changes dropped from the history to stay within its memory bound */
} wave_result;

typedef struct wave_file wave_file;

/* Plain FST or VCD recording with a view and signal finalization. */
wave_options wave_default_options(wave_format format);

/* The format a path's extension names: ".fst" or ".vcd" (false for anything else). */
bool wave_format_from_path(const char *path, wave_format *format);

/* The view's path for a waveform path: the extension replaced by ".gtkw" ("run.fst" ->
 * "run.gtkw"). False if it does not fit. */
bool wave_view_path(const char *path, char *view, size_t view_size);

/* Checks the options and that the file can be created (it is created empty now and filled
 * when the run starts; in on-fail mode it is removed again, with any view beside it, until a
 * trigger comes). NULL with a message on failure. */
wave_file *wave_open(const char *path, const wave_options *options, char *error, size_t error_size);

/* The trace sink to install on a kernel (valid until wave_close, which removes it from the
 * kernel it is installed on, so the kernel may outlive the file). */
const tlm_tracer *wave_tracer(wave_file *file);

/* Completes the file with `end_time` as its last time, writes the view, frees everything.
 * False with a message on an I/O error (*result is filled either way; may be NULL). */
bool wave_close(wave_file *file, tlm_time end_time, wave_result *result, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
