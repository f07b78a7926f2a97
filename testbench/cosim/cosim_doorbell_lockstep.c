#include "cosim_doorbell_lockstep.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "tlm_alloc.h"

/* Port calls kept per side between two checks (a stimulus makes at most two). */
#define PORT_LOG_CAPACITY 8u

/* One call of a doorbell_guc_port. */
typedef struct port_call {
    bool read;      /* group_read (else rung) */
    unsigned group; /* group_read: the group; rung: the group bit mask */
    uint32_t bits;  /* group_read: the bits handed over */
} port_call;

/* What one side sent to its GuC port since the last check. */
typedef struct port_log {
    struct cosim_doorbell_lockstep *lockstep; /* owner */
    bool dut;                              /* the twin's side (forwarded to the port) */
    port_call calls[PORT_LOG_CAPACITY];    /* in order */
    unsigned count;                        /* calls kept */
    unsigned dropped;                      /* calls beyond the capacity (a mismatch by itself) */
} port_log;

struct cosim_doorbell_lockstep {
    tlm_kernel *kernel;          /* time base */
    doorbell *model;             /* reference */
    cosim_doorbell_twin *twin;      /* device under test */
    tlm_memory *memory;          /* what both watch */
    cosim_lockstep *mmio;           /* the MMIO compare */
    tlm_target as_target;        /* MMIO: the compare, then the port check */
    tlm_target memory_target;    /* the memory, then the check */
    port_log logs[2];            /* [0] model, [1] twin */
    doorbell_guc_port guc;       /* downstream of the twin */
    uint64_t compared;           /* stimuli compared */
    uint64_t mismatches;         /* own divergences (the MMIO compare counts its own) */
    cosim_lockstep_mismatch first;  /* own first divergence */
    tlm_trace_id mismatch_row;   /* waveform row of the own divergences' count (0: not traced) */
    const char *where;           /* "mmio" or "memory": the payload being compared */
    const tlm_payload *payload;  /* that payload (for a report) */
    tlm_log_block *log;          /* this compare's log counters */
};

static void log_call(port_log *log, port_call call)
{
    if (log->count < PORT_LOG_CAPACITY)
        log->calls[log->count++] = call;
    else
        log->dropped++;
}

static void port_rung(void *self, uint8_t groups)
{
    port_log *log = self;
    log_call(log, (port_call){ .read = false, .group = groups });
    if (log->dut && log->lockstep->guc.rung)
        log->lockstep->guc.rung(log->lockstep->guc.self, groups);
}

static void port_group_read(void *self, unsigned group, uint32_t bits)
{
    port_log *log = self;
    log_call(log, (port_call){ .read = true, .group = group, .bits = bits });
    if (log->dut && log->lockstep->guc.group_read)
        log->lockstep->guc.group_read(log->lockstep->guc.self, group, bits);
}

static void describe_payload(char *text, size_t size, const char *where, const tlm_payload *payload)
{
    uint64_t value = 0;
    for (uint32_t i = 0; i < payload->length && i < 8; i++)
        value |= (uint64_t)payload->data[i] << (8 * i);
    snprintf(text, size, "%s %s 0x%012" PRIx64 " length %" PRIu32 " data 0x%" PRIx64, where,
             payload->command == TLM_CMD_WRITE ? "write" : payload->command == TLM_CMD_READ ? "read" : "ignore",
             payload->address, payload->length, value);
}

/* A divergence after `stimulus`, or (NULL) after the payload being compared (described only
 * now: formatting every stimulus would cost more than the compare). */
static void report(cosim_doorbell_lockstep *lockstep, const char *stimulus, const char *what)
{
    char described[128];
    if (!stimulus) {
        describe_payload(described, sizeof described, lockstep->where, lockstep->payload);
        stimulus = described;
    }
    char line[512];
    snprintf(line, sizeof line, "%s after %s", what, stimulus);
    tlm_trace_set(lockstep->kernel, lockstep->mismatch_row, lockstep->mismatches + 1);
    if (lockstep->mismatches++ == 0) {
        lockstep->first.time = tlm_kernel_now(lockstep->kernel);
        lockstep->first.correlation_id = 0;
        snprintf(lockstep->first.description, sizeof lockstep->first.description, "%.*s",
                 (int)sizeof lockstep->first.description - 1, line);
        /* The waveform's on-fail trigger (as cosim_lockstep's compare fires it). */
        tlm_trace_trigger(lockstep->kernel, lockstep->first.description);
    }
    tlm_log_error(lockstep->log, "mismatch: %s", line);
}

