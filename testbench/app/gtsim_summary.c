#include "gtsim_summary.h"

#include <inttypes.h>
#include <string.h>

#include "cs_engine.h"
#include "cs_execlist.h"
#include "doorbell.h"
#include "eu_array.h"
#include "gt.h"
#include "guc_scheduler.h"
#include "irq_message.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system.h"

/* Totals the summary shows, gathered once from the models' statistics. */
typedef struct gtsim_summary_counts {
    uint64_t commands[CS_ENGINE_COUNT]; /* commands each engine executed */
    uint64_t contexts_run;              /* execlist contexts loaded (all engines) */
    uint64_t contexts_done;             /* of them, completed and saved */
    uint64_t csb_entries;               /* context status buffer entries written */
    uint64_t rings;                     /* doorbell rings the controller model saw */
    bool rings_known;                   /* false when only the doorbell RTL twin runs (no model to count) */
    uint64_t submissions;               /* contexts the GuC scheduler model submitted */
    uint64_t walkers;                   /* walkers the EU array completed */
    uint64_t threads;                   /* EU hardware threads dispatched */
    uint64_t memory_writes;             /* writes graphics memory served (every initiator) */
    uint64_t irq_messages;              /* interrupt messages into the aggregator */
    uint64_t host_raised;               /* host line rises */
    uint64_t host_cleared;              /* and falls */
} gtsim_summary_counts;

static gtsim_summary_counts gather(gtsim_system *system)
{
    gtsim_summary_counts counts = { 0 };
    gt *model = gtsim_system_gt(system);
    uint64_t dmi_writes = 0; /* engines' stores through DMI, which the memory does not count */
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        cs_engine_model *engine = gt_engine(model, e);
        if (!engine)
            continue;
        counts.commands[e] = cs_engine_get_stats(engine)->commands;
        dmi_writes += cs_engine_get_stats(engine)->dmi_writes;
        struct cs_execlist *execlist = cs_engine_execlist(engine);
        if (execlist) {
            const cs_execlist_stats *stats = cs_execlist_get_stats(execlist);
            counts.contexts_run += stats->contexts_run;
            counts.contexts_done += stats->completions;
            counts.csb_entries += stats->csb_entries;
        }
    }
    /* Rings are the controller model's counter: the GT's model, or the shadow of a doorbell
     * lockstep. With only the RTL twin (doorbell mode rtl) there is none, and the summary says so;
     * gen6 has no doorbells (0 rings). */
    counts.rings_known = gtsim_system_doorbell(system) != NULL || !gt_guc(model);
    if (gtsim_system_doorbell(system))
        counts.rings = doorbell_get_stats(gtsim_system_doorbell(system))->rings;
    if (gt_guc_scheduler(model))
        counts.submissions = guc_scheduler_get_stats(gt_guc_scheduler(model))->submissions;
    const eu_array_stats *eu = eu_array_get_stats(gt_eu(model));
    counts.walkers = eu->walkers_completed;
    counts.threads = eu->threads_dispatched;
    counts.memory_writes = gt_memory(model) ? tlm_memory_get_stats(gt_memory(model)).writes + dmi_writes : 0;
    counts.irq_messages = gt_event_total(model, GT_EVENT_IRQ_MESSAGE);
    counts.host_raised = gt_event_total(model, GT_EVENT_HOST_IRQ_RAISED);
    counts.host_cleared = gt_event_total(model, GT_EVENT_HOST_IRQ_CLEARED);
    return counts;
}

/* "context_switch+notify+user_interrupt" for an engine's data bits; the GuC's (class other)
 * are its vector bits, shown as a number. */
static void describe_data(const gt_event *event, char *text, size_t size)
{
    if (event->a == IRQ_CLASS_OTHER) {
        snprintf(text, size, "vector 0x%04x", event->c);
        return;
    }
    size_t used = 0;
    text[0] = '\0';
    for (int bit = 15; bit >= 0; bit--) {
        if (!(event->c >> bit & 1u))
            continue;
        const char *name = irq_data_bit_name((unsigned)bit);
        char unnamed[16];
        if (!name) {
            snprintf(unnamed, sizeof unnamed, "bit%d", bit);
            name = unnamed;
        }
        int n = snprintf(text + used, size - used, "%s%s", used ? "+" : "", name);
        if (n < 0 || (size_t)n >= size - used)
            return;
        used += (size_t)n;
    }
}

static void print_event(FILE *out, const gt_event *event)
{
    fputs("    ", out);
    gtsim_print_sim_time(out, event->time);
    char data[128];
    switch (event->kind) {
    case GT_EVENT_GUC_DOORBELL:
        fputs(" doorbell rang: the GuC's micro-core interrupted\n", out);
        break;
    case GT_EVENT_GUC_SUBMIT:
        fprintf(out, " GuC submitted a context to %s (EXECLIST_CONTROL load)\n", cs_engine_name((cs_engine)event->a));
        break;
    case GT_EVENT_IRQ_MESSAGE:
        describe_data(event, data, sizeof data);
        fprintf(out, " interrupt message %s %u: %s%s\n", irq_class_name(event->a), event->b, data,
                (event->a != IRQ_CLASS_OTHER && (event->c & IRQ_DATA_CONTEXT_SWITCH)) ? " (CSB entry)" : "");
        break;
    case GT_EVENT_HOST_IRQ_RAISED:
        fputs(" host interrupt line raised\n", out);
        break;
    case GT_EVENT_HOST_IRQ_CLEARED:
        fputs(" host interrupt line cleared (serviced)\n", out);
        break;
    case GT_EVENT_WALKER_START:
        fputs(" EU array: walker dispatched (first thread)\n", out);
        break;
    case GT_EVENT_WALKER_DONE:
        fprintf(out, " EU array: walker retired (%u threads)\n", event->c);
        break;
    case GT_EVENT_KIND_COUNT:
        break;
    }
}

