/* Semaphores (docs/reference/cs.md "Semaphores"): gen6 MI_SEMAPHORE_MBOX (spec 000 §1.3.6) with its
 * mailbox registers, gen12 MI_SEMAPHORE_WAIT (polling and signal mode) and MI_SEMAPHORE_SIGNAL
 * between peer engines. A wait that fails parks the parser until the next poll or signal. */
#include <string.h>

#include "cs_engine_internal.h"

/* ---- semaphores ------------------------------------------------------------------------ */

/* The value a semaphore compares: the mailbox register (gen6 compare_register: the engine's
 * own SYNC_0/SYNC_1, register_select 0/1), a register (gen12 register_poll: the MMIO offset in
 * address), or the dword in memory. False when it cannot be read (logged; the wait goes on). */
static bool semaphore_value(cs_engine_model *model, const cs_decoded *decoded, uint32_t *value)
{
    if (model->config.profile == CS_PROFILE_GEN6 && cs_get(decoded, "compare_register", 0)) {
        *value = *cs_reg(model, cs_get(decoded, "register_select", 0) ? CS_SYNC_1_INDEX : CS_SYNC_0_INDEX);
        return true;
    }
    if (model->config.profile == CS_PROFILE_GEN12 && cs_get(decoded, "register_poll", 0))
        return cs_register_access(model, TLM_CMD_READ, (uint32_t)cs_get(decoded, "address", 0), value, 0);
    return cs_load(model, cs_get(decoded, "address", 0), value);
}

/* genxml gen12.xml MI_SEMAPHORE_WAIT Wait Mode: 0 signal mode, 1 polling mode. */
#define SEMAPHORE_WAIT_SIGNAL_MODE 0u

/* gen12 compare operations (genxml gen12.xml MI_SEMAPHORE_WAIT Compare Operation: semaphore
 * address data SAD against semaphore data dword SDD). */
static bool semaphore_compare(unsigned operation, uint32_t sad, uint32_t sdd)
{
    switch (operation) {
    case 0: return sad > sdd;
    case 1: return sad >= sdd;
    case 2: return sad < sdd;
    case 3: return sad <= sdd;
    case 4: return sad == sdd;
    case 5: return sad != sdd;
    default: return false;
    }
}

/* Whether the semaphore command's compare passes now (true for a command without compare). */
static bool semaphore_passes(cs_engine_model *model, const cs_decoded *decoded)
{
    const char *name = decoded->command->name;
    bool gen6 = strcmp(name, "MI_SEMAPHORE_MBOX") == 0;
    if (!gen6 && strcmp(name, "MI_SEMAPHORE_WAIT") != 0)
        return true;
    if (gen6 && !cs_get(decoded, "compare", 0))
        return true;
    uint32_t value = 0;
    if (!semaphore_value(model, decoded, &value))
        return false;
    uint32_t data = (uint32_t)cs_get(decoded, "data", 0);
    /* spec 000 §1.3.6: "If the value at Semaphore Address is greater than the Semaphore Data
     * Dword, execution is continued". */
    if (gen6)
        return value > data;
    uint64_t operation = cs_get(decoded, "compare", 0);
    if (operation > 5u) {
        tlm_log_error(model->log, "MI_SEMAPHORE_WAIT compare operation %llu not defined: never passes",
                      (unsigned long long)operation);
        return false;
    }
    return semaphore_compare((unsigned)operation, value, data);
}

void cs_semaphore_poll(void *context)
{
    cs_engine_model *model = context;
    model->semaphore_waiting = false;
    cs_kick(model, 0);
}

/* A semaphore wait that fails: the parser stays at the command and sleeps; a poll event every
 * CS_SEMAPHORE_POLL_CYCLES runs it again (time advances; the wait is bounded only by the
 * kernel's run bound, as a wait that never succeeds is on hardware). */
bool cs_semaphore_waits(cs_engine_model *model, const cs_decoded *decoded)
{
    if (semaphore_passes(model, decoded))
        return false;
    model->stats.semaphore_polls++;
    model->semaphore_waiting = true;
    model->semaphore_signal_mode = strcmp(decoded->command->name, "MI_SEMAPHORE_WAIT") == 0 &&
                                   cs_get(decoded, "wait_mode", 0) == SEMAPHORE_WAIT_SIGNAL_MODE;
    tlm_event_notify(model->kernel, &model->semaphore_poll,
                     (tlm_time)CS_SEMAPHORE_POLL_CYCLES * model->config.clock_period);
    cs_arbitration_point(model);
    return true;
}

