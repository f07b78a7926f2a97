/* Address router (DESIGN §4): a map of non-overlapping [base, base + size) ranges, each
 * forwarding to a target with the address rebased to the start of its range.
 *
 * - Mapping a range that overlaps an existing one, has size 0 or wraps past 2^64 is refused
 *   (return -1) and logged; the map is unchanged.
 * - An access that starts outside every range, or starts inside one and runs past its end,
 *   answers TLM_STATUS_ADDRESS_ERROR, is counted and logged, and reaches no target.
 * - A malformed payload (tlm_payload_check) is answered by the router with that status,
 *   logged, and reaches no target.
 * - The payload's address is restored before b_transport returns.
 * - DMI requests are forwarded; grants are translated back and clipped to the range, and
 *   target invalidations are translated and passed to the router's own subscribers. */
#ifndef TLM_ROUTER_H
#define TLM_ROUTER_H

#include <stdint.h>

#include "tlm_kernel.h"
#include "tlm_target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_router tlm_router;

tlm_router *tlm_router_create(tlm_kernel *kernel, const char *name);
void tlm_router_destroy(tlm_router *router);

/* Maps [base, base + size) to target (which must outlive the router). 0 on success, -1 refused. */
int tlm_router_map(tlm_router *router, uint64_t base, uint64_t size, const tlm_target *target);

/* Traces every transaction through the router, answered or refused, as the rows of a bus
 * port named after the router (tlm_trace_bus in tlm_trace.h), with addresses of address_bits
 * and the first data_bytes bytes of data. No effect when the kernel does not trace. Call it
 * before the router is mapped into an upstream router (which copies its target interface):
 * it swaps in a traced b_transport, so an untraced router costs nothing. */
void tlm_router_trace(tlm_router *router, unsigned address_bits, unsigned data_bytes);

/* The router as a target, for initiators (or an upstream router) to bind to. */
const tlm_target *tlm_router_target(tlm_router *router);

/* Accesses answered with an address error because nothing was mapped at their start or
 * they ran past the end of their range (debug transport not counted). */
uint64_t tlm_router_unmapped_count(const tlm_router *router);

#ifdef __cplusplus
}
#endif

#endif
