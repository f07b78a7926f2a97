/* MI_REPORT_PERF_COUNT and OA buffer reports (docs/reference/oa.md "Report format"): the
 * global counts with the loaded render context's id (OA buffer), or one context's counts with
 * its id (MI_REPORT_PERF_COUNT from that context). RPT_ID is always the lowest addressed dword
 * (spec 003 "Performance Counter Reporting"). */
#include <string.h>

#include "eu_internal.h"

/* gen12: spec 001 "OAR Report Format (Counter Select = 0b101)": 64 dwords. */
#define EU_REPORT_GEN12_BYTES 256u
#define EU_GEN12_RPT_ID_DW 0u
#define EU_GEN12_TIME_STAMP_DW 1u
#define EU_GEN12_CTX_ID_DW 2u
#define EU_GEN12_GPU_TICKS_DW 3u
#define EU_GEN12_A_LOW_DW 4u       /* A0..A35 low dwords: DW4..DW39 */
#define EU_GEN12_A_COUNTERS 36u
#define EU_GEN12_A_HIGH_DW 40u     /* high bytes of A0..A31, four per dword: DW40..DW47 */
#define EU_GEN12_A40_COUNTERS 32u
/* DW48..55 B0..B7 and DW56..63 C0..C7: no boolean or custom counters here (0). */

/* gen6: spec 000 §1.1.13.1 Counter Select 000: 64 bytes with RPT_ID, TIME_STAMP and 13 A
 * counters (docs/reference/oa.md: DW2 reserved, A0..A12 in DW3..DW15, a choice the flattened table
 * leaves open). */
#define EU_REPORT_GEN6_BYTES 64u
#define EU_GEN6_RPT_ID_DW 0u
#define EU_GEN6_TIME_STAMP_DW 1u
#define EU_GEN6_A_DW 3u
#define EU_GEN6_A_COUNTERS 13u

uint32_t eu_report_size(cs_profile profile)
{
    return profile == CS_PROFILE_GEN6 ? EU_REPORT_GEN6_BYTES : EU_REPORT_GEN12_BYTES;
}

static void put(uint8_t *report, unsigned dword, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        report[4 * dword + i] = (uint8_t)(value >> (8 * i));
}

/* TIME_STAMP: the TIMESTAMP register's format (spec 003), low 32 bits: gen6 one tick per 80 ns
 * (spec 000 §1.1.9.8), gen12 19.2 MHz (the command streamer's choice, docs/reference/cs.md). */
static uint32_t time_stamp(const eu_array *array)
{
    tlm_time now = tlm_kernel_now(array->kernel);
    if (array->config.profile == CS_PROFILE_GEN6)
        return (uint32_t)(now / (80u * TLM_NS));
    return (uint32_t)(now / TLM_PS * 24u / 1250000u); /* 19.2e6 / 1e12 = 24 / 1250000 */
}

/* CTX ID: the context descriptor's upper dword as i915 matches it (i915_perf.c
 * gen12_get_render_context_id: the software context id at bits 15:5, GEN11_SW_CTX_ID_SHIFT -
 * 32); 0 without a context. */
#define EU_GEN12_CTX_ID_SHIFT 5u

void eu_report_build(eu_array *array, uint32_t report_id, const eu_oa_counts *counts, bool open_busy,
                     bool has_context, uint32_t context_id, uint8_t *report)
{
    uint32_t size = eu_report_size(array->config.profile);
    memset(report, 0, size);
    if (array->config.profile == CS_PROFILE_GEN6) {
        put(report, EU_GEN6_RPT_ID_DW, report_id);
        put(report, EU_GEN6_TIME_STAMP_DW, time_stamp(array));
        for (unsigned a = 0; a < EU_GEN6_A_COUNTERS; a++)
            put(report, EU_GEN6_A_DW + a, (uint32_t)eu_counters_a(array, counts, open_busy, a));
        return;
    }
    put(report, EU_GEN12_RPT_ID_DW, report_id);
    put(report, EU_GEN12_TIME_STAMP_DW, time_stamp(array));
    put(report, EU_GEN12_CTX_ID_DW, has_context ? context_id << EU_GEN12_CTX_ID_SHIFT : 0u);
    put(report, EU_GEN12_GPU_TICKS_DW, (uint32_t)eu_array_gpu_ticks(array));
    for (unsigned a = 0; a < EU_GEN12_A_COUNTERS; a++) {
        uint64_t value = eu_counters_a(array, counts, open_busy, a);
        put(report, EU_GEN12_A_LOW_DW + a, (uint32_t)value);
        if (a < EU_GEN12_A40_COUNTERS)
            report[4 * EU_GEN12_A_HIGH_DW + a] = (uint8_t)(value >> 32);
    }
}

void eu_array_build_report(eu_array *array, uint32_t report_id, uint8_t *report)
{
    eu_report_build(array, report_id, &array->oa_global, true, array->oa_has_current, array->oa_current, report);
}
