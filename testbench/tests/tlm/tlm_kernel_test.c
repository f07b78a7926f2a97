/* Event kernel: (time, insertion sequence) ordering, moving and cancelling events, the
 * run functions and their bounds, background events, one-shots and the delta limit. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_kernel.h"
#include "tlm_test_util.h"

#define MAX_EVENTS 16
#define MAX_RECORDS 256

typedef struct KernelTest KernelTest;

/* Context of every recording event: which fixture and which id to record. */
typedef struct tag {
    KernelTest *test;
    int id;
} tag;

struct KernelTest {
    tlm_kernel *k;
    tlm_event ev[MAX_EVENTS];
    tag tags[MAX_EVENTS];
    int order[MAX_RECORDS];
    tlm_time at[MAX_RECORDS];
    size_t n;
    /* Knobs some event functions read. */
    tlm_time reschedule_delay;
    int stop_on_id;
    int last_run_status;
    bool in_event_seen;
    uint64_t limit_left;
};

static void record(KernelTest *t, int id)
{
    if (t->n < MAX_RECORDS) {
        t->order[t->n] = id;
        t->at[t->n] = tlm_kernel_now(t->k);
    }
    t->n++;
}

static void record_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
}

static void KernelTest_SetUp(KernelTest *self)
{
    self->k = tlm_kernel_create();
    self->stop_on_id = -1;
    for (int i = 0; i < MAX_EVENTS; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
        tlm_event_init(&self->ev[i], "ev", record_fn, &self->tags[i]);
    }
}

static void KernelTest_TearDown(KernelTest *self)
{
    tlm_kernel_destroy(self->k);
}

static void expect_order(KernelTest *self, const int *ids, const tlm_time *times, size_t count)
{
    ASSERT_EQ(self->n, count);
    for (size_t i = 0; i < count; ++i) {
        EXPECT_EQ(self->order[i], ids[i]);
        if (times)
            EXPECT_EQ(self->at[i], times[i]);
    }
}

TEST_F(KernelTest, CreatedKernelIsAtTimeZeroAndIdle)
{
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 0u);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 0u);
    EXPECT_FALSE(tlm_kernel_in_event(self->k));
    EXPECT_TRUE(tlm_kernel_logger(self->k) != NULL);
    EXPECT_FALSE(tlm_event_pending(&self->ev[0]));
}

TEST_F(KernelTest, NotifyMakesEventPendingAtAbsoluteTime)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 500), TLM_RUN_TIME_REACHED);
    tlm_event_notify(self->k, &self->ev[0], 250);
    EXPECT_TRUE(tlm_event_pending(&self->ev[0]));
    EXPECT_EQ(self->ev[0].time, 750u);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 1u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_US), TLM_RUN_IDLE);
    EXPECT_FALSE(tlm_event_pending(&self->ev[0]));
    EXPECT_EQ(self->ev[0].heap_index, TLM_EVENT_IDLE);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 0u);
}

TEST_F(KernelTest, EventsRunInTimeOrder)
{
    tlm_event_notify(self->k, &self->ev[1], 30 * TLM_NS);
    tlm_event_notify(self->k, &self->ev[2], 10 * TLM_NS);
    tlm_event_notify(self->k, &self->ev[3], 20 * TLM_NS);
    tlm_event_notify(self->k, &self->ev[4], 1);
    tlm_event_notify(self->k, &self->ev[5], 30 * TLM_NS + 1);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {4, 2, 3, 1, 5};
    const tlm_time times[] = {1, 10 * TLM_NS, 20 * TLM_NS, 30 * TLM_NS, 30 * TLM_NS + 1};
    expect_order(self, ids, times, 5);
}

TEST_F(KernelTest, TiesRunInInsertionOrder)
{
    const int ids[] = {3, 1, 4, 0, 9, 2, 6, 5, 8, 7};
    for (size_t i = 0; i < 10; ++i)
        tlm_event_notify(self->k, &self->ev[ids[i]], 100 * TLM_NS);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const tlm_time times[10] = {100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS,
                                100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS, 100 * TLM_NS};
    expect_order(self, ids, times, 10);
}

