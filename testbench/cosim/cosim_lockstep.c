#include "cosim_lockstep.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"

/* Shadow data buffers up to this size live on the stack; larger ones are allocated. */
#define SHADOW_INLINE_BYTES 256u

typedef struct compared_signal {
    const char *name;            /* shown in mismatch reports */
    const tlm_signal *reference; /* the model's signal */
    const tlm_signal *dut;       /* the RTL's signal */
} compared_signal;

struct cosim_lockstep {
    tlm_target as_target;            /* what initiators bind to */
    tlm_kernel *kernel;              /* for time stamps */
    const tlm_target *reference;     /* the C model */
    const tlm_target *dut;           /* the RTL twin */
    compared_signal *signals;        /* registered signal pairs */
    size_t signal_count;             /* pairs in use */
    size_t signal_capacity;          /* pairs allocated */
    uint64_t transactions;           /* transactions compared */
    uint64_t mismatches;             /* divergences found */
    cosim_lockstep_mismatch first;      /* the first divergence */
    tlm_log_block *log;              /* "lockstep" log counters */
    tlm_trace_id mismatch_row;       /* waveform row of the mismatch count (0: not traced) */
};

static void report(cosim_lockstep *lockstep, const tlm_payload *payload, const char *stimulus, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void report(cosim_lockstep *lockstep, const tlm_payload *payload, const char *stimulus, const char *format, ...)
{
    char what[160];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    char line[256];
    if (payload && payload->command == TLM_CMD_WRITE && payload->data) {
        uint32_t written = 0;
        memcpy(&written, payload->data, payload->length < 4 ? payload->length : 4);
        snprintf(line, sizeof line, "%s after write 0x%08" PRIx64 " length %" PRIu32 " data 0x%08" PRIx32
                 " (initiator %u, id %" PRIu64 ")",
                 what, payload->address, payload->length, written, payload->initiator_id, payload->correlation_id);
    } else if (payload) {
        snprintf(line, sizeof line, "%s after %s 0x%08" PRIx64 " length %" PRIu32 " (initiator %u, id %" PRIu64 ")",
                 what, tlm_command_name(payload->command), payload->address, payload->length, payload->initiator_id,
                 payload->correlation_id);
    } else if (stimulus) {
        snprintf(line, sizeof line, "%s after %s", what, stimulus);
    } else {
        snprintf(line, sizeof line, "%s", what);
    }
    lockstep->mismatches++;
    tlm_trace_set(lockstep->kernel, lockstep->mismatch_row, lockstep->mismatches);
    if (lockstep->mismatches == 1) {
        lockstep->first.time = tlm_kernel_now(lockstep->kernel);
        lockstep->first.correlation_id = payload ? payload->correlation_id : 0;
        snprintf(lockstep->first.description, sizeof lockstep->first.description, "%s", line);
        /* The failure a waveform's on-fail trigger is for (as a failed check of the scenario
         * runner): fired by the compare itself, not only through the log's error hook. */
        tlm_trace_trigger(lockstep->kernel, lockstep->first.description);
    }
    tlm_log_error(lockstep->log, "mismatch: %s", line);
}

static uint64_t compare_signals(cosim_lockstep *lockstep, const tlm_payload *payload, const char *stimulus)
{
    uint64_t found = 0;
    for (size_t i = 0; i < lockstep->signal_count; i++) {
        const compared_signal *pair = &lockstep->signals[i];
        uint64_t model = tlm_signal_get(pair->reference), rtl = tlm_signal_get(pair->dut);
        if (model != rtl) {
            report(lockstep, payload, stimulus, "signal %s: model 0x%" PRIx64 ", rtl 0x%" PRIx64, pair->name, model, rtl);
            found++;
        }
    }
    return found;
}

static void lockstep_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_lockstep *lockstep = self;
    uint8_t inline_shadow[SHADOW_INLINE_BYTES];
    uint8_t *shadow = payload->length <= SHADOW_INLINE_BYTES ? inline_shadow : tlm_alloc_zeroed(payload->length, 1);
    /* The model gets the same request with its own data buffer (a copy of the initiator's,
     * so disabled bytes of a read compare alike). */
    tlm_payload reference = *payload;
    if (payload->data && payload->length)
        memcpy(shadow, payload->data, payload->length);
    reference.data = payload->data ? shadow : NULL;
    tlm_time reference_delay = *delay;
    tlm_b_transport(lockstep->reference, &reference, &reference_delay);
    tlm_b_transport(lockstep->dut, payload, delay);
    lockstep->transactions++;

    if (reference.response != payload->response) {
        report(lockstep, payload, NULL, "response: model %s, rtl %s", tlm_response_name(reference.response),
               tlm_response_name(payload->response));
    } else if (payload->command == TLM_CMD_READ && payload->response == TLM_STATUS_OK) {
        for (uint32_t i = 0; i < payload->length; i++) {
            if (shadow[i] != payload->data[i]) {
                uint32_t model_word = 0, rtl_word = 0;
                uint32_t word_start = i & ~3u;
                uint32_t bytes = payload->length - word_start < 4 ? payload->length - word_start : 4;
                memcpy(&model_word, shadow + word_start, bytes);
                memcpy(&rtl_word, payload->data + word_start, bytes);
                report(lockstep, payload, NULL, "read data at byte %" PRIu32 ": model 0x%08" PRIx32 ", rtl 0x%08" PRIx32, i,
                       model_word, rtl_word);
                break;
            }
        }
    }
    compare_signals(lockstep, payload, NULL);
    if (shadow != inline_shadow)
        free(shadow);
}

