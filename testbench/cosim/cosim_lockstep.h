/* Lockstep compare (DESIGN §5): one target that forwards every transaction to a reference
 * (the C model) and to a device under test (the RTL twin behind its transactor), and
 * compares what they answer. The DUT's answer is what the initiator gets, so the run follows
 * the RTL; the model runs in its shadow with its own copy of the data.
 *
 * Compared after every transaction: the response status, the read data (enabled bytes),
 * and the level of every signal pair registered with cosim_lockstep_compare_signal. Each
 * divergence is counted and logged as an error naming the transaction (command, address,
 * length, written data, initiator, correlation id), both values and the sim time; the first
 * one is kept for tests and summaries and fires the waveform's on-fail trigger
 * (tlm_trace_trigger, docs/reference/waves-api.md). Signals are compared once both sides have answered,
 * so an initiator should let time reach the end of a transaction (as the scenario runner
 * does) before relying on signal comparisons of an RTL that changes outputs on idle cycles. */
#ifndef COSIM_LOCKSTEP_H
#define COSIM_LOCKSTEP_H

#include <stdint.h>

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_lockstep cosim_lockstep;

typedef struct cosim_lockstep_mismatch {
    tlm_time time;           /* kernel time when it was found */
    uint64_t correlation_id; /* of the transaction it was found after */
    char description[256];   /* what differed, as logged */
} cosim_lockstep_mismatch;

cosim_lockstep *cosim_lockstep_create(tlm_kernel *kernel, const char *name, const tlm_target *reference,
                                const tlm_target *dut);
void cosim_lockstep_destroy(cosim_lockstep *lockstep);

const tlm_target *cosim_lockstep_target(cosim_lockstep *lockstep);

/* Compares the two signals' levels after every transaction and on cosim_lockstep_check_signals. */
void cosim_lockstep_compare_signal(cosim_lockstep *lockstep, const char *name, const tlm_signal *reference,
                                const tlm_signal *dut);
/* Compares the registered signals now (e.g. after the kernel ran); returns mismatches found. */
uint64_t cosim_lockstep_check_signals(cosim_lockstep *lockstep);
/* The same after a stimulus that is not a transaction (e.g. an interrupt message delivered to
 * both sides): a mismatch report names it as "after <stimulus>". */
uint64_t cosim_lockstep_check_signals_after(cosim_lockstep *lockstep, const char *stimulus);

uint64_t cosim_lockstep_mismatches(const cosim_lockstep *lockstep);
uint64_t cosim_lockstep_transactions(const cosim_lockstep *lockstep);
/* The first divergence found, or NULL if none. */
const cosim_lockstep_mismatch *cosim_lockstep_first_mismatch(const cosim_lockstep *lockstep);

#ifdef __cplusplus
}
#endif

#endif
