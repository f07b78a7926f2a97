/* The waveform core: the trace sink that sits behind tlm's trace hook.
 *
 * Changes flow through three stages:
 *   1. reorder: a change stamped ahead of the kernel (a transaction's response at now + delay,
 *      RTL pins of cycles run ahead) waits in a min-heap until the kernel has reached its time;
 *      nothing can be stamped before the kernel's now, so changes up to now are final and
 *      leave in (time, emission) order.
 *   2. output stage (in time order): the current value of every row is kept (it is what a
 *      window start or a trigger dumps), unchanged values are dropped, and the state decides
 *      where a change goes: nowhere yet (before the window), the on-fail history, or the file.
 *   3. writer: VCD or FST (wave_vcd.c, wave_fst.c).
 *
 * Declarations stay open until tlm_trace_declared (the run starts) or, without it, until the
 * header is written: at the first change after the window start (time 0 by default), at the
 * trigger in on-fail mode, or at close. */
#include "wave_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tlm_alloc.h"

#define DEFAULT_HISTORY_MAX_BYTES ((size_t)256 << 20)

static uint64_t width_mask(unsigned width)
{
    return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

/* ---- public helpers -------------------------------------------------------------------- */

wave_options wave_default_options(wave_format format)
{
    return (wave_options){
        .format = format,
        .window_start = 0,
        .window_stop = TLM_TIME_MAX,
        .history = 10 * TLM_US,
        .write_view = true,
        .finalize_on_signal = true,
    };
}

static const char *extension_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(path, '.');
    return dot && (!slash || dot > slash) && dot != (slash ? slash + 1 : path) ? dot : NULL;
}

bool wave_format_from_path(const char *path, wave_format *format)
{
    const char *extension = extension_of(path);
    if (extension && strcmp(extension, ".fst") == 0) {
        *format = WAVE_FORMAT_FST;
        return true;
    }
    if (extension && strcmp(extension, ".vcd") == 0) {
        *format = WAVE_FORMAT_VCD;
        return true;
    }
    return false;
}

bool wave_view_path(const char *path, char *view, size_t view_size)
{
    const char *extension = extension_of(path);
    size_t stem = extension ? (size_t)(extension - path) : strlen(path);
    int written = snprintf(view, view_size, "%.*s.gtkw", (int)stem, path);
    return written > 0 && (size_t)written < view_size;
}

const char *wave_enum_name(const wave_enum *enumeration, uint64_t value)
{
    if (enumeration->dense)
        return value < enumeration->count ? enumeration->names[value] : NULL;
    for (size_t i = 0; i < enumeration->count; i++)
        if (enumeration->values[i] == value)
            return enumeration->names[i];
    return NULL;
}

/* ---- scope tree ------------------------------------------------------------------------ */

/* Names become VCD identifiers and GTKWave paths: no spaces, no dots (a dot is a scope
 * separator), nothing unprintable. */
static void sanitize(char *name)
{
    for (char *c = name; *c; c++)
        if ((unsigned char)*c <= ' ' || (unsigned char)*c >= 0x7f || *c == '.' || *c == '[' || *c == ']')
            *c = '_';
}


static wave_scope *scope_child(wave_scope *parent, const char *name, size_t length, uint64_t seen)
{
    for (size_t i = 0; i < parent->child_count; i++) {
        wave_scope *child = parent->children[i];
        if (strlen(child->name) == length && memcmp(child->name, name, length) == 0)
            return child;
    }
    wave_scope *child = tlm_alloc_zeroed(1, sizeof *child);
    child->name = tlm_alloc_zeroed(length + 1, 1);
    memcpy(child->name, name, length);
    size_t parent_length = parent->path ? strlen(parent->path) : 0;
    child->path = tlm_alloc_zeroed(parent_length + 1 + length + 1, 1);
    if (parent->path)
        snprintf(child->path, parent_length + 1 + length + 1, "%s.%s", parent->path, child->name);
    else
        snprintf(child->path, length + 1, "%s", child->name);
    child->seen = seen;
    parent->children = tlm_alloc_grow(parent->children, &parent->child_capacity, parent->child_count + 1,
                                      sizeof *parent->children, 8);
    parent->children[parent->child_count++] = child;
    return child;
}

