/* Simple commands (docs/reference/cs.md "Simple commands"): MI_NOOP and MI_STORE_DATA_IMM run
 * inside a decoupled step without the general path's per-command bookkeeping, and whatever
 * the simple path does, everything observable must be what one kernel event per command
 * (quantum 0, which never takes it) gives. Each test runs one program twice, at quantum 0 and
 * at the default quantum, on an untraced kernel (the simple path runs only there), while
 * everything that can observe the engine is logged in order with its time: another block's
 * periodic event reading the registers the simple path updates lazily, memory observers on
 * watched lines (some reading those registers, or writing one, while they are called), the
 * interrupt messages, the host between runs or stopping the kernel anywhere, a recording
 * tracer where one is installed; then the final registers, memory, counters, kernel events
 * and end time. The logs must be equal entry for entry, and the decoupled run must really
 * have taken the simple path where the test says so: an observation counts as made inside a
 * run of simple commands when every command counted since the previous observation was a
 * simple one (cs_engine_stats.simple), the command being executed included. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "cs_execlist.h"
#include "cs_regs.h"
#include "gtsim_tlm.h"
#include "tb_test.h"
#include "tlm_random.h"

#define RING 0x100000u          /* every test's ring */
#define BATCH 0x200000u         /* a first-level batch */
#define BATCH2 0x210000u        /* a second-level batch */
#define DATA 0x300000u          /* where the stores go */
#define REWRITTEN (DATA + 0x3c0u) /* where the commands a store rewrites store */
#define HWSP 0x380000u          /* the hardware status page */
#define HEAD_REPORT (HWSP + 4u * CS_HWSP_HEAD_DWORD) /* where the automatic HEAD report goes */
#define SMALL_MEMORY 0x400000u  /* the size of a memory that refuses beyond it */
#define WATCHES 4u              /* lines a program may watch */
#define REACT 0x5709a11u        /* a value an observer reacts to (setup.react_offset) */
#define DUMPS 4u                /* memory ranges compared at the end */

/* One observation: when, what, the value seen. */
typedef struct observation {
    tlm_time time;  /* kernel time it was made at */
    uint32_t what;  /* OBSERVED_* */
    uint32_t which; /* the register offset, memory address or counter index */
    uint64_t value; /* what was seen */
} observation;

enum {
    OBSERVED_SAMPLE = 1, /* the other block's periodic event read a register */
    OBSERVED_WATCHED,    /* an observer saw a write to a watched line (value: address << 32 | dword) */
    OBSERVED_DURING,     /* a register read by the observer or the interrupt sink while it was called */
    OBSERVED_IRQ,        /* an interrupt message (class << 16 | data) */
    OBSERVED_HOST,       /* the host read a register between runs */
    OBSERVED_FINAL,      /* a register, memory dword or counter at the end */
    OBSERVED_KINDS
};
/* inside[INSIDE_AT]: writes to setup.inside_at seen inside a run of simple commands. */
#define INSIDE_AT OBSERVED_KINDS

/* The registers the simple path may update lazily, read by every observer: the hang capture
 * registers, HEAD, the batch registers, MI_MODE (Rings Idle), NOPID, the errors. */
static const uint32_t lazy_registers[] = {
    CS_ACTHD_OFFSET,    CS_ACTHD_UDW_OFFSET,   CS_IPEHR_OFFSET,      CS_CSCMDOP_OFFSET, CS_DMA_FADD_OFFSET,
    CS_DMA_FADD_UDW_OFFSET, CS_RING_HEAD_OFFSET, CS_BB_ADDR_OFFSET, CS_BB_ADDR_UDW_OFFSET, CS_BB_STATE_OFFSET,
    CS_MI_MODE_OFFSET,  CS_NOPID_OFFSET,       CS_ESR_OFFSET,        CS_EIR_OFFSET,     CS_IPEIR_OFFSET,
    CS_INSTDONE_OFFSET, CS_PR_CTR_OFFSET,   CS_CTX_TIMESTAMP_OFFSET, CS_RING_TAIL_OFFSET, CS_PSMI_CTL_OFFSET,
};
#define LAZY_COUNT (sizeof lazy_registers / sizeof lazy_registers[0])

/* What a program asks of the world it runs in. */
typedef struct setup {
    uint64_t memory_size;        /* 0: unbounded; otherwise accesses beyond it are refused */
    uint32_t batch_dword_limit;  /* cs_engine_config.batch_dword_limit */
    tlm_time sample_period;      /* the other block's period; 0: no such block */
    bool traced;                 /* a recording tracer on the kernel (the simple path must not run) */
    bool read_during;            /* observers and the interrupt sink read the lazy registers when called */
    uint64_t watch[WATCHES];     /* lines watched (0: none) */
    uint64_t inside_at;          /* a watched address whose writes inside a run are counted apart */
    uint32_t param;              /* the program's own parameter */
    bool gen6;                   /* a gen6 render engine (default: gen12) */
    uint32_t react_offset;       /* an observer seeing REACT stored writes this register (0: none) */
    uint32_t react_value;        /* with this value */
    tlm_time read_latency;       /* the memory's read latency (tlm_memory_set_latency) */
    tlm_time write_latency;      /* and write latency */
    bool follow_up;              /* an observer schedules an event 0-2 ns after each write it sees */
    struct {
        uint64_t at;             /* first byte */
        uint32_t bytes;          /* bytes compared */
    } dump[DUMPS];               /* memory compared at the end */
} setup;

typedef struct sim {
    const setup *setup;        /* what the program asked for */
    tlm_kernel *kernel;        /* the time base */
    tlm_memory *memory;        /* graphics memory */
    cs_engine_model *cs;       /* the render engine */
    tlm_event sampler;         /* the other block */
    observation *log;          /* every observation, in order */
    size_t count;              /* observations logged */
    size_t capacity;           /* observations the log holds */
    uint64_t mark_general;     /* commands less simple commands at the last observation */
    uint64_t mark_simple;      /* simple commands at the last observation */
    uint32_t inside[OBSERVED_KINDS + 1]; /* observations made inside a run of simple commands, by kind */
    uint64_t general_since[OBSERVED_KINDS]; /* at the last observation of a kind: general commands since the one before */
    uint64_t trace_changes;    /* waveform changes the tracer received */
    uint32_t trace_enums;      /* enumerations the tracer declared */
    uint32_t trace_rows;       /* rows the tracer declared */
    bool calling;              /* an observer is reading registers (no nested observations) */
    bool reacted;              /* the observer wrote setup.react_offset (once) */
    tlm_event follow;          /* the observer's follow-up event (setup.follow_up) */
    uint32_t follows;          /* follow-ups scheduled */
    tlm_event producer;        /* software writing commands ahead of HEAD and moving TAIL */
    uint32_t produced;         /* units the producer wrote */
    uint32_t tail;             /* the producer's TAIL */
    uint64_t state;            /* the producer's random state */
} sim;

typedef void (*program_fn)(sim *s);

/* ---- observing ---------------------------------------------------------------------------- */

static void observe(sim *s, uint32_t what, uint32_t which, uint64_t value)
{
    const cs_engine_stats *stats = cs_engine_get_stats(s->cs);
    uint64_t general = stats->commands - stats->simple;
    if (what != OBSERVED_FINAL && general == s->mark_general && stats->simple > s->mark_simple) {
        s->inside[what]++;
        if (what == OBSERVED_WATCHED && which == s->setup->inside_at)
            s->inside[INSIDE_AT]++;
    }
    s->general_since[what] = general - s->mark_general;
    s->mark_general = general;
    s->mark_simple = stats->simple;
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 4096;
        s->log = realloc(s->log, s->capacity * sizeof *s->log);
        ASSERT_TRUE(s->log != NULL);
    }
    s->log[s->count++] = (observation){ tlm_kernel_now(s->kernel), what, which, value };
}

