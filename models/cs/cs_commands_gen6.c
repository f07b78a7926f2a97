/* The gen6 (Sandy Bridge-class) command table: spec 000 §1.2-1.3 (MI commands for the render
 * engine) exactly where it defines a command; spec 002 for header formats and which engines
 * accept what; Mesa genxml and Linux i915 (docs/facts.md) only where spec 000 is silent
 * (MI_FLUSH_DW, PIPE_CONTROL, MI_REPORT_PERF_COUNT, bits the PDF extraction lost). */
#include "cs_commands_tables.h"

/* gen6 has render, video and blitter command streamers; the video enhancement streamer came
 * with Haswell (spec 002 marks the VECS interrupt bits [HSW]). */
#define GEN6_ALL (CS_RCS | CS_BCS | CS_VCS)

static const cs_enum_value gen6_security_values[] = {
    { "secure", 0 },    /* spec 000 §1.2.5: 0h MI_BUFFER_SECURE, accessed through the GGTT */
    { "nonsecure", 1 }, /* 1h: non-secure (PPGTT when per-process GTT is enabled) */
    { NULL, 0 },
};

static const cs_enum_value gen6_post_sync_values[] = {
    { "none", 0 },
    { "write_imm", 1 },
    { "write_ps_depth", 2 },
    { "write_timestamp", 3 },
    { NULL, 0 },
};

static const cs_enum_value gen6_flush_dw_post_sync_values[] = {
    { "none", 0 },
    { "write_imm", 1 },
    { "write_timestamp", 3 },
    { NULL, 0 },
};

static const cs_enum_value gen6_mbox_register_values[] = {
    { "vcs", 0 }, /* spec 000 §1.3.6: 0 = VCS register (RVSYNC) */
    { "bcs", 1 }, /* 1 = BCS register (RBSYNC) */
    { NULL, 0 },
};

static const cs_enum_value gen6_flip_plane_values[] = {
    { "plane_a", 0 },
    { "plane_b", 1 },
    { NULL, 0 },
};

static const cs_enum_value gen6_flip_type_values[] = {
    { "sync", 0 },
    { "async", 1 },
    { NULL, 0 },
};

/* spec 000 §1.3.3: bit 22 enables writing the 22-bit identification number into NOPID. */
static const cs_field gen6_noop_fields[] = {
    CS_F("nop_id", 0, 21, 0, CS_FMT_HEX),
    CS_FLAG("nop_id_write", 0, 22),
};

/* spec 000 §1.3.14. */
static const cs_field gen6_wait_for_event_fields[] = {
    CS_FLAG("pipe_a_scanline", 0, 0),
    CS_FLAG("plane_a_flip", 0, 1),
    CS_FLAG("sprite_a_flip", 0, 2),
    CS_FLAG("pipe_a_vblank", 0, 3),
    CS_FLAG("pipe_a_hblank", 0, 5),
    CS_FLAG("pipe_b_scanline", 0, 8),
    CS_FLAG("plane_b_flip", 0, 9),
    CS_FLAG("sprite_b_flip", 0, 10),
    CS_FLAG("pipe_b_vblank", 0, 11),
    CS_FLAG("pipe_b_hblank", 0, 13),
    CS_F("cc_wait_select", 0, 19, 16, CS_FMT_DEC),
};

/* spec 000 §1.3.11. */
static const cs_field gen6_suspend_flush_fields[] = {
    CS_FLAG("suspend", 0, 0),
};

/* spec 000 §1.3.1. */
static const cs_field gen6_flush_fields[] = {
    CS_FLAG("state_cache_invalidate", 0, 1),
    CS_FLAG("rc_flush_inhibit", 0, 2),
    CS_FLAG("snapshot_reset", 0, 3),
    CS_FLAG("media_state_clear", 0, 4),
    CS_FLAG("isp_disable", 0, 5),
    CS_FLAG("protected_mem", 0, 6),
};

/* spec 000 §1.2.5: DW0 bits 12, 11, 8; DW1 31:2 the batch address. */
static const cs_field gen6_bb_start_fields[] = {
    CS_ENUM("security", 0, 8, 8, gen6_security_values),
    CS_FLAG("clear_cmd_buffer", 0, 11),
    CS_FLAG("encrypted", 0, 12),
    CS_FA("address", 1, 31, 2, CS_FMT_ADDR),
};

