/* A periodic clock driven by the event kernel. Its edges are background events: a running
 * clock moves time but never keeps run-until-idle busy. Rising edges come at
 * start + k * period, falling edges half a period (rounded down) later; falling-edge events
 * are scheduled only while a falling listener exists. */
#ifndef TLM_CLOCK_H
#define TLM_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "tlm_callback_list.h"
#include "tlm_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_clock tlm_clock;
/* Called on an edge; cycle counts rising edges so far (the first rising edge is cycle 1). */
typedef void (*tlm_clock_edge_fn)(void *context, tlm_clock *clock, uint64_t cycle);

struct tlm_clock {
    tlm_kernel *kernel;                 /* the kernel its edges are scheduled on */
    const char *name;                   /* for logs and traces */
    tlm_time period;                    /* ps between rising edges, >= 2 */
    tlm_event edge_event;               /* the next edge */
    bool level;                         /* true between a rising and a falling edge; falling edges are
                                           only scheduled while someone listens to them */
    bool running;                       /* edges are being scheduled */
    uint64_t cycles;                    /* rising edges so far */
    tlm_callback_list rising_listeners; /* tlm_clock_edge_fn called on each rising edge */
    tlm_callback_list falling_listeners;/* tlm_clock_edge_fn called on each falling edge */
};

/* A clock of `period` ps (>= 2; smaller is raised to 2) whose first rising edge is at
 * now + first_edge_delay. It starts running at once. */
void tlm_clock_init(tlm_clock *clock, tlm_kernel *kernel, const char *name, tlm_time period,
                    tlm_time first_edge_delay);
void tlm_clock_destroy(tlm_clock *clock);

void tlm_clock_on_rising(tlm_clock *clock, tlm_clock_edge_fn fn, void *context);
void tlm_clock_on_falling(tlm_clock *clock, tlm_clock_edge_fn fn, void *context);
/* Removes a rising-edge listener added with tlm_clock_on_rising (no effect if absent). */
void tlm_clock_remove_rising(tlm_clock *clock, tlm_clock_edge_fn fn, void *context);

/* Stop cancels the pending edge; start resumes with a rising edge after `delay`. */
void tlm_clock_stop(tlm_clock *clock);
void tlm_clock_start(tlm_clock *clock, tlm_time delay);

/* Absolute time of the next rising edge; TLM_TIME_MAX while stopped. */
tlm_time tlm_clock_next_rising_edge(const tlm_clock *clock);

static inline uint64_t tlm_clock_cycles(const tlm_clock *clock)
{
    return clock->cycles;
}

#ifdef __cplusplus
}
#endif

#endif
