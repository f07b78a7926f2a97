/* The default scenario `gtsim` runs with no file: testbench/scenarios/default.gtsim, turned
 * into bytes by tb_embed.cmake at build time, so the file stays the only copy. */
#ifndef TB_DEFAULT_SCENARIO_H
#define TB_DEFAULT_SCENARIO_H

#include <stddef.h>

/* The name messages show for it (FILE in FILE:LINE). */
#define TB_DEFAULT_SCENARIO_NAME "default.gtsim"

extern const char tb_default_scenario_text[]; /* the file's bytes, NUL-terminated */
extern const size_t tb_default_scenario_size; /* bytes in the file, without the NUL */

#endif
