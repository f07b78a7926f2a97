/* The GT's MMIO BAR front (gt_bar.h, docs/reference/gt.md "Unimplemented offsets"). */
#include "gt_bar.h"

#include <stdlib.h>
#include <string.h>

/* Adds `offset` to the set; true if it was not there (the first access to it). */
static bool first_time(gt_bar *bar, uint32_t offset)
{
    uint32_t key = offset + 1u;
    size_t slot = (size_t)(offset >> 2) * 2654435761u % GT_BAR_SEEN_CAPACITY;
    for (size_t probe = 0; probe < GT_BAR_SEEN_CAPACITY; probe++) {
        uint32_t *entry = &bar->seen[(slot + probe) % GT_BAR_SEEN_CAPACITY];
        if (*entry == key)
            return false;
        if (*entry == 0) {
            /* Keep a quarter free: probes stay short, and a full set never loops. */
            if (bar->seen_count >= GT_BAR_SEEN_CAPACITY * 3 / 4)
                break;
            *entry = key;
            bar->seen_count++;
            return true;
        }
    }
    if (!bar->seen_full_logged) {
        bar->seen_full_logged = true;
        tlm_log_warning(bar->log, "more than %zu distinct unimplemented offsets: further ones are counted, not logged",
                        bar->seen_count);
    }
    return false;
}

/* An access inside the BAR that no register answers (gt_bar.h). */
static void unimplemented(gt_bar *bar, tlm_payload *payload)
{
    uint32_t offset = (uint32_t)payload->address;
    bar->stats.unimplemented_accesses++;
    if (first_time(bar, offset)) {
        bar->stats.unimplemented_offsets++;
        if (bar->stats.first_count < GT_MMIO_UNIMPLEMENTED_KEPT)
            bar->stats.first_offsets[bar->stats.first_count++] = offset;
        if (bar->strict)
            tlm_log_error(bar->log, "%s of unimplemented offset 0x%06x (strict MMIO: refused)",
                          tlm_command_name(payload->command), offset);
        else
            tlm_log_warning(bar->log, "%s of unimplemented offset 0x%06x: reads 0, writes dropped (logged once)",
                            tlm_command_name(payload->command), offset);
    }
    if (bar->strict) {
        payload->response = TLM_STATUS_ADDRESS_ERROR;
        return;
    }
    if (payload->command == TLM_CMD_READ)
        for (uint32_t i = 0; i < payload->length; i++)
            if (tlm_payload_byte_enabled(payload, i))
                payload->data[i] = 0;
    payload->response = TLM_STATUS_OK;
}

/* The router forwards a gap's accesses here, rebased to the gap's start. */
static void gap_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    gt_bar_gap *gap = self;
    uint64_t rebased = payload->address;
    payload->address = gap->base + rebased;
    unimplemented(gap->bar, payload);
    gap->bar->gap_answered = true;
    payload->address = rebased;
}

static int by_base(const void *a, const void *b)
{
    const gt_bar_range *x = a, *y = b;
    return x->base < y->base ? -1 : x->base > y->base;
}

/* Maps every gap of [0, GT_MMIO_BAR_SIZE) the blocks leave to a gap target (at the first access:
 * the GT and its caller have mapped their blocks by then). */
static void seal(gt_bar *bar)
{
    bar->sealed = true;
    gt_bar_range sorted[GT_BAR_RANGE_CAPACITY];
    memcpy(sorted, bar->ranges, bar->range_count * sizeof sorted[0]);
    qsort(sorted, bar->range_count, sizeof sorted[0], by_base);
    uint64_t next = 0;
    size_t gaps = 0;
    for (size_t i = 0; i <= bar->range_count && next < GT_MMIO_BAR_SIZE; i++) {
        uint64_t end = i < bar->range_count ? sorted[i].base : GT_MMIO_BAR_SIZE;
        if (end > GT_MMIO_BAR_SIZE)
            end = GT_MMIO_BAR_SIZE;
        if (end > next) {
            gt_bar_gap *gap = &bar->gaps[gaps++];
            *gap = (gt_bar_gap){ .bar = bar, .base = next };
            gap->target = (tlm_target){ .name = "mmio (unimplemented)", .self = gap, .b_transport = gap_b_transport };
            tlm_router_map(bar->router, next, end - next, &gap->target);
        }
        if (i < bar->range_count && sorted[i].base + sorted[i].size > next)
            next = sorted[i].base + sorted[i].size;
    }
}

