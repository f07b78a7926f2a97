/* The EU array (docs/reference/eu.md): thread dispatcher, hardware threads on EUs, kernels run
 * as C functions against graphics memory through a data-port initiator, the walker port the
 * render command streamer hands GPGPU_WALKER / COMPUTE_WALKER / MI_REPORT_PERF_COUNT to, and
 * the counters behind TS_GPGPU_THREADS_DISPATCHED and the OA reports.
 *
 *   cs_walker_port (eu_walker.c) ─► requester ─► dispatcher (eu_dispatcher.c: round-robin
 *   arbitration, placement on one subslice, back-pressure) ─► hardware thread runs the kernel
 *   (eu_kernel.c: data port b_transport on the memory target, cost in EU cycles) ─► retire ─►
 *   group done ─► walker complete (cs_walker_complete)
 *
 * Everything runs as kernel events of the same tlm_kernel as the engines; every loop is
 * bounded and bad input gets a defined behaviour and a log line (docs/reference/eu.md). */
#ifndef EU_ARRAY_H
#define EU_ARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "cs_commands.h"
#include "cs_ports.h"
#include "eu_kernel.h"
#include "eu_topology.h"
#include "irq_message.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* spec 004 "Fixed and Shared Function IDs": the fixed-function id a dispatch request carries. */
#define EU_FFID_NULL 0x0u
#define EU_FFID_HS 0x4u
#define EU_FFID_DS 0x5u
#define EU_FFID_SPAWNER 0x7u
#define EU_FFID_VFE 0x8u /* Video Front End: media and GPGPU (walker) threads */
#define EU_FFID_VS 0x9u
#define EU_FFID_CS 0xAu
#define EU_FFID_GS 0xCu
#define EU_FFID_WM 0xFu
/* Fixed-function ids are 4 bits. */
#define EU_FFID_COUNT 16u

/* Requesters the dispatcher arbitrates between. */
#define EU_MAX_REQUESTERS 8u
/* Initiator id of the data port's payloads (traces and logs tell EU traffic apart). */
#define EU_DATA_PORT_INITIATOR_ID 0x0E00u

typedef struct eu_array_config {
    cs_profile profile;          /* gen6 or gen12: counters and report format */
    eu_topology topology;        /* all zero: eu_topology_default(profile) */
    const tlm_target *memory;    /* graphics memory the data port and report writes go to */
    tlm_time clock_period;       /* GT clock period: one EU cycle */
    irq_message_sink irq;        /* the OA buffer half-full interrupt (class other, WDOAPERF); deliver NULL: none */
} eu_array_config;

/* One thread group a requester asks the dispatcher to run. */
typedef struct eu_group {
    uint8_t ffid;                  /* spec 004 fixed-function id of the requester (EU_FFID_*) */
    uint64_t kernel_start;         /* kernel start address: the registry key */
    uint32_t group_id[3];          /* thread group id x, y, z */
    uint32_t group_linear;         /* the group's index in its walker's order */
    uint32_t threads;              /* threads in the group (1 .. threads per subslice) */
    uint32_t simd_width;           /* lanes per thread: 8, 16 or 32 */
    uint32_t row_threads;          /* threads per row (GPGPU_WALKER thread width); 0: all in one row */
    uint32_t exec_mask;            /* execution mask of a thread neither last in its row nor in the last row */
    uint32_t right_mask;           /* ANDed in for the last thread of each row (genxml Right Execution Mask) */
    uint32_t bottom_mask;          /* ANDed in for the threads of the last row (genxml Bottom Execution Mask) */
    uint32_t args[EU_ARG_DWORDS];  /* per-thread payload: the same argument dwords for each thread */
    uint64_t tag;                  /* the requester's own (which walker it belongs to) */
    bool has_context;              /* submitted by a render context: its OAR counters count the work */
    uint32_t context;              /* that context's software id */
} eu_group;

/* A requester: the dispatcher pulls groups from it while it has room (back-pressure: nothing
 * is pulled while the array is full), and tells it when each group's last thread retired. */
typedef struct eu_requester {
    const char *name;                                      /* for logs */
    bool (*next)(void *context, eu_group *group);          /* the next group; false: none now */
    void (*group_done)(void *context, const eu_group *group); /* its last thread retired */
    void *context;                                         /* passed to both */
} eu_requester;

