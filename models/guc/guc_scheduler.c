#include "guc_scheduler.h"

#include <stdlib.h>
#include <string.h>

#include "cs_execlist.h"
#include "cs_regs.h"
#include "doorbell_regs.h"
#include "gt_regs.h"
#include "guc_regs.h"
#include "irq_gen11.h"
#include "irq_gen11_guc_regs.h"
#include "tlm_alloc.h"
#include "tlm_trace.h"

/* ---- register map: the registers the firmware reads and writes, at their GT MMIO offsets --- */

#define DOORBELL_CTRL (GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET)
#define DB_ISR(g) (GUC_MMIO_BASE + GUC_GUC_DB_ISR_0_OFFSET + 4u * (g))
#define HOST2GUC_DATA (GUC_MMIO_BASE + GUC_HOST2GUC_DATA_OFFSET)
#define GUC2HOST_INTR (GUC_MMIO_BASE + GUC_GUC2HOST_INTR_OFFSET)
#define DB_STATUS(g) (DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET + 4u * (g))
_Static_assert(GUC_GUC_DB_ISR_7_OFFSET == GUC_GUC_DB_ISR_0_OFFSET + 28u, "GUC_DB_ISR_0..7 are consecutive");
_Static_assert(DOORBELL_DB_STATUS7_OFFSET == DOORBELL_DB_STATUS0_OFFSET + 28u, "DB_STATUS0..7 are consecutive");

/* The aggregator's GuC block (spec 001 "Engine Interrupt Registers": engine interrupts reach the
 * GuC through its own copy of the tree). */
#define GUC_IRQ(offset) (IRQ_GEN11_MMIO_BASE + (offset))
#define GUC_INTR_DW(v) GUC_IRQ(IRQ_GUC_GT_INTR_DW0_OFFSET + 4u * (v))
#define GUC_SELECTOR(v) GUC_IRQ(IRQ_GUC_IIR_REG_SELECTOR0_OFFSET + 4u * (v))
#define GUC_IDENTITY(v) GUC_IRQ(IRQ_GUC_INTR_IDENTITY_REG0_OFFSET + 4u * (v))
_Static_assert(IRQ_GUC_GT_INTR_DW1_OFFSET == IRQ_GUC_GT_INTR_DW0_OFFSET + 4u, "GT_INTR_DW0/1 are consecutive");
/* Identity polls before giving up (i915 gen11_gt_engine_identity waits 100 reads). */
#define IDENTITY_POLLS 100u
/* A cause of the handler besides guc.h's: a GuC interrupt vector is high. */
#define GUC_CORE_ENGINE_VECTOR (1u << 16)

/* Initiator id of the GuC's bus accesses (tells them apart in traces). */
#define GUC_INITIATOR_ID 0x6Cu

struct guc_scheduler {
    guc_scheduler_config config;  /* connections */
    tlm_kernel *kernel;           /* where the handler runs */
    tlm_event handler;            /* the interrupt handler, after config.latency */
    uint32_t causes;              /* GUC_CORE_* causes not handled yet */
    tlm_log_block *log;           /* this instance's log counters */
    guc_scheduler_stats stats;    /* counters */
    guc_scheduler_state state;    /* what the handler is doing (waveform row) */
    tlm_trace_id state_row;       /* waveform: state (0: untraced) */
    tlm_trace_id bell_row;        /* waveform: doorbell whose queue was serviced last */
    tlm_trace_id descriptor_row;  /* waveform: context descriptor submitted last */
    tlm_trace_id submissions_row; /* waveform: submissions so far */
    bool busy[CS_ENGINE_COUNT];   /* hardware scheduling: a context runs on the engine */
    guc_submission waiting[CS_ENGINE_COUNT][GUC_ENGINE_QUEUE_DEPTH]; /* per engine, circular */
    unsigned first[CS_ENGINE_COUNT];   /* oldest waiting submission */
    unsigned count[CS_ENGINE_COUNT];   /* waiting submissions */
};

static bool hardware_scheduling(const guc_scheduler *sched)
{
    return sched->config.vectors[0] && sched->config.vectors[1];
}

