/* A command streamer fed any command buffer: the input's dwords go into an engine's ring
 * through the scenario verbs (`ring`, `emit ENGINE dw ...`, `submit`), and the engine runs
 * until idle within a bound. The first byte picks the profile and the engine. Batch buffer
 * starts, stores and semaphores then point anywhere in graphics memory. */
#include "fuzz_support.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Dwords per input: a ring of 4 pages holds them with room to spare. */
#define FUZZ_ENGINE_MAX_DWORDS 512u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const char *const gen12_engines[] = { "rcs", "bcs", "vcs", "vecs" };
    static const char *const gen6_engines[] = { "rcs", "bcs", "vcs" };
    bool gen12 = data[0] & 1;
    const char *engine = gen12 ? gen12_engines[(data[0] >> 1) % 4] : gen6_engines[(data[0] >> 1) % 3];
    data++;
    size--;
    size_t count = size / 4 < FUZZ_ENGINE_MAX_DWORDS ? size / 4 : FUZZ_ENGINE_MAX_DWORDS;
    size_t capacity = 256 + count * 12;
    char *text = malloc(capacity);
    if (!text)
        return 0;
    size_t used = (size_t)snprintf(text, capacity, "profile %s\nring %s 0x100000 pages 4\n", gen12 ? "gen12" : "gen6",
                                   engine);
    if (count) {
        used += (size_t)snprintf(text + used, capacity - used, "emit %s dw", engine);
        for (size_t i = 0; i < count; i++) {
            uint32_t dword;
            memcpy(&dword, data + 4 * i, 4);
            used += (size_t)snprintf(text + used, capacity - used, " 0x%08" PRIx32, dword);
        }
        used += (size_t)snprintf(text + used, capacity - used, "\n");
    }
    used += (size_t)snprintf(text + used, capacity - used, "submit %s\nrun idle max 20000\n", engine);
    fuzz_scenario(text, used, 20000);
    free(text);
    return 0;
}
