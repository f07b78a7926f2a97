/* The engine's ports to the units beside it (cs_ports.h; docs/reference/cs.md "Walkers", "Pipeline port",
 * "Statistics from the EU array"): walkers and MI_REPORT_PERF_COUNT to the EU array with their
 * completions and the CS stalls that wait for them, non-MI commands to the pipeline port (and
 * INSTPM's disables on the render parser), and TS_GPGPU_THREADS_DISPATCHED from the EU array. */
#include <string.h>

#include "cs_engine_internal.h"

/* 3DPRIMITIVE header bit 8: Predicate Enable (genxml gen12.xml; reserved in gen6.xml). */
#define PRIMITIVE_PREDICATE_ENABLE (1u << 8)

/* ---- the EU-array port ------------------------------------------------------------------- */

/* Tickets: the reset generation in the high half, a sequence number in the low half. */
#define TICKET_GENERATION_SHIFT 32u

static void walker_done(void *context, uint64_t ticket)
{
    cs_engine_model *model = context;
    if ((uint32_t)(ticket >> TICKET_GENERATION_SHIFT) != model->walker_generation || model->walkers_outstanding == 0) {
        tlm_log_warning(model->log, "walker completion 0x%llx from before a reset (or repeated): ignored",
                        (unsigned long long)ticket);
        return;
    }
    model->walkers_outstanding--;
    if (model->walkers_outstanding == 0 && model->walker_stalled) {
        /* The CS stall is satisfied: the PIPE_CONTROL runs on its next step. */
        model->walker_stalled = false;
        tlm_event_cancel(model->kernel, &model->stall_timeout);
        cs_kick(model, 0);
    }
}

void cs_stall_timed_out(void *context)
{
    cs_engine_model *model = context;
    model->stats.walker_stall_timeouts++;
    tlm_log_error(model->log, "CS stall: %u walker request(s) not completed after %u clocks: going on",
                  model->walkers_outstanding, CS_WALKER_STALL_CYCLES);
    model->walker_stalled = false;
    model->walkers_outstanding = 0;
    model->walker_generation++; /* their late completions are ignored */
    cs_kick(model, 0);
}

/* GPGPU_WALKER, COMPUTE_WALKER, MI_REPORT_PERF_COUNT: the command goes to the EU array. */
void cs_walker(cs_engine_model *model, const cs_decoded *decoded)
{
    model->stats.walker_requests++;
    cs_walker_completion completion = {
        .done = walker_done,
        .engine = model,
        .ticket = (uint64_t)model->walker_generation << TICKET_GENERATION_SHIFT | (model->walker_next++ & UINT32_MAX),
    };
    model->walkers_outstanding++;
    if (!model->config.walker.submit) {
        tlm_log_warning(model->log, "%s: no EU array connected: completed at once", decoded->command->name);
        cs_walker_complete(&completion);
        return;
    }
    cs_walker_request request = {
        .command = decoded->command,
        .dwords = decoded->dwords,
        .length = decoded->available,
        .engine = model->config.engine,
        .instance = model->config.instance,
        .secure = model->level == 0 || model->batch_secure[model->level],
    };
    request.has_context = cs_execlist_context_id(model->execlist, &request.context_id);
    model->config.walker.submit(model->config.walker.context, &request, completion);
}

/* A non-pipelined GFXPIPE command: spec 002 "Command Header" note 1, "the render pipe is
 * flushed before such a state variable is updated" (Common (NP) and 3DState (NP), opcode 1 of
 * pipelines 0 and 3), and PIPELINE_SELECT, which switches the pipeline (single dword, opcode 1). */
static bool non_pipelined(const cs_decoded *decoded)
{
    uint32_t header = decoded->header;
    if (decoded->header_class != CS_CLASS_GFX_COMMON && decoded->header_class != CS_CLASS_3D &&
        decoded->header_class != CS_CLASS_GFX_SINGLE)
        return false;
    return ((header >> 24) & 7u) == 1u;
}

/* spec 000 §1.1.4.3 INSTPM bits 3:0: "the parser will read those instructions but not process
 * them", "error checking will be performed even if the instruction is ignored" (so the caller
 * asks after its checks). The bits instruct the Renderer instruction parser: 3D state (GFXPIPE 3D
 * opcodes 0 and 1, spec 002 "Command Header"), 3D rendering (opcode 3, 3DPRIMITIVE), texture
 * palette loads (3DSTATE_SAMPLER_PALETTE_LOAD0/1; **choice**: 3D state too, so either bit drops
 * them) and BLT instructions (a blit on the render engine is an Instruction Parser error first,
 * docs/reference/cs.md "Pipeline port", so that bit never has a command to drop). PIPE_CONTROL (opcode 2)
 * is 3D control, not state. */
