#include "cosim_user_twin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_axi4_trace.h"
#include "cosim_axi_lite_transactor.h"
#include "tlm_alloc.h"

/* Reset length when the caller gives none: enough for a two-stage synchroniser. */
#define DEFAULT_RESET_CYCLES 4u

/* One master port's place in the chain of slave transactors a cycle passes through. */
typedef struct master_link {
    struct cosim_user_twin *twin; /* the owner */
    unsigned index;               /* the port */
} master_link;

struct cosim_user_twin {
    const cosim_user_rtl_ops *ops;               /* the generated wrapper */
    void *rtl;                                   /* its instance */
    tlm_kernel *kernel;                          /* time base of the pin rows */
    tlm_log_block *log;                          /* where protocol notes go */
    cosim_axi_lite_transactor *registers;        /* the register port's transactor (owns the stepping) */
    cosim_axi4_slave *masters[COSIM_USER_MAX_MASTERS]; /* one slave transactor per master port */
    master_link links[COSIM_USER_MAX_MASTERS];   /* their cycle contexts */
    char master_scopes[COSIM_USER_MAX_MASTERS][96]; /* their instance names (<name>.m_axi_<port>) */
    cosim_axi4_trace master_traces[COSIM_USER_MAX_MASTERS]; /* their pin rows (all 0: not traced) */
    tlm_time period;                             /* the clock's period (pin row stamps) */
    cosim_user_rtl_inputs in;                    /* what the next cycle drives */
    cosim_user_rtl_outputs out;                  /* what the last cycle sampled */
    tlm_signal irq[COSIM_USER_MAX_IRQS];         /* the interrupt outputs */
    tlm_trace_id irq_rows[COSIM_USER_MAX_IRQS];  /* their pin rows (0: not traced) */
    cosim_user_message_fn on_message;            /* message sink */
    void *message_context;                       /* its context */
    uint64_t messages;                           /* messages taken */
    uint64_t cycles;                             /* RTL cycles stepped */
};

/* Where a master port with no target sends its bursts: nothing decodes them (DECERR). */
static void no_target_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)self;
    (void)delay;
    payload->response = TLM_STATUS_ADDRESS_ERROR;
}

static const tlm_target no_target = { .name = "no target", .b_transport = no_target_transport };

/* The innermost step: every port's inputs are set, the block is clocked once. */
static void clock_block(cosim_user_twin *twin)
{
    twin->ops->cycle(twin->rtl, &twin->in, &twin->out);
    twin->cycles++;
}

/* The slave transactor of port `index` drives its pins, then the next port's transactor (or
 * the block) runs the cycle, and the port's requests go back to it. */
static void master_cycle(void *context, const cosim_axi4_response_pins *in, cosim_axi4_request_pins *out)
{
    master_link *link = context;
    cosim_user_twin *twin = link->twin;
    twin->in.masters[link->index] = *in;
    if (link->index + 1 < twin->ops->master_count)
        cosim_axi4_slave_run(twin->masters[link->index + 1], 1);
    else
        clock_block(twin);
    *out = twin->out.masters[link->index];
}

static void register_cycle(void *context, const cosim_axi_lite_request_pins *in, cosim_axi_lite_response_pins *out)
{
    cosim_user_twin *twin = context;
    twin->in.registers = *in;
    if (twin->ops->master_count > 0)
        cosim_axi4_slave_run(twin->masters[0], 1);
    else
        clock_block(twin);
    *out = twin->out.registers;
}

/* After each cycle: the master ports' pin rows, messages taken at its edge, interrupt levels. */
static void after_cycle(void *context, tlm_time edge_time)
{
    cosim_user_twin *twin = context;
    for (unsigned i = 0; i < twin->ops->master_count; i++)
        if (twin->master_traces[i].clk)
            cosim_axi4_trace_cycle(&twin->master_traces[i], twin->kernel, &twin->out.masters[i], &twin->in.masters[i],
                                   edge_time, twin->period);
    for (unsigned i = 0; i < twin->ops->message_count; i++)
        if (twin->out.message_valid[i] && twin->in.message_ready[i]) {
            twin->messages++;
            if (twin->on_message)
                twin->on_message(twin->message_context, i, twin->out.message_data[i], edge_time);
        }
    for (unsigned i = 0; i < twin->ops->irq_count; i++) {
        tlm_trace_set_at(twin->kernel, twin->irq_rows[i], edge_time, twin->out.irq[i]);
        tlm_signal_set(&twin->irq[i], twin->out.irq[i]);
    }
}

static bool ops_fit(const cosim_user_rtl_ops *ops)
{
    return ops->master_count <= COSIM_USER_MAX_MASTERS && ops->irq_count <= COSIM_USER_MAX_IRQS &&
           ops->message_count <= COSIM_USER_MAX_MESSAGES && ops->address_bits >= 1 && ops->address_bits <= 16;
}

