/* C model of the toy scratch block (toy_regs.toml): the reference the toy twin is checked
 * against. Test-only, like the block (docs/contributing.md "Adding an RTL twin"). */
#ifndef TOY_MODEL_H
#define TOY_MODEL_H

#include "gtsim_tlm.h"

typedef struct toy_model toy_model;

toy_model *toy_model_create(tlm_kernel *kernel, const char *name);
void toy_model_destroy(toy_model *model);
/* MMIO target; addresses are offsets into the block. */
const tlm_target *toy_model_target(toy_model *model);

#endif
