/* Execlist submission of one gen12 command streamer (docs/reference/cs.md "Execlists").
 *
 *   host or GuC ─► ExecList Submit Queue (SQ) + EXECLIST_CONTROL load, or the legacy ELSP port
 *     ─► context descriptor ─► logical ring context image in memory (spec 004 "Logical
 *     Contexts": LRCA page 0 per-process HWSP, page 1 the register state context) ─► ring
 *     registers loaded ─► the engine runs the ring from HEAD to TAIL ─► HEAD == TAIL: the context
 *     is complete, its state saved to the image, a context status buffer (CSB) entry written,
 *     the next element loaded or the engine idle ─► context switch interrupt.
 *
 * The engine (cs_engine.c) owns one of these on the gen12 profile; gen6 keeps ring-buffer
 * scheduling. Register offsets are in cs_regs.toml; the descriptor, image and CSB layouts are
 * Linux i915 facts (docs/facts.md "Execlists"), modelling choices are marked in docs/reference/cs.md.
 *
 * This header is also for other code that submits contexts (the GuC model, tests, scenario
 * verbs): cs_execlist_descriptor() builds a descriptor and cs_execlist_write_context_image()
 * writes a valid image for a ring. */
#ifndef CS_EXECLIST_H
#define CS_EXECLIST_H

#include <stdbool.h>
#include <stdint.h>

#include "gtsim_tlm.h"
#include "tlm_register.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- context descriptor, gen11+ layout (i915 intel_lrc.h GEN8_CTX_*, GEN11_*) ----------- */
#define CS_EXECLIST_DESC_VALID (UINT64_C(1) << 0)            /* GEN8_CTX_VALID */
#define CS_EXECLIST_DESC_FORCE_PD_RESTORE (UINT64_C(1) << 1) /* GEN8_CTX_FORCE_PD_RESTORE */
#define CS_EXECLIST_DESC_FORCE_RESTORE (UINT64_C(1) << 2)    /* GEN8_CTX_FORCE_RESTORE */
#define CS_EXECLIST_DESC_ADDRESSING_SHIFT 3u                 /* GEN8_CTX_ADDRESSING_MODE_SHIFT */
#define CS_EXECLIST_DESC_ADDRESSING_MASK (UINT64_C(3) << 3)  /* 2 bits, values below */
#define CS_EXECLIST_DESC_L3LLC_COHERENT (UINT64_C(1) << 5)   /* GEN8_CTX_L3LLC_COHERENT */
#define CS_EXECLIST_DESC_PRIVILEGE (UINT64_C(1) << 8)        /* GEN8_CTX_PRIVILEGE */
#define CS_EXECLIST_DESC_LRCA_MASK UINT64_C(0xFFFFF000)      /* CTX_GTT_ADDRESS_MASK, bits 31:12 */
#define CS_EXECLIST_DESC_SW_CTX_ID_SHIFT 37u                 /* GEN11_SW_CTX_ID_SHIFT */
#define CS_EXECLIST_DESC_SW_CTX_ID_WIDTH 11u                 /* GEN11_SW_CTX_ID_WIDTH */
#define CS_EXECLIST_DESC_INSTANCE_SHIFT 48u                  /* GEN11_ENGINE_INSTANCE_SHIFT */
#define CS_EXECLIST_DESC_INSTANCE_WIDTH 6u                   /* GEN11_ENGINE_INSTANCE_WIDTH */
#define CS_EXECLIST_DESC_CLASS_SHIFT 61u                     /* GEN11_ENGINE_CLASS_SHIFT */
#define CS_EXECLIST_DESC_CLASS_WIDTH 3u                      /* GEN11_ENGINE_CLASS_WIDTH */

/* Addressing modes (i915 INTEL_ADVANCED_CONTEXT ... INTEL_LEGACY_64B_CONTEXT); stored, no
 * effect: the bring-up memory is flat. i915 uses LEGACY_64B on gen12. */
