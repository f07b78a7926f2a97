/* The GT (docs/reference/gt.md): the models of one profile composed into the graphics
 * tile a host sees behind its MMIO BAR.
 *
 *   host MMIO ─► BAR (2 MiB; unimplemented offsets read 0) ─► gt router "mmio"
 *        ─┬─ interrupt aggregator (gen12: gen11+ tree; gen6: GT IIR and PM interrupts)
 *         ├─ command streamers (RCS, BCS, VCS, gen12 VECS)
 *         ├─ GT registers: force wake, steering, fuses, domain reset, aux invalidation (gt_regs.toml)
 *         ├─ gen12: GTI doorbells, GuC block (+ GuC scheduler model), the 0xB00 fuse
 *         └─ gen12: EU array OA registers
 *   engines ─► graphics memory (the caller's), interrupt messages ─► aggregator ─► host line
 *   render engine ─► EU array (walker and statistics ports)
 *
 * The GT owns its blocks; graphics memory and the clock are the caller's (a system shares them
 * with other blocks). A block that has an RTL twin is replaced by injection: models never
 * include testbench code, so the caller builds the twin (or the lockstep of model and twin) and
 * hands its ports in gt_config.irq (the aggregator) or gt_config.doorbell (the GTI doorbell
 * controller); the GT then builds no model of that block of its own.
 *
 * The GT also keeps a small record of what happened (gt_event): doorbell interrupts into the
 * GuC, submissions the GuC made, interrupt messages, host line edges, EU walkers, with their sim
 * times; `gtsim` prints it as the run summary (docs/guide/running.md "Summary"). */
#ifndef GT_H
#define GT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cs_commands.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cs_engine_model;
struct doorbell;
struct doorbell_block;
struct eu_array;
struct guc;
struct guc_scheduler;
struct irq_gen11;
struct irq_gen6;

/* What distinguishes the profiles at GT level (docs/reference/gt.md "Profiles"; clocks: docs/facts.md
 * "GT clocks"). */
typedef struct gt_profile {
    const char *name;            /* "gen12", "gen6": the scenario language's profile names */
    const char *product;         /* the public part the profile stands for */
    cs_profile cs;               /* command tables, engines, register layout, EU counters */
    uint32_t clock_mhz;          /* the part's base graphics frequency */
    tlm_time clock_period;       /* 1 / clock_mhz, in ps (rounded down) */
    bool has_guc;                /* GTI doorbells, GuC block and scheduler model */
    bool gen11_irq;              /* gen11+ interrupt tree (else the gen6 GT interrupt registers) */
} gt_profile;

/* The profile called `name` (NULL: gen12, the default), or NULL if there is none. */
const gt_profile *gt_profile_find(const char *name);
/* "gen12, gen6": for messages. */
const char *gt_profile_names(void);

/* A replacement of the interrupt aggregator (the gen11+ tree's RTL twin, or the lockstep of
 * model and twin): every port the GT connects to the aggregator. */
typedef struct gt_irq_block {
    const tlm_target *host_target;       /* its host block, mapped at IRQ_GEN11_MMIO_BASE */
    const tlm_target *guc_target;        /* its GuC block (the GuC's MMIO view) */
    irq_message_sink sink;               /* where engines and the GuC send interrupt messages */
    tlm_signal *host_irq;                /* its host interrupt line */
    tlm_signal *guc_vector[2];           /* its GuC interrupt vectors 0 and 1 */
} gt_irq_block;

typedef struct gt_config {
    const gt_profile *profile;   /* NULL: gen12 */
    tlm_memory *memory;          /* graphics memory: gtsim's sparse memory (the GT does not own it) */
    const tlm_target *memory_target; /* or any memory target instead (a platform's DRAM; set one of the two;
                                      * docs/reference/gt.md "Graphics memory"); it must outlive the GT */
    tlm_time clock_period;       /* 0: the profile's clock; else the caller's GT clock */
    const gt_irq_block *irq;     /* NULL: the profile's aggregator model; else its replacement (gen11+ only) */
    const struct doorbell_block *doorbell; /* NULL: the doorbell controller model; else its replacement (profiles with a GuC only) */
    const tlm_target *render_cs; /* NULL: the render engine's command streamer model answers its registers; else their
                                  * replacement (an RTL twin), mapped at the engine's MMIO base instead: the model's
                                  * engine is still built (the EU array and the GuC name it) but no host access reaches it */
    bool strict_mmio;            /* an access to an unimplemented offset inside the BAR is an error (gt_mmio_stats) */
} gt_config;

typedef struct gt gt;

/* NULL with a message in `error` if the configuration is unusable (no memory, a replacement
 * aggregator on a gen6 profile, a replacement doorbell controller on a profile without doorbells
 * or with an operation missing). */
gt *gt_create(tlm_kernel *kernel, const gt_config *config, char *error, size_t error_size);
void gt_destroy(gt *model);

const gt_profile *gt_get_profile(const gt *model);
tlm_time gt_clock_period(const gt *model);
/* The MMIO BAR: one router, every block at its profile offset (docs/reference/gt.md "MMIO map"), behind
 * the BAR's own answer for offsets no register decodes (docs/reference/gt.md "Unimplemented offsets"). */
