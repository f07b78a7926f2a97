/* The GuC scheduler model: a C model standing for the GuC firmware (spec 001 "GuC
 * Introduction": the micro-kernel "determining which workload to run next, submitting a
 * workload to a command streamer"). It is the micro-core behind guc_core_port (guc.h) and talks
 * to the hardware only through the bus: the GuC's MMIO view and graphics memory. docs/reference/guc.md
 * documents the formats below (modelling choices: the real firmware's are not public in this
 * form).
 *
 * On a doorbell interrupt (after config.latency, as a kernel event):
 *   1. read DOORBELL_CTRL; for each rung group read GTI DB_STATUS<g> (the read clears it and
 *      moves the bits into GUC_DB_ISR_<g>, so the next ring messages again);
 *   2. read GUC_DB_ISR_0..7; for each doorbell bit: service its work queue (below); then write
 *      the bits back to clear them (W1C);
 *   3. per work item: one submission through the submit port.
 * On a host-to-GuC interrupt: read HOST2GUC_DATA (0xC590), keep it, and answer with the
 * GuC-to-host interrupt GUC_INTR_GUC2HOST (write 0xC4B8) — the acknowledgement protocol of this
 * model (choice).
 *
 * Process descriptor: one per doorbell, GUC_PD_SIZE bytes at descriptor_pool + bell * GUC_PD_SIZE
 * (little-endian dwords):
 *   0x00 FLAGS    bit 0 VALID; bits 6:4 engine class (spec 001 class ID: 0 render, 1 video,
 *                 2 video enhancement, 3 copy); other bits MBZ
 *   0x08 WQ_BASE  work queue graphics address, bits 31:0 (0x0C: bits 63:32); 16-byte aligned
 *   0x10 WQ_SIZE  bytes, a non-zero multiple of GUC_WQI_SIZE, at most GUC_WQ_MAX_SIZE
 *   0x14 HEAD     byte offset of the next item to take (the scheduler writes it)
 *   0x18 TAIL     byte offset past the last item written (the application writes it)
 *   0x1C STATUS   GUC_WQ_STATUS_* (the scheduler writes a non-zero error; software clears it)
 * Work item (GUC_WQI_SIZE = 16 bytes): dw0-1 context descriptor (bit 0 valid, bits 31:12 the
 * context image's graphics address LRCA), dw2 ring tail (bytes, qword aligned), dw3 MBZ.
 * Items are taken from HEAD to TAIL, wrapping at WQ_SIZE, at most WQ_SIZE / 16 per ring. A
 * malformed queue or item stops that queue: STATUS gets the error, HEAD stays at the bad item,
 * an error is logged, nothing of it is submitted until software clears STATUS. */
#ifndef GUC_SCHEDULER_H
#define GUC_SCHEDULER_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"
#include "guc.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Process descriptor layout (above). */
#define GUC_PD_SIZE 64u
#define GUC_PD_FLAGS 0x00u
#define GUC_PD_FLAGS_VALID 0x1u
#define GUC_PD_FLAGS_CLASS_SHIFT 4u
#define GUC_PD_FLAGS_CLASS_MASK 0x70u
#define GUC_PD_WQ_BASE 0x08u
#define GUC_PD_WQ_SIZE 0x10u
#define GUC_PD_HEAD 0x14u
#define GUC_PD_TAIL 0x18u
#define GUC_PD_STATUS 0x1Cu
#define GUC_WQI_SIZE 16u
#define GUC_WQ_MAX_SIZE 0x10000u

typedef enum guc_wq_status {
    GUC_WQ_STATUS_OK = 0,          /* queue in use */
    GUC_WQ_STATUS_BAD_DESCRIPTOR,  /* FLAGS not VALID, reserved bits set, or an engine the GT lacks */
    GUC_WQ_STATUS_BAD_GEOMETRY,    /* WQ_BASE unaligned, WQ_SIZE 0, not a multiple of 16 or too big */
    GUC_WQ_STATUS_OVERRUN,         /* HEAD or TAIL not a multiple of 16, or not below WQ_SIZE */
    GUC_WQ_STATUS_BAD_ITEM,        /* descriptor not valid, ring tail not qword aligned, dw3 not 0 */
    GUC_WQ_STATUS_BUS_ERROR        /* memory refused a read */
} guc_wq_status;

