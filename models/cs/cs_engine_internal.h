/* Internal to the command streamer engine: the model every cs_*.c file of the engine works on,
 * the register and field accessors they share, and the functions one file calls in another.
 * Not a public API (that is cs_engine.h and cs_ports.h): only the engine's own files include
 * this header. cs_engine.c's first comment says which file holds what. */

#ifndef CS_ENGINE_INTERNAL_H
#define CS_ENGINE_INTERNAL_H

#include <string.h>
#include "cs_engine.h"
#include "cs_execlist.h"
#include "cs_math.h"
#include "cs_regs.h"
#include "tlm_quantum.h"
#include "tlm_register.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- register map: cs_regs.h, generated from cs_regs.toml ------------------------------- */

/* spec 000 §1.1.7 "Bit Definition for Interrupt Control Registers": the engine's ISR bits are
 * the interrupt message's data bits (irq_message.h uses the same positions). */
#define ISR_USER_INTERRUPT IRQ_DATA_USER_INTERRUPT
#define ISR_MASTER_ERROR IRQ_DATA_MASTER_ERROR
#define ISR_NOTIFY IRQ_DATA_NOTIFY
#define ISR_TIMEOUT IRQ_DATA_TIMEOUT
#define ISR_SYNC_STATUS IRQ_DATA_SYNC_STATUS
#define ISR_PAGE_FAULT IRQ_DATA_PAGE_FAULT
/* ISR bits reported as their state in a status page write (Master Error and Page Fault levels,
 * Sync Status "toggled every SyncFlush event"); the others are pulses, reported as 0 (spec 000
 * §1.1.7 "Hardware Status Write" table). */
#define ISR_LEVEL_BITS (ISR_MASTER_ERROR | ISR_SYNC_STATUS | ISR_PAGE_FAULT)

/* spec 000 §1.1.7.3 Hardware-Detected Error bits, common to ESR, EMR and EIR. */
#define ERR_INSTRUCTION_PARSER CS_ESR_INSTRUCTION_PARSER_MASK
#define ERR_COMMAND_PRIVILEGE CS_ESR_COMMAND_PRIVILEGE_MASK
#define ERR_MEMORY_PRIVILEGE CS_ESR_MEMORY_PRIVILEGE_MASK
#define ERR_PAGE_TABLE CS_ESR_PAGE_TABLE_MASK

/* spec 000 §1.1.5.4: automatic head report granules for AUTO_REPORT 1 and 3. */
#define REPORT_64KB_BYTES (64u * 1024u)
#define REPORT_128KB_BYTES (128u * 1024u)
/* spec 000 §1.1.5.4: Buffer Length counts 4 KiB pages, 0 meaning one page. */
#define RING_PAGE_BYTES 4096u

/* Batch levels: 0 is the ring, 1 a first-level batch, 2 a second-level batch (gen12). */
#define LEVELS 3u

