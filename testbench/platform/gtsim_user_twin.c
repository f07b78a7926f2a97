#include "gtsim_user_twin.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_lockstep.h"
#include "cosim_stream_compare.h"
#include "cosim_user_twin.h"
#include "gtsim_twin_registry.h"
#include "tlm_alloc.h"

/* Unmatched stream items one side may run ahead of the other (choice: 16384 lines, 1 MiB of
 * writes: a loosely-timed model may finish a large copy before the RTL's first burst; the
 * compare allocates the window up front, about 130 bytes an item per side). */
#define STREAM_WINDOW 16384u

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

struct glue;

/* A master port's path to graphics memory: adds the port's window, forwards reads, records
 * (lockstep) and forwards (unless it is the model's side in lockstep) writes. A side's writes
 * reach the stream compare merged per line: a write joins the port's open line while it stays
 * in that line and rewrites none of its bytes; anything else (another line, a byte written
 * again, a message, a compare point) closes the line into one item. So the same bytes split
 * differently into payloads (the model's 32-byte chunks, the RTL's bursts cut at 4 KiB) make
 * the same items, while a byte written twice stays two items in its order. */
typedef struct port_path {
    tlm_target target;            /* what the model or the twin's transactor calls */
    const tlm_target *memory;     /* graphics memory */
    uint64_t base;                /* the port's window */
    bool forward_writes;          /* writes reach memory */
    bool record;                  /* writes are recorded */
    struct glue *glue;            /* the owner (its stream compare) */
    cosim_stream_side side;       /* the side it records on */
    bool open;                    /* a line is being merged */
    uint64_t line;                /* its address */
    uint64_t enables;             /* its bytes written so far (bit i: byte line + i) */
    uint8_t data[COSIM_STREAM_LINE_BYTES]; /* their values */
    tlm_time when;                /* the time of its first write */
} port_path;

/* What one side (model or RTL) produced outside register reads. */
typedef struct side {
    port_path paths[COSIM_USER_MAX_MASTERS]; /* its master ports */
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
    cosim_stream_compare *streams; /* lockstep: master-port writes and messages of both sides */
    bool report_logged;            /* the streams' first divergence report was logged */
    uint64_t irq_mismatches;       /* interrupt divergences found by the compares so far */
    char first[256];               /* first interrupt divergence */
    tlm_time first_time;           /* when it was found */
    char first_stream[sizeof ((cosim_stream_divergence *)0)->description + 16]; /* the streams' first, named */
} glue;

static const user_entry *entry_of(const gtsim_twin_descriptor *descriptor)
{
    return (const user_entry *)((const char *)descriptor - offsetof(user_entry, descriptor));
}

/* ---- master port paths --------------------------------------------------------------------- */

/* The open line becomes one stream item. */
static void path_flush(port_path *path)
{
    if (!path->open)
        return;
    uint8_t enable[COSIM_STREAM_LINE_BYTES];
    for (unsigned i = 0; i < COSIM_STREAM_LINE_BYTES; i++)
        enable[i] = path->enables >> i & 1u ? TLM_BYTE_LANE_ENABLED : TLM_BYTE_LANE_DISABLED;
    cosim_stream_record_write(path->glue->streams, path->side, path->when, path->line, path->data,
                              COSIM_STREAM_LINE_BYTES, enable, COSIM_STREAM_LINE_BYTES);
    path->open = false;
}

static void side_flush(side *s)
{
    for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++)
        path_flush(&s->paths[i]);
}

static void record_write(port_path *path, const tlm_payload *payload, tlm_time when)
{
    for (uint32_t i = 0; i < payload->length; i++) {
        if (payload->byte_enable_length &&
            payload->byte_enable[i % payload->byte_enable_length] == TLM_BYTE_LANE_DISABLED)
            continue;
        uint64_t address = payload->address + i;
        uint64_t line = address & ~(uint64_t)(COSIM_STREAM_LINE_BYTES - 1u);
        uint64_t bit = UINT64_C(1) << (address - line);
        if (path->open && (path->line != line || (path->enables & bit)))
            path_flush(path);
        if (!path->open) {
            path->open = true;
            path->line = line;
            path->enables = 0;
            memset(path->data, 0, sizeof path->data);
            path->when = when;
        }
        path->enables |= bit;
        path->data[address - line] = payload->data[i];
    }
}

static void path_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    port_path *path = self;
    uint64_t address = payload->address;
    tlm_time when = path->record ? tlm_kernel_now(path->glue->kernel) + *delay : 0;
    payload->address = address + path->base;
    if (payload->command == TLM_CMD_WRITE && !path->forward_writes)
        payload->response = TLM_STATUS_OK;
    else
        tlm_b_transport(path->memory, payload, delay);
    if (payload->command == TLM_CMD_WRITE && path->record && payload->response == TLM_STATUS_OK && payload->data)
        record_write(path, payload, when);
    payload->address = address;
}

static void path_init(port_path *path, struct glue *g, cosim_stream_side side, const tlm_target *memory, uint64_t base,
                      bool forward_writes, bool record)
{
    *path = (port_path){ .memory = memory, .base = base, .forward_writes = forward_writes, .record = record,
                         .glue = g, .side = side };
    path->target = (tlm_target){ .name = "user master port", .self = path, .b_transport = path_b_transport };
}

/* ---- messages and interrupts --------------------------------------------------------------- */