/* ---- the submission contract with the command streamer ----------------------------------------
 * The engine's ExecList Submit Queue element 0 (lower dword, then upper) and EXECLIST_CONTROL
 * with LOAD (cs_regs.toml EXECLIST_SQ_ELEMENT0_LO/HI, EXECLIST_CONTROL: i915
 * RING_EXECLIST_SQ_CONTENTS = base + 0x510, RING_EXECLIST_CONTROL = base + 0x550, EL_CTRL_LOAD),
 * and the ring tail in the context image (cs_execlist.h: spec 004's register state context at
 * LRCA + 4 KiB, the Ring Tail Pointer Register's value dword after its offset dword).
 * guc_submit_to_engine is the one place that writes them. */
/* One context handed to an engine. */
typedef struct guc_submission {
    unsigned bell;        /* doorbell whose work queue carried it */
    cs_engine engine;     /* the command streamer */
    uint32_t mmio_base;   /* its MMIO base (cs_profile_get(CS_PROFILE_GEN12)->engines[engine]) */
    uint64_t descriptor;  /* context descriptor */
    uint32_t ring_tail;   /* ring tail for the context (bytes) */
} guc_submission;

/* Where submissions go: guc_submit_to_engine by default; a test captures them. */
typedef struct guc_submit_port {
    void (*submit)(void *context, const guc_submission *submission); /* NULL: guc_submit_to_engine */
    void *context;                                                  /* passed to submit */
} guc_submit_port;

/* The submission: the ring tail into the context image (memory), then ELSQ element 0 lower and
 * upper dwords and EXECLIST_CONTROL = LOAD (MMIO, at the engine's base). Returns the first
 * failing response, or TLM_STATUS_OK. */
tlm_status guc_submit_to_engine(const tlm_target *mmio, const tlm_target *memory,
                                         const guc_submission *submission);

/* Submissions one engine can hold waiting for it in the hardware-scheduler mode. */
#define GUC_ENGINE_QUEUE_DEPTH 64u

/* The HXG message format of host-GuC MMIO messages (i915 gt/uc/abi/guc_messages_abi.h, the
 * same in xe abi/guc_messages_abi.h): dword 0 is ORIGIN 31, TYPE 30:28 and 28 bits of type data:
 * a request's DATA0 27:16 and ACTION 15:0, a success reply's DATA0 27:0, a failure reply's HINT
 * 27:16 and ERROR 15:0. */
#define GUC_HXG_MSG_0_ORIGIN 0x80000000u
#define GUC_HXG_ORIGIN_HOST 0u
#define GUC_HXG_ORIGIN_GUC 1u
#define GUC_HXG_MSG_0_TYPE_SHIFT 28
#define GUC_HXG_MSG_0_TYPE 0x70000000u
#define GUC_HXG_TYPE_REQUEST 0u
#define GUC_HXG_TYPE_RESPONSE_FAILURE 6u
#define GUC_HXG_TYPE_RESPONSE_SUCCESS 7u
#define GUC_HXG_REQUEST_MSG_0_ACTION 0x0000FFFFu
#define GUC_HXG_RESPONSE_MSG_0_DATA0 0x0FFFFFFFu
#define GUC_HXG_FAILURE_MSG_0_HINT 0x0FFF0000u
#define GUC_HXG_FAILURE_MSG_0_ERROR 0x0000FFFFu
/* Actions the model answers with success (i915 abi/guc_actions_abi.h; both sent through
 * intel_guc_send_mmio: guc_action_register_ct, guc_action_control_ctb; reply DATA0 MBZ). */
#define GUC_ACTION_HOST2GUC_REGISTER_CTB 0x4505u
#define GUC_ACTION_HOST2GUC_CONTROL_CTB 0x4509u
/* The error code of a failure reply to an action not understood (i915 abi/guc_errors_abi.h
 * INTEL_GUC_RESPONSE_NOT_SUPPORTED). */
#define GUC_RESPONSE_NOT_SUPPORTED 0x20u