/* How the engine treats a command of the table (by mnemonic). */
typedef enum exec_kind {
    EXEC_NOT_MODELLED,     /* parsed for its length and skipped (docs/reference/cs.md) */
    EXEC_NOOP,             /* MI_NOOP */
    EXEC_USER_INTERRUPT,   /* MI_USER_INTERRUPT */
    EXEC_WAIT_FOR_EVENT,   /* MI_WAIT_FOR_EVENT */
    EXEC_ARB_CHECK,        /* MI_ARB_CHECK */
    EXEC_ARB_ON_OFF,       /* MI_ARB_ON_OFF */
    EXEC_REPORT_HEAD,      /* MI_REPORT_HEAD */
    EXEC_BB_START,         /* MI_BATCH_BUFFER_START */
    EXEC_BB_END,           /* MI_BATCH_BUFFER_END */
    EXEC_STORE_DATA_IMM,   /* MI_STORE_DATA_IMM */
    EXEC_STORE_DATA_INDEX, /* MI_STORE_DATA_INDEX */
    EXEC_LOAD_REGISTER_IMM,/* MI_LOAD_REGISTER_IMM */
    EXEC_STORE_REGISTER_MEM,/* MI_STORE_REGISTER_MEM */
    EXEC_LOAD_REGISTER_MEM,/* MI_LOAD_REGISTER_MEM (gen12) */
    EXEC_LOAD_REGISTER_REG,/* MI_LOAD_REGISTER_REG (gen12) */
    EXEC_COPY_MEM_MEM,     /* MI_COPY_MEM_MEM (gen12) */
    EXEC_FLUSH,            /* MI_FLUSH (gen6 render) */
    EXEC_POST_SYNC,        /* PIPE_CONTROL (render), MI_FLUSH_DW (other engines) */
    EXEC_RECORD,           /* recorded in the event log (cs_event) */
    EXEC_WALKER,           /* handed to the EU-array port (cs_walker_port) */
    EXEC_ATOMIC,           /* MI_ATOMIC (gen12) */
    EXEC_COND_BB_END,      /* MI_CONDITIONAL_BATCH_BUFFER_END (gen12) */
    EXEC_SEMAPHORE_MBOX,   /* MI_SEMAPHORE_MBOX (gen6) */
    EXEC_SEMAPHORE_WAIT,   /* MI_SEMAPHORE_WAIT (gen12) */
    EXEC_SEMAPHORE_SIGNAL, /* MI_SEMAPHORE_SIGNAL (gen12) */
    EXEC_SET_CONTEXT,      /* MI_SET_CONTEXT (gen6; gen12 stays not modelled) */
    EXEC_SUSPEND_FLUSH,    /* MI_SUSPEND_FLUSH */
    EXEC_PIPELINE,         /* a non-MI command: whole to the engine's pipeline port (docs/reference/cs.md) */
    EXEC_PRIMITIVE,        /* 3DPRIMITIVE: predicated, then to the pipeline port */
    EXEC_MATH,             /* MI_MATH (cs_math.c) */
    EXEC_PREDICATE,        /* MI_PREDICATE */
    EXEC_SET_PREDICATE     /* MI_SET_PREDICATE (gen12) */
} exec_kind;

/* Fields the per-command paths read (the hot ones: MI_NOOP, MI_STORE_DATA_IMM, batch starts,
 * post-sync operations), resolved per command table entry when the engine is created, so
 * executing a command looks no field up by name (cs_hot). */
typedef enum cs_hot_field {
    CS_HF_NOP_ID_WRITE, /* MI_NOOP */
    CS_HF_NOP_ID,
    CS_HF_ADDRESS,      /* stores, batch starts, post-sync writes */
    CS_HF_DATA,
    CS_HF_DATA_HI,
    CS_HF_SECURITY,     /* gen6 MI_BATCH_BUFFER_START's security select */
    CS_HF_ADDRESS_SPACE,/* gen12 MI_BATCH_BUFFER_START's */
    CS_HF_PREDICATION,
    CS_HF_SECOND_LEVEL,
    CS_HF_ENCRYPTED,
    CS_HF_LRI_POST_SYNC,/* PIPE_CONTROL, MI_FLUSH_DW */
    CS_HF_POST_SYNC,
    CS_HF_STORE_INDEX,
    CS_HF_NOTIFY,
    CS_HF_CS_STALL,
    CS_HF_COUNT
} cs_hot_field;

/* How a hot field of a table entry is read. */
typedef struct cs_hot_slot {
    const cs_field *field; /* the entry's only field of that name (a fixed one); NULL: none, or by_name */
    bool by_name;          /* more than one field of the name (or one in the group): cs_decoded_field */
    uint8_t end;           /* dwords the command needs for the field: its dword + span (cs_field_span) */
    uint8_t lo;            /* the field's lowest bit */
    bool two;              /* it runs into the next dword */
    bool address;          /* CS_FMT_ADDR: shown in place (raw << lo) */
    uint64_t mask;         /* its raw bits, shifted down */
} cs_hot_slot;

