/* Functional coverage of a simulated system (gtsim_system_coverage.h). */
#include "gtsim_system_coverage.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cs_commands.h"
#include "cs_engine.h"
#include "doorbell.h"
#include "eu_array.h"
#include "guc.h"
#include "guc_scheduler.h"
#include "irq_gen11.h"
#include "irq_gen6.h"
#include "irq_gen6_regs.h"
#include "irq_message.h"

/* The instance gtsim_system gives every command streamer (one engine per class). */
#define SYSTEM_ENGINE_INSTANCE 0u

/* mi.<profile>.<engine>: every command the engine accepts, executed or not. */
static void add_commands(gtsim_system *system, cs_profile profile, gtsim_coverage *coverage)
{
    const cs_profile_info *info = cs_profile_get(profile);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        const cs_engine_model *engine = gtsim_system_engine(system, e);
        if (!engine)
            continue;
        char kind[64];
        snprintf(kind, sizeof kind, "mi.%s.%s", info->name, info->engines[e].name);
        for (size_t i = 0; i < info->command_count; i++) {
            const cs_command *command = &info->commands[i];
            if (command->engines & CS_ENGINE_BIT(e))
                gtsim_coverage_add(coverage, kind, command->name, cs_engine_command_count(engine, command));
        }
    }
}

/* Name of event `bit` of the source `engine_class`, `instance`: the engines' data bits
 * (irq_message.h), the GuC's vector bits (guc.h), else "bitN". */
static void event_name(unsigned engine_class, unsigned instance, unsigned bit, char *out, size_t size)
{
    const char *name = NULL;
    if (engine_class == IRQ_CLASS_OTHER && instance == IRQ_OTHER_GUC) {
        if ((1u << bit) == GUC_INTR_DOORBELL_RANG)
            name = "doorbell_rang";
        else if ((1u << bit) == GUC_INTR_GUC2HOST)
            name = "guc2host";
        else if ((1u << bit) & GUC_INTR_SW_INT_MASK) {
            snprintf(out, size, "sw_int_%u", bit);
            return;
        }
    } else if (engine_class != IRQ_CLASS_OTHER) {
        name = irq_data_bit_name(bit);
    }
    if (name)
        snprintf(out, size, "%s", name);
    else
        snprintf(out, size, "bit%u", bit);
}

/* The GuC's vector bits declared as items (guc.h). */
static const uint16_t guc_vector_bits[] = { GUC_INTR_DOORBELL_RANG, GUC_INTR_GUC2HOST };

/* Whether add_irq_gen11 declares (source, bit) as an item of its own. */
static bool declared_gen11(gtsim_system *system, unsigned engine_class, unsigned instance, unsigned bit)
{
    if (engine_class == IRQ_CLASS_OTHER && instance == IRQ_OTHER_GUC) {
        for (size_t i = 0; i < sizeof guc_vector_bits / sizeof guc_vector_bits[0]; i++)
            if ((1u << bit) == guc_vector_bits[i])
                return gtsim_system_guc(system) != NULL;
        return false;
    }
    if (instance != SYSTEM_ENGINE_INSTANCE || !irq_data_bit_name(bit))
        return false;
    const cs_profile_info *info = cs_profile_get(CS_PROFILE_GEN12);
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++)
        if (gtsim_system_engine(system, e) && info->engines[e].class_id == engine_class)
            return true;
    return false;
}

/* irq.gen12: declared items are the command streamers' named events and the GuC's two vector
 * bits; any other (source, bit) that happened is added with its count. */
static void add_irq_gen11(gtsim_system *system, const irq_gen11 *irq, gtsim_coverage *coverage)
{
    const cs_profile_info *info = cs_profile_get(CS_PROFILE_GEN12);
    char name[96], event[32];
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (!gtsim_system_engine(system, e))
            continue;
        unsigned engine_class = info->engines[e].class_id;
        const char *engine = irq_gen11_engine_name(engine_class, SYSTEM_ENGINE_INSTANCE);
        for (unsigned bit = 0; engine && bit < 16; bit++) {
            if (!irq_data_bit_name(bit))
                continue;
            event_name(engine_class, SYSTEM_ENGINE_INSTANCE, bit, event, sizeof event);
            snprintf(name, sizeof name, "%s.%s", engine, event);
            gtsim_coverage_add(coverage, "irq.gen12", name,
                            irq_gen11_event_count(irq, engine_class, SYSTEM_ENGINE_INSTANCE, bit));
        }
    }
    if (gtsim_system_guc(system)) {
        for (size_t i = 0; i < sizeof guc_vector_bits / sizeof guc_vector_bits[0]; i++) {
            unsigned bit = (unsigned)__builtin_ctz(guc_vector_bits[i]);
            event_name(IRQ_CLASS_OTHER, IRQ_OTHER_GUC, bit, event, sizeof event);
            snprintf(name, sizeof name, "%s.%s", irq_gen11_engine_name(IRQ_CLASS_OTHER, IRQ_OTHER_GUC), event);
            gtsim_coverage_add(coverage, "irq.gen12", name,
                            irq_gen11_event_count(irq, IRQ_CLASS_OTHER, IRQ_OTHER_GUC, bit));
        }
    }
    /* Everything else that happened (an `irq raise` of another engine, an unnamed bit). */
    for (unsigned engine_class = 0; engine_class < IRQ_CLASS_COUNT; engine_class++) {
        for (unsigned instance = 0; instance < IRQ_INSTANCE_COUNT; instance++) {
            const char *engine = irq_gen11_engine_name(engine_class, instance);
            if (!engine)
                continue;
            for (unsigned bit = 0; bit < 16; bit++) {
                uint64_t count = irq_gen11_event_count(irq, engine_class, instance, bit);
                if (!count || declared_gen11(system, engine_class, instance, bit))
                    continue;
                event_name(engine_class, instance, bit, event, sizeof event);
                snprintf(name, sizeof name, "%s.%s", engine, event);
                gtsim_coverage_add(coverage, "irq.gen12", name, count);
            }
        }
    }
}

