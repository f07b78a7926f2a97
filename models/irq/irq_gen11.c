#include "irq_gen11.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "tlm_alloc.h"
#include "tlm_trace.h"
#include "tlm_register.h"

/* ---- register map: irq_gen11_regs.h and irq_gen11_guc_regs.h, generated from the TOMLs ---- */

/* First-level enable registers (spec 001 "Enable and Mask Registers": one IER per engine
 * class, one per instance in the 'Other' class), two units per register (upper 31:16, lower
 * 15:0; docs/facts.md). */
#define ENABLE_REGISTERS(X)                                                                                            \
    X(RENDER_COPY) X(VCS_VECS) X(GUC_SG) X(GPM_WGBOXPERF) X(CRYPTO_RSVD) X(GUNIT_CSME) X(CCS_RSVD)
/* First-level mask registers (spec 001: one IMR per engine instance), two units per register. */
#define MASK_REGISTERS(X)                                                                                              \
    X(RCS0_RSVD) X(BCS_RSVD) X(VCS0_VCS1) X(VCS2_VCS3) X(VCS4_VCS5) X(VCS6_VCS7) X(VECS0_VECS1) X(VECS2_VECS3)       \
    X(GUC_SG) X(GPM_WGBOXPERF) X(CRYPTO_RSVD) X(GUNIT_CSME) X(CCS0_CCS1) X(CCS2_CCS3)

enum {
#define X(R) ENABLE_##R,
    ENABLE_REGISTERS(X)
#undef X
    ENABLE_COUNT
};
enum {
#define X(R) MASK_##R,
    MASK_REGISTERS(X)
#undef X
    MASK_COUNT
};

/* Where one interface's registers are in its register file. The GuC block mirrors the host
 * block's layout (irq_gen11_guc_regs.toml), so field positions are the host macros' for both. */
typedef struct interface_layout {
    uint32_t dw[2];                 /* GT_INTR_DW0/1: second-level IIR */
    uint32_t identity[2];           /* INTR_IDENTITY_REG0/1: shared IIR */
    uint32_t selector[2];           /* IIR_REG_SELECTOR0/1 */
    uint32_t enable[ENABLE_COUNT];  /* per-class enable registers */
    uint32_t mask[MASK_COUNT];      /* per-instance mask registers */
} interface_layout;

static const interface_layout host_layout = {
    .dw = { IRQ_GEN11_GT_INTR_DW0_INDEX, IRQ_GEN11_GT_INTR_DW1_INDEX },
    .identity = { IRQ_GEN11_INTR_IDENTITY_REG0_INDEX, IRQ_GEN11_INTR_IDENTITY_REG1_INDEX },
    .selector = { IRQ_GEN11_IIR_REG_SELECTOR0_INDEX, IRQ_GEN11_IIR_REG_SELECTOR1_INDEX },
#define X(R) IRQ_GEN11_##R##_INTR_ENABLE_INDEX,
    .enable = { ENABLE_REGISTERS(X) },
#undef X
#define X(R) IRQ_GEN11_##R##_INTR_MASK_INDEX,
    .mask = { MASK_REGISTERS(X) },
#undef X
};

static const interface_layout guc_layout = {
    .dw = { IRQ_GUC_GT_INTR_DW0_INDEX, IRQ_GUC_GT_INTR_DW1_INDEX },
    .identity = { IRQ_GUC_INTR_IDENTITY_REG0_INDEX, IRQ_GUC_INTR_IDENTITY_REG1_INDEX },
    .selector = { IRQ_GUC_IIR_REG_SELECTOR0_INDEX, IRQ_GUC_IIR_REG_SELECTOR1_INDEX },
#define X(R) IRQ_GUC_##R##_INTR_ENABLE_INDEX,
    .enable = { ENABLE_REGISTERS(X) },
#undef X
#define X(R) IRQ_GUC_##R##_INTR_MASK_INDEX,
    .mask = { MASK_REGISTERS(X) },
#undef X
};

/* The shared IIR's fields (INTR_IDENTITY_REG0 and 1 have the same layout). */
#define IDENTITY_VALID IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK
#define IDENTITY_CLASS_SHIFT IRQ_GEN11_INTR_IDENTITY_REG0_CLASS_SHIFT
#define IDENTITY_INSTANCE_SHIFT IRQ_GEN11_INTR_IDENTITY_REG0_INSTANCE_SHIFT

/* One engine of the gen11+ table: its identity, its second-level bit and its enable and mask
 * units. */
