#include "tlm_memory.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_callback_list.h"

#define PAGE_SHIFT 12u
#define LINE_SHIFT 6u
#define PAGE_OFFSET_MASK ((uint64_t)TLM_MEMORY_PAGE_SIZE - 1)
#define NO_RECORD UINT32_MAX
#define ADDRESS_SPACE_SIZE ((uint64_t)1 << TLM_MEMORY_ADDRESS_BITS)

_Static_assert(TLM_MEMORY_PAGE_SIZE / TLM_MEMORY_CACHELINE_SIZE == 64,
               "one bit per cacheline in a 64-bit page mask");

typedef struct memory_page {
    uint64_t watched_lines;                /* bit n set: line n of this page has observers */
    bool dmi_granted;                      /* a DMI grant covering this page may be live */
    uint8_t data[TLM_MEMORY_PAGE_SIZE];    /* page contents; zero until written */
} memory_page;

/* One observer of one line. Records live in an array indexed by id; freed ones are reused. */
typedef struct watch_record {
    uint64_t line_address;       /* the watched line */
    tlm_memory_observer_fn fn;   /* NULL once unwatched */
    void *context;               /* passed to fn */
    uint32_t generation;         /* bumped on reuse so stale ids are refused */
    uint32_t next;               /* next record on the same line (or next free record) */
    bool unlink_pending;         /* unwatched during a notification; unlink afterwards */
} watch_record;

/* Open-addressing hash from a 64-bit key to a value; key + 1 is stored so 0 means empty. */
typedef struct memory_hash {
    uint64_t *keys;    /* stored key + 1, 0 = empty slot */
    void **values;     /* page pointer, or (line table) head record index + 1 as a pointer-sized int */
    size_t capacity;   /* power of two */
    size_t count;      /* used slots */
} memory_hash;

struct tlm_memory {
    tlm_target as_target;          /* the memory's target interface */
    const char *name;              /* instance name */
    uint64_t size;                 /* bytes addressable */
    tlm_time read_latency;         /* added per b_transport read */
    tlm_time write_latency;        /* added per b_transport write */
    memory_hash pages;             /* page number -> memory_page* */
    uint64_t last_page_number;     /* page number of last_page */
    memory_page *last_page;        /* most recently used page: skips the hash on streaks */
    memory_hash lines;             /* line address -> first watch record index + 1 */
    watch_record *records;         /* all watch records, indexed by (id & 0xffffffff) - 1 */
    uint32_t record_count;         /* records ever created */
    size_t record_capacity;        /* records allocated */
    uint32_t free_records;         /* head of the free record list (NO_RECORD if none) */
    uint32_t notify_depth;         /* > 0 while observers are being called */
    bool unlink_deferred;          /* some record awaits unlinking after the notification */
    tlm_callback_list dmi_subscribers; /* tlm_dmi_invalidate_fn of initiators/routers */
    tlm_memory_stats stats;        /* counters reported by tlm_memory_get_stats */
    tlm_log_block *log;            /* this memory's log counters */
};

/* ---- hash ---------------------------------------------------------------------------- */

static size_t hash_slot(const memory_hash *hash, uint64_t key)
{
    /* Fibonacci hashing: consecutive page numbers spread over the table. */
    return (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 17) & (hash->capacity - 1);
}

static void **hash_find(const memory_hash *hash, uint64_t key)
{
    if (hash->capacity == 0)
        return NULL;
    for (size_t slot = hash_slot(hash, key);; slot = (slot + 1) & (hash->capacity - 1)) {
        if (hash->keys[slot] == key + 1)
            return &hash->values[slot];
        if (hash->keys[slot] == 0)
            return NULL;
    }
}

static void hash_grow(memory_hash *hash);

