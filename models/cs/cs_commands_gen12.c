/* The gen12 (Tiger Lake-class) command table. The specs describe gen6 and Haswell encodings;
 * gen8+ encodings (64-bit addresses, new commands) come from Mesa's genxml (gen12.xml, and
 * gen125.xml for COMPUTE_WALKER) and Linux i915 (intel_gpu_commands.h, gvt/cmd_parser.c), as
 * recorded in docs/facts.md. Privilege follows spec 002's "User Mode Privileged Commands"
 * table (the command-privilege-violation one); see docs/reference/commands.md for the choices made where
 * the sources disagree or are silent. */
#include "cs_commands_tables.h"

#define GEN12_ALL (CS_RCS | CS_BCS | CS_VCS | CS_VECS)

static const cs_enum_value gen12_asi_values[] = {
    { "ggtt", 0 },  /* a secure batch, fetched through the GGTT */
    { "ppgtt", 1 }, /* a non-secure batch, fetched through the PPGTT */
    { NULL, 0 },
};

static const cs_enum_value gen12_post_sync_values[] = {
    { "none", 0 },
    { "write_imm", 1 },
    { "write_ps_depth", 2 },
    { "write_timestamp", 3 },
    { NULL, 0 },
};

static const cs_enum_value gen12_flush_dw_post_sync_values[] = {
    { "none", 0 },
    { "write_imm", 1 },
    { "write_timestamp", 3 },
    { NULL, 0 },
};

static const cs_enum_value gen12_compare_values[] = {
    { "sad_gt_sdd", 0 },
    { "sad_gte_sdd", 1 },
    { "sad_lt_sdd", 2 },
    { "sad_lte_sdd", 3 },
    { "sad_eq_sdd", 4 },
    { "sad_neq_sdd", 5 },
    { NULL, 0 },
};

static const cs_enum_value gen12_wait_mode_values[] = {
    { "signal", 0 },
    { "poll", 1 },
    { NULL, 0 },
};

static const cs_enum_value gen12_target_engine_values[] = {
    { "rcs", 0 },
    { "vcs0", 1 },
    { "bcs", 2 },
    { "vecs", 3 },
    { "vcs1", 4 },
    { "vcs2", 6 },
    { "vcs3", 7 },
    { "vcs4", 8 },
    { "vcs5", 9 },
    { "vcs6", 10 },
    { "vcs7", 11 },
    { "vecs1", 12 },
    { "vecs2", 13 },
    { "vecs3", 14 },
    { NULL, 0 },
};

static const cs_enum_value gen12_atomic_op_values[] = {
    { "and", 0x01 },      { "or", 0x02 },       { "xor", 0x03 },      { "move", 0x04 },
    { "inc", 0x05 },      { "dec", 0x06 },      { "add", 0x07 },      { "sub", 0x08 },
    { "rsub", 0x09 },     { "imax", 0x0a },     { "imin", 0x0b },     { "umax", 0x0c },
    { "umin", 0x0d },     { "cmp_wr", 0x0e },   { "predec", 0x0f },   { "and8b", 0x21 },
    { "or8b", 0x22 },     { "xor8b", 0x23 },    { "move8b", 0x24 },   { "inc8b", 0x25 },
    { "dec8b", 0x26 },    { "add8b", 0x27 },    { "sub8b", 0x28 },    { "rsub8b", 0x29 },
    { "imax8b", 0x2a },   { "imin8b", 0x2b },   { "umax8b", 0x2c },   { "umin8b", 0x2d },
    { "cmp_wr8b", 0x2e }, { "predec8b", 0x2f }, { "cmp_wr16b", 0x4e }, { NULL, 0 },
};

static const cs_enum_value gen12_data_size_values[] = {
    { "dword", 0 },
    { "qword", 1 },
    { "octword", 2 },
    { NULL, 0 },
};

static const cs_enum_value gen12_flip_type_values[] = {
    { "sync", 0 },
    { "async", 1 },
    { "stereo", 2 },
    { NULL, 0 },
};

static const cs_enum_value gen12_simd_values[] = {
    { "simd8", 0 },
    { "simd16", 1 },
    { "simd32", 2 },
    { NULL, 0 },
};

/* genxml gen12.xml MI_NOOP (as spec 000 §1.3.3). */
static const cs_field gen12_noop_fields[] = {
    CS_F("nop_id", 0, 21, 0, CS_FMT_HEX),
    CS_FLAG("nop_id_write", 0, 22),
};

