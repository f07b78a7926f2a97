/* The AXI4 transactors put the port's pins on the waveform timeline when the kernel traces:
 * rows named as the RTL's ports, one value per cycle stamped at the cycle's start, and the
 * handshakes they show are the transfers that happened. A capture sink records the rows. */
#include <stdlib.h>
#include <string.h>

#include "axi4_mem_rtl.h"
#include "axi4_tgen_rtl.h"
#include "cosim_axi4_master.h"
#include "cosim_axi4_slave.h"
#include "tb_test.h"

#define MAX_ROWS 64u
#define MAX_CHANGES 200000u

/* One recorded change. */
typedef struct change {
    tlm_trace_id id; /* row */
    tlm_time at;     /* stamp */
    uint64_t value;  /* value */
} change;

/* A sink that keeps row names and every change. */
typedef struct capture {
    char names[MAX_ROWS][64]; /* "scope.name" of each row, by id */
    uint32_t rows;            /* rows declared */
    change *changes;          /* changes in call order */
    uint32_t count;           /* entries of changes */
    tlm_time lookback;        /* the largest lookback declared */
} capture;

static tlm_trace_id capture_declare(void *sink, const tlm_trace_row *row)
{
    capture *c = sink;
    if (c->rows + 1 >= MAX_ROWS)
        return TLM_TRACE_NONE;
    c->rows++;
    snprintf(c->names[c->rows], sizeof c->names[c->rows], "%s.%s", row->scope, row->name);
    return c->rows;
}

static void capture_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    (void)now;
    capture *c = sink;
    if (c->count < MAX_CHANGES)
        c->changes[c->count++] = (change){ id, at, value };
}

static void capture_lookback(void *sink, tlm_time lookback)
{
    capture *c = sink;
    if (lookback > c->lookback)
        c->lookback = lookback;
}

static const tlm_trace_ops capture_ops = {
    .declare = capture_declare, .change = capture_change, .lookback = capture_lookback,
};

static tlm_trace_id row(const capture *c, const char *name)
{
    for (uint32_t id = 1; id <= c->rows; id++)
        if (strcmp(c->names[id], name) == 0)
            return id;
    ADD_FAILURE("no row %s", name);
    return TLM_TRACE_NONE;
}

/* Cycles whose `valid` and `ready` rows are both 1 at the same stamp. */
static uint64_t handshakes(const capture *c, tlm_trace_id valid, tlm_trace_id ready)
{
    uint64_t count = 0;
    for (uint32_t i = 0; i < c->count; i++) {
        if (c->changes[i].id != valid || c->changes[i].value != 1)
            continue;
        for (uint32_t j = i + 1; j < c->count && c->changes[j].at == c->changes[i].at; j++)
            if (c->changes[j].id == ready) {
                count += c->changes[j].value == 1;
                break;
            }
    }
    return count;
}

/* A kernel tracing into a capture sink, with a 1 GHz clock. */
typedef struct traced {
    capture cap;       /* the sink */
    tlm_tracer tracer; /* installed on the kernel */
    tlm_kernel *kernel; /* time base */
    tlm_clock clock;   /* the RTL clock */
} traced;

static void traced_open(traced *t)
{
    t->cap = (capture){ .changes = calloc(MAX_CHANGES, sizeof(change)) };
    t->tracer = (tlm_tracer){ &capture_ops, &t->cap };
    t->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(t->kernel), TLM_LOG_LEVEL_COUNT);
    tlm_kernel_set_tracer(t->kernel, &t->tracer);
    tlm_clock_init(&t->clock, t->kernel, "clk", TLM_NS, TLM_NS);
}

static void traced_close(traced *t)
{
    tlm_clock_destroy(&t->clock);
    tlm_kernel_destroy(t->kernel);
    free(t->cap.changes);
}