/* genxml gen12.xml MI_SEMAPHORE_SIGNAL Target Engine Select: the class and instance it names
 * (rcs 0, vcs0 1, bcs 2, vecs 3, vcs1 4, vcs2..vcs7 6..11, vecs1..vecs3 12..14). False for a
 * value genxml does not define. */
static bool signal_target(unsigned select, cs_engine *engine, unsigned *instance)
{
    static const struct {
        cs_engine engine; /* the class */
        unsigned instance; /* its instance */
        bool defined;     /* genxml lists the value */
    } targets[16] = {
        [0] = { CS_ENGINE_RCS, 0, true },   [1] = { CS_ENGINE_VCS, 0, true },   [2] = { CS_ENGINE_BCS, 0, true },
        [3] = { CS_ENGINE_VECS, 0, true },  [4] = { CS_ENGINE_VCS, 1, true },   [6] = { CS_ENGINE_VCS, 2, true },
        [7] = { CS_ENGINE_VCS, 3, true },   [8] = { CS_ENGINE_VCS, 4, true },   [9] = { CS_ENGINE_VCS, 5, true },
        [10] = { CS_ENGINE_VCS, 6, true },  [11] = { CS_ENGINE_VCS, 7, true },  [12] = { CS_ENGINE_VECS, 1, true },
        [13] = { CS_ENGINE_VECS, 2, true }, [14] = { CS_ENGINE_VECS, 3, true },
    };
    if (select >= 16u || !targets[select].defined)
        return false;
    *engine = targets[select].engine;
    *instance = targets[select].instance;
    return true;
}

/* A signal reached this engine: a signal-mode wait re-evaluates now instead of at its next
 * poll (polling stays as the fallback; a poll-mode wait ignores signals). */
static void semaphore_wake(cs_engine_model *model)
{
    if (!model->semaphore_waiting || !model->semaphore_signal_mode)
        return;
    model->stats.semaphore_wakes++;
    tlm_event_cancel(model->kernel, &model->semaphore_poll);
    model->semaphore_waiting = false;
    cs_kick(model, 0);
}

/* gen12 MI_SEMAPHORE_SIGNAL: wakes the target engine's signal-mode wait. The target context
 * (DW1) is not compared: ring-buffer submission has no context IDs here (docs/reference/cs.md). */
void cs_semaphore_signal(cs_engine_model *model, const cs_decoded *decoded)
{
    model->stats.semaphore_signals++;
    cs_engine engine;
    unsigned instance;
    unsigned select = (unsigned)cs_get(decoded, "target_engine", 0);
    if (!signal_target(select, &engine, &instance)) {
        tlm_log_error(model->log, "MI_SEMAPHORE_SIGNAL target engine %u not defined: no engine signalled", select);
        return;
    }
    for (unsigned i = 0; i < model->peer_count; i++) {
        cs_engine_model *peer = model->peers[i];
        if (peer->config.engine == engine && peer->config.instance == instance) {
            semaphore_wake(peer);
            return;
        }
    }
    tlm_log_warning(model->log, "MI_SEMAPHORE_SIGNAL target engine %u is not connected: no engine signalled", select);
}

void cs_semaphore_mbox(cs_engine_model *model, const cs_decoded *decoded)
{
    /* spec 000 §1.3.6: Update Semaphore writes the Semaphore Data Dword to the semaphore
     * address (after a passing compare when Compare is set; a failing compare waited before
     * this runs). With Compare Register the update target is the mailbox register. */
    if (!cs_get(decoded, "update", 0))
        return;
    uint32_t data = (uint32_t)cs_get(decoded, "data", 0);
    if (cs_get(decoded, "compare_register", 0))
        *cs_reg(model, cs_get(decoded, "register_select", 0) ? CS_SYNC_1_INDEX : CS_SYNC_0_INDEX) = data;
    else
        cs_store(model, cs_get(decoded, "address", 0), data, 4);
}

bool cs_engine_connect_peer(cs_engine_model *model, cs_engine_model *peer)
{
    if (!peer || model->peer_count == CS_PEER_CAPACITY)
        return false;
    model->peers[model->peer_count++] = peer;
    return true;
}