/* A DMI grant a run of simple commands uses (cs_simple.c). It holds from the request to the
 * engine's next bus transfer or the run's end, both of which drop it: nothing else runs in
 * between, so nothing can invalidate it and the engine needs no invalidation subscription; the
 * level, and so the address space it was asked for, stays the same all along. */
typedef struct cs_grant {
    bool valid;                /* region holds */
    tlm_dmi_region region;     /* the memory's grant */
} cs_grant;

/* Waveform rows of one engine and the values last traced (a row changes only when they do). */
typedef struct cs_engine_rows {
    tlm_trace_id head;       /* RING_HEAD's byte offset */
    tlm_trace_id tail;       /* RING_TAIL's byte offset */
    tlm_trace_id state;      /* cs_engine_state */
    tlm_trace_id level;      /* batch level: 0 ring, 1, 2 */
    tlm_trace_id command;    /* mnemonic of the command executing: table index + 1, 0 none */
    uint64_t last[5];        /* last value traced per row, in the order above */
    uint32_t executing;      /* the command row's value for the current step */
    bool fetched;            /* the current step read a cacheline */
} cs_engine_rows;

struct cs_engine_model {
    tlm_target as_target;          /* MMIO target of the block */
    tlm_target hws_target;         /* gen6 HWS_PGA window at base + 0x2080 */
    tlm_register_file registers;   /* cs_regs.toml */
    cs_engine_config config;       /* profile, engine, ports */
    const cs_command *commands;    /* the profile's command table */
    exec_kind *kinds;              /* per table entry: how it is executed */
    cs_hot_slot *hot;              /* per table entry, CS_HF_COUNT slots: its hot fields (cs_hot) */
    const char *const *hot_names;  /* the names of the hot fields, by cs_hot_field */
    cs_decoder decoder;            /* the profile's decoder for this engine, with its key cache */
    const cs_command *pipe_control; /* the table's PIPE_CONTROL (NULL: none): CS stall by its field */
    const cs_command *palette_load[2]; /* 3DSTATE_SAMPLER_PALETTE_LOAD0/1 (NULL: none): INSTPM's palette bit */
    size_t command_count;          /* entries in commands */
    uint64_t *executed;            /* per table entry: times executed (coverage; counted with stats.commands) */
    tlm_kernel *kernel;            /* time base */
    tlm_log_block *log;            /* this instance's log counters */
    tlm_event step;                /* executes one command */
    uint8_t class_id;              /* engine class its messages carry */
    unsigned level;                /* 0 ring, 1 first-level batch, 2 second-level batch */
    uint64_t batch_pc[LEVELS];     /* per batch level: address of its next dword */
    bool batch_secure[LEVELS];     /* per batch level: a secure (privileged) batch */
    bool batch_encrypted[LEVELS];  /* per batch level: gen6 "Batch Buffer Encrypted Memory Read Enable" */
    uint32_t set_predicate;        /* MI_SET_PREDICATE's PREDICATE ENABLE (gen12; 0: off) */
    cs_math_alu alu;               /* MI_MATH's ALU state (sources, accumulator, flags) */
    uint32_t batch_dwords;         /* batch dwords parsed since the ring was last parsed */
    bool halted;                   /* an error stopped the parser (until the ring is disabled) */
    bool starved;                  /* the command at HEAD runs past TAIL: wait for a TAIL write */
    bool geometry_logged;          /* the current bad HEAD/TAIL was logged already */
    uint32_t isr;                  /* interrupt status (level bits; pulses are not kept) */
    uint32_t line[CS_FETCH_LINE_BYTES / 4u]; /* the last fetched cacheline, its bytes as memory holds them
                                                (cs_line_bytes); dwords usable as such on a little-endian host */
    uint64_t line_address;         /* its address */
    bool line_valid;               /* line holds memory at line_address */
    uint32_t *command;             /* the command being executed */
    uint32_t command_capacity;     /* dwords command can hold: the longest encodable command */
    tlm_time bus_delay;            /* bus time annotated by this step's transfers */
    bool stepping;                 /* inside step(): it schedules the next step after its cost */
    bool ahead;                    /* between two commands of one step event: stands for the step
                                      event the next command would otherwise be (cs_step_due) */
    tlm_quantum_keeper keeper;     /* temporal decoupling: the local offset of the next command */
    bool status_stale;             /* simple commands ran since cs_update_status (cs_simple.c) */
    long simple_index;             /* the last simple command's table entry (its command row) */
    bool in_simple;                /* a simple command is storing: cs_store may use store_grant */
    uint64_t bus_transfers;        /* transfers bus() made: whatever they set off (an observer, a
                                      foreign memory's wait) may change the engine, so a simple run
                                      ends after a command that made one */
    cs_grant store_grant;          /* DMI write grant of the page simple commands last stored to */
    cs_grant fetch_grant;          /* DMI read grant of the page they last fetched from */
    uint64_t command_at;           /* graphics address of the header of the command being executed */
    cs_engine_stats stats;         /* counters */
    cs_execlist *execlist;         /* gen12 execlist submission (cs_execlist.h); NULL on gen6 */
    bool arbitration;              /* MI_ARB_ON_OFF state: arbitration points may switch contexts */
    bool yielded;                  /* stopped at an arbitration point for a context switch */
    bool restoring;                /* the execlist moves image registers through register_access */
    bool ctx_clock;                /* CTX_TIMESTAMP counts (a context is loaded) */
    tlm_time ctx_since;            /* when CTX_TIMESTAMP last held ctx_base */
    uint32_t ctx_base;             /* CTX_TIMESTAMP at ctx_since */
    uint32_t walkers_outstanding;  /* requests on the EU-array port not completed yet */
    uint32_t walker_generation;    /* bumped by reset: older completions are ignored */
    uint64_t walker_next;          /* sequence number of the next request */
    bool walker_stalled;           /* a CS-stalling PIPE_CONTROL waits for walkers_outstanding == 0 */
    tlm_event stall_timeout;       /* ends a stall after CS_WALKER_STALL_CYCLES */
    bool semaphore_waiting;        /* a semaphore wait failed: the parser sleeps until the next poll */
    bool semaphore_signal_mode;    /* the failed wait is a gen12 signal-mode wait (a signal wakes it) */
    cs_engine_model *peers[CS_PEER_CAPACITY]; /* engines MI_SEMAPHORE_SIGNAL can name */
    unsigned peer_count;           /* peers connected */
    tlm_event semaphore_poll;      /* re-runs the waiting semaphore command every CS_SEMAPHORE_POLL_CYCLES */
    bool watchdog_running;         /* PR_CTR_CTL started the watchdog counter */
    tlm_time watchdog_zero;        /* when the counter was last 0 */
    tlm_event watchdog_expire;     /* the counter reaching PR_CTR_THRSH (a background event) */
    cs_statistics_port statistics; /* the EU array's counts (threads_dispatched NULL: none) */
    uint64_t threads_base;         /* TS_GPGPU_THREADS_DISPATCHED when last written, reset or connected */
    uint64_t threads_mark;         /* the port's count at that moment */
    cs_engine_rows rows;           /* waveform rows (docs/reference/cs.md "Waveform rows"); ids 0 when not traced */
    cs_event events[CS_EVENT_LOG_CAPACITY]; /* the event log, a circular buffer */
    size_t event_first;            /* index of the oldest event in events */
    size_t event_count;            /* events held */
};

