/* DPI-C package of gtsim's C models (docs/guide/dpi.md): zero-time functions over opaque
 * handles, so a SystemVerilog or UVM bench on any simulator can use a model as its reference.
 * rtl/dpi/gtsim_pkg.sv declares every function below with `import "DPI-C"`; the types are
 * the ones that cross DPI unchanged: int (int32_t), longint (int64_t), chandle (void *) and
 * string (const char *).
 *
 * A handle is either a whole GT (the simulated platform of testbench/platform: the profile's
 * GT on its MMIO BAR, graphics memory, the host interrupt line, the GT clock) or one block
 * alone with its own time base:
 *   "irq_gen11" - the gen11+ interrupt aggregation (models/irq/irq_gen11.h); its host block at
 *                 MMIO offset 0 and its GuC block at GTSIM_DPI_IRQ_GEN11_GUC_BASE, as the RTL
 *                 twin's one AXI4-Lite port (rtl/irq/irq_gen11.sv GucBase);
 *   "irq_gen6"  - the gen6 GT interrupt registers (models/irq/irq_gen6.h) at MMIO offset 0;
 *   "doorbell"  - the GTI doorbell controller and the GuC block (models/doorbell, models/guc)
 *                 on a graphics memory of their own: the host's view at the GT's BAR offsets
 *                 (DRBREG and DB_STATUS at 0x1000, the hashing fuse at 0xB00, the GuC block at
 *                 0xC000), the GuC's view (the install shim in place of the doorbell registers,
 *                 and the GuC block) at GTSIM_DPI_DOORBELL_GUC_VIEW plus the same offsets; its
 *                 interrupts to the host are messages (gtsim_dpi_irq_message_next), those to the
 *                 micro-core causes (gtsim_dpi_guc_core);
 *   "rcs", "bcs", "vcs", "vecs" - one gen12 command streamer (models/cs) on a graphics memory of
 *                 its own, its registers at offsets relative to its MMIO base; its interrupt
 *                 messages are kept for gtsim_dpi_irq_message_next; idle when it has no command
 *                 left to execute.
 *
 * Every function answers at once (no simulated time passes unless it is a run function) and
 * never calls back into SystemVerilog, so it is legal from any SV function. Every input is
 * checked: a NULL, destroyed or foreign handle, or an argument out of range, returns an error
 * code (below) and leaves a message that gtsim_dpi_last_error() returns. No call crashes. */
#ifndef GTSIM_DPI_H
#define GTSIM_DPI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bus responses (the MMIO and memory functions' return values): the TLM-2.0 response status
 * values of tlm_payload.h, so a bench can map them to its bus (OK -> OKAY, ADDRESS_ERROR ->
 * DECERR, the rest -> SLVERR; gtsim_pkg::gtsim_axi_resp). */
#define GTSIM_DPI_RESP_OK 1
#define GTSIM_DPI_RESP_INCOMPLETE 0
#define GTSIM_DPI_RESP_GENERIC_ERROR (-1)
#define GTSIM_DPI_RESP_ADDRESS_ERROR (-2)
#define GTSIM_DPI_RESP_COMMAND_ERROR (-3)
#define GTSIM_DPI_RESP_BURST_ERROR (-4)
#define GTSIM_DPI_RESP_BYTE_ENABLE_ERROR (-5)

/* Errors of the package itself (never a bus response): the call did nothing. */
#define GTSIM_DPI_OK 0
#define GTSIM_DPI_ERR_HANDLE (-100)      /* NULL, destroyed or foreign handle */
#define GTSIM_DPI_ERR_ARGUMENT (-101)    /* an argument out of its range */
#define GTSIM_DPI_ERR_UNSUPPORTED (-102) /* the handle has no such part (memory of a block) */
#define GTSIM_DPI_ERR_RUN (-103)         /* the kernel could not run (see the log) */

/* Where the irq_gen11 block handle answers its GuC block (rtl/irq/irq_gen11.sv GucBase). */
#define GTSIM_DPI_IRQ_GEN11_GUC_BASE 0x200
/* Size of the irq_gen11 block handle's MMIO space (the RTL twin's 10-bit port). */
#define GTSIM_DPI_IRQ_GEN11_SPACE 0x400
/* Most live handles at once (a bench makes a few; the bound keeps a leak finite). */
#define GTSIM_DPI_MAX_HANDLES 64
/* Most cycles one run call may advance (about 4.3 s of a 1 GHz clock). */
#define GTSIM_DPI_MAX_RUN_CYCLES INT64_C(4294967296)
/* Log lines kept for gtsim_dpi_log_next; older lines are dropped and counted. */
#define GTSIM_DPI_LOG_LINES 256
/* Longest log line handed to SV (longer ones are cut). */
#define GTSIM_DPI_LOG_LINE_SIZE 256
/* Where the doorbell block's GuC view starts in its MMIO space. */
#define GTSIM_DPI_DOORBELL_GUC_VIEW 0x100000
/* Interrupt messages a block keeps for gtsim_dpi_irq_message_next (older ones are dropped). */
#define GTSIM_DPI_MESSAGES 64
/* Clock period of a block handle's time base, in picoseconds (a choice: 1 GHz). */
#define GTSIM_DPI_BLOCK_CLOCK_PS 1000

/* ---- handles ------------------------------------------------------------------------------ */

