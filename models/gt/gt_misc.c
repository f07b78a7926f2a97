/* GT-level registers (gt_misc.h, gt_regs.toml; docs/reference/gt.md "GT registers"). */
#include "gt_misc.h"

#include <stdlib.h>

#include "cs_commands.h"
#include "gt_regs.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

/* One window of the BAR holding some of the registers; the router rebases to its start. */
typedef struct gt_misc_window {
    tlm_target target;           /* mapped into the BAR */
    gt_misc *regs;               /* the block */
    uint64_t base;               /* the window's first offset */
    uint64_t size;               /* its bytes */
} gt_misc_window;

#define GT_MISC_WINDOWS 24u

struct gt_misc {
    tlm_register_file registers; /* gt_regs.toml, at their BAR offsets */
    const gt_profile *profile;   /* which registers exist */
    tlm_log_block *log;          /* "gt_regs" log counters */
    gt_misc_reset_fn reset;      /* the engines' domain reset */
    gt_misc_host2guc_fn host2guc;/* the GuC's host interrupt (gen12) */
    void *context;               /* for reset */
    gt_misc_window windows[GT_MISC_WINDOWS]; /* where the registers are mapped */
};

/* gen6 has the SNB force wake pair, the per-ring fault registers, its GAM/GAC/GAB and error
 * registers (i915 FORCEWAKE/FORCEWAKE_ACK, RING_FAULT_REG, GAM_ECOCHK, ERROR_GEN6, DONE_REG,
 * GAC_ECO_BITS, GAB_CTL); gen12 everything else; both GDRST, GEN6_RC_CONTROL and the fences. */
static bool on_profile(const gt_misc *regs, uint32_t offset)
{
    bool gen6_only = offset == GT_FORCEWAKE_GEN6_OFFSET || offset == GT_FORCEWAKE_ACK_GEN6_OFFSET ||
                     offset == GT_RING_FAULT_RCS_OFFSET || offset == GT_RING_FAULT_VCS_OFFSET ||
                     offset == GT_RING_FAULT_BCS_OFFSET || offset == GT_GAM_ECOCHK_OFFSET ||
                     offset == GT_ERROR_GEN6_OFFSET || offset == GT_DONE_REG_OFFSET ||
                     offset == GT_GAC_ECO_BITS_OFFSET || offset == GT_GAB_CTL_OFFSET;
    if (offset == GT_GDRST_OFFSET || offset == GT_RC_CONTROL_OFFSET ||
        (offset >= GT_FENCE_LO_0_OFFSET && offset <= GT_FENCE_HI_31_OFFSET)) /* gen6's window holds 16 */
        return true;
    return regs->profile->gen11_irq ? !gen6_only : gen6_only;
}

/* The engines a GDRST value resets. gen6: GEN6_GRDOM_FULL 0, RENDER 1, MEDIA 2, BLT 3; gen11+:
 * GEN11_GRDOM_FULL 0, RENDER 1, BLT 2, GUC 3, MEDIA (VCS0) 5, VECS 13 (i915 intel_gt_regs.h). */
static uint32_t domain_engines(const gt_misc *regs, uint32_t domains)
{
    uint32_t all = CS_ENGINE_BIT(CS_ENGINE_RCS) | CS_ENGINE_BIT(CS_ENGINE_BCS) | CS_ENGINE_BIT(CS_ENGINE_VCS) |
                   CS_ENGINE_BIT(CS_ENGINE_VECS);
    if (domains & 1u)
        return all;
    uint32_t engines = 0;
    if (domains & 1u << 1)
        engines |= CS_ENGINE_BIT(CS_ENGINE_RCS);
    if (regs->profile->gen11_irq) {
        engines |= domains & 1u << 2 ? CS_ENGINE_BIT(CS_ENGINE_BCS) : 0;
        engines |= domains & 1u << 5 ? CS_ENGINE_BIT(CS_ENGINE_VCS) : 0;
        engines |= domains & 1u << 13 ? CS_ENGINE_BIT(CS_ENGINE_VECS) : 0;
    } else {
        engines |= domains & 1u << 2 ? CS_ENGINE_BIT(CS_ENGINE_VCS) : 0;
        engines |= domains & 1u << 3 ? CS_ENGINE_BIT(CS_ENGINE_BCS) : 0;
    }
    return engines;
}