/* The node for a dotted path, created as needed (empty components are skipped; each
 * component is sanitized like a row name). */
static wave_scope *scope_find(wave_scope *root, const char *path, uint64_t seen)
{
    wave_scope *scope = root;
    const char *at = path;
    while (*at) {
        const char *dot = strchr(at, '.');
        size_t length = dot ? (size_t)(dot - at) : strlen(at);
        if (length > 0) {
            char *component = tlm_alloc_zeroed(length + 1, 1);
            memcpy(component, at, length);
            sanitize(component);
            scope = scope_child(scope, component, length, seen);
            free(component);
        }
        at += length + (dot ? 1 : 0);
    }
    return scope;
}

static void scope_free(wave_scope *scope)
{
    for (size_t i = 0; i < scope->child_count; i++) {
        scope_free(scope->children[i]);
        free(scope->children[i]);
    }
    free(scope->children);
    free(scope->rows);
    free(scope->name);
    free(scope->path);
}

static int compare_top_scopes(const void *a, const void *b)
{
    const wave_scope *x = *(wave_scope *const *)a, *y = *(wave_scope *const *)b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->seen < y->seen ? -1 : x->seen > y->seen;
}

/* ---- sink: declarations ---------------------------------------------------------------- */

static uint32_t sink_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    wave_file *file = sink;
    if (file->header_written || file->declarations_closed || count == 0 || !entries)
        return 0;
    wave_guard_enter();
    file->enums = tlm_alloc_grow(file->enums, &file->enum_capacity, file->enum_count + 1, sizeof *file->enums, 8);
    wave_enum *enumeration = &file->enums[file->enum_count];
    enumeration->name = tlm_alloc_strdup(name ? name : "enum");
    enumeration->count = count;
    enumeration->values = tlm_alloc_zeroed(count, sizeof *enumeration->values);
    enumeration->names = tlm_alloc_zeroed(count, sizeof *enumeration->names);
    enumeration->dense = true;
    for (size_t i = 0; i < count; i++) {
        enumeration->values[i] = entries[i].value;
        enumeration->names[i] = tlm_alloc_strdup(entries[i].name ? entries[i].name : "");
        if (entries[i].value != i)
            enumeration->dense = false;
    }
    uint32_t id = ++file->enum_count;
    wave_guard_leave();
    return id;
}

/* `name`, or `name_2`, `name_3`... if the scope already has a row of that name. */
static char *unique_name(const wave_file *file, const wave_scope *scope, const char *name)
{
    char *candidate = tlm_alloc_strdup(name);
    for (unsigned suffix = 2;; suffix++) {
        bool taken = false;
        for (size_t i = 0; i < scope->row_count && !taken; i++)
            taken = strcmp(file->rows[scope->rows[i]].name, candidate) == 0;
        if (!taken)
            return candidate;
        free(candidate);
        size_t size = strlen(name) + 16;
        candidate = tlm_alloc_zeroed(size, 1);
        snprintf(candidate, size, "%s_%u", name, suffix);
    }
}

