#include "tlm_payload.h"

tlm_response_status tlm_payload_check(const tlm_payload *payload)
{
    if (payload->length == 0)
        return TLM_BURST_ERROR_RESPONSE;
    if (payload->data == NULL && payload->command != TLM_IGNORE_COMMAND)
        return TLM_GENERIC_ERROR_RESPONSE;
    if (payload->address + (payload->length - 1) < payload->address)
        return TLM_ADDRESS_ERROR_RESPONSE;
    if (payload->byte_enable) {
        if (payload->byte_enable_length == 0)
            return TLM_BYTE_ENABLE_ERROR_RESPONSE;
        for (uint32_t i = 0; i < payload->byte_enable_length; i++) {
            uint8_t enable = payload->byte_enable[i];
            if (enable != TLM_BYTE_ENABLED && enable != TLM_BYTE_DISABLED)
                return TLM_BYTE_ENABLE_ERROR_RESPONSE;
        }
    }
    return TLM_OK_RESPONSE;
}

const char *tlm_command_name(tlm_command command)
{
    switch (command) {
    case TLM_READ_COMMAND: return "read";
    case TLM_WRITE_COMMAND: return "write";
    case TLM_IGNORE_COMMAND: return "ignore";
    }
    return "invalid-command";
}

const char *tlm_response_name(tlm_response_status response)
{
    switch (response) {
    case TLM_OK_RESPONSE: return "OK";
    case TLM_INCOMPLETE_RESPONSE: return "INCOMPLETE";
    case TLM_GENERIC_ERROR_RESPONSE: return "GENERIC_ERROR";
    case TLM_ADDRESS_ERROR_RESPONSE: return "ADDRESS_ERROR";
    case TLM_COMMAND_ERROR_RESPONSE: return "COMMAND_ERROR";
    case TLM_BURST_ERROR_RESPONSE: return "BURST_ERROR";
    case TLM_BYTE_ENABLE_ERROR_RESPONSE: return "BYTE_ENABLE_ERROR";
    }
    return "invalid-response";
}

const char *tlm_address_space_name(tlm_address_space space)
{
    switch (space) {
    case TLM_SPACE_MMIO: return "mmio";
    case TLM_SPACE_GGTT: return "ggtt";
    case TLM_SPACE_PPGTT: return "ppgtt";
    case TLM_SPACE_PHYSICAL: return "physical";
    }
    return "invalid-space";
}
