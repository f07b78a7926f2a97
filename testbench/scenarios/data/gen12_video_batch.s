# A gen12 video-decode batch of the kind a media driver submits for one AVC slice (Mesa genxml
# gen12.xml MFX/MFD command names and lengths), bodies zero, then MFX_WAIT, a flush, a store the
# scenario checks and the end. Assembled by `gtsim asm --profile gen12` into gen12_video_batch.bin.
MFX_WAIT
MFX_PIPE_MODE_SELECT
MFX_SURFACE_STATE
MFX_PIPE_BUF_ADDR_STATE
MFX_IND_OBJ_BASE_ADDR_STATE
MFX_BSP_BUF_BASE_ADDR_STATE
MFX_AVC_IMG_STATE
MFX_QM_STATE
MFX_AVC_DIRECTMODE_STATE
MFX_AVC_REF_IDX_STATE
MFX_AVC_WEIGHTOFFSET_STATE
MFX_AVC_SLICE_STATE
MFD_AVC_BSD_OBJECT
MFX_WAIT
MI_FLUSH_DW
MI_STORE_DATA_IMM address=0x00400020 data=0x0000d1d0
MI_BATCH_BUFFER_END
