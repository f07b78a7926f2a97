#include "cosim_axi4_master.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_axi4_trace.h"
#include "tlm_alloc.h"

#define DEFAULT_OUTSTANDING 8u
#define DEFAULT_TIMEOUT_CYCLES 1000u
/* Bursts a b_transport issues together (a long payload goes in several runs). */
#define BATCH 8u
/* Bytes of one full-width INCR burst at most. */
#define MAX_BURST_BYTES (COSIM_AXI4_MAX_BEATS * COSIM_AXI4_DATA_BYTES)

/* Progress of one burst within a run. */
typedef struct burst_state {
    bool offered;    /* AWVALID/ARVALID has been driven for it (W beats may follow) */
    bool counted;    /* counts as in flight (its address or, data first, a W beat was offered) */
    bool addr_sent;  /* AW/AR handshake done */
    unsigned w_beat; /* next W beat to send */
    unsigned r_beat; /* next R beat to receive */
} burst_state;

struct cosim_axi4_master {
    tlm_target as_target;                     /* the tlm side */
    cosim_axi4_master_config config;          /* copy of the configuration (defaults filled) */
    tlm_log_block *log;                       /* this transactor's log counters */
    cosim_axi4_gate gate[COSIM_AXI4_CHANNELS]; /* delay pattern state per channel */
    tlm_time next_edge;                       /* time of the next rising edge the RTL has not seen */
    uint64_t cycles;                          /* RTL cycles stepped */
    cosim_axi4_burst batch[BATCH];            /* bursts of the b_transport in progress */
    cosim_axi4_master_stats stats;            /* counters */
    cosim_axi4_trace trace;                   /* pin rows; all 0 when not tracing */
};

/* One cycle with `in` driven; the slave's outputs into `out`. */
static void step(cosim_axi4_master *master, const cosim_axi4_request_pins *in, cosim_axi4_response_pins *out)
{
    master->config.cycle(master->config.rtl, in, out);
    master->cycles++;
    if (master->config.clock) {
        cosim_axi4_trace_cycle(&master->trace, master->config.kernel, in, out, master->next_edge,
                               master->config.clock->period);
        master->next_edge += master->config.clock->period;
    }
}

static void step_idle_through(cosim_axi4_master *master, tlm_time time)
{
    cosim_axi4_request_pins idle;
    cosim_axi4_response_pins ignored;
    memset(&idle, 0, sizeof idle);
    while (master->next_edge <= time)
        step(master, &idle, &ignored);
}

static void clock_rising(void *context, tlm_clock *clock, uint64_t cycle)
{
    (void)clock;
    (void)cycle;
    cosim_axi4_master *master = context;
    step_idle_through(master, tlm_kernel_now(master->config.kernel));
}

/* The first burst of `bursts` of the given kind for which `pending` holds, or -1. */
static int first(const cosim_axi4_burst *bursts, const burst_state *state, uint32_t count, bool write,
                 bool (*pending)(const cosim_axi4_burst *, const burst_state *))
{
    for (uint32_t i = 0; i < count; i++)
        if (bursts[i].write == write && pending(&bursts[i], &state[i]))
            return (int)i;
    return -1;
}

static bool needs_address(const cosim_axi4_burst *burst, const burst_state *state)
{
    (void)burst;
    return !state->addr_sent;
}

static bool needs_data(const cosim_axi4_burst *burst, const burst_state *state)
{
    return state->w_beat <= burst->shape.len;
}

/* The oldest issued, incomplete burst of `write` kind with `id` (responses of one ID come in
 * issue order), whose data is all sent for a write; -1 if none. */
static int owner(const cosim_axi4_burst *bursts, const burst_state *state, uint32_t count, bool write, uint8_t id)
{
    for (uint32_t i = 0; i < count; i++)
        if (bursts[i].write == write && bursts[i].id == id && state[i].addr_sent && !bursts[i].done &&
            (!write || state[i].w_beat > bursts[i].shape.len))
            return (int)i;
    return -1;
}

