#include "guc.h"

#include <stdlib.h>
#include <string.h>

#include "guc_fuse_regs.h"
#include "guc_regs.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

/* ---- register map: guc_regs.h and guc_fuse_regs.h, generated from the TOMLs ---------------- */

/* The doorbell registers as the firmware writes them through the shim (docs/reference/guc.md): DRBREGL(n)
 * carries the doorbell page address bits 31:12 and VALID; DRBREGU(n) bits 47:32. The shim
 * computes the line inside the page itself (spec 001: "GuC Shim HW computes the cacheline
 * address within the page"). */
#define PAGE_MASK UINT64_C(0xFFFFF000)
#define PAGE_ADDRESS_BITS 48u
#define BELL_RANGE_END (DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE)

_Static_assert(GUC_DB_INSTALL_STATUS_RESULT_OK == GUC_INSTALL_OK &&
                   GUC_DB_INSTALL_STATUS_RESULT_INACTIVE == GUC_INSTALL_INACTIVE &&
                   GUC_DB_INSTALL_STATUS_RESULT_HASH_NOT_COPIED == GUC_INSTALL_HASH_NOT_COPIED &&
                   GUC_DB_INSTALL_STATUS_RESULT_HASH_MISMATCH == GUC_INSTALL_HASH_MISMATCH &&
                   GUC_DB_INSTALL_STATUS_RESULT_TRANSLATION_FAULT == GUC_INSTALL_TRANSLATION_FAULT &&
                   GUC_DB_INSTALL_STATUS_RESULT_CACHELINE_IN_USE == GUC_INSTALL_CACHELINE_IN_USE,
               "guc_install_result and the RESULT field's named values agree");
_Static_assert(GUC_GUC_DB_ISR_7_INDEX == GUC_GUC_DB_ISR_0_INDEX + 7, "GUC_DB_ISR_0..7 are consecutive");

struct guc {
    tlm_register_file registers;        /* the block's registers */
    tlm_register_file fuse;             /* SNOOP_FILTER_Q_STATUS */
    tlm_target as_target;               /* MMIO target of the block */
    tlm_target fuse_target;             /* MMIO target of the fuse register */
    tlm_target view_target;             /* the GuC's view of the doorbell block */
    guc_config config;                  /* connections and fuse */
    guc_core_port core;                 /* the micro-core (firmware model) */
    bool hash_copied;                   /* SHIM_CONTROL2 written since reset */
    uint32_t staged_hi[DOORBELL_COUNT]; /* DRBREGU(n) as the firmware last wrote it (page bits 47:32) */
    tlm_log_block *log;                 /* this instance's log counters */
    guc_stats stats;                    /* counters */
};

static uint32_t *reg(guc *model, uint32_t index)
{
    return &model->registers.values[index];
}

/* ---- outputs: interrupts to the host and to the micro-core --------------------------------- */

/* spec 001 "Guc Host Registers": a 16-bit vector to the host. It travels as the GuC's interrupt
 * message into the aggregation tree, whose identity data bits 15:0 are the vector (i915
 * gt/intel_gt_irq.c guc_irq_handler tests GUC_INTR_GUC2HOST in them). */
static void send_to_host(guc *model, uint16_t vector)
{
    if (!model->config.host.deliver) {
        model->stats.dropped++;
        tlm_log_warning(model->log, "GuC-to-host vector 0x%04x dropped: no host interrupt aggregator connected",
                        vector);
        return;
    }
    model->stats.to_host++;
    irq_message message = { .engine_class = IRQ_CLASS_OTHER, .instance = IRQ_OTHER_GUC, .data = vector };
    irq_message_send(&model->config.host, &message);
}

static void interrupt_core(guc *model, uint32_t causes)
{
    if (!model->core.interrupt) {
        model->stats.dropped++;
        tlm_log_warning(model->log, "micro-core interrupt 0x%x dropped: no GuC firmware model connected", causes);
        return;
    }
    model->stats.to_core++;
    model->core.interrupt(model->core.self, causes);
}

/* ---- input: the GTI doorbell messages (doorbell_guc_port) ---------------------------------- */

/* spec 001 "Doorbell Group Registers": GTI sets the group's doorbell_rung bit; the control
 * register's route bit sends the interrupt to the host (default) or the micro-core. */
static void doorbell_rung(void *self, uint8_t groups)
{
    guc *model = self;
    model->stats.doorbell_messages++;
    uint32_t *ctrl = reg(model, GUC_DOORBELL_CTRL_INDEX);
    *ctrl |= (uint32_t)groups << GUC_DOORBELL_CTRL_RUNG_SHIFT & GUC_DOORBELL_CTRL_RUNG_MASK;
    if (*ctrl & GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK)
        interrupt_core(model, GUC_CORE_DOORBELL);
    else
        send_to_host(model, GUC_INTR_DOORBELL_RANG);
}

/* spec 001: the rung bit "is not updated until GUCINT reads the corresponding GTI doorbell
 * register, at which time the corresponding rung_bit is reset"; the read moves the bits to the
 * interrupt status stage (GUC_DB_ISR_<g>). */
