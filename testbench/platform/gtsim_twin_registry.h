/* The RTL twins the platform knows, one descriptor each (docs/design/cosim.md "The twin registry").
 * A descriptor says what `gtsim --rtl NAME` and `--lockstep` need: the twin's name and one-line
 * description (usage text, the "unknown block" message, the run header), the profiles it exists
 * in, where its mode sits in gtsim_system_config, how the platform builds it in each mode and puts
 * it into the GT (function pointers), and its counters for the run summary. gtsim_system builds
 * the twins by walking the registry; gtsim takes the --rtl names from it.
 *
 * The product's twins (roundtrip, irq, doorbell, cs) are a constant table; a test can append a
 * descriptor of its own (gtsim_twin_registry_add) so that a twin that is not part of the product
 * runs through the same platform without appearing in gtsim's --rtl list. */
#ifndef GTSIM_TWIN_REGISTRY_H
#define GTSIM_TWIN_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gt.h"
#include "gtsim_system.h"
#include "gtsim_tlm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Descriptors the registry holds at most: the product's and those tests add. */
#define GTSIM_TWIN_MAX 8u
/* Interrupt outputs of blocks outside the GT the host line can OR in. */
#define GTSIM_TWIN_HOST_IRQ_MAX 4u

typedef struct gtsim_twin_descriptor gtsim_twin_descriptor;

/* What the platform gives a twin and takes from it while it builds the system. */
typedef struct gtsim_twin_platform {
    tlm_kernel *kernel;             /* time base and logger */
    tlm_clock *clock;               /* the GT clock, also every RTL's clock */
    tlm_memory *memory;             /* graphics memory (twins that snoop it watch its lines) */
    const gt_profile *profile;      /* the run's profile */
    /* Before the GT is built (inject): */
    gt_config *gt_config;           /* a twin of a GT block puts its replacement here (.irq, .doorbell) */
    const tlm_target *host_memory;  /* what the host's memory accesses go through (a compare of memory side effects puts itself here) */
    /* After the GT is built (attach): */
    gt *gt;                         /* the GT: a block outside it maps itself on its BAR (gt_mmio_map) */
    tlm_signal *host_irq_inputs[GTSIM_TWIN_HOST_IRQ_MAX]; /* interrupt outputs ORed into the host line, in order */
    size_t host_irq_input_count;    /* entries used in host_irq_inputs */
    const char *lockstep_order;     /* gtsim_system_config.lockstep_order: a stream compare's order policy (NULL: in-order) */
} gtsim_twin_platform;

/* One twin as built for one run (gtsim_system keeps one per descriptor whose mode needs it). */
typedef struct gtsim_twin_instance {
    const gtsim_twin_descriptor *descriptor; /* what it is */
    gtsim_block_mode mode;             /* how it is simulated in this run */
    void *model;                    /* the C model the descriptor built (lockstep; model mode of a block outside the GT); NULL: the GT's own */
    void *twin;                     /* the RTL twin (modes rtl and lockstep) */
    void *lockstep;                 /* the compare of model and twin (mode lockstep) */
    void *glue;                     /* the descriptor's own state (e.g. the replacement it injects) */
} gtsim_twin_instance;

struct gtsim_twin_descriptor {
    const char *name;               /* --rtl NAME, and the block's name in the run header ("irq: rtl") */
    const char *description;        /* one line for the usage text */
    const char *const *profiles;    /* the profiles it exists in (NULL-terminated gt_profile names) */
    const char *absent;             /* why another profile has none, after "profile P " in the error */
    size_t mode_offset;             /* offsetof(gtsim_system_config, <its mode field>): its block mode slot */
    bool fronts_memory;             /* lockstep puts a compare in front of graphics memory: built before the host's memory path */
    bool by_name_only;              /* a twin of a subset of its block (the command streamer's): a bare --lockstep leaves it a model; --rtl NAME selects it */
    /* Builds what `instance->mode` needs into the instance: the model (optional: NULL means the
     * GT builds its own model in model mode and the block has no instance then), the RTL twin,
     * or both and their compare. */
    void (*create_model)(gtsim_twin_instance *instance, gtsim_twin_platform *platform);
    void (*create_rtl)(gtsim_twin_instance *instance, gtsim_twin_platform *platform);
    void (*create_lockstep)(gtsim_twin_instance *instance, gtsim_twin_platform *platform);
    /* Before the GT is built: puts the instance into the GT's configuration or the host's
     * memory path (optional). */
    void (*inject)(gtsim_twin_instance *instance, gtsim_twin_platform *platform);
    /* After the GT is built: maps a block outside the GT on its BAR, adds interrupt outputs to
     * the host line (optional). */
    void (*attach)(gtsim_twin_instance *instance, gtsim_twin_platform *platform);
    /* Frees what create_* built (the GT is gone; the memory and the kernel still exist). */
    void (*destroy)(gtsim_twin_instance *instance);
    /* Counters for the run summary (0 where the mode has no such part). */
    uint64_t (*assertion_failures)(const gtsim_twin_instance *instance); /* RTL assertions that failed */
    uint64_t (*mismatches)(const gtsim_twin_instance *instance);         /* lockstep divergences */
    uint64_t (*transactions)(const gtsim_twin_instance *instance);       /* stimuli the lockstep compared */
    /* The block has work in flight the kernel does not see as an event (an RTL that runs on
     * the clock's edges, which are background events): run idle waits for it (optional). */
    bool (*busy)(const gtsim_twin_instance *instance);
    /* The run ended (optional; lockstep compares of streams): unmatched items become divergences,
     * the first divergence's report goes to `out` (NULL: nowhere); returns the divergences found now. */
    uint64_t (*finish)(gtsim_twin_instance *instance, FILE *out);
};

/* Descriptors registered, the product's first, in registry order. */
size_t gtsim_twin_count(void);
const gtsim_twin_descriptor *gtsim_twin_at(size_t index);
/* The descriptor named by the first `length` bytes of `name`, or NULL; its registry index in
 * *index when found and index is not NULL. */
const gtsim_twin_descriptor *gtsim_twin_find(const char *name, size_t length, size_t *index);
/* Appends a descriptor (tests only). False, registering nothing, when its name is taken, it
 * lacks a name, create_rtl, create_lockstep or destroy, or the registry is full. The
 * descriptor must outlive its use. */
bool gtsim_twin_registry_add(const gtsim_twin_descriptor *descriptor);

/* Whether the twin exists in `profile` (NULL: the default profile); false for an unknown one. */
bool gtsim_twin_in_profile(const gtsim_twin_descriptor *descriptor, const char *profile);
/* Its mode field in `config`. */
gtsim_block_mode *gtsim_twin_mode_slot(const gtsim_twin_descriptor *descriptor, gtsim_system_config *config);
gtsim_block_mode gtsim_twin_mode(const gtsim_twin_descriptor *descriptor, const gtsim_system_config *config);
/* "roundtrip, irq, doorbell, cs": the registered names, for messages (truncated to fit). */
const char *gtsim_twin_names(char *buffer, size_t size);
/* The usage lines listing each twin ("    NAME  description (profiles)"), each line led by
 * `indent` spaces. */
void gtsim_twin_print_list(FILE *out, unsigned indent);

#ifdef __cplusplus
}
#endif

#endif
