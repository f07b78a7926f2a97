/* The engine's registers (cs_regs.toml, docs/reference/cs.md "Registers"): which offsets exist on each
 * engine and profile, the side effects of host writes and reads, the timestamps that count
 * with simulated time, the MMIO and HWS_PGA targets, and the register access LRI/SRM and the
 * execlist's context image take. */
#include "cs_engine_internal.h"

/* TIMESTAMP ticks per picosecond as a fraction. gen6: one tick per 80 ns (spec 000 §1.1.9.8
 * "This register represents 80 ns of time"). gen12: the 19.2 MHz crystal clock i915 reads on
 * Tiger Lake (docs/facts.md; RPM_CONFIG0 is not modelled). */
typedef struct timestamp_rate {
    uint64_t ticks;       /* numerator */
    uint64_t picoseconds; /* denominator */
} timestamp_rate;

static const timestamp_rate timestamp_rates[CS_PROFILE_COUNT] = {
    [CS_PROFILE_GEN6] = { 1, 80000 },
    [CS_PROFILE_GEN12] = { 192, 10000000 },
};

/* spec 000 §1.1.9.8: the timestamp is 36 bits (63:36 reserved). */
#define TIMESTAMP_BITS_MASK ((UINT64_C(1) << 36) - 1u)

/* ---- registers the engine has, and the timestamps ---------------------------------------- */

/* gen6 has HWS_PGA at base + 0x2080 only (spec 000 §1.1.2.1); its gen8+ position is not
 * decoded there. */
static bool hidden(cs_engine_model *model, uint64_t offset)
{
    uint64_t aligned = offset & ~(uint64_t)3u;
    /* CXT_SIZE is the gen6 render context's (spec 000 §1.1.8.4; MI_SET_CONTEXT is render-only). */
    if ((model->config.profile != CS_PROFILE_GEN6 || model->config.engine != CS_ENGINE_RCS) &&
        (aligned == CS_CXT_SIZE_OFFSET || aligned == CS_CXT_SIZE_WRITE_OFFSET))
        return true;
    /* The CS general purpose registers are gen8+ (spec 004, i915 GEN8_RING_CS_GPR): none on gen6. */
    if (model->config.profile == CS_PROFILE_GEN6 && aligned >= CS_GPR0_OFFSET && aligned <= CS_GPR15_UDW_OFFSET)
        return true;
    /* TS_GPGPU_THREADS_DISPATCHED is a render register (spec 000 §1.1.12, i915 0x2290). */
    if (model->config.engine != CS_ENGINE_RCS &&
        (aligned == CS_TS_GPGPU_THREADS_DISPATCHED_OFFSET || aligned == CS_TS_GPGPU_THREADS_DISPATCHED_UDW_OFFSET))
        return true;
    /* Engine management: GFX_MODE is gen6's render register (i915 GFX_MODE 0x2520), RNCID the
     * gen6 video engine's (GEN6_BSD_RNCID); the upper dwords, RESET_CTL and RING_MODE are gen7/8+
     * (i915 intel_engine_regs.h "gen8+", RING_MODE_GEN7). */
    if ((aligned == CS_GFX_MODE_OFFSET) !=
        (aligned == CS_GFX_MODE_OFFSET && model->config.profile == CS_PROFILE_GEN6 && model->config.engine == CS_ENGINE_RCS))
        return true;
    /* PGTBL_ER is the render engine's (i915 PGTBL_ER 0x2024), INSTDONE_2 gen6 render's (i915
     * GEN4_INSTDONE1 0x207C), CMD_CCTL gen12's on every engine (i915 RING_CMD_CCTL). */
    if (aligned == CS_PGTBL_ER_OFFSET && model->config.engine != CS_ENGINE_RCS)
        return true;
    if (aligned == CS_INSTDONE_2_OFFSET &&
        !(model->config.profile == CS_PROFILE_GEN6 && model->config.engine == CS_ENGINE_RCS))
        return true;
    if (aligned == CS_CMD_CCTL_OFFSET && model->config.profile == CS_PROFILE_GEN6)
        return true;
    bool rncid = aligned == CS_RNCID_OFFSET || aligned == CS_RNCID_UDW_OFFSET;
    if (rncid && !(model->config.profile == CS_PROFILE_GEN6 && model->config.engine == CS_ENGINE_VCS))
        return true;
    if (model->config.profile == CS_PROFILE_GEN6 &&
        (aligned == CS_ACTHD_UDW_OFFSET || aligned == CS_DMA_FADD_UDW_OFFSET || aligned == CS_BB_ADDR_UDW_OFFSET ||
         aligned == CS_RESET_CTL_OFFSET || aligned == CS_RING_MODE_OFFSET))
        return true;
    /* Execlists and the gen8+ context image registers (cs_execlist.h): gen6 schedules rings only. */
    if (model->config.profile == CS_PROFILE_GEN6)
        return aligned == CS_HWS_PGA_OFFSET || cs_execlist_is_register(aligned) || aligned == CS_BB_ADDR_UDW_OFFSET ||
               aligned == CS_CTX_TIMESTAMP_OFFSET || (aligned >= CS_PDP0_LDW_OFFSET && aligned <= CS_PDP3_UDW_OFFSET);
    /* The semaphore mailboxes are gen6's (spec 000 §1.1.4.7-8); gen8+ semaphores use memory. */
    return aligned == CS_SYNC_0_OFFSET || aligned == CS_SYNC_1_OFFSET;
}