typedef struct engine_desc {
    const char *name;     /* short name for logs ("rcs0") */
    uint8_t engine_class; /* spec 001 ClassID */
    uint8_t instance;     /* spec 001 InstanceID */
    uint8_t dw;           /* second-level dword: 0 or 1 */
    uint8_t bit;          /* bit in GT_INTR_DW<dw> */
    uint8_t enable;       /* ENABLE_* register */
    uint8_t enable_shift; /* 16: upper unit, 0: lower unit */
    uint8_t mask;         /* MASK_* register */
    uint8_t mask_shift;   /* 16: upper unit, 0: lower unit */
} engine_desc;

#define ENGINE(NAME, CLASS, INSTANCE, DW, FIELD, ENABLE, ENABLE_FIELD, MASK, MASK_FIELD)                            \
    { NAME, CLASS, INSTANCE, DW, IRQ_GEN11_GT_INTR_DW##DW##_##FIELD##_SHIFT, ENABLE_##ENABLE,                        \
      IRQ_GEN11_##ENABLE##_INTR_ENABLE_##ENABLE_FIELD##_SHIFT, MASK_##MASK,                                            \
      IRQ_GEN11_##MASK##_INTR_MASK_##MASK_FIELD##_SHIFT }

/* spec 001 "GT Engine Interrupts" table; bits and registers per docs/facts.md. */
static const engine_desc engines[] = {
    ENGINE("rcs0", IRQ_CLASS_RENDER, 0, 0, RCS0, RENDER_COPY, RENDER, RCS0_RSVD, RCS0),
    ENGINE("vcs0", IRQ_CLASS_VIDEO_DECODE, 0, 1, VCS0, VCS_VECS, VCS, VCS0_VCS1, VCS0),
    ENGINE("vcs1", IRQ_CLASS_VIDEO_DECODE, 1, 1, VCS1, VCS_VECS, VCS, VCS0_VCS1, VCS1),
    ENGINE("vcs2", IRQ_CLASS_VIDEO_DECODE, 2, 1, VCS2, VCS_VECS, VCS, VCS2_VCS3, VCS2),
    ENGINE("vcs3", IRQ_CLASS_VIDEO_DECODE, 3, 1, VCS3, VCS_VECS, VCS, VCS2_VCS3, VCS3),
    ENGINE("vcs4", IRQ_CLASS_VIDEO_DECODE, 4, 1, VCS4, VCS_VECS, VCS, VCS4_VCS5, VCS4),
    ENGINE("vcs5", IRQ_CLASS_VIDEO_DECODE, 5, 1, VCS5, VCS_VECS, VCS, VCS4_VCS5, VCS5),
    ENGINE("vcs6", IRQ_CLASS_VIDEO_DECODE, 6, 1, VCS6, VCS_VECS, VCS, VCS6_VCS7, VCS6),
    ENGINE("vcs7", IRQ_CLASS_VIDEO_DECODE, 7, 1, VCS7, VCS_VECS, VCS, VCS6_VCS7, VCS7),
    ENGINE("vecs0", IRQ_CLASS_VIDEO_ENHANCE, 0, 1, VECS0, VCS_VECS, VECS, VECS0_VECS1, VECS0),
    ENGINE("vecs1", IRQ_CLASS_VIDEO_ENHANCE, 1, 1, VECS1, VCS_VECS, VECS, VECS0_VECS1, VECS1),
    ENGINE("vecs2", IRQ_CLASS_VIDEO_ENHANCE, 2, 1, VECS2, VCS_VECS, VECS, VECS2_VECS3, VECS2),
    ENGINE("vecs3", IRQ_CLASS_VIDEO_ENHANCE, 3, 1, VECS3, VCS_VECS, VECS, VECS2_VECS3, VECS3),
    ENGINE("bcs0", IRQ_CLASS_COPY, 0, 0, BCS0, RENDER_COPY, COPY, BCS_RSVD, BCS0),
    ENGINE("guc", IRQ_CLASS_OTHER, IRQ_OTHER_GUC, 0, GUC, GUC_SG, GUC, GUC_SG, GUC),
    ENGINE("gtpm", IRQ_CLASS_OTHER, IRQ_OTHER_GTPM, 0, GTPM, GPM_WGBOXPERF, GTPM, GPM_WGBOXPERF, GTPM),
    ENGINE("wdoaperf", IRQ_CLASS_OTHER, IRQ_OTHER_WDOAPERF, 0, WDOAPERF, GPM_WGBOXPERF, WDOAPERF, GPM_WGBOXPERF,
           WDOAPERF),
    ENGINE("sctrg", IRQ_CLASS_OTHER, IRQ_OTHER_SCTRG, 0, SCTRG, GUC_SG, SCTRG, GUC_SG, SCTRG),
    ENGINE("kcr", IRQ_CLASS_OTHER, IRQ_OTHER_KCR, 0, KCR, CRYPTO_RSVD, KCR, CRYPTO_RSVD, KCR),
    ENGINE("gunit", IRQ_CLASS_OTHER, IRQ_OTHER_GUNIT, 0, GUNIT, GUNIT_CSME, GUNIT, GUNIT_CSME, GUNIT),
    ENGINE("csme", IRQ_CLASS_OTHER, IRQ_OTHER_CSME, 0, CSME, GUNIT_CSME, CSME, GUNIT_CSME, CSME),
    ENGINE("ccs0", IRQ_CLASS_COMPUTE, 0, 0, CCS0, CCS_RSVD, CCS, CCS0_CCS1, CCS0),
    ENGINE("ccs1", IRQ_CLASS_COMPUTE, 1, 0, CCS1, CCS_RSVD, CCS, CCS0_CCS1, CCS1),
    ENGINE("ccs2", IRQ_CLASS_COMPUTE, 2, 0, CCS2, CCS_RSVD, CCS, CCS2_CCS3, CCS2),
    ENGINE("ccs3", IRQ_CLASS_COMPUTE, 3, 0, CCS3, CCS_RSVD, CCS, CCS2_CCS3, CCS3),
};

#define ENGINE_COUNT (sizeof engines / sizeof engines[0])

/* What a register of an interface is to the MMIO hooks (looked up by register index). */
enum {
    ROLE_OTHER,      /* no behaviour beyond the register rules (enables, primary control) */
    ROLE_DW0,        /* GT_INTR_DW0; ROLE_DW0 + 1 is GT_INTR_DW1 */
    ROLE_DW1,        /* GT_INTR_DW1 */
    ROLE_SELECTOR0,  /* IIR_REG_SELECTOR0; + 1 is IIR_REG_SELECTOR1 */
    ROLE_SELECTOR1,  /* IIR_REG_SELECTOR1 */
    ROLE_IDENTITY0,  /* INTR_IDENTITY_REG0; + 1 is INTR_IDENTITY_REG1 */
    ROLE_IDENTITY1,  /* INTR_IDENTITY_REG1 */
    ROLE_MASK        /* ROLE_MASK + n is mask register n */
};
#define MAX_REGISTERS 32u
_Static_assert(IRQ_GEN11_REGISTER_COUNT <= MAX_REGISTERS && IRQ_GUC_REGISTER_COUNT <= MAX_REGISTERS,
               "role[] must cover every register of both blocks");

/* One software interface's tree (spec 001 "Interrupt Aggregating Logic"). */
typedef struct interface_state {
    irq_gen11 *model;                /* owner, for the register hooks */
    irq_gen11_interface interface;   /* IRQ_GEN11_HOST or IRQ_GEN11_GUC */
    const char *name;                /* "host" or "guc", for logs */
    const interface_layout *layout;  /* register indices of this interface's block */
    tlm_register_file registers;     /* this interface's registers */
    tlm_target as_target;            /* MMIO target of this interface's block */
    uint16_t pending[ENGINE_COUNT];  /* per-instance collapsing registers (not software readable) */
    uint32_t level[2];               /* per dword: engines whose unmasked pending bits are not all 0 */
    uint32_t secondary[2];           /* per dword: second-level events logged while under service */
    uint32_t serviced[2];            /* per dword: IIR bits whose engine was selected since the bit was set */
    bool under_service[2];           /* per dword: IIR read and not yet completely cleared */
    uint8_t role[MAX_REGISTERS];     /* ROLE_* of each register, by index */
    char trace_scope[64];            /* waveform scope of this interface ("<model>.host") */
    tlm_trace_id pending_trace[ENGINE_COUNT]; /* waveform row of each collapsing register (0: untraced) */
    uint16_t pending_traced[ENGINE_COUNT];    /* collapsing values last written to the waveform */
} interface_state;

struct irq_gen11 {
    interface_state interfaces[IRQ_GEN11_INTERFACE_COUNT]; /* host and GuC trees */
    tlm_signal host_irq;                                   /* interrupt line to the host */
    tlm_signal guc_vector[2];                              /* the GuC's two interrupt vectors */
    tlm_log_block *log;                                    /* this instance's log counters */
    irq_gen11_stats stats;                                 /* counters */
    int8_t engine_index[IRQ_CLASS_COUNT][IRQ_INSTANCE_COUNT]; /* (class, instance) -> engines[] index, -1 if none */
    int8_t engine_at[2][32];                               /* (dword, bit) -> engines[] index, -1 if none */
    char guc_target_name[48];                              /* name of the GuC block's target */
    tlm_kernel *kernel;                                    /* time base of the waveform rows */
    uint64_t events[ENGINE_COUNT][16];                     /* per engine and data bit: events delivered (coverage) */
};

static uint32_t *reg(interface_state *side, uint32_t index)
{
    return &side->registers.values[index];
}

static uint16_t unit(const interface_state *side, uint32_t index, unsigned shift)
{
    return (uint16_t)(side->registers.values[index] >> shift);
}

static uint16_t enable_of(const interface_state *side, const engine_desc *engine)
{
    return unit(side, side->layout->enable[engine->enable], engine->enable_shift);
}

static uint16_t mask_of(const interface_state *side, const engine_desc *engine)
{
    return unit(side, side->layout->mask[engine->mask], engine->mask_shift);
}

static void misuse(interface_state *side, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Program-under-test misuse (DESIGN §9): the defined behaviour happens, this line says so. */
static void misuse(interface_state *side, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    side->model->stats.misuses++;
    tlm_log_warning(side->model->log, "%s interface: %s", side->name, text);
}

/* ---- outputs ---------------------------------------------------------------------------- */

/* A line follows a level; tlm_signal_set is called only for a change (most recomputations
 * leave every line as it was). */
static void drive(tlm_signal *line, bool level)
{
    if (line->value != (uint64_t)level)
        tlm_signal_set(line, level);
}

/* spec 001 "Host SW Interface": the primary interrupt control register's GT bits are level
 * indications that the second-level IIR of dword 0 or 1 has a bit set; the host line is high
 * when an indication and the enable bit are set. "Hardware Scheduler/MinIA SW Interface": the
 * GuC's two vectors are the two DW-level events of its interface. */
static inline void update_outputs(irq_gen11 *model)
{
    interface_state *host = &model->interfaces[IRQ_GEN11_HOST];
    uint32_t indications = (*reg(host, host_layout.dw[0]) ? IRQ_GEN11_GFX_MSTR_IRQ_GT_DW0_MASK : 0) |
                           (*reg(host, host_layout.dw[1]) ? IRQ_GEN11_GFX_MSTR_IRQ_GT_DW1_MASK : 0);
    uint32_t *master = reg(host, IRQ_GEN11_GFX_MSTR_IRQ_INDEX);
    *master = (*master & IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK) | indications;
    drive(&model->host_irq, (*master & IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK) && indications);
    interface_state *guc = &model->interfaces[IRQ_GEN11_GUC];
    for (unsigned vector = 0; vector < 2; vector++)
        drive(&model->guc_vector[vector], *reg(guc, guc_layout.dw[vector]) != 0);
}

/* Waveform rows follow state that changes outside software accesses too (messages, releases
 * on unmask): registers and collapsing registers are compared with what was last traced. */
__attribute__((noinline)) static void trace_rows(irq_gen11 *model)
{
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++) {
        interface_state *side = &model->interfaces[i];
        tlm_register_file_trace_sync(&side->registers);
        for (unsigned engine = 0; engine < ENGINE_COUNT; engine++) {
            if (side->pending_trace[engine] && side->pending[engine] != side->pending_traced[engine]) {
                side->pending_traced[engine] = side->pending[engine];
                tlm_trace_set(model->kernel, side->pending_trace[engine], side->pending[engine]);
            }
        }
    }
}

/* The check inlined, the rows out of line: an untraced access saves no registers for them. */
static inline void trace_state(irq_gen11 *model)
{
    if (tlm_trace_on(model->kernel))
        trace_rows(model);
}

/* ---- input: engine interrupt messages ----------------------------------------------------- */

/* spec 001 "Second Level Interrupt Bits": a second-level event for `bit` of dword `dw`. While
 * software services the dword (from its read of the IIR to its complete clear) the event is
 * logged in secondary storage, so the record under service does not change. True when the
 * visible IIR changed. */
static bool second_level_event(interface_state *side, unsigned dw, uint32_t bit)
{
    if (side->under_service[dw]) {
        side->secondary[dw] |= bit;
        return false;
    }
    uint32_t *iir = reg(side, side->layout->dw[dw]);
    if (*iir & bit)
        return false;
    if (*iir == 0)
        side->model->stats.dw_events[side->interface][dw]++;
    *iir |= bit;
    side->serviced[dw] &= ~bit;
    return true;
}

/* spec 001 "First Level Interrupt Bits": an engine's unmasked collapsing-register bits OR into
 * its second-level input; the input rising is a second-level event. True when the visible IIR
 * changed. Inlined into its callers: it runs for every message and every selection. */
static inline __attribute__((always_inline)) bool refresh_engine(interface_state *side, unsigned index)
{
    const engine_desc *engine = &engines[index];
    uint32_t bit = 1u << engine->bit;
    bool was_high = (side->level[engine->dw] & bit) != 0;
    bool high = (side->pending[index] & (uint16_t)~mask_of(side, engine)) != 0;
    if (high)
        side->level[engine->dw] |= bit;
    else
        side->level[engine->dw] &= ~bit;
    return high && !was_high && second_level_event(side, engine->dw, bit);
}

void irq_gen11_deliver(irq_gen11 *model, const irq_message *message)
{
    model->stats.messages++;
    if (message->vf_id != 0) {
        model->stats.dropped++;
        tlm_log_warning(model->log,
                        "message 0x%08x from VF %u dropped: only the physical function's registers are modelled",
                        irq_message_pack(message), message->vf_id);
        return;
    }
    int index = message->engine_class < IRQ_CLASS_COUNT && message->instance < IRQ_INSTANCE_COUNT
                    ? model->engine_index[message->engine_class][message->instance]
                    : -1;
    if (index < 0) {
        model->stats.dropped++;
        tlm_log_error(model->log, "message 0x%08x from unknown engine (class %u, instance %u) dropped",
                      irq_message_pack(message), message->engine_class, message->instance);
        return;
    }
    const engine_desc *engine = &engines[index];
    for (uint32_t left = message->data; left; left &= left - 1)
        model->events[index][__builtin_ctz(left)]++;
    bool kept = false, changed = false;
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++) {
        interface_state *side = &model->interfaces[i];
        /* spec 001: the event is AND-ed with the engine's enable; disabled events are dropped,
         * enabled ones are logged in the per-instance collapsing register. */
        uint16_t bits = message->data & enable_of(side, engine);
        if (!bits)
            continue;
        kept = true;
        side->pending[index] |= bits;
        changed |= refresh_engine(side, (unsigned)index);
    }
    if (!kept) {
        model->stats.dropped++;
        tlm_log_debug(model->log, "%s data 0x%04x dropped: not enabled at either interface", engine->name,
                      message->data);
        return;
    }
    if (changed) /* the outputs follow the IIRs only */
        update_outputs(model);
    trace_state(model);
}

