/* The EU array's private state, shared by its files (eu_array.c, eu_dispatcher.c,
 * eu_kernel.c, eu_walker.c, eu_counters.c). Not part of the API: other blocks use eu_array.h. */
#ifndef EU_INTERNAL_H
#define EU_INTERNAL_H

#include "eu_array.h"
#include "tlm_register.h"
#include "tlm_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* OA counts kept while counting is enabled (docs/reference/oa.md "Counters"): the global (OAG) set and
 * one per render context (OAR). */
typedef struct eu_oa_counts {
    uint64_t busy_ps;      /* A0: picoseconds the array was busy */
    uint64_t threads;      /* A4: GPGPU threads dispatched */
    uint64_t active;       /* A7: EU cycles executing instructions */
    uint64_t stall;        /* A8: EU cycles waiting for the data port */
    uint64_t barriers;     /* A35: barrier messages (one per thread in a barrier) */
} eu_oa_counts;

/* Render contexts whose OAR counts are kept (least recently used one dropped beyond). */
#define EU_OA_CONTEXTS 64u

typedef struct eu_oa_context {
    bool used;             /* the entry holds a context */
    uint32_t id;           /* its software context id */
    uint64_t last_use;     /* use sequence number (replacement) */
    eu_oa_counts counts;   /* its OAR counts */
} eu_oa_context;

/* A thread group placed on a subslice, from placement until its last thread retires. */
typedef struct eu_group_run {
    eu_group group;              /* what the requester asked for */
    const eu_kernel *kernel;     /* its kernel; NULL: unknown start address */
    int requester;               /* who asked */
    uint32_t subslice;           /* where all its threads run */
    uint32_t live;               /* threads not retired yet */
    uint32_t arrived;            /* live threads waiting at the barrier */
    uint32_t *slots;             /* hardware thread of each thread index */
    struct eu_group_run *next;   /* free-list link */
} eu_group_run;

/* One hardware thread. */
struct eu_thread {
    tlm_event event;             /* fires at the end of the current phase */
    eu_array *array;             /* owner */
    eu_group_run *run;           /* its group while busy */
    eu_thread_info info;         /* what the kernel sees */
    uint32_t slot;               /* global hardware thread index */
    unsigned phase;              /* phase being run */
    bool busy;                   /* holds a thread */
    bool waiting;                /* at the barrier */
    bool logged_fault;           /* a fault was logged for this thread (one line per thread) */
    eu_kernel_step step;         /* what the current phase returned */
    tlm_time phase_start;        /* when the current phase started */
    uint64_t active_cycles;      /* of the current phase: instructions */
    uint64_t stall_cycles;       /* of the current phase: data-port waits */
};

/* A walker in flight: its decoded command, the next group to produce and the engine's
 * completion. */
typedef struct eu_walker_job {
    eu_group proto;              /* the fields every group shares */
    uint32_t start[3];           /* first thread group id x, y, z */
    uint32_t end[3];             /* one past the last */
    uint32_t cursor[3];          /* next group to produce */
    uint64_t produced;           /* groups handed to the dispatcher */
    uint64_t done;               /* of them, finished */
    bool all_produced;           /* cursor went past the end */
    cs_walker_completion completion; /* the engine's completion */
    uint64_t tag;                /* distinguishes jobs in group tags */
    struct eu_walker_job *next;  /* FIFO link */
} eu_walker_job;

struct eu_array {
    tlm_kernel *kernel;          /* time and events */
    tlm_log_block *log;          /* this block's log record */
    eu_array_config config;      /* with the topology filled in */
    eu_kernel_registry kernels;  /* start address -> C function */
    eu_array_stats stats;        /* counters */

    /* hardware threads */
    struct eu_thread *threads;   /* eu_topology_threads() of them, slot = ((subslice * EUs) + eu) * threads_per_eu + t */
    uint32_t thread_count;       /* their number */
    uint32_t *busy_per_subslice; /* busy threads per subslice */
    uint32_t *busy_per_eu;       /* busy threads per EU (global EU index) */
    uint32_t busy;               /* busy threads in all */
    eu_group_run *free_runs;     /* recycled group records */

    /* dispatcher */
    eu_requester requesters[EU_MAX_REQUESTERS]; /* registered requesters */
    eu_group pending[EU_MAX_REQUESTERS];        /* the group each has offered and not placed */
    bool has_pending[EU_MAX_REQUESTERS];        /* whether pending[i] holds a group */
    int requester_count;                        /* registered */
    int rr_next;                                /* requester whose turn it is */
    tlm_event pump;                             /* a dispatch pass */
    uint32_t groups_waiting;                    /* groups offered and not placed (busy test) */
    eu_thread_observer observer;                /* test hook */
    void *observer_context;                     /* its context */

    /* walker */
    int walker_requester;        /* the walker's requester index */
    eu_walker_job *jobs_head;    /* walkers in flight, oldest first */
    eu_walker_job *jobs_tail;    /* newest */
    eu_walker_job *produce;      /* the job groups are produced from */
    uint64_t next_job_tag;       /* tag of the next job */
    uint32_t walkers_outstanding;/* jobs not completed */
    uint64_t descriptor_base;    /* GPGPU_WALKER interface descriptors */

