/* A growable list of (function, context) pairs: the listeners of a signal, of a clock edge,
 * of DMI invalidations. Called in registration order. */
#ifndef TLM_CALLBACK_LIST_H
#define TLM_CALLBACK_LIST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*tlm_callback_fn)(void); /* stored type-erased; each owner casts back to its own signature */

typedef struct tlm_callback_entry {
    tlm_callback_fn fn; /* the listener, cast to the owner's callback type */
    void *context;      /* passed back to the listener */
} tlm_callback_entry;

typedef struct tlm_callback_list {
    tlm_callback_entry *entries; /* heap array, NULL while empty */
    size_t count;                /* entries in use */
    size_t capacity;             /* entries allocated */
} tlm_callback_list;

void tlm_callback_list_add(tlm_callback_list *list, tlm_callback_fn fn, void *context);
/* Removes the first entry with this function and context; returns 1 if one was removed. */
int tlm_callback_list_remove(tlm_callback_list *list, tlm_callback_fn fn, void *context);
void tlm_callback_list_free(tlm_callback_list *list);

#ifdef __cplusplus
}
#endif

#endif