/* Where the engine's interrupt control registers (IMR, HWSTAM, the ISR the status page gets)
 * hold its events. The events themselves are kept in the render layout (irq_message.h data
 * bits: user interrupt 0, sync status 2, master error 3, notify 4, timeout 6, page fault 7,
 * context switch 8). gen6's video and blitter command streamers have their own layouts, the
 * render one moved up: spec 002 "Interrupt Control Registers" of the video command streamer
 * (user interrupt 12, sync status 14, master error 15, MI_FLUSH_DW notify 16, timeout 18,
 * page fault 19, context switch 20) and of the blitter (user interrupt 22, sync status 24,
 * master error 25, MI_FLUSH_DW notify 26, page fault 29; no timeout or context switch bit);
 * they are the engines' GTIIR positions, and i915 writes the ring's IMR with them
 * (gen6_irq_enable: RING_IMR = ~irq_enable_mask, GT_BSD_USER_INTERRUPT, GT_BLT_USER_INTERRUPT). */
typedef struct irq_layout {
    unsigned shift;      /* register bit of event bit 0 */
    uint32_t events;     /* the events the registers have a bit for (render layout) */
} irq_layout;

/* ---- accessors every file uses ----------------------------------------------------------- */

/* The register at `index` (cs_regs.h *_INDEX): its value, to read or write. */
static inline uint32_t *cs_reg(cs_engine_model *model, uint32_t index)
{
    return &model->registers.values[index];
}