static tlm_trace_id sink_declare(void *sink, const tlm_trace_row *declared)
{
    wave_file *file = sink;
    if (file->header_written || file->declarations_closed) {
        file->result.late_declarations++;
        return TLM_TRACE_NONE;
    }
    if (!declared || !declared->name || !declared->name[0])
        return TLM_TRACE_NONE;
    if (declared->kind == TLM_TRACE_ENUM &&
        (declared->enumeration == 0 || declared->enumeration > file->enum_count))
        return TLM_TRACE_NONE;
    wave_guard_enter();
    uint64_t order = file->row_count;
    wave_scope *scope = scope_find(&file->root, declared->scope && declared->scope[0] ? declared->scope : "gtsim",
                                   order);
    if (scope == &file->root) /* a scope of dots only: rows need a scope in VCD */
        scope = scope_find(&file->root, "gtsim", order);
    char *name = tlm_alloc_strdup(declared->name);
    sanitize(name);
    char *unique = unique_name(file, scope, name);
    free(name);
    file->rows = tlm_alloc_grow(file->rows, &file->row_capacity, file->row_count + 1, sizeof *file->rows, 8);
    wave_row *row = &file->rows[file->row_count];
    unsigned width = declared->width < 1 ? 1 : declared->width > 64 ? 64 : declared->width;
    *row = (wave_row){
        .scope = tlm_alloc_strdup(scope->path),
        .name = unique,
        .kind = declared->kind,
        .width = declared->kind == TLM_TRACE_TEXT ? 0 : width,
        .radix = declared->radix,
        .enumeration = declared->kind == TLM_TRACE_ENUM ? declared->enumeration : 0,
    };
    if (row->kind == TLM_TRACE_TEXT) {
        row->text = tlm_alloc_strdup(declared->initial_text ? declared->initial_text : "");
        row->base_text = tlm_alloc_strdup(row->text);
    } else {
        row->value = row->base_value = declared->initial & width_mask(width);
    }
    scope->rows = tlm_alloc_grow(scope->rows, &scope->row_capacity, scope->row_count + 1, sizeof *scope->rows, 8);
    scope->rows[scope->row_count++] = file->row_count;
    tlm_trace_id id = ++file->row_count;
    file->result.rows = file->row_count;
    wave_guard_leave();
    return id;
}

static void sink_view(void *sink, const char *path, int rank, bool collapsed)
{
    wave_file *file = sink;
    if (!path || !path[0])
        return;
    wave_guard_enter();
    /* A hint applies to the top-level scope of the path. */
    const char *dot = strchr(path, '.');
    size_t length = dot ? (size_t)(dot - path) : strlen(path);
    char *top_name = tlm_alloc_zeroed(length + 1, 1);
    memcpy(top_name, path, length);
    wave_scope *top = scope_find(&file->root, top_name, file->row_count);
    free(top_name);
    if (top != &file->root) {
        top->rank = rank;
        top->collapsed = collapsed;
    }
    wave_guard_leave();
}

static void sink_declared(void *sink)
{
    wave_file *file = sink;
    file->declarations_closed = true;
}

static void sink_lookback(void *sink, tlm_time lookback)
{
    wave_file *file = sink;
    if (lookback > file->lookback)
        file->lookback = lookback;
}

static void sink_attach(void *sink, tlm_kernel *kernel, bool attached)
{
    wave_file *file = sink;
    wave_guard_enter();
    tlm_time now = tlm_kernel_now(kernel);
    if (now > file->now)
        file->now = now;
    if (attached)
        file->kernel = kernel;
    else if (file->kernel == kernel)
        file->kernel = NULL;
    wave_guard_leave();
}

/* ---- writing --------------------------------------------------------------------------- */

static void record_io_error(wave_file *file, const char *message)
{
    if (!file->io_failed) {
        file->io_failed = true;
        snprintf(file->io_error, sizeof file->io_error, "%s", message);
    }
}

static void write_time(wave_file *file, tlm_time time)
{
    if (file->time_written && time == file->written_time)
        return;
    file->writer->ops->time(file->writer, time);
    file->written_time = time;
    file->time_written = true;
}

/* `first_value`: the row's value at the start of the file, which is not a change. */
static void write_value(wave_file *file, wave_row *row, uint64_t value, const char *text, bool first_value)
{
    if (row->kind == TLM_TRACE_TEXT)
        file->writer->ops->text(file->writer, row, text);
    else
        file->writer->ops->bits(file->writer, row, value);
    file->result.changes++;
    row->changes += !first_value;
}

/* Closes the declarations: the top-level scopes are put in view order. */
static void freeze(wave_file *file)
{
    if (file->header_written)
        return;
    file->header_written = true;
    qsort(file->root.children, file->root.child_count, sizeof *file->root.children, compare_top_scopes);
}

/* Writes the header and the value of every row at `first` (the base values of the history
 * when `from_base`); with `dump` false, the header only. */
