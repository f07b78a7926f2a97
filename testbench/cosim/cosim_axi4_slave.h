/* AXI4 slave-side transactor: the C side answers an RTL bus master. The RTL master's AR/R and
 * AW/W/B traffic (INCR, WRAP and FIXED bursts, narrow transfers, write strobes, IDs with
 * several transactions outstanding) becomes b_transport calls into a tlm target (graphics
 * memory, an MMIO router), and the target's answers come back as read data and responses.
 * docs/design/cosim.md "AXI4 transactors" describes the mapping and the timing.
 *
 * Beats to transactions. A write burst becomes one write payload over the bytes the burst
 * touches (INCR: start address to the end of the last beat; WRAP: the whole wrap region),
 * with byte enables from the strobes of each beat's lanes, issued when the address and the
 * last data beat are both in; a FIXED burst becomes one payload per beat, in beat order. A
 * read burst becomes one read payload (FIXED: one per beat) at its AR handshake, and its
 * beats are then offered on R. Reads issued after a write's B see that write.
 *
 * Ordering. Reads of one ID complete in the order of their AR, as do writes of one ID; bursts
 * of different IDs may complete in any order (IHI 0022E chapter A5 "Transaction Identifiers"): with a random delay pattern
 * on R (B) the transactor picks at random among the ready bursts, one per ID, else the oldest.
 * Beats of different bursts are not interleaved on R unless interleave_reads is set: then,
 * under a random R pattern, the burst on R is picked again after every beat taken, so beats of
 * bursts of different IDs interleave (IHI 0022E chapter A5, Transaction Identifiers: read data
 * of different IDs may interleave; beats of one ID stay in order, and a beat once offered is
 * held until taken).
 *
 * Responses. tlm OK -> OKAY, ADDRESS_ERROR -> DECERR, any other error -> SLVERR (as the
 * AXI4-Lite transactor maps the other way, cosim_axi_lite_transactor.h); every beat of a read
 * payload carries its response. A burst that breaks the protocol (illegal burst, WLAST not
 * on the counted last beat) is answered SLVERR without touching the target, logged and
 * counted; the RTL checker (rtl/axi/axi4_checker.sv) reports it too. A write whose strobes
 * are all low touches nothing and answers OKAY.
 *
 * Bounds. At most max_reads reads and max_writes writes are accepted and not yet answered
 * (ARREADY/AWREADY low at the limit); up to 256 write data beats may wait for their address
 * (WREADY low beyond). A target's annotated delay holds the response back by that many clock
 * periods (rounded up, at most 1000 cycles). An R or B offered and not taken for
 * timeout_cycles is logged once.
 *
 * Timing. One call of the cycle function per rising edge: the transactor first decides what it
 * drives for the cycle (READY from the delay patterns and the free room, R and B from the
 * answered bursts; never from the master's VALID of the same cycle: no combinational path),
 * the wrapper applies it and reports the master's outputs before the edge, and the handshakes
 * of that edge follow from both. With a clock the transactor steps once at each of its rising
 * edges; without, the caller steps it (cosim_axi4_slave_run). */
#ifndef COSIM_AXI4_SLAVE_H
#define COSIM_AXI4_SLAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_delay.h"
#include "cosim_axi4_pins.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One clock cycle of an RTL master: drive the slave-side pins `in`, report the master's
 * outputs before the rising edge in `out`, then clock it. */
typedef void (*cosim_axi4_master_cycle_fn)(void *rtl, const cosim_axi4_response_pins *in,
                                           cosim_axi4_request_pins *out);

typedef struct cosim_axi4_slave_config {
    const char *name;                          /* instance name for logs */
    tlm_kernel *kernel;                        /* time base and logger */
    tlm_clock *clock;                          /* the RTL's clock; NULL: stepped by cosim_axi4_slave_run */
    tlm_time period;                           /* clock period without a clock (0: 1 ns); converts target delays */
    void *rtl;                                 /* wrapper handle passed to cycle */
    cosim_axi4_master_cycle_fn cycle;          /* steps the master one cycle */
    const tlm_target *target;                  /* where the bursts go */
    uint64_t base_address;                     /* added to every AXI address (the master's window in the target) */
    tlm_address_space address_space;           /* address space of the payloads */
    uint16_t initiator_id;                     /* initiator_id of the payloads */
    uint32_t max_reads;                        /* reads accepted and not answered at most (0: 8, at most 64) */
    uint32_t max_writes;                       /* writes accepted and not answered at most (0: 8, at most 64) */
    uint32_t timeout_cycles;                   /* R/B offered this long without READY is logged (0: 10000) */
    bool interleave_reads;                     /* under a random R pattern, R beats of different IDs interleave */
    cosim_axi4_delay delay[COSIM_AXI4_CHANNELS]; /* READY patterns of AW, W, AR; VALID patterns of R, B */
} cosim_axi4_slave_config;

typedef struct cosim_axi4_slave_stats {
    uint64_t reads;            /* read bursts answered */
    uint64_t writes;           /* write bursts answered */
    uint64_t read_beats;       /* R beats taken by the master */
    uint64_t write_beats;      /* W beats accepted */
    uint64_t error_responses;  /* bursts answered SLVERR or DECERR */
    uint64_t protocol_errors;  /* bursts that broke the protocol (answered SLVERR) */
    uint64_t stray_strobes;    /* beats with strobes outside their byte lanes (ignored) */
    uint64_t reordered;        /* bursts answered ahead of an older burst of another ID */
    uint64_t interleaved;      /* R beats given right after a beat of another burst that had beats left */
    uint64_t stalls_logged;    /* R or B offered for timeout_cycles without READY */
} cosim_axi4_slave_stats;

typedef struct cosim_axi4_slave cosim_axi4_slave;

cosim_axi4_slave *cosim_axi4_slave_create(const cosim_axi4_slave_config *config);
void cosim_axi4_slave_destroy(cosim_axi4_slave *slave);

/* Steps the RTL `cycles` clock cycles (without a clock; with one, the kernel's edges step it). */
void cosim_axi4_slave_run(cosim_axi4_slave *slave, uint64_t cycles);
/* No burst accepted and unanswered, no write data waiting. */
bool cosim_axi4_slave_idle(const cosim_axi4_slave *slave);
/* RTL cycles stepped so far. */
uint64_t cosim_axi4_slave_cycles(const cosim_axi4_slave *slave);
cosim_axi4_slave_stats cosim_axi4_slave_get_stats(const cosim_axi4_slave *slave);

#ifdef __cplusplus
}
#endif

#endif