/* A field of the register at `index` (cs_regs.h *_MASK, *_SHIFT). */
static inline uint32_t cs_reg_field(cs_engine_model *model, uint32_t index, uint32_t mask, uint32_t shift)
{
    return (*cs_reg(model, index) & mask) >> shift;
}

/* spec 000 §1.1.5.3: START holds address bits 31:12 in place. */
static inline uint64_t cs_ring_start(cs_engine_model *model)
{
    return *cs_reg(model, CS_RING_START_INDEX) & CS_RING_START_ADDRESS_MASK;
}

/* spec 000 §1.1.5.4: length in 4 KiB pages, 0 = one page, 1FFh = 2 MiB. */
static inline uint32_t cs_ring_size(cs_engine_model *model)
{
    return (cs_reg_field(model, CS_RING_CTL_INDEX, CS_RING_CTL_LENGTH_MASK, CS_RING_CTL_LENGTH_SHIFT) + 1u) *
           RING_PAGE_BYTES;
}

/* spec 000 §1.1.5.2: HEAD is DWord-granular, bits 20:2 in place = a byte offset. */
static inline uint32_t cs_ring_head(cs_engine_model *model)
{
    return *cs_reg(model, CS_RING_HEAD_INDEX) & CS_RING_HEAD_HEAD_MASK;
}

/* spec 000 §1.1.5.1: TAIL is QWord-granular, bits 20:3 in place = a byte offset. */
static inline uint32_t cs_ring_tail(cs_engine_model *model)
{
    return *cs_reg(model, CS_RING_TAIL_INDEX) & CS_RING_TAIL_TAIL_MASK;
}

/* The global hardware status page (HWS_PGA; spec 000 §1.1.7 status page writes). */
static inline uint64_t cs_hwsp_address(cs_engine_model *model)
{
    return *cs_reg(model, CS_HWS_PGA_INDEX) & CS_HWS_PGA_ADDRESS_MASK;
}

/* RING_CTL Ring Buffer Enable (spec 000 §1.1.5.4). */
static inline bool cs_ring_enabled(cs_engine_model *model)
{
    return (*cs_reg(model, CS_RING_CTL_INDEX) & CS_RING_CTL_ENABLE_MASK) != 0;
}

/* HEAD and TAIL inside the buffer: otherwise the ring is not parsed (docs/reference/cs.md). */
static inline bool cs_ring_geometry_valid(cs_engine_model *model)
{
    return cs_ring_head(model) < cs_ring_size(model) && cs_ring_tail(model) < cs_ring_size(model);
}