static void set_state(guc_scheduler *sched, guc_scheduler_state state)
{
    sched->state = state;
    tlm_trace_set(sched->kernel, sched->state_row, state);
}

/* ---- bus accesses ---------------------------------------------------------------------------- */

static tlm_status access(guc_scheduler *sched, const tlm_target *target, tlm_cmd command,
                                  tlm_address_space space, uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.address_space = space;
    payload.privileged = true;
    payload.initiator_id = GUC_INITIATOR_ID;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    if (!tlm_response_is_ok(&payload))
        tlm_log_error(sched->log, "%s of %u bytes at 0x%012llx: %s", tlm_command_name(command), length,
                      (unsigned long long)address, tlm_response_name(payload.response));
    return payload.response;
}

static uint32_t mmio_read(guc_scheduler *sched, uint64_t address)
{
    uint32_t value = 0;
    if (access(sched, sched->config.mmio, TLM_CMD_READ, TLM_SPACE_MMIO, address, &value, 4) != TLM_STATUS_OK)
        return 0;
    return value;
}

static void mmio_write(guc_scheduler *sched, uint64_t address, uint32_t value)
{
    access(sched, sched->config.mmio, TLM_CMD_WRITE, TLM_SPACE_MMIO, address, &value, 4);
}

static bool mem_read32(guc_scheduler *sched, uint64_t address, uint32_t *value)
{
    return access(sched, sched->config.memory, TLM_CMD_READ, TLM_SPACE_GGTT, address, value, 4) ==
           TLM_STATUS_OK;
}

static void mem_write32(guc_scheduler *sched, uint64_t address, uint32_t value)
{
    access(sched, sched->config.memory, TLM_CMD_WRITE, TLM_SPACE_GGTT, address, &value, 4);
}

/* ---- the submission contract ------------------------------------------------------------------ */

static tlm_status write32(const tlm_target *target, tlm_address_space space, uint64_t address,
                                   uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, address, &value, 4);
    payload.address_space = space;
    payload.privileged = true;
    payload.initiator_id = GUC_INITIATOR_ID;
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    return payload.response;
}

tlm_status guc_submit_to_engine(const tlm_target *mmio, const tlm_target *memory,
                                         const guc_submission *submission)
{
    uint64_t lrca = submission->descriptor & CS_EXECLIST_DESC_LRCA_MASK;
    tlm_status response =
        write32(memory, TLM_SPACE_GGTT, lrca + CS_EXECLIST_STATE_OFFSET + 4u * (CS_EXECLIST_CTX_RING_TAIL + 1u),
                submission->ring_tail);
    if (response != TLM_STATUS_OK)
        return response;
    response = write32(mmio, TLM_SPACE_MMIO, submission->mmio_base + CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET,
                       (uint32_t)submission->descriptor);
    if (response != TLM_STATUS_OK)
        return response;
    response = write32(mmio, TLM_SPACE_MMIO, submission->mmio_base + CS_EXECLIST_SQ_ELEMENT0_HI_OFFSET,
                       (uint32_t)(submission->descriptor >> 32));
    if (response != TLM_STATUS_OK)
        return response;
    return write32(mmio, TLM_SPACE_MMIO, submission->mmio_base + CS_EXECLIST_CONTROL_OFFSET,
                   CS_EXECLIST_CONTROL_LOAD_MASK);
}

static void submit_now(guc_scheduler *sched, const guc_submission *submission)
{
    sched->stats.submissions++;
    set_state(sched, GUC_SCHED_SUBMITTING);
    tlm_trace_set(sched->kernel, sched->descriptor_row, submission->descriptor);
    tlm_trace_set(sched->kernel, sched->submissions_row, sched->stats.submissions);
    if (sched->config.submit.submit) {
        sched->config.submit.submit(sched->config.submit.context, submission);
        return;
    }
    tlm_status response = guc_submit_to_engine(sched->config.mmio, sched->config.memory, submission);
    if (response != TLM_STATUS_OK) {
        sched->stats.submit_errors++;
        tlm_log_error(sched->log, "doorbell %u: submission of context 0x%016llx to %s failed: %s", submission->bell,
                      (unsigned long long)submission->descriptor,
                      cs_profile_get(CS_PROFILE_GEN12)->engines[submission->engine].name, tlm_response_name(response));
    }
}

