/* GTI doorbell controller (spec 001 "GPU Doorbells", "Doorbell Group Registers"): 256 doorbells,
 * each watching one 64-byte cacheline of memory through the memory's write observers (DESIGN
 * §4, tlm_memory_watch), a status vector of 8 groups of 32 bits, and the message to the GuC
 * interrupt block when a group goes from all zeros to non-zero. docs/reference/doorbell.md describes the
 * behaviour and every choice; docs/facts.md the public facts.
 *
 *   GuC shim install (doorbell_install) ─► VALID + watched line ─► memory write observed ─►
 *   cookie rules ─► status bit (collapsing) ─► group 0 -> non-zero: message (doorbell_guc_port)
 *   software read of the group register: value returned, group cleared, bits handed over
 *   (doorbell_guc_port.group_read) so the GuC interrupt block keeps them in GUC_DB_ISR_<g>.
 *
 * The doorbell line (spec 001 "Doorbell Page and Cacheline"; i915 struct guc_doorbell_info):
 * DW0 bit 0 = status (1 active, 0 inactive), DW1 = cookie. On every write that touches a
 * valid doorbell's line the controller looks at the line's new contents:
 *   cookie 0                      -> recorded, no ring (the driver's initial value)
 *   cookie equal to the recorded  -> no ring
 *   other cookie                  -> ring: status bit set, cookie recorded
 *   then DW0 bit 0 == 0           -> deactivation: VALID cleared, line no longer watched
 * so a cookie changed by the same write that deactivates still rings.
 *
 * MMIO (map at DOORBELL_MMIO_BASE, DOORBELL_BLOCK_SIZE bytes): 32-bit aligned accesses as
 * tlm_register.h. DRBREGL(n)/DRBREGU(n) at n * DOORBELL_REGISTER_STRIDE read the doorbell's
 * VALID and cacheline address; direct writes are refused with a warning (the GuC shim installs
 * doorbells). DB_STATUS<g> is read-clear; debug transport reads without clearing. */
#ifndef DOORBELL_H
#define DOORBELL_H

#include <stdbool.h>
#include <stdint.h>

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Base of the block in the GT MMIO map: DRBREGL(0) (i915 GEN8_DRBREGL(x) = 0x1000 + 8x; spec
 * 001 "doorbell range: 0x1000 - 0x17FF"). */
#define DOORBELL_MMIO_BASE UINT64_C(0x1000)
/* spec 001: "the hardware will support monitoring of 256 cache-line addresses". */
#define DOORBELL_COUNT 256u
/* spec 001 "Doorbell Group Registers": eight GTI registers of 32 doorbells. */
#define DOORBELL_GROUPS 8u
#define DOORBELL_PER_GROUP 32u
/* Bytes between two doorbells' register pairs (i915 GEN8_DRBREGL(x) = 0x1000 + x * 8). */
#define DOORBELL_REGISTER_STRIDE 8u
/* spec 001 "Doorbell Page and Cacheline": recommended line = bell number mod 64. */
#define DOORBELL_LINES_PER_PAGE 64u

typedef struct doorbell doorbell;

/* The message port to the GuC interrupt block (spec 001 "Doorbell Group Registers"). */
typedef struct doorbell_guc_port {
    /* Groups (bit g = group g) whose register went from all zeros to non-zero. */
    void (*rung)(void *self, uint8_t groups);
    /* A software read of group `group` returned `bits` and cleared the group (spec 001: "A read
     * from interrupt status stage to doorbell status stage moves the bits to interrupt status
     * register and clears the doorbell status register"). Called on every read, bits 0 too. */
    void (*group_read)(void *self, unsigned group, uint32_t bits);
    void *self; /* the GuC interrupt block */
} doorbell_guc_port;

/* Result of an install (the GuC shim reports it in its install status register). */
typedef enum doorbell_install_result {
    DOORBELL_INSTALL_OK = 0,           /* armed: VALID set, line watched, cookie recorded */
    DOORBELL_INSTALL_BUSY,             /* the doorbell's VALID is already set */
    DOORBELL_INSTALL_CACHELINE_IN_USE, /* another valid doorbell watches the same line (spec 001 forbids it) */
    DOORBELL_INSTALL_PENDING,          /* the doorbell's status bit is still set (spec 001: GuC clears it first) */
    DOORBELL_INSTALL_FAULT,            /* bad doorbell number, unaligned line, or line outside the memory */
    DOORBELL_INSTALL_INACTIVE          /* armed, but the line's DW0 bit 0 was 0: VALID cleared at once */
} doorbell_install_result;

