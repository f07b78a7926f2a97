/* The GT of a profile (gt.h, docs/reference/gt.md). This file reads: profile table, event record, the
 * taps that feed it, composition (create), destroy, accessors. */
#include "gt.h"

#include <stdlib.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_regs.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "eu_array.h"
#include "eu_ctx_regs.h"
#include "eu_regs.h"
#include "gt_bar.h"
#include "gt_misc.h"
#include "guc.h"
#include "guc_fuse_regs.h"
#include "guc_regs.h"
#include "guc_scheduler.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "tlm_alloc.h"

/* View ranks of the GT's blocks (order_views): after the host rows (TLM_TRACE_RANK_HOST, -150),
 * before blocks of rank 0. */
#define GT_VIEW_RANK_DOORBELL (-140)
#define GT_VIEW_RANK_GUC (-130)
#define GT_VIEW_RANK_ENGINES (-120) /* + the engine's cs_engine value */
#define GT_VIEW_RANK_EU (-110)
#define GT_VIEW_RANK_IRQ (-100)

/* ---- profiles --------------------------------------------------------------------------------
 * Clocks are the parts' base graphics frequencies (docs/facts.md "GT clocks"): Tiger Lake GT2
 * (Iris Xe, 96 EUs) 400 MHz; Sandy Bridge GT2 (HD Graphics 3000, desktop) 850 MHz. The
 * topology is eu_topology_default(cs) (docs/reference/eu.md "Topology"). */
static const gt_profile gt_profiles[] = {
    { .name = "gen12", .product = "Tiger Lake GT2 (Iris Xe, 96 EUs)", .cs = CS_PROFILE_GEN12, .clock_mhz = 400,
      .clock_period = 1000000u / 400u, .has_guc = true, .gen11_irq = true },
    { .name = "gen6", .product = "Sandy Bridge GT2 (HD Graphics 3000, 12 EUs)", .cs = CS_PROFILE_GEN6,
      .clock_mhz = 850, .clock_period = 1000000u / 850u, .has_guc = false, .gen11_irq = false },
};

const gt_profile *gt_profile_find(const char *name)
{
    if (!name)
        return &gt_profiles[0];
    for (size_t i = 0; i < sizeof gt_profiles / sizeof gt_profiles[0]; i++)
        if (strcmp(name, gt_profiles[i].name) == 0)
            return &gt_profiles[i];
    return NULL;
}

const char *gt_profile_names(void)
{
    return "gen12, gen6";
}

/* An engine's registers as the BAR reaches them, through its force-wake domain's power state. */
typedef struct gt_power_gate {
    tlm_target target;           /* mapped into the BAR at the engine's base */
    gt *model;                   /* the GT */
    unsigned engine;             /* the cs_engine behind it */
    bool logged;                 /* the first access while powered down was logged */
} gt_power_gate;