/* The value slot for key, inserting a NULL value if absent. */
static void **hash_insert(memory_hash *hash, uint64_t key)
{
    if ((hash->count + 1) * 2 > hash->capacity)
        hash_grow(hash);
    size_t slot = hash_slot(hash, key);
    while (hash->keys[slot] != 0 && hash->keys[slot] != key + 1)
        slot = (slot + 1) & (hash->capacity - 1);
    if (hash->keys[slot] == 0) {
        hash->keys[slot] = key + 1;
        hash->values[slot] = NULL;
        hash->count++;
    }
    return &hash->values[slot];
}

static void hash_grow(memory_hash *hash)
{
    memory_hash old = *hash;
    hash->capacity = old.capacity ? old.capacity * 2 : 256;
    hash->keys = tlm_alloc_zeroed(hash->capacity, sizeof *hash->keys);
    hash->values = tlm_alloc_zeroed(hash->capacity, sizeof *hash->values);
    hash->count = 0;
    for (size_t i = 0; i < old.capacity; i++)
        if (old.keys[i])
            *hash_insert(hash, old.keys[i] - 1) = old.values[i];
    free(old.keys);
    free(old.values);
}

static void hash_free(memory_hash *hash)
{
    free(hash->keys);
    free(hash->values);
    *hash = (memory_hash){ 0 };
}

/* ---- pages --------------------------------------------------------------------------- */

static inline memory_page *page_lookup(tlm_memory *memory, uint64_t page_number)
{
    if (memory->last_page && memory->last_page_number == page_number)
        return memory->last_page;
    void **value = hash_find(&memory->pages, page_number);
    if (!value)
        return NULL;
    memory->last_page = *value;
    memory->last_page_number = page_number;
    return *value;
}

static memory_page *page_materialize(tlm_memory *memory, uint64_t page_number)
{
    memory_page *page = page_lookup(memory, page_number);
    if (page)
        return page;
    page = tlm_alloc_zeroed(1, sizeof *page);
    *hash_insert(&memory->pages, page_number) = page;
    memory->stats.pages_allocated++;
    memory->last_page = page;
    memory->last_page_number = page_number;
    return page;
}

/* Bits of the lines that bytes [offset, offset + length) of a page touch; length >= 1. */
static inline uint64_t lines_touched(uint64_t offset, uint64_t length)
{
    unsigned first = (unsigned)(offset >> LINE_SHIFT);
    unsigned last = (unsigned)((offset + length - 1) >> LINE_SHIFT);
    return (((uint64_t)2 << last) - 1) & ~(((uint64_t)1 << first) - 1);
}

static bool range_inside(const tlm_memory *memory, uint64_t address, uint64_t length)
{
    return address < memory->size && length <= memory->size - address;
}

/* ---- observers ----------------------------------------------------------------------- */

static uint32_t line_head(const tlm_memory *memory, uint64_t line_address)
{
    void **value = hash_find(&memory->lines, line_address);
    return value ? (uint32_t)((uintptr_t)*value) - 1 : NO_RECORD;
}

static void set_line_head(tlm_memory *memory, uint64_t line_address, uint32_t head)
{
    *hash_insert(&memory->lines, line_address) = (void *)(uintptr_t)(head + 1u);
}

static void unlink_record(tlm_memory *memory, uint32_t index)
{
    watch_record *record = &memory->records[index];
    uint32_t head = line_head(memory, record->line_address);
    if (head == index) {
        head = record->next;
        set_line_head(memory, record->line_address, head);
    } else {
        for (uint32_t i = head; i != NO_RECORD; i = memory->records[i].next) {
            if (memory->records[i].next == index) {
                memory->records[i].next = record->next;
                break;
            }
        }
    }
    if (head == NO_RECORD) {
        memory_page *page = page_lookup(memory, record->line_address >> PAGE_SHIFT);
        if (page)
            page->watched_lines &= ~((uint64_t)1 << ((record->line_address & PAGE_OFFSET_MASK) >> LINE_SHIFT));
    }
    record->unlink_pending = false;
    record->next = memory->free_records;
    memory->free_records = index;
}