static void deliver_to_model(void *self, const irq_message *message)
{
    irq_gen11_deliver(self, message);
}

/* ---- MMIO: selector, shared IIR, double-buffered IIR, masks ------------------------------- */

/* spec 001 "Shared IIR, Selector": a one-hot write presents the selected engine's unmasked
 * first-level bits in the shared IIR with the data-valid bit. The presented bits leave the
 * collapsing register (masked ones stay there). Misuses: docs/reference/irq.md. */
static void selector_written(interface_state *side, unsigned dw, uint32_t old_value, uint32_t requested)
{
    irq_gen11 *model = side->model;
    uint32_t *selector = reg(side, side->layout->selector[dw]);
    uint32_t *identity = reg(side, side->layout->identity[dw]);
    uint32_t iir = *reg(side, side->layout->dw[dw]);
    *selector = old_value; /* only a selection that takes effect changes the selector */
    if (*identity & IDENTITY_VALID) {
        misuse(side, "IIR_REG_SELECTOR%u write 0x%08x while INTR_IDENTITY_REG%u still holds 0x%08x; ignored "
                     "(write 1 to its data-valid bit first)", dw, requested, dw, *identity);
        return;
    }
    if (requested == 0 || (requested & (requested - 1)) != 0) {
        misuse(side, "IIR_REG_SELECTOR%u write 0x%08x is not one-hot; ignored", dw, requested);
        return;
    }
    unsigned bit = (unsigned)__builtin_ctz(requested);
    int index = model->engine_at[dw][bit];
    if (index < 0) {
        misuse(side, "IIR_REG_SELECTOR%u write 0x%08x selects bit %u, which has no engine; ignored", dw, requested,
               bit);
        return;
    }
    const engine_desc *engine = &engines[index];
    if (!(iir & requested))
        misuse(side, "IIR_REG_SELECTOR%u write 0x%08x selects %s, whose bit is not set in GT_INTR_DW%u (0x%08x); "
                     "its unmasked bits are presented anyway", dw, requested, engine->name, dw, iir);
    uint16_t presented = side->pending[index] & (uint16_t)~mask_of(side, engine);
    side->pending[index] &= (uint16_t)~presented;
    refresh_engine(side, (unsigned)index);
    side->serviced[dw] |= requested;
    *selector = requested;
    *identity = IDENTITY_VALID | (uint32_t)engine->engine_class << IDENTITY_CLASS_SHIFT |
                (uint32_t)engine->instance << IDENTITY_INSTANCE_SHIFT | presented;
}