struct gt {
    tlm_kernel *kernel;          /* time base and logger */
    const gt_profile *profile;   /* what is built */
    tlm_time clock_period;       /* the GT clock in use */
    tlm_memory *memory;          /* graphics memory (the caller's sparse memory; NULL with memory_target) */
    tlm_snoop *snoop;            /* in front of a foreign memory target: the doorbells' write watch */
    tlm_dmi_cache *dmi;          /* in front of the snoop: the initiators' DMI use of a foreign memory */
    const tlm_target *memory_port;  /* what the GT's initiators fetch from and store to */
    const tlm_target *memory_front; /* what a platform routes host writes to graphics memory through */
    tlm_router *mmio;            /* the MMIO BAR's blocks */
    gt_bar bar;                  /* the BAR as hosts and engines see it: the router and unimplemented offsets */
    gt_misc *misc;               /* GT-level registers: force wake, steering, fuses, domain reset, aux invalidation */
    irq_gen11 *irq_gen11;        /* gen11+ aggregator model (gen12 without a replacement) */
    irq_gen6 *irq_gen6;          /* gen6 GT interrupt registers (gen6) */
    irq_message_sink irq_sink;   /* the aggregator's own input */
    irq_message_sink tap_sink;   /* what the GT's blocks send into: records, then irq_sink */
    tlm_signal *host_irq;        /* the aggregator's host line */
    const tlm_target *irq_guc_target; /* the aggregator's GuC block (gen12) */
    tlm_signal *irq_guc_vector[2];       /* the GuC's vectors (gen12) */
    cs_engine_model *engines[CS_ENGINE_COUNT]; /* the profile's command streamers (NULL: absent) */
    const tlm_target *render_cs;   /* gt_config.render_cs: the render engine's registers replaced (NULL: the model's) */
    gt_power_gate gates[CS_ENGINE_COUNT]; /* each engine's registers behind its domain's power state */
    eu_array *eu;                /* the EU array behind the render engine */
    doorbell *doorbell;          /* GTI doorbell controller model (gen12 without a replacement) */
    guc *guc;                    /* GuC shim, interrupt block, host<->GuC interrupts (gen12) */
    guc_scheduler *guc_fw;       /* GuC scheduler model, the micro-core (gen12) */
    guc_core_port core_port;     /* the scheduler's interrupt input, behind the GT's tap */
    tlm_router *guc_mmio;        /* the GuC's MMIO view (gen12) */
    tlm_target guc_mmio_tap;     /* that view as the scheduler sees it: records submissions */
    gt_event events[GT_EVENT_CAPACITY]; /* the record, oldest first */
    size_t event_count;          /* entries of events in use */
    uint64_t totals[GT_EVENT_KIND_COUNT]; /* events per kind, kept or not */
    uint32_t walker_threads;     /* threads dispatched since the EU array last went busy */
    uint32_t live_threads;       /* threads dispatched and not retired */
};

/* ---- the event record ------------------------------------------------------------------------ */

static void record(gt *model, gt_event_kind kind, uint32_t a, uint32_t b, uint32_t c)
{
    model->totals[kind]++;
    if (model->event_count == GT_EVENT_CAPACITY)
        return;
    model->events[model->event_count++] =
        (gt_event){ .kind = kind, .time = tlm_kernel_now(model->kernel), .a = a, .b = b, .c = c };
}

/* Every message into the aggregator passes here on its way (zero time). */
static void tap_deliver(void *self, const irq_message *message)
{
    gt *model = self;
    record(model, GT_EVENT_IRQ_MESSAGE, message->engine_class, message->instance, message->data);
    irq_message_send(&model->irq_sink, message);
}

static void tap_host_irq(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    (void)signal;
    if (old_value == new_value)
        return;
    record(context, new_value ? GT_EVENT_HOST_IRQ_RAISED : GT_EVENT_HOST_IRQ_CLEARED, 0, 0, 0);
}

static void tap_core_interrupt(void *self, uint32_t causes)
{
    gt *model = self;
    if (causes & GUC_CORE_DOORBELL)
        record(model, GT_EVENT_GUC_DOORBELL, 0, 0, 0);
    model->core_port.interrupt(model->core_port.self, causes);
}

/* The GuC's submissions: a write of an engine's EXECLIST_CONTROL (docs/reference/guc.md "Submission"). */
static void tap_guc_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    gt *model = self;
    tlm_b_transport(tlm_router_target(model->guc_mmio), payload, delay);
    if (payload->command != TLM_CMD_WRITE || !tlm_response_is_ok(payload))
        return;
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        const cs_engine_info *info = &cs_profile_get(model->profile->cs)->engines[e];
        if (model->engines[e] && payload->address == info->mmio_base + CS_EXECLIST_CONTROL_OFFSET)
            record(model, GT_EVENT_GUC_SUBMIT, e, 0, 0);
    }
}

static uint32_t tap_guc_dbg(void *self, tlm_payload *payload)
{
    gt *model = self;
    return tlm_transport_dbg(tlm_router_target(model->guc_mmio), payload);
}