static void doorbell_group_read(void *self, unsigned group, uint32_t bits)
{
    guc *model = self;
    *reg(model, GUC_DOORBELL_CTRL_INDEX) &= ~((1u << group) << GUC_DOORBELL_CTRL_RUNG_SHIFT);
    *reg(model, GUC_GUC_DB_ISR_0_INDEX + group) |= bits;
}

/* ---- the shim's install sequence ---------------------------------------------------------- */

static guc_install_result install(guc *model, unsigned bell, uint32_t low, uint64_t *line)
{
    uint32_t shim = *reg(model, GUC_SHIM_CONTROL2_INDEX);
    bool copy = (shim & GUC_SHIM_CONTROL2_HASH_MODE_MASK) != 0;
    *line = 0;
    /* spec 001 "Arming Memory Based Doorbells": the B00[30] -> C068[10] copy must precede any
     * arming, and is lost on FLR and resets. */
    if (!model->hash_copied)
        return GUC_INSTALL_HASH_NOT_COPIED;
    if (copy != model->config.hash_fuse)
        return GUC_INSTALL_HASH_MISMATCH;
    uint64_t gpa = (uint64_t)model->staged_hi[bell] << 32 | (low & PAGE_MASK);
    uint64_t hpa = gpa;
    if (model->config.translate && !model->config.translate(model->config.translate_context, gpa, &hpa))
        return GUC_INSTALL_TRANSLATION_FAULT;
    if ((hpa & ~PAGE_MASK & 0xFFFu) || (hpa >> PAGE_ADDRESS_BITS))
        return GUC_INSTALL_TRANSLATION_FAULT;
    *line = hpa + (uint64_t)(bell % DOORBELL_LINES_PER_PAGE) * TLM_MEMORY_CACHELINE_SIZE;
    /* spec 001 "Work Queue and DoorBell Creation": both stages (status vector and the interrupt
     * status in the GuC) must be clear before a doorbell is reassigned. */
    if (*reg(model, GUC_GUC_DB_ISR_0_INDEX + bell / DOORBELL_PER_GROUP) >> (bell % DOORBELL_PER_GROUP) & 1u)
        return GUC_INSTALL_PENDING;
    return (guc_install_result)model->config.doorbells.install(model->config.doorbells.self, bell, *line);
}

static void install_step(guc *model, unsigned bell, uint32_t low)
{
    model->stats.installs++;
    *reg(model, GUC_DB_INSTALL_STATUS_INDEX) = 0;
    uint64_t line;
    guc_install_result result = install(model, bell, low, &line);
    if (result != GUC_INSTALL_OK) {
        model->stats.installs_refused++;
        if (result >= GUC_INSTALL_HASH_NOT_COPIED)
            tlm_log_warning(model->log, "doorbell %u install refused: %s", bell,
                            result == GUC_INSTALL_HASH_NOT_COPIED ? "hashing mode not copied (0xB00[30] -> 0xC068[10]) since reset"
                            : result == GUC_INSTALL_HASH_MISMATCH ? "0xC068[10] differs from the fuse 0xB00[30]"
                                                                  : "GPA -> HPA translation fault");
    }
    *reg(model, GUC_DB_INSTALL_STATUS_INDEX) =
        GUC_DB_INSTALL_STATUS_DONE_MASK |
        ((uint32_t)result << GUC_DB_INSTALL_STATUS_RESULT_SHIFT & GUC_DB_INSTALL_STATUS_RESULT_MASK) |
        ((uint32_t)bell << GUC_DB_INSTALL_STATUS_DOORBELL_SHIFT & GUC_DB_INSTALL_STATUS_DOORBELL_MASK);
    *reg(model, GUC_DB_INSTALL_LINE_INDEX) = (uint32_t)line & GUC_DB_INSTALL_LINE_ADDRESS_MASK;
}

/* The GuC's view of the doorbell block: writes to DRBREGL/DRBREGU are the install sequence;
 * everything else reaches the doorbell block unchanged. */
static void view_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    guc *model = self;
    const tlm_target *doorbells = model->config.doorbells.target;
    if (payload->command != TLM_CMD_WRITE || payload->address >= BELL_RANGE_END ||
        tlm_register_payload_check(payload) != TLM_STATUS_OK) {
        tlm_b_transport(doorbells, payload, delay);
        return;
    }
    unsigned bell = (unsigned)(payload->address / DOORBELL_REGISTER_STRIDE);
    uint32_t value;
    memcpy(&value, payload->data, 4);
    uint32_t enables = tlm_register_bit_enables(payload);
    payload->response = TLM_STATUS_OK;
    if (payload->address % DOORBELL_REGISTER_STRIDE != 0) { /* DRBREGU(n): stage the high bits */
        model->staged_hi[bell] = (model->staged_hi[bell] & ~enables) | (value & enables);
        return;
    }
    if (!(value & enables & 1u)) {
        tlm_log_warning(model->log, "DRBREGL(%u) write 0x%08x without VALID ignored: VALID is cleared only by the "
                                    "doorbell controller (spec 001 \"Doorbell Structures\")", bell, value);
        return;
    }
    install_step(model, bell, value & enables);
}

