/* One command streamer engine (docs/reference/cs.md): the ring buffer of spec 000 §1.1.5, batch
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
 * next after the command's cost (docs/reference/cs.md "Timing"); it is idle, with no event pending,
 * otherwise. Every loop is bounded: bad programs get the spec's behaviour and a log line.
 *
 * Also here: the event log (commands recorded, not executed), the EU-array port for walkers,
 * the statistics port, the gen12 general purpose registers, semaphores (gen6 mailboxes, gen12
 * polling and signals between peer engines), gen6 MI_SET_CONTEXT (CCID and a context image),
 * sync flushes, the watchdog counter and the engine's waveform rows (docs/reference/cs.md). */
#ifndef CS_ENGINE_H
#define CS_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"
#include "cs_ports.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* GT clocks the pipeline port takes to answer "done" for a forwarded (non-MI) command
 * (docs/reference/cs.md "Pipeline port"). */
#define CS_PIPELINE_PORT_CYCLES 4u
/* Cost of one command, in GT clocks: a fixed part plus one per dword (docs/reference/cs.md "Timing"). */
#define CS_CYCLES_PER_COMMAND 1u
#define CS_CYCLES_PER_DWORD 1u
/* Bytes of one fetch: a cacheline. */
#define CS_FETCH_LINE_BYTES 64u
/* gen6 places HWS_PGA at base + 0x2080 (spec 000 §1.1.2.1: 4080h for render). */
#define CS_GEN6_HWS_PGA_OFFSET 0x2080u

/* HWSP dwords the engine writes (spec 000 §1.1.7, spec 004 HWSP layout). */
#define CS_HWSP_ISR_DWORD 0u
#define CS_HWSP_HEAD_DWORD 4u

/* GT clocks a CS-stalling PIPE_CONTROL waits for outstanding walker work before it gives up
 * with an error line and goes on (a port that never completes must not hang the engine). */
#define CS_WALKER_STALL_CYCLES (1u << 20)

/* GT clocks between two evaluations of a semaphore wait that has not passed (docs/reference/cs.md
 * "Semaphores"): the parser sleeps in between, so simulated time advances. */
#define CS_SEMAPHORE_POLL_CYCLES 64u

/* Default quantum of temporal decoupling (docs/reference/cs.md "Temporal decoupling"): the
 * most simulated time one step event runs commands back to back before it goes through the
 * kernel's queue again. Results do not depend on it. */
#define CS_QUANTUM TLM_US

/* Engines one engine can signal (gen12 MI_SEMAPHORE_SIGNAL targets; cs_engine_connect_peer). */
#define CS_PEER_CAPACITY 16u

typedef struct cs_engine_config {
    cs_profile profile;          /* command tables and register layout */
    cs_engine engine;            /* which engine (RCS, BCS, VCS, VECS) */
    uint8_t instance;            /* instance within the engine class (its interrupt messages carry it) */
    uint64_t mmio_base;          /* the engine's MMIO base; LRI/SRM offsets in [base, base+CS_BLOCK_SIZE) are its own */
    const tlm_target *memory;    /* graphics memory: fetches, stores, status page */
    const tlm_target *mmio;      /* other registers for LRI/SRM (the GT's MMIO map); NULL: own registers only */
    irq_message_sink irq;        /* where interrupt messages go; deliver NULL: nowhere */
    tlm_time clock_period;       /* GT clock period: the cost unit */
    uint32_t batch_dword_limit;  /* 0: none (hardware has none); >0: a test bound, an Instruction Parser error past it */
    cs_walker_port walker;       /* the EU-array port; submit NULL: none (cs_engine_set_walker_port) */
    tlm_time quantum;            /* temporal decoupling quantum in ps; 0: CS_QUANTUM */
    bool event_per_command;      /* true: one kernel event per command (quantum 0, the reference mode) */
} cs_engine_config;

