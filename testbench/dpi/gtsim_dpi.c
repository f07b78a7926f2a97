/* DPI-C package of gtsim's C models (gtsim_dpi.h, docs/guide/dpi.md). Every handle the
 * package gives out is recorded in a table; each call first looks its handle up there, so a
 * NULL, destroyed or foreign pointer from the SV side is refused with a message instead of
 * being dereferenced. */
#include "gtsim_dpi.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cs_engine.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "gt.h"
#include "gtsim_system.h"
#include "guc.h"
#include "guc_fuse_regs.h"
#include "guc_regs.h"
#include "irq_gen11.h"
#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "gtsim_tlm.h"

_Static_assert(GTSIM_DPI_RESP_OK == TLM_STATUS_OK && GTSIM_DPI_RESP_INCOMPLETE == TLM_STATUS_INCOMPLETE &&
                   GTSIM_DPI_RESP_GENERIC_ERROR == TLM_STATUS_GENERIC_ERROR &&
                   GTSIM_DPI_RESP_ADDRESS_ERROR == TLM_STATUS_ADDRESS_ERROR &&
                   GTSIM_DPI_RESP_COMMAND_ERROR == TLM_STATUS_COMMAND_ERROR &&
                   GTSIM_DPI_RESP_BURST_ERROR == TLM_STATUS_BURST_ERROR &&
                   GTSIM_DPI_RESP_BYTE_ENABLE_ERROR == TLM_STATUS_BYTE_ENABLE_ERROR,
               "the DPI response codes are the TLM response status values");
_Static_assert(IRQ_GEN11_BLOCK_SIZE <= GTSIM_DPI_IRQ_GEN11_GUC_BASE, "the host block fits below the GuC window");
_Static_assert(GTSIM_DPI_IRQ_GEN11_GUC_BASE + IRQ_GUC_BLOCK_SIZE <= GTSIM_DPI_IRQ_GEN11_SPACE,
               "the GuC block fits in the space");

/* Initiator id of the SV bench's accesses (correlates them in logs and traces). */
#define GTSIM_DPI_INITIATOR 0xD1u
/* Largest graphics address (48 bits, DESIGN §4). */
#define GTSIM_DPI_MEMORY_LIMIT (UINT64_C(1) << 48)

typedef enum gtsim_dpi_kind {
    GTSIM_DPI_GT,        /* a whole GT (gtsim_system) */
    GTSIM_DPI_IRQ_GEN11, /* the gen11+ interrupt aggregation alone */
    GTSIM_DPI_IRQ_GEN6,  /* the gen6 GT interrupt registers alone */
    GTSIM_DPI_DOORBELL,  /* the GTI doorbell controller and the GuC block, on their own memory */
    GTSIM_DPI_ENGINE     /* one gen12 command streamer, on its own memory */
} gtsim_dpi_kind;

typedef struct gtsim_dpi {
    gtsim_dpi_kind kind;          /* what the handle holds */
    tlm_kernel *kernel;           /* time base (the system's, or the block's own) */
    gtsim_system *system;         /* GT handles: the platform */
    irq_gen11 *irq11;             /* irq_gen11 handles: the model */
    irq_gen6 *irq6;               /* irq_gen6 handles: the model */
    tlm_memory *memory;           /* doorbell and engine handles: their graphics memory */
    doorbell *doorbell;           /* doorbell handles: the controller */
    guc *guc;                     /* doorbell handles: the GuC block */
    tlm_router *host_view;        /* doorbell handles: the host's MMIO view */
    tlm_router *guc_view;         /* doorbell handles: the GuC's MMIO view */
    uint32_t core_causes;         /* doorbell handles: micro-core interrupt causes not yet taken */
    cs_engine_model *engine;      /* engine handles: the command streamer */
    uint32_t messages[GTSIM_DPI_MESSAGES]; /* interrupt messages the block sent, a ring (packed) */
    unsigned message_head;        /* index of the oldest */
    unsigned message_count;       /* messages kept */
    tlm_time period;              /* one clock cycle */
    uint64_t correlation;         /* last correlation id given to an access */
    char log[GTSIM_DPI_LOG_LINES][GTSIM_DPI_LOG_LINE_SIZE]; /* kept log lines, a ring */
    unsigned log_head;            /* index of the oldest kept line */
    unsigned log_count;           /* lines kept */
    uint64_t log_dropped;         /* lines lost because the ring was full */
    char log_out[GTSIM_DPI_LOG_LINE_SIZE]; /* the line gtsim_dpi_log_next last returned */
} gtsim_dpi;