/* irq.gen6: one item per engine data bit that has a GTIIR bit, counted at that bit. */
static void add_irq_gen6(const irq_gen6 *irq, gtsim_coverage *coverage)
{
    static const unsigned classes[] = { IRQ_CLASS_RENDER, IRQ_CLASS_VIDEO_DECODE, IRQ_CLASS_COPY };
    for (size_t c = 0; c < sizeof classes / sizeof classes[0]; c++) {
        const char *engine = irq_gen6_engine_name(classes[c], 0);
        for (unsigned bit = 0; engine && bit < 16; bit++) {
            uint32_t gt = irq_gen6_gt_bits(classes[c], 0, (uint16_t)(1u << bit));
            if (!gt)
                continue;
            unsigned gt_bit = (unsigned)__builtin_ctz(gt);
            char name[96], event[48];
            const char *data_name = irq_data_bit_name(bit);
            if (data_name) {
                snprintf(event, sizeof event, "%s", data_name);
            } else { /* the GTIIR field's name, lower case */
                snprintf(event, sizeof event, "bit%u", bit);
                const tlm_register_desc *iir = &irq_gen6_regs.registers[IRQ_GEN6_GTIIR_INDEX];
                for (uint32_t f = 0; f < iir->field_count; f++) {
                    if (iir->fields[f].shift == gt_bit) {
                        size_t n = 0;
                        for (; iir->fields[f].name[n] && n + 1 < sizeof event; n++)
                            event[n] = (char)tolower((unsigned char)iir->fields[f].name[n]);
                        event[n] = '\0';
                    }
                }
            }
            snprintf(name, sizeof name, "%s.%s", engine, event);
            gtsim_coverage_add(coverage, "irq.gen6", name, irq_gen6_event_count(irq, gt_bit));
        }
    }
}

/* doorbell: the controller's transitions (docs/reference/doorbell.md). */
static void add_doorbell(const doorbell *bells, gtsim_coverage *coverage)
{
    const doorbell_stats *s = doorbell_get_stats(bells);
    const struct {
        const char *name; /* item name */
        uint64_t count;   /* its counter */
    } items[] = {
        { "armed", s->installs },
        { "install_refused", s->refused_installs },
        { "shared_line_refused", s->shared_line_refusals },
        { "cookie_recorded", s->cookie_inits },
        { "same_cookie", s->same_cookie },
        { "rung", s->rings },
        { "ring_collapsed", s->collapsed },
        { "group_message", s->messages },
        { "group_read_clear", s->group_clears },
        { "deactivated", s->deactivations },
        { "deactivated_late_ring", s->late_rings },
    };
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
        gtsim_coverage_add(coverage, "doorbell", items[i].name, items[i].count);
}

/* guc: the GuC block's interrupts and the scheduler model's work (docs/reference/guc.md). */
static void add_guc(const guc *block, const guc_scheduler *sched, gtsim_coverage *coverage)
{
    const guc_stats *g = guc_get_stats(block);
    gtsim_coverage_add(coverage, "guc", "host2guc", g->host2guc);
    gtsim_coverage_add(coverage, "guc", "guc2host", g->to_host);
    gtsim_coverage_add(coverage, "guc", "doorbell_to_core", g->to_core);
    gtsim_coverage_add(coverage, "guc", "install", g->installs);
    gtsim_coverage_add(coverage, "guc", "install_refused", g->installs_refused);
    if (!sched)
        return;
    const guc_scheduler_stats *s = guc_scheduler_get_stats(sched);
    gtsim_coverage_add(coverage, "guc", "work_item", s->items);
    gtsim_coverage_add(coverage, "guc", "submission", s->submissions);
    gtsim_coverage_add(coverage, "guc", "submit_error", s->submit_errors);
    gtsim_coverage_add(coverage, "guc", "malformed_queue", s->queue_errors);
}

