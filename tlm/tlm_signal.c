#include "tlm_signal.h"

#include "tlm_trace.h"

static uint64_t width_mask(unsigned width)
{
    return width >= 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
}

void tlm_signal_init(tlm_signal *signal, const char *name, unsigned width, uint64_t initial_value)
{
    width = width < 1 ? 1 : width > 64 ? 64 : width;
    *signal = (tlm_signal){ .name = name, .width = width, .value = initial_value & width_mask(width) };
}

void tlm_signal_destroy(tlm_signal *signal)
{
    tlm_callback_list_free(&signal->listeners);
}

void tlm_signal_listen(tlm_signal *signal, tlm_signal_change_fn fn, void *context)
{
    tlm_callback_list_add(&signal->listeners, (tlm_callback_fn)fn, context);
}

void tlm_signal_unlisten(tlm_signal *signal, tlm_signal_change_fn fn, void *context)
{
    tlm_callback_list_remove(&signal->listeners, (tlm_callback_fn)fn, context);
}

void tlm_signal_set(tlm_signal *signal, uint64_t value)
{
    value &= width_mask(signal->width);
    if (value == signal->value)
        return;
    uint64_t old_value = signal->value;
    signal->value = value;
    signal->changes++;
    tlm_trace_set(signal->trace_kernel, signal->trace_id, value);
    for (size_t i = 0; i < signal->listeners.count; i++) {
        tlm_signal_change_fn fn = (tlm_signal_change_fn)signal->listeners.entries[i].fn;
        fn(signal->listeners.entries[i].context, signal, old_value, value);
    }
}
