#include "doorbell.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doorbell_regs.h"
#include "tlm_alloc.h"
#include "tlm_register.h"
#include "tlm_trace.h"

/* ---- register map: doorbell_regs.h, generated from doorbell_regs.toml ---------------------- */

/* The per-doorbell pair: doorbell_regs.toml describes doorbell 0's; doorbell n's is at
 * n * DOORBELL_REGISTER_STRIDE with the same fields. */
_Static_assert(DOORBELL_DRBREGU0_OFFSET == DOORBELL_DRBREGL0_OFFSET + 4u &&
                   DOORBELL_REGISTER_STRIDE == DOORBELL_DRBREGU0_OFFSET + 4u - DOORBELL_DRBREGL0_OFFSET,
               "a doorbell's register pair fills its stride");
_Static_assert(DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE <= DOORBELL_DB_STATUS0_OFFSET,
               "the doorbell range ends before the status vector");
/* Byte just past the doorbell range (spec 001: 0x1000 - 0x17FF). */
#define BELL_RANGE_END (DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE)

/* The line's two dwords the controller looks at (spec 001 "Doorbell Page and Cacheline"). */
#define LINE_STATUS_ACTIVE 1u /* DW0 bit 0: active */
#define LINE_COOKIE_BYTE 4u   /* DW1: cookie */

/* One doorbell: its registers and what the controller recorded. */
typedef struct bell_state {
    doorbell *model;     /* owner, for the observer */
    unsigned number;     /* doorbell number 0-255 */
    bool valid;          /* DRBREGL.VALID */
    uint64_t line;       /* monitored cacheline's physical address (meaningful while valid or after) */
    uint32_t cookie;     /* cookie recorded by the controller */
    tlm_watch_id watch;  /* memory watch while valid, 0 otherwise */
} bell_state;

struct doorbell {
    bell_state bells[DOORBELL_COUNT];  /* the 256 doorbells */
    tlm_register_file registers;       /* status vector (and doorbell 0's descriptors) */
    tlm_target as_target;              /* MMIO target of the block */
    tlm_line_watch_port lines;         /* the memory whose lines are watched (sparse memory or snoop) */
    doorbell_guc_port guc;             /* message port to the GuC interrupt block */
    tlm_log_block *log;                /* this instance's log counters */
    doorbell_stats stats;              /* counters */
    tlm_kernel *kernel;                /* time base of the waveform rows */
    tlm_trace_id group_rows[DOORBELL_GROUPS]; /* waveform: each group's status vector (0: untraced) */
    tlm_trace_id ring_row;             /* waveform: number of the doorbell that rang last */
    tlm_trace_id rings_row;            /* waveform: valid rings so far */
};

static uint32_t *group_register(doorbell *model, unsigned group)
{
    return &model->registers.values[DOORBELL_DB_STATUS0_INDEX + group];
}

const char *doorbell_install_result_name(doorbell_install_result result)
{
    switch (result) {
    case DOORBELL_INSTALL_OK: return "ok";
    case DOORBELL_INSTALL_BUSY: return "busy (VALID already set)";
    case DOORBELL_INSTALL_CACHELINE_IN_USE: return "cacheline in use by another doorbell";
    case DOORBELL_INSTALL_PENDING: return "status bit still pending";
    case DOORBELL_INSTALL_FAULT: return "fault (bad doorbell or line address)";
    case DOORBELL_INSTALL_INACTIVE: return "line inactive (DW0 bit 0 clear): VALID cleared at once";
    }
    return "?";
}

/* ---- outputs: the status vector and the message to the GuC -------------------------------- */

static void trace_group(doorbell *model, unsigned group)
{
    tlm_trace_set(model->kernel, model->group_rows[group], *group_register(model, group));
}

/* spec 001 "Doorbell Flows": a valid ring sets the doorbell's bit in the status vector; rings
 * collapse in it; a message goes to the GuC only when the group was all zeros before. */
static void ring(doorbell *model, bell_state *bell)
{
    unsigned group = bell->number / DOORBELL_PER_GROUP;
    uint32_t bit = 1u << (bell->number % DOORBELL_PER_GROUP);
    uint32_t *status = group_register(model, group);
    model->stats.rings++;
    if (*status & bit)
        model->stats.collapsed++;
    uint32_t before = *status;
    *status |= bit;
    tlm_trace_set(model->kernel, model->ring_row, bell->number);
    tlm_trace_set(model->kernel, model->rings_row, model->stats.rings);
    if (*status != before)
        trace_group(model, group);
    if (before != 0)
        return;
    model->stats.messages++;
    if (model->guc.rung)
        model->guc.rung(model->guc.self, (uint8_t)(1u << group));
    else
        tlm_log_warning(model->log, "doorbell %u rang group %u: no GuC interrupt block connected, message dropped",
                        bell->number, group);
}