/* Ties must be broken by insertion order even when the tied events went in at different
 * times and with different delays (the sequence is global, not relative to the delay). */
static void notify_ev7_in_50(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    tlm_event_notify(g->test->k, &g->test->ev[7], 50);
}

TEST_F(KernelTest, TiesAcrossInsertionTimesRunInInsertionOrder)
{
    tlm_event_init(&self->ev[0], "inserter", notify_ev7_in_50, &self->tags[0]);
    tlm_event_notify(self->k, &self->ev[1], 100);   /* at 100, sequence first */
    tlm_event_notify(self->k, &self->ev[0], 50);    /* at 50 adds ev7 at 100, sequence later */
    tlm_event_notify(self->k, &self->ev[2], 100);   /* at 100, inserted before ev7 */
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {0, 1, 2, 7};
    const tlm_time times[] = {50, 100, 100, 100};
    expect_order(self, ids, times, 4);
}

static void schedule_record_fn(void *context)
{
    record_fn(context);
}

/* One-shots and owned events share one sequence, so a mix of them ties deterministically. */
TEST_F(KernelTest, OneShotsAndEventsShareTieOrder)
{
    tlm_kernel_schedule(self->k, 10, schedule_record_fn, &self->tags[10]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_kernel_schedule(self->k, 10, schedule_record_fn, &self->tags[11]);
    tlm_event_notify(self->k, &self->ev[2], 10);
    tlm_kernel_schedule(self->k, 5, schedule_record_fn, &self->tags[12]);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {12, 10, 1, 11, 2};
    const tlm_time times[] = {5, 10, 10, 10, 10};
    expect_order(self, ids, times, 5);
}

TEST_F(KernelTest, RenotifyMovesToNewTimeAfterEventsAlreadyThere)
{
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 20);
    tlm_event_notify(self->k, &self->ev[3], 20);
    /* Moving ev1 later: it gets a new sequence, so it runs after ev2 and ev3. */
    tlm_event_notify(self->k, &self->ev[1], 20);
    EXPECT_EQ(self->ev[1].time, 20u);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 3u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {2, 3, 1};
    const tlm_time times[] = {20, 20, 20};
    expect_order(self, ids, times, 3);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 3u);
}

TEST_F(KernelTest, RenotifyToTheSameTimeStillMovesBehindTies)
{
    tlm_event_notify(self->k, &self->ev[1], 20);
    tlm_event_notify(self->k, &self->ev[2], 20);
    tlm_event_notify(self->k, &self->ev[1], 20);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {2, 1};
    expect_order(self, ids, NULL, 2);
}

TEST_F(KernelTest, RenotifyEarlierRunsOnceAtNewTime)
{
    tlm_event_notify(self->k, &self->ev[1], 500);
    tlm_event_notify(self->k, &self->ev[2], 100);
    tlm_event_notify(self->k, &self->ev[1], 5);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 2u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {1, 2};
    const tlm_time times[] = {5, 100};
    expect_order(self, ids, times, 2);
    /* Nothing left at 500: the old position was removed, not duplicated. */
    EXPECT_EQ(tlm_kernel_now(self->k), 100u);
}

TEST_F(KernelTest, CancelRemovesPendingEvent)
{
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 20);
    tlm_event_notify(self->k, &self->ev[3], 30);
    tlm_event_cancel(self->k, &self->ev[2]);
    EXPECT_FALSE(tlm_event_pending(&self->ev[2]));
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 2u);
    /* Cancelling again, or cancelling an event never notified, changes nothing. */
    tlm_event_cancel(self->k, &self->ev[2]);
    tlm_event_cancel(self->k, &self->ev[4]);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 2u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {1, 3};
    expect_order(self, ids, NULL, 2);
    EXPECT_EQ(tlm_kernel_now(self->k), 30u);
    /* A cancelled event can be notified again. */
    tlm_event_notify(self->k, &self->ev[2], 1);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, 3u);
    EXPECT_EQ(self->order[2], 2);
    EXPECT_EQ(self->at[2], 31u);
}

