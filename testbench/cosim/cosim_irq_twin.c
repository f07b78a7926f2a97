#include "cosim_irq_twin.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "irq_gen11_guc_regs.h"
#include "irq_gen11_regs.h"
#include "irq_rtl.h"
#include "cosim_axi_lite_transactor.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

/* Reset length: enough for any synchroniser in the block; the RTL needs one cycle. */
#define TWIN_RESET_CYCLES 4u
/* Cycles a message may wait for msg_ready_o; the RTL lowers it only in a cycle executing a
 * register access, and messages are stepped on an idle bus, so 1 suffices. */
#define TWIN_MESSAGE_TIMEOUT_CYCLES 16u

_Static_assert(IRQ_GEN11_BLOCK_SIZE <= COSIM_IRQ_RTL_GUC_BASE, "the host block fits below the GuC window");
_Static_assert(COSIM_IRQ_RTL_GUC_BASE + IRQ_GUC_BLOCK_SIZE <= (1u << COSIM_IRQ_RTL_ADDR_BITS),
               "the GuC block fits the port");

struct cosim_irq_twin;

/* One software interface's MMIO window on the shared port. */
typedef struct twin_window {
    struct cosim_irq_twin *twin; /* owner */
    tlm_target as_target;     /* the block's target */
    uint32_t base;            /* where the block starts on the port */
    uint32_t size;            /* the block's size (the model's register block size) */
} twin_window;

/* Waveform rows of the message port and the outputs (0 when not tracing). */
typedef struct twin_pin_trace {
    tlm_trace_id msg_valid, msg_ready, msg_class, msg_instance, msg_data; /* message port */
    tlm_trace_id host_irq, guc_vector;                                   /* outputs */
} twin_pin_trace;

struct cosim_irq_twin {
    cosim_irq_rtl *rtl;                      /* the Verilated block, through its wrapper */
    cosim_axi_lite_transactor *transactor;   /* MMIO (and the clock) in front of it */
    twin_window windows[IRQ_GEN11_INTERFACE_COUNT]; /* host and GuC blocks on the port */
    tlm_signal host_irq;                  /* host_irq_o, as sampled after each cycle */
    tlm_signal guc_vector[2];             /* guc_vector_o, as sampled after each cycle */
    cosim_irq_rtl_message_pins message;      /* the message on the port while one is offered */
    bool message_offered;                 /* a message waits for msg_ready_o */
    uint64_t messages;                    /* messages the RTL took */
    tlm_kernel *kernel;                   /* time base of the pin rows */
    tlm_clock *clock;                     /* the RTL's clock (its period stamps pin rows) */
    tlm_log_block *log;                   /* this twin's log counters */
    twin_pin_trace trace;                 /* pin rows */
    char guc_name[64];                    /* name of the GuC block's target */
};

static void trace_cycle(cosim_irq_twin *twin, const cosim_irq_rtl_message_pins *msg, bool ready)
{
    /* The message pins of a cycle are stamped at its start, as the transactor stamps the bus
     * pins (one period before the edge that ends it; the transactor declared that lookback). */
    tlm_time period = twin->clock->period;
    tlm_time edge = cosim_axi_lite_transactor_rtl_time(twin->transactor);
    tlm_time start = edge >= period ? edge - period : 0;
    tlm_trace_set_at(twin->kernel, twin->trace.msg_valid, start, msg->valid);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_ready, start, ready);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_class, start, msg->engine_class);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_instance, start, msg->instance);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_data, start, msg->data);
}

/* The transactor's cycle function: the bus pins it drives, plus the message port. */
static void rtl_cycle(void *context, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_irq_twin *twin = context;
    static const cosim_irq_rtl_message_pins none = { 0 };
    const cosim_irq_rtl_message_pins *msg = twin->message_offered ? &twin->message : &none;
    bool ready = cosim_irq_rtl_cycle(twin->rtl, in, msg, out);
    if (twin->trace.msg_valid)
        trace_cycle(twin, msg, ready);
    if (twin->message_offered && ready) {
        twin->message_offered = false;
        twin->messages++;
    }
}

