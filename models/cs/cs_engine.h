/* One command streamer engine (issue 4; docs/cs.md): the ring buffer of spec 000 §1.1.5, batch
 * buffers, the executed MI commands, privilege, errors, the hardware status page and the
 * engine's interrupt messages. One core serves every engine (RCS, BCS, VCS, VECS) of both
 * profiles; the profile tables (cs_commands.h) say what a command looks like and which engine
 * accepts it.
 *
 *   MMIO (cs_regs.toml at the engine's base) ─► ring registers ─► fetch (64-byte cacheline
 *   reads on the memory target) ─► cs_decode ─► execute (stores and status page writes on the
 *   memory target, register writes, interrupt messages on the irq_message_sink)
 *
 * The engine is a bus initiator that runs as kernel events: while the ring is enabled and
 * HEAD != TAIL (or a batch is running) it executes one command per event and schedules the
 * next after the command's cost (docs/cs.md "Timing"); it is idle, with no event pending,
 * otherwise. Every loop is bounded: bad programs get the spec's behaviour and a log line. */
#ifndef CS_ENGINE_H
#define CS_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"
#include "irq_message.h"
#include "tlm.h"

/* Batch buffers started without returning to the ring before the engine gives up with an
 * Instruction Parser error (a batch that chains to itself forever). */
#define CS_BATCH_CHAIN_LIMIT 1024u
/* Dwords parsed in batch buffers without returning to the ring before the same error (a batch
 * without MI_BATCH_BUFFER_END in zero-filled memory); the default of
 * cs_engine_config.batch_dword_limit. */
#define CS_BATCH_DWORD_LIMIT (1u << 20)
/* Cost of one command, in GT clocks: a fixed part plus one per dword (docs/cs.md "Timing"). */
#define CS_CYCLES_PER_COMMAND 1u
#define CS_CYCLES_PER_DWORD 1u
/* Bytes of one fetch: a cacheline. */
#define CS_FETCH_LINE_BYTES 64u
/* gen6 places HWS_PGA at base + 0x2080 (spec 000 §1.1.2.1: 4080h for render). */
#define CS_GEN6_HWS_PGA_OFFSET 0x2080u

/* HWSP dwords the engine writes (spec 000 §1.1.7, spec 004 HWSP layout). */
#define CS_HWSP_ISR_DWORD 0u
#define CS_HWSP_HEAD_DWORD 4u

typedef struct cs_engine_config {
    cs_profile profile;          /* command tables and register layout */
    cs_engine engine;            /* which engine (RCS, BCS, VCS, VECS) */
    uint8_t instance;            /* instance within the engine class (its interrupt messages carry it) */
    uint64_t mmio_base;          /* the engine's MMIO base; LRI/SRM offsets in [base, base+CS_BLOCK_SIZE) are its own */
    const tlm_target *memory;    /* graphics memory: fetches, stores, status page */
    const tlm_target *mmio;      /* other registers for LRI/SRM (the GT's MMIO map); NULL: own registers only */
    irq_message_sink irq;        /* where interrupt messages go; deliver NULL: nowhere */
    tlm_time clock_period;       /* GT clock period: the cost unit */
    uint32_t batch_dword_limit;  /* 0: CS_BATCH_DWORD_LIMIT; tests lower it to keep runs short */
} cs_engine_config;

/* Counters for tests and the run summary. */
typedef struct cs_engine_stats {
    uint64_t commands;        /* commands executed (including skipped and converted ones) */
    uint64_t dwords;          /* dwords parsed */
    uint64_t fetches;         /* cacheline reads */
    uint64_t writes;          /* memory writes (stores, status page) */
    uint64_t wraps;           /* ring head wraps */
    uint64_t batches;         /* batch buffers started */
    uint64_t preemptions;     /* MI_ARB_CHECK jumps to UHPTR */
    uint64_t errors;          /* ESR bits raised */
    uint64_t messages;        /* interrupt messages sent */
    uint64_t not_modelled;    /* known commands parsed for length and skipped (docs/cs.md) */
} cs_engine_stats;

typedef struct cs_engine_model cs_engine_model;

/* NULL if the profile has no such engine. */
cs_engine_model *cs_engine_create(tlm_kernel *kernel, const char *name, const cs_engine_config *config);
void cs_engine_destroy(cs_engine_model *model);

/* MMIO target of the block (map it at the base, CS_BLOCK_SIZE bytes; addresses are offsets). */
const tlm_target *cs_engine_target(cs_engine_model *model);
/* gen6 only: the target of the HWS_PGA window (map it at base + CS_GEN6_HWS_PGA_OFFSET, 4
 * bytes); NULL for gen12. */
const tlm_target *cs_engine_hws_pga_target(cs_engine_model *model);
/* Back to reset values; a pending step is cancelled. */
void cs_engine_reset(cs_engine_model *model);
/* True while the engine has a step scheduled (it has commands to execute). */
bool cs_engine_busy(const cs_engine_model *model);
/* True after an error that halts the parser, until the ring is disabled (docs/cs.md). */
bool cs_engine_halted(const cs_engine_model *model);
/* The engine's interrupt status (spec 000 §1.1.7 bits; the value a status page write reports). */
uint32_t cs_engine_isr(const cs_engine_model *model);
const cs_engine_stats *cs_engine_get_stats(const cs_engine_model *model);

#endif
