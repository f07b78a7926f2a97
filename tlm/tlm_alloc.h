/* Allocation for the transaction layer. Running out of memory is not bad input the
 * simulation could answer and continue from, so these end the process with a message
 * instead of returning NULL to every caller. */
#ifndef TLM_ALLOC_H
#define TLM_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* calloc(count, size), never NULL. */
void *tlm_alloc_zeroed(size_t count, size_t size);

/* Makes room for `needed` elements of `element_size` in `array` (capacity in *capacity),
 * doubling from `initial`; returns the possibly moved array, never NULL. */
void *tlm_alloc_grow(void *array, size_t *capacity, size_t needed, size_t element_size, size_t initial);

/* realloc(array, count * size) for `count` elements, never NULL (an exact size, for arrays
 * that grow one element at a time and rarely). */
void *tlm_alloc_resize(void *array, size_t count, size_t size);

/* A copy of the NUL-terminated `text`, never NULL (caller frees). */
char *tlm_alloc_strdup(const char *text);

/* A NUL-terminated copy of the first `length` bytes of `text` (which need not be terminated
 * there), never NULL (caller frees). */
char *tlm_alloc_strndup(const char *text, size_t length);

#ifdef __cplusplus
}
#endif

#endif