/* The decoded command's field `name` (repetition `instance`); 0 when it has none. */
static inline uint64_t cs_get(const cs_decoded *decoded, const char *name, uint32_t instance)
{
    uint64_t value = 0;
    cs_decoded_field(decoded, name, instance, &value);
    return value;
}

/* Whether the next step is due: its event pending, or the step event running commands back to
 * back is about to go on with the next one (docs/reference/cs.md "Temporal decoupling"). */
static inline bool cs_step_due(const cs_engine_model *model)
{
    return model->ahead || tlm_event_pending(&model->step);
}

/* The hot field `which` of the decoded command (as cs_decoded_field gives it): false when the
 * command has none within its dwords. */
static inline bool cs_hot_value(const cs_engine_model *model, const cs_decoded *decoded, cs_hot_field which,
                                uint64_t *value)
{
    const cs_hot_slot *slot = &model->hot[(size_t)(decoded->command - model->commands) * CS_HF_COUNT + which];
    if (slot->by_name)
        return cs_decoded_field(decoded, model->hot_names[which], 0, value);
    const cs_field *field = slot->field;
    if (!field || slot->end > decoded->available)
        return false;
    /* cs_field_extract and cs_field_display, from what resolve_hot_fields worked out. */
    const uint32_t *first = decoded->dwords + field->dword;
    uint64_t window = slot->two ? first[0] | (uint64_t)first[1] << 32 : first[0];
    uint64_t raw = (window >> slot->lo) & slot->mask;
    *value = slot->address ? raw << slot->lo : raw;
    return true;
}

/* The hot field's value; 0 when the command has none (cs_get). */
static inline uint64_t cs_hot(const cs_engine_model *model, const cs_decoded *decoded, cs_hot_field which)
{
    uint64_t value = 0;
    cs_hot_value(model, decoded, which, &value);
    return value;
}

void cs_store_bus(cs_engine_model *model, uint64_t address, uint64_t value, uint32_t bytes);
uint8_t *cs_grant_request(cs_engine_model *model, cs_grant *grant, tlm_cmd command, uint64_t address, uint32_t bytes);

/* Where `bytes` at `address` live in the memory, through `grant` (asked for when it does not
 * cover them); NULL when the memory grants no such access and the bus is the way. */
static inline uint8_t *cs_grant_pointer(cs_engine_model *model, cs_grant *grant, tlm_cmd command, uint64_t address,
                                        uint32_t bytes)
{
    if (grant->valid && address >= grant->region.start && address + bytes - 1u <= grant->region.end &&
        address + bytes - 1u >= address)
        return grant->region.pointer + (address - grant->region.start);
    return cs_grant_request(model, grant, command, address, bytes);
}

/* A simple command's store through its grant: what the bus write does, without the transaction. */
static inline bool cs_store_direct(cs_engine_model *model, uint64_t address, uint64_t value, uint32_t bytes)
{
    uint8_t *to = cs_grant_pointer(model, &model->store_grant, TLM_CMD_WRITE, address, bytes);
    if (!to)
        return false;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bytes == 8u)
        memcpy(to, &value, 8); /* memory's byte order is the host's */
    else
        memcpy(to, &value, 4);
#else
    for (uint32_t i = 0; i < bytes; i++)
        to[i] = (uint8_t)(value >> (8 * i));
#endif
    model->bus_delay += model->store_grant.region.write_latency;
    model->stats.writes++;
    model->stats.dmi_writes++;
    if (model->line_valid && address < model->line_address + CS_FETCH_LINE_BYTES && model->line_address < address + bytes)
        model->line_valid = false;
    return true;
}

/* A dword or qword store: through the grant in a run of simple commands, else on the bus. */
static inline void cs_store(cs_engine_model *model, uint64_t address, uint64_t value, uint32_t bytes)
{
    if (!model->in_simple || !cs_store_direct(model, address, value, bytes))
        cs_store_bus(model, address, value, bytes);
}

