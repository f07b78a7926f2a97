/* The product's RTL twins (gtsim_twin_registry.h): one descriptor each, with what the platform
 * needs to build and inject it. docs/design/cosim.md describes each twin; the descriptors only wire
 * them into the system. */
#include "gtsim_twin_registry.h"

#include <stdlib.h>
#include <string.h>

#include "doorbell.h"
#include "irq_message.h"
#include "irq_gen11.h"
#include "roundtrip.h"
#include "roundtrip_regs.h"
#include "tlm_alloc.h"

/* A library built with -DGTSIM_WITH_RTL=OFF has no Verilated twins: the round-trip block keeps
 * its model (it stands outside the GT), the other descriptors leave the registry, and a block
 * asked for in rtl or lockstep mode is refused ("built without RTL"). */
#ifndef GTSIM_WITH_RTL
#define GTSIM_WITH_RTL 1
#endif
#if GTSIM_WITH_RTL
#include "cosim_cs_lockstep.h"
#include "cosim_cs_twin.h"
#include "cosim_doorbell_lockstep.h"
#include "cosim_doorbell_twin.h"
#include "cosim_irq_lockstep.h"
#include "cosim_irq_twin.h"
#include "cosim_lockstep.h"
#include "cosim_roundtrip_twin.h"
#define GTSIM_TWIN_RTL(function) function
#else
#define GTSIM_TWIN_RTL(function) NULL
#endif

/* ---- roundtrip: the bring-up block, outside the GT, on the BAR at GTSIM_SYSTEM_ROUNDTRIP_BASE ---- */

static void roundtrip_model(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    instance->model = roundtrip_create(platform->kernel, "roundtrip");
}

#if GTSIM_WITH_RTL
static void roundtrip_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    instance->twin = cosim_roundtrip_twin_create(platform->kernel, platform->clock, "roundtrip_rtl");
}

/* The model is the reference, the twin the device under test; the run follows the twin. */
static void roundtrip_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    roundtrip_model(instance, platform);
    roundtrip_rtl(instance, platform);
    cosim_lockstep *lockstep = cosim_lockstep_create(platform->kernel, "lockstep", roundtrip_target(instance->model),
                                               cosim_roundtrip_twin_target(instance->twin));
    cosim_lockstep_compare_signal(lockstep, "irq", roundtrip_irq(instance->model), cosim_roundtrip_twin_irq(instance->twin));
    instance->lockstep = lockstep;
}
#endif

/* The block shares the GT's BAR beyond its register space (gtsim_system.h); its interrupt output
 * is the host line's other input (in lockstep the RTL's: the model shadows it). */
static void roundtrip_attach(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
#if GTSIM_WITH_RTL
    const tlm_target *target = instance->lockstep ? cosim_lockstep_target(instance->lockstep)
                               : instance->twin   ? cosim_roundtrip_twin_target(instance->twin)
                                                  : roundtrip_target(instance->model);
    gt_mmio_map(platform->gt, GTSIM_SYSTEM_ROUNDTRIP_BASE, ROUNDTRIP_BLOCK_SIZE, target);
    platform->host_irq_inputs[platform->host_irq_input_count++] =
        instance->twin ? cosim_roundtrip_twin_irq(instance->twin) : roundtrip_irq(instance->model);
#else
    gt_mmio_map(platform->gt, GTSIM_SYSTEM_ROUNDTRIP_BASE, ROUNDTRIP_BLOCK_SIZE, roundtrip_target(instance->model));
    platform->host_irq_inputs[platform->host_irq_input_count++] = roundtrip_irq(instance->model);
#endif
}

static void roundtrip_destroy_instance(gtsim_twin_instance *instance)
{
#if GTSIM_WITH_RTL
    cosim_lockstep_destroy(instance->lockstep);
    cosim_roundtrip_twin_destroy(instance->twin);
#endif
    roundtrip_destroy(instance->model);
}

#if GTSIM_WITH_RTL
static uint64_t roundtrip_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_roundtrip_twin_assertion_failures(instance->twin) : 0;
}

static uint64_t roundtrip_mismatches(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_lockstep_mismatches(instance->lockstep) : 0;
}

static uint64_t roundtrip_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_lockstep_transactions(instance->lockstep) : 0;
}

/* ---- irq: the gen11+ interrupt aggregator, injected as gt_config.irq ----------------------- */