/* Cancelling the root of the queue and events in its middle must keep the heap ordered. */
TEST_F(KernelTest, CancelManyKeepsOrder)
{
    for (int i = 0; i < MAX_EVENTS; ++i)
        tlm_event_notify(self->k, &self->ev[i], (tlm_time)((i * 7) % MAX_EVENTS) + 1);
    for (int i = 0; i < MAX_EVENTS; i += 3)
        tlm_event_cancel(self->k, &self->ev[i]);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    size_t expected_count = 0;
    for (int i = 0; i < MAX_EVENTS; ++i)
        expected_count += i % 3 != 0;
    ASSERT_EQ(self->n, expected_count);
    for (size_t i = 1; i < self->n; ++i)
        EXPECT_LT(self->at[i - 1], self->at[i]);
    for (size_t i = 0; i < self->n; ++i) {
        EXPECT_NE(self->order[i] % 3, 0);
        EXPECT_EQ(self->at[i], (tlm_time)((self->order[i] * 7) % MAX_EVENTS) + 1);
    }
}

static void cancel_ev2_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    tlm_event_cancel(g->test->k, &g->test->ev[2]);
}

TEST_F(KernelTest, CancelFromInsideAnEventAtTheSameTime)
{
    tlm_event_init(&self->ev[1], "canceller", cancel_ev2_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 10);
    tlm_event_notify(self->k, &self->ev[3], 10);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {1, 3};
    expect_order(self, ids, NULL, 2);
}

TEST_F(KernelTest, NowAdvancesToEventTimeInsideCallbacks)
{
    tlm_event_notify(self->k, &self->ev[1], 1234);
    tlm_event_notify(self->k, &self->ev[2], 7 * TLM_US);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10 * TLM_US), TLM_RUN_TIME_REACHED);
    const int ids[] = {1, 2};
    const tlm_time times[] = {1234, 7 * TLM_US};
    expect_order(self, ids, times, 2);
}

static void in_event_probe_fn(void *context)
{
    tag *g = context;
    g->test->in_event_seen = tlm_kernel_in_event(g->test->k);
}

TEST_F(KernelTest, InEventIsTrueOnlyInsideCallbacks)
{
    tlm_event_init(&self->ev[1], "probe", in_event_probe_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 1);
    EXPECT_FALSE(tlm_kernel_in_event(self->k));
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_TRUE(self->in_event_seen);
    EXPECT_FALSE(tlm_kernel_in_event(self->k));
}

TEST_F(KernelTest, RunForIsInclusiveOfEndTimeAndSetsNow)
{
    tlm_event_notify(self->k, &self->ev[1], 100);
    tlm_event_notify(self->k, &self->ev[2], 200);
    tlm_event_notify(self->k, &self->ev[3], 201);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 200), TLM_RUN_TIME_REACHED);
    const int ids[] = {1, 2};
    const tlm_time times[] = {100, 200};
    expect_order(self, ids, times, 2);
    EXPECT_EQ(tlm_kernel_now(self->k), 200u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[3]));

    EXPECT_EQ(tlm_kernel_run_for(self->k, 1), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(self->n, 3u);
    EXPECT_EQ(self->at[2], 201u);
    EXPECT_EQ(tlm_kernel_now(self->k), 201u);
}

TEST_F(KernelTest, RunForIsRelativeToCurrentTime)
{
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 1000u);
    tlm_event_notify(self->k, &self->ev[1], 50);
    tlm_event_notify(self->k, &self->ev[2], 51);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 50), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 1050u);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->at[0], 1050u);
    /* With nothing due, time still moves to exactly now + duration. */
    tlm_event_cancel(self->k, &self->ev[2]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 3 * TLM_NS), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 4050u);
}

TEST_F(KernelTest, RunForZeroRunsEventsDueNow)
{
    tlm_event_notify(self->k, &self->ev[1], 0);
    tlm_event_notify(self->k, &self->ev[2], 1);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 0), TLM_RUN_TIME_REACHED);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->order[0], 1);
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
}

/* Zero-delay notifications from inside an event run at the same time, after everything
 * already scheduled there. */