static uint32_t read_register(sim *s, uint32_t offset)
{
    uint32_t value = 0;
    tlm_payload payload = tlm_payload_make(TLM_CMD_READ, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(cs_engine_target(s->cs), &payload, &delay);
    return value;
}

static void write_register(sim *s, uint32_t offset, uint32_t value)
{
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(cs_engine_target(s->cs), &payload, &delay);
}

static void write_memory(sim *s, uint64_t address, const uint32_t *dwords, uint32_t count)
{
    EXPECT_TRUE(tlm_memory_write_backdoor(s->memory, address, dwords, 4u * (uint64_t)count));
}

static uint32_t read_memory(sim *s, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_TRUE(tlm_memory_read(s->memory, address, &value, 4));
    return value;
}

static void read_lazy(sim *s, uint32_t what)
{
    for (size_t i = 0; i < LAZY_COUNT; i++)
        observe(s, what, lazy_registers[i], read_register(s, lazy_registers[i]));
}

static void sample(void *context)
{
    sim *s = context;
    read_lazy(s, OBSERVED_SAMPLE);
    tlm_event_notify(s->kernel, &s->sampler, s->setup->sample_period);
}

static void watched_write(void *context, const tlm_memory_write *write)
{
    sim *s = context;
    uint32_t at = (uint32_t)(write->write_address - write->line_address);
    uint32_t dword = 0;
    memcpy(&dword, write->line_data + (at & ~3u), 4);
    observe(s, OBSERVED_WATCHED, (uint32_t)write->write_address, (uint64_t)write->write_length << 32 | dword);
    if (s->setup->follow_up && !tlm_event_pending(&s->follow))
        tlm_event_notify(s->kernel, &s->follow, (tlm_time)(s->follows++ % 3u) * TLM_NS);
    if (s->setup->react_offset && dword == REACT && !s->reacted) {
        s->reacted = true;
        write_register(s, s->setup->react_offset, s->setup->react_value);
    }
    if (s->setup->read_during && !s->calling) {
        s->calling = true;
        read_lazy(s, OBSERVED_DURING);
        s->calling = false;
    }
}

/* The follow-up: another block's event a moment after a write it saw, reading the registers. */
static void follow_up(void *context)
{
    read_lazy(context, OBSERVED_SAMPLE);
}

static void interrupt(void *context, const irq_message *message)
{
    sim *s = context;
    observe(s, OBSERVED_IRQ, message->engine_class, message->data);
    if (s->setup->read_during && !s->calling) {
        s->calling = true;
        read_lazy(s, OBSERVED_DURING);
        s->calling = false;
    }
}

/* The host between runs: TAIL moved, the engine run until it stops, then what it shows. */
static void host_tail(sim *s, uint32_t tail)
{
    write_register(s, CS_RING_TAIL_OFFSET, tail);
    EXPECT_EQ(tlm_kernel_run_until_idle(s->kernel, TLM_MS), TLM_RUN_IDLE);
    observe(s, OBSERVED_HOST, CS_RING_HEAD_OFFSET, read_register(s, CS_RING_HEAD_OFFSET));
    observe(s, OBSERVED_HOST, CS_ACTHD_OFFSET, read_register(s, CS_ACTHD_OFFSET));
    observe(s, OBSERVED_HOST, CS_MI_MODE_OFFSET, read_register(s, CS_MI_MODE_OFFSET));
}

/* The ring at RING, `pages` 4 KiB pages, with RING_CTL's other bits `flags`; the status page
 * at HWSP. HEAD starts at `head`. */
static void start_ring(sim *s, uint32_t pages, uint32_t head, uint32_t flags)
{
    if (s->setup->gen6) {
        /* gen6: HWS_PGA at base + 0x2080 only (spec 000 §1.1.2.1), its own target. */
        uint32_t value = HWSP;
        tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, 0, &value, 4);
        tlm_time delay = 0;
        tlm_b_transport(cs_engine_hws_pga_target(s->cs), &payload, &delay);
    } else {
        write_register(s, CS_HWS_PGA_OFFSET, HWSP);
    }
    write_register(s, CS_RING_START_OFFSET, RING);
    write_register(s, CS_RING_HEAD_OFFSET, head);
    write_register(s, CS_RING_TAIL_OFFSET, head);
    write_register(s, CS_RING_CTL_OFFSET, ((pages - 1u) << CS_RING_CTL_LENGTH_SHIFT) | flags | CS_RING_CTL_ENABLE_MASK);
}

/* ---- a recording tracer ------------------------------------------------------------------- */

static uint32_t trace_declare_enum(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count)
{
    (void)name, (void)entries, (void)count;
    return ++((sim *)sink)->trace_enums;
}

static tlm_trace_id trace_declare(void *sink, const tlm_trace_row *row)
{
    (void)row;
    return ++((sim *)sink)->trace_rows;
}

/* Every change is an observation: the waveform must be the same too. */
static void trace_change(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value)
{
    sim *s = sink;
    (void)now;
    s->trace_changes++;
    if (s->count == s->capacity) {
        s->capacity = s->capacity ? 2 * s->capacity : 4096;
        s->log = realloc(s->log, s->capacity * sizeof *s->log);
        ASSERT_TRUE(s->log != NULL);
    }
    s->log[s->count++] = (observation){ at, OBSERVED_KINDS, (uint32_t)id, value };
}

static void trace_change_text(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text)
{
    trace_change(sink, id, at, now, strlen(text));
}

static const tlm_trace_ops trace_ops = {
    .declare_enum = trace_declare_enum,
    .declare = trace_declare,
    .change = trace_change,
    .change_text = trace_change_text,
};

/* The profile the running program encodes for. */
static cs_profile profile = CS_PROFILE_GEN12;

/* ---- running a program twice -------------------------------------------------------------- */

static void run(sim *s, const setup *setup, program_fn program, tlm_time quantum, tlm_tracer *tracer)
{
    memset(s, 0, sizeof *s);
    s->setup = setup;
    s->kernel = tlm_kernel_create();
    if (setup->traced) {
        *tracer = (tlm_tracer){ .ops = &trace_ops, .sink = s };
        tlm_kernel_set_tracer(s->kernel, tracer);
    }
    tlm_logger_set_level(tlm_kernel_logger(s->kernel), TLM_LOG_ERROR);
    s->memory = tlm_memory_create(s->kernel, "memory", setup->memory_size);
    tlm_memory_set_latency(s->memory, setup->read_latency, setup->write_latency);
    for (unsigned i = 0; i < WATCHES; i++)
        if (setup->watch[i])
            tlm_memory_watch(s->memory, setup->watch[i], watched_write, s);
    profile = setup->gen6 ? CS_PROFILE_GEN6 : CS_PROFILE_GEN12;
    cs_engine_config config = {
        .profile = profile,
        .engine = CS_ENGINE_RCS,
        .mmio_base = cs_profile_get(profile)->engines[CS_ENGINE_RCS].mmio_base,
        .memory = tlm_memory_target(s->memory),
        .irq = { .deliver = interrupt, .self = s },
        .clock_period = TLM_NS,
        .batch_dword_limit = setup->batch_dword_limit,
    };
    tlm_event_init(&s->follow, "follow", follow_up, s);
    s->cs = cs_engine_create(s->kernel, "rcs", &config);
    ASSERT_TRUE(s->cs != NULL);
    cs_engine_set_quantum(s->cs, quantum);
    write_register(s, CS_EMR_OFFSET, 0);
    write_register(s, CS_IMR_OFFSET, 0);
    if (setup->sample_period) {
        tlm_event_init(&s->sampler, "sampler", sample, s);
        tlm_event_set_background(&s->sampler, true);
        tlm_event_notify(s->kernel, &s->sampler, 1 * TLM_NS);
    }
    program(s);
    EXPECT_EQ(tlm_kernel_run_until_idle(s->kernel, TLM_MS), TLM_RUN_IDLE);
    if (setup->sample_period)
        tlm_event_cancel(s->kernel, &s->sampler);
    tlm_event_cancel(s->kernel, &s->follow);

    static const uint32_t finals[] = {
        CS_RING_HEAD_OFFSET, CS_RING_TAIL_OFFSET, CS_RING_CTL_OFFSET, CS_ACTHD_OFFSET, CS_ACTHD_UDW_OFFSET,
        CS_IPEHR_OFFSET, CS_CSCMDOP_OFFSET, CS_DMA_FADD_OFFSET, CS_DMA_FADD_UDW_OFFSET, CS_BB_ADDR_OFFSET,
        CS_BB_ADDR_UDW_OFFSET, CS_BB_STATE_OFFSET, CS_NOPID_OFFSET, CS_MI_MODE_OFFSET, CS_ESR_OFFSET,
        CS_EIR_OFFSET, CS_IPEIR_OFFSET, CS_INSTDONE_OFFSET, CS_TIMESTAMP_OFFSET, CS_INSTPM_OFFSET,
    };
    for (size_t i = 0; i < sizeof finals / sizeof finals[0]; i++)
        observe(s, OBSERVED_FINAL, finals[i], read_register(s, finals[i]));
    for (unsigned d = 0; d < DUMPS; d++)
        for (uint32_t at = 0; at < setup->dump[d].bytes; at += 4)
            observe(s, OBSERVED_FINAL, (uint32_t)(setup->dump[d].at + at), read_memory(s, setup->dump[d].at + at));
    observe(s, OBSERVED_FINAL, 0, read_memory(s, HEAD_REPORT));
    /* Every counter but those that say how the commands ran. */
    cs_engine_stats stats = *cs_engine_get_stats(s->cs);
    stats.back_to_back = 0;
    stats.simple = 0;
    stats.dmi_fetches = 0;
    stats.dmi_writes = 0;
    uint64_t counters[sizeof stats / sizeof(uint64_t)];
    memcpy(counters, &stats, sizeof counters);
    for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
        observe(s, OBSERVED_FINAL, (uint32_t)i, counters[i]);
    observe(s, OBSERVED_FINAL, 0, cs_engine_halted(s->cs));
    observe(s, OBSERVED_FINAL, 0, cs_engine_isr(s->cs));
    observe(s, OBSERVED_FINAL, 0, tlm_kernel_events_executed(s->kernel));
    observe(s, OBSERVED_FINAL, 0, tlm_kernel_now(s->kernel));
}