/* Counters for tests and the run summary. */
typedef struct cs_engine_stats {
    uint64_t commands;        /* commands executed (including skipped and converted ones) */
    uint64_t dwords;          /* dwords parsed */
    uint64_t fetches;         /* cacheline reads */
    uint64_t dmi_fetches;     /* of the fetches, read through a DMI grant (simple commands) */
    uint64_t writes;          /* memory writes (stores, status page) */
    uint64_t dmi_writes;      /* of the writes, made through a DMI grant: the memory's own count misses them */
    uint64_t wraps;           /* ring head wraps */
    uint64_t batches;         /* batch buffers started */
    uint64_t preemptions;     /* MI_ARB_CHECK jumps to UHPTR */
    uint64_t errors;          /* ESR bits raised */
    uint64_t messages;        /* interrupt messages sent */
    uint64_t not_modelled;    /* known commands parsed for length and skipped (docs/reference/cs.md) */
    uint64_t events;          /* commands recorded in the event log (cs_engine_event) */
    uint64_t events_dropped;  /* of them, the oldest dropped because the log was full */
    uint64_t walker_requests; /* requests handed to the EU-array port (or completed at once) */
    uint64_t walker_stalls;   /* CS-stalling PIPE_CONTROLs that waited for outstanding work */
    uint64_t walker_stall_timeouts; /* of them, those that gave up after CS_WALKER_STALL_CYCLES */
    uint64_t semaphore_polls;   /* semaphore evaluations that failed (the first and each poll after it) */
    uint64_t semaphore_signals; /* gen12 MI_SEMAPHORE_SIGNAL commands executed */
    uint64_t semaphore_wakes;   /* signal-mode waits of this engine re-evaluated because a signal named it */
    uint64_t context_switches;  /* gen6 MI_SET_CONTEXT that switched (a new address, or force restore) */
    uint64_t context_saves;     /* of them, the saves of the current context hardware would do */
    uint64_t context_restores;  /* and the restores of the new one (not inhibited) */
    uint64_t watchdog_timeouts; /* watchdog counter expiries (each a Timeout Counter Expired event) */
    uint64_t sync_flushes;      /* INSTPM sync flushes completed (each a Sync Status event) */
    uint64_t page_faults;       /* Page Fault interrupt events (a fault while none was pending) */
    uint64_t yields;            /* arbitration points where the engine stopped for a context switch */
    uint64_t pipeline_commands; /* non-MI commands handed to the pipeline port */
    uint64_t primitives;        /* 3DPRIMITIVE commands handed on (not dropped by predication) */
    uint64_t predicated;        /* commands dropped by predication (MI_PREDICATE_RESULT, MI_SET_PREDICATE) */
    uint64_t instpm_disabled;   /* render commands parsed and not executed: their INSTPM disable bit was set */
    uint64_t back_to_back;      /* steps run in the event of the step before (temporal decoupling) */
    uint64_t simple;            /* of the commands, run as simple commands (docs/reference/cs.md "Simple commands") */
} cs_engine_stats;

/* Commands the engine records instead of executing (docs/reference/cs.md "Event log"): MI_DISPLAY_FLIP,
 * MI_PROBE, MI_UNPROBE (no display or probe hardware in this model) and MI_UPDATE_GTT (the GTT
 * is not modelled: the bring-up memory is flat, so the entries are recorded, not written);
 * gen6 MI_SET_CONTEXT is executed (CCID, the context image) and recorded; every non-MI command
 * handed to the pipeline port and the MI commands docs/reference/cs.md lists as recorded. The
 * log keeps the last CS_EVENT_LOG_CAPACITY events; older ones are dropped and counted. */
#define CS_EVENT_LOG_CAPACITY 256u

typedef struct cs_event {
    const cs_command *command; /* the command's table entry (its name: command->name) */
    tlm_time time;             /* simulated time it was executed */
    uint64_t address;          /* graphics address of its header */
    unsigned level;            /* 0 ring, 1 first-level batch, 2 second-level batch */
    uint32_t length;           /* dwords of the command */
    uint32_t *dwords;          /* its dwords (owned by the log; the fields decode from them) */
    size_t capacity;           /* dwords the buffer holds: a log slot keeps it when reused */
} cs_event;

