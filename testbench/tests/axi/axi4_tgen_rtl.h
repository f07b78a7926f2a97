/* C API of the Verilated AXI4 traffic generator test top (rtl/axi/test/axi4_tgen_tb.sv: the
 * generator with the protocol checker on its port), for the slave transactor's tests. Cycle
 * semantics and failure reporting as every gtsim wrapper (docs/reference/rtl.md "The wrapper"):
 * inputs applied with the clock low, outputs sampled before the rising edge, assertion failures
 * counted and their last message kept. */
#ifndef AXI4_TGEN_RTL_H
#define AXI4_TGEN_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_pins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One burst for the generator (its command port). */
typedef struct axi4_tgen_command {
    bool write;    /* a write burst, else a read */
    uint8_t id;    /* AxID */
    uint32_t addr; /* AxADDR */
    uint8_t len;   /* AxLEN */
    uint8_t size;  /* AxSIZE */
    uint8_t burst; /* AxBURST */
    uint32_t seed; /* write data pattern seed (axi4_tgen_beat_data) */
    uint8_t strb;  /* mask ANDed with each beat's byte lanes to make WSTRB */
} axi4_tgen_command;

typedef struct axi4_tgen_rtl axi4_tgen_rtl;

axi4_tgen_rtl *axi4_tgen_rtl_create(void);
void axi4_tgen_rtl_destroy(axi4_tgen_rtl *rtl);
/* rst_ni low for `cycles` cycles (at least one) with idle inputs, then high. */
void axi4_tgen_rtl_reset(axi4_tgen_rtl *rtl, unsigned cycles);
/* Queues a command; the wrapper offers the queue's head on the command port every cycle. */
void axi4_tgen_rtl_push(axi4_tgen_rtl *rtl, const axi4_tgen_command *command);
/* Commands queued and not yet taken by the generator. */
uint32_t axi4_tgen_rtl_queued(const axi4_tgen_rtl *rtl);
/* RREADY/BREADY back-pressure: each cycle each is held low with probability percent/100, from
 * a seeded sequence (0: never). */
void axi4_tgen_rtl_set_stall(axi4_tgen_rtl *rtl, unsigned percent, uint64_t seed);
/* One clock cycle (cosim_axi4_master_cycle_fn): `in` driven on the slave-side inputs. */
void axi4_tgen_rtl_cycle(void *rtl, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out);
/* `n` cycles with idle inputs, nothing sampled (the benchmark's floor). */
uint64_t axi4_tgen_rtl_bare_cycles(axi4_tgen_rtl *rtl, uint64_t n);
uint64_t axi4_tgen_rtl_cycles(const axi4_tgen_rtl *rtl);
uint64_t axi4_tgen_rtl_assertion_failures(const axi4_tgen_rtl *rtl);
const char *axi4_tgen_rtl_last_assertion(const axi4_tgen_rtl *rtl);

/* The generator's write data of beat `beat` of a burst with `seed` (axi4_traffic_master.sv). */
static inline uint64_t axi4_tgen_beat_data(uint32_t seed, uint32_t beat)
{
    uint32_t low = seed ^ (beat * 0x01010101u);
    uint32_t high = ~low + beat;
    return (uint64_t)high << 32 | low;
}

#ifdef __cplusplus
}
#endif

#endif
