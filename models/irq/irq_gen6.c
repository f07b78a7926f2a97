#include "irq_gen6.h"

#include <stdlib.h>

#include "irq_gen6_regs.h"
#include "tlm_alloc.h"
#include "tlm_trace.h"
#include "tlm_register.h"

/* ---- register map: irq_gen6_regs.h, generated from irq_gen6_regs.toml -------------------- */

/* GTIIR bits of each engine: spec 000 §1.1.7 (render) and spec 002's VCS and BLT interrupt
 * control tables; the engine's data bit k is GT bit (user-interrupt bit + k). */
#define RENDER_BITS                                                                                                    \
    (IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_MASK | IRQ_GEN6_GTIIR_RENDER_SYNC_STATUS_MASK |                              \
     IRQ_GEN6_GTIIR_RENDER_MASTER_ERROR_MASK | IRQ_GEN6_GTIIR_RENDER_PIPE_CONTROL_NOTIFY_MASK |                        \
     IRQ_GEN6_GTIIR_RENDER_TIMEOUT_MASK | IRQ_GEN6_GTIIR_RENDER_PAGE_FAULT_MASK |                                      \
     IRQ_GEN6_GTIIR_RENDER_CONTEXT_SWITCH_MASK)
#define VIDEO_BITS                                                                                                     \
    (IRQ_GEN6_GTIIR_VIDEO_USER_INTERRUPT_MASK | IRQ_GEN6_GTIIR_VIDEO_SYNC_STATUS_MASK |                                \
     IRQ_GEN6_GTIIR_VIDEO_MASTER_ERROR_MASK | IRQ_GEN6_GTIIR_VIDEO_FLUSH_DW_NOTIFY_MASK |                              \
     IRQ_GEN6_GTIIR_VIDEO_TIMEOUT_MASK | IRQ_GEN6_GTIIR_VIDEO_PAGE_FAULT_MASK |                                        \
     IRQ_GEN6_GTIIR_VIDEO_CONTEXT_SWITCH_MASK)
#define BLITTER_BITS                                                                                                   \
    (IRQ_GEN6_GTIIR_BLITTER_USER_INTERRUPT_MASK | IRQ_GEN6_GTIIR_BLITTER_SYNC_STATUS_MASK |                            \
     IRQ_GEN6_GTIIR_BLITTER_MASTER_ERROR_MASK | IRQ_GEN6_GTIIR_BLITTER_FLUSH_DW_NOTIFY_MASK |                          \
     IRQ_GEN6_GTIIR_BLITTER_PAGE_FAULT_MASK)

/* One engine of the gen6 table. */
typedef struct engine_desc {
    const char *name;     /* short name for logs */
    uint8_t engine_class; /* spec 001 ClassID the engine's messages carry */
    uint8_t shift;        /* GT bit of the engine's data bit 0 */
    uint32_t gt_bits;     /* GT bits defined for the engine */
} engine_desc;

static const engine_desc engines[] = {
    { "rcs", IRQ_CLASS_RENDER, IRQ_GEN6_GTIIR_RENDER_USER_INTERRUPT_SHIFT, RENDER_BITS },
    { "vcs", IRQ_CLASS_VIDEO_DECODE, IRQ_GEN6_GTIIR_VIDEO_USER_INTERRUPT_SHIFT, VIDEO_BITS },
    { "bcs", IRQ_CLASS_COPY, IRQ_GEN6_GTIIR_BLITTER_USER_INTERRUPT_SHIFT, BLITTER_BITS },
};

#define ENGINE_COUNT (sizeof engines / sizeof engines[0])

struct irq_gen6 {
    tlm_target as_target;         /* MMIO target interface */
    tlm_register_file registers;  /* GTISR, GTIMR, GTIIR, GTIER */
    uint32_t queued;              /* per GTIIR bit: a further event waits behind the set bit */
    tlm_signal host_irq;          /* interrupt line to the host */
    tlm_log_block *log;           /* this instance's log counters */
    irq_gen6_stats stats;         /* counters */
    uint64_t events[32];          /* per GT bit: events on it, masked or not (coverage) */
};

static uint32_t *reg(irq_gen6 *model, uint32_t index)
{
    return &model->registers.values[index];
}

static const engine_desc *find_engine(unsigned engine_class, unsigned instance)
{
    if (instance != 0)
        return NULL;
    for (unsigned i = 0; i < ENGINE_COUNT; i++)
        if (engines[i].engine_class == engine_class)
            return &engines[i];
    return NULL;
}

/* ---- outputs ---------------------------------------------------------------------------- */

/* The host line: an IIR bit whose IER bit is set. */
static void update_irq(irq_gen6 *model)
{
    tlm_signal_set(&model->host_irq, (*reg(model, IRQ_GEN6_GTIIR_INDEX) & *reg(model, IRQ_GEN6_GTIER_INDEX)) != 0);
}

/* ---- input: engine interrupt messages ----------------------------------------------------- */

/* One event on GT bits `bits`. spec 000 §1.1.7 IMR: unmasked bits are reported in the IIR and
 * persist until cleared; masked bits are not reported. The IIR holds one further event per bit
 * (i915/xe: "IIR can queue up two events"), which re-asserts the bit when software clears it. */
