/* Periodic clock: edge times, cycle numbering, background-ness, stop/start, listeners. */
#include <stdint.h>
#include <stdlib.h>

#include "tb_test.h"
#include "tlm_clock.h"

#define MAX_EDGES 128

typedef struct edge_record {
    char kind;      /* 'R' rising, 'F' falling */
    int listener;   /* which listener saw it */
    tlm_time at;
    uint64_t cycle;
    bool level;     /* clock->level as the listener saw it */
} edge_record;

typedef struct ClockTest ClockTest;

typedef struct listener_tag {
    ClockTest *test;
    int id;
} listener_tag;

struct ClockTest {
    tlm_kernel *k;
    tlm_clock clock;
    bool clock_live;
    edge_record edges[MAX_EDGES];
    size_t n;
    listener_tag tags[4];
};

static void push(ClockTest *t, char kind, int listener, tlm_clock *clock, uint64_t cycle)
{
    if (t->n < MAX_EDGES) {
        edge_record *r = &t->edges[t->n];
        r->kind = kind;
        r->listener = listener;
        r->at = tlm_kernel_now(t->k);
        r->cycle = cycle;
        r->level = clock->level;
    }
    t->n++;
}

static void on_rising(void *context, tlm_clock *clock, uint64_t cycle)
{
    listener_tag *tag = context;
    push(tag->test, 'R', tag->id, clock, cycle);
}

static void on_falling(void *context, tlm_clock *clock, uint64_t cycle)
{
    listener_tag *tag = context;
    push(tag->test, 'F', tag->id, clock, cycle);
}

static void ClockTest_SetUp(ClockTest *self)
{
    self->k = tlm_kernel_create();
    for (int i = 0; i < 4; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
    }
}

static void ClockTest_TearDown(ClockTest *self)
{
    if (self->clock_live)
        tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->k);
}

static void start_clock(ClockTest *self, tlm_time period, tlm_time first_edge_delay)
{
    tlm_clock_init(&self->clock, self->k, "clk", period, first_edge_delay);
    self->clock_live = true;
    tlm_clock_on_rising(&self->clock, on_rising, &self->tags[0]);
    tlm_clock_on_falling(&self->clock, on_falling, &self->tags[0]);
}

TEST_F(ClockTest, InitialState)
{
    start_clock(self, 1000, 300);
    EXPECT_EQ(self->clock.period, 1000u);
    EXPECT_TRUE(self->clock.running);
    EXPECT_FALSE(self->clock.level);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 0u);
    EXPECT_TRUE(tlm_event_pending(&self->clock.edge_event));
    EXPECT_EQ(self->clock.edge_event.time, 300u);
    EXPECT_EQ(tlm_kernel_pending_foreground(self->k), 0u);
}

TEST_F(ClockTest, EdgesAtFirstDelayPlusPeriodsAndHalfPeriodLater)
{
    start_clock(self, 1000, 300);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 3000), TLM_RUN_TIME_REACHED);
    const char kinds[] = {'R', 'F', 'R', 'F', 'R', 'F'};
    const tlm_time times[] = {300, 800, 1300, 1800, 2300, 2800};
    const uint64_t cycles[] = {1, 1, 2, 2, 3, 3};
    const bool levels[] = {true, false, true, false, true, false};
    ASSERT_EQ(self->n, 6u);
    for (size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(self->edges[i].kind, kinds[i]);
        EXPECT_EQ(self->edges[i].at, times[i]);
        EXPECT_EQ(self->edges[i].cycle, cycles[i]);
        EXPECT_EQ(self->edges[i].level, levels[i]);
    }
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 3u);
    EXPECT_FALSE(self->clock.level);
}

TEST_F(ClockTest, OddPeriodFallsHalfPeriodRoundedDown)
{
    start_clock(self, 1001, 0);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 2002), TLM_RUN_TIME_REACHED);
    const char kinds[] = {'R', 'F', 'R', 'F', 'R'};
    const tlm_time times[] = {0, 500, 1001, 1501, 2002};
    ASSERT_EQ(self->n, 5u);
    for (size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(self->edges[i].kind, kinds[i]);
        EXPECT_EQ(self->edges[i].at, times[i]);
    }
}

