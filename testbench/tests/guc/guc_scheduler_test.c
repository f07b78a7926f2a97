/* The GuC scheduler model (models/guc/guc_scheduler.h) on the doorbell controller and the GuC
 * block: doorbell interrupt -> group registers read -> work queue parsed -> submission, the
 * formats of docs/reference/guc.md (including malformed and overrun queues: defined status + log), the
 * host-to-GuC acknowledgement, and the submission contract with the engines
 * (guc_submit_to_engine: ELSQ at base + 0x510/0x514, EXECLIST_CONTROL at base + 0x550). */
#include <stdint.h>
#include <string.h>

#include "doorbell_app.h"
#include "guc_test_system.h"
#include "tb_test.h"

#define POOL UINT64_C(0x400000)      /* process descriptors */
#define DB_PAGE UINT64_C(0x500000)   /* doorbell page */
#define WQ_BASE UINT64_C(0x600000)   /* work queues, 0x1000 apart per doorbell */
#define LRCA UINT64_C(0x800000)      /* a context image */

typedef struct GucScheduler {
    guc_gt gt;                                 /* the GT */
    guc_submission submissions[GT_MAX_RECORDS]; /* what the fake port received */
    unsigned count;                            /* how many */
} GucScheduler;

static void capture_submit(void *context, const guc_submission *submission)
{
    GucScheduler *self = context;
    if (self->count < GT_MAX_RECORDS)
        self->submissions[self->count] = *submission;
    self->count++;
}

static void GucScheduler_SetUp(GucScheduler *self)
{
    guc_gt_init(&self->gt, true, (guc_submit_port){ capture_submit, self }, POOL);
    guc_gt_copy_hash(&self->gt);
}

static void GucScheduler_TearDown(GucScheduler *self)
{
    guc_gt_fini(&self->gt);
}

/* ---- helpers: the driver's and the application's side of docs/reference/guc.md's formats ---------------- */

static void mem32(guc_gt *gt, uint64_t address, uint32_t value)
{
    EXPECT_TRUE(tlm_memory_write_backdoor(gt->memory, address, &value, 4));
}

static uint32_t peek32(guc_gt *gt, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_TRUE(tlm_memory_read(gt->memory, address, &value, 4));
    return value;
}

static uint64_t pd_of(unsigned bell)
{
    return POOL + (uint64_t)bell * GUC_PD_SIZE;
}

static uint64_t wq_of(unsigned bell)
{
    return WQ_BASE + (uint64_t)bell * 0x1000u;
}

/* A process descriptor: valid, engine class, queue of `size` bytes, head = tail = 0. */
static void make_queue(guc_gt *gt, unsigned bell, unsigned engine_class, uint32_t size)
{
    uint64_t pd = pd_of(bell);
    mem32(gt, pd + GUC_PD_FLAGS, GUC_PD_FLAGS_VALID | engine_class << GUC_PD_FLAGS_CLASS_SHIFT);
    mem32(gt, pd + GUC_PD_WQ_BASE, (uint32_t)wq_of(bell));
    mem32(gt, pd + GUC_PD_WQ_BASE + 4, (uint32_t)(wq_of(bell) >> 32));
    mem32(gt, pd + GUC_PD_WQ_SIZE, size);
    mem32(gt, pd + GUC_PD_HEAD, 0);
    mem32(gt, pd + GUC_PD_TAIL, 0);
    mem32(gt, pd + GUC_PD_STATUS, 0);
}

/* Appends a work item {descriptor, ring tail, 0} at the queue's tail and advances it. */
static void push_item(guc_gt *gt, unsigned bell, uint64_t descriptor, uint32_t ring_tail)
{
    uint64_t pd = pd_of(bell);
    uint32_t size = peek32(gt, pd + GUC_PD_WQ_SIZE), tail = peek32(gt, pd + GUC_PD_TAIL);
    uint64_t item = wq_of(bell) + tail;
    mem32(gt, item, (uint32_t)descriptor);
    mem32(gt, item + 4, (uint32_t)(descriptor >> 32));
    mem32(gt, item + 8, ring_tail);
    mem32(gt, item + 12, 0);
    mem32(gt, pd + GUC_PD_TAIL, (tail + GUC_WQI_SIZE) % size);
}