/* In the hardware-scheduler mode an engine running a context gets its next one only when its
 * CSB says it went idle (a new load would preempt the running context); otherwise at once. */
static void submit(guc_scheduler *sched, const guc_submission *submission)
{
    if (!hardware_scheduling(sched)) {
        submit_now(sched, submission);
        return;
    }
    cs_engine e = submission->engine;
    if (!sched->busy[e]) {
        /* spec 001 "Command Streamer Status Information": the engine's context switches reach
         * the GuC; here as the engine's context switch message, unmasked in its IMR before the
         * first submission to it (a **choice**, docs/reference/guc.md "Hardware scheduling"). */
        uint32_t imr = submission->mmio_base + CS_IMR_OFFSET;
        mmio_write(sched, imr, mmio_read(sched, imr) & ~IRQ_DATA_CONTEXT_SWITCH);
        sched->busy[e] = true;
        submit_now(sched, submission);
        return;
    }
    if (sched->count[e] == GUC_ENGINE_QUEUE_DEPTH) {
        sched->stats.queue_full++;
        tlm_log_error(sched->log, "%s: %u submissions wait already: context 0x%016llx dropped",
                      cs_profile_get(CS_PROFILE_GEN12)->engines[e].name, GUC_ENGINE_QUEUE_DEPTH,
                      (unsigned long long)submission->descriptor);
        return;
    }
    sched->stats.queued++;
    sched->waiting[e][(sched->first[e] + sched->count[e]) % GUC_ENGINE_QUEUE_DEPTH] = *submission;
    sched->count[e]++;
}

void guc_scheduler_submit(guc_scheduler *sched, const guc_submission *submission)
{
    submit(sched, submission);
}

/* The engine went idle: its next waiting submission, if any. */
static void engine_idle(guc_scheduler *sched, cs_engine e)
{
    sched->busy[e] = false;
    if (!sched->count[e])
        return;
    guc_submission next = sched->waiting[e][sched->first[e]];
    sched->first[e] = (sched->first[e] + 1u) % GUC_ENGINE_QUEUE_DEPTH;
    sched->count[e]--;
    sched->busy[e] = true;
    submit_now(sched, &next);
}

/* ---- work queues ------------------------------------------------------------------------------ */

/* The gen12 command streamer of spec 001 engine class `engine_class` (the profile table's
 * class_id; instance 0, the only one modelled). */
static bool engine_of_class(unsigned engine_class, cs_engine *engine)
{
    const cs_profile_info *profile = cs_profile_get(CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (profile->engines[e].present && profile->engines[e].class_id == engine_class) {
            *engine = (cs_engine)e;
            return true;
        }
    }
    return false;
}

static void queue_error(guc_scheduler *sched, unsigned bell, uint64_t descriptor, guc_wq_status status,
                        const char *what)
{
    sched->stats.queue_errors++;
    mem_write32(sched, descriptor + GUC_PD_STATUS, (uint32_t)status);
    tlm_log_error(sched->log, "doorbell %u: work queue stopped (status %u): %s", bell, (unsigned)status, what);
}

