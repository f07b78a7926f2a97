#include "tlm_kernel.h"

#include <assert.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>

#include "tlm_alloc.h"
#include "tlm_trace.h"

/* A kernel-owned one-shot event (tlm_kernel_schedule); `event` must stay the first member
 * so the trampoline can recover the wrapper from the event's context. */
typedef struct tlm_oneshot {
    tlm_event event;            /* the scheduled event; its context is this wrapper */
    tlm_kernel *kernel;         /* whose free list it returns to */
    tlm_event_fn fn;            /* the user's callback */
    void *context;              /* the user's context */
    struct tlm_oneshot *next;   /* free-list link while unused */
} tlm_oneshot;

struct tlm_kernel {
    tlm_kernel_time time;         /* must stay first: tlm_kernel_now reads it inline */
    uint64_t next_sequence;       /* insertion counter: ties at equal time run in this order */
    tlm_event **heap;             /* binary min-heap on (time, sequence) */
    uint32_t heap_count;          /* events pending */
    size_t heap_capacity;         /* slots allocated */
    uint64_t foreground_pending;  /* pending events that are not background */
    uint64_t events_executed;     /* events run since creation */
    uint64_t delta_limit;         /* most events at one time in one run */
    bool in_event;                /* an event function is running */
    bool stop_requested;          /* tlm_kernel_stop was called during this run */
    tlm_time run_limit;           /* while running: the latest time this run executes events at */
    tlm_time run_current;         /* while running: time of the last event run (delta counting) */
    uint64_t run_at_this_time;    /* while running: events run at run_current (delta counting) */
    tlm_oneshot *free_oneshots;   /* recycled one-shot wrappers */
    tlm_logger *logger;           /* the kernel's logger, time-stamped with now */
    tlm_log_block *log;           /* the kernel's own log block */
    tlm_trace_log trace_log;      /* the log's trace rows while a tracer is installed */
};

_Static_assert(offsetof(struct tlm_kernel, time) == 0, "tlm_kernel_now reads the first member");

static tlm_time kernel_clock(const void *kernel)
{
    return tlm_kernel_now(kernel);
}

/* ---- queue --------------------------------------------------------------------------- */

static bool event_before(const tlm_event *a, const tlm_event *b)
{
    return a->time < b->time || (a->time == b->time && a->sequence < b->sequence);
}

static void heap_place(tlm_kernel *kernel, uint32_t index, tlm_event *event)
{
    kernel->heap[index] = event;
    event->heap_index = index;
}

static void heap_sift_up(tlm_kernel *kernel, uint32_t index)
{
    tlm_event *event = kernel->heap[index];
    while (index > 0) {
        uint32_t parent = (index - 1) / 2;
        if (!event_before(event, kernel->heap[parent]))
            break;
        heap_place(kernel, index, kernel->heap[parent]);
        index = parent;
    }
    heap_place(kernel, index, event);
}

static void heap_sift_down(tlm_kernel *kernel, uint32_t index)
{
    tlm_event *event = kernel->heap[index];
    for (;;) {
        uint32_t child = 2 * index + 1;
        if (child >= kernel->heap_count)
            break;
        if (child + 1 < kernel->heap_count && event_before(kernel->heap[child + 1], kernel->heap[child]))
            child++;
        if (!event_before(kernel->heap[child], event))
            break;
        heap_place(kernel, index, kernel->heap[child]);
        index = child;
    }
    heap_place(kernel, index, event);
}

static void heap_remove(tlm_kernel *kernel, tlm_event *event)
{
    uint32_t index = event->heap_index;
    assert(index < kernel->heap_count && kernel->heap[index] == event);
    event->heap_index = TLM_EVENT_IDLE;
    if (!event->background)
        kernel->foreground_pending--;
    tlm_event *last = kernel->heap[--kernel->heap_count];
    if (last == event)
        return;
    heap_place(kernel, index, last);
    /* The moved event may belong above or below its new slot. */
    heap_sift_up(kernel, index);
    heap_sift_down(kernel, last->heap_index);
}

