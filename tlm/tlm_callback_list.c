#include "tlm_callback_list.h"

#include <stdlib.h>

#include "tlm_alloc.h"

void tlm_callback_list_add(tlm_callback_list *list, tlm_callback_fn fn, void *context)
{
    list->entries = tlm_alloc_grow(list->entries, &list->capacity, list->count + 1, sizeof *list->entries, 4);
    list->entries[list->count++] = (tlm_callback_entry){ .fn = fn, .context = context };
}

int tlm_callback_list_remove(tlm_callback_list *list, tlm_callback_fn fn, void *context)
{
    for (size_t i = 0; i < list->count; i++) {
        if (list->entries[i].fn == fn && list->entries[i].context == context) {
            /* Shift rather than swap: listeners keep their registration order. */
            for (size_t j = i + 1; j < list->count; j++)
                list->entries[j - 1] = list->entries[j];
            list->count--;
            return 1;
        }
    }
    return 0;
}

void tlm_callback_list_free(tlm_callback_list *list)
{
    free(list->entries);
    *list = (tlm_callback_list){ 0 };
}
