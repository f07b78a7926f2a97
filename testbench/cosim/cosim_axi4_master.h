/* AXI4 master-side transactor: the C side drives a burst-capable RTL AXI4 slave. Two ways in:
 *   - as a tlm target (cosim_axi4_master_target): each b_transport becomes INCR bursts of
 *     full-width beats (split at 4 KiB boundaries and at 256 beats, IHI 0022E §A3.4.1), the
 *     payload's byte enables and ends become WSTRB, read data is taken from the enabled bytes;
 *   - as a burst engine (cosim_axi4_master_run): any bursts (INCR, WRAP, FIXED, narrow sizes,
 *     any strobes, any IDs) issued together, several outstanding, completed as the slave
 *     answers them (responses of one ID in order, across IDs in any order).
 * docs/design/cosim.md "AXI4 transactors" describes the mapping and the timing.
 *
 * Issue order: AW and AR each in the order of the burst list, W beats in the order of the
 * writes, a write's data offered once its address has been offered (choice, legal either way,
 * IHI 0022E §A3.3.1), or, with data_before_address, as soon as the write may be in flight, so
 * that its data can lead its address (a slave must then hold data it cannot place yet). Reads and writes of one run have no order between them
 * (AXI gives none); b_transport runs one payload at a time, so payloads stay ordered.
 * At most max_outstanding bursts are issued and not complete.
 *
 * Responses: RRESP/BRESP worst over the burst's beats, then to tlm as the AXI4-Lite transactor
 * maps them: OKAY/EXOKAY -> OK, SLVERR -> GENERIC_ERROR, DECERR -> ADDRESS_ERROR. R or B with an
 * ID no issued burst waits for, or RLAST not on the counted last beat, is logged and counted
 * (the RTL checker reports it too). When no handshake happens for timeout_cycles, the run is
 * abandoned: its incomplete bursts fail (SLVERR) with a log line, b_transport answers
 * GENERIC_ERROR; the RTL is then in an unknown state.
 *
 * Time: as the AXI4-Lite transactor (cosim_axi_lite_transactor.h): with a clock, every rising
 * edge steps the RTL one idle cycle; a b_transport requested at now + *delay first steps idle
 * cycles up to that time, then runs its bursts on the next edges and adds the time to the last
 * edge to *delay. */
#ifndef COSIM_AXI4_MASTER_H
#define COSIM_AXI4_MASTER_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_burst.h"
#include "cosim_axi4_delay.h"
#include "cosim_axi4_pins.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One clock cycle of an RTL slave: drive the master-side pins `in`, report the slave's outputs
 * before the rising edge in `out`, then clock it. */
typedef void (*cosim_axi4_slave_cycle_fn)(void *rtl, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out);

/* One burst for cosim_axi4_master_run. */
typedef struct cosim_axi4_burst {
    bool write;                          /* AW/W/B, else AR/R */
    uint8_t id;                          /* AxID (below 1 << COSIM_AXI4_ID_BITS) */
    cosim_axi4_burst_shape shape;        /* address, length, size, type */
    uint8_t prot;                        /* AxPROT */
    uint64_t data[COSIM_AXI4_MAX_BEATS]; /* write: WDATA of each beat; read: RDATA received */
    uint8_t strb[COSIM_AXI4_MAX_BEATS];  /* write: WSTRB of each beat */
    uint8_t resp;                        /* out: worst BRESP / RRESP */
    bool done;                           /* out: B taken / last R beat taken */
} cosim_axi4_burst;

typedef struct cosim_axi4_master_config {
    const char *name;                            /* instance name for logs */
    tlm_kernel *kernel;                          /* time base and logger */
    tlm_clock *clock;                            /* the RTL's clock (running); NULL: no tlm target use */
    void *rtl;                                   /* wrapper handle passed to cycle */
    cosim_axi4_slave_cycle_fn cycle;             /* steps the slave one cycle */
    unsigned address_bits;                       /* payload addresses must be below 1 << this (1..32; 0: 32) */
    uint32_t max_outstanding;                    /* bursts issued and not complete at most (0: 8) */
    uint32_t timeout_cycles;                     /* cycles without any handshake before a run is abandoned (0: 1000) */
    bool data_before_address;                    /* a write's W beats may be offered before its AW */
    cosim_axi4_delay delay[COSIM_AXI4_CHANNELS]; /* VALID patterns of AW, W, AR; READY patterns of R, B */
} cosim_axi4_master_config;

typedef struct cosim_axi4_master_stats {
    uint64_t bursts;          /* bursts completed */
    uint64_t beats;           /* W and R beats transferred */
    uint64_t protocol_errors; /* stray R/B IDs, RLAST off its beat */
    uint64_t abandoned;       /* runs abandoned after timeout_cycles without a handshake */
    uint64_t data_led;        /* W beats taken before their burst's AW handshake */
} cosim_axi4_master_stats;

typedef struct cosim_axi4_master cosim_axi4_master;

cosim_axi4_master *cosim_axi4_master_create(const cosim_axi4_master_config *config);
void cosim_axi4_master_destroy(cosim_axi4_master *master);

const tlm_target *cosim_axi4_master_target(cosim_axi4_master *master);
/* Issues `count` bursts and steps the RTL until all complete; true if they all did (each
 * burst's done and resp say how it ended). Illegal bursts are issued as given (to test a
 * slave's or the checker's reaction). */
bool cosim_axi4_master_run(cosim_axi4_master *master, cosim_axi4_burst *bursts, uint32_t count);
/* RTL cycles stepped so far (idle and busy). */
uint64_t cosim_axi4_master_cycles(const cosim_axi4_master *master);
cosim_axi4_master_stats cosim_axi4_master_get_stats(const cosim_axi4_master *master);

#ifdef __cplusplus
}
#endif

#endif
