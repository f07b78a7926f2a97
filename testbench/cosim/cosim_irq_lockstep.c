#include "cosim_irq_lockstep.h"

#include <stdio.h>
#include <stdlib.h>

#include "tlm_alloc.h"

struct cosim_irq_lockstep {
    irq_gen11 *model;                               /* reference */
    cosim_irq_twin *twin;                              /* device under test */
    cosim_lockstep *blocks[IRQ_GEN11_INTERFACE_COUNT]; /* host and GuC MMIO compares */
    uint64_t messages;                              /* messages compared */
    char names[IRQ_GEN11_INTERFACE_COUNT][64];      /* the compares' names */
};

/* Every message to both sides, then every output level compared, naming the message. */
static void lockstep_deliver(void *self, const irq_message *message)
{
    cosim_irq_lockstep *lockstep = self;
    irq_gen11_deliver(lockstep->model, message);
    irq_message_sink dut = cosim_irq_twin_sink(lockstep->twin);
    irq_message_send(&dut, message);
    lockstep->messages++;
    char stimulus[128];
    const char *engine = irq_gen11_engine_name(message->engine_class, message->instance);
    snprintf(stimulus, sizeof stimulus, "message 0x%08x (%s, data 0x%04x)", irq_message_pack(message),
             engine ? engine : "unknown engine", message->data);
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        cosim_lockstep_check_signals_after(lockstep->blocks[i], stimulus);
}

cosim_irq_lockstep *cosim_irq_lockstep_create(tlm_kernel *kernel, const char *name, irq_gen11 *model, cosim_irq_twin *twin)
{
    cosim_irq_lockstep *lockstep = tlm_alloc_zeroed(1, sizeof *lockstep);
    lockstep->model = model;
    lockstep->twin = twin;
    snprintf(lockstep->names[IRQ_GEN11_HOST], sizeof lockstep->names[0], "%s", name);
    snprintf(lockstep->names[IRQ_GEN11_GUC], sizeof lockstep->names[1], "%s_guc", name);
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        lockstep->blocks[i] = cosim_lockstep_create(kernel, lockstep->names[i], irq_gen11_target(model, i),
                                                 cosim_irq_twin_target(twin, i));
    /* A host access changes only the host line, a GuC access only the vectors. */
    cosim_lockstep_compare_signal(lockstep->blocks[IRQ_GEN11_HOST], "host_irq", irq_gen11_host_irq(model),
                               cosim_irq_twin_host_irq(twin));
    cosim_lockstep_compare_signal(lockstep->blocks[IRQ_GEN11_GUC], "guc_vector0", irq_gen11_guc_vector(model, 0),
                               cosim_irq_twin_guc_vector(twin, 0));
    cosim_lockstep_compare_signal(lockstep->blocks[IRQ_GEN11_GUC], "guc_vector1", irq_gen11_guc_vector(model, 1),
                               cosim_irq_twin_guc_vector(twin, 1));
    return lockstep;
}

void cosim_irq_lockstep_destroy(cosim_irq_lockstep *lockstep)
{
    if (!lockstep)
        return;
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        cosim_lockstep_destroy(lockstep->blocks[i]);
    free(lockstep);
}

const tlm_target *cosim_irq_lockstep_target(cosim_irq_lockstep *lockstep, irq_gen11_interface interface)
{
    return cosim_lockstep_target(lockstep->blocks[interface == IRQ_GEN11_GUC ? IRQ_GEN11_GUC : IRQ_GEN11_HOST]);
}

irq_message_sink cosim_irq_lockstep_sink(cosim_irq_lockstep *lockstep)
{
    return (irq_message_sink){ .deliver = lockstep_deliver, .self = lockstep };
}

uint64_t cosim_irq_lockstep_check_signals(cosim_irq_lockstep *lockstep)
{
    uint64_t found = 0;
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        found += cosim_lockstep_check_signals(lockstep->blocks[i]);
    return found;
}

uint64_t cosim_irq_lockstep_mismatches(const cosim_irq_lockstep *lockstep)
{
    return cosim_lockstep_mismatches(lockstep->blocks[IRQ_GEN11_HOST]) +
           cosim_lockstep_mismatches(lockstep->blocks[IRQ_GEN11_GUC]);
}

uint64_t cosim_irq_lockstep_compared(const cosim_irq_lockstep *lockstep)
{
    return lockstep->messages + cosim_lockstep_transactions(lockstep->blocks[IRQ_GEN11_HOST]) +
           cosim_lockstep_transactions(lockstep->blocks[IRQ_GEN11_GUC]);
}

const cosim_lockstep_mismatch *cosim_irq_lockstep_first_mismatch(const cosim_irq_lockstep *lockstep)
{
    const cosim_lockstep_mismatch *host = cosim_lockstep_first_mismatch(lockstep->blocks[IRQ_GEN11_HOST]);
    const cosim_lockstep_mismatch *guc = cosim_lockstep_first_mismatch(lockstep->blocks[IRQ_GEN11_GUC]);
    if (!host)
        return guc;
    if (!guc)
        return host;
    return guc->time < host->time ? guc : host;
}
