/* The planted bug of the command streamer twin (rtl/cs/cs_rcs.sv PlantedBugWrap = 1: HEAD wraps
 * one dword late, breaking spec 000 §1.1.5.2) is caught by the wrap rule test that passes on the
 * real RTL (cs_twin_test.c CsTwin.RingWraps), linked here against cosim_cs_twin_planted. */
#include "cs_twin_fixture.h"

TEST(CsTwinPlanted, WrapRuleCatchesTheBug)
{
    ASSERT_EQ(cosim_cs_twin_planted_bug(), 1);
    cs_twin_fixture f;
    cs_twin_open(&f, NULL);
    EXPECT_FALSE(cs_twin_wrap_rule_holds(&f));
    /* The RTL's own check sees HEAD leave the ring. */
    EXPECT_GT(cs_twin_close(&f), 0u);
}