static void heap_insert(tlm_kernel *kernel, tlm_event *event)
{
    kernel->heap = tlm_alloc_grow(kernel->heap, &kernel->heap_capacity, (size_t)kernel->heap_count + 1,
                                  sizeof *kernel->heap, 64);
    if (!event->background)
        kernel->foreground_pending++;
    heap_place(kernel, kernel->heap_count++, event);
    heap_sift_up(kernel, event->heap_index);
}

/* ---- events -------------------------------------------------------------------------- */

void tlm_event_init(tlm_event *event, const char *name, tlm_event_fn fn, void *context)
{
    *event = (tlm_event){ .fn = fn, .context = context, .name = name, .heap_index = TLM_EVENT_IDLE };
}

void tlm_event_set_background(tlm_event *event, bool background)
{
    assert(!tlm_event_pending(event) && "changing the kind of a pending event would corrupt the counts");
    event->background = background;
}

void tlm_event_notify(tlm_kernel *kernel, tlm_event *event, tlm_time delay)
{
    if (tlm_event_pending(event))
        heap_remove(kernel, event);
    event->time = tlm_time_add_saturating(kernel->time.now, delay);
    event->sequence = kernel->next_sequence++;
    heap_insert(kernel, event);
}

void tlm_event_cancel(tlm_kernel *kernel, tlm_event *event)
{
    if (tlm_event_pending(event))
        heap_remove(kernel, event);
}

static void oneshot_fire(void *context)
{
    tlm_oneshot *oneshot = context;
    tlm_kernel *kernel = oneshot->kernel;
    tlm_event_fn fn = oneshot->fn;
    void *user_context = oneshot->context;
    /* Recycle before calling so a callback that schedules again reuses this wrapper. */
    oneshot->next = kernel->free_oneshots;
    kernel->free_oneshots = oneshot;
    fn(user_context);
}

void tlm_kernel_schedule(tlm_kernel *kernel, tlm_time delay, tlm_event_fn fn, void *context)
{
    tlm_oneshot *oneshot = kernel->free_oneshots;
    if (oneshot) {
        kernel->free_oneshots = oneshot->next;
    } else {
        oneshot = tlm_alloc_zeroed(1, sizeof *oneshot);
    }
    oneshot->kernel = kernel;
    oneshot->fn = fn;
    oneshot->context = context;
    oneshot->next = NULL;
    tlm_event_init(&oneshot->event, "oneshot", oneshot_fire, oneshot);
    tlm_event_notify(kernel, &oneshot->event, delay);
}

/* ---- kernel -------------------------------------------------------------------------- */

tlm_kernel *tlm_kernel_create(void)
{
    tlm_kernel *kernel = tlm_alloc_zeroed(1, sizeof *kernel);
    kernel->delta_limit = 1000000;
    kernel->logger = tlm_logger_create(kernel_clock, kernel);
    kernel->log = tlm_logger_block(kernel->logger, "kernel");
    return kernel;
}

void tlm_kernel_destroy(tlm_kernel *kernel)
{
    if (!kernel)
        return;
    if (kernel->time.tracer) /* the sink may outlive the kernel: it must stop reading its time */
        tlm_kernel_set_tracer(kernel, NULL);
    /* Pending one-shots are the kernel's to free; block-owned events are not. */
    for (uint32_t i = 0; i < kernel->heap_count; i++) {
        tlm_event *event = kernel->heap[i];
        event->heap_index = TLM_EVENT_IDLE;
        if (event->fn == oneshot_fire)
            free(event->context);
    }
    for (tlm_oneshot *oneshot = kernel->free_oneshots; oneshot;) {
        tlm_oneshot *next = oneshot->next;
        free(oneshot);
        oneshot = next;
    }
    free(kernel->heap);
    tlm_logger_destroy(kernel->logger);
    free(kernel);
}

tlm_logger *tlm_kernel_logger(tlm_kernel *kernel)
{
    return kernel->logger;
}

void tlm_kernel_set_tracer(tlm_kernel *kernel, const tlm_tracer *tracer)
{
    const tlm_tracer *old = kernel->time.tracer;
    if (old && old->ops->attach)
        old->ops->attach(old->sink, kernel, false);
    kernel->time.tracer = tracer;
    tlm_trace_log_attach(&kernel->trace_log, kernel);
    if (tracer && tracer->ops->attach)
        tracer->ops->attach(tracer->sink, kernel, true);
}

