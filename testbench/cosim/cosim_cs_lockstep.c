#include "cosim_cs_lockstep.h"

#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"

/* Shadow data buffers up to this size live on the stack; larger ones are allocated. */
#define SHADOW_INLINE_BYTES 64u

struct cosim_cs_lockstep {
    tlm_kernel *kernel;               /* time base */
    cosim_stream_compare *compare;    /* both sides' streams */
    tlm_memory *image;                /* the model's memory image */
    cs_engine_model *model;           /* the reference */
    const tlm_target *host_path;      /* where the host's accesses go on */
    const tlm_target *dut_memory;     /* the dut's tap into it */
    cosim_cs_lockstep_dut dut;        /* the device under test */
    irq_message_sink downstream;      /* where the dut's messages go on */
    tlm_target mmio;                  /* the engine's registers, both sides */
    tlm_target host_memory;           /* the host's path to memory: both images */
};

/* The model's messages: items of the reference stream, and nowhere else. */
static void model_message(void *self, const irq_message *message)
{
    cosim_cs_lockstep *lockstep = self;
    cosim_stream_record_message(lockstep->compare, COSIM_STREAM_REF, tlm_kernel_now(lockstep->kernel),
                                irq_message_pack(message));
}

void cosim_cs_lockstep_dut_message(void *context, uint32_t message, tlm_time when)
{
    cosim_cs_lockstep *lockstep = context;
    cosim_stream_record_message(lockstep->compare, COSIM_STREAM_DUT, when, message);
    if (lockstep->downstream.deliver) {
        irq_message unpacked = irq_message_unpack(message);
        irq_message_send(&lockstep->downstream, &unpacked);
    }
}

static void record_read(cosim_cs_lockstep *lockstep, cosim_stream_side side, tlm_time start, const tlm_payload *payload,
                        const uint8_t *data)
{
    cosim_stream_record_read(lockstep->compare, side, start, payload->address, data, payload->length,
                             tlm_trace_response_code(payload->response));
}

static void mmio_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_cs_lockstep *lockstep = self;
    tlm_time start = tlm_kernel_now(lockstep->kernel) + *delay;
    uint8_t inline_shadow[SHADOW_INLINE_BYTES];
    uint8_t *shadow = payload->length <= SHADOW_INLINE_BYTES ? inline_shadow : tlm_alloc_zeroed(payload->length, 1);
    /* The model gets the same request with its own copy of the data (cosim_lockstep's way). */
    tlm_payload reference = *payload;
    if (payload->data && payload->length)
        memcpy(shadow, payload->data, payload->length);
    reference.data = payload->data ? shadow : NULL;
    tlm_time reference_delay = *delay;
    tlm_b_transport(cs_engine_target(lockstep->model), &reference, &reference_delay);
    if (lockstep->dut.registers)
        tlm_b_transport(lockstep->dut.registers, payload, delay);
    else
        payload->response = TLM_STATUS_ADDRESS_ERROR;
    if (payload->command == TLM_CMD_READ && payload->data) {
        record_read(lockstep, COSIM_STREAM_REF, start, &reference, shadow);
        record_read(lockstep, COSIM_STREAM_DUT, start, payload, payload->data);
    }
    if (shadow != inline_shadow)
        free(shadow);
}

static uint32_t mmio_dbg(void *self, tlm_payload *payload)
{
    cosim_cs_lockstep *lockstep = self;
    return lockstep->dut.registers ? tlm_transport_dbg(lockstep->dut.registers, payload) : 0;
}

/* The host writes both images; reads come from graphics memory (what the dut sees). */
static void host_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_cs_lockstep *lockstep = self;
    if (payload->command == TLM_CMD_WRITE) {
        tlm_payload copy = *payload;
        tlm_time copy_delay = *delay;
        tlm_b_transport(tlm_memory_target(lockstep->image), &copy, &copy_delay);
    }
    tlm_b_transport(lockstep->host_path, payload, delay);
}

static uint32_t host_dbg(void *self, tlm_payload *payload)
{
    cosim_cs_lockstep *lockstep = self;
    if (payload->command == TLM_CMD_WRITE) {
        tlm_payload copy = *payload;
        tlm_transport_dbg(tlm_memory_target(lockstep->image), &copy);
    }
    return tlm_transport_dbg(lockstep->host_path, payload);
}

