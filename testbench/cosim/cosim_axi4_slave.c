#include "cosim_axi4_slave.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_axi4_burst.h"
#include "cosim_axi4_trace.h"
#include "tlm_alloc.h"

#define DEFAULT_OUTSTANDING 8u
#define MAX_OUTSTANDING 64u
#define DEFAULT_TIMEOUT_CYCLES 10000u
/* Write data beats that may wait for their address: one longest burst. */
#define WBUF_BEATS COSIM_AXI4_MAX_BEATS
/* A target delay holds a response back at most this many cycles. */
#define MAX_LATENCY_CYCLES 1000u
/* Bytes of the largest burst: 256 full-width beats, plus one bus word for an unaligned start. */
#define MAX_BURST_BYTES (COSIM_AXI4_MAX_BEATS * COSIM_AXI4_DATA_BYTES + COSIM_AXI4_DATA_BYTES)

/* A read burst accepted on AR, answered at once, its beats offered on R. */
/* What R and B answers share, first member of both, so one function picks the next of either. */
typedef struct answer_slot {
    bool used;            /* the slot holds an answer */
    uint8_t id;           /* RID / BID */
    uint64_t seq;         /* acceptance order of its address (reads and writes share the count) */
    uint64_t ready_cycle; /* first cycle it may be offered (target latency) */
    bool started;         /* some of its beats have been given (interleaved reads) */
} answer_slot;

typedef struct read_burst {
    answer_slot slot;                     /* ID, order, readiness */
    cosim_axi4_burst_shape shape;         /* its address fields */
    unsigned beat;                        /* next beat to offer */
    uint64_t data[COSIM_AXI4_MAX_BEATS];  /* read data of each beat, on its lanes */
    uint8_t resp[COSIM_AXI4_MAX_BEATS];   /* RRESP of each beat */
} read_burst;

/* A write burst accepted on AW, waiting for its data. */
typedef struct write_address {
    uint8_t id;                   /* AWID */
    cosim_axi4_burst_shape shape; /* its address fields */
    uint8_t prot;                 /* AWPROT */
} write_address;

/* One beat of write data. */
typedef struct write_beat {
    uint64_t data; /* WDATA */
    uint8_t strb;  /* WSTRB */
    bool last;     /* WLAST */
} write_beat;

/* A write done, its B response waiting. */
typedef struct write_response {
    answer_slot slot; /* ID, order, readiness */
    uint8_t resp;     /* BRESP */
} write_response;

struct cosim_axi4_slave {
    cosim_axi4_slave_config config;         /* copy of the configuration (defaults filled) */
    tlm_log_block *log;                     /* this transactor's log counters */
    cosim_axi4_gate gate[COSIM_AXI4_CHANNELS]; /* delay pattern state per channel */
    uint64_t cycles;                        /* cycles stepped */
    uint64_t seq;                           /* next acceptance number */
    read_burst *reads;                      /* max_reads slots */
    uint32_t read_count;                    /* slots in use */
    read_burst *r_current;                  /* burst whose beats are on R (sticky until RLAST, or until a beat is taken when interleaving) */
    read_burst *r_last;                     /* burst of the last R beat taken while it had beats left (NULL: none) */
    uint64_t r_offered;                     /* cycles the current R beat has been offered */
    write_address *aw;                      /* ring of max_writes accepted addresses */
    uint32_t aw_head, aw_count;             /* ring position and fill */
    uint64_t *aw_seq;                       /* acceptance number of each ring slot */
    write_beat wbuf[WBUF_BEATS];            /* ring of write data beats waiting for their burst */
    uint32_t w_head, w_count;               /* ring position and fill */
    write_response *bq;                     /* max_writes slots of B responses */
    uint32_t b_count;                       /* slots in use */
    write_response *b_current;              /* response on B (sticky until taken) */
    uint64_t b_offered;                     /* cycles the current B has been offered */
    uint8_t buffer[MAX_BURST_BYTES];        /* payload data of the transaction being made */
    uint8_t enables[MAX_BURST_BYTES];       /* its byte enables */
    cosim_axi4_slave_stats stats;           /* counters */
    cosim_axi4_trace trace;                 /* pin rows; all 0 when not tracing */
};

/* Clock periods a target delay holds a response back (rounded up, bounded). */
static uint64_t latency_cycles(const cosim_axi4_slave *slave, tlm_time delay)
{
    tlm_time period = slave->config.clock ? slave->config.clock->period : slave->config.period;
    uint64_t cycles = (delay + period - 1) / period;
    return cycles > MAX_LATENCY_CYCLES ? MAX_LATENCY_CYCLES : cycles;
}

