/* gen6 MI_SET_CONTEXT (spec 000 §1.3.7, §1.1.8.3 CCID; docs/reference/cs.md "gen6 MI_SET_CONTEXT"): the
 * save and restore decisions and this model's context image. gen12 contexts are the execlist's
 * (cs_execlist.c). */
#include "cs_engine_internal.h"

/* ---- gen6 MI_SET_CONTEXT (spec 000 §1.3.7, §1.1.8.3 CCID) ------------------------------ */

/* The gen6 context image (docs/reference/cs.md "gen6 context image", a **choice**: the spec gives no
 * layout): the engine state a context holds in this model, as dwords from the LRCA. Masked
 * registers keep their value bits 15:0; self-clearing and status bits are left out. NOPID is
 * not context state (IGT gem_ctx_isolation lists it as not saved with the context). */
enum {
    CTX_IMAGE_INSTPM,   /* INSTPM bits 15:0 without Sync Flush Enable (context state from gen6: IGT) */
    CTX_IMAGE_MI_MODE,  /* MI_MODE Suspend Flush (the other bits are host control and status) */
    CTX_IMAGE_BB_STATE, /* BB_STATE ("saved and restored with context", spec 000 §1.1.8.2) */
    CTX_IMAGE_DWORDS
};
#define CTX_IMAGE_INSTPM_BITS (0xFFFFu & ~CS_INSTPM_SYNC_FLUSH_ENABLE_MASK)
#define CTX_IMAGE_MI_MODE_BITS CS_MI_MODE_SUSPEND_FLUSH_MASK
/* CXT_SIZE counts 64-byte units (i915 intel_engine_context_size: GEN6_CXT_TOTAL_SIZE * 64). */
#define CXT_SIZE_UNIT_BYTES 64u

/* Dwords of the image CXT_SIZE leaves room for: the ring, extended and pipeline state parts
 * (i915 GEN6_CXT_TOTAL_SIZE), at most the model's CTX_IMAGE_DWORDS. */
static uint32_t context_image_dwords(cs_engine_model *model)
{
    uint32_t bytes = (cs_reg_field(model, CS_CXT_SIZE_INDEX, CS_CXT_SIZE_RING_MASK, CS_CXT_SIZE_RING_SHIFT) +
                      cs_reg_field(model, CS_CXT_SIZE_INDEX, CS_CXT_SIZE_EXTENDED_MASK, CS_CXT_SIZE_EXTENDED_SHIFT) +
                      cs_reg_field(model, CS_CXT_SIZE_INDEX, CS_CXT_SIZE_PIPELINE_MASK, CS_CXT_SIZE_PIPELINE_SHIFT)) *
                     CXT_SIZE_UNIT_BYTES;
    if (bytes / 4u < CTX_IMAGE_DWORDS)
        tlm_log_warning(model->log, "CXT_SIZE 0x%x gives a %u-byte context image: only %u of %u dwords saved/restored",
                        *cs_reg(model, CS_CXT_SIZE_INDEX), bytes, bytes / 4u, (unsigned)CTX_IMAGE_DWORDS);
    return bytes / 4u < CTX_IMAGE_DWORDS ? bytes / 4u : CTX_IMAGE_DWORDS;
}

/* The image of the engine's state now: what a save writes, and what a restore keeps of a dword
 * it cannot read. */
static void context_image_now(cs_engine_model *model, uint32_t image[CTX_IMAGE_DWORDS])
{
    image[CTX_IMAGE_INSTPM] = *cs_reg(model, CS_INSTPM_INDEX) & CTX_IMAGE_INSTPM_BITS;
    image[CTX_IMAGE_MI_MODE] = *cs_reg(model, CS_MI_MODE_INDEX) & CTX_IMAGE_MI_MODE_BITS;
    image[CTX_IMAGE_BB_STATE] = *cs_reg(model, CS_BB_STATE_INDEX);
}

static void context_save(cs_engine_model *model, uint64_t lrca)
{
    uint32_t image[CTX_IMAGE_DWORDS];
    context_image_now(model, image);
    uint32_t dwords = context_image_dwords(model);
    for (uint32_t i = 0; i < dwords; i++)
        cs_store(model, lrca + 4u * i, image[i], 4);
}

