/* `gtsim dis`: the command disassembler (docs/reference/commands.md). It reads little-endian dwords and
 * prints one command per line, decoded with the profile's command table (models/cs). */
#ifndef GTSIM_DIS_H
#define GTSIM_DIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cs_commands.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the disassembly of `count` dwords to `out`, one line per command:
 *   0x00000000: MI_STORE_DATA_IMM len=4 address=0x1000 data=0x5
 *   0x00000010: UNKNOWN 0xdeadbeef
 *   0x00000014: TRUNCATED 0x10000002 0x00001000  # MI_STORE_DATA_IMM len=4, only 2 dwords left
 * Offsets are byte offsets from the first dword. A command the engine does not accept, or
 * shorter than its minimum, gets a `# ...` remark; the text assembles back to the same dwords. */
void gtsim_dis_write(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t count, FILE *out);

/* `gtsim dis [--profile P] [--engine E] FILE`; argv[0] is "dis". Returns the exit status:
 * 0 done, 2 usage error or unreadable file. */
int gtsim_dis_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* GTSIM_DIS_H */
