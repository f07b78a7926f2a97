#include "toy_model.h"

#include <stdlib.h>

#include "tlm_alloc.h"
#include "tlm_register.h"
#include "toy_regs.h"

struct toy_model {
    tlm_target as_target;        /* MMIO target interface */
    tlm_register_file registers; /* register values and access rules, from toy_regs */
};

/* toy_regs.toml: every accepted write to SCRATCH counts in STATUS.WRITES (wraps at 256). */
static void register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)old_value;
    (void)new_value;
    toy_model *model = context;
    if (index != TOY_SCRATCH_INDEX)
        return;
    uint32_t *status = &model->registers.values[TOY_STATUS_INDEX];
    uint32_t writes = (*status & TOY_STATUS_WRITES_MASK) >> TOY_STATUS_WRITES_SHIFT;
    *status = ((writes + 1) << TOY_STATUS_WRITES_SHIFT) & TOY_STATUS_WRITES_MASK;
}

static void toy_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* untimed */
    toy_model *model = self;
    tlm_register_file_b_transport(&model->registers, payload);
}

toy_model *toy_model_create(tlm_kernel *kernel, const char *name)
{
    toy_model *model = tlm_alloc_zeroed(1, sizeof *model);
    tlm_register_file_init(&model->registers, &toy_regs, tlm_logger_block(tlm_kernel_logger(kernel), name));
    model->registers.on_write = register_written;
    model->registers.context = model;
    model->as_target = (tlm_target){ .name = name, .self = model, .b_transport = toy_b_transport };
    tlm_register_file_reset(&model->registers);
    return model;
}

void toy_model_destroy(toy_model *model)
{
    if (!model)
        return;
    tlm_register_file_destroy(&model->registers);
    free(model);
}

const tlm_target *toy_model_target(toy_model *model)
{
    return &model->as_target;
}
