/* The write snoop (tlm_snoop.h). The observers and their bookkeeping are a private sparse memory's
 * (the mirror): it holds a copy of each watched line only, refreshed from the memory before its
 * observers are called, so watching behaves exactly as on the sparse memory (call order, unwatch
 * from inside an observer). A sorted list of the watched lines answers "does this write touch
 * one" and clips DMI grants. */
#include "tlm_snoop.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_callback_list.h"
#include "tlm_log.h"

#define LINE_BYTES ((uint64_t)TLM_MEMORY_CACHELINE_SIZE)

typedef struct snoop_watch {
    uint64_t line;   /* the watched line's address */
    tlm_watch_id id; /* the mirror's watch id */
} snoop_watch;

struct tlm_snoop {
    const tlm_target *downstream;      /* the memory */
    tlm_memory *mirror;                /* copies of the watched lines, and their observers */
    snoop_watch *watches;              /* sorted by line (a line may appear more than once) */
    size_t watch_count;                /* entries in use */
    size_t watch_capacity;             /* entries allocated */
    tlm_target as_target;              /* the snoop's own target interface */
    tlm_callback_list dmi_subscribers; /* upstream initiators' tlm_dmi_invalidate_fn */
    tlm_log_block *log;                /* the snoop's log counters */
    bool timed_read_warned;            /* the memory has no debug transport (warned once) */
    tlm_snoop_stats stats;             /* counters */
};

/* Index of the first watch whose line is >= line. */
static size_t lower_bound(const tlm_snoop *snoop, uint64_t line)
{
    size_t low = 0, high = snoop->watch_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (snoop->watches[middle].line < line)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

/* Reads the memory without side effects where it can: debug transport, else a read whose time
 * is discarded (the memory offers nothing better). */
static bool peek(tlm_snoop *snoop, uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, address, data, length);
    payload.address_space = TLM_SPACE_GGTT;
    if (tlm_transport_dbg(snoop->downstream, &payload) == length)
        return true;
    if (!snoop->timed_read_warned) {
        snoop->timed_read_warned = true;
        tlm_log_warning(snoop->log, "the memory's debug transport did not read 0x%" PRIx64
                                    ": watched lines are read with b_transport",
                        address);
    }
    payload = tlm_payload_make(TLM_CMD_READ, address, data, length);
    payload.address_space = TLM_SPACE_GGTT;
    tlm_time ignored = 0;
    tlm_b_transport(snoop->downstream, &payload, &ignored);
    return payload.response == TLM_STATUS_OK;
}

/* The observers of every watched line [address, address + length) touches get the line as the
 * memory now holds it. The list may change under an observer, so each step searches again. */
static void update_lines(tlm_snoop *snoop, uint64_t address, uint64_t length)
{
    if (length == 0 || snoop->watch_count == 0)
        return;
    uint64_t end = address + length; /* exclusive; a wrap is clipped to the top */
    if (end < address)
        end = UINT64_MAX;
    uint64_t cursor = address & ~(LINE_BYTES - 1);
    for (;;) {
        size_t index = lower_bound(snoop, cursor);
        if (index == snoop->watch_count || snoop->watches[index].line >= end)
            return;
        uint64_t line = snoop->watches[index].line;
        uint8_t bytes[TLM_MEMORY_CACHELINE_SIZE];
        if (peek(snoop, line, bytes, sizeof bytes)) {
            tlm_memory_write_backdoor(snoop->mirror, line, bytes, sizeof bytes);
            /* The part of the write inside the line, written again with the memory's own bytes:
             * the mirror calls the line's observers with the line's new contents. */
            uint64_t first = address > line ? address : line;
            uint64_t last = end < line + LINE_BYTES ? end : line + LINE_BYTES;
            tlm_payload write = tlm_payload_make(TLM_CMD_WRITE, first, bytes + (first - line), (uint32_t)(last - first));
            write.address_space = TLM_SPACE_GGTT;
            tlm_time ignored = 0;
            snoop->stats.line_updates++;
            tlm_b_transport(tlm_memory_target(snoop->mirror), &write, &ignored);
        } else {
            tlm_log_error(snoop->log, "watched line 0x%012" PRIx64 " could not be read back: observers not called",
                          line);
        }
        if (line + LINE_BYTES < line)
            return;
        cursor = line + LINE_BYTES;
    }
}

static void invalidate_upstream(tlm_snoop *snoop, uint64_t start, uint64_t end)
{
    for (size_t i = 0; i < snoop->dmi_subscribers.count; i++) {
        tlm_dmi_invalidate_fn fn = (tlm_dmi_invalidate_fn)snoop->dmi_subscribers.entries[i].fn;
        fn(snoop->dmi_subscribers.entries[i].context, start, end);
    }
}

/* ---- the target ------------------------------------------------------------------------------ */

static void snoop_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_snoop *snoop = self;
    snoop->stats.forwarded++;
    tlm_b_transport(snoop->downstream, payload, delay);
    if (payload->command == TLM_CMD_WRITE && payload->response == TLM_STATUS_OK)
        update_lines(snoop, payload->address, payload->length);
}

static uint32_t snoop_transport_dbg(void *self, tlm_payload *payload)
{
    tlm_snoop *snoop = self;
    return tlm_transport_dbg(snoop->downstream, payload);
}

/* The memory's grant, with write access kept off every watched line: clipped to the span
 * between the watched lines around the address, or read-only inside one. */
