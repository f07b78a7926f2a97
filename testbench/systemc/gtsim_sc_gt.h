// gtsim::sc_gt: the whole GT (models/gt) as a SystemC TLM-2.0 module (docs/guide/systemc.md).
//
//   mmio_socket  (target)  the 2 MiB MMIO BAR, offsets relative to the BAR; no DMI
//   gfx_socket   (target)  the GT's graphics memory (a gtsim sparse memory the GT owns); DMI
//                          granted page by page, write access withheld on pages the doorbells watch
//   host_irq     (sc_out)  the interrupt aggregator's host line
//
// The GT's own fetches and stores go to that graphics memory, not out through a socket: the GT
// (gt_config) takes a tlm_memory, not a memory target (docs/guide/systemc.md "Graphics memory").
#ifndef GTSIM_SC_GT_H
#define GTSIM_SC_GT_H

#include "gtsim_sc_payload.h"  // first: see there

#include <string>

#include "gt.h"
#include "gtsim_sc_coupling.h"

namespace gtsim {

class sc_gt : public sc_kernel_coupling {
public:
    sc_c_target_socket mmio_socket;  // host MMIO into the BAR
    sc_c_target_socket gfx_socket;   // graphics memory
    sc_core::sc_out<bool> host_irq;                      // the host interrupt line

    // `profile`: "gen12" (default) or "gen6"; throws std::runtime_error if the GT cannot be built.
    sc_gt(sc_core::sc_module_name name, const char *profile = "gen12",
          const sc_core::sc_time &quantum = default_coupling_quantum);
    ~sc_gt() override;

    gt *model() const { return m_gt; }
    tlm_memory *memory() const { return m_memory; }
    // The host line's statistics (edges, worst latency).
    const sc_line_stats &host_irq_stats() const { return line_stats(m_host_line); }

private:
    tlm_memory *m_memory = nullptr;  // graphics memory (owned)
    gt *m_gt = nullptr;              // the GT (owned)
    size_t m_host_line = 0;          // forwarded line index of host_irq
};

} // namespace gtsim

#endif