static void register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)old_value;
    gt_misc *regs = context;
    uint32_t *value = &regs->registers.values[index];
    if (index == GT_GDRST_INDEX && new_value) {
        /* i915 gen6_hw_domain_reset: write the domain bits, wait for the hardware to clear them.
         * The reset is done at once (choice), so they read 0 on the first poll. */
        tlm_log_info(regs->log, "graphics domain reset 0x%x", new_value);
        regs->reset(regs->context, domain_engines(regs, new_value));
        *value = 0;
    }
    if (index == GT_GEN11_GUC_HOST_INTERRUPT_INDEX) {
        /* i915 gen11_guc_raise_irq: the write interrupts the GuC; the register is a trigger. */
        *value = 0;
        if (regs->host2guc)
            regs->host2guc(regs->context, new_value);
    }
    if ((index == GT_GFX_CCS_AUX_NV_INDEX || index == GT_VD0_AUX_NV_INDEX || index == GT_VE0_AUX_NV_INDEX) &&
        (new_value & GT_GFX_CCS_AUX_NV_AUX_INV_MASK)) {
        /* i915 gen12_emit_aux_table_inv / intel_gt_invalidate_aux: the request bit is cleared by
         * hardware when the invalidation is done; nothing is cached here, so at once. */
        *value = 0;
    }
}

static void window_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    gt_misc_window *window = self;
    uint64_t rebased = payload->address;
    payload->address = window->base + rebased;
    if (!on_profile(window->regs, (uint32_t)payload->address & ~3u) ||
        tlm_register_find(window->regs->registers.block, (uint32_t)payload->address & ~3u) < 0) {
        if (!tlm_payload_answer_hole(payload)) /* the BAR's unimplemented offset */
            payload->response = TLM_STATUS_ADDRESS_ERROR;
    } else
        tlm_register_file_b_transport(&window->regs->registers, payload);
    payload->address = rebased;
}

static uint32_t window_transport_dbg(void *self, tlm_payload *payload)
{
    gt_misc_window *window = self;
    uint32_t offset = (uint32_t)(window->base + payload->address);
    if (!on_profile(window->regs, offset & ~3u))
        return 0;
    return tlm_register_file_read_dbg(&window->regs->registers, payload, offset & ~3u);
}

bool gt_misc_domain_asleep(const gt_misc *regs, gt_misc_domain domain)
{
    /* i915 gen6_rc6_enable / gen11_rc6_enable: RC6 is the driver's to enable; without it the GT
     * never powers down. With it, a domain stays up while force wake holds it (spec 001
     * force-wake table: any request bit, the driver's FORCEWAKE_KERNEL or its fallback). */
    const uint32_t *values = regs->registers.values;
    if (!(values[GT_RC_CONTROL_STORAGE_INDEX] & GT_RC_CONTROL_RC6_ENABLE_MASK))
        return false;
    if (!regs->profile->gen11_irq) /* Sandy Bridge: one domain, one request bit */
        return !(values[GT_FORCEWAKE_GEN6_STORAGE_INDEX] & GT_FORCEWAKE_GEN6_KERNEL_MASK);
    static const uint32_t requests[] = {
        [GT_MISC_DOMAIN_GT] = GT_FORCEWAKE_GT_STORAGE_INDEX,
        [GT_MISC_DOMAIN_RENDER] = GT_FORCEWAKE_RENDER_STORAGE_INDEX,
        [GT_MISC_DOMAIN_VDBOX0] = GT_FORCEWAKE_MEDIA_VDBOX0_STORAGE_INDEX,
        [GT_MISC_DOMAIN_VEBOX0] = GT_FORCEWAKE_MEDIA_VEBOX0_STORAGE_INDEX,
    };
    return !(values[requests[domain]] & GT_FORCEWAKE_GT_REQ_MASK);
}

