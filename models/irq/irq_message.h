/* Engine interrupt messages: the documented message port (DESIGN §3) through which engines
 * (command streamers, GuC, GT power management, ...) report interrupt events to the interrupt
 * aggregator of the profile (gen11+: irq_gen11.h, gen6: irq_gen6.h). An engine only needs this
 * header: it never sees the aggregator's internals.
 *
 * spec 001 "GT Engine Interrupts": an engine identifies itself with an engine class and an
 * instance within the class; the message carries 16 bits of interrupt data. Format of the
 * 32-bit message:
 *   31:30 reserved · 29:27 VF ID · 26 reserved · 25:20 instance ID · 19 reserved ·
 *   18:16 engine class ID · 15:0 interrupt data */
#ifndef IRQ_MESSAGE_H
#define IRQ_MESSAGE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* spec 001 engine class table (ClassID[2:0]); 6 and 7 are reserved. */
enum {
    IRQ_CLASS_RENDER = 0,        /* RCS */
    IRQ_CLASS_VIDEO_DECODE = 1,  /* VCS0-N */
    IRQ_CLASS_VIDEO_ENHANCE = 2, /* VECS0-N/2 */
    IRQ_CLASS_COPY = 3,          /* BCS */
    IRQ_CLASS_OTHER = 4,         /* non-engine units, one instance each (below) */
    IRQ_CLASS_COMPUTE = 5,       /* CCS0-N */
    IRQ_CLASS_COUNT = 8          /* ClassID is 3 bits wide */
};

/* spec 001 engine class table: the instances of the 'Other' class. */
enum {
    IRQ_OTHER_GUC = 0,      /* graphics micro-controller */
    IRQ_OTHER_GTPM = 1,     /* GT power management */
    IRQ_OTHER_WDOAPERF = 2, /* WD box / OA performance */
    IRQ_OTHER_SCTRG = 3,    /* SCTRG */
    IRQ_OTHER_KCR = 4,      /* key/crypto unit */
    IRQ_OTHER_GUNIT = 5,    /* Gunit */
    IRQ_OTHER_CSME = 6      /* CSME */
};

/* InstanceID is 6 bits wide (spec 001 message format 25:20). */
#define IRQ_INSTANCE_COUNT 64u

/* Meaning of the interrupt data bits an engine (command streamer) sends: spec 000 §1.1.7 "Bit
 * Definition for Interrupt Control Registers" (render) and spec 002's VCS and BLT tables, whose
 * bits are the same events at an offset (docs/reference/irq.md). Linux i915 uses the same positions for
 * the gen11+ identity data (GT_RENDER_USER_INTERRUPT 0, GT_CS_MASTER_ERROR_INTERRUPT 3,
 * GT_RENDER_PIPECTL_NOTIFY_INTERRUPT 4, GT_CONTEXT_SWITCH_INTERRUPT 8; docs/facts.md). */
#define IRQ_DATA_USER_INTERRUPT (1u << 0)  /* MI_USER_INTERRUPT executed */
#define IRQ_DATA_SYNC_STATUS (1u << 2)     /* flush with sync enable completed */
#define IRQ_DATA_MASTER_ERROR (1u << 3)    /* command parser master error */
#define IRQ_DATA_NOTIFY (1u << 4)          /* PIPE_CONTROL (render) or MI_FLUSH_DW (others) notify */
#define IRQ_DATA_TIMEOUT (1u << 6)         /* watchdog (timeout counter) expired */
#define IRQ_DATA_PAGE_FAULT (1u << 7)      /* page or directory fault */
#define IRQ_DATA_CONTEXT_SWITCH (1u << 8)  /* context switch occurred */

/* One interrupt message, unpacked. */
typedef struct irq_message {
    uint8_t vf_id;        /* 29:27, virtual function (0: the physical function) */
    uint8_t engine_class; /* 18:16, IRQ_CLASS_* */
    uint8_t instance;     /* 25:20, instance within the class */
    uint16_t data;        /* 15:0, interrupt data bits (the engine's events) */
} irq_message;

/* The 32-bit message of spec 001's format; fields wider than theirs are truncated to it. */
uint32_t irq_message_pack(const irq_message *message);
/* The fields of a 32-bit message; reserved bits are ignored. */
irq_message irq_message_unpack(uint32_t word);

/* Name of interrupt data bit `bit` (0..15) as the IRQ_DATA_* above ("user_interrupt",
 * "sync_status", "master_error", "notify", "timeout", "page_fault", "context_switch"), or NULL
 * for a bit without a defined meaning. Functional coverage names events with it. */
const char *irq_data_bit_name(unsigned bit);

/* spec 001 name of a class ("render", "video decode", ...); "reserved" for 6 and 7. */
const char *irq_class_name(unsigned engine_class);

/* The message port: an aggregator offers one, engines send into it. deliver() handles the
 * message at once (zero time) and never fails: a message the aggregator cannot place is
 * dropped with a log line. */
typedef struct irq_message_sink {
    void (*deliver)(void *self, const irq_message *message); /* the aggregator's input handler */
    void *self;                                              /* the aggregator */
} irq_message_sink;

static inline void irq_message_send(const irq_message_sink *sink, const irq_message *message)
{
    sink->deliver(sink->self, message);
}

#ifdef __cplusplus
}
#endif

#endif