/* data, and data_hi when the command is long enough to hold it: a dword or a qword store
 * (MI_STORE_DATA_IMM, MI_STORE_DATA_INDEX, a post-sync write; inline for the simple path). */
static inline void cs_store_data(cs_engine_model *model, const cs_decoded *decoded, uint64_t address)
{
    uint64_t high = 0;
    bool qword = cs_hot_value(model, decoded, CS_HF_DATA_HI, &high);
    cs_store(model, address, cs_hot(model, decoded, CS_HF_DATA) | high << 32, qword ? 8u : 4u);
}

/* A dword of memory, little-endian as memory holds it. */
static inline uint32_t cs_le32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* The engine's accesses go through the GGTT from the ring and secure batches, else through the
 * PPGTT (spec 000 §1.1.5.3, §1.2.5). */
static inline bool cs_privileged_access(const cs_engine_model *model)
{
    return model->level == 0 || model->batch_secure[model->level];
}

/* The fetched line's bytes. */
static inline uint8_t *cs_line_bytes(cs_engine_model *model)
{
    return (uint8_t *)model->line;
}

/* What the drivers' hang capture reads (i915 i915_gpu_error.c engine_record_registers, xe
 * hw_engine snapshot): the command the engine is on. ACTHD is its graphics address, IPEHR and
 * CSCMDOP its header, DMA_FADD the cacheline fetched, BBADDR_UDW the batch head's upper bits.
 * They keep the last command's values when the engine stops (so a hang shows where). */
static inline void cs_capture_command(cs_engine_model *model, uint32_t header, uint64_t at)
{
    *cs_reg(model, CS_ACTHD_INDEX) = (uint32_t)at;
    *cs_reg(model, CS_ACTHD_UDW_INDEX) = (uint32_t)(at >> 32) & CS_ACTHD_UDW_ADDRESS_MASK;
    *cs_reg(model, CS_IPEHR_INDEX) = header;
    *cs_reg(model, CS_CSCMDOP_INDEX) = header;
    *cs_reg(model, CS_DMA_FADD_INDEX) = (uint32_t)model->line_address;
    *cs_reg(model, CS_DMA_FADD_UDW_INDEX) = (uint32_t)(model->line_address >> 32) & CS_DMA_FADD_UDW_ADDRESS_MASK;
    /* In a batch the command's address is the batch head (batch_pc, not yet advanced). */
    *cs_reg(model, CS_BB_ADDR_UDW_INDEX) = model->level > 0 ? (uint32_t)(at >> 32) & CS_BB_ADDR_UDW_ADDRESS_MASK : 0;
}

/* ---- internal functions (not API: only the engine's files call them), by defining file ---- */

/* cs_engine.c */
bool cs_runnable(cs_engine_model *model);
void cs_update_status(cs_engine_model *model);
void cs_kick(cs_engine_model *model, tlm_time delay);
bool cs_arbitration_point(cs_engine_model *model);

/* cs_ring.c (and cs_store above) */
bool cs_load(cs_engine_model *model, uint64_t address, uint32_t *value);
uint64_t cs_command_address(cs_engine_model *model, uint32_t index);
void cs_report_head(cs_engine_model *model);
void cs_advance_head(cs_engine_model *model, uint32_t dwords);
void cs_arb_check(cs_engine_model *model);
uint32_t cs_fetch_command(cs_engine_model *model, cs_decoded *decoded, uint64_t *at);
bool cs_fetch_line(cs_engine_model *model, uint64_t line);

/* cs_simple.c */
#define CS_SIMPLE_NONE (-1)  /* cs_simple_run: the command at the position needs the general path */
#define CS_SIMPLE_ENDED (-2) /* cs_simple_run: the step event ended (the next one is scheduled) */
bool cs_simple_allowed(const cs_engine_model *model);
int cs_simple_run(cs_engine_model *model);
void cs_simple_flush(cs_engine_model *model);