static void sample_outputs(void *context, tlm_time edge_time)
{
    cosim_irq_twin *twin = context;
    cosim_irq_rtl_outputs now = cosim_irq_rtl_outputs_now(twin->rtl);
    /* The pins change at the edge; the signals follow when the kernel hears of it. */
    tlm_trace_set_at(twin->kernel, twin->trace.host_irq, edge_time, now.host_irq);
    tlm_trace_set_at(twin->kernel, twin->trace.guc_vector, edge_time,
                     (uint64_t)now.guc_vector[0] | (uint64_t)now.guc_vector[1] << 1);
    tlm_signal_set(&twin->host_irq, now.host_irq);
    tlm_signal_set(&twin->guc_vector[0], now.guc_vector[0]);
    tlm_signal_set(&twin->guc_vector[1], now.guc_vector[1]);
}

/* A block's window: what the model refuses (malformed payloads, offsets beyond the block) is
 * refused here with the model's status; the rest goes to the port at the window's base. */
static void window_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    twin_window *window = self;
    tlm_status status = tlm_register_payload_check(payload);
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE && payload->address >= window->size)
        status = TLM_STATUS_ADDRESS_ERROR;
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        return;
    }
    uint64_t address = payload->address;
    payload->address = address + window->base;
    tlm_b_transport(cosim_axi_lite_transactor_target(window->twin->transactor), payload, delay);
    payload->address = address;
}

static void twin_deliver(void *self, const irq_message *message)
{
    cosim_irq_twin *twin = self;
    twin->message = (cosim_irq_rtl_message_pins){
        .valid = true,
        .vf_id = message->vf_id,
        .engine_class = message->engine_class,
        .instance = message->instance,
        .data = message->data,
    };
    twin->message_offered = true;
    tlm_time now = tlm_kernel_now(twin->kernel);
    for (unsigned i = 0; i < TWIN_MESSAGE_TIMEOUT_CYCLES && twin->message_offered; i++)
        cosim_axi_lite_transactor_step_idle(twin->transactor, now);
    if (twin->message_offered) {
        twin->message_offered = false;
        tlm_log_error(twin->log, "message 0x%08x not taken within %u cycles (msg_ready_o low); dropped",
                      irq_message_pack(message), TWIN_MESSAGE_TIMEOUT_CYCLES);
    }
}

static void window_init(cosim_irq_twin *twin, irq_gen11_interface interface, const char *name, uint32_t base,
                        uint32_t size)
{
    twin_window *window = &twin->windows[interface];
    window->twin = twin;
    window->base = base;
    window->size = size;
    window->as_target = (tlm_target){ .name = name, .self = window, .b_transport = window_b_transport };
}