/* Arms `bell` through the shim on DB_PAGE and returns an application client for it. */
static doorbell_app_client arm(guc_gt *gt, unsigned bell)
{
    uint64_t line = DB_PAGE + (bell % 64u) * 64u + (bell / 64u) * 4096u;
    db_write_line(gt->mem, line, 1, 0);
    uint64_t page = line & ~UINT64_C(0xFFF);
    EXPECT_EQ(guc_gt_install(gt, bell, page), guc_gt_status(GUC_DB_INSTALL_STATUS_RESULT_OK, bell));
    doorbell_app_client client;
    doorbell_app_client_init(&client, gt->mem, line, (uint16_t)bell);
    return client;
}

static void run(guc_gt *gt)
{
    ASSERT_EQ(tlm_kernel_run_until_idle(gt->kernel, TLM_US * 100), TLM_RUN_IDLE);
}

#define DESC(n) (LRCA + (uint64_t)(n) * 0x10000u + 1u) /* valid descriptors of distinct contexts */

/* ---- the doorbell path ------------------------------------------------------------------------- */

TEST_F(GucScheduler, BootRoutesDoorbellInterruptsToTheMicroCore)
{
    EXPECT_EQ(db_read32(self->gt.host, DOORBELL_CTRL_REG) & ROUTE_TO_GUC, ROUTE_TO_GUC);
}

TEST_F(GucScheduler, ARingSubmitsTheWorkItemToItsEngine)
{
    doorbell_app_client app = arm(&self->gt, 5);
    make_queue(&self->gt, 5, IRQ_CLASS_RENDER, 256);
    push_item(&self->gt, 5, DESC(1) | UINT64_C(0xAB) << 32, 0x40);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    EXPECT_EQ(self->count, 0u); /* the firmware reacts after its latency */
    run(&self->gt);
    ASSERT_EQ(self->count, 1u);
    EXPECT_EQ(self->submissions[0].bell, 5u);
    EXPECT_EQ(self->submissions[0].engine, CS_ENGINE_RCS);
    EXPECT_EQ(self->submissions[0].mmio_base, 0x2000u);
    EXPECT_EQ(self->submissions[0].descriptor, DESC(1) | UINT64_C(0xAB) << 32);
    EXPECT_EQ(self->submissions[0].ring_tail, 0x40u);
    EXPECT_EQ(peek32(&self->gt, pd_of(5) + GUC_PD_HEAD), 16u);
    /* both stages are clear again: status vector, rung bit and GUC_DB_ISR */
    EXPECT_EQ(doorbell_group_status(self->gt.db, 0), 0u);
    EXPECT_EQ(db_read32(self->gt.host, DOORBELL_CTRL_REG) & GUC_DOORBELL_CTRL_RUNG_MASK, 0u);
    EXPECT_EQ(db_read32(self->gt.host, DB_ISR_REG(0)), 0u);
    EXPECT_EQ(self->gt.host_count, 0u);
}

