/* Register semantics shared by every C model: the descriptor types the register generator
 * (scripts/regs/reggen.py) emits for each block, and a register file that applies them to
 * 32-bit MMIO accesses. The RTL twins implement the same rules, so a model built on this file
 * and its RTL answer every access alike. docs/reference/registers.md describes the source format.
 *
 * Access types, per field:
 *   RW   read/write.
 *   RO   read only: written by the device; a software write leaves it unchanged.
 *   W1C  write 1 to clear: a 1 clears the bit, a 0 leaves it; set by the device.
 *   W1S  write 1 to set: a 1 sets the bit, a 0 leaves it; cleared by the device.
 * Per register:
 *   masked  bits 31:16 of a write are write enables for bits 15:0; bits 31:16 read as 0
 *           (spec 000 §1.1.4, MI_MODE/GFX_MODE/INSTPM "Mask Bits").
 *   alias   the register reads and writes the storage of another register of the block with
 *           its own field access types (a SET or CLEAR view of a status register).
 * Bits outside every field are reserved: they read 0 and writes to them are ignored.
 *
 * Payload rules (tlm_register_file_b_transport), identical for model and transactor:
 *   malformed payload (tlm_payload_check)         -> that status
 *   length != 4 or address not 4-byte aligned     -> TLM_STATUS_BURST_ERROR
 *   no register at the address                    -> TLM_STATUS_ADDRESS_ERROR (AXI DECERR), or
 *                                                    the payload's hole handler answers it
 *                                                    (tlm_payload_answer_hole; nothing logged)
 *   write to a register with no writable bit, in a
 *   block whose ro_write_error is set              -> TLM_STATUS_GENERIC_ERROR (AXI SLVERR)
 *   byte enables                                  -> only enabled bytes are written; a read
 *                                                    fills only enabled bytes of the buffer */
#ifndef TLM_REGISTER_H
#define TLM_REGISTER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tlm_kernel.h"
#include "tlm_payload.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tlm_register_access {
    TLM_REGISTER_RW,  /* read/write */
    TLM_REGISTER_RO,  /* read only, device-written */
    TLM_REGISTER_W1C, /* write 1 to clear */
    TLM_REGISTER_W1S  /* write 1 to set */
} tlm_register_access;

/* One named value of an enumerated field (shown by name in waveforms and logs). */
typedef struct tlm_register_enum_value {
    const char *name; /* value name, e.g. "IDLE" */
    uint32_t value;   /* field value */
} tlm_register_enum_value;

typedef struct tlm_register_field_desc {
    const char *name;                      /* field name, e.g. "DONE" */
    const char *description;               /* one line from the source */
    uint8_t shift;                         /* lowest bit */
    uint8_t width;                         /* bits, 1..32 */
    tlm_register_access access;            /* how software writes affect it */
    uint32_t reset;                        /* value after reset (unshifted) */
    const tlm_register_enum_value *values; /* named values, or NULL */
    uint32_t value_count;                  /* entries in values */
} tlm_register_field_desc;

typedef struct tlm_register_desc {
    const char *name;                       /* register name, e.g. "STATUS" */
    const char *description;                /* one line from the source */
    uint32_t offset;                        /* byte offset in the block, 4-byte aligned */
    uint32_t storage_index;                 /* index of the register whose value it uses (itself unless an alias) */
    uint32_t reset;                         /* reset value of the whole register */
    bool masked;                            /* bits 31:16 are write enables for 15:0 */
    uint32_t rw_mask;                       /* bits of RW fields */
    uint32_t ro_mask;                       /* bits of RO fields */
    uint32_t w1c_mask;                      /* bits of W1C fields */
    uint32_t w1s_mask;                      /* bits of W1S fields */
    const tlm_register_field_desc *fields;  /* fields, lowest bit first */
    uint32_t field_count;                   /* entries in fields */
} tlm_register_desc;

typedef struct tlm_register_block_desc {
    const char *name;                      /* block name, e.g. "roundtrip" */
    uint32_t size;                         /* bytes of MMIO space the block decodes */
    bool ro_write_error;                   /* writes to registers with no writable bit answer an error */
    const tlm_register_desc *registers;    /* sorted by offset */
    uint32_t register_count;               /* entries in registers */
} tlm_register_block_desc;

/* The value a write of `data` with bit-level write enables `bit_enables` (from byte enables)
 * leaves in a register holding `current`. */
uint32_t tlm_register_apply_write(const tlm_register_desc *reg, uint32_t current, uint32_t data, uint32_t bit_enables);

/* What software reads from a register holding `current`. */
uint32_t tlm_register_read_value(const tlm_register_desc *reg, uint32_t current);

/* Whether a software write can change any bit of the register. */
static inline bool tlm_register_writable(const tlm_register_desc *reg)
{
    return (reg->rw_mask | reg->w1c_mask | reg->w1s_mask) != 0;
}

/* Index of the register at byte offset `offset`, or -1. */
int32_t tlm_register_find(const tlm_register_block_desc *block, uint32_t offset);

/* A block's register values with the access rules above. Models keep one and change device-
 * owned bits (RO, W1C, W1S) in `values` directly. */
typedef struct tlm_register_file tlm_register_file;

/* Called after a software write changed (or tried to change) register `index`. */
typedef void (*tlm_register_write_fn)(void *context, uint32_t index, uint32_t old_value, uint32_t new_value);
/* Called before a software read of register `index`, to let the model refresh its value. */
typedef void (*tlm_register_read_fn)(void *context, uint32_t index);

