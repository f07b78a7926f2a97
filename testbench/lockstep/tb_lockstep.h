/* Lockstep compare (DESIGN §5): one target that forwards every transaction to a reference
 * (the C model) and to a device under test (the RTL twin behind its transactor), and
 * compares what they answer. The DUT's answer is what the initiator gets, so the run follows
 * the RTL; the model runs in its shadow with its own copy of the data.
 *
 * Compared after every transaction: the response status, the read data (enabled bytes),
 * and the level of every signal pair registered with tb_lockstep_compare_signal. Each
 * divergence is counted and logged as an error naming the transaction (command, address,
 * length, written data, initiator, correlation id), both values and the sim time; the first
 * one is kept for tests and summaries and fires the waveform's on-fail trigger
 * (tlm_trace_trigger, docs/reference/waves-api.md). Signals are compared once both sides have answered,
 * so an initiator should let time reach the end of a transaction (as the scenario runner
 * does) before relying on signal comparisons of an RTL that changes outputs on idle cycles. */
#ifndef TB_LOCKSTEP_H
#define TB_LOCKSTEP_H

#include <stdint.h>

#include "tlm.h"

typedef struct tb_lockstep tb_lockstep;

typedef struct tb_lockstep_mismatch {
    tlm_time time;           /* kernel time when it was found */
    uint64_t correlation_id; /* of the transaction it was found after */
    char description[256];   /* what differed, as logged */
} tb_lockstep_mismatch;

tb_lockstep *tb_lockstep_create(tlm_kernel *kernel, const char *name, const tlm_target *reference,
                                const tlm_target *dut);
void tb_lockstep_destroy(tb_lockstep *lockstep);

const tlm_target *tb_lockstep_target(tb_lockstep *lockstep);

/* Compares the two signals' levels after every transaction and on tb_lockstep_check_signals. */
void tb_lockstep_compare_signal(tb_lockstep *lockstep, const char *name, const tlm_signal *reference,
                                const tlm_signal *dut);
/* Compares the registered signals now (e.g. after the kernel ran); returns mismatches found. */
uint64_t tb_lockstep_check_signals(tb_lockstep *lockstep);
/* The same after a stimulus that is not a transaction (e.g. an interrupt message delivered to
 * both sides): a mismatch report names it as "after <stimulus>". */
uint64_t tb_lockstep_check_signals_after(tb_lockstep *lockstep, const char *stimulus);

uint64_t tb_lockstep_mismatches(const tb_lockstep *lockstep);
uint64_t tb_lockstep_transactions(const tb_lockstep *lockstep);
/* The first divergence found, or NULL if none. */
const tb_lockstep_mismatch *tb_lockstep_first_mismatch(const tb_lockstep *lockstep);

#endif
