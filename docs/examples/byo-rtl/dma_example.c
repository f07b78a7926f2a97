/* The bring-your-own-RTL example (docs/guide/bring-your-own-rtl.md): the user's copy engine
 * (dma_copy.sv, bound by gtsim_add_user_twin in CMakeLists.txt) and its C model (dma_model.c)
 * registered with gtsim's platform, then driven as a host would: program a copy, wait for the
 * interrupt, check the destination against the source and the registers against dma_copy.sv's
 * rules, clear DONE. Nothing of gtsim is edited or rebuilt.
 *
 *   dma_example                      the model
 *   dma_example --rtl dma            the Verilated RTL
 *   dma_example --rtl dma --lockstep both; every register access compared, the memory
 *                                    writes and messages as streams, the interrupt edges
 *                                    after each copy
 *   --lockstep-order ORDER  exact, in-order[:NS] or per-address (the default)
 *   --copies N   copies to run (default 12)    --seed S   their addresses and lengths
 *   --delays     seeded random handshake delays on the RTL's master port
 *   --expect-mismatch  succeed only if the lockstep finds a divergence (the planted-bug builds)
 *   --wave FILE  a waveform (.fst or .vcd): host MMIO, the block's register, master and
 *                interrupt pins
 * Exit 0 when every check passes (and, in lockstep, no divergence unless expected). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dma_copy_regs.h"
#include "dma_model.h"
#include "dma_user_rtl.h"
#include "gtsim_system.h"
#include "gtsim_user_twin.h"
#include "tlm_kernel.h"
#include "wave.h"

/* Where the block's registers sit on the GT's BAR: above gtsim's round-trip block, below the
 * GTT half (a free window of the bring-up system's MMIO map). */
#define DMA_MMIO_BASE (GTSIM_SYSTEM_ROUNDTRIP_BASE + 0x20000u)
/* A copy must finish within this many GT clocks. */
#define WAIT_CYCLES 200000u

typedef struct example {
    gtsim_system *system;    /* the simulated system */
    const tlm_target *mmio;  /* host MMIO */
    uint64_t messages;       /* messages seen from the block */
    uint32_t last_message;   /* data of the last one */
    unsigned failures;       /* checks that failed */
} example;

static void check(example *ex, bool ok, const char *what, uint64_t got, uint64_t want)
{
    if (!ok) {
        fprintf(stderr, "dma_example: FAIL %s: got 0x%" PRIx64 ", want 0x%" PRIx64 "\n", what, got, want);
        ex->failures++;
    }
}

static void on_message(void *context, unsigned port, uint64_t data, tlm_time when)
{
    example *ex = context;
    (void)port;
    (void)when;
    ex->messages++;
    ex->last_message = (uint32_t)data;
}

static tlm_status access(example *ex, const tlm_target *target, tlm_cmd command, uint64_t address, void *data,
                         uint32_t length)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    tlm_time delay = 0;
    tlm_b_transport(target, &payload, &delay);
    tlm_kernel_run_for(gtsim_system_kernel(ex->system), delay);
    return payload.response;
}

