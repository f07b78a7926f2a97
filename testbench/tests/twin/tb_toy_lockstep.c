#include "tb_toy_lockstep.h"

/* The model is the reference, the twin the device under test: the run follows the RTL. The
 * block has no output signal, so MMIO answers are all there is to compare. */
tb_lockstep *tb_toy_lockstep_create(tlm_kernel *kernel, const char *name, toy_model *model, tb_toy_twin *twin)
{
    return tb_lockstep_create(kernel, name, toy_model_target(model), tb_toy_twin_target(twin));
}
