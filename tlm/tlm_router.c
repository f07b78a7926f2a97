#include "tlm_router.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tlm_alloc.h"
#include "tlm_callback_list.h"
#include "tlm_trace.h"

typedef struct tlm_route {
    uint64_t base;              /* first global address of the range */
    uint64_t size;              /* bytes in the range, >= 1 */
    tlm_target target;          /* copy of the target's interface */
    struct tlm_router *router;  /* back pointer for DMI invalidation translation */
} tlm_route;

struct tlm_router {
    tlm_target as_target;              /* the router's own target interface */
    tlm_route **routes;                /* sorted by base, never overlapping */
    size_t route_count;                /* routes in use */
    size_t route_capacity;             /* routes allocated */
    tlm_route *last_hit;               /* most recently used route: one compare on the hot path */
    uint64_t unmapped_count;           /* address errors answered */
    tlm_callback_list dmi_subscribers; /* tlm_dmi_invalidate_fn of upstream initiators */
    tlm_log_block *log;                /* "router" log counters */
    tlm_trace_bus trace;               /* transaction rows (scope = router name); off when not traced */
    tlm_kernel *kernel;                /* time base and tracer of the rows */
};

/* The route whose range holds `address`, or NULL. */
static tlm_route *route_find(const tlm_router *router, uint64_t address)
{
    size_t low = 0, high = router->route_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        tlm_route *route = router->routes[middle];
        if (address < route->base)
            high = middle;
        else if (address - route->base >= route->size)
            low = middle + 1;
        else
            return route;
    }
    return NULL;
}

/* True if [address, address + length) lies inside the route; false for length 0. */
static inline bool route_holds(const tlm_route *route, uint64_t address, uint32_t length)
{
    uint64_t offset = address - route->base;
    return offset < route->size && (uint64_t)length - 1 < route->size - offset;
}

static void report_address_error(tlm_router *router, const tlm_payload *payload, const char *why)
{
    router->unmapped_count++;
    tlm_log_error(router->log, "%s %s at 0x%012" PRIx64 " length %" PRIu32 " (initiator %u, id %" PRIu64 "): %s",
                  tlm_address_space_name(payload->address_space), tlm_command_name(payload->command),
                  payload->address, payload->length, payload->initiator_id, payload->correlation_id, why);
}

/* The route for a payload that missed the last-hit route, or NULL with the response set. */
static tlm_route *route_for_slow(tlm_router *router, tlm_payload *payload, bool report)
{
    tlm_status status = tlm_payload_check(payload);
    if (status != TLM_STATUS_OK) {
        payload->response = status;
        if (report)
            tlm_log_error(router->log, "malformed %s at 0x%012" PRIx64 " length %" PRIu32 " refused: %s (initiator %u)",
                          tlm_command_name(payload->command), payload->address, payload->length,
                          tlm_response_name(status), payload->initiator_id);
        return NULL;
    }
    tlm_route *route = route_find(router, payload->address);
    if (!route) {
        payload->response = TLM_STATUS_ADDRESS_ERROR;
        if (report)
            report_address_error(router, payload, "unmapped address");
        return NULL;
    }
    if (!route_holds(route, payload->address, payload->length)) {
        payload->response = TLM_STATUS_ADDRESS_ERROR;
        if (report)
            report_address_error(router, payload, "runs past the end of its mapped range");
        return NULL;
    }
    router->last_hit = route;
    return route;
}

static void router_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_router *router = self;
    tlm_route *route = router->last_hit;
    uint64_t address = payload->address;
    /* Fast path: the last route again, for a payload that needs no structural check (a
     * data buffer and no byte enables; route_holds already refuses length 0). */
    if (!route || !route_holds(route, address, payload->length) || !payload->data || payload->byte_enable) {
        route = route_for_slow(router, payload, true);
        if (!route)
            return;
    }
    payload->address = address - route->base;
    route->target.b_transport(route->target.self, payload, delay);
    payload->address = address;
}

/* A traced router's b_transport (tlm_router_trace swaps it in, so an untraced router pays
 * nothing at all): every transaction, answered or refused, is one set of rows, the request at
 * now + the initiator's delay, the response at now + the delay on return. */
static void router_traced_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    tlm_router *router = self;
    tlm_time now = tlm_kernel_now(router->trace.kernel);
    tlm_trace_bus_request(&router->trace, payload, tlm_time_add_saturating(now, *delay));
    router_b_transport(router, payload, delay);
    tlm_trace_bus_response(&router->trace, payload, tlm_time_add_saturating(now, *delay));
}

static uint32_t router_transport_dbg(void *self, tlm_payload *payload)
{
    tlm_router *router = self;
    tlm_route *route = route_for_slow(router, payload, false);
    if (!route)
        return 0;
    uint64_t address = payload->address;
    payload->address = address - route->base;
    uint32_t bytes = tlm_transport_dbg(&route->target, payload);
    payload->address = address;
    return bytes;
}

