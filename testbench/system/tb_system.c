#include "tb_system.h"

#include <stdlib.h>
#include <string.h>

#include "doorbell.h"
#include "gt.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "roundtrip.h"
#include "roundtrip_regs.h"
#include "tb_doorbell_lockstep.h"
#include "tb_doorbell_twin.h"
#include "tb_irq_lockstep.h"
#include "tb_irq_twin.h"
#include "tb_lockstep.h"
#include "tb_roundtrip_twin.h"
#include "tlm_alloc.h"

/* The bring-up system's GT clock. Not a profile fact (the GT's profile has its own clock,
 * docs/reference/gt.md "Clocks"): 1 GHz keeps bring-up logs and every test's times in whole nanoseconds,
 * so the system passes it to the GT (choice, docs/reference/gt.md). */
#define BRINGUP_CLOCK_PERIOD (1 * TLM_NS)

struct tb_system {
    tlm_kernel *kernel;          /* time base and logger */
    tlm_clock clock;             /* GT clock, also the RTL clock */
    gt *gt;                      /* the GT of the profile (models/gt/gt.h): its router is the MMIO BAR */
    tlm_memory *memory;          /* graphics memory */
    tlm_trace_port memory_port;  /* traces the host's graphics memory accesses (when tracing) */
    const tlm_target *memory_target; /* what the host uses: the memory, or the port in front of it */
    tlm_signal host_irq;         /* interrupt line to the host */
    roundtrip *model;            /* round-trip C model (model and lockstep modes) */
    tb_roundtrip_twin *twin;     /* round-trip RTL twin (RTL and lockstep modes) */
    tb_lockstep *lockstep;       /* compare of the two (lockstep mode) */
    tb_block_mode mode;          /* how the round-trip block is simulated */
    irq_gen11 *irq_gen11;        /* gen11+ aggregator model the system built for lockstep (else the GT's) */
    tb_irq_twin *irq_twin;       /* its RTL twin (irq modes rtl and lockstep) */
    tb_irq_lockstep *irq_lockstep; /* compare of the two (irq mode lockstep) */
    doorbell *doorbell;          /* doorbell controller model the system built for lockstep (else the GT's) */
    tb_doorbell_twin *doorbell_twin; /* its RTL twin (doorbell modes rtl and lockstep) */
    tb_doorbell_lockstep *doorbell_lockstep; /* compare of the two (doorbell mode lockstep) */
    doorbell_block doorbell_block; /* what the GT uses instead of its model (doorbell modes rtl and lockstep) */
    tlm_signal *block_irq;       /* the round-trip block's interrupt output */
    tlm_signal *aggregator_irq;  /* the aggregator's host line */
};

/* The host line is the OR of the interrupt aggregator's host line and the round-trip block's
 * interrupt output (tb_system.h). */
static void update_host_irq(tb_system *system)
{
    tlm_signal_set(&system->host_irq, tlm_signal_get(system->block_irq) | tlm_signal_get(system->aggregator_irq));
}

/* The doorbell replacement's operations (doorbell.h doorbell_block) over the twin or the lockstep. */
static doorbell_install_result twin_install(void *self, unsigned bell, uint64_t line)
{
    return tb_doorbell_twin_install(self, bell, line);
}

static void twin_set_guc_port(void *self, const doorbell_guc_port *port)
{
    tb_doorbell_twin_set_guc_port(self, port);
}

static doorbell_install_result lockstep_install(void *self, unsigned bell, uint64_t line)
{
    return tb_doorbell_lockstep_install(self, bell, line);
}

static void lockstep_set_guc_port(void *self, const doorbell_guc_port *port)
{
    tb_doorbell_lockstep_set_guc_port(self, port);
}

static void follow_irq(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    (void)signal;
    (void)old_value;
    (void)new_value;
    update_host_irq(context);
}

