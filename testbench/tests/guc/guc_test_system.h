/* A small GT for the GuC tests: graphics memory, the GTI doorbell controller, the GuC block and
 * (optionally) the GuC scheduler model, with
 *   host MMIO map: 0xB00 fuse, 0x1000 doorbell block, 0xC000 GuC block, engine ranges (capture)
 *   GuC MMIO view: the same, but 0x1000 through the shim's doorbell view
 * a fake host interrupt sink and a fake micro-core recording what they receive, and a capture
 * target standing for the engines' MMIO (it records every write). */
#ifndef GUC_TEST_SYSTEM_H
#define GUC_TEST_SYSTEM_H

#include <stdint.h>
#include <string.h>

#include "cs_commands.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "../doorbell/doorbell_test_util.h"
#include "guc.h"
#include "guc_fuse_regs.h"
#include "guc_regs.h"
#include "guc_scheduler.h"
#include "tb_test.h"

#define GT_MAX_RECORDS 64u

/* A write seen by the engine capture target (GT MMIO offset and value). */
typedef struct gt_write {
    uint64_t address; /* GT MMIO offset */
    uint32_t value;   /* value written */
} gt_write;

typedef struct gt_engine_capture {
    tlm_target target;                /* the capture target */
    uint64_t base;                    /* where it is mapped */
    gt_write writes[GT_MAX_RECORDS];  /* writes, in order */
    unsigned count;                   /* writes seen */
} gt_engine_capture;

typedef struct guc_gt {
    tlm_kernel *kernel;                /* time base and logger */
    tlm_memory *memory;                /* graphics memory */
    const tlm_target *mem;             /* its target */
    doorbell *db;                      /* GTI doorbell controller */
    guc *guc;                          /* GuC shim and interrupt block */
    guc_scheduler *sched;              /* firmware model, or NULL */
    tlm_router *host_map;              /* the host's MMIO map */
    tlm_router *guc_map;               /* the GuC's MMIO view */
    const tlm_target *host;            /* host MMIO */
    const tlm_target *view;            /* GuC MMIO */
    gt_engine_capture engines[CS_ENGINE_COUNT]; /* engine MMIO ranges */
    irq_message host_messages[GT_MAX_RECORDS];  /* interrupt messages the host received */
    unsigned host_count;               /* how many */
    uint32_t core_causes[GT_MAX_RECORDS]; /* micro-core interrupts (when no scheduler) */
    unsigned core_count;               /* how many */
    db_log_capture log;                /* what the models printed */
} guc_gt;

static void gt_host_deliver(void *self, const irq_message *message)
{
    guc_gt *gt = self;
    if (gt->host_count < GT_MAX_RECORDS)
        gt->host_messages[gt->host_count] = *message;
    gt->host_count++;
}

static void gt_core_interrupt(void *self, uint32_t causes)
{
    guc_gt *gt = self;
    if (gt->core_count < GT_MAX_RECORDS)
        gt->core_causes[gt->core_count] = causes;
    gt->core_count++;
}

static void gt_capture_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    gt_engine_capture *capture = self;
    if (payload->command == TLM_CMD_WRITE && payload->length == 4) {
        if (capture->count < GT_MAX_RECORDS) {
            capture->writes[capture->count].address = capture->base + payload->address;
            memcpy(&capture->writes[capture->count].value, payload->data, 4);
        }
        capture->count++;
    } else if (payload->command == TLM_CMD_READ) {
        memset(payload->data, 0, payload->length);
    }
    payload->response = TLM_STATUS_OK;
}

/* Builds the GT; `with_scheduler` adds the firmware model (with `submit` as its port, which may
 * have submit NULL for guc_submit_to_engine) and boots it. */
