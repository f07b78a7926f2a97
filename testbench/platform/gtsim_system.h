/* The simulated system a scenario or test drives as a host would: MMIO, graphics memory, the
 * host interrupt line, a GT clock. It is the kernel, a sparse graphics memory, the GT of the
 * scenario's profile (models/gt/gt.h, docs/reference/gt.md: interrupt aggregator, command streamers, EU
 * array, gen12 doorbells and GuC, on one MMIO BAR) and the bring-up round-trip register block
 * on that BAR at GTSIM_SYSTEM_ROUNDTRIP_BASE (as its C model, its RTL twin behind the AXI4-Lite
 * transactor, or both in lockstep). The host line is the OR of the GT's and the round-trip
 * block's. The gen11+ interrupt aggregator can be its RTL twin or a lockstep of model and twin
 * (irq_mode), and so can the gen12 GTI doorbell controller (doorbell_mode): the system builds
 * those and injects them into the GT (gt_config.irq, gt_config.doorbell). Which blocks have a
 * twin, and how each is built, is the twin registry's (gtsim_twin_registry.h): the system walks it. */
#ifndef GTSIM_SYSTEM_H
#define GTSIM_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gt.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a block with an RTL twin is simulated. */
typedef enum gtsim_block_mode {
    GTSIM_MODE_MODEL,    /* the C model alone */
    GTSIM_MODE_RTL,      /* the Verilated RTL behind its transactor */
    GTSIM_MODE_LOCKSTEP  /* both, fed the same stimulus; every divergence is reported */
} gtsim_block_mode;

/* Mode slots for twins a test adds to the registry (gtsim_system_config.added_modes). */
#define GTSIM_SYSTEM_ADDED_TWINS 4u

typedef struct gtsim_system_config {
    const char *profile;           /* "gen12" (default when NULL) or "gen6" */
    gtsim_block_mode roundtrip_mode;  /* how the round-trip block is simulated */
    gtsim_block_mode irq_mode;        /* how the gen11+ interrupt aggregator is simulated (gen12; gen6 has model only) */
    gtsim_block_mode doorbell_mode;   /* how the GTI doorbell controller is simulated (gen12; gen6 has no doorbells) */
    gtsim_block_mode cs_mode;         /* how the render engine's ring-buffer command streamer is simulated (gen12; gen6 model only) */
    gtsim_block_mode added_modes[GTSIM_SYSTEM_ADDED_TWINS]; /* modes of twins a test registered (gtsim_twin_registry_add), the slots their descriptors name */
    FILE *log_sink;                /* where sim log lines go (NULL: stderr) */
    const tlm_tracer *tracer;      /* trace sink installed before any block is built (NULL: no trace; docs/reference/waves-api.md) */
    bool strict_mmio;              /* unimplemented offsets inside the BAR answer ADDRESS_ERROR (gt_config.strict_mmio) */
    const tlm_target *memory_target; /* graphics memory as any bus target instead of the sparse memory (gt_config.memory_target);
                                      * the host's accesses go through gt_memory_front; blocks in the memory path run their model */
    const char *lockstep_order;    /* how the lockstep of a bus initiator (the command streamer) orders its streams:
                                    * exact, in-order[:NS] or per-address (cosim_stream_policy_parse); NULL: in-order */
} gtsim_system_config;

typedef struct gtsim_system gtsim_system;

/* NULL with a message in `error` if the configuration cannot be built (unknown profile). */
gtsim_system *gtsim_system_create(const gtsim_system_config *config, char *error, size_t error_size);
void gtsim_system_destroy(gtsim_system *system);

tlm_kernel *gtsim_system_kernel(gtsim_system *system);
/* Host MMIO; addresses are offsets into the GT's MMIO BAR. The round-trip block is at
 * GTSIM_SYSTEM_ROUNDTRIP_BASE. */
const tlm_target *gtsim_system_mmio(gtsim_system *system);
/* Graphics memory (48-bit addresses). */
const tlm_target *gtsim_system_memory(gtsim_system *system);
/* Counters of the graphics memory: every access the host and the GT's initiators made. */
tlm_memory_stats gtsim_system_memory_stats(const gtsim_system *system);
/* The interrupt line to the host CPU: the OR of the interrupt aggregator's host line and the
 * round-trip block's interrupt output (in RTL and lockstep modes, the RTL twin's). */
const tlm_signal *gtsim_system_host_irq(const gtsim_system *system);
/* Period of the GT clock; `run CYCLES` advances time by CYCLES of it. */
tlm_time gtsim_system_clock_period(const gtsim_system *system);
/* True when no block has work pending (run-until-idle's stop condition); a command streamer
 * with commands left to execute is work. */
bool gtsim_system_idle(const gtsim_system *system);
/* Delivers an engine interrupt message (spec 001 format fields, VF 0) to the profile's
 * interrupt aggregator, at once. False with a message in `error`, delivering nothing, when the
 * profile's engine table has no engine (class, instance) (irq_gen11_engine_name,
 * irq_gen6_engine_name) or data does not fit 16 bits. */
bool gtsim_system_irq_raise(gtsim_system *system, unsigned engine_class, unsigned instance, unsigned data,
                         char *error, size_t error_size);
/* The EU array behind the render engine (models/eu/eu_array.h, docs/reference/eu.md). */
struct eu_array *gtsim_system_eu(gtsim_system *system);
/* Command streamer `engine` (a cs_engine value), or NULL when the profile has none. */
struct cs_engine_model *gtsim_system_engine(gtsim_system *system, unsigned engine);
/* Ends the lockstep compares that follow transaction streams (the command streamer's): every
 * item still unmatched is a divergence; each compare with a divergence prints its first one's
 * report to `out` (NULL: nowhere). Returns the divergences the end found (counted by
 * gtsim_system_mismatches too). Call once, after the run. */
