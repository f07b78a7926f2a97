#include "tlm_clock.h"

static void call_edge_listeners(tlm_clock *clock, const tlm_callback_list *listeners)
{
    /* Index loop: a listener may add listeners; new ones join from the next edge's count. */
    size_t count = listeners->count;
    for (size_t i = 0; i < count && i < listeners->count; i++) {
        tlm_clock_edge_fn fn = (tlm_clock_edge_fn)listeners->entries[i].fn;
        fn(listeners->entries[i].context, clock, clock->cycles);
    }
}

static tlm_time high_time(const tlm_clock *clock)
{
    return clock->period / 2;
}

static void clock_edge(void *context)
{
    tlm_clock *clock = context;
    if (!clock->level) {
        clock->cycles++;
        /* A falling edge nobody listens to is not scheduled: the next event is the next
         * rising edge, which halves the kernel's work for an RTL clock. */
        if (clock->falling_listeners.count) {
            clock->level = true;
            tlm_event_notify(clock->kernel, &clock->edge_event, high_time(clock));
        } else {
            tlm_event_notify(clock->kernel, &clock->edge_event, clock->period);
        }
        /* Scheduled before the listeners run, so one that stops the clock wins. */
        call_edge_listeners(clock, &clock->rising_listeners);
    } else {
        clock->level = false;
        tlm_event_notify(clock->kernel, &clock->edge_event, clock->period - high_time(clock));
        call_edge_listeners(clock, &clock->falling_listeners);
    }
}

void tlm_clock_init(tlm_clock *clock, tlm_kernel *kernel, const char *name, tlm_time period,
                    tlm_time first_edge_delay)
{
    *clock = (tlm_clock){ .kernel = kernel, .name = name, .period = period < 2 ? 2 : period };
    tlm_event_init(&clock->edge_event, name, clock_edge, clock);
    tlm_event_set_background(&clock->edge_event, true);
    tlm_clock_start(clock, first_edge_delay);
}

void tlm_clock_destroy(tlm_clock *clock)
{
    tlm_clock_stop(clock);
    tlm_callback_list_free(&clock->rising_listeners);
    tlm_callback_list_free(&clock->falling_listeners);
}

void tlm_clock_on_rising(tlm_clock *clock, tlm_clock_edge_fn fn, void *context)
{
    tlm_callback_list_add(&clock->rising_listeners, (tlm_callback_fn)fn, context);
}

void tlm_clock_on_falling(tlm_clock *clock, tlm_clock_edge_fn fn, void *context)
{
    tlm_callback_list_add(&clock->falling_listeners, (tlm_callback_fn)fn, context);
}

void tlm_clock_remove_rising(tlm_clock *clock, tlm_clock_edge_fn fn, void *context)
{
    tlm_callback_list_remove(&clock->rising_listeners, (tlm_callback_fn)fn, context);
}

void tlm_clock_stop(tlm_clock *clock)
{
    tlm_event_cancel(clock->kernel, &clock->edge_event);
    clock->running = false;
}

void tlm_clock_start(tlm_clock *clock, tlm_time delay)
{
    /* The next edge is a rising one: the level is low while stopped. */
    clock->level = false;
    clock->running = true;
    tlm_event_notify(clock->kernel, &clock->edge_event, delay);
}

tlm_time tlm_clock_next_rising_edge(const tlm_clock *clock)
{
    if (!clock->running || !tlm_event_pending(&clock->edge_event))
        return TLM_TIME_MAX;
    /* While high, the pending edge is the falling one; the rising edge follows it. */
    return clock->level ? clock->edge_event.time + (clock->period - high_time(clock)) : clock->edge_event.time;
}
