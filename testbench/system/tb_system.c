#include "tb_system.h"

#include <stdlib.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_regs.h"
#include "irq_gen11.h"
#include "irq_gen11_regs.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
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
    tlm_trace_port memory_port;  /* traces the host's graphics memory accesses (when tracing) */
    const tlm_target *memory_target; /* what the host uses: the memory, or the port in front of it */
    tlm_signal host_irq;         /* interrupt line to the host */
    roundtrip *model;            /* round-trip C model (model and lockstep modes) */
    tb_roundtrip_twin *twin;     /* round-trip RTL twin (RTL and lockstep modes) */
    tb_lockstep *lockstep;       /* compare of the two (lockstep mode) */
    tb_block_mode mode;          /* how the round-trip block is simulated */
    irq_gen11 *irq_gen11;        /* gen11+ interrupt aggregator (profile gen12) */
    irq_gen6 *irq_gen6;          /* gen6 GT interrupt registers (profile gen6) */
    irq_message_sink irq_sink;   /* the profile's aggregator input */
    tlm_signal *block_irq;       /* the round-trip block's interrupt output */
    tlm_signal *aggregator_irq;  /* the aggregator's host line */
    cs_engine_model *engines[CS_ENGINE_COUNT]; /* the profile's command streamers (NULL: absent) */
};

/* The host line is the OR of the interrupt aggregator's host line and the round-trip block's
 * interrupt output (tb_system.h). */
static void update_host_irq(tb_system *system)
{
    tlm_signal_set(&system->host_irq, tlm_signal_get(system->block_irq) | tlm_signal_get(system->aggregator_irq));
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
    /* Before any block: blocks declare their trace rows as they are built. */
    if (config->tracer)
        tlm_kernel_set_tracer(system->kernel, config->tracer);
    tlm_clock_init(&system->clock, system->kernel, "gt_clock", BRINGUP_CLOCK_PERIOD, BRINGUP_CLOCK_PERIOD);
    system->mmio = tlm_router_create(system->kernel, "mmio");
    tlm_router_trace(system->mmio, 32, 4); /* the BAR's 32-bit offsets, 32-bit registers */
    system->memory = tlm_memory_create(system->kernel, "gfx_memory", 0);
    /* The memory has no router in front of it: a port traces the host's accesses (its view
     * group starts closed: the registers are what a bring-up run is about). */
    system->memory_target = tlm_trace_port_init(&system->memory_port, system->kernel, "gfx_memory",
                                                tlm_memory_target(system->memory), 48, 8, true);
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
    tlm_router_map(system->mmio, TB_SYSTEM_ROUNDTRIP_BASE, ROUNDTRIP_BLOCK_SIZE, block_target);

    /* The profile's interrupt aggregator, on the GT's MMIO map at its public base. */
    if (strcmp(profile, "gen12") == 0) {
        system->irq_gen11 = irq_gen11_create(system->kernel, "irq");
        system->irq_sink = irq_gen11_sink(system->irq_gen11);
        system->aggregator_irq = irq_gen11_host_irq(system->irq_gen11);
        tlm_router_map(system->mmio, IRQ_GEN11_MMIO_BASE, IRQ_GEN11_BLOCK_SIZE,
                       irq_gen11_target(system->irq_gen11, IRQ_GEN11_HOST));
    } else {
        system->irq_gen6 = irq_gen6_create(system->kernel, "irq");
        system->irq_sink = irq_gen6_sink(system->irq_gen6);
        system->aggregator_irq = irq_gen6_host_irq(system->irq_gen6);
        tlm_router_map(system->mmio, IRQ_GEN6_MMIO_BASE, IRQ_GEN6_BLOCK_SIZE, irq_gen6_target(system->irq_gen6));
    }

    /* The profile's command streamers at their MMIO bases (cs_commands.h profile data),
     * fetching from and writing to graphics memory, reaching other registers through the
     * MMIO map, their interrupt messages into the aggregator (docs/cs.md). */
    cs_profile cs = strcmp(profile, "gen12") == 0 ? CS_PROFILE_GEN12 : CS_PROFILE_GEN6;
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        const cs_engine_info *info = &cs_profile_get(cs)->engines[e];
        if (!info->present)
            continue;
        cs_engine_config engine = {
            .profile = cs,
            .engine = (cs_engine)e,
            .instance = 0,
            .mmio_base = info->mmio_base,
            .memory = tlm_memory_target(system->memory),
            .mmio = tlm_router_target(system->mmio),
            .irq = system->irq_sink,
            .clock_period = BRINGUP_CLOCK_PERIOD,
        };
        system->engines[e] = cs_engine_create(system->kernel, info->name, &engine);
        tlm_router_map(system->mmio, info->mmio_base, CS_BLOCK_SIZE, cs_engine_target(system->engines[e]));
        if (cs_engine_hws_pga_target(system->engines[e]))
            tlm_router_map(system->mmio, info->mmio_base + CS_GEN6_HWS_PGA_OFFSET, 4,
                           cs_engine_hws_pga_target(system->engines[e]));
    }

    /* In lockstep the round-trip part of the host line follows the RTL: the run is the RTL's,
     * the model shadows it. */
    system->block_irq = block_irq;
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
    tlm_router_destroy(system->mmio);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        cs_engine_destroy(system->engines[e]);
    tb_lockstep_destroy(system->lockstep);
    tb_roundtrip_twin_destroy(system->twin);
    roundtrip_destroy(system->model);
    irq_gen11_destroy(system->irq_gen11);
    irq_gen6_destroy(system->irq_gen6);
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
    return system->memory_target;
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
    bool gen12 = system->irq_gen11 != NULL;
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
    irq_message_send(&system->irq_sink, &message);
    return true;
}

uint64_t tb_system_mismatches(const tb_system *system)
{
    return system->lockstep ? tb_lockstep_mismatches(system->lockstep) : 0;
}

uint64_t tb_system_rtl_assertion_failures(const tb_system *system)
{
    return system->twin ? tb_roundtrip_twin_assertion_failures(system->twin) : 0;
}

struct cs_engine_model *tb_system_engine(tb_system *system, unsigned engine)
{
    return engine < CS_ENGINE_COUNT ? system->engines[engine] : NULL;
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
