/* Level signals: width masking, change listeners (old/new values, order, unlisten) and the
 * change counter. */
#include <stdint.h>

#include "tb_test.h"
#include "tlm_signal.h"

#define MAX_CALLS 32

typedef struct SignalTest SignalTest;

typedef struct listener_tag {
    SignalTest *test;
    int id;
} listener_tag;

typedef struct change_record {
    int listener;
    tlm_signal *signal;
    uint64_t old_value;
    uint64_t new_value;
    uint64_t value_seen; /* tlm_signal_get() from inside the listener */
} change_record;

struct SignalTest {
    tlm_signal signal;
    change_record calls[MAX_CALLS];
    size_t n;
    listener_tag tags[4];
};

static void on_change(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    listener_tag *tag = context;
    SignalTest *t = tag->test;
    if (t->n < MAX_CALLS) {
        change_record *r = &t->calls[t->n];
        r->listener = tag->id;
        r->signal = signal;
        r->old_value = old_value;
        r->new_value = new_value;
        r->value_seen = tlm_signal_get(signal);
    }
    t->n++;
}

/* A second function so unlisten can be shown to match on the function as well. */
static void on_change_other(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    on_change(context, signal, old_value, new_value);
}

static void SignalTest_SetUp(SignalTest *self)
{
    for (int i = 0; i < 4; ++i) {
        self->tags[i].test = self;
        self->tags[i].id = i;
    }
}

static void SignalTest_TearDown(SignalTest *self)
{
    tlm_signal_destroy(&self->signal);
}

TEST_F(SignalTest, InitSetsFields)
{
    tlm_signal_init(&self->signal, "irq", 1, 0);
    EXPECT_STREQ(self->signal.name, "irq");
    EXPECT_EQ(self->signal.width, 1u);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0u);
    EXPECT_EQ(self->signal.changes, 0u);
}

TEST_F(SignalTest, InitialValueIsMasked)
{
    tlm_signal_init(&self->signal, "bus", 8, 0x1FFu);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0xFFu);
    EXPECT_EQ(self->signal.changes, 0u);
}

TEST_F(SignalTest, WidthIsClampedTo1Through64)
{
    tlm_signal_init(&self->signal, "narrow", 0, 3);
    EXPECT_EQ(self->signal.width, 1u);
    EXPECT_EQ(tlm_signal_get(&self->signal), 1u);
    tlm_signal_destroy(&self->signal);

    tlm_signal_init(&self->signal, "wide", 200, UINT64_MAX);
    EXPECT_EQ(self->signal.width, 64u);
    EXPECT_EQ(tlm_signal_get(&self->signal), UINT64_MAX);
}

TEST_F(SignalTest, SetIsMaskedToWidth)
{
    tlm_signal_init(&self->signal, "nibble", 4, 0);
    tlm_signal_set(&self->signal, 0x1F);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0xFu);
    tlm_signal_set(&self->signal, 0xF0);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0u);
}

TEST_F(SignalTest, FullWidthKeepsAllBits)
{
    tlm_signal_init(&self->signal, "w64", 64, 0);
    tlm_signal_set(&self->signal, 0x8000000000000001ull);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0x8000000000000001ull);
    tlm_signal_destroy(&self->signal);
    tlm_signal_init(&self->signal, "w63", 63, 0);
    tlm_signal_set(&self->signal, UINT64_MAX);
    EXPECT_EQ(tlm_signal_get(&self->signal), 0x7FFFFFFFFFFFFFFFull);
}

