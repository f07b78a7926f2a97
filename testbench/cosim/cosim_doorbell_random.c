#include "cosim_doorbell_random.h"

#include <string.h>

#include "doorbell_regs.h"
#include "tlm_random.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

uint64_t cosim_doorbell_random_next(cosim_doorbell_random *random)
{
    return tlm_xorshift64star(&random->state); /* xorshift64* (Vigna) */
}

static uint32_t below(cosim_doorbell_random *random, uint32_t n)
{
    return (uint32_t)((cosim_doorbell_random_next(random) >> 32) % n);
}

/* One access of `length` bytes (1-8) through `target`; runs time to the end of it. */
static tlm_status access(cosim_doorbell_random *random, const tlm_target *target, tlm_cmd command,
                                  uint64_t address, void *value, uint32_t length)
{
    uint8_t bytes[8] = { 0 };
    memcpy(bytes, value, length);
    tlm_payload payload = tlm_payload_make(command, address, bytes, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    tlm_kernel_run_for(random->ports.kernel, delay);
    memcpy(value, bytes, length);
    return payload.response;
}

static uint32_t mmio_read(cosim_doorbell_random *random, uint32_t offset)
{
    uint32_t value = 0;
    access(random, random->ports.mmio, TLM_CMD_READ, offset, &value, 4);
    return value;
}

static void mmio_write(cosim_doorbell_random *random, uint32_t offset, uint32_t value)
{
    access(random, random->ports.mmio, TLM_CMD_WRITE, offset, &value, 4);
}

static uint64_t line_read(cosim_doorbell_random *random, uint64_t line)
{
    uint64_t qw = 0;
    access(random, random->ports.memory, TLM_CMD_READ, line, &qw, 8);
    return qw;
}

static void line_write(cosim_doorbell_random *random, uint64_t address, uint64_t value, uint32_t length)
{
    random->writes++;
    access(random, random->ports.memory, TLM_CMD_WRITE, address, &value, length);
}

static uint64_t qw(uint32_t status, uint32_t cookie)
{
    return (uint64_t)status | (uint64_t)cookie << 32;
}

/* Doorbells: mostly a few per group edge (so groups fill, collide and re-message), any one
 * sometimes. */
static unsigned random_bell(cosim_doorbell_random *random)
{
    static const uint8_t pool[] = { 0, 1, 2, 31, 32, 33, 63, 64, 100, 127, 128, 200, 254, 255 };
    return below(random, 5) ? pool[below(random, (uint32_t)COUNT(pool))] : below(random, DOORBELL_COUNT);
}

static uint64_t random_line(cosim_doorbell_random *random)
{
    return random->lines[below(random, COSIM_DOORBELL_RANDOM_LINES)];
}

/* A cookie the application would write next, or a reserved/stale/odd one. */
static uint32_t next_cookie(cosim_doorbell_random *random, uint32_t cookie)
{
    switch (below(random, 12)) {
    case 0: return 0;                                           /* re-initialised */
    case 1: return cookie;                                      /* same cookie: no ring */
    case 2: return (uint32_t)cosim_doorbell_random_next(random);   /* anything */
    case 3: return 0xFFFFFFFFu;                                 /* rollover edge */
    default: return cookie == 0xFFFFFFFFu ? 1u : cookie + 1u;   /* the application's increment */
    }
}

static void install(cosim_doorbell_random *random)
{
    unsigned bell = random_bell(random);
    uint64_t line = random_line(random);
    uint32_t pick = below(random, 10);
    if (pick < 7)
        line_write(random, line, qw(1, 0), 8); /* the driver's initial value (spec 001) */
    else if (pick == 7)
        line_write(random, line, qw(0, (uint32_t)cosim_doorbell_random_next(random)), 8); /* inactive line */
    else if (pick == 8 && below(random, 4) == 0)
        line = (uint64_t)below(random, 1u << 20) * 8u; /* unaligned sometimes: FAULT */
    random->installs++;
    if (random->ports.install(random->ports.install_context, bell, line) == DOORBELL_INSTALL_OK)
        random->installs_ok++;
}

static void ring(cosim_doorbell_random *random)
{
    uint64_t line = random_line(random);
    uint64_t now = line_read(random, line);
    uint32_t status = (uint32_t)now, cookie = (uint32_t)(now >> 32);
    uint32_t pick = below(random, 20);
    if (pick < 13) {
        line_write(random, line, qw(status | 1u, next_cookie(random, cookie)), 8);
    } else if (pick < 15) {
        /* Deactivation (spec 001 "Removing Doorbells"): DW0 bit 0 cleared, cookie kept or
         * changed by the same write (the late ring). */
        uint32_t late = below(random, 2) ? cookie : next_cookie(random, cookie);
        line_write(random, line, qw(status & ~1u, late), 8);
    } else if (pick < 17) {
        uint32_t value = next_cookie(random, cookie); /* DW1 alone */
        line_write(random, line + 4, value, 4);
    } else if (pick < 18) {
        line_write(random, line, (uint32_t)cosim_doorbell_random_next(random), 4); /* DW0 alone */
    } else {
        /* Elsewhere in the line: observed, nothing changes. */
        line_write(random, line + 8 + 8u * below(random, 7), cosim_doorbell_random_next(random), 8);
    }
}

void cosim_doorbell_random_init(cosim_doorbell_random *random, uint64_t seed, const cosim_doorbell_random_ports *ports)
{
    memset(random, 0, sizeof *random);
    random->ports = *ports;
    /* splitmix64 of the seed, as cosim_irq_random. */
    uint64_t z = seed + UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    random->state = (z ^ (z >> 31)) | 1u;
    /* Lines: the recommended layout (bell mod 64 in a doorbell page), other pages, and high
     * addresses (bits 47:32 set: DRBREGU). */
    for (unsigned i = 0; i < COSIM_DOORBELL_RANDOM_LINES; i++) {
        uint64_t page = i < 12 ? UINT64_C(0x200000) : (i < 20 ? UINT64_C(0x7FFF12345000) : UINT64_C(0x40000000));
        random->lines[i] = page + (uint64_t)below(random, DOORBELL_LINES_PER_PAGE) * TLM_MEMORY_CACHELINE_SIZE;
    }
}

void cosim_doorbell_random_step(cosim_doorbell_random *random)
{
    uint32_t pick = below(random, 100);
    random->operations++;
    if (pick < 18) {
        install(random);
    } else if (pick < 55) {
        ring(random);
    } else if (pick < 75) {
        unsigned group = below(random, DOORBELL_GROUPS);
        random->group_reads++;
        if (mmio_read(random, DOORBELL_DB_STATUS0_OFFSET + 4u * group))
            random->rung_reads++;
    } else if (pick < 84) {
        unsigned bell = random_bell(random);
        mmio_read(random, bell * DOORBELL_REGISTER_STRIDE +
                              (below(random, 2) ? DOORBELL_DRBREGU0_OFFSET : DOORBELL_DRBREGL0_OFFSET));
    } else if (pick < 88) {
        /* Refused writes: a doorbell register (the wrapper's job) or a status register (RO). */
        uint32_t offset = below(random, 2) ? random_bell(random) * DOORBELL_REGISTER_STRIDE
                                           : DOORBELL_DB_STATUS0_OFFSET + 4u * below(random, DOORBELL_GROUPS);
        mmio_write(random, offset, (uint32_t)cosim_doorbell_random_next(random));
    } else if (pick < 92) {
        /* Any aligned offset between the doorbell range and a little beyond the block. */
        mmio_read(random, DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE +
                              4u * below(random, (DOORBELL_BLOCK_SIZE + 16u - DOORBELL_COUNT * DOORBELL_REGISTER_STRIDE) / 4u));
    } else if (pick < 96) {
        tlm_kernel_run_for(random->ports.kernel, random->ports.clock_period * below(random, 4));
    } else {
        /* The GuC's service: every group read once. */
        for (unsigned group = 0; group < DOORBELL_GROUPS; group++) {
            random->group_reads++;
            if (mmio_read(random, DOORBELL_DB_STATUS0_OFFSET + 4u * group))
                random->rung_reads++;
        }
    }
}