static void side_message(void *context, unsigned port, uint64_t data, tlm_time when)
{
    side *s = context;
    const user_entry *entry = s->glue->entry;
    /* The writes before it come before it in the stream. */
    side_flush(s);
    cosim_stream_record_port_message(s->glue->streams, s->is_rtl ? COSIM_STREAM_DUT : COSIM_STREAM_REF, when, port,
                                     data);
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

/* The stream compare of a lockstep instance: the order policy from --lockstep-order
 * (gtsim_system_config.lockstep_order), per-address when none is given (choice: a
 * loosely-timed model and its RTL may reorder writes to different addresses). */
static cosim_stream_compare *streams_create(const user_entry *entry, gtsim_twin_platform *platform, tlm_log_block *log)
{
    cosim_stream_config config = { .policy = COSIM_STREAM_PER_ADDRESS, .window = STREAM_WINDOW };
    char error[160];
    if (platform->lockstep_order && !cosim_stream_policy_parse(platform->lockstep_order, &config, error, sizeof error))
        tlm_log_error(log, "%s; per-address used", error);
    char name[80];
    snprintf(name, sizeof name, "%s_streams", entry->name);
    return cosim_stream_compare_create(platform->kernel, name, &config);
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
    if (lockstep)
        g->streams = streams_create(entry, platform, g->log);
    const tlm_target *memory = memory_of(platform);
    for (unsigned i = 0; i < COSIM_USER_MAX_MASTERS; i++) {
        uint64_t base = entry->setup.master_base[i];
        path_init(&g->model.paths[i], g, COSIM_STREAM_REF, memory, base, !lockstep, lockstep);
        /* The twin's transactor adds the window itself (its base_address). */
        path_init(&g->rtl.paths[i], g, COSIM_STREAM_DUT, memory, 0, true, lockstep);
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
        cosim_stream_compare_destroy(g->streams);
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
    const glue *g = instance->glue;
    return cosim_lockstep_mismatches(instance->lockstep) + g->irq_mismatches + cosim_stream_compare_mismatches(g->streams);
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
        if (strcmp(argv[i], "--lockstep-order") == 0) {
            cosim_stream_config order = { 0 };
            char why[160] = "an order is missing";
            if (i + 1 >= *argc || !cosim_stream_policy_parse(argv[i + 1], &order, why, sizeof why)) {
                snprintf(error, error_size, "--lockstep-order: %s", why);
                return false;
            }
            config->lockstep_order = argv[++i];
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

/* ---- the compare points ------------------------------------------------------------------- */

static void divergence(glue *g, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void divergence(glue *g, const char *format, ...)
{
    char text[256];
    va_list args;
    va_start(args, format);
    vsnprintf(text, sizeof text, format, args);
    va_end(args);
    tlm_log_error(g->log, "lockstep: %s", text);
    if (g->irq_mismatches++ == 0) {
        snprintf(g->first, sizeof g->first, "%s", text);
        g->first_time = tlm_kernel_now(g->kernel);
        tlm_trace_trigger(g->kernel, text);
    }
}

/* The streams' first divergence report (neighbours of both streams, waveform window), once. */
static void log_stream_report(glue *g)
{
    if (g->report_logged || !cosim_stream_compare_first(g->streams))
        return;
    g->report_logged = true;
    char report[4096];
    cosim_stream_compare_report(g->streams, report, sizeof report);
    for (char *line = strtok(report, "\n"); line; line = strtok(NULL, "\n"))
        tlm_log_error(g->log, "lockstep: %s", line);
}

uint64_t gtsim_user_twin_compare(gtsim_system *system, const char *name)
{
    const user_entry *entry = find_entry(name);
    gtsim_twin_instance *instance = entry ? gtsim_system_twin(system, name) : NULL;
    if (!instance || !instance->lockstep)
        return 0;
    glue *g = instance->glue;
    uint64_t before = g->irq_mismatches + cosim_stream_compare_mismatches(g->streams);
    /* A compare point is quiescent: both sides' streams have ended for now; what one side put
     * out and the other did not is a divergence. */
    side_flush(&g->model);
    side_flush(&g->rtl);
    cosim_stream_compare_check(g->streams, tlm_kernel_now(g->kernel));
    cosim_stream_compare_finish(g->streams);
    log_stream_report(g);
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
    return g->irq_mismatches + cosim_stream_compare_mismatches(g->streams) - before;
}

const char *gtsim_user_twin_first_mismatch(gtsim_system *system, const char *name)
{
    gtsim_twin_instance *instance = find_entry(name) ? gtsim_system_twin(system, name) : NULL;
    if (!instance || !instance->lockstep)
        return "";
    glue *g = instance->glue;
    /* The earliest of the register compare's, the streams' and the interrupts' first divergences. */
    const char *text = "";
    tlm_time at = 0;
    bool found = false;
    const cosim_lockstep_mismatch *registers = cosim_lockstep_first_mismatch(instance->lockstep);
    if (registers) {
        text = registers->description;
        at = registers->time;
        found = true;
    }
    const cosim_stream_divergence *stream = cosim_stream_compare_first(g->streams);
    if (stream && (!found || stream->time < at)) {
        snprintf(g->first_stream, sizeof g->first_stream, "streams: %s", stream->description);
        text = g->first_stream;
        at = stream->time;
        found = true;
    }
    if (g->irq_mismatches && (!found || g->first_time < at))
        text = g->first;
    return text;
}
