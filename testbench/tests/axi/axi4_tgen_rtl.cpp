// Verilator wrapper of the AXI4 traffic generator test top (axi4_tgen_rtl.h) over the AXI4
// wrapper core (cosim_vl_axi4.h); the command queue and the back-pressure are its own.
#include "axi4_tgen_rtl.h"

#include <deque>

#include "Vaxi4_tgen_tb.h"
#include "cosim_vl_axi4.h"
#include "tlm_random.h"

struct axi4_tgen_rtl final : cosim_axi4_vl_top<axi4_tgen_rtl, Vaxi4_tgen_tb> {
    std::deque<axi4_tgen_command> queue; // commands not yet taken
    unsigned stall_percent = 0;          // RREADY/BREADY low this often
    uint64_t stall_state = 1;            // xorshift64* state of the stalls
    bool in_reset = false;               // no command is offered during reset

    axi4_tgen_rtl() noexcept : cosim_axi4_vl_top("axi4_tgen_rtl") {}

    // The command port and the back-pressure inputs.
    void drive_commands()
    {
        Vaxi4_tgen_tb &t = *top;
        t.cmd_valid_i = !queue.empty() && !in_reset;
        if (!queue.empty()) {
            const axi4_tgen_command &c = queue.front();
            t.cmd_write_i = c.write;
            t.cmd_id_i = c.id & 0xFu;
            t.cmd_addr_i = c.addr;
            t.cmd_len_i = c.len;
            t.cmd_size_i = c.size & 7u;
            t.cmd_burst_i = c.burst & 3u;
            t.cmd_seed_i = c.seed;
            t.cmd_strb_i = c.strb;
        }
        bool r_stall = false, b_stall = false;
        if (stall_percent) {
            r_stall = tlm_xorshift64star(&stall_state) % 100u < stall_percent;
            b_stall = tlm_xorshift64star(&stall_state) % 100u < stall_percent;
        }
        t.r_stall_i = r_stall;
        t.b_stall_i = b_stall;
    }

    void drive_idle()
    {
        static const cosim_axi4_response_pins idle = {};
        cosim_axi4_vl_drive_master_port(*top, idle);
        in_reset = true;
        drive_commands();
        in_reset = false;
    }

    void cycle(const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
    {
        static const cosim_axi4_response_pins idle = {};
        cosim_vl_eval_scope scope(this);
        cosim_axi4_vl_drive_master_port(*top, in ? *in : idle);
        drive_commands();
        edge(0);
        bool taken = top->cmd_valid_i && top->cmd_ready_o;
        if (out)
            cosim_axi4_vl_sample_master_port(*top, out);
        edge(1);
        cycles++;
        if (taken)
            queue.pop_front();
    }
};

extern "C" {

axi4_tgen_rtl *axi4_tgen_rtl_create(void)
{
    return cosim_vl_core_create<axi4_tgen_rtl>(__func__);
}

void axi4_tgen_rtl_destroy(axi4_tgen_rtl *rtl)
{
    cosim_vl_core_destroy(__func__, rtl);
}

void axi4_tgen_rtl_reset(axi4_tgen_rtl *rtl, unsigned cycles)
{
    cosim_vl_guard(__func__, [&] { rtl->reset(cycles); });
}

void axi4_tgen_rtl_push(axi4_tgen_rtl *rtl, const axi4_tgen_command *command)
{
    cosim_vl_guard(__func__, [&] { rtl->queue.push_back(*command); });
}

uint32_t axi4_tgen_rtl_queued(const axi4_tgen_rtl *rtl)
{
    return static_cast<uint32_t>(rtl->queue.size());
}

void axi4_tgen_rtl_set_stall(axi4_tgen_rtl *rtl, unsigned percent, uint64_t seed)
{
    rtl->stall_percent = percent > 100 ? 100 : percent;
    uint64_t state = seed;
    rtl->stall_state = tlm_splitmix64(&state) | 1u;
}

void axi4_tgen_rtl_cycle(void *rtl, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
{
    cosim_vl_guard(__func__, [&] { static_cast<axi4_tgen_rtl *>(rtl)->cycle(in, out); });
}

uint64_t axi4_tgen_rtl_bare_cycles(axi4_tgen_rtl *rtl, uint64_t n)
{
    return cosim_vl_guard(__func__, [&] { return rtl->bare_cycles(n); });
}

uint64_t axi4_tgen_rtl_cycles(const axi4_tgen_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t axi4_tgen_rtl_assertion_failures(const axi4_tgen_rtl *rtl)
{
    return rtl->assertion_failures();
}

const char *axi4_tgen_rtl_last_assertion(const axi4_tgen_rtl *rtl)
{
    return rtl->last_failure;
}

} // extern "C"
