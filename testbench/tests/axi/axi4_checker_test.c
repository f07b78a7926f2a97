/* The AXI4 protocol checker (rtl/axi/axi4_checker.sv) catches violations from either side:
 * an RTL master built with a planted bug (WLAST one beat early), and a C-side master that
 * drops AWVALID before AWREADY or issues an illegal WRAP length, each against the RTL memory
 * slave's checker. Each test expects the named assertion to fail. */
#include <string.h>

#include "axi4_mem_rtl.h"
#include "axi4_tgen_rtl.h"
#include "cosim_axi4_master.h"
#include "cosim_axi4_slave.h"
#include "tb_test.h"

TEST(Axi4Checker, PlantedBugEarlyWlastFromTheRtlMasterIsCaught)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    tlm_memory *memory = tlm_memory_create(kernel, "mem", 1u << 16);
    axi4_tgen_rtl *rtl = axi4_tgen_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_tgen_rtl_reset(rtl, 2);
    cosim_axi4_slave_config config = {
        .name = "axi4_slave", .kernel = kernel, .rtl = rtl, .cycle = axi4_tgen_rtl_cycle,
        .target = tlm_memory_target(memory),
    };
    cosim_axi4_slave *slave = cosim_axi4_slave_create(&config);
    /* A single-beat burst is fine even with the bug; a 4-beat one is not. */
    axi4_tgen_command single = { true, 1, 0x100, 0, 3, COSIM_AXI4_BURST_INCR, 9, 0xFF };
    axi4_tgen_rtl_push(rtl, &single);
    cosim_axi4_slave_run(slave, 50);
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(rtl), 0u);
    axi4_tgen_command burst = { true, 2, 0x200, 3, 3, COSIM_AXI4_BURST_INCR, 9, 0xFF };
    axi4_tgen_rtl_push(rtl, &burst);
    cosim_axi4_slave_run(slave, 50);
    EXPECT_GT(axi4_tgen_rtl_assertion_failures(rtl), 0u);
    EXPECT_TRUE(strstr(axi4_tgen_rtl_last_assertion(rtl), "a_w_last") != NULL);
    /* The transactor saw it too: the burst is answered SLVERR and counted. */
    EXPECT_GT(cosim_axi4_slave_get_stats(slave).protocol_errors, 0u);
    cosim_axi4_slave_destroy(slave);
    axi4_tgen_rtl_destroy(rtl);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
}

TEST(Axi4Checker, AwvalidDroppedBeforeAwreadyIsCaught)
{
    axi4_mem_rtl *rtl = axi4_mem_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_mem_rtl_reset(rtl, 2);
    cosim_axi4_request_pins in;
    cosim_axi4_response_pins out;
    memset(&in, 0, sizeof in);
    /* A write burst's address accepted; while its data is awaited AWREADY is low. */
    in.awvalid = true;
    in.awlen = 1;
    in.awsize = 3;
    in.awburst = COSIM_AXI4_BURST_INCR;
    axi4_mem_rtl_cycle(rtl, &in, &out);
    ASSERT_TRUE(out.awready);
    in.awaddr = 0x40; /* the second address offered ... */
    axi4_mem_rtl_cycle(rtl, &in, &out);
    ASSERT_FALSE(out.awready);
    EXPECT_EQ(axi4_mem_rtl_assertion_failures(rtl), 0u);
    in.awvalid = false; /* ... is withdrawn before AWREADY */
    axi4_mem_rtl_cycle(rtl, &in, &out);
    EXPECT_GT(axi4_mem_rtl_assertion_failures(rtl), 0u);
    EXPECT_TRUE(strstr(axi4_mem_rtl_last_assertion(rtl), "a_aw_stable") != NULL);
    axi4_mem_rtl_destroy(rtl);
}