/* Takes the work items of doorbell `bell`'s queue (format in guc_scheduler.h). */
static void service_bell(guc_scheduler *sched, unsigned bell)
{
    sched->stats.bells_serviced++;
    set_state(sched, GUC_SCHED_READING_QUEUE);
    tlm_trace_set(sched->kernel, sched->bell_row, bell);
    uint64_t pd = sched->config.descriptor_pool + (uint64_t)bell * GUC_PD_SIZE;
    uint32_t words[GUC_PD_STATUS / 4 + 1];
    for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (!mem_read32(sched, pd + 4u * i, &words[i])) {
            sched->stats.queue_errors++;
            return; /* the descriptor itself is unreachable: nothing to write the status to */
        }
    }
    uint32_t flags = words[GUC_PD_FLAGS / 4], size = words[GUC_PD_WQ_SIZE / 4];
    uint32_t head = words[GUC_PD_HEAD / 4], tail = words[GUC_PD_TAIL / 4];
    uint64_t base = (uint64_t)words[GUC_PD_WQ_BASE / 4 + 1] << 32 | words[GUC_PD_WQ_BASE / 4];
    if (words[GUC_PD_STATUS / 4] != GUC_WQ_STATUS_OK) {
        tlm_log_warning(sched->log, "doorbell %u rang while its work queue is stopped (status %u): ignored", bell,
                        words[GUC_PD_STATUS / 4]);
        return;
    }
    cs_engine engine;
    if (!(flags & GUC_PD_FLAGS_VALID) || (flags & ~(GUC_PD_FLAGS_VALID | GUC_PD_FLAGS_CLASS_MASK)) ||
        !engine_of_class((flags & GUC_PD_FLAGS_CLASS_MASK) >> GUC_PD_FLAGS_CLASS_SHIFT, &engine)) {
        queue_error(sched, bell, pd, GUC_WQ_STATUS_BAD_DESCRIPTOR, "process descriptor not valid or no such engine");
        return;
    }
    if (size == 0 || size % GUC_WQI_SIZE || size > GUC_WQ_MAX_SIZE || base % GUC_WQI_SIZE) {
        queue_error(sched, bell, pd, GUC_WQ_STATUS_BAD_GEOMETRY, "work queue base or size malformed");
        return;
    }
    if (head % GUC_WQI_SIZE || tail % GUC_WQI_SIZE || head >= size || tail >= size) {
        queue_error(sched, bell, pd, GUC_WQ_STATUS_OVERRUN, "head or tail outside the work queue");
        return;
    }
    uint32_t mmio_base = cs_profile_get(CS_PROFILE_GEN12)->engines[engine].mmio_base;
    for (uint32_t taken = 0; head != tail && taken < size / GUC_WQI_SIZE; taken++) {
        uint32_t item[GUC_WQI_SIZE / 4];
        for (unsigned i = 0; i < GUC_WQI_SIZE / 4; i++) {
            if (!mem_read32(sched, base + head + 4u * i, &item[i])) {
                queue_error(sched, bell, pd, GUC_WQ_STATUS_BUS_ERROR, "work item unreadable");
                return;
            }
        }
        guc_submission submission = {
            .bell = bell,
            .engine = engine,
            .mmio_base = mmio_base,
            .descriptor = (uint64_t)item[1] << 32 | item[0],
            .ring_tail = item[2],
        };
        if (!(submission.descriptor & CS_EXECLIST_DESC_VALID) || submission.ring_tail % 8u || item[3] != 0) {
            queue_error(sched, bell, pd, GUC_WQ_STATUS_BAD_ITEM,
                        "work item malformed (context descriptor not valid, ring tail not qword aligned or dw3 not 0)");
            return;
        }
        sched->stats.items++;
        submit(sched, &submission);
        set_state(sched, GUC_SCHED_READING_QUEUE);
        head = (head + GUC_WQI_SIZE) % size;
        mem_write32(sched, pd + GUC_PD_HEAD, head);
    }
}

/* ---- input: the micro-core interrupt ---------------------------------------------------------- */

static void handle_doorbells(guc_scheduler *sched)
{
    set_state(sched, GUC_SCHED_HANDLING_DOORBELL);
    uint32_t rung = (mmio_read(sched, DOORBELL_CTRL) & GUC_DOORBELL_CTRL_RUNG_MASK) >> GUC_DOORBELL_CTRL_RUNG_SHIFT;
    for (unsigned group = 0; group < DOORBELL_GROUPS; group++) {
        if (rung >> group & 1u) {
            sched->stats.group_reads++;
            (void)mmio_read(sched, DB_STATUS(group)); /* read-clear: the bits move to GUC_DB_ISR_<g> */
        }
    }
    for (unsigned group = 0; group < DOORBELL_GROUPS; group++) {
        uint32_t bits = mmio_read(sched, DB_ISR(group));
        for (uint32_t left = bits; left; left &= left - 1)
            service_bell(sched, group * DOORBELL_PER_GROUP + (unsigned)__builtin_ctz(left));
        if (bits) {
            set_state(sched, GUC_SCHED_HANDLING_DOORBELL);
            mmio_write(sched, DB_ISR(group), bits);
        }
    }
}

