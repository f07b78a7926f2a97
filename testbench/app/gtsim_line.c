/* The shared line tokenizer and error list of the gtsim text formats (gtsim_line.h). */
#include "gtsim_line.h"

#include <stdio.h>

#include "tlm_alloc.h"

static int gtsim_line_blank(char c)
{
    return c == ' ' || c == '\t';
}

void gtsim_line_split(const char *text, size_t start, size_t end, gtsim_token **tokens, size_t *count, size_t *capacity,
                   size_t *end_column)
{
    *count = 0;
    *end_column = 1;
    size_t i = start;
    while (i < end) {
        if (gtsim_line_blank(text[i])) {
            i++;
            continue;
        }
        if (text[i] == '#')
            break;
        size_t token_start = i;
        while (i < end && !gtsim_line_blank(text[i]) && text[i] != '#')
            i++;
        *tokens = tlm_alloc_grow(*tokens, capacity, *count + 1, sizeof **tokens, 16);
        (*tokens)[(*count)++] =
            (gtsim_token){ .text = text + token_start, .length = i - token_start, .column = token_start - start + 1 };
        *end_column = i - start + 1;
    }
}

void gtsim_token_describe(const char *text, size_t length, char *out, size_t size)
{
    enum { SHOWN = 32 };
    size_t used = 0;
    out[used++] = '\'';
    for (size_t i = 0; i < length && i < SHOWN && used + 8 < size; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
            used += (size_t)snprintf(out + used, size - used, "%c", c);
        else
            used += (size_t)snprintf(out + used, size - used, "\\x%02x", c);
    }
    snprintf(out + used, size - used, "%s'", length > SHOWN ? "..." : "");
}

void gtsim_line_error_add(gtsim_line_error **errors, size_t *count, bool *truncated, size_t max, size_t line,
                          size_t column, const char *format, va_list args)
{
    if (*count == max) {
        *truncated = true;
        return;
    }
    if (!*errors)
        *errors = tlm_alloc_resize(NULL, max, sizeof **errors);
    gtsim_line_error *error = &(*errors)[(*count)++];
    error->line = line;
    error->column = column;
    vsnprintf(error->message, sizeof error->message, format, args);
}