static void irq_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    cosim_irq_twin *twin = cosim_irq_twin_create(platform->kernel, platform->clock, "irq_rtl");
    gt_irq_block *replacement = tlm_alloc_zeroed(1, sizeof *replacement);
    replacement->sink = cosim_irq_twin_sink(twin);
    replacement->host_irq = cosim_irq_twin_host_irq(twin);
    replacement->host_target = cosim_irq_twin_target(twin, IRQ_GEN11_HOST);
    replacement->guc_target = cosim_irq_twin_target(twin, IRQ_GEN11_GUC);
    for (unsigned v = 0; v < 2; v++)
        replacement->guc_vector[v] = cosim_irq_twin_guc_vector(twin, v);
    instance->twin = twin;
    instance->glue = replacement;
}

/* The run follows the twin and the model shadows it: the ports that take stimulus go through
 * the compare, the output lines stay the twin's. */
static void irq_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    irq_rtl(instance, platform);
    irq_gen11 *model = irq_gen11_create(platform->kernel, "irq");
    cosim_irq_lockstep *lockstep = cosim_irq_lockstep_create(platform->kernel, "irq_lockstep", model, instance->twin);
    gt_irq_block *replacement = instance->glue;
    replacement->sink = cosim_irq_lockstep_sink(lockstep);
    replacement->host_target = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_HOST);
    replacement->guc_target = cosim_irq_lockstep_target(lockstep, IRQ_GEN11_GUC);
    instance->model = model;
    instance->lockstep = lockstep;
}

static void irq_inject(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    platform->gt_config->irq = instance->glue;
}

static void irq_destroy_instance(gtsim_twin_instance *instance)
{
    cosim_irq_lockstep_destroy(instance->lockstep);
    cosim_irq_twin_destroy(instance->twin);
    irq_gen11_destroy(instance->model);
    free(instance->glue);
}

static uint64_t irq_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_irq_twin_assertion_failures(instance->twin) : 0;
}

static uint64_t irq_mismatches(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_irq_lockstep_mismatches(instance->lockstep) : 0;
}

static uint64_t irq_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_irq_lockstep_compared(instance->lockstep) : 0;
}

/* ---- doorbell: the GTI doorbell controller, injected as gt_config.doorbell ------------------ */

/* The replacement's operations (doorbell.h doorbell_block) over the twin or the lockstep. */
static doorbell_install_result doorbell_twin_install(void *self, unsigned bell, uint64_t line)
{
    return cosim_doorbell_twin_install(self, bell, line);
}

static void doorbell_twin_set_guc_port(void *self, const doorbell_guc_port *port)
{
    cosim_doorbell_twin_set_guc_port(self, port);
}

static doorbell_install_result doorbell_lockstep_install(void *self, unsigned bell, uint64_t line)
{
    return cosim_doorbell_lockstep_install(self, bell, line);
}

static void doorbell_lockstep_set_guc_port(void *self, const doorbell_guc_port *port)
{
    cosim_doorbell_lockstep_set_guc_port(self, port);
}

static void doorbell_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    cosim_doorbell_twin *twin = cosim_doorbell_twin_create(platform->kernel, platform->clock, "doorbell_rtl", platform->memory);
    doorbell_block *replacement = tlm_alloc_zeroed(1, sizeof *replacement);
    *replacement = (doorbell_block){ .target = cosim_doorbell_twin_target(twin), .install = doorbell_twin_install,
                                     .set_guc_port = doorbell_twin_set_guc_port, .self = twin };
    instance->twin = twin;
    instance->glue = replacement;
}

/* The run follows the twin, the model shadows it. Both sides watch their lines in the same
 * memory; the host's memory accesses go through the compare, which checks both sides' messages
 * after each of them (docs/design/cosim.md "In the system"). */
static void doorbell_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    doorbell_rtl(instance, platform);
    doorbell *model = doorbell_create(platform->kernel, "doorbell", platform->memory);
    cosim_doorbell_lockstep *lockstep =
        cosim_doorbell_lockstep_create(platform->kernel, "doorbell_lockstep", model, instance->twin, platform->memory);
    *(doorbell_block *)instance->glue = (doorbell_block){ .target = cosim_doorbell_lockstep_target(lockstep),
                                                          .install = doorbell_lockstep_install,
                                                          .set_guc_port = doorbell_lockstep_set_guc_port,
                                                          .self = lockstep };
    instance->model = model;
    instance->lockstep = lockstep;
}

static void doorbell_inject(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    platform->gt_config->doorbell = instance->glue;
    if (instance->lockstep)
        platform->host_memory = cosim_doorbell_lockstep_memory(instance->lockstep);
}

static void doorbell_destroy_instance(gtsim_twin_instance *instance)
{
    cosim_doorbell_lockstep_destroy(instance->lockstep);
    cosim_doorbell_twin_destroy(instance->twin);
    doorbell_destroy(instance->model);
    free(instance->glue);
}

