#include "cosim_doorbell_twin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doorbell_regs.h"
#include "doorbell_rtl.h"
#include "cosim_axi_lite_transactor.h"
#include "tlm_alloc.h"
#include "tlm_register.h"

/* Reset length: the RTL needs one cycle; a few more cost nothing. */
#define TWIN_RESET_CYCLES 4u

_Static_assert(DOORBELL_BLOCK_SIZE <= COSIM_DOORBELL_RTL_ARM_BASE, "the block fits below the arming window");
_Static_assert(COSIM_DOORBELL_RTL_ARM_BASE + DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE <= COSIM_DOORBELL_RTL_INSTALL_STATUS &&
                   COSIM_DOORBELL_RTL_INSTALL_STATUS < (1u << COSIM_DOORBELL_RTL_ADDR_BITS),
               "the arming window and the install status fit the port");
/* The RTL reports install results as the model's enum values (rtl/doorbell/doorbell.sv). */
_Static_assert(DOORBELL_INSTALL_OK == 0 && DOORBELL_INSTALL_BUSY == 1 && DOORBELL_INSTALL_CACHELINE_IN_USE == 2 &&
                   DOORBELL_INSTALL_PENDING == 3 && DOORBELL_INSTALL_FAULT == 4 && DOORBELL_INSTALL_INACTIVE == 5,
               "install result codes as the RTL encodes them");

struct cosim_doorbell_twin;

/* One doorbell as the twin watches it. */
typedef struct twin_bell {
    struct cosim_doorbell_twin *twin; /* owner, for the observer */
    unsigned number;               /* doorbell number */
    tlm_watch_id watch;            /* memory watch while the RTL's VALID is set, 0 otherwise */
} twin_bell;

/* Waveform rows of the snoop port and the outputs (0 when not tracing). */
typedef struct twin_pin_trace {
    tlm_trace_id snoop_valid, snoop_fill, snoop_line, snoop_data; /* snoop port */
    tlm_trace_id msg_valid, msg_groups, read_valid, read_bits;    /* outputs */
} twin_pin_trace;

struct cosim_doorbell_twin {
    cosim_doorbell_rtl *rtl;                /* the Verilated block, through its wrapper */
    cosim_axi_lite_transactor *transactor;  /* MMIO (and the clock) in front of it */
    tlm_target as_target;                /* the block's window */
    tlm_memory *memory;                  /* where the watched lines are */
    twin_bell bells[DOORBELL_COUNT];     /* watches */
    doorbell_guc_port guc;               /* where messages and group reads go */
    cosim_doorbell_rtl_snoop_pins snoop;    /* the snoop offered in the next cycle */
    uint64_t snoops;                     /* snoops driven */
    tlm_kernel *kernel;                  /* time base */
    tlm_clock *clock;                    /* the RTL's clock */
    tlm_log_block *log;                  /* this twin's log counters */
    twin_pin_trace trace;                /* pin rows */
};

/* The transactor's cycle function: the bus pins it drives, plus the snoop port (one cycle). */
static void rtl_cycle(void *context, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_doorbell_twin *twin = context;
    if (twin->trace.snoop_valid) {
        /* Stamped at the cycle's start, as the transactor stamps the bus pins. */
        tlm_time period = twin->clock->period;
        tlm_time edge = cosim_axi_lite_transactor_rtl_time(twin->transactor);
        tlm_time start = edge >= period ? edge - period : 0;
        tlm_trace_set_at(twin->kernel, twin->trace.snoop_valid, start, twin->snoop.valid);
        tlm_trace_set_at(twin->kernel, twin->trace.snoop_fill, start, twin->snoop.fill);
        tlm_trace_set_at(twin->kernel, twin->trace.snoop_line, start, twin->snoop.line);
        tlm_trace_set_at(twin->kernel, twin->trace.snoop_data, start, twin->snoop.data);
    }
    cosim_doorbell_rtl_cycle(twin->rtl, in, &twin->snoop, out);
    if (twin->snoop.valid)
        twin->snoops++;
    twin->snoop = (cosim_doorbell_rtl_snoop_pins){ 0 };
}

/* After every edge: the registered outputs are one-cycle pulses; each goes to the port once. */
static void sample_outputs(void *context, tlm_time edge_time)
{
    cosim_doorbell_twin *twin = context;
    cosim_doorbell_rtl_outputs now = cosim_doorbell_rtl_outputs_now(twin->rtl);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_valid, edge_time, now.msg_valid);
    tlm_trace_set_at(twin->kernel, twin->trace.msg_groups, edge_time, now.msg_groups);
    tlm_trace_set_at(twin->kernel, twin->trace.read_valid, edge_time, now.read_valid);
    tlm_trace_set_at(twin->kernel, twin->trace.read_bits, edge_time, now.read_bits);
    if (now.read_valid && twin->guc.group_read)
        twin->guc.group_read(twin->guc.self, now.read_group, now.read_bits);
    if (now.msg_valid) {
        if (twin->guc.rung)
            twin->guc.rung(twin->guc.self, now.msg_groups);
        else
            tlm_log_warning(twin->log, "groups 0x%02x rang: no GuC interrupt block connected, message dropped",
                            now.msg_groups);
    }
}