static void disarm(doorbell *model, bell_state *bell)
{
    if (bell->watch)
        model->lines.unwatch(model->lines.self, bell->watch);
    bell->watch = 0;
    bell->valid = false;
}

/* spec 001 "Doorbell Flows": the cookie rules, then "Removing Doorbells" step 2: DW0 bit 0
 * cleared is deactivation, after the cookie has been compared (a late cookie change rings). */
static void process_line(doorbell *model, bell_state *bell, const uint8_t *line)
{
    uint32_t status, cookie;
    memcpy(&status, line, 4);
    memcpy(&cookie, line + LINE_COOKIE_BYTE, 4);
    bool rang = false;
    if (cookie == 0) {
        model->stats.cookie_inits++;
        bell->cookie = 0;
    } else if (cookie == bell->cookie) {
        model->stats.same_cookie++;
    } else {
        bell->cookie = cookie;
        ring(model, bell);
        rang = true;
    }
    if (!(status & LINE_STATUS_ACTIVE)) {
        model->stats.deactivations++;
        model->stats.late_rings += rang;
        disarm(model, bell);
        tlm_log_info(model->log, "doorbell %u deactivated (line 0x%012llx DW0 bit 0 clear): VALID cleared",
                     bell->number, (unsigned long long)bell->line);
    }
}

/* ---- input: memory writes to watched lines ------------------------------------------------ */

static void line_written(void *context, const tlm_memory_write *write)
{
    bell_state *bell = context;
    doorbell *model = bell->model;
    if (!bell->valid) /* unwatched in this notification already */
        return;
    model->stats.observed_writes++;
    process_line(model, bell, write->line_data);
}

/* ---- the GuC shim's install ---------------------------------------------------------------- */

doorbell_install_result doorbell_install(doorbell *model, unsigned bell_number, uint64_t line_address)
{
    doorbell_install_result result = DOORBELL_INSTALL_OK;
    if (bell_number >= DOORBELL_COUNT || (line_address % TLM_MEMORY_CACHELINE_SIZE) != 0 ||
        (line_address >> TLM_MEMORY_ADDRESS_BITS) != 0) {
        result = DOORBELL_INSTALL_FAULT;
    } else if (model->bells[bell_number].valid) {
        result = DOORBELL_INSTALL_BUSY;
    } else if (doorbell_pending(model, bell_number)) {
        result = DOORBELL_INSTALL_PENDING;
    } else {
        for (unsigned other = 0; other < DOORBELL_COUNT; other++) {
            if (model->bells[other].valid && model->bells[other].line == line_address) {
                result = DOORBELL_INSTALL_CACHELINE_IN_USE;
                model->stats.shared_line_refusals++;
                tlm_log_error(model->log,
                              "doorbell %u install on line 0x%012llx refused: doorbell %u watches that line "
                              "(spec 001: s/w shall not assign the same cacheline to more than one doorbell)",
                              bell_number, (unsigned long long)line_address, other);
                break;
            }
        }
    }
    if (result != DOORBELL_INSTALL_OK) {
        model->stats.refused_installs++;
        if (result != DOORBELL_INSTALL_CACHELINE_IN_USE)
            tlm_log_warning(model->log, "doorbell %u install on line 0x%012llx refused: %s", bell_number,
                            (unsigned long long)line_address, doorbell_install_result_name(result));
        return result;
    }
    bell_state *bell = &model->bells[bell_number];
    bell->watch = model->lines.watch(model->lines.self, line_address, line_written, bell);
    if (!bell->watch) {
        model->stats.refused_installs++;
        tlm_log_warning(model->log, "doorbell %u install on line 0x%012llx refused: line outside the memory",
                        bell_number, (unsigned long long)line_address);
        return DOORBELL_INSTALL_FAULT;
    }
    model->stats.installs++;
    bell->valid = true;
    bell->line = line_address;
    /* spec 001 "Doorbell Flows", initial flow: VALID 0=>1 makes the controller acquire the line
     * and store the cookie; at install there is no earlier cookie to compare with, so the one
     * found is recorded without a ring (modelling choice, docs/reference/doorbell.md). */
    uint8_t line[TLM_MEMORY_CACHELINE_SIZE];
    if (!model->lines.read(model->lines.self, line_address, line, sizeof line))
        memset(line, 0, sizeof line);
    uint32_t status;
    memcpy(&status, line, 4);
    memcpy(&bell->cookie, line + LINE_COOKIE_BYTE, 4);
    if (!(status & LINE_STATUS_ACTIVE)) {
        model->stats.deactivations++;
        disarm(model, bell);
        tlm_log_warning(model->log, "doorbell %u installed on line 0x%012llx whose DW0 bit 0 is clear: VALID "
                                    "cleared at once (the driver initialises DW0 to 1 first)",
                        bell_number, (unsigned long long)line_address);
        return DOORBELL_INSTALL_INACTIVE;
    }
    return DOORBELL_INSTALL_OK;
}

