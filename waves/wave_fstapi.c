/* GTKWave's FST writer (fstapi.c as the installed Verilator package ships it, compiled from
 * there: this file includes it, nothing is copied), and beside it, without changing it, the
 * value-change block writer wave_fst.c uses instead of the library's value-change calls
 * (wave_fstblock.h), which needs the library's writer state.
 *
 * Threads are created with every signal blocked (the block writer's thread, and the library's
 * own if its parallel mode were switched on): a process-directed SIGINT/SIGTERM may be
 * delivered to any thread that does not block it, and the waveform guard's handler must run
 * on the simulation thread, which waits for the writer thread before it closes the file. */
#include <pthread.h>
#include <time.h>
#include <sched.h>
#include <signal.h>

static int wave_fstapi_create_thread(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                                     void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int result = pthread_create(thread, attr, start, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return result;
}

#define pthread_create wave_fstapi_create_thread
#include "fstapi.c"
#undef pthread_create

/* ---- the value-change block writer (wave_fstblock.h) ------------------------------------
 * The block written here has the layout of the library's own writer with its defaults
 * (dynamic aliases, encoding 2, no alias ever taken):
 *   varint max handle, the pack type ('4': LZ4), then per row with changes its chain:
 *     varint uncompressed length + the LZ4 bytes when compressing shortens a chain longer
 *     than 32 bytes, else varint 0 + the bytes. A chain is the row's changes, oldest first:
 *       1-bit rows:     varint (time delta << 2 | value << 1)
 *       wider rows:     varint (time delta << 1), then the value's bits MSB first, packed
 *                       into bytes from the top, the last byte padded with zeros
 *       text rows:      varint (time delta << 1), varint length, the bytes
 *     the time delta being the time-table index since the row's previous change in the
 *     block (the first: since index 0);
 *   the position table: per row, signed varint (position - previous position) << 1 | 1 for
 *     a row with a chain, varint (run << 1) for a run of rows without (positions count
 *     from 1 at the first chain byte), then the table's length as 8 bytes;
 *   the time table (deflated when that is shorter), its uncompressed and compressed length
 *     and entry count; then the section header's placeholders are filled in (block length,
 *     end time, reader memory) and its tag set to "value-change data, dynamic alias 2". */

#include "wave_fstblock.h"

#include <stdlib.h>

static int block_reserve(unsigned char **buffer, size_t *capacity, size_t needed)
{
    if (needed <= *capacity)
        return 1;
    size_t size = *capacity ? *capacity : 4096;
    while (size < needed)
        size *= 2;
    unsigned char *grown = realloc(*buffer, size);
    if (!grown)
        return 0;
    *buffer = grown;
    *capacity = size;
    return 1;
}

wave_fst_block *wave_fst_block_create(void *context)
{
    wave_fst_block *block = calloc(1, sizeof *block);
    if (!block)
        return NULL;
    /* The library has written the first time: the block carries its time table on. */
    struct fstWriterContext *xc = (struct fstWriterContext *)context;
    block->context = context;
    block->time_index = xc->tchn_idx;
    block->time_count = xc->tchn_cnt;
    block->time = xc->curtime;
    return block;
}

static void block_free(wave_fst_block *block);

void wave_fst_block_destroy(wave_fst_block *block)
{
    if (!block)
        return;
    wave_fst_block_stop(block);
    if (block->job)
        block_free(block->job);
    block_free(block);
}

static void block_free(wave_fst_block *block)
{
    free(block->changes);
    free(block->text);
    free(block->row_end);
    free(block->row_position);
    free(block->order);
    free(block->chain);
    free(block->packed);
    free(block->times);
    free(block);
}

int wave_fst_block_grow(wave_fst_block *block)
{
    size_t capacity = block->capacity ? block->capacity * 2 : 4096;
    wave_fst_change *grown = realloc(block->changes, capacity * sizeof *grown);
    if (!grown)
        return 0;
    block->changes = grown;
    block->capacity = capacity;
    return 1;
}

void wave_fst_block_text(wave_fst_block *block, uint32_t handle, const char *text, uint32_t length)
{
    if (!block_reserve(&block->text, &block->text_capacity, block->text_size + 4 + length))
        return;
    if (block->count == block->capacity && !wave_fst_block_grow(block))
        return;
    size_t offset = block->text_size;
    memcpy(block->text + offset, &length, 4);
    memcpy(block->text + offset + 4, text, length);
    block->text_size += 4 + (size_t)length;
    wave_fst_change *change = &block->changes[block->count++];
    change->handle = handle;
    change->time_index = block->time_index;
    change->value = offset;
}

static unsigned char *put_varint(unsigned char *out, uint64_t value)
{
    while (value >= 0x80) {
        *out++ = (unsigned char)(value | 0x80);
        value >>= 7;
    }
    *out++ = (unsigned char)value;
    return out;
}

int wave_fst_block_grow_times(wave_fst_block *block)
{
    if (block_reserve(&block->times, &block->times_capacity, block->times_size + 10))
        return 1;
    ((struct fstWriterContext *)block->context)->fseek_failed = 1; /* reported as a write failure at close */
    return 0;
}

/* The row's chain, oldest change first, into block->chain; its length. */
static size_t encode_chain(wave_fst_block *block, const uint32_t *indices, size_t count, uint32_t width)
{
    unsigned char *out = block->chain;
    uint32_t previous = 0;
    if (width == 1) {
        for (size_t i = 0; i < count; i++) {
            const wave_fst_change *change = &block->changes[indices[i]];
            out = put_varint(out, (uint64_t)(change->time_index - previous) << 2 | (change->value & 1) << 1);
            previous = change->time_index;
        }
    } else if (width > 1) {
        unsigned bytes = (width + 7) / 8;
        for (size_t i = 0; i < count; i++) {
            const wave_fst_change *change = &block->changes[indices[i]];
            out = put_varint(out, (uint64_t)(change->time_index - previous) << 1);
            previous = change->time_index;
            /* The value's top bit to bit 63, big-endian: its first `bytes` bytes are the packed
             * value (8 bytes stored; the chain has room, the next change overwrites the rest). */
            uint64_t packed = __builtin_bswap64(change->value << (64 - width));
            memcpy(out, &packed, 8);
            out += bytes;
        }
    } else {
        for (size_t i = 0; i < count; i++) {
            const wave_fst_change *change = &block->changes[indices[i]];
            uint32_t length;
            memcpy(&length, block->text + change->value, 4);
            out = put_varint(out, (uint64_t)(change->time_index - previous) << 1);
            out = put_varint(out, length);
            memcpy(out, block->text + change->value + 4, length);
            out += length;
            previous = change->time_index;
        }
    }
    return (size_t)(out - block->chain);
}

/* The newest value of a bits row as the library keeps current values: a character per bit. */
static void put_current_value(unsigned char *out, uint64_t value, uint32_t width)
{
    for (uint32_t bit = 0; bit < width; bit++)
        out[bit] = (unsigned char)('0' + (value >> (width - 1 - bit) & 1));
}

/* The changes by row (a counting sort: emission order kept within a row). */
static int sort_by_row(wave_fst_block *block, uint32_t rows)
{
    if (block->rows_allocated < rows) {
        uint32_t *end = realloc(block->row_end, ((size_t)rows + 1) * sizeof *end);
        if (end)
            block->row_end = end;
        uint32_t *position = realloc(block->row_position, ((size_t)rows + 1) * sizeof *position);
        if (position)
            block->row_position = position;
        if (!end || !position)
            return 0;
        block->rows_allocated = rows;
    }
    if (block->order_capacity < block->count) {
        uint32_t *order = realloc(block->order, block->capacity * sizeof *order);
        if (!order)
            return 0;
        block->order = order;
        block->order_capacity = block->capacity;
    }
    uint32_t *end = block->row_end;
    memset(end, 0, ((size_t)rows + 1) * sizeof *end);
    for (size_t i = 0; i < block->count; i++)
        end[block->changes[i].handle]++;
    uint32_t start = 0;
    for (uint32_t row = 1; row <= rows; row++) { /* end[row] becomes the start of row's run... */
        uint32_t count = end[row];
        end[row] = start;
        start += count;
    }
    for (size_t i = 0; i < block->count; i++) /* ...and, once filled, its end */
        block->order[end[block->changes[i].handle]++] = (uint32_t)i;
    return 1;
}

/* Writes the block's changes (see the layout above); its buffers are then empty. */
static int write_block(wave_fst_block *block)
{
    struct fstWriterContext *xc = (struct fstWriterContext *)block->context;
    xc->curtime = block->time; /* the block's end time, and the file's as the close writes it */
    if (block->count == 0 || xc->already_in_flush)
        return 1;
    uint32_t rows = xc->maxhandle;
    size_t text_bytes = block->text_size;
    /* A chain takes at most 5 (time) + 8 (value) bytes a change, or 5 + 5 + length for text. */
    if (!sort_by_row(block, rows) ||
        !block_reserve(&block->chain, &block->chain_capacity, block->count * 13 + text_bytes + 16)) {
        block->count = 0;
        block->text_size = 0;
        return 0;
    }
    xc->already_in_flush = 1;
    xc->section_header_only = 0;
    FILE *f = xc->handle;
    fstWriterVarint(f, rows);
    fputc(xc->fourpack ? '4' : (xc->fastpack ? 'F' : 'Z'), f);
    uint64_t position = 1;
    uint64_t reader_memory = 0;
    uint32_t begin = 0;
    for (uint32_t row = 1; row <= rows; row++) {
        uint32_t end = block->row_end[row];
        block->row_position[row] = 0;
        if (end == begin)
            continue;
        const uint32_t *indices = block->order + begin;
        size_t count = end - begin;
        begin = end;
        uint32_t *geometry = &xc->valpos_mem[4 * (row - 1)];
        uint32_t width = geometry[1];
        size_t length = encode_chain(block, indices, count, width);
        if (width > 0) /* the current value, for the next section header's frame */
            put_current_value(xc->curval_mem + geometry[0], block->changes[indices[count - 1]].value, width);
        block->row_position[row] = (uint32_t)position;
        reader_memory += length;
        int packed = 0;
        if (length > 32 && xc->fourpack &&
            block_reserve(&block->packed, &block->packed_capacity, (size_t)LZ4_compressBound((int)length))) {
            packed = LZ4_compress((const char *)block->chain, (char *)block->packed, (int)length);
            if (packed <= 0 || (size_t)packed >= length)
                packed = 0;
        }
        if (packed) {
            position += (uint64_t)fstWriterVarint(f, length) + (uint64_t)packed;
            fstFwrite(block->packed, (size_t)packed, 1, f);
        } else {
            position += (uint64_t)fstWriterVarint(f, 0) + length;
            fstFwrite(block->chain, length, 1, f);
        }
    }
    /* The position table. */
    fst_off_t table = ftello(f);
    xc->secnum++;
    uint32_t previous = 0, run = 0;
    for (uint32_t row = 1; row <= rows; row++) {
        uint32_t at = block->row_position[row];
        if (!at) {
            run++;
            continue;
        }
        if (run) {
            fstWriterVarint(f, (uint64_t)run << 1);
            run = 0;
        }
        fstWriterSVarint(f, (int64_t)((uint64_t)(at - previous) << 1 | 1));
        previous = at;
    }
    if (run)
        fstWriterVarint(f, (uint64_t)run << 1);
    fst_off_t end = ftello(f);
    fstWriterUint64(f, (uint64_t)(end - table));
    /* The time table, deflated when that is shorter: what the library wrote to its file (the
     * first time of the file), then block->times. */
    fflush(xc->tchn_handle);
    fst_off_t in_file = ftello(xc->tchn_handle);
    size_t times = block->times_size + (in_file > 0 ? (size_t)in_file : 0);
    unsigned char *table_bytes = block->times;
    unsigned char *joined = NULL;
    if (in_file > 0) {
        joined = malloc(times);
        fstWriterFseeko(xc, xc->tchn_handle, 0, SEEK_SET);
        if (joined && fread(joined, 1, (size_t)in_file, xc->tchn_handle) == (size_t)in_file) {
            memcpy(joined + in_file, block->times, block->times_size);
            table_bytes = joined;
        } else {
            xc->fseek_failed = 1; /* reported as a write failure at close */
            times = block->times_size;
        }
    }
    /* Deflate's fastest level: a block's time table is mostly one repeated delta, which every
     * level shrinks alike, and the higher levels cost more than the rest of the block. */
    unsigned long deflated_size = compressBound((uLong)times);
    unsigned char *deflated = malloc(deflated_size);
    if (deflated && compress2(deflated, &deflated_size, table_bytes, (uLong)times, 1) == Z_OK &&
        deflated_size < times) {
        fstFwrite(deflated, deflated_size, 1, f);
    } else {
        fstFwrite(table_bytes, times, 1, f);
        deflated_size = (unsigned long)times;
    }
    free(deflated);
    free(joined);
    fstWriterUint64(f, (uint64_t)times);
    fstWriterUint64(f, deflated_size);
    fstWriterUint64(f, block->time_count);
    xc->tchn_cnt = xc->tchn_idx = 0;
    block->time_count = block->time_index = 0;
    block->times_size = 0;
    if (in_file > 0) {
        fstWriterFseeko(xc, xc->tchn_handle, 0, SEEK_SET);
        fstFtruncate(fileno(xc->tchn_handle), 0);
    }
    /* The block's section header, written at the previous flush, gets its figures. */
    end = ftello(f);
    fstWriterFseeko(xc, f, xc->section_start, SEEK_SET);
    fstWriterUint64(f, (uint64_t)(end - xc->section_start)); /* block length */
    fstWriterFseeko(xc, f, 8, SEEK_CUR);                      /* begin time: as written */
    fstWriterUint64(f, xc->curtime);                          /* end time */
    fstWriterUint64(f, reader_memory);                        /* what a reader needs to hold the chains */
    fflush(f);
    fstWriterFseeko(xc, f, xc->section_start - 1, SEEK_SET);
    fputc(FST_BL_VCDATA_DYN_ALIAS2, f);
    fflush(f);
    fstWriterFseeko(xc, f, end, SEEK_SET);
    xc->section_header_truncpos = end;
    if (!xc->skip_writing_section_hdr)
        fstWriterEmitSectionHeader(xc); /* the next block's; the close truncates it if it stays empty */
    fflush(f);
    xc->already_in_flush = 0;
    block->count = 0;
    block->text_size = 0;
    return 1;
}

/* The next block's time table starts at the current time, as after the library's flush. */
static void start_next_block(wave_fst_block *block)
{
    uint64_t now = block->time;
    block->times_size = 0;
    block->time_count = 0;
    block->time = 0;
    wave_fst_block_time(block, now);
    block->time_index = 0;
}

static void *writer_thread(void *argument)
{
    wave_fst_block *block = argument;
    for (;;) {
        pthread_mutex_lock(&block->mutex);
        while (!block->busy && !block->quit)
            pthread_cond_wait(&block->changed, &block->mutex);
        int work = block->busy;
        pthread_mutex_unlock(&block->mutex);
        if (!work)
            return NULL;
        write_block(block->job);
        pthread_mutex_lock(&block->mutex);
        __atomic_store_n(&block->busy, 0, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&block->changed);
        pthread_mutex_unlock(&block->mutex);
    }
}

/* Returns once the writer thread has written the block handed over (if any). */
static void wait_idle(wave_fst_block *block, int from_signal)
{
    if (!block->thread_running)
        return;
    if (from_signal) {
        /* No mutex in a signal handler: poll. The thread needs no signal to finish. */
        while (__atomic_load_n(&block->busy, __ATOMIC_ACQUIRE)) {
            struct timespec pause = { 0, 100000 };
            nanosleep(&pause, NULL);
        }
        return;
    }
    pthread_mutex_lock(&block->mutex);
    while (block->busy)
        pthread_cond_wait(&block->changed, &block->mutex);
    pthread_mutex_unlock(&block->mutex);
}

/* The thread and the block it writes, made at the first hand-over. False: write on this
 * thread instead. */
static int start_thread(wave_fst_block *block)
{
    block->job = calloc(1, sizeof *block->job);
    if (!block->job)
        return 0;
    block->job->context = block->context;
    if (pthread_mutex_init(&block->mutex, NULL) != 0)
        goto no_thread;
    if (pthread_cond_init(&block->changed, NULL) != 0) {
        pthread_mutex_destroy(&block->mutex);
        goto no_thread;
    }
    /* Created with every signal blocked (wave_fstapi_create_thread): SIGINT/SIGTERM land on
     * the simulation thread, whose handler waits for this one. */
    if (wave_fstapi_create_thread(&block->thread, NULL, writer_thread, block) != 0) {
        pthread_cond_destroy(&block->changed);
        pthread_mutex_destroy(&block->mutex);
        goto no_thread;
    }
    block->thread_running = 1;
    return 1;
no_thread:
    free(block->job);
    block->job = NULL;
    return 0;
}

#define SWAP(type, a, b) do { type swapped_ = (a); (a) = (b); (b) = swapped_; } while (0)

void wave_fst_block_hand_over(wave_fst_block *block)
{
    if (!block->thread_running && !start_thread(block)) {
        write_block(block);
        start_next_block(block);
        return;
    }
    wait_idle(block, 0);
    wave_fst_block *job = block->job;
    /* The full buffers go to the thread, its empty ones come back. */
    SWAP(wave_fst_change *, block->changes, job->changes);
    SWAP(size_t, block->count, job->count);
    SWAP(size_t, block->capacity, job->capacity);
    SWAP(unsigned char *, block->text, job->text);
    SWAP(size_t, block->text_size, job->text_size);
    SWAP(size_t, block->text_capacity, job->text_capacity);
    SWAP(unsigned char *, block->times, job->times);
    SWAP(size_t, block->times_size, job->times_size);
    SWAP(size_t, block->times_capacity, job->times_capacity);
    job->time = block->time;
    job->time_count = block->time_count;
    start_next_block(block);
    pthread_mutex_lock(&block->mutex);
    block->busy = 1;
    pthread_cond_broadcast(&block->changed);
    pthread_mutex_unlock(&block->mutex);
}

int wave_fst_block_finish(wave_fst_block *block, int from_signal)
{
    wait_idle(block, from_signal);
    /* No section header after the last block, as the library's close does: it would only be
     * truncated again (and it deflates every row's value). */
    ((struct fstWriterContext *)block->context)->skip_writing_section_hdr = 1;
    int ok = write_block(block);
    start_next_block(block);
    return ok;
}

void wave_fst_block_stop(wave_fst_block *block)
{
    if (!block || !block->thread_running)
        return;
    pthread_mutex_lock(&block->mutex);
    block->quit = 1;
    pthread_cond_broadcast(&block->changed);
    pthread_mutex_unlock(&block->mutex);
    pthread_join(block->thread, NULL);
    pthread_cond_destroy(&block->changed);
    pthread_mutex_destroy(&block->mutex);
    block->thread_running = 0;
}
