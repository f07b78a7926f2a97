// Register rules every RTL block shares: the access types of tlm/tlm_register.h as functions,
// bit for bit with the C register file (tlm_register_bit_enables, tlm_register_apply_write,
// tlm_register_read_value, tlm_register_writable), so a block's RTL twin and its C model answer
// every access alike. One copy here instead of one per block; docs/reference/rtl.md.
package gtsim_reg_pkg;

  // WSTRB as bit enables: byte i of a write changes only if strobe bit i is set
  // (tlm_register_bit_enables).
  function automatic logic [31:0] strb_to_bit_en(input logic [3:0] strb);
    return {{8{strb[3]}}, {8{strb[2]}}, {8{strb[1]}}, {8{strb[0]}}};
  endfunction

  // The value a write of `data` with bit-level write enables `bit_en` (from WSTRB) leaves in
  // a register holding `current` (tlm_register_apply_write).
  function automatic logic [31:0] reg_write(input logic [31:0] current, input logic [31:0] data,
                                            input logic [31:0] bit_en, input logic [31:0] rw_mask,
                                            input logic [31:0] w1c_mask,
                                            input logic [31:0] w1s_mask, input bit masked);
    logic [31:0] en;
    logic [31:0] value;
    // spec 000 §1.1.4: in a masked register, bit i of 15:0 changes only if its mask bit i+16
    // is written as 1, and the mask bits themselves are not stored. As in tlm_register.c, a
    // mask bit counts only in a strobed byte, and only strobed bytes of 15:0 change.
    en = masked ? (((data & bit_en) >> 16) & bit_en & 32'h0000_FFFF) : bit_en;
    value = (current & ~(rw_mask & en)) | (data & rw_mask & en);  // RW: take the data
    value = value & ~(data & w1c_mask & en);  // W1C: a 1 clears, a 0 leaves
    value = value | (data & w1s_mask & en);  // W1S: a 1 sets, a 0 leaves
    return value;
  endfunction

  // What software reads from a register holding `current` (tlm_register_read_value): bits
  // outside every field are reserved and read 0; spec 000 §1.1.4: mask bits (31:16) of a
  // masked register read as 0.
  function automatic logic [31:0] reg_read(input logic [31:0] current, input logic [31:0] rw_mask,
                                           input logic [31:0] ro_mask, input logic [31:0] w1c_mask,
                                           input logic [31:0] w1s_mask, input bit masked);
    return current & (rw_mask | ro_mask | w1c_mask | w1s_mask) &
        (masked ? 32'h0000_FFFF : 32'hFFFF_FFFF);
  endfunction

  // Whether a software write can change any bit (tlm_register_writable).
  function automatic bit reg_writable(input logic [31:0] rw_mask, input logic [31:0] w1c_mask,
                                      input logic [31:0] w1s_mask);
    return (rw_mask | w1c_mask | w1s_mask) != 32'h0;
  endfunction

endpackage