bool cosim_axi4_master_run(cosim_axi4_master *master, cosim_axi4_burst *bursts, uint32_t count)
{
    const cosim_axi4_master_config *config = &master->config;
    burst_state *state = tlm_alloc_zeroed(count ? count : 1, sizeof *state);
    uint32_t remaining = count, in_flight = 0, quiet = 0;
    for (uint32_t i = 0; i < count; i++) {
        bursts[i].done = false;
        bursts[i].resp = COSIM_AXI_RESP_OKAY;
    }
    while (remaining > 0) {
        cosim_axi4_request_pins in;
        memset(&in, 0, sizeof in);
        bool room = in_flight < config->max_outstanding;
        int aw = first(bursts, state, count, true, needs_address);
        int ar = first(bursts, state, count, false, needs_address);
        int w = first(bursts, state, count, true, needs_data);
        /* A VALID once driven stays until its handshake: the gate stays open and the candidate
         * stays the first unsent one; `room` only grows while it waits. */
        in.awvalid = cosim_axi4_gate_open(&master->gate[COSIM_AXI4_AW], aw >= 0 && (room || state[aw].counted));
        if (in.awvalid) {
            const cosim_axi4_burst *b = &bursts[aw];
            in.awid = b->id;
            in.awaddr = b->shape.address;
            in.awlen = b->shape.len;
            in.awsize = b->shape.size;
            in.awburst = b->shape.burst;
            in.awprot = b->prot;
            if (!state[aw].counted)
                in_flight++;
            state[aw].offered = state[aw].counted = true;
        }
        /* Data first: a write not yet in flight may start with its data while there is room
         * (after this cycle's AW took its share). */
        bool data_may_lead = config->data_before_address && w >= 0 &&
                             (state[w].counted || in_flight < config->max_outstanding);
        in.wvalid = cosim_axi4_gate_open(&master->gate[COSIM_AXI4_W], w >= 0 && (state[w].offered || data_may_lead));
        if (in.wvalid) {
            const cosim_axi4_burst *b = &bursts[w];
            if (!state[w].counted)
                in_flight++;
            state[w].counted = true;
            in.wdata = b->data[state[w].w_beat];
            in.wstrb = b->strb[state[w].w_beat];
            in.wlast = state[w].w_beat == b->shape.len;
        }
        /* `room` is taken before either address is offered in this cycle; both may go. */
        in.arvalid = cosim_axi4_gate_open(&master->gate[COSIM_AXI4_AR], ar >= 0 && (room || state[ar].counted));
        if (in.arvalid) {
            const cosim_axi4_burst *b = &bursts[ar];
            if (!state[ar].counted)
                in_flight++;
            state[ar].offered = state[ar].counted = true;
            in.arid = b->id;
            in.araddr = b->shape.address;
            in.arlen = b->shape.len;
            in.arsize = b->shape.size;
            in.arburst = b->shape.burst;
            in.arprot = b->prot;
        }
        in.rready = cosim_axi4_gate_open(&master->gate[COSIM_AXI4_R], true);
        in.bready = cosim_axi4_gate_open(&master->gate[COSIM_AXI4_B], true);

        cosim_axi4_response_pins out;
        memset(&out, 0, sizeof out);
        step(master, &in, &out);

        bool progress = false;
        if (in.awvalid && out.awready) {
            state[aw].addr_sent = true;
            cosim_axi4_gate_done(&master->gate[COSIM_AXI4_AW]);
            progress = true;
        }
        if (in.wvalid && out.wready) {
            /* This edge's AW handshake (if any) has been taken above. */
            master->stats.data_led += !state[w].addr_sent;
            state[w].w_beat++;
            master->stats.beats++;
            cosim_axi4_gate_done(&master->gate[COSIM_AXI4_W]);
            progress = true;
        }
        if (in.arvalid && out.arready) {
            state[ar].addr_sent = true;
            cosim_axi4_gate_done(&master->gate[COSIM_AXI4_AR]);
            progress = true;
        }
        if (in.rready && out.rvalid) {
            cosim_axi4_gate_done(&master->gate[COSIM_AXI4_R]);
            progress = true;
            int r = owner(bursts, state, count, false, out.rid);
            if (r < 0) {
                master->stats.protocol_errors++;
                tlm_log_error(master->log, "R beat with RID %u and no read of that ID outstanding", out.rid);
            } else {
                cosim_axi4_burst *b = &bursts[r];
                bool last = state[r].r_beat == b->shape.len;
                if (out.rlast != last) {
                    master->stats.protocol_errors++;
                    tlm_log_error(master->log, "RLAST %d on beat %u of a %u-beat read (RID %u)", out.rlast,
                                  state[r].r_beat, b->shape.len + 1u, out.rid);
                }
                b->data[state[r].r_beat++] = out.rdata;
                b->resp = cosim_axi4_resp_worse(b->resp, out.rresp);
                master->stats.beats++;
                if (last) {
                    b->done = true;
                    remaining--;
                    in_flight--;
                    master->stats.bursts++;
                }
            }
        }
        if (in.bready && out.bvalid) {
            cosim_axi4_gate_done(&master->gate[COSIM_AXI4_B]);
            progress = true;
            int b = owner(bursts, state, count, true, out.bid);
            if (b < 0) {
                master->stats.protocol_errors++;
                tlm_log_error(master->log, "B with BID %u and no complete write of that ID outstanding", out.bid);
            } else {
                bursts[b].resp = out.bresp;
                bursts[b].done = true;
                remaining--;
                in_flight--;
                master->stats.bursts++;
            }
        }
        quiet = progress ? 0 : quiet + 1;
        if (quiet >= config->timeout_cycles) {
            master->stats.abandoned++;
            tlm_log_error(master->log, "no handshake for %" PRIu32 " cycles; %" PRIu32 " of %" PRIu32
                          " bursts abandoned", config->timeout_cycles, remaining, count);
            for (uint32_t i = 0; i < count; i++)
                if (!bursts[i].done)
                    bursts[i].resp = COSIM_AXI_RESP_SLVERR;
            /* Drop every VALID so the slave is not left with a half-offered transfer. */
            cosim_axi4_request_pins idle;
            memset(&idle, 0, sizeof idle);
            step(master, &idle, &out);
            break;
        }
    }
    free(state);
    return remaining == 0;
}