/* Drives one snoop in the next cycle (stepped at once). */
static void drive_snoop(cosim_doorbell_twin *twin, uint64_t line, uint64_t data, bool fill)
{
    twin->snoop = (cosim_doorbell_rtl_snoop_pins){ .valid = true, .fill = fill, .line = line, .data = data };
    cosim_axi_lite_transactor_step_idle(twin->transactor, tlm_kernel_now(twin->kernel));
}

static void line_written(void *context, const tlm_memory_write *write)
{
    twin_bell *bell = context;
    cosim_doorbell_twin *twin = bell->twin;
    if (!bell->watch)
        return;
    uint64_t data;
    memcpy(&data, write->line_data, sizeof data);
    drive_snoop(twin, write->line_address, data, false);
    /* The RTL cleared VALID (deactivation): stop watching, as the model does. */
    if (!cosim_doorbell_rtl_valid(twin->rtl, bell->number)) {
        tlm_memory_unwatch(twin->memory, bell->watch);
        bell->watch = 0;
    }
}

/* The block's window: what the model refuses is refused here with the model's status. */
static void window_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_doorbell_twin *twin = self;
    tlm_status status = tlm_register_payload_check(payload);
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE && payload->address >= DOORBELL_BLOCK_SIZE)
        status = TLM_STATUS_ADDRESS_ERROR;
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        return;
    }
    tlm_b_transport(cosim_axi_lite_transactor_target(twin->transactor), payload, delay);
}

/* One 32-bit access of the arming window; the response. */
static tlm_status arm_access(cosim_doorbell_twin *twin, tlm_cmd command, uint32_t address,
                                      uint32_t *value, tlm_time *delay)
{
    uint8_t bytes[4];
    memcpy(bytes, value, 4);
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    tlm_b_transport(cosim_axi_lite_transactor_target(twin->transactor), &payload, delay);
    memcpy(value, bytes, 4);
    return payload.response;
}

static uint32_t install_status(cosim_doorbell_twin *twin, tlm_time *delay)
{
    uint32_t value = 0;
    if (arm_access(twin, TLM_CMD_READ, COSIM_DOORBELL_RTL_INSTALL_STATUS, &value, delay) != TLM_STATUS_OK)
        tlm_log_error(twin->log, "install status read failed on the RTL's port");
    return value;
}

doorbell_install_result cosim_doorbell_twin_install(cosim_doorbell_twin *twin, unsigned bell_number, uint64_t line)
{
    if (bell_number >= DOORBELL_COUNT || (line % TLM_MEMORY_CACHELINE_SIZE) != 0 ||
        (line >> TLM_MEMORY_ADDRESS_BITS) != 0) {
        tlm_log_warning(twin->log, "doorbell %u install on line 0x%012llx refused: %s", bell_number,
                        (unsigned long long)line, doorbell_install_result_name(DOORBELL_INSTALL_FAULT));
        return DOORBELL_INSTALL_FAULT;
    }
    /* The wrapper's sequence (spec 001 "Doorbell Arming Sequence"): upper dword, then the lower
     * one with VALID. The install is zero time for its caller: the RTL runs ahead. */
    tlm_time delay = 0;
    uint32_t base = COSIM_DOORBELL_RTL_ARM_BASE + bell_number * DOORBELL_REGISTER_STRIDE;
    uint32_t upper = (uint32_t)(line >> 32) << DOORBELL_DRBREGU0_ADDRESS_HI_SHIFT & DOORBELL_DRBREGU0_ADDRESS_HI_MASK;
    uint32_t lower = ((uint32_t)line & DOORBELL_DRBREGL0_ADDRESS_LO_MASK) | DOORBELL_DRBREGL0_VALID_MASK;
    arm_access(twin, TLM_CMD_WRITE, base + DOORBELL_DRBREGU0_OFFSET, &upper, &delay);
    arm_access(twin, TLM_CMD_WRITE, base + DOORBELL_DRBREGL0_OFFSET, &lower, &delay);
    uint32_t status = install_status(twin, &delay);
    if (status & COSIM_DOORBELL_RTL_INSTALL_FILL_WAIT) {
        /* The controller acquires the line (spec 001 "Doorbell Flows", initial flow). */
        uint64_t data = 0;
        tlm_memory_read(twin->memory, line, &data, sizeof data);
        drive_snoop(twin, line, data, true);
        status = install_status(twin, &delay);
    }
    doorbell_install_result result = (doorbell_install_result)(status & COSIM_DOORBELL_RTL_INSTALL_RESULT_MASK);
    if (result == DOORBELL_INSTALL_OK) {
        twin_bell *bell = &twin->bells[bell_number];
        bell->watch = tlm_memory_watch(twin->memory, line, line_written, bell);
        if (!bell->watch)
            result = DOORBELL_INSTALL_FAULT;
    }
    if (result != DOORBELL_INSTALL_OK)
        tlm_log_warning(twin->log, "doorbell %u install on line 0x%012llx refused: %s", bell_number,
                        (unsigned long long)line, doorbell_install_result_name(result));
    return result;
}