/* Timestamp ticks from time 0 to `time`. */
static uint64_t ticks_at(cs_engine_model *model, tlm_time time)
{
    const timestamp_rate *rate = &timestamp_rates[model->config.profile];
    return time / rate->picoseconds * rate->ticks + time % rate->picoseconds * rate->ticks / rate->picoseconds;
}

/* The 36-bit timestamp now. */
uint64_t cs_timestamp(cs_engine_model *model)
{
    return ticks_at(model, tlm_kernel_now(model->kernel)) & TIMESTAMP_BITS_MASK;
}

/* CTX_TIMESTAMP now: the value loaded or written plus the ticks since, while a context is
 * loaded (i915 RING_CTX_TIMESTAMP, the context's run time; spec 004 keeps it in the ring
 * context). */
uint32_t cs_ctx_timestamp(cs_engine_model *model)
{
    if (!model->ctx_clock)
        return *cs_reg(model, CS_CTX_TIMESTAMP_INDEX);
    return model->ctx_base +
           (uint32_t)(ticks_at(model, tlm_kernel_now(model->kernel)) - ticks_at(model, model->ctx_since));
}

/* ---- registers reached by commands (LRI, SRM) ---------------------------------------------- */

/* Register access for LRI/SRM: the engine's own block (its base window, and on gen6 the
 * HWS_PGA window) directly, anything else through the MMIO target (docs/reference/cs.md). */
bool cs_register_access(cs_engine_model *model, tlm_cmd command, uint32_t offset, uint32_t *value,
                        uint32_t byte_disable)
{
    uint8_t data[4];
    uint8_t enables[4];
    for (uint32_t i = 0; i < 4; i++) {
        data[i] = (uint8_t)(*value >> (8 * i));
        enables[i] = (byte_disable >> i) & 1u ? 0x00 : 0xFF;
    }
    tlm_payload payload = tlm_payload_make(command, offset, data, 4);
    payload.byte_enable = enables;
    payload.byte_enable_length = 4;
    payload.privileged = true;
    uint64_t base = model->config.mmio_base;
    if (offset >= base && offset - base < CS_BLOCK_SIZE && !hidden(model, offset - base)) {
        payload.address = offset - base;
        tlm_register_file_b_transport(&model->registers, &payload);
    } else if (model->config.profile == CS_PROFILE_GEN6 && offset == base + CS_GEN6_HWS_PGA_OFFSET) {
        payload.address = CS_HWS_PGA_OFFSET;
        tlm_register_file_b_transport(&model->registers, &payload);
    } else if (model->config.mmio) {
        tlm_b_transport(model->config.mmio, &payload, &model->bus_delay);
    } else {
        tlm_log_warning(model->log, "register 0x%x is outside the engine and no MMIO map is connected", offset);
        return false;
    }
    if (payload.response != TLM_STATUS_OK) {
        tlm_log_warning(model->log, "register %s at 0x%x refused (%s)", command == TLM_CMD_WRITE ? "write" : "read",
                        offset, tlm_response_name(payload.response));
        return false;
    }
    *value = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
    return true;
}

/* ---- MMIO ----------------------------------------------------------------------------- */

