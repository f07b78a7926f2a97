#include "irq_message.h"

#include <stddef.h>

/* spec 001 "Format of interrupt message": field positions. */
#define VF_ID_SHIFT 27u
#define VF_ID_MASK 0x7u
#define INSTANCE_SHIFT 20u
#define INSTANCE_MASK 0x3Fu
#define CLASS_SHIFT 16u
#define CLASS_MASK 0x7u
#define DATA_MASK 0xFFFFu

uint32_t irq_message_pack(const irq_message *message)
{
    return ((uint32_t)message->vf_id & VF_ID_MASK) << VF_ID_SHIFT |
           ((uint32_t)message->instance & INSTANCE_MASK) << INSTANCE_SHIFT |
           ((uint32_t)message->engine_class & CLASS_MASK) << CLASS_SHIFT | ((uint32_t)message->data & DATA_MASK);
}

irq_message irq_message_unpack(uint32_t word)
{
    return (irq_message){
        .vf_id = (uint8_t)(word >> VF_ID_SHIFT & VF_ID_MASK),
        .engine_class = (uint8_t)(word >> CLASS_SHIFT & CLASS_MASK),
        .instance = (uint8_t)(word >> INSTANCE_SHIFT & INSTANCE_MASK),
        .data = (uint16_t)(word & DATA_MASK),
    };
}

const char *irq_class_name(unsigned engine_class)
{
    switch (engine_class) {
    case IRQ_CLASS_RENDER: return "render";
    case IRQ_CLASS_VIDEO_DECODE: return "video decode";
    case IRQ_CLASS_VIDEO_ENHANCE: return "video enhancement";
    case IRQ_CLASS_COPY: return "copy";
    case IRQ_CLASS_OTHER: return "other";
    case IRQ_CLASS_COMPUTE: return "compute";
    }
    return "reserved";
}

const char *irq_data_bit_name(unsigned bit)
{
    switch (bit < 16 ? 1u << bit : 0u) {
    case IRQ_DATA_USER_INTERRUPT: return "user_interrupt";
    case IRQ_DATA_SYNC_STATUS: return "sync_status";
    case IRQ_DATA_MASTER_ERROR: return "master_error";
    case IRQ_DATA_NOTIFY: return "notify";
    case IRQ_DATA_TIMEOUT: return "timeout";
    case IRQ_DATA_PAGE_FAULT: return "page_fault";
    case IRQ_DATA_CONTEXT_SWITCH: return "context_switch";
    }
    return NULL;
}
