#include "cosim_random_wave.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- the recording: the file's sink, with triggers held back until the run failed -------- */

static uint32_t forward_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    return inner->ops->declare_enum(inner->sink, name, entries, count);
}

static tlm_trace_id forward_declare(void *sink, const tlm_trace_row *row)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    return inner->ops->declare(inner->sink, row);
}

static void forward_view(void *sink, const char *scope, int rank, bool collapsed)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    inner->ops->view(inner->sink, scope, rank, collapsed);
}

static void forward_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    inner->ops->change(inner->sink, id, at, now, value);
}

static void forward_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    inner->ops->change_text(inner->sink, id, at, now, text);
}

/* The only stage that differs from the file's own sink: the stimulus's deliberate errors
 * (logged, so they trigger) are not the failure the waveform is for. */
static void forward_trigger(void *sink, tlm_time now, const char *reason)
{
    cosim_random_wave *wave = sink;
    if (wave->failed && !wave->failed(wave->failed_context)) {
        wave->held_back++;
        return;
    }
    if (wave->passed_on++ == 0)
        snprintf(wave->reason, sizeof wave->reason, "%s", reason);
    if (wave->inner->ops->trigger)
        wave->inner->ops->trigger(wave->inner->sink, now, reason);
}

static void forward_declared(void *sink)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    if (inner->ops->declared)
        inner->ops->declared(inner->sink);
}

static void forward_lookback(void *sink, tlm_time lookback)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    if (inner->ops->lookback)
        inner->ops->lookback(inner->sink, lookback);
}

static void forward_attach(void *sink, tlm_kernel *kernel, bool attached)
{
    const tlm_tracer *inner = ((cosim_random_wave *)sink)->inner;
    if (inner->ops->attach)
        inner->ops->attach(inner->sink, kernel, attached);
}

static const tlm_trace_ops forward_ops = {
    .declare_enum = forward_declare_enum,
    .declare = forward_declare,
    .view = forward_view,
    .change = forward_change,
    .change_text = forward_change_text,
    .trigger = forward_trigger,
    .declared = forward_declared,
    .lookback = forward_lookback,
    .attach = forward_attach,
};

/* ---- opening and closing --------------------------------------------------------------- */

bool cosim_random_wave_path(const char *name, uint64_t seed, char *path, size_t size)
{
    const char *dir = getenv(COSIM_RANDOM_WAVE_DIR_ENV);
    if (!dir || !*dir)
        dir = ".";
    int length = snprintf(path, size, "%s/%s_seed%llu.fst", dir, name, (unsigned long long)seed);
    return length > 0 && (size_t)length < size;
}

bool cosim_random_wave_open(cosim_random_wave *wave, tlm_kernel *kernel, const char *name, uint64_t seed, tlm_time history,
                         char *error, size_t error_size)
{
    *wave = (cosim_random_wave){ 0 };
    if (!cosim_random_wave_path(name, seed, wave->path, sizeof wave->path)) {
        snprintf(error, error_size, "waveform path for %s seed %llu does not fit", name, (unsigned long long)seed);
        return false;
    }
    wave_options options = wave_default_options(WAVE_FORMAT_FST);
    options.on_fail = true;
    options.history = history;
    wave->file = wave_open(wave->path, &options, error, error_size);
    if (!wave->file)
        return false;
    wave->inner = wave_tracer(wave->file);
    wave->tracer = (tlm_tracer){ .ops = &forward_ops, .sink = wave };
    tlm_kernel_set_tracer(kernel, &wave->tracer);
    return true;
}

void cosim_random_wave_arm(cosim_random_wave *wave, cosim_random_wave_failed_fn failed, void *context)
{
    wave->failed = failed;
    wave->failed_context = context;
}

bool cosim_random_wave_close(cosim_random_wave *wave, tlm_time end_time, wave_result *result, char *error,
                          size_t error_size)
{
    /* wave_close uninstalls whatever tracer its kernel has (this recording): the kernel may
     * outlive the file. */
    bool ok = wave_close(wave->file, end_time, result, error, error_size);
    wave->file = NULL;
    return ok;
}