static void describe(char *text, size_t size, const port_log *log)
{
    int used = snprintf(text, size, "[");
    for (unsigned i = 0; i < log->count && used > 0 && (size_t)used < size; i++) {
        const port_call *call = &log->calls[i];
        used += call->read ? snprintf(text + used, size - (size_t)used, "%sread g%u 0x%08" PRIx32, i ? " " : "",
                                      call->group, call->bits)
                           : snprintf(text + used, size - (size_t)used, "%srung 0x%02x", i ? " " : "", call->group);
    }
    if (used > 0 && (size_t)used < size)
        snprintf(text + used, size - (size_t)used, "]");
}

/* The port calls, and the VALID bits when the stimulus could change them (an install or a
 * memory write: software cannot write VALID, so an MMIO access leaves them alone). */
static uint64_t check(cosim_doorbell_lockstep *lockstep, const char *stimulus, bool valid_bits)
{
    uint64_t before = lockstep->mismatches;
    port_log *ref = &lockstep->logs[0], *dut = &lockstep->logs[1];
    bool same = ref->count == dut->count && ref->dropped == dut->dropped;
    for (unsigned i = 0; same && i < ref->count; i++)
        same = ref->calls[i].read == dut->calls[i].read && ref->calls[i].group == dut->calls[i].group &&
               ref->calls[i].bits == dut->calls[i].bits;
    if (!same) {
        char a[96], b[96], what[224];
        describe(a, sizeof a, ref);
        describe(b, sizeof b, dut);
        snprintf(what, sizeof what, "GuC port calls: model %s, rtl %s", a, b);
        report(lockstep, stimulus, what);
    }
    ref->count = dut->count = 0;
    ref->dropped = dut->dropped = 0;
    for (unsigned word = 0; valid_bits && word < DOORBELL_COUNT / 32u; word++) {
        uint32_t model = 0, rtl = cosim_doorbell_twin_valid_word(lockstep->twin, word);
        for (unsigned i = 0; i < 32u; i++)
            model |= (uint32_t)doorbell_valid(lockstep->model, 32u * word + i) << i;
        if (model != rtl) {
            unsigned bell = 32u * word + (unsigned)__builtin_ctz(model ^ rtl);
            char what[96];
            snprintf(what, sizeof what, "doorbell %u VALID: model %u, rtl %u", bell, model >> (bell % 32u) & 1u,
                     rtl >> (bell % 32u) & 1u);
            report(lockstep, stimulus, what);
            break;
        }
    }
    return lockstep->mismatches - before;
}

uint64_t cosim_doorbell_lockstep_check(cosim_doorbell_lockstep *lockstep, const char *stimulus)
{
    return check(lockstep, stimulus, true);
}

static void mmio_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_doorbell_lockstep *lockstep = self;
    tlm_b_transport(cosim_lockstep_target(lockstep->mmio), payload, delay);
    lockstep->compared++;
    lockstep->where = "mmio";
    lockstep->payload = payload;
    check(lockstep, NULL, false);
}

static void memory_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    cosim_doorbell_lockstep *lockstep = self;
    tlm_b_transport(tlm_memory_target(lockstep->memory), payload, delay);
    if (payload->command != TLM_CMD_WRITE)
        return;
    lockstep->compared++;
    lockstep->where = "memory";
    lockstep->payload = payload;
    check(lockstep, NULL, true);
}

static uint32_t memory_dbg(void *self, tlm_payload *payload)
{
    cosim_doorbell_lockstep *lockstep = self;
    return tlm_transport_dbg(tlm_memory_target(lockstep->memory), payload);
}