/* spec 001: writing 1 to the data-valid bit ends service of the selected engine and clears
 * both the shared IIR and the selector. */
static void identity_written(interface_state *side, unsigned dw, uint32_t old_value, uint32_t written)
{
    if (!(written & IDENTITY_VALID))
        return;
    if (!(old_value & IDENTITY_VALID)) {
        misuse(side, "INTR_IDENTITY_REG%u data-valid written while nothing is selected; no effect", dw);
        return;
    }
    *reg(side, side->layout->identity[dw]) = 0;
    *reg(side, side->layout->selector[dw]) = 0;
}

/* spec 001: the second-level IIR is cleared by writing 1s; once it is completely cleared,
 * events logged in secondary storage generate a second DW-level event. An engine whose
 * unmasked first-level bits are still pending when its bit is cleared re-asserts the bit
 * (through secondary storage while under service): that is how an event arriving after the
 * engine's selection survives the clear, and it is the defined result of clearing a bit before
 * servicing its engine (docs/reference/irq.md). */
static void dword_cleared(interface_state *side, unsigned dw, uint32_t cleared)
{
    uint32_t *iir = reg(side, side->layout->dw[dw]);
    if (cleared) {
        uint32_t unserviced = cleared & ~side->serviced[dw];
        if (unserviced) {
            int index = side->model->engine_at[dw][__builtin_ctz(unserviced)];
            misuse(side, "GT_INTR_DW%u bits 0x%08x (%s%s) cleared before their engines were serviced through "
                         "IIR_REG_SELECTOR%u; engines with pending events re-assert", dw, unserviced,
                   index >= 0 ? engines[index].name : "?", (unserviced & (unserviced - 1)) ? ", ..." : "", dw);
        }
        side->serviced[dw] &= ~cleared;
        uint32_t still_pending = cleared & side->level[dw];
        if (side->under_service[dw])
            side->secondary[dw] |= still_pending;
        else
            *iir |= still_pending;
    }
    if (*iir == 0) {
        side->under_service[dw] = false;
        if (side->secondary[dw]) {
            *iir = side->secondary[dw];
            side->secondary[dw] = 0;
            side->serviced[dw] &= ~*iir;
            side->model->stats.dw_events[side->interface][dw]++;
        }
    }
}