static void unlink_deferred_records(tlm_memory *memory)
{
    memory->unlink_deferred = false;
    for (uint32_t i = 0; i < memory->record_count; i++)
        if (memory->records[i].unlink_pending)
            unlink_record(memory, i);
}

/* Calls the observers of every watched line that [address, address + length) touches. */
static void notify_observers(tlm_memory *memory, const tlm_payload *payload, uint64_t address, uint64_t length)
{
    memory->notify_depth++;
    uint64_t end = address + length;
    for (uint64_t chunk = address; chunk < end;) {
        uint64_t page_end = (chunk | PAGE_OFFSET_MASK) + 1;
        uint64_t chunk_end = end < page_end ? end : page_end;
        memory_page *page = page_lookup(memory, chunk >> PAGE_SHIFT);
        uint64_t offset = chunk & PAGE_OFFSET_MASK;
        uint64_t hits = page ? page->watched_lines & lines_touched(offset, chunk_end - chunk) : 0;
        while (hits) {
            unsigned line = (unsigned)__builtin_ctzll(hits);
            hits &= hits - 1;
            uint64_t line_address = (chunk & ~PAGE_OFFSET_MASK) + ((uint64_t)line << LINE_SHIFT);
            uint64_t line_end = line_address + TLM_MEMORY_CACHELINE_SIZE;
            uint64_t first = address > line_address ? address : line_address;
            uint64_t last = end < line_end ? end : line_end;
            tlm_memory_write write = {
                .line_address = line_address,
                .line_data = &page->data[line << LINE_SHIFT],
                .write_address = first,
                .write_length = (uint32_t)(last - first),
                .payload = payload,
            };
            memory->stats.watch_lookups++;
            for (uint32_t i = line_head(memory, line_address); i != NO_RECORD; i = memory->records[i].next) {
                watch_record *record = &memory->records[i];
                if (!record->fn)
                    continue;
                memory->stats.observer_calls++;
                record->fn(record->context, &write);
            }
        }
        chunk = chunk_end;
    }
    if (--memory->notify_depth == 0 && memory->unlink_deferred)
        unlink_deferred_records(memory);
}

static void invalidate_dmi(tlm_memory *memory, uint64_t start, uint64_t end)
{
    for (size_t i = 0; i < memory->dmi_subscribers.count; i++) {
        tlm_dmi_invalidate_fn fn = (tlm_dmi_invalidate_fn)memory->dmi_subscribers.entries[i].fn;
        fn(memory->dmi_subscribers.entries[i].context, start, end);
    }
    memory->stats.dmi_invalidations++;
}

tlm_watch_id tlm_memory_watch(tlm_memory *memory, uint64_t line_address, tlm_memory_observer_fn fn, void *context)
{
    if (!fn || (line_address & (TLM_MEMORY_CACHELINE_SIZE - 1)) || !range_inside(memory, line_address, 1)) {
        tlm_log_error(memory->log, "watch of line 0x%012" PRIx64 " refused: %s", line_address,
                      !fn ? "no observer function"
                      : (line_address & (TLM_MEMORY_CACHELINE_SIZE - 1)) ? "not 64-byte aligned"
                                                                          : "outside the memory");
        return 0;
    }
    uint32_t index = memory->free_records;
    if (index != NO_RECORD) {
        memory->free_records = memory->records[index].next;
    } else {
        memory->records = tlm_alloc_grow(memory->records, &memory->record_capacity, (size_t)memory->record_count + 1,
                                         sizeof *memory->records, 16);
        index = memory->record_count++;
        memory->records[index].generation = 0;
    }
    watch_record *record = &memory->records[index];
    record->generation++;
    record->line_address = line_address;
    record->fn = fn;
    record->context = context;
    record->unlink_pending = false;
    record->next = NO_RECORD;
    /* Append so observers of one line are called in the order they started watching. */
    uint32_t head = line_head(memory, line_address);
    if (head == NO_RECORD) {
        set_line_head(memory, line_address, index);
    } else {
        uint32_t tail = head;
        while (memory->records[tail].next != NO_RECORD)
            tail = memory->records[tail].next;
        memory->records[tail].next = index;
    }
    memory_page *page = page_materialize(memory, line_address >> PAGE_SHIFT);
    page->watched_lines |= (uint64_t)1 << ((line_address & PAGE_OFFSET_MASK) >> LINE_SHIFT);
    if (page->dmi_granted) {
        /* A write grant on this page would let stores bypass the new observer. */
        page->dmi_granted = false;
        uint64_t page_start = line_address & ~PAGE_OFFSET_MASK;
        invalidate_dmi(memory, page_start, page_start + PAGE_OFFSET_MASK);
    }
    return ((uint64_t)record->generation << 32) | (index + 1u);
}