doorbell_install_result cosim_doorbell_lockstep_install(cosim_doorbell_lockstep *lockstep, unsigned bell, uint64_t line)
{
    doorbell_install_result ref = doorbell_install(lockstep->model, bell, line);
    doorbell_install_result dut = cosim_doorbell_twin_install(lockstep->twin, bell, line);
    lockstep->compared++;
    char stimulus[96];
    snprintf(stimulus, sizeof stimulus, "install of doorbell %u on line 0x%012" PRIx64, bell, line);
    if (ref != dut) {
        char what[160];
        snprintf(what, sizeof what, "install result: model %s, rtl %s", doorbell_install_result_name(ref),
                 doorbell_install_result_name(dut));
        report(lockstep, stimulus, what);
    }
    cosim_doorbell_lockstep_check(lockstep, stimulus);
    return dut;
}

cosim_doorbell_lockstep *cosim_doorbell_lockstep_create(tlm_kernel *kernel, const char *name, doorbell *model,
                                                  cosim_doorbell_twin *twin, tlm_memory *memory)
{
    cosim_doorbell_lockstep *lockstep = tlm_alloc_zeroed(1, sizeof *lockstep);
    lockstep->kernel = kernel;
    lockstep->model = model;
    lockstep->twin = twin;
    lockstep->memory = memory;
    lockstep->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    lockstep->mmio = cosim_lockstep_create(kernel, name, doorbell_target(model), cosim_doorbell_twin_target(twin));
    /* Next to the MMIO compare's "mismatches": the port, install and memory-write compares. */
    lockstep->mismatch_row = tlm_trace_bits(kernel, name, "port_mismatches", 32, TLM_TRACE_DEC, 0);
    for (unsigned side = 0; side < 2; side++) {
        lockstep->logs[side].lockstep = lockstep;
        lockstep->logs[side].dut = side == 1;
    }
    doorbell_guc_port ref = { port_rung, port_group_read, &lockstep->logs[0] };
    doorbell_guc_port dut = { port_rung, port_group_read, &lockstep->logs[1] };
    doorbell_set_guc_port(model, &ref);
    cosim_doorbell_twin_set_guc_port(twin, &dut);
    lockstep->as_target = (tlm_target){ .name = lockstep->log->name, .self = lockstep, .b_transport = mmio_b_transport };
    lockstep->memory_target = (tlm_target){
        .name = lockstep->log->name, .self = lockstep, .b_transport = memory_b_transport, .transport_dbg = memory_dbg
    };
    return lockstep;
}

void cosim_doorbell_lockstep_destroy(cosim_doorbell_lockstep *lockstep)
{
    if (!lockstep)
        return;
    cosim_lockstep_destroy(lockstep->mmio);
    free(lockstep);
}

const tlm_target *cosim_doorbell_lockstep_target(cosim_doorbell_lockstep *lockstep)
{
    return &lockstep->as_target;
}

const tlm_target *cosim_doorbell_lockstep_memory(cosim_doorbell_lockstep *lockstep)
{
    return &lockstep->memory_target;
}

void cosim_doorbell_lockstep_set_guc_port(cosim_doorbell_lockstep *lockstep, const doorbell_guc_port *port)
{
    lockstep->guc = *port;
}

uint64_t cosim_doorbell_lockstep_mismatches(const cosim_doorbell_lockstep *lockstep)
{
    return lockstep->mismatches + cosim_lockstep_mismatches(lockstep->mmio);
}

uint64_t cosim_doorbell_lockstep_compared(const cosim_doorbell_lockstep *lockstep)
{
    return lockstep->compared;
}

const cosim_lockstep_mismatch *cosim_doorbell_lockstep_first_mismatch(const cosim_doorbell_lockstep *lockstep)
{
    const cosim_lockstep_mismatch *mmio = cosim_lockstep_first_mismatch(lockstep->mmio);
    const cosim_lockstep_mismatch *own = lockstep->mismatches ? &lockstep->first : NULL;
    if (!mmio)
        return own;
    if (!own)
        return mmio;
    return own->time < mmio->time ? own : mmio;
}