TEST_F(GucScheduler, EngineClassesSelectTheEnginesOfTheProfile)
{
    static const struct { unsigned engine_class; cs_engine engine; uint32_t base; } cases[] = {
        { IRQ_CLASS_RENDER, CS_ENGINE_RCS, 0x2000 },
        { IRQ_CLASS_VIDEO_DECODE, CS_ENGINE_VCS, 0x1C0000 },
        { IRQ_CLASS_VIDEO_ENHANCE, CS_ENGINE_VECS, 0x1C8000 },
        { IRQ_CLASS_COPY, CS_ENGINE_BCS, 0x22000 },
    };
    for (unsigned i = 0; i < 4; i++) {
        doorbell_app_client app = arm(&self->gt, 10 + i);
        make_queue(&self->gt, 10 + i, cases[i].engine_class, 64);
        push_item(&self->gt, 10 + i, DESC(i), 8);
        ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    }
    run(&self->gt);
    ASSERT_EQ(self->count, 4u);
    for (unsigned i = 0; i < 4; i++) {
        EXPECT_EQ(self->submissions[i].engine, cases[i].engine);
        EXPECT_EQ(self->submissions[i].mmio_base, cases[i].base);
    }
}

TEST_F(GucScheduler, RingsCollapseButEveryQueuedItemIsTaken)
{
    doorbell_app_client app = arm(&self->gt, 3);
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 256);
    for (unsigned i = 0; i < 3; i++) {
        push_item(&self->gt, 3, DESC(i), 8u * i);
        ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    }
    run(&self->gt);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->interrupts, 1u);
    ASSERT_EQ(self->count, 3u);
    for (unsigned i = 0; i < 3; i++)
        EXPECT_EQ(self->submissions[i].descriptor, DESC(i));
}

TEST_F(GucScheduler, ARingAfterServiceInterruptsAgain)
{
    doorbell_app_client app = arm(&self->gt, 3);
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 256);
    push_item(&self->gt, 3, DESC(1), 8);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    push_item(&self->gt, 3, DESC(2), 16);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->interrupts, 2u);
    ASSERT_EQ(self->count, 2u);
    EXPECT_EQ(self->submissions[1].descriptor, DESC(2));
    EXPECT_EQ(self->submissions[1].ring_tail, 16u);
}

TEST_F(GucScheduler, DoorbellsOfSeveralGroupsAreServicedInOneInterrupt)
{
    doorbell_app_client a = arm(&self->gt, 200), b = arm(&self->gt, 7);
    make_queue(&self->gt, 200, IRQ_CLASS_COPY, 64);
    make_queue(&self->gt, 7, IRQ_CLASS_RENDER, 64);
    push_item(&self->gt, 200, DESC(2), 8);
    push_item(&self->gt, 7, DESC(1), 8);
    ASSERT_EQ(doorbell_app_ring(&a), DOORBELL_APP_RUNG);
    ASSERT_EQ(doorbell_app_ring(&b), DOORBELL_APP_RUNG);
    run(&self->gt);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->interrupts, 2u); /* two groups, two messages */
    ASSERT_EQ(self->count, 2u);
    EXPECT_EQ(self->submissions[0].bell, 7u); /* group 0 first */
    EXPECT_EQ(self->submissions[1].bell, 200u);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->group_reads, 2u);
}

TEST_F(GucScheduler, TheQueueWrapsAtItsSize)
{
    doorbell_app_client app = arm(&self->gt, 3);
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64); /* four items */
    mem32(&self->gt, pd_of(3) + GUC_PD_HEAD, 48);
    mem32(&self->gt, pd_of(3) + GUC_PD_TAIL, 48);
    push_item(&self->gt, 3, DESC(1), 8); /* at 48 */
    push_item(&self->gt, 3, DESC(2), 8); /* at 0 */
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_TAIL), 16u);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    ASSERT_EQ(self->count, 2u);
    EXPECT_EQ(self->submissions[0].descriptor, DESC(1));
    EXPECT_EQ(self->submissions[1].descriptor, DESC(2));
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_HEAD), 16u);
}

/* ---- malformed work queues: defined status + log ----------------------------------------------- */

static void ring_malformed(GucScheduler *self, unsigned bell, uint32_t expected_status, const char *log_text)
{
    doorbell_app_client app = arm(&self->gt, bell);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    EXPECT_EQ(self->count, 0u);
    EXPECT_EQ(peek32(&self->gt, pd_of(bell) + GUC_PD_STATUS), expected_status);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->queue_errors, 1u);
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), log_text));
}

