/* Graphics memory as a bus target (docs/reference/gt.md "Graphics memory"): the default scenario's
 * job and the doorbell scenario run on a GT whose graphics memory is a test-only memory target
 * (no DMI, DMI per page, DMI revoked midway) give the results they give on the sparse memory:
 * every check holds, the same end time, the same GT event record, the same bytes where the job
 * wrote. The GT's initiators use the DMI the target grants and fall back to b_transport. */
#include "tb_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doorbell.h"
#include "gt.h"
#include "gtsim_scenario.h"
#include "gtsim_scenario_run.h"
#include "gtsim_system.h"

/* ---- a test-only memory: 4 KiB pages in a list, its own DMI policy ------------------------------ */

typedef enum test_dmi {
    TEST_DMI_NONE,    /* no get_direct_mem_ptr at all */
    TEST_DMI_REFUSED, /* get_direct_mem_ptr that always refuses */
    TEST_DMI_PAGES,   /* read/write grants of one page */
    TEST_DMI_REVOKED  /* grants REVOKE_AFTER pages, then (in the middle of the job) revokes them all and refuses */
} test_dmi;

#define TEST_PAGE 4096u
#define TEST_PAGES 256u
#define REVOKE_AFTER 3u

typedef struct test_memory {
    tlm_target target;                  /* what the GT is given */
    test_dmi dmi;                       /* DMI policy */
    uint64_t page_numbers[TEST_PAGES];  /* pages allocated (address / 4 KiB) */
    uint8_t *pages[TEST_PAGES];         /* their bytes */
    size_t page_count;                  /* pages in use */
    tlm_dmi_invalidate_fn subscribers[8]; /* DMI invalidation subscribers */
    void *contexts[8];                  /* their contexts */
    size_t subscriber_count;            /* entries in use */
    uint64_t transports;                /* b_transport calls */
    uint64_t grants;                    /* DMI grants given */
    bool revoked;                       /* TEST_DMI_REVOKED: revocation happened */
    uint64_t transports_at_revoke;      /* b_transport calls before it */
} test_memory;

static uint8_t *page_of(test_memory *memory, uint64_t address, bool allocate)
{
    uint64_t number = address / TEST_PAGE;
    for (size_t i = 0; i < memory->page_count; i++)
        if (memory->page_numbers[i] == number)
            return memory->pages[i];
    if (!allocate || memory->page_count == TEST_PAGES)
        return NULL;
    memory->page_numbers[memory->page_count] = number;
    memory->pages[memory->page_count] = calloc(1, TEST_PAGE);
    return memory->pages[memory->page_count++];
}

/* Byte-wise copy (transfers may cross pages); false if a page cannot be had. */
static bool copy(test_memory *memory, tlm_payload *payload)
{
    for (uint32_t i = 0; i < payload->length; i++) {
        if (!tlm_payload_byte_enabled(payload, i))
            continue;
        uint64_t address = payload->address + i;
        uint8_t *page = page_of(memory, address, payload->command == TLM_CMD_WRITE);
        if (payload->command == TLM_CMD_WRITE) {
            if (!page)
                return false;
            page[address % TEST_PAGE] = payload->data[i];
        } else {
            payload->data[i] = page ? page[address % TEST_PAGE] : 0;
        }
    }
    return true;
}

static void revoke(test_memory *memory)
{
    memory->revoked = true;
    memory->transports_at_revoke = memory->transports;
    for (size_t i = 0; i < memory->subscriber_count; i++)
        memory->subscribers[i](memory->contexts[i], 0, UINT64_MAX);
}

static void test_b_transport(void *self, tlm_payload *payload, tlm_time *delay)
{
    (void)delay; /* latency 0, as the sparse memory's default */
    test_memory *memory = self;
    memory->transports++;
    if (payload->command == TLM_CMD_IGNORE) {
        payload->response = TLM_STATUS_OK;
        return;
    }
    payload->response = copy(memory, payload) ? TLM_STATUS_OK : TLM_STATUS_ADDRESS_ERROR;
}

static uint32_t test_dbg(void *self, tlm_payload *payload)
{
    test_memory *memory = self;
    tlm_payload plain = *payload;
    plain.byte_enable = NULL;
    if (payload->command == TLM_CMD_IGNORE || !copy(memory, &plain))
        return 0;
    return payload->length;
}

static bool test_get_dmi(void *self, tlm_payload *payload, tlm_dmi_region *dmi)
{
    test_memory *memory = self;
    if (memory->dmi == TEST_DMI_REVOKED && !memory->revoked && memory->grants == REVOKE_AFTER)
        revoke(memory);
    if (memory->dmi == TEST_DMI_REFUSED || memory->revoked)
        return false;
    uint8_t *page = page_of(memory, payload->address, true);
    if (!page)
        return false;
    memory->grants++;
    *dmi = (tlm_dmi_region){ .pointer = page, .start = payload->address & ~(uint64_t)(TEST_PAGE - 1),
                             .end = (payload->address | (TEST_PAGE - 1)), .read_allowed = true,
                             .write_allowed = true };
    return true;
}