static void reg_write(example *ex, uint32_t offset, uint32_t value)
{
    uint8_t bytes[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
    check(ex, access(ex, ex->mmio, TLM_CMD_WRITE, DMA_MMIO_BASE + offset, bytes, 4) == TLM_STATUS_OK,
          "register write response", offset, value);
}

static uint32_t reg_read(example *ex, uint32_t offset)
{
    uint8_t bytes[4] = { 0 };
    check(ex, access(ex, ex->mmio, TLM_CMD_READ, DMA_MMIO_BASE + offset, bytes, 4) == TLM_STATUS_OK,
          "register read response", offset, 0);
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

/* xorshift64*: the copies' addresses and lengths from the seed. */
static uint64_t next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * UINT64_C(0x2545F4914F6CDD1D);
}

/* One copy: program, GO, wait for the interrupt, check, clear. */
static void run_copy(example *ex, unsigned index, uint32_t src, uint32_t dst, uint32_t len, uint64_t *bytes_checked)
{
    const tlm_target *memory = gtsim_system_memory(ex->system);
    bool valid = ((src | dst | len) & 7u) == 0;
    uint8_t *before = calloc(1, len + 1), *source = calloc(1, len + 1), *after = calloc(1, len + 1);
    for (uint32_t i = 0; i < len; i++)
        source[i] = (uint8_t)(index * 37u + i * 7u + 1u);
    access(ex, memory, TLM_CMD_WRITE, src, source, len ? len : 1);
    access(ex, memory, TLM_CMD_READ, dst, before, len ? len : 1);
    uint64_t messages = ex->messages;

    reg_write(ex, DMA_SRC, src);
    reg_write(ex, DMA_DST, dst);
    reg_write(ex, DMA_LEN, len);
    reg_write(ex, DMA_CTRL, DMA_CTRL_GO);
    const tlm_signal *irq = gtsim_user_twin_irq(ex->system, "dma", DMA_IRQ_DONE);
    tlm_time period = gtsim_system_clock_period(ex->system);
    for (unsigned waited = 0; !tlm_signal_get(irq) && waited < WAIT_CYCLES; waited += 16)
        tlm_kernel_run_for(gtsim_system_kernel(ex->system), 16 * period);
    check(ex, tlm_signal_get(irq) == 1, "irq_done after the copy", tlm_signal_get(irq), 1);

    uint32_t status = reg_read(ex, DMA_STATUS);
    uint32_t want = DMA_STATUS_DONE | (valid ? 0u : DMA_STATUS_ERROR);
    check(ex, status == want, "STATUS after the copy", status, want);
    check(ex, reg_read(ex, DMA_COUNT) == index + 1, "COUNT", reg_read(ex, DMA_COUNT), index + 1);
    check(ex, ex->messages == messages + 1, "messages per copy", ex->messages - messages, 1);
    check(ex, ex->last_message == dst, "message data (the destination)", ex->last_message, dst);
    access(ex, memory, TLM_CMD_READ, dst, after, len ? len : 1);
    /* A valid copy moves the bytes; an invalid one touches nothing. */
    const uint8_t *expected = valid ? source : before;
    for (uint32_t i = 0; i < len; i++)
        if (after[i] != expected[i]) {
            check(ex, false, "destination byte", after[i], expected[i]);
            break;
        }
    *bytes_checked += len;

    reg_write(ex, DMA_STATUS, DMA_STATUS_DONE | DMA_STATUS_ERROR);
    tlm_kernel_run_for(gtsim_system_kernel(ex->system), 4 * period);
    check(ex, tlm_signal_get(irq) == 0, "irq_done after clearing DONE", tlm_signal_get(irq), 0);
    check(ex, reg_read(ex, DMA_STATUS) == 0, "STATUS after clearing", 0, 0);
    /* Quiescent: both sides have finished the copy, so their streams must agree. */
    gtsim_user_twin_compare(ex->system, "dma");
    free(before);
    free(source);
    free(after);
}

int main(int argc, char **argv)
{
    static example ex;
    gtsim_user_twin_setup setup = {
        .name = "dma",
        .description = "the example's copy engine (docs/examples/byo-rtl)",
        .rtl = dma_user_rtl(),
        .model = { dma_model_create, dma_model_destroy, dma_model_registers, dma_model_irq },
        .mmio_base = DMA_MMIO_BASE,
        .mmio_size = DMA_BLOCK_SIZE,
        .on_message = on_message,
        .message_context = &ex,
    };
    /* --delays first: the handshake delays are part of the setup the registry copies. */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--delays") == 0)
            for (unsigned channel = 0; channel < COSIM_AXI4_CHANNELS; channel++)
                setup.master_delay[DMA_MASTER_MEM][channel] =
                    (cosim_axi4_delay){ .mode = COSIM_AXI4_DELAY_RANDOM, .cycles = 3, .seed = 0x5eed + channel };
    char error[200] = "";
    gtsim_system_config config = { .profile = "gen12" };
    unsigned copies = 12;
    uint64_t seed = 1;
    bool expect_mismatch = false;
    const char *wave_path = NULL;
    if (!gtsim_user_twin_register(&setup, error, sizeof error) ||
        !gtsim_user_twin_parse_args(&argc, argv, &config, error, sizeof error)) {
        fprintf(stderr, "dma_example: %s\n", error);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--copies") == 0 && i + 1 < argc)
            copies = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--expect-mismatch") == 0)
            expect_mismatch = true;
        else if (strcmp(argv[i], "--wave") == 0 && i + 1 < argc)
            wave_path = argv[++i];
        else if (strcmp(argv[i], "--delays") == 0)
            continue; /* taken above */
        else {
            fprintf(stderr, "usage: dma_example [--rtl dma] [--lockstep] [--lockstep-order ORDER] [--copies N] [--seed S] [--delays] "
                            "[--expect-mismatch] [--wave FILE]\n");
            return 2;
        }
    }
    wave_file *wave = NULL;
    wave_format format;
    if (wave_path) {
        wave_options options = wave_default_options(WAVE_FORMAT_FST);
        if (!wave_format_from_path(wave_path, &format)) {
            fprintf(stderr, "dma_example: --wave: %s is neither .fst nor .vcd\n", wave_path);
            return 2;
        }
        options.format = format;
        wave = wave_open(wave_path, &options, error, sizeof error);
        if (!wave) {
            fprintf(stderr, "dma_example: %s\n", error);
            return 2;
        }
        config.tracer = wave_tracer(wave);
    }
    gtsim_block_mode mode = *gtsim_user_twin_mode_slot("dma", &config);
    ex.system = gtsim_system_create(&config, error, sizeof error);
    if (!ex.system) {
        fprintf(stderr, "dma_example: %s\n", error);
        return 2;
    }
    ex.mmio = gtsim_system_mmio(ex.system);

    /* The copies: sources in the first MiB, destinations in the second; lengths up to 512
     * bytes; copy 1 crosses a 4 KiB boundary, copy 2 is empty, copy 3 unaligned (ERROR). */
    uint64_t state = seed * UINT64_C(0x9E3779B97F4A7C15) | 1u;
    uint64_t bytes = 0;
    for (unsigned k = 0; k < copies; k++) {
        uint32_t src = 0x100000u + (uint32_t)(next(&state) % 0xF0000u & ~7u);
        uint32_t dst = 0x200000u + (uint32_t)(next(&state) % 0xF0000u & ~7u);
        uint32_t len = 8u * (uint32_t)(1 + next(&state) % 64);
        if (k == 1) {
            src = 0x100FF0u;
            dst = 0x201FE8u;
            len = 0x60u;
        } else if (k == 2) {
            len = 0;
        } else if (k == 3) {
            src |= 4u;
        }
        run_copy(&ex, k, src, dst, len, &bytes);
    }
    uint64_t mismatches = gtsim_system_mismatches(ex.system);
    printf("dma_example: %s mode, %u copies, %" PRIu64 " bytes checked, %" PRIu64 " messages, %u failed checks, "
           "%" PRIu64 " lockstep mismatches%s%s\n",
           gtsim_block_mode_name(mode), copies, bytes, ex.messages, ex.failures, mismatches,
           mismatches ? "; first: " : "", mismatches ? gtsim_user_twin_first_mismatch(ex.system, "dma") : "");
    uint64_t assertions = gtsim_system_rtl_assertion_failures(ex.system);
    tlm_time end = tlm_kernel_now(gtsim_system_kernel(ex.system));
    if (wave && !wave_close(wave, end, NULL, error, sizeof error)) {
        fprintf(stderr, "dma_example: %s\n", error);
        ex.failures++;
    }
    gtsim_system_destroy(ex.system);
    if (assertions) {
        fprintf(stderr, "dma_example: %" PRIu64 " RTL assertion failures\n", assertions);
        return 1;
    }
    if (expect_mismatch)
        return mode == GTSIM_MODE_LOCKSTEP && mismatches > 0 ? 0 : 1;
    return ex.failures == 0 && mismatches == 0 ? 0 : 1;
}
