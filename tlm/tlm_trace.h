/* The trace hook (DESIGN §3: "models call waves through tlm's trace hook"). The transaction
 * layer knows nothing about waveform files: it defines what a trace sink must offer (a small
 * table of functions) and the calls models make. waves/ implements a sink (VCD and FST files);
 * a test can implement its own.
 *
 * A sink is installed per kernel, before the blocks that trace are built: blocks declare their
 * rows when they are created, if tracing is on, and keep the ids. Every row id is 0 when
 * tracing is off, so a traced event costs one predictable branch (`if (id)`) then.
 *
 * Rows ("signals" in waveform terms):
 *   bits    1..64-bit values (wires, vectors, counters), shown in hex, decimal or binary
 *   enum    an integer whose values have names (shown by name: command mnemonics, states)
 *   text    free text (log messages, failure messages)
 * Each row lives in a scope, a dotted path ("mmio", "roundtrip_rtl.pins"); a waveform file
 * shows the scopes as a hierarchy and its view groups rows by their top scope.
 *
 * Time: every change is stamped with a time `at` (default: the kernel's now) and passed with
 * the kernel's now. Loosely-timed blocks may stamp a change ahead of now (a transaction's
 * response at now + delay, RTL pins of cycles run ahead); never behind it, unless the block
 * declared a lookback (tlm_trace_lookback: RTL pins learnt at the clock edge that ends their
 * cycle). The sink puts changes in time order: once the kernel's now minus the lookback has
 * passed a time, nothing can be stamped before it any more.
 *
 * Declarations must all be made before the run starts (tlm_trace_declared, called by whoever
 * starts the run once everything is built); the sink may refuse later ones (id 0, the row is
 * simply not traced). */
#ifndef TLM_TRACE_H
#define TLM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tlm_kernel.h"
#include "tlm_payload.h"
#include "tlm_signal.h"
#include "tlm_target.h"
#include "tlm_time.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A declared row; 0 means "not traced". */
typedef uint32_t tlm_trace_id;
#define TLM_TRACE_NONE ((tlm_trace_id)0)

typedef enum tlm_trace_kind {
    TLM_TRACE_BITS, /* 1..64-bit value */
    TLM_TRACE_ENUM, /* value with names from an enumeration */
    TLM_TRACE_TEXT  /* text */
} tlm_trace_kind;

/* How a viewer should show a bits row (the waveform file stores bits either way). */
typedef enum tlm_trace_radix {
    TLM_TRACE_HEX, /* data, addresses */
    TLM_TRACE_DEC, /* counts, ids */
    TLM_TRACE_BIN  /* single wires and small strobes */
} tlm_trace_radix;

/* One named value of an enumeration. */
typedef struct tlm_trace_enum_entry {
    uint64_t value;   /* the value as traced */
    const char *name; /* what a viewer shows for it */
} tlm_trace_enum_entry;

/* Everything a sink needs to declare one row. Strings are copied by the sink. */
typedef struct tlm_trace_row {
    const char *scope;        /* dotted scope path, e.g. "roundtrip_rtl.pins" */
    const char *name;         /* row name inside the scope, e.g. "awvalid" */
    tlm_trace_kind kind;      /* bits, enum or text */
    unsigned width;           /* bits 1..64 (bits and enum rows; ignored for text) */
    tlm_trace_radix radix;    /* display hint for bits rows */
    uint32_t enumeration;     /* enum rows: what tlm_trace_enumeration returned */
    uint64_t initial;         /* value before the first change (bits and enum rows) */
    const char *initial_text; /* text rows: text before the first change (NULL: empty) */
} tlm_trace_row;

/* What a sink implements. `sink` is the tracer's own pointer. */
typedef struct tlm_trace_ops {
    /* An enumeration (copied); returns its id (> 0), 0 if refused. */
    uint32_t (*declare_enum)(void *sink, const char *name, const tlm_trace_enum_entry *entries, size_t count);
    /* A row; returns its id (> 0), TLM_TRACE_NONE if refused. */
    tlm_trace_id (*declare)(void *sink, const tlm_trace_row *row);
    /* View hint for a top-level scope: lower ranks come first (default 0, then declaration
     * order); `collapsed` shows the scope's group closed. */
    void (*view)(void *sink, const char *scope, int rank, bool collapsed);
    /* A bits or enum row takes `value` at time `at` (>= now). */
    void (*change)(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, uint64_t value);
    /* A text row takes `text` (copied) at time `at` (>= now). */
    void (*change_text)(void *sink, tlm_trace_id id, tlm_time at, tlm_time now, const char *text);
    /* Something went wrong at `now` (a failed check, an error logged): sinks that record only
     * around failures start here. */
    void (*trigger)(void *sink, tlm_time now, const char *reason);
    /* Every row is declared (the run starts): a sink may write its header now and record
     * every later change, also several at one time. Later declarations are refused. Without
     * this call a sink closes declarations at its first change after time 0 (or the start of
     * its window) and folds earlier changes into the rows' initial values. May be NULL. */
    void (*declared)(void *sink);
    /* Changes may from now on be stamped up to `lookback` before the kernel's now (a block
     * that learns at an RTL clock edge what its pins did during the cycle before it). The sink
     * holds changes that long before they are final. May be NULL. */
    void (*lookback)(void *sink, tlm_time lookback);
    /* The sink was installed on `kernel` (attached) or removed from it (kernel destroyed or
     * tracer replaced): a sink may read the kernel's time in between, e.g. to complete its
     * file at the right time when the process is interrupted, and a sink that goes away first
     * removes itself (tlm_kernel_set_tracer(kernel, NULL)). May be NULL. */
    void (*attach)(void *sink, tlm_kernel *kernel, bool attached);
} tlm_trace_ops;

