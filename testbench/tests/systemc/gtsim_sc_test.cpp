// The SystemC modules (testbench/systemc, docs/guide/systemc.md): payload conversion, the MMIO
// socket (round trip, timing annotation, debug transport, byte enables, error responses, no DMI),
// the graphics memory socket's DMI, and the interrupt line's timing against the coupling quantum.
#include "gtsim_sc_payload.h"  // first of all: see there
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include <tlm_utils/tlm_quantumkeeper.h>

#include "cs_commands.h"
#include "cs_regs.h"
#include "gtsim_sc_bus.h"
#include "gtsim_sc_cs_engine.h"
#include "gtsim_sc_gt.h"
#include "gtsim_sc_memory.h"
#include "gtsim_sc_irq_gen11.h"
#include "gtsim_sc_test_host.h"
#include "irq_gen11_regs.h"

using gtsim_test::host;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;
using sc_core::SC_ZERO_TIME;

namespace {

const uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;

// A GT and a host bound to it; the body runs as the host's thread.
struct gt_platform {
    gtsim::sc_gt gt;
    host cpu;
    sc_core::sc_signal<bool> irq;
    explicit gt_platform(std::function<void(host &)> body, const sc_time &quantum = gtsim::default_coupling_quantum)
        : gt("gt", "gen12", quantum), cpu("cpu"), irq("irq")
    {
        cpu.mmio.bind(gt.mmio_socket);
        cpu.other.bind(gt.gfx_socket);
        gt.host_irq(irq);
        cpu.body = std::move(body);
    }
    void run()
    {
        sc_core::sc_start(sc_time(10, sc_core::SC_MS));
        EXPECT_TRUE(cpu.finished);
    }
};

} // namespace

TEST(ScPayload, ResponsesMapBothWays)
{
    const tlm_status all[] = { TLM_STATUS_OK, TLM_STATUS_INCOMPLETE, TLM_STATUS_GENERIC_ERROR,
                                        TLM_STATUS_ADDRESS_ERROR, TLM_STATUS_COMMAND_ERROR,
                                        TLM_STATUS_BURST_ERROR, TLM_STATUS_BYTE_ENABLE_ERROR };
    for (tlm_status s : all) {
        EXPECT_EQ(static_cast<int>(gtsim::to_systemc(s)), static_cast<int>(s)) << tlm_response_name(s);
        EXPECT_EQ(gtsim::to_gtsim(gtsim::to_systemc(s)), s) << tlm_response_name(s);
    }
}

TEST(ScPayload, FieldsCrossBothWays)
{
    uint8_t data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    unsigned char be[2] = { 0xff, 0x00 };
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(0x1234);
    gp.set_data_ptr(data);
    gp.set_data_length(8);
    gp.set_streaming_width(8);
    gp.set_byte_enable_ptr(be);
    gp.set_byte_enable_length(2);
    tlm_payload p = gtsim::to_gtsim(gp, TLM_SPACE_GGTT);
    EXPECT_EQ(p.command, TLM_CMD_WRITE);
    EXPECT_EQ(p.address, 0x1234u);
    EXPECT_EQ(p.data, data);
    EXPECT_EQ(p.length, 8u);
    EXPECT_EQ(p.byte_enable, be);
    EXPECT_EQ(p.byte_enable_length, 2u);
    EXPECT_EQ(p.address_space, TLM_SPACE_GGTT);
    EXPECT_EQ(p.response, TLM_STATUS_INCOMPLETE);

    p.command = TLM_CMD_READ;
    p.address = 0x40;
    p.length = 4;
    p.byte_enable = nullptr;
    p.response = TLM_STATUS_ADDRESS_ERROR;
    p.dmi_allowed = true;
    tlm::tlm_generic_payload back;
    gtsim::to_systemc(p, back);
    EXPECT_TRUE(back.is_read());
    EXPECT_EQ(back.get_address(), 0x40u);
    EXPECT_EQ(back.get_data_ptr(), data);
    EXPECT_EQ(back.get_data_length(), 4u);
    EXPECT_EQ(back.get_streaming_width(), 4u);
    EXPECT_EQ(back.get_byte_enable_ptr(), nullptr);
    EXPECT_EQ(back.get_byte_enable_length(), 0u);
    EXPECT_TRUE(back.is_dmi_allowed());
    EXPECT_EQ(back.get_response_status(), tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(ScPayload, TimeConverts)
{
    EXPECT_EQ(gtsim::to_ps(sc_time(3, SC_NS)), 3000u);
    EXPECT_EQ(gtsim::to_sc_time(1250), sc_time(1250, sc_core::SC_PS));
}

// A register written through the socket reads back; the annotated time only grows.
TEST(ScGt, MmioRoundTrip)
{
    gt_platform p([](host &h) {
        uint32_t value = 0x00123000;
        sc_time delay(5, SC_NS);
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, rcs + CS_RING_START_OFFSET, &value, 4, delay),
                  tlm::TLM_OK_RESPONSE);
        EXPECT_GE(delay, sc_time(5, SC_NS));
        uint32_t back = 0;
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_READ_COMMAND, rcs + CS_RING_START_OFFSET, &back, 4, delay),
                  tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(back, value);
    });
    p.run();
    // The transfer happened at the initiator's local time: the C kernel got there.
    EXPECT_GE(p.gt.c_time(), sc_time(5, SC_NS));
}