/* spec 000 §1.3: async 22; the plane select in 21:20 is i915's MI_DISPLAY_FLIP_PLANE(n) (the
 * extract lost those rows); DW1 pitch 15:6 (64-byte units) and the tiled bit 0 (i915 ORs the
 * tiling mode in); DW2 base 31:12 and flip type 1:0; DW3 (optional) panel fitter. */
static const cs_field gen6_display_flip_fields[] = {
    CS_ENUM("plane", 0, 21, 20, gen6_flip_plane_values),
    CS_FLAG("async", 0, 22),
    CS_FLAG("tiled", 1, 0),
    CS_FA("pitch", 1, 15, 6, CS_FMT_DEC),
    CS_ENUM("flip_type", 2, 1, 0, gen6_flip_type_values),
    CS_FA("base", 2, 31, 12, CS_FMT_ADDR),
    CS_F("pipe_vsize", 3, 11, 0, CS_FMT_DEC),
    CS_F("pipe_hsize", 3, 27, 16, CS_FMT_DEC),
    CS_FLAG("panel_fitter", 3, 31),
};

/* spec 000 §1.3.2: byte write disables 11:8 in DW0, then (register, data) pairs. */
static const cs_field gen6_lri_fields[] = {
    CS_F("byte_disable", 0, 11, 8, CS_FMT_HEX),
};
static const cs_field gen6_lri_pair[] = {
    CS_FA("reg", 0, 31, 2, CS_FMT_ADDR),
    CS_FA("data", 1, 31, 0, CS_FMT_HEX),
};

/* spec 000 §1.3.4.1: each probe is one dword: page 31:12, slot 9:0. */
static const cs_field gen6_probe_entry[] = {
    CS_FA("slot", 0, 9, 0, CS_FMT_DEC),
    CS_FA("page", 0, 31, 12, CS_FMT_ADDR),
};

/* spec 000 §1.3.4.2. */
static const cs_field gen6_unprobe_fields[] = {
    CS_FA("slot", 0, 9, 0, CS_FMT_DEC),
};

/* spec 000 §1.3.6. */
static const cs_field gen6_semaphore_mbox_fields[] = {
    CS_ENUM("register_select", 0, 17, 17, gen6_mbox_register_values),
    CS_FLAG("compare_register", 0, 18),
    CS_FLAG("compare", 0, 20),
    CS_FLAG("update", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("data", 1, 31, 0, CS_FMT_HEX),
    CS_FA("address", 2, 31, 2, CS_FMT_ADDR),
};

/* spec 000 §1.3.7: DW1 address 31:12, must-be-one 8, restore inhibit 0, force restore 1; the
 * extended state save/restore bits 3:2 are from Mesa gen6.xml and i915 (the extract skips
 * from 7:4 to 1). */
static const cs_field gen6_set_context_fields[] = {
    CS_FLAG("restore_inhibit", 1, 0),
    CS_FLAG("force_restore", 1, 1),
    CS_FLAG("ext_state_restore", 1, 2),
    CS_FLAG("ext_state_save", 1, 3),
    CS_FLAG("must_be_one", 1, 8),
    CS_FA("address", 1, 31, 12, CS_FMT_ADDR),
};

/* spec 000 §1.3.8: DW1 MBZ, DW2 address 31:2, DW3 data, DW4 upper data (QWord form). */
static const cs_field gen6_sdi_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_FA("address", 2, 31, 2, CS_FMT_ADDR),
    CS_FA("data", 3, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 4, 31, 0, CS_FMT_HEX),
};

/* spec 000 §1.3.9: DW1 offset 11:2 into the HWSP, DW2 data, DW3 upper data (QWord form). */
static const cs_field gen6_sdx_fields[] = {
    CS_FLAG("pphwsp", 0, 21),
    CS_FA("offset", 1, 11, 2, CS_FMT_ADDR),
    CS_FA("data", 2, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 3, 31, 0, CS_FMT_HEX),
};

/* spec 000 §1.3.10: DW1 register 25:2, DW2 address 31:2. */
static const cs_field gen6_srm_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_FA("reg", 1, 25, 2, CS_FMT_ADDR),
    CS_FA("address", 2, 31, 2, CS_FMT_ADDR),
};

