/* The application side of a doorbell (spec 001 "Application Flow"): ringing is an 8-byte
 * compare-exchange (LOCK CMPXCHG8B) on the doorbell line's QW0 = {DW0 status, DW1 cookie}:
 *   expect {active, cookie the client believes}, replace with {active, cookie + 1 (never 0)}
 *   success                          -> rung
 *   fail, DW0 bit 0 = 1 (bell there) -> another client moved the cookie: take the value read,
 *                                       increment it, try again (a race, counted)
 *   fail, DW0 bit 0 = 0              -> doorbell lost (the driver removed it)
 *
 * Atomicity: tlm payloads have no atomic attribute, so the compare-exchange is a read of the
 * 8 bytes and, if they match, one 8-byte write, issued back to back from one C call. The event
 * kernel runs one event at a time and nothing runs between the two b_transport calls, so no
 * other initiator can interleave: the pair is atomic in simulated time (zero time apart; the
 * memory's latencies are added to the caller's delay). The write is a single payload, so the
 * doorbell controller observes status and cookie together.
 *
 * Several threads sharing one doorbell are modelled as several simulated clients (each a
 * doorbell_app_client with its own belief of the cookie) interleaving as kernel events
 * (doorbell_app_agent), not as host pthreads: runs stay deterministic. docs/reference/doorbell.md. */
#ifndef DOORBELL_APP_H
#define DOORBELL_APP_H

#include <stdbool.h>
#include <stdint.h>

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Compare-exchange attempts one ring may take before it gives up (a bound: every loop ends). */
#define DOORBELL_APP_MAX_ATTEMPTS 64u

typedef enum doorbell_app_status {
    DOORBELL_APP_RUNG = 0,      /* the compare-exchange succeeded: the cookie was incremented */
    DOORBELL_APP_LOST,          /* the line's DW0 bit 0 read 0: the doorbell is gone, ask for a new one */
    DOORBELL_APP_BUS_ERROR,     /* the memory refused the read or the write */
    DOORBELL_APP_RETRY_LIMIT    /* DOORBELL_APP_MAX_ATTEMPTS races lost in a row */
} doorbell_app_status;

const char *doorbell_app_status_name(doorbell_app_status status);

/* One application thread using a doorbell. */
typedef struct doorbell_app_client {
    const tlm_target *memory;   /* where the doorbell line lives (the graphics memory) */
    uint64_t line;              /* the doorbell line's address */
    uint32_t cookie;            /* the cookie this client believes is in the line (0 at first use) */
    uint16_t initiator_id;      /* payload initiator id (tells clients apart in traces) */
    tlm_time delay;             /* time annotated by the client's accesses (loosely timed) */
    uint64_t rings;             /* successful rings */
    uint64_t races;             /* compare-exchanges lost to another client (spec outcome #2) */
} doorbell_app_client;

void doorbell_app_client_init(doorbell_app_client *client, const tlm_target *memory, uint64_t line,
                              uint16_t initiator_id);

/* The next cookie after `cookie`: +1, rolling over from FFFF_FFFFh to 1 (spec 001: 0 is
 * reserved). */
uint32_t doorbell_app_next_cookie(uint32_t cookie);

/* One 8-byte compare-exchange at `address`: if the QW there equals *expected, write
 * `replacement` and return true; otherwise store the QW read in *expected and return false.
 * *response gets the bus status (TLM_STATUS_OK on success or mismatch). */
bool doorbell_app_compare_exchange(doorbell_app_client *client, uint64_t address, uint64_t *expected,
                                   uint64_t replacement, tlm_status *response);

/* Rings the doorbell the way spec 001's application flow does (above). */
doorbell_app_status doorbell_app_ring(doorbell_app_client *client);

/* A simulated client as a kernel event: rings `count` times, one ring every `period`, starting
 * `start` after doorbell_app_agent_start. Stops early when the doorbell is lost. */
typedef struct doorbell_app_agent {
    doorbell_app_client client;   /* the client it drives */
    tlm_kernel *kernel;           /* where its events run */
    tlm_event event;              /* its next ring */
    tlm_time period;              /* time between rings */
    uint32_t remaining;           /* rings still to do */
    doorbell_app_status last;     /* result of its last ring */
} doorbell_app_agent;

void doorbell_app_agent_start(doorbell_app_agent *agent, tlm_kernel *kernel, tlm_time start, tlm_time period,
                              uint32_t count);

#ifdef __cplusplus
}
#endif

#endif
