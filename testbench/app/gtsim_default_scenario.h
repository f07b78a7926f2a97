/* The default scenario `gtsim` runs with no file: testbench/scenarios/default.gtsim, turned
 * into bytes by gtsim_embed.cmake at build time, so the file stays the only copy. */
#ifndef GTSIM_DEFAULT_SCENARIO_H
#define GTSIM_DEFAULT_SCENARIO_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The name messages show for it (FILE in FILE:LINE). */
#define GTSIM_DEFAULT_SCENARIO_NAME "default.gtsim"

extern const char gtsim_default_scenario_text[]; /* the file's bytes, NUL-terminated */
extern const size_t gtsim_default_scenario_size; /* bytes in the file, without the NUL */

#ifdef __cplusplus
}
#endif

#endif
