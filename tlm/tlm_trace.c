#include "tlm_trace.h"

#include <stdio.h>
#include <string.h>

/* ---- the kernel's log ----------------------------------------------------------------- */

static void log_hook(void *context, tlm_log_level level, const char *block, const char *message)
{
    tlm_trace_log *log = context;
    char text[1100];
    snprintf(text, sizeof text, "%s %s: %s", tlm_log_level_name(level), block, message);
    tlm_trace_set_text(log->kernel, log->message, text);
    if (level >= TLM_LOG_ERROR) {
        tlm_trace_set(log->kernel, log->errors, ++log->error_count);
        tlm_trace_trigger(log->kernel, text);
    }
}

void tlm_trace_log_attach(tlm_trace_log *log, tlm_kernel *kernel)
{
    *log = (tlm_trace_log){ .kernel = kernel };
    tlm_logger *logger = tlm_kernel_logger(kernel);
    if (!tlm_trace_on(kernel)) {
        tlm_logger_set_hook(logger, NULL, NULL);
        return;
    }
    log->message = tlm_trace_text(kernel, "log", "message", "");
    log->errors = tlm_trace_bits(kernel, "log", "errors", 32, TLM_TRACE_DEC, 0);
    tlm_trace_view(kernel, "log", TLM_TRACE_RANK_LOG, false);
    tlm_logger_set_hook(logger, log_hook, log);
}

/* ---- declaring ------------------------------------------------------------------------- */

static tlm_trace_id declare(tlm_kernel *kernel, const tlm_trace_row *row)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    return tracer ? tracer->ops->declare(tracer->sink, row) : TLM_TRACE_NONE;
}

tlm_trace_id tlm_trace_bits(tlm_kernel *kernel, const char *scope, const char *name, unsigned width,
                            tlm_trace_radix radix, uint64_t initial)
{
    tlm_trace_row row = {
        .scope = scope, .name = name, .kind = TLM_TRACE_BITS, .width = width, .radix = radix, .initial = initial,
    };
    return declare(kernel, &row);
}

uint32_t tlm_trace_enumeration(tlm_kernel *kernel, const char *name, const tlm_trace_enum_entry *entries,
                               size_t count)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    return tracer ? tracer->ops->declare_enum(tracer->sink, name, entries, count) : 0;
}

tlm_trace_id tlm_trace_enum(tlm_kernel *kernel, const char *scope, const char *name, unsigned width,
                            uint32_t enumeration, uint64_t initial)
{
    if (enumeration == 0)
        return TLM_TRACE_NONE;
    tlm_trace_row row = {
        .scope = scope, .name = name, .kind = TLM_TRACE_ENUM, .width = width, .enumeration = enumeration,
        .initial = initial,
    };
    return declare(kernel, &row);
}

tlm_trace_id tlm_trace_text(tlm_kernel *kernel, const char *scope, const char *name, const char *initial)
{
    tlm_trace_row row = { .scope = scope, .name = name, .kind = TLM_TRACE_TEXT, .initial_text = initial };
    return declare(kernel, &row);
}

void tlm_trace_view(tlm_kernel *kernel, const char *scope, int rank, bool collapsed)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer && tracer->ops->view)
        tracer->ops->view(tracer->sink, scope, rank, collapsed);
}

void tlm_trace_lookback(tlm_kernel *kernel, tlm_time lookback)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer && tracer->ops->lookback)
        tracer->ops->lookback(tracer->sink, lookback);
}

void tlm_trace_declared(tlm_kernel *kernel)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer && tracer->ops->declared)
        tracer->ops->declared(tracer->sink);
}

/* ---- changing -------------------------------------------------------------------------- */

void tlm_trace_emit(tlm_kernel *kernel, tlm_trace_id id, tlm_time at, uint64_t value)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer)
        tracer->ops->change(tracer->sink, id, at, tlm_kernel_now(kernel), value);
}

void tlm_trace_emit_text(tlm_kernel *kernel, tlm_trace_id id, tlm_time at, const char *text)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer)
        tracer->ops->change_text(tracer->sink, id, at, tlm_kernel_now(kernel), text ? text : "");
}

void tlm_trace_trigger(tlm_kernel *kernel, const char *reason)
{
    const tlm_tracer *tracer = tlm_kernel_tracer(kernel);
    if (tracer && tracer->ops->trigger)
        tracer->ops->trigger(tracer->sink, tlm_kernel_now(kernel), reason ? reason : "");
}