bool tlm_memory_unwatch(tlm_memory *memory, tlm_watch_id id)
{
    uint32_t index = (uint32_t)(id & 0xFFFFFFFFu) - 1u;
    uint32_t generation = (uint32_t)(id >> 32);
    if (id == 0 || index >= memory->record_count)
        return false;
    watch_record *record = &memory->records[index];
    if (record->generation != generation || !record->fn)
        return false;
    record->fn = NULL;
    if (memory->notify_depth > 0) {
        /* The notification loop may be standing on this record: unlink when it is done. */
        record->unlink_pending = true;
        memory->unlink_deferred = true;
    } else {
        unlink_record(memory, index);
    }
    return true;
}

/* ---- data movement ------------------------------------------------------------------- */

/* Copies between the payload buffer and memory for [address, address + length), honouring
 * byte enables; `to_memory` selects the direction. The range is already checked. */
static void copy_range(tlm_memory *memory, const tlm_payload *payload, uint8_t *buffer, uint64_t address,
                       uint64_t length, bool to_memory, bool honour_byte_enables)
{
    const bool masked = honour_byte_enables && payload && payload->byte_enable;
    uint64_t done = 0;
    while (done < length) {
        uint64_t chunk_address = address + done;
        uint64_t offset = chunk_address & PAGE_OFFSET_MASK;
        uint64_t chunk = TLM_MEMORY_PAGE_SIZE - offset;
        if (chunk > length - done)
            chunk = length - done;
        memory_page *page = to_memory ? page_materialize(memory, chunk_address >> PAGE_SHIFT)
                                      : page_lookup(memory, chunk_address >> PAGE_SHIFT);
        if (!masked) {
            if (to_memory)
                memcpy(&page->data[offset], buffer + done, chunk);
            else if (page)
                memcpy(buffer + done, &page->data[offset], chunk);
            else
                memset(buffer + done, 0, chunk);
        } else {
            for (uint64_t i = 0; i < chunk; i++) {
                if (!tlm_payload_byte_enabled(payload, (uint32_t)(done + i)))
                    continue;
                if (to_memory)
                    page->data[offset + i] = buffer[done + i];
                else
                    buffer[done + i] = page ? page->data[offset + i] : 0;
            }
        }
        done += chunk;
    }
}

/* Kept out of line and marked cold so the hot path below stays small (no register spills
 * for the logging calls). */
__attribute__((noinline, cold)) static void memory_b_transport_checked(tlm_memory *memory, tlm_payload *payload,
                                                                        tlm_time *delay)
{
    tlm_status status = tlm_payload_check(payload);
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        tlm_log_error(memory->log, "%s at 0x%012" PRIx64 " length %" PRIu32 " refused: %s",
                      tlm_command_name(payload->command), payload->address, payload->length,
                      tlm_response_name(status));
        return;
    }
    if (!range_inside(memory, payload->address, payload->length)) {
        payload->response = TLM_STATUS_ADDRESS_ERROR;
        tlm_log_error(memory->log, "%s at 0x%012" PRIx64 " length %" PRIu32 " is beyond the memory (size 0x%" PRIx64 ")",
                      tlm_command_name(payload->command), payload->address, payload->length, memory->size);
        return;
    }
    switch (payload->command) {
    case TLM_CMD_READ:
        copy_range(memory, payload, payload->data, payload->address, payload->length, false, true);
        memory->stats.reads++;
        *delay += memory->read_latency;
        break;
    case TLM_CMD_WRITE:
        copy_range(memory, payload, payload->data, payload->address, payload->length, true, true);
        memory->stats.writes++;
        *delay += memory->write_latency;
        notify_observers(memory, payload, payload->address, payload->length);
        break;
    case TLM_CMD_IGNORE:
        break;
    default:
        payload->response = TLM_STATUS_COMMAND_ERROR;
        tlm_log_error(memory->log, "unknown command %d at 0x%012" PRIx64, (int)payload->command, payload->address);
        return;
    }
    payload->dmi_allowed = true;
    payload->response = TLM_STATUS_OK;
}