static uint64_t doorbell_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_doorbell_twin_assertion_failures(instance->twin) : 0;
}

static uint64_t doorbell_mismatches(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_doorbell_lockstep_mismatches(instance->lockstep) : 0;
}

static uint64_t doorbell_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_doorbell_lockstep_compared(instance->lockstep) : 0;
}

/* ---- cs: the gen12 render engine's ring-buffer command streamer, injected as gt_config.render_cs ---- */

/* The twin's messages go where the model's engine sends them: the GT's interrupt message sink
 * (cs_irq.c cs_send_event -> gt tap -> the aggregator). */
typedef struct cs_glue {
    const irq_message_sink *sink; /* the GT's, once it is built (attach) */
} cs_glue;

static void cs_message(void *context, uint32_t word, tlm_time when)
{
    (void)when; /* delivered at the edge the RTL took it, which the kernel is at or behind */
    cs_glue *glue = context;
    irq_message message = irq_message_unpack(word);
    if (glue->sink)
        irq_message_send(glue->sink, &message);
}

static void cs_rtl(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    /* Its master port reaches graphics memory as the model's engine does (the sparse memory,
     * whose observers see the stores; or the host's memory path with a memory target). */
    const tlm_target *memory = platform->memory ? tlm_memory_target(platform->memory) : platform->host_memory;
    cosim_cs_twin *twin = cosim_cs_twin_create(platform->kernel, platform->clock, "rcs_rtl", memory);
    cs_glue *glue = tlm_alloc_zeroed(1, sizeof *glue);
    cosim_cs_twin_on_message(twin, cs_message, glue);
    instance->twin = twin;
    instance->glue = glue;
}

static void cs_inject(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    if (instance->twin)
        platform->gt_config->render_cs = cosim_cs_twin_registers(instance->twin);
}

static void cs_attach(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    cs_glue *glue = instance->glue;
    if (glue)
        glue->sink = gt_irq_sink(platform->gt);
}

static void cs_destroy_instance(gtsim_twin_instance *instance)
{
    cosim_cs_twin_destroy(instance->twin);
    free(instance->glue);
}

static bool cs_busy(const gtsim_twin_instance *instance)
{
    return instance->twin && !cosim_cs_twin_idle(instance->twin);
}

static uint64_t cs_assertion_failures(const gtsim_twin_instance *instance)
{
    return instance->twin ? cosim_cs_twin_assertion_failures(instance->twin) : 0;
}

/* Lockstep: the model of the render engine (its own memory image) and the twin, their streams
 * compared (cosim_cs_lockstep.h, docs/design/cosim.md "The command streamer's lockstep"). The
 * run follows the twin: its registers answer the host, its messages reach the GT's sink. */
static bool cs_lockstep_twin_busy(const void *twin)
{
    return !cosim_cs_twin_idle(twin);
}

static void cs_lockstep(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    const cs_engine_info *rcs = &cs_profile_get(CS_PROFILE_GEN12)->engines[CS_ENGINE_RCS];
    cosim_cs_lockstep_config config = {
        .order = { .policy = COSIM_STREAM_IN_ORDER, .tolerance = COSIM_STREAM_DEFAULT_TOLERANCE },
        /* As the GT builds its render engine (gt.c add_engines), with its own registers only:
         * the twin drops an LRI to a register outside the engine. */
        .engine = { .profile = CS_PROFILE_GEN12, .engine = CS_ENGINE_RCS, .mmio_base = rcs->mmio_base,
                    .clock_period = platform->clock->period },
        .memory = platform->memory ? tlm_memory_target(platform->memory) : platform->host_memory,
        .host_path = platform->host_memory,
    };
    char error[160];
    if (platform->lockstep_order &&
        !cosim_stream_policy_parse(platform->lockstep_order, &config.order, error, sizeof error))
        tlm_log_error(tlm_logger_block(tlm_kernel_logger(platform->kernel), "cs_lockstep"), "%s; in-order used", error);
    cosim_cs_lockstep *lockstep = cosim_cs_lockstep_create(platform->kernel, "cs_lockstep", &config);
    cosim_cs_twin *twin =
        cosim_cs_twin_create(platform->kernel, platform->clock, "rcs_rtl", cosim_cs_lockstep_dut_memory(lockstep));
    cosim_cs_twin_on_message(twin, cosim_cs_lockstep_dut_message, lockstep);
    cosim_cs_lockstep_dut dut = { .registers = cosim_cs_twin_registers(twin), .busy = cs_lockstep_twin_busy, .self = twin };
    cosim_cs_lockstep_set_dut(lockstep, &dut);
    instance->model = cosim_cs_lockstep_model(lockstep);
    instance->twin = twin;
    instance->lockstep = lockstep;
}