/* A dword the image does not hold (CXT_SIZE too small) or cannot be read keeps its value. */
static void context_restore(cs_engine_model *model, uint64_t lrca)
{
    uint32_t image[CTX_IMAGE_DWORDS];
    context_image_now(model, image);
    uint32_t dwords = context_image_dwords(model);
    for (uint32_t i = 0; i < dwords; i++)
        cs_load(model, lrca + 4u * i, &image[i]);
    uint32_t *instpm = cs_reg(model, CS_INSTPM_INDEX);
    *instpm = (*instpm & ~CTX_IMAGE_INSTPM_BITS) | (image[CTX_IMAGE_INSTPM] & CTX_IMAGE_INSTPM_BITS &
                                                    (CS_INSTPM_RW_MASK | CS_INSTPM_RO_MASK));
    uint32_t *mode = cs_reg(model, CS_MI_MODE_INDEX);
    *mode = (*mode & ~CTX_IMAGE_MI_MODE_BITS) | (image[CTX_IMAGE_MI_MODE] & CTX_IMAGE_MI_MODE_BITS);
    /* BB_STATE follows the parser again at its next status update (update_status): in the
     * ring it reads 0; the restored value stands only until then. */
    *cs_reg(model, CS_BB_STATE_INDEX) = image[CTX_IMAGE_BB_STATE] & CS_BB_STATE_SECURITY_MASK;
    cs_sync_flush(model); /* a restored Suspend Flush of 0 releases a delayed sync flush */
}

/* The context switch MI_SET_CONTEXT asks for, decided as spec 000 defines it: a save of the
 * current context when CCID is valid and the address differs; a restore of the new one when
 * the address differs (or CCID is invalid) unless Restore Inhibit, or always with Force
 * Restore; then CCID <- the address (with the extended-state enables, bit 8 and Valid).
 * Restore Inhibit and Force Restore are not saved in CCID. The save and restore move this
 * model's context image (context_save, context_restore); the command is also recorded in the
 * event log and the decisions counted in the stats. */
void cs_set_context(cs_engine_model *model, const cs_decoded *decoded)
{
    if (model->config.profile != CS_PROFILE_GEN6) {
        model->stats.not_modelled++;
        tlm_log_info(model->log, "MI_SET_CONTEXT parsed and skipped: gen8+ contexts are not modelled");
        return;
    }
    uint32_t *ccid = cs_reg(model, CS_CCID_INDEX);
    uint32_t address = (uint32_t)cs_get(decoded, "address", 0) & CS_CCID_LRCA_MASK;
    bool inhibit = cs_get(decoded, "restore_inhibit", 0) != 0;
    bool force = cs_get(decoded, "force_restore", 0) != 0;
    if (inhibit && force) {
        /* "This bit cannot be set with Force Restore": inhibit wins (**choice**). */
        tlm_log_warning(model->log, "MI_SET_CONTEXT with restore inhibit and force restore: no restore");
        force = false;
    }
    if (!cs_get(decoded, "must_be_one", 0))
        tlm_log_warning(model->log, "MI_SET_CONTEXT DW1 bit 8 (must be one) clear");
    bool valid = (*ccid & CS_CCID_VALID_MASK) != 0;
    bool same = valid && (*ccid & CS_CCID_LRCA_MASK) == address;
    if (valid && !same) {
        model->stats.context_saves++;
        context_save(model, *ccid & CS_CCID_LRCA_MASK);
    }
    if ((!same && !inhibit) || force) {
        model->stats.context_restores++;
        context_restore(model, address);
    }
    if (!same || force) {
        model->stats.context_switches++;
        /* spec 000 §1.1.7 bit 8 "Context Switch Interrupt: Set when a context switch has just
         * occurred" (a pulse, like User Interrupt; IMR and HWSTAM apply). */
        cs_send_event(model, IRQ_DATA_CONTEXT_SWITCH);
        cs_isr_changed(model, IRQ_DATA_CONTEXT_SWITCH);
    }
    uint32_t keep = CS_CCID_EXT_STATE_RESTORE_MASK | CS_CCID_EXT_STATE_SAVE_MASK | CS_CCID_MUST_BE_ONE_MASK;
    *ccid = address | (decoded->dwords[1] & keep) | CS_CCID_VALID_MASK;
    cs_record(model, decoded);
}
