// See cosim_vl_capture.h.
#include "cosim_vl_capture.h"

#include <cstdarg>
#include <cstdio>

namespace {
thread_local cosim_vl_sink *t_sink = nullptr;
}

cosim_vl_capture_scope::cosim_vl_capture_scope(cosim_vl_sink *sink) noexcept : previous_(t_sink)
{
    t_sink = sink;
}

cosim_vl_capture_scope::~cosim_vl_capture_scope()
{
    t_sink = previous_;
}

int cosim_vl_printf(const char *format, ...)
{
    char text[1024];
    va_list args;
    va_start(args, format);
    int length = std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (length < 0)
        return length;
    // Verilator's default is printf(); keep its output where users expect it, unshortened.
    if (static_cast<size_t>(length) < sizeof text) {
        std::fputs(text, stdout);
    } else {
        va_start(args, format);
        std::vprintf(format, args);
        va_end(args);
    }
    std::fflush(stdout);
    if (t_sink)
        t_sink->text(text);
    return length;
}
