/* The built-in kernels' names (eu_kernel.h), apart from the kernels so that the scenario
 * parser, which links no model, can name them; eu_builtin_kernels.c defines one kernel per name. */
#include "eu_kernel.h"

const char *const eu_builtin_kernel_names[] = { "nop", "fill", "copy", "add", "stream", "barrier_sum", NULL };
