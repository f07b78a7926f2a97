# A gen12 copy-engine batch of the kind i915's migration and clear paths emit (intel_migrate.c:
# XY_FAST_COPY_BLT, XY_FAST_COLOR_BLT, XY_COLOR_BLT, then MI_FLUSH_DW), bodies zero, a store the
# scenario checks and the end. Assembled by `gtsim asm --profile gen12` into gen12_blit_batch.bin.
XY_FAST_COPY_BLT
XY_FAST_COLOR_BLT
XY_COLOR_BLT
XY_SRC_COPY_BLT
MI_FLUSH_DW
MI_STORE_DATA_IMM address=0x00400010 data=0x0000b117
MI_BATCH_BUFFER_END
