/* A level signal of 1 to 64 bits (interrupt lines, the host interrupt). Setting a different
 * value calls every change listener at once, in registration order, with the old and new
 * values; setting the same value calls nobody. A traced signal (tlm_signal_trace in
 * tlm_trace.h) also records every change in the waveform. */
#ifndef TLM_SIGNAL_H
#define TLM_SIGNAL_H

#include <stdint.h>

#include "tlm_callback_list.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_signal tlm_signal;
typedef void (*tlm_signal_change_fn)(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value);

struct tlm_signal {
    const char *name;                /* for logs and traces */
    unsigned width;                  /* bits, 1..64; values are masked to it */
    uint64_t value;                  /* current level */
    uint64_t changes;                /* how many times the value changed */
    tlm_callback_list listeners;     /* tlm_signal_change_fn entries */
    struct tlm_kernel *trace_kernel; /* time base of the trace (tlm_signal_trace), NULL when untraced */
    uint32_t trace_id;               /* its trace row (tlm_trace_id), 0 when untraced: one test per change */
};

/* width outside 1..64 is clamped into it. */
void tlm_signal_init(tlm_signal *signal, const char *name, unsigned width, uint64_t initial_value);
void tlm_signal_destroy(tlm_signal *signal);
void tlm_signal_listen(tlm_signal *signal, tlm_signal_change_fn fn, void *context);
void tlm_signal_unlisten(tlm_signal *signal, tlm_signal_change_fn fn, void *context);
void tlm_signal_set(tlm_signal *signal, uint64_t value);

static inline uint64_t tlm_signal_get(const tlm_signal *signal)
{
    return signal->value;
}

#ifdef __cplusplus
}
#endif

#endif
