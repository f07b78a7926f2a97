/* Sparse memory (DESIGN §4): up to a 48-bit address space; a 4 KiB page is allocated on the
 * first write to it, and reads of bytes never written return 0.
 *
 * Write observers: a block watches 64-byte cachelines (the doorbell controller watches
 * doorbell cachelines). After every write or DMI-free store that touches a watched line, each
 * observer of that line is called with the line's new contents. A write that touches no
 * watched line costs one bit test on its page, however many lines are watched elsewhere.
 *
 * Timing: b_transport adds the configured read or write latency to the delay.
 * DMI: a grant covers the one page holding the requested address (the page is allocated if
 * it was not); write access is withheld on pages with watched lines (a store through a
 * pointer would bypass the observers), and watching a line invalidates every grant given for
 * its page. A DMI request for an address beyond the memory is refused.
 * Debug transport ignores byte enables (as in TLM-2.0) and calls no observers.
 * Byte enables: disabled bytes are neither written nor read (the initiator's buffer keeps
 * its old value there). */
#ifndef TLM_MEMORY_H
#define TLM_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "tlm_kernel.h"
#include "tlm_target.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TLM_MEMORY_PAGE_SIZE 4096u
#define TLM_MEMORY_CACHELINE_SIZE 64u
#define TLM_MEMORY_ADDRESS_BITS 48u

typedef struct tlm_memory tlm_memory;

/* What an observer is told about a write that touched its line. */
typedef struct tlm_memory_write {
    uint64_t line_address;      /* the watched line (64-byte aligned) */
    const uint8_t *line_data;   /* the line's 64 bytes after the write */
    uint64_t write_address;     /* first byte of the write that falls in this line */
    uint32_t write_length;      /* bytes of the write that fall in this line */
    const tlm_payload *payload; /* the whole write (backdoor and debug writes call no observer) */
} tlm_memory_write;

typedef void (*tlm_memory_observer_fn)(void *context, const tlm_memory_write *write);
typedef uint64_t tlm_watch_id; /* 0 is never a valid id */

/* A memory of `size` bytes; 0 or more than 2^48 is taken as 2^48 (with a warning for the
 * latter). Addresses at or beyond size answer address error. */
tlm_memory *tlm_memory_create(tlm_kernel *kernel, const char *name, uint64_t size);
void tlm_memory_destroy(tlm_memory *memory);

const tlm_target *tlm_memory_target(tlm_memory *memory);
void tlm_memory_set_latency(tlm_memory *memory, tlm_time read_latency, tlm_time write_latency);

/* Watches the line at line_address (must be 64-byte aligned and inside the memory; otherwise
 * returns 0 and logs an error). Several observers may watch one line; each is called in
 * the order it started watching. */
tlm_watch_id tlm_memory_watch(tlm_memory *memory, uint64_t line_address, tlm_memory_observer_fn fn, void *context);
/* Stops a watch; returns false for an unknown id. Safe to call from inside an observer. */
bool tlm_memory_unwatch(tlm_memory *memory, tlm_watch_id id);

/* Backdoor access for loaders and checkers: no time, no observers; reads allocate nothing.
 * Return false (and do nothing) if the range leaves the memory. */
bool tlm_memory_read(tlm_memory *memory, uint64_t address, void *data, uint64_t length);
bool tlm_memory_write_backdoor(tlm_memory *memory, uint64_t address, const void *data, uint64_t length);

/* Line watching as a port, for a block that watches lines of a memory it does not own (the
 * GTI doorbells): the sparse memory offers one (tlm_memory_line_watch_port), and so does the
 * write snoop in front of any other memory target (tlm_snoop.h). */
typedef struct tlm_line_watch_port {
    /* As tlm_memory_watch: 0 (and an error logged) if the line cannot be watched. */
    tlm_watch_id (*watch)(void *self, uint64_t line_address, tlm_memory_observer_fn fn, void *context);
    /* As tlm_memory_unwatch; safe to call from inside an observer. */
    bool (*unwatch)(void *self, tlm_watch_id id);
    /* Reads bytes without time or side effects (as tlm_memory_read); false if refused. */
    bool (*read)(void *self, uint64_t address, void *data, uint64_t length);
    void *self; /* the memory or snoop */
} tlm_line_watch_port;

tlm_line_watch_port tlm_memory_line_watch_port(tlm_memory *memory);

typedef struct tlm_memory_stats {
    uint64_t pages_allocated;   /* pages that have been written at least once (or hold a watched line) */
    uint64_t reads;             /* b_transport reads served */
    uint64_t writes;            /* b_transport writes served */
    uint64_t observer_calls;    /* observer functions called */
    uint64_t watch_lookups;     /* watched-line table lookups (only on pages with watched lines) */
    uint64_t dmi_grants;        /* DMI requests granted */
    uint64_t dmi_invalidations; /* ranges invalidated (one per page, however many subscribers) */
} tlm_memory_stats;

tlm_memory_stats tlm_memory_get_stats(const tlm_memory *memory);

#ifdef __cplusplus
}
#endif

#endif
