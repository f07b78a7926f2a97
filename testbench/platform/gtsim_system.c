#include "gtsim_system.h"

#include <stdlib.h>
#include <string.h>

#include "doorbell.h"
#include "gt.h"
#include "irq_gen11.h"
#include "irq_gen6.h"
#include "gtsim_twin_registry.h"
#include "tlm_alloc.h"

/* The bring-up system's GT clock. Not a profile fact (the GT's profile has its own clock,
 * docs/reference/gt.md "Clocks"): 1 GHz keeps bring-up logs and every test's times in whole nanoseconds,
 * so the system passes it to the GT (choice, docs/reference/gt.md). */
#define BRINGUP_CLOCK_PERIOD (1 * TLM_NS)

struct gtsim_system {
    tlm_kernel *kernel;          /* time base and logger */
    tlm_clock clock;             /* GT clock, also the RTL clock */
    gt *gt;                      /* the GT of the profile (models/gt/gt.h): its router is the MMIO BAR */
    tlm_memory *memory;          /* graphics memory (NULL when the config gives a memory_target) */
    tlm_target host_front;       /* with a memory_target: the host's path, forwarded to gt_memory_front once the GT exists */
    tlm_trace_port memory_port;  /* traces the host's graphics memory accesses (when tracing) */
    const tlm_target *memory_target; /* what the host uses: the memory, or the port in front of it */
    tlm_signal host_irq;         /* interrupt line to the host */
    gtsim_twin_instance twins[GTSIM_TWIN_MAX]; /* each registered twin as built, by registry index (descriptor NULL: none) */
    tlm_signal *block_irqs[GTSIM_TWIN_HOST_IRQ_MAX]; /* interrupt outputs of blocks outside the GT (the round-trip block's) */
    size_t block_irq_count;      /* entries used in block_irqs */
    tlm_signal *aggregator_irq;  /* the aggregator's host line */
};

/* The host line is the OR of the interrupt aggregator's host line and the interrupt outputs of
 * the blocks outside the GT (gtsim_system.h). */
static void update_host_irq(gtsim_system *system)
{
    uint64_t level = tlm_signal_get(system->aggregator_irq);
    for (size_t i = 0; i < system->block_irq_count; i++)
        level |= tlm_signal_get(system->block_irqs[i]);
    tlm_signal_set(&system->host_irq, level);
}

static void follow_irq(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    (void)signal;
    (void)old_value;
    (void)new_value;
    update_host_irq(context);
}

/* With a memory_target the host's writes go through the GT's memory front (so the doorbells see
 * them), which exists only once the GT does: the host's path is bound to it late. */
static void host_front_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    gtsim_system *system = self;
    tlm_b_transport(gt_memory_front(system->gt), payload, delay);
}

static uint32_t host_front_dbg(void *self, tlm_payload *payload)
{
    gtsim_system *system = self;
    return tlm_transport_dbg(gt_memory_front(system->gt), payload);
}

/* Checks every registered twin's mode against the profile, in registry order. */
static bool check_twin_modes(const gtsim_system_config *config, const gt_profile *profile, char *error,
                             size_t error_size)
{
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_descriptor *descriptor = gtsim_twin_at(i);
        gtsim_block_mode mode = gtsim_twin_mode(descriptor, config);
        if (mode != GTSIM_MODE_MODEL && mode != GTSIM_MODE_RTL && mode != GTSIM_MODE_LOCKSTEP) {
            snprintf(error, error_size, "unknown block mode %d", (int)mode);
            return false;
        }
        if ((mode == GTSIM_MODE_RTL && !descriptor->create_rtl) ||
            (mode == GTSIM_MODE_LOCKSTEP && !descriptor->create_lockstep)) {
            snprintf(error, error_size, "%s: built without RTL (GTSIM_WITH_RTL=OFF): every block runs its model",
                     descriptor->name);
            return false;
        }
        if (mode != GTSIM_MODE_MODEL && !gtsim_twin_in_profile(descriptor, profile->name)) {
            snprintf(error, error_size, "profile %s %s", profile->name,
                     descriptor->absent ? descriptor->absent : "has no RTL twin of this block");
            return false;
        }
        if (mode != GTSIM_MODE_MODEL && descriptor->fronts_memory && config->memory_target) {
            snprintf(error, error_size, "%s: a twin in the memory path needs the sparse graphics memory, not a memory_target",
                     descriptor->name);
            return false;
        }
    }
    return true;
}