static void chain_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    if (g->id == 1)
        tlm_event_notify(g->test->k, &g->test->ev[5], 0);
}

TEST_F(KernelTest, ZeroDelayFromInsideEventRunsAfterExistingTies)
{
    tlm_event_init(&self->ev[1], "chain", chain_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 10);
    tlm_event_notify(self->k, &self->ev[3], 11);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {1, 2, 5, 3};
    const tlm_time times[] = {10, 10, 10, 11};
    expect_order(self, ids, times, 4);
}

TEST_F(KernelTest, RunUntilIdleStopsAtLastEventTime)
{
    tlm_event_notify(self->k, &self->ev[1], 10 * TLM_NS);
    tlm_event_notify(self->k, &self->ev[2], 500 * TLM_NS);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 500 * TLM_NS);
    EXPECT_EQ(self->n, 2u);
}

TEST_F(KernelTest, RunUntilIdleWithNothingPendingLeavesTimeUnchanged)
{
    EXPECT_EQ(tlm_kernel_run_for(self->k, 777), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 777u);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 0u);
}

/* "never past now + max_duration": an event exactly at the bound is not past it. */
TEST_F(KernelTest, RunUntilIdleRunsEventExactlyAtBound)
{
    tlm_event_notify(self->k, &self->ev[1], 1000);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, 1000), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, 1u);
    EXPECT_EQ(tlm_kernel_now(self->k), 1000u);
}

TEST_F(KernelTest, RunUntilIdleLeavesEventsBeyondBoundPending)
{
    tlm_event_notify(self->k, &self->ev[1], 100);
    tlm_event_notify(self->k, &self->ev[2], 1001);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, 1000), TLM_RUN_BOUND_HIT);
    EXPECT_EQ(tlm_kernel_now(self->k), 1000u);
    EXPECT_EQ(self->n, 1u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[2]));
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 1u);
    /* The work is still there for the next run. */
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, 1000), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 1001u);
    EXPECT_EQ(self->n, 2u);
}

static void forever_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    tlm_event_notify(g->test->k, &g->test->ev[g->id], g->test->reschedule_delay);
}

TEST_F(KernelTest, RunUntilIdleBoundStopsEndlessModel)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 7 * TLM_NS), TLM_RUN_TIME_REACHED);
    const tlm_time start = tlm_kernel_now(self->k);
    self->reschedule_delay = 10 * TLM_NS;
    tlm_event_init(&self->ev[1], "forever", forever_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10 * TLM_NS);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_US), TLM_RUN_BOUND_HIT);
    EXPECT_EQ(tlm_kernel_now(self->k), start + TLM_US);
    /* Events at start + 10 ns .. start + 1000 ns ran; the bound is inclusive like run_for. */
    EXPECT_EQ(self->n, 100u);
    EXPECT_EQ(self->at[self->n - 1], start + TLM_US);
    EXPECT_TRUE(tlm_event_pending(&self->ev[1]));
    EXPECT_EQ(self->ev[1].time, start + TLM_US + 10 * TLM_NS);
}

TEST_F(KernelTest, RunUntilIdleHugeBoundDoesNotOverflow)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 5), TLM_RUN_TIME_REACHED);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_TIME_MAX), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 15u);
    EXPECT_EQ(self->n, 1u);
}

TEST_F(KernelTest, ZeroDelayLoopHitsDeltaLimitAndLogsError)
{
    tlm_logger *logger = tlm_kernel_logger(self->k);
    tt_capture capture;
    ASSERT_TRUE(tt_capture_open(&capture));
    tlm_logger_set_sink(logger, capture.stream);
    const uint64_t errors_before = tlm_logger_count(logger, TLM_LOG_ERROR);

    tlm_kernel_set_delta_limit(self->k, 50);
    ASSERT_EQ(tlm_kernel_run_for(self->k, 30), TLM_RUN_TIME_REACHED);
    self->reschedule_delay = 0;
    tlm_event_init(&self->ev[1], "spin", forever_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_DELTA_LIMIT);
    /* It gives up at the looping time instead of jumping to the bound. */
    EXPECT_EQ(tlm_kernel_now(self->k), 40u);
    EXPECT_EQ(self->n, 50u);
    EXPECT_EQ(tlm_logger_count(logger, TLM_LOG_ERROR), errors_before + 1);
    EXPECT_GT(strlen(tt_capture_text(&capture)), 0u);

    tlm_logger_set_sink(logger, stderr);
    tt_capture_close(&capture);
}

