// Conversion between SystemC's TLM-2.0 generic payload and gtsim's tlm_payload (tlm/tlm_payload.h),
// both ways: command, address, data pointer, length, byte enables with their length, response
// status (the two enums share TLM-2.0's values). docs/guide/systemc.md "Payloads".
#ifndef GTSIM_SC_PAYLOAD_H
#define GTSIM_SC_PAYLOAD_H

// gtsim's names do not collide with SystemC's (docs/guide/library.md "Next to SystemC and TLM-2.0"),
// so the headers may come in any order.
#include "gtsim_tlm.h"

#include <systemc>
#include <tlm>

namespace gtsim {

// A gtsim payload describing the same transfer as `gp` (the data and byte-enable buffers are
// shared, not copied), in address space `space`, response incomplete.
tlm_payload to_gtsim(tlm::tlm_generic_payload &gp, tlm_address_space space);

// `gp` describing the same transfer as `p` (buffers shared), response copied.
void to_systemc(const tlm_payload &p, tlm::tlm_generic_payload &gp);

// The response statuses, one to one.
tlm::tlm_response_status to_systemc(tlm_status status);
tlm_status to_gtsim(tlm::tlm_response_status status);

// Whether gtsim can carry `gp` at all: a streaming width shorter than the length (a streaming
// burst) has no gtsim form, and a target refuses it with TLM_STATUS_BURST_ERROR.
bool is_streaming_burst(const tlm::tlm_generic_payload &gp);

// gtsim time (picoseconds) and SystemC time.
sc_core::sc_time to_sc_time(tlm_time ps);
tlm_time to_ps(const sc_core::sc_time &t);

} // namespace gtsim

#endif