/* Counters (docs/reference/oa.md "Counters"); cycles are GT clocks. */
typedef struct eu_array_stats {
    uint64_t groups_dispatched;      /* thread groups placed */
    uint64_t groups_refused;         /* groups larger than a subslice, or with 0 threads, or a bad SIMD width */
    uint64_t threads_dispatched;     /* hardware threads started */
    uint64_t threads_retired;        /* hardware threads retired */
    uint64_t gpgpu_threads;          /* of the dispatched, those from the VFE (GPGPU) requester: OA A4 */
    uint64_t gpgpu_channels;         /* active channels of those (popcount of exec masks): TS_GPGPU_THREADS_DISPATCHED */
    uint64_t eu_active_cycles;       /* sum over threads of cycles executing instructions */
    uint64_t eu_stall_cycles;        /* sum over threads of cycles waiting for the data port */
    uint64_t barriers;               /* barrier releases */
    uint64_t messages;               /* data-port messages (b_transport calls) */
    uint64_t faults;                 /* data-port messages the bus refused */
    uint64_t unknown_kernel_threads; /* threads whose kernel start address is not registered */
    uint64_t phase_limit_threads;    /* threads retired for exceeding EU_MAX_PHASES */
    uint32_t peak_threads;           /* most hardware threads busy at once */
    uint64_t walkers;                /* GPGPU_WALKER / COMPUTE_WALKER requests taken */
    uint64_t walkers_completed;      /* of them, completed */
    uint64_t reports;                /* MI_REPORT_PERF_COUNT reports written */
    uint64_t oa_reports;             /* timer-triggered reports written to the OA buffer */
    uint64_t oa_reports_dropped;     /* buffer reports dropped: buffer full or write refused */
    uint64_t oa_context_reports;     /* context-switch reports attempted (render context loads while counting) */
    uint64_t oa_final_reports;       /* final reports attempted (counting turned off) */
    uint64_t oa_half_full;           /* half-full interrupts (the buffer crossed half its size) */
} eu_array_stats;

typedef struct eu_array eu_array;

/* NULL (and a log line) if the topology is invalid or memory is NULL. */
eu_array *eu_array_create(tlm_kernel *kernel, const char *name, const eu_array_config *config);
void eu_array_destroy(eu_array *array);
/* Forgets every thread, group and walker (walkers not completed stay so: the engine forgets
 * them on its own reset), zeroes the counters; registered kernels and requesters stay. */
void eu_array_reset(eu_array *array);

const eu_topology *eu_array_topology(const eu_array *array);
eu_kernel_registry *eu_array_kernels(eu_array *array);
/* Registers a kernel (eu_kernel_register); false if refused. */
bool eu_array_register_kernel(eu_array *array, const eu_kernel *kernel);

/* ---- dispatcher (eu_dispatcher.c) ---------------------------------------------------------- */
/* Adds a requester; returns its index, or -1 when EU_MAX_REQUESTERS are taken. */
int eu_array_add_requester(eu_array *array, const eu_requester *requester);
/* Tells the dispatcher requester `index` may have work: a dispatch pass runs at once as an
 * event (never inside the caller). */
void eu_array_kick(eu_array *array, int index);
/* Hardware threads busy now, and on subslice `subslice`. */
uint32_t eu_array_busy_threads(const eu_array *array);
uint32_t eu_array_busy_threads_on(const eu_array *array, uint32_t subslice);
/* True while threads run, groups wait or walkers are outstanding. */
bool eu_array_busy(const eu_array *array);

/* ---- observers for tests ------------------------------------------------------------------- */
typedef struct eu_thread_event {
    bool retire;              /* false: dispatched; true: retired */
    uint64_t group_tag;       /* the group's tag */
    uint32_t group_linear;    /* the group's index */
    uint32_t thread_index;    /* the thread within the group */
    uint32_t slot;            /* hardware thread (global index) */
    uint32_t subslice;        /* its subslice */
    int requester;            /* which requester */
    tlm_time time;            /* when */
} eu_thread_event;
typedef void (*eu_thread_observer)(void *context, const eu_thread_event *event);
void eu_array_set_observer(eu_array *array, eu_thread_observer observer, void *context);

/* ---- coverage and waveform rows (docs/reference/eu.md "Waveform rows and coverage") ------------------ */
/* Threads dispatched for requester `index` (0 when there is none), for fixed-function id
 * `ffid` (EU_FFID_*), and started for the registered kernel named `name` (threads of an
 * unknown start address count as stats.unknown_kernel_threads). Zeroed by reset. */
uint64_t eu_array_requester_threads(const eu_array *array, int index);
uint64_t eu_array_function_threads(const eu_array *array, unsigned ffid);
uint64_t eu_array_kernel_threads(const eu_array *array, const char *name);
/* Name of requester `index` (NULL when there is none) and of a fixed-function id ("vfe",
 * "cs", ...; NULL for an id spec 004 does not name). */
const char *eu_array_requester_name(const eu_array *array, int index);
const char *eu_ffid_name(unsigned ffid);
/* Thread groups whose last thread retired (stats.groups_dispatched counts the placed ones). */
uint64_t eu_array_groups_retired(const eu_array *array);
/* With tracing on, the array declares in its scope (its name): busy_ss0 .. busy_ssN (busy
 * threads per subslice), busy (in all), groups_dispatched and groups_retired (the walker's
 * progress: every group the dispatcher placed and every group whose last thread retired). */