/* genxml gen12.xml MI_WAIT_FOR_EVENT: display plane/pipe events renumbered for gen11+. */
static const cs_field gen12_wait_for_event_fields[] = {
    CS_FLAG("plane_1a_scanline", 0, 0),
    CS_FLAG("plane_1_flip", 0, 1),
    CS_FLAG("plane_4_flip", 0, 2),
    CS_FLAG("plane_1a_vblank", 0, 3),
    CS_FLAG("plane_7_flip", 0, 6),
    CS_FLAG("plane_8_flip", 0, 7),
    CS_FLAG("plane_1b_scanline", 0, 8),
    CS_FLAG("plane_2_flip", 0, 9),
    CS_FLAG("plane_5_flip", 0, 10),
    CS_FLAG("plane_1b_vblank", 0, 11),
    CS_FLAG("plane_1c_scanline", 0, 14),
    CS_FLAG("plane_3_flip", 0, 15),
    CS_FLAG("plane_9_flip", 0, 16),
    CS_FLAG("plane_10_flip", 0, 17),
    CS_FLAG("plane_11_flip", 0, 18),
    CS_FLAG("plane_12_flip", 0, 19),
    CS_FLAG("plane_6_flip", 0, 20),
    CS_FLAG("plane_1c_vblank", 0, 21),
};

/* genxml gen12.xml MI_ARB_CHECK: the pre-parser disable and its mask bit. */
static const cs_field gen12_arb_check_fields[] = {
    CS_FLAG("pre_parser_disable", 0, 0),
    CS_FLAG("pre_parser_disable_mask", 0, 8),
};

/* genxml gen12.xml MI_BATCH_BUFFER_END; predicate (bit 15) from i915 intel_lrc.c
 * setup_predicate_disable_wa ("MI_BATCH_BUFFER_END | BIT(15)", a "predicated end"). */
static const cs_field gen12_bb_end_fields[] = {
    CS_FLAG("end_context", 0, 0),
    CS_FLAG("predicate", 0, 15),
};

static const cs_field gen12_suspend_flush_fields[] = {
    CS_FLAG("suspend", 0, 0),
};