tb_system *tb_system_create(const tb_system_config *config, char *error, size_t error_size)
{
    const gt_profile *profile = gt_profile_find(config->profile);
    if (!profile) {
        snprintf(error, error_size, "unknown profile '%s' (known: %s)", config->profile, gt_profile_names());
        return NULL;
    }
    if (config->roundtrip_mode != TB_MODE_MODEL && config->roundtrip_mode != TB_MODE_RTL &&
        config->roundtrip_mode != TB_MODE_LOCKSTEP) {
        snprintf(error, error_size, "unknown block mode %d", (int)config->roundtrip_mode);
        return NULL;
    }
    if (config->irq_mode != TB_MODE_MODEL && config->irq_mode != TB_MODE_RTL && config->irq_mode != TB_MODE_LOCKSTEP) {
        snprintf(error, error_size, "unknown block mode %d", (int)config->irq_mode);
        return NULL;
    }
    if (config->irq_mode != TB_MODE_MODEL && !tb_system_profile_has_irq_twin(profile->name)) {
        snprintf(error, error_size, "profile %s has no RTL twin of its interrupt aggregator (rtl/irq is gen11+)",
                 profile->name);
        return NULL;
    }
    if (config->doorbell_mode != TB_MODE_MODEL && config->doorbell_mode != TB_MODE_RTL &&
        config->doorbell_mode != TB_MODE_LOCKSTEP) {
        snprintf(error, error_size, "unknown block mode %d", (int)config->doorbell_mode);
        return NULL;
    }
    if (config->doorbell_mode != TB_MODE_MODEL && !tb_system_profile_has_doorbell_twin(profile->name)) {
        snprintf(error, error_size, "profile %s has no doorbells, so no RTL twin of a doorbell controller (rtl/doorbell is gen12)",
                 profile->name);
        return NULL;
    }
    tb_system *system = tlm_alloc_zeroed(1, sizeof *system);
    system->mode = config->roundtrip_mode;
    system->kernel = tlm_kernel_create();
    if (config->log_sink)
        tlm_logger_set_sink(tlm_kernel_logger(system->kernel), config->log_sink);
    /* Before any block: blocks declare their trace rows as they are built. */
    if (config->tracer)
        tlm_kernel_set_tracer(system->kernel, config->tracer);
    tlm_clock_init(&system->clock, system->kernel, "gt_clock", BRINGUP_CLOCK_PERIOD, BRINGUP_CLOCK_PERIOD);
    system->memory = tlm_memory_create(system->kernel, "gfx_memory", 0);
    /* doorbell mode (docs/design/cosim.md "In the system"): in model mode the GT builds its controller
     * model; otherwise the system builds the RTL twin (and, in lockstep, the model and the
     * compare: the run follows the twin, the model shadows it) and injects it (gt_config.doorbell).
     * Both sides watch their lines in the same memory; in lockstep the host's memory accesses go
     * through the compare, which checks both sides' messages after each of them. */
    const tlm_target *host_memory = tlm_memory_target(system->memory);
    if (config->doorbell_mode != TB_MODE_MODEL) {
        system->doorbell_twin = tb_doorbell_twin_create(system->kernel, &system->clock, "doorbell_rtl", system->memory);
        system->doorbell_block = (doorbell_block){ .target = tb_doorbell_twin_target(system->doorbell_twin),
                                                   .install = twin_install, .set_guc_port = twin_set_guc_port,
                                                   .self = system->doorbell_twin };
    }
    if (config->doorbell_mode == TB_MODE_LOCKSTEP) {
        system->doorbell = doorbell_create(system->kernel, "doorbell", system->memory);
        system->doorbell_lockstep = tb_doorbell_lockstep_create(system->kernel, "doorbell_lockstep", system->doorbell,
                                                                system->doorbell_twin, system->memory);
        system->doorbell_block = (doorbell_block){ .target = tb_doorbell_lockstep_target(system->doorbell_lockstep),
                                                   .install = lockstep_install, .set_guc_port = lockstep_set_guc_port,
                                                   .self = system->doorbell_lockstep };
        host_memory = tb_doorbell_lockstep_memory(system->doorbell_lockstep);
    }
    /* The memory has no router in front of it: a port traces the host's accesses (its view
     * group starts closed: the registers are what a bring-up run is about). */
    system->memory_target = tlm_trace_port_init(&system->memory_port, system->kernel, "gfx_memory",
                                                host_memory, 48, 8, true);
    tlm_signal_init(&system->host_irq, "host_irq", 1, 0);
    tlm_signal_trace(&system->host_irq, system->kernel, "system");
    tlm_trace_view(system->kernel, "system", TLM_TRACE_RANK_HOST, false);

    const tlm_target *block_target = NULL;
    tlm_signal *block_irq = NULL;
    if (system->mode != TB_MODE_RTL) {
        system->model = roundtrip_create(system->kernel, "roundtrip");
        block_target = roundtrip_target(system->model);
        block_irq = roundtrip_irq(system->model);
    }
    if (system->mode != TB_MODE_MODEL) {
        system->twin = tb_roundtrip_twin_create(system->kernel, &system->clock, "roundtrip_rtl");
        block_target = tb_roundtrip_twin_target(system->twin);
        block_irq = tb_roundtrip_twin_irq(system->twin);
    }
    if (system->mode == TB_MODE_LOCKSTEP) {
        system->lockstep = tb_lockstep_create(system->kernel, "lockstep", roundtrip_target(system->model),
                                              tb_roundtrip_twin_target(system->twin));
        tb_lockstep_compare_signal(system->lockstep, "irq", roundtrip_irq(system->model),
                                   tb_roundtrip_twin_irq(system->twin));
        block_target = tb_lockstep_target(system->lockstep);
    }

    /* irq mode (docs/design/cosim.md): in model mode the GT builds its aggregator model; otherwise
     * the system builds the RTL twin (and, in lockstep, the model and the compare, where the
     * run follows the twin and the model shadows it) and injects its ports into the GT. */
    gt_irq_block replacement = { 0 };
    if (config->irq_mode != TB_MODE_MODEL) {
        system->irq_twin = tb_irq_twin_create(system->kernel, &system->clock, "irq_rtl");
        replacement.sink = tb_irq_twin_sink(system->irq_twin);
        replacement.host_irq = tb_irq_twin_host_irq(system->irq_twin);
        replacement.host_target = tb_irq_twin_target(system->irq_twin, IRQ_GEN11_HOST);
        replacement.guc_target = tb_irq_twin_target(system->irq_twin, IRQ_GEN11_GUC);
        for (unsigned v = 0; v < 2; v++)
            replacement.guc_vector[v] = tb_irq_twin_guc_vector(system->irq_twin, v);
    }
    if (config->irq_mode == TB_MODE_LOCKSTEP) {
        system->irq_gen11 = irq_gen11_create(system->kernel, "irq");
        system->irq_lockstep =
            tb_irq_lockstep_create(system->kernel, "irq_lockstep", system->irq_gen11, system->irq_twin);
        replacement.sink = tb_irq_lockstep_sink(system->irq_lockstep);
        replacement.host_target = tb_irq_lockstep_target(system->irq_lockstep, IRQ_GEN11_HOST);
        replacement.guc_target = tb_irq_lockstep_target(system->irq_lockstep, IRQ_GEN11_GUC);
    }
    gt_config gt = {
        .profile = profile,
        .memory = system->memory,
        .clock_period = BRINGUP_CLOCK_PERIOD,
        .irq = config->irq_mode != TB_MODE_MODEL ? &replacement : NULL,
        .doorbell = config->doorbell_mode != TB_MODE_MODEL ? &system->doorbell_block : NULL,
        .strict_mmio = config->strict_mmio,
    };
    system->gt = gt_create(system->kernel, &gt, error, error_size);
    if (!system->gt) {
        tb_system_destroy(system);
        return NULL;
    }
    /* The bring-up block shares the GT's BAR beyond its register space (tb_system.h). */
    gt_mmio_map(system->gt, TB_SYSTEM_ROUNDTRIP_BASE, ROUNDTRIP_BLOCK_SIZE, block_target);

    /* In lockstep the round-trip part of the host line follows the RTL: the run is the RTL's,
     * the model shadows it. */
    system->block_irq = block_irq;
    system->aggregator_irq = gt_host_irq(system->gt);
    /* The aggregator's line, unless its model traces it already. */
    tlm_signal_trace(system->aggregator_irq, system->kernel, "irq");
    tlm_signal_listen(block_irq, follow_irq, system);
    tlm_signal_listen(system->aggregator_irq, follow_irq, system);
    update_host_irq(system);
    return system;
}

