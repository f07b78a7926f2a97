# Every gen12 command once (docs/reference/commands.md). `gtsim asm` turns this into dwords;
# gen12_all.dis is what `gtsim dis` prints for them.
MI_NOOP nop_id=0x1234 nop_id_write=1
MI_USER_INTERRUPT
MI_WAIT_FOR_EVENT plane_1_flip=1
MI_ARB_CHECK pre_parser_disable=1 pre_parser_disable_mask=1
MI_REPORT_HEAD
MI_SUSPEND_FLUSH suspend=1
MI_DISPLAY_FLIP plane=1 pitch=64 base=0x100000 flip_type=async async=1
MI_SET_CONTEXT address=0x20000 must_be_one=1 force_restore=1
MI_SEMAPHORE_SIGNAL target_engine=bcs post_sync=1 target_context=0x11
MI_SEMAPHORE_WAIT ggtt=1 wait_mode=poll compare=sad_eq_sdd data=1 address=0x1000
MI_STORE_DATA_IMM address=0x800000001000 data=0xcafe
MI_STORE_DATA_IMM store_qword=1 address=0x2000 data=1 data_hi=2
MI_STORE_DATA_INDEX pphwsp=1 offset=0x40 data=7
MI_LOAD_REGISTER_IMM add_cs_mmio=1 reg=0x2080 data=1 reg=0x244 data=0x10001
MI_UPDATE_GTT entry_address=0x3000 entry=5
MI_STORE_REGISTER_MEM reg=0x2358 address=0x1010
MI_FLUSH_DW notify=1 post_sync=write_imm ggtt=1 address=0x100 data=5
MI_REPORT_PERF_COUNT ggtt=1 address=0x1000 report_id=0x42
MI_LOAD_REGISTER_MEM ggtt=1 reg=0x2358 address=0x1018
MI_LOAD_REGISTER_REG src_reg=0x2358 dst_reg=0x2600
MI_COPY_MEM_MEM dst=0x1000 src=0x2000
MI_ATOMIC op=inc cs_stall=1 ggtt=1 address=0x1000
MI_ATOMIC op=move inline_data=1 address=0x40 op1_dw0=0x77 len=11
MI_CONDITIONAL_BATCH_BUFFER_END compare_semaphore=1 ggtt=1 compare_data=0x10 compare_address=0x1008
GPGPU_WALKER simd=simd16 tg_dim_x=2 tg_dim_y=1 tg_dim_z=1 right_mask=0xffff bottom_mask=0xffffffff
COMPUTE_WALKER simd=simd32 exec_mask=0xffffffff tg_dim_x=8 tg_dim_y=1 tg_dim_z=1
PIPE_CONTROL cs_stall=1 post_sync=write_imm notify=1 ggtt=1 address=0x2000 data=1
MI_BATCH_BUFFER_START address_space=ppgtt second_level=1 address=0x100001000
MI_BATCH_BUFFER_END end_context=1
dw 0x7c000000                                              # GFXPIPE 3D opcode 4: a reserved header
dw 0x18800001 0x40000                                      # a batch start with two of its three dwords
