/* The GT's MMIO BAR as hosts and engines see it (internal to models/gt; docs/reference/gt.md "MMIO map",
 * "Unimplemented offsets"): the block router behind a front that gives an offset inside the BAR
 * where no register answers the hardware's behaviour, DESIGN §9 and spec 001 ("reads will return
 * zeros, like any other unimplemented MMIO address; writes ... are always ignored"): reads 0, the
 * write dropped, the offset logged once as a warning and counted. In strict mode the same access
 * is answered ADDRESS_ERROR and logged once as an error. Beyond the BAR: ADDRESS_ERROR. */
#ifndef GT_BAR_H
#define GT_BAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gt.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ranges the GT maps into its router (blocks and the caller's additions). */
#define GT_BAR_RANGE_CAPACITY 64u
/* Distinct unimplemented offsets remembered for "logged once" (a hash set; past it each access
 * is counted, and logged no more). */
#define GT_BAR_SEEN_CAPACITY 4096u

typedef struct gt_bar_range {
    uint64_t base;               /* first offset */
    uint64_t size;               /* bytes */
} gt_bar_range;

struct gt_bar;

/* One gap of the map inside the BAR, mapped into the router as a target of its own once the map
 * is complete (gt_bar.c seal), so unimplemented accesses pass the router and its trace too. */
typedef struct gt_bar_gap {
    tlm_target target;           /* what the router forwards the gap's accesses to */
    struct gt_bar *bar;          /* the BAR */
    uint64_t base;               /* the gap's first offset (the router rebases to 0) */
} gt_bar_gap;

typedef struct gt_bar {
    tlm_target target;           /* the front: what gt_mmio() hands out */
    tlm_router *router;          /* the blocks */
    tlm_log_block *log;          /* "mmio" log counters */
    bool strict;                 /* unimplemented offsets are errors (gt_config.strict_mmio) */
    gt_bar_range ranges[GT_BAR_RANGE_CAPACITY]; /* what the router has mapped */
    size_t range_count;          /* entries of ranges in use */
    gt_bar_gap gaps[GT_BAR_RANGE_CAPACITY + 1]; /* the gaps between them, once sealed */
    bool sealed;                 /* the gaps are mapped: the map takes no more ranges */
    bool gap_answered;           /* the access in flight was answered by a gap */
    uint32_t seen[GT_BAR_SEEN_CAPACITY]; /* offsets logged already, + 1 (0: empty slot) */
    size_t seen_count;           /* entries of seen in use */
    bool seen_full_logged;       /* the "no longer logged" line was written */
    gt_mmio_stats stats;         /* what the run summary shows */
} gt_bar;

void gt_bar_init(gt_bar *bar, tlm_kernel *kernel, tlm_router *router, bool strict);
/* tlm_router_map, remembering the range; refused (-1, logged) once the BAR has carried an access:
 * its gaps are mapped then. */
int gt_bar_map(gt_bar *bar, uint64_t base, uint64_t size, const tlm_target *target);

#ifdef __cplusplus
}
#endif

#endif