typedef struct tlm_tracer {
    const tlm_trace_ops *ops; /* the sink's functions */
    void *sink;               /* passed back to each of them */
} tlm_tracer;

/* ---- installing ------------------------------------------------------------------------ */

/* Installs `tracer` (which must outlive every traced call) on the kernel, or removes it with
 * NULL. Install it right after creating the kernel: only blocks created afterwards trace.
 * Installing also traces the kernel's log (tlm_trace_log_attach). (Declared in tlm_kernel.h.) */

/* The kernel's log on the timeline: every warning and error as a text row "log.message"
 * ("error router: unmapped ...") at the time it was logged, a count of errors "log.errors",
 * and every error calls the trigger. The kernel keeps one and attaches it when a tracer is
 * installed. */
typedef struct tlm_trace_log {
    tlm_kernel *kernel;     /* time base and tracer */
    tlm_trace_id message;   /* the latest warning or error */
    tlm_trace_id errors;    /* errors logged so far */
    uint64_t error_count;   /* value of the errors row */
} tlm_trace_log;
void tlm_trace_log_attach(tlm_trace_log *log, tlm_kernel *kernel);

static inline const tlm_tracer *tlm_kernel_tracer(const tlm_kernel *kernel)
{
    return ((const tlm_kernel_time *)(const void *)kernel)->tracer;
}

/* True when a tracer is installed: blocks check it before declaring rows. */
static inline bool tlm_trace_on(const tlm_kernel *kernel)
{
    return tlm_kernel_tracer(kernel) != NULL;
}

/* ---- declaring rows -------------------------------------------------------------------- */
/* Each returns TLM_TRACE_NONE when tracing is off or the sink refuses. */

tlm_trace_id tlm_trace_bits(tlm_kernel *kernel, const char *scope, const char *name, unsigned width,
                            tlm_trace_radix radix, uint64_t initial);
/* An enumeration for enum rows; entries and names are copied. 0 when tracing is off. */
uint32_t tlm_trace_enumeration(tlm_kernel *kernel, const char *name, const tlm_trace_enum_entry *entries,
                               size_t count);
tlm_trace_id tlm_trace_enum(tlm_kernel *kernel, const char *scope, const char *name, unsigned width,
                            uint32_t enumeration, uint64_t initial);
tlm_trace_id tlm_trace_text(tlm_kernel *kernel, const char *scope, const char *name, const char *initial);
/* View hint for a top-level scope (see tlm_trace_ops.view). */
void tlm_trace_view(tlm_kernel *kernel, const char *scope, int rank, bool collapsed);
/* This block stamps changes up to `lookback` before the kernel's now (see tlm_trace_ops). */
void tlm_trace_lookback(tlm_kernel *kernel, tlm_time lookback);
/* Every row is declared: the run starts (see tlm_trace_ops.declared). */
void tlm_trace_declared(tlm_kernel *kernel);

/* View ranks the transaction layer and the testbench use, so groups come in a useful order:
 * what ran (statements, log), then buses, then blocks (rank 0). */
#define TLM_TRACE_RANK_STATEMENTS (-300)
#define TLM_TRACE_RANK_LOG (-250)
#define TLM_TRACE_RANK_BUS (-200)
#define TLM_TRACE_RANK_HOST (-150)

/* ---- changing values ------------------------------------------------------------------- */

/* Out of line: only reached when the row is traced. */
void tlm_trace_emit(tlm_kernel *kernel, tlm_trace_id id, tlm_time at, uint64_t value);
void tlm_trace_emit_text(tlm_kernel *kernel, tlm_trace_id id, tlm_time at, const char *text);

/* `id` takes `value` now. One branch when the row is not traced. */
static inline void tlm_trace_set(tlm_kernel *kernel, tlm_trace_id id, uint64_t value)
{
    if (__builtin_expect(id != TLM_TRACE_NONE, 0))
        tlm_trace_emit(kernel, id, tlm_kernel_now(kernel), value);
}

/* `id` takes `value` at `at` (>= now: a loosely-timed block stamping ahead of the kernel). */
static inline void tlm_trace_set_at(tlm_kernel *kernel, tlm_trace_id id, tlm_time at, uint64_t value)
{
    if (__builtin_expect(id != TLM_TRACE_NONE, 0))
        tlm_trace_emit(kernel, id, at, value);
}

