#include "cosim_stream_compare.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"

/* Items of each side remembered for the first divergence's neighbours (the concerned item may
 * have waited a while, so more than the neighbours themselves). */
#define HISTORY 64u

/* An item waiting for its counterpart. */
typedef struct waiting {
    cosim_stream_item item; /* the item */
    bool late;              /* reported as having no counterpart in time (matched quietly later) */
} waiting;

/* One side's state. */
typedef struct stream_side {
    waiting *pending;                 /* unmatched items, oldest first */
    size_t count;                     /* entries used */
    uint64_t items;                   /* items recorded (the next item's index) */
    cosim_stream_item history[HISTORY]; /* the latest items, a ring by index % HISTORY */
    tlm_trace_id row;                 /* text row of the stream (0: not traced) */
} stream_side;

/* A pass-through target recording one side's writes. */
typedef struct stream_tap {
    tlm_target as_target;           /* what the initiator binds to */
    struct cosim_stream_compare *compare; /* where writes are recorded */
    cosim_stream_side side;         /* on which side */
    const tlm_target *downstream;   /* where everything goes on */
    struct stream_tap *next;        /* the compare's list */
} stream_tap;

struct cosim_stream_compare {
    tlm_kernel *kernel;             /* time base, tracer */
    cosim_stream_config config;     /* with the defaults filled in */
    stream_side sides[2];           /* [COSIM_STREAM_REF], [COSIM_STREAM_DUT] */
    uint64_t matched;               /* pairs matched */
    uint64_t mismatches;            /* divergences */
    cosim_stream_divergence first;  /* the first one */
    uint64_t after_from[2];         /* first index of each side's "after" neighbours of the first divergence */
    stream_tap *taps;               /* taps made by cosim_stream_tap */
    tlm_log_block *log;             /* this compare's log counters */
    tlm_trace_id mismatch_row;      /* the mismatch count on the waveform (0: not traced) */
};

static const char *side_name(const cosim_stream_compare *compare, cosim_stream_side side)
{
    return side == COSIM_STREAM_REF ? compare->config.ref_name : compare->config.dut_name;
}

static double ns(tlm_time time)
{
    return (double)time / (double)TLM_NS;
}

const char *cosim_stream_item_describe(const cosim_stream_item *item, char *buffer, size_t size)
{
    switch (item->kind) {
    case COSIM_STREAM_WRITE: {
        /* The enabled span's bytes, most significant first, as a little-endian number reads. */
        int first = item->enables ? __builtin_ctzll(item->enables) : 0;
        int last = item->enables ? 63 - __builtin_clzll(item->enables) : 0;
        int used = snprintf(buffer, size, "write 0x%012" PRIx64 " be 0x%016" PRIx64 " data ", item->address + (uint64_t)first,
                            item->enables >> first);
        for (int i = last; i >= first && used > 0 && (size_t)used < size; i--)
            used += snprintf(buffer + used, size - (size_t)used, "%02x", item->data[i]);
        break;
    }
    case COSIM_STREAM_MESSAGE:
        if (item->address)
            snprintf(buffer, size, "message 0x%08" PRIx64 " port %" PRIu64, item->value, item->address);
        else
            snprintf(buffer, size, "message 0x%08" PRIx64, item->value);
        break;
    case COSIM_STREAM_READ:
        if (item->response)
            snprintf(buffer, size, "read 0x%06" PRIx64 " refused (response %u)", item->address, item->response);
        else
            snprintf(buffer, size, "read 0x%06" PRIx64 " = 0x%0*" PRIx64, item->address, (int)(2 * item->length),
                     item->value);
        break;
    }
    return buffer;
}

static bool equal(const cosim_stream_item *a, const cosim_stream_item *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case COSIM_STREAM_WRITE:
        return a->address == b->address && a->enables == b->enables && memcmp(a->data, b->data, sizeof a->data) == 0;
    case COSIM_STREAM_MESSAGE:
        return a->value == b->value && a->address == b->address;
    case COSIM_STREAM_READ:
        return a->address == b->address && a->response == b->response && a->length == b->length && a->value == b->value;
    }
    return false;
}