/* A host request in SOFT_SCRATCH(0) (i915 intel_guc_send_mmio, xe xe_guc_mmio_send_recv: the
 * request dwords, then the interrupt; the driver polls dword 0 until ORIGIN is the GuC's) gets
 * its reply there: RESPONSE_SUCCESS for an action the model understands, RESPONSE_FAILURE
 * NOT_SUPPORTED for any other (docs/reference/guc.md "MMIO messages"). A dword 0 that is no host request
 * (a reply already there, another type) is left alone. */
static void answer_mmio_request(guc_scheduler *sched)
{
    uint32_t header = mmio_read(sched, GT_GEN11_SOFT_SCRATCH_0_OFFSET);
    if ((header & GUC_HXG_MSG_0_ORIGIN) != GUC_HXG_ORIGIN_HOST ||
        (header & GUC_HXG_MSG_0_TYPE) >> GUC_HXG_MSG_0_TYPE_SHIFT != GUC_HXG_TYPE_REQUEST)
        return;
    uint32_t action = header & GUC_HXG_REQUEST_MSG_0_ACTION;
    uint32_t reply = GUC_HXG_MSG_0_ORIGIN; /* ORIGIN_GUC */
    sched->stats.mmio_requests++;
    if (action == GUC_ACTION_HOST2GUC_REGISTER_CTB || action == GUC_ACTION_HOST2GUC_CONTROL_CTB) {
        reply |= GUC_HXG_TYPE_RESPONSE_SUCCESS << GUC_HXG_MSG_0_TYPE_SHIFT; /* DATA0 0 */
    } else {
        sched->stats.mmio_failures++;
        tlm_log_info(sched->log, "host MMIO request action 0x%04x not understood: RESPONSE_FAILURE", action);
        reply |= GUC_HXG_TYPE_RESPONSE_FAILURE << GUC_HXG_MSG_0_TYPE_SHIFT | GUC_RESPONSE_NOT_SUPPORTED;
    }
    mmio_write(sched, GT_GEN11_SOFT_SCRATCH_0_OFFSET, reply);
}

static void handle_host(guc_scheduler *sched)
{
    set_state(sched, GUC_SCHED_HOST_MESSAGE);
    sched->stats.host_messages++;
    sched->stats.last_host_data = mmio_read(sched, HOST2GUC_DATA);
    if (sched->config.mmio_messages)
        answer_mmio_request(sched);
    mmio_write(sched, GUC2HOST_INTR, GUC_INTR_GUC2HOST);
}

/* ---- engine interrupts (hardware scheduling) --------------------------------------------------- */

/* Drains engine `e`'s CSB through its read port (spec 001 "CSB Read Port": two reads per entry,
 * bits 31:0 then 63:32; "CSB FIFO Status" holds the count): an entry switching to the idle id
 * (i915 GEN12_IDLE_CTX_ID in the low dword) means the engine went idle. */
static void drain_csb(guc_scheduler *sched, cs_engine e)
{
    uint32_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[e].mmio_base;
    uint32_t status = mmio_read(sched, base + CS_CSB_FIFO_STATUS_OFFSET);
    uint32_t entries = (status & CS_CSB_FIFO_STATUS_COUNT_MASK) >> CS_CSB_FIFO_STATUS_COUNT_SHIFT;
    bool idle = false;
    for (uint32_t i = 0; i < entries && i < CS_EXECLIST_FIFO_DEPTH; i++) {
        uint32_t lo = mmio_read(sched, base + CS_CSB_READ_PORT_OFFSET);
        (void)mmio_read(sched, base + CS_CSB_READ_PORT_OFFSET); /* the high dword */
        sched->stats.csb_entries++;
        idle = (lo & CS_EXECLIST_CSB_CTX_ID_MASK) >> CS_EXECLIST_CSB_CTX_ID_SHIFT == CS_EXECLIST_IDLE_CTX_ID;
    }
    if (idle)
        engine_idle(sched, e);
}

