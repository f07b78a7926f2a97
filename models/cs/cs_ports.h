/* The engine's ports to the units beside it, for those units (the EU array, models/eu) without
 * the whole engine API: the EU-array port that takes walkers and MI_REPORT_PERF_COUNT, the
 * statistics port the engine reads TS_GPGPU_THREADS_DISPATCHED through, and the two calls
 * that connect them to an engine (docs/reference/cs.md "Walkers", "Statistics from the EU array").
 * cs_engine.h includes it. */
#ifndef CS_PORTS_H
#define CS_PORTS_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One command streamer engine (cs_engine.h); opaque to a port. */
typedef struct cs_engine_model cs_engine_model;

/* ---- the EU-array port (docs/reference/cs.md "Walkers") --------------------------------------------
 * GPGPU_WALKER, COMPUTE_WALKER (gen12) and MI_REPORT_PERF_COUNT (both) are parsed here and
 * handed to the EU array through this port; the EU array (models/eu) implements it. The engine
 * counts the work outstanding until the port calls the completion; PIPE_CONTROL with
 * cs_stall waits for every outstanding one (at most CS_WALKER_STALL_CYCLES GT clocks). */

typedef struct cs_walker_request {
    const cs_command *command; /* the command's table entry (its name: command->name) */
    const uint32_t *dwords;    /* the command's dwords, valid during the submit call only */
    uint32_t length;           /* dwords of the command */
    cs_engine engine;          /* the submitting engine */
    uint8_t instance;          /* its instance */
    bool secure;               /* issued from the ring or a secure batch */
    bool has_context;          /* an execlist context is loaded (gen12): context_id is valid */
    uint32_t context_id;       /* its software context id (the CSB's): OA counts per context */
} cs_walker_request;

/* What the port calls, once, when the work of a request is complete (at any later time, or
 * from inside submit). A completion issued before an engine reset is ignored after it. */
typedef struct cs_walker_completion {
    void (*done)(void *engine, uint64_t ticket); /* the engine's completion function */
    void *engine;                                /* its context: the engine */
    uint64_t ticket;                             /* which request (and the engine's reset generation) */
} cs_walker_completion;

static inline void cs_walker_complete(const cs_walker_completion *completion)
{
    completion->done(completion->engine, completion->ticket);
}

typedef struct cs_walker_port {
    /* Takes a request; NULL: no EU array connected (the engine logs a warning and completes
     * the request at once). */
    void (*submit)(void *context, const cs_walker_request *request, cs_walker_completion completion);
    /* The engine loaded an execlist context (has_context) or went idle; NULL: not told. The
     * OA unit's context-switch reports and per-context counters follow it. */
    void (*context_switch)(void *context, bool has_context, uint32_t context_id);
    void *context; /* the port's context */
} cs_walker_port;

/* ---- the statistics port (docs/reference/cs.md "Statistics from the EU array") -----------------------
 * TS_GPGPU_THREADS_DISPATCHED (spec 000 §1.1.12.1, render only) counts what the EU array
 * dispatched; the EU array answers through this port. Without a port the count stays at the
 * value last written (reset value 0). */
typedef struct cs_statistics_port {
    uint64_t (*threads_dispatched)(void *context); /* GPGPU threads the EU array dispatched */
    void *context;                                 /* the EU array */
} cs_statistics_port;

/* Connects (or, with submit NULL, disconnects) the EU-array port. */
void cs_engine_set_walker_port(cs_engine_model *model, const cs_walker_port *port);
/* Connects (or, with NULL or threads_dispatched NULL, disconnects) the statistics port; the
 * register keeps its value and counts the port's dispatches from now on. */
void cs_engine_set_statistics_port(cs_engine_model *model, const cs_statistics_port *port);

#ifdef __cplusplus
}
#endif

#endif /* CS_PORTS_H */
