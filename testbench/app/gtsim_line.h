/* The line tokenizer and the error list the gtsim text formats share (scenario files, `gtsim asm`
 * sources): the tokenizer first, then the error list.
 * Tokens are runs of bytes other than blanks (space, tab), up to a '#' that starts a comment.
 * Tokens point into the caller's text; columns are 1-based byte columns. */
#ifndef GTSIM_LINE_H
#define GTSIM_LINE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gtsim_token {
    const char *text; /* points into the input; not NUL-terminated */
    size_t length;    /* bytes in text, at least 1 */
    size_t column;    /* 1-based column of its first byte */
} gtsim_token;

/* Splits [start, end) of text into (*tokens)[0 .. *count), growing the array (capacity in
 * *capacity; it is reused from line to line). *end_column is set just past the last token
 * (1 for a blank line): where a missing token is reported. */
void gtsim_line_split(const char *text, size_t start, size_t end, gtsim_token **tokens, size_t *count, size_t *capacity,
                   size_t *end_column);

/* 'text' quoted, with unprintable bytes escaped and long tokens cut, so a message stays one
 * short line whatever bytes the input holds. */
void gtsim_token_describe(const char *text, size_t length, char *out, size_t size);

/* One error of a text format, as its reader reports it: FILE:LINE:COL: message. */
typedef struct gtsim_line_error {
    size_t line;        /* 1-based */
    size_t column;      /* 1-based byte column of the offending token or value */
    char message[256];  /* without the FILE:LINE:COL prefix */
} gtsim_line_error;

/* Appends an error to (*errors)[0 .. *count) (the array of `max` entries is allocated on the
 * first error); past `max` errors it only sets *truncated, so a reader's error list is bounded
 * whatever the input. */
void gtsim_line_error_add(gtsim_line_error **errors, size_t *count, bool *truncated, size_t max, size_t line,
                          size_t column, const char *format, va_list args) __attribute__((format(printf, 7, 0)));

#ifdef __cplusplus
}
#endif

#endif
