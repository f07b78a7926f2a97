#include "tb_smoke_scenario.h"

#include <inttypes.h>
#include <string.h>

#include "tlm.h"

/* Memory map of the smoke system: graphics memory behind the router at 4 GiB, nothing else. */
#define SMOKE_MEMORY_BASE UINT64_C(0x100000000)
#define SMOKE_MEMORY_SIZE (UINT64_C(1) << 32)
#define SMOKE_UNMAPPED_ADDRESS UINT64_C(0x0000A000)
#define SMOKE_WATCHED_LINE UINT64_C(0x40)          /* local address of the watched cacheline */
#define SMOKE_GT_CLOCK_KHZ 1200000u                /* 1.2 GHz GT clock */
#define SMOKE_DWORDS 4096u

typedef struct smoke_state {
    FILE *out;                 /* summary stream */
    tlm_kernel *kernel;        /* time base */
    tlm_signal *line;          /* raised by the observer, like an interrupt line */
    uint64_t observer_calls;   /* observer invocations seen */
    uint32_t last_cookie;      /* second dword of the watched line after the last write */
    tb_scenario_result result; /* check tally */
} smoke_state;

static void check(smoke_state *state, int held, const char *what)
{
    if (held)
        state->result.passed++;
    else
        state->result.failed++;
    fprintf(state->out, "  [%s] %s\n", held ? "pass" : "FAIL", what);
}

static void line_watched(void *context, const tlm_memory_write *write)
{
    smoke_state *state = context;
    state->observer_calls++;
    memcpy(&state->last_cookie, write->line_data + 4, sizeof state->last_cookie);
    tlm_signal_set(state->line, 1);
}

static void line_changed(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    smoke_state *state = context;
    tlm_time now = tlm_kernel_now(state->kernel);
    fprintf(state->out, "  %10" PRIu64 ".%03u ns  %s %" PRIu64 " -> %" PRIu64 "\n", now / 1000,
            (unsigned)(now % 1000), signal->name, old_value, new_value);
}

/* One host bus access through the quantum keeper; returns the response. */
static tlm_response_status host_access(const tlm_target *bus, tlm_quantum_keeper *keeper, tlm_command command,
                                       uint64_t address, void *data, uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.address_space = TLM_SPACE_PHYSICAL;
    tlm_time delay = 0;
    tlm_b_transport(bus, &payload, &delay);
    tlm_qk_inc(keeper, delay);
    if (tlm_qk_need_sync(keeper))
        tlm_qk_sync(keeper);
    return payload.response;
}

