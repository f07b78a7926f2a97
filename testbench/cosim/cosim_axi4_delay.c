#include "cosim_axi4_delay.h"

#include "tlm_random.h"

/* A wait longer than this only slows the tests; larger settings are capped. */
#define MAX_DELAY_CYCLES 1000u

void cosim_axi4_delay_all(cosim_axi4_delay delays[COSIM_AXI4_CHANNELS], cosim_axi4_delay_mode mode,
                          uint32_t cycles, uint64_t seed)
{
    uint64_t state = seed;
    for (unsigned i = 0; i < COSIM_AXI4_CHANNELS; i++)
        delays[i] = (cosim_axi4_delay){ .mode = mode, .cycles = cycles, .seed = tlm_splitmix64(&state) };
}

void cosim_axi4_gate_init(cosim_axi4_gate *gate, const cosim_axi4_delay *pattern)
{
    *gate = (cosim_axi4_gate){ .pattern = *pattern };
    if (gate->pattern.cycles > MAX_DELAY_CYCLES)
        gate->pattern.cycles = MAX_DELAY_CYCLES;
    /* xorshift64* stays at 0 from a 0 state: seed it through splitmix64. */
    uint64_t seed = pattern->seed;
    gate->state = tlm_splitmix64(&seed) | 1u;
}

static uint32_t draw(cosim_axi4_gate *gate)
{
    switch (gate->pattern.mode) {
    case COSIM_AXI4_DELAY_FIXED: return gate->pattern.cycles;
    case COSIM_AXI4_DELAY_RANDOM:
        return (uint32_t)(tlm_xorshift64star(&gate->state) % (gate->pattern.cycles + 1u));
    default: return 0;
    }
}

bool cosim_axi4_gate_open(cosim_axi4_gate *gate, bool pending)
{
    if (!pending)
        return false;
    if (!gate->armed) {
        gate->armed = true;
        gate->wait = draw(gate);
    }
    if (gate->wait == 0)
        return true;
    gate->wait--;
    return false;
}

void cosim_axi4_gate_done(cosim_axi4_gate *gate)
{
    gate->armed = false;
}

uint32_t cosim_axi4_gate_pick(cosim_axi4_gate *gate, uint32_t n)
{
    if (gate->pattern.mode != COSIM_AXI4_DELAY_RANDOM || n <= 1)
        return 0;
    return (uint32_t)(tlm_xorshift64star(&gate->state) % n);
}
