/* A user's RTL block and its C model in the platform (docs/guide/bring-your-own-rtl.md): one
 * call registers a twin descriptor (gtsim_twin_registry.h) built from the block's generated
 * wrapper (cosim_user_rtl.h, from gtsim_add_user_twin() in CMake) and the user's model, so that
 * gtsim_system builds it in model, rtl or lockstep mode like the product's twins. The block sits
 * outside the GT: its registers are mapped on the GT's BAR at `mmio_base`, its master ports
 * reach graphics memory (each at its window `master_base`), its interrupt outputs are ORed into
 * the host interrupt line, and its messages go to the user's callback.
 *
 * Lockstep. The model and the RTL get the same register accesses (cosim_lockstep compares
 * every response and read value; the host sees the RTL's). Both read graphics memory; the
 * RTL's writes reach it, the model's are recorded only (so a wrong model write cannot change
 * what the RTL reads). The outputs of both sides' master ports and message ports go through a
 * stream compare (cosim_stream_compare.h: memory writes by enabled bytes per 64-byte line,
 * merged per line while a side keeps writing it without rewriting a byte; messages with their
 * port and value) under the order policy of --lockstep-order (default per-address); its
 * divergences are found as the items arrive. gtsim_user_twin_compare marks a quiescent point
 * the user chooses (e.g. after the completion interrupt): every item still unmatched is a
 * divergence, and the rising edges and level of each interrupt output are compared. Each
 * divergence is logged as an error and counted in the twin's mismatches; the first one fires
 * the waveform's on-fail trigger (tlm_trace_trigger) and its report (both streams'
 * neighbours, the time, the waveform window) is logged. Streams that agree imply final memory
 * images that agree (writes sharing a byte keep their order under every policy). */
#ifndef GTSIM_USER_TWIN_H
#define GTSIM_USER_TWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cosim_axi4_delay.h"
#include "cosim_user_rtl.h"
#include "gtsim_system.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Twins registered through gtsim_user_twin_register at most (the platform's added mode slots). */
#define GTSIM_USER_TWIN_MAX GTSIM_SYSTEM_ADDED_TWINS

/* A message from port `port` (index in the wrapper's message_names). */
typedef void (*gtsim_user_message_fn)(void *context, unsigned port, uint64_t data, tlm_time when);

/* What the platform gives the user's model. */
typedef struct gtsim_user_model_ports {
    const tlm_target *masters[COSIM_USER_MAX_MASTERS]; /* each master port's path to graphics memory (addresses as the RTL's, before master_base) */
    gtsim_user_message_fn message;                     /* the model sends its messages here */
    void *message_context;                             /* first argument of message */
} gtsim_user_model_ports;

/* The user's C model behind the same ports as the RTL. */
typedef struct gtsim_user_model_ops {
    void *(*create)(tlm_kernel *kernel, tlm_clock *clock, const gtsim_user_model_ports *ports, void *context);
    void (*destroy)(void *model);
    const tlm_target *(*registers)(void *model);   /* its register block, offsets relative to the block */
    tlm_signal *(*irq)(void *model, unsigned index); /* interrupt output `index` (the wrapper's irq_names order) */
} gtsim_user_model_ops;

typedef struct gtsim_user_twin_setup {
    const char *name;                         /* --rtl NAME; the block's name in logs */
    const char *description;                  /* one line for usage texts */
    const cosim_user_rtl_ops *rtl;            /* the generated wrapper (<name>_user_rtl()) */
    gtsim_user_model_ops model;               /* the C model (create NULL: rtl mode only) */
    void *model_context;                      /* last argument of model.create */
    uint64_t mmio_base;                       /* the registers' place on the GT's BAR */
    uint64_t mmio_size;                       /* and their size */
    uint64_t master_base[COSIM_USER_MAX_MASTERS]; /* added to each master port's addresses in graphics memory */
    cosim_axi4_delay master_delay[COSIM_USER_MAX_MASTERS][COSIM_AXI4_CHANNELS]; /* the RTL's handshake delay patterns per port (zero: none) */
    gtsim_user_message_fn on_message;         /* the simulated block's messages (lockstep: the RTL's); NULL: none */
    void *message_context;                    /* first argument of on_message */
} gtsim_user_twin_setup;

/* Registers the block with the platform; the setup is copied. False with a message in `error`
 * when the name is taken, the setup is incomplete or GTSIM_USER_TWIN_MAX blocks are registered. */
bool gtsim_user_twin_register(const gtsim_user_twin_setup *setup, char *error, size_t error_size);

/* Applies `--rtl NAME[,NAME...]`, `--lockstep` and `--lockstep-order ORDER` (exact, in-order[:NS],
 * per-address: the stream compare's policy; config->lockstep_order points into argv) from argv to `config` for the registered twins
 * (as gtsim's own options: --rtl selects rtl mode, with --lockstep lockstep mode; --lockstep
 * alone: every registered user twin in lockstep) and removes them from argv. False with a
 * message in `error` for an unknown name or a missing argument. */
bool gtsim_user_twin_parse_args(int *argc, char **argv, gtsim_system_config *config, char *error, size_t error_size);

/* The block's mode in `config`; its mode slot (NULL for a name not registered). */
gtsim_block_mode *gtsim_user_twin_mode_slot(const char *name, gtsim_system_config *config);

/* The block's register target as the host reaches it (the model's, the RTL's or the lockstep's);
 * NULL when the system has no such block. */
const tlm_target *gtsim_user_twin_registers(gtsim_system *system, const char *name);
/* Its interrupt output `index` as the host line sees it (lockstep: the RTL's). */
const tlm_signal *gtsim_user_twin_irq(gtsim_system *system, const char *name, unsigned index);

/* Lockstep: a quiescent point. Closes both sides' streams for now (an item still unmatched is a
 * divergence), compares the interrupt edges since the last point and the levels, and returns
 * the divergences found since the last point (the streams' included); 0 in the other modes. */
uint64_t gtsim_user_twin_compare(gtsim_system *system, const char *name);
/* The first divergence's description (register or stream), "" when none. */
const char *gtsim_user_twin_first_mismatch(gtsim_system *system, const char *name);

#ifdef __cplusplus
}
#endif

#endif