TEST_F(KernelTest, DeltaLimitAlsoEndsRunFor)
{
    tlm_kernel_set_delta_limit(self->k, 20);
    self->reschedule_delay = 0;
    tlm_event_init(&self->ev[1], "spin", forever_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 5);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 100), TLM_RUN_DELTA_LIMIT);
    EXPECT_EQ(self->n, 20u);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(self->k), TLM_LOG_ERROR), 1u);
}

/* The limit is the most events allowed at one time: exactly that many is fine, one more
 * is a loop. */
TEST_F(KernelTest, DeltaLimitIsExactCountPerTime)
{
    tlm_kernel_set_delta_limit(self->k, 10);
    for (int i = 0; i < 10; ++i)
        tlm_event_notify(self->k, &self->ev[i], 100);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, 10u);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(self->k), TLM_LOG_ERROR), 0u);

    self->n = 0;
    for (int i = 0; i < 11; ++i)
        tlm_event_notify(self->k, &self->ev[i], 100);
    tlm_event_notify(self->k, &self->ev[11], 150);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_DELTA_LIMIT);
    EXPECT_EQ(self->n, 10u);
    EXPECT_EQ(tlm_kernel_now(self->k), 200u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[11]));
}

/* The limit counts events at one time, not events per run. */
TEST_F(KernelTest, DeltaLimitResetsWhenTimeAdvances)
{
    tlm_kernel_set_delta_limit(self->k, 4);
    for (int i = 0; i < MAX_EVENTS; ++i)
        tlm_event_notify(self->k, &self->ev[i], (tlm_time)(i / 4) * 10 + 10);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, (size_t)MAX_EVENTS);
    EXPECT_EQ(tlm_kernel_now(self->k), 40u);
}

static void stop_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    tlm_kernel_stop(g->test->k);
}

TEST_F(KernelTest, StopEndsRunAfterCurrentEvent)
{
    tlm_event_init(&self->ev[1], "stopper", stop_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 10);
    tlm_event_notify(self->k, &self->ev[3], 20);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_STOPPED);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(tlm_kernel_now(self->k), 10u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[2]));
    /* The stop request belongs to that run only; the next run carries on. */
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const int ids[] = {1, 2, 3};
    const tlm_time times[] = {10, 10, 20};
    expect_order(self, ids, times, 3);
}

TEST_F(KernelTest, StopEndsRunForWithoutAdvancingToTheEnd)
{
    tlm_event_init(&self->ev[1], "stopper", stop_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 30);
    tlm_event_notify(self->k, &self->ev[2], 40);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 100), TLM_RUN_STOPPED);
    EXPECT_EQ(tlm_kernel_now(self->k), 30u);
    EXPECT_EQ(self->n, 1u);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 70), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 100u);
    EXPECT_EQ(self->n, 2u);
}

static void reenter_fn(void *context)
{
    tag *g = context;
    KernelTest *t = g->test;
    record(t, g->id);
    tlm_run_status a = tlm_kernel_run_for(t->k, 1000);
    tlm_run_status b = tlm_kernel_run_until_idle(t->k, 1000);
    t->last_run_status = (a == TLM_RUN_REENTERED && b == TLM_RUN_REENTERED) ? 1 : -1;
    /* The refused runs must not have moved time or run anything. */
    record(t, tlm_kernel_now(t->k) == 10 ? 100 : -100);
}

TEST_F(KernelTest, RunFromInsideEventIsRefused)
{
    tlm_event_init(&self->ev[1], "reenter", reenter_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 20);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->last_run_status, 1);
    const int ids[] = {1, 100, 2};
    const tlm_time times[] = {10, 10, 20};
    expect_order(self, ids, times, 3);
    EXPECT_EQ(tlm_kernel_now(self->k), 20u);
}

