#include "doorbell_app.h"

#include <string.h>

/* The line's QW0 (spec 001 "Doorbell Page and Cacheline"): DW0 status in bits 31:0, DW1
 * cookie in bits 63:32 (little endian, as the CPU's CMPXCHG8B sees EDX:EAX). */
#define QW_ACTIVE UINT64_C(1)
#define QW_COOKIE_SHIFT 32

static uint64_t qw(uint32_t status, uint32_t cookie)
{
    return (uint64_t)cookie << QW_COOKIE_SHIFT | status;
}

const char *doorbell_app_status_name(doorbell_app_status status)
{
    switch (status) {
    case DOORBELL_APP_RUNG: return "rung";
    case DOORBELL_APP_LOST: return "lost";
    case DOORBELL_APP_BUS_ERROR: return "bus error";
    case DOORBELL_APP_RETRY_LIMIT: return "retry limit";
    }
    return "?";
}

void doorbell_app_client_init(doorbell_app_client *client, const tlm_target *memory, uint64_t line,
                              uint16_t initiator_id)
{
    memset(client, 0, sizeof *client);
    client->memory = memory;
    client->line = line;
    client->initiator_id = initiator_id;
}

uint32_t doorbell_app_next_cookie(uint32_t cookie)
{
    return cookie == UINT32_MAX ? 1u : cookie + 1u;
}

static tlm_status access(doorbell_app_client *client, tlm_cmd command, uint64_t address,
                                  uint8_t bytes[8])
{
    tlm_payload payload = tlm_payload_make(command, address, bytes, 8);
    payload.address_space = TLM_SPACE_PHYSICAL;
    payload.initiator_id = client->initiator_id;
    tlm_b_transport(client->memory, &payload, &client->delay);
    return payload.response;
}

bool doorbell_app_compare_exchange(doorbell_app_client *client, uint64_t address, uint64_t *expected,
                                   uint64_t replacement, tlm_status *response)
{
    uint8_t bytes[8];
    *response = access(client, TLM_CMD_READ, address, bytes);
    if (*response != TLM_STATUS_OK)
        return false;
    uint64_t current;
    memcpy(&current, bytes, 8);
    if (current != *expected) {
        *expected = current;
        return false;
    }
    memcpy(bytes, &replacement, 8);
    *response = access(client, TLM_CMD_WRITE, address, bytes);
    return *response == TLM_STATUS_OK;
}

/* spec 001 "Application Flow" steps 1-2 and outcomes #1-#3. */
doorbell_app_status doorbell_app_ring(doorbell_app_client *client)
{
    uint64_t expected = qw((uint32_t)QW_ACTIVE, client->cookie);
    for (unsigned attempt = 0; attempt < DOORBELL_APP_MAX_ATTEMPTS; attempt++) {
        uint32_t believed = (uint32_t)(expected >> QW_COOKIE_SHIFT);
        uint32_t next = doorbell_app_next_cookie(believed);
        tlm_status response;
        if (doorbell_app_compare_exchange(client, client->line, &expected, qw((uint32_t)QW_ACTIVE, next),
                                          &response)) {
            client->cookie = next; /* outcome #1 */
            client->rings++;
            return DOORBELL_APP_RUNG;
        }
        if (response != TLM_STATUS_OK)
            return DOORBELL_APP_BUS_ERROR;
        if (!(expected & QW_ACTIVE)) /* outcome #3: the bell is not there */
            return DOORBELL_APP_LOST;
        client->races++; /* outcome #2: take the cookie read and race again */
        expected = qw((uint32_t)QW_ACTIVE, (uint32_t)(expected >> QW_COOKIE_SHIFT));
    }
    return DOORBELL_APP_RETRY_LIMIT;
}

static void agent_step(void *context)
{
    doorbell_app_agent *agent = context;
    agent->last = doorbell_app_ring(&agent->client);
    if (agent->remaining)
        agent->remaining--;
    if (agent->remaining && agent->last == DOORBELL_APP_RUNG)
        tlm_event_notify(agent->kernel, &agent->event, agent->period);
}

void doorbell_app_agent_start(doorbell_app_agent *agent, tlm_kernel *kernel, tlm_time start, tlm_time period,
                              uint32_t count)
{
    agent->kernel = kernel;
    agent->period = period;
    agent->remaining = count;
    agent->last = DOORBELL_APP_RUNG;
    tlm_event_init(&agent->event, "doorbell_app", agent_step, agent);
    if (count)
        tlm_event_notify(kernel, &agent->event, start);
}
