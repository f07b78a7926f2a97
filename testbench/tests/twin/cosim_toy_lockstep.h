/* Lockstep compare of the toy scratch block's model and RTL twin: one cosim_lockstep over their
 * MMIO targets (response and read data of every access). Test-only. */
#ifndef COSIM_TOY_LOCKSTEP_H
#define COSIM_TOY_LOCKSTEP_H

#include "cosim_lockstep.h"
#include "cosim_toy_twin.h"
#include "toy_model.h"

cosim_lockstep *cosim_toy_lockstep_create(tlm_kernel *kernel, const char *name, toy_model *model, cosim_toy_twin *twin);

#endif
