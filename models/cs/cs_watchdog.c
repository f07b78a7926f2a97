/* The watchdog counter (spec 000 §1.1.6; docs/reference/cs.md): PR_CTR counts GT clocks while started by
 * PR_CTR_CTL, and reaching PR_CTR_THRSH raises the Timeout Counter Expired event and rolls over. */
#include "cs_engine_internal.h"

/* ---- watchdog counter (spec 000 §1.1.6) --------------------------------------------------- */

/* The counter now: GT clocks since it was last 0 ("It increments with the main render clock"). */
uint32_t cs_watchdog_count(cs_engine_model *model)
{
    if (!model->watchdog_running)
        return 0;
    return (uint32_t)((tlm_kernel_now(model->kernel) - model->watchdog_zero) / model->config.clock_period);
}

/* Schedules the expiry for the current count and threshold; a threshold at or below the count
 * (moved under a running counter) expires at once; threshold 0 counts as 1 clock so the
 * interrupts, however frequent, advance time (docs/reference/cs.md). */
void cs_watchdog_schedule(cs_engine_model *model)
{
    uint32_t threshold = *cs_reg(model, CS_PR_CTR_THRSH_INDEX);
    if (threshold == 0)
        threshold = 1;
    uint32_t count = cs_watchdog_count(model);
    tlm_time delay = count >= threshold ? 0 : (tlm_time)(threshold - count) * model->config.clock_period;
    tlm_event_notify(model->kernel, &model->watchdog_expire, delay);
}

/* The threshold is reached: the Timeout Counter Expired interrupt (spec 000 §1.1.7 bit 6, a
 * pulse), and the counter "rolls over and starts counting again". */
void cs_watchdog_expired(void *context)
{
    cs_engine_model *model = context;
    model->stats.watchdog_timeouts++;
    cs_send_event(model, ISR_TIMEOUT);
    cs_isr_changed(model, ISR_TIMEOUT);
    model->watchdog_zero = tlm_kernel_now(model->kernel);
    cs_watchdog_schedule(model);
}

/* PR_CTR_CTL written: 0 starts the counter (a running one keeps counting), 1 stops it and
 * resets it to 0; other values by their bit 0 (docs/reference/cs.md). */
void cs_watchdog_control(cs_engine_model *model, uint32_t value)
{
    if (value > 1u)
        tlm_log_warning(model->log, "PR_CTR_CTL 0x%x: only 0 (start) and 1 (stop) are defined; bit 0 used", value);
    if (value & 1u) {
        model->watchdog_running = false;
        tlm_event_cancel(model->kernel, &model->watchdog_expire);
        return;
    }
    if (!model->watchdog_running) {
        model->watchdog_running = true;
        model->watchdog_zero = tlm_kernel_now(model->kernel);
    }
    cs_watchdog_schedule(model);
}