uint64_t gtsim_system_lockstep_finish(gtsim_system *system, FILE *out);
/* Divergences a lockstep run has found so far (0 outside lockstep). */
uint64_t gtsim_system_mismatches(const gtsim_system *system);

/* Assertion failures the RTL twins have reported so far (0 in model mode). */
uint64_t gtsim_system_rtl_assertion_failures(const gtsim_system *system);
/* The twin registered as `name` as built for this run (gtsim_twin_registry.h): NULL when its mode
 * needs none (model mode of a block the GT models) or no twin has that name. */
struct gtsim_twin_instance *gtsim_system_twin(gtsim_system *system, const char *name);
/* The lockstep compare in lockstep mode (NULL otherwise), for its first-mismatch report. */
struct cosim_lockstep *gtsim_system_lockstep(gtsim_system *system);

/* The gen11+ aggregator's GuC block (irq_gen11_target(model, IRQ_GEN11_GUC) or the twin's or
 * the lockstep's, per irq_mode), for the GuC's address space; NULL on gen6. */
const tlm_target *gtsim_system_irq_guc_mmio(gtsim_system *system);
/* The GuC's interrupt vector 0 or 1 (per irq_mode, as the host line); NULL on gen6. */
const tlm_signal *gtsim_system_irq_guc_vector(const gtsim_system *system, unsigned vector);
/* Whether `profile` (NULL: the default, gen12) has an RTL twin of its interrupt aggregator
 * (irq_mode other than model): gen12 yes (rtl/irq, gen11+), gen6 no. */
bool gtsim_system_profile_has_irq_twin(const char *profile);
/* The profile's interrupt aggregator model: gen12 the gen11+ tree (irq modes model and
 * lockstep; NULL in rtl mode), gen6 the GT interrupt registers; NULL for the other profile.
 * For functional coverage (gtsim_system_coverage.h). */
struct irq_gen11 *gtsim_system_irq_gen11(gtsim_system *system);
struct irq_gen6 *gtsim_system_irq_gen6(gtsim_system *system);
/* The interrupt aggregator's lockstep compare (irq_mode lockstep; NULL otherwise). */
struct cosim_irq_lockstep *gtsim_system_irq_lockstep(gtsim_system *system);
/* Whether `profile` (NULL: gen12) has an RTL twin of its GTI doorbell controller (doorbell_mode
 * other than model): gen12 yes (rtl/doorbell), gen6 no (no doorbells). */
bool gtsim_system_profile_has_doorbell_twin(const char *profile);
/* The doorbell controller's RTL twin (doorbell modes rtl and lockstep) and lockstep compare
 * (lockstep); NULL otherwise. */
struct cosim_doorbell_twin *gtsim_system_doorbell_twin(gtsim_system *system);
struct cosim_doorbell_lockstep *gtsim_system_doorbell_lockstep(gtsim_system *system);

/* gen12: the GTI doorbell controller (DOORBELL_MMIO_BASE), the GuC block (GUC_MMIO_BASE) and the
 * GuC scheduler model standing for the firmware, connected as micro-core but not booted: doorbell
 * interrupts go to the host until software sets DOORBELL_CTRL.ROUTE_TO_GUC (docs/reference/guc.md). The
 * hashing fuse reads 1 at 0xB00 (models/guc/guc_fuse_regs.toml).
 * NULL on gen6. gtsim_system_doorbell is the doorbell controller's model: the GT's (doorbell mode
 * model), the shadow the lockstep compares (lockstep), NULL in rtl mode (only the RTL exists:
 * its statistics are the model's and are absent there). */
struct doorbell *gtsim_system_doorbell(gtsim_system *system);
struct guc *gtsim_system_guc(gtsim_system *system);
struct guc_scheduler *gtsim_system_guc_scheduler(gtsim_system *system);
/* The GuC's MMIO view: the doorbell range through the GuC shim, the GuC block, the engines and
 * the aggregator's GuC block at IRQ_GEN11_MMIO_BASE. NULL on gen6. */
const tlm_target *gtsim_system_guc_mmio(gtsim_system *system);
/* Graphics address of the GuC scheduler model's process descriptors (docs/reference/guc.md). */
#define GTSIM_SYSTEM_GUC_DESCRIPTOR_POOL GT_GUC_DESCRIPTOR_POOL
/* Reaction time of the GuC scheduler model (GT clocks of the bring-up clock). */
#define GTSIM_SYSTEM_GUC_LATENCY_CYCLES GT_GUC_LATENCY_CYCLES

/* Where the round-trip block sits in the bring-up system's MMIO space: 4 MiB, beyond the register
 * space of every part (2 MiB on the profiles' parts, GT_MMIO_BAR_SIZE; 4 MiB on the newest) and
 * below the GTT half of the BAR, so no real register is hidden by it (docs/reference/gt.md "MMIO map"). */
#define GTSIM_SYSTEM_ROUNDTRIP_BASE UINT64_C(0x400000)

/* The GT (models/gt/gt.h): its profile, clock, blocks and event record (the run summary). */
struct gt *gtsim_system_gt(gtsim_system *system);

const char *gtsim_block_mode_name(gtsim_block_mode mode);

#ifdef __cplusplus
}
#endif

#endif