static void destroy(sim *s)
{
    cs_engine_destroy(s->cs);
    tlm_memory_destroy(s->memory);
    tlm_kernel_destroy(s->kernel);
    free(s->log);
}

static const char *const kind_names[] = { "?", "sample", "watched", "during", "irq", "host", "final", "trace" };

/* What the decoupled run of a comparison did. */
typedef struct outcome {
    uint64_t simple;                        /* commands run as simple commands */
    uint32_t inside[OBSERVED_KINDS + 1];    /* observations made inside runs of them, by kind */
    uint64_t general_since[OBSERVED_KINDS]; /* general commands before the last observation of a kind */
} outcome;

/* Runs `program` at quantum 0 and at CS_QUANTUM and compares the logs. */
static outcome expect_same(const setup *setup, program_fn program, const char *name)
{
    outcome result = { 0 };
    sim *reference = calloc(1, sizeof *reference);
    sim *decoupled = calloc(1, sizeof *decoupled);
    if (!reference || !decoupled) {
        ADD_FAILURE("out of memory");
        free(reference);
        free(decoupled);
        return result;
    }
    tlm_tracer tracers[2];
    run(reference, setup, program, 0, &tracers[0]);
    run(decoupled, setup, program, CS_QUANTUM, &tracers[1]);
    EXPECT_GT(reference->count, 10u);
    size_t n = reference->count < decoupled->count ? reference->count : decoupled->count;
    size_t at = reference->count == decoupled->count ? SIZE_MAX : n;
    for (size_t i = 0; i < n; i++) {
        const observation *r = &reference->log[i], *d = &decoupled->log[i];
        if (r->time != d->time || r->what != d->what || r->which != d->which || r->value != d->value) {
            at = i;
            break;
        }
    }
    if (at != SIZE_MAX) {
        const observation *r = at < reference->count ? &reference->log[at] : NULL;
        const observation *d = at < decoupled->count ? &decoupled->log[at] : NULL;
        ADD_FAILURE("%s: observation %zu of %zu/%zu differs: reference %s%" PRIu64 " ps %s 0x%x = 0x%" PRIx64
                    ", decoupled %s%" PRIu64 " ps %s 0x%x = 0x%" PRIx64,
                    name, at, reference->count, decoupled->count, r ? "" : "(none) ", r ? (uint64_t)r->time : 0,
                    r ? kind_names[r->what] : "-", r ? r->which : 0, r ? r->value : 0, d ? "" : "(none) ",
                    d ? (uint64_t)d->time : 0, d ? kind_names[d->what] : "-", d ? d->which : 0, d ? d->value : 0);
    }
    /* The reference never takes the simple path nor runs back to back. */
    EXPECT_EQ(cs_engine_get_stats(reference->cs)->simple, 0u);
    EXPECT_EQ(cs_engine_get_stats(reference->cs)->back_to_back, 0u);
    result.simple = cs_engine_get_stats(decoupled->cs)->simple;
    memcpy(result.inside, decoupled->inside, sizeof result.inside);
    memcpy(result.general_since, decoupled->general_since, sizeof result.general_since);
    if (setup->traced) {
        EXPECT_GT(reference->trace_changes, 100u);
        EXPECT_EQ(reference->trace_changes, decoupled->trace_changes);
    }
    destroy(reference);
    destroy(decoupled);
    free(reference);
    free(decoupled);
    return result;
}

/* expect_same, and the decoupled run took the simple path more than `commands` times and made
 * more than `observations` observations of `kind` (0: none asked) inside runs of simple commands. */
static outcome expect_simple(const setup *setup, program_fn program, const char *name, uint64_t commands,
                             unsigned kind, uint32_t observations)
{
    outcome result = expect_same(setup, program, name);
    EXPECT_GT(result.simple, commands);
    if (kind)
        EXPECT_GT(result.inside[kind], observations);
    return result;
}

/* ---- encoding ----------------------------------------------------------------------------- */

/* Encodes one command of the running profile into out; its length (the test fails on an
 * encoding error). */
static uint32_t encode(const char *name, const cs_setting *settings, size_t count, uint32_t *out)
{
    cs_encode_result result;
    const cs_command *command = cs_find_command(profile, name);
    EXPECT_TRUE(command != NULL);
    if (!command || cs_encode(command, 0, settings, count, out, 32, &result) != CS_ENCODE_OK) {
        ADD_FAILURE("%s does not encode", name);
        return 0;
    }
    return result.length;
}

static uint32_t noop(uint32_t *out)
{
    return encode("MI_NOOP", NULL, 0, out);
}

/* MI_NOOP writing the identification number `id` into NOPID (spec 000 §1.3.3). */
static uint32_t noop_id(uint32_t *out, uint32_t id)
{
    cs_setting s[] = { { "nop_id_write", 0, 1 }, { "nop_id", 0, id } };
    return encode("MI_NOOP", s, 2, out);
}

/* MI_STORE_DATA_IMM, the dword form (4 dwords). */
static uint32_t store(uint32_t *out, uint64_t address, uint32_t data)
{
    cs_setting s[] = { { "address", 0, address }, { "data", 0, data } };
    uint32_t n = encode("MI_STORE_DATA_IMM", s, 2, out);
    EXPECT_EQ(n, 4u);
    return n;
}

/* MI_STORE_DATA_IMM, the QWord form (5 dwords, i915 MI_STORE_QWORD_IMM_GEN8). */
static uint32_t store_qword(uint32_t *out, uint64_t address, uint64_t data)
{
    cs_setting s[] = { { "store_qword", 0, 1 }, { "address", 0, address }, { "data", 0, (uint32_t)data },
                       { "data_hi", 0, data >> 32 } };
    uint32_t n = encode("MI_STORE_DATA_IMM", s, 4, out);
    EXPECT_EQ(n, 5u);
    return n;
}

/* MI_STORE_DATA_IMM with Use Global GTT set (privileged outside a secure batch, spec 002). */
static uint32_t store_ggtt(uint32_t *out, uint64_t address, uint32_t data)
{
    cs_setting s[] = { { "ggtt", 0, 1 }, { "address", 0, address }, { "data", 0, data } };
    return encode("MI_STORE_DATA_IMM", s, 3, out);
}

/* MI_BATCH_BUFFER_START: address space 0 a secure (GGTT) batch, 1 a non-secure one (gen6:
 * the security field, spec 000 §1.2.5, and no second level). */
static uint32_t batch_start(uint32_t *out, uint64_t address, bool secure, bool second_level)
{
    if (profile == CS_PROFILE_GEN6) {
        cs_setting s[] = { { "address", 0, address }, { "security", 0, secure ? 0 : 1 } };
        return encode("MI_BATCH_BUFFER_START", s, 2, out);
    }
    cs_setting s[] = { { "address", 0, address }, { "address_space", 0, secure ? 0 : 1 },
                       { "second_level", 0, second_level } };
    return encode("MI_BATCH_BUFFER_START", s, 3, out);
}

static uint32_t batch_end(uint32_t *out)
{
    return encode("MI_BATCH_BUFFER_END", NULL, 0, out);
}

static uint32_t set_predicate(uint32_t *out, uint32_t value)
{
    cs_setting s[] = { { "noop", 0, value } };
    return encode("MI_SET_PREDICATE", s, 1, out);
}

static uint32_t user_interrupt(uint32_t *out)
{
    return encode("MI_USER_INTERRUPT", NULL, 0, out);
}

