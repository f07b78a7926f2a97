#include "gtsim_user_twin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_lockstep.h"
#include "cosim_user_twin.h"
#include "gtsim_twin_registry.h"
#include "tlm_alloc.h"

/* Bytes of memory writes one side records at most (input-driven allocation bound); beyond it
 * the compare reports the stream incomplete. */
#define RECORD_MAX_BYTES (UINT64_C(1) << 24)
/* Messages one side records at most per run. */
#define MESSAGE_MAX (UINT64_C(1) << 20)
/* Entries shown either side of a divergent message. */
#define NEIGHBOURS 2u

/* One registered block: its setup and its descriptor. */
typedef struct user_entry {
    gtsim_user_twin_setup setup;      /* the user's description (copied) */
    char name[64];                    /* copy of setup.name */
    char description[160];            /* copy of setup.description */
    gtsim_twin_descriptor descriptor; /* what the registry holds */
} user_entry;

static user_entry entries[GTSIM_USER_TWIN_MAX];
static size_t entry_count;
static const char *const user_profiles[] = { "gen12", "gen6", NULL };

/* One byte a side wrote. */
typedef struct written_byte {
    uint64_t address; /* graphics address */
    uint64_t seq;     /* write order on this side */
    uint8_t value;    /* the byte */
} written_byte;

/* A master port's path to graphics memory: adds the port's window, forwards reads, records
 * (lockstep) and forwards (unless it is the model's side in lockstep) writes. */
typedef struct port_path {
    tlm_target target;            /* what the model or the twin's transactor calls */
    const tlm_target *memory;     /* graphics memory */
    uint64_t base;                /* the port's window */
    bool forward_writes;          /* writes reach memory */
    bool record;                  /* writes are recorded */
    written_byte *bytes;          /* recorded bytes */
    size_t count, capacity;       /* used and allocated entries of bytes */
    bool overflow;                /* RECORD_MAX_BYTES reached: the stream is incomplete */
} port_path;

/* One recorded message. */
typedef struct message_record {
    unsigned port;  /* message port */
    uint64_t data;  /* its data */
    tlm_time when;  /* when it was taken */
} message_record;

/* What one side (model or RTL) produced outside register reads. */
typedef struct side {
    port_path paths[COSIM_USER_MAX_MASTERS]; /* its master ports */
    message_record *messages;                /* its messages */
    size_t message_count, message_capacity;  /* used and allocated */
    uint64_t irq_edges[COSIM_USER_MAX_IRQS]; /* rising edges per interrupt output */
    struct glue *glue;                       /* the owner */
    bool is_rtl;                             /* the RTL's side (its messages go to the user) */
} side;

/* The instance's own state (gtsim_twin_instance.glue). */
typedef struct glue {
    const user_entry *entry;       /* the block */
    tlm_kernel *kernel;            /* logs, trigger */
    tlm_log_block *log;            /* divergence lines */
    side model;                    /* the reference */
    side rtl;                      /* the device under test */
    uint64_t stream_mismatches;    /* divergences found by the compares so far */
    uint64_t messages_compared;    /* messages compared before the current window (report numbering) */
    char first[256];               /* first stream divergence */
    tlm_time first_time;           /* when it was found */
} glue;

static const user_entry *entry_of(const gtsim_twin_descriptor *descriptor)
{
    return (const user_entry *)((const char *)descriptor - offsetof(user_entry, descriptor));
}

/* ---- master port paths --------------------------------------------------------------------- */

static void record_write(port_path *path, const tlm_payload *payload)
{
    for (uint32_t i = 0; i < payload->length; i++) {
        if (payload->byte_enable_length &&
            payload->byte_enable[i % payload->byte_enable_length] == TLM_BYTE_LANE_DISABLED)
            continue;
        if (path->count >= RECORD_MAX_BYTES) {
            path->overflow = true;
            return;
        }
        path->bytes = tlm_alloc_grow(path->bytes, &path->capacity, path->count + 1, sizeof *path->bytes, 256);
        path->bytes[path->count] = (written_byte){ payload->address + i, path->count, payload->data[i] };
        path->count++;
    }
}

static void path_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    port_path *path = self;
    uint64_t address = payload->address;
    payload->address = address + path->base;
    if (payload->command == TLM_CMD_WRITE && !path->forward_writes)
        payload->response = TLM_STATUS_OK;
    else
        tlm_b_transport(path->memory, payload, delay);
    if (payload->command == TLM_CMD_WRITE && path->record && payload->response == TLM_STATUS_OK)
        record_write(path, payload);
    payload->address = address;
}

