/* Router: address map rules (overlap, size 0, wrap), rebasing and restoring addresses,
 * unmapped and straddling accesses, malformed payloads, debug transport, DMI translation
 * and invalidation forwarding. Targets are test doubles that record what they saw, plus
 * one real memory for the end-to-end DMI cases. */
#include <stdint.h>
#include <string.h>

#include "tb_test.h"
#include "tlm_memory.h"
#include "tlm_router.h"
#include "tlm_test_util.h"

/* A target that records every call and answers from a small backing buffer. */
typedef struct mock_target {
    tlm_target target;
    const char *label;
    unsigned calls;              /* b_transport calls */
    unsigned dbg_calls;
    unsigned dmi_calls;
    uint64_t last_address;       /* address as the target saw it */
    const tlm_payload *last_payload;
    tlm_time added_delay;        /* what b_transport adds to *delay */
    tlm_status answer;  /* what b_transport answers */
    uint8_t backing[256];
    /* DMI grant this target gives, in its own (local) addresses. */
    bool grant;
    uint64_t grant_start, grant_end;
    tlm_time dmi_read_latency, dmi_write_latency;
    /* Invalidation subscribers (the router subscribes itself here). */
    tlm_dmi_invalidate_fn subscribers[4];
    void *subscriber_contexts[4];
    unsigned subscriber_count;
} mock_target;

static void mock_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    mock_target *m = self;
    m->calls++;
    m->last_address = payload->address;
    m->last_payload = payload;
    *delay += m->added_delay;
    payload->response = m->answer;
    if (payload->command == TLM_CMD_READ && payload->data)
        memset(payload->data, 0x5A, payload->length);
}

static bool mock_get_dmi(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    mock_target *m = self;
    m->dmi_calls++;
    m->last_address = payload->address;
    if (!m->grant)
        return false;
    dmi->pointer = m->backing + m->grant_start;
    dmi->start = m->grant_start;
    dmi->end = m->grant_end;
    dmi->read_allowed = true;
    dmi->write_allowed = true;
    dmi->read_latency = m->dmi_read_latency;
    dmi->write_latency = m->dmi_write_latency;
    return true;
}

static uint32_t mock_dbg(void *self, tlm_payload *payload)
{
    mock_target *m = self;
    m->dbg_calls++;
    m->last_address = payload->address;
    return payload->length;
}

static void mock_subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    mock_target *m = self;
    if (m->subscriber_count < 4) {
        m->subscribers[m->subscriber_count] = fn;
        m->subscriber_contexts[m->subscriber_count] = context;
        m->subscriber_count++;
    }
}

static void mock_invalidate(mock_target *m, uint64_t start, uint64_t end)
{
    for (unsigned i = 0; i < m->subscriber_count; ++i)
        m->subscribers[i](m->subscriber_contexts[i], start, end);
}

static void mock_init(mock_target *m, const char *label)
{
    memset(m, 0, sizeof *m);
    m->label = label;
    m->answer = TLM_STATUS_OK;
    m->target.name = label;
    m->target.self = m;
    m->target.b_transport = mock_b_transport;
    m->target.get_direct_mem_ptr = mock_get_dmi;
    m->target.transport_dbg = mock_dbg;
    m->target.subscribe_dmi_invalidate = mock_subscribe;
}

typedef struct invalidation {
    uint64_t start, end;
} invalidation;

typedef struct RouterTest {
    tlm_kernel *k;
    tlm_router *r;
    const tlm_target *bus;
    mock_target a, b, c;
    tt_capture log;
    invalidation seen[16];
    unsigned seen_count;
    tlm_memory *memory;
} RouterTest;

static void RouterTest_SetUp(RouterTest *self)
{
    self->k = tlm_kernel_create();
    tt_capture_open(&self->log);
    if (self->log.stream)
        tlm_logger_set_sink(tlm_kernel_logger(self->k), self->log.stream);
    self->r = tlm_router_create(self->k, "router");
    self->bus = tlm_router_target(self->r);
    mock_init(&self->a, "a");
    mock_init(&self->b, "b");
    mock_init(&self->c, "c");
}