/* Builds and injects the twins whose descriptors' fronts_memory is `fronts_memory`, in registry
 * order (docs/design/cosim.md "The twin registry"): in model mode a block the GT models has nothing to
 * build; otherwise the descriptor builds the model, the twin or both and their compare, and puts
 * them into the GT's configuration or the host's memory path. */
static void build_twins(gtsim_system *system, const gtsim_system_config *config, gtsim_twin_platform *platform,
                        bool fronts_memory)
{
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_descriptor *descriptor = gtsim_twin_at(i);
        if (descriptor->fronts_memory != fronts_memory)
            continue;
        gtsim_block_mode mode = gtsim_twin_mode(descriptor, config);
        void (*create)(gtsim_twin_instance *, gtsim_twin_platform *) =
            mode == GTSIM_MODE_RTL ? descriptor->create_rtl
            : mode == GTSIM_MODE_LOCKSTEP ? descriptor->create_lockstep
                                       : descriptor->create_model;
        if (!create)
            continue;
        gtsim_twin_instance *instance = &system->twins[i];
        *instance = (gtsim_twin_instance){ .descriptor = descriptor, .mode = mode };
        create(instance, platform);
        if (descriptor->inject)
            descriptor->inject(instance, platform);
    }
}

gtsim_system *gtsim_system_create(const gtsim_system_config *config, char *error, size_t error_size)
{
    const gt_profile *profile = gt_profile_find(config->profile);
    if (!profile) {
        snprintf(error, error_size, "unknown profile '%s' (known: %s)", config->profile, gt_profile_names());
        return NULL;
    }
    if (!check_twin_modes(config, profile, error, error_size))
        return NULL;
    gtsim_system *system = tlm_alloc_zeroed(1, sizeof *system);
    system->kernel = tlm_kernel_create();
    if (config->log_sink)
        tlm_logger_set_sink(tlm_kernel_logger(system->kernel), config->log_sink);
    /* Before any block: blocks declare their trace rows as they are built. */
    if (config->tracer)
        tlm_kernel_set_tracer(system->kernel, config->tracer);
    tlm_clock_init(&system->clock, system->kernel, "gt_clock", BRINGUP_CLOCK_PERIOD, BRINGUP_CLOCK_PERIOD);
    if (!config->memory_target)
        system->memory = tlm_memory_create(system->kernel, "gfx_memory", 0);
    system->host_front = (tlm_target){ .name = "gfx_memory", .self = system, .b_transport = host_front_b_transport,
                                       .transport_dbg = host_front_dbg };
    gt_config gt = { 0 };
    gtsim_twin_platform platform = {
        .kernel = system->kernel,
        .clock = &system->clock,
        .memory = system->memory,
        .profile = profile,
        .gt_config = &gt,
        .host_memory = system->memory ? tlm_memory_target(system->memory) : &system->host_front,
        .lockstep_order = config->lockstep_order,
    };
    /* A twin that compares memory side effects (the doorbell controller in lockstep) stands in
     * the host's memory path, so it exists before that path is built. */
    build_twins(system, config, &platform, true);
    /* The memory has no router in front of it: a port traces the host's accesses (its view
     * group starts closed: the registers are what a bring-up run is about). */
    system->memory_target = tlm_trace_port_init(&system->memory_port, system->kernel, "gfx_memory",
                                                platform.host_memory, 48, 8, true);
    tlm_signal_init(&system->host_irq, "host_irq", 1, 0);
    tlm_signal_trace(&system->host_irq, system->kernel, "system");
    tlm_trace_view(system->kernel, "system", TLM_TRACE_RANK_HOST, false);

    build_twins(system, config, &platform, false);
    gt.profile = profile;
    gt.memory = system->memory;
    gt.memory_target = system->memory ? NULL : config->memory_target;
    gt.clock_period = BRINGUP_CLOCK_PERIOD;
    gt.strict_mmio = config->strict_mmio;
    system->gt = gt_create(system->kernel, &gt, error, error_size);
    if (!system->gt) {
        gtsim_system_destroy(system);
        return NULL;
    }
    platform.gt = system->gt;
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor && instance->descriptor->attach)
            instance->descriptor->attach(instance, &platform);
    }

    /* In lockstep a block's part of the host line follows the RTL: the run is the RTL's, the
     * model shadows it. */
    for (size_t i = 0; i < platform.host_irq_input_count; i++)
        system->block_irqs[system->block_irq_count++] = platform.host_irq_inputs[i];
    system->aggregator_irq = gt_host_irq(system->gt);
    /* The aggregator's line, unless its model traces it already. */
    tlm_signal_trace(system->aggregator_irq, system->kernel, "irq");
    for (size_t i = 0; i < system->block_irq_count; i++)
        tlm_signal_listen(system->block_irqs[i], follow_irq, system);
    tlm_signal_listen(system->aggregator_irq, follow_irq, system);
    update_host_irq(system);
    return system;
}

