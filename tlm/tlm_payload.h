/* Generic payload: the TLM-2.0 generic payload in C plus the attributes a GPU bus needs
 * (DESIGN §4). One payload describes one transfer of `length` bytes at `address`. */
#ifndef TLM_PAYLOAD_H
#define TLM_PAYLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tlm_cmd {
    TLM_CMD_READ,   /* copy target bytes into data */
    TLM_CMD_WRITE,  /* copy data into the target */
    TLM_CMD_IGNORE  /* no transfer; the target only answers (used to probe a route) */
} tlm_cmd;

/* Same values as TLM-2.0 so the two worlds translate one to one. */
typedef enum tlm_status {
    TLM_STATUS_OK = 1,
    TLM_STATUS_INCOMPLETE = 0,          /* not yet handled by any target */
    TLM_STATUS_GENERIC_ERROR = -1,      /* malformed payload (no data buffer) or target failure */
    TLM_STATUS_ADDRESS_ERROR = -2,      /* nothing at that address, or the transfer leaves its range */
    TLM_STATUS_COMMAND_ERROR = -3,      /* the target refuses this command (write to ROM, ...) */
    TLM_STATUS_BURST_ERROR = -4,        /* the target refuses this length (zero, too long, misaligned) */
    TLM_STATUS_BYTE_ENABLE_ERROR = -5   /* a byte-enable byte is neither 0x00 nor 0xFF, or an empty mask */
} tlm_status;

/* Which address space the address is in; targets may refuse a space they do not serve. */
typedef enum tlm_address_space {
    TLM_SPACE_MMIO,     /* register space behind the GTTMMADR BAR */
    TLM_SPACE_GGTT,     /* global graphics translation table addresses */
    TLM_SPACE_PPGTT,    /* per-process graphics addresses */
    TLM_SPACE_PHYSICAL  /* already translated system/local memory addresses */
} tlm_address_space;

/* Byte-enable values: TLM-2.0 semantics (0xFF enabled, 0x00 disabled). */
#define TLM_BYTE_LANE_ENABLED 0xFFu
#define TLM_BYTE_LANE_DISABLED 0x00u

struct tlm_payload;

/* Who answers an access to an offset where a mapped target has no register (a hole of its
 * block): set on the payload by a bus front that decodes its whole space (the GT's MMIO BAR,
 * docs/reference/gt.md "Unimplemented offsets") for the access in flight. */
typedef struct tlm_hole_handler {
    void (*answer)(void *self, struct tlm_payload *payload); /* sets the response (and read data) */
    void *self;                                              /* passed to answer */
} tlm_hole_handler;

typedef struct tlm_payload {
    tlm_cmd command;               /* read, write or ignore */
    uint64_t address;                  /* byte address; an interconnect may rebase it and restores it on return */
    uint8_t *data;                     /* length bytes, owned by the initiator */
    uint32_t length;                   /* bytes to transfer; 0 is refused with TLM_STATUS_BURST_ERROR */
    const uint8_t *byte_enable;        /* NULL: all bytes enabled; else a mask repeated every byte_enable_length bytes */
    uint32_t byte_enable_length;       /* length of the mask in bytes; must be non-zero when byte_enable is set */
    tlm_status response;      /* set by the target; initiators start with TLM_STATUS_INCOMPLETE */
    tlm_address_space address_space;   /* GPU attribute: which address space `address` is in */
    bool privileged;                   /* GPU attribute: issued from a privileged (ring/GuC) context */
    bool secure;                       /* GPU attribute: issued by a protected-content agent */
    bool dmi_allowed;                  /* set by a target: a DMI request for this range would succeed */
    uint16_t initiator_id;             /* GPU attribute: which bus master (engine, host, GuC, EU data port) */
    uint64_t correlation_id;           /* ties this transfer to trace records and log lines */
    const tlm_hole_handler *hole;      /* answers a hole of the target's block; NULL: ADDRESS_ERROR */
} tlm_payload;

/* A payload with the given command, address, data and length and default attributes
 * (MMIO space, not privileged, no byte enables, response incomplete). */
static inline tlm_payload tlm_payload_make(tlm_cmd command, uint64_t address, void *data, uint32_t length)
{
    /* Field by field after zeroing, not a designated initialiser: the header is also C++17. */
    tlm_payload payload;
    memset(&payload, 0, sizeof payload);
    payload.command = command;
    payload.address = address;
    payload.data = (uint8_t *)data;
    payload.length = length;
    payload.response = TLM_STATUS_INCOMPLETE;
    payload.address_space = TLM_SPACE_MMIO;
    return payload;
}

static inline bool tlm_response_is_ok(const tlm_payload *payload)
{
    return payload->response == TLM_STATUS_OK;
}

/* The structural checks every target applies before touching data: non-zero length
 * (burst error), a data buffer (generic error), a non-empty byte-enable mask whose bytes are
 * all 0x00 or 0xFF (byte-enable error), and no wrap of address + length past 2^64
 * (address error). Returns TLM_STATUS_OK when the payload is well formed. */
tlm_status tlm_payload_check(const tlm_payload *payload);

/* A target with no register at the payload's address answers through this: the front's hole
 * handler when the payload carries one (true), else nothing is done (false: the target answers
 * TLM_STATUS_ADDRESS_ERROR itself, and may log it). */
static inline bool tlm_payload_answer_hole(tlm_payload *payload)
{
    if (!payload->hole)
        return false;
    payload->hole->answer(payload->hole->self, payload);
    return true;
}

/* Whether byte `index` (0-based within the transfer) is enabled. */
static inline bool tlm_payload_byte_enabled(const tlm_payload *payload, uint32_t index)
{
    return payload->byte_enable == NULL ||
           payload->byte_enable[index % payload->byte_enable_length] == TLM_BYTE_LANE_ENABLED;
}

/* Short names for logs and traces: "read", "write", "ignore"; "OK", "ADDRESS_ERROR", ... */
const char *tlm_command_name(tlm_cmd command);
const char *tlm_response_name(tlm_status response);
const char *tlm_address_space_name(tlm_address_space space);

#ifdef __cplusplus
}
#endif

#endif