bool cs_instpm_disabled(cs_engine_model *model, const cs_decoded *decoded)
{
    uint32_t instpm = *cs_reg(model, CS_INSTPM_INDEX);
    if (model->config.engine != CS_ENGINE_RCS)
        return false;
    if (decoded->header_class == CS_CLASS_2D)
        return (instpm & CS_INSTPM_BLT_DISABLE_MASK) != 0;
    if (decoded->header_class != CS_CLASS_3D)
        return false;
    uint32_t opcode = (decoded->header >> 24) & 7u;
    if (opcode == 3u)
        return (instpm & CS_INSTPM_RENDERING_3D_DISABLE_MASK) != 0;
    if (opcode > 1u)
        return false;
    if (decoded->command == model->palette_load[0] || decoded->command == model->palette_load[1])
        return (instpm & (CS_INSTPM_TEXTURE_PALETTE_LOAD_DISABLE_MASK | CS_INSTPM_STATE_3D_DISABLE_MASK)) != 0;
    return (instpm & CS_INSTPM_STATE_3D_DISABLE_MASK) != 0;
}

/* PIPE_CONTROL with CS Stall (genxml: "the command streamer stalls until the pipeline is
 * idle") and the non-pipelined commands: with walker work outstanding the parser stops before
 * the command and runs it once the work completes. Returns true when the command must wait. */
bool cs_stall_waits(cs_engine_model *model, const cs_decoded *decoded)
{
    if (model->walkers_outstanding == 0)
        return false;
    bool stall = decoded->command == model->pipe_control ? cs_hot(model, decoded, CS_HF_CS_STALL) != 0
                                                                     : non_pipelined(decoded);
    if (!stall)
        return false;
    model->walker_stalled = true;
    model->stats.walker_stalls++;
    tlm_event_notify(model->kernel, &model->stall_timeout,
                     (tlm_time)CS_WALKER_STALL_CYCLES * model->config.clock_period);
    tlm_log_info(model->log, "%s CS stall: waiting for %u walker request(s)", decoded->command->name,
                 model->walkers_outstanding);
    return true;
}

/* ---- the pipeline port ------------------------------------------------------------------- */

/* A non-MI command goes whole to the engine's pipeline port (render: 3D/GPGPU pipeline,
 * blitter: 2D engine, video: codec and enhancement), modelled as the event log: the command,
 * its dwords and the time. The port answers "done" after CS_PIPELINE_PORT_CYCLES, which the
 * step adds to its cost (docs/reference/cs.md "Pipeline port"). */
void cs_pipeline_port(cs_engine_model *model, const cs_decoded *decoded)
{
    model->stats.pipeline_commands++;
    cs_record(model, decoded);
    model->bus_delay += (tlm_time)CS_PIPELINE_PORT_CYCLES * model->config.clock_period;
}

/* gen12 3DPRIMITIVE with Predicate Enable (header bit 8) is dropped while MI_PREDICATE_RESULT
 * is clear (spec 000 §1.1.10.4 "the result of the last MI_PREDICATE"; genxml gen12.xml). */
void cs_primitive(cs_engine_model *model, const cs_decoded *decoded)
{
    if (model->config.profile == CS_PROFILE_GEN12 && (decoded->header & PRIMITIVE_PREDICATE_ENABLE) &&
        !cs_predicate_result(model)) {
        model->stats.predicated++;
        return;
    }
    model->stats.primitives++;
    cs_pipeline_port(model, decoded);
}

/* ---- statistics from the EU array -------------------------------------------------------- */

uint64_t cs_port_threads(cs_engine_model *model)
{
    return model->statistics.threads_dispatched ? model->statistics.threads_dispatched(model->statistics.context) : 0;
}

/* spec 000 §1.1.12.1: the count grows by what the EU array dispatched since it was last set. */
uint64_t cs_threads_dispatched(cs_engine_model *model)
{
    return model->threads_base + (cs_port_threads(model) - model->threads_mark);
}

/* "This register is reset when a write occurs": a write of either dword sets that half and
 * the count goes on from the value written. */
void cs_threads_written(cs_engine_model *model, uint32_t index, uint32_t value)
{
    uint64_t now = cs_threads_dispatched(model);
    model->threads_base = index == CS_TS_GPGPU_THREADS_DISPATCHED_INDEX
                              ? (now & ~(uint64_t)UINT32_MAX) | value
                              : (now & UINT32_MAX) | (uint64_t)value << 32;
    model->threads_mark = cs_port_threads(model);
}

/* ---- connecting the ports (cs_ports.h) --------------------------------------------------- */

void cs_engine_set_walker_port(cs_engine_model *model, const cs_walker_port *port)
{
    model->config.walker = port ? *port : (cs_walker_port){ 0 };
}

void cs_engine_set_statistics_port(cs_engine_model *model, const cs_statistics_port *port)
{
    model->threads_base = cs_threads_dispatched(model);
    model->statistics = port && port->threads_dispatched ? *port : (cs_statistics_port){ 0 };
    model->threads_mark = cs_port_threads(model);
}

uint32_t cs_engine_walkers_outstanding(const cs_engine_model *model)
{
    return model->walkers_outstanding;
}