/* A mask register changed: held events of its two units may now make forward progress. */
static void mask_written(interface_state *side, unsigned mask)
{
    for (unsigned i = 0; i < ENGINE_COUNT; i++)
        if (engines[i].mask == mask)
            refresh_engine(side, i);
}

static void register_read(void *context, uint32_t index)
{
    /* spec 001: a snapshot of events is taken when software reads the IIR; until it is
     * completely cleared, new events go to secondary storage. An IIR reading 0 has nothing to
     * service, so its read starts nothing. */
    interface_state *side = context;
    unsigned role = side->role[index];
    if ((role == ROLE_DW0 || role == ROLE_DW1) && *reg(side, index) != 0)
        side->under_service[role - ROLE_DW0] = true;
}

static void register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    interface_state *side = context;
    unsigned role = side->role[index];
    switch (role) {
    case ROLE_OTHER: break;
    case ROLE_DW0:
    case ROLE_DW1: dword_cleared(side, role - ROLE_DW0, old_value & ~new_value); break;
    /* Selecting an engine and ending its service change no IIR (a selection only lowers the
     * engine's level) and no primary control bit, so the outputs stay as they are. */
    case ROLE_SELECTOR0:
    case ROLE_SELECTOR1: selector_written(side, role - ROLE_SELECTOR0, old_value, new_value); return;
    case ROLE_IDENTITY0:
    case ROLE_IDENTITY1: identity_written(side, role - ROLE_IDENTITY0, old_value, side->registers.write_data); return;
    default: mask_written(side, role - ROLE_MASK); break;
    }
    update_outputs(side->model);
}