static void RouterTest_TearDown(RouterTest *self)
{
    tlm_router_destroy(self->r);
    if (self->memory)
        tlm_memory_destroy(self->memory);
    tlm_logger_set_sink(tlm_kernel_logger(self->k), stderr);
    tlm_kernel_destroy(self->k);
    tt_capture_close(&self->log);
}

static void on_invalidate(void *context, uint64_t start, uint64_t end)
{
    RouterTest *t = context;
    if (t->seen_count < 16) {
        t->seen[t->seen_count].start = start;
        t->seen[t->seen_count].end = end;
    }
    t->seen_count++;
}

static tlm_status route(RouterTest *self, tlm_cmd command, uint64_t address, uint32_t length,
                                  uint64_t *address_after)
{
    uint8_t buffer[64] = {0};
    tlm_payload p = tlm_payload_make(command, address, buffer, length);
    tlm_time delay = 0;
    tlm_b_transport(self->bus, &p, &delay);
    if (address_after)
        *address_after = p.address;
    return p.response;
}

static void ignore_write(void *context, const tlm_memory_write *write)
{
    (void)context;
    (void)write;
}

static uint64_t errors(RouterTest *self)
{
    return tlm_logger_count(tlm_kernel_logger(self->k), TLM_LOG_ERROR);
}

static uint64_t warnings_and_errors(RouterTest *self)
{
    tlm_logger *logger = tlm_kernel_logger(self->k);
    return tlm_logger_count(logger, TLM_LOG_WARNING) + tlm_logger_count(logger, TLM_LOG_ERROR);
}

TEST_F(RouterTest, RoutesWithRebasedAddressAndRestoresIt)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    ASSERT_EQ(tlm_router_map(self->r, 0x3000, 0x100, &self->b.target), 0);

    uint8_t buffer[4] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1010, buffer, sizeof buffer);
    tlm_time delay = 0;
    tlm_b_transport(self->bus, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_OK);
    EXPECT_EQ(self->a.calls, 1u);
    EXPECT_EQ(self->a.last_address, 0x10u);
    EXPECT_EQ(self->a.last_payload, &p); /* forwarded, not copied */
    EXPECT_EQ(p.address, 0x1010u);
    EXPECT_EQ(self->b.calls, 0u);
    const uint8_t expected[4] = {0x5A, 0x5A, 0x5A, 0x5A};
    EXPECT_MEMEQ(buffer, expected, 4);

    uint64_t after = 0;
    EXPECT_EQ(route(self, TLM_CMD_WRITE, 0x30FC, 4, &after), TLM_STATUS_OK);
    EXPECT_EQ(self->b.calls, 1u);
    EXPECT_EQ(self->b.last_address, 0xFCu);
    EXPECT_EQ(after, 0x30FCu);
    /* First and last byte of a range. */
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1000, 1, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0u);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1FFF, 1, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0xFFFu);
    EXPECT_EQ(self->a.calls, 3u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
}

TEST_F(RouterTest, TargetResponseAndDelayPassThrough)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    self->a.added_delay = 5 * TLM_NS;
    self->a.answer = TLM_STATUS_COMMAND_ERROR;
    uint8_t buffer[4] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1800, buffer, sizeof buffer);
    tlm_time delay = 7;
    tlm_b_transport(self->bus, &p, &delay);
    EXPECT_EQ(p.response, TLM_STATUS_COMMAND_ERROR);
    EXPECT_EQ(delay, 7 + 5 * TLM_NS);
    EXPECT_EQ(p.address, 0x1800u);
    /* A target's own error is not an unmapped access. */
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
}