static void begin_file(wave_file *file, tlm_time first, bool from_base, bool dump)
{
    freeze(file);
    char error[256] = "";
    if (!file->writer->ops->begin(file->writer, file, error, sizeof error)) {
        record_io_error(file, error);
        file->state = WAVE_FINISHED;
        return;
    }
    file->state = WAVE_STREAM;
    file->result.written = true;
    file->result.first_time = first;
    if (file->options.write_view && file->view) {
        /* Written now, not only at close, so an interrupted run has its view too. */
        char view_error[256];
        file->result.view_written = wave_view_write(file, first, first, view_error, sizeof view_error);
    }
    if (!dump)
        return;
    write_time(file, first);
    for (uint32_t i = 0; i < file->row_count; i++) {
        wave_row *row = &file->rows[i];
        write_value(file, row, from_base ? row->base_value : row->value, from_base ? row->base_text : row->text, true);
    }
}

static void set_row(wave_row *row, uint64_t value, const char *text)
{
    if (row->kind == TLM_TRACE_TEXT) {
        free(row->text);
        row->text = tlm_alloc_strdup(text);
    } else {
        row->value = value;
    }
}

/* ---- on-fail history ------------------------------------------------------------------- */

static size_t record_bytes(const wave_record *record)
{
    return sizeof *record + (record->text ? strlen(record->text) + 1 : 0);
}

/* The oldest history record leaves the ring and becomes the base value of its row. */
static void history_retire_oldest(wave_file *file)
{
    wave_record *oldest = &file->history[file->history_head];
    wave_row *row = &file->rows[oldest->id - 1];
    file->history_bytes -= record_bytes(oldest);
    if (row->kind == TLM_TRACE_TEXT) {
        free(row->base_text);
        row->base_text = oldest->text; /* ownership moves */
    } else {
        row->base_value = oldest->value;
    }
    oldest->text = NULL;
    file->history_head = (file->history_head + 1) & (file->history_capacity - 1);
    file->history_count--;
}

static void history_push(wave_file *file, tlm_time time, uint32_t id, uint64_t value, const char *text)
{
    size_t limit = file->options.history_max_bytes ? file->options.history_max_bytes : DEFAULT_HISTORY_MAX_BYTES;
    if (file->history_count == file->history_capacity) {
        /* Grow the ring (power of two), unwrapping it into the new array. */
        size_t capacity = file->history_capacity ? file->history_capacity * 2 : 1024;
        wave_record *grown = tlm_alloc_zeroed(capacity, sizeof *grown);
        for (size_t i = 0; i < file->history_count; i++)
            grown[i] = file->history[(file->history_head + i) & (file->history_capacity - 1)];
        free(file->history);
        file->history = grown;
        file->history_capacity = capacity;
        file->history_head = 0;
    }
    wave_record *record = &file->history[(file->history_head + file->history_count) & (file->history_capacity - 1)];
    *record = (wave_record){ .time = time, .id = id, .value = value, .text = text ? tlm_alloc_strdup(text) : NULL };
    file->history_count++;
    file->history_bytes += record_bytes(record);
    /* Keep only what lies within `history` of the newest change... */
    tlm_time horizon = time > file->options.history ? time - file->options.history : 0;
    while (file->history_count > 1 && file->history[file->history_head].time < horizon)
        history_retire_oldest(file);
    /* ...and within the memory bound, even if that shortens the history. */
    while (file->history_count > 1 && file->history_bytes > limit) {
        tlm_time dropped = file->history[file->history_head].time;
        history_retire_oldest(file);
        file->result.history_dropped++;
        if (dropped > file->history_floor)
            file->history_floor = dropped;
    }
}

/* The trigger: the history goes to the file, then the file streams on. */
static void history_flush_to_file(wave_file *file, tlm_time trigger_time)
{
    tlm_time first = trigger_time > file->options.history ? trigger_time - file->options.history : 0;
    if (first < file->history_floor)
        first = file->history_floor;
    while (file->history_count > 0 && file->history[file->history_head].time < first)
        history_retire_oldest(file);
    begin_file(file, first, true, true);
    for (size_t i = 0; i < file->history_count; i++) {
        wave_record *record = &file->history[(file->history_head + i) & (file->history_capacity - 1)];
        if (file->state == WAVE_STREAM) {
            write_time(file, record->time);
            write_value(file, &file->rows[record->id - 1], record->value, record->text, false);
        }
        free(record->text);
        record->text = NULL;
    }
    file->history_count = 0;
    file->history_bytes = 0;
}

