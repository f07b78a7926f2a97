/* The gen12 render engine's ring-buffer command streamer as RTL (rtl/cs/cs_rcs.sv) behind tlm
 * interfaces: its registers as a tlm target (an AXI4-Lite transactor in front of the RTL), its
 * AXI4 master port answered by the AXI4 slave transactor from a memory target, and its interrupt
 * messages as calls of a callback. docs/design/cosim.md "The command streamer twin" lists the
 * commands it executes and the choices; the model it stands for is models/cs (cs_engine.h).
 *
 * Time. The RTL's clock is `clock`: the AXI4-Lite transactor steps it at every rising edge (and
 * ahead of the kernel through a register access, as every twin), and each of those cycles is
 * one cycle of the AXI4 slave transactor too, so the parser runs on its own between accesses:
 * writing TAIL starts it. A memory target's annotated delay holds the answer back that many
 * clock periods (cosim_axi4_slave.h).
 *
 * Memory. Bursts go to `memory` at the AXI address (base 0), as GGTT accesses (the ring and
 * the secure batches of the subset), privileged, initiator COSIM_CS_TWIN_INITIATOR_ID.
 * Command fetch is a 64-byte cacheline (8 beats INCR); MI_STORE_DATA_IMM is one write burst
 * whose payload spans from its first byte to the end of its last beat, with byte enables from
 * WSTRB (an 8-byte aligned store: exactly the model's payload; an unaligned QWord: 12 bytes, 8
 * enabled; across a 4 KiB page: two bursts). */
#ifndef COSIM_CS_TWIN_H
#define COSIM_CS_TWIN_H

#include <stdbool.h>
#include <stdint.h>

#include "cosim_axi4_delay.h"
#include "cosim_axi4_pins.h"
#include "cosim_axi4_slave.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* initiator_id of the twin's memory payloads. */
#define COSIM_CS_TWIN_INITIATOR_ID 0x0C5u

typedef struct cosim_cs_twin cosim_cs_twin;

/* An interrupt message of the RTL as the model's engine sends it (irq_message_pack of the
 * spec 001 message: class render, instance 0, data the event bits the IMR let through: user
 * interrupt bit 0, master error bit 3, page fault bit 7), `when` the rising edge it was taken at
 * (the RTL may run ahead of the kernel). */
typedef void (*cosim_cs_twin_message_fn)(void *context, uint32_t message, tlm_time when);

/* The RTL is reset before time starts; `clock` must run. */
cosim_cs_twin *cosim_cs_twin_create(tlm_kernel *kernel, tlm_clock *clock, const char *name, const tlm_target *memory);
/* The same with the AXI4 slave transactor's READY/VALID patterns (cosim_axi4_slave_config.delay;
 * NULL: none), so a test stresses the RTL's handshakes. */
cosim_cs_twin *cosim_cs_twin_create_delayed(tlm_kernel *kernel, tlm_clock *clock, const char *name,
                                            const tlm_target *memory, const cosim_axi4_delay delay[COSIM_AXI4_CHANNELS]);
void cosim_cs_twin_destroy(cosim_cs_twin *twin);

/* The engine's registers: offsets relative to its MMIO base (cs_regs.h CS_*_OFFSET), below
 * CS_BLOCK_SIZE (beyond: TLM_STATUS_ADDRESS_ERROR before the bus). Registers the twin does not
 * hold read 0 and drop writes (docs/design/cosim.md). */
const tlm_target *cosim_cs_twin_registers(cosim_cs_twin *twin);
/* Where interrupt messages go (NULL: dropped with a log line). One call per message. */
void cosim_cs_twin_on_message(cosim_cs_twin *twin, cosim_cs_twin_message_fn fn, void *context);

/* The parser stopped on an error (Instruction Parser, Page Table) until the ring is disabled. */
bool cosim_cs_twin_halted(const cosim_cs_twin *twin);
/* Nothing to run (MI_MODE Rings Idle) and no burst outstanding. */
bool cosim_cs_twin_idle(const cosim_cs_twin *twin);

/* RTL cycles stepped; time of the next rising edge the RTL has not seen. */
uint64_t cosim_cs_twin_cycles(const cosim_cs_twin *twin);
tlm_time cosim_cs_twin_rtl_time(const cosim_cs_twin *twin);
/* Messages delivered; bursts answered on the master port (cosim_axi4_slave_stats). */
uint64_t cosim_cs_twin_messages(const cosim_cs_twin *twin);
cosim_axi4_slave_stats cosim_cs_twin_bus_stats(const cosim_cs_twin *twin);
/* Assertion failures the RTL reported (its own and the AXI4 checker's) and the last one. */
uint64_t cosim_cs_twin_assertion_failures(const cosim_cs_twin *twin);
const char *cosim_cs_twin_last_assertion(const cosim_cs_twin *twin);
/* 1 when linked against the planted-bug variant (cosim_cs_twin_planted). */
int cosim_cs_twin_planted_bug(void);

#ifdef __cplusplus
}
#endif

#endif