static void test_subscribe(void *self, tlm_dmi_invalidate_fn fn, void *context)
{
    test_memory *memory = self;
    if (memory->subscriber_count < 8) {
        memory->subscribers[memory->subscriber_count] = fn;
        memory->contexts[memory->subscriber_count++] = context;
    }
}

static test_memory *test_memory_create(test_dmi dmi)
{
    test_memory *memory = calloc(1, sizeof *memory);
    memory->dmi = dmi;
    memory->target = (tlm_target){ .name = "test_memory", .self = memory, .b_transport = test_b_transport,
                                   .transport_dbg = test_dbg };
    if (dmi != TEST_DMI_NONE) {
        memory->target.get_direct_mem_ptr = test_get_dmi;
        memory->target.subscribe_dmi_invalidate = test_subscribe;
    }
    return memory;
}

static void test_memory_destroy(test_memory *memory)
{
    for (size_t i = 0; i < memory->page_count; i++)
        free(memory->pages[i]);
    free(memory);
}

/* ---- one run -------------------------------------------------------------------------------------- */

/* Where the scenarios' jobs write: the store, the post-sync, the fill, the status page (CSB), the
 * context image, the work queue and its descriptor, the doorbell lines. */
static const uint64_t watched_ranges[][2] = {
    { 0x200000, 64 }, { 0x300000, 4096 }, { 0x400000, 512 }, { 0x500000, 8192 },
    { 0x600000, 256 }, { 0x700000, 4096 }, { 0xFFF00000, 4096 },
};
#define RANGE_COUNT (sizeof watched_ranges / sizeof watched_ranges[0])

typedef struct run_outcome {
    gtsim_run_result result;           /* the scenario's checks */
    tlm_time end;                      /* sim time at the end */
    size_t events;                     /* GT events kept */
    gt_event event[GT_EVENT_CAPACITY]; /* and what they were */
    uint8_t *bytes[RANGE_COUNT];       /* graphics memory at the end, per range */
    tlm_dmi_cache_stats dmi;           /* the GT's DMI cache */
    uint64_t rings;                    /* doorbell rings */
} run_outcome;

static gtsim_scenario *load(const char *name)
{
    char path[1024], message[512] = "";
    snprintf(path, sizeof path, "%s/%s", TB_SCENARIOS_DIR, name);
    gtsim_scenario *scenario = gtsim_scenario_load(path, message, sizeof message);
    if (!scenario)
        fprintf(stderr, "%s\n", message);
    return scenario;
}

static bool run(const char *name, const tlm_target *memory, run_outcome *out)
{
    memset(out, 0, sizeof *out);
    gtsim_scenario *scenario = load(name);
    if (!scenario)
        return false;
    gtsim_system_config config = gtsim_scenario_system_config(scenario, GTSIM_MODE_MODEL, stderr);
    config.memory_target = memory;
    char error[256] = "";
    gtsim_system *system = gtsim_system_create(&config, error, sizeof error);
    if (!system) {
        fprintf(stderr, "%s\n", error);
        gtsim_scenario_destroy(scenario);
        return false;
    }
    gtsim_run_options options = { .out = stderr, .errors = stderr };
    bool ok = gtsim_scenario_run(scenario, system, &options, &out->result);
    gt *model = gtsim_system_gt(system);
    out->end = tlm_kernel_now(gtsim_system_kernel(system));
    out->events = gt_event_count(model);
    for (size_t i = 0; i < out->events; i++)
        out->event[i] = *gt_event_at(model, i);
    for (size_t r = 0; r < RANGE_COUNT; r++) {
        out->bytes[r] = calloc(1, watched_ranges[r][1]);
        tlm_payload payload = tlm_payload_make(TLM_CMD_READ, watched_ranges[r][0], out->bytes[r],
                                               (uint32_t)watched_ranges[r][1]);
        payload.address_space = TLM_SPACE_GGTT;
        ok &= tlm_transport_dbg(gtsim_system_memory(system), &payload) == watched_ranges[r][1];
    }
    out->dmi = gt_memory_dmi_stats(model);
    if (gtsim_system_doorbell(system))
        out->rings = doorbell_get_stats(gtsim_system_doorbell(system))->rings;
    gtsim_system_destroy(system);
    gtsim_scenario_destroy(scenario);
    return ok;
}

static void release(run_outcome *out)
{
    for (size_t r = 0; r < RANGE_COUNT; r++)
        free(out->bytes[r]);
}