/* ---- output stage (changes in time order) ---------------------------------------------- */

static void output(wave_file *file, tlm_time time, uint32_t id, uint64_t value, const char *text)
{
    wave_row *row = &file->rows[id - 1];
    if (time < file->out_time)
        time = file->out_time; /* cannot happen with a well-behaved hook; never write backwards */
    file->out_time = time;
    if (row->kind == TLM_TRACE_TEXT ? strcmp(row->text, text) == 0 : row->value == value)
        return;
    switch (file->state) {
    case WAVE_WAITING:
        /* Before the window, a change only sets the value dumped at its start. So does one at
         * the start itself while blocks may still declare rows (the header cannot be written
         * yet): those are the values things start with. */
        if (time < file->options.window_start ||
            (time == file->options.window_start && !file->declarations_closed)) {
            set_row(row, value, text);
            return;
        }
        begin_file(file, file->options.window_start, false, true);
        if (file->state != WAVE_STREAM) {
            set_row(row, value, text);
            return;
        }
        break;
    case WAVE_HISTORY:
        set_row(row, value, text);
        history_push(file, time, id, value, text);
        return;
    case WAVE_STOPPED:
    case WAVE_FINISHED:
        set_row(row, value, text);
        return;
    case WAVE_STREAM:
        break;
    }
    set_row(row, value, text);
    if (time > file->options.window_stop) {
        file->state = WAVE_STOPPED;
        return;
    }
    write_time(file, time);
    write_value(file, row, value, text, false);
}

/* ---- reorder buffer -------------------------------------------------------------------- */

static bool record_before(const wave_record *a, const wave_record *b)
{
    return a->time < b->time || (a->time == b->time && a->sequence < b->sequence);
}

static void pending_push(wave_file *file, tlm_time time, uint32_t id, uint64_t value, const char *text)
{
    file->pending =
        tlm_alloc_grow(file->pending, &file->pending_capacity, file->pending_count + 1, sizeof *file->pending, 8);
    size_t index = file->pending_count++;
    wave_record record = {
        .time = time, .sequence = file->sequence++, .id = id, .value = value,
        .text = text ? tlm_alloc_strdup(text) : NULL,
    };
    while (index > 0) {
        size_t parent = (index - 1) / 2;
        if (!record_before(&record, &file->pending[parent]))
            break;
        file->pending[index] = file->pending[parent];
        index = parent;
    }
    file->pending[index] = record;
}

static wave_record pending_pop(wave_file *file)
{
    wave_record top = file->pending[0];
    wave_record last = file->pending[--file->pending_count];
    size_t index = 0;
    for (;;) {
        size_t child = 2 * index + 1;
        if (child >= file->pending_count)
            break;
        if (child + 1 < file->pending_count && record_before(&file->pending[child + 1], &file->pending[child]))
            child++;
        if (!record_before(&file->pending[child], &last))
            break;
        file->pending[index] = file->pending[child];
        index = child;
    }
    if (file->pending_count > 0)
        file->pending[index] = last;
    return top;
}

/* Every held change up to `limit` goes to the output stage, in order. */
static void pending_flush(wave_file *file, tlm_time limit)
{
    while (file->pending_count > 0 && file->pending[0].time <= limit) {
        wave_record record = pending_pop(file);
        output(file, record.time, record.id, record.value, record.text);
        free(record.text);
    }
}

/* ---- sink: changes --------------------------------------------------------------------- */

/* The time up to which changes are final: nothing can be stamped before it any more. */
static tlm_time final_horizon(const wave_file *file)
{
    return file->now > file->lookback ? file->now - file->lookback : 0;
}