void tb_system_destroy(tb_system *system)
{
    if (!system)
        return;
    gt_destroy(system->gt);
    tb_lockstep_destroy(system->lockstep);
    tb_irq_lockstep_destroy(system->irq_lockstep);
    tb_irq_twin_destroy(system->irq_twin);
    tb_doorbell_lockstep_destroy(system->doorbell_lockstep);
    tb_doorbell_twin_destroy(system->doorbell_twin);
    doorbell_destroy(system->doorbell);
    tb_roundtrip_twin_destroy(system->twin);
    roundtrip_destroy(system->model);
    irq_gen11_destroy(system->irq_gen11);
    tlm_memory_destroy(system->memory);
    tlm_signal_destroy(&system->host_irq);
    tlm_clock_destroy(&system->clock);
    tlm_kernel_destroy(system->kernel);
    free(system);
}

tlm_kernel *tb_system_kernel(tb_system *system)
{
    return system->kernel;
}

const tlm_target *tb_system_mmio(tb_system *system)
{
    return gt_mmio(system->gt);
}

const tlm_target *tb_system_memory(tb_system *system)
{
    return system->memory_target;
}

tlm_memory_stats tb_system_memory_stats(const tb_system *system)
{
    return tlm_memory_get_stats(system->memory);
}

const tlm_signal *tb_system_host_irq(const tb_system *system)
{
    return &system->host_irq;
}

tlm_time tb_system_clock_period(const tb_system *system)
{
    return system->clock.period;
}

bool tb_system_idle(const tb_system *system)
{
    /* A busy engine has its next step pending: a foreground event. */
    return tlm_kernel_pending_foreground(system->kernel) == 0;
}