static bool router_get_direct_mem_ptr(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    tlm_router *router = self;
    uint64_t address = payload->address;
    tlm_route *route = route_find(router, address);
    if (!route)
        return false;
    payload->address = address - route->base;
    bool granted = tlm_get_direct_mem_ptr(&route->target, payload, dmi);
    payload->address = address;
    if (!granted)
        return false;
    /* Translate the grant back to global addresses and keep it inside this route, so an
     * initiator never reaches a neighbour's range through the pointer. */
    uint64_t last_local = route->size - 1;
    if (dmi->start > last_local)
        return false;
    if (dmi->end > last_local)
        dmi->end = last_local;
    dmi->start += route->base;
    dmi->end += route->base;
    return true;
}

static void route_dmi_invalidated(void *context, uint64_t start, uint64_t end)
{
    tlm_route *route = context;
    uint64_t last_local = route->size - 1;
    if (start > last_local)
        return;
    if (end > last_local)
        end = last_local;
    const tlm_callback_list *subscribers = &route->router->dmi_subscribers;
    for (size_t i = 0; i < subscribers->count; i++) {
        tlm_dmi_invalidate_fn fn = (tlm_dmi_invalidate_fn)subscribers->entries[i].fn;
        fn(subscribers->entries[i].context, start + route->base, end + route->base);
    }
}

static void router_subscribe_dmi_invalidate(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    tlm_router *router = self;
    tlm_callback_list_add(&router->dmi_subscribers, (tlm_callback_fn)fn, context);
}

int tlm_router_map(tlm_router *router, uint64_t base, uint64_t size, const tlm_target *target)
{
    const char *name = target && target->name ? target->name : "unnamed";
    if (!target || !target->b_transport) {
        tlm_log_error(router->log, "map of %s refused: no b_transport", name);
        return -1;
    }
    if (size == 0 || base + (size - 1) < base) {
        tlm_log_error(router->log, "map of %s at 0x%" PRIx64 " size 0x%" PRIx64 " refused: %s", name, base, size,
                      size == 0 ? "empty range" : "range wraps past 2^64");
        return -1;
    }
    /* Position of the first route with a greater base; only the neighbours can overlap. */
    size_t position = 0;
    while (position < router->route_count && router->routes[position]->base <= base)
        position++;
    const tlm_route *before = position > 0 ? router->routes[position - 1] : NULL;
    const tlm_route *after = position < router->route_count ? router->routes[position] : NULL;
    const tlm_route *clash = NULL;
    if (before && base - before->base < before->size)
        clash = before;
    else if (after && after->base - base < size)
        clash = after;
    if (clash) {
        tlm_log_error(router->log,
                      "map of %s at [0x%" PRIx64 ", 0x%" PRIx64 "] refused: overlaps %s at [0x%" PRIx64 ", 0x%" PRIx64 "]",
                      name, base, base + (size - 1), clash->target.name ? clash->target.name : "unnamed",
                      clash->base, clash->base + (clash->size - 1));
        return -1;
    }
    router->routes = tlm_alloc_grow(router->routes, &router->route_capacity, router->route_count + 1,
                                    sizeof *router->routes, 8);
    tlm_route *route = tlm_alloc_zeroed(1, sizeof *route);
    *route = (tlm_route){ .base = base, .size = size, .target = *target, .router = router };
    memmove(&router->routes[position + 1], &router->routes[position],
            (router->route_count - position) * sizeof *router->routes);
    router->routes[position] = route;
    router->route_count++;
    tlm_subscribe_dmi_invalidate(target, route_dmi_invalidated, route);
    return 0;
}

tlm_router *tlm_router_create(tlm_kernel *kernel, const char *name)
{
    tlm_router *router = tlm_alloc_zeroed(1, sizeof *router);
    router->as_target = (tlm_target){
        .name = name,
        .self = router,
        .b_transport = router_b_transport,
        .get_direct_mem_ptr = router_get_direct_mem_ptr,
        .transport_dbg = router_transport_dbg,
        .subscribe_dmi_invalidate = router_subscribe_dmi_invalidate,
    };
    router->log = tlm_logger_block(tlm_kernel_logger(kernel), name);
    router->kernel = kernel;
    return router;
}

void tlm_router_destroy(tlm_router *router)
{
    if (!router)
        return;
    for (size_t i = 0; i < router->route_count; i++)
        free(router->routes[i]);
    free(router->routes);
    tlm_callback_list_free(&router->dmi_subscribers);
    free(router);
}

void tlm_router_trace(tlm_router *router, unsigned address_bits, unsigned data_bytes)
{
    if (tlm_trace_bus_on(&router->trace))
        return;
    tlm_trace_bus_declare(&router->trace, router->kernel, router->as_target.name, address_bits, data_bytes);
    if (tlm_trace_bus_on(&router->trace))
        router->as_target.b_transport = router_traced_b_transport;
}

const tlm_target *tlm_router_target(tlm_router *router)
{
    return &router->as_target;
}

uint64_t tlm_router_unmapped_count(const tlm_router *router)
{
    return router->unmapped_count;
}