static void tap_eu_thread(void *context, const eu_thread_event *event)
{
    gt *model = context;
    if (!event->retire) {
        if (model->live_threads++ == 0) {
            record(model, GT_EVENT_WALKER_START, 0, 0, 0);
            model->walker_threads = 0;
        }
        model->walker_threads++;
        return;
    }
    if (model->live_threads > 0 && --model->live_threads == 0)
        record(model, GT_EVENT_WALKER_DONE, 0, 0, model->walker_threads);
}

size_t gt_event_count(const gt *model)
{
    return model->event_count;
}

const gt_event *gt_event_at(const gt *model, size_t index)
{
    return index < model->event_count ? &model->events[index] : NULL;
}

uint64_t gt_event_total(const gt *model, gt_event_kind kind)
{
    return kind < GT_EVENT_KIND_COUNT ? model->totals[kind] : 0;
}

const char *gt_event_kind_name(gt_event_kind kind)
{
    switch (kind) {
    case GT_EVENT_GUC_DOORBELL: return "doorbell->guc";
    case GT_EVENT_GUC_SUBMIT: return "guc submit";
    case GT_EVENT_IRQ_MESSAGE: return "irq message";
    case GT_EVENT_HOST_IRQ_RAISED: return "host irq raised";
    case GT_EVENT_HOST_IRQ_CLEARED: return "host irq cleared";
    case GT_EVENT_WALKER_START: return "eu busy";
    case GT_EVENT_WALKER_DONE: return "eu idle";
    case GT_EVENT_KIND_COUNT: break;
    }
    return "?";
}

/* ---- composition ----------------------------------------------------------------------------- */

/* The profile's interrupt aggregator at its public base, or the caller's replacement. */
static void add_irq(gt *model, const gt_irq_block *replacement)
{
    if (replacement) {
        model->irq_sink = replacement->sink;
        model->host_irq = replacement->host_irq;
        model->irq_guc_target = replacement->guc_target;
        model->irq_guc_vector[0] = replacement->guc_vector[0];
        model->irq_guc_vector[1] = replacement->guc_vector[1];
        gt_bar_map(&model->bar, IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE, replacement->host_target);
    } else if (model->profile->gen11_irq) {
        model->irq_gen11 = irq_gen11_create(model->kernel, "irq");
        model->irq_sink = irq_gen11_sink(model->irq_gen11);
        model->host_irq = irq_gen11_host_irq(model->irq_gen11);
        model->irq_guc_target = irq_gen11_target(model->irq_gen11, IRQ_GEN11_GUC);
        for (unsigned v = 0; v < 2; v++)
            model->irq_guc_vector[v] = irq_gen11_guc_vector(model->irq_gen11, v);
        gt_bar_map(&model->bar, IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE,
                       irq_gen11_target(model->irq_gen11, IRQ_GEN11_HOST));
    } else {
        model->irq_gen6 = irq_gen6_create(model->kernel, "irq");
        model->irq_sink = irq_gen6_sink(model->irq_gen6);
        model->host_irq = irq_gen6_host_irq(model->irq_gen6);
        gt_bar_map(&model->bar, IRQ_GEN6_MMIO_BASE, IRQ_GEN6_BLOCK_SIZE, irq_gen6_target(model->irq_gen6));
    }
    model->tap_sink = (irq_message_sink){ .deliver = tap_deliver, .self = model };
}

/* ---- power domains --------------------------------------------------------------------------- */

/* Whether an engine's registers are powered down: RC6 on, no force wake holding its domain, and
 * the GT idle (a busy engine keeps the GT in RC0: choice, docs/reference/gt.md "Power domains"). */
static bool powered_down(const gt *model, unsigned engine)
{
    /* spec 001 force-wake table and i915 __gen12_fw_ranges: render, blitter (GT), VDBOX0, VEBOX0;
     * gen6 has the one domain (gt_misc_domain_asleep ignores the domain there). */
    static const gt_misc_domain domains[CS_ENGINE_COUNT] = {
        [CS_ENGINE_RCS] = GT_MISC_DOMAIN_RENDER, [CS_ENGINE_BCS] = GT_MISC_DOMAIN_GT,
        [CS_ENGINE_VCS] = GT_MISC_DOMAIN_VDBOX0, [CS_ENGINE_VECS] = GT_MISC_DOMAIN_VEBOX0,
    };
    if (!gt_misc_domain_asleep(model->misc, domains[engine]))
        return false;
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (model->engines[e] && cs_engine_busy(model->engines[e]))
            return false;
    return true;
}

