/* One test body run in each of a block's three modes: the C model alone, the RTL twin alone, and
 * both in lockstep. Each mode is its own fixture, so ctest lists and runs every (mode, test)
 * pair as its own test: <Fixture>Model.<Name>, <Fixture>Rtl.<Name>, <Fixture>Lockstep.<Name>.
 *
 * Use:
 *   typedef struct Block { ... } Block;
 *   static void set_up(Block *self, <mode type> mode);
 *   static void tear_down(Block *self);
 *   TB_TEST_MODES_FIXTURES(Block, set_up, tear_down, MODEL_VALUE, RTL_VALUE, LOCKSTEP_VALUE)
 *   static void body_something(Block *self) { ... }
 *   TB_TEST_ALL_MODES(Block, Something, body_something)
 * or, with the body in place: TB_TEST_MODES(Block, Something) { ... }
 */
#ifndef TB_TEST_MODES_H
#define TB_TEST_MODES_H

#include "tb_test.h"

/* The three fixtures over `fixture`: each set up by `set_up(self, mode)` with its mode value
 * and torn down by `tear_down(self)` (inline, so a fixture header can hold them). */
#define TB_TEST_MODES_FIXTURES(fixture, set_up, tear_down, model_mode, rtl_mode, lockstep_mode)             \
    typedef fixture fixture##Model;                                                                      \
    typedef fixture fixture##Rtl;                                                                        \
    typedef fixture fixture##Lockstep;                                                                   \
    static inline void fixture##Model_SetUp(fixture##Model *self) { set_up(self, model_mode); }           \
    static inline void fixture##Model_TearDown(fixture##Model *self) { tear_down(self); }                 \
    static inline void fixture##Rtl_SetUp(fixture##Rtl *self) { set_up(self, rtl_mode); }                \
    static inline void fixture##Rtl_TearDown(fixture##Rtl *self) { tear_down(self); }                     \
    static inline void fixture##Lockstep_SetUp(fixture##Lockstep *self) { set_up(self, lockstep_mode); }  \
    static inline void fixture##Lockstep_TearDown(fixture##Lockstep *self) { tear_down(self); }

/* Test `name` of each mode's fixture, all three running `body(self)`. */
#define TB_TEST_ALL_MODES(fixture, name, body)  \
    TEST_F(fixture##Model, name) { body(self); } \
    TEST_F(fixture##Rtl, name) { body(self); }   \
    TEST_F(fixture##Lockstep, name) { body(self); }

/* The same with the body written after the macro, as a function of `fixture *self`:
 *   TB_TEST_MODES(Block, Name) { ... }  */
#define TB_TEST_MODES(fixture, name)                                     \
    static void tb_modes_body_##fixture##__##name(fixture *self);        \
    TB_TEST_ALL_MODES(fixture, name, tb_modes_body_##fixture##__##name) \
    static void tb_modes_body_##fixture##__##name(fixture *self)

#endif