static void gt_event(irq_gen6 *model, uint32_t bits)
{
    for (unsigned bit = 0; bit < 32; bit++)
        model->events[bit] += bits >> bit & 1u;
    uint32_t reported = bits & ~*reg(model, IRQ_GEN6_GTIMR_INDEX);
    uint32_t *iir = reg(model, IRQ_GEN6_GTIIR_INDEX);
    uint32_t behind = reported & *iir;
    model->stats.collapsed += (uint64_t)__builtin_popcount(behind & model->queued);
    model->stats.queued += (uint64_t)__builtin_popcount(behind & ~model->queued);
    model->queued |= behind;
    *iir |= reported;
    if (!reported)
        model->stats.dropped++;
}

void irq_gen6_deliver(irq_gen6 *model, const irq_message *message)
{
    model->stats.messages++;
    if (message->vf_id != 0) {
        model->stats.dropped++;
        tlm_log_warning(model->log, "message 0x%08x from VF %u dropped: gen6 has no virtual functions",
                        irq_message_pack(message), message->vf_id);
        return;
    }
    const engine_desc *engine = find_engine(message->engine_class, message->instance);
    if (!engine) {
        model->stats.dropped++;
        tlm_log_error(model->log, "message 0x%08x from unknown engine (class %u, instance %u) dropped",
                      irq_message_pack(message), message->engine_class, message->instance);
        return;
    }
    uint32_t defined = engine->gt_bits >> engine->shift;
    if (message->data & ~defined)
        tlm_log_warning(model->log, "%s data bits 0x%04x have no GT interrupt bit on gen6; dropped", engine->name,
                        message->data & ~defined);
    uint32_t bits = ((uint32_t)message->data & defined) << engine->shift;
    if (!bits) {
        model->stats.dropped++;
        return;
    }
    gt_event(model, bits);
    update_irq(model);
    /* The IIR changed outside a software access: its waveform row follows. */
    tlm_register_file_trace_sync(&model->registers);
}

static void deliver_to_model(void *self, const irq_message *message)
{
    irq_gen6_deliver(self, message);
}

/* ---- MMIO ----------------------------------------------------------------------------- */

static void register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    irq_gen6 *model = context;
    if (index == IRQ_GEN6_GTIIR_INDEX) {
        /* A cleared bit with a queued event re-asserts at once: the queued event is reported. */
        uint32_t again = old_value & ~new_value & model->queued;
        model->queued &= ~again;
        *reg(model, IRQ_GEN6_GTIIR_INDEX) |= again;
        model->stats.reasserted += (uint64_t)__builtin_popcount(again);
    }
    update_irq(model);
}

static void irq_gen6_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* untimed: the model answers at once */
    irq_gen6 *model = self;
    tlm_register_file_b_transport(&model->registers, payload);
}

static uint32_t irq_gen6_transport_dbg(void *self, tlm_payload *payload)
{
    /* Debug reads see register values without side effects; debug writes are refused. */
    irq_gen6 *model = self;
    return tlm_register_file_read_dbg(&model->registers, payload, payload->address);
}

/* ---- reset and init ------------------------------------------------------------------- */

void irq_gen6_reset(irq_gen6 *model)
{
    tlm_register_file_reset(&model->registers);
    model->queued = 0;
    update_irq(model);
}

irq_gen6 *irq_gen6_create(tlm_kernel *kernel, const char *name)
{
    irq_gen6 *model = tlm_alloc_zeroed(1, sizeof *model);
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    tlm_register_file_init(&model->registers, &irq_gen6_regs, model->log);
    model->registers.on_write = register_written;
    model->registers.context = model;
    tlm_signal_init(&model->host_irq, "host_irq", 1, 0);
    /* Waveform rows (when tracing): GTISR/GTIMR/GTIIR/GTIER and the host line. */
    tlm_register_file_trace(&model->registers, kernel, name);
    tlm_signal_trace(&model->host_irq, kernel, name);
    model->as_target = (tlm_target){
        .name = name,
        .self = model,
        .b_transport = irq_gen6_b_transport,
        .transport_dbg = irq_gen6_transport_dbg,
    };
    irq_gen6_reset(model);
    return model;
}

void irq_gen6_destroy(irq_gen6 *model)
{
    if (!model)
        return;
    tlm_register_file_destroy(&model->registers);
    tlm_signal_destroy(&model->host_irq);
    free(model);
}

irq_message_sink irq_gen6_sink(irq_gen6 *model)
{
    return (irq_message_sink){ .deliver = deliver_to_model, .self = model };
}

const tlm_target *irq_gen6_target(irq_gen6 *model)
{
    return &model->as_target;
}

tlm_signal *irq_gen6_host_irq(irq_gen6 *model)
{
    return &model->host_irq;
}

const irq_gen6_stats *irq_gen6_get_stats(const irq_gen6 *model)
{
    return &model->stats;
}

uint64_t irq_gen6_event_count(const irq_gen6 *model, unsigned bit)
{
    return bit < 32 ? model->events[bit] : 0;
}

const char *irq_gen6_engine_name(unsigned engine_class, unsigned instance)
{
    const engine_desc *engine = find_engine(engine_class, instance);
    return engine ? engine->name : NULL;
}

uint32_t irq_gen6_gt_bits(unsigned engine_class, unsigned instance, uint16_t data)
{
    const engine_desc *engine = find_engine(engine_class, instance);
    return engine ? ((uint32_t)data & engine->gt_bits >> engine->shift) << engine->shift : 0;
}