/* ---- MMIO ------------------------------------------------------------------------------------ */

/* The software value of doorbell `bell`'s register `index` (DRBREGL0 or DRBREGU0 layout). */
static uint32_t bell_register(const doorbell *model, unsigned bell_number, uint32_t index)
{
    const bell_state *bell = &model->bells[bell_number];
    uint32_t value;
    if (index == DOORBELL_DRBREGL0_INDEX)
        value = (bell->valid ? DOORBELL_DRBREGL0_VALID_MASK : 0) |
                ((uint32_t)bell->line & DOORBELL_DRBREGL0_ADDRESS_LO_MASK);
    else
        value = (uint32_t)(bell->line >> 32) << DOORBELL_DRBREGU0_ADDRESS_HI_SHIFT & DOORBELL_DRBREGU0_ADDRESS_HI_MASK;
    return tlm_register_read_value(&doorbell_regs.registers[index], value);
}

static void fill_read(tlm_payload *payload, uint32_t value)
{
    for (uint32_t i = 0; i < 4; i++)
        if (tlm_payload_byte_enabled(payload, i))
            payload->data[i] = (uint8_t)(value >> (8 * i));
}

static void bell_access(doorbell *model, tlm_payload *payload)
{
    unsigned bell_number = (unsigned)(payload->address / DOORBELL_REGISTER_STRIDE);
    uint32_t index = payload->address % DOORBELL_REGISTER_STRIDE == DOORBELL_DRBREGL0_OFFSET ? DOORBELL_DRBREGL0_INDEX
                                                                                            : DOORBELL_DRBREGU0_INDEX;
    if (payload->command == TLM_CMD_READ) {
        fill_read(payload, bell_register(model, bell_number, index));
    } else if (payload->command == TLM_CMD_WRITE) {
        model->stats.refused_writes++;
        tlm_log_warning(model->log,
                        "direct write to DRBREG%c(%u) ignored: doorbells are programmed through the GuC shim and "
                        "VALID is cleared only by the controller (spec 001 \"Doorbell Structures\")",
                        index == DOORBELL_DRBREGL0_INDEX ? 'L' : 'U', bell_number);
    }
    payload->response = TLM_STATUS_OK;
}

static void b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay;
    doorbell *model = self;
    tlm_status check = tlm_register_payload_check(payload);
    if (check != TLM_STATUS_OK || payload->address >= BELL_RANGE_END) {
        /* the register file answers malformed accesses (and logs them) and the status vector */
        tlm_register_file_b_transport(&model->registers, payload);
        if (check != TLM_STATUS_OK || payload->command != TLM_CMD_READ || !tlm_response_is_ok(payload))
            return;
        int32_t index = tlm_register_find(&doorbell_regs, (uint32_t)payload->address);
        if (index < (int32_t)DOORBELL_DB_STATUS0_INDEX || index > (int32_t)DOORBELL_DB_STATUS7_INDEX)
            return;
        /* spec 001 "Doorbell Flows": the read clears the group so a later ring messages again,
         * and (spec 001 "Doorbell Structures") moves the bits to the interrupt status stage. */
        unsigned group = (unsigned)index - DOORBELL_DB_STATUS0_INDEX;
        uint32_t *status = group_register(model, group);
        uint32_t bits = *status;
        *status = 0;
        model->stats.group_reads++;
        if (bits) {
            model->stats.group_clears++;
            trace_group(model, group);
        }
        if (model->guc.group_read)
            model->guc.group_read(model->guc.self, group, bits);
        return;
    }
    bell_access(model, payload);
}

/* Reads without side effects (no read-clear); writes refused. */
static uint32_t transport_dbg(void *self, tlm_payload *payload)
{
    doorbell *model = self;
    if (payload->address >= BELL_RANGE_END) /* the status vector: register storage */
        return tlm_register_file_read_dbg(&model->registers, payload, payload->address);
    if (!tlm_register_dbg_readable(payload))
        return 0;
    unsigned bell_number = (unsigned)(payload->address / DOORBELL_REGISTER_STRIDE);
    uint32_t index = payload->address % DOORBELL_REGISTER_STRIDE == DOORBELL_DRBREGL0_OFFSET ? DOORBELL_DRBREGL0_INDEX
                                                                                             : DOORBELL_DRBREGU0_INDEX;
    return tlm_register_dbg_answer(payload, bell_register(model, bell_number, index));
}

