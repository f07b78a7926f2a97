#include "cosim_axi_lite_transactor.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_register.h"

#define DEFAULT_TIMEOUT_CYCLES 1000u

/* Waveform rows of the pins (when tracing), named as the slave's ports (rtl/axi_lite). */
typedef struct axi_pin_trace {
    tlm_trace_id clk;                          /* clk_i: 1 at each rising edge, 0 half a period later (also "is traced") */
    tlm_trace_id awvalid, awready, awaddr, awprot; /* write address channel */
    tlm_trace_id wvalid, wready, wdata, wstrb;     /* write data channel */
    tlm_trace_id bvalid, bready, bresp;            /* write response channel */
    tlm_trace_id arvalid, arready, araddr, arprot; /* read address channel */
    tlm_trace_id rvalid, rready, rdata, rresp;     /* read data channel */
} axi_pin_trace;

struct cosim_axi_lite_transactor {
    tlm_target as_target;             /* the tlm side */
    cosim_axi_lite_transactor_config config; /* copy of the configuration */
    tlm_time next_edge;               /* time of the next rising edge the RTL has not seen */
    uint64_t cycles;                  /* RTL cycles stepped */
    cosim_axi_lite_request_pins idle;    /* pins with every VALID and READY low */
    tlm_callback_list observers;      /* cosim_axi_lite_cycle_observer_fn entries */
    tlm_log_block *log;               /* this transactor's log counters */
    axi_pin_trace trace;              /* pin rows; all 0 when not tracing */
};

tlm_status cosim_axi_lite_response_status(uint8_t resp)
{
    switch (resp) {
    case COSIM_AXI_RESP_OKAY:
    case COSIM_AXI_RESP_EXOKAY: return TLM_STATUS_OK;
    case COSIM_AXI_RESP_SLVERR: return TLM_STATUS_GENERIC_ERROR;
    default: return TLM_STATUS_ADDRESS_ERROR;
    }
}

/* The pins of the cycle that ends at the rising edge `edge`: driven (and answered) after the
 * previous edge, so they are stamped there, as an RTL simulator would show them; the clock
 * rises at the previous edge and falls half a period later. (The transactor declared that
 * lookback of one period.) */
static __attribute__((noinline)) void trace_pins(cosim_axi_lite_transactor *transactor,
                                                 const cosim_axi_lite_request_pins *in,
                                                 const cosim_axi_lite_response_pins *out, tlm_time edge)
{
    const axi_pin_trace *t = &transactor->trace;
    tlm_kernel *kernel = transactor->config.kernel;
    tlm_time period = transactor->config.clock->period;
    tlm_time cycle = edge >= period ? edge - period : 0;
    tlm_trace_set_at(kernel, t->clk, cycle, 1);
    tlm_trace_set_at(kernel, t->clk, cycle + period / 2, 0);
    tlm_trace_set_at(kernel, t->awvalid, cycle, in->awvalid);
    tlm_trace_set_at(kernel, t->awready, cycle, out->awready);
    tlm_trace_set_at(kernel, t->awaddr, cycle, in->awaddr);
    tlm_trace_set_at(kernel, t->awprot, cycle, in->awprot);
    tlm_trace_set_at(kernel, t->wvalid, cycle, in->wvalid);
    tlm_trace_set_at(kernel, t->wready, cycle, out->wready);
    tlm_trace_set_at(kernel, t->wdata, cycle, in->wdata);
    tlm_trace_set_at(kernel, t->wstrb, cycle, in->wstrb);
    tlm_trace_set_at(kernel, t->bvalid, cycle, out->bvalid);
    tlm_trace_set_at(kernel, t->bready, cycle, in->bready);
    tlm_trace_set_at(kernel, t->bresp, cycle, out->bresp);
    tlm_trace_set_at(kernel, t->arvalid, cycle, in->arvalid);
    tlm_trace_set_at(kernel, t->arready, cycle, out->arready);
    tlm_trace_set_at(kernel, t->araddr, cycle, in->araddr);
    tlm_trace_set_at(kernel, t->arprot, cycle, in->arprot);
    tlm_trace_set_at(kernel, t->rvalid, cycle, out->rvalid);
    tlm_trace_set_at(kernel, t->rready, cycle, in->rready);
    tlm_trace_set_at(kernel, t->rdata, cycle, out->rdata);
    tlm_trace_set_at(kernel, t->rresp, cycle, out->rresp);
}

