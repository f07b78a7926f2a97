/* The C model of the example's copy engine (dma_copy.sv): the same registers, a copy done at
 * once when GO is written (loosely timed), through the platform's path to graphics memory. */
#ifndef DMA_MODEL_H
#define DMA_MODEL_H

#include "gtsim_tlm.h"
#include "gtsim_user_twin.h"

typedef struct dma_model dma_model;

/* gtsim_user_model_ops: create, destroy, registers, irq. */
void *dma_model_create(tlm_kernel *kernel, tlm_clock *clock, const gtsim_user_model_ports *ports, void *context);
void dma_model_destroy(void *model);
const tlm_target *dma_model_registers(void *model);
tlm_signal *dma_model_irq(void *model, unsigned index);

#endif