/* NOOPs from out[n] until a command of `length` dwords at the new n fits in its 64-byte line
 * (the stream is written at a line-aligned address); the new n. */
static uint32_t fit(uint32_t *out, uint32_t n, uint32_t length)
{
    while (n % 16u + length > 16u)
        n += noop(out + n);
    return n;
}

/* A random simple command at out: NOOPs, NOOPs with an id (bits `ids` of a random number),
 * dword and QWord stores into DATA (one in four into the first watched line). */
static uint32_t random_simple_ids(uint64_t *state, uint32_t *out, uint32_t ids)
{
    uint32_t r = (uint32_t)tlm_xorshift64star(state);
    uint64_t address = DATA + 8u * ((r >> 8) % 128u);
    switch (r % 8u) {
    case 0:
    case 1:
    case 2:
        return noop(out);
    case 3:
        return noop_id(out, (r >> 10) & ids);
    case 4:
        return store(out, (r >> 4) % 4u == 0 ? DATA + (r >> 6 & 0x38u) : address, r);
    case 5: /* gen6 has no QWord form in its table */
        return profile == CS_PROFILE_GEN6 ? store(out, address, r)
                                          : store_qword(out, address, (uint64_t)r * 0x9e3779b97f4a7c15ull);
    default:
        return noop(out);
    }
}

static uint32_t random_simple(uint64_t *state, uint32_t *out)
{
    return random_simple_ids(state, out, 0x3fffffu);
}

/* A random simple command placed at out[n] so that it fits in its line, NOOP ids out of four
 * (a header the engine has not seen yet may take the general path); the new n. */
static uint32_t random_fitted(uint64_t *state, uint32_t *out, uint32_t n)
{
    uint32_t command[8];
    uint32_t length = random_simple_ids(state, command, 3u);
    n = fit(out, n, length);
    memcpy(out + n, command, 4u * length);
    return n + length;
}

/* ---- programs ----------------------------------------------------------------------------- */

static uint32_t scratch[1u << 16]; /* a program's stream before it goes into memory */

/* 6000 NOOPs in one TAIL move (94 lines), then 1500 dword stores (375 lines). */
static void long_runs(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 6000u; i++)
        n += noop(scratch + n);
    uint32_t noops = n;
    for (uint32_t i = 0; i < 1500u; i++)
        n += store(scratch + n, DATA + 4u * (i % 256u), i * 0x01000193u);
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    host_tail(s, 4u * noops);
    host_tail(s, 4u * n);
}

static const setup long_runs_setup = { .dump = { { DATA, 1024 } } };

TEST(CsSimple, LongNoopAndStoreRunsAcrossManyLines)
{
    expect_simple(&long_runs_setup, long_runs, "long runs", 7000u, 0, 0);
}

/* A 4 KiB ring holding random simple commands, TAIL moved by odd QWord steps (8, 24, 40, ...
 * 104 bytes, 392 a cycle) so a run ends at every offset of a line, inside commands and past
 * the ring's end; HEAD wraps about 20 times (its wrap count is in every HEAD read). */
static void small_ring(sim *s)
{
    uint64_t state = 0x5eed;
    uint32_t n = 0;
    while (n < 1024u - 8u)
        n += random_simple(&state, scratch + n);
    while (n < 1024u)
        scratch[n++] = 0; /* MI_NOOP up to the end */
    write_memory(s, RING, scratch, 1024);
    start_ring(s, 1, 0, 0);
    uint32_t tail = 0;
    for (uint32_t step = 0; step < 1600u; step++) {
        tail = (tail + 8u + 16u * (step % 7u)) % 4096u; /* 392 bytes a cycle: TAIL crosses the end */
        host_tail(s, tail);
    }
}

static const setup small_ring_setup = { .watch = { DATA }, .dump = { { DATA, 1024 } } };

TEST(CsSimple, SmallRingWrapsManyTimesWithTailInOddSteps)
{
    expect_simple(&small_ring_setup, small_ring, "small ring", 10000u, 0, 0);
}

/* HEAD at 1 KiB below a report boundary of a ring with automatic report (spec 000 §1.1.5.4):
 * param 0 a 128 KiB ring reporting every 64 KiB, 1 a 256 KiB ring reporting every 128 KiB.
 * NOOPs and stores run across the boundary and on across the ring's end (a wrap, reported
 * too); the status-page write is watched. */
static void head_report(sim *s)
{
    uint32_t granule = s->setup->param ? 0x20000u : 0x10000u;
    uint32_t pages = 2u * granule / 4096u;
    uint32_t mode = s->setup->param ? CS_RING_CTL_AUTO_REPORT_REPORT_128KB : CS_RING_CTL_AUTO_REPORT_REPORT_64KB;
    uint32_t n = 0;
    uint64_t state = 0xabcdef;
    while (n < 1024u)
        n = random_fitted(&state, scratch, n);
    uint32_t start = granule - 1024u;
    write_memory(s, RING + start, scratch, n);
    uint32_t second = 2u * granule - 512u; /* the last 512 bytes before the end, and 512 after */
    write_memory(s, RING + second, scratch, 128);
    write_memory(s, RING, scratch + 128, 128);
    start_ring(s, pages, start, mode << CS_RING_CTL_AUTO_REPORT_SHIFT);
    host_tail(s, start + 4u * n);
    write_register(s, CS_RING_CTL_OFFSET, 0);
    start_ring(s, pages, second, mode << CS_RING_CTL_AUTO_REPORT_SHIFT);
    host_tail(s, 512u);
}

static const setup head_report_setup = { .watch = { HWSP, DATA }, .inside_at = HEAD_REPORT, .dump = { { DATA, 1024 }, { HWSP, 64 } } };

TEST(CsSimple, HeadReportAtTheSameTime)
{
    outcome result = expect_simple(&head_report_setup, head_report, "head report", 500u, 0, 0);
    /* Both reports (the 64 KiB crossing and the wrap) made inside a run of simple commands. */
    EXPECT_EQ(result.inside[INSIDE_AT], 2u);
    static const setup every_128k = { .watch = { HWSP, DATA }, .inside_at = HEAD_REPORT, .param = 1,
                                      .dump = { { DATA, 1024 }, { HWSP, 64 } } };
    result = expect_simple(&every_128k, head_report, "head report every 128 KiB", 500u, 0, 0);
    EXPECT_EQ(result.inside[INSIDE_AT], 2u);
    /* gen6 (spec 000 §1.1.5.4 defines the report). */
    static const setup gen6_64k = { .gen6 = true, .watch = { HWSP, DATA }, .inside_at = HEAD_REPORT,
                                    .dump = { { DATA, 1024 }, { HWSP, 64 } } };
    result = expect_simple(&gen6_64k, head_report, "gen6 head report", 500u, 0, 0);
    EXPECT_EQ(result.inside[INSIDE_AT], 2u);
    profile = CS_PROFILE_GEN12;
}

/* NOOPs with identification numbers among plain ones, between stores into a watched line: the
 * watched store after them shows they ran as simple commands; the sampler reads NOPID. */
static void noop_ids(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 400u; i++) {
        n += store(scratch + n, DATA + 4u * (i % 16u), i);
        for (uint32_t k = 0; k < 1u + i % 7u; k++)
            n += (i + k) % 3u ? noop_id(scratch + n, (i * 7919u + k) & 0x3fffffu) : noop(scratch + n);
    }
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    host_tail(s, 4u * (n / 2u & ~1u));
    observe(s, OBSERVED_HOST, CS_NOPID_OFFSET, read_register(s, CS_NOPID_OFFSET));
    host_tail(s, 4u * n);
}

static const setup noop_ids_setup = { .watch = { DATA }, .dump = { { DATA, 64 } } };
static const setup noop_ids_sampled_setup = { .watch = { DATA }, .sample_period = 5 * TLM_NS, .dump = { { DATA, 64 } } };

TEST(CsSimple, NoopIdentificationNumbers)
{
    expect_simple(&noop_ids_setup, noop_ids, "noop ids", 1500u, OBSERVED_WATCHED, 100u);
    expect_simple(&noop_ids_sampled_setup, noop_ids, "noop ids, sampled", 1500u, OBSERVED_SAMPLE, 100u);
}

/* Dword and QWord stores, some into the watched line, some rewriting the next command of the
 * same fetched line (a NOOP becomes a store into the watched line: the rewritten command must
 * run), then a store the memory refuses (beyond its size: a Page Table error and its interrupt
 * message) inside the run, and the run goes on. */
