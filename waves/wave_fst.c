/* FST writer: GTKWave's compressed format through the FST writer library that the installed
 * Verilator package ships (/usr/share/verilator/include/gtkwave/fstapi.c, built by
 * waves/CMakeLists.txt from that location; never copied into this repository).
 *
 *   Timescale 1 ps: times are the kernel's picoseconds.
 *   Scopes are Verilog module scopes; bits rows are wires of their width.
 *   Enum rows are SystemVerilog enum variables tied to an FST enum table
 *   (fstWriterCreateEnumTable + fstWriterEmitEnumTableRef), so GTKWave shows value names.
 *   Text rows are FST_VT_GEN_STRING variables (variable-length values).
 *
 * Value changes do not go through the library's fstWriterEmitValueChange: they are kept as
 * 64-bit records and written as value-change blocks by wave_fstapi.c (wave_fstblock.h says
 * why), on its writer thread while the simulation goes on.
 *
 * An FST file is only readable once fstWriterClose has run (the hierarchy, the geometry and
 * the block index are written there): wave_guard.c makes
 * sure it runs on exit() and on SIGINT/SIGTERM. Until then the file is written as
 * `FILE.part` and renamed to its name by the close, so a file at the waveform's path is
 * always complete; a process killed with SIGKILL leaves only the .part file. */
#include "wave_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fstapi.h"
#include "wave_fstblock.h"

/* Value changes per FST block (4 MiB of records). Each block costs a section header (the
 * library deflates every row's current value into it) and a pass over every row: larger
 * blocks spread that over more changes; the records are sorted by row when the block is
 * written, so their count does not cost cache misses (docs/design/performance.md). */
#define FST_BLOCK_CHANGES 262144u

static uint64_t block_changes = FST_BLOCK_CHANGES; /* value changes per block (tests change it) */

void wave_fst_set_block_changes(uint64_t changes)
{
    block_changes = changes ? changes : FST_BLOCK_CHANGES;
}

typedef struct fst_writer {
    wave_writer base;            /* must be first: the core holds a wave_writer pointer */
    char *path;                  /* file name */
    char *part_path;             /* the name it is written under until it is complete (path.part) */
    void *context;               /* the FST library's writer, NULL before begin and after finish */
    fstEnumHandle *enum_handles; /* FST enum table per enumeration (0: not created yet) */
    wave_fst_block *block;       /* the value changes of the block being filled (wave_fstblock.h) */
    uint32_t enum_count;         /* entries in enum_handles */
    bool flush_pending;          /* the block is full: it is written at the next time change */
    bool time_started;           /* the first time change is written: changes go to the block */
} fst_writer;

/* "01" strings for every byte value, most significant bit first: the FST library takes
 * values as one character per bit, and copying 8 at a time is what keeps tracing cheap. */
static char bit_chars[256][8];
static bool bit_chars_ready;

static void fill_bit_chars(void)
{
    for (unsigned byte = 0; byte < 256; byte++)
        for (unsigned bit = 0; bit < 8; bit++)
            bit_chars[byte][bit] = (char)('0' + (byte >> (7 - bit) & 1));
    bit_chars_ready = true;
}

/* `width` characters for the low `width` bits of value, most significant first. */
static void to_bit_chars(char *out, uint64_t value, unsigned width)
{
    unsigned partial = width % 8;
    for (unsigned bit = partial; bit > 0; bit--)
        *out++ = (char)('0' + (value >> (width - partial + bit - 1) & 1));
    for (int byte = (int)(width / 8) - 1; byte >= 0; byte--) {
        memcpy(out, bit_chars[(value >> (8 * byte)) & 0xFF], 8);
        out += 8;
    }
}

/* The longest enum table text written, in characters (its terminating zero not counted). An
 * enum table is one hierarchy attribute whose text is "NAME COUNT LITERAL... VALUE..."
 * (fstWriterCreateEnumTable). Readers keep attribute texts in a fixed size, 65536 + 4096
 * characters: GTKWave's fstapi reader (fstapi.c FST_ID_NAM_ATTR_SIZ) cuts a longer text, so
 * the table's value half goes missing, and wellen's fst-reader (pywellen, Surfer; src/types.rs
 * HIERARCHY_ATTRIBUTE_MAX_SIZE) stops reading there and takes the rest of the text for the
 * next hierarchy entry, failing on the whole file. A table longer than this keeps its first
 * entries, as many as fit: the other values show as numbers (docs/guide/waves.md). */
#define FST_ENUM_TABLE_TEXT_MAX 65535u