TEST_F(RouterTest, OverlappingMapsAreRefusedAndMapIsUnchanged)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    uint64_t logged = warnings_and_errors(self);
    EXPECT_EQ(tlm_router_map(self->r, 0x1800, 0x1000, &self->b.target), -1); /* overlaps the top */
    EXPECT_EQ(tlm_router_map(self->r, 0x0800, 0x1000, &self->b.target), -1); /* overlaps the bottom */
    EXPECT_EQ(tlm_router_map(self->r, 0x1100, 0x0100, &self->b.target), -1); /* contained */
    EXPECT_EQ(tlm_router_map(self->r, 0x0000, 0x10000, &self->b.target), -1); /* contains */
    EXPECT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->b.target), -1); /* identical */
    EXPECT_EQ(tlm_router_map(self->r, 0x1FFF, 0x0001, &self->b.target), -1); /* last byte */
    EXPECT_EQ(tlm_router_map(self->r, 0x0FFF, 0x0002, &self->b.target), -1); /* first byte */
    EXPECT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), -1); /* same target again */
    EXPECT_EQ(warnings_and_errors(self), logged + 8);

    /* Nothing of the refused ranges was mapped. */
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1800, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0x800u);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x2800, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x0800, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(self->b.calls, 0u);
}

TEST_F(RouterTest, AdjacentRangesAreAccepted)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    EXPECT_EQ(tlm_router_map(self->r, 0x2000, 0x1000, &self->b.target), 0);
    EXPECT_EQ(tlm_router_map(self->r, 0x0000, 0x1000, &self->c.target), 0);
    EXPECT_EQ(errors(self), 0u);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1FFC, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0xFFCu);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x2000, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->b.last_address, 0x0u);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x0FFC, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->c.last_address, 0xFFCu);
    EXPECT_EQ(self->a.calls + self->b.calls + self->c.calls, 3u);
}

/* Lookup must work whatever order ranges were mapped in. */
TEST_F(RouterTest, ManyRangesMappedOutOfOrder)
{
    mock_target targets[32];
    for (int i = 0; i < 32; ++i)
        mock_init(&targets[i], "t");
    for (int k = 0; k < 32; ++k) {
        int i = (k * 13) % 32;
        ASSERT_EQ(tlm_router_map(self->r, 0x100000 + (uint64_t)i * 0x2000, 0x1000, &targets[i].target), 0);
    }
    for (int i = 0; i < 32; ++i) {
        EXPECT_EQ(route(self, TLM_CMD_READ, 0x100000 + (uint64_t)i * 0x2000 + 0x10 * (uint64_t)i, 4, NULL),
                  TLM_STATUS_OK);
        EXPECT_EQ(targets[i].calls, 1u);
        EXPECT_EQ(targets[i].last_address, 0x10u * (uint64_t)i);
        /* The holes between ranges are unmapped. */
        EXPECT_EQ(route(self, TLM_CMD_READ, 0x101000 + (uint64_t)i * 0x2000, 4, NULL),
                  TLM_STATUS_ADDRESS_ERROR);
    }
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 32u);
    tlm_router_destroy(self->r); /* before the stack targets go away */
    self->r = tlm_router_create(self->k, "router");
}

TEST_F(RouterTest, SizeZeroIsRefused)
{
    uint64_t logged = warnings_and_errors(self);
    EXPECT_EQ(tlm_router_map(self->r, 0x1000, 0, &self->a.target), -1);
    EXPECT_EQ(warnings_and_errors(self), logged + 1);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1000, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    /* The refused empty range does not block a real one at the same base. */
    EXPECT_EQ(tlm_router_map(self->r, 0x1000, 0x10, &self->a.target), 0);
}

TEST_F(RouterTest, WrappingRangeIsRefused)
{
    uint64_t logged = warnings_and_errors(self);
    EXPECT_EQ(tlm_router_map(self->r, 0xFFFFFFFFFFFFF000ull, 0x2000, &self->a.target), -1);
    EXPECT_EQ(tlm_router_map(self->r, UINT64_MAX, 2, &self->a.target), -1);
    EXPECT_EQ(warnings_and_errors(self), logged + 2);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0xFFFFFFFFFFFFF800ull, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x800, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
}

