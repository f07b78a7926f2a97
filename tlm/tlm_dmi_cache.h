/* An initiator's DMI cache: a target in front of any memory target that serves reads and writes
 * through the memory's direct memory interface where the memory grants it, and through its
 * b_transport where it does not (docs/reference/gt.md "Graphics memory").
 *
 *   initiator ─► cache target ─┬─ a grant covers the transfer: memcpy + the grant's latency
 *                              └─ else ask for a grant once; refused: b_transport
 *
 * Grants: at most TLM_DMI_CACHE_GRANTS kept, the oldest replaced. A refusal is remembered for
 * its 4 KiB page and command (for its 64-byte line when the memory granted a region around the
 * address but not covering it, as the snoop does around a watched line) until the memory
 * invalidates anything, so a memory that never grants costs one request per page, not one per
 * access. An invalidation drops every kept
 * grant it overlaps. Transfers with byte enables, and IGNORE commands, always go through
 * b_transport. Debug transport and DMI requests pass through. The memory target must outlive
 * the cache (it keeps the cache's invalidation subscription). */
#ifndef TLM_DMI_CACHE_H
#define TLM_DMI_CACHE_H

#include <stdint.h>

#include "tlm_kernel.h"
#include "tlm_target.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TLM_DMI_CACHE_GRANTS 8u
#define TLM_DMI_CACHE_REFUSALS 8u

typedef struct tlm_dmi_cache tlm_dmi_cache;

tlm_dmi_cache *tlm_dmi_cache_create(tlm_kernel *kernel, const char *name, const tlm_target *downstream);
void tlm_dmi_cache_destroy(tlm_dmi_cache *cache);
const tlm_target *tlm_dmi_cache_target(tlm_dmi_cache *cache);

typedef struct tlm_dmi_cache_stats {
    uint64_t dmi_transfers;   /* transfers served through a grant */
    uint64_t forwarded;       /* transfers served by the memory's b_transport */
    uint64_t requests;        /* DMI requests made */
    uint64_t grants;          /* of them, granted */
    uint64_t invalidations;   /* invalidations the memory sent */
    uint64_t dropped;         /* kept grants an invalidation dropped */
} tlm_dmi_cache_stats;

tlm_dmi_cache_stats tlm_dmi_cache_get_stats(const tlm_dmi_cache *cache);

#ifdef __cplusplus
}
#endif

#endif