static void cs_lockstep_inject(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    if (!instance->lockstep) {
        cs_inject(instance, platform);
        return;
    }
    platform->gt_config->render_cs = cosim_cs_lockstep_target(instance->lockstep);
    platform->host_memory = cosim_cs_lockstep_host_memory(instance->lockstep);
}

static void cs_lockstep_attach(gtsim_twin_instance *instance, gtsim_twin_platform *platform)
{
    if (instance->lockstep)
        cosim_cs_lockstep_set_message_sink(instance->lockstep, gt_irq_sink(platform->gt));
    else
        cs_attach(instance, platform);
}

static void cs_lockstep_destroy(gtsim_twin_instance *instance)
{
    if (instance->lockstep) {
        cosim_cs_twin_destroy(instance->twin);
        cosim_cs_lockstep_destroy(instance->lockstep);
        return;
    }
    cs_destroy_instance(instance);
}

static bool cs_lockstep_busy(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_cs_lockstep_busy(instance->lockstep) : cs_busy(instance);
}

/* The streams are checked against the kernel's time (in-order's deadlines) whenever the run
 * asks for the count (after every statement). */
static uint64_t cs_mismatches(const gtsim_twin_instance *instance)
{
    if (!instance->lockstep)
        return 0;
    cosim_cs_lockstep_check(instance->lockstep);
    return cosim_cs_lockstep_mismatches(instance->lockstep);
}

static uint64_t cs_transactions(const gtsim_twin_instance *instance)
{
    return instance->lockstep ? cosim_cs_lockstep_compared(instance->lockstep) : 0;
}

static uint64_t cs_finish(gtsim_twin_instance *instance, FILE *out)
{
    uint64_t found = cosim_cs_lockstep_finish(instance->lockstep);
    if (out && cosim_cs_lockstep_mismatches(instance->lockstep)) {
        char report[4096];
        fprintf(out, "cs lockstep: %s", cosim_stream_compare_report(cosim_cs_lockstep_compare(instance->lockstep),
                                                                     report, sizeof report));
    }
    return found;
}

/* ---- the table -------------------------------------------------------------------------- */

#endif /* GTSIM_WITH_RTL: the twins' own functions */

static const char *const every_profile[] = { "gen12", "gen6", NULL };
#if GTSIM_WITH_RTL
/* The gen11+ interrupt tree (rtl/irq) and the GuC's doorbells (rtl/doorbell) are gen12's. */
static const char *const gen12_only[] = { "gen12", NULL };
#endif

static const gtsim_twin_descriptor product_twins[] = {
    {
        .name = "roundtrip",
        .description = "the bring-up round-trip register block",
        .profiles = every_profile,
        .mode_offset = offsetof(gtsim_system_config, roundtrip_mode),
        .create_model = roundtrip_model,
        .create_rtl = GTSIM_TWIN_RTL(roundtrip_rtl),
        .create_lockstep = GTSIM_TWIN_RTL(roundtrip_lockstep),
        .attach = roundtrip_attach,
        .destroy = roundtrip_destroy_instance,
        .assertion_failures = GTSIM_TWIN_RTL(roundtrip_assertion_failures),
        .mismatches = GTSIM_TWIN_RTL(roundtrip_mismatches),
        .transactions = GTSIM_TWIN_RTL(roundtrip_transactions),
    },
#if GTSIM_WITH_RTL
    {
        .name = "irq",
        .description = "the gen11+ interrupt aggregator",
        .profiles = gen12_only,
        .absent = "has no RTL twin of its interrupt aggregator (rtl/irq is gen11+)",
        .mode_offset = offsetof(gtsim_system_config, irq_mode),
        .create_rtl = irq_rtl,
        .create_lockstep = irq_lockstep,
        .inject = irq_inject,
        .destroy = irq_destroy_instance,
        .assertion_failures = irq_assertion_failures,
        .mismatches = irq_mismatches,
        .transactions = irq_transactions,
    },
    {
        .name = "doorbell",
        .description = "the GTI doorbell controller",
        .profiles = gen12_only,
        .absent = "has no doorbells, so no RTL twin of a doorbell controller (rtl/doorbell is gen12)",
        .mode_offset = offsetof(gtsim_system_config, doorbell_mode),
        .fronts_memory = true,
        .create_rtl = doorbell_rtl,
        .create_lockstep = doorbell_lockstep,
        .inject = doorbell_inject,
        .destroy = doorbell_destroy_instance,
        .assertion_failures = doorbell_assertion_failures,
        .mismatches = doorbell_mismatches,
        .transactions = doorbell_transactions,
    },
    {
        .name = "cs",
        .description = "the render engine's ring-buffer command streamer (a subset: docs/design/cosim.md)",
        .profiles = gen12_only,
        .absent = "has no RTL twin of its command streamer (rtl/cs is the gen12 render engine)",
        .mode_offset = offsetof(gtsim_system_config, cs_mode),
        .by_name_only = true,
        .fronts_memory = true, /* lockstep: the host's writes reach the model's memory image too */
        .create_rtl = cs_rtl,
        .create_lockstep = cs_lockstep,
        .inject = cs_lockstep_inject,
        .attach = cs_lockstep_attach,
        .destroy = cs_lockstep_destroy,
        .assertion_failures = cs_assertion_failures,
        .mismatches = cs_mismatches,
        .transactions = cs_transactions,
        .busy = cs_lockstep_busy,
        .finish = cs_finish,
    },
#endif
};

