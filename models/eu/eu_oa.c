/* gen12 OA buffer with timer-triggered, context-switch and final reports and its half-full
 * interrupt; the counting enable (docs/reference/oa.md "OA buffer").
 * Registers: eu_regs.toml (OAG block) and eu_ctx_regs.toml (OAGLBCTXCTRL), offsets from Linux
 * i915 (docs/facts.md "EU array"). While OACONTROL.COUNTER_ENABLE and
 * OAGLBCTXCTRL.TIMER_ENABLE are set, every 2 << TIMER_PERIOD timestamp ticks (i915
 * oa_exponent_to_ns) a report in the OAG format of spec 001 ("OAG Report Format (Counter
 * Select = 0b101)", the same layout as eu_report.c) is written at OATAILPTR and the tail
 * advances, wrapping inside [OABUFFER base, base + size). Software consumes by moving
 * OAHEADPTR. */
#include <string.h>

#include "eu_ctx_regs.h"
#include "eu_internal.h"
#include "eu_regs.h"

/* i915 OABUFFER_SIZE_128K (0 << 3) .. OABUFFER_SIZE_16M (7 << 3): 128 KiB << SIZE. */
#define EU_OA_BUFFER_MIN_BYTES (UINT64_C(128) << 10)
/* The largest exponent whose period is computed exactly (2 << 40 ticks is about 3 hours at
 * 19.2 MHz); larger ones are clamped (docs/reference/oa.md). */
#define EU_OA_MAX_EXPONENT 40u

/* ---- register map -------------------------------------------------------------------------- */

static uint32_t oa_reg(const eu_array *array, uint32_t index)
{
    return tlm_register_file_peek(&array->oa_regs, index);
}

static uint32_t ctx_reg(const eu_array *array)
{
    return tlm_register_file_peek(&array->oa_ctx_regs, EU_CTX_OAG_OAGLBCTXCTRL_INDEX);
}

static bool timer_on(const eu_array *array)
{
    return (oa_reg(array, EU_OAG_OACONTROL_INDEX) & EU_OAG_OACONTROL_COUNTER_ENABLE_MASK) &&
           (ctx_reg(array) & EU_CTX_OAG_OAGLBCTXCTRL_TIMER_ENABLE_MASK);
}

tlm_time eu_array_oa_timer_period(const eu_array *array)
{
    if (array->config.profile != CS_PROFILE_GEN12 || !timer_on(array))
        return 0;
    uint32_t exponent = (ctx_reg(array) & EU_CTX_OAG_OAGLBCTXCTRL_TIMER_PERIOD_MASK) >>
                        EU_CTX_OAG_OAGLBCTXCTRL_TIMER_PERIOD_SHIFT;
    if (exponent > EU_OA_MAX_EXPONENT)
        exponent = EU_OA_MAX_EXPONENT;
    /* 2 << E ticks of the 19.2 MHz timestamp (docs/reference/cs.md), in picoseconds, rounded up. */
    uint64_t ticks = UINT64_C(2) << exponent;
    return (tlm_time)((ticks * 1250000u + 23u) / 24u) * TLM_PS;
}

/* ---- the strobe ------------------------------------------------------------------------------ */

static void arm_timer(eu_array *array)
{
    tlm_time period = eu_array_oa_timer_period(array);
    if (period)
        tlm_event_notify(array->kernel, &array->oa_timer, period);
    else
        tlm_event_cancel(array->kernel, &array->oa_timer);
}

static void set_status(eu_array *array, uint32_t bits)
{
    array->oa_regs.values[EU_OAG_OASTATUS_STORAGE_INDEX] |= bits;
    tlm_register_file_trace_sync(&array->oa_regs);
}

/* The half-full interrupt (spec 001 "OA Interrupt Control Registers" bit 28): when a report
 * makes the buffer cross half its size; armed again once it is below half. */
static void half_full_check(eu_array *array, uint64_t used, uint64_t size)
{
    bool half = used >= size / 2u;
    if (half && !array->oa_half_full) {
        array->stats.oa_half_full++;
        if (array->config.irq.deliver) {
            irq_message message = { .engine_class = IRQ_CLASS_OTHER, .instance = IRQ_OTHER_WDOAPERF,
                                    .data = EU_OA_IRQ_HALF_FULL };
            array->config.irq.deliver(array->config.irq.self, &message);
        }
    }
    array->oa_half_full = half;
}

/* Writes one report of the global counts at OATAILPTR and advances it (spec 001 "OAG Report
 * Format"); a full buffer, a tail outside it or a refused write drop the report (OASTATUS). */
