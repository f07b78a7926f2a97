/* Quantum keeper: local offset bookkeeping, the sync decision, sync from outside and from
 * inside events, and quantum boundary arithmetic. */
#include <stdint.h>

#include "tb_test.h"
#include "tlm_quantum.h"

#define MAX_RECORDS 32

typedef struct QuantumTest QuantumTest;

typedef struct tag {
    QuantumTest *test;
    int id;
} tag;

struct QuantumTest {
    tlm_kernel *k;
    tlm_quantum_keeper qk;
    tlm_event ev[4];
    tag tags[4];
    int order[MAX_RECORDS];
    tlm_time at[MAX_RECORDS];
    size_t n;
    /* Observations made from inside events. */
    int sync_status;
    tlm_time offset_after;
    tlm_time next_sync_after;
    bool resume_pending_after;
    tlm_time resume_time_after;
};

static void record_fn(void *context)
{
    tag *g = context;
    QuantumTest *t = g->test;
    if (t->n < MAX_RECORDS) {
        t->order[t->n] = g->id;
        t->at[t->n] = tlm_kernel_now(t->k);
    }
    t->n++;
}

static void QuantumTest_SetUp(QuantumTest *self)
{
    self->k = tlm_kernel_create();
    for (int i = 0; i < 4; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
        tlm_event_init(&self->ev[i], "ev", record_fn, &self->tags[i]);
    }
}

static void QuantumTest_TearDown(QuantumTest *self)
{
    tlm_kernel_destroy(self->k);
}

TEST_F(QuantumTest, InitAtTimeZero)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    EXPECT_EQ(self->qk.kernel, self->k);
    EXPECT_EQ(self->qk.quantum, 1000u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_EQ(self->qk.next_sync, 1000u);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, IncAccumulatesLocalOffset)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_qk_inc(&self->qk, 300);
    tlm_qk_inc(&self->qk, 200);
    tlm_qk_inc(&self->qk, 0);
    EXPECT_EQ(self->qk.local_offset, 500u);
    EXPECT_EQ(tlm_qk_current_time(&self->qk), 500u);
    /* Inc is pure bookkeeping: kernel time has not moved. */
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
}

TEST_F(QuantumTest, NeedSyncExactlyAtBoundary)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_qk_inc(&self->qk, 999);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
    tlm_qk_inc(&self->qk, 1);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
    tlm_qk_inc(&self->qk, 5000);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, SyncAdvancesKernelByOffsetAndRunsDueEvents)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_event_notify(self->k, &self->ev[1], 500);
    tlm_event_notify(self->k, &self->ev[2], 1500);
    tlm_event_notify(self->k, &self->ev[3], 1501);
    tlm_qk_inc(&self->qk, 1500);
    ASSERT_TRUE(tlm_qk_need_sync(&self->qk));
    EXPECT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 1500u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_EQ(tlm_qk_current_time(&self->qk), 1500u);
    ASSERT_EQ(self->n, 2u);
    EXPECT_EQ(self->order[0], 1);
    EXPECT_EQ(self->at[0], 500u);
    EXPECT_EQ(self->order[1], 2);
    EXPECT_EQ(self->at[1], 1500u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[3]));
    /* Boundaries are multiples of the quantum: from 1500 the next one is 2000. */
    EXPECT_EQ(self->qk.next_sync, 2000u);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, SyncLandingOnBoundaryMovesToTheNextOne)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_qk_inc(&self->qk, 2000);
    EXPECT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 2000u);
    EXPECT_EQ(self->qk.next_sync, 3000u);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, ManySmallTransactionsCostFewSyncs)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    unsigned syncs = 0;
    for (int i = 0; i < 100; ++i) {
        tlm_qk_inc(&self->qk, 30); /* 3000 ps in all */
        if (tlm_qk_need_sync(&self->qk)) {
            ASSERT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_TIME_REACHED);
            ++syncs;
        }
    }
    /* Offsets reach 1020 (sync at 1020), then 2010 (sync), then 3000 (sync). */
    EXPECT_EQ(syncs, 3u);
    EXPECT_EQ(tlm_kernel_now(self->k), 3000u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_EQ(self->qk.next_sync, 4000u);
}

TEST_F(QuantumTest, InitOffBoundaryAlignsToNextMultiple)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 250), TLM_RUN_TIME_REACHED);
    tlm_qk_init(&self->qk, self->k, 1000);
    EXPECT_EQ(self->qk.next_sync, 1000u);
    tlm_qk_inc(&self->qk, 749);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
    tlm_qk_inc(&self->qk, 1);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, ResetRecomputesBoundaryFromKernelTime)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    ASSERT_EQ(tlm_kernel_run_for(self->k, 2500), TLM_RUN_TIME_REACHED);
    /* The kernel moved on its own: the old boundary (1000) is in the past. */
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
    tlm_qk_reset(&self->qk);
    EXPECT_EQ(self->qk.next_sync, 3000u);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
}

