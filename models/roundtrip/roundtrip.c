#include "roundtrip.h"

#include <stdlib.h>

#include "roundtrip_regs.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

struct roundtrip {
    tlm_target as_target;       /* MMIO target interface */
    tlm_register_file registers;/* register values and access rules, from roundtrip_regs */
    tlm_signal irq;             /* interrupt output */
    tlm_log_block *log;         /* this instance's log counters */
};

/* ---- register map: roundtrip_regs.h, generated from roundtrip_regs.toml ---------------- */

static uint32_t reg(const roundtrip *model, uint32_t index)
{
    return model->registers.values[index];
}

static uint32_t field(uint32_t value, uint32_t mask, uint32_t shift)
{
    return (value & mask) >> shift;
}

/* ---- outputs -------------------------------------------------------------------------- */

static void update_irq(roundtrip *model)
{
    tlm_signal_set(&model->irq, (reg(model, ROUNDTRIP_STATUS_INDEX) & reg(model, ROUNDTRIP_INT_ENABLE_INDEX)) != 0);
}

/* ---- behaviour ------------------------------------------------------------------------ */

uint32_t roundtrip_operation(uint32_t operand, uint32_t mode)
{
    uint32_t value = operand;
    if (field(mode, ROUNDTRIP_MODE_SWAP_BYTES_MASK, ROUNDTRIP_MODE_SWAP_BYTES_SHIFT))
        value = __builtin_bswap32(value);
    uint32_t rotate = field(mode, ROUNDTRIP_MODE_ROTATE_MASK, ROUNDTRIP_MODE_ROTATE_SHIFT);
    if (rotate)
        value = value << rotate | value >> (32 - rotate);
    if (field(mode, ROUNDTRIP_MODE_INVERT_MASK, ROUNDTRIP_MODE_INVERT_SHIFT))
        value = ~value;
    return value;
}

/* START.GO: the operation runs as the write takes effect, so GO is never seen set. */
static void run_operation(roundtrip *model)
{
    uint32_t *values = model->registers.values;
    values[ROUNDTRIP_RESULT_INDEX] = roundtrip_operation(values[ROUNDTRIP_SCRATCH_INDEX], values[ROUNDTRIP_MODE_INDEX]);
    uint32_t status = values[ROUNDTRIP_STATUS_INDEX];
    if (status & ROUNDTRIP_STATUS_DONE_MASK)
        status |= ROUNDTRIP_STATUS_OVERRUN_MASK;
    values[ROUNDTRIP_STATUS_INDEX] = status | ROUNDTRIP_STATUS_DONE_MASK;
    uint32_t count = field(values[ROUNDTRIP_COUNT_INDEX], ROUNDTRIP_COUNT_OPERATIONS_MASK,
                           ROUNDTRIP_COUNT_OPERATIONS_SHIFT);
    values[ROUNDTRIP_COUNT_INDEX] = ((count + 1) << ROUNDTRIP_COUNT_OPERATIONS_SHIFT) & ROUNDTRIP_COUNT_OPERATIONS_MASK;
    values[ROUNDTRIP_START_INDEX] &= ~ROUNDTRIP_START_GO_MASK;
}

/* ---- MMIO ----------------------------------------------------------------------------- */

static void register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)old_value;
    roundtrip *model = context;
    if (index == ROUNDTRIP_START_INDEX && (new_value & ROUNDTRIP_START_GO_MASK))
        run_operation(model);
    update_irq(model);
}

static void roundtrip_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* untimed: the model answers at once */
    roundtrip *model = self;
    tlm_register_file_b_transport(&model->registers, payload);
}

static uint32_t roundtrip_transport_dbg(void *self, tlm_payload *payload)
{
    /* Debug reads see register values without side effects; debug writes are refused so a
     * debugger cannot start an operation behind the model's back. */
    roundtrip *model = self;
    return tlm_register_file_read_dbg(&model->registers, payload, payload->address);
}

/* ---- reset and init ------------------------------------------------------------------- */

void roundtrip_reset(roundtrip *model)
{
    tlm_register_file_reset(&model->registers);
    update_irq(model);
}

roundtrip *roundtrip_create(tlm_kernel *kernel, const char *name)
{
    roundtrip *model = tlm_alloc_zeroed(1, sizeof *model);
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    tlm_register_file_init(&model->registers, &roundtrip_regs, model->log);
    model->registers.on_write = register_written;
    model->registers.context = model;
    tlm_signal_init(&model->irq, "irq", 1, 0);
    /* Waveform rows (when tracing): every register and the interrupt output. */
    tlm_register_file_trace(&model->registers, kernel, name);
    tlm_signal_trace(&model->irq, kernel, name);
    model->as_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = roundtrip_b_transport,
        .transport_dbg = roundtrip_transport_dbg,
    };
    roundtrip_reset(model);
    return model;
}

void roundtrip_destroy(roundtrip *model)
{
    if (!model)
        return;
    tlm_register_file_destroy(&model->registers);
    tlm_signal_destroy(&model->irq);
    free(model);
}

const tlm_target *roundtrip_target(roundtrip *model)
{
    return &model->as_target;
}

tlm_signal *roundtrip_irq(roundtrip *model)
{
    return &model->irq;
}