/* ---- walker port (eu_walker.c) ------------------------------------------------------------- */
/* The port to hand a render engine (cs_engine_set_walker_port). */
cs_walker_port eu_array_walker_port(eu_array *array);
/* GPGPU_WALKER reads its interface descriptor from base + idd_offset * 32 (docs/reference/eu.md: the
 * base MEDIA_INTERFACE_DESCRIPTOR_LOAD and STATE_BASE_ADDRESS would give). */
void eu_array_set_descriptor_base(eu_array *array, uint64_t base);

/* ---- counters (eu_counters.c) ----------------------------------------------------------- */
const eu_array_stats *eu_array_get_stats(const eu_array *array);
/* The port TS_GPGPU_THREADS_DISPATCHED reads (cs_engine_set_statistics_port). */
cs_statistics_port eu_array_statistics_port(eu_array *array);
/* Connects the array to a render engine: walker port and statistics port. */
void eu_array_connect(eu_array *array, cs_engine_model *engine);
/* GT clocks since creation (or reset): GPU_TICKS. */
uint64_t eu_array_gpu_ticks(const eu_array *array);
/* GT clocks during which the array was busy (eu_array_busy): OA A0. */
uint64_t eu_array_busy_cycles(const eu_array *array);
/* The A-counter `index` as the profile's report carries it (docs/reference/oa.md "Counters"): the global
 * (OAG) counts, which advance only while counting is enabled (gen12 OACONTROL.COUNTER_ENABLE). */
uint64_t eu_array_a_counter(const eu_array *array, unsigned index);
/* The same for render context `context_id` (OAR: the work its walkers submitted, and A0 while it
 * was the render engine's context); 0 for a context never seen. */
uint64_t eu_array_context_a_counter(eu_array *array, uint32_t context_id, unsigned index);

/* ---- gen12 OA buffer (eu_oa.c; docs/reference/oa.md "OA buffer") ------------------------------------ */
/* Where the OAG blocks sit in the MMIO space (i915 GEN12_OAG_OACONTROL 0xDAF4 and
 * GEN12_OAG_OAGLBCTXCTRL 0x2B28). */
#define EU_OAG_MMIO_BASE UINT64_C(0xDAF4)
#define EU_OAG_CTX_MMIO_BASE UINT64_C(0x2B28)
/* RPT_ID of a timer-triggered report (spec 001/003 RPT_ID: bit 19 report reason[0] "Timer
 * Triggered", bit 16 "Timer Enabled"). */
#define EU_RPT_ID_TIMER ((UINT32_C(1) << 19) | (UINT32_C(1) << 16))
/* Report reason[3] "Context switch" (bit 22) and reason[4] "GO transition from 1 to 0" (bit
 * 23), spec 001 RPT_ID; with bit 16 when the timer is enabled. */
#define EU_RPT_ID_CONTEXT_SWITCH (UINT32_C(1) << 22)
#define EU_RPT_ID_COUNTING_STOPPED (UINT32_C(1) << 23)
#define EU_RPT_ID_TIMER_ENABLED (UINT32_C(1) << 16)
/* spec 001 "OA Interrupt Control Registers" bit 28, Performance Monitoring Buffer Half-Full, as
 * the interrupt message's data bit: bit 12, where a posted i915 patch (intel_gt_irq.c
 * gen8_perfmon_handler, GEN8_GT_PERFMON_BUFFER_HALF_FULL_INTERRUPT) reads it (docs/facts.md). */
#define EU_OA_IRQ_HALF_FULL (1u << 12)
/* MMIO targets of the OAG registers (map them at EU_OAG_MMIO_BASE, EU_BLOCK_SIZE bytes and
 * EU_OAG_CTX_MMIO_BASE, EU_CTX_BLOCK_SIZE bytes); NULL on gen6 (docs/reference/oa.md: its OA registers
 * sit inside the render engine's block and are not modelled). */
const tlm_target *eu_array_oa_target(eu_array *array);
const tlm_target *eu_array_oa_ctx_target(eu_array *array);
/* Simulated time between two timer reports with the current period (0: timer off). */
tlm_time eu_array_oa_timer_period(const eu_array *array);

/* ---- reports (eu_report.c) ----------------------------------------------------------- */
/* Bytes of the profile's MI_REPORT_PERF_COUNT report: gen12 256 (spec 001 "OAR Report Format
 * (Counter Select = 0b101)"), gen6 64 (spec 000 §1.1.13.1 Counter Select 000). */
uint32_t eu_report_size(cs_profile profile);
/* Fills `report` (eu_report_size bytes, little-endian dwords) with the counters now. */
void eu_array_build_report(eu_array *array, uint32_t report_id, uint8_t *report);

#ifdef __cplusplus
}
#endif

#endif
