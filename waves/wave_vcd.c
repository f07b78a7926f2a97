/* VCD writer (IEEE 1364-2005 §18, four-state value change dump), written by the project.
 *
 *   $timescale 1ps: times are the kernel's picoseconds, unscaled.
 *   Scopes are `module` scopes; bits rows are `wire` variables of their width.
 *   Text rows, and enum rows (VCD has no enumerations), are `string` variables whose values
 *   are written as `s<text> <id>`, with bytes outside '!'..'~' and the backslash written as
 *   \ooo (three octal digits). `string` variables and `s` values are GTKWave's extension of
 *   the format (GTKWave writes and reads them; fst2vcd writes them), not IEEE 1364: other
 *   VCD readers may refuse them. Enum rows show the name of the value, or the value in
 *   decimal when it has no name.
 *
 * Output goes through a buffer straight to write(2), never stdio, so completing the file
 * from a signal handler (wave_guard.c) is async-signal-safe. The header is written as soon as
 * it is complete, and the buffer goes out at a time step once it is half full, so what is on
 * disk ends with a whole time step: a VCD file of a process killed with SIGKILL has its
 * header and every time step but the last half buffer's, and reads as it is. */
#include "wave_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VCD_BUFFER_BYTES ((size_t)1 << 16)
/* Identifier codes are base-94 numbers over '!'..'~' (IEEE 1364 §18.2.1). */
#define VCD_ID_FIRST '!'
#define VCD_ID_BASE 94u

typedef struct vcd_writer {
    wave_writer base;        /* must be first: the core holds a wave_writer pointer */
    char *path;              /* file name, for messages */
    int fd;                  /* the open file, -1 before begin and after finish */
    const wave_file *file;   /* the declarations (enumerations for enum rows) */
    char (*codes)[8];        /* identifier code per row handle, NUL-terminated */
    size_t used;             /* bytes in buffer */
    int error_number;        /* errno of the first failed write (0: none) */
    tlm_time last_time;      /* the latest timestamp written */
    bool time_written;       /* last_time is valid */
    char buffer[VCD_BUFFER_BYTES]; /* output not yet written */
} vcd_writer;

static void flush(vcd_writer *vcd)
{
    size_t done = 0;
    while (done < vcd->used && vcd->error_number == 0) {
        ssize_t written = write(vcd->fd, vcd->buffer + done, vcd->used - done);
        if (written < 0) {
            if (errno != EINTR)
                vcd->error_number = errno;
            continue;
        }
        done += (size_t)written;
    }
    vcd->used = 0;
}

static void put(vcd_writer *vcd, const char *bytes, size_t length)
{
    if (vcd->used + length > sizeof vcd->buffer) {
        flush(vcd);
        if (length > sizeof vcd->buffer) {
            memcpy(vcd->buffer, bytes, sizeof vcd->buffer);
            vcd->used = sizeof vcd->buffer;
            flush(vcd);
            put(vcd, bytes + sizeof vcd->buffer, length - sizeof vcd->buffer);
            return;
        }
    }
    memcpy(vcd->buffer + vcd->used, bytes, length);
    vcd->used += length;
}

static void put_string(vcd_writer *vcd, const char *text)
{
    put(vcd, text, strlen(text));
}

static void put_char(vcd_writer *vcd, char c)
{
    if (vcd->used == sizeof vcd->buffer)
        flush(vcd);
    vcd->buffer[vcd->used++] = c;
}

static void put_decimal(vcd_writer *vcd, uint64_t value)
{
    char digits[24];
    size_t count = 0;
    do {
        digits[sizeof digits - 1 - count++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
    put(vcd, digits + sizeof digits - count, count);
}

/* Text with every byte outside '!'..'~', and the backslash, as \ooo. */
static void put_escaped(vcd_writer *vcd, const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c > ' ' && *c < 0x7f && *c != '\\') {
            put_char(vcd, (char)*c);
        } else {
            char escape[4] = { '\\', (char)('0' + (*c >> 6)), (char)('0' + (*c >> 3 & 7)), (char)('0' + (*c & 7)) };
            put(vcd, escape, 4);
        }
    }
}

static void put_code(vcd_writer *vcd, const wave_row *row)
{
    put_string(vcd, vcd->codes[row->handle]);
}

/* ---- header ---------------------------------------------------------------------------- */

static void declare_scope(vcd_writer *vcd, const wave_file *file, const wave_scope *scope)
{
    put_string(vcd, "$scope module ");
    put_string(vcd, scope->name);
    put_string(vcd, " $end\n");
    for (size_t i = 0; i < scope->row_count; i++) {
        const wave_row *row = &file->rows[scope->rows[i]];
        if (row->kind == TLM_TRACE_BITS) {
            put_string(vcd, "$var wire ");
            put_decimal(vcd, row->width);
        } else {
            put_string(vcd, "$var string 1");
        }
        put_char(vcd, ' ');
        put_code(vcd, row);
        put_char(vcd, ' ');
        put_string(vcd, row->name);
        put_string(vcd, " $end\n");
    }
    for (size_t i = 0; i < scope->child_count; i++)
        declare_scope(vcd, file, scope->children[i]);
    put_string(vcd, "$upscope $end\n");
}

