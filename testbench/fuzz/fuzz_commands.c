/* The command tables of both profiles: the disassembler on any dwords for every engine, and the
 * assembler on any text. The first byte picks the profile and engine. */
#include "fuzz_support.h"

#include <stdlib.h>
#include <string.h>

#include "cs_commands.h"
#include "gtsim_asm.h"
#include "gtsim_dis.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    cs_profile profile = (data[0] & 1) ? CS_PROFILE_GEN12 : CS_PROFILE_GEN6;
    cs_engine engine = (cs_engine)((data[0] >> 1) % CS_ENGINE_COUNT);
    data++;
    size--;
    size_t count = size / 4;
    uint32_t *dwords = malloc(count ? count * sizeof *dwords : 1);
    if (!dwords)
        return 0;
    memcpy(dwords, data, count * sizeof *dwords);
    gtsim_dis_write(profile, engine, dwords, count, fuzz_null_stream());
    free(dwords);
    gtsim_asm_result *result = gtsim_asm_parse(profile, (const char *)data, size);
    if (result->error_count == 0 && result->count > 0)
        gtsim_dis_write(profile, engine, result->dwords, result->count, fuzz_null_stream()); /* round trip */
    gtsim_asm_print_errors(result, "fuzz.asm", fuzz_null_stream());
    gtsim_asm_free(result);
    return 0;
}