/* Out of line: the fast path in sink_change stays small. */
__attribute__((noinline)) static void change(wave_file *file, tlm_trace_id id, tlm_time at, tlm_time now,
                                             uint64_t value, const char *text)
{
    if (id == TLM_TRACE_NONE || id > file->row_count || file->state == WAVE_FINISHED)
        return;
    if (now > file->now)
        file->now = now;
    tlm_time horizon = final_horizon(file);
    if (file->pending_count > 0 && file->pending[0].time <= horizon)
        pending_flush(file, horizon);
    /* Whatever is still held lies after the horizon: a change at or before it is final and
     * goes straight out (the common case of model-only runs: no lookback, nothing ahead). */
    if (at <= horizon)
        output(file, at, id, value, text);
    else
        pending_push(file, at, id, value, text);
}

static void sink_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    wave_file *file = sink;
    wave_guard_enter();
    if (id != TLM_TRACE_NONE && id <= file->row_count) {
        wave_row *row = &file->rows[id - 1];
        if (row->kind != TLM_TRACE_TEXT) {
            value &= width_mask(row->width);
            /* The common case in one place (what change() and output() do for it): the file
             * streams, nothing is held back, the change is final, in order and inside the
             * window. Tracing costs mostly this path, once per change. */
            if (file->state == WAVE_STREAM && file->pending_count == 0 && at >= file->out_time &&
                at <= file->options.window_stop) {
                if (now > file->now)
                    file->now = now;
                if (at <= final_horizon(file)) {
                    file->out_time = at;
                    if (row->value != value) {
                        row->value = value;
                        write_time(file, at);
                        file->writer->ops->bits(file->writer, row, value);
                        file->result.changes++;
                        row->changes++;
                    }
                    wave_guard_leave();
                    return;
                }
            }
            change(file, id, at, now, value, NULL);
        }
    }
    wave_guard_leave();
}

static void sink_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    wave_file *file = sink;
    wave_guard_enter();
    if (id != TLM_TRACE_NONE && id <= file->row_count && file->rows[id - 1].kind == TLM_TRACE_TEXT)
        change(file, id, at, now, 0, text ? text : "");
    wave_guard_leave();
}

static void sink_trigger(void *sink, tlm_time now, const char *reason)
{
    (void)reason;
    wave_file *file = sink;
    wave_guard_enter();
    if (now > file->now)
        file->now = now;
    if (!file->result.triggered) {
        file->result.triggered = true;
        file->result.trigger_time = now;
    }
    if (file->state == WAVE_HISTORY) {
        pending_flush(file, final_horizon(file));
        history_flush_to_file(file, now);
    }
    wave_guard_leave();
}

static const tlm_trace_ops wave_sink_ops = {
    .declare_enum = sink_declare_enum,
    .declare = sink_declare,
    .view = sink_view,
    .change = sink_change,
    .change_text = sink_change_text,
    .trigger = sink_trigger,
    .declared = sink_declared,
    .lookback = sink_lookback,
    .attach = sink_attach,
};

/* ---- open and close -------------------------------------------------------------------- */

wave_file *wave_open(const char *path, const wave_options *options, char *error, size_t error_size)
{
    if (!path || !path[0]) {
        snprintf(error, error_size, "no waveform file name");
        return NULL;
    }
    if (options->window_start > options->window_stop) {
        snprintf(error, error_size, "window start %llu ps is after its stop %llu ps",
                 (unsigned long long)options->window_start, (unsigned long long)options->window_stop);
        return NULL;
    }
    char view[4096] = "";
    if (options->write_view && !wave_view_path(path, view, sizeof view)) {
        snprintf(error, error_size, "waveform path too long: '%s'", path);
        return NULL;
    }
    /* Fail now, before the run, if the file cannot be created. */
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) {
        snprintf(error, error_size, "cannot write '%s': %s", path, strerror(errno));
        return NULL;
    }
    close(fd);
    if (options->on_fail) {
        /* No file unless something fails: nothing of an earlier run may be left to mislead. */
        unlink(path);
        if (view[0])
            unlink(view);
    }
    wave_writer *writer = options->format == WAVE_FORMAT_FST ? wave_fst_create(path) : wave_vcd_create(path);
    if (!writer) {
        snprintf(error, error_size, "cannot create a %s writer for '%s'",
                 options->format == WAVE_FORMAT_FST ? "FST" : "VCD", path);
        return NULL;
    }
    wave_file *file = tlm_alloc_zeroed(1, sizeof *file);
    file->options = *options;
    file->path = tlm_alloc_strdup(path);
    file->view = options->write_view ? tlm_alloc_strdup(view) : NULL;
    file->writer = writer;
    file->state = options->on_fail ? WAVE_HISTORY : WAVE_WAITING;
    file->tracer = (tlm_tracer){ .ops = &wave_sink_ops, .sink = file };
    wave_guard_add(file, options->finalize_on_signal);
    return file;
}

