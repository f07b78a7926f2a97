// Generic payload conversion (gtsim_sc_payload.h).
#include "gtsim_sc_payload.h"

#include <cmath>

namespace gtsim {

tlm_payload to_gtsim(tlm::tlm_generic_payload &gp, tlm_address_space space)
{
    tlm_cmd command = TLM_CMD_IGNORE;
    if (gp.is_read())
        command = TLM_CMD_READ;
    else if (gp.is_write())
        command = TLM_CMD_WRITE;
    tlm_payload p = tlm_payload_make(command, gp.get_address(), gp.get_data_ptr(), gp.get_data_length());
    // TLM-2.0 and gtsim agree: a mask repeated every byte_enable_length bytes, 0xFF enabled.
    if (gp.get_byte_enable_ptr()) {
        p.byte_enable = gp.get_byte_enable_ptr();
        p.byte_enable_length = gp.get_byte_enable_length();
    }
    p.address_space = space;
    return p;
}

void to_systemc(const tlm_payload &p, tlm::tlm_generic_payload &gp)
{
    switch (p.command) {
    case TLM_CMD_READ:
        gp.set_command(tlm::TLM_READ_COMMAND);
        break;
    case TLM_CMD_WRITE:
        gp.set_command(tlm::TLM_WRITE_COMMAND);
        break;
    default:
        gp.set_command(tlm::TLM_IGNORE_COMMAND);
        break;
    }
    gp.set_address(p.address);
    gp.set_data_ptr(p.data);
    gp.set_data_length(p.length);
    gp.set_streaming_width(p.length);
    // The SystemC payload's byte-enable pointer is not const; targets only read it.
    gp.set_byte_enable_ptr(const_cast<unsigned char *>(p.byte_enable));
    gp.set_byte_enable_length(p.byte_enable ? p.byte_enable_length : 0);
    gp.set_dmi_allowed(p.dmi_allowed);
    gp.set_response_status(to_systemc(p.response));
}

tlm::tlm_response_status to_systemc(tlm_status status)
{
    switch (status) {
    case TLM_STATUS_OK: return tlm::TLM_OK_RESPONSE;
    case TLM_STATUS_INCOMPLETE: return tlm::TLM_INCOMPLETE_RESPONSE;
    case TLM_STATUS_ADDRESS_ERROR: return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    case TLM_STATUS_COMMAND_ERROR: return tlm::TLM_COMMAND_ERROR_RESPONSE;
    case TLM_STATUS_BURST_ERROR: return tlm::TLM_BURST_ERROR_RESPONSE;
    case TLM_STATUS_BYTE_ENABLE_ERROR: return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
    case TLM_STATUS_GENERIC_ERROR: break;
    }
    return tlm::TLM_GENERIC_ERROR_RESPONSE;
}

tlm_status to_gtsim(tlm::tlm_response_status status)
{
    switch (status) {
    case tlm::TLM_OK_RESPONSE: return TLM_STATUS_OK;
    case tlm::TLM_INCOMPLETE_RESPONSE: return TLM_STATUS_INCOMPLETE;
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return TLM_STATUS_ADDRESS_ERROR;
    case tlm::TLM_COMMAND_ERROR_RESPONSE: return TLM_STATUS_COMMAND_ERROR;
    case tlm::TLM_BURST_ERROR_RESPONSE: return TLM_STATUS_BURST_ERROR;
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return TLM_STATUS_BYTE_ENABLE_ERROR;
    case tlm::TLM_GENERIC_ERROR_RESPONSE: break;
    }
    return TLM_STATUS_GENERIC_ERROR;
}

bool is_streaming_burst(const tlm::tlm_generic_payload &gp)
{
    return gp.get_streaming_width() != 0 && gp.get_streaming_width() < gp.get_data_length();
}

sc_core::sc_time to_sc_time(tlm_time ps)
{
    return sc_core::sc_time(static_cast<double>(ps), sc_core::SC_PS);
}

tlm_time to_ps(const sc_core::sc_time &t)
{
    // Exact for times below 2^53 ps (about 2.5 hours), far beyond any run.
    return static_cast<tlm_time>(std::llround(t / sc_core::sc_time(1, sc_core::SC_PS)));
}

} // namespace gtsim