static void path_init(port_path *path, const tlm_target *memory, uint64_t base, bool forward_writes, bool record)
{
    *path = (port_path){ .memory = memory, .base = base, .forward_writes = forward_writes, .record = record };
    path->target = (tlm_target){ .name = "user master port", .self = path, .b_transport = path_b_transport };
}

/* ---- messages and interrupts --------------------------------------------------------------- */

static void side_message(void *context, unsigned port, uint64_t data, tlm_time when)
{
    side *s = context;
    const user_entry *entry = s->glue->entry;
    if (s->message_count < MESSAGE_MAX) {
        s->messages = tlm_alloc_grow(s->messages, &s->message_capacity, s->message_count + 1, sizeof *s->messages, 16);
        s->messages[s->message_count++] = (message_record){ port, data, when };
    }
    if (s->is_rtl && entry->setup.on_message)
        entry->setup.on_message(entry->setup.message_context, port, data, when);
}

/* Messages outside lockstep go straight to the user. */
static void user_message(void *context, unsigned port, uint64_t data, tlm_time when)
{
    const user_entry *entry = context;
    if (entry->setup.on_message)
        entry->setup.on_message(entry->setup.message_context, port, data, when);
}

static void count_edge(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    uint64_t *edges = context;
    (void)signal;
    if (!old_value && new_value)
        (*edges)++;
}

/* ---- building ------------------------------------------------------------------------------- */

static const tlm_target *memory_of(const gtsim_twin_platform *platform)
{
    return platform->memory ? tlm_memory_target(platform->memory) : platform->host_memory;
}

static glue *glue_create(gtsim_twin_instance *instance, gtsim_twin_platform *platform, bool lockstep)
{
    const user_entry *entry = entry_of(instance->descriptor);
    glue *g = tlm_alloc_zeroed(1, sizeof *g);
    g->entry = entry;
    g->kernel = platform->kernel;
    g->log = tlm_logger_block(tlm_kernel_logger(platform->kernel), entry->name);
    g->model.glue = g;
    g->rtl.glue = g;
    g->rtl.is_rtl = true;
    const tlm_target *memory = memory_of(platform);
    for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++) {
        uint64_t base = entry->setup.master_base[i];
        path_init(&g->model.paths[i], memory, base, !lockstep, lockstep);
        /* The twin's transactor adds the window itself (its base_address). */
        path_init(&g->rtl.paths[i], memory, 0, true, lockstep);
    }
    instance->glue = g;
    return g;
}

static void build_model(gtsim_twin_instance *instance, gtsim_twin_platform *platform, glue *g, bool lockstep)
{
    const user_entry *entry = g->entry;
    gtsim_user_model_ports ports = { .message = lockstep ? side_message : user_message,
                                     .message_context = lockstep ? (void *)&g->model : (void *)entry };
    for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++)
        ports.masters[i] = &g->model.paths[i].target;
    instance->model = entry->setup.model.create(platform->kernel, platform->clock, &ports, entry->setup.model_context);
}

static void build_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform, glue *g, bool lockstep)
{
    const user_entry *entry = g->entry;
    char name[80];
    snprintf(name, sizeof name, "%s_rtl", entry->name);
    cosim_user_twin_config config = {
        .name = name,
        .kernel = platform->kernel,
        .clock = platform->clock,
        .on_message = lockstep ? side_message : user_message,
        .message_context = lockstep ? (void *)&g->rtl : (void *)entry,
    };
    for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++) {
        config.masters[i] = &g->rtl.paths[i].target;
        config.master_base[i] = entry->setup.master_base[i];
        memcpy(config.master_delay[i], entry->setup.master_delay[i], sizeof config.master_delay[i]);
    }
    instance->twin = cosim_user_twin_create(entry->setup.rtl, &config);
    if (!instance->twin) {
        fprintf(stderr, "%s: the RTL twin could not be built\n", entry->name);
        abort();
    }
}

static void user_create_model(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    build_model(instance, platform, glue_create(instance, platform, false), false);
}

static void user_create_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    build_rtl(instance, platform, glue_create(instance, platform, false), false);
}