const tlm_tracer *wave_tracer(wave_file *file)
{
    return &file->tracer;
}

/* Brings the file to its end: everything held is written, the writer finishes. Frees
 * nothing, so the guard can call it from a signal handler. */
static tlm_time complete(wave_file *file, tlm_time end_time, bool from_signal)
{
    if (file->state == WAVE_FINISHED)
        return file->result.end_time;
    pending_flush(file, TLM_TIME_MAX);
    if (file->state == WAVE_WAITING)
        begin_file(file, file->options.window_start, false, end_time >= file->options.window_start);
    if (file->state == WAVE_HISTORY) {
        file->state = WAVE_FINISHED; /* no trigger: no file */
        return 0;
    }
    if (file->state != WAVE_STREAM && file->state != WAVE_STOPPED)
        return 0;
    tlm_time end = end_time < file->options.window_stop ? end_time : file->options.window_stop;
    if (file->time_written && end < file->written_time)
        end = file->written_time;
    file->state = WAVE_FINISHED;
    char error[256] = "";
    if (!file->writer->ops->finish(file->writer, end, from_signal, error, sizeof error))
        record_io_error(file, error);
    file->result.end_time = end;
    return end;
}

void wave_file_emergency_close(wave_file *file, bool from_signal)
{
    tlm_time end = file->now;
    if (file->kernel && tlm_kernel_now(file->kernel) > end)
        end = tlm_kernel_now(file->kernel);
    if (file->out_time > end)
        end = file->out_time;
    complete(file, end, from_signal);
}

static void file_free(wave_file *file)
{
    for (uint32_t i = 0; i < file->row_count; i++) {
        free(file->rows[i].scope);
        free(file->rows[i].name);
        free(file->rows[i].text);
        free(file->rows[i].base_text);
    }
    free(file->rows);
    for (uint32_t i = 0; i < file->enum_count; i++) {
        for (size_t j = 0; j < file->enums[i].count; j++)
            free(file->enums[i].names[j]);
        free(file->enums[i].names);
        free(file->enums[i].values);
        free(file->enums[i].name);
    }
    free(file->enums);
    for (size_t i = 0; i < file->pending_count; i++)
        free(file->pending[i].text);
    free(file->pending);
    for (size_t i = 0; i < file->history_count; i++)
        free(file->history[(file->history_head + i) & (file->history_capacity - 1)].text);
    free(file->history);
    scope_free(&file->root);
    file->writer->ops->destroy(file->writer);
    free(file->path);
    free(file->view);
    free(file);
}

bool wave_close(wave_file *file, tlm_time end_time, wave_result *result, char *error, size_t error_size)
{
    wave_guard_enter();
    /* A kernel that outlives the file must not call it any more. */
    if (file->kernel)
        tlm_kernel_set_tracer(file->kernel, NULL);
    if (end_time < file->out_time)
        end_time = file->out_time;
    bool was_open = file->state != WAVE_FINISHED;
    tlm_time end = complete(file, end_time, false);
    if (was_open && file->result.written && file->options.write_view && file->view && !file->io_failed) {
        /* Rewritten with the zoom that fits the whole file now that its end is known. */
        char view_error[256];
        file->result.view_written = wave_view_write(file, file->result.first_time, end, view_error, sizeof view_error);
    }
    wave_guard_remove(file);
    bool ok = !file->io_failed;
    if (!ok)
        snprintf(error, error_size, "%s", file->io_error);
    if (result)
        *result = file->result;
    file_free(file);
    wave_guard_leave();
    return ok;
}
