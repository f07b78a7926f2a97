/* Lockstep compare of the toy scratch block's model and RTL twin: one tb_lockstep over their
 * MMIO targets (response and read data of every access). Test-only. */
#ifndef TB_TOY_LOCKSTEP_H
#define TB_TOY_LOCKSTEP_H

#include "tb_lockstep.h"
#include "tb_toy_twin.h"
#include "toy_model.h"

tb_lockstep *tb_toy_lockstep_create(tlm_kernel *kernel, const char *name, toy_model *model, tb_toy_twin *twin);

#endif
