/*
 * Programs that the shim must refuse to run (see CMakeLists.txt):
 *  - built twice into one program, this file defines ShimDuplicate.Same twice,
 *    which a single file cannot do (the generated functions would clash);
 *  - built with TB_DEMO_NO_TESTS, the program has no tests at all, which is
 *    what a test file dropped by the linker looks like.
 */
#include "tb_test.h"

#ifndef TB_DEMO_NO_TESTS
TEST(ShimDuplicate, Same)
{
    EXPECT_TRUE(true);
}
#endif