const tlm_target *gt_misc_guc_window(gt_misc *regs, uint64_t *base, uint64_t *size)
{
    for (size_t i = 0; i < GT_MISC_WINDOWS; i++) {
        gt_misc_window *window = &regs->windows[i];
        if (window->regs && window->base <= GT_GEN11_SOFT_SCRATCH_0_OFFSET &&
            GT_GEN11_SOFT_SCRATCH_0_OFFSET < window->base + window->size) {
            *base = window->base;
            *size = window->size;
            return &window->target;
        }
    }
    return NULL;
}

gt_misc *gt_misc_create(tlm_kernel *kernel, const gt_profile *profile, gt_bar *bar, gt_misc_reset_fn reset,
                        gt_misc_host2guc_fn host2guc, void *context)
{
    gt_misc *regs = tlm_alloc_zeroed(1, sizeof *regs);
    regs->profile = profile;
    regs->reset = reset;
    regs->host2guc = host2guc;
    regs->context = context;
    regs->log = tlm_logger_block(tlm_kernel_logger(kernel), "gt_regs");
    tlm_register_file_init(&regs->registers, &gt_regs, regs->log);
    regs->registers.on_write = register_written;
    regs->registers.context = regs;
    tlm_register_file_reset(&regs->registers);
    /* The windows: the registers' neighbourhoods, clear of every block (docs/reference/gt.md "MMIO map"). */
    static const struct { uint64_t base, size; bool gen12, gen6; } windows[] = {
        { 0x0D00, 0x100, true, false },     /* force-wake acknowledges */
        { 0x0FDC, 0x4, true, false },       /* MCR steering */
        { 0x4200, 0x100, true, false },     /* aux-table invalidation */
        { 0x4094, 0x4, false, true },       /* gen6 ring fault registers (0x4080 is the render HWS_PGA) */
        { 0x4194, 0x4, false, true },
        { 0x4294, 0x4, false, true },
        { 0x9100, 0x100, true, false },     /* fuse reflections */
        { 0x9400, 0x100, true, true },      /* GDRST */
        { 0xA000, 0x600, true, true },      /* force-wake requests */
        { 0x130000, 0x100, true, true },    /* force-wake acknowledges (GT, gen6) */
        { 0x1901F0, 0x60, true, false },    /* host-GuC messages (past the interrupt tree's 0x190107) */
        { 0x4090, 0x4, false, true },       /* gen6 GAM_ECOCHK */
        { 0x40A0, 0x4, false, true },       /* gen6 ERROR_GEN6 */
        { 0x40B0, 0x4, false, true },       /* gen6 DONE_REG */
        { 0x14090, 0x4, false, true },      /* gen6 GAC_ECO_BITS */
        { 0x24000, 0x4, false, true },      /* gen6 GAB_CTL */
        { 0x43F4, 0x4, true, false },       /* gen12 GEN12_AUX_ERR_DBG */
        { 0x7100, 0xC, true, false },       /* slice-common instruction done (gen6 has INSTDONE_2 instead) */
        { 0xE160, 0x8, true, false },       /* sampler and row instruction done */
        { 0x1CC000, 0x4, true, false },     /* gen12 SFC_DONE(0) */
        { 0x100000, 0x100, true, false },   /* fences: gen12 32 */
        { 0x100000, 0x80, false, true },    /* fences: gen6 16 */
    };
    for (size_t i = 0; i < sizeof windows / sizeof windows[0]; i++) {
        if (!(profile->gen11_irq ? windows[i].gen12 : windows[i].gen6))
            continue;
        gt_misc_window *window = &regs->windows[i];
        *window = (gt_misc_window){ .regs = regs, .base = windows[i].base, .size = windows[i].size };
        window->target = (tlm_target){ .name = "gt_regs", .self = window, .b_transport = window_b_transport,
                                       .transport_dbg = window_transport_dbg };
        gt_bar_map(bar, window->base, window->size, &window->target);
    }
    return regs;
}

void gt_misc_destroy(gt_misc *regs)
{
    if (!regs)
        return;
    tlm_register_file_destroy(&regs->registers);
    free(regs);
}