#define PRODUCT_COUNT (sizeof product_twins / sizeof product_twins[0])
_Static_assert(PRODUCT_COUNT <= GTSIM_TWIN_MAX, "the registry holds the product's twins");

/* Descriptors tests appended, after the product's (gtsim_twin_registry_add). */
static const gtsim_twin_descriptor *added_twins[GTSIM_TWIN_MAX - PRODUCT_COUNT];
static size_t added_count;

size_t gtsim_twin_count(void)
{
    return PRODUCT_COUNT + added_count;
}

const gtsim_twin_descriptor *gtsim_twin_at(size_t index)
{
    if (index < PRODUCT_COUNT)
        return &product_twins[index];
    return index < gtsim_twin_count() ? added_twins[index - PRODUCT_COUNT] : NULL;
}

const gtsim_twin_descriptor *gtsim_twin_find(const char *name, size_t length, size_t *index)
{
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_descriptor *descriptor = gtsim_twin_at(i);
        if (strlen(descriptor->name) == length && strncmp(descriptor->name, name, length) == 0) {
            if (index)
                *index = i;
            return descriptor;
        }
    }
    return NULL;
}

bool gtsim_twin_registry_add(const gtsim_twin_descriptor *descriptor)
{
    if (!descriptor || !descriptor->name || !descriptor->name[0] || !descriptor->create_rtl ||
        !descriptor->create_lockstep || !descriptor->destroy || !descriptor->profiles)
        return false;
    if (gtsim_twin_find(descriptor->name, strlen(descriptor->name), NULL) ||
        added_count == sizeof added_twins / sizeof added_twins[0])
        return false;
    added_twins[added_count++] = descriptor;
    return true;
}

bool gtsim_twin_in_profile(const gtsim_twin_descriptor *descriptor, const char *profile)
{
    const gt_profile *found = gt_profile_find(profile);
    if (!found)
        return false;
    for (const char *const *name = descriptor->profiles; *name; name++)
        if (strcmp(*name, found->name) == 0)
            return true;
    return false;
}

gtsim_block_mode *gtsim_twin_mode_slot(const gtsim_twin_descriptor *descriptor, gtsim_system_config *config)
{
    return (gtsim_block_mode *)((char *)config + descriptor->mode_offset);
}

gtsim_block_mode gtsim_twin_mode(const gtsim_twin_descriptor *descriptor, const gtsim_system_config *config)
{
    return *(const gtsim_block_mode *)((const char *)config + descriptor->mode_offset);
}

const char *gtsim_twin_names(char *buffer, size_t size)
{
    size_t used = 0;
    if (size)
        buffer[0] = '\0';
    for (size_t i = 0; i < gtsim_twin_count() && used < size; i++) {
        int written = snprintf(buffer + used, size - used, "%s%s", i ? ", " : "", gtsim_twin_at(i)->name);
        if (written < 0)
            break;
        used += (size_t)written;
    }
    return buffer;
}

void gtsim_twin_print_list(FILE *out, unsigned indent)
{
    size_t width = 0;
    for (size_t i = 0; i < gtsim_twin_count(); i++)
        if (strlen(gtsim_twin_at(i)->name) > width)
            width = strlen(gtsim_twin_at(i)->name);
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_descriptor *descriptor = gtsim_twin_at(i);
        fprintf(out, "%*s%-*s  %s (", (int)indent, "", (int)width, descriptor->name, descriptor->description);
        for (const char *const *name = descriptor->profiles; *name; name++)
            fprintf(out, "%s%s", name == descriptor->profiles ? "" : ", ", *name);
        fputs(")\n", out);
    }
}