/* spec 000 §1.3.12: DW0 bit 22 must be 1, DW1 entry address 31:12, then one PTE per dword. */
static const cs_field gen6_update_gtt_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_FA("entry_address", 1, 31, 12, CS_FMT_ADDR),
};
static const cs_field gen6_update_gtt_entry[] = {
    CS_FA("entry", 0, 31, 0, CS_FMT_HEX),
};

/* i915 intel_gpu_commands.h (MI_FLUSH_DW "for GEN6", its flag bits and MI_FLUSH_DW_USE_GTT in
 * the address dword); post-sync op 15:14 as in Mesa genxml. */
static const cs_field gen6_flush_dw_fields[] = {
    CS_FLAG("video_cache_invalidate", 0, 7),
    CS_FLAG("notify", 0, 8),
    CS_ENUM("post_sync", 0, 15, 14, gen6_flush_dw_post_sync_values),
    CS_FLAG("tlb_invalidate", 0, 18),
    CS_FLAG("store_index", 0, 21),
    CS_FLAG("protected_mem", 0, 22),
    CS_FLAG("ggtt", 1, 2),
    CS_FA("address", 1, 31, 3, CS_FMT_ADDR),
    CS_FA("data", 2, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 3, 31, 0, CS_FMT_HEX),
};

/* Mesa gen6.xml PIPE_CONTROL. */
static const cs_field gen6_pipe_control_fields[] = {
    CS_FLAG("depth_cache_flush", 1, 0),
    CS_FLAG("stall_at_scoreboard", 1, 1),
    CS_FLAG("state_cache_invalidate", 1, 2),
    CS_FLAG("const_cache_invalidate", 1, 3),
    CS_FLAG("vf_cache_invalidate", 1, 4),
    CS_FLAG("notify", 1, 8),
    CS_FLAG("isp_disable", 1, 9),
    CS_FLAG("texture_cache_invalidate", 1, 10),
    CS_FLAG("instruction_cache_invalidate", 1, 11),
    CS_FLAG("rt_cache_flush", 1, 12),
    CS_FLAG("depth_stall", 1, 13),
    CS_ENUM("post_sync", 1, 15, 14, gen6_post_sync_values),
    CS_FLAG("media_state_clear", 1, 16),
    CS_FLAG("sync_gfdt", 1, 17),
    CS_FLAG("tlb_invalidate", 1, 18),
    CS_FLAG("snapshot_reset", 1, 19),
    CS_FLAG("cs_stall", 1, 20),
    CS_FLAG("store_index", 1, 21),
    CS_FLAG("ggtt", 2, 2),
    CS_FA("address", 2, 31, 3, CS_FMT_ADDR),
    CS_FA("data", 3, 31, 0, CS_FMT_HEX),
    CS_FA("data_hi", 4, 31, 0, CS_FMT_HEX),
};

/* Mesa gen7.xml MI_REPORT_PERF_COUNT (gen6.xml and spec 000 have no encoding): DW1 GGTT bit 0,
 * address 31:6 (64-byte aligned reports), DW2 report id. */
static const cs_field gen6_report_perf_count_fields[] = {
    CS_FLAG("ggtt", 1, 0),
    CS_FA("address", 1, 31, 6, CS_FMT_ADDR),
    CS_FA("report_id", 2, 31, 0, CS_FMT_HEX),
};

/* genxml gen6.xml MI_ARB_ON_OFF. */
static const cs_field gen6_arb_on_off_fields[] = {
    CS_FLAG("arbitration_enable", 0, 0),
};

/* genxml gen6.xml MI_CLFLUSH: page, first cacheline, then one dword per half cacheline. */
static const cs_field gen6_clflush_fields[] = {
    CS_FLAG("ggtt", 0, 22),
    CS_F("cacheline", 1, 11, 6, CS_FMT_DEC),
    CS_FA("page", 1, 31, 12, CS_FMT_ADDR),
};
static const cs_field gen6_clflush_group[] = {
    CS_FA("half_line", 0, 31, 0, CS_FMT_HEX),
};

/* genxml gen6.xml MI_CONDITIONAL_BATCH_BUFFER_END (same field names as gen12's). */
static const cs_field gen6_cond_bb_end_fields[] = {
    CS_FLAG("compare_semaphore", 0, 21),
    CS_FLAG("ggtt", 0, 22),
    CS_FA("compare_data", 1, 31, 0, CS_FMT_HEX),
    CS_FA("compare_address", 2, 31, 3, CS_FMT_ADDR),
};