static bool vcd_begin(wave_writer *writer, wave_file *file, char *error, size_t error_size)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    vcd->file = file;
    vcd->codes = calloc(file->row_count ? file->row_count : 1, sizeof *vcd->codes);
    if (!vcd->codes) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < file->row_count; i++) {
        file->rows[i].handle = i;
        uint32_t number = i;
        size_t length = 0;
        do {
            vcd->codes[i][length++] = (char)(VCD_ID_FIRST + number % VCD_ID_BASE);
            number /= VCD_ID_BASE;
        } while (number && length < sizeof vcd->codes[i] - 1);
    }
    vcd->fd = open(vcd->path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (vcd->fd < 0) {
        snprintf(error, error_size, "cannot write '%s': %s", vcd->path, strerror(errno));
        return false;
    }
    /* No $date: two runs of the same stimulus give the same file. */
    put_string(vcd, "$version gtsim waves (tlm trace) $end\n$timescale 1ps $end\n");
    for (size_t i = 0; i < file->root.child_count; i++)
        declare_scope(vcd, file, file->root.children[i]);
    put_string(vcd, "$enddefinitions $end\n");
    flush(vcd); /* the declarations on disk at the start of the run */
    return true;
}

/* ---- values ---------------------------------------------------------------------------- */

static void vcd_time(wave_writer *writer, tlm_time time)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    if (vcd->used >= sizeof vcd->buffer / 2)
        flush(vcd); /* the file on disk ends with a whole time step */
    vcd->last_time = time;
    vcd->time_written = true;
    put_char(vcd, '#');
    put_decimal(vcd, time);
    put_char(vcd, '\n');
}

static void vcd_text(wave_writer *writer, const wave_row *row, const char *text)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    put_char(vcd, 's');
    put_escaped(vcd, text);
    put_char(vcd, ' ');
    put_code(vcd, row);
    put_char(vcd, '\n');
}

static void vcd_bits(wave_writer *writer, const wave_row *row, uint64_t value)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    if (row->kind == TLM_TRACE_ENUM) {
        const char *name = wave_enum_name(&vcd->file->enums[row->enumeration - 1], value);
        char number[24];
        if (!name) {
            snprintf(number, sizeof number, "%llu", (unsigned long long)value);
            name = number;
        }
        vcd_text(writer, row, name);
        return;
    }
    if (row->width == 1) {
        put_char(vcd, value ? '1' : '0');
        put_code(vcd, row);
        put_char(vcd, '\n');
        return;
    }
    /* Vectors without leading zeros (IEEE 1364 §18.2.3: the value is zero-extended). */
    char bits[66];
    size_t count = 0;
    bits[count++] = 'b';
    int top = value ? 63 - __builtin_clzll(value) : 0;
    for (int bit = top; bit >= 0; bit--)
        bits[count++] = (char)('0' + (value >> bit & 1));
    bits[count++] = ' ';
    put(vcd, bits, count);
    put_code(vcd, row);
    put_char(vcd, '\n');
}

/* ---- end ------------------------------------------------------------------------------- */

static bool vcd_finish(wave_writer *writer, tlm_time end, bool from_signal, char *error, size_t error_size)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    if (vcd->fd < 0)
        return true;
    /* The end time as a last timestamp, so a viewer shows the run to its end. */
    if (!vcd->time_written || end > vcd->last_time)
        vcd_time(writer, end);
    flush(vcd);
    bool ok = vcd->error_number == 0;
    if (close(vcd->fd) != 0 && ok) {
        ok = false;
        vcd->error_number = errno;
    }
    vcd->fd = -1;
    if (!ok && !from_signal) /* strerror is not async-signal-safe */
        snprintf(error, error_size, "cannot write '%s': %s", vcd->path, strerror(vcd->error_number));
    return ok;
}

static void vcd_destroy(wave_writer *writer)
{
    vcd_writer *vcd = (vcd_writer *)writer;
    if (vcd->fd >= 0)
        close(vcd->fd);
    free(vcd->codes);
    free(vcd->path);
    free(vcd);
}

static const wave_writer_ops vcd_ops = {
    .begin = vcd_begin,
    .time = vcd_time,
    .bits = vcd_bits,
    .text = vcd_text,
    .finish = vcd_finish,
    .destroy = vcd_destroy,
};

wave_writer *wave_vcd_create(const char *path)
{
    vcd_writer *vcd = calloc(1, sizeof *vcd);
    if (!vcd)
        return NULL;
    vcd->path = strdup(path);
    if (!vcd->path) {
        free(vcd);
        return NULL;
    }
    vcd->base.ops = &vcd_ops;
    vcd->fd = -1;
    return &vcd->base;
}
