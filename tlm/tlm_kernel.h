/* The event kernel (DESIGN §4): owns simulated time in picoseconds and runs events in
 * (time, insertion sequence) order, so every run of the same stimulus is identical.
 *
 * Events are callbacks, not threads. An event object is owned by its block and is pending
 * at most once: notifying a pending event moves it to the new time and gives it a new
 * sequence number (it then runs after everything already scheduled at that time).
 *
 * Foreground events are work; background events (clock edges) keep time moving but do not
 * keep the kernel busy: run-until-idle stops when no foreground event is pending. */
#ifndef TLM_KERNEL_H
#define TLM_KERNEL_H

#include <stdbool.h>
#include <stdint.h>

#include "tlm_log.h"
#include "tlm_time.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_kernel tlm_kernel;
typedef void (*tlm_event_fn)(void *context);

typedef struct tlm_event {
    tlm_event_fn fn;      /* called when the event fires */
    void *context;        /* passed to fn */
    const char *name;     /* for logs */
    tlm_time time;        /* absolute time it fires at, while pending */
    uint64_t sequence;    /* insertion order, breaks ties at equal time */
    uint32_t heap_index;  /* position in the kernel's queue; TLM_EVENT_IDLE when not pending */
    bool background;      /* true: does not count as pending work for run-until-idle */
} tlm_event;

#define TLM_EVENT_IDLE UINT32_MAX

typedef enum tlm_run_status {
    TLM_RUN_TIME_REACHED,  /* run_for: the requested time was reached */
    TLM_RUN_IDLE,          /* run_until_idle: no foreground event is pending */
    TLM_RUN_BOUND_HIT,     /* run_until_idle: the time bound was reached with work still pending */
    TLM_RUN_DELTA_LIMIT,   /* more events at one time than the delta limit: a zero-delay loop */
    TLM_RUN_STOPPED,       /* an event called tlm_kernel_stop */
    TLM_RUN_REENTERED      /* a run was requested from inside an event; refused */
} tlm_run_status;

/* The first member of every kernel: what hot paths (the quantum keeper's need_sync, run on
 * every transaction; the trace hook's is-tracing-on test) read without a function call.
 * Everything else stays private. */
typedef struct tlm_kernel_time {
    tlm_time now;                   /* current simulated time */
    const struct tlm_tracer *tracer; /* trace sink (tlm_trace.h), NULL when tracing is off */
} tlm_kernel_time;

tlm_kernel *tlm_kernel_create(void);
void tlm_kernel_destroy(tlm_kernel *kernel);

/* Installs a trace sink (tlm_trace.h), or removes it with NULL. Install it right after
 * creating the kernel: blocks declare their trace rows when they are created. */
void tlm_kernel_set_tracer(tlm_kernel *kernel, const struct tlm_tracer *tracer);

static inline tlm_time tlm_kernel_now(const tlm_kernel *kernel)
{
    return ((const tlm_kernel_time *)(const void *)kernel)->now;
}
tlm_logger *tlm_kernel_logger(tlm_kernel *kernel);

void tlm_event_init(tlm_event *event, const char *name, tlm_event_fn fn, void *context);
/* Marks the event as background (clock-like) work. Only while it is not pending. */
void tlm_event_set_background(tlm_event *event, bool background);
/* Schedules (or moves) the event to now + delay. */
void tlm_event_notify(tlm_kernel *kernel, tlm_event *event, tlm_time delay);
/* Removes a pending event; no effect if it is not pending. */
void tlm_event_cancel(tlm_kernel *kernel, tlm_event *event);
static inline bool tlm_event_pending(const tlm_event *event)
{
    return event->heap_index != TLM_EVENT_IDLE;
}

/* One-shot foreground callback at now + delay, managed by the kernel (cannot be cancelled). */
void tlm_kernel_schedule(tlm_kernel *kernel, tlm_time delay, tlm_event_fn fn, void *context);

/* Runs every event due up to now + duration (inclusive), then sets now to that time.
 * Returns TLM_RUN_TIME_REACHED, or STOPPED / DELTA_LIMIT / REENTERED. */
tlm_run_status tlm_kernel_run_for(tlm_kernel *kernel, tlm_time duration);

/* Runs until no foreground event is pending, but never past now + max_duration: a bound
 * is mandatory so a model that never settles cannot hang the process. On IDLE, now is the
 * time of the last event run (or unchanged); on BOUND_HIT, now is now + max_duration. */
tlm_run_status tlm_kernel_run_until_idle(tlm_kernel *kernel, tlm_time max_duration);

/* For an event that would end by notifying itself (a foreground event) at `time` and run again
 * then: true when the kernel would run that notification next, because `time` is later than
 * now, within the current run's limit, no stop was requested, and every other pending event
 * is later than `time`. The kernel then counts the current event as executed and moves now to
 * `time`, exactly as if the notification had gone through the queue, and the caller goes on
 * in the same call (temporal decoupling at no cost to ordering: tlm_qk_sync_inline). False
 * otherwise, and outside an event: the caller notifies its event as usual. */
bool tlm_kernel_continue_at(tlm_kernel *kernel, tlm_time time);

/* From inside an event: the current run returns TLM_RUN_STOPPED after this event. */
void tlm_kernel_stop(tlm_kernel *kernel);

/* Most events a run may execute at a single time before it gives up with DELTA_LIMIT
 * (default 1,000,000), and logs an error. */
void tlm_kernel_set_delta_limit(tlm_kernel *kernel, uint64_t events_per_time);

/* Pending foreground events (work that run-until-idle waits for). */
uint64_t tlm_kernel_pending_foreground(const tlm_kernel *kernel);
/* Events executed since creation. */
uint64_t tlm_kernel_events_executed(const tlm_kernel *kernel);
/* True while the kernel is calling an event function. */
bool tlm_kernel_in_event(const tlm_kernel *kernel);

const char *tlm_run_status_name(tlm_run_status status);

#ifdef __cplusplus
}
#endif

#endif