/* Whether the two must keep their order (the header's definition per policy). */
static bool conflict(const cosim_stream_compare *compare, const cosim_stream_item *a, const cosim_stream_item *b)
{
    if (compare->config.policy != COSIM_STREAM_PER_ADDRESS)
        return true;
    if (a->kind != b->kind)
        return false;
    if (a->kind == COSIM_STREAM_WRITE)
        return a->address == b->address && (a->enables & b->enables) != 0;
    return true;
}

/* The first divergence's neighbours of one side: up to `neighbours` items before index
 * `before_end` from the history, and those from index `after_from` on that the history has
 * already (later ones are added as they arrive). */
static void capture_neighbours(cosim_stream_compare *compare, cosim_stream_side side, uint64_t before_end,
                               uint64_t after_from)
{
    stream_side *s = &compare->sides[side];
    unsigned k = compare->config.neighbours;
    uint64_t oldest = s->items > HISTORY ? s->items - HISTORY : 0;
    uint64_t start = before_end > oldest + k ? before_end - k : oldest;
    compare->first.before_count[side] = 0;
    for (uint64_t i = start; i < before_end && i < s->items; i++)
        compare->first.before[side][compare->first.before_count[side]++] = s->history[i % HISTORY];
    compare->first.after_count[side] = 0;
    for (uint64_t i = after_from > oldest ? after_from : oldest; i < s->items && compare->first.after_count[side] < k; i++)
        compare->first.after[side][compare->first.after_count[side]++] = s->history[i % HISTORY];
    compare->after_from[side] = after_from;
}

static void divergence(cosim_stream_compare *compare, tlm_time time, const cosim_stream_item *ref,
                       const cosim_stream_item *dut, const char *format, ...) __attribute__((format(printf, 5, 6)));

/* Counts and logs one divergence; the first is kept with its neighbours and fires the
 * waveform's trigger. */
static void divergence(cosim_stream_compare *compare, tlm_time time, const cosim_stream_item *ref,
                       const cosim_stream_item *dut, const char *format, ...)
{
    char reason[128];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    char line[sizeof compare->first.description];
    int used = snprintf(line, sizeof line, "%s", reason);
    const cosim_stream_item *items[2] = { ref, dut };
    for (unsigned side = 0; side < 2; side++) {
        if (!items[side] || used < 0 || (size_t)used >= sizeof line)
            continue;
        char described[160];
        used += snprintf(line + used, sizeof line - (size_t)used, "; %s #%" PRIu64 " %s at %.3f ns",
                         side_name(compare, (cosim_stream_side)side), items[side]->index,
                         cosim_stream_item_describe(items[side], described, sizeof described), ns(items[side]->time));
    }
    compare->mismatches++;
    tlm_trace_set(compare->kernel, compare->mismatch_row, compare->mismatches);
    if (compare->mismatches == 1) {
        cosim_stream_divergence *first = &compare->first;
        first->time = time;
        first->window_start = time > compare->config.wave_delta ? time - compare->config.wave_delta : 0;
        first->window_end = time + compare->config.wave_delta;
        snprintf(first->description, sizeof first->description, "%s", line);
        first->has_ref = ref != NULL;
        first->has_dut = dut != NULL;
        if (ref)
            first->ref = *ref;
        if (dut)
            first->dut = *dut;
        /* A side the divergence names no item of: its neighbours are the items before now and
         * the ones that come next. */
        for (unsigned side = 0; side < 2; side++) {
            uint64_t count = compare->sides[side].items;
            capture_neighbours(compare, (cosim_stream_side)side, items[side] ? items[side]->index : count,
                               items[side] ? items[side]->index + 1 : count);
        }
        tlm_trace_trigger(compare->kernel, first->description);
    }
    tlm_log_error(compare->log, "mismatch: %s", line);
}

static void remove_pending(stream_side *s, size_t at)
{
    memmove(&s->pending[at], &s->pending[at + 1], (s->count - at - 1) * sizeof *s->pending);
    s->count--;
}

static tlm_time distance(tlm_time a, tlm_time b)
{
    return a > b ? a - b : b - a;
}