TEST_F(GucScheduler, AnInvalidDescriptorStopsTheQueue)
{
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    push_item(&self->gt, 3, DESC(1), 8);
    mem32(&self->gt, pd_of(3) + GUC_PD_FLAGS, 0); /* not VALID */
    ring_malformed(self, 3, GUC_WQ_STATUS_BAD_DESCRIPTOR, "doorbell 3: work queue stopped (status 1)");
}

TEST_F(GucScheduler, AnEngineClassWithoutAnEngineStopsTheQueue)
{
    make_queue(&self->gt, 3, IRQ_CLASS_COMPUTE, 64);
    push_item(&self->gt, 3, DESC(1), 8);
    ring_malformed(self, 3, GUC_WQ_STATUS_BAD_DESCRIPTOR, "no such engine");
}

TEST_F(GucScheduler, ABadQueueSizeStopsTheQueue)
{
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 40); /* not a multiple of 16 */
    mem32(&self->gt, pd_of(3) + GUC_PD_TAIL, 16);
    ring_malformed(self, 3, GUC_WQ_STATUS_BAD_GEOMETRY, "work queue base or size malformed");
}

TEST_F(GucScheduler, ATailBeyondTheQueueIsAnOverrun)
{
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    mem32(&self->gt, pd_of(3) + GUC_PD_TAIL, 64);
    ring_malformed(self, 3, GUC_WQ_STATUS_OVERRUN, "head or tail outside the work queue");
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_HEAD), 0u);
}

TEST_F(GucScheduler, AMisalignedHeadIsAnOverrun)
{
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    mem32(&self->gt, pd_of(3) + GUC_PD_HEAD, 8);
    mem32(&self->gt, pd_of(3) + GUC_PD_TAIL, 32);
    ring_malformed(self, 3, GUC_WQ_STATUS_OVERRUN, "head or tail outside the work queue");
}

TEST_F(GucScheduler, AMalformedItemStopsTheQueueAtThatItem)
{
    doorbell_app_client app = arm(&self->gt, 3);
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    push_item(&self->gt, 3, DESC(1), 8);
    push_item(&self->gt, 3, DESC(2), 12); /* ring tail not qword aligned */
    push_item(&self->gt, 3, DESC(3), 16);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    ASSERT_EQ(self->count, 1u);
    EXPECT_EQ(self->submissions[0].descriptor, DESC(1));
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_HEAD), 16u);
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_STATUS), (uint32_t)GUC_WQ_STATUS_BAD_ITEM);
    /* a stopped queue is left alone on later rings until software clears STATUS */
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    EXPECT_EQ(self->count, 1u);
    EXPECT_TRUE(db_contains(db_capture_text(&self->gt.log), "rang while its work queue is stopped"));
    mem32(&self->gt, wq_of(3) + 16 + 8, 16); /* fix the item */
    mem32(&self->gt, pd_of(3) + GUC_PD_STATUS, 0);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    ASSERT_EQ(self->count, 3u);
    EXPECT_EQ(self->submissions[2].descriptor, DESC(3));
}

TEST_F(GucScheduler, AnItemWithAnInvalidContextDescriptorIsMalformed)
{
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    push_item(&self->gt, 3, LRCA, 8); /* valid bit 0 clear */
    ring_malformed(self, 3, GUC_WQ_STATUS_BAD_ITEM, "work item malformed");
}

TEST_F(GucScheduler, AFullQueueIsTakenOnceAndTheLoopIsBounded)
{
    /* head == tail means empty: a queue of 4 slots carries at most 3 items per turn */
    doorbell_app_client app = arm(&self->gt, 3);
    make_queue(&self->gt, 3, IRQ_CLASS_RENDER, 64);
    for (unsigned i = 0; i < 3; i++)
        push_item(&self->gt, 3, DESC(i), 8);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&self->gt);
    EXPECT_EQ(self->count, 3u);
    EXPECT_EQ(peek32(&self->gt, pd_of(3) + GUC_PD_HEAD), peek32(&self->gt, pd_of(3) + GUC_PD_TAIL));
}