static void user_create_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    glue *g = glue_create(instance, platform, true);
    build_model(instance, platform, g, true);
    build_rtl(instance, platform, g, true);
    const gtsim_user_model_ops *model = &g->entry->setup.model;
    char name[80];
    snprintf(name, sizeof name, "%s_lockstep", g->entry->name);
    instance->lockstep = cosim_lockstep_create(platform->kernel, name, model->registers(instance->model),
                                               cosim_user_twin_registers(instance->twin));
    for (unsigned i = 0; i < g->entry->setup.rtl->irq_count; i++) {
        tlm_signal_listen(model->irq(instance->model, i), count_edge, &g->model.irq_edges[i]);
        tlm_signal_listen(cosim_user_twin_irq(instance->twin, i), count_edge, &g->rtl.irq_edges[i]);
    }
}

static const tlm_target *host_registers(gtsim_twin_instance *instance)
{
    const gtsim_user_model_ops *model = &entry_of(instance->descriptor)->setup.model;
    return instance->lockstep ? cosim_lockstep_target(instance->lockstep)
           : instance->twin   ? cosim_user_twin_registers(instance->twin)
                              : model->registers(instance->model);
}

static tlm_signal *host_irq(gtsim_twin_instance *instance, unsigned index)
{
    const gtsim_user_model_ops *model = &entry_of(instance->descriptor)->setup.model;
    return instance->twin ? cosim_user_twin_irq(instance->twin, index) : model->irq(instance->model, index);
}

static void user_attach(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    const user_entry *entry = entry_of(instance->descriptor);
    gt_mmio_map(platform->gt, entry->setup.mmio_base, entry->setup.mmio_size, host_registers(instance));
    for (unsigned i = 0; i < entry->setup.rtl->irq_count; i++) {
        if (platform->host_irq_input_count == GTSIM_TWIN_HOST_IRQ_MAX) {
            tlm_log_error(((glue *)instance->glue)->log, "interrupt output %s: the host line takes no more inputs",
                          entry->setup.rtl->irq_names[i]);
            break;
        }
        platform->host_irq_inputs[platform->host_irq_input_count++] = host_irq(instance, i);
    }
}

static void user_destroy(gtsim_twin_instance *instance)
{
    glue *g = instance->glue;
    const gtsim_user_model_ops *model = &entry_of(instance->descriptor)->setup.model;
    if (instance->lockstep)
        for (unsigned i = 0; i < g->entry->setup.rtl->irq_count; i++) {
            tlm_signal_unlisten(model->irq(instance->model, i), count_edge, &g->model.irq_edges[i]);
            tlm_signal_unlisten(cosim_user_twin_irq(instance->twin, i), count_edge, &g->rtl.irq_edges[i]);
        }
    cosim_lockstep_destroy(instance->lockstep);
    cosim_user_twin_destroy(instance->twin);
    if (instance->model)
        model->destroy(instance->model);
    if (g) {
        for (side *s = &g->model; s; s = s == &g->model ? &g->rtl : NULL) {
            for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++)
                free(s->paths[i].bytes);
            free(s->messages);
        }
        free(g);
    }
}

static uint64_t user_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_user_twin_assertion_failures(instance->twin) : 0;
}

static uint64_t user_mismatches(const gtsim_twin_instance *instance)
{
    if (!instance->lockstep)
        return 0;
    return cosim_lockstep_mismatches(instance->lockstep) + ((const glue *)instance->glue)->stream_mismatches;
}

static uint64_t user_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_lockstep_transactions(instance->lockstep) : 0;
}

/* ---- registration ------------------------------------------------------------------------- */

/* The first added mode slot no registered descriptor uses. */
static bool free_mode_slot(size_t *offset)
{
    for (unsigned slot = 0; slot < GTSIM_SYSTEM_ADDED_TWINS; slot++) {
        size_t candidate = offsetof(gtsim_system_config, added_modes) + slot * sizeof(gtsim_block_mode);
        bool used = false;
        for (size_t i = 0; i < gtsim_twin_count(); i++)
            used |= gtsim_twin_at(i)->mode_offset == candidate;
        if (!used) {
            *offset = candidate;
            return true;
        }
    }
    return false;
}