/* Register and bus-word sizes get a constant-size copy (one move); any other length would
 * otherwise cost a libc call on every access. */
static inline void copy_small(uint8_t *to, const uint8_t *from, uint32_t length)
{
    switch (length) {
    case 4: memcpy(to, from, 4); break;
    case 8: memcpy(to, from, 8); break;
    default: memcpy(to, from, length); break;
    }
}

static void memory_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_memory *memory = self;
    uint64_t address = payload->address;
    uint64_t offset = address & PAGE_OFFSET_MASK;
    /* Hot path: a plain read or write inside one page of the memory. Everything else,
     * including every malformed payload, takes the checked path. */
    if (payload->byte_enable || !payload->data || payload->length == 0 ||
        offset + payload->length > TLM_MEMORY_PAGE_SIZE || !range_inside(memory, address, payload->length)) {
        memory_b_transport_checked(memory, payload, delay);
        return;
    }
    uint64_t page_number = address >> PAGE_SHIFT;
    if (payload->command == TLM_CMD_WRITE) {
        /* The last-page check is repeated inline: a streak pays no call at all. */
        memory_page *page = memory->last_page && memory->last_page_number == page_number
                                ? memory->last_page
                                : page_materialize(memory, page_number);
        copy_small(&page->data[offset], payload->data, payload->length);
        memory->stats.writes++;
        *delay += memory->write_latency;
        /* O(1) when nothing is watched on this page: one AND (DESIGN §4). */
        if (page->watched_lines & lines_touched(offset, payload->length))
            notify_observers(memory, payload, address, payload->length);
    } else if (payload->command == TLM_CMD_READ) {
        memory_page *page = memory->last_page && memory->last_page_number == page_number
                                ? memory->last_page
                                : page_lookup(memory, page_number);
        if (page)
            copy_small(payload->data, &page->data[offset], payload->length);
        else
            memset(payload->data, 0, payload->length);
        memory->stats.reads++;
        *delay += memory->read_latency;
    } else {
        memory_b_transport_checked(memory, payload, delay);
        return;
    }
    payload->dmi_allowed = true;
    payload->response = TLM_STATUS_OK;
}

static uint32_t memory_transport_dbg(void *self, tlm_payload *payload)
{
    tlm_memory *memory = self;
    if (payload->length == 0 || !payload->data || !range_inside(memory, payload->address, payload->length)) {
        payload->response = payload->length == 0 ? TLM_STATUS_BURST_ERROR
                             : !payload->data    ? TLM_STATUS_GENERIC_ERROR
                                                 : TLM_STATUS_ADDRESS_ERROR;
        return 0;
    }
    if (payload->command == TLM_CMD_IGNORE) {
        payload->response = TLM_STATUS_OK;
        return 0;
    }
    copy_range(memory, payload, payload->data, payload->address, payload->length,
               payload->command == TLM_CMD_WRITE, false);
    payload->response = TLM_STATUS_OK;
    return payload->length;
}