enum {
    CS_EXECLIST_ADDRESSING_ADVANCED = 0,
    CS_EXECLIST_ADDRESSING_LEGACY_32B = 1,
    CS_EXECLIST_ADDRESSING_ADVANCED_AD = 2,
    CS_EXECLIST_ADDRESSING_LEGACY_64B = 3
};

/* The software context id the CSB uses for "no context" (i915 GEN12_IDLE_CTX_ID): a descriptor
 * carrying it is refused. */
#define CS_EXECLIST_IDLE_CTX_ID 0x7FFu

/* ---- logical ring context image (spec 004 "Logical Contexts") --------------------------- */
/* spec 004: page 0 of the image is the per-process HWSP, the register state context starts at
 * LRCA + 4 KiB; its first five cachelines are the ring context. */
#define CS_EXECLIST_PPHWSP_OFFSET 0u
#define CS_EXECLIST_STATE_OFFSET 4096u
#define CS_EXECLIST_RING_CONTEXT_DWORDS 80u
/* spec 004 "Register/State Context" (VCS, BCS, VECS tables): the ring context and the engine
 * context, 176 dwords ("DW 176"); the engine context starts at dword 0x50. */
#define CS_EXECLIST_STATE_DWORDS 176u
#define CS_EXECLIST_ENGINE_CONTEXT_DWORD 0x50u
/* Dword positions in the register state context (spec 004 "Register/State Context" table;
 * i915 intel_lrc_reg.h CTX_* are these plus one: the value dword). */
#define CS_EXECLIST_CTX_LRI0 0x01u            /* MI_LOAD_REGISTER_IMM header, 14 pairs */
#define CS_EXECLIST_CTX_CONTEXT_CONTROL 0x02u /* Context Control */
#define CS_EXECLIST_CTX_RING_HEAD 0x04u       /* Ring Head Pointer Register */
#define CS_EXECLIST_CTX_RING_TAIL 0x06u       /* Ring Tail Pointer Register */
#define CS_EXECLIST_CTX_RING_START 0x08u      /* RING_BUFFER_START */
#define CS_EXECLIST_CTX_RING_CTL 0x0Au        /* RING_BUFFER_CONTROL */
#define CS_EXECLIST_CTX_BB_ADDR_UDW 0x0Cu     /* Batch Buffer Current Head Register (UDW) */
#define CS_EXECLIST_CTX_BB_ADDR 0x0Eu         /* Batch Buffer Current Head Register */
#define CS_EXECLIST_CTX_BB_STATE 0x10u        /* Batch Buffer State Register */
#define CS_EXECLIST_CTX_LRI1 0x21u            /* second MI_LOAD_REGISTER_IMM header, 9 pairs */
/* spec 004: the two headers of the ring context (MI_LOAD_REGISTER_IMM, force posted). */
#define CS_EXECLIST_LRI0_HEADER 0x1100101Bu
#define CS_EXECLIST_LRI1_HEADER 0x11001011u
#define CS_EXECLIST_LRI2_HEADER 0x11001057u /* the engine context's list, 44 pairs */

/* ---- context status buffer (i915 gen12: intel_execlists_submission.c, intel_engine.h) --- */
#define CS_EXECLIST_CSB_ENTRIES 12u            /* GEN11_CSB_ENTRIES */
#define CS_EXECLIST_HWSP_CSB_DWORD 0x10u       /* I915_HWS_CSB_BUF0_INDEX (spec 000: 10h) */
#define CS_EXECLIST_HWSP_CSB_WRITE_DWORD 0x2Fu /* ICL_HWS_CSB_WRITE_INDEX */
/* Entry bits 31:0 */
#define CS_EXECLIST_CSB_NEW_QUEUE (1u << 0) /* GEN12_CTX_STATUS_SWITCHED_TO_NEW_QUEUE */
#define CS_EXECLIST_CSB_CLASS_SHIFT 3u      /* engine class, 3 bits */
#define CS_EXECLIST_CSB_INSTANCE_SHIFT 6u   /* engine instance, 6 bits */
/* Context ids: bits 25:15 of each dword (GEN12_CSB_SW_CTX_ID_MASK): low dword the context
 * switched to, high dword the context switched away from; 0x7FF: none (idle). */