/* The host's service loop makes three accesses per engine it services: a selector write, a
 * shared-IIR read and a data-valid write. The target answers these plain accesses itself, with
 * the effect the register file and its hooks give them: the selector's write rule (RW) is
 * overridden at once by selector_written; the shared IIR is read-only but for its W1C data-valid
 * bit, whose write only identity_written acts on, and a read of it has no hook. Every other
 * access goes to the register file. True when answered. */
static bool answer_service_access(interface_state *side, tlm_payload *payload)
{
    int32_t index = tlm_register_file_plain_index(&side->registers, payload);
    if (index < 0)
        return false;
    unsigned role = side->role[index];
    bool selector = role == ROLE_SELECTOR0 || role == ROLE_SELECTOR1;
    bool identity = role == ROLE_IDENTITY0 || role == ROLE_IDENTITY1;
    if (payload->command == TLM_CMD_WRITE && selector)
        selector_written(side, role - ROLE_SELECTOR0, *reg(side, (uint32_t)index),
                         tlm_register_load_le32(payload->data));
    else if (payload->command == TLM_CMD_WRITE && identity)
        identity_written(side, role - ROLE_IDENTITY0, *reg(side, (uint32_t)index),
                         tlm_register_load_le32(payload->data));
    else if (payload->command == TLM_CMD_READ && identity)
        tlm_register_store_le32(payload->data, tlm_register_file_peek(&side->registers, (uint32_t)index));
    else
        return false;
    payload->response = TLM_STATUS_OK;
    return true;
}

