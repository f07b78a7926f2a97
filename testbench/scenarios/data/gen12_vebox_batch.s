# A gen12 video-enhancement batch (VEBOX commands: i915 GVT OP_VEB_*; lengths 11:0 + 2), bodies
# zero, then a flush, a store the scenario checks and the end. Assembled by
# `gtsim asm --profile gen12` into gen12_vebox_batch.bin.
VEBOX_SURFACE_STATE
VEBOX_SURFACE_STATE
VEBOX_STATE len=9
VEB_DI_IECP len=20
MI_FLUSH_DW
MI_STORE_DATA_IMM address=0x00400024 data=0x0000eb0c
MI_BATCH_BUFFER_END