#define CS_EXECLIST_CSB_CTX_ID_SHIFT 15u
#define CS_EXECLIST_CSB_CTX_ID_MASK (0x7FFu << 15)
/* Entry bits 63:32: switch detail in 3:0 (GEN12_CTX_SWITCH_DETAIL), 0 = context complete. */
#define CS_EXECLIST_CSB_DETAIL_MASK 0xFu
/* Switch detail of a context switched away before it completed (docs/facts.md: 5 preempted). */
#define CS_EXECLIST_CSB_DETAIL_PREEMPTED 5u
/* Depth of the CSB read port's FIFO (a choice: the CSB's depth). */
#define CS_EXECLIST_FIFO_DEPTH 12u

/* GT clocks a context switch (load, or save plus load) takes besides its bus time (choice). */
#define CS_EXECLIST_SWITCH_CYCLES 16u

/* The ring a context image describes. */
typedef struct cs_execlist_ring {
    uint64_t mmio_base;       /* the engine's MMIO base: the image stores base + register offsets */
    uint32_t start;           /* RING_START: 4 KiB aligned graphics address */
    uint32_t head;            /* RING_HEAD (byte offset 20:2, wrap count 31:21) */
    uint32_t tail;            /* RING_TAIL (byte offset, QWord aligned) */
    uint32_t ctl;             /* RING_CTL: length in pages minus one (20:12), enable (0) */
    uint32_t context_control; /* Context Control, as a masked write (enables in 31:16) */
} cs_execlist_ring;

/* Writes a zeroed per-process HWSP page at `lrca` and the register state context (spec 004
 * layout: the ring context's two MI_LOAD_REGISTER_IMM lists and the engine context's list, every
 * register of the table, values 0 but the ring's, NOOP padding) at lrca + 4 KiB, through
 * `memory`. False if the bus refused a write. */
bool cs_execlist_write_context_image(const tlm_target *memory, uint64_t lrca, const cs_execlist_ring *ring);

/* Writes RING_TAIL's value in the image at `lrca` (what a driver or the GuC does before
 * submitting the context again with more commands). False if the bus refused the write. */
bool cs_execlist_write_ring_tail(const tlm_target *memory, uint64_t lrca, uint32_t tail);

/* A valid, privileged descriptor in i915's gen12 form (LEGACY_64B addressing) for the image at
 * `lrca` (bits 31:12 used), software context id `sw_context_id` (11 bits), engine class and
 * instance (irq_message.h IRQ_CLASS_*, the engine's instance). */
uint64_t cs_execlist_descriptor(uint64_t lrca, uint32_t sw_context_id, unsigned engine_class, unsigned instance);

static inline uint32_t cs_execlist_descriptor_sw_id(uint64_t descriptor)
{
    return (uint32_t)(descriptor >> CS_EXECLIST_DESC_SW_CTX_ID_SHIFT) & ((1u << CS_EXECLIST_DESC_SW_CTX_ID_WIDTH) - 1u);
}

/* ---- the engine side ------------------------------------------------------------------------- */

typedef struct cs_execlist cs_execlist;

