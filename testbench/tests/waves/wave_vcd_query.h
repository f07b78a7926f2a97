/* Questions the waveform-checking tests ask of one signal read back by wave_vcd_reader.h:
 * its value at a time, and how many of its changes lie on either side of a time (the lockstep
 * planted-bug tests: a failure inside the recorded window, with history before it). */
#ifndef WAVE_VCD_QUERY_H
#define WAVE_VCD_QUERY_H

#include <stddef.h>
#include <stdint.h>

#include "wave_vcd_reader.h"

/* The last change of the signal at or before `time`, as a number (0 if none). */
static inline uint64_t wave_vcd_number_at(const wave_vcd_signal *signal, uint64_t time)
{
    const char *value = wave_vcd_value_at(signal, time);
    return value ? wave_vcd_number(value) : 0;
}

/* How many of the signal's changes lie before / after `time` (not at it). */
static inline void wave_vcd_count_around(const wave_vcd_signal *signal, uint64_t time, size_t *before,
                                         size_t *after)
{
    *before = *after = 0;
    for (size_t i = 0; i < signal->count; i++) {
        if (signal->changes[i].time < time)
            (*before)++;
        else if (signal->changes[i].time > time)
            (*after)++;
    }
}

#endif