/* IN_ORDER: the items of `waiting_side` whose counterpart, from a stream that has reached
 * `reached`, can no longer come within the tolerance. */
static uint64_t check_deadlines(cosim_stream_compare *compare, cosim_stream_side waiting_side, tlm_time reached)
{
    if (compare->config.policy != COSIM_STREAM_IN_ORDER)
        return 0;
    uint64_t found = 0;
    stream_side *s = &compare->sides[waiting_side];
    for (size_t i = 0; i < s->count; i++) {
        waiting *w = &s->pending[i];
        if (w->late || reached <= w->item.time + compare->config.tolerance)
            continue;
        w->late = true;
        found++;
        divergence(compare, reached, waiting_side == COSIM_STREAM_REF ? &w->item : NULL,
                   waiting_side == COSIM_STREAM_DUT ? &w->item : NULL,
                   "no counterpart from %s within %.3f ns (it has reached %.3f ns)",
                   side_name(compare, waiting_side == COSIM_STREAM_REF ? COSIM_STREAM_DUT : COSIM_STREAM_REF),
                   ns(compare->config.tolerance), ns(reached));
    }
    return found;
}

static void trace_item(cosim_stream_compare *compare, stream_side *s, const cosim_stream_item *item)
{
    char text[192];
    tlm_time now = tlm_kernel_now(compare->kernel);
    tlm_trace_emit_text(compare->kernel, s->row, item->time > now ? item->time : now,
                        cosim_stream_item_describe(item, text, sizeof text));
}

/* The heart: one item arrives on `side` (the header's matching rule). */
static void arrive(cosim_stream_compare *compare, cosim_stream_side side, cosim_stream_item *item)
{
    stream_side *own = &compare->sides[side];
    cosim_stream_side other_side = side == COSIM_STREAM_REF ? COSIM_STREAM_DUT : COSIM_STREAM_REF;
    stream_side *other = &compare->sides[other_side];
    item->index = own->items++;
    own->history[item->index % HISTORY] = *item;
    if (own->row)
        trace_item(compare, own, item);
    if (compare->mismatches && item->index >= compare->after_from[side] &&
        compare->first.after_count[side] < compare->config.neighbours)
        compare->first.after[side][compare->first.after_count[side]++] = *item;

    check_deadlines(compare, other_side, item->time);

    const cosim_stream_item *ref = side == COSIM_STREAM_REF ? item : NULL;
    const cosim_stream_item *dut = side == COSIM_STREAM_DUT ? item : NULL;
    for (size_t i = 0; i < other->count;) {
        waiting *w = &other->pending[i];
        if (equal(&w->item, item)) {
            if (compare->config.policy == COSIM_STREAM_IN_ORDER && !w->late &&
                distance(w->item.time, item->time) > compare->config.tolerance) {
                const cosim_stream_item *r = ref ? ref : &w->item, *d = dut ? dut : &w->item;
                divergence(compare, item->time, r, d, "%s by %.3f ns, beyond the tolerance of %.3f ns",
                           d->time > r->time ? "lag" : "lead", ns(distance(r->time, d->time)),
                           ns(compare->config.tolerance));
            } else {
                compare->matched++;
            }
            remove_pending(other, i);
            return;
        }
        if (conflict(compare, &w->item, item)) {
            /* Resynchronisation: when a later waiting item is the one that came, the waiting
             * one is missing from this side (one divergence, and the streams stay aligned);
             * otherwise the two differ (both dropped). */
            bool later = false;
            for (size_t j = i + 1; j < other->count && !later; j++)
                later = equal(&other->pending[j].item, item);
            if (later) {
                if (!w->late) /* (an item reported overdue was counted already) */
                    divergence(compare, item->time, ref ? NULL : &w->item, dut ? NULL : &w->item,
                               "no counterpart from %s: its next item matches a later one", side_name(compare, side));
                remove_pending(other, i);
                continue; /* the next waiting item is now at i */
            }
            divergence(compare, item->time, ref ? ref : &w->item, dut ? dut : &w->item,
                       compare->config.policy == COSIM_STREAM_PER_ADDRESS
                           ? "different item where the order of conflicting items must hold"
                           : "different item");
            remove_pending(other, i);
            return;
        }
        i++;
    }
    if (own->count == compare->config.window) {
        divergence(compare, item->time, side == COSIM_STREAM_REF ? &own->pending[0].item : NULL,
                   side == COSIM_STREAM_DUT ? &own->pending[0].item : NULL,
                   "%s ran %u items ahead of %s (the window): its oldest unmatched item dropped",
                   side_name(compare, side), compare->config.window, side_name(compare, other_side));
        remove_pending(own, 0);
    }
    own->pending[own->count++] = (waiting){ .item = *item, .late = false };
}

