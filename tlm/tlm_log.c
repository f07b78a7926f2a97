#include "tlm_log.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"

struct tlm_logger {
    tlm_time (*now)(const void *clock_context); /* time stamp source; NULL stamps 0 */
    const void *clock_context;                  /* passed to now */
    FILE *sink;                                 /* NULL means stderr, resolved at print time */
    tlm_log_level lowest_printed;               /* messages below are counted only */
    tlm_log_block *first;                       /* blocks in registration order */
    tlm_log_block *last;                        /* tail, for O(1) append */
    tlm_log_hook_fn hook;                       /* sees warnings and errors (trace); NULL: none */
    void *hook_context;                         /* passed to hook */
};

tlm_logger *tlm_logger_create(tlm_time (*now)(const void *), const void *clock_context)
{
    tlm_logger *logger = tlm_alloc_zeroed(1, sizeof *logger);
    logger->now = now;
    logger->clock_context = clock_context;
    logger->lowest_printed = TLM_LOG_WARNING;
    return logger;
}

void tlm_logger_destroy(tlm_logger *logger)
{
    if (!logger)
        return;
    for (tlm_log_block *block = logger->first; block;) {
        tlm_log_block *next = block->next;
        free(block);
        block = next;
    }
    free(logger);
}

void tlm_logger_set_sink(tlm_logger *logger, FILE *sink)
{
    logger->sink = sink;
}

void tlm_logger_set_level(tlm_logger *logger, tlm_log_level lowest_printed)
{
    logger->lowest_printed = lowest_printed;
}

void tlm_logger_set_hook(tlm_logger *logger, tlm_log_hook_fn fn, void *context)
{
    logger->hook = fn;
    logger->hook_context = context;
}

tlm_log_block *tlm_logger_block(tlm_logger *logger, const char *name)
{
    for (tlm_log_block *block = logger->first; block; block = block->next)
        if (strncmp(block->name, name, sizeof block->name - 1) == 0)
            return block;
    tlm_log_block *block = tlm_alloc_zeroed(1, sizeof *block);
    snprintf(block->name, sizeof block->name, "%s", name);
    block->logger = logger;
    if (logger->last)
        logger->last->next = block;
    else
        logger->first = block;
    logger->last = block;
    return block;
}

uint64_t tlm_logger_count(const tlm_logger *logger, tlm_log_level level)
{
    uint64_t total = 0;
    for (const tlm_log_block *block = logger->first; block; block = block->next)
        total += block->counts[level];
    return total;
}

void tlm_logger_print_summary(const tlm_logger *logger, FILE *out)
{
    for (const tlm_log_block *block = logger->first; block; block = block->next) {
        if (!block->counts[TLM_LOG_WARNING] && !block->counts[TLM_LOG_ERROR])
            continue;
        fprintf(out, "  %s: %" PRIu64 " warnings, %" PRIu64 " errors", block->name, block->counts[TLM_LOG_WARNING],
                block->counts[TLM_LOG_ERROR]);
        if (block->suppressed)
            fprintf(out, " (%" PRIu64 " repeated lines not printed)", block->suppressed);
        fputc('\n', out);
    }
}

const char *tlm_log_level_name(tlm_log_level level)
{
    switch (level) {
    case TLM_LOG_DEBUG: return "debug";
    case TLM_LOG_INFO: return "info";
    case TLM_LOG_WARNING: return "warning";
    case TLM_LOG_ERROR: return "error";
    case TLM_LOG_LEVEL_COUNT: break;
    }
    return "invalid-level";
}

/* The repeat record of `format` in the block: its own slot, or the shared last one. */
static tlm_log_repeat *repeat_of(tlm_log_block *block, const char *format)
{
    for (unsigned i = 0; i < TLM_LOG_REPEAT_KINDS; i++) {
        tlm_log_repeat *repeat = &block->repeats[i];
        if (repeat->format == format)
            return repeat;
        if (!repeat->format) {
            repeat->format = format;
            return repeat;
        }
    }
    return &block->repeats[TLM_LOG_REPEAT_KINDS];
}

/* Whether the n-th message of a kind (n from 1) is printed: the first few, then powers of 10. */
static bool repeat_printed(uint64_t n)
{
    if (n <= TLM_LOG_REPEAT_LINES)
        return true;
    while (n % 10 == 0)
        n /= 10;
    return n == 1;
}

void tlm_log(tlm_log_block *block, tlm_log_level level, const char *format, ...)
{
    if ((unsigned)level >= TLM_LOG_LEVEL_COUNT)
        level = TLM_LOG_ERROR;
    block->counts[level]++;
    tlm_logger *logger = block->logger;
    bool hooked = logger->hook && level >= TLM_LOG_WARNING;
    if (level < logger->lowest_printed && !hooked)
        return;
    tlm_time now = logger->now ? logger->now(logger->clock_context) : 0;
    /* Build the line first so concurrent writers (parallel regressions sharing a terminal)
     * never interleave halves of two lines. */
    char line[1024];
    int prefix = snprintf(line, sizeof line, "[%12" PRIu64 ".%03u ns] %-7s %s: ", now / 1000,
                          (unsigned)(now % 1000), tlm_log_level_name(level), block->name);
    va_list args;
    va_start(args, format);
    vsnprintf(line + prefix, sizeof line - (size_t)prefix, format, args);
    va_end(args);
    size_t message_end = strlen(line); /* the hook gets the message without the repeat note */
    bool printed = level >= logger->lowest_printed;
    if (printed) {
        uint64_t seen = ++repeat_of(block, format)->seen;
        printed = repeat_printed(seen);
        if (!printed) {
            block->suppressed++;
        } else if (seen > TLM_LOG_REPEAT_LINES) {
            snprintf(line + message_end, sizeof line - message_end,
                     " [message %" PRIu64 " like this; the ones between not printed]", seen);
        } else if (seen == TLM_LOG_REPEAT_LINES) {
            snprintf(line + message_end, sizeof line - message_end,
                     " [further messages like this: only the 100th, 1000th, ...]");
        }
    }
    if (printed) {
        FILE *sink = logger->sink ? logger->sink : stderr;
        fprintf(sink, "%s\n", line);
        if (level >= TLM_LOG_ERROR)
            fflush(sink);
    }
    line[message_end] = '\0';
    if (hooked)
        logger->hook(logger->hook_context, level, block->name, line + prefix);
}