void gtsim_system_destroy(gtsim_system *system)
{
    if (!system)
        return;
    gt_destroy(system->gt);
    for (size_t i = GTSIM_TWIN_MAX; i-- > 0;) {
        gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor)
            instance->descriptor->destroy(instance);
    }
    tlm_memory_destroy(system->memory);
    tlm_signal_destroy(&system->host_irq);
    tlm_clock_destroy(&system->clock);
    tlm_kernel_destroy(system->kernel);
    free(system);
}

/* The instance of the twin named `name`, or NULL when this run built none. */
static gtsim_twin_instance *find_twin(const gtsim_system *system, const char *name)
{
    size_t index;
    if (!gtsim_twin_find(name, strlen(name), &index) || index >= GTSIM_TWIN_MAX)
        return NULL;
    gtsim_twin_instance *instance = (gtsim_twin_instance *)&system->twins[index];
    return instance->descriptor ? instance : NULL;
}

struct gtsim_twin_instance *gtsim_system_twin(gtsim_system *system, const char *name)
{
    return find_twin(system, name);
}

tlm_kernel *gtsim_system_kernel(gtsim_system *system)
{
    return system->kernel;
}

const tlm_target *gtsim_system_mmio(gtsim_system *system)
{
    return gt_mmio(system->gt);
}

const tlm_target *gtsim_system_memory(gtsim_system *system)
{
    return system->memory_target;
}

tlm_memory_stats gtsim_system_memory_stats(const gtsim_system *system)
{
    if (!system->memory) {
        tlm_memory_stats none;
        memset(&none, 0, sizeof none);
        return none; /* the memory_target keeps its own counters */
    }
    return tlm_memory_get_stats(system->memory);
}

const tlm_signal *gtsim_system_host_irq(const gtsim_system *system)
{
    return &system->host_irq;
}

tlm_time gtsim_system_clock_period(const gtsim_system *system)
{
    return system->clock.period;
}

bool gtsim_system_idle(const gtsim_system *system)
{
    /* A busy engine has its next step pending: a foreground event. */
    if (tlm_kernel_pending_foreground(system->kernel) != 0)
        return false;
    /* A twin that runs on clock edges says itself whether it has work (descriptor busy). */
    for (size_t i = 0; i < gtsim_twin_count(); i++) {
        const gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor && instance->descriptor->busy && instance->descriptor->busy(instance))
            return false;
    }
    return true;
}

