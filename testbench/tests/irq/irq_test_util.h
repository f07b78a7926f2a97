/* Helpers shared by the interrupt tests: 32-bit MMIO through any target, and a logger whose
 * output is kept in memory so tests can check what a misuse printed. */
#ifndef IRQ_TEST_UTIL_H
#define IRQ_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_test.h"
#include "gtsim_tlm.h"

/* A memory stream a logger prints into; read back after a flush. */
typedef struct irq_log_capture {
    FILE *stream; /* open_memstream handle */
    char *text;   /* buffer behind it */
    size_t size;  /* bytes in text */
} irq_log_capture;

static inline void irq_capture_open(irq_log_capture *capture, tlm_kernel *kernel)
{
    capture->stream = open_memstream(&capture->text, &capture->size);
    ASSERT_TRUE(capture->stream != NULL);
    tlm_logger_set_sink(tlm_kernel_logger(kernel), capture->stream);
    tlm_logger_set_level(tlm_kernel_logger(kernel), TLM_LOG_WARNING);
}

/* Everything printed so far (never NULL). */
static inline const char *irq_capture_text(irq_log_capture *capture)
{
    if (!capture->stream)
        return "";
    fflush(capture->stream);
    return capture->text ? capture->text : "";
}

static inline void irq_capture_close(irq_log_capture *capture)
{
    if (capture->stream)
        fclose(capture->stream);
    free(capture->text);
    memset(capture, 0, sizeof *capture);
}

/* One 32-bit access; the response. */
static inline tlm_status irq_access(const tlm_target *target, tlm_cmd command, uint64_t address,
                                             uint32_t *value)
{
    uint8_t bytes[4];
    memcpy(bytes, value, 4);
    tlm_payload payload = tlm_payload_make(command, address, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    memcpy(value, bytes, 4);
    return payload.response;
}

static inline uint32_t irq_read(const tlm_target *target, uint64_t address)
{
    uint32_t value = 0xEEEEEEEEu;
    ASSERT_EQ(irq_access(target, TLM_CMD_READ, address, &value), TLM_STATUS_OK);
    return value;
}

static inline void irq_write(const tlm_target *target, uint64_t address, uint32_t value)
{
    ASSERT_EQ(irq_access(target, TLM_CMD_WRITE, address, &value), TLM_STATUS_OK);
}

/* Whether text contains needle. */
static inline int irq_contains(const char *text, const char *needle)
{
    return strstr(text, needle) != NULL;
}

#endif
