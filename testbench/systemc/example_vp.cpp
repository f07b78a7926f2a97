// gtsim_systemc_vp: an example SystemC virtual platform (docs/guide/systemc.md "The example
// platform"), two systems side by side in one SystemC simulation:
//
//   gt system:     cpu0 ─► sc_gt (MMIO BAR; gfx_socket, the memory front) ─mem_socket─► sc_memory (the platform's DRAM)
//                                 └─► host line ─► cpu0
//   blocks system: cpu1 ─► mmio bus ─┬─► sc_cs_engine (render streamer) ─mem_socket─► memory bus ─► sc_memory
//                  cpu1 ─► memory bus┘                │ irq_socket (messages)
//                                    └─► sc_irq_gen11 ◄┘ ─► host line ─► cpu1
//
// Each CPU-like initiator does what a driver does for one request on the gen12 render ring (the
// job of testbench/scenarios/cs_ring_gen12.gtsim): enables the render interrupt in the gen11+
// tree, writes a ring and a batch into graphics memory (by DMI where granted), starts the ring
// through MMIO, sleeps until the user interrupt arrives on its sc_in line, services it (primary,
// GT_INTR_DW0, selector, identity), and reads the stores back. Exit status 0 when both held.
#include "gtsim_sc_payload.h"  // first of all: see there
#include <cstdio>
#include <cstring>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "cs_commands.h"
#include "cs_regs.h"
#include "gtsim_sc_bus.h"
#include "gtsim_sc_cs_engine.h"
#include "gtsim_sc_gt.h"
#include "gtsim_sc_irq_gen11.h"
#include "gtsim_sc_memory.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"

namespace {

// Addresses of the job (graphics memory), as in cs_ring_gen12.gtsim.
constexpr uint64_t ring_base = 0x100000;
constexpr uint64_t status_page = 0x200000;
constexpr uint64_t batch_base = 0x300000;
constexpr uint64_t results = 0x400000;

// `gtsim asm --profile gen12` output (cs_ring_gen12.gtsim): ring = MI_STORE_DATA_IMM results,
// MI_NOOP with NOPID, MI_STORE_DATA_INDEX, MI_BATCH_BUFFER_START batch, MI_USER_INTERRUPT,
// MI_REPORT_HEAD; batch = MI_STORE_DATA_IMM results + 4, MI_BATCH_BUFFER_END.
const uint32_t ring_words[] = { 0x10000002, 0x00400000, 0x00000000, 0x11111111, 0x00401234, 0x10800001,
                                0x00000040, 0x22222222, 0x18800001, 0x00300000, 0x00000000, 0x01000000,
                                0x03800000, 0x00000000 };
const uint32_t batch_words[] = { 0x10000002, 0x00400004, 0x00000000, 0x33333333, 0x05000000 };

struct cpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<cpu> mmio;  // to the GT's BAR
    tlm_utils::simple_initiator_socket<cpu> mem;   // to graphics memory
    sc_core::sc_in<bool> irq;                      // the GT's host line
    tlm_utils::tlm_quantumkeeper qk;               // the CPU's local time
    int failures = 0;                              // checks that failed
    bool done = false;                             // the program ran to its end
    unsigned dmi_stores = 0, socket_stores = 0;    // how the ring and batch reached memory
    sc_core::sc_time irq_at;                       // when the user interrupt arrived

    SC_HAS_PROCESS(cpu);
    explicit cpu(sc_core::sc_module_name name) : sc_module(name), mmio("mmio"), mem("mem"), irq("irq")
    {
        SC_THREAD(program);
    }

    uint32_t access(tlm_utils::simple_initiator_socket<cpu> &socket, tlm::tlm_command command, uint64_t address,
                    uint32_t value)
    {
        tlm::tlm_generic_payload gp;
        gp.set_command(command);
        gp.set_address(address);
        gp.set_data_ptr(reinterpret_cast<unsigned char *>(&value));
        gp.set_data_length(4);
        gp.set_streaming_width(4);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = qk.get_local_time();
        socket->b_transport(gp, delay);
        qk.set(delay);
        if (qk.need_sync())
            qk.sync();
        if (!gp.is_response_ok()) {
            std::printf("FAIL: %s 0x%llx: %s\n", command == tlm::TLM_READ_COMMAND ? "read" : "write",
                        static_cast<unsigned long long>(address), gp.get_response_string().c_str());
            failures++;
        }
        return value;
    }
    void write_reg(uint64_t offset, uint32_t value) { access(mmio, tlm::TLM_WRITE_COMMAND, offset, value); }
    uint32_t read_reg(uint64_t offset) { return access(mmio, tlm::TLM_READ_COMMAND, offset, 0); }
    void expect(const char *what, uint32_t got, uint32_t want)
    {
        if (got != want) {
            std::printf("FAIL: %s: expected 0x%08x, got 0x%08x\n", what, want, got);
            failures++;
        }
    }

