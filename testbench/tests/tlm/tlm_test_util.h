/* Helpers shared by the tlm tests: capturing a logger's output in memory and a
 * deterministic pseudo-random generator (tests must give the same result on every run). */
#ifndef TLM_TEST_UTIL_H
#define TLM_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_log.h"

/* A memory stream a logger can print into; the text is read back after a flush. */
typedef struct tt_capture {
    FILE *stream;
    char *text;
    size_t size;
} tt_capture;

static inline int tt_capture_open(tt_capture *capture)
{
    capture->text = NULL;
    capture->size = 0;
    capture->stream = open_memstream(&capture->text, &capture->size);
    return capture->stream != NULL;
}

/* The text printed so far (never NULL). */
static inline const char *tt_capture_text(tt_capture *capture)
{
    if (!capture->stream)
        return "";
    fflush(capture->stream);
    return capture->text ? capture->text : "";
}

static inline void tt_capture_close(tt_capture *capture)
{
    if (capture->stream)
        fclose(capture->stream);
    free(capture->text);
    capture->stream = NULL;
    capture->text = NULL;
    capture->size = 0;
}

/* Number of '\n'-terminated lines in text. */
static inline size_t tt_count_lines(const char *text)
{
    size_t lines = 0;
    for (; *text; ++text)
        lines += *text == '\n';
    return lines;
}

/* Case-insensitive substring test, so hex digits match whatever case the printer chose. */
static inline int tt_contains_nocase(const char *haystack, const char *needle)
{
    size_t needle_length = strlen(needle);
    for (; *haystack; ++haystack) {
        size_t i = 0;
        while (i < needle_length && haystack[i]) {
            char a = haystack[i], b = needle[i];
            if (a >= 'A' && a <= 'Z')
                a = (char)(a - 'A' + 'a');
            if (b >= 'A' && b <= 'Z')
                b = (char)(b - 'A' + 'a');
            if (a != b)
                break;
            ++i;
        }
        if (i == needle_length)
            return 1;
    }
    return needle_length == 0;
}

/* 64-bit LCG (Knuth's MMIX constants); the high bits are the usable ones. */
typedef struct tt_rng {
    uint64_t state;
} tt_rng;

static inline uint32_t tt_rng_next(tt_rng *rng)
{
    rng->state = rng->state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng->state >> 33);
}

/* Uniform enough in [0, bound) for test data; bound > 0. */
static inline uint32_t tt_rng_below(tt_rng *rng, uint32_t bound)
{
    return tt_rng_next(rng) % bound;
}

#endif
