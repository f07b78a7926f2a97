/* The engine's interrupts and errors (spec 000 §1.1.7; docs/reference/cs.md "Interrupts and the status
 * page", "Errors"): the interrupt control registers' layout per engine, the ISR and its status
 * page write, the interrupt messages, the error registers (ESR, EMR, EIR) and the halt, sync
 * flushes and page faults. */
#include "cs_engine_internal.h"

/* ---- interrupt status and events --------------------------------------------------------- */

irq_layout cs_engine_irq_layout(const cs_engine_model *model)
{
    if (model->config.profile == CS_PROFILE_GEN6 && model->config.engine == CS_ENGINE_VCS)
        return (irq_layout){ 12, ISR_USER_INTERRUPT | ISR_SYNC_STATUS | ISR_MASTER_ERROR | ISR_NOTIFY | ISR_TIMEOUT |
                                     ISR_PAGE_FAULT | IRQ_DATA_CONTEXT_SWITCH };
    if (model->config.profile == CS_PROFILE_GEN6 && model->config.engine == CS_ENGINE_BCS)
        return (irq_layout){ 22, ISR_USER_INTERRUPT | ISR_SYNC_STATUS | ISR_MASTER_ERROR | ISR_NOTIFY | ISR_PAGE_FAULT };
    /* spec 000 §1.1.7: render bits 8:6, 4:2 and 0 (5 and 31:9 reserved). */
    if (model->config.profile == CS_PROFILE_GEN6)
        return (irq_layout){ 0, ISR_USER_INTERRUPT | ISR_SYNC_STATUS | ISR_MASTER_ERROR | ISR_NOTIFY | ISR_TIMEOUT |
                                    ISR_PAGE_FAULT | IRQ_DATA_CONTEXT_SWITCH };
    return (irq_layout){ 0, 0xFFFFu };
}

/* An engine interrupt register (IMR, HWSTAM) as event bits: bits of events the engine's layout
 * has no position for read as masked. */
static uint32_t event_mask(cs_engine_model *model, uint32_t index)
{
    irq_layout layout = cs_engine_irq_layout(model);
    return (*cs_reg(model, index) >> layout.shift) | ~layout.events;
}

/* spec 000 §1.1.7.1: an HWSTAM-unmasked ISR bit that changes writes the ISR to status page
 * dword 0; the programming note also needs the IMR bit clear. Pulses read as 0 there. The
 * ISR is written in the engine's own layout (cs_engine_irq_layout). */
void cs_isr_changed(cs_engine_model *model, uint32_t changed)
{
    uint32_t reporting = changed & ~event_mask(model, CS_HWSTAM_INDEX) & ~event_mask(model, CS_IMR_INDEX);
    if (reporting)
        cs_store(model, cs_hwsp_address(model) + 4u * CS_HWSP_ISR_DWORD,
                 (model->isr & ISR_LEVEL_BITS) << cs_engine_irq_layout(model).shift, 4);
}

/* spec 000 §1.1.7.2: an IMR-unmasked event leaves the engine as an interrupt message. */
void cs_send_event(cs_engine_model *model, uint32_t bits)
{
    uint32_t reported = bits & ~event_mask(model, CS_IMR_INDEX) & 0xFFFFu;
    if (!reported || !model->config.irq.deliver)
        return;
    irq_message message = {
        .engine_class = model->class_id,
        .instance = model->config.instance,
        .data = (uint16_t)reported,
    };
    model->stats.messages++;
    irq_message_send(&model->config.irq, &message);
}

/* spec 000 §1.1.7.3: any EIR bit sets Master Error in the ISR; a rising edge is an event. */
void cs_update_master_error(cs_engine_model *model)
{
    uint32_t old = model->isr;
    if (*cs_reg(model, CS_EIR_INDEX))
        model->isr |= ISR_MASTER_ERROR;
    else
        model->isr &= ~ISR_MASTER_ERROR;
    if ((model->isr & ~old) & ISR_MASTER_ERROR)
        cs_send_event(model, ISR_MASTER_ERROR);
    if (model->isr != old)
        cs_isr_changed(model, model->isr ^ old);
}

/* ---- input: errors and events ----------------------------------------------------------- */