static void background_tick_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    tlm_event_notify(g->test->k, &g->test->ev[g->id], 10);
}

TEST_F(KernelTest, BackgroundEventsAloneAreIdle)
{
    tlm_event_init(&self->ev[1], "tick", background_tick_fn, &self->tags[1]);
    tlm_event_set_background(&self->ev[1], true);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 0u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 0u);
}

TEST_F(KernelTest, BackgroundEventsRunUntilLastForegroundEvent)
{
    tlm_event_init(&self->ev[1], "tick", background_tick_fn, &self->tags[1]);
    tlm_event_set_background(&self->ev[1], true);
    tlm_event_notify(self->k, &self->ev[1], 10);
    tlm_event_notify(self->k, &self->ev[2], 55);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 1u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 55u);
    const int ids[] = {1, 1, 1, 1, 1, 2};
    const tlm_time times[] = {10, 20, 30, 40, 50, 55};
    expect_order(self, ids, times, 6);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 6u);
    EXPECT_TRUE(tlm_event_pending(&self->ev[1]));
}

TEST_F(KernelTest, BackgroundEventsRunDuringRunFor)
{
    tlm_event_init(&self->ev[1], "tick", background_tick_fn, &self->tags[1]);
    tlm_event_set_background(&self->ev[1], true);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 35), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(self->n, 3u);
    EXPECT_EQ(tlm_kernel_now(self->k), 35u);
}

/* Turning background off again makes the event count as work. */
TEST_F(KernelTest, BackgroundFlagCanBeCleared)
{
    tlm_event_set_background(&self->ev[1], true);
    tlm_event_set_background(&self->ev[1], false);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 1u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, 1u);
    EXPECT_EQ(tlm_kernel_now(self->k), 10u);
}

TEST_F(KernelTest, ScheduleRunsOneShotOnceAsForegroundWork)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 100), TLM_RUN_TIME_REACHED);
    tlm_kernel_schedule(self->k, 30, schedule_record_fn, &self->tags[3]);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 1u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->order[0], 3);
    EXPECT_EQ(self->at[0], 130u);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 0u);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(self->n, 1u);
}

static void schedule_more_fn(void *context)
{
    tag *g = context;
    record(g->test, g->id);
    if (g->id < 9)
        tlm_kernel_schedule(g->test->k, 5, schedule_more_fn, &g->test->tags[g->id + 1]);
}

TEST_F(KernelTest, ScheduleFromInsideOneShots)
{
    tlm_kernel_schedule(self->k, 5, schedule_more_fn, &self->tags[0]);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    ASSERT_EQ(self->n, 10u);
    for (size_t i = 0; i < 10; ++i) {
        EXPECT_EQ(self->order[i], (int)i);
        EXPECT_EQ(self->at[i], 5 * (tlm_time)(i + 1));
    }
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 10u);
}

/* One-shots that never ran are the kernel's to free (checked by the sanitizer build). */
TEST_F(KernelTest, DestroyWithPendingOneShotsAndEvents)
{
    for (int i = 0; i < 100; ++i)
        tlm_kernel_schedule(self->k, (tlm_time)i + 1000, schedule_record_fn, &self->tags[0]);
    tlm_event_notify(self->k, &self->ev[1], 10);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 101u);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(self->n, 1u);
}

TEST_F(KernelTest, EventsExecutedCountsEveryCallback)
{
    for (int i = 0; i < 5; ++i)
        tlm_event_notify(self->k, &self->ev[i], (tlm_time)i * 3);
    tlm_kernel_schedule(self->k, 2, schedule_record_fn, &self->tags[9]);
    tlm_event_cancel(self->k, &self->ev[4]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 6), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 4u); /* 0, 2 (one-shot), 3, 6 */
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 5u);
}

/* Log lines from the kernel's logger carry the kernel's time. */
static void log_fn(void *context)
{
    tag *g = context;
    tlm_log_block *block = tlm_logger_block(tlm_kernel_logger(g->test->k), "probe");
    tlm_log_error(block, "hello from an event");
}