// Debug transport: no time, no side effects, the same bytes as the functional path.
TEST(ScGt, DebugTransport)
{
    gt_platform p([](host &h) {
        host::write32(h.mmio, rcs + CS_RING_START_OFFSET, 0x00456000);
        uint32_t value = 0;
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(rcs + CS_RING_START_OFFSET);
        gp.set_data_ptr(reinterpret_cast<unsigned char *>(&value));
        gp.set_data_length(4);
        EXPECT_EQ(h.mmio->transport_dbg(gp), 4u);
        EXPECT_EQ(value, 0x00456000u);
        // Graphics memory: a debug write, then both a debug and a functional read see it.
        uint32_t word = 0xcafef00d;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(0x10000);
        gp.set_data_ptr(reinterpret_cast<unsigned char *>(&word));
        sc_time before = sc_core::sc_time_stamp();
        EXPECT_EQ(h.other->transport_dbg(gp), 4u);
        EXPECT_EQ(sc_core::sc_time_stamp(), before);
        EXPECT_EQ(host::read32(h.other, 0x10000), 0xcafef00du);
    });
    p.run();
}

// Byte enables cross with their length: disabled bytes keep their old value; a mask byte that
// is neither 0x00 nor 0xFF is a byte-enable error (TLM-2.0, tlm_payload_check).
TEST(ScGt, ByteEnables)
{
    gt_platform p([](host &h) {
        host::write32(h.other, 0x20000, 0xaabbccdd);
        uint32_t value = 0x11223344;
        unsigned char be[2] = { 0xff, 0x00 };  // repeated: bytes 0 and 2 enabled
        sc_time delay = SC_ZERO_TIME;
        EXPECT_EQ(host::transfer(h.other, tlm::TLM_WRITE_COMMAND, 0x20000, &value, 4, delay, be, 2),
                  tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(host::read32(h.other, 0x20000), 0xaa22cc44u);
        unsigned char bad[4] = { 0xff, 0x12, 0xff, 0xff };
        EXPECT_EQ(host::transfer(h.other, tlm::TLM_WRITE_COMMAND, 0x20000, &value, 4, delay, bad, 4),
                  tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        EXPECT_EQ(host::read32(h.other, 0x20000), 0xaa22cc44u);
        // The same on a register: RING_START written with its low half disabled.
        host::write32(h.mmio, rcs + CS_RING_START_OFFSET, 0x00111000);
        value = 0x00222000;
        unsigned char high[4] = { 0x00, 0x00, 0xff, 0xff };
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, rcs + CS_RING_START_OFFSET, &value, 4, delay, high, 4),
                  tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(host::read32(h.mmio, rcs + CS_RING_START_OFFSET), 0x00221000u);
    });
    p.run();
}

// gtsim's responses arrive as TLM-2.0's: beyond the BAR, a zero length, a streaming burst.
TEST(ScGt, ErrorResponses)
{
    gt_platform p([](host &h) {
        uint32_t value = 0;
        sc_time delay = SC_ZERO_TIME;
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_READ_COMMAND, GT_MMIO_BAR_SIZE, &value, 4, delay),
                  tlm::TLM_ADDRESS_ERROR_RESPONSE);
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_READ_COMMAND, rcs + CS_RING_START_OFFSET, &value, 0, delay),
                  tlm::TLM_BURST_ERROR_RESPONSE);
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, rcs + CS_RING_START_OFFSET, &value, 4, delay, nullptr,
                                 0, 2),
                  tlm::TLM_BURST_ERROR_RESPONSE);
        EXPECT_EQ(host::transfer(h.other, tlm::TLM_READ_COMMAND, UINT64_C(1) << 48, &value, 4, delay),
                  tlm::TLM_ADDRESS_ERROR_RESPONSE);
    });
    p.run();
}

