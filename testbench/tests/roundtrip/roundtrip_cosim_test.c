/* Co-simulation mechanics around the round-trip block: the lockstep compare reports a
 * deliberately wrong model (value, response, signal) with the transaction and the time; the
 * AXI4-Lite transactor keeps the RTL on the kernel's clock (every edge exactly once, idle or
 * busy), annotates the cycles a transfer took, honours an incoming time offset and works
 * from inside events. */
#include <stdint.h>
#include <string.h>

#include "roundtrip.h"
#include "roundtrip_regs.h"
#include "cosim_lockstep.h"
#include "cosim_roundtrip_twin.h"
#include "tb_test.h"

#define PERIOD (1 * TLM_NS)

/* A wrapper around the model that corrupts it on purpose: the lockstep must notice. */
typedef struct faulty_model {
    tlm_target as_target;      /* what the lockstep sees as the reference */
    const tlm_target *model;   /* the real model */
    uint32_t flip_read_offset; /* reads of this offset come back with bit 0 flipped */
    bool answer_ok_everywhere; /* errors are turned into OK responses */
} faulty_model;

static void faulty_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    faulty_model *fault = self;
    tlm_b_transport(fault->model, payload, delay);
    if (payload->command == TLM_CMD_READ && payload->address == fault->flip_read_offset &&
        payload->response == TLM_STATUS_OK)
        payload->data[0] ^= 1u;
    if (fault->answer_ok_everywhere)
        payload->response = TLM_STATUS_OK;
}

typedef struct Cosim {
    tlm_kernel *kernel;         /* time base */
    tlm_clock clock;            /* RTL clock, 1 GHz */
    roundtrip *model;           /* C model */
    cosim_roundtrip_twin *twin;    /* RTL twin */
    faulty_model fault;         /* corrupting wrapper around the model */
    cosim_lockstep *lockstep;      /* compares fault (reference) against twin (DUT) */
    tlm_time last_delay;        /* delay annotated by the last event-issued access */
    uint32_t event_value;       /* value the event-issued access wrote */
} Cosim;

static void Cosim_SetUp(Cosim *self)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT);
    tlm_clock_init(&self->clock, self->kernel, "clk", PERIOD, PERIOD);
    self->model = roundtrip_create(self->kernel, "model");
    self->twin = cosim_roundtrip_twin_create(self->kernel, &self->clock, "rtl");
    self->fault = (faulty_model){
        .as_target = { .name = "faulty", .self = &self->fault, .b_transport = faulty_b_transport },
        .model = roundtrip_target(self->model),
        .flip_read_offset = UINT32_MAX,
    };
    self->lockstep = cosim_lockstep_create(self->kernel, "lockstep", &self->fault.as_target,
                                        cosim_roundtrip_twin_target(self->twin));
}

static void Cosim_TearDown(Cosim *self)
{
    EXPECT_EQ(cosim_roundtrip_twin_assertion_failures(self->twin), 0u);
    cosim_lockstep_destroy(self->lockstep);
    cosim_roundtrip_twin_destroy(self->twin);
    roundtrip_destroy(self->model);
    tlm_clock_destroy(&self->clock);
    tlm_kernel_destroy(self->kernel);
}

/* One access through `target` starting `delay` after now; returns the response and leaves
 * the annotated delay in *delay (time is not advanced). */
static tlm_status transfer(const tlm_target *target, tlm_cmd command, uint32_t offset, uint32_t *value,
                                    tlm_time *delay)
{
    tlm_payload payload = tlm_payload_make(command, offset, value, 4);
    tlm_b_transport(target, &payload, delay);
    return payload.response;
}

