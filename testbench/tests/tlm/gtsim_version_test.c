/* The version header agrees with the project's version (CMake's project(VERSION), passed in
 * as GTSIM_PROJECT_VERSION) and with the linked library. */
#include <stdio.h>

#include "gtsim_version.h"
#include "tb_test.h"

TEST(Version, MacrosMatchTheProjectVersion)
{
    EXPECT_STREQ(GTSIM_VERSION_STRING, GTSIM_PROJECT_VERSION);
    char joined[32];
    snprintf(joined, sizeof joined, "%d.%d.%d", GTSIM_VERSION_MAJOR, GTSIM_VERSION_MINOR, GTSIM_VERSION_PATCH);
    EXPECT_STREQ(joined, GTSIM_VERSION_STRING);
    EXPECT_EQ(GTSIM_VERSION_NUMBER, GTSIM_VERSION_MAJOR * 10000 + GTSIM_VERSION_MINOR * 100 + GTSIM_VERSION_PATCH);
}

TEST(Version, TheLinkedLibrarySaysTheSame)
{
    EXPECT_STREQ(gtsim_version(), GTSIM_VERSION_STRING);
}
