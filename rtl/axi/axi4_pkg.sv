// AXI4 burst arithmetic shared by the AXI4 RTL (the protocol checker, the test master and the
// test memory slave): encodings and the address of each beat, as the AMBA AXI protocol
// specification (ARM IHI 0022E, §A3.4.1 "Address structure") defines them.
package axi4_pkg;

  // AxBURST encodings (IHI 0022E Table A3-3).
  localparam logic [1:0] BurstFixed = 2'b00;  // every beat at the same address (FIFO access)
  localparam logic [1:0] BurstIncr = 2'b01;   // each beat at the previous beat's address + size
  localparam logic [1:0] BurstWrap = 2'b10;   // incrementing, wrapping at the wrap boundary
  // 2'b11 is reserved.

  // The address of the beat after the beat at `addr` (IHI 0022E §A3.4.1): FIXED keeps the
  // address; INCR goes to the next size-aligned address (an unaligned start address is
  // aligned from the second beat on); WRAP increments and wraps at the wrap boundary, the
  // address aligned to (beats x bytes per beat). 32-bit addresses; size is AxSIZE (log2 of
  // the bytes per beat), len is AxLEN (beats - 1).
  function automatic logic [31:0] next_addr(logic [31:0] addr, logic [2:0] size, logic [7:0] len,
                                            logic [1:0] burst);
    logic [31:0] bytes, aligned, wrap_bytes, wrap_base;
    bytes = 32'd1 << size;
    aligned = addr & ~(bytes - 32'd1);
    wrap_bytes = bytes * ({24'd0, len} + 32'd1);
    wrap_base = addr & ~(wrap_bytes - 32'd1);
    if (burst == BurstFixed) begin
      next_addr = addr;
    end else if (burst == BurstWrap && aligned + bytes == wrap_base + wrap_bytes) begin
      next_addr = wrap_base;
    end else begin
      next_addr = aligned + bytes;
    end
  endfunction

  // Byte lanes (a DataBytes-bit mask) a beat at `addr` of `size` uses on a bus of DataBytes
  // lanes (IHI 0022E §A3.4.1: Lower_Byte_Lane = addr mod bus bytes, Upper_Byte_Lane =
  // (aligned addr mod bus bytes) + bytes - 1). Up to 64-bit buses (8 lanes).
  function automatic logic [7:0] beat_lanes(logic [31:0] addr, logic [2:0] size, logic [3:0] data_bytes);
    logic [3:0] lower, upper;
    logic [31:0] aligned;
    aligned = addr & ~((32'd1 << size) - 32'd1);
    lower = 4'(addr % {28'd0, data_bytes});
    upper = 4'(aligned % {28'd0, data_bytes}) + 4'((32'd1 << size) - 32'd1);
    beat_lanes = 8'd0;
    for (int i = 0; i < 8; i++) begin
      if (4'(i) >= lower && 4'(i) <= upper) beat_lanes[i] = 1'b1;
    end
  endfunction

endpackage
