#include "tlm_alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t bytes)
{
    fprintf(stderr, "gtsim: out of memory allocating %zu bytes\n", bytes);
    abort();
}

void *tlm_alloc_zeroed(size_t count, size_t size)
{
    void *memory = calloc(count ? count : 1, size ? size : 1);
    if (!memory)
        out_of_memory(count * size);
    return memory;
}

void *tlm_alloc_grow(void *array, size_t *capacity, size_t needed, size_t element_size, size_t initial)
{
    if (needed <= *capacity)
        return array;
    size_t grown = *capacity ? *capacity : initial;
    while (grown < needed)
        grown *= 2;
    if (grown > SIZE_MAX / element_size)
        out_of_memory(SIZE_MAX);
    void *moved = realloc(array, grown * element_size);
    if (!moved)
        out_of_memory(grown * element_size);
    *capacity = grown;
    return moved;
}

void *tlm_alloc_resize(void *array, size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        out_of_memory(SIZE_MAX);
    size_t bytes = count * size;
    void *moved = realloc(array, bytes ? bytes : 1);
    if (!moved)
        out_of_memory(bytes);
    return moved;
}

char *tlm_alloc_strdup(const char *text)
{
    return tlm_alloc_strndup(text, strlen(text));
}

char *tlm_alloc_strndup(const char *text, size_t length)
{
    if (length == SIZE_MAX)
        out_of_memory(SIZE_MAX);
    char *copy = tlm_alloc_zeroed(length + 1, 1);
    memcpy(copy, text, length);
    return copy;
}
