/* Callback list: registration order, removal of the first match only, growth, free. */
#include <stdint.h>
#include <stdlib.h>

#include "tb_test.h"
#include "tlm_callback_list.h"

static void fn_a(void) {}
static void fn_b(void) {}

typedef struct CallbackListTest {
    tlm_callback_list list;
    int contexts[1000];
} CallbackListTest;

static void CallbackListTest_SetUp(CallbackListTest *self)
{
    (void)self; /* a zeroed list is an empty list */
}

static void CallbackListTest_TearDown(CallbackListTest *self)
{
    tlm_callback_list_free(&self->list);
}

static void expect_entries(CallbackListTest *self, const tlm_callback_fn *fns, const int *context_indices,
                           size_t count)
{
    ASSERT_EQ(self->list.count, count);
    ASSERT_GE(self->list.capacity, count);
    for (size_t i = 0; i < count; ++i) {
        EXPECT_TRUE(self->list.entries[i].fn == fns[i]);
        EXPECT_EQ(self->list.entries[i].context, (void *)&self->contexts[context_indices[i]]);
    }
}

TEST_F(CallbackListTest, ZeroedListIsEmpty)
{
    EXPECT_EQ(self->list.count, 0u);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, NULL), 0);
    tlm_callback_list_free(&self->list); /* freeing an empty list is fine, twice too */
    tlm_callback_list_free(&self->list);
    EXPECT_EQ(self->list.count, 0u);
}

TEST_F(CallbackListTest, AddKeepsRegistrationOrder)
{
    tlm_callback_list_add(&self->list, fn_a, &self->contexts[0]);
    tlm_callback_list_add(&self->list, fn_b, &self->contexts[1]);
    tlm_callback_list_add(&self->list, fn_a, &self->contexts[2]);
    const tlm_callback_fn fns[] = {fn_a, fn_b, fn_a};
    const int ctx[] = {0, 1, 2};
    expect_entries(self, fns, ctx, 3);
}

TEST_F(CallbackListTest, NullContextIsAllowed)
{
    tlm_callback_list_add(&self->list, fn_a, NULL);
    ASSERT_EQ(self->list.count, 1u);
    EXPECT_TRUE(self->list.entries[0].context == NULL);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, NULL), 1);
    EXPECT_EQ(self->list.count, 0u);
}

TEST_F(CallbackListTest, RemoveKeepsOrderOfTheRest)
{
    for (int i = 0; i < 5; ++i)
        tlm_callback_list_add(&self->list, fn_a, &self->contexts[i]);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[1]), 1);
    const tlm_callback_fn fns[] = {fn_a, fn_a, fn_a, fn_a};
    const int after_middle[] = {0, 2, 3, 4};
    expect_entries(self, fns, after_middle, 4);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[0]), 1);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[4]), 1);
    const int after_ends[] = {2, 3};
    expect_entries(self, fns, after_ends, 2);
}

TEST_F(CallbackListTest, RemoveMatchesFunctionAndContext)
{
    tlm_callback_list_add(&self->list, fn_a, &self->contexts[0]);
    tlm_callback_list_add(&self->list, fn_b, &self->contexts[1]);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_b, &self->contexts[0]), 0);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[1]), 0);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, NULL), 0);
    EXPECT_EQ(self->list.count, 2u);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_b, &self->contexts[1]), 1);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_b, &self->contexts[1]), 0);
    const tlm_callback_fn fns[] = {fn_a};
    const int ctx[] = {0};
    expect_entries(self, fns, ctx, 1);
}

TEST_F(CallbackListTest, RemoveTakesOnlyTheFirstOfDuplicates)
{
    tlm_callback_list_add(&self->list, fn_a, &self->contexts[0]);
    tlm_callback_list_add(&self->list, fn_b, &self->contexts[1]);
    tlm_callback_list_add(&self->list, fn_a, &self->contexts[0]);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[0]), 1);
    const tlm_callback_fn fns[] = {fn_b, fn_a};
    const int ctx[] = {1, 0};
    expect_entries(self, fns, ctx, 2);
    EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[0]), 1);
    EXPECT_EQ(self->list.count, 1u);
}

TEST_F(CallbackListTest, GrowsToManyEntriesInOrder)
{
    for (int i = 0; i < 1000; ++i)
        tlm_callback_list_add(&self->list, (i & 1) ? fn_b : fn_a, &self->contexts[i]);
    ASSERT_EQ(self->list.count, 1000u);
    EXPECT_GE(self->list.capacity, 1000u);
    size_t wrong = 0;
    for (int i = 0; i < 1000; ++i)
        wrong += self->list.entries[i].fn != ((i & 1) ? fn_b : fn_a) ||
                 self->list.entries[i].context != &self->contexts[i];
    EXPECT_EQ(wrong, 0u);
    /* Remove every other entry from the front half; the rest keeps its order. */
    for (int i = 0; i < 500; i += 2)
        EXPECT_EQ(tlm_callback_list_remove(&self->list, fn_a, &self->contexts[i]), 1);
    ASSERT_EQ(self->list.count, 750u);
    EXPECT_EQ(self->list.entries[0].context, (void *)&self->contexts[1]);
    EXPECT_EQ(self->list.entries[249].context, (void *)&self->contexts[499]);
    EXPECT_EQ(self->list.entries[250].context, (void *)&self->contexts[500]);
    EXPECT_EQ(self->list.entries[749].context, (void *)&self->contexts[999]);
}

TEST_F(CallbackListTest, FreeEmptiesTheListAndItCanBeReused)
{
    for (int i = 0; i < 10; ++i)
        tlm_callback_list_add(&self->list, fn_a, &self->contexts[i]);
    tlm_callback_list_free(&self->list);
    EXPECT_TRUE(self->list.entries == NULL);
    EXPECT_EQ(self->list.count, 0u);
    EXPECT_EQ(self->list.capacity, 0u);
    tlm_callback_list_add(&self->list, fn_b, &self->contexts[3]);
    const tlm_callback_fn fns[] = {fn_b};
    const int ctx[] = {3};
    expect_entries(self, fns, ctx, 1);
}
