#include "cosim_axi4_burst.h"

cosim_axi4_burst_rule cosim_axi4_burst_check(const cosim_axi4_burst_shape *shape)
{
    if (shape->size > COSIM_AXI4_MAX_SIZE)
        return COSIM_AXI4_BURST_SIZE_TOO_WIDE;
    uint32_t bytes = 1u << shape->size;
    uint32_t aligned = shape->address & ~(bytes - 1u);
    switch (shape->burst) {
    case COSIM_AXI4_BURST_FIXED:
        return shape->len > 15 ? COSIM_AXI4_BURST_FIXED_TOO_LONG : COSIM_AXI4_BURST_LEGAL;
    case COSIM_AXI4_BURST_WRAP:
        if (shape->len != 1 && shape->len != 3 && shape->len != 7 && shape->len != 15)
            return COSIM_AXI4_BURST_WRAP_LENGTH;
        return aligned != shape->address ? COSIM_AXI4_BURST_WRAP_UNALIGNED : COSIM_AXI4_BURST_LEGAL;
    case COSIM_AXI4_BURST_INCR:
        /* The last beat ends at aligned + beats * bytes; it must not pass the page end. */
        return (aligned & 0xFFFu) + bytes * (shape->len + 1u) > 4096u ? COSIM_AXI4_BURST_CROSSES_4K
                                                                      : COSIM_AXI4_BURST_LEGAL;
    default: return COSIM_AXI4_BURST_RESERVED_TYPE;
    }
}

const char *cosim_axi4_burst_rule_name(cosim_axi4_burst_rule rule)
{
    switch (rule) {
    case COSIM_AXI4_BURST_LEGAL: return "legal";
    case COSIM_AXI4_BURST_SIZE_TOO_WIDE: return "size wider than the bus";
    case COSIM_AXI4_BURST_RESERVED_TYPE: return "reserved burst type";
    case COSIM_AXI4_BURST_FIXED_TOO_LONG: return "FIXED burst longer than 16 beats";
    case COSIM_AXI4_BURST_WRAP_LENGTH: return "WRAP burst not 2, 4, 8 or 16 beats";
    case COSIM_AXI4_BURST_WRAP_UNALIGNED: return "WRAP burst start not size-aligned";
    case COSIM_AXI4_BURST_CROSSES_4K: return "INCR burst crosses a 4 KiB boundary";
    }
    return "?";
}

uint32_t cosim_axi4_beat_address(const cosim_axi4_burst_shape *shape, unsigned beat)
{
    uint32_t bytes = 1u << shape->size;
    uint32_t aligned = shape->address & ~(bytes - 1u);
    if (beat == 0 || shape->burst == COSIM_AXI4_BURST_FIXED)
        return shape->address;
    if (shape->burst == COSIM_AXI4_BURST_WRAP) {
        uint32_t wrap_bytes = bytes * (shape->len + 1u);
        uint32_t base = shape->address & ~(wrap_bytes - 1u);
        return base + ((shape->address - base + beat * bytes) % wrap_bytes);
    }
    return aligned + beat * bytes;
}

uint8_t cosim_axi4_beat_lanes(uint32_t address, uint8_t size)
{
    uint32_t bytes = 1u << size;
    uint32_t lower = address % COSIM_AXI4_DATA_BYTES;
    uint32_t upper = (address & ~(bytes - 1u)) % COSIM_AXI4_DATA_BYTES + bytes - 1u;
    uint8_t lanes = 0;
    for (uint32_t lane = lower; lane <= upper && lane < COSIM_AXI4_DATA_BYTES; lane++)
        lanes |= (uint8_t)(1u << lane);
    return lanes;
}

void cosim_axi4_burst_range(const cosim_axi4_burst_shape *shape, uint64_t *start, uint32_t *length)
{
    uint32_t bytes = 1u << shape->size;
    uint32_t aligned = shape->address & ~(bytes - 1u);
    uint32_t beats = shape->burst == COSIM_AXI4_BURST_FIXED ? 1u : shape->len + 1u;
    if (shape->burst == COSIM_AXI4_BURST_WRAP) {
        uint32_t wrap_bytes = bytes * beats;
        *start = shape->address & ~(wrap_bytes - 1u);
        *length = wrap_bytes;
        return;
    }
    *start = shape->address;
    *length = aligned + beats * bytes - shape->address;
}

uint8_t cosim_axi4_resp_from_status(tlm_status status)
{
    if (status == TLM_STATUS_OK)
        return COSIM_AXI_RESP_OKAY;
    return status == TLM_STATUS_ADDRESS_ERROR ? COSIM_AXI_RESP_DECERR : COSIM_AXI_RESP_SLVERR;
}

tlm_status cosim_axi4_status_from_resp(uint8_t resp)
{
    switch (resp) {
    case COSIM_AXI_RESP_OKAY:
    case COSIM_AXI_RESP_EXOKAY: return TLM_STATUS_OK;
    case COSIM_AXI_RESP_SLVERR: return TLM_STATUS_GENERIC_ERROR;
    default: return TLM_STATUS_ADDRESS_ERROR;
    }
}

static unsigned resp_rank(uint8_t resp)
{
    return resp == COSIM_AXI_RESP_DECERR ? 3u : resp == COSIM_AXI_RESP_SLVERR ? 2u : 1u;
}

uint8_t cosim_axi4_resp_worse(uint8_t a, uint8_t b)
{
    return resp_rank(b) > resp_rank(a) ? b : a;
}