void cosim_stream_record_write(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint64_t address,
                               const uint8_t *data, uint32_t length, const uint8_t *byte_enable,
                               uint32_t byte_enable_length)
{
    /* One item per line touched, lines in address order; a line with no enabled byte is no item. */
    uint32_t offset = 0;
    while (offset < length) {
        uint64_t byte_address = address + offset;
        uint64_t line = byte_address & ~(uint64_t)(COSIM_STREAM_LINE_BYTES - 1u);
        uint32_t in_line = (uint32_t)(line + COSIM_STREAM_LINE_BYTES - byte_address);
        uint32_t span = length - offset < in_line ? length - offset : in_line;
        cosim_stream_item item = { .kind = COSIM_STREAM_WRITE, .time = when, .address = line };
        for (uint32_t i = 0; i < span; i++) {
            uint32_t at = offset + i;
            bool enabled = !byte_enable || byte_enable[at % byte_enable_length] == TLM_BYTE_LANE_ENABLED;
            if (!enabled)
                continue;
            unsigned lane = (unsigned)(byte_address - line) + i;
            item.enables |= UINT64_C(1) << lane;
            item.data[lane] = data[at];
        }
        if (item.enables)
            arrive(compare, side, &item);
        offset += span;
    }
}

void cosim_stream_record_message(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint32_t value)
{
    cosim_stream_item item = { .kind = COSIM_STREAM_MESSAGE, .time = when, .value = value };
    arrive(compare, side, &item);
}

void cosim_stream_record_port_message(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when,
                                      unsigned port, uint64_t value)
{
    cosim_stream_item item = { .kind = COSIM_STREAM_MESSAGE, .time = when, .address = port, .value = value };
    arrive(compare, side, &item);
}

void cosim_stream_record_read(cosim_stream_compare *compare, cosim_stream_side side, tlm_time when, uint64_t offset,
                              const uint8_t *data, uint32_t length, unsigned response)
{
    cosim_stream_item item = { .kind = COSIM_STREAM_READ, .time = when, .address = offset, .response = response };
    item.length = response ? 0 : length < 8 ? length : 8; /* a refused read's data is not compared */
    for (uint32_t i = 0; i < item.length; i++)
        item.value |= (uint64_t)data[i] << (8 * i);
    arrive(compare, side, &item);
}

uint64_t cosim_stream_compare_check(cosim_stream_compare *compare, tlm_time now)
{
    return check_deadlines(compare, COSIM_STREAM_REF, now) + check_deadlines(compare, COSIM_STREAM_DUT, now);
}

uint64_t cosim_stream_compare_finish(cosim_stream_compare *compare)
{
    uint64_t before = compare->mismatches;
    for (unsigned side = 0; side < 2; side++) {
        stream_side *s = &compare->sides[side];
        for (size_t i = 0; i < s->count; i++) {
            const cosim_stream_item *item = &s->pending[i].item;
            divergence(compare, item->time, side == COSIM_STREAM_REF ? item : NULL, side == COSIM_STREAM_DUT ? item : NULL,
                       side == COSIM_STREAM_REF ? "missing in %s at the end" : "extra in %s at the end",
                       compare->config.dut_name);
        }
        s->count = 0;
    }
    return compare->mismatches - before;
}

/* ---- the tap ---- */

