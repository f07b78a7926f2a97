/* The GuC's hardware around the micro-controller (spec 001 "GuC Introduction", "Arming
 * Doorbells", "GuC Shim", "GuC Interrupt"): the shim's doorbell install sequence, the interrupt
 * block's doorbell groups (DOORBELL_CTRL, GUC_DB_ISR_0..7) and the host<->GuC interrupts. The
 * firmware itself is models/guc/guc_scheduler.h. docs/reference/guc.md describes the behaviour and every
 * choice; docs/facts.md the public facts.
 *
 *   GTI doorbell message (doorbell_guc_port.rung) ─► DOORBELL_CTRL.RUNG[g] ─► ROUTE_TO_GUC ?
 *       1: the micro-core (guc_core_port, cause GUC_CORE_DOORBELL)
 *       0: the host: vector bit GUC_INTR_DOORBELL_RANG as an irq_message (class Other, GuC)
 *   read of GTI DB_STATUS<g> (doorbell_guc_port.group_read) ─► RUNG[g] reset, bits OR-ed into
 *       GUC_DB_ISR_<g> (W1C)
 *   host writes HOST2GUC_INTR (0xC4C8) ─► HOST2GUC_DATA (0xC590) = data, micro-core interrupted
 *       (cause GUC_CORE_HOST2GUC)
 *   GuC writes GUC2HOST_INTR (0xC4B8) ─► its firmware-owned bits as the 16-bit vector to the
 *       host: irq_message { IRQ_CLASS_OTHER, IRQ_OTHER_GUC, data = vector }
 *
 * Install (spec 001 "Doorbell Arming Sequence"): the firmware writes DRBREGU(n) (page address
 * bits 47:32, GPA) and then DRBREGL(n) (page address bits 31:12, VALID = 1) through the shim's
 * view of the doorbell range (guc_doorbell_view). The shim refuses the install if the hashing
 * mode was not copied (0xB00[30] -> 0xC068[10]) since reset or was copied wrong, translates the
 * page GPA -> HPA (a hook, identity by default), computes the line = page + (n mod 64) * 64
 * (spec 001's recommended layout), installs it into the doorbell and reports completion in
 * DB_INSTALL_STATUS (0xC090: DONE, RESULT, DOORBELL) and the line in DB_INSTALL_LINE (0xC094),
 * all in zero time. Reads of the view, and writes outside the doorbell registers, go to the
 * doorbell block unchanged.
 *
 * MMIO: 32-bit aligned accesses as tlm_register.h; no delay. */
#ifndef GUC_H
#define GUC_H

#include <stdbool.h>
#include <stdint.h>

#include "doorbell.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Base of the block in the GT MMIO map (spec 001 gives its registers as 0xC0xx-0xC5xx). */
#define GUC_MMIO_BASE UINT64_C(0xC000)
/* SNOOP_FILTER_Q_STATUS (spec 001: offset 0xB00). */
#define GUC_FUSE_MMIO_BASE UINT64_C(0xB00)

/* GuC interrupt vector bits (i915 gt/uc/intel_guc_reg.h "GuC Interrupt Vector"). */
#define GUC_INTR_SW_INT_MASK 0x007Fu      /* SW_INT_0..6: software interrupts, bits 6:0 */
#define GUC_INTR_DOORBELL_RANG (1u << 10) /* a doorbell group rang (routed to the host) */
#define GUC_INTR_GUC2HOST (1u << 15)      /* GuC-to-host message */
/* Bits a firmware write to GUC2HOST_INTR may set (spec 001: "FW write can only set FW owned
 * bits"; which ones is a modelling choice, docs/reference/guc.md): GUC2HOST and the software interrupts.
 * The others (doorbell rang, DMA done, errors, ...) are the hardware's. */
#define GUC_INTR_FW_OWNED (GUC_INTR_GUC2HOST | GUC_INTR_SW_INT_MASK)

/* Causes of a micro-core interrupt. */
#define GUC_CORE_DOORBELL (1u << 0) /* a doorbell group rang, routed to the micro-core */
#define GUC_CORE_HOST2GUC (1u << 1) /* the host wrote HOST2GUC_INTR */