TEST_F(Cosim, LockstepReportsWrongReadValueWithTransactionAndTime)
{
    const tlm_target *bus = cosim_lockstep_target(self->lockstep);
    self->fault.flip_read_offset = ROUNDTRIP_SCRATCH_OFFSET;
    uint32_t value = 0x10;
    tlm_time delay = 0;
    ASSERT_EQ(transfer(bus, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay), TLM_STATUS_OK);
    tlm_kernel_run_for(self->kernel, delay);
    EXPECT_EQ(cosim_lockstep_mismatches(self->lockstep), 0u);
    tlm_time read_time = tlm_kernel_now(self->kernel);
    value = 0;
    delay = 0;
    ASSERT_EQ(transfer(bus, TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay), TLM_STATUS_OK);
    EXPECT_EQ(value, 0x10u); /* the initiator gets the RTL's answer */
    EXPECT_EQ(cosim_lockstep_mismatches(self->lockstep), 1u);
    const cosim_lockstep_mismatch *first = cosim_lockstep_first_mismatch(self->lockstep);
    ASSERT_TRUE(first != NULL);
    EXPECT_EQ(first->time, read_time);
    EXPECT_TRUE(strstr(first->description, "read data") != NULL);
    EXPECT_TRUE(strstr(first->description, "model 0x00000011, rtl 0x00000010") != NULL);
    EXPECT_TRUE(strstr(first->description, "read 0x00000004") != NULL);
    EXPECT_EQ(tlm_logger_count(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR), 1u);
}

TEST_F(Cosim, LockstepReportsResponseDivergence)
{
    self->fault.answer_ok_everywhere = true;
    uint32_t value = 0;
    tlm_time delay = 0;
    EXPECT_EQ(transfer(cosim_lockstep_target(self->lockstep), TLM_CMD_READ, 0x800, &value, &delay),
              TLM_STATUS_ADDRESS_ERROR);
    ASSERT_EQ(cosim_lockstep_mismatches(self->lockstep), 1u);
    EXPECT_TRUE(strstr(cosim_lockstep_first_mismatch(self->lockstep)->description,
                       "response: model OK, rtl ADDRESS_ERROR") != NULL);
}

TEST_F(Cosim, LockstepReportsSignalDivergence)
{
    tlm_signal stuck_low;
    tlm_signal_init(&stuck_low, "stuck", 1, 0);
    cosim_lockstep_compare_signal(self->lockstep, "irq", &stuck_low, cosim_roundtrip_twin_irq(self->twin));
    const tlm_target *bus = cosim_lockstep_target(self->lockstep);
    uint32_t value = 1;
    tlm_time delay = 0;
    ASSERT_EQ(transfer(bus, TLM_CMD_WRITE, ROUNDTRIP_INT_ENABLE_OFFSET, &value, &delay), TLM_STATUS_OK);
    EXPECT_EQ(cosim_lockstep_mismatches(self->lockstep), 0u);
    ASSERT_EQ(transfer(bus, TLM_CMD_WRITE, ROUNDTRIP_STATUS_SET_OFFSET, &value, &delay), TLM_STATUS_OK);
    EXPECT_EQ(cosim_lockstep_mismatches(self->lockstep), 1u);
    EXPECT_TRUE(strstr(cosim_lockstep_first_mismatch(self->lockstep)->description, "signal irq: model 0x0, rtl 0x1") !=
                NULL);
    EXPECT_EQ(cosim_lockstep_check_signals(self->lockstep), 1u);
    tlm_signal_destroy(&stuck_low);
}

TEST_F(Cosim, IdleClockStepsTheRtlOncePerEdge)
{
    EXPECT_EQ(cosim_roundtrip_twin_cycles(self->twin), 0u);
    tlm_kernel_run_for(self->kernel, 100 * PERIOD);
    EXPECT_EQ(tlm_clock_cycles(&self->clock), 100u);
    EXPECT_EQ(cosim_roundtrip_twin_cycles(self->twin), 100u);
}

TEST_F(Cosim, TransferCyclesAreAnnotatedAndNeverSteppedTwice)
{
    const tlm_target *rtl = cosim_roundtrip_twin_target(self->twin);
    for (uint32_t i = 0; i < 20; i++) {
        uint32_t value = 0xC0DE0000u + i;
        tlm_time delay = 0;
        tlm_time start = tlm_kernel_now(self->kernel);
        ASSERT_EQ(transfer(rtl, i % 2 ? TLM_CMD_READ : TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay),
                  TLM_STATUS_OK);
        if (i % 2)
            EXPECT_EQ(value, 0xC0DE0000u + i - 1);
        /* The transfer took whole cycles and at least the address and response cycles. */
        EXPECT_GE(delay, 2 * PERIOD);
        EXPECT_EQ((start + delay) % PERIOD, 0u);
        tlm_kernel_run_for(self->kernel, delay + 3 * PERIOD);
        /* Once the kernel has passed the RTL's time, both counted the same edges. */
        EXPECT_EQ(cosim_roundtrip_twin_cycles(self->twin), tlm_clock_cycles(&self->clock));
    }
}