struct tlm_register_file {
    const tlm_register_block_desc *block; /* the descriptors */
    uint32_t *values;                     /* one per register, by storage index */
    tlm_register_write_fn on_write;       /* may be NULL */
    tlm_register_read_fn on_read;         /* may be NULL */
    void *context;                        /* passed to on_write and on_read */
    tlm_log_block *log;                   /* where refused accesses are logged */
    struct tlm_kernel *trace_kernel;      /* time base of the register rows; NULL when untraced */
    uint32_t *trace_ids;                  /* trace row per storage register (tlm_trace_id), NULL when untraced */
    uint32_t *traced_values;              /* the values last traced, to trace only changes */
    uint16_t *index_at;                   /* register index per 4-byte word of the block (TLM_REGISTER_NO_INDEX
                                             for a hole), so an access decodes in one load; NULL for a
                                             block too large for a table (then binary search) */
    uint32_t write_data;                  /* during on_write: the data written, bit enables applied */
};

/* index_at[] of a word with no register. */
#define TLM_REGISTER_NO_INDEX 0xFFFFu

void tlm_register_file_init(tlm_register_file *file, const tlm_register_block_desc *block, tlm_log_block *log);
void tlm_register_file_destroy(tlm_register_file *file);
/* Traces the value of every register that owns storage as a 32-bit row named after it in
 * `scope` (no effect when tracing is off). Values are traced after every software access and
 * reset; a model that changes `values` outside an access calls tlm_register_file_trace_sync. */
void tlm_register_file_trace(tlm_register_file *file, struct tlm_kernel *kernel, const char *scope);
/* Traces every register whose value changed since it was last traced. */
void tlm_register_file_trace_sync(tlm_register_file *file);

/* Puts every register back to its reset value. */
void tlm_register_file_reset(tlm_register_file *file);

/* Software value of register `index` (as a read would return it, without on_read). */
uint32_t tlm_register_file_peek(const tlm_register_file *file, uint32_t index);

/* Debug transport (TLM-2.0 transport_dbg) of register values, shared by every model so they
 * answer debuggers alike. A debug access is a well-formed, aligned 4-byte read
 * (tlm_register_payload_check); debug writes are refused, so a debugger cannot change device
 * state (start an operation, service an interrupt) behind the model's back. */
bool tlm_register_dbg_readable(const tlm_payload *payload);

/* Answers a readable debug payload with `value`: its 4 data bytes, little-endian whatever the
 * byte enables, and TLM_STATUS_OK. Returns the bytes transferred (4). */
uint32_t tlm_register_dbg_answer(tlm_payload *payload, uint32_t value);

/* Debug read of the register at byte `offset` of the file's block: its software value as
 * tlm_register_file_peek gives it, without side effects (no on_read, no read-clear, nothing
 * traced or logged). Returns 4, or 0 (nothing transferred) for a payload
 * tlm_register_dbg_readable refuses, an offset at or past the block's size, or a hole. */
uint32_t tlm_register_file_read_dbg(const tlm_register_file *file, tlm_payload *payload, uint64_t offset);

/* Answers one MMIO payload addressed relative to the block, following the payload rules
 * above; logs every refused access. Adds no delay. */
void tlm_register_file_b_transport(tlm_register_file *file, tlm_payload *payload);

/* Index of the register a plain access addresses, or -1. A plain access is an aligned 4-byte
 * payload with a data buffer and no byte enables, at a register of the file's decode table
 * (whatever its command). tlm_register_file_b_transport answers plain reads and writes on a
 * short path; a model may answer plain accesses to its own hot registers itself, with the
 * effect the file and its hooks would have, and pass every other payload to the file. */
static inline int32_t tlm_register_file_plain_index(const tlm_register_file *file, const tlm_payload *payload)
{
    uint64_t offset = payload->address;
    if (payload->length != 4 || (offset & 3) != 0 || offset >= file->block->size || !file->index_at ||
        !payload->data || payload->byte_enable)
        return -1;
    uint16_t index = file->index_at[offset / 4];
    return index == TLM_REGISTER_NO_INDEX ? -1 : (int32_t)index;
}

/* The value of the 4 little-endian bytes at `in` (a register access's data), in one load where
 * the host is little-endian. */
static inline uint32_t tlm_register_load_le32(const uint8_t *in)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t value;
    memcpy(&value, in, 4);
    return value;
#else
    return (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 | (uint32_t)in[3] << 24;
#endif
}

/* The 4 little-endian bytes of `value` at `out` in one store where the host is little-endian,
 * so an initiator that reads them back as one 32-bit load has it forwarded from the store. */
static inline void tlm_register_store_le32(uint8_t *out, uint32_t value)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, &value, 4);
#else
    for (uint32_t i = 0; i < 4; i++)
        out[i] = (uint8_t)(value >> (8 * i));
#endif
}

/* The payload rules a 32-bit register bus applies before any register is decoded: malformed
 * payloads and anything but an aligned 4-byte access are refused (TLM_STATUS_OK if the
 * access can be carried). Transactors use it to refuse exactly what the model refuses. */
tlm_status tlm_register_payload_check(const tlm_payload *payload);

/* 32-bit bit mask of the enabled bytes of a 4-byte payload (all ones without byte enables). */
uint32_t tlm_register_bit_enables(const tlm_payload *payload);

const char *tlm_register_access_name(tlm_register_access access);

#ifdef __cplusplus
}
#endif

#endif
