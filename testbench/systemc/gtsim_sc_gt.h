// gtsim::sc_gt: the whole GT (models/gt) as a SystemC TLM-2.0 module (docs/guide/systemc.md).
//
//   mmio_socket  (target)     the 2 MiB MMIO BAR, offsets relative to the BAR; no DMI
//   mem_socket   (initiator)  graphics memory: every fetch and store of the GT's initiators (ring
//                             and batch fetches, stores, context images, CSB and status page, EU
//                             data port, GuC work queues and descriptors) goes out here, by DMI
//                             where the platform's memory grants it; unbound: the GT's own sparse
//                             memory serves them
//   gfx_socket   (target)     the GT's memory front: host accesses to graphics memory routed through
//                             it reach the same memory (out through mem_socket when bound) and the
//                             doorbells see the host's writes; DMI as the memory grants it, never
//                             write access over a line a doorbell watches
//   host_irq     (sc_out)     the interrupt aggregator's host line
//
// Host writes that reach the platform's memory by another path (its CPU writing DRAM directly)
// are told to the doorbells with memory_written() (docs/reference/gt.md "Graphics memory").
#ifndef GTSIM_SC_GT_H
#define GTSIM_SC_GT_H

#include "gtsim_sc_payload.h"  // first: see there

#include <string>

#include "gt.h"
#include "gtsim_sc_coupling.h"
#include "gtsim_sc_gfx_memory.h"

namespace gtsim {

class sc_gt : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;  // host MMIO into the BAR
    sc_c_target_socket gfx_socket;   // graphics memory as the host sees it (the memory front)
    tlm::tlm_initiator_socket<32, tlm::tlm_base_protocol_types, 1, sc_core::SC_ZERO_OR_MORE_BOUND>
        mem_socket;                  // graphics memory as the GT's initiators reach it (may stay unbound)
    sc_core::sc_out<bool> host_irq;  // the host interrupt line

    // `profile`: "gen12" (default) or "gen6"; throws std::runtime_error if the GT cannot be built.
    sc_gt(sc_core::sc_module_name name, const char *profile = "gen12",
          const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_gt() override;

    gt *model() const { return m_gt; }
    // The GT's own sparse memory: graphics memory while mem_socket is unbound.
    tlm_memory *memory() const { return m_memory.own(); }
    // True once elaboration found mem_socket bound.
    bool external_memory() const { return m_memory.external(); }
    const sc_memory_bridge &memory_bridge() const { return m_memory.bridge(); }
    // Bytes [address, address + length) of graphics memory were written without passing
    // gfx_socket: the doorbells look at the lines they watch there (at the C kernel's time).
    void memory_written(uint64_t address, uint64_t length) { gt_memory_written(m_gt, address, length); }
    // The host line's statistics (edges, worst latency).
    const sc_line_stats &host_irq_stats() const { return line_stats(m_host_line); }

private:
    void end_of_elaboration() override;

    sc_gfx_memory m_memory;                 // the GT's memory_target: mem_socket's or its own
    gt *m_gt = nullptr;                     // the GT (owned)
    size_t m_host_line = 0;                 // forwarded line index of host_irq
};

} // namespace gtsim

#endif