/* cs_irq.c */
irq_layout cs_engine_irq_layout(const cs_engine_model *model);
void cs_isr_changed(cs_engine_model *model, uint32_t changed);
void cs_send_event(cs_engine_model *model, uint32_t bits);
void cs_update_master_error(cs_engine_model *model);
void cs_raise_error(cs_engine_model *model, uint32_t error);
void cs_halt(cs_engine_model *model, uint32_t error);
void cs_sync_flush(cs_engine_model *model);
void cs_suspend_flush(cs_engine_model *model, bool suspend);
void cs_page_fault(cs_engine_model *model, tlm_address_space space);
void cs_page_fault_cleared(cs_engine_model *model);
void cs_user_interrupt(cs_engine_model *model);

/* cs_mmio.c */
uint64_t cs_timestamp(cs_engine_model *model);
uint32_t cs_ctx_timestamp(cs_engine_model *model);
bool cs_register_access(cs_engine_model *model, tlm_cmd command, uint32_t offset, uint32_t *value,
                        uint32_t byte_disable);
void cs_register_written(void *context, uint32_t index, uint32_t old_value, uint32_t new_value);
void cs_register_read(void *context, uint32_t index);
void cs_b_transport(void *self, tlm_payload *payload, tlm_time *delay);
uint32_t cs_transport_dbg(void *self, tlm_payload *payload);
void cs_hws_b_transport(void *self, tlm_payload *payload, tlm_time *delay);

/* cs_mi.c */
exec_kind cs_exec_kind_of(const char *name);
bool cs_predicate_result(cs_engine_model *model);
bool cs_set_predicate_exempt(exec_kind kind, const cs_decoded *decoded);
bool cs_set_predicate_drops(cs_engine_model *model);
void cs_execute(cs_engine_model *model, exec_kind kind, const cs_decoded *decoded);

/* cs_batch.c */
void cs_leave_batches(cs_engine_model *model);
void cs_batch_start(cs_engine_model *model, const cs_decoded *decoded);
void cs_batch_end(cs_engine_model *model);
void cs_conditional_batch_end(cs_engine_model *model, const cs_decoded *decoded);
bool cs_batch_permits(cs_engine_model *model, const cs_decoded *decoded);

/* cs_semaphore.c */
void cs_semaphore_poll(void *context);
bool cs_semaphore_waits(cs_engine_model *model, const cs_decoded *decoded);
void cs_semaphore_signal(cs_engine_model *model, const cs_decoded *decoded);
void cs_semaphore_mbox(cs_engine_model *model, const cs_decoded *decoded);

/* cs_context_gen6.c */
void cs_set_context(cs_engine_model *model, const cs_decoded *decoded);

/* cs_watchdog.c */
uint32_t cs_watchdog_count(cs_engine_model *model);
void cs_watchdog_schedule(cs_engine_model *model);
void cs_watchdog_expired(void *context);
void cs_watchdog_control(cs_engine_model *model, uint32_t value);

/* cs_ports.c */
void cs_stall_timed_out(void *context);
void cs_walker(cs_engine_model *model, const cs_decoded *decoded);
bool cs_instpm_disabled(cs_engine_model *model, const cs_decoded *decoded);
bool cs_stall_waits(cs_engine_model *model, const cs_decoded *decoded);
void cs_pipeline_port(cs_engine_model *model, const cs_decoded *decoded);
void cs_primitive(cs_engine_model *model, const cs_decoded *decoded);
uint64_t cs_port_threads(cs_engine_model *model);
uint64_t cs_threads_dispatched(cs_engine_model *model);
void cs_threads_written(cs_engine_model *model, uint32_t index, uint32_t value);

/* cs_event_log.c */
void cs_record(cs_engine_model *model, const cs_decoded *decoded);

#ifdef __cplusplus
}
#endif

#endif /* CS_ENGINE_INTERNAL_H */