TEST_F(SignalTest, ListenerGetsOldAndNewValues)
{
    tlm_signal_init(&self->signal, "lvl", 8, 0x12);
    tlm_signal_listen(&self->signal, on_change, &self->tags[0]);
    tlm_signal_set(&self->signal, 0x34);
    tlm_signal_set(&self->signal, 0x1FF); /* masked to 0xFF */
    ASSERT_EQ(self->n, 2u);
    EXPECT_EQ(self->calls[0].signal, &self->signal);
    EXPECT_EQ(self->calls[0].old_value, 0x12u);
    EXPECT_EQ(self->calls[0].new_value, 0x34u);
    EXPECT_EQ(self->calls[1].old_value, 0x34u);
    EXPECT_EQ(self->calls[1].new_value, 0xFFu);
    /* Listeners see the signal already at its new level. */
    EXPECT_EQ(self->calls[0].value_seen, 0x34u);
    EXPECT_EQ(self->calls[1].value_seen, 0xFFu);
    EXPECT_EQ(self->signal.changes, 2u);
}

TEST_F(SignalTest, SameValueCallsNobody)
{
    tlm_signal_init(&self->signal, "lvl", 4, 3);
    tlm_signal_listen(&self->signal, on_change, &self->tags[0]);
    tlm_signal_set(&self->signal, 3);
    /* Differs before masking but not after: still no change. */
    tlm_signal_set(&self->signal, 0x13);
    EXPECT_EQ(self->n, 0u);
    EXPECT_EQ(self->signal.changes, 0u);
    tlm_signal_set(&self->signal, 2);
    tlm_signal_set(&self->signal, 2);
    EXPECT_EQ(self->n, 1u);
    EXPECT_EQ(self->signal.changes, 1u);
}

TEST_F(SignalTest, ListenersCalledInRegistrationOrder)
{
    tlm_signal_init(&self->signal, "irq", 1, 0);
    tlm_signal_listen(&self->signal, on_change, &self->tags[2]);
    tlm_signal_listen(&self->signal, on_change, &self->tags[0]);
    tlm_signal_listen(&self->signal, on_change_other, &self->tags[3]);
    tlm_signal_listen(&self->signal, on_change, &self->tags[1]);
    tlm_signal_set(&self->signal, 1);
    const int expected[] = {2, 0, 3, 1};
    ASSERT_EQ(self->n, 4u);
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(self->calls[i].listener, expected[i]);
        EXPECT_EQ(self->calls[i].old_value, 0u);
        EXPECT_EQ(self->calls[i].new_value, 1u);
    }
}

TEST_F(SignalTest, UnlistenRemovesOnlyThatFunctionAndContext)
{
    tlm_signal_init(&self->signal, "irq", 1, 0);
    tlm_signal_listen(&self->signal, on_change, &self->tags[0]);
    tlm_signal_listen(&self->signal, on_change, &self->tags[1]);
    tlm_signal_listen(&self->signal, on_change_other, &self->tags[2]);
    tlm_signal_unlisten(&self->signal, on_change, &self->tags[1]);
    /* Wrong pairings remove nothing. */
    tlm_signal_unlisten(&self->signal, on_change_other, &self->tags[0]);
    tlm_signal_unlisten(&self->signal, on_change, &self->tags[2]);
    tlm_signal_set(&self->signal, 1);
    ASSERT_EQ(self->n, 2u);
    EXPECT_EQ(self->calls[0].listener, 0);
    EXPECT_EQ(self->calls[1].listener, 2);

    tlm_signal_unlisten(&self->signal, on_change, &self->tags[0]);
    tlm_signal_unlisten(&self->signal, on_change_other, &self->tags[2]);
    tlm_signal_set(&self->signal, 0);
    EXPECT_EQ(self->n, 2u);
    EXPECT_EQ(self->signal.changes, 2u);
}

TEST_F(SignalTest, ChangesCountsEveryChange)
{
    tlm_signal_init(&self->signal, "cnt", 16, 0);
    for (uint64_t i = 1; i <= 100; ++i)
        tlm_signal_set(&self->signal, i & 1); /* 1,0,1,0,...: every set changes */
    EXPECT_EQ(self->signal.changes, 100u);
    for (int i = 0; i < 10; ++i)
        tlm_signal_set(&self->signal, 0);
    EXPECT_EQ(self->signal.changes, 100u);
    tlm_signal_set(&self->signal, 0xBEEF);
    EXPECT_EQ(self->signal.changes, 101u);
}