/* A whole GT of `profile` ("gen12", "gen6"; "" or NULL: gen12), every block a C model. NULL,
 * with the reason in gtsim_dpi_last_error(), for an unknown profile or too many handles. */
void *gtsim_dpi_create_gt(const char *profile);
/* One block alone ("irq_gen11", "irq_gen6", "doorbell", "rcs", "bcs", "vcs", "vecs"). NULL for
 * another name or too many handles. */
void *gtsim_dpi_create_block(const char *block);
/* GTSIM_DPI_OK, or ERR_HANDLE (a destroyed handle is not destroyed twice). */
int gtsim_dpi_destroy(void *handle);
/* The last error message of this process ("" when none yet). */
const char *gtsim_dpi_last_error(void);

/* ---- MMIO --------------------------------------------------------------------------------- */

/* A 32-bit MMIO read at `offset` (GT: into the MMIO BAR; block: into its space). The value is
 * stored in *data (0 unless the response is OK). Returns the bus response or a package error. */
int gtsim_dpi_mmio_read(void *handle, int64_t offset, int32_t *data);
/* A 32-bit MMIO write with byte strobes `strobes` (bits 3:0, as AXI WSTRB; 0xF: all bytes).
 * Strobes 0 is a write of no byte (AXI4-Lite allows it): nothing is written, and the answer
 * is OK where a register decodes (a debug read of the offset answers), ADDRESS_ERROR
 * elsewhere (a choice: no side effect of a write happens without a written byte). */
int gtsim_dpi_mmio_write(void *handle, int64_t offset, int32_t data, int32_t strobes);

/* ---- graphics memory (GT handles) --------------------------------------------------------- */

/* A dword read or write of graphics memory at a 48-bit address (a write the doorbell block's
 * controller watches is seen at once). Interrupt blocks: ERR_UNSUPPORTED. */
int gtsim_dpi_mem_read(void *handle, int64_t address, int32_t *data);
int gtsim_dpi_mem_write(void *handle, int64_t address, int32_t data);

/* ---- interrupt messages ------------------------------------------------------------------- */

/* One engine interrupt message (spec 001 fields: VF id 0-7, class 0-7, instance 0-63, data
 * 0-0xFFFF) into the aggregator's message port, handled at once. A block takes every message
 * its pins can carry (an unknown engine or a VF other than 0 is dropped by the model with a
 * log line, as the hardware drops it). A GT takes messages from the engines of its profile with
 * VF 0 (gtsim_system_irq_raise); others: ERR_ARGUMENT. GTSIM_DPI_OK when delivered. */
int gtsim_dpi_irq_message(void *handle, int32_t vf_id, int32_t engine_class, int32_t instance, int32_t data);

/* ---- outputs ------------------------------------------------------------------------------ */

/* Level of the host interrupt line: 0 or 1, or a package error. */
int gtsim_dpi_host_irq(void *handle);
/* Level of GuC interrupt vector 0 or 1 (gen12 GT, irq_gen11 block), or a package error. */
int gtsim_dpi_guc_vector(void *handle, int32_t vector);

/* The oldest interrupt message a doorbell or engine block sent and the bench has not taken, in
 * spec 001's 32-bit format (irq_message_pack: VF 29:27, instance 25:20, class 18:16, data
 * 15:0): 1 with *word set, 0 when there is none, or a package error. */
int gtsim_dpi_irq_message_next(void *handle, int32_t *word);
/* The doorbell block's micro-core interrupt causes raised and not yet taken (GUC_CORE_DOORBELL
 * bit 0, GUC_CORE_HOST2GUC bit 1); acknowledge != 0 takes them. Or a package error. */
int gtsim_dpi_guc_core(void *handle, int32_t acknowledge);

/* ---- time --------------------------------------------------------------------------------- */

/* Advances the handle's clock by `cycles` (0..GTSIM_DPI_MAX_RUN_CYCLES). GTSIM_DPI_OK or error. */
int gtsim_dpi_run(void *handle, int64_t cycles);
/* Runs until nothing is pending and the GT says it is idle, at most `max_cycles`
 * (1..GTSIM_DPI_MAX_RUN_CYCLES): 1 idle, 0 still busy at the bound, or a package error. */
int gtsim_dpi_run_idle(void *handle, int64_t max_cycles);
/* Simulated time of the handle in picoseconds (-1 for a bad handle). */
int64_t gtsim_dpi_now_ps(void *handle);

/* ---- log ---------------------------------------------------------------------------------- */

/* The model's warnings and errors (tlm_log.h) are kept, oldest first, as
 * "[time ps] level block: message". gtsim_dpi_log_next returns the oldest line and forgets it,
 * or "" when there is none (or for a bad handle); the text is valid until the next call on the
 * handle. gtsim_dpi_log_pending counts kept lines; gtsim_dpi_log_dropped lines lost to the
 * bound; gtsim_dpi_log_print(handle, 0) stops the printing to stderr (lines are still kept). */
const char *gtsim_dpi_log_next(void *handle);
int gtsim_dpi_log_pending(void *handle);
int64_t gtsim_dpi_log_dropped(void *handle);
int gtsim_dpi_log_print(void *handle, int32_t on);

/* ---- bench support ------------------------------------------------------------------------ */

/* The value of environment variable `name` as a decimal or 0x number (a seed, a count), or
 * `fallback` when it is unset, empty or not a number (a message says which). */
int64_t gtsim_dpi_env_int(const char *name, int64_t fallback);

#ifdef __cplusplus
}
#endif

#endif