static void tap_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    stream_tap *tap = self;
    tlm_time start = tlm_kernel_now(tap->compare->kernel) + *delay;
    tlm_b_transport(tap->downstream, payload, delay);
    if (payload->command == TLM_CMD_WRITE && payload->data)
        cosim_stream_record_write(tap->compare, tap->side, start, payload->address, payload->data, payload->length,
                                  payload->byte_enable, payload->byte_enable_length);
}

static uint32_t tap_transport_dbg(void *self, tlm_payload *payload)
{
    stream_tap *tap = self;
    return tlm_transport_dbg(tap->downstream, payload);
}

const tlm_target *cosim_stream_tap(cosim_stream_compare *compare, cosim_stream_side side, const tlm_target *downstream)
{
    stream_tap *tap = tlm_alloc_zeroed(1, sizeof *tap);
    tap->compare = compare;
    tap->side = side;
    tap->downstream = downstream;
    tap->as_target = (tlm_target){ .name = downstream->name,
                                   .self = tap,
                                   .b_transport = tap_b_transport,
                                   .transport_dbg = tap_transport_dbg };
    tap->next = compare->taps;
    compare->taps = tap;
    return &tap->as_target;
}

/* ---- life, policy, results ---- */

cosim_stream_compare *cosim_stream_compare_create(tlm_kernel *kernel, const char *name, const cosim_stream_config *config)
{
    cosim_stream_compare *compare = tlm_alloc_zeroed(1, sizeof *compare);
    compare->kernel = kernel;
    compare->config = config ? *config
                             : (cosim_stream_config){ .policy = COSIM_STREAM_IN_ORDER,
                                                      .tolerance = COSIM_STREAM_DEFAULT_TOLERANCE };
    if (!compare->config.window)
        compare->config.window = COSIM_STREAM_DEFAULT_WINDOW;
    if (!compare->config.neighbours)
        compare->config.neighbours = COSIM_STREAM_DEFAULT_NEIGHBOURS;
    if (compare->config.neighbours > COSIM_STREAM_NEIGHBOURS_MAX)
        compare->config.neighbours = COSIM_STREAM_NEIGHBOURS_MAX;
    if (!compare->config.wave_delta)
        compare->config.wave_delta = COSIM_STREAM_DEFAULT_WAVE_DELTA;
    if (!compare->config.ref_name)
        compare->config.ref_name = "model";
    if (!compare->config.dut_name)
        compare->config.dut_name = "rtl";
    compare->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    for (unsigned side = 0; side < 2; side++)
        compare->sides[side].pending = tlm_alloc_zeroed(compare->config.window, sizeof(waiting));
    /* On the waveform: each stream as a row of items, and the divergences' count. */
    compare->sides[COSIM_STREAM_REF].row = tlm_trace_text(kernel, name, "ref", "");
    compare->sides[COSIM_STREAM_DUT].row = tlm_trace_text(kernel, name, "dut", "");
    compare->mismatch_row = tlm_trace_bits(kernel, name, "mismatches", 32, TLM_TRACE_DEC, 0);
    return compare;
}

void cosim_stream_compare_destroy(cosim_stream_compare *compare)
{
    if (!compare)
        return;
    for (stream_tap *tap = compare->taps, *next; tap; tap = next) {
        next = tap->next;
        free(tap);
    }
    for (unsigned side = 0; side < 2; side++)
        free(compare->sides[side].pending);
    free(compare);
}

bool cosim_stream_policy_parse(const char *text, cosim_stream_config *config, char *error, size_t error_size)
{
    if (strcmp(text, "exact") == 0) {
        config->policy = COSIM_STREAM_EXACT;
        return true;
    }
    if (strcmp(text, "per-address") == 0) {
        config->policy = COSIM_STREAM_PER_ADDRESS;
        return true;
    }
    if (strcmp(text, "in-order") == 0) {
        config->policy = COSIM_STREAM_IN_ORDER;
        config->tolerance = COSIM_STREAM_DEFAULT_TOLERANCE;
        return true;
    }
    if (strncmp(text, "in-order:", 9) == 0 && text[9] >= '0' && text[9] <= '9') {
        char *end = NULL;
        unsigned long long value = strtoull(text + 9, &end, 10);
        /* The tolerance in nanoseconds, an optional "ns" after it; bounded so it fits in tlm_time. */
        if ((strcmp(end, "") == 0 || strcmp(end, "ns") == 0) && value <= UINT64_MAX / TLM_NS / 4) {
            config->policy = COSIM_STREAM_IN_ORDER;
            config->tolerance = (tlm_time)value * TLM_NS;
            return true;
        }
    }
    snprintf(error, error_size, "unknown order '%s' (exact, in-order, in-order:NS or per-address)", text);
    return false;
}

