/* The application side of a doorbell (models/doorbell/doorbell_app.h): spec 001 "Application
 * Flow" (compare-exchange, cookie never 0, retry on a lost race, doorbell lost) against the
 * real doorbell controller, and several simulated clients sharing one doorbell. */
#include <stdint.h>
#include <string.h>

#include "doorbell.h"
#include "doorbell_app.h"
#include "doorbell_test_util.h"
#include "tb_test.h"

#define LINE UINT64_C(0x200040) /* doorbell 1's recommended line in page 0x200000 */
#define BELL 1u

typedef struct DoorbellApp {
    tlm_kernel *kernel;     /* time base and logger */
    tlm_memory *memory;     /* graphics memory */
    const tlm_target *mem;  /* its target */
    doorbell *db;           /* the controller watching the line */
    db_log_capture log;     /* what the models printed */
} DoorbellApp;

static void DoorbellApp_SetUp(DoorbellApp *self)
{
    self->kernel = tlm_kernel_create();
    db_capture_open(&self->log, self->kernel);
    self->memory = tlm_memory_create(self->kernel, "mem", UINT64_C(1) << 24);
    self->mem = tlm_memory_target(self->memory);
    self->db = doorbell_create(self->kernel, "doorbell", self->memory);
    /* spec 001 "Work Queue and DoorBell Creation": DW0 = 1, DW1 = 0, then the GuC installs it */
    db_write_line(self->mem, LINE, 1, 0);
    ASSERT_EQ(doorbell_install(self->db, BELL, LINE), DOORBELL_INSTALL_OK);
}

static void DoorbellApp_TearDown(DoorbellApp *self)
{
    doorbell_destroy(self->db);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
    db_capture_close(&self->log);
}

static uint32_t line_word(DoorbellApp *self, unsigned index)
{
    uint32_t words[2];
    EXPECT_TRUE(tlm_memory_read(self->memory, LINE, words, sizeof words));
    return words[index];
}

TEST(DoorbellAppCookie, IncrementsAndRollsOverToOneNeverZero)
{
    EXPECT_EQ(doorbell_app_next_cookie(0), 1u);
    EXPECT_EQ(doorbell_app_next_cookie(41), 42u);
    EXPECT_EQ(doorbell_app_next_cookie(0xFFFFFFFFu), 1u);
}

TEST_F(DoorbellApp, ARingIncrementsTheCookieAndTheControllerSeesIt)
{
    doorbell_app_client client;
    doorbell_app_client_init(&client, self->mem, LINE, 1);
    for (unsigned i = 1; i <= 3; i++) {
        ASSERT_EQ(doorbell_app_ring(&client), DOORBELL_APP_RUNG);
        EXPECT_EQ(line_word(self, 1), i);
        EXPECT_EQ(line_word(self, 0), 1u);
    }
    EXPECT_EQ(client.rings, 3u);
    EXPECT_EQ(client.races, 0u);
    EXPECT_EQ(doorbell_get_stats(self->db)->rings, 3u);
    EXPECT_TRUE(doorbell_pending(self->db, BELL));
}

TEST_F(DoorbellApp, TheCookieRollsOverFromAllOnesToOne)
{
    db_write_line(self->mem, LINE, 1, 0xFFFFFFFFu);
    doorbell_app_client client;
    doorbell_app_client_init(&client, self->mem, LINE, 1);
    client.cookie = 0xFFFFFFFFu;
    uint64_t rings_before = doorbell_get_stats(self->db)->rings;
    ASSERT_EQ(doorbell_app_ring(&client), DOORBELL_APP_RUNG);
    EXPECT_EQ(line_word(self, 1), 1u);
    EXPECT_EQ(doorbell_get_stats(self->db)->rings, rings_before + 1);
}

TEST_F(DoorbellApp, ALostRaceRetriesWithTheValueRead)
{
    doorbell_app_client a, b;
    doorbell_app_client_init(&a, self->mem, LINE, 1);
    doorbell_app_client_init(&b, self->mem, LINE, 2);
    ASSERT_EQ(doorbell_app_ring(&a), DOORBELL_APP_RUNG); /* cookie 1 */
    ASSERT_EQ(doorbell_app_ring(&b), DOORBELL_APP_RUNG); /* believed 0, read 1, wrote 2 */
    EXPECT_EQ(b.races, 1u);
    EXPECT_EQ(b.cookie, 2u);
    EXPECT_EQ(line_word(self, 1), 2u);
    EXPECT_EQ(doorbell_get_stats(self->db)->rings, 2u);
}

TEST_F(DoorbellApp, ACompareExchangeMismatchLeavesMemoryAndReturnsTheValue)
{
    doorbell_app_client client;
    doorbell_app_client_init(&client, self->mem, LINE, 1);
    uint64_t expected = UINT64_C(5) << 32 | 1u;
    tlm_status response;
    EXPECT_FALSE(doorbell_app_compare_exchange(&client, LINE, &expected, UINT64_C(6) << 32 | 1u, &response));
    EXPECT_EQ(response, TLM_STATUS_OK);
    EXPECT_EQ(expected, UINT64_C(1)); /* status 1, cookie 0 */
    EXPECT_EQ(line_word(self, 1), 0u);
}

TEST_F(DoorbellApp, TheDoorbellIsLostWhenTheStatusReadsInactive)
{
    doorbell_app_client client;
    doorbell_app_client_init(&client, self->mem, LINE, 1);
    ASSERT_EQ(doorbell_app_ring(&client), DOORBELL_APP_RUNG);
    db_write_line(self->mem, LINE, 0, 1); /* the driver removes the doorbell */
    EXPECT_EQ(doorbell_app_ring(&client), DOORBELL_APP_LOST);
    EXPECT_EQ(line_word(self, 1), 1u); /* nothing written */
    EXPECT_EQ(client.rings, 1u);
}

TEST_F(DoorbellApp, ABusErrorIsReported)
{
    doorbell_app_client client;
    doorbell_app_client_init(&client, self->mem, UINT64_C(1) << 30, 1); /* beyond the 16 MiB memory */
    EXPECT_EQ(doorbell_app_ring(&client), DOORBELL_APP_BUS_ERROR);
}

TEST_F(DoorbellApp, SeveralSimulatedClientsShareOneDoorbell)
{
    /* four clients ("threads") interleave on the kernel: 25 rings each, periods 10, 11, 12, 13 ns,
     * so their turns interleave and each finds the cookie moved by the others */
    doorbell_app_agent agents[4];
    for (unsigned i = 0; i < 4; i++) {
        doorbell_app_client_init(&agents[i].client, self->mem, LINE, (uint16_t)(i + 1));
        doorbell_app_agent_start(&agents[i], self->kernel, i * TLM_NS, (10 + i) * TLM_NS, 25);
    }
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, TLM_US), TLM_RUN_IDLE);
    uint64_t rings = 0, races = 0;
    for (unsigned i = 0; i < 4; i++) {
        EXPECT_EQ(agents[i].last, DOORBELL_APP_RUNG);
        EXPECT_EQ(agents[i].client.rings, 25u);
        rings += agents[i].client.rings;
        races += agents[i].client.races;
    }
    EXPECT_EQ(rings, 100u);
    EXPECT_GT(races, 0u);
    EXPECT_EQ(line_word(self, 1), 100u); /* no increment lost */
    EXPECT_EQ(doorbell_get_stats(self->db)->rings, 100u);
    EXPECT_EQ(doorbell_get_stats(self->db)->messages, 1u); /* collapsed: nobody read the group */
}