TEST_F(KernelTest, KernelLoggerIsStampedWithKernelTime)
{
    tlm_logger *logger = tlm_kernel_logger(self->k);
    tt_capture capture;
    ASSERT_TRUE(tt_capture_open(&capture));
    tlm_logger_set_sink(logger, capture.stream);
    tlm_event_init(&self->ev[1], "log", log_fn, &self->tags[1]);
    tlm_event_notify(self->k, &self->ev[1], 12500);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    const char *text = tt_capture_text(&capture);
    EXPECT_TRUE(strstr(text, "12.500 ns") != NULL);
    EXPECT_TRUE(strstr(text, "hello from an event") != NULL);
    tlm_logger_set_sink(logger, stderr);
    tt_capture_close(&capture);
}

TEST(TlmKernelNames, RunStatusNamesAreDistinct)
{
    const tlm_run_status all[] = {TLM_RUN_TIME_REACHED, TLM_RUN_IDLE, TLM_RUN_BOUND_HIT,
                                  TLM_RUN_DELTA_LIMIT, TLM_RUN_STOPPED, TLM_RUN_REENTERED};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
        const char *name = tlm_run_status_name(all[i]);
        ASSERT_TRUE(name != NULL);
        EXPECT_GT(strlen(name), 0u);
        for (size_t j = 0; j < i; ++j)
            EXPECT_STRNE(name, tlm_run_status_name(all[j]));
    }
}

/* Thousands of events at pseudo-random times (many ties, many moved or cancelled, some added
 * from inside events) must come out in exactly (time, last-notify order). */
#define RANDOM_EVENTS 4000

typedef struct RandomKernelTest RandomKernelTest;
typedef struct random_item {
    RandomKernelTest *test;
    tlm_event event;
    tlm_time expected_time;
    uint64_t expected_sequence; /* the test's own notify counter at the last notify */
    bool expected_pending;
    int index;
} random_item;

typedef struct random_run {
    int index;
    tlm_time now;
    tlm_time expected_time;
    uint64_t expected_sequence;
    bool was_expected;
} random_run;

struct RandomKernelTest {
    tlm_kernel *k;
    random_item *items;
    random_run *runs;
    size_t run_count;
    uint64_t sequence;
    tt_rng rng;
};

static void random_notify(RandomKernelTest *t, int index, tlm_time delay)
{
    random_item *item = &t->items[index];
    tlm_event_notify(t->k, &item->event, delay);
    item->expected_time = tlm_kernel_now(t->k) + delay;
    item->expected_sequence = t->sequence++;
    item->expected_pending = true;
}

static void random_fn(void *context)
{
    random_item *item = context;
    RandomKernelTest *t = item->test;
    if (t->run_count < 4 * RANDOM_EVENTS) {
        random_run *run = &t->runs[t->run_count++];
        run->index = item->index;
        run->now = tlm_kernel_now(t->k);
        run->expected_time = item->expected_time;
        run->expected_sequence = item->expected_sequence;
        run->was_expected = item->expected_pending;
    }
    item->expected_pending = false;
    /* The first quarter of the items re-arm an item of the second half, so events are also
     * inserted mid-run, some at the current time. */
    if (item->index < RANDOM_EVENTS / 4)
        random_notify(t, RANDOM_EVENTS / 2 + item->index, tt_rng_below(&t->rng, 64) * 10);
}

static void RandomKernelTest_SetUp(RandomKernelTest *self)
{
    self->k = tlm_kernel_create();
    self->items = calloc(RANDOM_EVENTS, sizeof *self->items);
    self->runs = calloc(4 * RANDOM_EVENTS, sizeof *self->runs);
    self->rng.state = 0x9E3779B97F4A7C15ull;
    if (!self->items)
        return;
    for (int i = 0; i < RANDOM_EVENTS; ++i) {
        self->items[i].test = self;
        self->items[i].index = i;
        tlm_event_init(&self->items[i].event, "random", random_fn, &self->items[i]);
    }
}

static void RandomKernelTest_TearDown(RandomKernelTest *self)
{
    tlm_kernel_destroy(self->k);
    free(self->items);
    free(self->runs);
}