static bool snoop_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    tlm_snoop *snoop = self;
    if (!tlm_get_direct_mem_ptr(snoop->downstream, payload, dmi))
        return false;
    if (!dmi->write_allowed || snoop->watch_count == 0)
        return true;
    uint64_t address = payload->address;
    size_t above = lower_bound(snoop, (address & ~(LINE_BYTES - 1)) + LINE_BYTES);
    if (above > 0 && snoop->watches[above - 1].line == (address & ~(LINE_BYTES - 1))) {
        dmi->write_allowed = false; /* the address is in a watched line */
        snoop->stats.dmi_clipped++;
        return true;
    }
    uint64_t start = dmi->start, end = dmi->end;
    if (above > 0 && snoop->watches[above - 1].line + LINE_BYTES - 1 >= start)
        start = snoop->watches[above - 1].line + LINE_BYTES;
    if (above < snoop->watch_count && snoop->watches[above].line <= end)
        end = snoop->watches[above].line - 1;
    if (start != dmi->start || end != dmi->end) {
        snoop->stats.dmi_clipped++;
        dmi->pointer += start - dmi->start;
        dmi->start = start;
        dmi->end = end;
    }
    return true;
}

static void snoop_subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    tlm_snoop *snoop = self;
    tlm_callback_list_add(&snoop->dmi_subscribers, (tlm_callback_fn)fn, context);
}

/* The memory withdrew grants: so does everything upstream that got them through the snoop. */
static void downstream_invalidated(void *context, uint64_t start, uint64_t end)
{
    invalidate_upstream(context, start, end);
}

/* ---- the line-watch port ----------------------------------------------------------------------- */

static tlm_watch_id snoop_watch_line(void *self, uint64_t line_address, tlm_memory_observer_fn fn, void *context)
{
    tlm_snoop *snoop = self;
    uint8_t bytes[TLM_MEMORY_CACHELINE_SIZE];
    if ((line_address & (LINE_BYTES - 1)) == 0 && peek(snoop, line_address, bytes, sizeof bytes))
        tlm_memory_write_backdoor(snoop->mirror, line_address, bytes, sizeof bytes);
    tlm_watch_id id = tlm_memory_watch(snoop->mirror, line_address, fn, context);
    if (!id)
        return 0;
    snoop->watches = tlm_alloc_grow(snoop->watches, &snoop->watch_capacity, snoop->watch_count + 1,
                                    sizeof *snoop->watches, 16);
    size_t at = lower_bound(snoop, line_address + 1); /* after the line's earlier watches */
    memmove(&snoop->watches[at + 1], &snoop->watches[at], (snoop->watch_count - at) * sizeof *snoop->watches);
    snoop->watches[at] = (snoop_watch){ .line = line_address, .id = id };
    snoop->watch_count++;
    snoop->stats.watched_lines = snoop->watch_count;
    /* A write grant over the line would let stores bypass the new observer. */
    invalidate_upstream(snoop, line_address, line_address + LINE_BYTES - 1);
    return id;
}

static bool snoop_unwatch_line(void *self, tlm_watch_id id)
{
    tlm_snoop *snoop = self;
    for (size_t i = 0; i < snoop->watch_count; i++) {
        if (snoop->watches[i].id == id) {
            memmove(&snoop->watches[i], &snoop->watches[i + 1], (snoop->watch_count - i - 1) * sizeof *snoop->watches);
            snoop->watch_count--;
            break;
        }
    }
    snoop->stats.watched_lines = snoop->watch_count;
    return tlm_memory_unwatch(snoop->mirror, id);
}

static bool snoop_read(void *self, uint64_t address, void *data, uint64_t length)
{
    tlm_snoop *snoop = self;
    for (uint64_t done = 0; done < length;) {
        uint32_t chunk = length - done > TLM_MEMORY_PAGE_SIZE ? TLM_MEMORY_PAGE_SIZE : (uint32_t)(length - done);
        if (!peek(snoop, address + done, (uint8_t *)data + done, chunk))
            return false;
        done += chunk;
    }
    return true;
}

tlm_line_watch_port tlm_snoop_line_watch_port(tlm_snoop *snoop)
{
    return (tlm_line_watch_port){
        .watch = snoop_watch_line, .unwatch = snoop_unwatch_line, .read = snoop_read, .self = snoop
    };
}

/* ---- life ------------------------------------------------------------------------------------------ */

tlm_snoop *tlm_snoop_create(tlm_kernel *kernel, const char *name, const tlm_target *downstream)
{
    tlm_snoop *snoop = tlm_alloc_zeroed(1, sizeof *snoop);
    snoop->downstream = downstream;
    snoop->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    char mirror_name[96];
    snprintf(mirror_name, sizeof mirror_name, "%s.lines", name);
    snoop->mirror = tlm_memory_create(kernel, mirror_name, 0);
    snoop->as_target = (tlm_target){
        .name = snoop->log->name,
        .self = snoop,
        .b_transport = snoop_b_transport,
        .transport_dbg = snoop_transport_dbg,
        .get_direct_mem_ptr = downstream->get_direct_mem_ptr ? snoop_get_direct_mem_ptr : NULL,
        .subscribe_dmi_invalidate = snoop_subscribe,
    };
    tlm_subscribe_dmi_invalidate(downstream, downstream_invalidated, snoop);
    return snoop;
}

void tlm_snoop_destroy(tlm_snoop *snoop)
{
    if (!snoop)
        return;
    tlm_memory_destroy(snoop->mirror);
    free(snoop->watches);
    tlm_callback_list_free(&snoop->dmi_subscribers);
    free(snoop);
}

const tlm_target *tlm_snoop_target(tlm_snoop *snoop)
{
    return &snoop->as_target;
}

void tlm_snoop_written(tlm_snoop *snoop, uint64_t address, uint64_t length)
{
    snoop->stats.written_calls++;
    update_lines(snoop, address, length);
}

tlm_snoop_stats tlm_snoop_get_stats(const tlm_snoop *snoop)
{
    return snoop->stats;
}