/* One tlm transaction; returns its xRESP and adds the target's delay to *delay. */
static uint8_t transact(cosim_axi4_slave *slave, tlm_cmd command, uint64_t address, uint32_t length,
                        bool with_enables, uint8_t prot, tlm_time *delay)
{
    uint64_t full = slave->config.base_address + address;
    tlm_payload payload = tlm_payload_make(command, full, slave->buffer, length);
    payload.address_space = slave->config.address_space;
    payload.initiator_id = slave->config.initiator_id;
    payload.privileged = (prot & 1u) != 0; /* AxPROT[0]: privileged access */
    payload.secure = (prot & 2u) == 0;     /* AxPROT[1]: non-secure when set */
    if (with_enables) {
        payload.byte_enable = slave->enables;
        payload.byte_enable_length = length;
    }
    tlm_b_transport(slave->config.target, &payload, delay);
    if (payload.response != TLM_STATUS_OK)
        tlm_log_debug(slave->log, "%s at 0x%" PRIx64 " length %" PRIu32 ": %s", tlm_command_name(command), full,
                      length, tlm_response_name(payload.response));
    return cosim_axi4_resp_from_status(payload.response);
}

static bool shape_legal(cosim_axi4_slave *slave, const char *what, uint8_t id, const cosim_axi4_burst_shape *shape)
{
    cosim_axi4_burst_rule rule = cosim_axi4_burst_check(shape);
    if (rule == COSIM_AXI4_BURST_LEGAL)
        return true;
    slave->stats.protocol_errors++;
    tlm_log_error(slave->log, "%s burst ID %u at 0x%08" PRIx32 " len %u size %u burst %u: %s; answered SLVERR", what,
                  id, shape->address, shape->len, shape->size, shape->burst, cosim_axi4_burst_rule_name(rule));
    return false;
}

/* The AR handshake: read the burst's bytes from the target now, lay them on the beats' lanes. */
static void accept_read(cosim_axi4_slave *slave, const cosim_axi4_request_pins *in)
{
    read_burst *burst = NULL;
    for (uint32_t i = 0; i < slave->config.max_reads; i++)
        if (!slave->reads[i].slot.used) {
            burst = &slave->reads[i];
            break;
        }
    /* ARREADY is low while every slot is used, so one is free. */
    burst->slot = (answer_slot){ .used = true, .id = in->arid, .seq = slave->seq++ };
    burst->shape = (cosim_axi4_burst_shape){ in->araddr, in->arlen, in->arsize, in->arburst };
    burst->beat = 0;
    slave->read_count++;
    const cosim_axi4_burst_shape *shape = &burst->shape;
    unsigned beats = shape->len + 1u;
    tlm_time delay = 0;
    if (!shape_legal(slave, "read", in->arid, shape)) {
        for (unsigned n = 0; n < beats; n++) {
            burst->data[n] = 0;
            burst->resp[n] = COSIM_AXI_RESP_SLVERR;
        }
    } else {
        uint64_t start = 0;
        uint32_t length = 0;
        uint8_t resp = 0;
        bool per_beat = shape->burst == COSIM_AXI4_BURST_FIXED;
        for (unsigned n = 0; n < beats; n++) {
            uint32_t address = cosim_axi4_beat_address(shape, n);
            if (n == 0 || per_beat) {
                cosim_axi4_burst_range(shape, &start, &length);
                memset(slave->buffer, 0, length);
                resp = transact(slave, TLM_CMD_READ, start, length, false, in->arprot, &delay);
            }
            uint8_t lanes = cosim_axi4_beat_lanes(address, shape->size);
            uint64_t word = 0;
            uint32_t bus_base = address & ~(COSIM_AXI4_DATA_BYTES - 1u);
            for (unsigned lane = 0; lane < COSIM_AXI4_DATA_BYTES; lane++)
                if (lanes >> lane & 1u && resp == COSIM_AXI_RESP_OKAY)
                    word |= (uint64_t)slave->buffer[bus_base + lane - start] << (8 * lane);
            burst->data[n] = word;
            burst->resp[n] = resp;
        }
    }
    burst->slot.ready_cycle = slave->cycles + 1 + latency_cycles(slave, delay);
}