static void write_buffer_report(eu_array *array, uint32_t report_id)
{
    uint32_t control = oa_reg(array, EU_OAG_OACONTROL_INDEX);
    uint32_t format = (control & EU_OAG_OACONTROL_COUNTER_FORMAT_MASK) >> EU_OAG_OACONTROL_COUNTER_FORMAT_SHIFT;
    if (format != EU_OAG_OACONTROL_COUNTER_FORMAT_A32U40_A4U32_B8_C8) {
        if (!array->oa_format_warned)
            tlm_log_warning(array->log, "OA: counter format %u is not modelled (only 101b): no buffer reports", format);
        array->oa_format_warned = true;
        return;
    }
    uint32_t buffer = oa_reg(array, EU_OAG_OABUFFER_INDEX);
    uint64_t base = buffer & EU_OAG_OABUFFER_BASE_MASK;
    uint64_t size = EU_OA_BUFFER_MIN_BYTES << ((buffer & EU_OAG_OABUFFER_SIZE_MASK) >> EU_OAG_OABUFFER_SIZE_SHIFT);
    uint64_t head = oa_reg(array, EU_OAG_OAHEADPTR_INDEX) & EU_OAG_OAHEADPTR_HEAD_MASK;
    uint64_t tail = oa_reg(array, EU_OAG_OATAILPTR_INDEX) & EU_OAG_OATAILPTR_TAIL_MASK;
    uint32_t report_size = eu_report_size(array->config.profile);
    if (tail < base || tail >= base + size || head < base || head >= base + size) {
        tlm_log_error(array->log, "OA: head 0x%llx or tail 0x%llx outside the buffer [0x%llx, +0x%llx): report lost",
                      (unsigned long long)head, (unsigned long long)tail, (unsigned long long)base,
                      (unsigned long long)size);
        array->stats.oa_reports_dropped++;
        set_status(array, EU_OAG_OASTATUS_REPORT_LOST_MASK);
        return;
    }
    /* Full when one more report would make the tail catch up with the head (spec 000
     * OASTATUS1 "Buffer Overflow": tail - head > buffer size). */
    uint64_t used = (tail - head + size) % size;
    if (used + report_size >= size) {
        array->stats.oa_reports_dropped++;
        if (!(oa_reg(array, EU_OAG_OASTATUS_INDEX) & EU_OAG_OASTATUS_BUFFER_OVERFLOW_MASK))
            tlm_log_warning(array->log, "OA: buffer full (head 0x%llx tail 0x%llx): reports dropped",
                            (unsigned long long)head, (unsigned long long)tail);
        set_status(array, EU_OAG_OASTATUS_BUFFER_OVERFLOW_MASK);
        return;
    }
    uint8_t report[256];
    eu_array_build_report(array, report_id, report);
    bool ok = true;
    for (uint32_t offset = 0; ok && offset < report_size; offset += 64u) {
        tlm_time delay = 0;
        ok = eu_data_port(array, TLM_CMD_WRITE, tail + offset, report + offset, 64u, &delay);
    }
    if (!ok) {
        tlm_log_error(array->log, "OA: report write at 0x%llx refused: report lost", (unsigned long long)tail);
        array->stats.oa_reports_dropped++;
        set_status(array, EU_OAG_OASTATUS_REPORT_LOST_MASK);
        return;
    }
    array->stats.oa_reports++;
    tail += report_size;
    if (tail >= base + size)
        tail = base;
    array->oa_regs.values[EU_OAG_OATAILPTR_STORAGE_INDEX] = (uint32_t)tail;
    tlm_register_file_trace_sync(&array->oa_regs);
    half_full_check(array, used + report_size, size);
}

static void timer_report(void *context)
{
    eu_array *array = context;
    write_buffer_report(array, EU_RPT_ID_TIMER);
    arm_timer(array);
}

/* RPT_ID of a report the OA unit writes for `reason`, with Timer Enabled when it is. */
static uint32_t reason_id(const eu_array *array, uint32_t reason)
{
    return reason | (timer_on(array) ? EU_RPT_ID_TIMER_ENABLED : 0u);
}

void eu_oa_context_switch(void *context, bool has_context, uint32_t context_id)
{
    eu_array *array = context;
    eu_counters_set_context(array, has_context, context_id);
    /* spec 001 "Context Switch Triggered Reports": a context load on RCS writes a snapshot at
     * the next location of the OA buffer (report reason[3]). */
    if (array->config.profile == CS_PROFILE_GEN12 && has_context &&
        (oa_reg(array, EU_OAG_OACONTROL_INDEX) & EU_OAG_OACONTROL_COUNTER_ENABLE_MASK)) {
        array->stats.oa_context_reports++;
        write_buffer_report(array, reason_id(array, EU_RPT_ID_CONTEXT_SWITCH));
    }
}