cosim_irq_twin *cosim_irq_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name)
{
    cosim_irq_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->kernel = kernel;
    twin->clock = clock;
    twin->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    twin->rtl = cosim_irq_rtl_create();
    if (!twin->rtl) {
        fprintf(stderr, "cosim_irq_twin_create: the Verilated model could not be built\n");
        abort();
    }
    cosim_irq_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    cosim_irq_rtl_outputs now = cosim_irq_rtl_outputs_now(twin->rtl);
    tlm_signal_init(&twin->host_irq, "host_irq", 1, now.host_irq);
    tlm_signal_init(&twin->guc_vector[0], "guc_vector0", 1, now.guc_vector[0]);
    tlm_signal_init(&twin->guc_vector[1], "guc_vector1", 1, now.guc_vector[1]);
    cosim_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin,
        .cycle = rtl_cycle,
        .address_bits = COSIM_IRQ_RTL_ADDR_BITS,
    };
    twin->transactor = cosim_axi_lite_transactor_create(&config);
    window_init(twin, IRQ_GEN11_HOST, name, 0, IRQ_GEN11_BLOCK_SIZE);
    snprintf(twin->guc_name, sizeof twin->guc_name, "%s_guc", name);
    window_init(twin, IRQ_GEN11_GUC, twin->guc_name, COSIM_IRQ_RTL_GUC_BASE, IRQ_GUC_BLOCK_SIZE);
    /* Beside the transactor's AXI pins (same scope): the message port and the outputs, and
     * the signals the rest of the system sees. */
    if (tlm_trace_on(kernel)) {
        twin->trace.msg_valid = tlm_trace_bits(kernel, name, "msg_valid_i", 1, TLM_TRACE_BIN, 0);
        twin->trace.msg_ready = tlm_trace_bits(kernel, name, "msg_ready_o", 1, TLM_TRACE_BIN, 0);
        twin->trace.msg_class = tlm_trace_bits(kernel, name, "msg_class_i", 3, TLM_TRACE_DEC, 0);
        twin->trace.msg_instance = tlm_trace_bits(kernel, name, "msg_instance_i", 6, TLM_TRACE_DEC, 0);
        twin->trace.msg_data = tlm_trace_bits(kernel, name, "msg_data_i", 16, TLM_TRACE_HEX, 0);
        twin->trace.host_irq = tlm_trace_bits(kernel, name, "host_irq_o", 1, TLM_TRACE_BIN, now.host_irq);
        twin->trace.guc_vector = tlm_trace_bits(kernel, name, "guc_vector_o", 2, TLM_TRACE_BIN,
                                                (uint64_t)now.guc_vector[0] | (uint64_t)now.guc_vector[1] << 1);
    }
    tlm_signal_trace(&twin->host_irq, kernel, name);
    tlm_signal_trace(&twin->guc_vector[0], kernel, name);
    tlm_signal_trace(&twin->guc_vector[1], kernel, name);
    cosim_axi_lite_transactor_on_cycle(twin->transactor, sample_outputs, twin);
    return twin;
}

void cosim_irq_twin_destroy(cosim_irq_twin *twin)
{
    if (!twin)
        return;
    cosim_axi_lite_transactor_destroy(twin->transactor);
    cosim_irq_rtl_destroy(twin->rtl);
    tlm_signal_destroy(&twin->host_irq);
    tlm_signal_destroy(&twin->guc_vector[0]);
    tlm_signal_destroy(&twin->guc_vector[1]);
    free(twin);
}

void cosim_irq_twin_reset(cosim_irq_twin *twin)
{
    twin->message_offered = false;
    cosim_irq_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    cosim_irq_rtl_outputs now = cosim_irq_rtl_outputs_now(twin->rtl);
    tlm_signal_set(&twin->host_irq, now.host_irq);
    tlm_signal_set(&twin->guc_vector[0], now.guc_vector[0]);
    tlm_signal_set(&twin->guc_vector[1], now.guc_vector[1]);
}

const tlm_target *cosim_irq_twin_target(cosim_irq_twin *twin, irq_gen11_interface interface)
{
    return &twin->windows[interface == IRQ_GEN11_GUC ? IRQ_GEN11_GUC : IRQ_GEN11_HOST].as_target;
}

irq_message_sink cosim_irq_twin_sink(cosim_irq_twin *twin)
{
    return (irq_message_sink){ .deliver = twin_deliver, .self = twin };
}

tlm_signal *cosim_irq_twin_host_irq(cosim_irq_twin *twin)
{
    return &twin->host_irq;
}

tlm_signal *cosim_irq_twin_guc_vector(cosim_irq_twin *twin, unsigned vector)
{
    return &twin->guc_vector[vector ? 1 : 0];
}

uint64_t cosim_irq_twin_cycles(const cosim_irq_twin *twin)
{
    return cosim_axi_lite_transactor_cycles(twin->transactor);
}

uint64_t cosim_irq_twin_assertion_failures(const cosim_irq_twin *twin)
{
    return cosim_irq_rtl_assertion_failures(twin->rtl);
}

const char *cosim_irq_twin_last_assertion(const cosim_irq_twin *twin)
{
    return cosim_irq_rtl_last_assertion(twin->rtl);
}

uint64_t cosim_irq_twin_messages(const cosim_irq_twin *twin)
{
    return twin->messages;
}