/* base + size == 2^64 ends exactly at the top of the address space: no wrap. */
TEST_F(RouterTest, RangeEndingAtTopOfAddressSpaceIsAccepted)
{
    EXPECT_EQ(tlm_router_map(self->r, 0xFFFFFFFFFFFFF000ull, 0x1000, &self->a.target), 0);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0xFFFFFFFFFFFFFFFCull, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0xFFCu);
}

TEST_F(RouterTest, UnmappedAccessIsAddressErrorCountedAndLogged)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    uint64_t before = errors(self);
    uint64_t after = 0;
    EXPECT_EQ(route(self, TLM_CMD_READ, 0xABCDE120ull, 4, &after), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(after, 0xABCDE120ull);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 1u);
    EXPECT_EQ(errors(self), before + 1);
    const char *text = tt_capture_text(&self->log);
    EXPECT_EQ(tt_count_lines(text), 1u);
    EXPECT_TRUE(tt_contains_nocase(text, "abcde120"));

    EXPECT_EQ(route(self, TLM_CMD_WRITE, 0x0FFF, 1, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_WRITE, 0x2000, 1, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 3u);
    EXPECT_EQ(errors(self), before + 3);
    EXPECT_EQ(self->a.calls, 0u);
}

TEST_F(RouterTest, EmptyRouterAnswersAddressError)
{
    EXPECT_EQ(route(self, TLM_CMD_READ, 0, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 1u);
}

/* The header: an access that starts inside a range and runs past its end is answered with
 * an address error, "is counted and logged, and reaches no target". */
TEST_F(RouterTest, AccessRunningPastEndOfRangeIsAddressError)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    uint64_t before = errors(self);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1FFC, 8, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(errors(self), before + 1);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 1u);
    /* Even when the bytes past the end belong to an adjacent range: one payload, one target. */
    ASSERT_EQ(tlm_router_map(self->r, 0x2000, 0x1000, &self->b.target), 0);
    EXPECT_EQ(route(self, TLM_CMD_WRITE, 0x1FFE, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(self->b.calls, 0u);
    EXPECT_EQ(errors(self), before + 2);
}

/* The header: "Malformed payloads (tlm_payload_check) are answered by the router with that
 * status." The mock target checks nothing, so only the router can produce these answers. */
static tlm_status route_payload(RouterTest *self, tlm_payload *p)
{
    tlm_time delay = 0;
    const uint64_t address = p->address;
    tlm_b_transport(self->bus, p, &delay);
    EXPECT_EQ(p->address, address);
    EXPECT_EQ(delay, 0u);
    return p->response;
}

TEST_F(RouterTest, MalformedZeroLengthIsBurstError)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    EXPECT_EQ(route(self, TLM_CMD_WRITE, 0x1000, 0, NULL), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
}

TEST_F(RouterTest, MalformedNullDataIsGenericError)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x1000, NULL, 4);
    EXPECT_EQ(route_payload(self, &p), TLM_STATUS_GENERIC_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
}

TEST_F(RouterTest, MalformedByteEnableValueIsByteEnableError)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    uint8_t buffer[4] = {0};
    static const uint8_t bad_mask[2] = {0xFF, 0x0F};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1000, buffer, 4);
    p.byte_enable = bad_mask;
    p.byte_enable_length = 2;
    EXPECT_EQ(route_payload(self, &p), TLM_STATUS_BYTE_ENABLE_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
}

TEST_F(RouterTest, MalformedEmptyByteEnableMaskIsByteEnableError)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    uint8_t buffer[4] = {0};
    static const uint8_t mask[1] = {0xFF};
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, 0x1000, buffer, 4);
    p.byte_enable = mask;
    p.byte_enable_length = 0;
    EXPECT_EQ(route_payload(self, &p), TLM_STATUS_BYTE_ENABLE_ERROR);
    EXPECT_EQ(self->a.calls, 0u);
}