/* spec 001 "Miscellaneous Notes": the message channel's termination node completes cycles to a
 * powered-down endpoint on its behalf, sinking writes and returning dummy completions (0) for
 * reads; i915 takes force wake around such accesses for this reason. */
static void gate_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    gt_power_gate *gate = self;
    gt *model = gate->model;
    if (!powered_down(model, gate->engine) || tlm_payload_check(payload) != TLM_STATUS_OK) {
        tlm_b_transport(cs_engine_target(model->engines[gate->engine]), payload, delay);
        return;
    }
    if (!gate->logged) {
        gate->logged = true;
        tlm_log_warning(tlm_logger_block(tlm_kernel_logger(model->kernel), "mmio"),
                        "%s of 0x%06llx while its force-wake domain is powered down: reads 0, writes dropped "
                        "(logged once per engine)",
                        tlm_command_name(payload->command),
                        (unsigned long long)(cs_profile_get(model->profile->cs)->engines[gate->engine].mmio_base +
                                             payload->address));
    }
    if (payload->command == TLM_CMD_READ)
        for (uint32_t i = 0; i < payload->length; i++)
            if (tlm_payload_byte_enabled(payload, i))
                payload->data[i] = 0;
    payload->response = TLM_STATUS_OK;
}

static uint32_t gate_transport_dbg(void *self, tlm_payload *payload)
{
    gt_power_gate *gate = self;
    return tlm_transport_dbg(cs_engine_target(gate->model->engines[gate->engine]), payload);
}

/* The profile's command streamers at their MMIO bases (cs_commands.h profile data), fetching
 * from and writing to graphics memory, reaching other registers through the MMIO map, their
 * interrupt messages into the aggregator (docs/reference/cs.md). */
static void add_engines(gt *model)
{
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        const cs_engine_info *info = &cs_profile_get(model->profile->cs)->engines[e];
        if (!info->present)
            continue;
        cs_engine_config engine = {
            .profile = model->profile->cs,
            .engine = (cs_engine)e,
            .instance = 0,
            .mmio_base = info->mmio_base,
            .memory = model->memory_port,
            .mmio = &model->bar.target,
            .irq = model->tap_sink,
            .clock_period = model->clock_period,
        };
        model->engines[e] = cs_engine_create(model->kernel, info->name, &engine);
        gt_power_gate *gate = &model->gates[e];
        *gate = (gt_power_gate){ .model = model, .engine = e };
        gate->target = (tlm_target){ .name = cs_engine_target(model->engines[e])->name, .self = gate,
                                     .b_transport = gate_b_transport, .transport_dbg = gate_transport_dbg };
        /* A replacement of the render engine's registers takes the engine's place on the BAR
         * (gt_config.render_cs); it has no force-wake gate of its own. */
        const tlm_target *registers = e == CS_ENGINE_RCS && model->render_cs ? model->render_cs : &gate->target;
        gt_bar_map(&model->bar, info->mmio_base, CS_BLOCK_SIZE, registers);
        if (cs_engine_hws_pga_target(model->engines[e]))
            gt_bar_map(&model->bar, info->mmio_base + CS_GEN6_HWS_PGA_OFFSET, 4,
                           cs_engine_hws_pga_target(model->engines[e]));
    }
}

/* A graphics domain reset (GDRST) of `engines`: each goes back to its reset state (docs/reference/gt.md
 * "GT registers"). */
static void reset_engines(void *context, uint32_t engines)
{
    gt *model = context;
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (model->engines[e] && (engines & CS_ENGINE_BIT(e)))
            cs_engine_reset(model->engines[e]);
}