/* ---- MMIO ------------------------------------------------------------------------------------ */

/* OACONTROL or OAGLBCTXCTRL changed (enable, format or period): restart the strobe from now
 * (spec 000 OACONTROL: the strobe's phase is not synchronised with the enable). Head, tail and
 * buffer writes leave the strobe alone. */
static void on_oa_write(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    eu_array *array = context;
    if (index != EU_OAG_OACONTROL_INDEX || old_value == new_value)
        return;
    bool was = old_value & EU_OAG_OACONTROL_COUNTER_ENABLE_MASK, now = new_value & EU_OAG_OACONTROL_COUNTER_ENABLE_MASK;
    if (was && !now) {
        /* spec 001 RPT_ID report reason[4] "GO transition from 1 to 0": the final counts go to
         * the buffer as counting stops (with the format in force until now). */
        array->oa_regs.values[EU_OAG_OACONTROL_STORAGE_INDEX] = old_value;
        array->stats.oa_final_reports++;
        write_buffer_report(array, EU_RPT_ID_COUNTING_STOPPED);
        array->oa_regs.values[EU_OAG_OACONTROL_STORAGE_INDEX] = new_value;
    }
    if (was != now)
        eu_counters_set_counting(array, now);
    arm_timer(array);
}

static void on_ctx_write(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)index;
    if (old_value != new_value)
        arm_timer(context);
}

static void oa_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    eu_array *array = self;
    tlm_register_file_b_transport(&array->oa_regs, payload);
}

static void oa_ctx_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    eu_array *array = self;
    tlm_register_file_b_transport(&array->oa_ctx_regs, payload);
}

const tlm_target *eu_array_oa_target(eu_array *array)
{
    return array->config.profile == CS_PROFILE_GEN12 ? &array->oa_target : NULL;
}

const tlm_target *eu_array_oa_ctx_target(eu_array *array)
{
    return array->config.profile == CS_PROFILE_GEN12 ? &array->oa_ctx_target : NULL;
}

/* ---- reset and init ---------------------------------------------------------------------------- */

void eu_oa_reset(eu_array *array)
{
    tlm_event_cancel(array->kernel, &array->oa_timer);
    tlm_register_file_reset(&array->oa_regs);
    tlm_register_file_reset(&array->oa_ctx_regs);
    array->oa_format_warned = false;
    /* Counting starts disabled on gen12 (OACONTROL resets to 0); gen6's OA registers are not
     * modelled, so its counters always count (docs/reference/oa.md). */
    array->oa_counting = array->config.profile == CS_PROFILE_GEN6;
    array->oa_busy_counting = false;
    array->oa_since = tlm_kernel_now(array->kernel);
    array->oa_global = (eu_oa_counts){ 0 };
    memset(array->oa_contexts, 0, sizeof array->oa_contexts);
    array->oa_uses = 0;
    array->oa_has_current = false;
    array->oa_half_full = false;
}

void eu_oa_init(eu_array *array)
{
    tlm_register_file_init(&array->oa_regs, &eu_regs, array->log);
    tlm_register_file_init(&array->oa_ctx_regs, &eu_ctx_regs, array->log);
    array->oa_regs.on_write = on_oa_write;
    array->oa_regs.context = array;
    array->oa_ctx_regs.on_write = on_ctx_write;
    array->oa_ctx_regs.context = array;
    array->oa_target = (tlm_target){ .name = "eu oag", .self = array, .b_transport = oa_b_transport };
    array->oa_ctx_target = (tlm_target){ .name = "eu oag ctx", .self = array, .b_transport = oa_ctx_b_transport };
    tlm_event_init(&array->oa_timer, "eu oa timer", timer_report, array);
    /* A free-running strobe must not keep run-until-idle busy (like a clock). */
    tlm_event_set_background(&array->oa_timer, true);
    array->oa_counting = array->config.profile == CS_PROFILE_GEN6;
    array->oa_since = tlm_kernel_now(array->kernel);
}

void eu_oa_destroy(eu_array *array)
{
    tlm_event_cancel(array->kernel, &array->oa_timer);
    tlm_register_file_destroy(&array->oa_regs);
    tlm_register_file_destroy(&array->oa_ctx_regs);
}