static void interface_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* untimed: the model answers at once */
    interface_state *side = self;
    if (!answer_service_access(side, payload))
        tlm_register_file_b_transport(&side->registers, payload);
    trace_state(side->model);
}

static uint32_t interface_transport_dbg(void *self, tlm_payload *payload)
{
    /* Debug reads see register values without side effects (no service snapshot); debug
     * writes are refused so a debugger cannot service interrupts behind the model's back. */
    interface_state *side = self;
    return tlm_register_file_read_dbg(&side->registers, payload, payload->address);
}

/* ---- reset and init ----------------------------------------------------------------------- */

void irq_gen11_reset(irq_gen11 *model)
{
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++) {
        interface_state *side = &model->interfaces[i];
        tlm_register_file_reset(&side->registers);
        memset(side->pending, 0, sizeof side->pending);
        memset(side->level, 0, sizeof side->level);
        memset(side->secondary, 0, sizeof side->secondary);
        memset(side->serviced, 0, sizeof side->serviced);
        memset(side->under_service, 0, sizeof side->under_service);
    }
    update_outputs(model);
    trace_state(model);
}

static void interface_init(irq_gen11 *model, irq_gen11_interface interface, const char *name,
                           const tlm_register_block_desc *block, const interface_layout *layout,
                           const char *target_name)
{
    interface_state *side = &model->interfaces[interface];
    side->model = model;
    side->interface = interface;
    side->name = name;
    side->layout = layout;
    for (unsigned dw = 0; dw < 2; dw++) {
        side->role[layout->dw[dw]] = (uint8_t)(ROLE_DW0 + dw);
        side->role[layout->selector[dw]] = (uint8_t)(ROLE_SELECTOR0 + dw);
        side->role[layout->identity[dw]] = (uint8_t)(ROLE_IDENTITY0 + dw);
    }
    for (unsigned mask = 0; mask < MASK_COUNT; mask++)
        side->role[layout->mask[mask]] = (uint8_t)(ROLE_MASK + mask);
    tlm_register_file_init(&side->registers, block, model->log);
    side->registers.on_write = register_written;
    side->registers.on_read = register_read;
    side->registers.context = side;
    side->as_target = (tlm_target){
        .name = target_name,
        .self = side,
        .b_transport = interface_b_transport,
        .transport_dbg = interface_transport_dbg,
    };
}

