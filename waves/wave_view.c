/* The view: a GTKWave save file (.gtkw) beside every waveform, so opening the waveform with
 * it shows every row, grouped by block, without a click:
 *
 *     gtkwave run.fst run.gtkw
 *
 * One group per top-level scope, in view order (tlm_trace_view ranks: statements, log, buses,
 * host, then blocks in the order they were built), a nested group per sub-scope. The view
 * written at close puts the groups in which no row changed after its first value last and
 * closed, so the first screen shows what the run did; rows in
 * declaration order, so a block's transaction rows and its mnemonic rows stay next to each
 * other. Hex for data and addresses, decimal for counts, enumerations and text by name. The
 * zoom shows the whole file.
 *
 * The format is GTKWave's own (its "Write Save File" output): `[key] value` settings, `*zoom
 * marker...` for the time axis, then one line per trace, each preceded by `@flags` (hex
 * TraceEntFlags: 0x2 hex, 0x4 decimal, 0x8 binary, 0x20 right-justified, 0x200 blank line,
 * 0x400000 closed, 0x800000 group begin, 0x1000000 group end, 0x100000000 decode with the
 * variable's FST enum table) where a line starting with '-' is a comment or group name.
 * Checked against GTKWave 3.3.118: what it writes itself, and screenshots. */
/* realpath() is an XSI interface: the project-wide _POSIX_C_SOURCE does not declare it. */
#define _XOPEN_SOURCE 700

#include "wave_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Window geometry the view asks for, and the parts of it that are not the wave area. */
#define VIEW_WIDTH 1400
#define VIEW_HEIGHT 1200
#define VIEW_SIGNALS_WIDTH 300
#define VIEW_SST_WIDTH 40        /* the collapsed hierarchy pane */
#define VIEW_DECORATION_WIDTH 25 /* scroll bar and borders */
/* GTKWave shows 2^-zoom / 200 time units per pixel (its 200-pixel frame): zoom for a span. */
#define VIEW_PIXELS_PER_FRAME 200.0

#define FLAG_HEX 0x22u       /* hex, right-justified */
#define FLAG_DEC 0x24u       /* decimal, right-justified */
#define FLAG_BIN 0x28u       /* binary (single wires draw as waves), right-justified */
#define FLAG_ENUM UINT64_C(0x100000028) /* binary decoded through the FST enum table */
#define FLAG_GROUP_BEGIN 0x800200u
#define FLAG_GROUP_CLOSED 0x400000u
#define FLAG_GROUP_END 0x1000200u

static uint64_t row_flags(const wave_file *file, const wave_row *row)
{
    if (row->kind == TLM_TRACE_BITS) {
        if (row->width == 1)
            return FLAG_BIN;
        return row->radix == TLM_TRACE_DEC ? FLAG_DEC : row->radix == TLM_TRACE_BIN ? FLAG_BIN : FLAG_HEX;
    }
    if (row->kind == TLM_TRACE_ENUM && file->options.format == WAVE_FORMAT_FST)
        return FLAG_ENUM;
    return FLAG_BIN; /* text (and VCD enum rows, which are text): shown as text whatever the flags */
}

/* The row's name as GTKWave lists it: vectors carry their range. */
static void put_row(FILE *out, const wave_file *file, const wave_row *row, uint64_t *last_flags)
{
    uint64_t flags = row_flags(file, row);
    if (flags != *last_flags) {
        fprintf(out, "@%llx\n", (unsigned long long)flags);
        *last_flags = flags;
    }
    bool ranged = row->width > 1 &&
                  (row->kind == TLM_TRACE_BITS || (row->kind == TLM_TRACE_ENUM && file->options.format == WAVE_FORMAT_FST));
    if (ranged)
        fprintf(out, "%s.%s[%u:0]\n", row->scope, row->name, row->width - 1);
    else
        fprintf(out, "%s.%s\n", row->scope, row->name);
}