static inline void guc_gt_init_translated(guc_gt *gt, bool with_scheduler, guc_submit_port submit, uint64_t pool,
                                          guc_translate_fn translate)
{
    memset(gt, 0, sizeof *gt);
    gt->kernel = tlm_kernel_create();
    db_capture_open(&gt->log, gt->kernel);
    gt->memory = tlm_memory_create(gt->kernel, "mem", UINT64_C(1) << 36);
    gt->mem = tlm_memory_target(gt->memory);
    gt->db = doorbell_create(gt->kernel, "doorbell", gt->memory);
    guc_config config = { .doorbells = doorbell_block_of(gt->db), .host = { gt_host_deliver, gt }, .hash_fuse = true,
                          .translate = translate };
    gt->guc = guc_create(gt->kernel, "guc", &config);
    gt->host_map = tlm_router_create(gt->kernel, "host_mmio");
    gt->guc_map = tlm_router_create(gt->kernel, "guc_mmio");
    ASSERT_EQ(tlm_router_map(gt->host_map, GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE, guc_fuse_target(gt->guc)), 0);
    ASSERT_EQ(tlm_router_map(gt->host_map, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, doorbell_target(gt->db)), 0);
    ASSERT_EQ(tlm_router_map(gt->host_map, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(gt->guc)), 0);
    ASSERT_EQ(tlm_router_map(gt->guc_map, GUC_FUSE_MMIO_BASE, GUC_FUSE_BLOCK_SIZE, guc_fuse_target(gt->guc)), 0);
    ASSERT_EQ(tlm_router_map(gt->guc_map, DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE, guc_doorbell_view(gt->guc)), 0);
    ASSERT_EQ(tlm_router_map(gt->guc_map, GUC_MMIO_BASE, GUC_BLOCK_SIZE, guc_target(gt->guc)), 0);
    const cs_profile_info *profile = cs_profile_get(CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        gt_engine_capture *capture = &gt->engines[e];
        capture->base = profile->engines[e].mmio_base;
        capture->target = (tlm_target){ .name = "engine", .self = capture, .b_transport = gt_capture_b_transport };
        ASSERT_EQ(tlm_router_map(gt->host_map, capture->base, 0x1000, &capture->target), 0);
        ASSERT_EQ(tlm_router_map(gt->guc_map, capture->base, 0x1000, &capture->target), 0);
    }
    gt->host = tlm_router_target(gt->host_map);
    gt->view = tlm_router_target(gt->guc_map);
    if (with_scheduler) {
        guc_scheduler_config sc = {
            .mmio = gt->view, .memory = gt->mem, .descriptor_pool = pool, .latency = 100 * TLM_NS, .submit = submit,
        };
        gt->sched = guc_scheduler_create(gt->kernel, "guc_fw", &sc);
        guc_core_port port = guc_scheduler_core_port(gt->sched);
        guc_set_core_port(gt->guc, &port);
        guc_scheduler_boot(gt->sched);
    } else {
        guc_core_port port = { gt_core_interrupt, gt };
        guc_set_core_port(gt->guc, &port);
    }
}

static inline void guc_gt_init(guc_gt *gt, bool with_scheduler, guc_submit_port submit, uint64_t pool)
{
    guc_gt_init_translated(gt, with_scheduler, submit, pool, NULL);
}

static inline void guc_gt_fini(guc_gt *gt)
{
    guc_scheduler_destroy(gt->sched);
    tlm_router_destroy(gt->guc_map);
    tlm_router_destroy(gt->host_map);
    guc_destroy(gt->guc);
    doorbell_destroy(gt->db);
    tlm_memory_destroy(gt->memory);
    tlm_kernel_destroy(gt->kernel);
    db_capture_close(&gt->log);
}

/* Absolute GT offsets of the registers the tests use (spec 001 where it gives them). */
#define FUSE_REG 0xB00u
#define SHIM_CONTROL2 0xC068u
#define INSTALL_STATUS 0xC090u
#define INSTALL_LINE 0xC094u
#define GUC2HOST 0xC4B8u
#define HOST2GUC 0xC4C8u
#define HOST2GUC_DATA 0xC590u
#define DRBREGL(n) (0x1000u + 8u * (n))
#define DRBREGU(n) (0x1004u + 8u * (n))
#define DB_STATUS(g) (0x1900u + 4u * (g))
/* Modelling choices (docs/reference/guc.md), through the generated names. */
#define DOORBELL_CTRL_REG (GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET)
#define DB_ISR_REG(g) (GUC_MMIO_BASE + GUC_GUC_DB_ISR_0_OFFSET + 4u * (g))
#define ROUTE_TO_GUC GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK

/* The driver's hashing-mode copy: 0xB00[30] -> 0xC068[10]. */
static inline void guc_gt_copy_hash(guc_gt *gt)
{
    uint32_t fuse = db_read32(gt->host, FUSE_REG);
    db_write32(gt->host, SHIM_CONTROL2, (fuse >> 30 & 1u) << 10);
}

/* The firmware's install of doorbell `bell` on doorbell page `page` (GPA) through the shim:
 * DRBREGU(n) then DRBREGL(n) with VALID. Returns DB_INSTALL_STATUS. */
static inline uint32_t guc_gt_install(guc_gt *gt, unsigned bell, uint64_t page)
{
    db_write32(gt->view, DRBREGU(bell), (uint32_t)(page >> 32));
    db_write32(gt->view, DRBREGL(bell), (uint32_t)page | 1u);
    return db_read32(gt->view, INSTALL_STATUS);
}

/* DB_INSTALL_STATUS for a completed install with `result` of doorbell `bell`. */
static inline uint32_t guc_gt_status(unsigned result, unsigned bell)
{
    return GUC_DB_INSTALL_STATUS_DONE_MASK | result << GUC_DB_INSTALL_STATUS_RESULT_SHIFT |
           bell << GUC_DB_INSTALL_STATUS_DOORBELL_SHIFT;
}

#endif
