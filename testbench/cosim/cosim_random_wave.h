/* The waveform of a failing lockstep random seed (docs/design/cosim.md "What a failing seed leaves
 * behind"). The random regressions run their seeds untraced; a seed that fails is replayed
 * (its stimulus is deterministic) with this recording installed: an on-fail FST file
 * (docs/guide/waves.md) that keeps a history window in memory and is written from the first
 * trigger on, so it holds the time before and after the first failure, with the Verilated
 * RTL's pins and the model's rows on one timeline.
 *
 * The trigger: the lockstep compare fires it at its first mismatch (tlm_trace_trigger), and
 * the harness fires it at the first RTL assertion failure. Every logged error also fires a
 * waveform's trigger (tlm_trace.h), but the random stimulus provokes errors on purpose (unknown
 * engines, refused accesses: docs/reference/irq.md, docs/reference/doorbell.md); so the recording sits between
 * the kernel and the file and passes a trigger on only once the run has failed, as `failed`
 * says. Those errors are still on the timeline as log rows.
 *
 * Where: GTSIM_WAVE_DIR if set, else the working directory; the file is
 * `<dir>/<name>_seed<seed>.fst` with its GTKWave view `<name>_seed<seed>.gtkw` beside it. */
#ifndef COSIM_RANDOM_WAVE_H
#define COSIM_RANDOM_WAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtsim_tlm.h"
#include "wave.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The environment variable naming the directory of failing seeds' waveforms. */
#define COSIM_RANDOM_WAVE_DIR_ENV "GTSIM_WAVE_DIR"

/* True once the run has failed (a mismatch counted, an assertion failed): triggers before
 * that are the stimulus's own errors and are not passed on. */
typedef bool (*cosim_random_wave_failed_fn)(void *context);

/* One replay's recording (plain data: the harness keeps it on its stack). */
typedef struct cosim_random_wave {
    wave_file *file;                 /* the on-fail waveform */
    tlm_tracer tracer;               /* what the kernel calls: forwards to the file's sink */
    const tlm_tracer *inner;         /* the file's own sink */
    cosim_random_wave_failed_fn failed; /* passes triggers on once it says so */
    void *failed_context;            /* passed to failed */
    uint64_t held_back;              /* triggers not passed on (the stimulus's own errors) */
    uint64_t passed_on;              /* triggers passed on to the file */
    char reason[256];                /* the first trigger passed on: what failed */
    char path[512];                  /* the waveform's path */
} cosim_random_wave;

/* The waveform's path for a seed: `<GTSIM_WAVE_DIR or .>/<name>_seed<seed>.fst`. False if it
 * does not fit. */
bool cosim_random_wave_path(const char *name, uint64_t seed, char *path, size_t size);

/* Opens the on-fail file for `seed` with `history` of simulated time kept before the trigger,
 * and installs the recording on `kernel` (call right after creating the kernel, before any
 * block). False with a message if the file cannot be created. Until cosim_random_wave_arm is
 * called every trigger passes on. `wave` must stay where it is until closed (the kernel's
 * tracer points into it). */
bool cosim_random_wave_open(cosim_random_wave *wave, tlm_kernel *kernel, const char *name, uint64_t seed, tlm_time history,
                         char *error, size_t error_size);

/* From now on a trigger passes on only when `failed(context)` is true. */
void cosim_random_wave_arm(cosim_random_wave *wave, cosim_random_wave_failed_fn failed, void *context);

/* Completes the file at `end_time` (uninstalling the recording from its kernel). */
bool cosim_random_wave_close(cosim_random_wave *wave, tlm_time end_time, wave_result *result, char *error,
                          size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
