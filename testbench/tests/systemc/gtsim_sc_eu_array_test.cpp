// sc_eu_array (docs/guide/systemc.md): a COMPUTE_WALKER written to walker_socket runs the
// built-in `fill` kernel on the EU array, whose data port stores into the platform's memory
// through mem_socket; busy is high until the walker completes; anything but a walker is refused.
#include "gtsim_sc_payload.h"  // first of all: see there
#include <gtest/gtest.h>

#include <cstring>

#include "eu_kernel.h"
#include "gtsim_sc_eu_array.h"
#include "gtsim_sc_memory.h"
#include "gtsim_sc_test_host.h"

using gtsim_test::host;
using sc_core::sc_time;
using sc_core::SC_NS;

TEST(ScEuArray, WalkerFillsThePlatformMemory)
{
    gtsim::sc_eu_array eu("eu");
    gtsim::sc_memory memory("memory", 16u << 20, sc_time(10, SC_NS));
    host cpu("cpu");
    sc_core::sc_signal<bool> busy("busy");
    eu.mem_socket.bind(memory.socket);
    cpu.mmio.bind(eu.walker_socket);
    cpu.other.bind(eu.mmio_socket);
    eu.busy(busy);
    eu_kernel fill = *eu_builtin_kernel("fill");
    fill.start = 0x800000;
    ASSERT_TRUE(eu_array_register_kernel(eu.model(), &fill));
    // `gtsim asm --profile gen12`: COMPUTE_WALKER simd=simd16 exec_mask=0xffff tg_dim_x=2
    // tg_dim_y=1 tg_dim_z=1 idd0=0x800000 idd5=4 inline0=0x400000 inline2=0x5eed inline3=40
    uint32_t walker[] = { 0x72080025, 0, 0, 0, 0x40000000, 0x0000ffff, 0, 2, 1, 1, 0, 0, 0,
                          0, 0, 0, 0, 0, 0x00800000, 0, 0, 0, 0, 4, 0, 0, 0, 0,
                          0, 0, 0, 0x00400000, 0, 0x5eed, 40, 0, 0, 0, 0 };
    cpu.body = [&](host &h) {
        uint32_t noop = 0;  // MI_NOOP: not a walker
        sc_time delay = sc_core::SC_ZERO_TIME;
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, 0, &noop, 4, delay), tlm::TLM_COMMAND_ERROR_RESPONSE);
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, 0, walker, sizeof walker - 4, delay),
                  tlm::TLM_BURST_ERROR_RESPONSE);  // a dword short of its length
        EXPECT_FALSE(busy.read());
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, 0, walker, sizeof walker, delay), tlm::TLM_OK_RESPONSE);
        sc_core::wait(delay);
        sc_core::wait(sc_time(1, SC_NS));
        EXPECT_TRUE(busy.read());
        if (busy.read())
            sc_core::wait(sc_time(1, sc_core::SC_MS), busy.negedge_event());
        EXPECT_FALSE(busy.read());
    };
    sc_core::sc_start(sc_time(2, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_TRUE(eu.external_memory());
    EXPECT_EQ(eu.walkers_taken(), 1u);
    EXPECT_EQ(eu.walkers_done(), 1u);
    EXPECT_EQ(eu.busy_stats().edges, 2u);
    uint32_t element[41];
    std::memcpy(element, memory.data() + 0x400000, sizeof element);
    for (unsigned i = 0; i < 40; i++)
        EXPECT_EQ(element[i], 0x5eedu) << "element " << i;
    EXPECT_EQ(element[40], 0u);  // count 40: the 41st lane stores nothing
    tlm_memory_stats own = tlm_memory_get_stats(eu.memory());
    EXPECT_EQ(own.writes, 0u);
}