/* Live handles; a slot is NULL when free. */
static gtsim_dpi *gtsim_dpi_handles[GTSIM_DPI_MAX_HANDLES];
/* The last error message. */
static char gtsim_dpi_error[256];

static void gtsim_dpi_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void gtsim_dpi_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(gtsim_dpi_error, sizeof gtsim_dpi_error, format, args);
    va_end(args);
    fprintf(stderr, "gtsim_dpi: %s\n", gtsim_dpi_error);
}

const char *gtsim_dpi_last_error(void)
{
    return gtsim_dpi_error;
}

/* The live handle `handle` is, or NULL (with a message naming `function`). */
static gtsim_dpi *gtsim_dpi_lookup(void *handle, const char *function)
{
    if (handle) {
        for (unsigned i = 0; i < GTSIM_DPI_MAX_HANDLES; i++)
            if (gtsim_dpi_handles[i] == handle)
                return handle;
    }
    gtsim_dpi_fail("%s: %s handle", function, handle ? "unknown or destroyed" : "NULL");
    return NULL;
}

/* ---- log ------------------------------------------------------------------------------------ */

static void gtsim_dpi_log_hook(void *context, tlm_log_level level, const char *block, const char *message)
{
    gtsim_dpi *dpi = context;
    if (dpi->log_count == GTSIM_DPI_LOG_LINES) {
        dpi->log_head = (dpi->log_head + 1) % GTSIM_DPI_LOG_LINES;
        dpi->log_count--;
        dpi->log_dropped++;
    }
    unsigned slot = (dpi->log_head + dpi->log_count) % GTSIM_DPI_LOG_LINES;
    snprintf(dpi->log[slot], GTSIM_DPI_LOG_LINE_SIZE, "[%" PRIu64 " ps] %s %s: %s", tlm_kernel_now(dpi->kernel),
             tlm_log_level_name(level), block, message);
    dpi->log_count++;
}

const char *gtsim_dpi_log_next(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_log_next");
    if (!dpi || dpi->log_count == 0)
        return "";
    memcpy(dpi->log_out, dpi->log[dpi->log_head], sizeof dpi->log_out);
    dpi->log_head = (dpi->log_head + 1) % GTSIM_DPI_LOG_LINES;
    dpi->log_count--;
    return dpi->log_out;
}

int gtsim_dpi_log_pending(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_log_pending");
    return dpi ? (int)dpi->log_count : GTSIM_DPI_ERR_HANDLE;
}

int64_t gtsim_dpi_log_dropped(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_log_dropped");
    return dpi ? (int64_t)dpi->log_dropped : GTSIM_DPI_ERR_HANDLE;
}

int gtsim_dpi_log_print(void *handle, int32_t on)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_log_print");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    /* Above every level nothing is printed; warnings and errors still reach the hook. */
    tlm_logger_set_level(tlm_kernel_logger(dpi->kernel), on ? TLM_LOG_WARNING : TLM_LOG_LEVEL_COUNT);
    return GTSIM_DPI_OK;
}

/* ---- handles -------------------------------------------------------------------------------- */

/* A free slot's index, or -1 (with a message). */
static int gtsim_dpi_free_slot(void)
{
    for (int i = 0; i < GTSIM_DPI_MAX_HANDLES; i++)
        if (!gtsim_dpi_handles[i])
            return i;
    gtsim_dpi_fail("too many live handles (%d); destroy some first", GTSIM_DPI_MAX_HANDLES);
    return -1;
}

static void *gtsim_dpi_register(int slot, gtsim_dpi *dpi)
{
    tlm_logger_set_hook(tlm_kernel_logger(dpi->kernel), gtsim_dpi_log_hook, dpi);
    gtsim_dpi_handles[slot] = dpi;
    return dpi;
}

