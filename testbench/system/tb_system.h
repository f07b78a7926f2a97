/* The simulated system a scenario or test drives as a host would: MMIO, graphics memory,
 * the host interrupt line, a GT clock. Today it is the bring-up system: the round-trip
 * register block on MMIO (as its C model, its RTL twin behind the AXI4-Lite transactor, or
 * both in lockstep), the profile's interrupt aggregator on MMIO (gen12: the gen11+ tree,
 * models/irq/irq_gen11.h, host block at IRQ_GEN11_MMIO_BASE; gen6: the GT interrupt
 * registers, models/irq/irq_gen6.h, at IRQ_GEN6_MMIO_BASE), the profile's command streamers
 * (models/cs/cs_engine.h: RCS, BCS, VCS and on gen12 VECS at their MMIO bases; docs/cs.md) and
 * a sparse graphics memory. The
 * GT of a profile replaces it when the models exist; this interface stays. */
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
    const tlm_tracer *tracer;      /* trace sink installed before any block is built (NULL: no trace; docs/waves.md) */
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
/* The interrupt line to the host CPU: the OR of the interrupt aggregator's host line and the
 * round-trip block's interrupt output (in RTL and lockstep modes, the RTL twin's). */
const tlm_signal *tb_system_host_irq(const tb_system *system);
/* Period of the GT clock; `run CYCLES` advances time by CYCLES of it. */
tlm_time tb_system_clock_period(const tb_system *system);
/* True when no block has work pending (run-until-idle's stop condition); a command streamer
 * with commands left to execute is work. */
bool tb_system_idle(const tb_system *system);
/* Delivers an engine interrupt message (spec 001 format fields, VF 0) to the profile's
 * interrupt aggregator, at once. False with a message in `error`, delivering nothing, when the
 * profile's engine table has no engine (class, instance) (irq_gen11_engine_name,
 * irq_gen6_engine_name) or data does not fit 16 bits. */
bool tb_system_irq_raise(tb_system *system, unsigned engine_class, unsigned instance, unsigned data,
                         char *error, size_t error_size);
/* Command streamer `engine` (a cs_engine value), or NULL when the profile has none. */
struct cs_engine_model *tb_system_engine(tb_system *system, unsigned engine);
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
