/* The gen11+ interrupt registers software programs per engine group (spec 001 "Enable and Mask
 * Registers"): every enable register and every mask register of the host block, by the
 * generated offsets (the GuC block has the same layout: irq_gen11_guc_regs.toml). One list for
 * the random stimulus, the tests and the benchmark that enable or unmask everything. */
#ifndef COSIM_IRQ_REGISTERS_H
#define COSIM_IRQ_REGISTERS_H

#include <stdint.h>

#include "irq_gen11_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

static const uint32_t cosim_irq_enable_offsets[] = {
    IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, IRQ_GEN11_VCS_VECS_INTR_ENABLE_OFFSET,
    IRQ_GEN11_GUC_SG_INTR_ENABLE_OFFSET,      IRQ_GEN11_GPM_WGBOXPERF_INTR_ENABLE_OFFSET,
    IRQ_GEN11_CRYPTO_RSVD_INTR_ENABLE_OFFSET, IRQ_GEN11_GUNIT_CSME_INTR_ENABLE_OFFSET,
    IRQ_GEN11_CCS_RSVD_INTR_ENABLE_OFFSET,
};
static const uint32_t cosim_irq_mask_offsets[] = {
    IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET,   IRQ_GEN11_BCS_RSVD_INTR_MASK_OFFSET,
    IRQ_GEN11_VCS0_VCS1_INTR_MASK_OFFSET,   IRQ_GEN11_VCS2_VCS3_INTR_MASK_OFFSET,
    IRQ_GEN11_VCS4_VCS5_INTR_MASK_OFFSET,   IRQ_GEN11_VCS6_VCS7_INTR_MASK_OFFSET,
    IRQ_GEN11_VECS0_VECS1_INTR_MASK_OFFSET, IRQ_GEN11_VECS2_VECS3_INTR_MASK_OFFSET,
    IRQ_GEN11_GUC_SG_INTR_MASK_OFFSET,      IRQ_GEN11_GPM_WGBOXPERF_INTR_MASK_OFFSET,
    IRQ_GEN11_CRYPTO_RSVD_INTR_MASK_OFFSET, IRQ_GEN11_GUNIT_CSME_INTR_MASK_OFFSET,
    IRQ_GEN11_CCS0_CCS1_INTR_MASK_OFFSET,   IRQ_GEN11_CCS2_CCS3_INTR_MASK_OFFSET,
};
#define COSIM_IRQ_ENABLE_COUNT (sizeof cosim_irq_enable_offsets / sizeof cosim_irq_enable_offsets[0])
#define COSIM_IRQ_MASK_COUNT (sizeof cosim_irq_mask_offsets / sizeof cosim_irq_mask_offsets[0])

#ifdef __cplusplus
}
#endif

#endif