static void declare_pin_rows(cosim_axi_lite_transactor *transactor)
{
    tlm_kernel *kernel = transactor->config.kernel;
    const char *scope = transactor->config.name;
    unsigned address_bits = transactor->config.address_bits;
    axi_pin_trace *t = &transactor->trace;
    if (!tlm_trace_on(kernel))
        return;
    t->clk = tlm_trace_bits(kernel, scope, "clk_i", 1, TLM_TRACE_BIN, 0);
    t->awvalid = tlm_trace_bits(kernel, scope, "s_axil_awvalid_i", 1, TLM_TRACE_BIN, 0);
    t->awready = tlm_trace_bits(kernel, scope, "s_axil_awready_o", 1, TLM_TRACE_BIN, 0);
    t->awaddr = tlm_trace_bits(kernel, scope, "s_axil_awaddr_i", address_bits, TLM_TRACE_HEX, 0);
    t->awprot = tlm_trace_bits(kernel, scope, "s_axil_awprot_i", 3, TLM_TRACE_BIN, 0);
    t->wvalid = tlm_trace_bits(kernel, scope, "s_axil_wvalid_i", 1, TLM_TRACE_BIN, 0);
    t->wready = tlm_trace_bits(kernel, scope, "s_axil_wready_o", 1, TLM_TRACE_BIN, 0);
    t->wdata = tlm_trace_bits(kernel, scope, "s_axil_wdata_i", 32, TLM_TRACE_HEX, 0);
    t->wstrb = tlm_trace_bits(kernel, scope, "s_axil_wstrb_i", 4, TLM_TRACE_BIN, 0);
    t->bvalid = tlm_trace_bits(kernel, scope, "s_axil_bvalid_o", 1, TLM_TRACE_BIN, 0);
    t->bready = tlm_trace_bits(kernel, scope, "s_axil_bready_i", 1, TLM_TRACE_BIN, 0);
    t->bresp = tlm_trace_bits(kernel, scope, "s_axil_bresp_o", 2, TLM_TRACE_BIN, 0);
    t->arvalid = tlm_trace_bits(kernel, scope, "s_axil_arvalid_i", 1, TLM_TRACE_BIN, 0);
    t->arready = tlm_trace_bits(kernel, scope, "s_axil_arready_o", 1, TLM_TRACE_BIN, 0);
    t->araddr = tlm_trace_bits(kernel, scope, "s_axil_araddr_i", address_bits, TLM_TRACE_HEX, 0);
    t->arprot = tlm_trace_bits(kernel, scope, "s_axil_arprot_i", 3, TLM_TRACE_BIN, 0);
    t->rvalid = tlm_trace_bits(kernel, scope, "s_axil_rvalid_o", 1, TLM_TRACE_BIN, 0);
    t->rready = tlm_trace_bits(kernel, scope, "s_axil_rready_i", 1, TLM_TRACE_BIN, 0);
    t->rdata = tlm_trace_bits(kernel, scope, "s_axil_rdata_o", 32, TLM_TRACE_HEX, 0);
    t->rresp = tlm_trace_bits(kernel, scope, "s_axil_rresp_o", 2, TLM_TRACE_BIN, 0);
    tlm_trace_lookback(kernel, transactor->config.clock->period);
}

/* Steps the RTL through the next rising edge with `in` driven; `out` gets the pre-edge
 * outputs. */
static void step(cosim_axi_lite_transactor *transactor, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    transactor->config.cycle(transactor->config.rtl, in, out);
    tlm_time edge = transactor->next_edge;
    if (transactor->trace.clk)
        trace_pins(transactor, in, out, edge);
    transactor->next_edge += transactor->config.clock->period;
    transactor->cycles++;
    const tlm_callback_list *observers = &transactor->observers;
    for (size_t i = 0; i < observers->count; i++)
        ((cosim_axi_lite_cycle_observer_fn)observers->entries[i].fn)(observers->entries[i].context, edge);
}

/* Idle cycles for every edge at or before `time`: the RTL catches up with the clock. */
static void step_idle_through(cosim_axi_lite_transactor *transactor, tlm_time time)
{
    cosim_axi_lite_response_pins ignored;
    while (transactor->next_edge <= time)
        step(transactor, &transactor->idle, &ignored);
}

static void clock_rising(void *context, tlm_clock *clock, uint64_t cycle)
{
    (void)clock;
    (void)cycle;
    cosim_axi_lite_transactor *transactor = context;
    step_idle_through(transactor, tlm_kernel_now(transactor->config.kernel));
}