static void stores(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 200u; i++) {
        n = fit(scratch, n, 4);
        n += store(scratch + n, DATA + 0x100u + 4u * (i % 32u), i);
        n = fit(scratch, n, 5);
        n += store_qword(scratch + n, DATA + 0x200u + 8u * (i % 32u), (uint64_t)i << 32 | ~i);
        n = fit(scratch, n, 5);
        if (i % 10u == 3u)
            n += store(scratch + n, DATA + 4u * (i % 16u), 0x5700u + i);
        n = fit(scratch, n, 5);
        if (i % 10u == 5u)
            n += store_qword(scratch + n, DATA + 8u * (i % 8u), 0x51u + i);
        n = fit(scratch, n, 5);
        if (i % 25u == 7u) {
            /* The store writes the header of the NOOP after it; both in one line: the line
             * offset of the store is chosen by padding with NOOPs. */
            while ((n % 16u) > 8u)
                n += noop(scratch + n);
            uint32_t rewritten[4];
            store(rewritten, REWRITTEN, 0);
            /* The store's data goes to the dword after it: the NOOP there becomes a 4-dword store
             * whose next three dwords follow as NOOP-compatible address/data. */
            n += store(scratch + n, RING + 4u * (n + 4u), rewritten[0]);
            scratch[n++] = 0;                        /* MI_NOOP, rewritten to the store's header */
            scratch[n++] = REWRITTEN;                /* its address (a NOOP if not rewritten: */
            scratch[n++] = 0;                        /*   MI_NOOP with bits only in 21:0) */
            scratch[n++] = 0x1234u;                  /* its data */
        }
        if (i == 150u)
            n += store(scratch + n, SMALL_MEMORY + 0x1000u, 0xdeadu); /* refused */
        if (i == 170u)
            n += store_qword(scratch + n, SMALL_MEMORY + 0x2000u, 0xdead0000beefull); /* refused again */
    }
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    host_tail(s, 4u * n);
}

static const setup stores_setup = {
    .memory_size = SMALL_MEMORY, .watch = { DATA, REWRITTEN & ~63u }, .inside_at = REWRITTEN, .dump = { { DATA, 0x400 }, { RING, 0x4000 } }
};

TEST(CsSimple, StoresDwordQwordSelfModifyingAndRefused)
{
    outcome result = expect_simple(&stores_setup, stores, "stores", 400u, OBSERVED_WATCHED, 20u);
    /* The watched stores, the rewritten ones among them, ran inside runs of simple commands,
     * and the refused store's error interrupt was sent from inside one. */
    EXPECT_EQ(result.inside[INSIDE_AT], 8u); /* every rewritten command */
    EXPECT_GT(result.inside[OBSERVED_IRQ], 0u);
}

/* The rewritten command ran: the watched line holds its data (the rule, not the reference). */
TEST(CsSimple, SelfModifiedCommandRuns)
{
    sim *s = calloc(1, sizeof *s);
    ASSERT_TRUE(s != NULL);
    tlm_tracer unused;
    run(s, &stores_setup, stores, CS_QUANTUM, &unused);
    EXPECT_EQ(read_memory(s, REWRITTEN), 0x1234u);
    EXPECT_EQ(read_memory(s, DATA + 0x100u), 192u); /* the last dword store to DATA + 0x100 (i = 192) */
    EXPECT_TRUE(read_register(s, CS_ESR_OFFSET) != 0u); /* the refused stores */
    EXPECT_FALSE(cs_engine_halted(s->cs));              /* a refused store does not halt */
    EXPECT_GT(cs_engine_get_stats(s->cs)->simple, 0u);
    destroy(s);
    free(s);
}


/* A ring that runs into memory the bus refuses (beyond its size): the fetch fails inside a run
 * of NOOPs, a Page Table error halts the parser where the reference halts it. */
static void fetch_refused(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; n < 1024u; i++)
        n += i == 32u ? store(scratch + n, DATA, i) : (i % 5u) ? noop(scratch + n) : noop_id(scratch + n, i);
    write_memory(s, SMALL_MEMORY - 0x1000u, scratch, n);
    write_register(s, CS_HWS_PGA_OFFSET, HWSP);
    write_register(s, CS_RING_START_OFFSET, SMALL_MEMORY - 0x1000u);
    write_register(s, CS_RING_HEAD_OFFSET, 0);
    write_register(s, CS_RING_TAIL_OFFSET, 0);
    write_register(s, CS_RING_CTL_OFFSET, (1u << CS_RING_CTL_LENGTH_SHIFT) | CS_RING_CTL_ENABLE_MASK);
    host_tail(s, 0x1800u);
}

static const setup fetch_refused_setup = { .memory_size = SMALL_MEMORY, .watch = { DATA } };

TEST(CsSimple, FetchRefusedHaltsLikeTheReference)
{
    /* The error interrupt is sent from a run of NOOPs. */
    expect_simple(&fetch_refused_setup, fetch_refused, "fetch refused", 400u, OBSERVED_IRQ, 0);
}

/* A secure and a non-secure first-level batch of NOOPs and stores (a GGTT store runs in the
 * secure one; in the non-secure one it is converted to a NOOP with a Command Privilege error,
 * spec 002, and a plain one runs), a second-level batch from the secure one, each entered twice. */
static void batches(sim *s)
{
    uint32_t n = 0, b = 0, c = 0;
    static uint32_t batch[4096], second[1024];
    for (uint32_t i = 0; i < 300u; i++)
        b += (i % 8u == 1u) ? store(batch + b, DATA + 4u * (i % 64u), 0xb000u + i)
             : (i % 8u == 5u) ? store_ggtt(batch + b, DATA + 4u * (i % 64u), 0xc000u + i) /* allowed: secure */
             : (i % 4u == 2u) ? noop_id(batch + b, i) : noop(batch + b);
    b += batch_start(batch + b, BATCH2, true, true);
    for (uint32_t i = 0; i < 40u; i++)
        b += (i % 3u) ? noop(batch + b) : store_qword(batch + b, DATA + 0x100u + 8u * (i % 16u), i);
    b += batch_end(batch + b);
    for (uint32_t i = 0; i < 200u; i++)
        c += (i % 5u == 0u) ? store(second + c, DATA + 0x200u + 4u * (i % 32u), 0x2000u + i) : noop(second + c);
    c += batch_end(second + c);
    /* The non-secure batch: the same body after a GGTT store, the plain stores going elsewhere. */
    static uint32_t insecure[4096];
    uint32_t u = 0;
    for (uint32_t i = 0; i < 300u; i++)
        u += (i % 50u == 7u) ? store_ggtt(insecure + u, DATA + 0x300u + 4u * (i % 16u), 0x6600u + i)
             : (i % 4u == 1u) ? store(insecure + u, DATA + 0x340u + 4u * (i % 16u), 0x7700u + i)
             : noop(insecure + u);
    u += batch_end(insecure + u);
    write_memory(s, BATCH, batch, b);
    write_memory(s, BATCH2, second, c);
    write_memory(s, BATCH + 0x8000u, insecure, u);
    for (unsigned round = 0; round < 2; round++) {
        n += batch_start(scratch + n, BATCH, true, false);
        n += noop(scratch + n);
        n += batch_start(scratch + n, BATCH + 0x8000u, false, false);
        n += store(scratch + n, DATA + 0x3f0u, round);
        n += user_interrupt(scratch + n);
        if (n & 1u)
            scratch[n++] = 0;
    }
    write_memory(s, RING, scratch, n);
    start_ring(s, 4, 0, 0);
    host_tail(s, 4u * n / 2u & ~7u);
    host_tail(s, 4u * n);
}

static const setup batches_setup = { .watch = { DATA + 0x200u }, .dump = { { DATA, 0x400 } } };
static const setup batches_sampled_setup = { .sample_period = 3 * TLM_NS, .dump = { { DATA, 0x400 } } };

TEST(CsSimple, SecureNonSecureAndSecondLevelBatches)
{
    /* The watched stores are the second-level batch's. */
    expect_simple(&batches_setup, batches, "batches", 1000u, OBSERVED_WATCHED, 10u);
    expect_simple(&batches_sampled_setup, batches, "batches, sampled", 1000u, OBSERVED_SAMPLE, 100u);
}

/* The batch dword limit (a test bound, cs_engine_config.batch_dword_limit) crossed inside a
 * run of NOOPs: the Instruction Parser error and halt where the reference has them. Each limit
 * ends the run at another offset in a line. */