/* ---- state peeks ---------------------------------------------------------------------------- */

bool doorbell_valid(const doorbell *model, unsigned bell)
{
    return bell < DOORBELL_COUNT && model->bells[bell].valid;
}

uint64_t doorbell_line(const doorbell *model, unsigned bell)
{
    return bell < DOORBELL_COUNT ? model->bells[bell].line : 0;
}

uint32_t doorbell_cookie(const doorbell *model, unsigned bell)
{
    return bell < DOORBELL_COUNT ? model->bells[bell].cookie : 0;
}

uint32_t doorbell_group_status(const doorbell *model, unsigned group)
{
    return group < DOORBELL_GROUPS ? model->registers.values[DOORBELL_DB_STATUS0_INDEX + group] : 0;
}

bool doorbell_pending(const doorbell *model, unsigned bell)
{
    return bell < DOORBELL_COUNT &&
           (doorbell_group_status(model, bell / DOORBELL_PER_GROUP) >> (bell % DOORBELL_PER_GROUP) & 1u) != 0;
}

const doorbell_stats *doorbell_get_stats(const doorbell *model)
{
    return &model->stats;
}

void doorbell_set_guc_port(doorbell *model, const doorbell_guc_port *port)
{
    model->guc = *port;
}

const tlm_target *doorbell_target(doorbell *model)
{
    return &model->as_target;
}

static doorbell_install_result block_install(void *self, unsigned bell, uint64_t line_address)
{
    return doorbell_install(self, bell, line_address);
}

static void block_set_guc_port(void *self, const doorbell_guc_port *port)
{
    doorbell_set_guc_port(self, port);
}

doorbell_block doorbell_block_of(doorbell *model)
{
    return (doorbell_block){ .target = &model->as_target, .install = block_install,
                             .set_guc_port = block_set_guc_port, .self = model };
}

/* ---- reset and init -------------------------------------------------------------------------- */

void doorbell_reset(doorbell *model)
{
    for (unsigned i = 0; i < DOORBELL_COUNT; i++) {
        bell_state *bell = &model->bells[i];
        disarm(model, bell);
        bell->line = 0;
        bell->cookie = 0;
    }
    tlm_register_file_reset(&model->registers);
    for (unsigned group = 0; group < DOORBELL_GROUPS; group++)
        trace_group(model, group);
}

/* docs/reference/doorbell.md "Waveform rows". */
static void declare_rows(doorbell *model, const char *name)
{
    if (!tlm_trace_on(model->kernel))
        return;
    for (unsigned group = 0; group < DOORBELL_GROUPS; group++) {
        char row[16];
        snprintf(row, sizeof row, "group%u", group);
        model->group_rows[group] = tlm_trace_bits(model->kernel, name, row, 32, TLM_TRACE_HEX, 0);
    }
    model->ring_row = tlm_trace_bits(model->kernel, name, "ring", 8, TLM_TRACE_DEC, 0);
    model->rings_row = tlm_trace_bits(model->kernel, name, "rings", 32, TLM_TRACE_DEC, 0);
}

doorbell *doorbell_create(tlm_kernel *kernel, const char *name, tlm_memory *memory)
{
    tlm_line_watch_port lines = tlm_memory_line_watch_port(memory);
    return doorbell_create_on(kernel, name, &lines);
}

doorbell *doorbell_create_on(tlm_kernel *kernel, const char *name, const tlm_line_watch_port *lines)
{
    doorbell *model = tlm_alloc_zeroed(1, sizeof *model);
    model->lines = *lines;
    model->kernel = kernel;
    model->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    declare_rows(model, name);
    tlm_register_file_init(&model->registers, &doorbell_regs, model->log);
    for (unsigned i = 0; i < DOORBELL_COUNT; i++) {
        model->bells[i].model = model;
        model->bells[i].number = i;
    }
    model->as_target = (tlm_target){
        .name = model->log->name,
        .self = model,
        .b_transport = b_transport,
        .transport_dbg = transport_dbg,
    };
    return model;
}

void doorbell_destroy(doorbell *model)
{
    if (!model)
        return;
    /* the waveform keeps the last values: destroying is not a reset the run did */
    memset(model->group_rows, 0, sizeof model->group_rows);
    doorbell_reset(model);
    tlm_register_file_destroy(&model->registers);
    free(model);
}