typedef struct guc_scheduler_config {
    const tlm_target *mmio;    /* the GuC's MMIO view: doorbell block (via guc_doorbell_view), GuC block, engines */
    const tlm_target *memory;  /* graphics memory: descriptors, work queues, context images */
    uint64_t descriptor_pool;  /* graphics address of the process descriptors */
    tlm_time latency;          /* firmware reaction time from an interrupt to its handling */
    guc_submit_port submit;    /* submit NULL: guc_submit_to_engine on mmio and memory */
    /* The GuC's two interrupt vectors from the gen11+ aggregator (irq_gen11_guc_vector; its GuC
     * block must be in the mmio view at IRQ_GEN11_MMIO_BASE). Both set: the hardware-scheduler
     * mode (docs/reference/guc.md "Hardware scheduling"): the firmware takes the engines' context switch
     * interrupts, reads their CSBs and submits an engine's next work item only when it went
     * idle. NULL: every work item is submitted at once. */
    tlm_signal *vectors[2];
    /* The gen11+ host-GuC message registers (GEN11_SOFT_SCRATCH(0..3), gt_regs) are in the mmio
     * view: a host-to-GuC interrupt whose SOFT_SCRATCH(0) holds a host request is answered there
     * (docs/reference/guc.md "MMIO messages"). false: the interrupt is only acknowledged. */
    bool mmio_messages;
} guc_scheduler_config;

typedef struct guc_scheduler_stats {
    uint64_t interrupts;       /* micro-core interrupts taken */
    uint64_t group_reads;      /* GTI group registers read */
    uint64_t bells_serviced;   /* doorbell bits serviced */
    uint64_t items;            /* work items taken */
    uint64_t submissions;      /* submissions made */
    uint64_t submit_errors;    /* submissions the bus refused */
    uint64_t queue_errors;     /* queues stopped on a malformed descriptor, queue or item */
    uint64_t host_messages;    /* host-to-GuC interrupts handled */
    uint32_t last_host_data;   /* HOST2GUC_DATA of the last one */
    uint64_t mmio_requests;    /* host requests answered in SOFT_SCRATCH(0) */
    uint64_t mmio_failures;    /* of those, answered RESPONSE_FAILURE (an action not understood) */
    uint64_t engine_interrupts; /* engine interrupts serviced through the GuC's identity registers */
    uint64_t csb_entries;      /* CSB entries read through the engines' read ports */
    uint64_t queued;           /* submissions held until their engine went idle */
    uint64_t queue_full;       /* submissions dropped: the engine's queue was full */
} guc_scheduler_stats;

typedef struct guc_scheduler guc_scheduler;

/* What the scheduler is doing (the waveform "state" row; docs/reference/guc.md "Waveform rows"). The
 * handler runs in zero time, so the states after GUC_SCHED_PENDING follow each other at one
 * sim time; PENDING spans the reaction latency. */
typedef enum guc_scheduler_state {
    GUC_SCHED_IDLE,              /* no interrupt waiting */
    GUC_SCHED_PENDING,           /* an interrupt taken, the handler runs after config.latency */
    GUC_SCHED_HOST_MESSAGE,      /* handling a host-to-GuC interrupt */
    GUC_SCHED_HANDLING_DOORBELL, /* reading the rung groups and GUC_DB_ISR_<g> */
    GUC_SCHED_READING_QUEUE,     /* reading a doorbell's process descriptor and work items */
    GUC_SCHED_SUBMITTING,        /* handing a work item to a command streamer */
    GUC_SCHED_HANDLING_ENGINE    /* servicing an engine interrupt: identity, CSB */
} guc_scheduler_state;
guc_scheduler_state guc_scheduler_get_state(const guc_scheduler *sched);

guc_scheduler *guc_scheduler_create(tlm_kernel *kernel, const char *name, const guc_scheduler_config *config);
void guc_scheduler_destroy(guc_scheduler *sched);

/* The micro-core port to give guc_set_core_port. */
guc_core_port guc_scheduler_core_port(guc_scheduler *sched);

/* Firmware start: sets DOORBELL_CTRL.ROUTE_TO_GUC through the MMIO view (spec 001: "This bit must
 * be set by software ... to route interrupts to Mini-Core"); in the hardware-scheduler mode also
 * enables and unmasks the engines' context switch interrupt in the aggregator's GuC block. */
void guc_scheduler_boot(guc_scheduler *sched);

/* Hands `submission` to its engine as a work item from a queue is (at once, or in the
 * hardware-scheduler mode once the engine is idle); the entry the work-queue path uses. */
void guc_scheduler_submit(guc_scheduler *sched, const guc_submission *submission);

/* Drops a pending interrupt and clears the counters. */
void guc_scheduler_reset(guc_scheduler *sched);

const guc_scheduler_stats *guc_scheduler_get_stats(const guc_scheduler *sched);

#ifdef __cplusplus
}
#endif

#endif
