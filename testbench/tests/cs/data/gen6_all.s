# Every gen6 command once (docs/reference/commands.md). `gtsim asm --profile
# gen6` turns this into dwords; gen6_all.dis is what `gtsim dis --profile gen6` prints for them.
MI_NOOP nop_id=0x1234 nop_id_write=1
MI_USER_INTERRUPT
MI_WAIT_FOR_EVENT plane_a_flip=1
MI_FLUSH state_cache_invalidate=1
MI_ARB_CHECK
MI_UNPROBE slot=5
MI_REPORT_HEAD
MI_SUSPEND_FLUSH suspend=1
MI_DISPLAY_FLIP plane=plane_b pitch=64 base=0x100000 pipe_hsize=1919 pipe_vsize=1079 panel_fitter=1
MI_SEMAPHORE_MBOX update=1 ggtt=1 data=5 address=0x1000
MI_SET_CONTEXT address=0x20000 must_be_one=1 restore_inhibit=1
MI_NOOP
MI_STORE_DATA_IMM address=0x1000 data=0xcafe
MI_STORE_DATA_IMM address=0x1008 data=1 data_hi=2         # QWord form: DWord Length 3
MI_STORE_DATA_INDEX offset=0x40 data=7
MI_LOAD_REGISTER_IMM reg=0x2080 data=0xffff reg=0x2084 data=0
MI_UPDATE_GTT ggtt=1 entry_address=0x3000 entry=0x1001 entry=0x2001
MI_STORE_REGISTER_MEM reg=0x2358 address=0x1010
MI_PROBE page=0x7000 slot=3
MI_FLUSH_DW notify=1 post_sync=write_imm ggtt=1 address=0x100 data=1
MI_REPORT_PERF_COUNT address=0x2000 report_id=0x42
PIPE_CONTROL cs_stall=1 post_sync=write_imm notify=1 ggtt=1 address=0x2040 data=1
MI_BATCH_BUFFER_START security=nonsecure address=0x40000
MI_BATCH_BUFFER_END
dw 0xe0000000                                              # type 7: not a command
dw 0x10000002 0x1000                                       # a store with two of its four dwords
