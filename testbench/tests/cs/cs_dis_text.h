/* The disassembly of a dword stream as one string, for the tests that compare or reassemble
 * `gtsim dis` text (gtsim_dis.h). */
#ifndef CS_DIS_TEXT_H
#define CS_DIS_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "gtsim_dis.h"

/* `gtsim dis` of `dwords` (caller frees); aborts if no memory stream can be opened. */
static inline char *cs_dis_text(cs_profile profile, cs_engine engine, const uint32_t *dwords, size_t count)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        abort();
    gtsim_dis_write(profile, engine, dwords, count, out);
    fclose(out);
    return text;
}

#endif