cosim_cs_lockstep *cosim_cs_lockstep_create(tlm_kernel *kernel, const char *name, const cosim_cs_lockstep_config *config)
{
    cosim_cs_lockstep *lockstep = tlm_alloc_zeroed(1, sizeof *lockstep);
    lockstep->kernel = kernel;
    lockstep->host_path = config->host_path ? config->host_path : config->memory;
    lockstep->compare = cosim_stream_compare_create(kernel, name, &config->order);
    char image_name[96];
    snprintf(image_name, sizeof image_name, "%s_image", name);
    lockstep->image = tlm_memory_create(kernel, image_name, config->image_size);
    cs_engine_config engine = config->engine;
    engine.memory = cosim_stream_tap(lockstep->compare, COSIM_STREAM_REF, tlm_memory_target(lockstep->image));
    engine.irq = (irq_message_sink){ .deliver = model_message, .self = lockstep };
    char model_name[96];
    snprintf(model_name, sizeof model_name, "%s_model", name);
    lockstep->model = cs_engine_create(kernel, model_name, &engine);
    if (!lockstep->model) {
        cosim_cs_lockstep_destroy(lockstep);
        return NULL;
    }
    lockstep->dut_memory = cosim_stream_tap(lockstep->compare, COSIM_STREAM_DUT, config->memory);
    lockstep->mmio = (tlm_target){ .name = name, .self = lockstep, .b_transport = mmio_b_transport, .transport_dbg = mmio_dbg };
    lockstep->host_memory =
        (tlm_target){ .name = name, .self = lockstep, .b_transport = host_b_transport, .transport_dbg = host_dbg };
    return lockstep;
}

void cosim_cs_lockstep_destroy(cosim_cs_lockstep *lockstep)
{
    if (!lockstep)
        return;
    if (lockstep->model)
        cs_engine_destroy(lockstep->model);
    tlm_memory_destroy(lockstep->image);
    cosim_stream_compare_destroy(lockstep->compare);
    free(lockstep);
}

const tlm_target *cosim_cs_lockstep_dut_memory(cosim_cs_lockstep *lockstep)
{
    return lockstep->dut_memory;
}

void cosim_cs_lockstep_set_dut(cosim_cs_lockstep *lockstep, const cosim_cs_lockstep_dut *dut)
{
    lockstep->dut = *dut;
}

void cosim_cs_lockstep_set_message_sink(cosim_cs_lockstep *lockstep, const irq_message_sink *sink)
{
    lockstep->downstream = sink ? *sink : (irq_message_sink){ 0 };
}

const tlm_target *cosim_cs_lockstep_target(cosim_cs_lockstep *lockstep)
{
    return &lockstep->mmio;
}

const tlm_target *cosim_cs_lockstep_host_memory(cosim_cs_lockstep *lockstep)
{
    return &lockstep->host_memory;
}

cs_engine_model *cosim_cs_lockstep_model(cosim_cs_lockstep *lockstep)
{
    return lockstep->model;
}

tlm_memory *cosim_cs_lockstep_image(cosim_cs_lockstep *lockstep)
{
    return lockstep->image;
}

bool cosim_cs_lockstep_busy(const cosim_cs_lockstep *lockstep)
{
    return cs_engine_busy(lockstep->model) || (lockstep->dut.busy && lockstep->dut.busy(lockstep->dut.self));
}

uint64_t cosim_cs_lockstep_check(cosim_cs_lockstep *lockstep)
{
    return cosim_stream_compare_check(lockstep->compare, tlm_kernel_now(lockstep->kernel));
}

uint64_t cosim_cs_lockstep_finish(cosim_cs_lockstep *lockstep)
{
    return cosim_stream_compare_finish(lockstep->compare);
}

cosim_stream_compare *cosim_cs_lockstep_compare(cosim_cs_lockstep *lockstep)
{
    return lockstep->compare;
}

uint64_t cosim_cs_lockstep_mismatches(const cosim_cs_lockstep *lockstep)
{
    return cosim_stream_compare_mismatches(lockstep->compare);
}

uint64_t cosim_cs_lockstep_compared(const cosim_cs_lockstep *lockstep)
{
    return cosim_stream_compare_matched(lockstep->compare);
}