/* ---- signals --------------------------------------------------------------------------- */

void tlm_signal_trace(tlm_signal *signal, tlm_kernel *kernel, const char *scope)
{
    if (signal->trace_id != TLM_TRACE_NONE)
        return; /* the first caller (usually the block that owns it) names its row */
    tlm_trace_id id = tlm_trace_bits(kernel, scope, signal->name, signal->width,
                                     signal->width == 1 ? TLM_TRACE_BIN : TLM_TRACE_HEX, signal->value);
    if (id == TLM_TRACE_NONE)
        return;
    signal->trace_kernel = kernel;
    signal->trace_id = id;
}

/* ---- bus ports ------------------------------------------------------------------------- */

/* Indices of tlm_trace_bus.last. */
enum { BUS_ID, BUS_INITIATOR, BUS_COMMAND, BUS_ADDRESS, BUS_LENGTH, BUS_DATA, BUS_RESPONSE };


unsigned tlm_trace_response_code(tlm_status response)
{
    switch (response) {
    case TLM_STATUS_OK: return 0;
    case TLM_STATUS_INCOMPLETE: return 1;
    case TLM_STATUS_GENERIC_ERROR: return 2;
    case TLM_STATUS_ADDRESS_ERROR: return 3;
    case TLM_STATUS_COMMAND_ERROR: return 4;
    case TLM_STATUS_BURST_ERROR: return 5;
    case TLM_STATUS_BYTE_ENABLE_ERROR: return 6;
    }
    return 7; /* not a status TLM-2.0 defines */
}

void tlm_trace_bus_declare(tlm_trace_bus *bus, tlm_kernel *kernel, const char *scope, unsigned address_bits,
                           unsigned data_bytes)
{
    tlm_trace_bus_declare_view(bus, kernel, scope, address_bits, data_bytes, false);
}

void tlm_trace_bus_declare_view(tlm_trace_bus *bus, tlm_kernel *kernel, const char *scope, unsigned address_bits,
                                unsigned data_bytes, bool collapsed)
{
    *bus = (tlm_trace_bus){ .kernel = kernel };
    if (!tlm_trace_on(kernel))
        return;
    static const tlm_trace_enum_entry commands[] = {
        { TLM_CMD_READ, "read" },
        { TLM_CMD_WRITE, "write" },
        { TLM_CMD_IGNORE, "ignore" },
    };
    static const tlm_trace_enum_entry responses[] = {
        { 0, "OK" }, { 1, "INCOMPLETE" }, { 2, "GENERIC_ERROR" }, { 3, "ADDRESS_ERROR" },
        { 4, "COMMAND_ERROR" }, { 5, "BURST_ERROR" }, { 6, "BYTE_ENABLE_ERROR" }, { 7, "INVALID" },
    };
    address_bits = address_bits < 1 ? 1 : address_bits > 64 ? 64 : address_bits;
    data_bytes = data_bytes < 1 ? 1 : data_bytes > 8 ? 8 : data_bytes;
    bus->data_bytes = data_bytes;
    bus->address_mask = address_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << address_bits) - 1;
    uint32_t command_enum = tlm_trace_enumeration(kernel, "tlm_command", commands, 3);
    uint32_t response_enum = tlm_trace_enumeration(kernel, "tlm_response", responses, 8);
    /* Row order is the view's order: what the transaction is first, then what came back. */
    bus->command = tlm_trace_enum(kernel, scope, "command", 2, command_enum, TLM_CMD_IGNORE);
    bus->address = tlm_trace_bits(kernel, scope, "address", address_bits, TLM_TRACE_HEX, 0);
    bus->data = tlm_trace_bits(kernel, scope, "data", 8 * data_bytes, TLM_TRACE_HEX, 0);
    bus->response = tlm_trace_enum(kernel, scope, "response", 3, response_enum, 0);
    bus->length = tlm_trace_bits(kernel, scope, "length", 32, TLM_TRACE_DEC, 0);
    bus->initiator = tlm_trace_bits(kernel, scope, "initiator", 16, TLM_TRACE_HEX, 0);
    bus->id = tlm_trace_bits(kernel, scope, "id", 32, TLM_TRACE_DEC, 0);
    /* What the rows start as (their declared initial values): nothing to emit until it changes. */
    bus->last[BUS_COMMAND] = TLM_CMD_IGNORE;
    tlm_trace_view(kernel, scope, TLM_TRACE_RANK_BUS, collapsed);
}

