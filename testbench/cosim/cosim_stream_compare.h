/* Compare of two transaction streams (docs/design/cosim.md "Stream compare"): what two bus
 * initiators put out, the reference (the C model) and the device under test (its RTL twin), as
 * items with their sim time:
 *
 *   write     a memory write: its enabled bytes (address, data, byte enables), recorded as one
 *             item per 64-byte line it touches, lines in address order; the payload's framing
 *             (start address, length, disabled bytes) is not compared, so a store the model
 *             makes as a 4-byte payload and the RTL as an 8-byte bus beat with four strobes
 *             are the same item (choice: the memory cannot tell them apart either);
 *   message   an interrupt message (a 32-bit value);
 *   read      a register read's answer (offset, response, length, data; a refused read's data
 *             is not compared).
 *
 * Two items are equal when kind and content are equal (time is not content). What counts as a
 * match depends on the policy; in every one a match pairs one reference item with one dut item
 * and every item must be matched by the end:
 *
 *   EXACT        the dut stream is the reference stream: the same items in the same order
 *                (writes, messages and reads interleaved alike); times are not compared.
 *   IN_ORDER:T   EXACT, and each dut item's time is within T of its reference's (a lag or a
 *                lead of at most T; T = 0: the same time).
 *   PER_ADDRESS  items that conflict keep their order, others may be reordered: two writes
 *                conflict when they share an enabled byte; messages conflict with every
 *                message; reads with every read; items of different kinds never conflict
 *                (choice: a message may overtake a write; IN_ORDER holds that order).
 *                Times are not compared.
 *
 * (EXACT and IN_ORDER are PER_ADDRESS with "every item conflicts with every other".)
 *
 * Matching is greedy and decides as early as it can: an item arriving on one side is matched
 * with the oldest unmatched item of the other side that is equal to it and has no older
 * unmatched item conflicting with it. When the other side's oldest conflicting unmatched item
 * comes first and differs, no later match can keep the order: that is a divergence at once.
 * Then, when a later waiting item of the other side equals the arriving one, the older waiting
 * item is reported as having no counterpart and dropped, and matching goes on (one lost item is
 * one divergence, not a cascade); otherwise both items are dropped. An item that finds nothing waits in its
 * side's window. Also divergences: a window holding more than `window` items (the oldest is
 * dropped: "ran ahead"); under IN_ORDER a pair whose times differ by more than T, or an item
 * whose counterpart has not come T after it (known once the other side's stream, or
 * cosim_stream_compare_check, has passed that time; each side's items are expected in time
 * order); at cosim_stream_compare_finish, every item still waiting ("missing" on the dut side
 * for a reference item, "extra" for a dut item). An item reported late is matched quietly
 * when its counterpart comes.
 *
 * Every divergence is counted and logged as an error; the first one is kept with its
 * neighbours (up to `neighbours` items of both streams before and after it, the after ones
 * filled in as they arrive), its time and the waveform window [t - wave_delta, t + wave_delta],
 * and fires the waveform's on-fail trigger (tlm_trace_trigger), as cosim_lockstep does. When
 * the kernel traces, both streams are text rows (`<name>.ref`, `<name>.dut`: one line per
 * item at its time) next to the `mismatches` count. */
#ifndef COSIM_STREAM_COMPARE_H
#define COSIM_STREAM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of one write item: a cacheline. */
#define COSIM_STREAM_LINE_BYTES 64u
/* Defaults of cosim_stream_config's fields left 0. */
#define COSIM_STREAM_DEFAULT_WINDOW 1024u       /* unmatched items per side */
#define COSIM_STREAM_DEFAULT_NEIGHBOURS 3u      /* items either side of the first divergence */
#define COSIM_STREAM_DEFAULT_WAVE_DELTA (200 * TLM_NS) /* waveform window half-width (200 GT clocks) */
/* IN_ORDER's tolerance when `gtsim --lockstep-order in-order` names none (choice: 10 us, ten
 * thousand GT clocks: an RTL engine fetching over a bus lags the model, and the lag grows with
 * the commands run since the last idle point; a hung or lost item still shows within it). */
#define COSIM_STREAM_DEFAULT_TOLERANCE (10000 * TLM_NS)
/* Neighbours kept at most on either side of the first divergence. */
#define COSIM_STREAM_NEIGHBOURS_MAX 8u

typedef enum cosim_stream_policy {
    COSIM_STREAM_EXACT,      /* same items, same order */
    COSIM_STREAM_IN_ORDER,   /* same items, same order, times within the tolerance */
    COSIM_STREAM_PER_ADDRESS /* conflicting items keep their order */
} cosim_stream_policy;

typedef enum cosim_stream_side {
    COSIM_STREAM_REF, /* the reference (the model) */
    COSIM_STREAM_DUT  /* the device under test (the RTL twin) */
} cosim_stream_side;

typedef enum cosim_stream_kind {
    COSIM_STREAM_WRITE,   /* memory write (one line's enabled bytes) */
    COSIM_STREAM_MESSAGE, /* interrupt message */
    COSIM_STREAM_READ     /* register read */
} cosim_stream_kind;

typedef struct cosim_stream_item {
    cosim_stream_kind kind;   /* what it is */
    tlm_time time;            /* when its side put it out */
    uint64_t index;           /* its position in its side's stream (0, 1, ...) */
    uint64_t address;         /* write: the line's address; read: the register offset; message: its port (0 unless recorded with one) */
    uint64_t enables;         /* write: bit i set when byte address + i is written */
    uint8_t data[COSIM_STREAM_LINE_BYTES]; /* write: the line's bytes (0 where not enabled) */
    uint64_t value;           /* message: its value; read: the data (length bytes, little-endian) */
    uint32_t length;          /* read: bytes read (1..8) */
    unsigned response;        /* read: its response (tlm_trace_response_code: 0 OK) */
} cosim_stream_item;

