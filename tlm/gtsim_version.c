/* The linked library's version (gtsim_version.h). */
#include "gtsim_version.h"

const char *gtsim_version(void)
{
    return GTSIM_VERSION_STRING;
}
