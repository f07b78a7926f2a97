/* Sim-time-stamped logging with per-block counters (DESIGN §4, house style "errors are
 * counted, not hidden"). Every message is counted whether or not it is printed. */
#ifndef TLM_LOG_H
#define TLM_LOG_H

#include <stdint.h>
#include <stdio.h>

#include "tlm_time.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum tlm_log_level {
    TLM_LOG_DEBUG,
    TLM_LOG_INFO,
    TLM_LOG_WARNING,
    TLM_LOG_ERROR,
    TLM_LOG_LEVEL_COUNT
} tlm_log_level;

typedef struct tlm_logger tlm_logger;

/* Repeats: a block prints the first TLM_LOG_REPEAT_LINES messages of one kind (one format
 * string), then only the 100th, 1000th, 10000th... of that kind, each marked with how many
 * were not printed; every message is still counted and still reaches the hook. The summary
 * says how many lines each block left out. A model that logs per refused request (an EU
 * thread group, an unmapped access) cannot flood a terminal or a regression log. Kinds are
 * told apart by their first TLM_LOG_REPEAT_KINDS format strings per block; later kinds share
 * one limit. */
#define TLM_LOG_REPEAT_LINES 10u
#define TLM_LOG_REPEAT_KINDS 32u

/* How often one kind of message was logged at a printed level. */
typedef struct tlm_log_repeat {
    const char *format;  /* the kind: the format string (NULL: the shared slot or unused) */
    uint64_t seen;       /* messages of this kind at a printed level */
} tlm_log_repeat;

/* One block's counters; owned by its logger, valid until the logger is destroyed. */
typedef struct tlm_log_block {
    char name[32];                            /* block prefix printed on each line ("router", "rcs") */
    tlm_logger *logger;                       /* where lines go and where time comes from */
    uint64_t counts[TLM_LOG_LEVEL_COUNT];     /* messages logged per level, printed or not */
    uint64_t suppressed;                      /* lines not printed as repeats (see above) */
    tlm_log_repeat repeats[TLM_LOG_REPEAT_KINDS + 1]; /* per kind; the last slot is shared */
    struct tlm_log_block *next;               /* next block in the logger's registration order */
} tlm_log_block;

/* A logger stamps lines with the time `now(clock_context)` returns (0 when now is NULL). */
tlm_logger *tlm_logger_create(tlm_time (*now)(const void *clock_context), const void *clock_context);
void tlm_logger_destroy(tlm_logger *logger);

/* Where lines are printed (default stderr) and the lowest level printed (default WARNING). */
void tlm_logger_set_sink(tlm_logger *logger, FILE *sink);
void tlm_logger_set_level(tlm_logger *logger, tlm_log_level lowest_printed);

/* The block record for `name`, created on first use; the same name gives the same record. */
tlm_log_block *tlm_logger_block(tlm_logger *logger, const char *name);

/* Called with every warning and error (printed or not), after it is counted: the trace hook
 * puts them on the waveform's timeline. `message` is the text after the block name. One hook
 * per logger; NULL removes it. */
typedef void (*tlm_log_hook_fn)(void *context, tlm_log_level level, const char *block, const char *message);
void tlm_logger_set_hook(tlm_logger *logger, tlm_log_hook_fn fn, void *context);

/* Messages of `level` across all blocks. */
uint64_t tlm_logger_count(const tlm_logger *logger, tlm_log_level level);

/* One line per block with a non-zero count: "  router: 0 warnings, 2 errors", with
 * " (1988 repeated lines not printed)" when repeats were left out. */
void tlm_logger_print_summary(const tlm_logger *logger, FILE *out);

/* Format: "[      12.500 ns] error   router: unmapped read at 0x...". */
void tlm_log(tlm_log_block *block, tlm_log_level level, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#define tlm_log_debug(block, ...) tlm_log((block), TLM_LOG_DEBUG, __VA_ARGS__)
#define tlm_log_info(block, ...) tlm_log((block), TLM_LOG_INFO, __VA_ARGS__)
#define tlm_log_warning(block, ...) tlm_log((block), TLM_LOG_WARNING, __VA_ARGS__)
#define tlm_log_error(block, ...) tlm_log((block), TLM_LOG_ERROR, __VA_ARGS__)

const char *tlm_log_level_name(tlm_log_level level);

#ifdef __cplusplus
}
#endif

#endif