/* True if a row of the scope or of a sub-scope changed after its first value. */
static bool scope_active(const wave_file *file, const wave_scope *scope)
{
    for (size_t i = 0; i < scope->row_count; i++)
        if (file->rows[scope->rows[i]].changes)
            return true;
    for (size_t i = 0; i < scope->child_count; i++)
        if (scope_active(file, scope->children[i]))
            return true;
    return false;
}

/* `final`: the view written at close, which knows what changed: a group in which nothing
 * changed is shown closed (an idle engine, an unused interface), so what the run did is on
 * the first screen. */
static void put_group(FILE *out, const wave_file *file, const wave_scope *scope, bool final, uint64_t *last_flags)
{
    bool closed = scope->collapsed || (final && !scope_active(file, scope));
    fprintf(out, "@%x\n-%s\n", FLAG_GROUP_BEGIN | (closed ? FLAG_GROUP_CLOSED : 0), scope->path);
    *last_flags = 0;
    for (size_t i = 0; i < scope->row_count; i++)
        put_row(out, file, &file->rows[scope->rows[i]], last_flags);
    for (size_t i = 0; i < scope->child_count; i++)
        put_group(out, file, scope->children[i], final, last_flags);
    fprintf(out, "@%x\n-%s\n", FLAG_GROUP_END, scope->path);
    *last_flags = 0;
}

bool wave_view_write(const wave_file *file, tlm_time first, tlm_time end, char *error, size_t error_size)
{
    FILE *out = fopen(file->view, "w");
    if (!out) {
        snprintf(error, error_size, "cannot write '%s'", file->view);
        return false;
    }
    /* Absolute paths, so `gtkwave run.gtkw` alone finds the waveform from any directory. */
    char dump[PATH_MAX], save[PATH_MAX];
    if (!realpath(file->path, dump))
        snprintf(dump, sizeof dump, "%s", file->path);
    fprintf(out, "[*]\n[*] gtsim waves: the view of %s, written by the run that wrote it\n[*]\n", file->path);
    fprintf(out, "[dumpfile] \"%s\"\n", dump);
    if (realpath(file->view, save))
        fprintf(out, "[savefile] \"%s\"\n", save);
    fprintf(out, "[timestart] %llu\n", (unsigned long long)first);
    fprintf(out, "[size] %d %d\n[pos] -1 -1\n", VIEW_WIDTH, VIEW_HEIGHT);
    /* Fit [first, end] into the wave area, with a little room at the right. */
    double zoom = 0.0;
    if (end > first) {
        double per_pixel = (double)(end - first) * 1.02 /
                           (VIEW_WIDTH - VIEW_SIGNALS_WIDTH - VIEW_SST_WIDTH - VIEW_DECORATION_WIDTH);
        zoom = -log2(per_pixel * VIEW_PIXELS_PER_FRAME);
    }
    fprintf(out, "*%f -1", zoom);
    for (int marker = 0; marker < 26; marker++)
        fputs(" -1", out);
    fputc('\n', out);
    fprintf(out, "[sst_width] %d\n[signals_width] %d\n[sst_expanded] 0\n", VIEW_SST_WIDTH, VIEW_SIGNALS_WIDTH);
    /* Final view: the blocks that did something first (in view order), then the idle ones. */
    bool final = end > first;
    uint64_t last_flags = 0;
    for (int idle = 0; idle < 2; idle++)
        for (size_t i = 0; i < file->root.child_count; i++)
            if ((final && !scope_active(file, file->root.children[i])) == (idle == 1))
                put_group(out, file, file->root.children[i], final, &last_flags);
    fputs("[pattern_trace] 1\n[pattern_trace] 0\n", out);
    bool ok = ferror(out) == 0;
    if (fclose(out) != 0)
        ok = false;
    if (!ok)
        snprintf(error, error_size, "cannot write '%s'", file->view);
    return ok;
}
