// sc_doorbell_guc (docs/guide/systemc.md): the doorbell controller and the GuC block alone on a
// platform's memory. A ring through the memory front reaches the host as the GuC's interrupt
// message (route host, spec 001 "Doorbell Group Registers"); with ROUTE_TO_GUC a ring written
// straight into the memory and reported with memory_written() raises the micro-core line.
#include "gtsim_sc_payload.h"  // first of all: see there
#include <gtest/gtest.h>

#include <cstring>

#include "doorbell.h"
#include "doorbell_regs.h"
#include "guc.h"
#include "guc_regs.h"
#include "gtsim_sc_doorbell_guc.h"
#include "gtsim_sc_irq_gen11.h"
#include "gtsim_sc_memory.h"
#include "gtsim_sc_test_host.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"

using gtsim_test::host;
using sc_core::sc_time;
using sc_core::SC_NS;

namespace {

// The GuC's side: one more initiator, on guc_socket.
struct firmware : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<firmware> mmio;  // the GuC's MMIO view
    explicit firmware(sc_core::sc_module_name name) : sc_module(name), mmio("mmio") {}
};

} // namespace

TEST(ScDoorbellGuc, RingsReachTheHostAndTheMicroCore)
{
    gtsim::sc_doorbell_guc db("db");
    gtsim::sc_irq_gen11 irq("irq");
    gtsim::sc_memory memory("memory", 16u << 20, sc_time(10, SC_NS));
    host cpu("cpu");
    firmware fw("fw"), driver("driver");  // driver: the host's MMIO into the interrupt tree
    sc_core::sc_signal<bool> host_line("host_line"), core_line("core_line"), v0("v0"), v1("v1");
    db.mem_socket.bind(memory.socket);
    db.irq_socket.bind(irq.msg_socket);
    cpu.mmio.bind(db.mmio_socket);
    cpu.other.bind(db.gfx_socket);
    fw.mmio.bind(db.guc_socket);
    driver.mmio.bind(irq.mmio_socket);
    db.core_irq(core_line);
    irq.host_irq(host_line);
    irq.guc_vector[0](v0);
    irq.guc_vector[1](v1);
    const unsigned bell = 4;
    const uint64_t page = 0x700000, line = page + bell * TLM_MEMORY_CACHELINE_SIZE;
    const uint64_t status0 = DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET;
    auto irq_write = [&](uint64_t offset, uint32_t value) { host::write32(driver.mmio, offset, value); };
    cpu.body = [&](host &h) {
        // The host's interrupt bring-up for the GuC class (i915 gen11 GuC interrupts).
        irq_write(IRQ_GEN11_GUC_SG_INTR_ENABLE_OFFSET, 0xffffffff);
        irq_write(IRQ_GEN11_GUC_SG_INTR_MASK_OFFSET, 0);
        irq_write(IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
        // The driver: the hashing-mode copy, the line's DW0 = 1 (active), DW1 = 0.
        host::write32(h.mmio, GUC_MMIO_BASE + GUC_SHIM_CONTROL2_OFFSET, GUC_SHIM_CONTROL2_HASH_MODE_MASK);
        host::write32(h.other, line, 1);
        host::write32(h.other, line + 4, 0);
        // The firmware installs the doorbell through its view (DRBREGU, then DRBREGL with VALID).
        uint64_t drb = DOORBELL_MMIO_BASE + bell * DOORBELL_REGISTER_STRIDE;
        host::write32(fw.mmio, drb + DOORBELL_DRBREGU0_OFFSET, 0);
        host::write32(fw.mmio, drb + DOORBELL_DRBREGL0_OFFSET, static_cast<uint32_t>(page) | DOORBELL_DRBREGL0_VALID_MASK);
        uint32_t install = host::read32(fw.mmio, GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET);
        EXPECT_EQ(install & GUC_DB_INSTALL_STATUS_DONE_MASK, GUC_DB_INSTALL_STATUS_DONE_MASK);
        EXPECT_EQ(install & GUC_DB_INSTALL_STATUS_RESULT_MASK, 0u);
        EXPECT_EQ(host::read32(h.mmio, drb + DOORBELL_DRBREGL0_OFFSET),
                  static_cast<uint32_t>(line) | DOORBELL_DRBREGL0_VALID_MASK);

        // Route host: a ring through the memory front is a GuC message to the host's tree.
        EXPECT_FALSE(host_line.read());
        host::write32(h.other, line + 4, 1);
        sc_core::wait(sc_time(1, SC_NS));
        EXPECT_TRUE(host_line.read());
        EXPECT_FALSE(core_line.read());
        EXPECT_EQ(host::read32(h.mmio, status0), 1u << bell);  // read-clear: the bits move to GUC_DB_ISR_0
        host::write32(h.mmio, GUC_MMIO_BASE + GUC_GUC_DB_ISR_0_OFFSET, 1u << bell);

        // Route GuC: the platform's CPU writes the cookie into its memory and reports it.
        host::write32(h.mmio, GUC_MMIO_BASE + GUC_DOORBELL_CTRL_OFFSET, GUC_DOORBELL_CTRL_ROUTE_TO_GUC_MASK);
        uint32_t cookie = 2;
        std::memcpy(memory.data() + line + 4, &cookie, 4);
        sc_core::wait(sc_time(1, SC_NS));
        EXPECT_FALSE(core_line.read());  // not seen: the write bypassed the module
        db.memory_written(line + 4, 4);
        sc_core::wait(sc_time(1, SC_NS));
        EXPECT_TRUE(core_line.read());
        EXPECT_EQ(db.core_causes() & GUC_CORE_DOORBELL, static_cast<uint32_t>(GUC_CORE_DOORBELL));
        db.core_acknowledge();
        sc_core::wait(sc_time(1, SC_NS));
        EXPECT_FALSE(core_line.read());
    };
    sc_core::sc_start(sc_time(1, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_TRUE(db.external_memory());
    EXPECT_EQ(doorbell_get_stats(db.doorbell_model())->rings, 2u);
    EXPECT_EQ(db.irq_errors(), 0u);
    EXPECT_EQ(db.core_irq_stats().edges, 2u);
}

// Register sockets grant no DMI; the memory front grants the memory's, never writable over a
// watched line; debug transport reads the platform's memory.
TEST(ScDoorbellGuc, DmiAndDebugTransport)
{
    gtsim::sc_doorbell_guc db("db");
    gtsim::sc_memory memory("memory", 1u << 20, sc_time(10, SC_NS));
    host cpu("cpu");
    sc_core::sc_signal<bool> core_line("core_line");
    db.mem_socket.bind(memory.socket);
    cpu.mmio.bind(db.mmio_socket);
    cpu.other.bind(db.gfx_socket);
    db.core_irq(core_line);
    cpu.body = [&](host &h) {
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(GUC_MMIO_BASE);
        tlm::tlm_dmi dmi;
        EXPECT_FALSE(h.mmio->get_direct_mem_ptr(gp, dmi));
        uint32_t word = 0x600d;
        std::memcpy(memory.data() + 0x1000, &word, 4);
        uint32_t read = 0;
        gp.set_address(0x1000);
        gp.set_data_ptr(reinterpret_cast<unsigned char *>(&read));
        gp.set_data_length(4);
        EXPECT_EQ(h.other->transport_dbg(gp), 4u);
        EXPECT_EQ(read, 0x600du);
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        ASSERT_TRUE(h.other->get_direct_mem_ptr(gp, dmi));
        EXPECT_TRUE(dmi.is_write_allowed());
    };
    sc_core::sc_start(sc_time(1, sc_core::SC_US));
    EXPECT_TRUE(cpu.finished);
}