/* One bank of the GuC's tree as i915's gen11_gt_bank_handler services the host's: the pending
 * engines of GT_INTR_DW<v>, each through the selector and its identity (written back to clear
 * it), then the dword written back. */
static uint32_t handle_bank(guc_scheduler *sched, unsigned v)
{
    uint32_t pending = mmio_read(sched, GUC_INTR_DW(v));
    for (uint32_t left = pending; left; left &= left - 1) {
        mmio_write(sched, GUC_SELECTOR(v), 1u << __builtin_ctz(left));
        uint32_t identity = 0;
        for (unsigned poll = 0; poll < IDENTITY_POLLS && !(identity & IRQ_GUC_INTR_IDENTITY_REG0_DATA_VALID_MASK);
             poll++)
            identity = mmio_read(sched, GUC_IDENTITY(v));
        if (!(identity & IRQ_GUC_INTR_IDENTITY_REG0_DATA_VALID_MASK)) {
            tlm_log_error(sched->log, "GT_INTR_DW%u bit %d: identity never valid", v, __builtin_ctz(left));
            continue;
        }
        mmio_write(sched, GUC_IDENTITY(v), identity);
        sched->stats.engine_interrupts++;
        unsigned engine_class =
            (identity & IRQ_GUC_INTR_IDENTITY_REG0_CLASS_MASK) >> IRQ_GUC_INTR_IDENTITY_REG0_CLASS_SHIFT;
        cs_engine e;
        if ((identity & IRQ_DATA_CONTEXT_SWITCH) && engine_of_class(engine_class, &e))
            drain_csb(sched, e);
    }
    if (pending)
        mmio_write(sched, GUC_INTR_DW(v), pending);
    return pending;
}

static void interrupt(void *self, uint32_t causes);

static void handle_engines(guc_scheduler *sched)
{
    set_state(sched, GUC_SCHED_HANDLING_ENGINE);
    uint32_t serviced = 0;
    for (unsigned v = 0; v < 2; v++)
        serviced |= handle_bank(sched, v);
    /* An engine that interrupted meanwhile keeps its vector high (no new edge): again, as long
     * as there was something to service (a vector high with nothing pending is not retried). */
    for (unsigned v = 0; v < 2; v++)
        if (serviced && tlm_signal_get(sched->config.vectors[v]))
            interrupt(sched, GUC_CORE_ENGINE_VECTOR);
}

static void handler(void *context)
{
    guc_scheduler *sched = context;
    uint32_t causes = sched->causes;
    sched->causes = 0;
    if (causes & GUC_CORE_HOST2GUC)
        handle_host(sched);
    if (causes & GUC_CORE_ENGINE_VECTOR)
        handle_engines(sched);
    if (causes & GUC_CORE_DOORBELL)
        handle_doorbells(sched);
    /* an interrupt taken while handling runs the handler again */
    set_state(sched, tlm_event_pending(&sched->handler) ? GUC_SCHED_PENDING : GUC_SCHED_IDLE);
}

static void interrupt(void *self, uint32_t causes)
{
    guc_scheduler *sched = self;
    sched->stats.interrupts++;
    sched->causes |= causes;
    if (!tlm_event_pending(&sched->handler)) {
        set_state(sched, GUC_SCHED_PENDING);
        tlm_event_notify(sched->kernel, &sched->handler, sched->config.latency);
    }
}

/* A vector went high: the engine interrupts are handled after the firmware's latency. */
static void vector_changed(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    (void)signal;
    (void)old_value;
    if (new_value)
        interrupt(context, GUC_CORE_ENGINE_VECTOR);
}

guc_core_port guc_scheduler_core_port(guc_scheduler *sched)
{
    return (guc_core_port){ interrupt, sched };
}