/* A write whose address and data are all in: one payload (FIXED: one per beat), B queued. */
static void complete_write(cosim_axi4_slave *slave)
{
    write_address *aw = &slave->aw[slave->aw_head];
    uint64_t seq = slave->aw_seq[slave->aw_head];
    const cosim_axi4_burst_shape *shape = &aw->shape;
    unsigned beats = shape->len + 1u;
    uint8_t resp = COSIM_AXI_RESP_OKAY;
    tlm_time delay = 0;
    bool legal = shape_legal(slave, "write", aw->id, shape);
    /* WLAST must mark exactly the counted last beat (IHI 0022E §A3.4.1). */
    for (unsigned n = 0; n < beats && legal; n++) {
        const write_beat *beat = &slave->wbuf[(slave->w_head + n) % WBUF_BEATS];
        if (beat->last != (n == beats - 1)) {
            slave->stats.protocol_errors++;
            tlm_log_error(slave->log, "write burst ID %u at 0x%08" PRIx32 ": WLAST %d on beat %u of %u; answered SLVERR",
                          aw->id, shape->address, beat->last, n, beats);
            legal = false;
        }
    }
    if (!legal)
        resp = COSIM_AXI_RESP_SLVERR;
    bool per_beat = shape->burst == COSIM_AXI4_BURST_FIXED;
    uint64_t start = 0;
    uint32_t length = 0;
    bool any = false;
    for (unsigned n = 0; n < beats && legal; n++) {
        if (n == 0 || per_beat) {
            cosim_axi4_burst_range(shape, &start, &length);
            memset(slave->enables, TLM_BYTE_LANE_DISABLED, length);
            any = false;
        }
        const write_beat *beat = &slave->wbuf[(slave->w_head + n) % WBUF_BEATS];
        uint32_t address = cosim_axi4_beat_address(shape, n);
        uint8_t lanes = cosim_axi4_beat_lanes(address, shape->size);
        uint32_t bus_base = address & ~(COSIM_AXI4_DATA_BYTES - 1u);
        if (beat->strb & ~lanes)
            slave->stats.stray_strobes++;
        for (unsigned lane = 0; lane < COSIM_AXI4_DATA_BYTES; lane++)
            if ((lanes & beat->strb) >> lane & 1u) {
                uint32_t index = (uint32_t)(bus_base + lane - start);
                slave->buffer[index] = (uint8_t)(beat->data >> (8 * lane));
                slave->enables[index] = TLM_BYTE_LANE_ENABLED;
                any = true;
            }
        /* A payload with no enabled byte changes nothing: it is not sent. */
        if ((n == beats - 1 || per_beat) && any)
            resp = cosim_axi4_resp_worse(resp, transact(slave, TLM_CMD_WRITE, start, length, true, aw->prot, &delay));
    }
    slave->w_head = (slave->w_head + beats) % WBUF_BEATS;
    slave->w_count -= beats;
    slave->aw_head = (slave->aw_head + 1) % slave->config.max_writes;
    slave->aw_count--;
    for (uint32_t i = 0; i < slave->config.max_writes; i++)
        if (!slave->bq[i].slot.used) {
            slave->bq[i] = (write_response){
                .slot = { .used = true, .id = aw->id, .seq = seq,
                          .ready_cycle = slave->cycles + 1 + latency_cycles(slave, delay) },
                .resp = resp };
            slave->b_count++;
            break;
        }
    slave->stats.writes++;
    if (resp != COSIM_AXI_RESP_OKAY)
        slave->stats.error_responses++;
}

/* Whether slot `i` of `n` (every `stride` bytes from `base`) is the oldest of its ID. */
static bool oldest_of_id(const uint8_t *base, size_t stride, uint32_t n, uint32_t i)
{
    const answer_slot *mine = (const answer_slot *)(const void *)(base + i * stride);
    for (uint32_t j = 0; j < n; j++) {
        const answer_slot *other = (const answer_slot *)(const void *)(base + j * stride);
        if (other->used && other->id == mine->id && other->seq < mine->seq)
            return false;
    }
    return true;
}

/* The next answer to offer among `n` slots: per ID only the oldest may go (same-ID order,
 * IHI 0022E chapter A5 "Transaction Identifiers"); among those that are ready, the oldest, or a random one when the channel's
 * pattern is random (the reordering across IDs that AXI allows). NULL when none is ready. */