/* The router remembers its last route; that shortcut must not skip any check. */
TEST_F(RouterTest, RepeatedRouteStillChecksEverything)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x1000, 0x1000, &self->a.target), 0);
    ASSERT_EQ(tlm_router_map(self->r, 0x3000, 0x1000, &self->b.target), 0);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1100, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1FFC, 8, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1100, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x2000, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1100, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1100, 0, NULL), TLM_STATUS_BURST_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x1100, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x0FFF, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x3000, 4, NULL), TLM_STATUS_OK);
    EXPECT_EQ(self->a.calls, 4u);
    EXPECT_EQ(self->b.calls, 1u);
    EXPECT_EQ(self->b.last_address, 0u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 3u);
}

/* A zero-length payload is malformed wherever it points, mapped or not. */
TEST_F(RouterTest, ZeroLengthUnmappedIsBurstError)
{
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x9000, 0, NULL), TLM_STATUS_BURST_ERROR);
}

TEST_F(RouterTest, DebugTransportIsRouted)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x4000, 0x1000, &self->a.target), 0);
    uint8_t buffer[16] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x4020, buffer, sizeof buffer);
    EXPECT_EQ(tlm_transport_dbg(self->bus, &p), 16u);
    EXPECT_EQ(self->a.dbg_calls, 1u);
    EXPECT_EQ(self->a.last_address, 0x20u);
    EXPECT_EQ(p.address, 0x4020u);
    EXPECT_EQ(self->a.calls, 0u);

    p.address = 0x8000; /* unmapped: nothing transferred, no target */
    EXPECT_EQ(tlm_transport_dbg(self->bus, &p), 0u);
    EXPECT_EQ(self->a.dbg_calls, 1u);
}

TEST_F(RouterTest, DebugTransportToTargetWithoutOneTransfersNothing)
{
    self->a.target.transport_dbg = NULL;
    ASSERT_EQ(tlm_router_map(self->r, 0x4000, 0x1000, &self->a.target), 0);
    uint8_t buffer[4] = {0};
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x4000, buffer, sizeof buffer);
    EXPECT_EQ(tlm_transport_dbg(self->bus, &p), 0u);
}

TEST_F(RouterTest, DmiGrantIsTranslatedToGlobalAddresses)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x10000, 0x100, &self->a.target), 0);
    self->a.grant = true;
    self->a.grant_start = 0x20;
    self->a.grant_end = 0x3F;
    self->a.dmi_read_latency = 3;
    self->a.dmi_write_latency = 4;
    uint8_t byte;
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x10024, &byte, 1);
    tlm_dmi_region dmi;
    memset(&dmi, 0, sizeof dmi);
    ASSERT_TRUE(tlm_get_direct_mem_ptr(self->bus, &p, &dmi));
    EXPECT_EQ(self->a.last_address, 0x24u);
    EXPECT_EQ(p.address, 0x10024u);
    EXPECT_EQ(dmi.start, 0x10020u);
    EXPECT_EQ(dmi.end, 0x1003Fu);
    EXPECT_EQ(dmi.pointer, self->a.backing + 0x20);
    EXPECT_TRUE(dmi.read_allowed);
    EXPECT_TRUE(dmi.write_allowed);
    EXPECT_EQ(dmi.read_latency, 3u);
    EXPECT_EQ(dmi.write_latency, 4u);
}

TEST_F(RouterTest, DmiGrantIsClippedToTheMappedRange)
{
    /* The target grants all of its 256 bytes, but only 0x40 of them are mapped. */
    ASSERT_EQ(tlm_router_map(self->r, 0x10000, 0x40, &self->a.target), 0);
    self->a.grant = true;
    self->a.grant_start = 0;
    self->a.grant_end = 0xFF;
    uint8_t byte;
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x10010, &byte, 1);
    tlm_dmi_region dmi;
    memset(&dmi, 0, sizeof dmi);
    ASSERT_TRUE(tlm_get_direct_mem_ptr(self->bus, &p, &dmi));
    EXPECT_EQ(dmi.start, 0x10000u);
    EXPECT_EQ(dmi.end, 0x1003Fu);
    EXPECT_EQ(dmi.pointer, self->a.backing);
}

