/* Helpers shared by the doorbell and GuC tests: 32-bit MMIO and 8-byte memory accesses through
 * any target, a logger whose output is kept in memory, and a fake GuC interrupt block that
 * records the doorbell controller's messages. */
#ifndef DOORBELL_TEST_UTIL_H
#define DOORBELL_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_test.h"
#include "gtsim_tlm.h"

/* A memory stream the kernel's logger prints into (warnings and errors). */
typedef struct db_log_capture {
    FILE *stream; /* open_memstream handle */
    char *text;   /* buffer behind it */
    size_t size;  /* bytes in text */
} db_log_capture;

static inline void db_capture_open(db_log_capture *capture, tlm_kernel *kernel)
{
    capture->stream = open_memstream(&capture->text, &capture->size);
    ASSERT_TRUE(capture->stream != NULL);
    tlm_logger_set_sink(tlm_kernel_logger(kernel), capture->stream);
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_WARNING);
}

/* Everything printed so far (never NULL). */
static inline const char *db_capture_text(db_log_capture *capture)
{
    if (!capture->stream)
        return "";
    fflush(capture->stream);
    return capture->text ? capture->text : "";
}

static inline void db_capture_close(db_log_capture *capture)
{
    if (capture->stream)
        fclose(capture->stream);
    free(capture->text);
    memset(capture, 0, sizeof *capture);
}

static inline int db_contains(const char *text, const char *needle)
{
    return strstr(text, needle) != NULL;
}

/* One access of `length` bytes (4 or 8); the response. */
static inline tlm_status db_access(const tlm_target *target, tlm_cmd command, uint64_t address,
                                            void *value, uint32_t length)
{
    uint8_t bytes[8];
    memcpy(bytes, value, length);
    tlm_payload payload = tlm_payload_make(command, address, bytes, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    memcpy(value, bytes, length);
    return payload.response;
}

static inline uint32_t db_read32(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0xEEEEEEEEu;
    EXPECT_EQ(db_access(target, TLM_CMD_READ, address, &value, 4), TLM_STATUS_OK);
    return value;
}

static inline void db_write32(const tlm_target *target, uint64_t address, uint32_t value)
{
    EXPECT_EQ(db_access(target, TLM_CMD_WRITE, address, &value, 4), TLM_STATUS_OK);
}

/* Writes the doorbell line's QW0 = {DW0 status, DW1 cookie} in one 8-byte write (as a CPU's
 * CMPXCHG8B or a driver's 64-bit store does). */
static inline void db_write_line(const tlm_target *memory, uint64_t line, uint32_t status, uint32_t cookie)
{
    uint32_t words[2] = { status, cookie };
    EXPECT_EQ(db_access(memory, TLM_CMD_WRITE, line, words, 8), TLM_STATUS_OK);
}

#endif
