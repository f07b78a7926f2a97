/* The walker port (docs/reference/eu.md "Walker decode"): the render engine hands
 * GPGPU_WALKER, COMPUTE_WALKER and MI_REPORT_PERF_COUNT here (models/cs/cs_ports.h
 * cs_walker_port). A walker becomes a job that produces its thread groups lazily as the
 * dispatcher pulls them (back-pressure reaches the walker, not a queue); the job completes
 * (cs_walker_complete) when its last group's last thread retires. Fields are read by name
 * from the profile's command tables, so the encodings live in one place (cs_commands_*.c). */
#include <stdlib.h>
#include <string.h>

#include "eu_internal.h"
#include "tlm_alloc.h"

/* INTERFACE_DESCRIPTOR_DATA (genxml gen12.xml / gen120.xml, 8 dwords; gen125.xml for
 * COMPUTE_WALKER's inline copy; docs/facts.md "EU array"). */
#define EU_IDD_DWORDS 8u
#define EU_IDD_BYTES (EU_IDD_DWORDS * 4u)
#define EU_IDD_KSP_LOW_MASK 0xFFFFFFC0u   /* DW0 31:6: Kernel Start Pointer 31:6 */
#define EU_IDD_KSP_HIGH_MASK 0x0000FFFFu  /* DW1 15:0: Kernel Start Pointer 47:32 */
#define EU_IDD_THREADS_MASK 0x3FFu        /* Number of Threads in GPGPU Thread Group, 9:0 */
#define EU_IDD_GEN12_THREADS_DWORD 6u     /* gen12 (gen120) INTERFACE_DESCRIPTOR_DATA DW6 */
#define EU_IDD_GEN125_THREADS_DWORD 5u    /* gen125 INTERFACE_DESCRIPTOR_DATA DW5 */

/* ---- decoding by field name ----------------------------------------------------------------- */

/* The shown value of fixed field `name` of the request's command, if present in its dwords. */
static bool field(const cs_walker_request *request, const char *name, uint64_t *value)
{
    bool in_group = false;
    const cs_field *f = request->command ? cs_command_field(request->command, name, &in_group) : NULL;
    if (!f || in_group || (uint32_t)f->dword + cs_field_span(f) > request->length)
        return false;
    *value = cs_field_display(f, cs_field_extract(f, &request->dwords[f->dword]));
    return true;
}

static uint32_t field32(const cs_walker_request *request, const char *name)
{
    uint64_t value = 0;
    field(request, name, &value);
    return (uint32_t)value;
}

/* genxml SIMD Size: 0 SIMD8, 1 SIMD16, 2 SIMD32 (3 is reserved: width 0, refused at dispatch). */
static uint32_t simd_width(uint32_t raw)
{
    return raw <= 2 ? 8u << raw : 0u;
}

