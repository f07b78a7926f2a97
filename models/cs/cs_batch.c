/* Batch buffers (spec 000 §1.2.5, genxml gen12; docs/reference/cs.md "Batch buffers", "Privilege"): the
 * levels (the ring, a first-level and a gen12 second-level batch), chaining, the end of a batch
 * (MI_BATCH_BUFFER_END, MI_CONDITIONAL_BATCH_BUFFER_END), a batch's security, and the checks a
 * command parsed in a batch passes before it runs. */
#include "cs_engine_internal.h"

/* The batch security field of MI_BATCH_BUFFER_START per profile, and its secure value. */
typedef struct security_field {
    cs_hot_field field;   /* the field in the profile's table */
    uint64_t secure;      /* value selecting a secure (GGTT, privileged) batch */
} security_field;

static const security_field security_fields[CS_PROFILE_COUNT] = {
    [CS_PROFILE_GEN6] = { CS_HF_SECURITY, 0 },       /* spec 000 §1.2.5: 0h MI_BUFFER_SECURE */
    [CS_PROFILE_GEN12] = { CS_HF_ADDRESS_SPACE, 0 }, /* genxml gen12: 0 GGTT (secure) */
};

/* ---- levels and chaining ----------------------------------------------------------------- */

void cs_leave_batches(cs_engine_model *model)
{
    model->level = 0;
    model->batch_dwords = 0;
    model->line_valid = false;
}

/* spec 000 §1.2.5 (gen6) and genxml gen12: a batch from the ring is secure if it asks to be;
 * a batch started from a batch is secure only if its parent is (chained batches inherit). */
void cs_batch_start(cs_engine_model *model, const cs_decoded *decoded)
{
    const security_field *security = &security_fields[model->config.profile];
    bool secure = cs_hot(model, decoded, security->field) == security->secure;
    /* gen6, spec 000 §1.2.5 bit 8: from within a batch "this field is IGNORED and the next
     * buffer in the chain inherits the initial buffer's security characteristics". gen12,
     * spec 002: a chained or second-level batch may keep or lower its parent's privilege. */
    if (model->level > 0 && model->config.profile == CS_PROFILE_GEN6)
        secure = model->batch_secure[model->level];
    else if (model->level > 0)
        secure = secure && model->batch_secure[model->level];
    /* gen12 (genxml "Predication Enable"): with MI_PREDICATE_RESULT clear the start is not
     * taken and parsing goes on after it. No chain count: a batch that chains to itself (a
     * spinner) runs until software rewrites it; the run's cycle bound ends a runaway. */
    if (cs_hot(model, decoded, CS_HF_PREDICATION) && !(*cs_reg(model, CS_MI_PREDICATE_RESULT_INDEX) & 1u)) {
        model->stats.predicated++;
        return;
    }
    /* gen12 (genxml "Second Level Batch Buffer"): from a first-level batch it nests and
     * MI_BATCH_BUFFER_END returns after it; otherwise a batch started in a batch replaces it
     * (chaining). gen6 has one batch level (spec 000 §1.2.5). */
    bool nest = model->level == 0 ||
                (model->config.profile == CS_PROFILE_GEN12 && model->level == 1 && cs_hot(model, decoded, CS_HF_SECOND_LEVEL));
    if (nest)
        model->level++;
    model->batch_pc[model->level] = cs_hot(model, decoded, CS_HF_ADDRESS);
    model->batch_secure[model->level] = secure;
    model->batch_encrypted[model->level] = model->config.profile == CS_PROFILE_GEN6 && cs_hot(model, decoded, CS_HF_ENCRYPTED);
    model->line_valid = false;
    model->stats.batches++;
}

void cs_batch_end(cs_engine_model *model)
{
    if (model->level == 0) {
        tlm_log_warning(model->log, "MI_BATCH_BUFFER_END in the ring: ignored");
        return;
    }
    model->level--;
    model->line_valid = false;
    if (model->level == 0)
        cs_leave_batches(model);
}

/* ---- MI_CONDITIONAL_BATCH_BUFFER_END (gen12) --------------------------------------------- */

/* MI_CONDITIONAL_BATCH_BUFFER_END (genxml gen12.xml fields; docs/reference/cs.md for the compare): with
 * compare_semaphore, the dword at compare_address (ANDed with the next dword when
 * compare_mask_mode is set) is compared with compare_data: greater, the batch goes on;
 * otherwise it ends as with MI_BATCH_BUFFER_END. Without compare_semaphore nothing happens. */
void cs_conditional_batch_end(cs_engine_model *model, const cs_decoded *decoded)
{
    if (!cs_get(decoded, "compare_semaphore", 0))
        return;
    uint64_t address = cs_get(decoded, "compare_address", 0);
    uint32_t value = 0;
    if (!cs_load(model, address, &value))
        return; /* a refused load: Page Table error, the batch goes on */
    if (cs_get(decoded, "compare_mask_mode", 0)) {
        uint32_t mask = 0;
        if (!cs_load(model, address + 4u, &mask))
            return;
        value &= mask;
    }
    if (value > (uint32_t)cs_get(decoded, "compare_data", 0))
        return;
    cs_batch_end(model);
}

/* ---- privilege --------------------------------------------------------------------------- */

/* A GGTT select the profile does not treat as a privileged command (gen6: spec 000 §1.1.7.3
 * "Memory Privilege Violation"; the command tables list the selector as a privilege field). */
static bool ggtt_selected(const cs_decoded *decoded)
{
    const char *name = decoded->command->privilege_fields[0];
    return decoded->command->privilege == CS_PRIV_NONE && name && cs_get(decoded, name, 0) != 0;
}

/* The checks of a command parsed in a batch buffer: ring-only commands, privileged commands
 * in an encrypted or a non-secure batch, GGTT selects in a non-secure batch. False when the
 * command is not executed (dropped, or converted to MI_NOOP); the batch goes on either way. */
bool cs_batch_permits(cs_engine_model *model, const cs_decoded *decoded)
{
    if (decoded->command->flags & CS_CMD_RING_ONLY) {
        tlm_log_warning(model->log, "%s in a batch buffer (ring only): dropped", decoded->command->name);
        return false;
    }
    if (model->batch_encrypted[model->level] && decoded->command->privilege == CS_PRIV_ALWAYS) {
        /* gen6, spec 000 §1.2.5 bit 12: "Commands in the ... Privileged Commands [table] are not
         * allowed from Encrypted Batch Buffers and will be turned into NOOP commands". */
        tlm_log_warning(model->log, "privileged %s in an encrypted batch: converted to MI_NOOP",
                        decoded->command->name);
        return false;
    }
    if (!model->batch_secure[model->level]) {
        if (cs_decoded_privileged(decoded)) {
            /* spec 000 §1.1.7.3 bit 2, spec 002 (also "converted to a NOOP if Use Global GTT
             * is enabled" for gen12's GGTT-selecting commands): a NOOP, parsing continues. */
            tlm_log_warning(model->log, "privileged %s in a non-secure batch: converted to MI_NOOP",
                            decoded->command->name);
            cs_raise_error(model, ERR_COMMAND_PRIVILEGE);
            return false;
        }
        if (ggtt_selected(decoded)) {
            /* spec 000 §1.1.7.3 bit 3 (gen6): executed as if it selected the PPGTT; one flat
             * memory here, so the same address. */
            tlm_log_warning(model->log, "%s selects the GGTT in a non-secure batch: used as PPGTT",
                            decoded->command->name);
            cs_raise_error(model, ERR_MEMORY_PRIVILEGE);
        }
    }
    return true;
}
