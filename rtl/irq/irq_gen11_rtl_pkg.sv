// Tables of the gen11+ interrupt aggregation RTL (rtl/irq/irq_gen11.sv), built from the
// generated register packages so that no offset, reset value, mask or field position is
// written by hand: the engine table of spec 001 "GT Engine Interrupts" (class, instance and
// where each engine's second-level bit, enable unit and mask unit are; the C model's engines[]
// in models/irq/irq_gen11.c, same order), and per register of the host block its offsets in
// both blocks and its access masks.
//
// Register roles are the host block's register indices (IRQ_GEN11_*_INDEX); the GuC block
// (irq_gen11_guc_regs.toml) has the same registers without GFX_MSTR_IRQ, at the same offsets
// (a modelling choice recorded in docs/reference/irq.md). irq_gen11.sv checks at elaboration that both
// packages agree on every mask and reset value.
package irq_gen11_rtl_pkg;
  import irq_gen11_regs_pkg::*;
  import irq_gen11_guc_regs_pkg::*;

  // Consumers use some constants each (the top: offsets; the trees: masks).
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned RoleCount = IRQ_GEN11_REGISTER_COUNT;  // one role per host register
  localparam int unsigned EngineCount = 25;  // spec 001 table entries modelled (docs/reference/irq.md)
  // GuC block offset of a role the GuC block does not have (GFX_MSTR_IRQ): beyond the block.
  localparam logic [31:0] NoOffset = 32'hFFFF_FFFF;

  // One register role: where it is in each block and what its bits are (tlm/tlm_register.h).
  typedef struct packed {
    logic [31:0] host_offset;  // byte offset in the host block
    logic [31:0] guc_offset;  // byte offset in the GuC block (NoOffset: absent)
    logic [31:0] reset;  // reset value (host)
    logic [31:0] rw;  // RW bits (host)
    logic [31:0] ro;  // RO bits (host)
    logic [31:0] w1c;  // W1C bits (host)
    logic [31:0] w1s;  // W1S bits (host)
    logic [31:0] guc_reset;  // reset value (GuC), checked equal to the host's
    logic [31:0] guc_rw;  // RW bits (GuC), checked equal
    logic [31:0] guc_w1c;  // W1C bits (GuC), checked equal
  } reg_desc_t;

`define IRQ_GEN11_REG(N) \
    IRQ_GEN11_``N``_INDEX: return '{IRQ_GEN11_``N``_OFFSET, IRQ_GUC_``N``_OFFSET, \
        IRQ_GEN11_``N``_RESET, IRQ_GEN11_``N``_RW_MASK, IRQ_GEN11_``N``_RO_MASK, \
        IRQ_GEN11_``N``_W1C_MASK, IRQ_GEN11_``N``_W1S_MASK, IRQ_GUC_``N``_RESET, \
        IRQ_GUC_``N``_RW_MASK, IRQ_GUC_``N``_W1C_MASK};

  // Descriptor of role `r` (constant use only: tables and elaboration checks).
  function automatic reg_desc_t reg_desc(input int unsigned r);
    case (r)
      IRQ_GEN11_GFX_MSTR_IRQ_INDEX:
      return '{IRQ_GEN11_GFX_MSTR_IRQ_OFFSET, NoOffset, IRQ_GEN11_GFX_MSTR_IRQ_RESET,
               IRQ_GEN11_GFX_MSTR_IRQ_RW_MASK, IRQ_GEN11_GFX_MSTR_IRQ_RO_MASK,
               IRQ_GEN11_GFX_MSTR_IRQ_W1C_MASK, IRQ_GEN11_GFX_MSTR_IRQ_W1S_MASK,
               IRQ_GEN11_GFX_MSTR_IRQ_RESET, IRQ_GEN11_GFX_MSTR_IRQ_RW_MASK,
               IRQ_GEN11_GFX_MSTR_IRQ_W1C_MASK};
      `IRQ_GEN11_REG(GT_INTR_DW0)
      `IRQ_GEN11_REG(GT_INTR_DW1)
      `IRQ_GEN11_REG(RENDER_COPY_INTR_ENABLE)
      `IRQ_GEN11_REG(VCS_VECS_INTR_ENABLE)
      `IRQ_GEN11_REG(GUC_SG_INTR_ENABLE)
      `IRQ_GEN11_REG(GPM_WGBOXPERF_INTR_ENABLE)
      `IRQ_GEN11_REG(CRYPTO_RSVD_INTR_ENABLE)
      `IRQ_GEN11_REG(GUNIT_CSME_INTR_ENABLE)
      `IRQ_GEN11_REG(CCS_RSVD_INTR_ENABLE)
      `IRQ_GEN11_REG(INTR_IDENTITY_REG0)
      `IRQ_GEN11_REG(INTR_IDENTITY_REG1)
      `IRQ_GEN11_REG(IIR_REG_SELECTOR0)
      `IRQ_GEN11_REG(IIR_REG_SELECTOR1)
      `IRQ_GEN11_REG(RCS0_RSVD_INTR_MASK)
      `IRQ_GEN11_REG(BCS_RSVD_INTR_MASK)
      `IRQ_GEN11_REG(VCS0_VCS1_INTR_MASK)
      `IRQ_GEN11_REG(VCS2_VCS3_INTR_MASK)
      `IRQ_GEN11_REG(VCS4_VCS5_INTR_MASK)
      `IRQ_GEN11_REG(VCS6_VCS7_INTR_MASK)
      `IRQ_GEN11_REG(VECS0_VECS1_INTR_MASK)
      `IRQ_GEN11_REG(VECS2_VECS3_INTR_MASK)
      `IRQ_GEN11_REG(GUC_SG_INTR_MASK)
      `IRQ_GEN11_REG(GPM_WGBOXPERF_INTR_MASK)
      `IRQ_GEN11_REG(CRYPTO_RSVD_INTR_MASK)
      `IRQ_GEN11_REG(GUNIT_CSME_INTR_MASK)
      `IRQ_GEN11_REG(CCS0_CCS1_INTR_MASK)
      `IRQ_GEN11_REG(CCS2_CCS3_INTR_MASK)
      default: return '{NoOffset, NoOffset, 32'h0, 32'h0, 32'h0, 32'h0, 32'h0, 32'h0, 32'h0, 32'h0};
    endcase
  endfunction