bool gtsim_system_irq_raise(gtsim_system *system, unsigned engine_class, unsigned instance, unsigned data, char *error,
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

uint64_t gtsim_system_mismatches(const gtsim_system *system)
{
    uint64_t total = 0;
    for (size_t i = 0; i < GTSIM_TWIN_MAX; i++) {
        const gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor && instance->descriptor->mismatches)
            total += instance->descriptor->mismatches(instance);
    }
    return total;
}

uint64_t gtsim_system_lockstep_finish(gtsim_system *system, FILE *out)
{
    uint64_t found = 0;
    for (size_t i = 0; i < GTSIM_TWIN_MAX; i++) {
        gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor && instance->descriptor->finish && instance->lockstep)
            found += instance->descriptor->finish(instance, out);
    }
    return found;
}

uint64_t gtsim_system_rtl_assertion_failures(const gtsim_system *system)
{
    uint64_t total = 0;
    for (size_t i = 0; i < GTSIM_TWIN_MAX; i++) {
        const gtsim_twin_instance *instance = &system->twins[i];
        if (instance->descriptor && instance->descriptor->assertion_failures)
            total += instance->descriptor->assertion_failures(instance);
    }
    return total;
}

bool gtsim_system_profile_has_irq_twin(const char *profile)
{
    return gtsim_twin_in_profile(gtsim_twin_find("irq", strlen("irq"), NULL), profile);
}

const tlm_target *gtsim_system_irq_guc_mmio(gtsim_system *system)
{
    return gt_irq_guc_target(system->gt);
}

const tlm_signal *gtsim_system_irq_guc_vector(const gtsim_system *system, unsigned vector)
{
    return gt_irq_guc_vector(system->gt, vector);
}

struct cosim_irq_lockstep *gtsim_system_irq_lockstep(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "irq");
    return instance ? instance->lockstep : NULL;
}

struct eu_array *gtsim_system_eu(gtsim_system *system)
{
    return gt_eu(system->gt);
}

struct cs_engine_model *gtsim_system_engine(gtsim_system *system, unsigned engine)
{
    return gt_engine(system->gt, engine);
}

struct doorbell *gtsim_system_doorbell(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "doorbell");
    return instance && instance->model ? instance->model : gt_doorbell(system->gt);
}

bool gtsim_system_profile_has_doorbell_twin(const char *profile)
{
    return gtsim_twin_in_profile(gtsim_twin_find("doorbell", strlen("doorbell"), NULL), profile);
}

struct cosim_doorbell_twin *gtsim_system_doorbell_twin(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "doorbell");
    return instance ? instance->twin : NULL;
}

struct cosim_doorbell_lockstep *gtsim_system_doorbell_lockstep(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "doorbell");
    return instance ? instance->lockstep : NULL;
}

struct guc *gtsim_system_guc(gtsim_system *system)
{
    return gt_guc(system->gt);
}

struct guc_scheduler *gtsim_system_guc_scheduler(gtsim_system *system)
{
    return gt_guc_scheduler(system->gt);
}

const tlm_target *gtsim_system_guc_mmio(gtsim_system *system)
{
    return gt_guc_mmio(system->gt);
}

struct cosim_lockstep *gtsim_system_lockstep(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "roundtrip");
    return instance ? instance->lockstep : NULL;
}

const char *gtsim_block_mode_name(gtsim_block_mode mode)
{
    switch (mode) {
    case GTSIM_MODE_MODEL: return "model";
    case GTSIM_MODE_RTL: return "rtl";
    case GTSIM_MODE_LOCKSTEP: return "lockstep";
    }
    return "invalid-mode";
}

struct irq_gen11 *gtsim_system_irq_gen11(gtsim_system *system)
{
    gtsim_twin_instance *instance = find_twin(system, "irq");
    return instance && instance->model ? instance->model : gt_irq_gen11(system->gt);
}

struct irq_gen6 *gtsim_system_irq_gen6(gtsim_system *system)
{
    return gt_irq_gen6(system->gt);
}

struct gt *gtsim_system_gt(gtsim_system *system)
{
    return system->gt;
}