cosim_doorbell_twin *cosim_doorbell_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name, tlm_memory *memory)
{
    cosim_doorbell_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->kernel = kernel;
    twin->clock = clock;
    twin->memory = memory;
    twin->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    twin->rtl = cosim_doorbell_rtl_create();
    if (!twin->rtl) {
        fprintf(stderr, "cosim_doorbell_twin_create: the Verilated model could not be built\n");
        abort();
    }
    cosim_doorbell_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    for (unsigned i = 0; i < DOORBELL_COUNT; i++)
        twin->bells[i] = (twin_bell){ .twin = twin, .number = i };
    cosim_axi_lite_transactor_config config = {
        .name = name,
        .kernel = kernel,
        .clock = clock,
        .rtl = twin,
        .cycle = rtl_cycle,
        .address_bits = COSIM_DOORBELL_RTL_ADDR_BITS,
    };
    twin->transactor = cosim_axi_lite_transactor_create(&config);
    twin->as_target = (tlm_target){ .name = name, .self = twin, .b_transport = window_b_transport };
    /* Beside the transactor's AXI pins (same scope): the snoop port and the outputs. */
    if (tlm_trace_on(kernel)) {
        twin->trace.snoop_valid = tlm_trace_bits(kernel, name, "snoop_valid_i", 1, TLM_TRACE_BIN, 0);
        twin->trace.snoop_fill = tlm_trace_bits(kernel, name, "snoop_fill_i", 1, TLM_TRACE_BIN, 0);
        twin->trace.snoop_line = tlm_trace_bits(kernel, name, "snoop_line_i", 48, TLM_TRACE_HEX, 0);
        twin->trace.snoop_data = tlm_trace_bits(kernel, name, "snoop_data_i", 64, TLM_TRACE_HEX, 0);
        twin->trace.msg_valid = tlm_trace_bits(kernel, name, "guc_msg_valid_o", 1, TLM_TRACE_BIN, 0);
        twin->trace.msg_groups = tlm_trace_bits(kernel, name, "guc_msg_groups_o", 8, TLM_TRACE_BIN, 0);
        twin->trace.read_valid = tlm_trace_bits(kernel, name, "group_read_valid_o", 1, TLM_TRACE_BIN, 0);
        twin->trace.read_bits = tlm_trace_bits(kernel, name, "group_read_bits_o", 32, TLM_TRACE_HEX, 0);
    }
    cosim_axi_lite_transactor_on_cycle(twin->transactor, sample_outputs, twin);
    return twin;
}

void cosim_doorbell_twin_destroy(cosim_doorbell_twin *twin)
{
    if (!twin)
        return;
    for (unsigned i = 0; i < DOORBELL_COUNT; i++)
        if (twin->bells[i].watch)
            tlm_memory_unwatch(twin->memory, twin->bells[i].watch);
    cosim_axi_lite_transactor_destroy(twin->transactor);
    cosim_doorbell_rtl_destroy(twin->rtl);
    free(twin);
}

void cosim_doorbell_twin_reset(cosim_doorbell_twin *twin)
{
    twin->snoop = (cosim_doorbell_rtl_snoop_pins){ 0 };
    cosim_doorbell_rtl_reset(twin->rtl, TWIN_RESET_CYCLES);
    for (unsigned i = 0; i < DOORBELL_COUNT; i++) {
        if (twin->bells[i].watch)
            tlm_memory_unwatch(twin->memory, twin->bells[i].watch);
        twin->bells[i].watch = 0;
    }
}

const tlm_target *cosim_doorbell_twin_target(cosim_doorbell_twin *twin)
{
    return &twin->as_target;
}

void cosim_doorbell_twin_set_guc_port(cosim_doorbell_twin *twin, const doorbell_guc_port *port)
{
    twin->guc = *port;
}

bool cosim_doorbell_twin_valid(const cosim_doorbell_twin *twin, unsigned bell)
{
    return cosim_doorbell_rtl_valid(twin->rtl, bell);
}

uint32_t cosim_doorbell_twin_valid_word(const cosim_doorbell_twin *twin, unsigned word)
{
    return cosim_doorbell_rtl_valid_word(twin->rtl, word);
}

uint64_t cosim_doorbell_twin_cycles(const cosim_doorbell_twin *twin)
{
    return cosim_axi_lite_transactor_cycles(twin->transactor);
}

tlm_time cosim_doorbell_twin_rtl_time(const cosim_doorbell_twin *twin)
{
    return cosim_axi_lite_transactor_rtl_time(twin->transactor);
}

uint64_t cosim_doorbell_twin_snoops(const cosim_doorbell_twin *twin)
{
    return twin->snoops;
}

uint64_t cosim_doorbell_twin_assertion_failures(const cosim_doorbell_twin *twin)
{
    return cosim_doorbell_rtl_assertion_failures(twin->rtl);
}

const char *cosim_doorbell_twin_last_assertion(const cosim_doorbell_twin *twin)
{
    return cosim_doorbell_rtl_last_assertion(twin->rtl);
}
