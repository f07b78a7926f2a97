#include "dma_model.h"

#include <stdlib.h>
#include <string.h>

#include "dma_copy_regs.h"
#include "dma_user_rtl.h"
#include "tlm_register.h"

/* Bytes per burst of the RTL: the model moves the same bytes, in any grouping. */
#define CHUNK 32u

struct dma_model {
    tlm_target registers;         /* the register block */
    tlm_kernel *kernel;           /* time of the messages */
    const tlm_target *memory;     /* master port "mem" */
    gtsim_user_message_fn message; /* where messages go */
    void *message_context;        /* their context */
    tlm_signal irq;               /* irq_done: high while DONE */
    uint32_t src, dst, len;       /* SRC, DST, LEN */
    uint32_t status;              /* DONE and ERROR (BUSY never shows: copies finish at once) */
    uint32_t count;               /* COUNT */
};

static uint32_t strobed(uint32_t old, const tlm_payload *payload)
{
    uint32_t value = old;
    for (unsigned i = 0; i < 4; i++)
        if (tlm_payload_byte_enabled(payload, i))
            value = (value & ~(0xFFu << (8 * i))) | (uint32_t)payload->data[i] << (8 * i);
    return value;
}

static bool transfer(dma_model *dma, tlm_cmd command, uint32_t address, uint8_t *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    tlm_time delay = 0;
    tlm_b_transport(dma->memory, &payload, &delay);
    return payload.response == TLM_STATUS_OK;
}

/* GO: the whole copy now (dma_copy.sv's rules: aligned addresses and length, else ERROR). */
static void copy(dma_model *dma)
{
    bool error = (dma->src | dma->dst | dma->len) & 7u;
    uint32_t length = error ? 0 : dma->len;
#ifdef DMA_MODEL_PLANTED_BUG
    /* The planted bug the lockstep must catch: the last 8 bytes of a copy longer than one burst
     * are left out. */
    if (length > CHUNK)
        length -= 8;
#endif
#ifdef DMA_MODEL_PLANTED_ORDER
    /* The planted bug only the order of writes shows: the destination's first 8 bytes are
     * cleared before the copy writes them. Memory ends the same as the RTL's (the model alone
     * passes the example's checks; a compare of final memory images would too), but the model
     * wrote those bytes twice, zero first, where the RTL wrote them once. */
    if (length >= 8) {
        uint8_t zero[8] = { 0 };
        error = !transfer(dma, TLM_CMD_WRITE, dma->dst, zero, sizeof zero);
    }
#endif
    for (uint32_t done = 0; done < length && !error; done += CHUNK) {
        uint8_t chunk[CHUNK];
        uint32_t n = length - done < CHUNK ? length - done : CHUNK;
        error = !transfer(dma, TLM_CMD_READ, dma->src + done, chunk, n) ||
                !transfer(dma, TLM_CMD_WRITE, dma->dst + done, chunk, n);
    }
    dma->status |= DMA_STATUS_DONE | (error ? DMA_STATUS_ERROR : 0u);
    dma->count++;
    tlm_signal_set(&dma->irq, 1);
    dma->message(dma->message_context, DMA_MESSAGE_DONE, dma->dst, tlm_kernel_now(dma->kernel));
}

static void registers_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    dma_model *dma = self;
    (void)delay;
    payload->response = tlm_register_payload_check(payload);
    if (payload->response != TLM_STATUS_OK)
        return;
    uint32_t offset = (uint32_t)payload->address;
    if (payload->command == TLM_CMD_WRITE) {
        uint32_t value = strobed(0, payload);
        switch (offset) {
        case DMA_SRC: dma->src = strobed(dma->src, payload); break;
        case DMA_DST: dma->dst = strobed(dma->dst, payload); break;
        case DMA_LEN: dma->len = strobed(dma->len, payload) & 0xFFFFu; break;
        case DMA_CTRL:
            if (value & DMA_CTRL_GO)
                copy(dma);
            break;
        case DMA_STATUS:
            dma->status &= ~(value & (DMA_STATUS_DONE | DMA_STATUS_ERROR));
            tlm_signal_set(&dma->irq, (dma->status & DMA_STATUS_DONE) != 0);
            break;
        case DMA_COUNT: payload->response = TLM_STATUS_GENERIC_ERROR; break;
        default: payload->response = TLM_STATUS_ADDRESS_ERROR; break;
        }
        return;
    }
    uint32_t value = 0;
    switch (offset) {
    case DMA_SRC: value = dma->src; break;
    case DMA_DST: value = dma->dst; break;
    case DMA_LEN: value = dma->len; break;
    case DMA_CTRL: value = 0; break;
    case DMA_STATUS: value = dma->status; break;
    case DMA_COUNT: value = dma->count; break;
    default: payload->response = TLM_STATUS_ADDRESS_ERROR; return;
    }
    for (unsigned i = 0; i < 4; i++)
        if (tlm_payload_byte_enabled(payload, i))
            payload->data[i] = (uint8_t)(value >> (8 * i));
}

void *dma_model_create(tlm_kernel *kernel, tlm_clock *clock, const gtsim_user_model_ports *ports, void *context)
{
    (void)clock;
    (void)context;
    dma_model *dma = calloc(1, sizeof *dma);
    if (!dma)
        abort();
    dma->kernel = kernel;
    dma->registers = (tlm_target){ .name = "dma_model", .self = dma, .b_transport = registers_b_transport };
    dma->memory = ports->masters[DMA_MASTER_MEM];
    dma->message = ports->message;
    dma->message_context = ports->message_context;
    tlm_signal_init(&dma->irq, "done", 1, 0);
    return dma;
}

void dma_model_destroy(void *model)
{
    dma_model *dma = model;
    tlm_signal_destroy(&dma->irq);
    free(dma);
}

const tlm_target *dma_model_registers(void *model)
{
    return &((dma_model *)model)->registers;
}

tlm_signal *dma_model_irq(void *model, unsigned index)
{
    return index == DMA_IRQ_DONE ? &((dma_model *)model)->irq : NULL;
}
