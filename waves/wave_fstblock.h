/* The FST value-change block writer (wave_fstapi.c) that wave_fst.c feeds: value changes are
 * kept as they come, one 16-byte record each (row handle, time index, value), and written as
 * one FST value-change block when the block is full or the file ends.
 *
 * Why not the FST library's own value-change calls: fstWriterEmitValueChange takes a value as
 * one character per bit, and its block writer scans and packs every one of those characters
 * again; for the bus and register rows (32 and 64 bits wide) that was most of what tracing
 * cost (docs/design/performance.md "Waveform tracing"). Here a value stays a 64-bit integer
 * until it is packed into the block, eight bits at a time. The block has the layout the FST
 * library's own writer produces (a dynamic-alias-2 value-change block: per-row value chains,
 * each LZ4-compressed when that is shorter, the position table, the time table), so every FST
 * reader reads it; the library still writes everything else (header, hierarchy, the first
 * time, section headers, geometry) and closes the file. Not for users: wave.h is the API. */
#ifndef WAVE_FSTBLOCK_H
#define WAVE_FSTBLOCK_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One value change held for the block. */
typedef struct wave_fst_change {
    uint32_t handle;     /* the FST library's handle of the row (1-based) */
    uint32_t time_index; /* index of its time in the block's time table */
    uint64_t value;      /* bits and enum rows: the value; text rows: offset of its record in the text arena */
} wave_fst_change;

/* The changes of the block being filled, and the writer's scratch space (grown, never shrunk). */
typedef struct wave_fst_block {
    void *context;              /* the FST library's writer */
    uint32_t time_index;        /* index of the current time in the block's time table (the library's tchn_idx) */
    uint32_t time_count;        /* entries in the block's time table (its tchn_cnt) */
    uint64_t time;              /* the current time (its curtime): the library's copy is set at each flush */
    wave_fst_change *changes;   /* changes in emission order */
    size_t count;               /* entries in changes */
    size_t capacity;            /* allocated entries */
    unsigned char *text;        /* text arena: per text change a 4-byte length, then the bytes */
    size_t text_size;           /* bytes used */
    size_t text_capacity;       /* bytes allocated */
    uint32_t *row_end;          /* flush: per handle, end of its changes in `order` (handles + 1 entries) */
    uint32_t *row_position;     /* flush: per handle, where its chain starts in the block (0: no changes) */
    uint32_t *order;            /* flush: change indices sorted by handle, emission order within one */
    size_t order_capacity;      /* allocated entries of order */
    uint32_t rows_allocated;    /* handles the per-handle arrays hold */
    unsigned char *chain;       /* flush: one row's encoded chain */
    size_t chain_capacity;      /* bytes allocated */
    unsigned char *packed;      /* flush: that chain LZ4-compressed */
    size_t packed_capacity;     /* bytes allocated */
    unsigned char *times;       /* the block's time table: varint time deltas, as the library writes them */
    size_t times_size;          /* bytes used */
    size_t times_capacity;      /* bytes allocated */
    /* The writer thread: a full block is handed over (its buffers swapped with `job`'s) and
     * written there while the simulation fills the next one. */
    struct wave_fst_block *job; /* the block the thread writes (NULL: no thread yet) */
    pthread_t thread;           /* the writer thread (every signal blocked) */
    pthread_mutex_t mutex;      /* guards busy and quit */
    pthread_cond_t changed;     /* busy or quit changed */
    int thread_running;         /* thread, mutex and changed exist */
    int busy;                   /* a block is handed over and not written yet (atomic loads outside the mutex) */
    int quit;                   /* the thread is to end */
} wave_fst_block;

/* A block writer for an FST library writer that has written its first time change. NULL when
 * out of memory. */
wave_fst_block *wave_fst_block_create(void *context);
void wave_fst_block_destroy(wave_fst_block *block);

/* Room for one more change / for one more time-table entry; false when out of memory. */
int wave_fst_block_grow(wave_fst_block *block);
int wave_fst_block_grow_times(wave_fst_block *block);

/* A bits or enum row takes `value` (already masked to its width) at the current time. */
static inline void wave_fst_block_bits(wave_fst_block *block, uint32_t handle, uint64_t value)
{
    if (__builtin_expect(block->count == block->capacity, 0) && !wave_fst_block_grow(block))
        return;
    wave_fst_change *change = &block->changes[block->count++];
    change->handle = handle;
    change->time_index = block->time_index;
    change->value = value;
}

/* The next time (after the first, which the library's fstWriterEmitTimeChange writes): an
 * entry of the block's time table, kept in memory where the library would write it to a
 * temporary file a few bytes at a time. */
static inline void wave_fst_block_time(wave_fst_block *block, uint64_t time)
{
    if (__builtin_expect(block->times_size + 10 > block->times_capacity, 0) && !wave_fst_block_grow_times(block))
        return;
    uint64_t delta = time - block->time; /* a varint, as the library writes it */
    unsigned char *out = block->times + block->times_size;
    while (delta >= 0x80) {
        *out++ = (unsigned char)(delta | 0x80);
        delta >>= 7;
    }
    *out++ = (unsigned char)delta;
    block->times_size = (size_t)(out - block->times);
    block->time_index++;
    block->time_count++;
    block->time = time;
}

/* A text row takes `length` bytes of `text` at the current time. */
void wave_fst_block_text(wave_fst_block *block, uint32_t handle, const char *text, uint32_t length);

/* Hands the changes held over to the writer thread, which writes them as one value-change
 * block, then the next block's section header, while the next block's time table starts at
 * the current time, as the library's own flush does. Call it right before a time change. */
void wave_fst_block_hand_over(wave_fst_block *block);

/* The last block: waits for the writer thread, then writes the changes held on this thread
 * (nothing when none are held). Call it after the last time change. `from_signal`: called
 * from a signal handler (the wait polls instead of taking the thread's mutex). False when
 * out of memory (the changes are dropped). */
int wave_fst_block_finish(wave_fst_block *block, int from_signal);

/* Ends the writer thread (after waiting for its block). Before the library's writer closes. */
void wave_fst_block_stop(wave_fst_block *block);

#ifdef __cplusplus
}
#endif

#endif