`undef IRQ_GEN11_REG

  // Every role's descriptor, by role (host register index 0..27; RoleCount checked by the top).
  localparam reg_desc_t Regs[28] = '{
      reg_desc(0),
      reg_desc(1),
      reg_desc(2),
      reg_desc(3),
      reg_desc(4),
      reg_desc(5),
      reg_desc(6),
      reg_desc(7),
      reg_desc(8),
      reg_desc(9),
      reg_desc(10),
      reg_desc(11),
      reg_desc(12),
      reg_desc(13),
      reg_desc(14),
      reg_desc(15),
      reg_desc(16),
      reg_desc(17),
      reg_desc(18),
      reg_desc(19),
      reg_desc(20),
      reg_desc(21),
      reg_desc(22),
      reg_desc(23),
      reg_desc(24),
      reg_desc(25),
      reg_desc(26),
      reg_desc(27)
  };

  // Spec 001 engine class IDs (models/irq/irq_message.h IRQ_CLASS_*).
  localparam logic [2:0] ClassRender = 3'd0;
  localparam logic [2:0] ClassVideoDecode = 3'd1;
  localparam logic [2:0] ClassVideoEnhance = 3'd2;
  localparam logic [2:0] ClassCopy = 3'd3;
  localparam logic [2:0] ClassOther = 3'd4;
  localparam logic [2:0] ClassCompute = 3'd5;

  // One engine: its identity in messages and the shared IIR, and its place in the tree.
  typedef struct packed {
    logic [2:0] engine_class;  // spec 001 ClassID
    logic [5:0] engine_instance;  // spec 001 InstanceID
    logic dw;  // second-level dword: GT_INTR_DW0 or GT_INTR_DW1
    logic [4:0] dw_bit;  // bit in that dword
    logic [4:0] enable_role;  // enable register (host register index)
    logic [4:0] enable_shift;  // 16: upper unit, 0: lower unit
    logic [4:0] mask_role;  // mask register (host register index)
    logic [4:0] mask_shift;  // 16: upper unit, 0: lower unit
  } engine_desc_t;

`define IRQ_GEN11_ENGINE(E, CLS, INST, DW, F, EN, ENF, MK, MKF) \
    E: return '{CLS, 6'(INST), 1'(DW), 5'(IRQ_GEN11_GT_INTR_DW``DW``_``F``_SHIFT), \
        5'(IRQ_GEN11_``EN``_INTR_ENABLE_INDEX), 5'(IRQ_GEN11_``EN``_INTR_ENABLE_``ENF``_SHIFT), \
        5'(IRQ_GEN11_``MK``_INTR_MASK_INDEX), 5'(IRQ_GEN11_``MK``_INTR_MASK_``MKF``_SHIFT)};

  // spec 001 "GT Engine Interrupts"; bits and registers per docs/facts.md (the generated
  // constants). Order and content as models/irq/irq_gen11.c engines[].
  function automatic engine_desc_t engine_desc(input int unsigned e);
    case (e)
      `IRQ_GEN11_ENGINE(0, ClassRender, 0, 0, RCS0, RENDER_COPY, RENDER, RCS0_RSVD, RCS0)
      `IRQ_GEN11_ENGINE(1, ClassVideoDecode, 0, 1, VCS0, VCS_VECS, VCS, VCS0_VCS1, VCS0)
      `IRQ_GEN11_ENGINE(2, ClassVideoDecode, 1, 1, VCS1, VCS_VECS, VCS, VCS0_VCS1, VCS1)
      `IRQ_GEN11_ENGINE(3, ClassVideoDecode, 2, 1, VCS2, VCS_VECS, VCS, VCS2_VCS3, VCS2)
      `IRQ_GEN11_ENGINE(4, ClassVideoDecode, 3, 1, VCS3, VCS_VECS, VCS, VCS2_VCS3, VCS3)
      `IRQ_GEN11_ENGINE(5, ClassVideoDecode, 4, 1, VCS4, VCS_VECS, VCS, VCS4_VCS5, VCS4)
      `IRQ_GEN11_ENGINE(6, ClassVideoDecode, 5, 1, VCS5, VCS_VECS, VCS, VCS4_VCS5, VCS5)
      `IRQ_GEN11_ENGINE(7, ClassVideoDecode, 6, 1, VCS6, VCS_VECS, VCS, VCS6_VCS7, VCS6)
      `IRQ_GEN11_ENGINE(8, ClassVideoDecode, 7, 1, VCS7, VCS_VECS, VCS, VCS6_VCS7, VCS7)
      `IRQ_GEN11_ENGINE(9, ClassVideoEnhance, 0, 1, VECS0, VCS_VECS, VECS, VECS0_VECS1, VECS0)
      `IRQ_GEN11_ENGINE(10, ClassVideoEnhance, 1, 1, VECS1, VCS_VECS, VECS, VECS0_VECS1, VECS1)
      `IRQ_GEN11_ENGINE(11, ClassVideoEnhance, 2, 1, VECS2, VCS_VECS, VECS, VECS2_VECS3, VECS2)
      `IRQ_GEN11_ENGINE(12, ClassVideoEnhance, 3, 1, VECS3, VCS_VECS, VECS, VECS2_VECS3, VECS3)
      `IRQ_GEN11_ENGINE(13, ClassCopy, 0, 0, BCS0, RENDER_COPY, COPY, BCS_RSVD, BCS0)
      // 'Other' instances: spec 001 GuC 0, GTPM 1, WDOAPerf 2, SCTRG 3, KCR 4, Gunit 5, CSME 6
      `IRQ_GEN11_ENGINE(14, ClassOther, 0, 0, GUC, GUC_SG, GUC, GUC_SG, GUC)
      `IRQ_GEN11_ENGINE(15, ClassOther, 1, 0, GTPM, GPM_WGBOXPERF, GTPM, GPM_WGBOXPERF, GTPM)
      `IRQ_GEN11_ENGINE(16, ClassOther, 2, 0, WDOAPERF, GPM_WGBOXPERF, WDOAPERF, GPM_WGBOXPERF,
                        WDOAPERF)
      `IRQ_GEN11_ENGINE(17, ClassOther, 3, 0, SCTRG, GUC_SG, SCTRG, GUC_SG, SCTRG)
      `IRQ_GEN11_ENGINE(18, ClassOther, 4, 0, KCR, CRYPTO_RSVD, KCR, CRYPTO_RSVD, KCR)
      `IRQ_GEN11_ENGINE(19, ClassOther, 5, 0, GUNIT, GUNIT_CSME, GUNIT, GUNIT_CSME, GUNIT)
      `IRQ_GEN11_ENGINE(20, ClassOther, 6, 0, CSME, GUNIT_CSME, CSME, GUNIT_CSME, CSME)
      `IRQ_GEN11_ENGINE(21, ClassCompute, 0, 0, CCS0, CCS_RSVD, CCS, CCS0_CCS1, CCS0)
      `IRQ_GEN11_ENGINE(22, ClassCompute, 1, 0, CCS1, CCS_RSVD, CCS, CCS0_CCS1, CCS1)
      `IRQ_GEN11_ENGINE(23, ClassCompute, 2, 0, CCS2, CCS_RSVD, CCS, CCS2_CCS3, CCS2)
      `IRQ_GEN11_ENGINE(24, ClassCompute, 3, 0, CCS3, CCS_RSVD, CCS, CCS2_CCS3, CCS3)
      default: return '0;
    endcase
  endfunction
`undef IRQ_GEN11_ENGINE

  // The engine table, by engine index.
  localparam engine_desc_t Engines[EngineCount] = '{
      engine_desc(0),
      engine_desc(1),
      engine_desc(2),
      engine_desc(3),
      engine_desc(4),
      engine_desc(5),
      engine_desc(6),
      engine_desc(7),
      engine_desc(8),
      engine_desc(9),
      engine_desc(10),
      engine_desc(11),
      engine_desc(12),
      engine_desc(13),
      engine_desc(14),
      engine_desc(15),
      engine_desc(16),
      engine_desc(17),
      engine_desc(18),
      engine_desc(19),
      engine_desc(20),
      engine_desc(21),
      engine_desc(22),
      engine_desc(23),
      engine_desc(24)
  };

  // Fields of the shared IIR (INTR_IDENTITY_REG0 and 1 have the same layout).
  localparam logic [31:0] IdentityValid = IRQ_GEN11_INTR_IDENTITY_REG0_DATA_VALID_MASK;
  localparam int unsigned IdentityClassShift = IRQ_GEN11_INTR_IDENTITY_REG0_CLASS_SHIFT;
  localparam int unsigned IdentityInstanceShift = IRQ_GEN11_INTR_IDENTITY_REG0_INSTANCE_SHIFT;
  localparam int unsigned IdentityDataShift = IRQ_GEN11_INTR_IDENTITY_REG0_DATA_SHIFT;

  /* verilator lint_on UNUSEDPARAM */
endpackage