const char *doorbell_install_result_name(doorbell_install_result result);

/* Counters for tests, benchmarks and the run summary. */
typedef struct doorbell_stats {
    uint64_t observed_writes;   /* observer calls (writes touching a valid doorbell's line) */
    uint64_t rings;             /* valid ring events (cookie changed to a non-zero value) */
    uint64_t collapsed;         /* of them, rings whose status bit was already set */
    uint64_t messages;          /* messages to the GuC interrupt block */
    uint64_t cookie_inits;      /* cookie 0 recorded */
    uint64_t same_cookie;       /* writes seen with the recorded cookie */
    uint64_t deactivations;     /* VALID cleared on DW0 bit 0 == 0 */
    uint64_t installs;          /* successful installs */
    uint64_t refused_installs;  /* installs refused */
    uint64_t refused_writes;    /* direct MMIO writes to doorbell registers refused */
    uint64_t group_reads;       /* read-clears of a group register */
    uint64_t group_clears;      /* of them, reads that cleared bits (the group was non-zero) */
    uint64_t late_rings;        /* deactivations whose write also rang (cookie changed by the same write) */
    uint64_t shared_line_refusals; /* installs refused: another valid doorbell watches the line */
} doorbell_stats;

/* The controller watches lines of `memory` (the graphics memory the application writes). */
doorbell *doorbell_create(tlm_kernel *kernel, const char *name, tlm_memory *memory);
/* The same on any memory whose lines can be watched: the write snoop in front of a platform's
 * own memory target (tlm_snoop.h; docs/reference/gt.md "Graphics memory"). */
doorbell *doorbell_create_on(tlm_kernel *kernel, const char *name, const tlm_line_watch_port *lines);
void doorbell_destroy(doorbell *model);

/* Connects the GuC interrupt block (rung NULL: messages are dropped with a warning). */
void doorbell_set_guc_port(doorbell *model, const doorbell_guc_port *port);

/* MMIO target of the block (addresses are offsets from DOORBELL_MMIO_BASE). */
const tlm_target *doorbell_target(doorbell *model);

/* The GuC shim's install (spec 001 "Doorbell Arming Sequence": the shim installs the translated
 * address into the doorbell): arms doorbell `bell` on the 64-byte line at physical address
 * `line_address`. The controller then reads the line (spec 001 "Doorbell Flows", initial
 * flow): it records the cookie without ringing, and clears VALID at once if DW0 bit 0 is 0. */
doorbell_install_result doorbell_install(doorbell *model, unsigned bell, uint64_t line_address);

/* State peeks for the shim, tests and scenarios (no side effects). */
bool doorbell_valid(const doorbell *model, unsigned bell);
uint64_t doorbell_line(const doorbell *model, unsigned bell);
uint32_t doorbell_cookie(const doorbell *model, unsigned bell);
uint32_t doorbell_group_status(const doorbell *model, unsigned group);
/* True when bell's status bit is set. */
bool doorbell_pending(const doorbell *model, unsigned bell);

/* Back to reset: every doorbell disarmed (lines unwatched), status vector cleared. */
void doorbell_reset(doorbell *model);

const doorbell_stats *doorbell_get_stats(const doorbell *model);

/* The controller as the GuC block and the GT use it (docs/reference/doorbell.md "The block interface"):
 * its MMIO, the shim's install and the GuC port, behind a context pointer, so that a
 * replacement (the RTL twin, or a lockstep of model and twin) can stand where the model stands
 * (docs/reference/gt.md "Replacing a block"). Every operation is required. */
typedef struct doorbell_block {
    const tlm_target *target; /* MMIO of the block (doorbell_target) */
    doorbell_install_result (*install)(void *self, unsigned bell, uint64_t line_address); /* doorbell_install */
    void (*set_guc_port)(void *self, const doorbell_guc_port *port); /* doorbell_set_guc_port */
    void *self;               /* the model or the replacement */
} doorbell_block;

/* The model's interface (valid as long as the model lives). */
doorbell_block doorbell_block_of(doorbell *model);

/* Waveform rows (docs/reference/doorbell.md "Waveform rows"), declared at create when tracing is on, in
 * scope "<name>": group0..group7 (each group's 32-bit status vector), ring (the number of the
 * doorbell that rang last) and rings (valid rings so far: a repeated ring of the same doorbell
 * shows as a step). */

#ifdef __cplusplus
}
#endif

#endif