cosim_user_twin *cosim_user_twin_create(const cosim_user_rtl_ops *ops, const cosim_user_twin_config *config)
{
    tlm_log_block *log = tlm_logger_block(tlm_kernel_logger(config->kernel), config->name);
    if (!ops_fit(ops)) {
        tlm_log_error(log, "%s: %u master, %u interrupt, %u message ports, %u address bits: more than supported",
                      ops->top, ops->master_count, ops->irq_count, ops->message_count, ops->address_bits);
        return NULL;
    }
    void *rtl = ops->create();
    if (!rtl) {
        tlm_log_error(log, "%s: the Verilated block could not be built", ops->top);
        return NULL;
    }
    cosim_user_twin *twin = tlm_alloc_zeroed(1, sizeof *twin);
    twin->ops = ops;
    twin->rtl = rtl;
    twin->kernel = config->kernel;
    twin->period = config->clock->period;
    twin->log = log;
    twin->on_message = config->on_message;
    twin->message_context = config->message_context;
    for (unsigned i = 0; i < ops->message_count; i++)
        twin->in.message_ready[i] = true;
    ops->reset(rtl, config->reset_cycles ? config->reset_cycles : DEFAULT_RESET_CYCLES);

    for (unsigned i = 0; i < ops->master_count; i++) {
        snprintf(twin->master_scopes[i], sizeof twin->master_scopes[i], "%s.m_axi_%s", config->name,
                 ops->master_names[i]);
        twin->links[i] = (master_link){ twin, i };
        cosim_axi4_slave_config slave = {
            .name = twin->master_scopes[i],
            .kernel = config->kernel,
            .clock = NULL, /* stepped through the register port's cycle */
            .period = config->clock->period,
            .rtl = &twin->links[i],
            .cycle = master_cycle,
            .target = config->masters[i] ? config->masters[i] : &no_target,
            .base_address = config->master_base[i],
            .address_space = TLM_SPACE_PPGTT,
            .initiator_id = config->initiator_id,
        };
        memcpy(slave.delay, config->master_delay[i], sizeof slave.delay);
        twin->masters[i] = cosim_axi4_slave_create(&slave);
        /* Stepped without a clock, the transactor draws no rows: the twin stamps them. */
        cosim_axi4_trace_declare(&twin->master_traces[i], config->kernel, twin->master_scopes[i], true,
                                 config->clock->period);
    }
    for (unsigned i = 0; i < ops->irq_count; i++) {
        char row[64];
        snprintf(row, sizeof row, "irq_%s_o", ops->irq_names[i]);
        tlm_signal_init(&twin->irq[i], ops->irq_names[i], 1, 0);
        twin->irq_rows[i] = tlm_trace_bits(config->kernel, config->name, row, 1, TLM_TRACE_BIN, 0);
        tlm_signal_trace(&twin->irq[i], config->kernel, config->name);
    }
    cosim_axi_lite_transactor_config lite = {
        .name = config->name,
        .kernel = config->kernel,
        .clock = config->clock,
        .rtl = twin,
        .cycle = register_cycle,
        .address_bits = ops->address_bits,
        .initiator_id = config->initiator_id,
    };
    twin->registers = cosim_axi_lite_transactor_create(&lite);
    cosim_axi_lite_transactor_on_cycle(twin->registers, after_cycle, twin);
    return twin;
}

void cosim_user_twin_destroy(cosim_user_twin *twin)
{
    if (!twin)
        return;
    cosim_axi_lite_transactor_destroy(twin->registers);
    for (unsigned i = 0; i < twin->ops->master_count; i++)
        cosim_axi4_slave_destroy(twin->masters[i]);
    for (unsigned i = 0; i < twin->ops->irq_count; i++)
        tlm_signal_destroy(&twin->irq[i]);
    twin->ops->destroy(twin->rtl);
    free(twin);
}

const cosim_user_rtl_ops *cosim_user_twin_ops(const cosim_user_twin *twin)
{
    return twin->ops;
}

const tlm_target *cosim_user_twin_registers(cosim_user_twin *twin)
{
    return cosim_axi_lite_transactor_target(twin->registers);
}

tlm_signal *cosim_user_twin_irq(cosim_user_twin *twin, unsigned index)
{
    return index < twin->ops->irq_count ? &twin->irq[index] : NULL;
}

cosim_axi4_slave *cosim_user_twin_master(cosim_user_twin *twin, unsigned index)
{
    return index < twin->ops->master_count ? twin->masters[index] : NULL;
}

bool cosim_user_twin_masters_idle(const cosim_user_twin *twin)
{
    for (unsigned i = 0; i < twin->ops->master_count; i++)
        if (!cosim_axi4_slave_idle(twin->masters[i]))
            return false;
    return true;
}

uint64_t cosim_user_twin_messages(const cosim_user_twin *twin)
{
    return twin->messages;
}

uint64_t cosim_user_twin_cycles(const cosim_user_twin *twin)
{
    return twin->cycles;
}

uint64_t cosim_user_twin_assertion_failures(const cosim_user_twin *twin)
{
    return twin->ops->assertion_failures(twin->rtl);
}

int cosim_user_rtl_find(const char *const *names, unsigned count, const char *name)
{
    for (unsigned i = 0; i < count; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return (int)i;
    return -1;
}