static void dword_limit(sim *s)
{
    static uint32_t batch[2048];
    for (uint32_t i = 0; i < 2048u; i++)
        batch[i] = (i % 9u == 4u) ? (1u << 22) | i : 0; /* NOOPs, some with an id */
    store(batch + 100, DATA, 0x600du); /* a watched store: what follows runs from it */
    write_memory(s, BATCH, batch, 2048);
    uint32_t n = batch_start(scratch, BATCH, true, false);
    scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 1, 0, 0);
    host_tail(s, 4u * n);
}

TEST(CsSimple, BatchDwordLimitCrossedInsideARun)
{
    for (uint32_t limit = 1000u; limit < 1017u; limit++) {
        setup limit_setup = { .batch_dword_limit = limit, .watch = { DATA } };
        outcome result = expect_simple(&limit_setup, dword_limit, "batch dword limit", 900u, 0, 0);
        /* The run of simple NOOPs went from the watched store up to the command that crosses
         * the limit (which may take the general path): the error's interrupt. */
        EXPECT_LE(result.general_since[OBSERVED_IRQ], 1u);
    }
}

/* Random simple commands from `seed`: a secure batch of about `batch_dwords` dwords at BATCH,
 * and a 16 KiB ring of 1500 dwords, the batch start, 1500 more (`fitted`: the batch and the
 * first part with every command inside its line); the ring started, TAIL not moved. The
 * ring's dwords. */
static uint32_t ring_and_batch(sim *s, uint64_t seed, uint32_t batch_dwords, bool fitted)
{
    static uint32_t batch[2048];
    uint64_t state = seed;
    uint32_t n = 0, b = 0;
    while (b < batch_dwords)
        b = fitted ? random_fitted(&state, batch, b) : b + random_simple(&state, batch + b);
    b += batch_end(batch + b);
    write_memory(s, BATCH, batch, b);
    while (n < 1500u)
        n = fitted ? random_fitted(&state, scratch, n) : n + random_simple(&state, scratch + n);
    n += batch_start(scratch + n, BATCH, true, false);
    while (n < 3000u)
        n += random_simple(&state, scratch + n);
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 4, 0, 0);
    return n;
}

/* Another block reading the lazily updated registers every few ns while runs of random simple
 * commands execute in the ring and in a batch. */
static void sampled(sim *s)
{
    uint32_t n = ring_and_batch(s, 77, 1500u, false);
    for (uint32_t part = 1; part <= 7u; part++)
        host_tail(s, 4u * (n * part / 7u) & ~7u);
    host_tail(s, 4u * n);
}

TEST(CsSimple, BackgroundBlockReadsLazyRegisters)
{
    static const tlm_time periods[] = { 2 * TLM_NS, 3 * TLM_NS, 7 * TLM_NS, 50 * TLM_NS };
    for (size_t p = 0; p < sizeof periods / sizeof periods[0]; p++) {
        setup sampled_setup = { .sample_period = periods[p], .watch = { DATA }, .dump = { { DATA, 1024 } } };
        expect_simple(&sampled_setup, sampled, "sampled", 1000u, OBSERVED_SAMPLE, 10u);
    }
}

/* A watched line stored to inside runs of stores (about one store in four): the observer sees
 * the same writes at the same times. */
static void watched(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 2000u; i++) {
        uint64_t address = (i * 2654435761u >> 7) % 4u == 0 ? DATA + 4u * (i % 16u) : DATA + 0x40u + 4u * (i % 200u);
        n = fit(scratch, n, 5);
        n += (i % 3u == 2u) ? store_qword(scratch + n, address & ~7ull, i * 0x10001ull) : store(scratch + n, address, i);
    }
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    host_tail(s, 4u * n);
}

static const setup watched_setup = { .watch = { DATA }, .dump = { { DATA, 1024 } } };

TEST(CsSimple, WatchedLineStoredInsideRuns)
{
    expect_simple(&watched_setup, watched, "watched", 1500u, OBSERVED_WATCHED, 100u);
}

/* MI_SET_PREDICATE active (always, then result2_clear over PREDICATE_RESULT_2 = 0): NOOPs and
 * stores are dropped and nothing runs as a simple command; after "never" they run again. */
static void predicated(sim *s)
{
    uint32_t n = 0, parts[3];
    for (uint32_t i = 0; i < 200u; i++)
        n += (i % 3u) ? noop(scratch + n) : store(scratch + n, DATA + 4u * (i % 64u), i);
    n += set_predicate(scratch + n, 15);
    if (n & 1u)
        scratch[n++] = 0;
    parts[0] = n;
    for (uint32_t i = 0; i < 300u; i++) {
        if (i == 150u)
            n += set_predicate(scratch + n, 1);
        n += (i % 3u) ? noop_id(scratch + n, i) : store(scratch + n, DATA + 0x100u + 4u * (i % 64u), i);
    }
    if (!(n & 1u))
        scratch[n++] = 0;
    n += set_predicate(scratch + n, 0); /* the part's last command */
    parts[1] = n;
    for (uint32_t i = 0; i < 200u; i++)
        n += (i % 3u) ? noop(scratch + n) : store(scratch + n, DATA + 0x200u + 4u * (i % 64u), i);
    if (n & 1u)
        scratch[n++] = 0;
    parts[2] = n;
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    for (unsigned p = 0; p < 3; p++) {
        uint64_t before = cs_engine_get_stats(s->cs)->simple;
        host_tail(s, 4u * parts[p]);
        uint64_t ran = cs_engine_get_stats(s->cs)->simple - before;
        if (cs_engine_quantum(s->cs) == 0 || p == 1)
            EXPECT_EQ(ran, 0u); /* the reference never, and nothing while the predicate is set */
        else
            EXPECT_GT(ran, 100u);
    }
}

static const setup predicated_setup = { .watch = { DATA + 0x100u }, .dump = { { DATA, 1024 } } };

TEST(CsSimple, SetPredicateActiveTakesTheGeneralPath)
{
    expect_simple(&predicated_setup, predicated, "predicated", 200u, 0, 0);
}

/* With a tracer on the kernel the waveform sees every command: the general path runs, and the
 * waveform changes, like everything else, are the reference's. */
static const setup traced_setup = { .traced = true, .watch = { DATA }, .sample_period = 11 * TLM_NS,
                                    .dump = { { DATA, 1024 } } };

TEST(CsSimple, TracedKernelTakesTheGeneralPath)
{
    EXPECT_EQ(expect_same(&traced_setup, sampled, "traced").simple, 0u);
    EXPECT_EQ(expect_same(&traced_setup, noop_ids, "traced noop ids").simple, 0u);
}

/* A block called by the engine from inside a command (a memory observer for a store or the
 * HEAD report, the interrupt sink for an error) reads the registers the simple path updates
 * lazily at that moment: the hang capture registers must already name the command, as they
 * do with one event per command. */
TEST(CsSimple, RegistersReadFromInsideACommand)
{
    static const struct {
        program_fn program; /* what runs */
        setup setup;        /* with observers reading when called */
        const char *name;   /* for the failure message */
    } cases[] = {
        { head_report, { .watch = { HWSP, DATA }, .read_during = true }, "head report, read during" },
        { stores, { .memory_size = SMALL_MEMORY, .watch = { DATA, REWRITTEN & ~63u }, .read_during = true }, "stores, read during" },
        { fetch_refused, { .memory_size = SMALL_MEMORY, .watch = { DATA }, .read_during = true }, "fetch refused, read during" },
        { batches, { .watch = { DATA + 0x200u }, .read_during = true }, "batches, read during" },
        { dword_limit, { .batch_dword_limit = 1005, .watch = { DATA }, .read_during = true }, "dword limit, read during" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        expect_simple(&cases[i].setup, cases[i].program, cases[i].name, 100u, 0, 0);
    }
}

/* Software writing commands into the ring ahead of HEAD and moving TAIL every few ns while the
 * engine runs (another event between and during runs: TAIL moves inside what would be a run,
 * and the fetched line is dropped by each TAIL write). A 4 KiB ring, wrapping. */
static void produce(void *context)
{
    sim *s = context;
    uint32_t unit[16];
    uint32_t r = (uint32_t)tlm_xorshift64star(&s->state);
    uint32_t n = 0;
    switch (r % 4u) {
    case 0:
        n = store(unit, DATA + 4u * (r >> 8 & 0xffu), r);
        break;
    case 1:
        n = store_qword(unit, DATA + 8u * (r >> 8 & 0x7fu), r);
        n += noop(unit + n);
        n += noop_id(unit + n, r >> 12 & 7u);
        n += noop(unit + n);
        break;
    default:
        for (n = 0; n < 2u + 2u * (r >> 4 & 7u); n++)
            unit[n] = (r >> 8 & 1u) ? (1u << 22) | (n & 3u) : 0;
        break;
    }
    for (uint32_t i = 0; i < n; i++) {
        tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, RING + (s->tail + 4u * i) % 4096u, &unit[i], 4);
        tlm_time delay = 0;
        tlm_b_transport(tlm_memory_target(s->memory), &payload, &delay);
    }
    s->tail = (s->tail + 4u * n) % 4096u;
    write_register(s, CS_RING_TAIL_OFFSET, s->tail);
    if (++s->produced < 1500u)
        tlm_event_notify(s->kernel, &s->producer, (tlm_time)(1u + (r >> 20) % (uint32_t)s->setup->param) * TLM_NS);
}

