/* A doorbell lockstep run's waveform holds both sides on one timeline: the
 * RTL twin's pins (AXI4-Lite from the transactor, the snoop port, the message and group-read
 * outputs, scope doorbell_rtl), the model's rows (scope doorbell: group0..7, ring, rings) and
 * the compare's mismatch count (scope doorbell_lockstep). */
#include <stdio.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_test_util.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_twin.h"
#include "tb_test.h"
#include "wave.h"
#include "wave_vcd_reader.h"

static uint64_t highest(const wave_vcd_signal *signal)
{
    uint64_t top = 0;
    for (size_t i = 0; i < signal->count; i++) {
        uint64_t value = wave_vcd_number(signal->changes[i].value);
        top = value > top ? value : top;
    }
    return top;
}

static void noop_rung(void *self, uint8_t groups)
{
    (void)self;
    (void)groups;
}

TEST(DoorbellLockstepWave, HoldsTheRtlPinsAndTheModelRows)
{
    char dir[256], path[300], error[256] = "";
    ASSERT_TRUE(wave_test_mkdtemp(dir, sizeof dir));
    snprintf(path, sizeof path, "%s/doorbell_lockstep.vcd", dir);
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    wave_options options = wave_default_options(WAVE_FORMAT_VCD);
    options.finalize_on_signal = false;
    wave_file *wave = wave_open(path, &options, error, sizeof error);
    ASSERT_TRUE(wave != NULL);
    tlm_kernel_set_tracer(kernel, wave_tracer(wave)); /* before any block: rows are declared at create */
    tlm_clock clock;
    tlm_clock_init(&clock, kernel, "gt_clock", TLM_NS, TLM_NS);
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", 0);
    doorbell *model = doorbell_create(kernel, "doorbell", memory);
    cosim_doorbell_twin *twin = cosim_doorbell_twin_create(kernel, &clock, "doorbell_rtl", memory);
    cosim_doorbell_lockstep *lockstep = cosim_doorbell_lockstep_create(kernel, "doorbell_lockstep", model, twin, memory);
    doorbell_guc_port port = { noop_rung, NULL, NULL };
    cosim_doorbell_lockstep_set_guc_port(lockstep, &port);
    const tlm_target *mem = cosim_doorbell_lockstep_memory(lockstep);
    uint64_t line = UINT64_C(0x200140);
    db_write_line(mem, line, 1, 0);
    EXPECT_EQ(cosim_doorbell_lockstep_install(lockstep, 5, line), DOORBELL_INSTALL_OK);
    tlm_kernel_run_for(kernel, 20 * TLM_NS);
    db_write_line(mem, line, 1, 1);
    tlm_kernel_run_for(kernel, 10 * TLM_NS);
    EXPECT_EQ(db_read32(cosim_doorbell_lockstep_target(lockstep), 0x900), 1u << 5);
    tlm_kernel_run_for(kernel, 10 * TLM_NS);
    EXPECT_EQ(cosim_doorbell_lockstep_mismatches(lockstep), 0u);
    tlm_time end = tlm_kernel_now(kernel);
    wave_result result;
    EXPECT_TRUE(wave_close(wave, end, &result, error, sizeof error));
    cosim_doorbell_lockstep_destroy(lockstep);
    cosim_doorbell_twin_destroy(twin);
    doorbell_destroy(model);
    tlm_memory_destroy(memory);
    tlm_clock_destroy(&clock);
    tlm_kernel_destroy(kernel);

    wave_vcd *vcd = wave_vcd_load(path, error, sizeof error);
    ASSERT_TRUE(vcd != NULL);
    static const char *const rows[] = {
        "doorbell_rtl.clk_i", "doorbell_rtl.s_axil_awvalid_i", "doorbell_rtl.s_axil_arvalid_i",
        "doorbell_rtl.snoop_valid_i", "doorbell_rtl.snoop_fill_i", "doorbell_rtl.snoop_line_i",
        "doorbell_rtl.snoop_data_i", "doorbell_rtl.guc_msg_valid_o", "doorbell_rtl.guc_msg_groups_o",
        "doorbell_rtl.group_read_valid_o", "doorbell_rtl.group_read_bits_o", "doorbell.group0", "doorbell.rings",
        "doorbell_lockstep.mismatches",
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!wave_vcd_find(vcd, rows[i]))
            ADD_FAILURE("row %s missing from the lockstep waveform", rows[i]);
    const wave_vcd_signal *msg = wave_vcd_find(vcd, "doorbell_rtl.guc_msg_valid_o");
    const wave_vcd_signal *fill = wave_vcd_find(vcd, "doorbell_rtl.snoop_fill_i");
    const wave_vcd_signal *read_bits = wave_vcd_find(vcd, "doorbell_rtl.group_read_bits_o");
    const wave_vcd_signal *group0 = wave_vcd_find(vcd, "doorbell.group0");
    if (msg && fill && read_bits && group0) {
        EXPECT_EQ(highest(msg), 1u);       /* the ring's message pulse */
        EXPECT_EQ(highest(fill), 1u);      /* the install's fill */
        EXPECT_EQ(highest(read_bits), 1u << 5); /* the hand-over of the read */
        EXPECT_EQ(highest(group0), 1u << 5);    /* the model's status vector */
    }
    wave_vcd_free(vcd);
    wave_test_rmdir(dir);
}
