/* The regression list grammar (gtsim_regress_list.h) on any bytes. */
#include "fuzz_support.h"

#include "gtsim_regress_list.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gtsim_regress_list *list = gtsim_regress_list_parse("fuzz/t.list", (const char *)data, size);
    gtsim_regress_list_print_errors(list, fuzz_null_stream());
    for (size_t i = 0; i < list->suite_count; i++)
        for (size_t e = 0; e < list->entry_count; e++)
            (void)gtsim_regress_list_in_suite(list, &list->entries[e], i);
    gtsim_regress_list_destroy(list);
    return 0;
}