static inline void tlm_trace_set_text(tlm_kernel *kernel, tlm_trace_id id, const char *text)
{
    if (__builtin_expect(id != TLM_TRACE_NONE, 0))
        tlm_trace_emit_text(kernel, id, tlm_kernel_now(kernel), text);
}

/* A failure at now (no effect when tracing is off). */
void tlm_trace_trigger(tlm_kernel *kernel, const char *reason);

/* ---- signals --------------------------------------------------------------------------- */

/* Traces `signal` as a bits row named after it in `scope`; from then on every change is
 * traced at the kernel's now. No effect when tracing is off or the signal is traced already
 * (the first caller, usually the block that owns the signal, names the row). */
void tlm_signal_trace(tlm_signal *signal, tlm_kernel *kernel, const char *scope);

/* ---- bus ports ------------------------------------------------------------------------- */

/* The rows of one bus port: each transaction's command, address, data (the first data_bytes
 * bytes, little-endian), response, length, initiator and correlation id (its low 32 bits: a
 * waveform row costs per bit, and 2^32 transactions is beyond any waveform worth opening).
 * Initiators that want consecutive identical transactions told apart give them distinct
 * correlation ids, as the scenario runner does. The request fields change at the transaction's start
 * (now + the initiator's delay); the response and read data at its end (now + the delay on
 * return). So at any time the rows show the latest transaction started and the response of
 * the latest one completed. (Marking the time in between as INCOMPLETE would hide every
 * response of back-to-back transactions: the next start is at the same time as the end.) */
typedef struct tlm_trace_bus {
    tlm_kernel *kernel;      /* time base and tracer */
    tlm_trace_id id;         /* payload correlation id, low 32 bits (also "is traced": 0 when not) */
    tlm_trace_id initiator;  /* payload initiator id */
    tlm_trace_id command;    /* read / write / ignore (enum) */
    tlm_trace_id address;    /* payload address as the port sees it */
    tlm_trace_id length;     /* bytes */
    tlm_trace_id data;       /* first data_bytes bytes, little-endian */
    tlm_trace_id response;   /* response status of the latest completed transaction (enum, tlm_trace_response_code) */
    unsigned data_bytes;     /* 1..8 */
    uint64_t address_mask;   /* the address bits the address row has */
    uint64_t last[7];        /* the value each row last took (tlm_trace_bus_row order), to skip unchanged rows */
    tlm_time last_time;      /* time of the latest change made through this port */
} tlm_trace_bus;

/* Declares the rows in `scope` (zeroes *bus when tracing is off). address_bits 1..64,
 * data_bytes 1..8. Also gives the scope the bus view rank (its view group closed when
 * `collapsed`). */
void tlm_trace_bus_declare(tlm_trace_bus *bus, tlm_kernel *kernel, const char *scope, unsigned address_bits,
                           unsigned data_bytes);
void tlm_trace_bus_declare_view(tlm_trace_bus *bus, tlm_kernel *kernel, const char *scope, unsigned address_bits,
                                unsigned data_bytes, bool collapsed);

static inline bool tlm_trace_bus_on(const tlm_trace_bus *bus)
{
    return bus->id != TLM_TRACE_NONE;
}

/* A transaction starts at `start` (now + the initiator's delay) / ends at `end`. Call only
 * when tlm_trace_bus_on. */
void tlm_trace_bus_request(tlm_trace_bus *bus, const tlm_payload *payload, tlm_time start);
void tlm_trace_bus_response(tlm_trace_bus *bus, const tlm_payload *payload, tlm_time end);

/* The traced code of a response status: OK 0, INCOMPLETE 1, GENERIC_ERROR 2, ADDRESS_ERROR 3,
 * COMMAND_ERROR 4, BURST_ERROR 5, BYTE_ENABLE_ERROR 6 (small and unsigned, unlike TLM-2.0's). */
unsigned tlm_trace_response_code(tlm_status response);

/* A pass-through target that traces every transaction into a bus port's rows and forwards it
 * (DMI and debug transport pass untraced: DMI accesses bypass every target, so no trace can
 * see them). For targets with no router in front of them (graphics memory). */
typedef struct tlm_trace_port {
    tlm_target as_target;   /* what initiators bind to */
    const tlm_target *inner;/* the traced target */
    tlm_trace_bus bus;      /* its rows */
} tlm_trace_port;

/* Returns the target initiators should use: the port when tracing is on, `inner` itself when
 * it is off (no cost at all then). The port must stay where it is while in use. `collapsed`:
 * the view shows the port's group closed. */
const tlm_target *tlm_trace_port_init(tlm_trace_port *port, tlm_kernel *kernel, const char *scope,
                                      const tlm_target *inner, unsigned address_bits, unsigned data_bytes,
                                      bool collapsed);

#ifdef __cplusplus
}
#endif

#endif