static uint32_t view_transport_dbg(void *self, tlm_payload *payload)
{
    guc *model = self;
    return tlm_transport_dbg(model->config.doorbells.target, payload);
}

/* ---- MMIO: the block --------------------------------------------------------------------- */

static void on_write(void *context, uint32_t index, uint32_t old_value, uint32_t new_value)
{
    (void)old_value;
    guc *model = context;
    switch (index) {
    case GUC_SHIM_CONTROL2_INDEX:
        model->hash_copied = true;
        break;
    case GUC_HOST2GUC_INTR_INDEX:
        /* spec 001: "The written data will get stored in 0xC590 and an interrupt will be
         * generated to GuC." */
        *reg(model, GUC_HOST2GUC_DATA_INDEX) = new_value;
        *reg(model, GUC_HOST2GUC_INTR_INDEX) = 0;
        model->stats.host2guc++;
        interrupt_core(model, GUC_CORE_HOST2GUC);
        break;
    case GUC_GUC2HOST_INTR_INDEX: {
        /* spec 001: "FW write can only set FW owned bits". */
        uint16_t vector = (uint16_t)(new_value & GUC_GUC2HOST_INTR_VECTOR_MASK);
        *reg(model, GUC_GUC2HOST_INTR_INDEX) = 0;
        if (vector & ~GUC_INTR_FW_OWNED)
            tlm_log_warning(model->log, "GUC2HOST_INTR write 0x%04x: hardware-owned bits 0x%04x ignored", vector,
                            vector & ~GUC_INTR_FW_OWNED & 0xFFFFu);
        if (vector & GUC_INTR_FW_OWNED)
            send_to_host(model, (uint16_t)(vector & GUC_INTR_FW_OWNED));
        break;
    }
    default:
        break;
    }
}

static void b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    guc *model = self;
    /* A hole of the block answers "nothing here" without a log line of its own: the GT's BAR
     * gives it the unimplemented-offset behaviour and logs it once (docs/reference/gt.md). */
    if (payload->address < model->registers.block->size &&
        tlm_register_find(model->registers.block, (uint32_t)payload->address & ~3u) < 0) {
        if (!tlm_payload_answer_hole(payload))
            payload->response = TLM_STATUS_ADDRESS_ERROR;
        return;
    }
    tlm_register_file_b_transport(&model->registers, payload);
}

static void fuse_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    guc *model = self;
    tlm_register_file_b_transport(&model->fuse, payload);
}

/* Reads without side effects; writes refused. */
static uint32_t transport_dbg(void *self, tlm_payload *payload)
{
    guc *model = self;
    return tlm_register_file_read_dbg(&model->registers, payload, payload->address);
}

static uint32_t fuse_transport_dbg(void *self, tlm_payload *payload)
{
    guc *model = self;
    return tlm_register_file_read_dbg(&model->fuse, payload, payload->address);
}

const tlm_target *guc_target(guc *model)
{
    return &model->as_target;
}

const tlm_target *guc_fuse_target(guc *model)
{
    return &model->fuse_target;
}

const tlm_target *guc_doorbell_view(guc *model)
{
    return &model->view_target;
}

void guc_set_core_port(guc *model, const guc_core_port *port)
{
    model->core = *port;
}

const guc_stats *guc_get_stats(const guc *model)
{
    return &model->stats;
}

/* ---- reset and init ------------------------------------------------------------------------ */

void guc_reset(guc *model)
{
    tlm_register_file_reset(&model->registers);
    tlm_register_file_reset(&model->fuse);
    model->fuse.values[GUC_FUSE_SNOOP_FILTER_Q_STATUS_INDEX] =
        model->config.hash_fuse ? GUC_FUSE_SNOOP_FILTER_Q_STATUS_HASH_MODE_MASK : 0;
    model->hash_copied = false;
    memset(model->staged_hi, 0, sizeof model->staged_hi);
}

guc *guc_create(tlm_kernel *kernel, const char *name, const guc_config *config)
{
    guc *model = tlm_alloc_zeroed(1, sizeof *model);
    model->config = *config;
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    tlm_register_file_init(&model->registers, &guc_regs, model->log);
    tlm_register_file_init(&model->fuse, &guc_fuse_regs, model->log);
    model->registers.on_write = on_write;
    model->registers.context = model;
    model->as_target = (tlm_target){
        .name = model->log->name, .self = model, .b_transport = b_transport, .transport_dbg = transport_dbg,
    };
    model->fuse_target = (tlm_target){
        .name = model->log->name, .self = model, .b_transport = fuse_b_transport, .transport_dbg = fuse_transport_dbg,
    };
    model->view_target = (tlm_target){
        .name = model->log->name, .self = model, .b_transport = view_b_transport, .transport_dbg = view_transport_dbg,
    };
    doorbell_guc_port port = { doorbell_rung, doorbell_group_read, model };
    model->config.doorbells.set_guc_port(model->config.doorbells.self, &port);
    guc_reset(model);
    return model;
}

void guc_destroy(guc *model)
{
    if (!model)
        return;
    tlm_register_file_destroy(&model->registers);
    tlm_register_file_destroy(&model->fuse);
    free(model);
}