void tlm_kernel_stop(tlm_kernel *kernel)
{
    kernel->stop_requested = true;
}

void tlm_kernel_set_delta_limit(tlm_kernel *kernel, uint64_t events_per_time)
{
    kernel->delta_limit = events_per_time ? events_per_time : 1;
}

uint64_t tlm_kernel_pending_foreground(const tlm_kernel *kernel)
{
    return kernel->foreground_pending;
}

uint64_t tlm_kernel_events_executed(const tlm_kernel *kernel)
{
    return kernel->events_executed;
}

bool tlm_kernel_in_event(const tlm_kernel *kernel)
{
    return kernel->in_event;
}

/* Runs events due at or before `limit`. With until_idle it also stops as soon as no
 * foreground event is pending. Sets now to limit when it ran out of due events (and, with
 * until_idle, work remains). */
static tlm_run_status kernel_run(tlm_kernel *kernel, tlm_time limit, bool until_idle)
{
    if (kernel->in_event) {
        tlm_log_error(kernel->log, "a run was requested from inside an event; refused");
        return TLM_RUN_REENTERED;
    }
    kernel->stop_requested = false;
    kernel->run_limit = limit;
    kernel->run_at_this_time = 0;
    kernel->run_current = kernel->time.now;
    while (kernel->heap_count > 0) {
        if (until_idle && kernel->foreground_pending == 0)
            return TLM_RUN_IDLE;
        tlm_event *event = kernel->heap[0];
        if (event->time > limit)
            break;
        if (event->time == kernel->run_current) {
            if (++kernel->run_at_this_time > kernel->delta_limit) {
                tlm_log_error(kernel->log,
                              "more than %" PRIu64 " events at one time (last: %s): zero-delay loop; run stopped",
                              kernel->delta_limit, event->name ? event->name : "unnamed");
                return TLM_RUN_DELTA_LIMIT;
            }
        } else {
            kernel->run_current = event->time;
            kernel->run_at_this_time = 1;
        }
        heap_remove(kernel, event);
        kernel->time.now = event->time;
        kernel->in_event = true;
        event->fn(event->context);
        kernel->in_event = false;
        kernel->events_executed++;
        if (kernel->stop_requested)
            return TLM_RUN_STOPPED;
    }
    if (until_idle && kernel->foreground_pending == 0)
        return TLM_RUN_IDLE;
    kernel->time.now = limit;
    return until_idle ? TLM_RUN_BOUND_HIT : TLM_RUN_TIME_REACHED;
}

bool tlm_kernel_continue_at(tlm_kernel *kernel, tlm_time time)
{
    /* What kernel_run's loop would do next if the caller returned after notifying a foreground
     * event at `time`: it runs that event next only when it is due within the run, no stop was
     * requested and every pending event is later (one at the same time was queued earlier and
     * would run first). A later time only, so the delta count starts over as the loop's would. */
    if (!kernel->in_event || kernel->stop_requested || time <= kernel->time.now || time > kernel->run_limit ||
        (kernel->heap_count > 0 && kernel->heap[0]->time <= time))
        return false;
    kernel->events_executed++; /* the caller's event is over... */
    kernel->run_current = time; /* ...and the next one, the caller going on, starts at `time` */
    kernel->run_at_this_time = 1;
    kernel->time.now = time;
    return true;
}

tlm_run_status tlm_kernel_run_for(tlm_kernel *kernel, tlm_time duration)
{
    return kernel_run(kernel, tlm_time_add_saturating(kernel->time.now, duration), false);
}

tlm_run_status tlm_kernel_run_until_idle(tlm_kernel *kernel, tlm_time max_duration)
{
    return kernel_run(kernel, tlm_time_add_saturating(kernel->time.now, max_duration), true);
}

const char *tlm_run_status_name(tlm_run_status status)
{
    switch (status) {
    case TLM_RUN_TIME_REACHED: return "time reached";
    case TLM_RUN_IDLE: return "idle";
    case TLM_RUN_BOUND_HIT: return "bound hit";
    case TLM_RUN_DELTA_LIMIT: return "delta limit";
    case TLM_RUN_STOPPED: return "stopped";
    case TLM_RUN_REENTERED: return "reentered";
    }
    return "invalid-status";
}