TEST_F(ClockTest, PeriodBelowTwoIsRaisedToTwo)
{
    start_clock(self, 1, 0);
    EXPECT_EQ(self->clock.period, 2u);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 5), TLM_RUN_TIME_REACHED);
    const char kinds[] = {'R', 'F', 'R', 'F', 'R', 'F'};
    const tlm_time times[] = {0, 1, 2, 3, 4, 5};
    ASSERT_EQ(self->n, 6u);
    for (size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(self->edges[i].kind, kinds[i]);
        EXPECT_EQ(self->edges[i].at, times[i]);
    }
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 3u);
}

TEST_F(ClockTest, PeriodZeroIsRaisedToTwo)
{
    start_clock(self, 0, 0);
    EXPECT_EQ(self->clock.period, 2u);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 6u);
}

TEST_F(ClockTest, FirstEdgeIsRelativeToCurrentTime)
{
    ASSERT_EQ(tlm_kernel_run_for(self->k, 5000), TLM_RUN_TIME_REACHED);
    start_clock(self, 1000, 100);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1100), TLM_RUN_TIME_REACHED);
    ASSERT_EQ(self->n, 3u);
    EXPECT_EQ(self->edges[0].at, 5100u);
    EXPECT_EQ(self->edges[1].at, 5600u);
    EXPECT_EQ(self->edges[2].at, 6100u);
}

TEST_F(ClockTest, AloneIsIdleImmediately)
{
    start_clock(self, 1000, 0);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 0u);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 0u);
    EXPECT_EQ(self->n, 0u);
}

TEST_F(ClockTest, RunForTenPeriodsGivesTenCycles)
{
    /* First edge one period in: edges at 1000 .. 10000, all inside the inclusive window. */
    start_clock(self, 1000, 1000);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10 * 1000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 10u);
    EXPECT_EQ(tlm_kernel_now(self->k), 10000u);
    EXPECT_TRUE(self->clock.level);
    /* Ten more periods: ten more cycles, exactly. */
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10 * 1000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 20u);
}

TEST_F(ClockTest, EdgeAtTimeZeroCountsInInclusiveWindow)
{
    start_clock(self, 1000, 0);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10 * 1000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 11u); /* 0, 1000, ..., 10000 */
    EXPECT_EQ(tlm_kernel_run_for(self->k, 0), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 11u);
}

static void foreground_fn(void *context)
{
    ClockTest *t = context;
    push(t, 'X', -1, &t->clock, 0);
}

TEST_F(ClockTest, ClockRunsUntilForegroundWorkIsDone)
{
    start_clock(self, 1000, 0);
    tlm_event work;
    tlm_event_init(&work, "work", foreground_fn, self);
    tlm_event_notify(self->k, &work, 4200);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->k, TLM_MS), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->k), 4200u);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 5u); /* 0, 1000, 2000, 3000, 4000 */
    ASSERT_GE(self->n, 1u);
    EXPECT_EQ(self->edges[self->n - 1].kind, 'X');
    EXPECT_TRUE(self->clock.level);
}

TEST_F(ClockTest, StopAndStart)
{
    start_clock(self, 1000, 0);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 2200), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 3u);
    tlm_clock_stop(&self->clock);
    EXPECT_FALSE(self->clock.running);
    EXPECT_FALSE(tlm_event_pending(&self->clock.edge_event));
    size_t edges_at_stop = self->n;
    EXPECT_EQ(tlm_kernel_run_for(self->k, 5000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_kernel_now(self->k), 7200u);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 3u);
    EXPECT_EQ(self->n, edges_at_stop);

    tlm_clock_start(&self->clock, 300);
    EXPECT_TRUE(self->clock.running);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1000), TLM_RUN_TIME_REACHED);
    ASSERT_EQ(self->n, edges_at_stop + 2);
    EXPECT_EQ(self->edges[edges_at_stop].kind, 'R');
    EXPECT_EQ(self->edges[edges_at_stop].at, 7500u);
    EXPECT_EQ(self->edges[edges_at_stop].cycle, 4u);
    EXPECT_EQ(self->edges[edges_at_stop + 1].kind, 'F');
    EXPECT_EQ(self->edges[edges_at_stop + 1].at, 8000u);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 300), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 5u);
    EXPECT_EQ(self->edges[self->n - 1].at, 8500u);
}