TEST_F(Cosim, IncomingTimeOffsetDelaysTheTransfer)
{
    const tlm_target *rtl = cosim_roundtrip_twin_target(self->twin);
    uint32_t value = 5;
    tlm_time immediate = 0;
    ASSERT_EQ(transfer(rtl, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, &immediate), TLM_STATUS_OK);
    tlm_kernel_run_for(self->kernel, immediate);
    /* The same transfer asked for 50 ns later ends 50 ns later: idle cycles come first. */
    tlm_time offset = 50 * PERIOD;
    tlm_time delay = offset;
    uint64_t cycles_before = cosim_roundtrip_twin_cycles(self->twin);
    ASSERT_EQ(transfer(rtl, TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay), TLM_STATUS_OK);
    EXPECT_EQ(delay, offset + immediate);
    EXPECT_EQ(cosim_roundtrip_twin_cycles(self->twin) - cycles_before, 50u + immediate / PERIOD);
}

static void write_from_event(void *context)
{
    Cosim *self = context;
    uint32_t value = self->event_value;
    tlm_time delay = 0;
    transfer(cosim_roundtrip_twin_target(self->twin), TLM_CMD_WRITE, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay);
    self->last_delay = delay;
}

TEST_F(Cosim, TransfersWorkFromInsideEvents)
{
    self->event_value = 0x5EED5EEDu;
    tlm_kernel_schedule(self->kernel, 37 * PERIOD, write_from_event, self);
    EXPECT_EQ(tlm_kernel_run_until_idle(self->kernel, 1000 * PERIOD), TLM_RUN_IDLE);
    EXPECT_EQ(tlm_kernel_now(self->kernel), 37 * PERIOD);
    EXPECT_GE(self->last_delay, 2 * PERIOD);
    tlm_kernel_run_for(self->kernel, self->last_delay);
    uint32_t value = 0;
    tlm_time delay = 0;
    ASSERT_EQ(transfer(cosim_roundtrip_twin_target(self->twin), TLM_CMD_READ, ROUNDTRIP_SCRATCH_OFFSET, &value, &delay),
              TLM_STATUS_OK);
    EXPECT_EQ(value, 0x5EED5EEDu);
    tlm_kernel_run_for(self->kernel, delay);
    EXPECT_EQ(cosim_roundtrip_twin_cycles(self->twin), tlm_clock_cycles(&self->clock));
}

TEST_F(Cosim, ModelAndRtlAgreeOnRandomTraffic)
{
    /* Deterministic pseudo-random writes and reads over every register and some holes; the
     * lockstep must see no divergence (the reference here is the unmodified model). */
    const tlm_target *bus = cosim_lockstep_target(self->lockstep);
    cosim_lockstep_compare_signal(self->lockstep, "irq", roundtrip_irq(self->model), cosim_roundtrip_twin_irq(self->twin));
    uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 3000; i++) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        uint32_t offset = (uint32_t)((state >> 33) % 12) * 4; /* 0x00..0x2C: registers and holes */
        uint32_t value = (uint32_t)(state >> 7);
        if ((state >> 60) & 1)
            value &= 0x0000FFFFu | ((uint32_t)(state >> 40) << 16); /* exercise masked enables */
        tlm_time delay = 0;
        transfer(bus, (state >> 62) & 1 ? TLM_CMD_READ : TLM_CMD_WRITE, offset, &value, &delay);
        tlm_kernel_run_for(self->kernel, delay);
    }
    EXPECT_EQ(cosim_lockstep_transactions(self->lockstep), 3000u);
    EXPECT_EQ(cosim_lockstep_mismatches(self->lockstep), 0u);
}