TEST(Axi4Trace, RtlSlaveTransactorTracesTheMasterPortsPins)
{
    static traced t;
    traced_open(&t);
    tlm_kernel *kernel = t.kernel;
    tlm_clock *clock = &t.clock;
    capture *cap = &t.cap;
    tlm_memory *memory = tlm_memory_create(kernel, "mem", 1u << 16);
    axi4_tgen_rtl *rtl = axi4_tgen_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_tgen_rtl_reset(rtl, 2);
    cosim_axi4_slave_config config = {
        .name = "axi4_slave", .kernel = kernel, .clock = clock, .rtl = rtl, .cycle = axi4_tgen_rtl_cycle,
        .target = tlm_memory_target(memory),
    };
    cosim_axi4_delay_all(config.delay, COSIM_AXI4_DELAY_RANDOM, 2, tb_test_seed(3));
    cosim_axi4_slave *slave = cosim_axi4_slave_create(&config);
    axi4_tgen_command write = { true, 1, 0x100, 7, 3, COSIM_AXI4_BURST_INCR, 5, 0xFF };
    axi4_tgen_command read = { false, 2, 0x100, 7, 3, COSIM_AXI4_BURST_INCR, 0, 0 };
    axi4_tgen_rtl_push(rtl, &write);
    axi4_tgen_rtl_push(rtl, &read);
    tlm_kernel_run_for(kernel, 200 * TLM_NS);
    cosim_axi4_slave_stats stats = cosim_axi4_slave_get_stats(slave);
    ASSERT_EQ(stats.read_beats, 8u);
    EXPECT_EQ(cap->lookback, TLM_NS);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_slave.m_axi_wvalid_o"), row(cap, "axi4_slave.m_axi_wready_i")), 8u);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_slave.m_axi_rvalid_i"), row(cap, "axi4_slave.m_axi_rready_o")), 8u);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_slave.m_axi_bvalid_i"), row(cap, "axi4_slave.m_axi_bready_o")), 1u);
    /* One clk_i rise per cycle, the first one a period before the first edge (time 0). */
    tlm_trace_id clk = row(cap, "axi4_slave.clk_i");
    uint64_t rises = 0;
    tlm_time first = TLM_TIME_MAX;
    for (uint32_t i = 0; i < cap->count; i++)
        if (cap->changes[i].id == clk && cap->changes[i].value == 1) {
            rises++;
            if (cap->changes[i].at < first)
                first = cap->changes[i].at;
        }
    EXPECT_EQ(rises, cosim_axi4_slave_cycles(slave));
    EXPECT_EQ(first, 0u);
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(rtl), 0u);
    cosim_axi4_slave_destroy(slave);
    axi4_tgen_rtl_destroy(rtl);
    tlm_memory_destroy(memory);
    traced_close(&t);
}

TEST(Axi4Trace, RtlMasterTransactorTracesTheSlavePortsPins)
{
    static traced t;
    traced_open(&t);
    tlm_kernel *kernel = t.kernel;
    tlm_clock *clock = &t.clock;
    capture *cap = &t.cap;
    axi4_mem_rtl *rtl = axi4_mem_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_mem_rtl_reset(rtl, 2);
    cosim_axi4_master_config config = {
        .name = "axi4_master", .kernel = kernel, .clock = clock, .rtl = rtl, .cycle = axi4_mem_rtl_cycle,
    };
    cosim_axi4_master *master = cosim_axi4_master_create(&config);
    uint8_t data[64];
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)i;
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, 0x200, data, sizeof data);
    tlm_time delay = 0;
    tlm_b_transport(cosim_axi4_master_target(master), &payload, &delay);
    ASSERT_EQ(payload.response, TLM_STATUS_OK);
    tlm_kernel_run_for(kernel, delay + 10 * TLM_NS);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_master.s_axi_awvalid_i"), row(cap, "axi4_master.s_axi_awready_o")), 1u);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_master.s_axi_wvalid_i"), row(cap, "axi4_master.s_axi_wready_o")), 8u);
    EXPECT_EQ(handshakes(cap, row(cap, "axi4_master.s_axi_bvalid_o"), row(cap, "axi4_master.s_axi_bready_i")), 1u);
    /* The last W beat's data row carries bytes 56..63 on lanes 0..7. */
    tlm_trace_id wdata = row(cap, "axi4_master.s_axi_wdata_i");
    bool seen = false;
    for (uint32_t i = 0; i < cap->count; i++)
        seen |= cap->changes[i].id == wdata && cap->changes[i].value == 0x3F3E3D3C3B3A3938ull;
    EXPECT_TRUE(seen);
    EXPECT_EQ(axi4_mem_rtl_assertion_failures(rtl), 0u);
    cosim_axi4_master_destroy(master);
    axi4_mem_rtl_destroy(rtl);
    traced_close(&t);
}