irq_gen11 *irq_gen11_create(tlm_kernel *kernel, const char *name)
{
    irq_gen11 *model = tlm_alloc_zeroed(1, sizeof *model);
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    memset(model->engine_index, -1, sizeof model->engine_index);
    memset(model->engine_at, -1, sizeof model->engine_at);
    for (unsigned i = 0; i < ENGINE_COUNT; i++) {
        model->engine_index[engines[i].engine_class][engines[i].instance] = (int8_t)i;
        model->engine_at[engines[i].dw][engines[i].bit] = (int8_t)i;
    }
    snprintf(model->guc_target_name, sizeof model->guc_target_name, "%s_guc", name);
    interface_init(model, IRQ_GEN11_HOST, "host", &irq_gen11_regs, &host_layout, name);
    interface_init(model, IRQ_GEN11_GUC, "guc", &irq_gen11_guc_regs, &guc_layout, model->guc_target_name);
    tlm_signal_init(&model->host_irq, "host_irq", 1, 0);
    tlm_signal_init(&model->guc_vector[0], "guc_vector0", 1, 0);
    tlm_signal_init(&model->guc_vector[1], "guc_vector1", 1, 0);
    /* Waveform rows (when tracing): per interface its registers (IIRs, identity, selector,
     * enables, masks, primary control) and each engine's collapsing register; the lines. */
    model->kernel = kernel;
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++) {
        interface_state *side = &model->interfaces[i];
        snprintf(side->trace_scope, sizeof side->trace_scope, "%s.%s", name, side->name);
        tlm_register_file_trace(&side->registers, kernel, side->trace_scope);
        for (unsigned engine = 0; engine < ENGINE_COUNT; engine++) {
            char row[48];
            snprintf(row, sizeof row, "%s_collapsing", engines[engine].name);
            side->pending_trace[engine] = tlm_trace_bits(kernel, side->trace_scope, row, 16, TLM_TRACE_HEX, 0);
        }
    }
    tlm_signal_trace(&model->host_irq, kernel, name);
    tlm_signal_trace(&model->guc_vector[0], kernel, name);
    tlm_signal_trace(&model->guc_vector[1], kernel, name);
    irq_gen11_reset(model);
    return model;
}

void irq_gen11_destroy(irq_gen11 *model)
{
    if (!model)
        return;
    for (unsigned i = 0; i < IRQ_GEN11_INTERFACE_COUNT; i++)
        tlm_register_file_destroy(&model->interfaces[i].registers);
    tlm_signal_destroy(&model->host_irq);
    tlm_signal_destroy(&model->guc_vector[0]);
    tlm_signal_destroy(&model->guc_vector[1]);
    free(model);
}

irq_message_sink irq_gen11_sink(irq_gen11 *model)
{
    return (irq_message_sink){ .deliver = deliver_to_model, .self = model };
}

const tlm_target *irq_gen11_target(irq_gen11 *model, irq_gen11_interface interface)
{
    return &model->interfaces[interface == IRQ_GEN11_GUC ? IRQ_GEN11_GUC : IRQ_GEN11_HOST].as_target;
}

tlm_signal *irq_gen11_host_irq(irq_gen11 *model)
{
    return &model->host_irq;
}

tlm_signal *irq_gen11_guc_vector(irq_gen11 *model, unsigned vector)
{
    return &model->guc_vector[vector ? 1 : 0];
}

const irq_gen11_stats *irq_gen11_get_stats(const irq_gen11 *model)
{
    return &model->stats;
}

static const engine_desc *find_engine(unsigned engine_class, unsigned instance)
{
    for (unsigned i = 0; i < ENGINE_COUNT; i++)
        if (engines[i].engine_class == engine_class && engines[i].instance == instance)
            return &engines[i];
    return NULL;
}

uint64_t irq_gen11_event_count(const irq_gen11 *model, unsigned engine_class, unsigned instance, unsigned bit)
{
    if (engine_class >= IRQ_CLASS_COUNT || instance >= IRQ_INSTANCE_COUNT || bit >= 16)
        return 0;
    int index = model->engine_index[engine_class][instance];
    return index < 0 ? 0 : model->events[index][bit];
}

const char *irq_gen11_engine_name(unsigned engine_class, unsigned instance)
{
    const engine_desc *engine = find_engine(engine_class, instance);
    return engine ? engine->name : NULL;
}

bool irq_gen11_engine_bit(unsigned engine_class, unsigned instance, unsigned *dword, unsigned *bit)
{
    const engine_desc *engine = find_engine(engine_class, instance);
    if (!engine)
        return false;
    *dword = engine->dw;
    *bit = engine->bit;
    return true;
}