/* eu: the EU array's walkers, threads, barriers and faults (docs/reference/eu.md). */
static void add_eu(eu_array *eu, gtsim_coverage *coverage)
{
    const eu_array_stats *s = eu_array_get_stats(eu);
    gtsim_coverage_add(coverage, "eu", "walker", s->walkers);
    gtsim_coverage_add(coverage, "eu", "walker_completed", s->walkers_completed);
    gtsim_coverage_add(coverage, "eu", "group_dispatched", s->groups_dispatched);
    gtsim_coverage_add(coverage, "eu", "group_refused", s->groups_refused);
    gtsim_coverage_add(coverage, "eu", "thread_dispatched", s->threads_dispatched);
    gtsim_coverage_add(coverage, "eu", "thread_retired", s->threads_retired);
    gtsim_coverage_add(coverage, "eu", "barrier_release", s->barriers);
    gtsim_coverage_add(coverage, "eu", "fault", s->faults);
    gtsim_coverage_add(coverage, "eu", "unknown_kernel", s->unknown_kernel_threads);
    char name[96];
    /* threads per requester (the walker, and any other a test added) */
    for (int r = 0; eu_array_requester_name(eu, r); r++) {
        snprintf(name, sizeof name, "requester.%s", eu_array_requester_name(eu, r));
        gtsim_coverage_add(coverage, "eu", name, eu_array_requester_threads(eu, r));
    }
    /* threads per fixed function: the walker's VFE always, others when they ran */
    for (unsigned ffid = 0; ffid < EU_FFID_COUNT; ffid++) {
        uint64_t threads = eu_array_function_threads(eu, ffid);
        if (ffid != EU_FFID_VFE && threads == 0)
            continue;
        const char *ff = eu_ffid_name(ffid);
        if (ff)
            snprintf(name, sizeof name, "function.%s", ff);
        else
            snprintf(name, sizeof name, "function.ffid%u", ffid);
        gtsim_coverage_add(coverage, "eu", name, threads);
    }
    /* threads per kernel: every built-in kernel, and every other registered one */
    for (size_t k = 0; eu_builtin_kernel_names[k]; k++) {
        snprintf(name, sizeof name, "kernel.%s", eu_builtin_kernel_names[k]);
        gtsim_coverage_add(coverage, "eu", name, eu_array_kernel_threads(eu, eu_builtin_kernel_names[k]));
    }
    const eu_kernel_registry *registry = eu_array_kernels(eu);
    for (size_t k = 0; k < registry->count; k++) {
        const char *kernel = registry->kernels[k].name ? registry->kernels[k].name : "?";
        bool seen = false; /* a built-in, or a name registered at an earlier start address */
        for (size_t b = 0; eu_builtin_kernel_names[b] && !seen; b++)
            seen = strcmp(eu_builtin_kernel_names[b], kernel) == 0;
        for (size_t e = 0; e < k && !seen; e++)
            seen = registry->kernels[e].name && strcmp(registry->kernels[e].name, kernel) == 0;
        snprintf(name, sizeof name, "kernel.%s", kernel);
        if (!seen)
            gtsim_coverage_add(coverage, "eu", name, eu_array_kernel_threads(eu, kernel));
    }
}

/* The BAR's unimplemented offsets (gt.h gt_mmio_stats): accesses, distinct offsets, and the
 * first offsets touched by name, so a coverage file says which ones a run reached. */
static void add_mmio(const gt_mmio_stats *mmio, gtsim_coverage *coverage)
{
    gtsim_coverage_add(coverage, "mmio", "unimplemented_access", mmio->unimplemented_accesses);
    gtsim_coverage_add(coverage, "mmio", "unimplemented_offset", mmio->unimplemented_offsets);
    for (unsigned i = 0; i < mmio->first_count; i++) {
        char name[40];
        snprintf(name, sizeof name, "unimplemented.0x%06x", mmio->first_offsets[i]);
        gtsim_coverage_add(coverage, "mmio", name, 1);
    }
}

void gtsim_system_coverage(gtsim_system *system, gtsim_coverage *coverage)
{
    add_mmio(gt_mmio_get_stats(gtsim_system_gt(system)), coverage);
    struct irq_gen6 *gen6 = gtsim_system_irq_gen6(system);
    cs_profile profile = gen6 ? CS_PROFILE_GEN6 : CS_PROFILE_GEN12;
    add_commands(system, profile, coverage);
    if (gen6)
        add_irq_gen6(gen6, coverage);
    else if (gtsim_system_irq_gen11(system))
        add_irq_gen11(system, gtsim_system_irq_gen11(system), coverage);
    if (gtsim_system_doorbell(system))
        add_doorbell(gtsim_system_doorbell(system), coverage);
    if (gtsim_system_guc(system))
        add_guc(gtsim_system_guc(system), gtsim_system_guc_scheduler(system), coverage);
    if (gtsim_system_eu(system))
        add_eu(gtsim_system_eu(system), coverage);
}
