/* The initiator's DMI cache (tlm_dmi_cache.h). */
#include "tlm_dmi_cache.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_log.h"

#define PAGE_MASK (~(uint64_t)(4096 - 1))

typedef struct dmi_refusal {
    uint64_t page;   /* the page (outright refusal) or 64-byte line (a grant not covering it) refused */
    uint64_t mask;   /* which: ~4095 or ~63 */
    tlm_cmd command; /* for this command */
    bool valid;      /* entry in use */
} dmi_refusal;

struct tlm_dmi_cache {
    const tlm_target *downstream;                      /* the memory */
    tlm_dmi_region grants[TLM_DMI_CACHE_GRANTS];       /* kept grants */
    bool grant_valid[TLM_DMI_CACHE_GRANTS];            /* entries in use */
    unsigned next_grant;                               /* the entry replaced next */
    dmi_refusal refusals[TLM_DMI_CACHE_REFUSALS];      /* pages not to ask for again */
    unsigned next_refusal;                             /* the entry replaced next */
    tlm_target as_target;                              /* the cache's own target interface */
    tlm_log_block *log;                                /* the cache's log counters */
    tlm_dmi_cache_stats stats;                         /* counters */
};

static bool permits(const tlm_dmi_region *grant, tlm_cmd command)
{
    return command == TLM_CMD_READ ? grant->read_allowed : grant->write_allowed;
}

static const tlm_dmi_region *find_grant(const tlm_dmi_cache *cache, uint64_t first, uint64_t last, tlm_cmd command)
{
    for (unsigned i = 0; i < TLM_DMI_CACHE_GRANTS; i++) {
        const tlm_dmi_region *grant = &cache->grants[i];
        if (cache->grant_valid[i] && grant->start <= first && last <= grant->end && permits(grant, command))
            return grant;
    }
    return NULL;
}

static bool refused(const tlm_dmi_cache *cache, uint64_t page, tlm_cmd command)
{
    for (unsigned i = 0; i < TLM_DMI_CACHE_REFUSALS; i++)
        if (cache->refusals[i].valid && cache->refusals[i].page == (page & cache->refusals[i].mask) &&
            cache->refusals[i].command == command)
            return true;
    return false;
}

/* Asks the memory for a grant covering [first, last] for `command`; keeps whatever it grants. */
static const tlm_dmi_region *request(tlm_dmi_cache *cache, const tlm_payload *payload, uint64_t last)
{
    tlm_payload probe = *payload;
    tlm_dmi_region grant;
    memset(&grant, 0, sizeof grant);
    uint64_t mask = PAGE_MASK; /* refused outright: not again on this page */
    cache->stats.requests++;
    if (tlm_get_direct_mem_ptr(cache->downstream, &probe, &grant) && grant.pointer && grant.start <= grant.end &&
        (grant.read_allowed || grant.write_allowed)) {
        cache->stats.grants++;
        unsigned slot = cache->next_grant;
        cache->next_grant = (slot + 1) % TLM_DMI_CACHE_GRANTS;
        cache->grants[slot] = grant;
        cache->grant_valid[slot] = true;
        const tlm_dmi_region *kept = &cache->grants[slot];
        if (kept->start <= payload->address && last <= kept->end && permits(kept, payload->command))
            return kept;
        mask = ~(uint64_t)63; /* granted around it (a snooped line): not again on this line */
    }
    dmi_refusal *entry = &cache->refusals[cache->next_refusal];
    cache->next_refusal = (cache->next_refusal + 1) % TLM_DMI_CACHE_REFUSALS;
    *entry = (dmi_refusal){ .page = payload->address & mask, .mask = mask, .command = payload->command, .valid = true };
    return NULL;
}

static void cache_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_dmi_cache *cache = self;
    uint64_t last = payload->address + payload->length - 1;
    bool plain = (payload->command == TLM_CMD_READ || payload->command == TLM_CMD_WRITE) && !payload->byte_enable &&
                 payload->data && payload->length > 0 && last >= payload->address;
    if (plain) {
        const tlm_dmi_region *grant = find_grant(cache, payload->address, last, payload->command);
        if (!grant && cache->downstream->get_direct_mem_ptr &&
            !refused(cache, payload->address, payload->command))
            grant = request(cache, payload, last);
        if (grant) {
            uint8_t *bytes = grant->pointer + (payload->address - grant->start);
            if (payload->command == TLM_CMD_READ) {
                memcpy(payload->data, bytes, payload->length);
                *delay += grant->read_latency;
            } else {
                memcpy(bytes, payload->data, payload->length);
                *delay += grant->write_latency;
            }
            payload->response = TLM_STATUS_OK;
            payload->dmi_allowed = true;
            cache->stats.dmi_transfers++;
            return;
        }
    }
    cache->stats.forwarded++;
    tlm_b_transport(cache->downstream, payload, delay);
}

static uint32_t cache_transport_dbg(void *self, tlm_payload *payload)
{
    tlm_dmi_cache *cache = self;
    return tlm_transport_dbg(cache->downstream, payload);
}

static bool cache_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    tlm_dmi_cache *cache = self;
    return tlm_get_direct_mem_ptr(cache->downstream, payload, dmi);
}

static void cache_subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    tlm_dmi_cache *cache = self;
    tlm_subscribe_dmi_invalidate(cache->downstream, fn, context);
}

static void invalidated(void *context, uint64_t start, uint64_t end)
{
    tlm_dmi_cache *cache = context;
    cache->stats.invalidations++;
    for (unsigned i = 0; i < TLM_DMI_CACHE_GRANTS; i++) {
        if (cache->grant_valid[i] && cache->grants[i].start <= end && start <= cache->grants[i].end) {
            cache->grant_valid[i] = false;
            cache->stats.dropped++;
        }
    }
    /* The memory's state changed: what it refused may be granted now. */
    memset(cache->refusals, 0, sizeof cache->refusals);
}

tlm_dmi_cache *tlm_dmi_cache_create(tlm_kernel *kernel, const char *name, const tlm_target *downstream)
{
    tlm_dmi_cache *cache = tlm_alloc_zeroed(1, sizeof *cache);
    cache->downstream = downstream;
    cache->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    cache->as_target = (tlm_target){
        .name = cache->log->name,
        .self = cache,
        .b_transport = cache_b_transport,
        .transport_dbg = cache_transport_dbg,
        .get_direct_mem_ptr = downstream->get_direct_mem_ptr ? cache_get_direct_mem_ptr : NULL,
        .subscribe_dmi_invalidate = downstream->subscribe_dmi_invalidate ? cache_subscribe : NULL,
    };
    tlm_subscribe_dmi_invalidate(downstream, invalidated, cache);
    return cache;
}

void tlm_dmi_cache_destroy(tlm_dmi_cache *cache)
{
    free(cache);
}

const tlm_target *tlm_dmi_cache_target(tlm_dmi_cache *cache)
{
    return &cache->as_target;
}

tlm_dmi_cache_stats tlm_dmi_cache_get_stats(const tlm_dmi_cache *cache)
{
    return cache->stats;
}
