// The core every Verilator wrapper shares (C++ only; docs/reference/rtl.md): the Verilated model and its
// own context, the clock, reset and bare-loop sequences, the AXI4-Lite pins every top has,
// and the failure reporting (assertion messages captured through cosim_vl_capture.h, pin values
// that do not fit their port). A block's wrapper (doorbell_rtl.cpp, irq_rtl.cpp,
// roundtrip_rtl.cpp) keeps only what is its own: its extra pins and its C API.
//
// Cycle semantics: the clock rests high between cycles. A cycle is a falling edge, at which
// the inputs for the cycle are applied and the combinational outputs settle, then the rising
// edge. The falling edge and the input settle are one eval: two evals per cycle, as a bare
// loop needs (the designs use rising edges only).
#ifndef COSIM_VL_CORE_H
#define COSIM_VL_CORE_H

#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>

#include "cosim_axi_lite_pins.h"
#include "cosim_vl_capture.h"
#include "verilated.h"

// What does not depend on the Verilated top: the context, the counters, the failure text.
class cosim_vl_core_base : public cosim_vl_sink {
public:
    // Declared before the model (in the derived class): members are destroyed in reverse
    // order, and the model must go before its context.
    std::unique_ptr<VerilatedContext> context; // this instance's Verilator context
    uint64_t cycles = 0;                       // rising edges since creation
    uint64_t pin_failures = 0;                 // pin values that did not fit their port
    char last_failure[512] = "";               // last assertion or pin failure message

    // `name` (a string literal) prefixes the wrapper's own failure messages.
    explicit cosim_vl_core_base(const char *name) noexcept : name_(name) {}

    // cosim_vl_sink: keeps the assertion message, not the "Verilog $stop" line that follows it.
    void text(const char *text) noexcept override;

    // A pin value must fit its port (`bits` wide). The excess is dropped; while the channel's
    // VALID is high the value matters, so it is also reported (an idle bus may carry anything).
    uint32_t fit(bool valid, const char *pin, uint32_t value, unsigned bits) noexcept;

    // Counts a pin failure and reports `message` (printf format, without the wrapper's name).
    void pin_failure(const char *format, ...) noexcept __attribute__((format(printf, 2, 3)));

    // Failing assertions (every vl_stop_maybe() call, i.e. every failing assertion and $stop)
    // plus pin failures.
    uint64_t assertion_failures() const noexcept;

protected:
    // A new context: failing assertions print and count instead of aborting, power-up values
    // are deterministic (all zero) whatever Verilator's defaults.
    void open_context();
    // Leaves no static Verilator pointer at the context, then frees it.
    void close_context() noexcept;

private:
    const char *name_; // the wrapper's C type name, for its messages
};

// Every evaluation runs inside one: Verilator's runtime reports assertion failures to the
// thread's context (Verilated::threadContextp()), which must be this instance's when several
// instances share a thread, and prints through cosim_vl_printf, whose text goes to this instance.
class cosim_vl_eval_scope {
public:
    explicit cosim_vl_eval_scope(cosim_vl_core_base *wrapper) noexcept : capture_(wrapper)
    {
        Verilated::threadContextp(wrapper->context.get());
    }

private:
    cosim_vl_capture_scope capture_; // routes the printed text to the wrapper
};

// A C++ exception must not cross the C API: an unexpected one is an internal error.
[[noreturn]] void cosim_vl_fail_internal(const char *function, const char *what) noexcept;

// Runs `body` for the C API function `function`; any exception aborts with its message.
template <class Body> auto cosim_vl_guard(const char *function, Body body) noexcept -> decltype(body())
{
    try {
        return body();
    } catch (const std::exception &e) {
        cosim_vl_fail_internal(function, e.what());
    } catch (...) {
        cosim_vl_fail_internal(function, "unknown C++ exception");
    }
}

// The block's own input pins where a top has none beyond the bus.
struct cosim_vl_no_pins {};