static uint32_t full_mask(uint32_t width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

static uint64_t idd_kernel_start(const uint32_t *idd)
{
    return (uint64_t)(idd[0] & EU_IDD_KSP_LOW_MASK) | (uint64_t)(idd[1] & EU_IDD_KSP_HIGH_MASK) << 32;
}

/* ---- jobs ------------------------------------------------------------------------------------ */

static void append_job(eu_array *array, eu_walker_job *job)
{
    if (array->jobs_tail)
        array->jobs_tail->next = job;
    else
        array->jobs_head = job;
    array->jobs_tail = job;
    if (!array->produce)
        array->produce = job;
}

static void remove_job(eu_array *array, eu_walker_job *job)
{
    eu_walker_job **link = &array->jobs_head;
    eu_walker_job *previous = NULL;
    while (*link && *link != job) {
        previous = *link;
        link = &(*link)->next;
    }
    if (!*link)
        return;
    *link = job->next;
    if (array->jobs_tail == job)
        array->jobs_tail = previous;
    if (array->produce == job)
        array->produce = job->next;
    free(job);
}

static void complete_job(eu_array *array, eu_walker_job *job)
{
    cs_walker_completion completion = job->completion;
    array->walkers_outstanding--;
    array->stats.walkers_completed++;
    remove_job(array, job);
    eu_counters_update_busy(array);
    cs_walker_complete(&completion);
}

static bool walker_next(void *context, eu_group *group)
{
    eu_array *array = context;
    while (array->produce && array->produce->all_produced)
        array->produce = array->produce->next;
    eu_walker_job *job = array->produce;
    if (!job)
        return false;
    *group = job->proto;
    memcpy(group->group_id, job->cursor, sizeof job->cursor);
    uint32_t dim_x = job->end[0], dim_y = job->end[1];
    group->group_linear = job->cursor[0] + dim_x * (job->cursor[1] + dim_y * job->cursor[2]);
    group->tag = job->tag;
    job->produced++;
    /* X fastest, then Y, then Z (genxml: the walker iterates thread groups in X, Y, Z). */
    if (++job->cursor[0] >= job->end[0]) {
        job->cursor[0] = job->start[0];
        if (++job->cursor[1] >= job->end[1]) {
            job->cursor[1] = job->start[1];
            if (++job->cursor[2] >= job->end[2])
                job->all_produced = true;
        }
    }
    return true;
}

static void walker_group_done(void *context, const eu_group *group)
{
    eu_array *array = context;
    for (eu_walker_job *job = array->jobs_head; job; job = job->next) {
        if (job->tag != group->tag)
            continue;
        job->done++;
        if (job->all_produced && job->done == job->produced)
            complete_job(array, job);
        return;
    }
}

/* ---- the commands ------------------------------------------------------------------------------ */

static void take_walker(eu_array *array, const cs_walker_request *request, cs_walker_completion completion)
{
    bool compute = strcmp(request->command->name, "COMPUTE_WALKER") == 0;
    eu_walker_job *job = tlm_alloc_zeroed(1, sizeof *job);
    job->completion = completion;
    job->tag = ++array->next_job_tag;
    eu_group *proto = &job->proto;
    proto->ffid = EU_FFID_VFE; /* spec 004: GPGPU threads come from the media pipeline's VFE */
    proto->has_context = request->has_context; /* its render context's OAR counters count it */
    proto->context = request->context_id;
    proto->simd_width = simd_width(field32(request, "simd"));
    proto->exec_mask = full_mask(proto->simd_width);
    proto->bottom_mask = 0xFFFFFFFFu;
    if (field32(request, "predicate"))
        tlm_log_warning(array->log, "%s: predicate enable is not modelled: the walker runs", request->command->name);
    if (field32(request, "indirect_parameter"))
        tlm_log_warning(array->log, "%s: indirect parameters are not modelled: the command's dimensions are used",
                        request->command->name);
    uint32_t idd[EU_IDD_DWORDS] = { 0 };
    if (compute) {
        /* genxml gen125.xml COMPUTE_WALKER: DW18..25 the interface descriptor, DW31..38 the
         * inline data (each thread's argument dwords here), DW5 the execution mask of the last
         * thread of a group. */
        static const char *const idd_names[EU_IDD_DWORDS] = { "idd0", "idd1", "idd2", "idd3",
                                                                "idd4", "idd5", "idd6", "idd7" };
        static const char *const inline_names[EU_ARG_DWORDS] = { "inline0", "inline1", "inline2", "inline3",
                                                                   "inline4", "inline5", "inline6", "inline7" };
        for (unsigned i = 0; i < EU_IDD_DWORDS; i++)
            idd[i] = field32(request, idd_names[i]);
        for (unsigned i = 0; i < EU_ARG_DWORDS; i++)
            proto->args[i] = field32(request, inline_names[i]);
        proto->threads = idd[EU_IDD_GEN125_THREADS_DWORD] & EU_IDD_THREADS_MASK;
        proto->right_mask = field32(request, "exec_mask");
        proto->row_threads = 0;
    } else {
        /* genxml gen12.xml GPGPU_WALKER: the descriptor is in memory (MEDIA_INTERFACE_DESCRIPTOR_LOAD
         * start + IDD offset x 32 bytes); thread width/height/depth maxima shape the group;
         * right/bottom masks; the indirect data (the threads' arguments here) at its start. */
        uint64_t address = array->descriptor_base + (uint64_t)field32(request, "idd_offset") * EU_IDD_BYTES;
        uint8_t bytes[EU_IDD_BYTES];
        tlm_time delay = 0;
        if (!eu_data_port(array, TLM_CMD_READ, address, bytes, sizeof bytes, &delay)) {
            tlm_log_error(array->log, "GPGPU_WALKER: interface descriptor read at 0x%llx faulted: zeros used",
                          (unsigned long long)address);
            memset(bytes, 0, sizeof bytes);
        }
        for (unsigned i = 0; i < EU_IDD_DWORDS; i++)
            idd[i] = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 | (uint32_t)bytes[4 * i + 2] << 16 |
                     (uint32_t)bytes[4 * i + 3] << 24;
        uint32_t width = field32(request, "thread_width_max") + 1u;
        uint32_t height = field32(request, "thread_height_max") + 1u;
        uint32_t depth = field32(request, "thread_depth_max") + 1u;
        proto->threads = width * height * depth;
        proto->row_threads = width;
        proto->right_mask = field32(request, "right_mask");
        proto->bottom_mask = field32(request, "bottom_mask");
        uint32_t idd_threads = idd[EU_IDD_GEN12_THREADS_DWORD] & EU_IDD_THREADS_MASK;
        if (idd_threads != proto->threads)
            tlm_log_warning(array->log,
                            "GPGPU_WALKER: walker shapes %u threads per group, its descriptor says %u: %u used",
                            proto->threads, idd_threads, proto->threads);
        uint32_t length = field32(request, "indirect_data_length");
        uint64_t start = field32(request, "indirect_data_start");
        if (length > EU_ARG_DWORDS * 4u)
            length = EU_ARG_DWORDS * 4u;
        uint8_t args[EU_ARG_DWORDS * 4u] = { 0 };
        if (length && !eu_data_port(array, TLM_CMD_READ, start, args, length, &delay)) {
            tlm_log_error(array->log, "GPGPU_WALKER: indirect data read at 0x%llx faulted: zeros used",
                          (unsigned long long)start);
            memset(args, 0, sizeof args);
        }
        for (unsigned i = 0; i < EU_ARG_DWORDS; i++)
            proto->args[i] = (uint32_t)args[4 * i] | (uint32_t)args[4 * i + 1] << 8 |
                             (uint32_t)args[4 * i + 2] << 16 | (uint32_t)args[4 * i + 3] << 24;
    }
    proto->kernel_start = idd_kernel_start(idd);
    static const char *const start_names[3] = { "tg_start_x", "tg_start_y", "tg_start_z" };
    static const char *const dim_names[3] = { "tg_dim_x", "tg_dim_y", "tg_dim_z" };
    bool empty = false;
    for (unsigned axis = 0; axis < 3; axis++) {
        job->start[axis] = field32(request, start_names[axis]);
        job->end[axis] = field32(request, dim_names[axis]);
        job->cursor[axis] = job->start[axis];
        if (job->start[axis] >= job->end[axis])
            empty = true;
    }
    array->stats.walkers++;
    array->walkers_outstanding++;
    append_job(array, job);
    if (empty) {
        /* No thread group in [start, dimension) on some axis: nothing to run. */
        tlm_log_info(array->log, "%s: no thread groups (start %u,%u,%u dimensions %u,%u,%u)", request->command->name,
                     job->start[0], job->start[1], job->start[2], job->end[0], job->end[1], job->end[2]);
        job->all_produced = true;
        complete_job(array, job);
        return;
    }
    eu_counters_update_busy(array);
    eu_array_kick(array, array->walker_requester);
}

static void take_report(eu_array *array, const cs_walker_request *request, cs_walker_completion completion)
{
    uint64_t address = 0;
    field(request, "address", &address);
    uint32_t report_id = field32(request, "report_id");
    uint8_t report[256];
    uint32_t size = eu_report_size(array->config.profile);
    /* The render (OAR) counters are the requesting context's (docs/reference/oa.md "Counters"). */
    bool current = array->oa_has_current && request->has_context && array->oa_current == request->context_id;
    eu_report_build(array, report_id, eu_counters_of(array, request->has_context, request->context_id),
                    !request->has_context || current, request->has_context, request->context_id, report);
    /* spec 003 "Performance Counter Reporting": the snapshot is written as 64-byte cachelines. */
    for (uint32_t offset = 0; offset < size; offset += 64u) {
        tlm_time delay = 0;
        if (!eu_data_port(array, TLM_CMD_WRITE, address + offset, report + offset, 64u, &delay)) {
            tlm_log_error(array->log, "MI_REPORT_PERF_COUNT: report write at 0x%llx faulted: report dropped",
                          (unsigned long long)(address + offset));
            break;
        }
    }
    array->stats.reports++;
    cs_walker_complete(&completion);
}

static void submit(void *context, const cs_walker_request *request, cs_walker_completion completion)
{
    eu_array *array = context;
    const char *name = request->command ? request->command->name : "";
    if (strcmp(name, "COMPUTE_WALKER") == 0 || strcmp(name, "GPGPU_WALKER") == 0) {
        take_walker(array, request, completion);
    } else if (strcmp(name, "MI_REPORT_PERF_COUNT") == 0) {
        take_report(array, request, completion);
    } else {
        tlm_log_error(array->log, "walker port: command %s is not EU-array work: completed at once",
                      name[0] ? name : "(none)");
        cs_walker_complete(&completion);
    }
}

cs_walker_port eu_array_walker_port(eu_array *array)
{
    return (cs_walker_port){ .submit = submit, .context_switch = eu_oa_context_switch, .context = array };
}

void eu_array_set_descriptor_base(eu_array *array, uint64_t base)
{
    array->descriptor_base = base;
}

void eu_walker_init(eu_array *array)
{
    eu_requester requester = {
        .name = "walker", .next = walker_next, .group_done = walker_group_done, .context = array,
    };
    array->walker_requester = eu_array_add_requester(array, &requester);
}

void eu_walker_reset(eu_array *array)
{
    while (array->jobs_head) {
        eu_walker_job *job = array->jobs_head;
        array->jobs_head = job->next;
        free(job);
    }
    array->jobs_tail = NULL;
    array->produce = NULL;
    array->walkers_outstanding = 0;
}