static answer_slot *pick(cosim_axi4_slave *slave, void *slots, size_t stride, uint32_t n, cosim_axi4_gate *gate)
{
    uint8_t *base = slots;
    uint32_t ready[MAX_OUTSTANDING];
    uint32_t count = 0;
    uint64_t oldest = UINT64_MAX;
    for (uint32_t i = 0; i < n; i++) {
        const answer_slot *slot = (const answer_slot *)(const void *)(base + i * stride);
        if (!slot->used)
            continue;
        if (slot->seq < oldest)
            oldest = slot->seq;
        if (slot->ready_cycle <= slave->cycles && oldest_of_id(base, stride, n, i))
            ready[count++] = i;
    }
    if (count == 0)
        return NULL;
    answer_slot *chosen = NULL;
    if (gate->pattern.mode == COSIM_AXI4_DELAY_RANDOM) {
        chosen = (answer_slot *)(void *)(base + ready[cosim_axi4_gate_pick(gate, count)] * stride);
    } else {
        for (uint32_t k = 0; k < count; k++) {
            answer_slot *slot = (answer_slot *)(void *)(base + ready[k] * stride);
            if (!chosen || slot->seq < chosen->seq)
                chosen = slot;
        }
    }
    if (chosen->seq != oldest && !chosen->started)
        slave->stats.reordered++;
    return chosen;
}

/* One clock cycle: drive READY/R/B, let the master answer, take the handshakes of the edge. */
static void step(cosim_axi4_slave *slave)
{
    const cosim_axi4_slave_config *config = &slave->config;
    cosim_axi4_response_pins out;
    memset(&out, 0, sizeof out);
    out.awready = cosim_axi4_gate_open(&slave->gate[COSIM_AXI4_AW], slave->aw_count + slave->b_count < config->max_writes);
    out.wready = cosim_axi4_gate_open(&slave->gate[COSIM_AXI4_W], slave->w_count < WBUF_BEATS);
    out.arready = cosim_axi4_gate_open(&slave->gate[COSIM_AXI4_AR], slave->read_count < config->max_reads);
    if (!slave->r_current)
        slave->r_current = (read_burst *)(void *)pick(slave, slave->reads, sizeof *slave->reads, config->max_reads,
                                                      &slave->gate[COSIM_AXI4_R]);
    read_burst *r = slave->r_current;
    out.rvalid = cosim_axi4_gate_open(&slave->gate[COSIM_AXI4_R], r != NULL);
    if (out.rvalid) {
        out.rid = r->slot.id;
        out.rdata = r->data[r->beat];
        out.rresp = r->resp[r->beat];
        out.rlast = r->beat == r->shape.len;
    }
    if (!slave->b_current)
        slave->b_current = (write_response *)(void *)pick(slave, slave->bq, sizeof *slave->bq, config->max_writes,
                                                          &slave->gate[COSIM_AXI4_B]);
    write_response *b = slave->b_current;
    out.bvalid = cosim_axi4_gate_open(&slave->gate[COSIM_AXI4_B], b != NULL);
    if (out.bvalid) {
        out.bid = b->slot.id;
        out.bresp = b->resp;
    }

    cosim_axi4_request_pins in;
    memset(&in, 0, sizeof in);
    config->cycle(config->rtl, &out, &in);
    if (slave->trace.clk) /* only with a clock: this step is its rising edge now */
        cosim_axi4_trace_cycle(&slave->trace, config->kernel, &in, &out, tlm_kernel_now(config->kernel),
                               config->clock->period);

    if (out.awready && in.awvalid) {
        uint32_t tail = (slave->aw_head + slave->aw_count) % config->max_writes;
        slave->aw[tail] = (write_address){ in.awid, { in.awaddr, in.awlen, in.awsize, in.awburst }, in.awprot };
        slave->aw_seq[tail] = slave->seq++;
        slave->aw_count++;
        cosim_axi4_gate_done(&slave->gate[COSIM_AXI4_AW]);
    }
    if (out.wready && in.wvalid) {
        slave->wbuf[(slave->w_head + slave->w_count) % WBUF_BEATS] = (write_beat){ in.wdata, in.wstrb, in.wlast };
        slave->w_count++;
        slave->stats.write_beats++;
        cosim_axi4_gate_done(&slave->gate[COSIM_AXI4_W]);
    }
    if (out.arready && in.arvalid) {
        accept_read(slave, &in);
        cosim_axi4_gate_done(&slave->gate[COSIM_AXI4_AR]);
    }
    if (out.rvalid) {
        if (in.rready) {
            slave->stats.read_beats++;
            slave->r_offered = 0;
            cosim_axi4_gate_done(&slave->gate[COSIM_AXI4_R]);
            if (slave->r_last && slave->r_last != r)
                slave->stats.interleaved++;
            r->slot.started = true;
            slave->r_last = r->beat < r->shape.len ? r : NULL;
            /* Interleaving: the next beat may belong to another ready burst. */
            if (config->interleave_reads && config->delay[COSIM_AXI4_R].mode == COSIM_AXI4_DELAY_RANDOM)
                slave->r_current = NULL;
            if (r->beat++ == r->shape.len) {
                bool error = false;
                for (unsigned n = 0; n <= r->shape.len; n++)
                    error |= r->resp[n] != COSIM_AXI_RESP_OKAY;
                slave->stats.error_responses += error;
                slave->stats.reads++;
                r->slot.used = false;
                slave->read_count--;
                slave->r_current = NULL;
            }
        } else if (++slave->r_offered == config->timeout_cycles) {
            slave->stats.stalls_logged++;
            tlm_log_error(slave->log, "R beat of ID %u offered %" PRIu32 " cycles without RREADY", r->slot.id,
                          config->timeout_cycles);
        }
    }
    if (out.bvalid) {
        if (in.bready) {
            slave->b_offered = 0;
            cosim_axi4_gate_done(&slave->gate[COSIM_AXI4_B]);
            b->slot.used = false;
            slave->b_count--;
            slave->b_current = NULL;
        } else if (++slave->b_offered == config->timeout_cycles) {
            slave->stats.stalls_logged++;
            tlm_log_error(slave->log, "B of ID %u offered %" PRIu32 " cycles without BREADY", b->slot.id,
                          config->timeout_cycles);
        }
    }
    slave->cycles++;
    /* Writes whose address and every data beat are in. */
    while (slave->aw_count > 0 && slave->w_count >= slave->aw[slave->aw_head].shape.len + 1u)
        complete_write(slave);
}