void *gtsim_dpi_create_gt(const char *profile)
{
    int slot = gtsim_dpi_free_slot();
    if (slot < 0)
        return NULL;
    gtsim_dpi *dpi = calloc(1, sizeof *dpi);
    if (!dpi) {
        gtsim_dpi_fail("gtsim_dpi_create_gt: out of memory");
        return NULL;
    }
    gtsim_system_config config = {.profile = profile && profile[0] ? profile : NULL};
    char error[256] = "";
    dpi->system = gtsim_system_create(&config, error, sizeof error);
    if (!dpi->system) {
        gtsim_dpi_fail("gtsim_dpi_create_gt: %s", error);
        free(dpi);
        return NULL;
    }
    dpi->kind = GTSIM_DPI_GT;
    dpi->kernel = gtsim_system_kernel(dpi->system);
    dpi->period = gtsim_system_clock_period(dpi->system);
    return gtsim_dpi_register(slot, dpi);
}

/* The gen12 engine called `name` ("rcs", "bcs", "vcs", "vecs"), or -1. */
static int gtsim_dpi_engine_named(const char *name)
{
    const cs_profile_info *profile = cs_profile_get(CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (profile->engines[e].present && strcmp(profile->engines[e].name, name) == 0)
            return (int)e;
    return -1;
}

/* A block's interrupt message out: kept for gtsim_dpi_irq_message_next (the oldest dropped,
 * with a log line, when the ring is full). */
static void gtsim_dpi_keep_message(void *self, const irq_message *message)
{
    gtsim_dpi *dpi = self;
    if (dpi->message_count == GTSIM_DPI_MESSAGES) {
        dpi->message_head = (dpi->message_head + 1) % GTSIM_DPI_MESSAGES;
        dpi->message_count--;
        tlm_log_warning(tlm_logger_block(tlm_kernel_logger(dpi->kernel), "dpi"),
                        "interrupt message ring full: the oldest message dropped");
    }
    dpi->messages[(dpi->message_head + dpi->message_count) % GTSIM_DPI_MESSAGES] = irq_message_pack(message);
    dpi->message_count++;
}

static void gtsim_dpi_core_interrupt(void *self, uint32_t causes)
{
    gtsim_dpi *dpi = self;
    dpi->core_causes |= causes;
}

/* The doorbell controller watching the handle's sparse memory, the GuC block as its port, the
 * host's view at the GT's BAR offsets and the GuC's view GTSIM_DPI_DOORBELL_GUC_VIEW higher. */
static void gtsim_dpi_build_doorbell(gtsim_dpi *dpi)
{
    dpi->kind = GTSIM_DPI_DOORBELL;
    dpi->memory = tlm_memory_create(dpi->kernel, "gfx_memory", 0);
    dpi->doorbell = doorbell_create(dpi->kernel, "doorbell", dpi->memory);
    guc_config config = { .doorbells = doorbell_block_of(dpi->doorbell),
                          .host = { .deliver = gtsim_dpi_keep_message, .self = dpi },
                          .hash_fuse = true };
    dpi->guc = guc_create(dpi->kernel, "guc", &config);
    guc_core_port core = { .interrupt = gtsim_dpi_core_interrupt, .self = dpi };
    guc_set_core_port(dpi->guc, &core);
    dpi->host_view = tlm_router_create(dpi->kernel, "mmio");
    tlm_router_map(dpi->host_view, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, doorbell_target(dpi->doorbell));
    tlm_router_map(dpi->host_view, GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE, guc_fuse_target(dpi->guc));
    tlm_router_map(dpi->host_view, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(dpi->guc));
    dpi->guc_view = tlm_router_create(dpi->kernel, "guc_mmio");
    tlm_router_map(dpi->guc_view, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, guc_doorbell_view(dpi->guc));
    tlm_router_map(dpi->guc_view, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(dpi->guc));
}

/* One gen12 command streamer on the handle's sparse memory, alone: MI_LOAD_REGISTER_IMM and
 * friends reach its own registers only; its interrupt messages are kept. */
static void gtsim_dpi_build_engine(gtsim_dpi *dpi, cs_engine engine)
{
    dpi->kind = GTSIM_DPI_ENGINE;
    dpi->memory = tlm_memory_create(dpi->kernel, "gfx_memory", 0);
    const cs_engine_info *info = &cs_profile_get(CS_PROFILE_GEN12)->engines[engine];
    cs_engine_config config = { .profile = CS_PROFILE_GEN12, .engine = engine, .instance = 0,
                                .mmio_base = info->mmio_base, .memory = tlm_memory_target(dpi->memory),
                                .irq = { .deliver = gtsim_dpi_keep_message, .self = dpi },
                                .clock_period = dpi->period };
    dpi->engine = cs_engine_create(dpi->kernel, info->name, &config);
}

void *gtsim_dpi_create_block(const char *block)
{
    const char *name = block ? block : "(NULL)";
    bool gen11 = strcmp(name, "irq_gen11") == 0;
    int engine = gtsim_dpi_engine_named(name);
    bool doorbell_block = strcmp(name, "doorbell") == 0;
    if (!gen11 && strcmp(name, "irq_gen6") != 0 && !doorbell_block && engine < 0) {
        gtsim_dpi_fail("gtsim_dpi_create_block: unknown block '%.64s' (irq_gen11, irq_gen6, doorbell, rcs, bcs, vcs, vecs)",
                       name);
        return NULL;
    }
    int slot = gtsim_dpi_free_slot();
    if (slot < 0)
        return NULL;
    gtsim_dpi *dpi = calloc(1, sizeof *dpi);
    tlm_kernel *kernel = dpi ? tlm_kernel_create() : NULL;
    if (!kernel) {
        free(dpi);
        gtsim_dpi_fail("gtsim_dpi_create_block: out of memory");
        return NULL;
    }
    dpi->kernel = kernel;
    dpi->period = GTSIM_DPI_BLOCK_CLOCK_PS * TLM_PS;
    if (gen11) {
        dpi->kind = GTSIM_DPI_IRQ_GEN11;
        dpi->irq11 = irq_gen11_create(kernel, "irq");
    } else if (doorbell_block) {
        gtsim_dpi_build_doorbell(dpi);
    } else if (engine >= 0) {
        gtsim_dpi_build_engine(dpi, (cs_engine)engine);
    } else {
        dpi->kind = GTSIM_DPI_IRQ_GEN6;
        dpi->irq6 = irq_gen6_create(kernel, "irq");
    }
    return gtsim_dpi_register(slot, dpi);
}

int gtsim_dpi_destroy(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_destroy");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    for (unsigned i = 0; i < GTSIM_DPI_MAX_HANDLES; i++)
        if (gtsim_dpi_handles[i] == dpi)
            gtsim_dpi_handles[i] = NULL;
    switch (dpi->kind) {
    case GTSIM_DPI_GT: gtsim_system_destroy(dpi->system); break;
    case GTSIM_DPI_IRQ_GEN11:
        irq_gen11_destroy(dpi->irq11);
        tlm_kernel_destroy(dpi->kernel);
        break;
    case GTSIM_DPI_IRQ_GEN6:
        irq_gen6_destroy(dpi->irq6);
        tlm_kernel_destroy(dpi->kernel);
        break;
    case GTSIM_DPI_DOORBELL:
        tlm_router_destroy(dpi->host_view);
        tlm_router_destroy(dpi->guc_view);
        guc_destroy(dpi->guc);
        doorbell_destroy(dpi->doorbell);
        tlm_memory_destroy(dpi->memory);
        tlm_kernel_destroy(dpi->kernel);
        break;
    case GTSIM_DPI_ENGINE:
        cs_engine_destroy(dpi->engine);
        tlm_memory_destroy(dpi->memory);
        tlm_kernel_destroy(dpi->kernel);
        break;
    }
    free(dpi);
    return GTSIM_DPI_OK;
}

/* ---- bus ------------------------------------------------------------------------------------ */

/* The MMIO target an offset of the handle's space goes to, with the offset made relative to
 * it; NULL outside every window (the access is answered ADDRESS_ERROR). */
static const tlm_target *gtsim_dpi_mmio_target(gtsim_dpi *dpi, uint64_t *offset)
{
    switch (dpi->kind) {
    case GTSIM_DPI_GT: return gtsim_system_mmio(dpi->system);
    case GTSIM_DPI_IRQ_GEN6: return irq_gen6_target(dpi->irq6);
    case GTSIM_DPI_IRQ_GEN11:
        if (*offset < GTSIM_DPI_IRQ_GEN11_GUC_BASE)
            return irq_gen11_target(dpi->irq11, IRQ_GEN11_HOST);
        if (*offset < GTSIM_DPI_IRQ_GEN11_SPACE) {
            *offset -= GTSIM_DPI_IRQ_GEN11_GUC_BASE;
            return irq_gen11_target(dpi->irq11, IRQ_GEN11_GUC);
        }
        return NULL;
    case GTSIM_DPI_DOORBELL:
        if (*offset < GTSIM_DPI_DOORBELL_GUC_VIEW)
            return tlm_router_target(dpi->host_view);
        *offset -= GTSIM_DPI_DOORBELL_GUC_VIEW;
        return tlm_router_target(dpi->guc_view);
    case GTSIM_DPI_ENGINE: return cs_engine_target(dpi->engine);
    }
    return NULL;
}

/* One 4-byte access; the time it took is run on the kernel, as a host waiting for it would. */
static int gtsim_dpi_access(gtsim_dpi *dpi, const tlm_target *target, tlm_address_space space, tlm_cmd command,
                            uint64_t address, uint8_t bytes[4], const uint8_t *byte_enable)
{
    if (!target)
        return TLM_STATUS_ADDRESS_ERROR;
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    payload.address_space = space;
    payload.initiator_id = GTSIM_DPI_INITIATOR;
    payload.correlation_id = ++dpi->correlation;
    if (byte_enable) {
        payload.byte_enable = byte_enable;
        payload.byte_enable_length = 4;
    }
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    if (delay > 0 && !tlm_kernel_in_event(dpi->kernel))
        (void)tlm_kernel_run_for(dpi->kernel, delay);
    return payload.response;
}

static void gtsim_dpi_put_le32(uint8_t bytes[4], uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[i] = (uint8_t)(value >> (8 * i));
}

static int32_t gtsim_dpi_get_le32(const uint8_t bytes[4])
{
    return (int32_t)((uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
                     (uint32_t)bytes[3] << 24);
}

int gtsim_dpi_mmio_read(void *handle, int64_t offset, int32_t *data)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_mmio_read");
    if (data)
        *data = 0;
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (!data || offset < 0) {
        gtsim_dpi_fail("gtsim_dpi_mmio_read: %s", data ? "negative offset" : "NULL data");
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    uint64_t address = (uint64_t)offset;
    const tlm_target *target = gtsim_dpi_mmio_target(dpi, &address);
    uint8_t bytes[4] = {0};
    int response = gtsim_dpi_access(dpi, target, TLM_SPACE_MMIO, TLM_CMD_READ, address, bytes, NULL);
    if (response == TLM_STATUS_OK)
        *data = gtsim_dpi_get_le32(bytes);
    return response;
}

int gtsim_dpi_mmio_write(void *handle, int64_t offset, int32_t data, int32_t strobes)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_mmio_write");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (offset < 0 || strobes < 0 || strobes > 0xF) {
        gtsim_dpi_fail("gtsim_dpi_mmio_write: %s", offset < 0 ? "negative offset" : "strobes outside 0..0xF");
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    uint64_t address = (uint64_t)offset;
    const tlm_target *target = gtsim_dpi_mmio_target(dpi, &address);
    uint8_t bytes[4];
    gtsim_dpi_put_le32(bytes, (uint32_t)data);
    uint8_t enables[4];
    for (unsigned i = 0; i < 4; i++)
        enables[i] = (strobes >> i) & 1 ? TLM_BYTE_LANE_ENABLED : TLM_BYTE_LANE_DISABLED;
    /* An AXI write with no strobe writes no byte and is answered OKAY where a register
     * decodes; a TLM payload cannot carry an empty mask (BYTE_ENABLE_ERROR), so the decode is
     * asked of the model by a debug read (no side effects) and nothing is written. */
    if (strobes == 0) {
        tlm_payload probe = tlm_payload_make(TLM_CMD_READ, address, bytes, 4);
        probe.address_space = TLM_SPACE_MMIO;
        return target && tlm_transport_dbg(target, &probe) == 4 ? TLM_STATUS_OK : TLM_STATUS_ADDRESS_ERROR;
    }
    return gtsim_dpi_access(dpi, target, TLM_SPACE_MMIO, TLM_CMD_WRITE, address, bytes,
                            strobes == 0xF ? NULL : enables);
}

/* The handle's graphics memory, or NULL with a message for a block handle without one. */
static const tlm_target *gtsim_dpi_memory(gtsim_dpi *dpi, int64_t address, const char *function)
{
    if (dpi->kind != GTSIM_DPI_GT && !dpi->memory) {
        gtsim_dpi_fail("%s: a block handle has no graphics memory", function);
        return NULL;
    }
    if (address < 0 || (uint64_t)address > GTSIM_DPI_MEMORY_LIMIT - 4) {
        gtsim_dpi_fail("%s: address 0x%" PRIx64 " outside the 48-bit graphics space", function, (uint64_t)address);
        return NULL;
    }
    return dpi->memory ? tlm_memory_target(dpi->memory) : gtsim_system_memory(dpi->system);
}

int gtsim_dpi_mem_read(void *handle, int64_t address, int32_t *data)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_mem_read");
    if (data)
        *data = 0;
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (!data) {
        gtsim_dpi_fail("gtsim_dpi_mem_read: NULL data");
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    const tlm_target *memory = gtsim_dpi_memory(dpi, address, "gtsim_dpi_mem_read");
    if (!memory)
        return dpi->kind == GTSIM_DPI_GT || dpi->memory ? GTSIM_DPI_ERR_ARGUMENT : GTSIM_DPI_ERR_UNSUPPORTED;
    uint8_t bytes[4] = {0};
    int response =
        gtsim_dpi_access(dpi, memory, TLM_SPACE_GGTT, TLM_CMD_READ, (uint64_t)address, bytes, NULL);
    if (response == TLM_STATUS_OK)
        *data = gtsim_dpi_get_le32(bytes);
    return response;
}

int gtsim_dpi_mem_write(void *handle, int64_t address, int32_t data)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_mem_write");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    const tlm_target *memory = gtsim_dpi_memory(dpi, address, "gtsim_dpi_mem_write");
    if (!memory)
        return dpi->kind == GTSIM_DPI_GT || dpi->memory ? GTSIM_DPI_ERR_ARGUMENT : GTSIM_DPI_ERR_UNSUPPORTED;
    uint8_t bytes[4];
    gtsim_dpi_put_le32(bytes, (uint32_t)data);
    return gtsim_dpi_access(dpi, memory, TLM_SPACE_GGTT, TLM_CMD_WRITE, (uint64_t)address, bytes, NULL);
}

