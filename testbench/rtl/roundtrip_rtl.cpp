// Verilator shim of the round-trip block: the C API of roundtrip_rtl.h over the Verilated
// model Vroundtrip. docs/rtl.md describes the cycle semantics and the failure reporting.
#include "roundtrip_rtl.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>

#include "Vroundtrip.h"
#include "tb_vl_capture.h"
#include "verilated.h"

struct tb_roundtrip_rtl final : tb_vl_sink {
    // Declared before the model: members are destroyed in reverse order, and the model must
    // go before its context.
    std::unique_ptr<VerilatedContext> context;
    std::unique_ptr<Vroundtrip> top;
    uint64_t cycles = 0;
    uint64_t pin_failures = 0; // pin values that did not fit their port
    char last_failure[512] = "";

    // tb_vl_sink: keeps the assertion message, not the "Verilog $stop" line that follows it.
    void text(const char *text) noexcept override
    {
        if (std::strstr(text, "%Error") == nullptr || std::strstr(text, "Verilog $stop") != nullptr)
            return;
        std::snprintf(last_failure, sizeof last_failure, "%s", text);
        size_t length = std::strlen(last_failure);
        while (length > 0 && (last_failure[length - 1] == '\n' || last_failure[length - 1] == '\r'))
            last_failure[--length] = '\0';
    }
};

namespace {

// Everything that evaluates the model runs inside one of these: Verilator's runtime reports
// assertion failures to the thread's context (Verilated::threadContextp()), which must be this
// instance's when several instances share a thread, and prints through tb_vl_printf, whose
// text goes to this instance.
class eval_scope {
public:
    explicit eval_scope(tb_roundtrip_rtl *rtl) noexcept : capture_(rtl)
    {
        Verilated::threadContextp(rtl->context.get());
    }

private:
    tb_vl_capture_scope capture_;
};

[[noreturn]] void fail_internal(const char *function, const char *what) noexcept
{
    std::fprintf(stderr, "%s: internal error in the Verilator shim: %s\n", function, what);
    std::abort();
}

void pin_failure(tb_roundtrip_rtl *rtl, const char *pin, uint32_t value, uint32_t limit)
{
    rtl->pin_failures++;
    std::snprintf(rtl->last_failure, sizeof rtl->last_failure,
                  "tb_roundtrip_rtl: %s = 0x%x does not fit its port (limit 0x%x); upper bits dropped", pin,
                  value, limit);
    std::fprintf(stdout, "%%Error: %s\n", rtl->last_failure);
}

// A pin value must fit its port (`bits` wide). The excess is dropped; while the channel's
// VALID is high the value matters, so it is also reported (an idle bus may carry anything).
uint32_t fit(tb_roundtrip_rtl *rtl, bool valid, const char *pin, uint32_t value, unsigned bits)
{
    const uint32_t limit = (UINT32_C(1) << bits) - 1;
    if (value > limit && valid)
        pin_failure(rtl, pin, value, limit);
    return value & limit;
}

void drive(tb_roundtrip_rtl *rtl, const tb_axi_lite_request_pins &in)
{
    Vroundtrip &top = *rtl->top;
    top.s_axil_awvalid_i = in.awvalid;
    top.s_axil_awaddr_i =
        static_cast<uint16_t>(fit(rtl, in.awvalid, "awaddr", in.awaddr, TB_ROUNDTRIP_RTL_ADDR_BITS));
    top.s_axil_awprot_i = static_cast<uint8_t>(fit(rtl, in.awvalid, "awprot", in.awprot, 3));
    top.s_axil_wvalid_i = in.wvalid;
    top.s_axil_wdata_i = in.wdata;
    top.s_axil_wstrb_i = static_cast<uint8_t>(fit(rtl, in.wvalid, "wstrb", in.wstrb, 4));
    top.s_axil_bready_i = in.bready;
    top.s_axil_arvalid_i = in.arvalid;
    top.s_axil_araddr_i =
        static_cast<uint16_t>(fit(rtl, in.arvalid, "araddr", in.araddr, TB_ROUNDTRIP_RTL_ADDR_BITS));
    top.s_axil_arprot_i = static_cast<uint8_t>(fit(rtl, in.arvalid, "arprot", in.arprot, 3));
    top.s_axil_rready_i = in.rready;
}

void sample(const Vroundtrip &top, tb_axi_lite_response_pins *out)
{
    out->awready = top.s_axil_awready_o;
    out->wready = top.s_axil_wready_o;
    out->bvalid = top.s_axil_bvalid_o;
    out->bresp = top.s_axil_bresp_o;
    out->arready = top.s_axil_arready_o;
    out->rvalid = top.s_axil_rvalid_o;
    out->rdata = top.s_axil_rdata_o;
    out->rresp = top.s_axil_rresp_o;
}

// The clock rests high between cycles. A cycle is a falling edge, at which the inputs for
// the cycle are applied and the combinational outputs settle, then the rising edge. This
// folds the falling edge and the input settle into one eval: two evals per cycle, as a bare
// loop needs (the design uses rising edges only).
inline void falling_edge(tb_roundtrip_rtl *rtl)
{
    rtl->context->timeInc(1);
    rtl->top->clk_i = 0;
    rtl->top->eval();
}

inline void rising_edge(tb_roundtrip_rtl *rtl)
{
    rtl->context->timeInc(1);
    rtl->top->clk_i = 1;
    rtl->top->eval();
    rtl->cycles++;
}

// One whole cycle with the inputs as driven.
inline void clock(tb_roundtrip_rtl *rtl)
{
    falling_edge(rtl);
    rising_edge(rtl);
}

const tb_axi_lite_request_pins idle_pins = {};

} // namespace

