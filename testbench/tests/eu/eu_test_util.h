/* What the EU array tests share: a small system of a kernel, a memory mapped at
 * [0, EU_TEST_MEMORY_SIZE) through a router (everything above is unmapped), an EU array on
 * it, and a scripted requester that offers a list of thread groups. Helpers are static inline
 * so a test file that does not use one compiles without warnings. */
#ifndef EU_TEST_UTIL_H
#define EU_TEST_UTIL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "eu_array.h"
#include "tb_test.h"
#include "gtsim_tlm.h"

#define EU_TEST_MEMORY_SIZE (UINT64_C(16) << 20)
#define EU_TEST_PERIOD (1000 * TLM_PS) /* a 1 GHz GT clock */
#define EU_TEST_UNMAPPED (UINT64_C(1) << 30)
#define EU_TEST_MAX_GROUPS 256u
#define EU_TEST_MAX_EVENTS 8192u

/* A requester that offers groups[0..count) in order and records completions. */
typedef struct eu_script {
    eu_group groups[EU_TEST_MAX_GROUPS]; /* what it offers */
    uint32_t count;                      /* how many */
    uint32_t offered;                    /* handed to the dispatcher */
    uint32_t done_order[EU_TEST_MAX_GROUPS]; /* group_linear of each completion, in order */
    tlm_time done_time[EU_TEST_MAX_GROUPS];  /* when */
    uint32_t done;                       /* completions */
    uint32_t next_calls;                 /* times the dispatcher pulled */
    tlm_kernel *kernel;                  /* for time stamps */
    int index;                           /* its requester index */
} eu_script;

/* Writes `value` to OAG register `offset` (eu_regs.toml) through the array's OA target. */
static inline void eu_oa_write(eu_array *array, uint32_t offset, uint32_t value)
{
    uint8_t bytes[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
    tlm_payload payload = tlm_payload_make(TLM_CMD_WRITE, offset, bytes, 4);
    tlm_time delay = 0;
    tlm_b_transport(eu_array_oa_target(array), &payload, &delay);
    EXPECT_EQ(payload.response, TLM_STATUS_OK);
}

/* gen12 counters count only while OACONTROL.COUNTER_ENABLE is set (format 101b). */
#define EU_OA_COUNTING_ON 0x15u

static inline bool eu_script_next(void *context, eu_group *group)
{
    eu_script *script = context;
    script->next_calls++;
    if (script->offered >= script->count)
        return false;
    *group = script->groups[script->offered++];
    return true;
}

static inline void eu_script_done(void *context, const eu_group *group)
{
    eu_script *script = context;
    if (script->done < EU_TEST_MAX_GROUPS) {
        script->done_order[script->done] = group->group_linear;
        script->done_time[script->done] = tlm_kernel_now(script->kernel);
    }
    script->done++;
}

typedef struct EuSys {
    tlm_kernel *kernel;          /* time */
    tlm_memory *memory;          /* graphics memory */
    tlm_router *bus;             /* memory at [0, 16 MiB), nothing above */
    eu_array *array;             /* under test */
    eu_script scripts[2];        /* two scripted requesters */
    eu_thread_event events[EU_TEST_MAX_EVENTS]; /* observed dispatches and retirements */
    uint32_t event_count;        /* how many */
} EuSys;

static inline void eu_observe(void *context, const eu_thread_event *event)
{
    EuSys *self = context;
    if (self->event_count < EU_TEST_MAX_EVENTS)
        self->events[self->event_count] = *event;
    self->event_count++;
}

static void EuSys_SetUp(EuSys *self)
{
    memset(self, 0, sizeof *self);
}

static void EuSys_TearDown(EuSys *self)
{
    eu_array_destroy(self->array);
    tlm_router_destroy(self->bus);
    tlm_memory_destroy(self->memory);
    tlm_kernel_destroy(self->kernel);
}

/* Builds the system with `topology` (NULL: the profile's default) and both scripted requesters. */
static inline void eu_build(EuSys *self, cs_profile profile, const eu_topology *topology)
{
    self->kernel = tlm_kernel_create();
    tlm_logger_set_level(tlm_kernel_logger(self->kernel), TLM_LOG_LEVEL_COUNT); /* print nothing; still counted */
    self->memory = tlm_memory_create(self->kernel, "memory", EU_TEST_MEMORY_SIZE);
    self->bus = tlm_router_create(self->kernel, "bus");
    ASSERT_EQ(tlm_router_map(self->bus, 0, EU_TEST_MEMORY_SIZE, tlm_memory_target(self->memory)), 0);
    eu_array_config config = { .profile = profile, .memory = tlm_router_target(self->bus),
                               .clock_period = EU_TEST_PERIOD };
    if (topology)
        config.topology = *topology;
    self->array = eu_array_create(self->kernel, "eu", &config);
    ASSERT_TRUE(self->array != NULL);
    eu_array_set_observer(self->array, eu_observe, self);
    for (int i = 0; i < 2; i++) {
        self->scripts[i].kernel = self->kernel;
        eu_requester requester = { .name = i ? "B" : "A", .next = eu_script_next, .group_done = eu_script_done,
                                   .context = &self->scripts[i] };
        self->scripts[i].index = eu_array_add_requester(self->array, &requester);
        ASSERT_GE(self->scripts[i].index, 0);
    }
}

/* A group of `threads` SIMD`simd` threads of the kernel at `start`, all lanes on. */
static inline eu_group eu_make_group(uint64_t start, uint32_t linear, uint32_t threads, uint32_t simd)
{
    eu_group group = { .ffid = EU_FFID_VFE, .kernel_start = start, .group_linear = linear, .threads = threads,
                       .simd_width = simd, .exec_mask = 0xFFFFFFFFu, .right_mask = 0xFFFFFFFFu,
                       .bottom_mask = 0xFFFFFFFFu, .tag = linear };
    group.group_id[0] = linear;
    return group;
}

static inline void eu_add(EuSys *self, int script, eu_group group)
{
    eu_script *s = &self->scripts[script];
    ASSERT_LT(s->count, EU_TEST_MAX_GROUPS);
    s->groups[s->count++] = group;
}

static inline void eu_run(EuSys *self)
{
    eu_array_kick(self->array, -1);
    ASSERT_EQ(tlm_kernel_run_until_idle(self->kernel, 100 * TLM_MS), TLM_RUN_IDLE);
}

static inline bool eu_register_builtin(EuSys *self, const char *name, uint64_t start)
{
    const eu_kernel *builtin = eu_builtin_kernel(name);
    if (!builtin)
        return false;
    eu_kernel kernel = *builtin;
    kernel.start = start;
    return eu_array_register_kernel(self->array, &kernel);
}

static inline void mem_put(EuSys *self, uint64_t address, uint32_t value)
{
    ASSERT_TRUE(tlm_memory_write_backdoor(self->memory, address, &value, 4));
}

static inline uint32_t mem_get(EuSys *self, uint64_t address)
{
    uint32_t value = 0;
    EXPECT_TRUE(tlm_memory_read(self->memory, address, &value, 4));
    return value;
}

static inline uint64_t log_errors(EuSys *self)
{
    return tlm_logger_count(tlm_kernel_logger(self->kernel), TLM_LOG_ERROR);
}

#endif
