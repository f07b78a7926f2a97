#include "cosim_toy_lockstep.h"

/* The model is the reference, the twin the device under test: the run follows the RTL. The
 * block has no output signal, so MMIO answers are all there is to compare. */
cosim_lockstep *cosim_toy_lockstep_create(tlm_kernel *kernel, const char *name, toy_model *model, cosim_toy_twin *twin)
{
    return cosim_lockstep_create(kernel, name, toy_model_target(model), cosim_toy_twin_target(twin));
}
