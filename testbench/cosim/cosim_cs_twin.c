#include "cosim_cs_twin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_axi4_trace.h"
#include "cosim_axi_lite_transactor.h"
#include "cs_commands.h"
#include "cs_regs.h"
#include "cs_rtl.h"
#include "irq_message.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

/* Reset length: the RTL needs one cycle; a few more cost nothing. */
#define TWIN_RESET_CYCLES 4u

_Static_assert(CS_BLOCK_SIZE == (1u << COSIM_CS_RTL_ADDR_BITS), "the register port decodes the engine's block");

/* Waveform rows of the message port and the status outputs (0 when not tracing). */
typedef struct twin_pin_trace {
    tlm_trace_id msg_valid, msg_data, halted, idle; /* outputs */
} twin_pin_trace;

struct cosim_cs_twin {
    cosim_cs_rtl *rtl;                     /* the Verilated engine */
    cosim_axi_lite_transactor *transactor; /* registers, and the clock */
    cosim_axi4_slave *bus;                 /* answers the master port from the memory target */
    tlm_target as_target;                  /* the register window */
    /* The register port's pins of the cycle the AXI-Lite transactor is stepping (the AXI4
     * transactor's cycle function runs inside it). */
    const cosim_axi_lite_request_pins *lite_in;
    cosim_axi_lite_response_pins *lite_out;
    cosim_cs_rtl_outputs outputs;          /* the last cycle's outputs */
    cosim_cs_twin_message_fn on_message;   /* where messages go */
    void *message_context;                 /* its context */
    uint64_t messages;                     /* messages delivered */
    uint64_t addr_high;                    /* bursts whose address did not fit the port */
    uint64_t lri_foreign;                  /* LRI pairs outside the engine, dropped */
    tlm_kernel *kernel;                    /* time base */
    tlm_clock *clock;                      /* the RTL's clock */
    tlm_log_block *log;                    /* this twin's log counters */
    cosim_axi4_trace axi_trace;            /* master port rows */
    twin_pin_trace trace;                  /* message and status rows */
};

/* The AXI4 slave transactor's cycle function: one RTL cycle with both ports. */
static void master_cycle(void *context, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
{
    cosim_cs_twin *twin = context;
    cosim_cs_rtl_inputs inputs = { .axi = *in, .msg_ready = true };
    cosim_cs_rtl_cycle(twin->rtl, twin->lite_in, &inputs, twin->lite_out, &twin->outputs);
    *out = twin->outputs.axi;
    if (twin->axi_trace.clk) {
        tlm_time edge = cosim_axi_lite_transactor_rtl_time(twin->transactor);
        cosim_axi4_trace_cycle(&twin->axi_trace, twin->kernel, out, in, edge, twin->clock->period);
    }
}

/* The AXI-Lite transactor's cycle function: the register pins of this cycle, then the AXI4
 * transactor steps the RTL once with them. */
static void lite_cycle(void *context, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_cs_twin *twin = context;
    twin->lite_in = in;
    twin->lite_out = out;
    cosim_axi4_slave_run(twin->bus, 1);
    twin->lite_in = NULL;
    twin->lite_out = NULL;
}

/* After every edge: a message taken at it goes to the callback; the side outputs are logged. */
static void sample_outputs(void *context, tlm_time edge_time)
{
    cosim_cs_twin *twin = context;
    const cosim_cs_rtl_outputs *now = &twin->outputs;
    if (twin->trace.msg_valid) {
        tlm_time start = edge_time >= twin->clock->period ? edge_time - twin->clock->period : 0;
        tlm_trace_set_at(twin->kernel, twin->trace.msg_valid, start, now->msg_valid);
        tlm_trace_set_at(twin->kernel, twin->trace.msg_data, start, now->msg_data);
        tlm_trace_set_at(twin->kernel, twin->trace.halted, start, now->halted);
        tlm_trace_set_at(twin->kernel, twin->trace.idle, start, now->idle);
    }
    if (now->addr_high && twin->addr_high++ == 0)
        tlm_log_error(twin->log, "a burst address above 4 GiB does not fit the 32-bit master port (outside the twin's "
                                 "subset; logged once)");
    if (now->lri_foreign && twin->lri_foreign++ == 0)
        tlm_log_warning(twin->log, "MI_LOAD_REGISTER_IMM to a register outside the engine dropped (the twin has no "
                                   "MMIO master; logged once)");
    if (!now->msg_valid) /* msg_ready is always high: a valid message is taken at this edge */
        return;
    twin->messages++;
    /* The RTL's port carries the data bits; the message around them is the render engine's
     * (cs_irq.c cs_send_event: its class, instance 0). */
    irq_message message = { .engine_class = IRQ_CLASS_RENDER, .instance = 0, .data = now->msg_data };
    if (twin->on_message)
        twin->on_message(twin->message_context, irq_message_pack(&message), edge_time);
    else
        tlm_log_warning(twin->log, "interrupt message 0x%04x: nothing connected, dropped", now->msg_data);
}

/* The register window: what the model refuses is refused here with the model's status. */
static void window_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_cs_twin *twin = self;
    tlm_status status = tlm_register_payload_check(payload);
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE && payload->address >= CS_BLOCK_SIZE)
        status = TLM_STATUS_ADDRESS_ERROR;
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        return;
    }
    tlm_b_transport(cosim_axi_lite_transactor_target(twin->transactor), payload, delay);
}

