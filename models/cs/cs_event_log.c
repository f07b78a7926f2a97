/* The event log (docs/reference/cs.md "Event log"): the commands the engine records instead of (or as
 * well as) executing them, the last CS_EVENT_LOG_CAPACITY of them, and the API that reads them. */
#include <stdlib.h>
#include <string.h>

#include "cs_engine_internal.h"
#include "tlm_alloc.h"

/* ---- recording --------------------------------------------------------------------------- */

/* Appends the command to the event log (docs/reference/cs.md "Event log"), dropping the oldest event
 * when the log is full. Each slot keeps its dword buffer, so a stream of forwarded pipeline
 * commands allocates only until every slot has grown to its commands' length. */
void cs_record(cs_engine_model *model, const cs_decoded *decoded)
{
    cs_event *event;
    if (model->event_count == CS_EVENT_LOG_CAPACITY) {
        event = &model->events[model->event_first];
        model->event_first = (model->event_first + 1u) % CS_EVENT_LOG_CAPACITY;
        model->stats.events_dropped++;
    } else {
        event = &model->events[(model->event_first + model->event_count) % CS_EVENT_LOG_CAPACITY];
        model->event_count++;
    }
    uint32_t length = decoded->available;
    event->command = decoded->command;
    event->time = tlm_kernel_now(model->kernel);
    event->address = model->command_at;
    event->level = model->level;
    event->length = length;
    event->dwords = tlm_alloc_grow(event->dwords, &event->capacity, length ? length : 1u, sizeof *event->dwords, 8u);
    memcpy(event->dwords, decoded->dwords, length * sizeof *event->dwords);
    model->stats.events++;
    tlm_log_info(model->log, "%s recorded (%u dwords)", decoded->command->name, length);
}

/* ---- the log API (cs_engine.h) ----------------------------------------------------------- */

size_t cs_engine_event_count(const cs_engine_model *model)
{
    return model->event_count;
}

const cs_event *cs_engine_event(const cs_engine_model *model, size_t index)
{
    if (index >= model->event_count)
        return NULL;
    return &model->events[(model->event_first + index) % CS_EVENT_LOG_CAPACITY];
}

void cs_engine_clear_events(cs_engine_model *model)
{
    for (size_t i = 0; i < CS_EVENT_LOG_CAPACITY; i++)
        free(model->events[i].dwords); /* every slot's buffer, used now or before */
    memset(model->events, 0, sizeof model->events);
    model->event_first = 0;
    model->event_count = 0;
}

bool cs_event_field(const cs_engine_model *model, const cs_event *event, const char *name, uint32_t instance,
                    uint64_t *value)
{
    if (!event || !event->dwords)
        return false;
    cs_decoded decoded;
    cs_decode(model->config.profile, model->config.engine, event->dwords, event->length, &decoded);
    return cs_decoded_field(&decoded, name, instance, value);
}
