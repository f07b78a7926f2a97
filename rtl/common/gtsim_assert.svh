// Assertion macros every RTL block uses (docs/reference/rtl.md "Assertions"), one place for the idiom the
// blocks share, in the manner of OpenTitan's prim_assert.sv.
//
// The idiom: immediate assertions inside an `always_ff @(posedge clk_i)`. At each rising edge
// they read the pre-edge values, like the sampled values of a concurrent assertion. A rule that
// spans two edges compares with the previous edge's values, kept in chk_*_q registers, and
// applies only while chk_armed_q is high (rst_ni was high at the previous edge too: what
// `disable iff (!rst_ni)` gives a property). Immediate rather than concurrent for speed (the
// measurements with Verilator 5.006 are in docs/reference/rtl.md, Performance). A failure prints
// "%Error: ... Assertion failed in <scope>.<name>: <message>"; the testbench wrapper counts it.
`ifndef GTSIM_ASSERT_SVH
`define GTSIM_ASSERT_SVH

// `GTSIM_ASSERT(name, prop, msg): inside an always_ff, assertion `name` of `prop` at the edge;
// on failure $error with `msg`, a parenthesised argument list: ("format", values...).
`ifndef SYNTHESIS
`define GTSIM_ASSERT(__name, __prop, __msg) \
  __name : assert (__prop) else $error __msg;
`else
`define GTSIM_ASSERT(__name, __prop, __msg)
`endif

// `GTSIM_ASSERT_ARMED(clk, rst_n): declares chk_armed_q, high at an edge of `clk` when `rst_n`
// was high at the previous edge: two-edge rules apply only while it is. Under `ifndef SYNTHESIS
// with the other chk_*_q registers.
`define GTSIM_ASSERT_ARMED(__clk, __rst_n) \
  logic chk_armed_q; \
  always_ff @(posedge __clk) chk_armed_q <= __rst_n;

`endif