/* The micro-core's interrupt input: the GuC firmware model implements it. Called at once (zero
 * time, from inside the access or memory write that caused it): a firmware model defers its
 * work to a kernel event. */
typedef struct guc_core_port {
    void (*interrupt)(void *self, uint32_t causes); /* GUC_CORE_* bits */
    void *self;                                     /* the firmware model */
} guc_core_port;

/* GPA -> HPA translation of a doorbell page (spec 001: done by the shim under virtualisation).
 * Returns false for a translation fault. */
typedef bool (*guc_translate_fn)(void *context, uint64_t gpa, uint64_t *hpa);

/* Outcome of an install as DB_INSTALL_STATUS.RESULT reports it: the doorbell controller's
 * results (doorbell_install_result, same values) and the shim's own. */
typedef enum guc_install_result {
    GUC_INSTALL_OK = DOORBELL_INSTALL_OK,
    GUC_INSTALL_BUSY = DOORBELL_INSTALL_BUSY,
    GUC_INSTALL_CACHELINE_IN_USE = DOORBELL_INSTALL_CACHELINE_IN_USE,
    GUC_INSTALL_PENDING = DOORBELL_INSTALL_PENDING, /* also: GUC_DB_ISR still holds the doorbell */
    GUC_INSTALL_FAULT = DOORBELL_INSTALL_FAULT,
    GUC_INSTALL_INACTIVE = DOORBELL_INSTALL_INACTIVE,
    GUC_INSTALL_HASH_NOT_COPIED = 6,   /* 0xC068 not written since reset */
    GUC_INSTALL_HASH_MISMATCH = 7,     /* 0xC068[10] differs from 0xB00[30] */
    GUC_INSTALL_TRANSLATION_FAULT = 8  /* the GPA -> HPA hook failed */
} guc_install_result;

typedef struct guc_config {
    doorbell_block doorbells;     /* the GTI doorbell controller (doorbell_block_of, or a replacement); the guc becomes its port */
    irq_message_sink host;        /* the host interrupt aggregator; deliver NULL: vectors dropped (warning) */
    bool hash_fuse;               /* SNOOP_FILTER_Q_STATUS bit 30 */
    guc_translate_fn translate;   /* NULL: identity */
    void *translate_context;      /* passed to translate */
} guc_config;

/* Counters for tests and the run summary. */
typedef struct guc_stats {
    uint64_t installs;          /* install attempts through the shim */
    uint64_t installs_refused;  /* of them, not OK */
    uint64_t doorbell_messages; /* GTI messages received */
    uint64_t to_host;           /* vectors sent to the host (doorbell and firmware) */
    uint64_t to_core;           /* micro-core interrupts raised */
    uint64_t host2guc;          /* host-to-GuC interrupts */
    uint64_t dropped;           /* interrupts with nowhere to go (logged) */
} guc_stats;

typedef struct guc guc;

guc *guc_create(tlm_kernel *kernel, const char *name, const guc_config *config);
void guc_destroy(guc *model);

/* MMIO targets: the block (map at GUC_MMIO_BASE, GUC_BLOCK_SIZE bytes), the fuse register (at
 * GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE bytes) and the GuC's view of the doorbell block (at
 * DOORBELL_MMIO_BASE in the GuC's address space, DOORBELL_BLOCK_SIZE bytes). */
const tlm_target *guc_target(guc *model);
const tlm_target *guc_fuse_target(guc *model);
const tlm_target *guc_doorbell_view(guc *model);

/* Connects the micro-core (the firmware model); interrupt NULL: none (interrupts for it are
 * dropped with a warning). */
void guc_set_core_port(guc *model, const guc_core_port *port);

/* Back to reset values (the hashing-mode copy is lost, as spec 001 says of FLR and resets). */
void guc_reset(guc *model);

const guc_stats *guc_get_stats(const guc *model);

#ifdef __cplusplus
}
#endif

#endif