/* The payload as INCR bursts, BATCH at a time; the first failing batch ends it. */
static tlm_status transfer_chunks(cosim_axi4_master *master, tlm_payload *payload)
{
    const bool write = payload->command == TLM_CMD_WRITE;
    uint64_t address = payload->address;
    uint64_t end = payload->address + payload->length;
    tlm_status status = TLM_STATUS_OK;
    while (address < end) {
        uint32_t n = 0;
        while (n < BATCH && address < end) {
            /* One INCR burst of full-width beats from the bus word holding `address`, ending at
             * the payload's end, the 4 KiB page's end or 256 beats, whichever comes first. */
            uint64_t base = address & ~(uint64_t)(COSIM_AXI4_DATA_BYTES - 1u);
            uint64_t stop = (address | 0xFFFu) + 1u;
            if (stop > base + MAX_BURST_BYTES)
                stop = base + MAX_BURST_BYTES;
            if (stop > end)
                stop = end;
            uint32_t beats = (uint32_t)((stop - base + COSIM_AXI4_DATA_BYTES - 1u) / COSIM_AXI4_DATA_BYTES);
            cosim_axi4_burst *b = &master->batch[n++];
            b->write = write;
            b->id = 0;
            b->shape = (cosim_axi4_burst_shape){ (uint32_t)base, (uint8_t)(beats - 1u), COSIM_AXI4_MAX_SIZE,
                                                 COSIM_AXI4_BURST_INCR };
            b->prot = payload->privileged ? 1u : 0u; /* AxPROT[0]: privileged access */
            for (uint32_t beat = 0; beat < beats; beat++) {
                uint64_t word = 0;
                uint8_t strb = 0;
                for (uint32_t lane = 0; lane < COSIM_AXI4_DATA_BYTES; lane++) {
                    uint64_t at = base + beat * COSIM_AXI4_DATA_BYTES + lane;
                    uint32_t index = (uint32_t)(at - payload->address);
                    if (at < address || at >= stop || !tlm_payload_byte_enabled(payload, index))
                        continue;
                    strb |= (uint8_t)(1u << lane);
                    if (write)
                        word |= (uint64_t)payload->data[index] << (8 * lane);
                }
                b->data[beat] = word;
                b->strb[beat] = strb;
            }
            address = stop;
        }
        cosim_axi4_master_run(master, master->batch, n);
        for (uint32_t i = 0; i < n; i++) {
            const cosim_axi4_burst *b = &master->batch[i];
            tlm_status burst_status = b->done ? cosim_axi4_status_from_resp(b->resp) : TLM_STATUS_GENERIC_ERROR;
            if (status == TLM_STATUS_OK)
                status = burst_status;
            if (write || burst_status != TLM_STATUS_OK)
                continue;
            for (uint32_t beat = 0; beat <= b->shape.len; beat++)
                for (uint32_t lane = 0; lane < COSIM_AXI4_DATA_BYTES; lane++)
                    if (b->strb[beat] >> lane & 1u) {
                        uint64_t at = b->shape.address + beat * COSIM_AXI4_DATA_BYTES + lane;
                        payload->data[at - payload->address] = (uint8_t)(b->data[beat] >> (8 * lane));
                    }
        }
        if (status != TLM_STATUS_OK)
            break;
    }
    return status;
}