/* How many of the table's entries, from the first, fit in FST_ENUM_TABLE_TEXT_MAX: the text is
 * counted as fstWriterCreateEnumTable writes it (literals escaped, values `width` characters,
 * one space after each part, the last one replaced by the terminator). */
static size_t enum_entries_that_fit(const wave_enum *table, unsigned width)
{
    char count_text[24];
    size_t length = strlen(table->name) + 1 + (size_t)snprintf(count_text, sizeof count_text, "%zu", table->count);
    size_t fit = 0;
    while (fit < table->count) {
        const char *literal = table->names[fit];
        size_t entry = (size_t)fstUtilityBinToEscConvertedLen((const unsigned char *)literal, (int)strlen(literal)) + 1 +
                       width + 1;
        if (length + entry > FST_ENUM_TABLE_TEXT_MAX)
            break;
        length += entry;
        fit++;
    }
    return fit;
}

/* The FST enum table for an enumeration, created on first use. Values are written as
 * `width`-bit binary strings, as the enum variable's values are. */
static fstEnumHandle enum_table(fst_writer *fst, const wave_file *file, uint32_t enumeration, unsigned width)
{
    if (fst->enum_handles[enumeration - 1])
        return fst->enum_handles[enumeration - 1];
    wave_enum table_that_fits = file->enums[enumeration - 1];
    table_that_fits.count = enum_entries_that_fit(&table_that_fits, width);
    if (table_that_fits.count == 0)
        return 0;
    const wave_enum *table = &table_that_fits;
    const char **literals = calloc(table->count, sizeof *literals);
    const char **values = calloc(table->count, sizeof *values);
    char *value_text = calloc(table->count, 65);
    fstEnumHandle handle = 0;
    if (literals && values && value_text) {
        for (size_t i = 0; i < table->count; i++) {
            literals[i] = table->names[i];
            char *text = value_text + 65 * i;
            to_bit_chars(text, table->values[i], width);
            text[width] = '\0';
            values[i] = text;
        }
        handle = fstWriterCreateEnumTable(fst->context, table->name, (uint32_t)table->count, width, literals, values);
    }
    free(literals);
    free(values);
    free(value_text);
    fst->enum_handles[enumeration - 1] = handle;
    return handle;
}

static void declare_scope(fst_writer *fst, wave_file *file, const wave_scope *scope)
{
    fstWriterSetScope(fst->context, FST_ST_VCD_MODULE, scope->name, NULL);
    for (size_t i = 0; i < scope->row_count; i++) {
        wave_row *row = &file->rows[scope->rows[i]];
        switch (row->kind) {
        case TLM_TRACE_BITS:
            row->handle = fstWriterCreateVar(fst->context, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, row->width, row->name, 0);
            break;
        case TLM_TRACE_ENUM: {
            fstEnumHandle table = enum_table(fst, file, row->enumeration, row->width);
            if (table)
                fstWriterEmitEnumTableRef(fst->context, table);
            row->handle = fstWriterCreateVar(fst->context, FST_VT_SV_ENUM, FST_VD_IMPLICIT, row->width, row->name, 0);
            break;
        }
        case TLM_TRACE_TEXT:
            row->handle = fstWriterCreateVar(fst->context, FST_VT_GEN_STRING, FST_VD_IMPLICIT, 0, row->name, 0);
            break;
        }
    }
    for (size_t i = 0; i < scope->child_count; i++)
        declare_scope(fst, file, scope->children[i]);
    fstWriterSetUpscope(fst->context);
}

static bool fst_begin(wave_writer *writer, wave_file *file, char *error, size_t error_size)
{
    fst_writer *fst = (fst_writer *)writer;
    if (!bit_chars_ready)
        fill_bit_chars();
    unlink(fst->path); /* nothing of an earlier run may stand at the path while this one runs */
    fst->context = fstWriterCreate(fst->part_path, 1);
    if (!fst->context) {
        snprintf(error, error_size, "cannot write '%s' (FST writer)", fst->path);
        return false;
    }
    fst->enum_count = file->enum_count;
    fst->enum_handles = calloc(file->enum_count ? file->enum_count : 1, sizeof *fst->enum_handles);
    if (!fst->enum_handles) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    fstWriterSetTimescale(fst->context, -12);
    /* LZ4 for the value-change blocks: about a third faster to write than the default zlib,
     * files about 1.5x as large (docs/design/performance.md). */
    fstWriterSetPackType(fst->context, FST_WR_PT_LZ4);
    fstWriterSetVersion(fst->context, "gtsim waves (tlm trace)");
    fstWriterSetFileType(fst->context, FST_FT_VERILOG);
    for (size_t i = 0; i < file->root.child_count; i++)
        declare_scope(fst, file, file->root.children[i]);
    return true;
}