TEST(Axi4Checker, IllegalWrapLengthFromTheCMasterIsCaught)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    axi4_mem_rtl *rtl = axi4_mem_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_mem_rtl_reset(rtl, 2);
    cosim_axi4_master_config config = {
        .name = "axi4_master", .kernel = kernel, .rtl = rtl, .cycle = axi4_mem_rtl_cycle,
    };
    cosim_axi4_master *master = cosim_axi4_master_create(&config);
    static cosim_axi4_burst b;
    b.shape = (cosim_axi4_burst_shape){ 0x40, 2, 3, COSIM_AXI4_BURST_WRAP }; /* 3 beats: illegal */
    cosim_axi4_master_run(master, &b, 1);
    EXPECT_GT(axi4_mem_rtl_assertion_failures(rtl), 0u);
    EXPECT_TRUE(strstr(axi4_mem_rtl_last_assertion(rtl), "a_ar_legal") != NULL);
    cosim_axi4_master_destroy(master);
    axi4_mem_rtl_destroy(rtl);
    tlm_kernel_destroy(kernel);
}

/* The generator's top driven pin by pin from the slave side (what a slave transactor drives). */
typedef struct Axi4CheckerSlaveSide {
    axi4_tgen_rtl *rtl;           /* the generator with the checker */
    cosim_axi4_response_pins in;  /* the slave side's pins */
    cosim_axi4_request_pins out;  /* the generator's */
} Axi4CheckerSlaveSide;

static void Axi4CheckerSlaveSide_SetUp(Axi4CheckerSlaveSide *self)
{
    self->rtl = axi4_tgen_rtl_create();
    ASSERT_TRUE(self->rtl != NULL);
    axi4_tgen_rtl_reset(self->rtl, 2);
    /* One idle cycle: a slave's RVALID/BVALID come from a register that reset cleared, so they
     * cannot be high in the first cycle after reset (a_slave_no_valid_after_reset). */
    axi4_tgen_rtl_cycle(self->rtl, NULL, NULL);
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
}

static void Axi4CheckerSlaveSide_TearDown(Axi4CheckerSlaveSide *self)
{
    axi4_tgen_rtl_destroy(self->rtl);
}

static void slave_cycle(Axi4CheckerSlaveSide *self)
{
    axi4_tgen_rtl_cycle(self->rtl, &self->in, &self->out);
}

TEST(Axi4CheckerReset, ValidInTheFirstCycleAfterResetIsCaught)
{
    axi4_tgen_rtl *rtl = axi4_tgen_rtl_create();
    ASSERT_TRUE(rtl != NULL);
    axi4_tgen_rtl_reset(rtl, 2);
    cosim_axi4_response_pins in;
    memset(&in, 0, sizeof in);
    in.bvalid = true;
    axi4_tgen_rtl_cycle(rtl, &in, NULL);
    /* The reset rule, and the two rules of a B with no write (a_b_after_last_w, a_b_id, which
     * WriteResponseWithNoWriteOutstandingIsCaught shows alone). */
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(rtl), 3u);
    axi4_tgen_rtl_destroy(rtl);
}

TEST_F(Axi4CheckerSlaveSide, ReadDataWithNoReadOutstandingIsCaught)
{
    self->in.rvalid = true;
    self->in.rid = 5;
    self->in.rlast = true;
    slave_cycle(self); /* RREADY is high: taken */
    EXPECT_GT(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
    EXPECT_TRUE(strstr(axi4_tgen_rtl_last_assertion(self->rtl), "a_r_id") != NULL);
}

TEST_F(Axi4CheckerSlaveSide, WriteResponseWithNoWriteOutstandingIsCaught)
{
    self->in.bvalid = true;
    self->in.bid = 3;
    slave_cycle(self);
    /* Both rules: no write has its last beat in, and none of ID 3 was accepted. */
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(self->rtl), 2u);
    EXPECT_TRUE(strstr(axi4_tgen_rtl_last_assertion(self->rtl), "a_b_") != NULL);
}

TEST_F(Axi4CheckerSlaveSide, RvalidDroppedBeforeRreadyIsCaught)
{
    axi4_tgen_rtl_set_stall(self->rtl, 100, 1); /* RREADY low throughout */
    self->in.rvalid = true;
    self->in.rdata = 0x1234;
    slave_cycle(self);
    EXPECT_EQ(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
    self->in.rdata = 0x5678; /* payload changed while waiting */
    slave_cycle(self);
    EXPECT_GT(axi4_tgen_rtl_assertion_failures(self->rtl), 0u);
    EXPECT_TRUE(strstr(axi4_tgen_rtl_last_assertion(self->rtl), "a_r_stable") != NULL);
}