// The wrapper core over the Verilated top `Top` (ports clk_i, rst_ni and the s_axil_* slave).
// `Extra` is the block's own input pins (cosim_vl_no_pins where there are none); the block's
// wrapper `Wrapper` derives from this class and drives them in `void drive_extra(const Extra &)`
// (a static call: no virtual dispatch in the per-cycle path).
template <class Wrapper, class Top, class Extra> class cosim_vl_core : public cosim_vl_core_base {
public:
    std::unique_ptr<Top> top; // the Verilated model

    cosim_vl_core(const char *name, unsigned addr_bits) noexcept : cosim_vl_core_base(name), addr_bits_(addr_bits) {}

    // Model and context, idle inputs, reset asserted, clock low.
    void open()
    {
        open_context();
        top.reset(new Top(context.get(), "TOP"));
        cosim_vl_eval_scope scope(this);
        drive(idle_pins(), Extra{});
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
    }

    // Final blocks, then the model, then the context.
    void close()
    {
        {
            cosim_vl_eval_scope scope(this);
            top->final();
            top.reset();
        }
        close_context();
    }

    // Idle inputs, reset for `n` cycles (at least one), reset released.
    void reset(unsigned n)
    {
        cosim_vl_eval_scope scope(this);
        drive(idle_pins(), Extra{});
        top->rst_ni = 0;
        top->eval();
        for (unsigned i = 0; i < (n > 0 ? n : 1u); i++)
            clock();
        top->rst_ni = 1;
        top->eval();
    }

    // One cycle with `in` and `extra` driven (null: idle); the slave's outputs are sampled
    // into `out` (if not null) before the rising edge; `before_edge` runs there too.
    void cycle(const cosim_axi_lite_request_pins *in, const Extra *extra, cosim_axi_lite_response_pins *out)
    {
        cycle(in, extra, out, [] {});
    }

    template <class Before>
    void cycle(const cosim_axi_lite_request_pins *in, const Extra *extra, cosim_axi_lite_response_pins *out,
               Before before_edge)
    {
        cosim_vl_eval_scope scope(this);
        drive(in ? *in : idle_pins(), extra ? *extra : Extra{});
        falling_edge();
        if (out)
            sample(out);
        before_edge();
        rising_edge();
    }

    // `n` cycles with idle inputs and nothing sampled (the cost floor of the model).
    uint64_t bare_cycles(uint64_t n)
    {
        cosim_vl_eval_scope scope(this);
        drive(idle_pins(), Extra{});
        top->eval();
        for (uint64_t i = 0; i < n; i++)
            clock();
        return cycles;
    }

private:
    static const cosim_axi_lite_request_pins &idle_pins() noexcept
    {
        static const cosim_axi_lite_request_pins idle = {};
        return idle;
    }

    void drive(const cosim_axi_lite_request_pins &in, const Extra &extra)
    {
        Top &t = *top;
        t.s_axil_awvalid_i = in.awvalid;
        t.s_axil_awaddr_i = static_cast<uint16_t>(fit(in.awvalid, "awaddr", in.awaddr, addr_bits_));
        t.s_axil_awprot_i = static_cast<uint8_t>(fit(in.awvalid, "awprot", in.awprot, 3));
        t.s_axil_wvalid_i = in.wvalid;
        t.s_axil_wdata_i = in.wdata;
        t.s_axil_wstrb_i = static_cast<uint8_t>(fit(in.wvalid, "wstrb", in.wstrb, 4));
        t.s_axil_bready_i = in.bready;
        t.s_axil_arvalid_i = in.arvalid;
        t.s_axil_araddr_i = static_cast<uint16_t>(fit(in.arvalid, "araddr", in.araddr, addr_bits_));
        t.s_axil_arprot_i = static_cast<uint8_t>(fit(in.arvalid, "arprot", in.arprot, 3));
        t.s_axil_rready_i = in.rready;
        static_cast<Wrapper *>(this)->drive_extra(extra);
    }

    void sample(cosim_axi_lite_response_pins *out) const
    {
        const Top &t = *top;
        out->awready = t.s_axil_awready_o;
        out->wready = t.s_axil_wready_o;
        out->bvalid = t.s_axil_bvalid_o;
        out->bresp = t.s_axil_bresp_o;
        out->arready = t.s_axil_arready_o;
        out->rvalid = t.s_axil_rvalid_o;
        out->rdata = t.s_axil_rdata_o;
        out->rresp = t.s_axil_rresp_o;
    }

    void falling_edge()
    {
        context->timeInc(1);
        top->clk_i = 0;
        top->eval();
    }

    void rising_edge()
    {
        context->timeInc(1);
        top->clk_i = 1;
        top->eval();
        cycles++;
    }

    void clock()
    {
        falling_edge();
        rising_edge();
    }

    unsigned addr_bits_; // width of the s_axil_*addr_i ports
};

// Creates a wrapper of type `Wrapper` (a cosim_vl_core), or null with a message on stderr.
template <class Wrapper> Wrapper *cosim_vl_core_create(const char *function) noexcept
{
    try {
        std::unique_ptr<Wrapper> wrapper(new Wrapper);
        wrapper->open();
        return wrapper.release();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "%s: %s\n", function, e.what());
    } catch (...) {
        std::fprintf(stderr, "%s: unknown C++ exception\n", function);
    }
    return nullptr;
}

// Destroys a wrapper made by cosim_vl_core_create (null: nothing).
template <class Wrapper> void cosim_vl_core_destroy(const char *function, Wrapper *wrapper) noexcept
{
    if (!wrapper)
        return;
    cosim_vl_guard(function, [&] {
        wrapper->close();
        delete wrapper;
    });
}

#endif