// Register space grants no DMI; graphics memory does, and a store through the pointer is what
// the socket reads.
TEST(ScGt, DmiOnMemoryOnly)
{
    gt_platform p([](host &h) {
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(rcs + CS_RING_START_OFFSET);
        tlm::tlm_dmi dmi;
        EXPECT_FALSE(h.mmio->get_direct_mem_ptr(gp, dmi));
        EXPECT_FALSE(dmi.is_read_allowed());
        EXPECT_FALSE(dmi.is_write_allowed());
        EXPECT_EQ(dmi.get_start_address(), 0u);  // denied for the whole range: ask once
        EXPECT_EQ(dmi.get_end_address(), ~sc_dt::uint64(0));
        gp.set_address(0x30010);
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        tlm::tlm_dmi mem;
        ASSERT_TRUE(h.other->get_direct_mem_ptr(gp, mem));
        ASSERT_TRUE(mem.is_read_write_allowed());
        EXPECT_LE(mem.get_start_address(), 0x30010u);
        EXPECT_GE(mem.get_end_address(), 0x30013u);
        uint32_t word = 0x5a5a1234;
        std::memcpy(mem.get_dmi_ptr() + (0x30010 - mem.get_start_address()), &word, 4);
        EXPECT_EQ(host::read32(h.other, 0x30010), 0x5a5a1234u);
    });
    p.run();
}