/* ---- messages and outputs ------------------------------------------------------------------- */

int gtsim_dpi_irq_message(void *handle, int32_t vf_id, int32_t engine_class, int32_t instance, int32_t data)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_irq_message");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    /* The fields' widths in spec 001's message format: VF 29:27, class 18:16, instance 25:20. */
    if (vf_id < 0 || vf_id > 7 || engine_class < 0 || engine_class > 7 || instance < 0 ||
        instance >= (int32_t)IRQ_INSTANCE_COUNT || data < 0 || data > 0xFFFF) {
        gtsim_dpi_fail("gtsim_dpi_irq_message: field out of range (vf %d, class %d, instance %d, data 0x%x)", vf_id,
                       engine_class, instance, (unsigned)data);
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    irq_message message = {
        .vf_id = (uint8_t)vf_id, .engine_class = (uint8_t)engine_class, .instance = (uint8_t)instance,
        .data = (uint16_t)data};
    switch (dpi->kind) {
    case GTSIM_DPI_IRQ_GEN11: irq_gen11_deliver(dpi->irq11, &message); return GTSIM_DPI_OK;
    case GTSIM_DPI_IRQ_GEN6: irq_gen6_deliver(dpi->irq6, &message); return GTSIM_DPI_OK;
    case GTSIM_DPI_DOORBELL:
    case GTSIM_DPI_ENGINE:
        gtsim_dpi_fail("gtsim_dpi_irq_message: this block has no message input (it sends messages)");
        return GTSIM_DPI_ERR_UNSUPPORTED;
    case GTSIM_DPI_GT: break;
    }
    if (vf_id != 0) {
        gtsim_dpi_fail("gtsim_dpi_irq_message: a GT's engines send with VF 0");
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    char error[256] = "";
    if (!gtsim_system_irq_raise(dpi->system, (unsigned)engine_class, (unsigned)instance, (unsigned)data, error,
                                sizeof error)) {
        gtsim_dpi_fail("gtsim_dpi_irq_message: %s", error);
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    return GTSIM_DPI_OK;
}

int gtsim_dpi_host_irq(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_host_irq");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    switch (dpi->kind) {
    case GTSIM_DPI_GT: return tlm_signal_get(gtsim_system_host_irq(dpi->system)) != 0;
    case GTSIM_DPI_IRQ_GEN11: return tlm_signal_get(irq_gen11_host_irq(dpi->irq11)) != 0;
    case GTSIM_DPI_IRQ_GEN6: return tlm_signal_get(irq_gen6_host_irq(dpi->irq6)) != 0;
    case GTSIM_DPI_DOORBELL:
    case GTSIM_DPI_ENGINE:
        gtsim_dpi_fail("gtsim_dpi_host_irq: this block has no host line (its interrupts are messages)");
        return GTSIM_DPI_ERR_UNSUPPORTED;
    }
    return GTSIM_DPI_ERR_HANDLE;
}

int gtsim_dpi_guc_vector(void *handle, int32_t vector)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_guc_vector");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (vector != 0 && vector != 1) {
        gtsim_dpi_fail("gtsim_dpi_guc_vector: vector %d (0 or 1)", vector);
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    const tlm_signal *signal = NULL;
    if (dpi->kind == GTSIM_DPI_IRQ_GEN11)
        signal = irq_gen11_guc_vector(dpi->irq11, (unsigned)vector);
    else if (dpi->kind == GTSIM_DPI_GT)
        signal = gtsim_system_irq_guc_vector(dpi->system, (unsigned)vector);
    if (!signal) {
        gtsim_dpi_fail("gtsim_dpi_guc_vector: this handle has no GuC interrupt vectors (gen6)");
        return GTSIM_DPI_ERR_UNSUPPORTED;
    }
    return tlm_signal_get(signal) != 0;
}