void guc_scheduler_boot(guc_scheduler *sched)
{
    mmio_write(sched, DOORBELL_CTRL, mmio_read(sched, DOORBELL_CTRL) | GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK);
    if (!hardware_scheduling(sched))
        return;
    /* The context switch event of every engine into the GuC's tree (docs/facts.md: the unit
     * named first of a register is in bits 31:16). */
    uint32_t both = IRQ_DATA_CONTEXT_SWITCH << 16 | IRQ_DATA_CONTEXT_SWITCH;
    uint32_t upper = ~(IRQ_DATA_CONTEXT_SWITCH << 16);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_RENDER_COPY_INTR_ENABLE_OFFSET), both);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_VCS_VECS_INTR_ENABLE_OFFSET), both);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_RCS0_RSVD_INTR_MASK_OFFSET), upper);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_BCS_RSVD_INTR_MASK_OFFSET), upper);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_VCS0_VCS1_INTR_MASK_OFFSET), upper);
    mmio_write(sched, GUC_IRQ(IRQ_GUC_VECS0_VECS1_INTR_MASK_OFFSET), upper);
}

guc_scheduler_state guc_scheduler_get_state(const guc_scheduler *sched)
{
    return sched->state;
}

const guc_scheduler_stats *guc_scheduler_get_stats(const guc_scheduler *sched)
{
    return &sched->stats;
}

/* ---- reset and init ------------------------------------------------------------------------- */

void guc_scheduler_reset(guc_scheduler *sched)
{
    tlm_event_cancel(sched->kernel, &sched->handler);
    sched->causes = 0;
    memset(&sched->stats, 0, sizeof sched->stats);
    memset(sched->busy, 0, sizeof sched->busy);
    memset(sched->first, 0, sizeof sched->first);
    memset(sched->count, 0, sizeof sched->count);
    set_state(sched, GUC_SCHED_IDLE);
}

/* docs/reference/guc.md "Waveform rows". */
static void declare_rows(guc_scheduler *sched, const char *name)
{
    if (!tlm_trace_on(sched->kernel))
        return;
    static const tlm_trace_enum_entry states[] = {
        { GUC_SCHED_IDLE, "idle" },
        { GUC_SCHED_PENDING, "pending" },
        { GUC_SCHED_HOST_MESSAGE, "host_message" },
        { GUC_SCHED_HANDLING_DOORBELL, "handling_doorbell" },
        { GUC_SCHED_READING_QUEUE, "reading_work_queue" },
        { GUC_SCHED_SUBMITTING, "submitting" },
        { GUC_SCHED_HANDLING_ENGINE, "handling_engine" },
    };
    uint32_t state_enum = tlm_trace_enumeration(sched->kernel, "guc_scheduler_state", states,
                                                sizeof states / sizeof states[0]);
    sched->state_row = tlm_trace_enum(sched->kernel, name, "state", 3, state_enum, GUC_SCHED_IDLE);
    sched->bell_row = tlm_trace_bits(sched->kernel, name, "bell", 8, TLM_TRACE_DEC, 0);
    sched->descriptor_row = tlm_trace_bits(sched->kernel, name, "descriptor", 64, TLM_TRACE_HEX, 0);
    sched->submissions_row = tlm_trace_bits(sched->kernel, name, "submissions", 32, TLM_TRACE_DEC, 0);
}

guc_scheduler *guc_scheduler_create(tlm_kernel *kernel, const char *name, const guc_scheduler_config *config)
{
    guc_scheduler *sched = tlm_alloc_zeroed(1, sizeof *sched);
    sched->config = *config;
    sched->kernel = kernel;
    sched->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    tlm_event_init(&sched->handler, "guc_scheduler", handler, sched);
    declare_rows(sched, name);
    for (unsigned v = 0; v < 2 && hardware_scheduling(sched); v++)
        tlm_signal_listen(sched->config.vectors[v], vector_changed, sched);
    return sched;
}

void guc_scheduler_destroy(guc_scheduler *sched)
{
    if (!sched)
        return;
    tlm_event_cancel(sched->kernel, &sched->handler);
    for (unsigned v = 0; v < 2 && hardware_scheduling(sched); v++)
        tlm_signal_unlisten(sched->config.vectors[v], vector_changed, sched);
    free(sched);
}
