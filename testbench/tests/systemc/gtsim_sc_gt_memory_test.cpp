// sc_gt with graphics memory in the platform (docs/guide/systemc.md "Graphics memory"): the GT's
// fetches and stores go out through mem_socket (by DMI where the platform's memory grants it,
// through the socket where it does not or withdraws its grants), and the doorbells see the host's
// writes to that memory, through gfx_socket or told with memory_written().
#include "gtsim_sc_payload.h"  // first of all: see there
#include <gtest/gtest.h>

#include <cstring>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_regs.h"
#include "doorbell.h"
#include "doorbell_regs.h"
#include "guc.h"
#include "guc_regs.h"
#include "gtsim_sc_gt.h"
#include "gtsim_sc_memory.h"
#include "gtsim_sc_test_host.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"

using gtsim_test::host;
using sc_core::sc_time;
using sc_core::SC_NS;
using sc_core::SC_US;

namespace {

const uint64_t render = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;

// Transfers made through a DMI grant: by the GT's DMI cache for the initiators' bus transfers,
// and by the render engine itself for its runs of simple commands, which ask the cache for the
// grant (docs/reference/cs.md "Simple commands").
uint64_t dmi_transfers(gtsim::sc_gt &gt)
{
    const cs_engine_stats *engine = cs_engine_get_stats(gt_engine(gt.model(), CS_ENGINE_RCS));
    return gt_memory_dmi_stats(gt.model()).dmi_transfers + engine->dmi_fetches + engine->dmi_writes;
}

void run_gt_job(bool grant_dmi, bool invalidate_midway)
{
    gtsim::sc_gt gt("gt");
    gtsim::sc_memory memory("memory", 16u << 20, sc_time(10, SC_NS), grant_dmi);
    host cpu("cpu");
    sc_core::sc_signal<bool> line("line");
    gt.mem_socket.bind(memory.socket);
    cpu.mmio.bind(gt.mmio_socket);
    cpu.other.bind(gt.gfx_socket);
    gt.host_irq(line);
    // The ring written straight into the platform's memory (the platform loaded it).
    const uint32_t ring[] = { 0x10000002, 0x00400000, 0x00000000, 0x11111111,  // MI_STORE_DATA_IMM
                              0x10000002, 0x00400004, 0x00000000, 0x22222222,  // MI_STORE_DATA_IMM
                              0x01000000, 0x00000000 };                        // MI_USER_INTERRUPT, MI_NOOP
    std::memcpy(memory.data() + 0x100000, ring, sizeof ring);
    uint64_t dmi_before = 0, requests_before = 0;
    cpu.body = [&](host &h) {
        host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xffffffff);
        host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
        host::write32(h.mmio, IRQ_GEN11_MMIO_BASE + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET,
                      IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
        host::write32(h.mmio, render + CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
        host::write32(h.mmio, render + CS_HWS_PGA_OFFSET, 0x200000);
        host::write32(h.mmio, render + CS_RING_START_OFFSET, 0x100000);
        host::write32(h.mmio, render + CS_RING_HEAD_OFFSET, 0);
        host::write32(h.mmio, render + CS_RING_CTL_OFFSET, 1);
        if (invalidate_midway) {
            host::write32(h.mmio, render + CS_RING_TAIL_OFFSET, 16);  // the first store
            sc_core::wait(sc_time(2, SC_US));
            dmi_before = dmi_transfers(gt);
            requests_before = gt_memory_dmi_stats(gt.model()).requests + memory.dmi_requests();
            memory.invalidate_all();
        }
        host::write32(h.mmio, render + CS_RING_TAIL_OFFSET, sizeof ring);
        sc_core::wait(sc_time(1, sc_core::SC_MS), line.posedge_event());
        // The host reads the stores back through the memory front: the platform's memory.
        EXPECT_EQ(host::read32(h.other, 0x400000), 0x11111111u);
        EXPECT_EQ(host::read32(h.other, 0x400004), 0x22222222u);
    };
    sc_core::sc_start(sc_time(2, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_TRUE(line.read());
    EXPECT_TRUE(gt.external_memory());
    uint32_t stored[2];
    std::memcpy(stored, memory.data() + 0x400000, 8);
    EXPECT_EQ(stored[0], 0x11111111u);
    EXPECT_EQ(stored[1], 0x22222222u);
    // Nothing reached the GT's own memory.
    tlm_memory_stats own = tlm_memory_get_stats(gt.memory());
    EXPECT_EQ(own.reads + own.writes + own.dmi_grants, 0u);
    const gtsim::sc_memory_bridge &b = gt.memory_bridge();
    tlm_dmi_cache_stats cache = gt_memory_dmi_stats(gt.model());
    if (!grant_dmi) {
        EXPECT_EQ(b.dmi_transfers(), 0u);
        EXPECT_EQ(dmi_transfers(gt), 0u);
        EXPECT_GT(memory.transports(), 0u);
    } else if (invalidate_midway) {
        EXPECT_GT(dmi_before, 0u);
        EXPECT_GT(cache.invalidations, 0u);
        EXPECT_GT(cache.dropped, 0u);
        EXPECT_GT(dmi_transfers(gt), dmi_before);
        EXPECT_GT(cache.requests + memory.dmi_requests(), requests_before);  // asked again after the invalidation
    } else {
        EXPECT_GT(cache.grants + memory.dmi_requests(), 0u);
        EXPECT_GT(dmi_transfers(gt), cache.forwarded);
    }
    std::printf("GT ring on the platform's memory, DMI %s%s: cache %llu by DMI, %llu forwarded; socket %llu\n",
                grant_dmi ? "granted" : "refused", invalidate_midway ? ", invalidated midway" : "",
                static_cast<unsigned long long>(dmi_transfers(gt)), static_cast<unsigned long long>(cache.forwarded),
                static_cast<unsigned long long>(b.socket_transfers()));
}

} // namespace

TEST(ScGtMemory, RingThroughThePlatformMemoryByDmi)
{
    run_gt_job(true, false);
}

TEST(ScGtMemory, RingThroughThePlatformMemoryWithoutDmi)
{
    run_gt_job(false, false);
}

TEST(ScGtMemory, DmiInvalidationFallsBackToTheSocket)
{
    run_gt_job(true, true);
}

// A doorbell on a line of the platform's memory: rung through gfx_socket, and rung by a write
// straight into the memory once memory_written() tells the GT; no write DMI over the line.
TEST(ScGtMemory, DoorbellsSeeHostWritesToThePlatformMemory)
{
    gtsim::sc_gt gt("gt");
    gtsim::sc_memory memory("memory", 16u << 20, sc_time(10, SC_NS));
    host cpu("cpu");
    sc_core::sc_signal<bool> line_irq("line_irq");
    gt.mem_socket.bind(memory.socket);
    cpu.mmio.bind(gt.mmio_socket);
    cpu.other.bind(gt.gfx_socket);
    gt.host_irq(line_irq);
    const unsigned bell = 4;
    const uint64_t page = 0x700000, line = page + bell * TLM_MEMORY_CACHELINE_SIZE;
    const uint64_t status0 = DOORBELL_MMIO_BASE + DOORBELL_DB_STATUS0_OFFSET;
    cpu.body = [&](host &h) {
        // The driver: the hashing-mode copy, the line's DW0 = 1 (active), DW1 = 0.
        host::write32(h.mmio, GUC_MMIO_BASE + GUC_SHIM_CONTROL2_OFFSET, GUC_SHIM_CONTROL2_HASH_MODE_MASK);
        host::write32(h.other, line, 1);
        host::write32(h.other, line + 4, 0);
        // The firmware's install on the GuC's MMIO view (DRBREGU, then DRBREGL with VALID).
        const tlm_target *guc = gt_guc_mmio(gt.model());
        uint64_t drb = DOORBELL_MMIO_BASE + bell * DOORBELL_REGISTER_STRIDE;
        uint32_t high = 0, low = static_cast<uint32_t>(page) | DOORBELL_DRBREGL0_VALID_MASK;
        tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, drb + DOORBELL_DRBREGU0_OFFSET, &high, 4);
        tlm_time delay = 0;
        tlm_b_transport(guc, &p, &delay);
        p = tlm_payload_make(TLM_CMD_WRITE, drb + DOORBELL_DRBREGL0_OFFSET, &low, 4);
        tlm_b_transport(guc, &p, &delay);
        uint32_t install = host::read32(h.mmio, GUC_MMIO_BASE + GUC_DB_INSTALL_STATUS_OFFSET);
        EXPECT_EQ(install & GUC_DB_INSTALL_STATUS_DONE_MASK, GUC_DB_INSTALL_STATUS_DONE_MASK);
        EXPECT_EQ(install & GUC_DB_INSTALL_STATUS_RESULT_MASK, 0u);

        // Ring 1: a new cookie through the memory front.
        host::write32(h.other, line + 4, 1);
        EXPECT_EQ(host::read32(h.mmio, status0), 1u << bell);
        EXPECT_EQ(host::read32(h.mmio, status0), 0u);  // read-clear
        uint32_t in_memory = 0;
        std::memcpy(&in_memory, memory.data() + line + 4, 4);
        EXPECT_EQ(in_memory, 1u);

        // No write grant over the watched line; the rest of the page still writable by DMI.
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        gp.set_address(line);
        tlm::tlm_dmi dmi;
        if (h.other->get_direct_mem_ptr(gp, dmi)) {
            EXPECT_FALSE(dmi.is_write_allowed());
        }
        gp.set_address(page);
        tlm::tlm_dmi below;
        ASSERT_TRUE(h.other->get_direct_mem_ptr(gp, below));
        EXPECT_TRUE(below.is_write_allowed());
        EXPECT_LT(below.get_end_address(), line);

        // Ring 2: the platform's CPU writes the cookie straight into its memory.
        uint32_t cookie = 2;
        std::memcpy(memory.data() + line + 4, &cookie, 4);
        EXPECT_EQ(host::read32(h.mmio, status0), 0u);  // not seen: the write bypassed the GT
        gt.memory_written(line + 4, 4);
        EXPECT_EQ(host::read32(h.mmio, status0), 1u << bell);
    };
    sc_core::sc_start(sc_time(1, sc_core::SC_MS));
    EXPECT_TRUE(cpu.finished);
    EXPECT_EQ(doorbell_get_stats(gt_doorbell(gt.model()))->rings, 2u);
}