TEST_F(RouterTest, DmiForUnmappedOrRefusingTargetFails)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x10000, 0x100, &self->a.target), 0);
    uint8_t byte;
    tlm_payload p = tlm_payload_make(TLM_CMD_READ, 0x20000, &byte, 1);
    tlm_dmi_region dmi;
    memset(&dmi, 0, sizeof dmi);
    EXPECT_FALSE(tlm_get_direct_mem_ptr(self->bus, &p, &dmi));
    EXPECT_EQ(self->a.dmi_calls, 0u);
    p.address = 0x10000; /* mapped, but this target refuses */
    EXPECT_FALSE(tlm_get_direct_mem_ptr(self->bus, &p, &dmi));
    EXPECT_EQ(self->a.dmi_calls, 1u);
    self->a.target.get_direct_mem_ptr = NULL;
    EXPECT_FALSE(tlm_get_direct_mem_ptr(self->bus, &p, &dmi));
}

TEST_F(RouterTest, TargetInvalidationIsTranslatedForSubscribers)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x10000, 0x100, &self->a.target), 0);
    ASSERT_EQ(tlm_router_map(self->r, 0x50000, 0x100, &self->b.target), 0);
    tlm_subscribe_dmi_invalidate(self->bus, on_invalidate, self);
    ASSERT_GE(self->a.subscriber_count, 1u);
    ASSERT_GE(self->b.subscriber_count, 1u);
    mock_invalidate(&self->a, 0x20, 0x3F);
    ASSERT_EQ(self->seen_count, 1u);
    EXPECT_EQ(self->seen[0].start, 0x10020u);
    EXPECT_EQ(self->seen[0].end, 0x1003Fu);
    mock_invalidate(&self->b, 0x0, 0x7);
    ASSERT_EQ(self->seen_count, 2u);
    EXPECT_EQ(self->seen[1].start, 0x50000u);
    EXPECT_EQ(self->seen[1].end, 0x50007u);
}

/* "Invalidate everything" from a target must not overflow when translated: whatever the
 * router passes on has to cover the whole mapped range. */
TEST_F(RouterTest, InvalidateAllCoversTheMappedRange)
{
    ASSERT_EQ(tlm_router_map(self->r, 0x10000, 0x100, &self->a.target), 0);
    tlm_subscribe_dmi_invalidate(self->bus, on_invalidate, self);
    mock_invalidate(&self->a, 0, UINT64_MAX);
    ASSERT_EQ(self->seen_count, 1u);
    EXPECT_LE(self->seen[0].start, 0x10000u);
    EXPECT_GE(self->seen[0].end, 0x100FFu);
    EXPECT_LE(self->seen[0].start, self->seen[0].end);
}

TEST_F(RouterTest, NestedRoutersRebaseTwice)
{
    tlm_router *inner = tlm_router_create(self->k, "inner");
    ASSERT_EQ(tlm_router_map(inner, 0x100, 0x100, &self->a.target), 0);
    ASSERT_EQ(tlm_router_map(self->r, 0x40000, 0x1000, tlm_router_target(inner)), 0);
    uint64_t after = 0;
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x40180, 4, &after), TLM_STATUS_OK);
    EXPECT_EQ(self->a.last_address, 0x80u);
    EXPECT_EQ(after, 0x40180u);
    /* Mapped in the outer router, unmapped in the inner one. */
    EXPECT_EQ(route(self, TLM_CMD_READ, 0x40800, 4, NULL), TLM_STATUS_ADDRESS_ERROR);
    EXPECT_EQ(tlm_router_unmapped_count(inner), 1u);
    EXPECT_EQ(tlm_router_unmapped_count(self->r), 0u);
    tlm_router_destroy(self->r);
    self->r = NULL;
    tlm_router_destroy(inner);
    self->r = tlm_router_create(self->k, "router");
}

