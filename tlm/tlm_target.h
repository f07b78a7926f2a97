/* The target interface every bus target implements (DESIGN §4): blocking transport with
 * time annotation, direct memory interface (DMI) and debug transport. A C model and the
 * transactor in front of its RTL twin expose the same interface, so the rest of the GT
 * cannot tell them apart. */
#ifndef TLM_TARGET_H
#define TLM_TARGET_H

#include <stdbool.h>
#include <stdint.h>

#include "tlm_payload.h"
#include "tlm_time.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A direct memory interface grant: bytes [start, end] of the target's address space
 * (as seen by the requester, after any interconnect rebasing) live at pointer[0 .. end-start]. */
typedef struct tlm_dmi_region {
    uint8_t *pointer;        /* host pointer to the byte at `start` */
    uint64_t start;          /* first address covered */
    uint64_t end;            /* last address covered (inclusive, as in TLM-2.0) */
    bool read_allowed;       /* loads through pointer are allowed */
    bool write_allowed;      /* stores through pointer are allowed (never over watched cachelines) */
    tlm_time read_latency;   /* time an initiator must add per read it makes through DMI */
    tlm_time write_latency;  /* time an initiator must add per write it makes through DMI */
} tlm_dmi_region;

/* Called by a target when grants it gave for [start, end] are no longer valid. */
typedef void (*tlm_dmi_invalidate_fn)(void *context, uint64_t start, uint64_t end);

typedef struct tlm_target {
    const char *name; /* instance name for logs */
    void *self;       /* the target object, passed back to every function below */
    /* Blocking transport: perform the transfer, set payload->response, add the time the
     * transfer takes to *delay (loosely timed: the caller's local time offset). */
    void (*b_transport)(void *self, tlm_payload *payload, tlm_time *delay);
    /* DMI request for payload->address; fills *dmi and returns true on a grant. NULL: never. */
    bool (*get_direct_mem_ptr)(void *self, tlm_payload *payload, tlm_dmi_region *dmi);
    /* Debug transport: no time, no side effects (no observers, no allocation on read);
     * returns the number of bytes transferred. NULL: not supported (0 bytes). */
    uint32_t (*transport_dbg)(void *self, tlm_payload *payload);
    /* Subscribe to DMI invalidations. NULL: the target never grants DMI. */
    void (*subscribe_dmi_invalidate)(void *self, tlm_dmi_invalidate_fn fn, void *context);
} tlm_target;

static inline void tlm_b_transport(const tlm_target *target, tlm_payload *payload, tlm_time *delay)
{
    target->b_transport(target->self, payload, delay);
}

static inline bool tlm_get_direct_mem_ptr(const tlm_target *target, tlm_payload *payload, tlm_dmi_region *dmi)
{
    return target->get_direct_mem_ptr && target->get_direct_mem_ptr(target->self, payload, dmi);
}

static inline uint32_t tlm_transport_dbg(const tlm_target *target, tlm_payload *payload)
{
    return target->transport_dbg ? target->transport_dbg(target->self, payload) : 0;
}

static inline void tlm_subscribe_dmi_invalidate(const tlm_target *target, tlm_dmi_invalidate_fn fn, void *context)
{
    if (target->subscribe_dmi_invalidate)
        target->subscribe_dmi_invalidate(target->self, fn, context);
}

#ifdef __cplusplus
}
#endif

#endif
