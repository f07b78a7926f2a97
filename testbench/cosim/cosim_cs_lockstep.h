/* Lockstep of a command streamer: the C model of one engine (models/cs, the reference) and a
 * device under test that masters the bus as the engine does (the RTL twin of rtl/cs, or in tests
 * another model), run from the same stimulus and the same memory image, their outputs compared
 * as transaction streams (cosim_stream_compare.h; docs/design/cosim.md "The command streamer's
 * lockstep"):
 *
 *   MMIO      the engine's registers: every access goes to the model (a shadow data buffer)
 *             and to the dut; the dut's answer is returned (the run follows the dut); each
 *             read's answer is an item of its side's stream;
 *   memory    the dut fetches from and stores to graphics memory through a tap (its writes are
 *             items); the model has its own memory, an image of graphics memory, behind its own
 *             tap: the host's writes (cosim_cs_lockstep_host_memory) reach both, so both start
 *             each command from the same bytes, and each side's stores stay in its own image;
 *   messages  the model's interrupt messages and the dut's (spec 001's 32-bit format,
 *             irq_message_pack) are items; the dut's go on to the message port set here.
 *
 * Writes into graphics memory by other initiators (other engines, the GuC) do not reach the
 * model's image (choice: the lockstep covers one engine; a stimulus that needs such writes goes
 * through the host's path). */
#ifndef COSIM_CS_LOCKSTEP_H
#define COSIM_CS_LOCKSTEP_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_stream_compare.h"
#include "cs_engine.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim_cs_lockstep cosim_cs_lockstep;

typedef struct cosim_cs_lockstep_config {
    cosim_stream_config order;   /* the streams' compare (policy, tolerance, window, names) */
    cs_engine_config engine;     /* the model's engine; its memory and irq are the lockstep's */
    const tlm_target *memory;    /* graphics memory: the dut's, and where the host's accesses go */
    const tlm_target *host_path; /* where the host's accesses go on instead (another compare in front of memory); NULL: memory */
    uint64_t image_size;         /* bytes of the model's memory image (0: 2^48) */
} cosim_cs_lockstep_config;

/* The device under test, as the lockstep reaches it. */
typedef struct cosim_cs_lockstep_dut {
    const tlm_target *registers;     /* its register block (offsets relative to the engine's base) */
    bool (*busy)(const void *self);  /* true while it has commands to run (NULL: never) */
    const void *self;                /* passed to busy */
} cosim_cs_lockstep_dut;

/* NULL if the profile has no such engine. */
cosim_cs_lockstep *cosim_cs_lockstep_create(tlm_kernel *kernel, const char *name, const cosim_cs_lockstep_config *config);
void cosim_cs_lockstep_destroy(cosim_cs_lockstep *lockstep);

/* What the dut must use as its memory (a tap into config->memory); create the dut with it. */
const tlm_target *cosim_cs_lockstep_dut_memory(cosim_cs_lockstep *lockstep);
void cosim_cs_lockstep_set_dut(cosim_cs_lockstep *lockstep, const cosim_cs_lockstep_dut *dut);
/* The dut's interrupt message (`context` is the lockstep: the shape of cosim_cs_twin_on_message's
 * callback). */
void cosim_cs_lockstep_dut_message(void *context, uint32_t message, tlm_time when);
/* Where the dut's messages go on (the interrupt aggregator); none until set. */
void cosim_cs_lockstep_set_message_sink(cosim_cs_lockstep *lockstep, const irq_message_sink *sink);

/* The engine's MMIO (map it at the engine's base). */
const tlm_target *cosim_cs_lockstep_target(cosim_cs_lockstep *lockstep);
/* The host's path to graphics memory: accesses go on to config->host_path (or memory), writes
 * also to the model's image. */
const tlm_target *cosim_cs_lockstep_host_memory(cosim_cs_lockstep *lockstep);
/* The reference engine. */
cs_engine_model *cosim_cs_lockstep_model(cosim_cs_lockstep *lockstep);
/* The model's memory image. */
tlm_memory *cosim_cs_lockstep_image(cosim_cs_lockstep *lockstep);
/* True while the model or the dut has commands to run. */
bool cosim_cs_lockstep_busy(const cosim_cs_lockstep *lockstep);

/* The streams reached the kernel's now (IN_ORDER's deadlines); returns divergences found. */
uint64_t cosim_cs_lockstep_check(cosim_cs_lockstep *lockstep);
/* The run ended: what is still unmatched is a divergence; returns divergences found. */
uint64_t cosim_cs_lockstep_finish(cosim_cs_lockstep *lockstep);

cosim_stream_compare *cosim_cs_lockstep_compare(cosim_cs_lockstep *lockstep);
uint64_t cosim_cs_lockstep_mismatches(const cosim_cs_lockstep *lockstep);
/* Items matched (pairs). */
uint64_t cosim_cs_lockstep_compared(const cosim_cs_lockstep *lockstep);

#ifdef __cplusplus
}
#endif

#endif