/* genxml gen6.xml MI_LOAD_SCAN_LINES_EXCL. */
static const cs_field gen6_scan_lines_fields[] = {
    CS_F("plane", 0, 21, 19, CS_FMT_DEC),
    CS_F("end", 1, 12, 0, CS_FMT_DEC),
    CS_F("start", 1, 28, 16, CS_FMT_DEC),
};

/* genxml gen6.xml MI_URB_CLEAR. */
static const cs_field gen6_urb_clear_fields[] = {
    CS_FA("urb_address", 1, 13, 0, CS_FMT_HEX),
    CS_FA("urb_length", 1, 28, 16, CS_FMT_DEC),
};

static const cs_command gen6_commands[] = {
    {
        .name = "MI_NOOP", CS_MI(0x00), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = GEN6_ALL, CS_FIELDS(gen6_noop_fields), .source = "spec 000 §1.3.3",
    },
    {
        .name = "MI_USER_INTERRUPT", CS_MI(0x02), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, .source = "spec 000 §1.3.13",
    },
    {
        .name = "MI_WAIT_FOR_EVENT", CS_MI(0x03), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, CS_FIELDS(gen6_wait_for_event_fields),
        .source = "spec 000 §1.3.14",
    },
    {
        .name = "MI_FLUSH", CS_MI(0x04), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = CS_RCS, CS_FIELDS(gen6_flush_fields), .source = "spec 000 §1.3.1",
    },
    {
        .name = "MI_ARB_CHECK", CS_MI(0x05), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = GEN6_ALL, .flags = CS_CMD_RING_ONLY, .source = "spec 000 §1.2.3",
    },
    {
        .name = "MI_UNPROBE", CS_MI(0x06), .fixed_length = 1, .min_length = 1, .default_length = 1,
        .engines = CS_RCS, CS_FIELDS(gen6_unprobe_fields), .source = "spec 000 §1.3.4.2",
    },
    {
        .name = "MI_REPORT_HEAD", CS_MI(0x07), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, .flags = CS_CMD_RING_ONLY,
        .source = "spec 000 §1.3.5",
    },
    {
        .name = "MI_BATCH_BUFFER_END", CS_MI(0x0a), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, .source = "spec 000 §1.2.4",
    },
    {
        .name = "MI_SUSPEND_FLUSH", CS_MI(0x0b), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, CS_FIELDS(gen6_suspend_flush_fields),
        .source = "spec 000 §1.3.11",
    },
    {
        .name = "MI_DISPLAY_FLIP", CS_MI(0x14), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 4, .engines = CS_RCS, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen6_display_flip_fields), .source = "spec 000 §1.3; i915 MI_DISPLAY_FLIP",
    },
    {
        .name = "MI_SEMAPHORE_MBOX", CS_MI(0x16), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN6_ALL, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_semaphore_mbox_fields), .source = "spec 000 §1.3.6",
    },
    {
        .name = "MI_SET_CONTEXT", CS_MI(0x18), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_RCS, CS_FIELDS(gen6_set_context_fields),
        .source = "spec 000 §1.3.7",
    },
    {
        .name = "MI_STORE_DATA_IMM", CS_MI(0x20), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 4, .engines = GEN6_ALL, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_sdi_fields), .source = "spec 000 §1.3.8",
    },
    {
        .name = "MI_STORE_DATA_INDEX", CS_MI(0x21), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN6_ALL, CS_FIELDS(gen6_sdx_fields),
        .source = "spec 000 §1.3.9",
    },
    {
        .name = "MI_LOAD_REGISTER_IMM", CS_MI(0x22), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN6_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen6_lri_fields), CS_GROUP(1, 2, gen6_lri_pair), .source = "spec 000 §1.3.2",
    },
    {
        .name = "MI_UPDATE_GTT", CS_MI(0x23), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN6_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen6_update_gtt_fields), CS_GROUP(2, 1, gen6_update_gtt_entry),
        .source = "spec 000 §1.3.12",
    },
    {
        .name = "MI_STORE_REGISTER_MEM", CS_MI(0x24), CS_LEN(7, 0, 2), .min_length = 3,
        .default_length = 3, .engines = GEN6_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen6_srm_fields), .source = "spec 000 §1.3.10",
    },
    {
        .name = "MI_PROBE", CS_MI(0x25), CS_LEN(9, 0, 2), .min_length = 2, .default_length = 2,
        .engines = CS_RCS, CS_GROUP(1, 1, gen6_probe_entry), .source = "spec 000 §1.3.4.1",
    },
    {
        .name = "MI_FLUSH_DW", CS_MI(0x26), CS_LEN(5, 0, 2), .min_length = 3, .default_length = 3,
        .engines = CS_BCS | CS_VCS, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_flush_dw_fields), .source = "i915 intel_gpu_commands.h; GVT cmd_parser.c",
    },
    {
        .name = "MI_REPORT_PERF_COUNT", CS_MI(0x28), CS_LEN(5, 0, 2), .min_length = 3,
        .default_length = 3, .engines = CS_RCS, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_report_perf_count_fields), .source = "Mesa genxml gen7.xml",
    },
    {
        .name = "MI_BATCH_BUFFER_START", CS_MI(0x31), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 2, .engines = GEN6_ALL, CS_FIELDS(gen6_bb_start_fields),
        .source = "spec 000 §1.2.5",
    },
    {
        .name = "PIPE_CONTROL", CS_GFX(3, 2, 0), CS_LEN(7, 0, 2), .min_length = 4,
        .default_length = 5, .engines = CS_RCS, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_pipe_control_fields), .source = "Mesa genxml gen6.xml",
    },
    {
        .name = "MI_ARB_ON_OFF", CS_MI(0x08), .fixed_length = 1, .min_length = 1,
        .default_length = 1, .engines = GEN6_ALL, .privilege = CS_PRIV_ALWAYS,
        CS_FIELDS(gen6_arb_on_off_fields), .source = "genxml gen6.xml",
    },
    {
        .name = "MI_LOAD_SCAN_LINES_EXCL", CS_MI(0x13), CS_LEN(5, 0, 2), .min_length = 2,
        .default_length = 2, .engines = CS_RCS | CS_BCS,
        CS_FIELDS(gen6_scan_lines_fields), .source = "genxml gen6.xml",
    },
    {
        .name = "MI_URB_CLEAR", CS_MI(0x19), CS_LEN(7, 0, 2), .min_length = 2, .default_length = 2,
        .engines = CS_RCS, CS_FIELDS(gen6_urb_clear_fields),
        .source = "genxml gen6.xml",
    },
    {
        .name = "MI_CLFLUSH", CS_MI(0x27), CS_LEN(5, 0, 2), .min_length = 2, .default_length = 2,
        .engines = CS_RCS, .privilege_fields = { "ggtt", NULL }, CS_FIELDS(gen6_clflush_fields),
        CS_GROUP(2, 1, gen6_clflush_group), .source = "genxml gen6.xml",
    },
    {
        .name = "MI_CONDITIONAL_BATCH_BUFFER_END", CS_MI(0x36), CS_LEN(7, 0, 2), .min_length = 2,
        .default_length = 3, .engines = GEN6_ALL, .privilege_fields = { "ggtt", NULL },
        CS_FIELDS(gen6_cond_bb_end_fields), .source = "genxml gen6.xml",
    },
    /* ---- pipeline commands by name: Mesa genxml (generated, see the file's head) ---- */
#include "cs_commands_gen6_pipe.inc"
#define CS_BLT_DEFAULT(gen6, gen12) (gen6)
#include "cs_commands_shared.inc"
#undef CS_BLT_DEFAULT
};

const cs_profile_info cs_gen6_profile = {
    .name = "gen6",
    .commands = gen6_commands,
    .command_count = sizeof gen6_commands / sizeof gen6_commands[0],
    .engines = {
        /* spec 000 §1.1.5.1: RING_BUFFER_TAIL at 2030h, so the render streamer starts at 2000h */
        [CS_ENGINE_RCS] = { "rcs", "render", true, 0, 0x2000 },
        /* i915: BLT_RING_BASE */
        [CS_ENGINE_BCS] = { "bcs", "blitter", true, 3, 0x22000 },
        /* i915: GEN6_BSD_RING_BASE */
        [CS_ENGINE_VCS] = { "vcs", "video", true, 1, 0x12000 },
        [CS_ENGINE_VECS] = { "vecs", "video enhancement", false, 2, 0 },
    },
};