/* GEN11_GUC_HOST_INTERRUPT: the same interrupt as the GuC block's HOST2GUC_INTR (docs/reference/gt.md
 * "GT registers"), written through the block's own register. */
static void host_to_guc(void *context, uint32_t data)
{
    gt *model = context;
    if (!model->guc)
        return;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, GUC_HOST2GUC_INTR_OFFSET, &data, 4);
    tlm_time delay = 0;
    tlm_b_transport(guc_target(model->guc), &payload, &delay);
}

/* The EU array on the render engine's walker and statistics ports; gen12 also its OAG
 * registers at the i915 offsets (docs/reference/eu.md). */
static void add_eu(gt *model)
{
    eu_array_config eu = { .profile = model->profile->cs, .memory = model->memory_port,
                           .clock_period = model->clock_period, .irq = model->tap_sink };
    model->eu = eu_array_create(model->kernel, "eu", &eu);
    eu_array_connect(model->eu, model->engines[CS_ENGINE_RCS]);
    eu_array_set_observer(model->eu, tap_eu_thread, model);
    if (eu_array_oa_target(model->eu)) {
        gt_bar_map(&model->bar, EU_OAG_MMIO_BASE, EU_BLOCK_SIZE, eu_array_oa_target(model->eu));
        gt_bar_map(&model->bar, EU_OAG_CTX_MMIO_BASE, EU_CTX_BLOCK_SIZE, eu_array_oa_ctx_target(model->eu));
    }
}

/* gen12: GTI doorbells watching graphics memory, the GuC block on the host map, and the GuC
 * scheduler model on the GuC's own MMIO view (docs/reference/guc.md): connected as micro-core but not
 * booted, so doorbell interrupts go to the host until software routes them to the GuC. */
static void add_guc(gt *model, const doorbell_block *replacement)
{
    doorbell_block doorbells;
    if (replacement) {
        doorbells = *replacement;
    } else {
        tlm_line_watch_port lines = model->memory ? tlm_memory_line_watch_port(model->memory)
                                                  : tlm_snoop_line_watch_port(model->snoop);
        model->doorbell = doorbell_create_on(model->kernel, "doorbell", &lines);
        doorbells = doorbell_block_of(model->doorbell);
    }
    guc_config config = { .doorbells = doorbells, .host = model->tap_sink, .hash_fuse = true };
    model->guc = guc_create(model->kernel, "guc", &config);
    gt_bar_map(&model->bar, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, doorbells.target);
    gt_bar_map(&model->bar, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(model->guc));
    /* The hashing-mode fuse the driver copies before arming doorbells (spec 001 0xB00[30]). */
    gt_bar_map(&model->bar, GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE, guc_fuse_target(model->guc));
    model->guc_mmio = tlm_router_create(model->kernel, "guc_mmio");
    tlm_router_map(model->guc_mmio, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, guc_doorbell_view(model->guc));
    tlm_router_map(model->guc_mmio, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(model->guc));
    if (model->irq_guc_target)
        tlm_router_map(model->guc_mmio, IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE, model->irq_guc_target);
    /* The host-GuC message registers: the firmware answers a host's MMIO request there. */
    uint64_t messages_base = 0, messages_size = 0;
    const tlm_target *messages = gt_misc_guc_window(model->misc, &messages_base, &messages_size);
    if (messages)
        tlm_router_map(model->guc_mmio, messages_base, messages_size, messages);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (model->engines[e])
            tlm_router_map(model->guc_mmio, cs_profile_get(model->profile->cs)->engines[e].mmio_base, CS_BLOCK_SIZE,
                           cs_engine_target(model->engines[e]));
    model->guc_mmio_tap = (tlm_target){ .name = "guc_mmio", .self = model, .b_transport = tap_guc_b_transport,
                                        .transport_dbg = tap_guc_dbg };
    guc_scheduler_config fw = {
        .mmio = &model->guc_mmio_tap,
        .memory = model->memory_port,
        .descriptor_pool = GT_GUC_DESCRIPTOR_POOL,
        .latency = GT_GUC_LATENCY_CYCLES * model->clock_period,
        /* The hardware-scheduler mode (docs/reference/guc.md): the firmware hears the engines' interrupts
         * the aggregator routes to it. */
        .vectors = { model->irq_guc_vector[0], model->irq_guc_vector[1] },
        .mmio_messages = messages != NULL,
    };
    model->guc_fw = guc_scheduler_create(model->kernel, "guc_fw", &fw);
    model->core_port = guc_scheduler_core_port(model->guc_fw);
    guc_core_port tap = { .interrupt = tap_core_interrupt, .self = model };
    guc_set_core_port(model->guc, &tap);
}