static bool memory_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    tlm_memory *memory = self;
    if (!range_inside(memory, payload->address, 1))
        return false;
    uint64_t page_start = payload->address & ~PAGE_OFFSET_MASK;
    memory_page *page = page_materialize(memory, page_start >> PAGE_SHIFT);
    page->dmi_granted = true;
    uint64_t page_last = page_start + PAGE_OFFSET_MASK;
    *dmi = (tlm_dmi_region){
        .pointer = page->data,
        .start = page_start,
        .end = page_last < memory->size - 1 ? page_last : memory->size - 1,
        .read_allowed = true,
        .write_allowed = page->watched_lines == 0,
        .read_latency = memory->read_latency,
        .write_latency = memory->write_latency,
    };
    memory->stats.dmi_grants++;
    return true;
}

static void memory_subscribe_dmi_invalidate(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    tlm_memory *memory = self;
    tlm_callback_list_add(&memory->dmi_subscribers, (tlm_callback_fn)fn, context);
}

/* ---- public -------------------------------------------------------------------------- */

bool tlm_memory_read(tlm_memory *memory, uint64_t address, void *data, uint64_t length)
{
    if (length == 0)
        return true;
    if (!range_inside(memory, address, length))
        return false;
    copy_range(memory, NULL, data, address, length, false, false);
    return true;
}

bool tlm_memory_write_backdoor(tlm_memory *memory, uint64_t address, const void *data, uint64_t length)
{
    if (length == 0)
        return true;
    if (!range_inside(memory, address, length))
        return false;
    copy_range(memory, NULL, (uint8_t *)(uintptr_t)data, address, length, true, false);
    return true;
}

void tlm_memory_set_latency(tlm_memory *memory, tlm_time read_latency, tlm_time write_latency)
{
    memory->read_latency = read_latency;
    memory->write_latency = write_latency;
}

const tlm_target *tlm_memory_target(tlm_memory *memory)
{
    return &memory->as_target;
}

tlm_memory_stats tlm_memory_get_stats(const tlm_memory *memory)
{
    return memory->stats;
}

tlm_memory *tlm_memory_create(tlm_kernel *kernel, const char *name, uint64_t size)
{
    tlm_memory *memory = tlm_alloc_zeroed(1, sizeof *memory);
    memory->name = name;
    memory->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    if (size > ADDRESS_SPACE_SIZE)
        tlm_log_warning(memory->log, "size 0x%" PRIx64 " exceeds the 48-bit address space; clamped", size);
    memory->size = (size == 0 || size > ADDRESS_SPACE_SIZE) ? ADDRESS_SPACE_SIZE : size;
    memory->free_records = NO_RECORD;
    memory->as_target = (tlm_target){
        .name = name,
        .self = memory,
        .b_transport = memory_b_transport,
        .get_direct_mem_ptr = memory_get_direct_mem_ptr,
        .transport_dbg = memory_transport_dbg,
        .subscribe_dmi_invalidate = memory_subscribe_dmi_invalidate,
    };
    return memory;
}

void tlm_memory_destroy(tlm_memory *memory)
{
    if (!memory)
        return;
    for (size_t i = 0; i < memory->pages.capacity; i++)
        if (memory->pages.keys[i])
            free(memory->pages.values[i]);
    hash_free(&memory->pages);
    hash_free(&memory->lines);
    free(memory->records);
    tlm_callback_list_free(&memory->dmi_subscribers);
    free(memory);
}

/* ---- the line-watch port ------------------------------------------------------------------- */

static tlm_watch_id port_watch(void *self, uint64_t line_address, tlm_memory_observer_fn fn, void *context)
{
    return tlm_memory_watch(self, line_address, fn, context);
}

static bool port_unwatch(void *self, tlm_watch_id id)
{
    return tlm_memory_unwatch(self, id);
}

static bool port_read(void *self, uint64_t address, void *data, uint64_t length)
{
    return tlm_memory_read(self, address, data, length);
}

tlm_line_watch_port tlm_memory_line_watch_port(tlm_memory *memory)
{
    return (tlm_line_watch_port){ .watch = port_watch, .unwatch = port_unwatch, .read = port_read, .self = memory };
}