/* One access in flight through the front: what a block's hole answers through (tlm_hole_handler). */
typedef struct bar_access {
    tlm_hole_handler handler;    /* set on the payload while the blocks see it */
    gt_bar *bar;                 /* the BAR */
    uint64_t address;            /* the BAR offset (the router rebases the payload's) */
    bool answered;               /* a block's hole was answered through the handler */
} bar_access;

/* A hole inside a block (its register file, or its own decode, finds no register): the same
 * unimplemented offset as a gap, answered inside the block's access so every trace row sees it. */
static void hole_answer(void *self, tlm_payload *payload)
{
    bar_access *access = self;
    uint64_t rebased = payload->address;
    payload->address = access->address;
    unimplemented(access->bar, payload);
    payload->address = rebased;
    access->answered = true;
}

static void bar_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    gt_bar *bar = self;
    if (!bar->sealed)
        seal(bar);
    bar->gap_answered = false;
    bar_access access = { .handler = { .answer = hole_answer }, .bar = bar, .address = payload->address };
    access.handler.self = &access;
    const tlm_hole_handler *outer = payload->hole;
    bool inside = payload->address < GT_MMIO_BAR_SIZE && payload->length <= GT_MMIO_BAR_SIZE - payload->address;
    if (inside)
        payload->hole = &access.handler;
    tlm_b_transport(tlm_router_target(bar->router), payload, delay);
    payload->hole = outer;
    if (bar->gap_answered || access.answered)
        return;
    /* A block that answers "no register here" without the handler (a replacement block, an RTL
     * twin answering DECERR) for a hole inside its own range is the same unimplemented offset. */
    if (payload->response == TLM_STATUS_ADDRESS_ERROR && payload->address < GT_MMIO_BAR_SIZE &&
        payload->length <= GT_MMIO_BAR_SIZE - payload->address && tlm_payload_check(payload) == TLM_STATUS_OK)
        unimplemented(bar, payload);
}

static uint32_t bar_transport_dbg(void *self, tlm_payload *payload)
{
    gt_bar *bar = self;
    return tlm_transport_dbg(tlm_router_target(bar->router), payload);
}

static bool bar_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    gt_bar *bar = self;
    return tlm_get_direct_mem_ptr(tlm_router_target(bar->router), payload, dmi);
}

void gt_bar_init(gt_bar *bar, tlm_kernel *kernel, tlm_router *router, bool strict)
{
    memset(bar, 0, sizeof *bar);
    bar->router = router;
    bar->strict = strict;
    bar->log = tlm_logger_block(tlm_kernel_logger(kernel), "mmio");
    bar->target = (tlm_target){ .name = "mmio", .self = bar, .b_transport = bar_b_transport,
                                .transport_dbg = bar_transport_dbg, .get_direct_mem_ptr = bar_get_direct_mem_ptr };
}

int gt_bar_map(gt_bar *bar, uint64_t base, uint64_t size, const tlm_target *target)
{
    if (bar->sealed) {
        tlm_log_error(bar->log, "map of %s at 0x%llx refused: the BAR has carried accesses (map blocks first)",
                      target->name, (unsigned long long)base);
        return -1;
    }
    if (bar->range_count == GT_BAR_RANGE_CAPACITY) {
        tlm_log_error(bar->log, "map of %s at 0x%llx refused: the GT keeps at most %u ranges", target->name,
                      (unsigned long long)base, GT_BAR_RANGE_CAPACITY);
        return -1;
    }
    int result = tlm_router_map(bar->router, base, size, target);
    if (result == 0)
        bar->ranges[bar->range_count++] = (gt_bar_range){ .base = base, .size = size };
    return result;
}