/* Runs one write or read to completion. Returns the response status; *rdata gets read data. */
static tlm_status run_cycles(cosim_axi_lite_transactor *transactor, const tlm_payload *payload, uint32_t *rdata)
{
    const bool write = payload->command == TLM_CMD_WRITE;
    cosim_axi_lite_request_pins in = transactor->idle;
    uint32_t address = (uint32_t)payload->address;
    uint8_t prot = payload->privileged ? 1u : 0u; /* AxPROT[0]: privileged access */
    if (write) {
        uint32_t data = 0;
        for (uint32_t i = 0; i < 4; i++)
            data |= (uint32_t)payload->data[i] << (8 * i);
        uint32_t enables = tlm_register_bit_enables(payload);
        uint8_t strobes = 0;
        for (uint32_t i = 0; i < 4; i++)
            strobes |= (uint8_t)((enables >> (8 * i) & 1u) << i);
        in.awvalid = true;
        in.awaddr = address;
        in.awprot = prot;
        in.wvalid = true;
        in.wdata = data;
        in.wstrb = strobes;
        in.bready = true;
    } else {
        in.arvalid = true;
        in.araddr = address;
        in.arprot = prot;
        in.rready = true;
    }
    for (uint32_t waited = 0; waited < transactor->config.timeout_cycles; waited++) {
        cosim_axi_lite_response_pins out;
        cosim_axi_lite_request_pins driven = in;
        step(transactor, &driven, &out);
        /* Handshakes happen at this edge when VALID and READY were both high before it. */
        if (driven.awvalid && out.awready)
            in.awvalid = false;
        if (driven.wvalid && out.wready)
            in.wvalid = false;
        if (driven.arvalid && out.arready)
            in.arvalid = false;
        if (write && driven.bready && out.bvalid)
            return cosim_axi_lite_response_status(out.bresp);
        if (!write && driven.rready && out.rvalid) {
            *rdata = out.rdata;
            return cosim_axi_lite_response_status(out.rresp);
        }
    }
    tlm_log_error(transactor->log, "%s at 0x%08" PRIx32 ": no %s within %" PRIu32 " cycles; transaction abandoned",
                  tlm_command_name(payload->command), address, write ? "BVALID" : "RVALID",
                  transactor->config.timeout_cycles);
    /* Drop every VALID so the slave is not left with a half-offered transfer. */
    cosim_axi_lite_response_pins ignored;
    step(transactor, &transactor->idle, &ignored);
    return TLM_STATUS_GENERIC_ERROR;
}

static void transactor_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_axi_lite_transactor *transactor = self;
    tlm_status status = tlm_register_payload_check(payload);
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE &&
        transactor->config.address_bits < 64 && (payload->address >> transactor->config.address_bits) != 0)
        status = TLM_STATUS_ADDRESS_ERROR;
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        tlm_log_error(transactor->log, "%s at 0x%" PRIx64 " length %" PRIu32 " refused before the bus: %s",
                      tlm_command_name(payload->command), payload->address, payload->length,
                      tlm_response_name(status));
        return;
    }
    if (payload->command == TLM_CMD_IGNORE) {
        payload->response = TLM_STATUS_OK;
        return;
    }
    tlm_time now = tlm_kernel_now(transactor->config.kernel);
    tlm_time start = now + *delay;
    /* Catch up: edges before the requested start carry no transfer. */
    step_idle_through(transactor, start);
    uint32_t rdata = 0;
    status = run_cycles(transactor, payload, &rdata);
    /* The transfer completed at its last edge, one period before next_edge. */
    tlm_time completion = transactor->next_edge - transactor->config.clock->period;
    *delay = completion > now ? completion - now : 0;
    payload->response = status;
    if (status == TLM_STATUS_OK && payload->command == TLM_CMD_READ) {
        for (uint32_t i = 0; i < 4; i++)
            if (tlm_payload_byte_enabled(payload, i))
                payload->data[i] = (uint8_t)(rdata >> (8 * i));
    }
}

cosim_axi_lite_transactor *cosim_axi_lite_transactor_create(const cosim_axi_lite_transactor_config *config)
{
    cosim_axi_lite_transactor *transactor = tlm_alloc_zeroed(1, sizeof *transactor);
    transactor->config = *config;
    if (transactor->config.timeout_cycles == 0)
        transactor->config.timeout_cycles = DEFAULT_TIMEOUT_CYCLES;
    if (transactor->config.address_bits == 0 || transactor->config.address_bits > 32)
        transactor->config.address_bits = 32;
    transactor->log = tlm_logger_block(tlm_kernel_logger(config->kernel), config->name);
    transactor->next_edge = tlm_clock_next_rising_edge(config->clock);
    transactor->as_target = (tlm_target){
        .name = config->name,
        .self = transactor,
        .b_transport = transactor_b_transport,
    };
    tlm_clock_on_rising(config->clock, clock_rising, transactor);
    declare_pin_rows(transactor);
    return transactor;
}

void cosim_axi_lite_transactor_destroy(cosim_axi_lite_transactor *transactor)
{
    if (!transactor)
        return;
    tlm_clock_remove_rising(transactor->config.clock, clock_rising, transactor);
    tlm_callback_list_free(&transactor->observers);
    free(transactor);
}

const tlm_target *cosim_axi_lite_transactor_target(cosim_axi_lite_transactor *transactor)
{
    return &transactor->as_target;
}

void cosim_axi_lite_transactor_on_cycle(cosim_axi_lite_transactor *transactor, cosim_axi_lite_cycle_observer_fn fn,
                                     void *context)
{
    tlm_callback_list_add(&transactor->observers, (tlm_callback_fn)fn, context);
}

tlm_time cosim_axi_lite_transactor_step_idle(cosim_axi_lite_transactor *transactor, tlm_time start)
{
    step_idle_through(transactor, start);
    tlm_time edge = transactor->next_edge;
    cosim_axi_lite_response_pins ignored;
    step(transactor, &transactor->idle, &ignored);
    return edge;
}

uint64_t cosim_axi_lite_transactor_cycles(const cosim_axi_lite_transactor *transactor)
{
    return transactor->cycles;
}

tlm_time cosim_axi_lite_transactor_rtl_time(const cosim_axi_lite_transactor *transactor)
{
    return transactor->next_edge;
}
