/* gen6 (Sandy Bridge) GT interrupt control: GTISR, GTIMR, GTIIR, GTIER (irq_gen6_regs.toml)
 * fed by the engines' interrupt messages, and the host interrupt line. docs/reference/irq.md describes
 * the behaviour; docs/facts.md the public facts (offsets, bit positions) with sources.
 *
 *   message (class, data) ─► GT bits (render: data bits 8:0 at 8:0; video: at 20:12; blitter:
 *   at 30:22; only bits the GT registers define) ─► pulse on GTISR ─► AND NOT GTIMR ─► GTIIR
 *   (write 1 to clear; one further event per bit is queued and re-asserts the bit when it is
 *   cleared) ─► AND GTIER ─► OR: host line.
 *
 * spec 000 §1.1.7 (IMR): unmasked bits are reported in the IIR and persist until cleared;
 * masked bits are not reported (a masked event is lost, unlike gen11+'s collapsing registers).
 * The engine table: render (class 0, instance 0), video decode (1, 0), copy/blitter (3, 0).
 *
 * MMIO: 32-bit aligned accesses as tlm_register.h; no delay. Debug reads have no side
 * effects; debug writes are refused. */
#ifndef IRQ_GEN6_H
#define IRQ_GEN6_H

#include <stdbool.h>
#include <stdint.h>

#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Base of the block in the GT's MMIO map (public fact: i915 GTISR 0x44010; docs/facts.md). */
#define IRQ_GEN6_MMIO_BASE UINT64_C(0x44010)

typedef struct irq_gen6 irq_gen6;

/* Counters for tests, benchmarks and the run summary. */
typedef struct irq_gen6_stats {
    uint64_t messages;   /* messages delivered */
    uint64_t dropped;    /* messages that set no GTIIR bit (masked, unknown engine, VF, no defined bit) */
    uint64_t queued;     /* events queued behind a set GTIIR bit */
    uint64_t collapsed;  /* events lost because the bit already had one queued */
    uint64_t reasserted; /* GTIIR bits re-asserted from the queue when cleared */
} irq_gen6_stats;

irq_gen6 *irq_gen6_create(tlm_kernel *kernel, const char *name);
void irq_gen6_destroy(irq_gen6 *model);

/* The message port engines send into (irq_message.h). */
irq_message_sink irq_gen6_sink(irq_gen6 *model);
/* The same input as a call. Data bits the GT registers do not define for the engine, messages
 * from engines not in the gen6 table and messages with a non-zero VF id are dropped with a log
 * line. */
void irq_gen6_deliver(irq_gen6 *model, const irq_message *message);

/* MMIO target of the block (map it at IRQ_GEN6_MMIO_BASE); addresses are block offsets. */
const tlm_target *irq_gen6_target(irq_gen6 *model);
/* Host interrupt line: (GTIIR & GTIER) != 0. */
tlm_signal *irq_gen6_host_irq(irq_gen6 *model);
/* Back to reset values (and no queued events); the line follows. */
void irq_gen6_reset(irq_gen6 *model);

const irq_gen6_stats *irq_gen6_get_stats(const irq_gen6 *model);
/* Events on GT interrupt bit `bit` (a GTIIR field's position, irq_gen6_regs.toml): engine
 * data bits that map to it, counted whether GTIMR masked them or not. Functional coverage
 * (docs/guide/regress.md "Coverage"). */
uint64_t irq_gen6_event_count(const irq_gen6 *model, unsigned bit);

/* Name of engine (class, instance) in the gen6 table ("rcs", "vcs", "bcs"), or NULL. */
const char *irq_gen6_engine_name(unsigned engine_class, unsigned instance);
/* The GTIIR bits engine (class, instance)'s data bits map to (0 when there is no such
 * engine); `data` selects which of the engine's data bits. */
uint32_t irq_gen6_gt_bits(unsigned engine_class, unsigned instance, uint16_t data);

#ifdef __cplusplus
}
#endif

#endif
