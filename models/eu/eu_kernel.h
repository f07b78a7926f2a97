/* Kernels (docs/reference/eu.md "Kernels" and "Cost model"): a registry that maps a
 * kernel start address to a C function, and the API a kernel uses while it runs as one
 * hardware thread: its ids and payload, memory through the EU array's data port (real
 * b_transport payloads on the memory target) and its cost in EU cycles.
 *
 * A kernel runs per thread (it loops over its SIMD lanes itself) in phases: the function is
 * called with phase 0; returning EU_KERNEL_BARRIER means "wait at the thread group's barrier",
 * after which it is called again with phase + 1 once every thread of the group has arrived;
 * EU_KERNEL_DONE retires the thread. So "phase 1, barrier, phase 2" is one function with a
 * switch on the phase. */
#ifndef EU_KERNEL_H
#define EU_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Argument dwords every thread receives (COMPUTE_WALKER: its 8 inline-data dwords;
 * GPGPU_WALKER: the first 8 dwords of its indirect data; docs/reference/eu.md "Walker decode"). */
#define EU_ARG_DWORDS 8u
/* Phases a kernel may run (barriers per thread are at most EU_MAX_PHASES - 1): a kernel that
 * keeps asking for barriers is retired with an error (a bound, not a hang). */
#define EU_MAX_PHASES 64u
/* Kernels a registry holds. */
#define EU_MAX_KERNELS 64u

/* ---- cost model (docs/reference/eu.md "Cost model"); cycles are GT clocks ---------------------------- */
/* An ALU instruction issues in ceil(SIMD width / EU_ALU_LANES) cycles (the EU's ALU is 8
 * lanes wide: a SIMD16 instruction takes two passes). */
#define EU_ALU_LANES 8u
/* A math (extended math / transcendental) instruction costs this many ALU passes. */
#define EU_MATH_PASSES 4u
/* A send (one data-port message) issues in one cycle; the thread then waits the latency. */
#define EU_SEND_ISSUE_CYCLES 1u
/* Data-port latency a thread waits for a read (load) message, before the bus time. */
#define EU_READ_LATENCY_CYCLES 64u
/* ... and for a write (store) message: the EU waits for the write acknowledgement. */
#define EU_WRITE_LATENCY_CYCLES 16u
/* Bytes one data-port message may carry (a SIMD32 dword message: 32 x 4). */
#define EU_MESSAGE_MAX_BYTES 128u

typedef enum eu_kernel_step {
    EU_KERNEL_DONE,    /* the thread retires */
    EU_KERNEL_BARRIER  /* the thread waits at the group's barrier, then runs phase + 1 */
} eu_kernel_step;

typedef struct eu_thread eu_thread;

typedef eu_kernel_step (*eu_kernel_fn)(eu_thread *thread, unsigned phase, void *context);

typedef struct eu_kernel {
    const char *name;     /* for logs and scenario files */
    uint64_t start;       /* kernel start address (the interface descriptor's Kernel Start Pointer) */
    eu_kernel_fn fn;      /* runs one phase of one thread */
    void *context;        /* passed to fn */
    uint32_t base_cycles; /* fixed cost of each thread (its prologue/epilogue instructions) */
} eu_kernel;

typedef struct eu_kernel_registry {
    eu_kernel kernels[EU_MAX_KERNELS]; /* registered kernels, in registration order */
    size_t count;                      /* entries used */
} eu_kernel_registry;

void eu_kernel_registry_init(eu_kernel_registry *registry);
/* Adds or replaces (same start address) a kernel. False when the registry is full, fn is NULL
 * or the start address is not 64-byte aligned (the Kernel Start Pointer is bits 31:6). */
bool eu_kernel_register(eu_kernel_registry *registry, const eu_kernel *kernel);
const eu_kernel *eu_kernel_find(const eu_kernel_registry *registry, uint64_t start);

/* ---- what a running thread sees -------------------------------------------------------- */

typedef struct eu_thread_info {
    uint32_t group_id[3];          /* thread group id x, y, z */
    uint32_t group_linear;         /* groups before this one in the walker's order */
    uint32_t thread_index;         /* this thread within its group */
    uint32_t threads_per_group;    /* threads in the group */
    uint32_t simd_width;           /* 8, 16 or 32 lanes */
    uint32_t exec_mask;            /* active lanes (bit n: lane n) */
    uint32_t args[EU_ARG_DWORDS];  /* argument dwords (docs/reference/eu.md) */
    uint32_t subslice;             /* where it runs (global subslice index) */
    uint32_t eu;                   /* EU within the subslice */
} eu_thread_info;

const eu_thread_info *eu_thread_get_info(const eu_thread *thread);
/* Lane `lane`'s global invocation id: ((group_linear * threads_per_group) + thread_index) *
 * simd_width + lane. */
uint64_t eu_thread_global_id(const eu_thread *thread, uint32_t lane);
/* Whether lane `lane` is in the execution mask. */
bool eu_thread_lane_active(const eu_thread *thread, uint32_t lane);
/* 64-bit argument from dwords index (low) and index + 1 (high). */
uint64_t eu_thread_arg64(const eu_thread *thread, unsigned index);

/* One data-port message: a read or write of `length` (1..EU_MESSAGE_MAX_BYTES) bytes at
 * `address` as one b_transport on the memory target. Costs EU_SEND_ISSUE_CYCLES active
 * cycles plus the latency and the bus time as stall cycles. False on a fault (the bus
 * refused it, or a bad length): a read then yields zeros, a write is dropped, the fault is
 * counted and logged (docs/reference/eu.md "Faults"). */
bool eu_read(eu_thread *thread, uint64_t address, void *data, uint32_t length);
bool eu_write(eu_thread *thread, uint64_t address, const void *data, uint32_t length);
bool eu_read32(eu_thread *thread, uint64_t address, uint32_t *value);
bool eu_write32(eu_thread *thread, uint64_t address, uint32_t value);
/* Charges `count` ALU instructions (ceil(simd / EU_ALU_LANES) active cycles each) or math
 * instructions (EU_MATH_PASSES times that). */
void eu_alu(eu_thread *thread, uint32_t count);
void eu_math(eu_thread *thread, uint32_t count);
/* Simulated time the current phase started (picoseconds): tests observe barrier release. */
uint64_t eu_thread_phase_start(const eu_thread *thread);

/* ---- built-in kernels (eu_builtin_kernels.c; docs/reference/eu.md "Built-in kernels") -------------- */
/* By name ("nop", "fill", "copy", "add", "stream", "barrier_sum"); NULL if unknown. The
 * returned kernel has start 0: copy it and set the start address before registering. */
const eu_kernel *eu_builtin_kernel(const char *name);
/* Names of the built-ins, NULL-terminated. */
extern const char *const eu_builtin_kernel_names[];

#ifdef __cplusplus
}
#endif

#endif