/* Waveform view order of the GT's blocks (after the host rows): the path of a job through the
 * GT, so the first screen of a waveform shows the doorbell ring, the GuC's submission, the
 * engines' commands, the EU threads, then the interrupt tree (docs/guide/waves.md "Views"). Only
 * blocks this GT built as models get a rank: a replacement names its own rows. */
static void order_views(gt *model)
{
    if (model->doorbell)
        tlm_trace_view(model->kernel, "doorbell", GT_VIEW_RANK_DOORBELL, false);
    if (model->guc_fw)
        tlm_trace_view(model->kernel, "guc_fw", GT_VIEW_RANK_GUC, false);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (model->engines[e])
            tlm_trace_view(model->kernel, cs_profile_get(model->profile->cs)->engines[e].name,
                           GT_VIEW_RANK_ENGINES + (int)e, false);
    tlm_trace_view(model->kernel, "eu", GT_VIEW_RANK_EU, false);
    if (model->irq_gen11 || model->irq_gen6)
        tlm_trace_view(model->kernel, "irq", GT_VIEW_RANK_IRQ, false);
}

gt *gt_create(tlm_kernel *kernel, const gt_config *config, char *error, size_t error_size)
{
    const gt_profile *profile = config->profile ? config->profile : gt_profile_find(NULL);
    if (!config->memory == !config->memory_target) {
        snprintf(error, error_size, config->memory ? "the GT takes one graphics memory: memory or memory_target, not both"
                                                   : "the GT needs a graphics memory");
        return NULL;
    }
    if (config->irq && !profile->gen11_irq) {
        snprintf(error, error_size, "profile %s has no gen11+ interrupt aggregator to replace", profile->name);
        return NULL;
    }
    if (config->doorbell && !profile->has_guc) {
        snprintf(error, error_size, "profile %s has no GTI doorbell controller to replace", profile->name);
        return NULL;
    }
    if (config->doorbell &&
        (!config->doorbell->target || !config->doorbell->install || !config->doorbell->set_guc_port)) {
        snprintf(error, error_size, "the doorbell replacement lacks its MMIO target, install or GuC port");
        return NULL;
    }
    gt *model = tlm_alloc_zeroed(1, sizeof *model);
    model->kernel = kernel;
    model->profile = profile;
    model->clock_period = config->clock_period ? config->clock_period : profile->clock_period;
    model->memory = config->memory;
    if (config->memory) {
        model->memory_port = tlm_memory_target(config->memory);
        model->memory_front = model->memory_port; /* the sparse memory calls its own observers */
    } else {
        /* docs/reference/gt.md "Graphics memory": initiators -> DMI cache -> snoop -> the memory. */
        model->snoop = tlm_snoop_create(kernel, "gt_memory", config->memory_target);
        model->dmi = tlm_dmi_cache_create(kernel, "gt_dmi", tlm_snoop_target(model->snoop));
        model->memory_port = tlm_dmi_cache_target(model->dmi);
        model->memory_front = tlm_snoop_target(model->snoop);
    }
    model->mmio = tlm_router_create(kernel, "mmio");
    tlm_router_trace(model->mmio, 32, 4); /* the BAR's 32-bit offsets, 32-bit registers */
    gt_bar_init(&model->bar, kernel, model->mmio, config->strict_mmio);
    add_irq(model, config->irq);
    model->render_cs = config->render_cs;
    add_engines(model);
    model->misc = gt_misc_create(kernel, profile, &model->bar, reset_engines, host_to_guc, model);
    add_eu(model);
    if (profile->has_guc)
        add_guc(model, config->doorbell);
    /* Every engine may signal every engine (gen12 MI_SEMAPHORE_SIGNAL; docs/reference/cs.md "Semaphores"). */
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        for (unsigned p = 0; p < CS_ENGINE_COUNT; p++)
            if (model->engines[e] && model->engines[p])
                cs_engine_connect_peer(model->engines[e], model->engines[p]);
    tlm_signal_listen(model->host_irq, tap_host_irq, model);
    order_views(model);
    return model;
}

