// See cosim_vl_core.h.
#include "cosim_vl_core.h"

#include <cstdarg>
#include <cstdlib>
#include <cstring>

void cosim_vl_core_base::text(const char *text) noexcept
{
    if (std::strstr(text, "%Error") == nullptr || std::strstr(text, "Verilog $stop") != nullptr)
        return;
    std::snprintf(last_failure, sizeof last_failure, "%s", text);
    size_t length = std::strlen(last_failure);
    while (length > 0 && (last_failure[length - 1] == '\n' || last_failure[length - 1] == '\r'))
        last_failure[--length] = '\0';
}

void cosim_vl_core_base::pin_failure(const char *format, ...) noexcept
{
    pin_failures++;
    int prefix = std::snprintf(last_failure, sizeof last_failure, "%s: ", name_);
    if (prefix >= 0 && static_cast<size_t>(prefix) < sizeof last_failure) {
        va_list args;
        va_start(args, format);
        std::vsnprintf(last_failure + prefix, sizeof last_failure - static_cast<size_t>(prefix), format, args);
        va_end(args);
    }
    std::fprintf(stdout, "%%Error: %s\n", last_failure);
}

uint32_t cosim_vl_core_base::fit(bool valid, const char *pin, uint32_t value, unsigned bits) noexcept
{
    const uint32_t limit = (UINT32_C(1) << bits) - 1;
    if (value > limit && valid)
        pin_failure("%s = 0x%x does not fit its port (limit 0x%x); upper bits dropped", pin, value, limit);
    return value & limit;
}

uint64_t cosim_vl_core_base::assertion_failures() const noexcept
{
    return static_cast<uint64_t>(context->errorCount()) + pin_failures;
}

void cosim_vl_core_base::open_context()
{
    context.reset(new VerilatedContext);
    // A failing assertion calls vl_stop_maybe(): it counts the error in the context and, with
    // fatalOnError (the default), aborts the process. Off, it prints and returns, so the wrapper
    // can count failures and the test can go on (docs/reference/rtl.md).
    context->fatalOnError(false);
    context->randReset(0);
}

void cosim_vl_core_base::close_context() noexcept
{
    // Verilator keeps the thread's and the last context in static pointers; leave none
    // pointing at the context about to be freed (the next user then gets the default one).
    if (Verilated::lastContextp() == context.get())
        Verilated::lastContextp(nullptr);
    if (Verilated::threadContextp() == context.get())
        Verilated::threadContextp(nullptr);
    context.reset();
}

void cosim_vl_fail_internal(const char *function, const char *what) noexcept
{
    std::fprintf(stderr, "%s: internal error in the Verilator wrapper: %s\n", function, what);
    std::abort();
}