static void producer(sim *s)
{
    s->state = 0xfeed;
    tlm_event_init(&s->producer, "producer", produce, s);
    start_ring(s, 1, 0, 0);
    tlm_event_notify(s->kernel, &s->producer, TLM_NS);
    EXPECT_EQ(tlm_kernel_run_until_idle(s->kernel, TLM_MS), TLM_RUN_IDLE);
    observe(s, OBSERVED_HOST, CS_RING_HEAD_OFFSET, read_register(s, CS_RING_HEAD_OFFSET));
}

TEST(CsSimple, SoftwareWritesAheadOfHeadWhileRunsExecute)
{
    for (uint32_t spread = 4; spread <= 64u; spread *= 4u) {
        setup producer_setup = { .param = spread, .watch = { DATA }, .dump = { { DATA, 1024 }, { RING, 4096 } } };
        expect_simple(&producer_setup, producer, "producer", 1000u, OBSERVED_WATCHED, 0);
    }
}

/* gen6 (spec 000): NOOPs with ids, dword stores in the ring, in a secure batch (GGTT stores
 * among them) and in a non-secure one, where with param 1 a store selecting the GGTT is
 * executed as PPGTT and flagged with a Memory Privilege error (spec 000 §1.1.7.3 bit 3,
 * cs_batch_permits) -- inside runs of simple commands. */
static void gen6_program(sim *s)
{
    static uint32_t secure[2048], insecure[2048];
    uint32_t n = 0, b = 0, u = 0;
    for (uint32_t i = 0; i < 300u; i++) {
        b = fit(secure, b, 4);
        b += (i % 3u == 0u) ? store_ggtt(secure + b, DATA + 4u * (i % 16u), 0x5ec0000u + i)
             : (i % 3u == 1u) ? noop_id(secure + b, i) : store(secure + b, DATA + 0x40u + 4u * (i % 16u), i);
        u = fit(insecure, u, 4);
        u += (i % 10u == 4u && s->setup->param) ? store_ggtt(insecure + u, DATA + 0x80u + 4u * (i % 16u), 0x66600u + i)
             : (i % 3u == 1u) ? store(insecure + u, DATA + 0xc0u + 4u * (i % 16u), 0x77700u + i)
             : noop(insecure + u);
    }
    b += batch_end(secure + b);
    u += batch_end(insecure + u);
    write_memory(s, BATCH, secure, b);
    write_memory(s, BATCH + 0x8000u, insecure, u);
    for (uint32_t i = 0; i < 200u; i++) {
        n = fit(scratch, n, 4);
        n += (i % 4u) ? noop_id(scratch + n, i & 7u) : store(scratch + n, DATA + 0x100u + 4u * (i % 32u), i);
    }
    n += batch_start(scratch + n, BATCH, true, false);
    n += batch_start(scratch + n, BATCH + 0x8000u, false, false);
    n = fit(scratch, n, 4);
    n += store(scratch + n, DATA + 0x3f0u, 1);
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 4, 0, 0);
    host_tail(s, 4u * n);
}

TEST(CsSimple, Gen6RingSecureAndNonSecureBatches)
{
    static const setup gen6_setup = { .gen6 = true, .watch = { DATA + 0x80u }, .dump = { { DATA, 0x400 } } };
    static const setup gen6_sampled = { .gen6 = true, .sample_period = 3 * TLM_NS, .dump = { { DATA, 0x400 } } };
    expect_simple(&gen6_setup, gen6_program, "gen6", 500u, 0, 0);
    expect_simple(&gen6_sampled, gen6_program, "gen6, sampled", 500u, OBSERVED_SAMPLE, 50u);
    profile = CS_PROFILE_GEN12;
}

TEST(CsSimple, Gen6GgttStoreInNonSecureBatch)
{
    static const setup gen6_ggtt = { .gen6 = true, .param = 1, .watch = { DATA + 0x80u }, .dump = { { DATA, 0x400 } } };
    expect_simple(&gen6_ggtt, gen6_program, "gen6, GGTT store in a non-secure batch", 500u, 0, 0);
    profile = CS_PROFILE_GEN12;
    /* The rule itself: the error is flagged (spec 000 §1.1.7.3 bit 3) at the default quantum. */
    sim *s = calloc(1, sizeof *s);
    ASSERT_TRUE(s != NULL);
    tlm_tracer unused;
    run(s, &gen6_ggtt, gen6_program, CS_QUANTUM, &unused);
    EXPECT_TRUE(read_register(s, CS_ESR_OFFSET) != 0u);
    EXPECT_EQ(read_memory(s, DATA + 0x90u), 0x66600u + 244u); /* executed, as PPGTT (the last i = 4 mod 10 and mod 16) */
    destroy(s);
    free(s);
    profile = CS_PROFILE_GEN12;
}

/* Execlists (gen12, docs/reference/cs.md "Execlists"): two contexts submitted together run runs
 * of simple commands with an MI_ARB_CHECK now and then; a third load arrives while the first
 * runs and preempts it at its next arbitration point. The context status buffer writes (a
 * watched line of the status page), the images saved and every register read must be the
 * reference's. */
#define LRCA_A 0x500000u
#define LRCA_B 0x520000u
#define LRCA_C 0x540000u

/* A context's ring at `ring`: runs of simple commands storing to `data`, an MI_ARB_CHECK every
 * 64 dwords or so; its TAIL (bytes). */
static uint32_t context_ring(sim *s, uint64_t ring, uint64_t seed)
{
    uint64_t state = seed;
    uint32_t n = 0, next_check = 64;
    while (n < 900u) {
        n = random_fitted(&state, scratch, n);
        if (n >= next_check) {
            n += encode("MI_ARB_CHECK", NULL, 0, scratch + n);
            next_check += 64u;
        }
    }
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, ring, scratch, n);
    return 4u * n;
}

static void load(sim *s, uint64_t element0, uint64_t element1)
{
    write_register(s, CS_EXECLIST_SQ_ELEMENT0_LO_OFFSET, (uint32_t)element0);
    write_register(s, CS_EXECLIST_SQ_ELEMENT0_HI_OFFSET, (uint32_t)(element0 >> 32));
    write_register(s, CS_EXECLIST_SQ_ELEMENT1_LO_OFFSET, (uint32_t)element1);
    write_register(s, CS_EXECLIST_SQ_ELEMENT1_HI_OFFSET, (uint32_t)(element1 >> 32));
    write_register(s, CS_EXECLIST_CONTROL_OFFSET, CS_EXECLIST_CONTROL_LOAD_MASK);
}

static void execlists(sim *s)
{
    unsigned render = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].class_id;
    uint64_t base = cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS].mmio_base;
    static const uint64_t lrcas[3] = { LRCA_A, LRCA_B, LRCA_C };
    for (unsigned c = 0; c < 3; c++) {
        uint64_t ring = RING + 0x10000u * c;
        cs_execlist_ring image = { .mmio_base = base, .start = (uint32_t)ring, .head = 0,
                                   .tail = context_ring(s, ring, 100u + c), .ctl = CS_RING_CTL_ENABLE_MASK };
        EXPECT_TRUE(cs_execlist_write_context_image(tlm_memory_target(s->memory), lrcas[c], &image));
    }
    write_register(s, CS_HWS_PGA_OFFSET, HWSP);
    load(s, cs_execlist_descriptor(LRCA_A, 1, render, 0), cs_execlist_descriptor(LRCA_B, 2, render, 0));
    EXPECT_EQ(tlm_kernel_run_for(s->kernel, (tlm_time)s->setup->param * TLM_NS), TLM_RUN_TIME_REACHED);
    observe(s, OBSERVED_HOST, CS_RING_HEAD_OFFSET, read_register(s, CS_RING_HEAD_OFFSET));
    load(s, cs_execlist_descriptor(LRCA_C, 3, render, 0), 0);
    EXPECT_EQ(tlm_kernel_run_until_idle(s->kernel, TLM_MS), TLM_RUN_IDLE);
    observe(s, OBSERVED_HOST, CS_EXECLIST_STATUS_LO_OFFSET, read_register(s, CS_EXECLIST_STATUS_LO_OFFSET));
    observe(s, OBSERVED_HOST, CS_CONTEXT_STATUS_PTR_OFFSET, read_register(s, CS_CONTEXT_STATUS_PTR_OFFSET));
    const cs_execlist_stats *stats = cs_execlist_get_stats(cs_engine_execlist(s->cs));
    observe(s, OBSERVED_HOST, 0, stats->preemptions);
    observe(s, OBSERVED_HOST, 0, stats->completions);
    if (s->setup->param < 1000u)
        EXPECT_GT(stats->preemptions, 0u); /* the third load arrived while the first context ran */
}