bool tb_system_irq_raise(tb_system *system, unsigned engine_class, unsigned instance, unsigned data, char *error,
                         size_t error_size)
{
    /* Range-check against the profile's engine table: an unknown engine is a usage error of the
     * caller (a scenario asking for hardware that is not there), not a message to drop. */
    bool gen12 = gt_get_profile(system->gt)->gen11_irq;
    const char *name =
        gen12 ? irq_gen11_engine_name(engine_class, instance) : irq_gen6_engine_name(engine_class, instance);
    if (!name) {
        snprintf(error, error_size, "no engine with class %u instance %u in profile %s (engines: %s)", engine_class,
                 instance, gen12 ? "gen12" : "gen6",
                 gen12 ? "render 0 0, video decode 1 0-7, video enhancement 2 0-3, copy 3 0, other 4 0-6, compute 5 0-3"
                       : "render 0 0, video decode 1 0, copy 3 0");
        return false;
    }
    if (data > 0xFFFFu) {
        snprintf(error, error_size, "interrupt data 0x%x does not fit 16 bits", data);
        return false;
    }
    irq_message message = {
        .engine_class = (uint8_t)engine_class,
        .instance = (uint8_t)instance,
        .data = (uint16_t)data,
    };
    irq_message_send(gt_irq_sink(system->gt), &message);
    return true;
}

uint64_t tb_system_mismatches(const tb_system *system)
{
    return (system->lockstep ? tb_lockstep_mismatches(system->lockstep) : 0) +
           (system->irq_lockstep ? tb_irq_lockstep_mismatches(system->irq_lockstep) : 0) +
           (system->doorbell_lockstep ? tb_doorbell_lockstep_mismatches(system->doorbell_lockstep) : 0);
}

uint64_t tb_system_rtl_assertion_failures(const tb_system *system)
{
    return (system->twin ? tb_roundtrip_twin_assertion_failures(system->twin) : 0) +
           (system->irq_twin ? tb_irq_twin_assertion_failures(system->irq_twin) : 0) +
           (system->doorbell_twin ? tb_doorbell_twin_assertion_failures(system->doorbell_twin) : 0);
}

bool tb_system_profile_has_irq_twin(const char *profile)
{
    return profile == NULL || strcmp(profile, "gen12") == 0;
}

const tlm_target *tb_system_irq_guc_mmio(tb_system *system)
{
    return gt_irq_guc_target(system->gt);
}

const tlm_signal *tb_system_irq_guc_vector(const tb_system *system, unsigned vector)
{
    return gt_irq_guc_vector(system->gt, vector);
}

struct tb_irq_lockstep *tb_system_irq_lockstep(tb_system *system)
{
    return system->irq_lockstep;
}

struct eu_array *tb_system_eu(tb_system *system)
{
    return gt_eu(system->gt);
}

struct cs_engine_model *tb_system_engine(tb_system *system, unsigned engine)
{
    return gt_engine(system->gt, engine);
}

struct doorbell *tb_system_doorbell(tb_system *system)
{
    return system->doorbell ? system->doorbell : gt_doorbell(system->gt);
}

bool tb_system_profile_has_doorbell_twin(const char *profile)
{
    const gt_profile *found = gt_profile_find(profile);
    return found != NULL && found->has_guc;
}

struct tb_doorbell_twin *tb_system_doorbell_twin(tb_system *system)
{
    return system->doorbell_twin;
}

struct tb_doorbell_lockstep *tb_system_doorbell_lockstep(tb_system *system)
{
    return system->doorbell_lockstep;
}

struct guc *tb_system_guc(tb_system *system)
{
    return gt_guc(system->gt);
}

struct guc_scheduler *tb_system_guc_scheduler(tb_system *system)
{
    return gt_guc_scheduler(system->gt);
}

const tlm_target *tb_system_guc_mmio(tb_system *system)
{
    return gt_guc_mmio(system->gt);
}

struct tb_lockstep *tb_system_lockstep(tb_system *system)
{
    return system->lockstep;
}

const char *tb_block_mode_name(tb_block_mode mode)
{
    switch (mode) {
    case TB_MODE_MODEL: return "model";
    case TB_MODE_RTL: return "rtl";
    case TB_MODE_LOCKSTEP: return "lockstep";
    }
    return "invalid-mode";
}

struct irq_gen11 *tb_system_irq_gen11(tb_system *system)
{
    return system->irq_gen11 ? system->irq_gen11 : gt_irq_gen11(system->gt);
}

struct irq_gen6 *tb_system_irq_gen6(tb_system *system)
{
    return gt_irq_gen6(system->gt);
}

struct gt *tb_system_gt(tb_system *system)
{
    return system->gt;
}