int gtsim_dpi_irq_message_next(void *handle, int32_t *word)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_irq_message_next");
    if (word)
        *word = 0;
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (!word) {
        gtsim_dpi_fail("gtsim_dpi_irq_message_next: NULL word");
        return GTSIM_DPI_ERR_ARGUMENT;
    }
    if (dpi->kind != GTSIM_DPI_DOORBELL && dpi->kind != GTSIM_DPI_ENGINE) {
        gtsim_dpi_fail("gtsim_dpi_irq_message_next: only doorbell and engine blocks send messages out");
        return GTSIM_DPI_ERR_UNSUPPORTED;
    }
    if (dpi->message_count == 0)
        return 0;
    *word = (int32_t)dpi->messages[dpi->message_head];
    dpi->message_head = (dpi->message_head + 1) % GTSIM_DPI_MESSAGES;
    dpi->message_count--;
    return 1;
}

int gtsim_dpi_guc_core(void *handle, int32_t acknowledge)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_guc_core");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (dpi->kind != GTSIM_DPI_DOORBELL) {
        gtsim_dpi_fail("gtsim_dpi_guc_core: only the doorbell block has the GuC's micro-core input");
        return GTSIM_DPI_ERR_UNSUPPORTED;
    }
    int causes = (int)dpi->core_causes;
    if (acknowledge)
        dpi->core_causes = 0;
    return causes;
}