/* End to end with a real memory: writes land at the rebased address, DMI grants come back
 * in global addresses and clipped, and a watch invalidation reaches router subscribers
 * translated to global addresses. */
TEST_F(RouterTest, MemoryBehindRouter)
{
    self->memory = tlm_memory_create(self->k, "mem", 0x100000);
    ASSERT_TRUE(self->memory != NULL);
    const uint64_t base = 0x80000000ull;
    ASSERT_EQ(tlm_router_map(self->r, base, 0x10000, tlm_memory_target(self->memory)), 0);
    tlm_subscribe_dmi_invalidate(self->bus, on_invalidate, self);

    uint32_t value = 0xCAFEF00D;
    tlm_payload p = tlm_payload_make(TLM_CMD_WRITE, base + 0x3040, &value, 4);
    tlm_time delay = 0;
    tlm_b_transport(self->bus, &p, &delay);
    ASSERT_EQ(p.response, TLM_STATUS_OK);
    uint32_t readback = 0;
    ASSERT_TRUE(tlm_memory_read(self->memory, 0x3040, &readback, 4));
    EXPECT_EQ(readback, 0xCAFEF00Du);

    uint8_t byte;
    tlm_payload q = tlm_payload_make(TLM_CMD_READ, base + 0x3044, &byte, 1);
    tlm_dmi_region dmi;
    memset(&dmi, 0, sizeof dmi);
    ASSERT_TRUE(tlm_get_direct_mem_ptr(self->bus, &q, &dmi));
    EXPECT_EQ(dmi.start, base + 0x3000);
    EXPECT_EQ(dmi.end, base + 0x3FFF);
    EXPECT_TRUE(dmi.read_allowed);
    uint32_t through_pointer;
    memcpy(&through_pointer, dmi.pointer + 0x40, 4);
    EXPECT_EQ(through_pointer, 0xCAFEF00Du);

    self->seen_count = 0;
    ASSERT_NE(tlm_memory_watch(self->memory, 0x3080, ignore_write, NULL), 0u);
    ASSERT_GE(self->seen_count, 1u);
    bool covered = false;
    for (unsigned i = 0; i < self->seen_count && i < 16; ++i) {
        covered |= self->seen[i].start <= base + 0x3000 && self->seen[i].end >= base + 0x3FFF;
        /* Translated: global addresses inside the mapped window, not memory-local ones. */
        EXPECT_GE(self->seen[i].start, base);
        EXPECT_LE(self->seen[i].end, base + 0xFFFF);
    }
    EXPECT_TRUE(covered);
}

TEST_F(RouterTest, MemoryDmiGrantClippedToPartialMapping)
{
    self->memory = tlm_memory_create(self->k, "mem", 0x100000);
    ASSERT_TRUE(self->memory != NULL);
    /* Only the first 0x800 bytes of the memory are visible through this window. */
    ASSERT_EQ(tlm_router_map(self->r, 0x40000000ull, 0x800, tlm_memory_target(self->memory)), 0);
    uint32_t value = 0x11223344;
    ASSERT_TRUE(tlm_memory_write_backdoor(self->memory, 0x10, &value, 4));
    uint8_t byte;
    tlm_payload q = tlm_payload_make(TLM_CMD_READ, 0x40000010ull, &byte, 1);
    tlm_dmi_region dmi;
    memset(&dmi, 0, sizeof dmi);
    ASSERT_TRUE(tlm_get_direct_mem_ptr(self->bus, &q, &dmi));
    EXPECT_EQ(dmi.start, 0x40000000ull);
    EXPECT_EQ(dmi.end, 0x400007FFull);
    uint32_t through_pointer;
    memcpy(&through_pointer, dmi.pointer + 0x10, 4);
    EXPECT_EQ(through_pointer, 0x11223344u);
}