TEST(CsSimple, ExeclistContextsSwitchAndPreemptAroundRuns)
{
    for (uint32_t at = 300; at <= 2700u; at += 800u) {
        setup execlist_setup = {
            .param = at, .watch = { HWSP, HWSP + 64u, DATA },
            .dump = { { DATA, 1024 }, { HWSP, 256 }, { LRCA_A + CS_EXECLIST_STATE_OFFSET, 1024 },
                      { LRCA_C + CS_EXECLIST_STATE_OFFSET, 1024 } },
        };
        expect_simple(&execlist_setup, execlists, "execlists", 500u, OBSERVED_WATCHED, 5u);
    }
}

/* Another block reacting at once to a store it watches by writing an engine register (stopping
 * the rings, disabling the ring, moving TAIL back, requesting a reset): the engine must stop (or
 * go on) after that store exactly as with one event per command. */
static void react(sim *s)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < 400u; i++) {
        n = fit(scratch, n, 4);
        n += (i == 200u) ? store(scratch + n, DATA + 0x3cu, REACT)
             : (i % 3u == 0u) ? store(scratch + n, DATA + 4u * (i % 15u), i) : noop_id(scratch + n, i & 3u);
    }
    if (n & 1u)
        scratch[n++] = 0;
    write_memory(s, RING, scratch, n);
    start_ring(s, 16, 0, 0);
    host_tail(s, 4u * n);
    read_lazy(s, OBSERVED_HOST);
    /* The host lets it go on (clears what the observer set) and runs the rest. */
    write_register(s, CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16);
    write_register(s, CS_RESET_CTL_OFFSET, CS_RESET_CTL_REQUEST_RESET_MASK << 16);
    host_tail(s, 4u * n);
    read_lazy(s, OBSERVED_HOST);
}

/* An observer's register write inside a run of simple commands. */
typedef struct reaction {
    uint32_t offset;  /* the register the observer writes */
    uint32_t value;   /* the value */
    const char *name; /* for the failure message */
} reaction;

static void expect_reactions(const reaction *reactions, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        setup react_setup = { .watch = { DATA }, .react_offset = reactions[i].offset, .react_value = reactions[i].value,
                              .dump = { { DATA, 64 } } };
        expect_simple(&react_setup, react, reactions[i].name, 100u, OBSERVED_WATCHED, 10u);
    }
}

TEST(CsSimple, ObserverMovesTailOrHeadInsideARun)
{
    static const reaction moves[] = {
        { CS_RING_TAIL_OFFSET, 0x800u, "TAIL moved back" },
        { CS_RING_HEAD_OFFSET, 0x100u, "HEAD moved" },
    };
    expect_reactions(moves, sizeof moves / sizeof moves[0]);
}

TEST(CsSimple, ObserverStopsTheEngineInsideARun)
{
    static const reaction stops[] = {
        { CS_MI_MODE_OFFSET, CS_MI_MODE_STOP_RINGS_MASK << 16 | CS_MI_MODE_STOP_RINGS_MASK, "stop rings" },
        { CS_RING_CTL_OFFSET, 15u << CS_RING_CTL_LENGTH_SHIFT, "ring disabled" },
        { CS_RESET_CTL_OFFSET, CS_RESET_CTL_REQUEST_RESET_MASK << 16 | CS_RESET_CTL_REQUEST_RESET_MASK, "reset requested" },
    };
    expect_reactions(stops, sizeof stops / sizeof stops[0]);
}

/* The host stopping the kernel at arbitrary times while runs execute (tlm_kernel_run_for ends
 * between two commands a run would have run back to back) and reading the lazily updated
 * registers each time. */
static void host_stops(sim *s)
{
    uint32_t n = ring_and_batch(s, 4242, 800u, true);
    write_register(s, CS_RING_TAIL_OFFSET, 4u * n);
    for (uint32_t k = 0; k < 600u && cs_engine_busy(s->cs); k++) {
        EXPECT_EQ(tlm_kernel_run_for(s->kernel, (tlm_time)(3u + k % 17u) * TLM_NS + (k % 3u) * TLM_NS / 2u),
                  TLM_RUN_TIME_REACHED);
        read_lazy(s, OBSERVED_HOST);
    }
}

TEST(CsSimple, HostStopsTheKernelInsideRuns)
{
    static const setup host_stops_setup = { .watch = { DATA }, .dump = { { DATA, 1024 } } };
    expect_simple(&host_stops_setup, host_stops, "host stops", 1000u, OBSERVED_HOST, 100u);
}

/* The watchdog counter (spec 000 §1.1.6) expiring every 37 clocks while runs of simple commands
 * execute: each Timeout Counter Expired message comes from an event of its own between two
 * commands, and the interrupt sink reads the lazily updated registers then. */
static void watchdog(sim *s)
{
    write_register(s, CS_PR_CTR_THRSH_OFFSET, 37);
    write_register(s, CS_PR_CTR_CTL_OFFSET, 0); /* start */
    long_runs(s);
    write_register(s, CS_PR_CTR_CTL_OFFSET, 1); /* stop */
}

TEST(CsSimple, WatchdogExpiresBetweenSimpleCommands)
{
    static const setup watchdog_setup = { .read_during = true, .dump = { { DATA, 1024 } } };
    expect_simple(&watchdog_setup, watchdog, "watchdog", 7000u, OBSERVED_IRQ, 100u);
}

/* A memory with read and write latency: each fetch and store adds its bus time to the command's
 * cost (docs/reference/cs.md "Timing"), inside runs as with one event per command. */
TEST(CsSimple, MemoryLatencyInsideRuns)
{
    static const setup latency_stores = { .read_latency = 3 * TLM_NS, .write_latency = 5 * TLM_NS,
                                          .memory_size = SMALL_MEMORY, .watch = { DATA, REWRITTEN & ~63u },
                                          .dump = { { DATA, 0x400 } } };
    expect_simple(&latency_stores, stores, "stores with latency", 400u, OBSERVED_WATCHED, 20u);
    static const setup latency_sampled = { .read_latency = 7 * TLM_NS, .write_latency = 1 * TLM_NS,
                                           .sample_period = 5 * TLM_NS, .watch = { DATA }, .dump = { { DATA, 1024 } } };
    expect_simple(&latency_sampled, sampled, "sampled with latency", 1000u, OBSERVED_SAMPLE, 10u);
    static const setup latency_report = { .read_latency = 2 * TLM_NS, .write_latency = 3 * TLM_NS,
                                          .watch = { HWSP, DATA }, .inside_at = HEAD_REPORT,
                                          .dump = { { DATA, 1024 }, { HWSP, 64 } } };
    outcome result = expect_simple(&latency_report, head_report, "head report with latency", 500u, 0, 0);
    EXPECT_EQ(result.inside[INSIDE_AT], 2u);
}

/* A block that answers a write it watches with an event of its own at once (delay 0) or a
 * moment later, scheduled from inside a run of stores: the run must end before that event as
 * the reference's next step would come after it. */
TEST(CsSimple, ObserverSchedulesAnEventInsideARun)
{
    static const setup follow_watched = { .follow_up = true, .watch = { DATA }, .dump = { { DATA, 1024 } } };
    expect_simple(&follow_watched, watched, "follow-up events", 1500u, OBSERVED_WATCHED, 100u);
    static const setup follow_stores = { .follow_up = true, .memory_size = SMALL_MEMORY,
                                         .watch = { DATA, REWRITTEN & ~63u }, .dump = { { DATA, 0x400 } } };
    expect_simple(&follow_stores, stores, "follow-up events, stores", 400u, OBSERVED_WATCHED, 20u);
}
