/* gen11+ interrupt aggregation (spec 001 "Interrupts Overview" through "Enable and Mask
 * Registers"): engine interrupt messages in, the host interrupt line and the GuC's two
 * interrupt vectors out. docs/reference/irq.md describes the behaviour and every choice made where the
 * spec is silent; docs/facts.md lists the public facts (register offsets, bit positions) with
 * their sources.
 *
 * The tree, once per software interface (host and GuC), as spec 001 draws it:
 *   message ─► AND per-class enable (IER) ─► per-instance collapsing register ─► AND NOT
 *   per-instance mask (IMR) ─► OR: one second-level bit per engine ─► double-buffered
 *   GT_INTR_DW0/1 (IIR) ─► OR: DW-level event ─► host: GFX_MSTR_IRQ bits 1:0 and, with its
 *   enable bit 31, the host line; GuC: vector 0 / vector 1.
 * Software services an engine through the selector (IIR_REG_SELECTOR0/1) and the shared IIR
 * (INTR_IDENTITY_REG0/1). Registers: irq_gen11_regs.toml (host, at IRQ_GEN11_MMIO_BASE) and
 * irq_gen11_guc_regs.toml (GuC, same layout without the primary control register).
 *
 * MMIO: 32-bit aligned accesses as tlm_register.h; the model answers at once (no delay).
 * Debug transport reads without side effects (a debug read of GT_INTR_DW does not take the
 * service snapshot) and refuses writes. */
#ifndef IRQ_GEN11_H
#define IRQ_GEN11_H

#include <stdbool.h>
#include <stdint.h>

#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Base of the host block in the GT's MMIO map (public fact: i915/xe GFX_MSTR_IRQ 0x190010 is
 * at block offset 0x10; docs/facts.md). */
#define IRQ_GEN11_MMIO_BASE UINT64_C(0x190000)

typedef struct irq_gen11 irq_gen11;

/* The two software interfaces of spec 001's "Hardware Scheduler/MinIA SW Interface" and
 * "Host SW Interface". */
typedef enum irq_gen11_interface {
    IRQ_GEN11_HOST = 0, /* host driver: primary interrupt control register, host line */
    IRQ_GEN11_GUC = 1,  /* GuC firmware: two interrupt vectors of 32 engines each */
    IRQ_GEN11_INTERFACE_COUNT = 2
} irq_gen11_interface;

/* Counters for tests, benchmarks and the run summary. */
typedef struct irq_gen11_stats {
    uint64_t messages;                             /* messages delivered */
    uint64_t dropped;                              /* messages no interface kept (disabled, unknown engine, VF) */
    uint64_t dw_events[IRQ_GEN11_INTERFACE_COUNT][2]; /* DW-level events generated, per interface and dword */
    uint64_t misuses;                              /* program-under-test misuses logged as warnings */
} irq_gen11_stats;

irq_gen11 *irq_gen11_create(tlm_kernel *kernel, const char *name);
void irq_gen11_destroy(irq_gen11 *model);

/* The message port engines send into (irq_message.h). */
irq_message_sink irq_gen11_sink(irq_gen11 *model);
/* The same input as a call: one engine interrupt message, handled at once. A message from an
 * engine not in the table (irq_gen11_engine_name), or with a non-zero VF id (the virtual
 * functions' copies of the registers are not modelled), is dropped with a log line. */
void irq_gen11_deliver(irq_gen11 *model, const irq_message *message);

/* MMIO targets: the host block (map it at IRQ_GEN11_MMIO_BASE) and the GuC's block (for the
 * GuC model's address space); addresses are offsets into the block. */
const tlm_target *irq_gen11_target(irq_gen11 *model, irq_gen11_interface interface);

/* Host interrupt line: GFX_MSTR_IRQ.MASTER_IRQ and (GT_DW0 or GT_DW1). */
tlm_signal *irq_gen11_host_irq(irq_gen11 *model);
/* GuC interrupt vector 0 (engines of GT_INTR_DW0) or 1 (GT_INTR_DW1): high while the GuC
 * interface's GT_INTR_DW<vector> has a bit set. */
tlm_signal *irq_gen11_guc_vector(irq_gen11 *model, unsigned vector);

/* Back to reset values: registers, collapsing registers, secondary storage, outputs. */
void irq_gen11_reset(irq_gen11 *model);

const irq_gen11_stats *irq_gen11_get_stats(const irq_gen11 *model);
/* Events of interrupt data bit `bit` (0..15; irq_data_bit_name) that engine (class, instance)
 * sent: messages from an engine of the table with VF 0, counted whether or not an interface
 * had them enabled (the event happened; the enables decide what software sees). 0 for an
 * engine not in the table. Functional coverage (docs/guide/regress.md "Coverage"). */
uint64_t irq_gen11_event_count(const irq_gen11 *model, unsigned engine_class, unsigned instance, unsigned bit);

/* The gen11+ engine table: name of engine (class, instance) ("rcs0", "vcs3", "guc", ...), or
 * NULL when the profile has no such engine. Render 0; video decode 0-7; video enhancement 0-3;
 * copy 0; other 0-6 (IRQ_OTHER_*); compute 0-3 (the instances whose second-level bit and mask
 * register are public facts). */
const char *irq_gen11_engine_name(unsigned engine_class, unsigned instance);
/* Where engine (class, instance) sits in the second level: dword 0 or 1 and bit. False when
 * there is no such engine. */
bool irq_gen11_engine_bit(unsigned engine_class, unsigned instance, unsigned *dword, unsigned *bit);

#ifdef __cplusplus
}
#endif

#endif