/* A row of the port takes `value` at `time`, unless it holds that value already: most fields
 * of back-to-back transactions repeat, and a skipped row costs no call into the sink. (Only
 * when time does not go back: a loosely-timed initiator may stamp a transaction before the
 * port's latest change, and the value the row had then is not known here.) */
static inline void bus_set(tlm_trace_bus *bus, tlm_trace_id row, unsigned index, tlm_time time, uint64_t value)
{
    if (time >= bus->last_time && bus->last[index] == value)
        return;
    bus->last[index] = value;
    if (time > bus->last_time)
        bus->last_time = time;
    tlm_trace_set_at(bus->kernel, row, time, value);
}

/* The first data_bytes bytes of the payload's buffer, little-endian (fewer if shorter). */
static uint64_t payload_data(const tlm_trace_bus *bus, const tlm_payload *payload)
{
    if (!payload->data)
        return 0;
    uint32_t bytes = payload->length < bus->data_bytes ? payload->length : bus->data_bytes;
    uint64_t value = 0;
    for (uint32_t i = 0; i < bytes; i++)
        value |= (uint64_t)payload->data[i] << (8 * i);
    return value;
}

void tlm_trace_bus_request(tlm_trace_bus *bus, const tlm_payload *payload, tlm_time start)
{
    bus_set(bus, bus->id, BUS_ID, start, payload->correlation_id & UINT32_MAX);
    bus_set(bus, bus->initiator, BUS_INITIATOR, start, payload->initiator_id);
    bus_set(bus, bus->command, BUS_COMMAND, start, (uint64_t)payload->command);
    bus_set(bus, bus->address, BUS_ADDRESS, start, payload->address & bus->address_mask);
    bus_set(bus, bus->length, BUS_LENGTH, start, payload->length);
    /* Write data is known at the start; read data only when the target has answered. */
    if (payload->command == TLM_CMD_WRITE)
        bus_set(bus, bus->data, BUS_DATA, start, payload_data(bus, payload));
}

void tlm_trace_bus_response(tlm_trace_bus *bus, const tlm_payload *payload, tlm_time end)
{
    if (payload->command == TLM_CMD_READ && payload->response == TLM_STATUS_OK)
        bus_set(bus, bus->data, BUS_DATA, end, payload_data(bus, payload));
    bus_set(bus, bus->response, BUS_RESPONSE, end, tlm_trace_response_code(payload->response));
}

static void port_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_trace_port *port = self;
    tlm_time now = tlm_kernel_now(port->bus.kernel);
    tlm_trace_bus_request(&port->bus, payload, tlm_time_add_saturating(now, *delay));
    port->inner->b_transport(port->inner->self, payload, delay);
    tlm_trace_bus_response(&port->bus, payload, tlm_time_add_saturating(now, *delay));
}

static bool port_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    tlm_trace_port *port = self;
    return tlm_get_direct_mem_ptr(port->inner, payload, dmi);
}

static uint32_t port_transport_dbg(void *self, tlm_payload *payload)
{
    tlm_trace_port *port = self;
    return tlm_transport_dbg(port->inner, payload);
}

static void port_subscribe_dmi_invalidate(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    tlm_trace_port *port = self;
    tlm_subscribe_dmi_invalidate(port->inner, fn, context);
}

const tlm_target *tlm_trace_port_init(tlm_trace_port *port, tlm_kernel *kernel, const char *scope,
                                      const tlm_target *inner, unsigned address_bits, unsigned data_bytes,
                                      bool collapsed)
{
    *port = (tlm_trace_port){ .inner = inner };
    tlm_trace_bus_declare_view(&port->bus, kernel, scope, address_bits, data_bytes, collapsed);
    if (!tlm_trace_bus_on(&port->bus))
        return inner;
    port->as_target = (tlm_target){
        .name = inner->name,
        .self = port,
        .b_transport = port_b_transport,
        .get_direct_mem_ptr = inner->get_direct_mem_ptr ? port_get_direct_mem_ptr : NULL,
        .transport_dbg = inner->transport_dbg ? port_transport_dbg : NULL,
        .subscribe_dmi_invalidate = inner->subscribe_dmi_invalidate ? port_subscribe_dmi_invalidate : NULL,
    };
    return &port->as_target;
}
