# One request on the gen12 copy engine ring as Linux i915 builds it (drivers/gpu/drm/i915/gt/
# gen8_engine_cs.c, intel_gpu_commands.h), raw dwords with the driver's bits: timeline HWSP at
# 0x00200100, seqno 0x77; the engine's status page at 0x00200000 holds the preempt semaphore.
# Assembled by `gtsim asm --profile gen12` into i915_gen12_bcs_request.bin.

# gen8_emit_init_breadcrumb: MI_STORE_DWORD_IMM_GEN4 | MI_USE_GGTT, seqno - 1; MI_NOOP, MI_ARB_CHECK
dw 0x10400002 0x00200100 0x00000000 0x00000076
dw 0x00000000 0x02800000
# gen12_emit_flush_xcs(EMIT_INVALIDATE): preparser_disable(true); (MI_FLUSH_DW + 1) |
# MI_FLUSH_DW_STORE_INDEX | MI_FLUSH_DW_OP_STOREDW | MI_INVALIDATE_TLB, LRC_PPHWSP_SCRATCH_ADDR,
# 0, 0; preparser_disable(false)
dw 0x02800101
dw 0x13244002 0x000000d0 0x00000000 0x00000000
dw 0x02800100
# gen8_emit_bb_start: MI_ARB_ON_OFF | MI_ARB_ENABLE; MI_BATCH_BUFFER_START_GEN8 | BIT(8) (a user
# batch) at 0x00310000; MI_ARB_ON_OFF | MI_ARB_DISABLE; MI_NOOP
dw 0x04000001
dw 0x18800101 0x00310000 0x00000000
dw 0x04000000 0x00000000
# gen12_emit_fini_breadcrumb_xcs: __gen8_emit_flush_dw(cs, 0, 0, 0) (a stalling flush), then
# gen8_emit_ggtt_write: (MI_FLUSH_DW + 1) | MI_FLUSH_DW_OP_STOREDW, the timeline address |
# MI_FLUSH_DW_USE_GTT, 0, seqno
dw 0x13000002 0x00000000 0x00000000 0x00000000
dw 0x13004002 0x00200104 0x00000000 0x00000077
# gen12_emit_fini_breadcrumb_tail: MI_USER_INTERRUPT; MI_ARB_ON_OFF | MI_ARB_ENABLE;
# gen12_emit_preempt_busywait (MI_ARB_CHECK; 5-dword MI_SEMAPHORE_WAIT_TOKEN, GGTT, poll,
# SAD == SDD on the preempt dword); gen8_emit_wa_tail (MI_ARB_CHECK, MI_NOOP)
dw 0x01000000 0x04000001
dw 0x02800000
dw 0x0e40c003 0x00000000 0x002000c8 0x00000000 0x00000000
dw 0x02800000 0x00000000