bool gtsim_user_twin_register(const gtsim_user_twin_setup *setup, char *error, size_t error_size)
{
    if (!setup->name || !setup->name[0] || strlen(setup->name) >= sizeof entries[0].name || !setup->rtl ||
        !setup->model.create || !setup->model.destroy || !setup->model.registers ||
        (setup->rtl->irq_count > 0 && !setup->model.irq) || setup->mmio_size == 0) {
        snprintf(error, error_size, "%s: incomplete setup (a name, the wrapper, the model's create, destroy, registers "
                 "and irq functions, an MMIO window)", setup->name ? setup->name : "user twin");
        return false;
    }
    size_t offset = 0;
    if (entry_count == GTSIM_USER_TWIN_MAX || !free_mode_slot(&offset)) {
        snprintf(error, error_size, "%s: no free twin slot (%u at most)", setup->name, GTSIM_SYSTEM_ADDED_TWINS);
        return false;
    }
    user_entry *entry = &entries[entry_count];
    *entry = (user_entry){ .setup = *setup };
    snprintf(entry->name, sizeof entry->name, "%s", setup->name);
    snprintf(entry->description, sizeof entry->description, "%s",
             setup->description ? setup->description : setup->rtl->top);
    entry->setup.name = entry->name;
    entry->setup.description = entry->description;
    entry->descriptor = (gtsim_twin_descriptor){
        .name = entry->name,
        .description = entry->description,
        .profiles = user_profiles,
        .absent = "has no such block",
        .mode_offset = offset,
        .create_model = user_create_model,
        .create_rtl = user_create_rtl,
        .create_lockstep = user_create_lockstep,
        .attach = user_attach,
        .destroy = user_destroy,
        .assertion_failures = user_assertion_failures,
        .mismatches = user_mismatches,
        .transactions = user_transactions,
    };
    if (!gtsim_twin_registry_add(&entry->descriptor)) {
        snprintf(error, error_size, "%s: the twin registry refused it (name taken or registry full)", setup->name);
        return false;
    }
    entry_count++;
    return true;
}

static const user_entry *find_entry(const char *name)
{
    for (size_t i = 0; i < entry_count; i++)
        if (strcmp(entries[i].name, name) == 0)
            return &entries[i];
    return NULL;
}

gtsim_block_mode *gtsim_user_twin_mode_slot(const char *name, gtsim_system_config *config)
{
    const user_entry *entry = find_entry(name);
    return entry ? gtsim_twin_mode_slot(&entry->descriptor, config) : NULL;
}

bool gtsim_user_twin_parse_args(int *argc, char **argv, gtsim_system_config *config, char *error, size_t error_size)
{
    bool lockstep = false;
    bool selected[GTSIM_USER_TWIN_MAX] = { false };
    bool any = false;
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--lockstep") == 0) {
            lockstep = true;
            continue;
        }
        if (strcmp(argv[i], "--rtl") != 0) {
            argv[kept++] = argv[i];
            continue;
        }
        if (i + 1 >= *argc) {
            snprintf(error, error_size, "--rtl: a block name is missing");
            return false;
        }
        const char *list = argv[++i];
        while (*list) {
            size_t length = strcspn(list, ",");
            size_t found = entry_count;
            for (size_t e = 0; e < entry_count; e++)
                if (strlen(entries[e].name) == length && strncmp(entries[e].name, list, length) == 0)
                    found = e;
            if (found == entry_count) {
                snprintf(error, error_size, "--rtl: unknown block '%.*s'", (int)length, list);
                return false;
            }
            selected[found] = any = true;
            list += length + (list[length] == ',');
        }
    }
    argv[kept] = NULL;
    *argc = kept;
    for (size_t e = 0; e < entry_count; e++)
        if (any ? selected[e] : lockstep)
            *gtsim_twin_mode_slot(&entries[e].descriptor, config) = lockstep ? GTSIM_MODE_LOCKSTEP : GTSIM_MODE_RTL;
    return true;
}

const tlm_target *gtsim_user_twin_registers(gtsim_system *system, const char *name)
{
    gtsim_twin_instance *instance = find_entry(name) ? gtsim_system_twin(system, name) : NULL;
    return instance ? host_registers(instance) : NULL;
}

const tlm_signal *gtsim_user_twin_irq(gtsim_system *system, const char *name, unsigned index)
{
    const user_entry *entry = find_entry(name);
    gtsim_twin_instance *instance = entry ? gtsim_system_twin(system, name) : NULL;
    return instance && index < entry->setup.rtl->irq_count ? host_irq(instance, index) : NULL;
}