cosim_lockstep *cosim_lockstep_create(tlm_kernel *kernel, const char *name, const tlm_target *reference,
                                const tlm_target *dut)
{
    cosim_lockstep *lockstep = tlm_alloc_zeroed(1, sizeof *lockstep);
    lockstep->kernel = kernel;
    lockstep->reference = reference;
    lockstep->dut = dut;
    lockstep->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    lockstep->as_target = (tlm_target){ .name = name, .self = lockstep, .b_transport = lockstep_b_transport };
    /* On the waveform: the count steps up at the time of each divergence. */
    lockstep->mismatch_row = tlm_trace_bits(kernel, name, "mismatches", 32, TLM_TRACE_DEC, 0);
    return lockstep;
}

void cosim_lockstep_destroy(cosim_lockstep *lockstep)
{
    if (!lockstep)
        return;
    free(lockstep->signals);
    free(lockstep);
}

const tlm_target *cosim_lockstep_target(cosim_lockstep *lockstep)
{
    return &lockstep->as_target;
}

void cosim_lockstep_compare_signal(cosim_lockstep *lockstep, const char *name, const tlm_signal *reference,
                                const tlm_signal *dut)
{
    lockstep->signals = tlm_alloc_grow(lockstep->signals, &lockstep->signal_capacity, lockstep->signal_count + 1,
                                       sizeof *lockstep->signals, 4);
    lockstep->signals[lockstep->signal_count++] = (compared_signal){ .name = name, .reference = reference, .dut = dut };
}

uint64_t cosim_lockstep_check_signals(cosim_lockstep *lockstep)
{
    return compare_signals(lockstep, NULL, NULL);
}

uint64_t cosim_lockstep_check_signals_after(cosim_lockstep *lockstep, const char *stimulus)
{
    return compare_signals(lockstep, NULL, stimulus);
}

uint64_t cosim_lockstep_mismatches(const cosim_lockstep *lockstep)
{
    return lockstep->mismatches;
}

uint64_t cosim_lockstep_transactions(const cosim_lockstep *lockstep)
{
    return lockstep->transactions;
}

const cosim_lockstep_mismatch *cosim_lockstep_first_mismatch(const cosim_lockstep *lockstep)
{
    return lockstep->mismatches ? &lockstep->first : NULL;
}