extern "C" {

tb_roundtrip_rtl *tb_roundtrip_rtl_create(void)
{
    try {
        std::unique_ptr<tb_roundtrip_rtl> rtl(new tb_roundtrip_rtl);
        rtl->context.reset(new VerilatedContext);
        // A failing assertion calls vl_stop_maybe(): it counts the error in the context and,
        // with fatalOnError (the default), aborts the process. Off, it prints and returns, so
        // the shim can count failures and the test can go on (docs/rtl.md).
        rtl->context->fatalOnError(false);
        // Deterministic power-up values (all zero) whatever Verilator's defaults.
        rtl->context->randReset(0);
        rtl->top.reset(new Vroundtrip(rtl->context.get(), "TOP"));
        eval_scope scope(rtl.get());
        drive(rtl.get(), idle_pins);
        rtl->top->clk_i = 0;
        rtl->top->rst_ni = 0;
        rtl->top->eval();
        return rtl.release();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "tb_roundtrip_rtl_create: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "tb_roundtrip_rtl_create: unknown C++ exception\n");
    }
    return nullptr;
}

void tb_roundtrip_rtl_destroy(tb_roundtrip_rtl *rtl)
{
    if (!rtl)
        return;
    try {
        {
            eval_scope scope(rtl);
            rtl->top->final();
            rtl->top.reset();
        }
        // Verilator keeps the thread's and the last context in static pointers; leave none
        // pointing at the context about to be freed (the next user then gets the default one).
        if (Verilated::lastContextp() == rtl->context.get())
            Verilated::lastContextp(nullptr);
        if (Verilated::threadContextp() == rtl->context.get())
            Verilated::threadContextp(nullptr);
        rtl->context.reset();
        delete rtl;
    } catch (const std::exception &e) {
        fail_internal(__func__, e.what());
    } catch (...) {
        fail_internal(__func__, "unknown C++ exception");
    }
}

void tb_roundtrip_rtl_reset(tb_roundtrip_rtl *rtl, unsigned cycles)
{
    try {
        eval_scope scope(rtl);
        drive(rtl, idle_pins);
        rtl->top->rst_ni = 0;
        rtl->top->eval();
        for (unsigned i = 0; i < (cycles > 0 ? cycles : 1u); i++)
            clock(rtl);
        rtl->top->rst_ni = 1;
        rtl->top->eval();
    } catch (const std::exception &e) {
        fail_internal(__func__, e.what());
    } catch (...) {
        fail_internal(__func__, "unknown C++ exception");
    }
}

void tb_roundtrip_rtl_cycle(tb_roundtrip_rtl *rtl, const tb_axi_lite_request_pins *in,
                            tb_axi_lite_response_pins *out)
{
    try {
        eval_scope scope(rtl);
        drive(rtl, in ? *in : idle_pins);
        falling_edge(rtl);
        if (out)
            sample(*rtl->top, out);
        rising_edge(rtl);
    } catch (const std::exception &e) {
        fail_internal(__func__, e.what());
    } catch (...) {
        fail_internal(__func__, "unknown C++ exception");
    }
}

bool tb_roundtrip_rtl_irq(const tb_roundtrip_rtl *rtl)
{
    return rtl->top->irq_o != 0;
}

uint64_t tb_roundtrip_rtl_cycles(const tb_roundtrip_rtl *rtl)
{
    return rtl->cycles;
}

uint64_t tb_roundtrip_rtl_bare_cycles(tb_roundtrip_rtl *rtl, uint64_t n)
{
    try {
        eval_scope scope(rtl);
        drive(rtl, idle_pins);
        rtl->top->eval();
        for (uint64_t i = 0; i < n; i++)
            clock(rtl);
        return rtl->cycles;
    } catch (const std::exception &e) {
        fail_internal(__func__, e.what());
    } catch (...) {
        fail_internal(__func__, "unknown C++ exception");
    }
}

uint64_t tb_roundtrip_rtl_assertion_failures(const tb_roundtrip_rtl *rtl)
{
    // errorCount(): every vl_stop_maybe() call, i.e. every failing assertion (and $stop).
    return static_cast<uint64_t>(rtl->context->errorCount()) + rtl->pin_failures;
}

const char *tb_roundtrip_rtl_last_assertion(const tb_roundtrip_rtl *rtl)
{
    return rtl->last_failure;
}

} // extern "C"