    /* gen12 OA buffer (eu_oa.c) */
    tlm_register_file oa_regs;   /* OAG block at EU_OAG_MMIO_BASE */
    tlm_register_file oa_ctx_regs; /* OAGLBCTXCTRL at EU_OAG_CTX_MMIO_BASE */
    tlm_target oa_target;        /* MMIO target of oa_regs */
    tlm_target oa_ctx_target;    /* MMIO target of oa_ctx_regs */
    tlm_event oa_timer;          /* the periodic report strobe (a background event) */
    bool oa_format_warned;       /* an unmodelled format was logged */
    bool oa_counting;            /* counters count (gen12 OACONTROL.COUNTER_ENABLE; gen6 always) */
    bool oa_busy_counting;       /* busy and counting at the last update: A0 integrates */
    tlm_time oa_since;           /* when A0 was last integrated */
    eu_oa_counts oa_global;      /* OAG counts (the OA buffer's reports) */
    eu_oa_context oa_contexts[EU_OA_CONTEXTS]; /* OAR counts per render context */
    uint64_t oa_uses;            /* use sequence for oa_contexts */
    bool oa_has_current;         /* a render context is loaded */
    uint32_t oa_current;         /* its software context id */
    bool oa_half_full;           /* the buffer was at least half full after the last report */

    /* coverage counters (zeroed with stats) and waveform rows (docs/reference/eu.md "Waveform rows and
     * coverage"; row ids 0 when not traced) */
    uint64_t requester_threads[EU_MAX_REQUESTERS]; /* threads dispatched per requester */
    uint64_t function_threads[EU_FFID_COUNT];     /* threads dispatched per fixed-function id */
    uint64_t kernel_threads[EU_MAX_KERNELS];      /* threads started per registered kernel */
    uint64_t groups_retired;     /* groups whose last thread retired */
    tlm_trace_id *busy_rows;     /* per subslice: busy threads (NULL when not traced) */
    tlm_trace_id busy_row;       /* busy threads in all */
    tlm_trace_id dispatched_row; /* thread groups dispatched */
    tlm_trace_id retired_row;    /* thread groups retired */

    /* counters */
    tlm_time origin;             /* GPU_TICKS count from here */
    tlm_time busy_since;         /* start of the current busy stretch */
    bool was_busy;               /* the array was busy at the last update */
    uint64_t busy_ps;            /* picoseconds busy, closed stretches */
};

/* eu_dispatcher.c */
void eu_dispatcher_init(eu_array *array);
void eu_dispatcher_phase_end(void *thread);
/* eu_kernel.c: runs phase `thread->phase` of the thread's kernel and schedules its end. */
void eu_thread_run_phase(struct eu_thread *thread);
/* eu_walker.c */
void eu_walker_init(eu_array *array);
void eu_walker_reset(eu_array *array);
/* eu_array.c: the waveform rows follow busy_per_subslice, busy and the group counts. */
void eu_trace_busy(eu_array *array, uint32_t subslice);
void eu_trace_groups(eu_array *array);
/* eu_counters.c: call before and after anything that may change eu_array_busy. */
void eu_counters_update_busy(eu_array *array);
/* Events the OA counters count (while counting is enabled), for `group`'s context too. */
void eu_counters_thread_dispatched(eu_array *array, const eu_group *group);
void eu_counters_phase(eu_array *array, const eu_group *group, uint64_t active, uint64_t stall);
void eu_counters_barrier(eu_array *array, const eu_group *group, uint32_t threads);
/* Counting on or off (A0 integrated up to now first). */
void eu_counters_set_counting(eu_array *array, bool counting);
/* The render engine loaded a context (or none): A0 integrated up to now first. */
void eu_counters_set_context(eu_array *array, bool has_context, uint32_t context_id);
/* The counts of context `id` (created empty), or the global set for has_context false. */
const eu_oa_counts *eu_counters_of(eu_array *array, bool has_context, uint32_t id);
/* The A-counter `index` of `counts` as the profile's report carries it. */
uint64_t eu_counters_a(const eu_array *array, const eu_oa_counts *counts, bool open_busy, unsigned index);
/* eu_report.c: a report of `counts` with CTX ID `context_id` (has_context false: 0). */
void eu_report_build(eu_array *array, uint32_t report_id, const eu_oa_counts *counts, bool open_busy,
                     bool has_context, uint32_t context_id, uint8_t *report);
/* eu_oa.c: the render engine loaded a context: a context-switch report into the OA buffer. */
void eu_oa_context_switch(void *context, bool has_context, uint32_t context_id);
/* eu_oa.c */
void eu_oa_init(eu_array *array);
void eu_oa_reset(eu_array *array);
void eu_oa_destroy(eu_array *array);
/* Data-port access shared by kernels and reports: one b_transport on the memory target. */
bool eu_data_port(eu_array *array, tlm_cmd command, uint64_t address, void *data, uint32_t length,
                  tlm_time *delay);

#ifdef __cplusplus
}
#endif

#endif