tb_scenario_result tb_smoke_scenario_run(FILE *out)
{
    smoke_state state = { .out = out };
    tlm_kernel *kernel = tlm_kernel_create();
    state.kernel = kernel;
    tlm_logger_set_sink(tlm_kernel_logger(kernel), out);
    tlm_clock gt_clock;
    tlm_clock_init(&gt_clock, kernel, "gt_clock", tlm_time_period_from_khz(SMOKE_GT_CLOCK_KHZ), 0);
    tlm_router *router = tlm_router_create(kernel, "bus");
    tlm_memory *memory = tlm_memory_create(kernel, "gfx_memory", SMOKE_MEMORY_SIZE);
    tlm_memory_set_latency(memory, 20 * TLM_NS, 10 * TLM_NS);
    tlm_signal line;
    tlm_signal_init(&line, "watch_line", 1, 0);
    state.line = &line;
    tlm_signal_listen(&line, line_changed, &state);
    tlm_quantum_keeper keeper;
    tlm_qk_init(&keeper, kernel, 1 * TLM_US);

    fprintf(out, "gtsim: foundation smoke scenario (GT clock %u MHz, memory at 0x%" PRIx64 ")\n",
            SMOKE_GT_CLOCK_KHZ / 1000, SMOKE_MEMORY_BASE);
    check(&state, tlm_router_map(router, SMOKE_MEMORY_BASE, SMOKE_MEMORY_SIZE, tlm_memory_target(memory)) == 0,
          "graphics memory mapped");
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT); /* the refusal below is expected */
    check(&state, tlm_router_map(router, SMOKE_MEMORY_BASE + 0x1000, 0x1000, tlm_memory_target(memory)) != 0,
          "overlapping map refused");
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_WARNING);
    check(&state, tlm_memory_watch(memory, SMOKE_WATCHED_LINE, line_watched, &state) != 0, "cacheline watched");

    const tlm_target *bus = tlm_router_target(router);
    unsigned bad_responses = 0;
    for (uint32_t i = 0; i < SMOKE_DWORDS; i++) {
        uint32_t value = 0x9E3779B9u * (i + 1);
        if (host_access(bus, &keeper, TLM_WRITE_COMMAND, SMOKE_MEMORY_BASE + 0x10000 + 4u * i, &value, 4) !=
            TLM_OK_RESPONSE)
            bad_responses++;
    }
    unsigned mismatches = 0;
    for (uint32_t i = 0; i < SMOKE_DWORDS; i++) {
        uint32_t value = 0;
        if (host_access(bus, &keeper, TLM_READ_COMMAND, SMOKE_MEMORY_BASE + 0x10000 + 4u * i, &value, 4) !=
            TLM_OK_RESPONSE)
            bad_responses++;
        if (value != 0x9E3779B9u * (i + 1))
            mismatches++;
    }
    check(&state, bad_responses == 0 && mismatches == 0, "4096 dwords written and read back through the bus");

    uint64_t untouched = 1;
    host_access(bus, &keeper, TLM_READ_COMMAND, SMOKE_MEMORY_BASE + 0x7FF00000, &untouched, 8);
    check(&state, untouched == 0, "untouched memory reads 0");

    uint32_t cookie_write[2] = { 0, 0xC0FFEE01u };
    host_access(bus, &keeper, TLM_WRITE_COMMAND, SMOKE_MEMORY_BASE + SMOKE_WATCHED_LINE, cookie_write, 8);
    tlm_qk_sync(&keeper);
    check(&state, state.observer_calls == 1 && state.last_cookie == 0xC0FFEE01u && tlm_signal_get(&line) == 1,
          "write to the watched cacheline seen by its observer, line raised");

    uint32_t scratch = 0;
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_LEVEL_COUNT);
    tlm_response_status unmapped = host_access(bus, &keeper, TLM_READ_COMMAND, SMOKE_UNMAPPED_ADDRESS, &scratch, 4);
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_WARNING);
    check(&state, unmapped == TLM_ADDRESS_ERROR_RESPONSE && tlm_router_unmapped_count(router) == 1,
          "unmapped access answered with an address error and counted");

    tlm_qk_sync(&keeper);
    uint64_t cycles_before = tlm_clock_cycles(&gt_clock);
    tlm_kernel_run_for(kernel, 1 * TLM_US);
    check(&state, tlm_clock_cycles(&gt_clock) - cycles_before == SMOKE_GT_CLOCK_KHZ / 1000,
          "GT clock ran 1200 cycles in 1 us");

    tlm_memory_stats stats = tlm_memory_get_stats(memory);
    tlm_time now = tlm_kernel_now(kernel);
    fprintf(out, "summary: sim time %" PRIu64 ".%03u ns, %" PRIu64 " GT cycles, %" PRIu64 " reads, %" PRIu64
                 " writes, %" PRIu64 " pages, %" PRIu64 " errors logged\n",
            now / 1000, (unsigned)(now % 1000), tlm_clock_cycles(&gt_clock), stats.reads, stats.writes,
            stats.pages_allocated, tlm_logger_count(tlm_kernel_logger(kernel), TLM_LOG_ERROR));

    tlm_signal_destroy(&line);
    tlm_clock_destroy(&gt_clock);
    tlm_router_destroy(router);
    tlm_memory_destroy(memory);
    tlm_kernel_destroy(kernel);
    return state.result;
}