/* What the execlist needs from its engine (cs_engine.c fills it). */
typedef struct cs_execlist_host {
    void *engine;                                 /* the engine, passed back to the functions */
    tlm_kernel *kernel;                           /* time base */
    tlm_log_block *log;                           /* the engine's log */
    tlm_register_file *registers;                 /* the engine's registers (cs_regs.toml) */
    const tlm_target *memory;                     /* graphics memory: images, status pages */
    uint64_t mmio_base;                           /* the engine's base: image register offsets are relative to it */
    uint8_t engine_class;                         /* class the CSB and descriptors carry */
    uint8_t instance;                             /* instance within the class */
    tlm_time clock_period;                        /* GT clock */
    void (*event)(void *engine, uint32_t bits);   /* an engine interrupt event (IMR/HWSTAM apply) */
    /* A switch is over: `restored` true when a context (or none) was loaded (start from its
     * ring and batch registers), false when the running context goes on (lite restore). */
    void (*resume)(void *engine, tlm_time delay, bool restored);
    bool (*ring_idle)(void *engine);              /* the loaded ring has nothing left to run */
    bool (*yielded)(void *engine);                /* the engine stopped at an arbitration point */
    void (*arbitrate)(void *engine);              /* a load waits: yield now if waiting at an arbitration point */
    void (*context_out)(void *engine);            /* before a save: stop the context clock, refresh computed registers */
    /* The engine context part of the image goes through the engine's own register access
     * path (what MI_LOAD_REGISTER_IMM / MI_STORE_REGISTER_MEM use): block offsets. */
    void (*write_register)(void *engine, uint32_t offset, uint32_t value);
    uint32_t (*read_register)(void *engine, uint32_t offset);
} cs_execlist_host;

typedef struct cs_execlist_stats {
    uint64_t loads;        /* execlists accepted (SQ load or ELSP) */
    uint64_t refused;      /* loads refused (no valid element, bad descriptor, bad image) */
    uint64_t contexts_run; /* contexts loaded from their image */
    uint64_t completions;  /* contexts completed and saved */
    uint64_t csb_entries;  /* CSB entries written */
    uint64_t fifo_dropped; /* entries the full read-port FIFO could not take */
    uint64_t bad_offsets;  /* image register offsets outside the engine, skipped */
    uint64_t preemptions;  /* running contexts switched away at an arbitration point */
    uint64_t lite_restores; /* running contexts resubmitted: new tail taken at an arbitration point */
    uint64_t restore_inhibits; /* loads whose engine context was not restored (Context Control) */
} cs_execlist_stats;

cs_execlist *cs_execlist_create(const cs_execlist_host *host, const char *name);
void cs_execlist_destroy(cs_execlist *execlist);
/* Drops the execlist, the pending load, the FIFO and the ELSP staging (engine reset). */
void cs_execlist_reset(cs_execlist *execlist);
/* Engine hooks: after a software write to register `index`, before a software read of it, and
 * when the engine has stopped with nothing to run (it checks ring_idle again before saving). */
void cs_execlist_register_written(cs_execlist *execlist, uint32_t index, uint32_t old_value, uint32_t new_value);
void cs_execlist_register_read(cs_execlist *execlist, uint32_t index);
void cs_execlist_ring_empty(cs_execlist *execlist);
/* Arbitration (docs/reference/cs.md "Preemption and arbitration"): whether a load waits for the running
 * context to reach an arbitration point, and the engine reaching one (it has yielded). */
bool cs_execlist_switch_pending(const cs_execlist *execlist);
void cs_execlist_arbitration_point(cs_execlist *execlist);
/* Whether block offset `offset` is one of the execlist registers (gen6 hides them). */
bool cs_execlist_is_register(uint64_t offset);

/* A context is loaded (running or waiting for its ring). */
bool cs_execlist_active(const cs_execlist *execlist);
/* The software context id of the loaded context; false when none is loaded. */
bool cs_execlist_context_id(const cs_execlist *execlist, uint32_t *id);
/* The graphics address of the loaded context's image (its page 0 is the per-process status
 * page); false when none is loaded. */
bool cs_execlist_context_lrca(const cs_execlist *execlist, uint64_t *lrca);
const cs_execlist_stats *cs_execlist_get_stats(const cs_execlist *execlist);

#ifdef __cplusplus
}
#endif

#endif