// The aggregator alone: an interrupt pending behind a disabled primary reaches the host line
// when an MMIO write enables the primary; the port changes at the write's local time exactly.
TEST(ScIrqGen11, LineEdgeAtTransferTime)
{
    gtsim::sc_irq_gen11 irq("irq");
    host cpu("cpu");
    sc_core::sc_signal<bool> line("line");
    sc_core::sc_signal<bool> v0("v0"), v1("v1");
    cpu.mmio.bind(irq.mmio_socket);
    cpu.other.bind(irq.msg_socket);
    irq.host_irq(line);
    irq.guc_vector[0](v0);
    irq.guc_vector[1](v1);
    sc_time rose_at;
    cpu.body = [&](host &h) {
        host::write32(h.mmio, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xffffffff);
        host::write32(h.mmio, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
        irq_message m{};
        m.engine_class = IRQ_CLASS_RENDER;
        m.data = IRQ_DATA_USER_INTERRUPT;
        EXPECT_EQ(host::write32(h.other, 0, irq_message_pack(&m)), tlm::TLM_OK_RESPONSE);
        sc_core::wait(sc_time(50, SC_NS));
        EXPECT_FALSE(line.read());  // primary still disabled
        uint32_t enable = IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK;
        sc_time delay(30, SC_NS);   // the write happens 30 ns into the future
        sc_time issued = sc_core::sc_time_stamp();
        EXPECT_EQ(host::transfer(h.mmio, tlm::TLM_WRITE_COMMAND, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, &enable, 4, delay),
                  tlm::TLM_OK_RESPONSE);
        sc_core::wait(sc_time(1, SC_US), line.posedge_event());
        rose_at = sc_core::sc_time_stamp();
        EXPECT_EQ(rose_at, issued + sc_time(30, SC_NS));
        // A message the port does not carry: refused as TLM-2.0 says.
        uint32_t word = 0;
        sc_time d = SC_ZERO_TIME;
        EXPECT_EQ(host::transfer(h.other, tlm::TLM_READ_COMMAND, 0, &word, 4, d), tlm::TLM_COMMAND_ERROR_RESPONSE);
        EXPECT_EQ(host::transfer(h.other, tlm::TLM_WRITE_COMMAND, 4, &word, 4, d), tlm::TLM_ADDRESS_ERROR_RESPONSE);
    };
    sc_core::sc_start(sc_time(1, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_TRUE(line.read());
    EXPECT_EQ(irq.host_irq_stats().edges, 1u);
    EXPECT_EQ(irq.host_irq_stats().max_latency, SC_ZERO_TIME);
    EXPECT_EQ(irq.max_lead(), sc_time(30, SC_NS));  // the C kernel ran ahead by the write's offset, no more
}

// The GT: a ring ending in MI_USER_INTERRUPT submitted by an MMIO tail write; the edge the
// engine makes in C time reaches the sc_out no later than one coupling quantum after it, and the
// C kernel never leads SystemC by more than the host's local offset (at most its quantum).
// The quantum comes from GTSIM_SC_TEST_QUANTUM_NS (default 100), so ctest runs it for several.
TEST(ScGt, InterruptLineWithinQuantum)
{
    const char *env = std::getenv("GTSIM_SC_TEST_QUANTUM_NS");
    const sc_time quantum(env ? std::atof(env) : 100.0, SC_NS);
    const sc_time host_quantum(1, SC_US);
    tlm_utils::tlm_quantumkeeper::set_global_quantum(host_quantum);
    sc_time submitted, seen;
    gt_platform *platform = nullptr;
    gt_platform p(
        [&](host &h) {
            const uint32_t ring[] = { 0x10000002, 0x00400000, 0x00000000, 0x11111111,  // MI_STORE_DATA_IMM
                                      0x01000000, 0x00000000 };                        // MI_USER_INTERRUPT, MI_NOOP
            for (unsigned i = 0; i < 6; i++)
                host::write32(h.other, 0x100000 + 4 * i, ring[i]);
            host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xffffffff);
            host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
            host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
                          IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
            host::write32(h.mmio, rcs + CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
            host::write32(h.mmio, rcs + CS_HWS_PGA_OFFSET, 0x200000);
            host::write32(h.mmio, rcs + CS_RING_START_OFFSET, 0x100000);
            host::write32(h.mmio, rcs + CS_RING_HEAD_OFFSET, 0);
            host::write32(h.mmio, rcs + CS_RING_CTL_OFFSET, 1);
            submitted = sc_core::sc_time_stamp();
            host::write32(h.mmio, rcs + CS_RING_TAIL_OFFSET, sizeof ring);
            sc_core::wait(sc_time(1, sc_core::SC_MS), platform->irq.posedge_event());
            seen = sc_core::sc_time_stamp();
        },
        quantum);
    platform = &p;
    p.run();
    const gtsim::sc_line_stats &s = p.gt.host_irq_stats();
    ASSERT_EQ(s.edges, 1u);
    EXPECT_TRUE(p.irq.read());
    EXPECT_EQ(s.last_sc_change, seen);
    EXPECT_GT(s.last_c_edge, submitted);
    EXPECT_LE(s.max_latency, quantum);
    EXPECT_LE(p.gt.max_lead(), host_quantum);
    std::printf("quantum %s: ring submitted at %s, C edge at %s, sc_out at %s, latency %s\n",
                quantum.to_string().c_str(), submitted.to_string().c_str(), s.last_c_edge.to_string().c_str(),
                s.last_sc_change.to_string().c_str(), s.max_latency.to_string().c_str());
}

// One command streamer alone: its fetches and stores go out through mem_socket to a SystemC
// memory (by DMI when the memory grants it, else through the socket, with the same results), and
// its user interrupt goes out through irq_socket into the aggregator's message port. DMI is
// used either by the bridge for the engine's bus transfers or by the engine itself, whose runs
// of simple commands ask the bridge for the grant (docs/reference/cs.md "Simple commands").
static uint64_t engine_dmi_transfers(const gtsim::sc_cs_engine &engine)
{
    const cs_engine_stats *stats = cs_engine_get_stats(engine.model());
    return engine.memory_bridge().dmi_transfers() + stats->dmi_fetches + stats->dmi_writes;
}

static void run_engine_ring(bool grant_dmi, bool invalidate_midway)
{
    gtsim::sc_cs_engine render("render");
    gtsim::sc_irq_gen11 irq("irq");
    gtsim::sc_memory memory("memory", 8u << 20, sc_time(10, SC_NS), grant_dmi);
    host cpu("cpu");
    sc_core::sc_signal<bool> line("line"), v0("v0"), v1("v1");
    render.mem_socket.bind(memory.socket);
    render.irq_socket.bind(irq.msg_socket);
    cpu.mmio.bind(render.mmio_socket);
    cpu.other.bind(irq.mmio_socket);
    irq.host_irq(line);
    irq.guc_vector[0](v0);
    irq.guc_vector[1](v1);
    // The ring written straight into the SystemC memory (the platform loaded it).
    const uint32_t ring[] = { 0x10000002, 0x00400000, 0x00000000, 0x11111111,  // MI_STORE_DATA_IMM
                              0x10000002, 0x00400004, 0x00000000, 0x22222222,  // MI_STORE_DATA_IMM
                              0x01000000, 0x00000000 };                        // MI_USER_INTERRUPT, MI_NOOP
    std::memcpy(memory.data() + 0x100000, ring, sizeof ring);
    uint64_t dmi_before_invalidate = 0;
    cpu.body = [&](host &h) {
        host::write32(h.other, IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xffffffff);
        host::write32(h.other, IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
        host::write32(h.other, IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
        host::write32(h.mmio, CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
        host::write32(h.mmio, CS_HWS_PGA_OFFSET, 0x200000);
        host::write32(h.mmio, CS_RING_START_OFFSET, 0x100000);
        host::write32(h.mmio, CS_RING_HEAD_OFFSET, 0);
        host::write32(h.mmio, CS_RING_CTL_OFFSET, 1);
        if (invalidate_midway) {
            // A first pass of half the ring, then the memory withdraws its grants.
            host::write32(h.mmio, CS_RING_TAIL_OFFSET, 16);
            sc_core::wait(sc_time(2, SC_US));
            dmi_before_invalidate = engine_dmi_transfers(render);
            memory.invalidate_all();
        }
        host::write32(h.mmio, CS_RING_TAIL_OFFSET, sizeof ring);
        sc_core::wait(sc_time(1, sc_core::SC_MS), line.posedge_event());
    };
    sc_core::sc_start(sc_time(2, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_TRUE(line.read());
    uint32_t stored[2];
    std::memcpy(stored, memory.data() + 0x400000, 8);
    EXPECT_EQ(stored[0], 0x11111111u);
    EXPECT_EQ(stored[1], 0x22222222u);
    EXPECT_EQ(render.irq_errors(), 0u);
    const gtsim::sc_memory_bridge &b = render.memory_bridge();
    if (!grant_dmi) {
        EXPECT_EQ(engine_dmi_transfers(render), 0u);
        EXPECT_GT(memory.transports(), 0u);
    } else if (invalidate_midway) {
        // DMI before the invalidation, and again after it (a grant asked for anew).
        EXPECT_GT(dmi_before_invalidate, 0u);
        EXPECT_GT(engine_dmi_transfers(render), dmi_before_invalidate);
        EXPECT_LE(b.socket_transfers(), 2u);
    } else {
        EXPECT_LE(b.socket_transfers(), 1u);  // at most the first one, which offered the grant
        EXPECT_GT(engine_dmi_transfers(render), 0u);
    }
    std::printf("engine ring, DMI %s%s: %llu transfers by DMI, %llu through the socket\n", grant_dmi ? "granted" : "refused",
                invalidate_midway ? ", invalidated midway" : "", static_cast<unsigned long long>(engine_dmi_transfers(render)),
                static_cast<unsigned long long>(b.socket_transfers()));
}

TEST(ScCsEngine, RingThroughPlatformMemoryByDmi)
{
    run_engine_ring(true, false);
}

TEST(ScCsEngine, RingThroughPlatformMemoryWithoutDmi)
{
    run_engine_ring(false, false);
}

TEST(ScCsEngine, DmiInvalidationFallsBackToTheSocket)
{
    run_engine_ring(true, true);
}

// A memory error reaches the engine as gtsim's response: a ring outside the platform memory is
// an address error, which the engine takes as a page fault on the fetch (its own rule).
TEST(ScCsEngine, MemoryErrorReachesTheEngine)
{
    gtsim::sc_cs_engine render("render");
    gtsim::sc_memory memory("memory", 1u << 20, sc_time(10, SC_NS), false);
    host cpu("cpu");
    render.mem_socket.bind(memory.socket);
    cpu.mmio.bind(render.mmio_socket);
    cpu.body = [&](host &h) {
        host::write32(h.mmio, CS_RING_START_OFFSET, 0x100000);  // beyond the 1 MiB memory
        host::write32(h.mmio, CS_RING_HEAD_OFFSET, 0);
        host::write32(h.mmio, CS_RING_CTL_OFFSET, 1);
        host::write32(h.mmio, CS_RING_TAIL_OFFSET, 16);
        sc_core::wait(sc_time(5, SC_US));
    };
    sc_core::sc_start(sc_time(1, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_GT(render.memory_bridge().socket_transfers(), 0u);
    EXPECT_EQ(memory.transports(), 0u);  // refused before any byte moved
    const cs_engine_stats *stats = cs_engine_get_stats(render.model());
    std::printf("memory error: commands %llu, errors %llu, page faults %llu\n",
                static_cast<unsigned long long>(stats->commands), static_cast<unsigned long long>(stats->errors),
                static_cast<unsigned long long>(stats->page_faults));
    EXPECT_EQ(stats->commands, 0u);
    EXPECT_EQ(stats->page_faults, 1u);  // the failed fetch is the engine's page fault (docs/reference/cs.md)
}

// The example interconnect: addresses rebased to the target, an unmapped address is an address
// error, DMI grants come back in the bus's addresses and clipped to the target's range.
TEST(ScBus, DecodesRebasesAndTranslatesDmi)
{
    gtsim::sc_bus bus("bus");
    gtsim::sc_memory low("low", 0x1000, SC_ZERO_TIME), high("high", 0x4000, SC_ZERO_TIME);
    host cpu("cpu");
    cpu.mmio.bind(bus.targets_in);
    bus.targets_out.bind(low.socket);
    bus.map(0x10000, 0x1000);
    bus.targets_out.bind(high.socket);
    bus.map(0x20000, 0x2000);  // only half of `high` is visible
    cpu.body = [&](host &h) {
        EXPECT_EQ(host::write32(h.mmio, 0x10010, 0x1234), tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(host::write32(h.mmio, 0x20020, 0x5678), tlm::TLM_OK_RESPONSE);
        EXPECT_EQ(host::write32(h.mmio, 0x30000, 1), tlm::TLM_ADDRESS_ERROR_RESPONSE);
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(0x20020);
        tlm::tlm_dmi dmi;
        ASSERT_TRUE(h.mmio->get_direct_mem_ptr(gp, dmi));
        EXPECT_EQ(dmi.get_start_address(), 0x20000u);
        EXPECT_EQ(dmi.get_end_address(), 0x21fffu);
        EXPECT_EQ(dmi.get_dmi_ptr(), high.data());
    };
    sc_core::sc_start(sc_time(1, SC_US));
    EXPECT_TRUE(cpu.finished);
    uint32_t a, b;
    std::memcpy(&a, low.data() + 0x10, 4);
    std::memcpy(&b, high.data() + 0x20, 4);
    EXPECT_EQ(a, 0x1234u);
    EXPECT_EQ(b, 0x5678u);
}

int sc_main(int argc, char *argv[])
{
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