const char *cosim_stream_policy_describe(const cosim_stream_config *config, char *buffer, size_t size)
{
    switch (config->policy) {
    case COSIM_STREAM_EXACT:
        snprintf(buffer, size, "exact");
        break;
    case COSIM_STREAM_IN_ORDER:
        snprintf(buffer, size, "in-order:%" PRIu64 "ns", config->tolerance / TLM_NS);
        break;
    case COSIM_STREAM_PER_ADDRESS:
        snprintf(buffer, size, "per-address");
        break;
    }
    return buffer;
}

uint64_t cosim_stream_compare_mismatches(const cosim_stream_compare *compare)
{
    return compare->mismatches;
}

uint64_t cosim_stream_compare_matched(const cosim_stream_compare *compare)
{
    return compare->matched;
}

uint64_t cosim_stream_compare_items(const cosim_stream_compare *compare, cosim_stream_side side)
{
    return compare->sides[side].items;
}

size_t cosim_stream_compare_pending(const cosim_stream_compare *compare, cosim_stream_side side)
{
    return compare->sides[side].count;
}

const cosim_stream_divergence *cosim_stream_compare_first(const cosim_stream_compare *compare)
{
    return compare->mismatches ? &compare->first : NULL;
}

/* Appends to the report (bounded by its size). */
static void append(char *buffer, size_t size, size_t *used, const char *format, ...) __attribute__((format(printf, 4, 5)));

static void append(char *buffer, size_t size, size_t *used, const char *format, ...)
{
    if (*used >= size)
        return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(buffer + *used, size - *used, format, args);
    va_end(args);
    if (n > 0)
        *used = *used + (size_t)n < size ? *used + (size_t)n : size;
}

static void append_item(char *buffer, size_t size, size_t *used, const char *mark, const cosim_stream_item *item)
{
    char described[192];
    append(buffer, size, used, "  %s #%-6" PRIu64 " %12.3f ns  %s\n", mark, item->index, ns(item->time),
           cosim_stream_item_describe(item, described, sizeof described));
}

const char *cosim_stream_compare_report(const cosim_stream_compare *compare, char *buffer, size_t size)
{
    size_t used = 0;
    if (size)
        buffer[0] = '\0';
    const cosim_stream_divergence *first = cosim_stream_compare_first(compare);
    if (!first)
        return buffer;
    char policy[48];
    append(buffer, size, &used, "first divergence at %.3f ns (order %s, %" PRIu64 " mismatch(es), %" PRIu64 " matched): %s\n",
           ns(first->time), cosim_stream_policy_describe(&compare->config, policy, sizeof policy), compare->mismatches,
           compare->matched, first->description);
    append(buffer, size, &used, "waveform window: %.3f .. %.3f ns\n", ns(first->window_start), ns(first->window_end));
    for (unsigned side = 0; side < 2; side++) {
        const cosim_stream_item *concerned = side == COSIM_STREAM_REF ? (first->has_ref ? &first->ref : NULL)
                                                                      : (first->has_dut ? &first->dut : NULL);
        append(buffer, size, &used, "%s stream (%s):\n", side == COSIM_STREAM_REF ? "reference" : "dut",
               side_name(compare, (cosim_stream_side)side));
        for (unsigned i = 0; i < first->before_count[side]; i++)
            append_item(buffer, size, &used, " ", &first->before[side][i]);
        if (concerned)
            append_item(buffer, size, &used, ">", concerned);
        else
            append(buffer, size, &used, "  > (no item)\n");
        for (unsigned i = 0; i < first->after_count[side]; i++)
            append_item(buffer, size, &used, " ", &first->after[side][i]);
    }
    return buffer;
}