/* ---- the stream compare --------------------------------------------------------------------- */

static void divergence(glue *g, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void divergence(glue *g, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    tlm_log_error(g->log, "lockstep: %s", text);
    if (g->stream_mismatches++ == 0) {
        snprintf(g->first, sizeof g->first, "%s", text);
        g->first_time = tlm_kernel_now(g->kernel);
        tlm_trace_trigger(g->kernel, text);
    }
}

static int by_address_then_order(const void *a, const void *b)
{
    const written_byte *x = a, *y = b;
    if (x->address != y->address)
        return x->address < y->address ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The last value per address, in address order, in place; returns the entries kept. */
static size_t final_image(written_byte *bytes, size_t count)
{
    qsort(bytes, count, sizeof *bytes, by_address_then_order);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        if (kept > 0 && bytes[kept - 1].address == bytes[i].address)
            bytes[kept - 1] = bytes[i];
        else
            bytes[kept++] = bytes[i];
    }
    return kept;
}

/* What one address shows in the two images. */
typedef enum byte_verdict { BYTE_SAME, BYTE_MODEL_ONLY, BYTE_RTL_ONLY, BYTE_DIFFERENT } byte_verdict;

static const char *const verdict_text[] = {
    [BYTE_MODEL_ONLY] = "written by the model only",
    [BYTE_RTL_ONLY] = "written by the RTL only",
    [BYTE_DIFFERENT] = "written with different values",
};

/* One divergence per run of adjacent addresses with the same verdict, with its first bytes. */
typedef struct byte_run {
    byte_verdict verdict;  /* BYTE_SAME: no run open */
    uint64_t start, end;   /* addresses [start, end) */
    int model_first;       /* the model's first byte (-1: none) */
    int rtl_first;         /* the RTL's first byte (-1: none) */
} byte_run;

static void close_run(glue *g, const char *port, byte_run *run)
{
    if (run->verdict == BYTE_SAME)
        return;
    char model[16] = "-", rtl[16] = "-";
    if (run->model_first >= 0)
        snprintf(model, sizeof model, "0x%02x", run->model_first);
    if (run->rtl_first >= 0)
        snprintf(rtl, sizeof rtl, "0x%02x", run->rtl_first);
    divergence(g, "m_axi_%s: 0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu64 " bytes) %s; first byte model %s, RTL %s", port,
               run->start, run->end - 1, run->end - run->start, verdict_text[run->verdict], model, rtl);
    run->verdict = BYTE_SAME;
}

static void add_byte(glue *g, const char *port, byte_run *run, byte_verdict verdict, uint64_t address, int model,
                     int rtl)
{
    if (run->verdict != verdict || run->end != address)
        close_run(g, port, run);
    if (verdict == BYTE_SAME)
        return;
    if (run->verdict == BYTE_SAME)
        *run = (byte_run){ verdict, address, address, model, rtl };
    run->end = address + 1;
}

static void compare_port(glue *g, unsigned port)
{
    port_path *ref = &g->model.paths[port], *dut = &g->rtl.paths[port];
    const char *name = g->entry->setup.rtl->master_names[port];
    if (ref->overflow || dut->overflow)
        divergence(g, "m_axi_%s: more than %" PRIu64 " bytes written: the compare is incomplete", name,
                   RECORD_MAX_BYTES);
    size_t n_ref = final_image(ref->bytes, ref->count), n_dut = final_image(dut->bytes, dut->count);
    byte_run run = { .verdict = BYTE_SAME };
    size_t i = 0, j = 0;
    while (i < n_ref || j < n_dut) {
        if (j == n_dut || (i < n_ref && ref->bytes[i].address < dut->bytes[j].address)) {
            add_byte(g, name, &run, BYTE_MODEL_ONLY, ref->bytes[i].address, ref->bytes[i].value, -1);
            i++;
        } else if (i == n_ref || dut->bytes[j].address < ref->bytes[i].address) {
            add_byte(g, name, &run, BYTE_RTL_ONLY, dut->bytes[j].address, -1, dut->bytes[j].value);
            j++;
        } else {
            bool same = ref->bytes[i].value == dut->bytes[j].value;
            add_byte(g, name, &run, same ? BYTE_SAME : BYTE_DIFFERENT, ref->bytes[i].address, ref->bytes[i].value,
                     dut->bytes[j].value);
            i++;
            j++;
        }
    }
    close_run(g, name, &run);
}