static void master_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_axi4_master *master = self;
    tlm_status status = tlm_payload_check(payload);
    if (status == TLM_STATUS_OK && payload->command != TLM_CMD_IGNORE &&
        (payload->address + payload->length - 1u) >> master->config.address_bits != 0)
        status = TLM_STATUS_ADDRESS_ERROR;
    if (status == TLM_STATUS_OK && !master->config.clock)
        status = TLM_STATUS_GENERIC_ERROR;
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        tlm_log_error(master->log, "%s at 0x%" PRIx64 " length %" PRIu32 " refused before the bus: %s",
                      tlm_command_name(payload->command), payload->address, payload->length,
                      tlm_response_name(status));
        return;
    }
    if (payload->command == TLM_CMD_IGNORE) {
        payload->response = TLM_STATUS_OK;
        return;
    }
    tlm_time now = tlm_kernel_now(master->config.kernel);
    step_idle_through(master, now + *delay);
    payload->response = transfer_chunks(master, payload);
    tlm_time completion = master->next_edge - master->config.clock->period;
    *delay = completion > now ? completion - now : 0;
}

cosim_axi4_master *cosim_axi4_master_create(const cosim_axi4_master_config *config)
{
    cosim_axi4_master *master = tlm_alloc_zeroed(1, sizeof *master);
    master->config = *config;
    cosim_axi4_master_config *c = &master->config;
    if (c->address_bits == 0 || c->address_bits > 32)
        c->address_bits = 32;
    if (c->max_outstanding == 0)
        c->max_outstanding = DEFAULT_OUTSTANDING;
    if (c->timeout_cycles == 0)
        c->timeout_cycles = DEFAULT_TIMEOUT_CYCLES;
    master->log = tlm_logger_block(tlm_kernel_logger(c->kernel), c->name);
    for (unsigned i = 0; i < COSIM_AXI4_CHANNELS; i++)
        cosim_axi4_gate_init(&master->gate[i], &c->delay[i]);
    master->as_target = (tlm_target){ .name = c->name, .self = master, .b_transport = master_b_transport };
    if (c->clock) {
        master->next_edge = tlm_clock_next_rising_edge(c->clock);
        tlm_clock_on_rising(c->clock, clock_rising, master);
        cosim_axi4_trace_declare(&master->trace, c->kernel, c->name, false, c->clock->period);
    }
    return master;
}

void cosim_axi4_master_destroy(cosim_axi4_master *master)
{
    if (!master)
        return;
    if (master->config.clock)
        tlm_clock_remove_rising(master->config.clock, clock_rising, master);
    free(master);
}

const tlm_target *cosim_axi4_master_target(cosim_axi4_master *master)
{
    return &master->as_target;
}

uint64_t cosim_axi4_master_cycles(const cosim_axi4_master *master)
{
    return master->cycles;
}

cosim_axi4_master_stats cosim_axi4_master_get_stats(const cosim_axi4_master *master)
{
    return master->stats;
}