/* spec 000 §1.1.7.3: the ESR records every error; EMR selects which reach the EIR. */
void cs_raise_error(cs_engine_model *model, uint32_t error)
{
    model->stats.errors++;
    *cs_reg(model, CS_ESR_INDEX) |= error;
    *cs_reg(model, CS_EIR_INDEX) |= error & ~*cs_reg(model, CS_EMR_INDEX);
    cs_update_master_error(model);
}

/* Errors that stop the parser (docs/reference/cs.md "Errors"): the head stays at the command, and the
 * hang capture registers name it (IPEIR the error; ACTHD and IPEHR were set when it was
 * fetched, capture_command). */
void cs_halt(cs_engine_model *model, uint32_t error)
{
    model->halted = true;
    *cs_reg(model, CS_IPEIR_INDEX) = error;
    cs_raise_error(model, error);
}

/* spec 000 §1.1.4 INSTPM bit 5: software requests a sync flush by setting Sync Flush Enable;
 * "the device will automatically clear this bit before completing the operation", and the
 * completion toggles Sync Status (§1.1.7 bit 2; spec 002 BCS bit 24 likewise). Nothing is
 * cached here, so the flush completes at once, unless MI_MODE Suspend Flush delays it ("until
 * reset" of that bit; MI_SUSPEND_FLUSH sets and clears it). */
void cs_sync_flush(cs_engine_model *model)
{
    uint32_t *instpm = cs_reg(model, CS_INSTPM_INDEX);
    if (!(*instpm & CS_INSTPM_SYNC_FLUSH_ENABLE_MASK))
        return;
    if (*cs_reg(model, CS_MI_MODE_INDEX) & CS_MI_MODE_SUSPEND_FLUSH_MASK) {
        tlm_log_info(model->log, "sync flush delayed: MI_MODE Suspend Flush is set");
        return;
    }
    *instpm &= ~CS_INSTPM_SYNC_FLUSH_ENABLE_MASK;
    model->stats.sync_flushes++;
    model->isr ^= ISR_SYNC_STATUS;
    cs_send_event(model, ISR_SYNC_STATUS);
    cs_isr_changed(model, ISR_SYNC_STATUS);
}

/* spec 000 §1.3.11 MI_SUSPEND_FLUSH: sets or clears MI_MODE Suspend Flush ("this bit will get
 * set by MI_SUSPEND_FLUSH as well"); clearing it lets a delayed sync flush complete. */
void cs_suspend_flush(cs_engine_model *model, bool suspend)
{
    uint32_t *mode = cs_reg(model, CS_MI_MODE_INDEX);
    *mode = suspend ? *mode | CS_MI_MODE_SUSPEND_FLUSH_MASK : *mode & ~CS_MI_MODE_SUSPEND_FLUSH_MASK;
    cs_sync_flush(model);
}

/* spec 000 §1.1.7 bit 7: "set whenever there is a pending PPGTT (page or directory) fault";
 * spec 002 (Haswell) widens it to GGTT/PPGTT faults. Here an access the memory refuses is the
 * fault (the memory is flat: a refused address is an unmapped page): on gen6 a PPGTT access (a
 * non-secure batch), on gen12 any. The bit is a level (status page: "set when event occurs,
 * cleared when event cleared"); with no fault-service registers modelled, the fault stays
 * pending until the ring is disabled or the engine reset (docs/reference/cs.md, **choice**). Its rising
 * edge is the interrupt event. */
void cs_page_fault(cs_engine_model *model, tlm_address_space space)
{
    if (model->config.profile == CS_PROFILE_GEN6 && space != TLM_SPACE_PPGTT)
        return;
    if (model->isr & ISR_PAGE_FAULT)
        return; /* already pending */
    model->stats.page_faults++;
    model->isr |= ISR_PAGE_FAULT;
    cs_send_event(model, ISR_PAGE_FAULT);
    cs_isr_changed(model, ISR_PAGE_FAULT);
}

void cs_page_fault_cleared(cs_engine_model *model)
{
    if (!(model->isr & ISR_PAGE_FAULT))
        return;
    model->isr &= ~ISR_PAGE_FAULT;
    cs_isr_changed(model, ISR_PAGE_FAULT);
}

void cs_user_interrupt(cs_engine_model *model)
{
    /* spec 000 §1.1.7: User Interrupt is a pulse; its status page value is 0. */
    cs_send_event(model, ISR_USER_INTERRUPT);
    cs_isr_changed(model, ISR_USER_INTERRUPT);
}
