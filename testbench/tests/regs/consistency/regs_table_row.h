/* One answer of a generated <block>_regs_table module, in C types. Shared by every block's
 * table wrapper (generated from regs_table_wrapper.h.in). */
#ifndef REGS_TABLE_ROW_H
#define REGS_TABLE_ROW_H

#include <stdbool.h>
#include <stdint.h>

typedef struct regs_table_row {
    uint32_t offset;
    uint32_t reset;
    uint32_t rw_mask;
    uint32_t ro_mask;
    uint32_t w1c_mask;
    uint32_t w1s_mask;
    bool masked;
    uint32_t storage_index;
    uint32_t field_count;
    uint32_t field_shift;
    uint32_t field_width;
    uint32_t field_reset;
    uint32_t field_mask;
    uint32_t value_count;
    uint32_t value;
} regs_table_row;

#endif
