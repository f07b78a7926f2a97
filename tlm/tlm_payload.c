#include "tlm_payload.h"

tlm_status tlm_payload_check(const tlm_payload *payload)
{
    if (payload->length == 0)
        return TLM_STATUS_BURST_ERROR;
    if (payload->data == NULL && payload->command != TLM_CMD_IGNORE)
        return TLM_STATUS_GENERIC_ERROR;
    if (payload->address + (payload->length - 1) < payload->address)
        return TLM_STATUS_ADDRESS_ERROR;
    if (payload->byte_enable) {
        if (payload->byte_enable_length == 0)
            return TLM_STATUS_BYTE_ENABLE_ERROR;
        for (uint32_t i = 0; i < payload->byte_enable_length; i++) {
            uint8_t enable = payload->byte_enable[i];
            if (enable != TLM_BYTE_LANE_ENABLED && enable != TLM_BYTE_LANE_DISABLED)
                return TLM_STATUS_BYTE_ENABLE_ERROR;
        }
    }
    return TLM_STATUS_OK;
}

const char *tlm_command_name(tlm_cmd command)
{
    switch (command) {
    case TLM_CMD_READ: return "read";
    case TLM_CMD_WRITE: return "write";
    case TLM_CMD_IGNORE: return "ignore";
    }
    return "invalid-command";
}

const char *tlm_response_name(tlm_status response)
{
    switch (response) {
    case TLM_STATUS_OK: return "OK";
    case TLM_STATUS_INCOMPLETE: return "INCOMPLETE";
    case TLM_STATUS_GENERIC_ERROR: return "GENERIC_ERROR";
    case TLM_STATUS_ADDRESS_ERROR: return "ADDRESS_ERROR";
    case TLM_STATUS_COMMAND_ERROR: return "COMMAND_ERROR";
    case TLM_STATUS_BURST_ERROR: return "BURST_ERROR";
    case TLM_STATUS_BYTE_ENABLE_ERROR: return "BYTE_ENABLE_ERROR";
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