/* ---- host <-> GuC through the firmware ------------------------------------------------------- */

TEST_F(GucScheduler, TheFirmwareAcknowledgesAHostMessage)
{
    db_write32(self->gt.host, HOST2GUC, 0x5EED);
    EXPECT_EQ(self->gt.host_count, 0u);
    run(&self->gt);
    EXPECT_EQ(guc_scheduler_get_stats(self->gt.sched)->last_host_data, 0x5EEDu);
    ASSERT_EQ(self->gt.host_count, 1u);
    EXPECT_EQ(self->gt.host_messages[0].data, 0x8000u); /* GUC_INTR_GUC2HOST */
}

/* ---- the submission contract with the engines -------------------------------------------------- */

TEST(GucSubmit, WritesTheRingTailThenElsqLowHighThenLoad)
{
    guc_gt gt;
    guc_gt_init(&gt, false, (guc_submit_port){ 0 }, 0);
    guc_submission submission = {
        .bell = 1, .engine = CS_ENGINE_BCS, .mmio_base = 0x22000, .descriptor = UINT64_C(0x0000002A00803001),
        .ring_tail = 0x120,
    };
    EXPECT_EQ(guc_submit_to_engine(gt.view, gt.mem, &submission), TLM_STATUS_OK);
    gt_engine_capture *bcs = &gt.engines[CS_ENGINE_BCS];
    ASSERT_EQ(bcs->count, 3u);
    EXPECT_EQ(bcs->writes[0].address, 0x22510u);
    EXPECT_EQ(bcs->writes[0].value, 0x00803001u);
    EXPECT_EQ(bcs->writes[1].address, 0x22514u);
    EXPECT_EQ(bcs->writes[1].value, 0x2Au);
    EXPECT_EQ(bcs->writes[2].address, 0x22550u);
    EXPECT_EQ(bcs->writes[2].value, 1u);
    /* spec 004: ring context 4 KiB after LRCA (0x803000), ring tail value at dword 7 */
    uint32_t tail = 0;
    EXPECT_TRUE(tlm_memory_read(gt.memory, UINT64_C(0x803000) + 0x1000 + 7 * 4, &tail, 4));
    EXPECT_EQ(tail, 0x120u);
    EXPECT_EQ(gt.engines[CS_ENGINE_RCS].count, 0u);
    guc_gt_fini(&gt);
}

TEST(GucSubmit, TheDefaultPortWritesTheEngineRegisters)
{
    guc_gt gt;
    guc_gt_init(&gt, true, (guc_submit_port){ 0 }, POOL);
    guc_gt_copy_hash(&gt);
    doorbell_app_client app = arm(&gt, 9);
    make_queue(&gt, 9, IRQ_CLASS_RENDER, 64);
    push_item(&gt, 9, DESC(4), 0x18);
    ASSERT_EQ(doorbell_app_ring(&app), DOORBELL_APP_RUNG);
    run(&gt);
    gt_engine_capture *rcs = &gt.engines[CS_ENGINE_RCS];
    ASSERT_EQ(rcs->count, 3u);
    EXPECT_EQ(rcs->writes[0].address, 0x2510u);
    EXPECT_EQ(rcs->writes[0].value, (uint32_t)DESC(4));
    EXPECT_EQ(rcs->writes[1].address, 0x2514u);
    EXPECT_EQ(rcs->writes[2].address, 0x2550u);
    EXPECT_EQ(rcs->writes[2].value, 1u);
    EXPECT_EQ(peek32(&gt, (DESC(4) & ~UINT64_C(0xFFF)) + 0x101C), 0x18u);
    guc_gt_fini(&gt);
}
