#include "tb_system.h"

#include <stdlib.h>
#include <string.h>

#include "roundtrip.h"
#include "roundtrip_regs.h"
#include "tb_lockstep.h"
#include "tb_roundtrip_twin.h"
#include "tlm_alloc.h"

/* The bring-up system's GT clock. Not a profile fact: the GT profiles set their own clock
 * when the GT is assembled; 1 GHz keeps bring-up logs in whole nanoseconds. */
#define BRINGUP_CLOCK_PERIOD (1 * TLM_NS)

struct tb_system {
    tlm_kernel *kernel;          /* time base and logger */
    tlm_clock clock;             /* GT clock, also the RTL clock */
    tlm_router *mmio;            /* host MMIO BAR decode */
    tlm_memory *memory;          /* graphics memory */
    tlm_signal host_irq;         /* interrupt line to the host */
    roundtrip *model;            /* round-trip C model (model and lockstep modes) */
    tb_roundtrip_twin *twin;     /* round-trip RTL twin (RTL and lockstep modes) */
    tb_lockstep *lockstep;       /* compare of the two (lockstep mode) */
    tb_block_mode mode;          /* how the round-trip block is simulated */
};

static void follow_block_irq(void *context, tlm_signal *signal, uint64_t old_value, uint64_t new_value)
{
    (void)signal;
    (void)old_value;
    tb_system *system = context;
    tlm_signal_set(&system->host_irq, new_value);
}

tb_system *tb_system_create(const tb_system_config *config, char *error, size_t error_size)
{
    const char *profile = config->profile ? config->profile : "gen12";
    if (strcmp(profile, "gen12") != 0 && strcmp(profile, "gen6") != 0) {
        snprintf(error, error_size, "unknown profile '%s' (known: gen12, gen6)", profile);
        return NULL;
    }
    if (config->roundtrip_mode != TB_MODE_MODEL && config->roundtrip_mode != TB_MODE_RTL &&
        config->roundtrip_mode != TB_MODE_LOCKSTEP) {
        snprintf(error, error_size, "unknown block mode %d", (int)config->roundtrip_mode);
        return NULL;
    }
    tb_system *system = tlm_alloc_zeroed(1, sizeof *system);
    system->mode = config->roundtrip_mode;
    system->kernel = tlm_kernel_create();
    if (config->log_sink)
        tlm_logger_set_sink(tlm_kernel_logger(system->kernel), config->log_sink);
    tlm_clock_init(&system->clock, system->kernel, "gt_clock", BRINGUP_CLOCK_PERIOD, BRINGUP_CLOCK_PERIOD);
    system->mmio = tlm_router_create(system->kernel, "mmio");
    system->memory = tlm_memory_create(system->kernel, "gfx_memory", 0);
    tlm_signal_init(&system->host_irq, "host_irq", 1, 0);

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
    /* In lockstep the host line follows the RTL: the run is the RTL's, the model shadows it. */
    tlm_signal_listen(block_irq, follow_block_irq, system);
    tlm_signal_set(&system->host_irq, tlm_signal_get(block_irq));
    tlm_router_map(system->mmio, TB_SYSTEM_ROUNDTRIP_BASE, ROUNDTRIP_BLOCK_SIZE, block_target);
    return system;
}

void tb_system_destroy(tb_system *system)
{
    if (!system)
        return;
    tlm_router_destroy(system->mmio);
    tb_lockstep_destroy(system->lockstep);
    tb_roundtrip_twin_destroy(system->twin);
    roundtrip_destroy(system->model);
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
    return tlm_router_target(system->mmio);
}

const tlm_target *tb_system_memory(tb_system *system)
{
    return tlm_memory_target(system->memory);
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
    return tlm_kernel_pending_foreground(system->kernel) == 0;
}

bool tb_system_irq_raise(tb_system *system, unsigned engine_class, unsigned instance, unsigned data, char *error,
                         size_t error_size)
{
    (void)system;
    (void)engine_class;
    (void)instance;
    (void)data;
    snprintf(error, error_size,
             "the bring-up system has no interrupt aggregator; 'irq raise' needs the gen11+ interrupt model");
    return false;
}

uint64_t tb_system_mismatches(const tb_system *system)
{
    return system->lockstep ? tb_lockstep_mismatches(system->lockstep) : 0;
}

uint64_t tb_system_rtl_assertion_failures(const tb_system *system)
{
    return system->twin ? tb_roundtrip_twin_assertion_failures(system->twin) : 0;
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