void cs_register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    cs_engine_model *model = context;
    cs_execlist_register_written(model->execlist, index, old_value, new_value);
    switch (index) {
    case CS_RING_TAIL_INDEX:
        /* New commands: fetch them fresh (the host wrote them before moving TAIL). */
        model->starved = false;
        model->line_valid = false;
        model->geometry_logged = false;
        break;
    case CS_RING_HEAD_INDEX:
    case CS_RING_START_INDEX:
        model->starved = false;
        model->line_valid = false;
        model->geometry_logged = false;
        break;
    case CS_RING_CTL_INDEX:
        model->geometry_logged = false;
        if ((old_value & ~new_value) & CS_RING_CTL_ENABLE_MASK) {
            /* Disabling the ring drops the batches in flight and clears a halt (docs/reference/cs.md). */
            cs_leave_batches(model);
            model->halted = false;
            model->starved = false;
            model->semaphore_waiting = false;
            tlm_event_cancel(model->kernel, &model->semaphore_poll);
            tlm_event_cancel(model->kernel, &model->step);
            cs_page_fault_cleared(model);
            model->yielded = false;
        }
        break;
    case CS_EIR_INDEX:
        cs_update_master_error(model);
        break;
    case CS_IMR_INDEX:
    case CS_HWSTAM_INDEX:
        /* spec 000 §1.1.7.1-2 (gen6): "Reserved bits are RO", reading their reset value 1: only
         * the bits of the engine's own layout (cs_engine_irq_layout) take a write. */
        if (model->config.profile == CS_PROFILE_GEN6) {
            irq_layout layout = cs_engine_irq_layout(model);
            *cs_reg(model, index) = new_value | ~(layout.events << layout.shift);
        }
        break;
    case CS_INSTPM_INDEX:
    case CS_MI_MODE_INDEX:
        cs_sync_flush(model);
        /* spec 000 MI_MODE Stop Rings: "the parser is turned off"; the command in progress has
         * completed (a step is atomic), so Rings Idle reads 1 at once (i915 intel_engine_stop_cs
         * polls MODE_IDLE after setting STOP_RING). */
        if (index == CS_MI_MODE_INDEX && (new_value & ~old_value & CS_MI_MODE_STOP_RINGS_MASK))
            tlm_event_cancel(model->kernel, &model->step);
        break;
    case CS_RESET_CTL_INDEX:
        /* i915 gen8_engine_reset_prepare: REQUEST_RESET, then poll READY_TO_RESET. The engine
         * stops at the command boundary (now: a step is atomic) and says it is ready; clearing
         * the request (i915 gen8_engine_reset_cancel) lets it go on. */
        if (new_value & CS_RESET_CTL_REQUEST_RESET_MASK) {
            tlm_event_cancel(model->kernel, &model->step);
            *cs_reg(model, CS_RESET_CTL_INDEX) |= CS_RESET_CTL_READY_TO_RESET_MASK;
        } else {
            *cs_reg(model, CS_RESET_CTL_INDEX) &= ~CS_RESET_CTL_READY_TO_RESET_MASK;
        }
        break;
    case CS_PR_CTR_CTL_INDEX:
        cs_watchdog_control(model, new_value);
        break;
    case CS_PR_CTR_THRSH_INDEX:
        if (model->watchdog_running)
            cs_watchdog_schedule(model);
        break;
    case CS_TS_GPGPU_THREADS_DISPATCHED_INDEX:
    case CS_TS_GPGPU_THREADS_DISPATCHED_UDW_INDEX:
        cs_threads_written(model, index, new_value);
        break;
    case CS_CXT_SIZE_WRITE_INDEX:
        /* spec 000 §1.1.8.4: written at 21A8h, read at 21A0h. */
        *cs_reg(model, CS_CXT_SIZE_INDEX) = new_value;
        break;
    case CS_CTX_TIMESTAMP_INDEX:
        model->ctx_base = new_value; /* counting goes on from the value written */
        model->ctx_since = tlm_kernel_now(model->kernel);
        break;
    default:
        break;
    }
    cs_kick(model, 0);
}