static void clock_rising(void *context, tlm_clock *clock, uint64_t cycle)
{
    (void)clock;
    (void)cycle;
    step(context);
}

cosim_axi4_slave *cosim_axi4_slave_create(const cosim_axi4_slave_config *config)
{
    cosim_axi4_slave *slave = tlm_alloc_zeroed(1, sizeof *slave);
    slave->config = *config;
    cosim_axi4_slave_config *c = &slave->config;
    if (c->max_reads == 0)
        c->max_reads = DEFAULT_OUTSTANDING;
    if (c->max_reads > MAX_OUTSTANDING)
        c->max_reads = MAX_OUTSTANDING;
    if (c->max_writes == 0)
        c->max_writes = DEFAULT_OUTSTANDING;
    if (c->max_writes > MAX_OUTSTANDING)
        c->max_writes = MAX_OUTSTANDING;
    if (c->timeout_cycles == 0)
        c->timeout_cycles = DEFAULT_TIMEOUT_CYCLES;
    if (c->period == 0)
        c->period = TLM_NS;
    slave->log = tlm_logger_block(tlm_kernel_logger(c->kernel), c->name);
    for (unsigned i = 0; i < COSIM_AXI4_CHANNELS; i++)
        cosim_axi4_gate_init(&slave->gate[i], &c->delay[i]);
    slave->reads = tlm_alloc_zeroed(c->max_reads, sizeof *slave->reads);
    slave->aw = tlm_alloc_zeroed(c->max_writes, sizeof *slave->aw);
    slave->aw_seq = tlm_alloc_zeroed(c->max_writes, sizeof *slave->aw_seq);
    slave->bq = tlm_alloc_zeroed(c->max_writes, sizeof *slave->bq);
    if (c->clock) {
        tlm_clock_on_rising(c->clock, clock_rising, slave);
        cosim_axi4_trace_declare(&slave->trace, c->kernel, c->name, true, c->clock->period);
    }
    return slave;
}

void cosim_axi4_slave_destroy(cosim_axi4_slave *slave)
{
    if (!slave)
        return;
    if (slave->config.clock)
        tlm_clock_remove_rising(slave->config.clock, clock_rising, slave);
    free(slave->reads);
    free(slave->aw);
    free(slave->aw_seq);
    free(slave->bq);
    free(slave);
}

void cosim_axi4_slave_run(cosim_axi4_slave *slave, uint64_t cycles)
{
    for (uint64_t i = 0; i < cycles; i++)
        step(slave);
}

bool cosim_axi4_slave_idle(const cosim_axi4_slave *slave)
{
    return slave->read_count == 0 && slave->aw_count == 0 && slave->b_count == 0 && slave->w_count == 0;
}

uint64_t cosim_axi4_slave_cycles(const cosim_axi4_slave *slave)
{
    return slave->cycles;
}

cosim_axi4_slave_stats cosim_axi4_slave_get_stats(const cosim_axi4_slave *slave)
{
    return slave->stats;
}
