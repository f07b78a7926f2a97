# One request on the gen12 render ring as Linux i915 builds it (drivers/gpu/drm/i915/gt/
# gen8_engine_cs.c and intel_gpu_commands.h), written here as raw dwords with the driver's bits:
# the timeline HWSP is at 0x00200100 and the request's seqno is 0x42; the status page (HWS_PGA)
# at 0x00200000 holds the preempt semaphore (I915_GEM_HWS_PREEMPT, dword 0x32).
# Assembled by `gtsim asm --profile gen12` into i915_gen12_rcs_request.bin.

# gen8_emit_init_breadcrumb: MI_STORE_DWORD_IMM_GEN4 | MI_USE_GGTT, seqno - 1; MI_NOOP, MI_ARB_CHECK
dw 0x10400002 0x00200100 0x00000000 0x00000041
dw 0x00000000 0x02800000
# gen12_emit_flush_rcs(EMIT_INVALIDATE): preparser_disable(true) (MI_ARB_CHECK | 1 << 8 | 1);
# PIPE_CONTROL(6): command cache, TLB, instruction, texture, VF, constant, state invalidate,
# store index, QW write, CS stall at LRC_PPHWSP_SCRATCH_ADDR (0x34 * 4); gen12_emit_aux_table_inv:
# MI_LOAD_REGISTER_IMM(1) | MI_LRI_MMIO_REMAP_EN, GEN12_GFX_CCS_AUX_NV 0x4208, AUX_INV, then the
# register-poll wait for the hardware to clear it (MI_SEMAPHORE_WAIT_TOKEN | REGISTER_POLL | POLL |
# SAD_EQ_SDD, 0, 0x4208, 0, 0); preparser_disable(false)
dw 0x02800101
dw 0x7a000004 0x20344c1c 0x000000d0 0x00000000 0x00000000 0x00000000
dw 0x11020001 0x00004208 0x00000001
dw 0x0e01c003 0x00000000 0x00004208 0x00000000 0x00000000
dw 0x02800100
# gen8_emit_bb_start: MI_ARB_ON_OFF | MI_ARB_ENABLE; MI_BATCH_BUFFER_START_GEN8 | BIT(8)
# (a user batch: PPGTT, non-secure) at 0x00300000; MI_ARB_ON_OFF | MI_ARB_DISABLE; MI_NOOP
dw 0x04000001
dw 0x18800101 0x00300000 0x00000000
dw 0x04000000 0x00000000
# gen12_emit_flush_rcs(EMIT_FLUSH): PIPE_CONTROL(6) with HDC pipeline flush (DW0 bit 9); tile
# cache, L3, render target, depth cache flush, depth stall, DC flush, flush enable, store index,
# QW write, CS stall
dw 0x7a000204 0x183070a1 0x000000d0 0x00000000 0x00000000 0x00000000
# gen12_emit_fini_breadcrumb_rcs: gen12_emit_ggtt_write_rcs: PIPE_CONTROL(6) | HDC flush; the
# flush flags, QW write and PIPE_CONTROL_GLOBAL_GTT_IVB; the timeline address; 0; seqno; 0
dw 0x7a000204 0x191070a1 0x00200100 0x00000000 0x00000042 0x00000000
# gen12_emit_fini_breadcrumb_tail: MI_USER_INTERRUPT; MI_ARB_ON_OFF | MI_ARB_ENABLE;
# gen12_emit_preempt_busywait: MI_ARB_CHECK; MI_SEMAPHORE_WAIT_TOKEN | GLOBAL_GTT | POLL |
# SAD_EQ_SDD, 0, the preempt address, 0, 0 (5 dwords)
dw 0x01000000 0x04000001
dw 0x02800000
dw 0x0e40c003 0x00000000 0x002000c8 0x00000000 0x00000000
# gen8_emit_wa_tail: MI_ARB_CHECK, MI_NOOP
dw 0x02800000 0x00000000