/* ---- time ----------------------------------------------------------------------------------- */

/* False (with a message) when `cycles` is outside [minimum, GTSIM_DPI_MAX_RUN_CYCLES] or the
 * kernel is inside an event (a run from a callback is refused by the kernel too). */
static bool gtsim_dpi_run_allowed(gtsim_dpi *dpi, int64_t cycles, int64_t minimum, const char *function)
{
    if (cycles < minimum || cycles > GTSIM_DPI_MAX_RUN_CYCLES) {
        gtsim_dpi_fail("%s: %" PRId64 " cycles outside %" PRId64 "..%" PRId64, function, cycles, minimum,
                       GTSIM_DPI_MAX_RUN_CYCLES);
        return false;
    }
    if (tlm_kernel_in_event(dpi->kernel)) {
        gtsim_dpi_fail("%s: called from inside a model event", function);
        return false;
    }
    return true;
}

int gtsim_dpi_run(void *handle, int64_t cycles)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_run");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (!gtsim_dpi_run_allowed(dpi, cycles, 0, "gtsim_dpi_run"))
        return GTSIM_DPI_ERR_ARGUMENT;
    tlm_run_status status = tlm_kernel_run_for(dpi->kernel, (tlm_time)cycles * dpi->period);
    if (status != TLM_RUN_TIME_REACHED) {
        gtsim_dpi_fail("gtsim_dpi_run: %s", tlm_run_status_name(status));
        return GTSIM_DPI_ERR_RUN;
    }
    return GTSIM_DPI_OK;
}