const tlm_target *gt_mmio(gt *model);
/* The register space of the BAR both profiles have (i915 intel_uncore_setup_mmio: 2 MiB of
 * registers from graphics version 5 until the 4 MiB of discrete and 12.70+ parts; docs/facts.md).
 * Inside it an offset no block decodes reads 0 and drops writes (spec 001 "like any other
 * unimplemented MMIO address"); beyond it an access answers ADDRESS_ERROR. */
#define GT_MMIO_BAR_SIZE UINT64_C(0x200000)
/* Distinct unimplemented offsets the statistics name, in the order first touched. */
#define GT_MMIO_UNIMPLEMENTED_KEPT 8u
typedef struct gt_mmio_stats {
    uint64_t unimplemented_accesses;  /* accesses inside the BAR that no register answered */
    uint64_t unimplemented_offsets;   /* distinct offsets among them (each logged once) */
    uint32_t first_offsets[GT_MMIO_UNIMPLEMENTED_KEPT]; /* the first ones touched */
    unsigned first_count;             /* entries of first_offsets in use */
} gt_mmio_stats;
const gt_mmio_stats *gt_mmio_get_stats(const gt *model);
/* Maps another block into the BAR (a system's bring-up block); tlm_router_map's result. */
int gt_mmio_map(gt *model, uint64_t base, uint64_t size, const tlm_target *target);
/* The aggregator's host line (the model's or the replacement's). */
tlm_signal *gt_host_irq(gt *model);
/* The aggregator's message input as the GT's blocks use it (recorded as gt events). */
const irq_message_sink *gt_irq_sink(gt *model);
/* The aggregator's GuC block and the GuC's vectors (gen12; NULL on gen6). */
const tlm_target *gt_irq_guc_target(gt *model);
const tlm_signal *gt_irq_guc_vector(const gt *model, unsigned vector);

/* The graphics memory the GT was given; NULL when it was given a memory_target. */
tlm_memory *gt_memory(gt *model);
/* The target every initiator of the GT (engines, EU data port, GuC) fetches from and stores to:
 * the sparse memory itself, or the DMI cache in front of the snoop in front of memory_target. */
const tlm_target *gt_memory_port(gt *model);
/* The target a platform routes host writes to graphics memory through so the doorbells see
 * them (the sparse memory, or the snoop in front of memory_target). */
const tlm_target *gt_memory_front(gt *model);
/* Host writes that reached memory_target without passing gt_memory_front: the doorbells look
 * at the watched lines among [address, address + length). Nothing to do on the sparse memory. */
void gt_memory_written(gt *model, uint64_t address, uint64_t length);
/* What the initiators' DMI cache did (all 0 on the sparse memory, which is used directly). */
tlm_dmi_cache_stats gt_memory_dmi_stats(const gt *model);
/* The blocks; NULL where the profile (or the replacement) has none: with a doorbell replacement
 * gt_doorbell is NULL (the caller owns the model a lockstep shadows). */
struct cs_engine_model *gt_engine(gt *model, unsigned engine);
struct eu_array *gt_eu(gt *model);
struct irq_gen11 *gt_irq_gen11(gt *model);
struct irq_gen6 *gt_irq_gen6(gt *model);
struct doorbell *gt_doorbell(gt *model);
struct guc *gt_guc(gt *model);
struct guc_scheduler *gt_guc_scheduler(gt *model);
const tlm_target *gt_guc_mmio(gt *model);

/* Where the GuC scheduler model keeps its process descriptors (docs/reference/guc.md). */
#define GT_GUC_DESCRIPTOR_POOL UINT64_C(0xFFF00000)
/* Reaction time of the GuC scheduler model, in GT clocks (choice, docs/reference/guc.md). */
#define GT_GUC_LATENCY_CYCLES 100u

/* ---- the event record (the run summary) ----------------------------------------------------- */
typedef enum gt_event_kind {
    GT_EVENT_GUC_DOORBELL,    /* the GuC's micro-core interrupted by a doorbell group (a ring) */
    GT_EVENT_GUC_SUBMIT,      /* the GuC wrote an engine's submission register (a = engine) */
    GT_EVENT_IRQ_MESSAGE,     /* an interrupt message into the aggregator (a = class, b = instance, c = data) */
    GT_EVENT_HOST_IRQ_RAISED, /* the aggregator's host line rose */
    GT_EVENT_HOST_IRQ_CLEARED,/* and fell (the host serviced it) */
    GT_EVENT_WALKER_START,    /* the EU array went from idle to running threads */
    GT_EVENT_WALKER_DONE,     /* and back to idle: every thread retired (c = threads in the busy span) */
    GT_EVENT_KIND_COUNT
} gt_event_kind;

typedef struct gt_event {
    gt_event_kind kind;  /* what */
    tlm_time time;       /* when */
    uint32_t a;          /* per kind (above) */
    uint32_t b;          /* per kind */
    uint32_t c;          /* per kind */
} gt_event;

/* Events kept; later ones are counted (gt_event_total) but not kept. */
#define GT_EVENT_CAPACITY 256u

size_t gt_event_count(const gt *model);
const gt_event *gt_event_at(const gt *model, size_t index);
/* Events of `kind` so far, kept or not. */
uint64_t gt_event_total(const gt *model, gt_event_kind kind);
/* "doorbell->guc", "guc submit", ...: for summaries. */
const char *gt_event_kind_name(gt_event_kind kind);

#ifdef __cplusplus
}
#endif

#endif