static void random_mix(RandomKernelTest *self, int first, int count, uint32_t slots, tlm_time step)
{
    for (int i = first; i < first + count; ++i)
        random_notify(self, i, tt_rng_below(&self->rng, slots) * step);
    for (int round = 0; round < count; ++round) {
        int i = first + (int)tt_rng_below(&self->rng, (uint32_t)count);
        if (tt_rng_below(&self->rng, 4) == 0) {
            tlm_event_cancel(self->k, &self->items[i].event);
            self->items[i].expected_pending = false;
        } else {
            random_notify(self, i, tt_rng_below(&self->rng, slots) * step);
        }
    }
}

TEST_F(RandomKernelTest, RandomTimesWithMidRunInsertionsComeOutSorted)
{
    ASSERT_TRUE(self->items != NULL && self->runs != NULL);
    /* Times in a narrow range so that ties are common. */
    random_mix(self, 0, RANDOM_EVENTS / 2, 500, 10);
    ASSERT_EQ(tlm_kernel_run_for(self->k, 2500), TLM_RUN_TIME_REACHED);
    const size_t first_phase = self->run_count;
    ASSERT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_GT(first_phase, 100u);
    EXPECT_GT(self->run_count, first_phase);

    size_t unexpected = 0, wrong_time = 0, out_of_order = 0;
    for (size_t i = 0; i < self->run_count; ++i) {
        const random_run *run = &self->runs[i];
        unexpected += !run->was_expected;
        wrong_time += run->now != run->expected_time;
        if (i > 0) {
            const random_run *before = &self->runs[i - 1];
            out_of_order += before->now > run->now ||
                            (before->now == run->now && before->expected_sequence > run->expected_sequence);
        }
        if (i < first_phase)
            wrong_time += run->now > 2500;
    }
    EXPECT_EQ(unexpected, 0u);
    EXPECT_EQ(wrong_time, 0u);
    EXPECT_EQ(out_of_order, 0u);
    /* Every event the test expected to fire did fire: none lost, none left behind. */
    size_t still_expected = 0;
    for (int i = 0; i < RANDOM_EVENTS; ++i)
        still_expected += self->items[i].expected_pending || tlm_event_pending(&self->items[i].event);
    EXPECT_EQ(still_expected, 0u);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), (uint64_t)self->run_count);
}

static RandomKernelTest *sort_subject;

static int compare_expected(const void *a, const void *b)
{
    const random_item *x = &sort_subject->items[*(const int *)a];
    const random_item *y = &sort_subject->items[*(const int *)b];
    if (x->expected_time != y->expected_time)
        return x->expected_time < y->expected_time ? -1 : 1;
    return x->expected_sequence < y->expected_sequence ? -1 : x->expected_sequence > y->expected_sequence;
}

/* Without re-arming the exact expected order is computable by sorting. */
TEST_F(RandomKernelTest, RandomScheduleMatchesReferenceOrder)
{
    ASSERT_TRUE(self->items != NULL && self->runs != NULL);
    const int first = RANDOM_EVENTS / 2; /* items below RANDOM_EVENTS/4 would re-arm others */
    const int count = RANDOM_EVENTS / 2;
    random_mix(self, first, count, 300, 7);

    static int expected[RANDOM_EVENTS];
    size_t expected_count = 0;
    for (int i = first; i < first + count; ++i)
        if (self->items[i].expected_pending)
            expected[expected_count++] = i;
    sort_subject = self;
    qsort(expected, expected_count, sizeof expected[0], compare_expected);

    ASSERT_EQ(tlm_kernel_pending_foreground(self->k), (uint64_t)expected_count);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    ASSERT_EQ(self->run_count, expected_count);
    size_t mismatches = 0;
    for (size_t i = 0; i < expected_count; ++i)
        mismatches += self->runs[i].index != expected[i];
    EXPECT_EQ(mismatches, 0u);
    EXPECT_EQ(tlm_kernel_now(self->k), self->items[expected[expected_count - 1]].expected_time);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), (uint64_t)expected_count);
}
