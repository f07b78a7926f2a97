/* Write snoop: a target in front of any memory target that lets a block watch 64-byte lines of
 * that memory as if it were gtsim's sparse memory (tlm_memory_watch), so the GTI doorbells work
 * on a platform's own memory (docs/reference/gt.md "Graphics memory").
 *
 *   initiators ─► snoop target ─► the memory (downstream) ─┐
 *   writes made around the snoop ─► tlm_snoop_written ─────┴─► observers of the lines touched
 *
 * Every transaction is forwarded unchanged. After a write the downstream answered OK that
 * touches a watched line, the snoop reads the line's new contents from the memory (debug
 * transport; b_transport with the time discarded where the memory has none) and calls the
 * line's observers with them, in the order they started watching. The observers' payload is
 * the part of the write inside the line (without byte enables). Debug writes call no observer,
 * as on the sparse memory.
 *
 * DMI: grants of the memory pass through, clipped so that no write grant covers a watched line
 * (a store through a pointer would bypass the observers); a grant requested inside a watched
 * line is read-only. Watching a line invalidates the grants upstream holds over it. The memory
 * target must outlive the snoop (it keeps the snoop's invalidation subscription). */
#ifndef TLM_SNOOP_H
#define TLM_SNOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "tlm_kernel.h"
#include "tlm_memory.h"
#include "tlm_target.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tlm_snoop tlm_snoop;

tlm_snoop *tlm_snoop_create(tlm_kernel *kernel, const char *name, const tlm_target *downstream);
void tlm_snoop_destroy(tlm_snoop *snoop);

/* The target initiators (and a platform's host writes) go through. */
const tlm_target *tlm_snoop_target(tlm_snoop *snoop);
/* Watching lines of the memory behind the snoop (the doorbells' port). */
tlm_line_watch_port tlm_snoop_line_watch_port(tlm_snoop *snoop);
/* Bytes [address, address + length) were written to the memory by a path that does not go
 * through the snoop (a platform's host writing its DRAM directly): the observers of the watched
 * lines among them are called as for a write through the snoop. */
void tlm_snoop_written(tlm_snoop *snoop, uint64_t address, uint64_t length);

typedef struct tlm_snoop_stats {
    uint64_t forwarded;        /* transactions forwarded (b_transport) */
    uint64_t written_calls;    /* tlm_snoop_written calls */
    uint64_t line_updates;     /* watched lines read back and their observers called */
    uint64_t watched_lines;    /* watches in force now */
    uint64_t dmi_clipped;      /* write grants clipped or made read-only around watched lines */
} tlm_snoop_stats;

tlm_snoop_stats tlm_snoop_get_stats(const tlm_snoop *snoop);

#ifdef __cplusplus
}
#endif

#endif