TEST_F(QuantumTest, ZeroQuantumSyncsOnEveryCheck)
{
    tlm_qk_init(&self->qk, self->k, 0);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
    tlm_qk_inc(&self->qk, 7);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
    EXPECT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 7u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_TRUE(tlm_qk_need_sync(&self->qk));
}

static void sync_inside_fn(void *context)
{
    QuantumTest *t = context;
    tlm_qk_inc(&t->qk, 100);
    t->sync_status = (int)tlm_qk_sync(&t->qk);
}

TEST_F(QuantumTest, SyncFromInsideEventIsRefused)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_event inside;
    tlm_event_init(&inside, "inside", sync_inside_fn, self);
    tlm_event_notify(self->k, &inside, 40);
    tlm_event_notify(self->k, &self->ev[1], 120);
    self->sync_status = -1;
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_US), TLM_RUN_IDLE);
    EXPECT_EQ(self->sync_status, (int)TLM_RUN_REENTERED);
    /* A refused sync changes nothing: the initiator keeps its local time. */
    EXPECT_EQ(self->qk.local_offset, 100u);
    /* The refused sync did not run anything early or move time inside the event. */
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->at[0], 120u);
}

static void sync_event_fn(void *context)
{
    QuantumTest *t = context;
    tlm_qk_inc(&t->qk, 250);
    tlm_qk_sync_event(&t->qk, &t->ev[2]);
    t->offset_after = t->qk.local_offset;
    t->next_sync_after = t->qk.next_sync;
    t->resume_pending_after = tlm_event_pending(&t->ev[2]);
    t->resume_time_after = t->ev[2].time;
}

TEST_F(QuantumTest, SyncEventSchedulesResumeAtLocalOffset)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_event initiator;
    tlm_event_init(&initiator, "initiator", sync_event_fn, self);
    tlm_event_notify(self->k, &initiator, 900);
    tlm_event_notify(self->k, &self->ev[1], 1149);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_US), TLM_RUN_IDLE);
    EXPECT_TRUE(self->resume_pending_after);
    EXPECT_EQ(self->resume_time_after, 1150u);
    EXPECT_EQ(self->offset_after, 0u);
    /* The boundary follows the time the initiator resumes at (1150), not the time it
     * yielded at (900): otherwise it would need a sync again right after resuming. */
    EXPECT_EQ(self->next_sync_after, 2000u);
    /* Events inside the window run before the initiator resumes. */
    ASSERT_EQ(self->n, 2u);
    EXPECT_EQ(self->order[0], 1);
    EXPECT_EQ(self->at[0], 1149u);
    EXPECT_EQ(self->order[1], 2);
    EXPECT_EQ(self->at[1], 1150u);
    EXPECT_EQ(tlm_kernel_now(self->k), 1150u);
    EXPECT_FALSE(tlm_qk_need_sync(&self->qk));
}

/* From outside events sync_event only schedules: no time passes until the kernel runs. */
TEST_F(QuantumTest, SyncEventOutsideEventsOnlySchedules)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_qk_inc(&self->qk, 300);
    tlm_qk_sync_event(&self->qk, &self->ev[3]);
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[3]));
    EXPECT_EQ(self->ev[3].time, 300u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_US), TLM_RUN_IDLE);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->at[0], 300u);
}

static void stop_fn(void *context)
{
    QuantumTest *t = context;
    tlm_kernel_stop(t->k);
}

/* A sync cut short by tlm_kernel_stop reports it, and the initiator's own time (kernel time
 * plus local offset) never moves backwards. */
TEST_F(QuantumTest, StoppedSyncKeepsInitiatorTime)
{
    tlm_qk_init(&self->qk, self->k, 1000);
    tlm_event stopper;
    tlm_event_init(&stopper, "stopper", stop_fn, self);
    tlm_event_notify(self->k, &stopper, 300);
    tlm_qk_inc(&self->qk, 1000);
    EXPECT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_STOPPED);
    EXPECT_EQ(tlm_kernel_now(self->k), 300u);
    EXPECT_EQ(tlm_qk_current_time(&self->qk), 1000u);
    /* Syncing again finishes the job. */
    EXPECT_EQ(tlm_qk_sync(&self->qk), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 1000u);
    EXPECT_EQ(self->qk.local_offset, 0u);
    EXPECT_EQ(self->qk.next_sync, 2000u);
}