static void fst_time(wave_writer *writer, tlm_time time)
{
    fst_writer *fst = (fst_writer *)writer;
    if (!fst->block) {
        /* The first time (it writes the first section header), or no memory for the block. */
        fstWriterEmitTimeChange(fst->context, time);
        if (!fst->time_started)
            fst->block = wave_fst_block_create(fst->context);
        fst->time_started = true;
        return;
    }
    if (fst->flush_pending) {
        /* A block ends at a time change, as the library's own flush does. */
        wave_fst_block_hand_over(fst->block);
        fst->flush_pending = false;
    }
    wave_fst_block_time(fst->block, time);
}

/* Memory a block's text values may take before it is written, whatever its count of changes:
 * long text values must not make it grow without bound (a bits change takes a 16-byte
 * record, bounded by the count). */
#define FST_BLOCK_BYTES ((uint64_t)32 << 20)

static void fst_bits(wave_writer *writer, const wave_row *row, uint64_t value)
{
    fst_writer *fst = (fst_writer *)writer;
    wave_fst_block *block = fst->block;
    if (__builtin_expect(block != NULL, 1)) {
        wave_fst_block_bits(block, row->handle, value);
        if (__builtin_expect(block->count >= block_changes, 0))
            fst->flush_pending = true; /* written at the next time change */
        return;
    }
    /* Before the first time change (or without memory for the block): the library's own
     * call, which takes a character per bit. */
    char bits[64];
    to_bit_chars(bits, value, row->width);
    fstWriterEmitValueChange(fst->context, row->handle, bits);
}

static void fst_text(wave_writer *writer, const wave_row *row, const char *text)
{
    fst_writer *fst = (fst_writer *)writer;
    size_t length = strlen(text);
    wave_fst_block *block = fst->block;
    if (block) {
        wave_fst_block_text(block, row->handle, text, (uint32_t)length);
        if (block->count >= block_changes || block->text_size >= FST_BLOCK_BYTES)
            fst->flush_pending = true;
    } else
        fstWriterEmitVariableLengthValueChange(fst->context, row->handle, text, (uint32_t)length);
}

static bool fst_finish(wave_writer *writer, tlm_time end, bool from_signal, char *error, size_t error_size)
{
    /* fstWriterClose is what it is from a signal handler: see wave_guard.c */
    fst_writer *fst = (fst_writer *)writer;
    if (!fst->context)
        return true;
    /* A last time with no value changes, so a viewer shows the run to its end; the last block
     * (full or not) ends there. */
    if (fst->block) {
        wave_fst_block_time(fst->block, end);
        wave_fst_block_finish(fst->block, from_signal);
        if (!from_signal)
            wave_fst_block_stop(fst->block);
    } else {
        fstWriterEmitTimeChange(fst->context, end);
    }
    fst->flush_pending = false;
    bool ok = !fstWriterGetFseekFailed(fst->context);
    fstWriterClose(fst->context);
    fst->context = NULL;
    if (!ok) {
        snprintf(error, error_size, "cannot write '%s': seek failed in the FST writer", fst->path);
        return false;
    }
    if (rename(fst->part_path, fst->path) != 0) { /* async-signal-safe */
        if (!from_signal)
            snprintf(error, error_size, "cannot rename '%s' to '%s': %s", fst->part_path, fst->path, strerror(errno));
        return false;
    }
    return true;
}

static void fst_destroy(wave_writer *writer)
{
    fst_writer *fst = (fst_writer *)writer;
    wave_fst_block_stop(fst->block); /* the thread writes through the context */
    if (fst->context)
        fstWriterClose(fst->context);
    wave_fst_block_destroy(fst->block);
    free(fst->enum_handles);
    free(fst->part_path);
    free(fst->path);
    free(fst);
}

static const wave_writer_ops fst_ops = {
    .begin = fst_begin,
    .time = fst_time,
    .bits = fst_bits,
    .text = fst_text,
    .finish = fst_finish,
    .destroy = fst_destroy,
};

wave_writer *wave_fst_create(const char *path)
{
    fst_writer *fst = calloc(1, sizeof *fst);
    if (!fst)
        return NULL;
    fst->path = strdup(path);
    size_t length = strlen(path);
    fst->part_path = malloc(length + sizeof ".part");
    if (!fst->path || !fst->part_path) {
        free(fst->path);
        free(fst->part_path);
        free(fst);
        return NULL;
    }
    memcpy(fst->part_path, path, length);
    memcpy(fst->part_path + length, ".part", sizeof ".part");
    fst->base.ops = &fst_ops;
    return &fst->base;
}