void cs_register_read(void *context, uint32_t index)
{
    /* TIMESTAMP counts with simulated time (spec 000 §1.1.9.8). */
    cs_engine_model *model = context;
    cs_execlist_register_read(model->execlist, index);
    if (index == CS_PR_CTR_INDEX)
        *cs_reg(model, CS_PR_CTR_INDEX) = cs_watchdog_count(model);
    if (index == CS_CTX_TIMESTAMP_INDEX)
        *cs_reg(model, CS_CTX_TIMESTAMP_INDEX) = cs_ctx_timestamp(model);
    bool busy = cs_step_due(model) || model->level > 0 || model->halted || cs_runnable(model);
    if (index == CS_PSMI_CTL_INDEX) {
        /* i915 gen6_bsd_submit_request: with sleep messages disabled the engine wakes, and the
         * driver polls SLEEP_INDICATOR to 0 before writing TAIL. An idle engine that may send
         * sleep messages is asleep (choice: it sleeps at once, wakes at once). */
        uint32_t *psmi = cs_reg(model, CS_PSMI_CTL_INDEX);
        bool asleep = !busy && !(*psmi & CS_PSMI_CTL_SLEEP_MSG_DISABLE_MASK);
        *psmi = asleep ? *psmi | CS_PSMI_CTL_SLEEP_INDICATOR_MASK : *psmi & ~CS_PSMI_CTL_SLEEP_INDICATOR_MASK;
    }
    if (index == CS_INSTDONE_INDEX)
        /* Choice: the parser's done bit (0) is clear while the engine has a command to run. */
        *cs_reg(model, CS_INSTDONE_INDEX) = busy ? ~1u : ~0u;
    if (index == CS_TS_GPGPU_THREADS_DISPATCHED_INDEX || index == CS_TS_GPGPU_THREADS_DISPATCHED_UDW_INDEX) {
        uint64_t count = cs_threads_dispatched(model);
        *cs_reg(model, CS_TS_GPGPU_THREADS_DISPATCHED_INDEX) = (uint32_t)count;
        *cs_reg(model, CS_TS_GPGPU_THREADS_DISPATCHED_UDW_INDEX) = (uint32_t)(count >> 32);
    }
    if (index == CS_TIMESTAMP_INDEX || index == CS_TIMESTAMP_UDW_INDEX) {
        uint64_t now = cs_timestamp(model);
        *cs_reg(model, CS_TIMESTAMP_INDEX) = (uint32_t)now;
        *cs_reg(model, CS_TIMESTAMP_UDW_INDEX) = (uint32_t)(now >> 32);
    }
}

void cs_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* registers answer at once */
    cs_engine_model *model = self;
    /* gen6: PP_DIR_BASE's read copy (i915 RING_PP_DIR_BASE_READ, base + 0x518, read by the gen6
     * hang capture); gen8+ has its submit queue there, so the offset is EXECLIST_SQ_ELEMENT1_LO's. */
    if (model->config.profile == CS_PROFILE_GEN6 && payload->command == TLM_CMD_READ &&
        payload->address == CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET && payload->length == 4 && !payload->byte_enable) {
        uint32_t value = *cs_reg(model, CS_PP_DIR_BASE_INDEX);
        for (uint32_t i = 0; i < 4; i++)
            payload->data[i] = (uint8_t)(value >> (8 * i));
        payload->response = TLM_STATUS_OK;
        return;
    }
    /* No register at the offset (absent on this engine and profile, or a hole of the block): the
     * block answers "nothing here", and the GT's BAR gives it the unimplemented-offset behaviour
     * and logs it once (docs/reference/gt.md "Unimplemented offsets"). */
    if (hidden(model, payload->address) ||
        (payload->address < model->registers.block->size &&
         tlm_register_find(model->registers.block, (uint32_t)payload->address & ~3u) < 0)) {
        tlm_log_debug(model->log, "no register at offset 0x%llx on this engine and profile (docs/reference/cs.md \"Registers\")",
                      (unsigned long long)payload->address);
        if (!tlm_payload_answer_hole(payload))
            payload->response = TLM_STATUS_ADDRESS_ERROR;
        return;
    }
    tlm_register_file_b_transport(&model->registers, payload);
}

uint32_t cs_transport_dbg(void *self, tlm_payload *payload)
{
    /* Debug reads see register values without side effects; debug writes are refused. */
    cs_engine_model *model = self;
    if (!tlm_register_dbg_readable(payload) || payload->address >= model->registers.block->size ||
        hidden(model, payload->address))
        return 0;
    return tlm_register_file_read_dbg(&model->registers, payload, payload->address);
}

/* The gen6 HWS_PGA window: one register at offset 0 of its mapping. */
void cs_hws_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    cs_engine_model *model = self;
    uint64_t address = payload->address;
    if (address < 4)
        payload->address = CS_HWS_PGA_OFFSET + address;
    else
        payload->address = CS_BLOCK_SIZE; /* beyond the block: an address error */
    tlm_register_file_b_transport(&model->registers, payload);
    payload->address = address;
}