static void print_neighbours(glue *g, const char *who, const side *s, size_t at)
{
    size_t from = at > NEIGHBOURS ? at - NEIGHBOURS : 0;
    for (size_t k = from; k < s->message_count && k <= at + NEIGHBOURS; k++)
        tlm_log_error(g->log, "lockstep:   %s message %" PRIu64 ": msg_%s data 0x%" PRIx64 " at %" PRIu64 " ps%s", who,
                      g->messages_compared + k,
                      g->entry->setup.rtl->message_names[s->messages[k].port], s->messages[k].data,
                      (uint64_t)s->messages[k].when, k == at ? "  <-" : "");
}

static void compare_messages(glue *g)
{
    const side *ref = &g->model, *dut = &g->rtl;
    size_t n = ref->message_count < dut->message_count ? ref->message_count : dut->message_count;
    for (size_t k = 0; k < n; k++)
        if (ref->messages[k].port != dut->messages[k].port || ref->messages[k].data != dut->messages[k].data) {
            divergence(g, "message %" PRIu64 ": the model sent msg_%s 0x%" PRIx64 ", the RTL msg_%s 0x%" PRIx64,
                       g->messages_compared + k,
                       g->entry->setup.rtl->message_names[ref->messages[k].port], ref->messages[k].data,
                       g->entry->setup.rtl->message_names[dut->messages[k].port], dut->messages[k].data);
            print_neighbours(g, "model", ref, k);
            print_neighbours(g, "RTL", dut, k);
            return; /* the rest follows from the first */
        }
    if (ref->message_count != dut->message_count) {
        divergence(g, "the model sent %zu messages, the RTL %zu", ref->message_count, dut->message_count);
        print_neighbours(g, "model", ref, n);
        print_neighbours(g, "RTL", dut, n);
    }
}

uint64_t gtsim_user_twin_compare(gtsim_system *system, const char *name)
{
    const user_entry *entry = find_entry(name);
    gtsim_twin_instance *instance = entry ? gtsim_system_twin(system, name) : NULL;
    if (!instance || !instance->lockstep)
        return 0;
    glue *g = instance->glue;
    uint64_t before = g->stream_mismatches;
    for (unsigned port = 0; port < entry->setup.rtl->master_count; port++)
        compare_port(g, port);
    compare_messages(g);
    /* Compared items are done with: the next compare looks at what follows. */
    g->messages_compared += g->rtl.message_count > g->model.message_count ? g->rtl.message_count : g->model.message_count;
    g->model.message_count = g->rtl.message_count = 0;
    for (unsigned port = 0; port < COSIM_USER_MAX_MASTERS; port++)
        g->model.paths[port].count = g->rtl.paths[port].count = 0;
    const gtsim_user_model_ops *model = &entry->setup.model;
    for (unsigned i = 0; i < entry->setup.rtl->irq_count; i++) {
        const char *irq = entry->setup.rtl->irq_names[i];
        if (g->model.irq_edges[i] != g->rtl.irq_edges[i])
            divergence(g, "irq_%s: %" PRIu64 " rising edges in the model, %" PRIu64 " in the RTL", irq,
                       g->model.irq_edges[i], g->rtl.irq_edges[i]);
        uint64_t ref = tlm_signal_get(model->irq(instance->model, i));
        uint64_t dut = tlm_signal_get(cosim_user_twin_irq(instance->twin, i));
        if (ref != dut)
            divergence(g, "irq_%s: level %" PRIu64 " in the model, %" PRIu64 " in the RTL", irq, ref, dut);
        g->model.irq_edges[i] = g->rtl.irq_edges[i] = 0;
    }
    return g->stream_mismatches - before;
}

const char *gtsim_user_twin_first_mismatch(gtsim_system *system, const char *name)
{
    gtsim_twin_instance *instance = find_entry(name) ? gtsim_system_twin(system, name) : NULL;
    if (!instance || !instance->lockstep)
        return "";
    const cosim_lockstep_mismatch *first = cosim_lockstep_first_mismatch(instance->lockstep);
    const glue *g = instance->glue;
    /* The earlier of the register compare's first divergence and the streams'. */
    if (first && (g->stream_mismatches == 0 || first->time <= g->first_time))
        return first->description;
    return g->first;
}