static void print_commands(FILE *out, gtsim_system *system, const gtsim_summary_counts *counts)
{
    bool first = true;
    for (unsigned e = 0; e < CS_ENGINE_COUNT; e++) {
        if (!gt_engine(gtsim_system_gt(system), e))
            continue;
        fprintf(out, "%s%s %" PRIu64, first ? "" : ", ", cs_engine_name((cs_engine)e), counts->commands[e]);
        first = false;
    }
}

/* "N offsets (M accesses): 0x..., ..." of the unimplemented MMIO offsets touched (gt.h
 * gt_mmio_stats); nothing when none was. */
static void print_unimplemented(FILE *out, const char *lead, const gt_mmio_stats *mmio, const char *end)
{
    if (mmio->unimplemented_accesses == 0)
        return;
    fprintf(out, "%sunimplemented MMIO: %" PRIu64 " offsets (%" PRIu64 " accesses):", lead, mmio->unimplemented_offsets,
            mmio->unimplemented_accesses);
    for (unsigned i = 0; i < mmio->first_count; i++)
        fprintf(out, "%s0x%06x", i ? ", " : " ", mmio->first_offsets[i]);
    if (mmio->unimplemented_offsets > mmio->first_count)
        fputs(", ...", out);
    fputs(end, out);
}

void gtsim_summary_print(FILE *out, const char *name, gtsim_system *system, uint64_t passed, uint64_t failed,
                      bool compact)
{
    gt *model = gtsim_system_gt(system);
    gtsim_summary_counts counts = gather(system);
    char rings[64];
    if (counts.rings_known)
        snprintf(rings, sizeof rings, "%" PRIu64, counts.rings);
    else
        snprintf(rings, sizeof rings, "n/a (a model counter, absent in doorbell mode rtl)");
    if (compact) {
        fprintf(out, "%s: gt: commands ", name);
        print_commands(out, system, &counts);
        fprintf(out,
                "; contexts %" PRIu64 "/%" PRIu64 " (CSB %" PRIu64 "); doorbell rings %s, GuC submissions %" PRIu64
                "; walkers %" PRIu64 ", threads %" PRIu64 "; memory writes %" PRIu64 "; interrupt messages %" PRIu64
                ", host irq %" PRIu64 " raised/%" PRIu64 " cleared",
                counts.contexts_done, counts.contexts_run, counts.csb_entries, rings, counts.submissions,
                counts.walkers, counts.threads, counts.memory_writes, counts.irq_messages, counts.host_raised,
                counts.host_cleared);
        print_unimplemented(out, "; ", gt_mmio_get_stats(model), "");
        fputc('\n', out);
        return;
    }
    const gt_profile *profile = gt_get_profile(model);
    fprintf(out, "%s: summary (profile %s: %s; GT clock %" PRIu64 " ps)\n", name, profile->name, profile->product,
            (uint64_t)gt_clock_period(model));
    size_t shown = gt_event_count(model) < GTSIM_SUMMARY_MAX_EVENTS ? gt_event_count(model) : GTSIM_SUMMARY_MAX_EVENTS;
    uint64_t total = 0;
    for (unsigned kind = 0; kind < GT_EVENT_KIND_COUNT; kind++)
        total += gt_event_total(model, (gt_event_kind)kind);
    fprintf(out, "  events (%" PRIu64 "%s):\n", total, total > shown ? ", first ones listed" : "");
    for (size_t i = 0; i < shown; i++)
        print_event(out, gt_event_at(model, i));
    fputs("  commands: ", out);
    print_commands(out, system, &counts);
    fputc('\n', out);
    fprintf(out, "  contexts: %" PRIu64 " run, %" PRIu64 " completed, %" PRIu64 " CSB entries\n", counts.contexts_run,
            counts.contexts_done, counts.csb_entries);
    fprintf(out, "  doorbell rings: %s, GuC submissions: %" PRIu64 "\n", rings, counts.submissions);
    fprintf(out, "  EU: %" PRIu64 " walkers, %" PRIu64 " threads\n", counts.walkers, counts.threads);
    fprintf(out, "  memory writes: %" PRIu64 "\n", counts.memory_writes);
    fprintf(out, "  interrupts: %" PRIu64 " messages, host line %" PRIu64 " raised, %" PRIu64 " serviced\n",
            counts.irq_messages, counts.host_raised, counts.host_cleared);
    print_unimplemented(out, "  ", gt_mmio_get_stats(model), "\n");
    fprintf(out, "  checks: %" PRIu64 " passed, %" PRIu64 " failed: %s\n", passed, failed, failed ? "FAIL" : "PASS");
}