/* Stop while high (the falling edge pending): the falling edge must not fire later. */
TEST_F(ClockTest, StopBetweenRisingAndFalling)
{
    start_clock(self, 1000, 0);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 100), TLM_RUN_TIME_REACHED);
    tlm_clock_stop(&self->clock);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10000), TLM_RUN_TIME_REACHED);
    ASSERT_EQ(self->n, 1u);
    EXPECT_EQ(self->edges[0].kind, 'R');
}

TEST_F(ClockTest, ListenersCalledInRegistrationOrder)
{
    start_clock(self, 1000, 0); /* listener 0 on both edges */
    tlm_clock_on_rising(&self->clock, on_rising, &self->tags[1]);
    tlm_clock_on_rising(&self->clock, on_rising, &self->tags[2]);
    tlm_clock_on_falling(&self->clock, on_falling, &self->tags[3]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1000), TLM_RUN_TIME_REACHED);
    /* R@0: 0,1,2  F@500: 0,3  R@1000: 0,1,2 */
    const char kinds[] = {'R', 'R', 'R', 'F', 'F', 'R', 'R', 'R'};
    const int listeners[] = {0, 1, 2, 0, 3, 0, 1, 2};
    const uint64_t cycles[] = {1, 1, 1, 1, 1, 2, 2, 2};
    ASSERT_EQ(self->n, 8u);
    for (size_t i = 0; i < 8; ++i) {
        EXPECT_EQ(self->edges[i].kind, kinds[i]);
        EXPECT_EQ(self->edges[i].listener, listeners[i]);
        EXPECT_EQ(self->edges[i].cycle, cycles[i]);
    }
}

TEST_F(ClockTest, TwoClocksInterleaveByTime)
{
    start_clock(self, 1000, 0);
    tlm_clock fast;
    tlm_clock_init(&fast, self->k, "fast", 400, 0);
    tlm_clock_on_rising(&fast, on_rising, &self->tags[1]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1200), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 2u);
    EXPECT_EQ(tlm_clock_cycles(&fast), 4u); /* 0, 400, 800, 1200 */
    for (size_t i = 1; i < self->n; ++i)
        EXPECT_LE(self->edges[i - 1].at, self->edges[i].at);
    tlm_clock_destroy(&fast);
}

/* A destroyed clock must leave nothing in the kernel's queue (the sanitizer build catches
 * a kernel that still touches the freed edge event). */
TEST_F(ClockTest, DestroyRemovesPendingEdge)
{
    tlm_clock *clock = malloc(sizeof *clock);
    ASSERT_TRUE(clock != NULL);
    tlm_clock_init(clock, self->k, "heap", 1000, 0);
    tlm_clock_on_rising(clock, on_rising, &self->tags[0]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1500), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(self->n, 2u);
    uint64_t executed_before_destroy = tlm_kernel_events_executed(self->k);
    tlm_clock_destroy(clock);
    free(clock);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 5000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(self->n, 2u);
    /* Nothing of the destroyed clock runs any more (ASan would also catch a freed event). */
    EXPECT_EQ(tlm_kernel_events_executed(self->k), executed_before_destroy);
}

/* Without falling listeners a clock costs one kernel event per cycle: falling edges are only
 * scheduled for someone who listens (this halves the kernel's work for RTL clocks). */
TEST_F(ClockTest, NoFallingListenerMeansOneEventPerCycle)
{
    tlm_clock clock;
    tlm_clock_init(&clock, self->k, "rising_only", 1000, 1000);
    tlm_clock_on_rising(&clock, on_rising, &self->tags[0]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 10000), TLM_RUN_TIME_REACHED);
    EXPECT_EQ(tlm_clock_cycles(&clock), 10u);
    EXPECT_EQ(tlm_kernel_events_executed(self->k), 10u);
    EXPECT_EQ(tlm_clock_next_rising_edge(&clock), 11000u);
    /* A falling listener added now hears the falling edge of the next cycle. */
    tlm_clock_on_falling(&clock, on_falling, &self->tags[1]);
    EXPECT_EQ(tlm_kernel_run_for(self->k, 1500), TLM_RUN_TIME_REACHED);
    ASSERT_EQ(self->n, 12u);
    EXPECT_EQ(self->edges[10].kind, 'R');
    EXPECT_EQ(self->edges[10].at, 11000u);
    EXPECT_EQ(self->edges[11].kind, 'F');
    EXPECT_EQ(self->edges[11].at, 11500u);
    EXPECT_EQ(tlm_clock_next_rising_edge(&clock), 12000u);
    tlm_clock_destroy(&clock);
}