/* The run on `memory` matches the run on the sparse memory. */
static void expect_same(const run_outcome *sparse, const run_outcome *other)
{
    EXPECT_EQ(other->result.failed, 0);
    EXPECT_EQ(other->result.passed, sparse->result.passed);
    EXPECT_EQ(other->end, sparse->end);
    EXPECT_EQ(other->rings, sparse->rings);
    EXPECT_EQ(other->events, sparse->events);
    for (size_t i = 0; i < other->events && i < sparse->events; i++) {
        EXPECT_EQ(other->event[i].kind, sparse->event[i].kind);
        EXPECT_EQ(other->event[i].time, sparse->event[i].time);
        EXPECT_EQ(other->event[i].a, sparse->event[i].a);
        EXPECT_EQ(other->event[i].c, sparse->event[i].c);
    }
    for (size_t r = 0; r < RANGE_COUNT; r++)
        if (memcmp(other->bytes[r], sparse->bytes[r], watched_ranges[r][1]) != 0)
            ADD_FAILURE("graphics memory at 0x%llx differs from the sparse memory's",
                        (unsigned long long)watched_ranges[r][0]);
}

static void check_scenario(const char *name)
{
    static run_outcome sparse, other; /* large: not on the stack */
    ASSERT_TRUE(run(name, NULL, &sparse));
    EXPECT_EQ(sparse.result.failed, 0);
    EXPECT_GT(sparse.result.passed, 0);
    EXPECT_GT(sparse.rings, 0);

    test_memory *none = test_memory_create(TEST_DMI_NONE);
    EXPECT_TRUE(run(name, &none->target, &other));
    expect_same(&sparse, &other);
    EXPECT_EQ(other.dmi.dmi_transfers, 0);
    EXPECT_EQ(other.dmi.requests, 0);
    EXPECT_GT(none->transports, 0);
    release(&other);
    test_memory_destroy(none);

    test_memory *refused = test_memory_create(TEST_DMI_REFUSED);
    EXPECT_TRUE(run(name, &refused->target, &other));
    expect_same(&sparse, &other);
    EXPECT_EQ(other.dmi.grants, 0);
    EXPECT_GT(other.dmi.requests, 0);
    /* a refusal is remembered per page: far fewer requests than transfers */
    EXPECT_LT(other.dmi.requests, other.dmi.forwarded / 2);
    release(&other);
    test_memory_destroy(refused);

    test_memory *pages = test_memory_create(TEST_DMI_PAGES);
    EXPECT_TRUE(run(name, &pages->target, &other));
    expect_same(&sparse, &other);
    EXPECT_GT(other.dmi.grants, 0);
    EXPECT_GT(other.dmi.dmi_transfers, other.dmi.forwarded);
    release(&other);
    test_memory_destroy(pages);

    test_memory *revoked = test_memory_create(TEST_DMI_REVOKED);
    EXPECT_TRUE(run(name, &revoked->target, &other));
    expect_same(&sparse, &other);
    EXPECT_TRUE(revoked->revoked);
    EXPECT_GT(other.dmi.invalidations, 0);
    EXPECT_GT(other.dmi.dropped, 0);
    EXPECT_EQ(revoked->grants, REVOKE_AFTER);
    EXPECT_GT(revoked->transports, revoked->transports_at_revoke); /* after the revocation: b_transport again */
    release(&other);
    test_memory_destroy(revoked);
    release(&sparse);
}

TEST(GtMemoryTarget, TheDefaultJobRunsTheSameOnAnyMemoryTarget)
{
    check_scenario("default.gtsim");
}

TEST(GtMemoryTarget, DoorbellRingsAreSeenOnAnyMemoryTarget)
{
    check_scenario("doorbell_gen12.gtsim");
}

TEST(GtMemoryTarget, OneMemoryOnly)
{
    tlm_kernel *kernel = tlm_kernel_create();
    tlm_memory *sparse = tlm_memory_create(kernel, "gfx", 0);
    test_memory *memory = test_memory_create(TEST_DMI_PAGES);
    char error[256] = "";
    gt_config both = { .memory = sparse, .memory_target = &memory->target };
    EXPECT_TRUE(gt_create(kernel, &both, error, sizeof error) == NULL);
    EXPECT_TRUE(strstr(error, "not both") != NULL);
    gt_config neither = { 0 };
    EXPECT_TRUE(gt_create(kernel, &neither, error, sizeof error) == NULL);
    gt_config one = { .memory_target = &memory->target };
    gt *model = gt_create(kernel, &one, error, sizeof error);
    ASSERT_TRUE(model != NULL);
    EXPECT_TRUE(gt_memory(model) == NULL);
    EXPECT_TRUE(gt_memory_front(model) != &memory->target);
    gt_destroy(model);
    test_memory_destroy(memory);
    tlm_memory_destroy(sparse);
    tlm_kernel_destroy(kernel);
}
