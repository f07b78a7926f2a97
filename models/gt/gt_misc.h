/* The GT-level registers of gt_regs.toml (internal to models/gt; docs/reference/gt.md "GT registers"):
 * force wake request/acknowledge per domain, multicast steering, fuse reflections, the graphics
 * domain reset and gen12's aux-table invalidation, mapped into the BAR in the windows that hold
 * them. A register another profile has answers "no register" (an unimplemented offset). */
#ifndef GT_MISC_H
#define GT_MISC_H

#include <stdbool.h>
#include <stdint.h>

#include "gt.h"
#include "gt_bar.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gt_misc gt_misc;

/* What a domain reset does to the engines: reset those of `engines` (a mask of cs_engine bits). */
typedef void (*gt_misc_reset_fn)(void *context, uint32_t engines);

/* What a write of GEN11_GUC_HOST_INTERRUPT does: interrupt the GuC with `data`. */
typedef void (*gt_misc_host2guc_fn)(void *context, uint32_t data);

gt_misc *gt_misc_create(tlm_kernel *kernel, const gt_profile *profile, gt_bar *bar, gt_misc_reset_fn reset,
                        gt_misc_host2guc_fn host2guc, void *context);
void gt_misc_destroy(gt_misc *regs);
/* The force-wake domains of spec 001's force-wake table the engines sit in (gen6 has one, the
 * GT's, for every engine). */
typedef enum gt_misc_domain {
    GT_MISC_DOMAIN_GT,     /* FORCEWAKE_GT: the blitter (i915 __gen12_fw_ranges 0x22000-0x23fff) */
    GT_MISC_DOMAIN_RENDER, /* FORCEWAKE_RENDER: the render engine (0x2000-0x26ff) */
    GT_MISC_DOMAIN_VDBOX0, /* FORCEWAKE_MEDIA_VDBOX0: the video engine (0x1c0000-0x1c3fff) */
    GT_MISC_DOMAIN_VEBOX0, /* FORCEWAKE_MEDIA_VEBOX0: the video enhancement engine (0x1c8000-0x1cbfff) */
} gt_misc_domain;

/* True when `domain` may be powered down: the driver enabled RC6 (GEN6_RC_CONTROL) and no
 * force-wake request holds the domain (gen6: FORCEWAKE). Whether the GT is idle is the caller's. */
bool gt_misc_domain_asleep(const gt_misc *regs, gt_misc_domain domain);
/* The window holding the gen11+ host-GuC message registers (GEN11_GUC_HOST_INTERRUPT,
 * GEN11_SOFT_SCRATCH(0..3)), to map into the GuC's own MMIO view at `*base`; NULL on gen6. */
const tlm_target *gt_misc_guc_window(gt_misc *regs, uint64_t *base, uint64_t *size);

#ifdef __cplusplus
}
#endif

#endif