    // Graphics memory stores: through a DMI pointer when the GT grants write access to the
    // page, else through the socket.
    void store(uint64_t address, const uint32_t *words, size_t count)
    {
        tlm::tlm_generic_payload gp;
        gp.set_address(address);
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        tlm::tlm_dmi dmi;
        if (mem->get_direct_mem_ptr(gp, dmi) && dmi.is_write_allowed() && dmi.get_start_address() <= address &&
            address + count * 4 - 1 <= dmi.get_end_address()) {
            std::memcpy(dmi.get_dmi_ptr() + (address - dmi.get_start_address()), words, count * 4);
            qk.inc(dmi.get_write_latency() * static_cast<double>(count));
            dmi_stores++;
            return;
        }
        for (size_t i = 0; i < count; i++)
            access(mem, tlm::TLM_WRITE_COMMAND, address + 4 * i, words[i]);
        socket_stores++;
    }

    void program()
    {
        const uint64_t irq_base = IRQ_GEN11_MMIO_BASE;
        const uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
        // Render class enabled and unmasked, the primary enable; at the engine, the user
        // interrupt unmasked (i915 gen11 interrupt bring-up).
        write_reg(irq_base + IRQ_GEN11_RENDER_COPY_INTR_ENABLE_OFFSET, 0xffffffff);
        write_reg(irq_base + IRQ_GEN11_RCS0_RSVD_INTR_MASK_OFFSET, 0);
        write_reg(irq_base + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
        write_reg(rcs + CS_IMR_OFFSET, ~IRQ_DATA_USER_INTERRUPT);
        store(ring_base, ring_words, sizeof ring_words / 4);
        store(batch_base, batch_words, sizeof batch_words / 4);
        // The ring: status page, start, head 0, one page and enabled, then the tail.
        write_reg(rcs + CS_HWS_PGA_OFFSET, static_cast<uint32_t>(status_page));
        write_reg(rcs + CS_RING_START_OFFSET, static_cast<uint32_t>(ring_base));
        write_reg(rcs + CS_RING_HEAD_OFFSET, 0);
        write_reg(rcs + CS_RING_CTL_OFFSET, 1);
        expect("host line before submission", irq.read(), 0);
        sc_core::sc_time submitted = sc_core::sc_time_stamp() + qk.get_local_time();
        write_reg(rcs + CS_RING_TAIL_OFFSET, sizeof ring_words);
        // Wait for the interrupt line (bounded: a GT that never interrupts ends the run).
        qk.sync();
        if (!irq.read())
            sc_core::wait(sc_core::sc_time(1, sc_core::SC_MS), irq.posedge_event());
        irq_at = sc_core::sc_time_stamp();
        expect("host line after the ring", irq.read(), 1);
        // Service: primary off, which dword, select the engine, read and clear its identity,
        // clear the dword, primary back on (i915 gen11_gt_irq_handler).
        write_reg(irq_base + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, 0);
        uint32_t dw0 = read_reg(irq_base + IRQ_GEN11_GT_INTR_DW0_OFFSET);
        expect("GT_INTR_DW0", dw0, IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
        write_reg(irq_base + IRQ_GEN11_IIR_REG_SELECTOR0_OFFSET, IRQ_GEN11_GT_INTR_DW0_RCS0_MASK);
        uint32_t ident = read_reg(irq_base + IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET);
        expect("INTR_IDENTITY_REG0", ident, 0x80000000u | IRQ_DATA_USER_INTERRUPT);
        write_reg(irq_base + IRQ_GEN11_INTR_IDENTITY_REG0_OFFSET, ident);
        write_reg(irq_base + IRQ_GEN11_GT_INTR_DW0_OFFSET, dw0);
        write_reg(irq_base + IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, IRQ_GEN11_GFX_MSTR_IRQ_MASTER_IRQ_MASK);
        qk.sync();
        sc_core::wait(sc_core::SC_ZERO_TIME);
        expect("host line after service", irq.read(), 0);
        // What the job did.
        // The engine goes on past the interrupt (MI_REPORT_HEAD): wait for HEAD to reach TAIL
        // as a driver waits for idle, polling every 10 ns, bounded.
        uint32_t head = 0;
        for (unsigned poll = 0; poll < 1000; poll++) {
            head = read_reg(rcs + CS_RING_HEAD_OFFSET) & CS_RING_HEAD_HEAD_MASK;
            if (head == sizeof ring_words)
                break;
            qk.inc(sc_core::sc_time(10, sc_core::SC_NS));
            qk.sync();
        }
        expect("ring HEAD", head, sizeof ring_words);
        expect("MI_STORE_DATA_IMM (ring)", access(mem, tlm::TLM_READ_COMMAND, results, 0), 0x11111111);
        expect("MI_STORE_DATA_IMM (batch)", access(mem, tlm::TLM_READ_COMMAND, results + 4, 0), 0x33333333);
        expect("MI_STORE_DATA_INDEX", access(mem, tlm::TLM_READ_COMMAND, status_page + 0x40, 0), 0x22222222);
        expect("NOPID", read_reg(rcs + CS_NOPID_OFFSET), 0x1234);
        std::printf("%s: ring submitted at %s, user interrupt on the line at %s\n", name(),
                    submitted.to_string().c_str(), irq_at.to_string().c_str());
        done = true;
    }
};

} // namespace

// Prints one system's summary; true when its job held.
bool summary(const char *system, const cpu &host, const gtsim::sc_kernel_coupling &irq_block,
             const gtsim::sc_line_stats &line)
{
    bool ok = host.done && host.failures == 0;
    std::printf("%s: %s; %llu host line edges, worst edge latency %s (coupling quantum %s); C kernel lead at "
                "most %s; ring and batch stored by DMI %u, through the socket %u\n",
                system, ok ? "job done" : "FAILED", static_cast<unsigned long long>(line.edges),
                line.max_latency.to_string().c_str(), irq_block.quantum().to_string().c_str(),
                irq_block.max_lead().to_string().c_str(), host.dmi_stores, host.socket_stores);
    return ok;
}

int sc_main(int, char *[])
{
    tlm_utils::tlm_quantumkeeper::set_global_quantum(sc_core::sc_time(1, sc_core::SC_US));

    // The whole GT, its graphics memory the platform's (16 MiB, 10 ns per access): the GT's
    // fetches and stores go out through mem_socket, the CPU's stores come in through the GT's
    // memory front (so the doorbells would see them) and land in the same memory.
    gtsim::sc_gt gt("gt");
    gtsim::sc_memory dram("dram", 16u << 20, sc_core::sc_time(10, sc_core::SC_NS));
    cpu cpu0("cpu0");
    sc_core::sc_signal<bool> gt_irq("gt_irq");
    cpu0.mmio.bind(gt.mmio_socket);
    cpu0.mem.bind(gt.gfx_socket);
    gt.mem_socket.bind(dram.socket);
    gt.host_irq(gt_irq);
    cpu0.irq(gt_irq);

    // The blocks on SystemC buses, graphics memory a SystemC memory (16 MiB, 10 ns per access).
    const uint64_t rcs = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    gtsim::sc_cs_engine render("render");
    gtsim::sc_irq_gen11 irq("irq");
    gtsim::sc_memory memory("memory", 16u << 20, sc_core::sc_time(10, sc_core::SC_NS));
    gtsim::sc_bus mmio_bus("mmio_bus"), mem_bus("mem_bus");
    cpu cpu1("cpu1");
    sc_core::sc_signal<bool> host_line("host_line"), guc0("guc_vector_0"), guc1("guc_vector_1");
    cpu1.mmio.bind(mmio_bus.targets_in);
    mmio_bus.targets_out.bind(render.mmio_socket);
    mmio_bus.map(rcs, CS_BLOCK_SIZE);
    mmio_bus.targets_out.bind(irq.mmio_socket);
    mmio_bus.map(IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE);
    cpu1.mem.bind(mem_bus.targets_in);
    render.mem_socket.bind(mem_bus.targets_in);
    mem_bus.targets_out.bind(memory.socket);
    mem_bus.map(0, 16u << 20);
    render.irq_socket.bind(irq.msg_socket);
    irq.host_irq(host_line);
    irq.guc_vector[0](guc0);
    irq.guc_vector[1](guc1);
    cpu1.irq(host_line);

    sc_core::sc_start();
    bool ok = summary("gtsim_systemc_vp: gt system", cpu0, gt, gt.host_irq_stats());
    ok = summary("gtsim_systemc_vp: blocks system", cpu1, irq, irq.host_irq_stats()) && ok;
    tlm_dmi_cache_stats gt_memory = gt_memory_dmi_stats(gt.model());
    std::printf("gtsim_systemc_vp: GT memory transfers by DMI %llu, by b_transport on mem_socket %llu\n",
                static_cast<unsigned long long>(gt_memory.dmi_transfers),
                static_cast<unsigned long long>(gt_memory.forwarded));
    std::printf("gtsim_systemc_vp: render engine memory transfers by DMI %llu, through the socket %llu\n",
                static_cast<unsigned long long>(render.memory_bridge().dmi_transfers()),
                static_cast<unsigned long long>(render.memory_bridge().socket_transfers()));
    std::printf("%d passed, %d failed\n", (cpu0.done && cpu0.failures == 0) + (cpu1.done && cpu1.failures == 0),
                !(cpu0.done && cpu0.failures == 0) + !(cpu1.done && cpu1.failures == 0));
    return ok ? 0 : 1;
}