typedef struct cosim_stream_config {
    cosim_stream_policy policy; /* ordering rule */
    tlm_time tolerance;         /* IN_ORDER: the largest lag or lead of a dut item */
    unsigned window;            /* unmatched items kept per side (0: COSIM_STREAM_DEFAULT_WINDOW) */
    unsigned neighbours;        /* kept either side of the first divergence (0: default; at most COSIM_STREAM_NEIGHBOURS_MAX) */
    tlm_time wave_delta;        /* half-width of the reported waveform window (0: default) */
    const char *ref_name;       /* the reference's name in reports (NULL: "model") */
    const char *dut_name;       /* the dut's name in reports (NULL: "rtl") */
} cosim_stream_config;

/* The first divergence, with what surrounded it. */
typedef struct cosim_stream_divergence {
    tlm_time time;                /* the time it was found at (the revealing item's, or the check's) */
    tlm_time window_start;        /* waveform window: time - wave_delta (0 at the earliest) */
    tlm_time window_end;          /* time + wave_delta */
    char description[320];        /* what differed, as logged */
    bool has_ref, has_dut;        /* which of the items below it names */
    cosim_stream_item ref;        /* the reference item concerned */
    cosim_stream_item dut;        /* the dut item concerned */
    cosim_stream_item before[2][COSIM_STREAM_NEIGHBOURS_MAX]; /* [side]: up to `neighbours` items before it, oldest first */
    unsigned before_count[2];     /* entries used in before[side] */
    cosim_stream_item after[2][COSIM_STREAM_NEIGHBOURS_MAX];  /* [side]: items that came after it, in order */
    unsigned after_count[2];      /* entries used in after[side] */
} cosim_stream_divergence;

typedef struct cosim_stream_compare cosim_stream_compare;

/* `config` NULL: IN_ORDER with the default tolerance. */
cosim_stream_compare *cosim_stream_compare_create(tlm_kernel *kernel, const char *name, const cosim_stream_config *config);
void cosim_stream_compare_destroy(cosim_stream_compare *compare);

/* Parses "exact", "in-order", "in-order:NS" (NS: nanoseconds, decimal) or "per-address" into
 * config->policy and config->tolerance (the other fields untouched). False with a message. */
bool cosim_stream_policy_parse(const char *text, cosim_stream_config *config, char *error, size_t error_size);
/* "exact", "in-order:10000ns", "per-address". */
const char *cosim_stream_policy_describe(const cosim_stream_config *config, char *buffer, size_t size);

/* ---- recording (each side's items in its stream order) ---- */
/* A write of `length` bytes at `address` (byte_enable as tlm_payload's: NULL all enabled, else
 * a mask repeated every byte_enable_length bytes; TLM_BYTE_LANE_ENABLED enables). */
void cosim_stream_record_write(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint64_t address,
                               const uint8_t *data, uint32_t length, const uint8_t *byte_enable,
                               uint32_t byte_enable_length);
void cosim_stream_record_message(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint32_t value);
/* A message of up to 64 bits from one of several message ports: equal to another when port and
 * value are (port 0 is what cosim_stream_record_message records). */
void cosim_stream_record_port_message(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when,
                                      unsigned port, uint64_t value);
/* A register read that answered `response` (tlm_trace_response_code: 0 OK) and, when OK,
 * `data` (length 1..8; longer reads keep their first 8 bytes). */
void cosim_stream_record_read(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint64_t offset,
                              const uint8_t *data, uint32_t length, unsigned response);

/* A pass-through target for one side: every transaction goes on to `downstream` and the writes
 * (whatever their response) are recorded on `side` at their start time (now + the caller's
 * delay). Debug transport passes through unrecorded; DMI is never granted (a DMI write would
 * bypass the tap). The compare owns the tap; a side may have several. */
const tlm_target *cosim_stream_tap(cosim_stream_compare *compare, cosim_stream_side side, const tlm_target *downstream);

/* Both streams have reached `now`: IN_ORDER's deadlines are checked. Returns divergences found. */
uint64_t cosim_stream_compare_check(cosim_stream_compare *compare, tlm_time now);
/* The streams ended: every item still waiting is a divergence. Returns divergences found. */
uint64_t cosim_stream_compare_finish(cosim_stream_compare *compare);

uint64_t cosim_stream_compare_mismatches(const cosim_stream_compare *compare);
/* Pairs matched. */
uint64_t cosim_stream_compare_matched(const cosim_stream_compare *compare);
/* Items recorded on `side`. */
uint64_t cosim_stream_compare_items(const cosim_stream_compare *compare, cosim_stream_side side);
/* Items waiting for a counterpart on `side`. */
size_t cosim_stream_compare_pending(const cosim_stream_compare *compare, cosim_stream_side side);
/* The first divergence, or NULL. */
const cosim_stream_divergence *cosim_stream_compare_first(const cosim_stream_compare *compare);
/* One line describing an item ("write 0x00001000 be 0x000000f0 data 11223344", "message
 * 0x00000001", "read 0x0034 = 0x00000010"), without its time. */
const char *cosim_stream_item_describe(const cosim_stream_item *item, char *buffer, size_t size);
/* The first divergence's report (empty string if none): the description, the time, the
 * waveform window, then both streams' neighbours (docs/design/cosim.md "Stream compare"). */
const char *cosim_stream_compare_report(const cosim_stream_compare *compare, char *buffer, size_t size);

#ifdef __cplusplus
}
#endif

#endif