cosim_cs_twin *cosim_cs_twin_create_delayed(tlm_kernel *kernel, tlm_clock *clock, const char *name,
                                            const tlm_target *memory, const cosim_axi4_delay delay[COSIM_AXI4_CHANNELS])
{
    /* The RTL is built with the render engine's base; the model's table must agree. */
    if (cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base != COSIM_CS_RTL_MMIO_BASE) {
        fprintf(stderr, "cosim_cs_twin_create: the RTL's MMIO base differs from the gen12 render engine's\n");
        abort();
    }
    cosim_cs_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->kernel = kernel;
    twin->clock = clock;
    twin->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    twin->rtl = cosim_cs_rtl_create();
    if (!twin->rtl) {
        fprintf(stderr, "cosim_cs_twin_create: the Verilated model could not be built\n");
        abort();
    }
    cosim_cs_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    char bus_name[128];
    snprintf(bus_name, sizeof bus_name, "%s.m_axi", name);
    cosim_axi4_slave_config bus = {
        .name = bus_name,
        .kernel = kernel,
        .clock = NULL, /* stepped by lite_cycle, once per cycle of the register transactor */
        .period = clock->period,
        .rtl = twin,
        .cycle = master_cycle,
        .target = memory,
        .address_space = TLM_SPACE_GGTT,
        .initiator_id = COSIM_CS_TWIN_INITIATOR_ID,
    };
    if (delay)
        memcpy(bus.delay, delay, sizeof bus.delay);
    twin->bus = cosim_axi4_slave_create(&bus);
    cosim_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin,
        .cycle = lite_cycle,
        .address_bits = COSIM_CS_RTL_ADDR_BITS,
        .initiator_id = COSIM_CS_TWIN_INITIATOR_ID,
    };
    twin->transactor = cosim_axi_lite_transactor_create(&config);
    twin->as_target = (tlm_target){ .name = name, .self = twin, .b_transport = window_b_transport };
    /* Beside the transactor's AXI4-Lite pins (same scope): the master port, the message port
     * and the status outputs. */
    cosim_axi4_trace_declare(&twin->axi_trace, kernel, name, true, clock->period);
    if (tlm_trace_on(kernel)) {
        twin->trace.msg_valid = tlm_trace_bits(kernel, name, "msg_valid_o", 1, TLM_TRACE_BIN, 0);
        twin->trace.msg_data = tlm_trace_bits(kernel, name, "msg_data_o", 16, TLM_TRACE_HEX, 0);
        twin->trace.halted = tlm_trace_bits(kernel, name, "halted_o", 1, TLM_TRACE_BIN, 0);
        twin->trace.idle = tlm_trace_bits(kernel, name, "idle_o", 1, TLM_TRACE_BIN, 1);
    }
    cosim_axi_lite_transactor_on_cycle(twin->transactor, sample_outputs, twin);
    return twin;
}

cosim_cs_twin *cosim_cs_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name, const tlm_target *memory)
{
    return cosim_cs_twin_create_delayed(kernel, clock, name, memory, NULL);
}

void cosim_cs_twin_destroy(cosim_cs_twin *twin)
{
    if (!twin)
        return;
    cosim_axi_lite_transactor_destroy(twin->transactor);
    cosim_axi4_slave_destroy(twin->bus);
    cosim_cs_rtl_destroy(twin->rtl);
    free(twin);
}

const tlm_target *cosim_cs_twin_registers(cosim_cs_twin *twin)
{
    return &twin->as_target;
}

void cosim_cs_twin_on_message(cosim_cs_twin *twin, cosim_cs_twin_message_fn fn, void *context)
{
    twin->on_message = fn;
    twin->message_context = context;
}

bool cosim_cs_twin_halted(const cosim_cs_twin *twin)
{
    return cosim_cs_rtl_halted_now(twin->rtl);
}

bool cosim_cs_twin_idle(const cosim_cs_twin *twin)
{
    return cosim_cs_rtl_idle_now(twin->rtl) && cosim_axi4_slave_idle(twin->bus);
}

uint64_t cosim_cs_twin_cycles(const cosim_cs_twin *twin)
{
    return cosim_axi_lite_transactor_cycles(twin->transactor);
}

tlm_time cosim_cs_twin_rtl_time(const cosim_cs_twin *twin)
{
    return cosim_axi_lite_transactor_rtl_time(twin->transactor);
}

uint64_t cosim_cs_twin_messages(const cosim_cs_twin *twin)
{
    return twin->messages;
}

cosim_axi4_slave_stats cosim_cs_twin_bus_stats(const cosim_cs_twin *twin)
{
    return cosim_axi4_slave_get_stats(twin->bus);
}

uint64_t cosim_cs_twin_assertion_failures(const cosim_cs_twin *twin)
{
    return cosim_cs_rtl_assertion_failures(twin->rtl);
}

const char *cosim_cs_twin_last_assertion(const cosim_cs_twin *twin)
{
    return cosim_cs_rtl_last_assertion(twin->rtl);
}

int cosim_cs_twin_planted_bug(void)
{
    return cosim_cs_rtl_planted_bug();
}
