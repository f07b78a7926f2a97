/* The simulated system a scenario or test drives as a host would: MMIO, graphics memory,
 * the host interrupt line, a GT clock. Today it is the bring-up system: the round-trip
 * register block on MMIO (as its C model, its RTL twin behind the AXI4-Lite transactor, or
 * both in lockstep) and a sparse graphics memory. The GT of a profile replaces it when the
 * models exist; this interface stays. */
#ifndef TB_SYSTEM_H
#define TB_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tlm.h"

/* How a block with an RTL twin is simulated. */
typedef enum tb_block_mode {
    TB_MODE_MODEL,    /* the C model alone */
    TB_MODE_RTL,      /* the Verilated RTL behind its transactor */
    TB_MODE_LOCKSTEP  /* both, fed the same stimulus; every divergence is reported */
} tb_block_mode;

typedef struct tb_system_config {
    const char *profile;           /* "gen12" (default when NULL) or "gen6" */
    tb_block_mode roundtrip_mode;  /* how the round-trip block is simulated */
    FILE *log_sink;                /* where sim log lines go (NULL: stderr) */
} tb_system_config;

typedef struct tb_system tb_system;

/* NULL with a message in `error` if the configuration cannot be built (unknown profile). */
tb_system *tb_system_create(const tb_system_config *config, char *error, size_t error_size);
void tb_system_destroy(tb_system *system);

tlm_kernel *tb_system_kernel(tb_system *system);
/* Host MMIO; addresses are offsets into the GT's MMIO BAR. The round-trip block is at
 * TB_SYSTEM_ROUNDTRIP_BASE. */
const tlm_target *tb_system_mmio(tb_system *system);
/* Graphics memory (48-bit addresses). */
const tlm_target *tb_system_memory(tb_system *system);
/* The interrupt line to the host CPU. */
const tlm_signal *tb_system_host_irq(const tb_system *system);
/* Period of the GT clock; `run CYCLES` advances time by CYCLES of it. */
tlm_time tb_system_clock_period(const tb_system *system);
/* True when no block has work pending (run-until-idle's stop condition). */
bool tb_system_idle(const tb_system *system);
/* Delivers an engine interrupt message (spec 001 format fields) to the interrupt
 * aggregator. False with a message when the system has none. */
bool tb_system_irq_raise(tb_system *system, unsigned engine_class, unsigned instance, unsigned data,
                         char *error, size_t error_size);
/* Divergences a lockstep run has found so far (0 outside lockstep). */
uint64_t tb_system_mismatches(const tb_system *system);

/* Assertion failures the RTL twins have reported so far (0 in model mode). */
uint64_t tb_system_rtl_assertion_failures(const tb_system *system);
/* The lockstep compare in lockstep mode (NULL otherwise), for its first-mismatch report. */
struct tb_lockstep *tb_system_lockstep(tb_system *system);

/* Where the round-trip block sits in the bring-up system's MMIO space. */
#define TB_SYSTEM_ROUNDTRIP_BASE UINT64_C(0x0)

const char *tb_block_mode_name(tb_block_mode mode);

#endif
