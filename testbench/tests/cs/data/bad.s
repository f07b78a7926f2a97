# Assembly errors, one per line (gtsim_cli tests check the messages).
MI_NOOP
MI_STORE_DATA_IMM adress=0x1000 data=1
MI_STORE_DATA_IMM address=0x1002 data=1
PIPE_CONTROL post_sync=later
MI_FLUSH