static bool gtsim_dpi_idle(const gtsim_dpi *dpi)
{
    if (dpi->kind == GTSIM_DPI_ENGINE)
        return !cs_engine_busy(dpi->engine);
    return dpi->kind != GTSIM_DPI_GT || gtsim_system_idle(dpi->system);
}

/* As the scenario runner's `run idle`: run until no foreground event is pending; a system
 * still busy with work that waits on clock edges is stepped one period at a time. Every step
 * moves time forward, so the deadline ends the loop. */
int gtsim_dpi_run_idle(void *handle, int64_t max_cycles)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_run_idle");
    if (!dpi)
        return GTSIM_DPI_ERR_HANDLE;
    if (!gtsim_dpi_run_allowed(dpi, max_cycles, 1, "gtsim_dpi_run_idle"))
        return GTSIM_DPI_ERR_ARGUMENT;
    tlm_time deadline = tlm_time_add_saturating(tlm_kernel_now(dpi->kernel), (tlm_time)max_cycles * dpi->period);
    for (;;) {
        tlm_time now = tlm_kernel_now(dpi->kernel);
        tlm_run_status status = tlm_kernel_run_until_idle(dpi->kernel, deadline - now);
        if (status != TLM_RUN_IDLE && status != TLM_RUN_BOUND_HIT) {
            gtsim_dpi_fail("gtsim_dpi_run_idle: %s", tlm_run_status_name(status));
            return GTSIM_DPI_ERR_RUN;
        }
        if (status == TLM_RUN_IDLE && gtsim_dpi_idle(dpi))
            return 1;
        now = tlm_kernel_now(dpi->kernel);
        if (now >= deadline)
            return 0;
        status = tlm_kernel_run_for(dpi->kernel, deadline - now < dpi->period ? deadline - now : dpi->period);
        if (status != TLM_RUN_TIME_REACHED) {
            gtsim_dpi_fail("gtsim_dpi_run_idle: %s", tlm_run_status_name(status));
            return GTSIM_DPI_ERR_RUN;
        }
    }
}

int64_t gtsim_dpi_now_ps(void *handle)
{
    gtsim_dpi *dpi = gtsim_dpi_lookup(handle, "gtsim_dpi_now_ps");
    return dpi ? (int64_t)tlm_kernel_now(dpi->kernel) : -1;
}

/* ---- bench support -------------------------------------------------------------------------- */

int64_t gtsim_dpi_env_int(const char *name, int64_t fallback)
{
    const char *text = name ? getenv(name) : NULL;
    if (!text || !text[0])
        return fallback;
    char *end = NULL;
    errno = 0;
    long long value = strtoll(text, &end, 0);
    if (errno != 0 || *end != '\0') {
        gtsim_dpi_fail("gtsim_dpi_env_int: %.64s='%.64s' is not a number; using %" PRId64, name, text, fallback);
        return fallback;
    }
    return (int64_t)value;
}