/* cs_engine_model, the engine, is declared in cs_ports.h. */

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
/* Temporal decoupling (docs/reference/cs.md): the quantum in ps; 0 runs one kernel event per
 * command. Results (memory, registers, events, their times and order) are the same for every
 * quantum; only the host's wall clock changes. */
void cs_engine_set_quantum(cs_engine_model *model, tlm_time quantum);
tlm_time cs_engine_quantum(const cs_engine_model *model);
/* True while the engine has a step scheduled (it has commands to execute). */
bool cs_engine_busy(const cs_engine_model *model);
/* True after an error that halts the parser, until the ring is disabled (docs/reference/cs.md). */
bool cs_engine_halted(const cs_engine_model *model);
/* The engine's interrupt status (spec 000 §1.1.7 bits; the value a status page write reports). */
uint32_t cs_engine_isr(const cs_engine_model *model);
const cs_engine_stats *cs_engine_get_stats(const cs_engine_model *model);
/* Times `command` (an entry of the profile's table, cs_profile_commands) was parsed by this
 * engine without an Instruction Parser error, counted where stats.commands is (commands
 * skipped, dropped or converted to MI_NOOP included; the sum over the table is stats.commands
 * less the parser errors); 0 for a command of another table. Functional coverage
 * (docs/guide/regress.md "Coverage"). */
uint64_t cs_engine_command_count(const cs_engine_model *model, const cs_command *command);
/* The engine's execlist submission (cs_execlist.h; docs/reference/cs.md "Execlists"); NULL on gen6. */
struct cs_execlist *cs_engine_execlist(cs_engine_model *model);

/* What the parser is doing (the waveform "state" row; docs/reference/cs.md "Waveform rows"). */
typedef enum cs_engine_state {
    CS_STATE_IDLE,      /* nothing to run: disabled, empty, stopped */
    CS_STATE_FETCHING,  /* running a command whose step read a new cacheline */
    CS_STATE_EXECUTING, /* running a command from the cacheline already fetched */
    CS_STATE_WAITING,   /* semaphore, CS stall, RB wait, or a command past TAIL */
    CS_STATE_HALTED     /* stopped by an error */
} cs_engine_state;
cs_engine_state cs_engine_get_state(const cs_engine_model *model);

/* cs_engine_set_walker_port, cs_engine_set_statistics_port: cs_ports.h. */
/* Makes `peer` reachable by this engine's gen12 MI_SEMAPHORE_SIGNAL (docs/reference/cs.md "Semaphores"):
 * whoever builds the system connects every pair (an engine may be its own peer). A signal
 * naming the peer's class and instance makes its signal-mode MI_SEMAPHORE_WAIT re-evaluate at
 * once. False (and nothing changes) when CS_PEER_CAPACITY peers are connected already. */
bool cs_engine_connect_peer(cs_engine_model *model, cs_engine_model *peer);
/* Requests handed to the port and not completed yet. */
uint32_t cs_engine_walkers_outstanding(const cs_engine_model *model);

/* Events in the log, oldest first; an event stays valid until the log drops it, it is cleared
 * or the engine is destroyed (an engine reset keeps the log). */
size_t cs_engine_event_count(const cs_engine_model *model);
const cs_event *cs_engine_event(const cs_engine_model *model, size_t index);
void cs_engine_clear_events(cs_engine_model *model);
/* The shown value of the event's field `name` (repetition `instance`: MI_UPDATE_GTT's entries,
 * MI_PROBE's slots), decoded with the profile tables; false if the command has no such field. */
bool cs_event_field(const cs_engine_model *model, const cs_event *event, const char *name, uint32_t instance,
                    uint64_t *value);

#ifdef __cplusplus
}
#endif

#endif