void gt_destroy(gt *model)
{
    if (!model)
        return;
    tlm_signal_unlisten(model->host_irq, tap_host_irq, model);
    tlm_router_destroy(model->mmio);
    tlm_router_destroy(model->guc_mmio);
    guc_scheduler_destroy(model->guc_fw);
    guc_destroy(model->guc);
    doorbell_destroy(model->doorbell);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        cs_engine_destroy(model->engines[e]);
    eu_array_destroy(model->eu);
    irq_gen11_destroy(model->irq_gen11);
    irq_gen6_destroy(model->irq_gen6);
    gt_misc_destroy(model->misc);
    tlm_dmi_cache_destroy(model->dmi);
    tlm_snoop_destroy(model->snoop);
    free(model);
}

/* ---- accessors ------------------------------------------------------------------------------- */

const gt_profile *gt_get_profile(const gt *model)
{
    return model->profile;
}

tlm_time gt_clock_period(const gt *model)
{
    return model->clock_period;
}

const tlm_target *gt_mmio(gt *model)
{
    return &model->bar.target;
}

int gt_mmio_map(gt *model, uint64_t base, uint64_t size, const tlm_target *target)
{
    return gt_bar_map(&model->bar, base, size, target);
}

const gt_mmio_stats *gt_mmio_get_stats(const gt *model)
{
    return &model->bar.stats;
}

tlm_signal *gt_host_irq(gt *model)
{
    return model->host_irq;
}

const irq_message_sink *gt_irq_sink(gt *model)
{
    return &model->tap_sink;
}

const tlm_target *gt_irq_guc_target(gt *model)
{
    return model->irq_guc_target;
}

const tlm_signal *gt_irq_guc_vector(const gt *model, unsigned vector)
{
    return model->irq_guc_vector[vector ? 1 : 0];
}

tlm_memory *gt_memory(gt *model)
{
    return model->memory;
}

const tlm_target *gt_memory_port(gt *model)
{
    return model->memory_port;
}

const tlm_target *gt_memory_front(gt *model)
{
    return model->memory_front;
}

void gt_memory_written(gt *model, uint64_t address, uint64_t length)
{
    if (model->snoop)
        tlm_snoop_written(model->snoop, address, length);
}

tlm_dmi_cache_stats gt_memory_dmi_stats(const gt *model)
{
    tlm_dmi_cache_stats none;
    memset(&none, 0, sizeof none);
    return model->dmi ? tlm_dmi_cache_get_stats(model->dmi) : none;
}

struct cs_engine_model *gt_engine(gt *model, unsigned engine)
{
    return engine < CS_ENGINE_COUNT ? model->engines[engine] : NULL;
}

struct eu_array *gt_eu(gt *model)
{
    return model->eu;
}

struct irq_gen11 *gt_irq_gen11(gt *model)
{
    return model->irq_gen11;
}

struct irq_gen6 *gt_irq_gen6(gt *model)
{
    return model->irq_gen6;
}

struct doorbell *gt_doorbell(gt *model)
{
    return model->doorbell;
}

struct guc *gt_guc(gt *model)
{
    return model->guc;
}

struct guc_scheduler *gt_guc_scheduler(gt *model)
{
    return model->guc_fw;
}

const tlm_target *gt_guc_mmio(gt *model)
{
    return model->guc_mmio ? tlm_router_target(model->guc_mmio) : NULL;
}