/* genxml gen12.xml MI_BATCH_BUFFER_START: 64-bit address in DW1..DW2. */
static const cs_field gen12_bb_start_fields[] = {
    CS_ENUM("address_space", 0, 8, 8, gen12_asi_values),
    CS_FLAG("encrypted", 0, 9),
    CS_FLAG("predication", 0, 15),
    CS_FLAG("indirect_address", 0, 18),
    CS_FLAG("command_cache", 0, 19),
    CS_FLAG("second_level", 0, 22),
    CS_FA("address", 1, 63, 2, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_CONDITIONAL_BATCH_BUFFER_END. */
static const cs_field gen12_cond_bb_end_fields[] = {
    CS_FLAG("compare_mask_mode", 0, 19),
    CS_FLAG("compare_semaphore", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("compare_data", 1, 31, 0, CS_FMT_HEX),
    CS_FA("compare_address", 2, 63, 3, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_FLUSH_DW; protected_mem (bit 22) from i915 MI_FLUSH_DW_PROTECTED_MEM_EN. */
static const cs_field gen12_flush_dw_fields[] = {
    CS_FLAG("video_cache_invalidate", 0, 7),
    CS_FLAG("notify", 0, 8),
    CS_FLAG("flush_llc", 0, 9),
    CS_ENUM("post_sync", 0, 15, 14, gen12_flush_dw_post_sync_values),
    CS_FLAG("tlb_invalidate", 0, 18),
    CS_FLAG("store_index", 0, 21),
    CS_FLAG("protected_mem", 0, 22),
    CS_FLAG("ggtt", 1, 2),
    CS_FA("address", 1, 47, 3, CS_FMT_ADDR),
    CS_FA("data", 3, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 4, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml PIPE_CONTROL (the newer revision with the DW0 flush bits). */
static const cs_field gen12_pipe_control_fields[] = {
    CS_FLAG("hdc_flush", 0, 9),
    CS_FLAG("l3_ro_invalidate", 0, 10),
    CS_FLAG("depth_cache_flush", 1, 0),
    CS_FLAG("stall_at_scoreboard", 1, 1),
    CS_FLAG("state_cache_invalidate", 1, 2),
    CS_FLAG("const_cache_invalidate", 1, 3),
    CS_FLAG("vf_cache_invalidate", 1, 4),
    CS_FLAG("dc_flush", 1, 5),
    CS_FLAG("pipe_control_flush", 1, 7),
    CS_FLAG("notify", 1, 8),
    CS_FLAG("isp_disable", 1, 9),
    CS_FLAG("texture_cache_invalidate", 1, 10),
    CS_FLAG("instruction_cache_invalidate", 1, 11),
    CS_FLAG("rt_cache_flush", 1, 12),
    CS_FLAG("depth_stall", 1, 13),
    CS_ENUM("post_sync", 1, 15, 14, gen12_post_sync_values),
    CS_FLAG("media_state_clear", 1, 16),
    CS_FLAG("psd_sync", 1, 17),
    CS_FLAG("tlb_invalidate", 1, 18),
    CS_FLAG("snapshot_reset", 1, 19),
    CS_FLAG("cs_stall", 1, 20),
    CS_FLAG("store_index", 1, 21),
    CS_FLAG("protected_mem", 1, 22),
    CS_FLAG("lri_post_sync", 1, 23),
    CS_FLAG("ggtt", 1, 24),
    CS_FLAG("flush_llc", 1, 26),
    CS_FLAG("protected_mem_disable", 1, 27),
    CS_FLAG("tile_cache_flush", 1, 28),
    CS_FLAG("command_cache_invalidate", 1, 29),
    CS_FA("address", 2, 47, 2, CS_FMT_ADDR),
    CS_FA("data", 4, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 5, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_LOAD_REGISTER_IMM (register offsets 22:2); i915 MI_LRI_MMIO_REMAP_EN
 * (17) and MI_LRI_FORCE_POSTED (12). */
static const cs_field gen12_lri_fields[] = {
    CS_F("byte_disable", 0, 11, 8, CS_FMT_HEX),
    CS_FLAG("force_posted", 0, 12),
    CS_FLAG("mmio_remap", 0, 17),
    CS_FLAG("add_cs_mmio", 0, 19),
};
static const cs_field gen12_lri_pair[] = {
    CS_FA("reg", 0, 22, 2, CS_FMT_ADDR),
    CS_FA("data", 1, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_LOAD_REGISTER_MEM. */
static const cs_field gen12_lrm_fields[] = {
    CS_FLAG("add_cs_mmio", 0, 19),
    CS_FLAG("add_loop_variable", 0, 20),
    CS_FLAG("async", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("reg", 1, 22, 2, CS_FMT_ADDR),
    CS_FA("address", 2, 63, 2, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_LOAD_REGISTER_REG. */
static const cs_field gen12_lrr_fields[] = {
    CS_FLAG("add_cs_mmio_src", 0, 18),
    CS_FLAG("add_cs_mmio_dst", 0, 19),
    CS_FA("src_reg", 1, 22, 2, CS_FMT_ADDR),
    CS_FA("dst_reg", 2, 22, 2, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_STORE_REGISTER_MEM. */
static const cs_field gen12_srm_fields[] = {
    CS_FLAG("add_cs_mmio", 0, 19),
    CS_FLAG("predicate", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("reg", 1, 22, 2, CS_FMT_ADDR),
    CS_FA("address", 2, 63, 2, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_STORE_DATA_IMM: 48-bit address, DW3 data, DW4 upper data (QWord form
 * with store_qword set, i915 MI_STORE_QWORD_IMM_GEN8). */
static const cs_field gen12_sdi_fields[] = {
    CS_FLAG("force_write_completion", 0, 10),
    CS_FLAG("store_qword", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FLAG("core_mode", 1, 0),
    CS_FA("address", 1, 47, 2, CS_FMT_ADDR),
    CS_FA("data", 3, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 4, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_STORE_DATA_INDEX. */
static const cs_field gen12_sdx_fields[] = {
    CS_FLAG("pphwsp", 0, 21),
    CS_FA("offset", 1, 11, 2, CS_FMT_ADDR),
    CS_FA("data", 2, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 3, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_SEMAPHORE_SIGNAL. */
static const cs_field gen12_semaphore_signal_fields[] = {
    CS_ENUMA("target_engine", 0, 18, 15, gen12_target_engine_values),
    CS_FLAG("post_sync", 0, 21),
    CS_FA("target_context", 1, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_SEMAPHORE_WAIT. i915 also has a 5-dword gen12 form
 * (MI_SEMAPHORE_WAIT_TOKEN) with a token in 9:5, which would overlap genxml's 7:0 DWord Length:
 * genxml wins, the fifth dword is decoded by length only (docs/reference/commands.md). */
static const cs_field gen12_semaphore_wait_fields[] = {
    CS_ENUMA("compare", 0, 14, 12, gen12_compare_values),
    CS_ENUM("wait_mode", 0, 15, 15, gen12_wait_mode_values),
    CS_FLAG("register_poll", 0, 16),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("data", 1, 31, 0, CS_FMT_HEX),
    CS_FA("address", 2, 63, 2, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_SET_CONTEXT. */
static const cs_field gen12_set_context_fields[] = {
    CS_FLAG("restore_inhibit", 1, 0),
    CS_FLAG("force_restore", 1, 1),
    CS_FLAG("rs_restore", 1, 2),
    CS_FLAG("rs_save", 1, 3),
    CS_FLAG("core_mode", 1, 4),
    CS_FLAG("must_be_one", 1, 8),
    CS_FA("address", 1, 31, 12, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_ATOMIC: inline operands in DW3..DW10 when inline_data is set. */
static const cs_field gen12_atomic_fields[] = {
    CS_ENUMA("op", 0, 15, 8, gen12_atomic_op_values),
    CS_FLAG("return_data", 0, 16),
    CS_FLAG("cs_stall", 0, 17),
    CS_FLAG("inline_data", 0, 18),
    CS_ENUM("data_size", 0, 20, 19, gen12_data_size_values),
    CS_FLAG("post_sync", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("address", 1, 47, 2, CS_FMT_ADDR),
    CS_FA("op1_dw0", 3, 31, 0, CS_FMT_HEX),
    CS_FA("op2_dw0", 4, 31, 0, CS_FMT_HEX),
    CS_FA("op1_dw1", 5, 31, 0, CS_FMT_HEX),
    CS_FA("op2_dw1", 6, 31, 0, CS_FMT_HEX),
    CS_FA("op1_dw2", 7, 31, 0, CS_FMT_HEX),
    CS_FA("op2_dw2", 8, 31, 0, CS_FMT_HEX),
    CS_FA("op1_dw3", 9, 31, 0, CS_FMT_HEX),
    CS_FA("op2_dw3", 10, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_COPY_MEM_MEM. */
static const cs_field gen12_copy_mem_mem_fields[] = {
    CS_FLAG("ggtt_dst", 0, 21),
    CS_FLAG("ggtt_src", 0, 22),
    CS_FA("dst", 1, 63, 2, CS_FMT_ADDR),
    CS_FA("src", 3, 63, 2, CS_FMT_ADDR),
};

/* MI_UPDATE_GTT is not in genxml (userspace never emits it); GVT's command table gives the
 * gen8+ 10-bit length field. The body is kept as in spec 000 §1.3.12. */
static const cs_field gen12_update_gtt_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_FA("entry_address", 1, 31, 12, CS_FMT_ADDR),
};
static const cs_field gen12_update_gtt_entry[] = {
    CS_FA("entry", 0, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_DISPLAY_FLIP: DW3 (optional) is the left-eye base of a stereo flip. */
static const cs_field gen12_display_flip_fields[] = {
    CS_F("plane", 0, 13, 8, CS_FMT_DEC),
    CS_FLAG("async", 0, 22),
    CS_F("tile", 1, 2, 0, CS_FMT_DEC),
    CS_FA("pitch", 1, 15, 6, CS_FMT_DEC),
    CS_FLAG("stereo", 1, 31),
    CS_ENUM("flip_type", 2, 1, 0, gen12_flip_type_values),
    CS_FLAG("vrr_master", 2, 11),
    CS_FA("base", 2, 31, 12, CS_FMT_ADDR),
    CS_FA("left_eye_base", 3, 31, 12, CS_FMT_ADDR),
};

/* genxml gen12.xml MI_REPORT_PERF_COUNT. */
static const cs_field gen12_report_perf_count_fields[] = {
    CS_FLAG("ggtt", 1, 0),
    CS_FLAG("core_mode", 1, 4),
    CS_FA("address", 1, 63, 6, CS_FMT_ADDR),
    CS_FA("report_id", 3, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml GPGPU_WALKER (the gen7.5-gen12 form; 15 dwords). */
static const cs_field gen12_gpgpu_walker_fields[] = {
    CS_FLAG("predicate", 0, 8),
    CS_FLAG("indirect_parameter", 0, 10),
    CS_FA("idd_offset", 1, 5, 0, CS_FMT_DEC),
    CS_F("indirect_data_length", 2, 16, 0, CS_FMT_DEC),
    CS_F("indirect_data_start", 3, 31, 6, CS_FMT_ADDR),
    CS_F("thread_width_max", 4, 5, 0, CS_FMT_DEC),
    CS_F("thread_height_max", 4, 13, 8, CS_FMT_DEC),
    CS_F("thread_depth_max", 4, 21, 16, CS_FMT_DEC),
    CS_ENUMA("simd", 4, 31, 30, gen12_simd_values),
    CS_F("tg_start_x", 5, 31, 0, CS_FMT_DEC),
    CS_FA("tg_dim_x", 7, 31, 0, CS_FMT_DEC),
    CS_F("tg_start_y", 8, 31, 0, CS_FMT_DEC),
    CS_FA("tg_dim_y", 10, 31, 0, CS_FMT_DEC),
    CS_F("tg_start_z", 11, 31, 0, CS_FMT_DEC),
    CS_FA("tg_dim_z", 12, 31, 0, CS_FMT_DEC),
    CS_FA("right_mask", 13, 31, 0, CS_FMT_HEX),
    CS_FA("bottom_mask", 14, 31, 0, CS_FMT_HEX),
};

/* genxml gen125.xml COMPUTE_WALKER (39 dwords). The interface descriptor (DW18..25), post-sync
 * data (DW26..30) and inline data (DW31..38) are shown as raw dwords. */
static const cs_field gen12_compute_walker_fields[] = {
    CS_FLAG("predicate", 0, 8),
    CS_FLAG("partition_enable", 0, 9),
    CS_FLAG("indirect_parameter", 0, 10),
    CS_FLAG("systolic", 0, 14),
    CS_F("indirect_data_length", 2, 16, 0, CS_FMT_DEC),
    CS_FLAG("l3_prefetch_disable", 2, 17),
    CS_F("partition_type", 2, 31, 30, CS_FMT_DEC),
    CS_F("indirect_data_start", 3, 31, 6, CS_FMT_ADDR),
    CS_ENUM("message_simd", 4, 18, 17, gen12_simd_values),
    CS_F("tile_layout", 4, 21, 19, CS_FMT_DEC),
    CS_F("walk_order", 4, 24, 22, CS_FMT_DEC),
    CS_FLAG("emit_inline", 4, 25),
    CS_F("emit_local", 4, 28, 26, CS_FMT_DEC),
    CS_FLAG("generate_local_id", 4, 29),
    CS_ENUMA("simd", 4, 31, 30, gen12_simd_values),
    CS_FA("exec_mask", 5, 31, 0, CS_FMT_HEX),
    CS_F("local_x_max", 6, 9, 0, CS_FMT_DEC),
    CS_F("local_y_max", 6, 19, 10, CS_FMT_DEC),
    CS_F("local_z_max", 6, 29, 20, CS_FMT_DEC),
    CS_FA("tg_dim_x", 7, 31, 0, CS_FMT_DEC),
    CS_FA("tg_dim_y", 8, 31, 0, CS_FMT_DEC),
    CS_FA("tg_dim_z", 9, 31, 0, CS_FMT_DEC),
    CS_F("tg_start_x", 10, 31, 0, CS_FMT_DEC),
    CS_F("tg_start_y", 11, 31, 0, CS_FMT_DEC),
    CS_F("tg_start_z", 12, 31, 0, CS_FMT_DEC),
    CS_F("partition_id", 13, 31, 0, CS_FMT_DEC),
    CS_F("partition_size", 14, 31, 0, CS_FMT_DEC),
    CS_F("preempt_x", 15, 31, 0, CS_FMT_DEC),
    CS_F("preempt_y", 16, 31, 0, CS_FMT_DEC),
    CS_F("preempt_z", 17, 31, 0, CS_FMT_DEC),
    CS_F("idd0", 18, 31, 0, CS_FMT_HEX),
    CS_F("idd1", 19, 31, 0, CS_FMT_HEX),
    CS_F("idd2", 20, 31, 0, CS_FMT_HEX),
    CS_F("idd3", 21, 31, 0, CS_FMT_HEX),
    CS_F("idd4", 22, 31, 0, CS_FMT_HEX),
    CS_F("idd5", 23, 31, 0, CS_FMT_HEX),
    CS_F("idd6", 24, 31, 0, CS_FMT_HEX),
    CS_F("idd7", 25, 31, 0, CS_FMT_HEX),
    CS_F("postsync0", 26, 31, 0, CS_FMT_HEX),
    CS_F("postsync1", 27, 31, 0, CS_FMT_HEX),
    CS_F("postsync2", 28, 31, 0, CS_FMT_HEX),
    CS_F("postsync3", 29, 31, 0, CS_FMT_HEX),
    CS_F("postsync4", 30, 31, 0, CS_FMT_HEX),
    CS_F("inline0", 31, 31, 0, CS_FMT_HEX),
    CS_F("inline1", 32, 31, 0, CS_FMT_HEX),
    CS_F("inline2", 33, 31, 0, CS_FMT_HEX),
    CS_F("inline3", 34, 31, 0, CS_FMT_HEX),
    CS_F("inline4", 35, 31, 0, CS_FMT_HEX),
    CS_F("inline5", 36, 31, 0, CS_FMT_HEX),
    CS_F("inline6", 37, 31, 0, CS_FMT_HEX),
    CS_F("inline7", 38, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_ARB_ON_OFF: arbitration enable (i915 MI_ARB_ENABLE, bit 0) and lite-restore
 * permission. */
static const cs_field gen12_arb_on_off_fields[] = {
    CS_FLAG("arbitration_enable", 0, 0),
    CS_FLAG("allow_lite_restore", 0, 1),
};

/* genxml gen12.xml MI_PREDICATE (enums PREDICATE LOAD/COMBINE/COMPARE). */
static const cs_enum_value gen12_predicate_load_values[] = {
    { "keep", 0 }, { "load", 2 }, { "loadinv", 3 }, { NULL, 0 },
};
static const cs_enum_value gen12_predicate_combine_values[] = {
    { "set", 0 }, { "and", 1 }, { "or", 2 }, { "xor", 3 }, { NULL, 0 },
};
static const cs_enum_value gen12_predicate_compare_values[] = {
    { "true", 0 }, { "false", 1 }, { "srcs_equal", 2 }, { "deltas_equal", 3 }, { NULL, 0 },
};
static const cs_field gen12_predicate_fields[] = {
    CS_ENUMA("compare", 0, 1, 0, gen12_predicate_compare_values),
    CS_ENUMA("combine", 0, 4, 3, gen12_predicate_combine_values),
    CS_ENUMA("load", 0, 7, 6, gen12_predicate_load_values),
};

/* genxml gen12.xml MI_SET_PREDICATE "PREDICATE ENABLE". */
static const cs_enum_value gen12_set_predicate_values[] = {
    { "never", 0 },          { "result2_clear", 1 }, { "result2_set", 2 }, { "result_clear", 3 },
    { "result_set", 4 },     { "always", 15 },       { NULL, 0 },
};
static const cs_field gen12_set_predicate_fields[] = {
    CS_ENUMA("noop", 0, 3, 0, gen12_set_predicate_values),
};

/* genxml gen12.xml MI_MATH: any number of ALU instruction dwords. */
static const cs_field gen12_math_instruction[] = {
    CS_FA("alu", 0, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_FORCE_WAKEUP. */
static const cs_field gen12_force_wakeup_fields[] = {
    CS_FA("wake", 1, 15, 0, CS_FMT_HEX),
    CS_FA("mask", 1, 31, 16, CS_FMT_HEX),
};

/* genxml gen12.xml MI_LOAD_SCAN_LINES_INCL/EXCL. */
static const cs_field gen12_scan_lines_fields[] = {
    CS_F("plane", 0, 21, 19, CS_FMT_DEC),
    CS_F("end", 1, 12, 0, CS_FMT_DEC),
    CS_F("start", 1, 28, 16, CS_FMT_DEC),
};

/* genxml gen12.xml MI_CLFLUSH: page, first cacheline, then one dword per half cacheline. */
static const cs_field gen12_clflush_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_F("cacheline", 1, 11, 6, CS_FMT_DEC),
    CS_FA("page", 1, 47, 12, CS_FMT_ADDR),
};
static const cs_field gen12_clflush_group[] = {
    CS_FA("half_line", 0, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_RS_STORE_DATA_IMM. */
static const cs_field gen12_rs_sdi_fields[] = {
    CS_FLAG("core_mode", 1, 0),
    CS_FA("address", 1, 63, 2, CS_FMT_ADDR),
    CS_FA("data", 3, 31, 0, CS_FMT_HEX),
};

/* genxml gen12.xml MI_SET_APPID. */
static const cs_field gen12_set_appid_fields[] = {
    CS_F("app_id", 0, 6, 0, CS_FMT_DEC),
    CS_FLAG("app_id_type", 0, 7),
};

/* genxml gen12.xml MI_RS_CONTROL / MI_RS_CONTEXT / MI_TOPOLOGY_FILTER / MI_WAIT_FOR_EVENT_2. */
static const cs_field gen12_rs_control_fields[] = { CS_FLAG("start", 0, 0) };
static const cs_field gen12_rs_context_fields[] = { CS_FLAG("save", 0, 0) };
static const cs_field gen12_topology_filter_fields[] = { CS_F("topology", 0, 5, 0, CS_FMT_HEX) };
static const cs_field gen12_wait_for_event_2_fields[] = {
    CS_F("flip_pending", 0, 5, 0, CS_FMT_HEX),
    CS_F("vblank", 0, 10, 8, CS_FMT_HEX),
    CS_F("scan_line", 0, 14, 12, CS_FMT_HEX),
};

static const cs_command gen12_commands[] = {
    {
        .name = "MI_NOOP", CS_MI(0x00), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = GEN12_ALL, CS_FIELDS(gen12_noop_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_USER_INTERRUPT", CS_MI(0x02), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, .source = "genxml gen12.xml",
    },
    {
        .name = "MI_WAIT_FOR_EVENT", CS_MI(0x03), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = CS_RCS | CS_BCS, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_wait_for_event_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_ARB_CHECK", CS_MI(0x05), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = GEN12_ALL, CS_FIELDS(gen12_arb_check_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_REPORT_HEAD", CS_MI(0x07), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, .source = "genxml gen12.xml",
    },
    {
        .name = "MI_BATCH_BUFFER_END", CS_MI(0x0a), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, CS_FIELDS(gen12_bb_end_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SUSPEND_FLUSH", CS_MI(0x0b), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, CS_FIELDS(gen12_suspend_flush_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_DISPLAY_FLIP", CS_MI(0x14), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = CS_RCS | CS_BCS, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_display_flip_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SET_CONTEXT", CS_MI(0x18), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_RCS, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_set_context_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SEMAPHORE_SIGNAL", CS_MI(0x1b), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 2, .engines = GEN12_ALL, CS_FIELDS(gen12_semaphore_signal_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SEMAPHORE_WAIT", CS_MI(0x1c), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_semaphore_wait_fields),
        .source = "genxml gen12.xml; i915 MI_SEMAPHORE_WAIT_TOKEN",
    },
    {
        .name = "MI_STORE_DATA_IMM", CS_MI(0x20), CS_LEN(9, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_sdi_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_STORE_DATA_INDEX", CS_MI(0x21), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_CLEAR,
        .privilege_fields = { "pphwsp", NULL }, CS_FIELDS(gen12_sdx_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_LOAD_REGISTER_IMM", CS_MI(0x22), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN12_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_lri_fields), CS_GROUP(1, 2, gen12_lri_pair),
        .source = "genxml gen12.xml; i915 MI_LRI_*",
    },
    {
        .name = "MI_UPDATE_GTT", CS_MI(0x23), CS_LEN(9, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN12_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_update_gtt_fields), CS_GROUP(2, 1, gen12_update_gtt_entry),
        .source = "GVT cmd_parser.c (length); spec 000 §1.3.12 (body)",
    },
    {
        .name = "MI_STORE_REGISTER_MEM", CS_MI(0x24), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_srm_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_FLUSH_DW", CS_MI(0x26), CS_LEN(5, 0, 2), .min_length = 4, .default_length = 5,
        .engines = CS_BCS | CS_VCS | CS_VECS, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_flush_dw_fields),
        .source = "genxml gen12.xml; i915 MI_FLUSH_DW_*",
    },
    {
        .name = "MI_REPORT_PERF_COUNT", CS_MI(0x28), CS_LEN(5, 0, 2), .min_length = 4,
        .default_length = 4, .engines = CS_RCS, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_report_perf_count_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_LOAD_REGISTER_MEM", CS_MI(0x29), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN12_ALL, .privilege = CS_PRIV_ALWAYS,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_lrm_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_LOAD_REGISTER_REG", CS_MI(0x2a), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN12_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_lrr_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_COPY_MEM_MEM", CS_MI(0x2e), CS_LEN(7, 0, 2), .min_length = 5,
        .default_length = 5, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt_src", "ggtt_dst" }, CS_FIELDS(gen12_copy_mem_mem_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_ATOMIC", CS_MI(0x2f), CS_LEN(7, 0, 2), .min_length = 3, .default_length = 3,
        .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_atomic_fields),
        .source = "genxml gen12.xml; i915 MI_ATOMIC",
    },
    {
        .name = "MI_BATCH_BUFFER_START", CS_MI(0x31), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN12_ALL, CS_FIELDS(gen12_bb_start_fields),
        .source = "genxml gen12.xml; i915 MI_BATCH_BUFFER_START_GEN8",
    },
    {
        .name = "MI_CONDITIONAL_BATCH_BUFFER_END", CS_MI(0x36), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_cond_bb_end_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SET_PREDICATE", CS_MI(0x01), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, CS_FIELDS(gen12_set_predicate_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_WAIT_FOR_EVENT_2", CS_MI(0x04), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = CS_RCS | CS_BCS, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_wait_for_event_2_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_RS_CONTROL", CS_MI(0x06), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = CS_RCS, CS_FIELDS(gen12_rs_control_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_ARB_ON_OFF", CS_MI(0x08), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen12_arb_on_off_fields), .source = "genxml gen12.xml; i915 MI_ARB_ON_OFF",
    },
    {
        .name = "MI_PREDICATE", CS_MI(0x0c), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL, CS_FIELDS(gen12_predicate_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_TOPOLOGY_FILTER", CS_MI(0x0d), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = CS_RCS, CS_FIELDS(gen12_topology_filter_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_SET_APPID", CS_MI(0x0e), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN12_ALL,
        CS_FIELDS(gen12_set_appid_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_RS_CONTEXT", CS_MI(0x0f), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = CS_RCS, CS_FIELDS(gen12_rs_context_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "MI_LOAD_SCAN_LINES_INCL", CS_MI(0x12), CS_LEN(5, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_RCS | CS_BCS,
        CS_FIELDS(gen12_scan_lines_fields), .source = "genxml gen12.xml (engine: i915 cmd parser)",
    },
    {
        .name = "MI_LOAD_SCAN_LINES_EXCL", CS_MI(0x13), CS_LEN(5, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_RCS | CS_BCS,
        CS_FIELDS(gen12_scan_lines_fields), .source = "genxml gen12.xml (engine: i915 cmd parser)",
    },
    {
        .name = "MI_MATH", CS_MI(0x1a), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 2,
        .engines = GEN12_ALL, CS_GROUP(1, 1, gen12_math_instruction),
        .source = "genxml gen12.xml; i915 MI_MATH",
    },
    {
        .name = "MI_FORCE_WAKEUP", CS_MI(0x1d), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 2, .engines = GEN12_ALL,
        CS_FIELDS(gen12_force_wakeup_fields), .source = "genxml gen12.xml",
    },
    {
        .name = "MI_CLFLUSH", CS_MI(0x27), CS_LEN(9, 0, 2), .min_length = 3, .default_length = 3,
        .engines = GEN12_ALL, .privilege = CS_PRIV_IF_FIELD_SET, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen12_clflush_fields), CS_GROUP(3, 1, gen12_clflush_group),
        .source = "genxml gen12.xml (engine render; i915 cmd parser lists it on every engine)",
    },
    {
        .name = "MI_RS_STORE_DATA_IMM", CS_MI(0x2b), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = CS_RCS, CS_FIELDS(gen12_rs_sdi_fields),
        .source = "genxml gen12.xml",
    },
    {
        .name = "GPGPU_WALKER", CS_GFX(2, 1, 5), CS_LEN(7, 0, 2), .min_length = 15,
        .default_length = 15, .engines = CS_RCS, CS_FIELDS(gen12_gpgpu_walker_fields),
        .source = "genxml gen12.xml; i915 GPGPU_WALKER",
    },
    {
        /* CFE sub-opcode 2 in 23:18 with variant 0 in 17:16: sub-opcode byte 0x08. */
        .name = "COMPUTE_WALKER", CS_GFX(2, 2, 0x08), CS_LEN(7, 0, 2), .min_length = 39,
        .default_length = 39, .engines = CS_RCS, CS_FIELDS(gen12_compute_walker_fields),
        .source = "genxml gen125.xml",
    },
    {
        .name = "PIPE_CONTROL", CS_GFX(3, 2, 0), CS_LEN(7, 0, 2), .min_length = 5,
        .default_length = 6, .engines = CS_RCS, .privilege = CS_PRIV_IF_FIELD_SET,
        .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen12_pipe_control_fields),
        .source = "genxml gen12.xml; i915 GFX_OP_PIPE_CONTROL",
    },
    /* ---- pipeline commands by name: Mesa genxml (generated, see the file's head) ---- */
#include "cs_commands_gen12_pipe.inc"
    /* ---- VEBOX (video enhancement) commands: i915 gvt cmd_parser.c OP_VEB_* ---- */
    {
        .name = "VEBOX_SURFACE_STATE", CS_GFX(2, 4, 0), CS_LEN(11, 0, 2), .min_length = 2,
        .default_length = 7, .engines = CS_VECS, CS_OPAQUE, .source = "i915 gvt OP_VEB_SURFACE_STATE",
    },
    {
        .name = "VEBOX_STATE", CS_GFX(2, 4, 2), CS_LEN(11, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_VECS, CS_OPAQUE, .source = "i915 gvt OP_VEB_STATE",
    },
    {
        .name = "VEB_DI_IECP", CS_GFX(2, 4, 3), CS_LEN(11, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_VECS, CS_OPAQUE, .source = "i915 gvt OP_VEB_DNDI_IECP_STATE",
    },
    /* ---- gen9+ blitter commands: i915 intel_gpu_commands.h (*_BLT_CMD) ---- */
    { .name = "XY_BLOCK_COPY_BLT", CS_2D(0x41), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 22,
      .engines = CS_BCS, CS_OPAQUE, .source = "i915 GEN12 block copy (intel_migrate.c)" },
    { .name = "XY_FAST_COPY_BLT", CS_2D(0x42), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 10,
      .engines = CS_BCS, CS_OPAQUE, .source = "i915 GEN9_XY_FAST_COPY_BLT_CMD" },
    { .name = "XY_FAST_COLOR_BLT", CS_2D(0x44), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 16,
      .engines = CS_BCS, CS_OPAQUE, .source = "i915 XY_FAST_COLOR_BLT_CMD" },
    { .name = "XY_CTRL_SURF_COPY_BLT", CS_2D(0x48), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 5,
      .engines = CS_BCS, CS_OPAQUE, .source = "i915 XY_CTRL_SURF_COPY_BLT" },
    /* ---- gen12-only header classes: the compute walker's media opcode, VDENC (pipeline 1 on
     * the video engine) and VEBOX (pipeline 2 on the video enhancement engine) ---- */
    {
        .name = "GFXPIPE_GPGPU", .match_mask = 0xff000000u, .match_value = 0x72000000u,
        CS_LEN(7, 0, 2), .min_length = 2, .default_length = 2, .engines = CS_RCS,
        CS_FIELDS(cs_gfx_subop_fields), CS_OPAQUE, .source = "genxml gen12.xml (COMPUTE_WALKER class)",
    },
    {
        .name = "VIDEO_VDENC", .match_mask = 0xf8000000u, .match_value = 0x68000000u,
        CS_LEN(11, 0, 2), .min_length = 2, .default_length = 2, .engines = CS_VCS,
        CS_FIELDS(cs_gfx_header_fields), CS_OPAQUE, .source = "genxml gen12.xml (VDENC, MFX)",
    },
    {
        .name = "VEBOX_CMD", .match_mask = 0xf8000000u, .match_value = 0x70000000u,
        CS_LEN(11, 0, 2), .min_length = 2, .default_length = 2, .engines = CS_VECS,
        CS_FIELDS(cs_gfx_header_fields), CS_OPAQUE, .source = "i915 gvt OP_VEB_*, genxml SFC_*",
    },
#define CS_BLT_DEFAULT(gen6, gen12) (gen12)
#include "cs_commands_shared.inc"
#undef CS_BLT_DEFAULT
};

const cs_profile_info cs_gen12_profile = {
    .name = "gen12",
    .commands = gen12_commands,
    .command_count = sizeof gen12_commands / sizeof gen12_commands[0],
    .engines = {
        /* spec 001 force-wake table: RENDER 2000h..26FFh */
        [CS_ENGINE_RCS] = { "rcs", "render", true, 0, 0x2000 },
        /* i915 BLT_RING_BASE; spec 001 lists 22000h..22FFFh */
        [CS_ENGINE_BCS] = { "bcs", "blitter", true, 3, 0x22000 },
        /* spec 001 force-wake table: VD0 from 1C0000h (i915 GEN11_BSD_RING_BASE) */
        [CS_ENGINE_VCS] = { "vcs", "video", true, 1, 0x1c0000 },
        /* spec 001 force-wake table: VE0 from 1C8000h (i915 GEN11_VEBOX_RING_BASE) */
        [CS_ENGINE_VECS] = { "vecs", "video enhancement", true, 2, 0x1c8000 },
    },
};
