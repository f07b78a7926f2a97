/* Kernel registry and the API a running hardware thread uses (docs/reference/eu.md "Kernels", "Cost
 * model", "Faults"). */
#include <string.h>

#include "eu_internal.h"

/* ---- registry ---------------------------------------------------------------------------- */

void eu_kernel_registry_init(eu_kernel_registry *registry)
{
    memset(registry, 0, sizeof *registry);
}

bool eu_kernel_register(eu_kernel_registry *registry, const eu_kernel *kernel)
{
    /* genxml INTERFACE_DESCRIPTOR_DATA: Kernel Start Pointer is bits 47:6 (64-byte aligned). */
    if (!kernel || !kernel->fn || (kernel->start & 63u) != 0)
        return false;
    for (size_t i = 0; i < registry->count; i++) {
        if (registry->kernels[i].start == kernel->start) {
            registry->kernels[i] = *kernel;
            return true;
        }
    }
    if (registry->count >= EU_MAX_KERNELS)
        return false;
    registry->kernels[registry->count++] = *kernel;
    return true;
}

const eu_kernel *eu_kernel_find(const eu_kernel_registry *registry, uint64_t start)
{
    for (size_t i = 0; i < registry->count; i++)
        if (registry->kernels[i].start == start)
            return &registry->kernels[i];
    return NULL;
}

/* ---- thread view ------------------------------------------------------------------------- */

const eu_thread_info *eu_thread_get_info(const eu_thread *thread)
{
    return &thread->info;
}

uint64_t eu_thread_global_id(const eu_thread *thread, uint32_t lane)
{
    const eu_thread_info *info = &thread->info;
    uint64_t linear = (uint64_t)info->group_linear * info->threads_per_group + info->thread_index;
    return linear * info->simd_width + lane;
}

bool eu_thread_lane_active(const eu_thread *thread, uint32_t lane)
{
    return lane < thread->info.simd_width && lane < 32u && ((thread->info.exec_mask >> lane) & 1u);
}

uint64_t eu_thread_arg64(const eu_thread *thread, unsigned index)
{
    if (index + 1 >= EU_ARG_DWORDS)
        return index < EU_ARG_DWORDS ? thread->info.args[index] : 0;
    return (uint64_t)thread->info.args[index] | (uint64_t)thread->info.args[index + 1] << 32;
}

uint64_t eu_thread_phase_start(const eu_thread *thread)
{
    return thread->phase_start;
}

/* ---- cost ---------------------------------------------------------------------------------- */

static uint32_t alu_passes(const eu_thread *thread)
{
    return (thread->info.simd_width + EU_ALU_LANES - 1u) / EU_ALU_LANES;
}

void eu_alu(eu_thread *thread, uint32_t count)
{
    thread->active_cycles += (uint64_t)count * alu_passes(thread);
}

void eu_math(eu_thread *thread, uint32_t count)
{
    thread->active_cycles += (uint64_t)count * alu_passes(thread) * EU_MATH_PASSES;
}

/* ---- data port ----------------------------------------------------------------------------- */

bool eu_data_port(eu_array *array, tlm_cmd command, uint64_t address, void *data, uint32_t length,
                  tlm_time *delay)
{
    tlm_payload payload = tlm_payload_make(command, address, data, length);
    payload.address_space = TLM_SPACE_PPGTT;
    payload.initiator_id = EU_DATA_PORT_INITIATOR_ID;
    payload.correlation_id = ++array->stats.messages;
    tlm_b_transport(array->config.memory, &payload, delay);
    if (tlm_response_is_ok(&payload))
        return true;
    array->stats.faults++;
    return false;
}

/* Bus time in whole GT clocks (rounded up). */
static uint64_t to_cycles(const eu_array *array, tlm_time delay)
{
    tlm_time period = array->config.clock_period;
    return (delay + period - 1u) / period;
}

static bool message(eu_thread *thread, tlm_cmd command, uint64_t address, void *data, uint32_t length)
{
    eu_array *array = thread->array;
    bool is_read = command == TLM_CMD_READ;
    thread->active_cycles += EU_SEND_ISSUE_CYCLES;
    thread->stall_cycles += is_read ? EU_READ_LATENCY_CYCLES : EU_WRITE_LATENCY_CYCLES;
    bool ok = false;
    if (length == 0 || length > EU_MESSAGE_MAX_BYTES || !data) {
        tlm_log_error(array->log, "%s: data-port message of %u bytes at 0x%llx refused (1..%u)",
                      thread->run && thread->run->kernel ? thread->run->kernel->name : "?", length,
                      (unsigned long long)address, EU_MESSAGE_MAX_BYTES);
        array->stats.faults++;
    } else {
        tlm_time delay = 0;
        ok = eu_data_port(array, command, address, data, length, &delay);
        thread->stall_cycles += to_cycles(array, delay);
    }
    if (!ok) {
        /* docs/reference/eu.md "Faults" (choice): the access completes with zeros / is dropped, the
         * thread keeps running and retires; one error line per thread. */
        if (is_read && data)
            memset(data, 0, length);
        if (!thread->logged_fault) {
            thread->logged_fault = true;
            tlm_log_error(array->log,
                          "kernel %s group (%u,%u,%u) thread %u: data-port %s of %u bytes at 0x%llx faulted "
                          "(%s dropped)",
                          thread->run && thread->run->kernel ? thread->run->kernel->name : "?",
                          thread->info.group_id[0], thread->info.group_id[1], thread->info.group_id[2],
                          thread->info.thread_index, is_read ? "read" : "write", length,
                          (unsigned long long)address, is_read ? "read returns zeros," : "write");
        }
    }
    return ok;
}

bool eu_read(eu_thread *thread, uint64_t address, void *data, uint32_t length)
{
    return message(thread, TLM_CMD_READ, address, data, length);
}

bool eu_write(eu_thread *thread, uint64_t address, const void *data, uint32_t length)
{
    uint8_t copy[EU_MESSAGE_MAX_BYTES];
    if (!data || length == 0 || length > EU_MESSAGE_MAX_BYTES)
        return message(thread, TLM_CMD_WRITE, address, NULL, length);
    memcpy(copy, data, length);
    return message(thread, TLM_CMD_WRITE, address, copy, length);
}

bool eu_read32(eu_thread *thread, uint64_t address, uint32_t *value)
{
    uint8_t bytes[4];
    bool ok = eu_read(thread, address, bytes, 4);
    *value = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    return ok;
}

bool eu_write32(eu_thread *thread, uint64_t address, uint32_t value)
{
    uint8_t bytes[4] = { (uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24) };
    return eu_write(thread, address, bytes, 4);
}

/* ---- running a phase ------------------------------------------------------------------------ */

void eu_thread_run_phase(struct eu_thread *thread)
{
    eu_array *array = thread->array;
    const eu_kernel *kernel = thread->run->kernel;
    thread->phase_start = tlm_kernel_now(array->kernel);
    thread->active_cycles = 0;
    thread->stall_cycles = 0;
    if (!kernel) {
        /* docs/reference/eu.md "Unknown kernel" (choice): the thread does nothing and retires after one
         * cycle; counted and logged by the dispatcher. */
        thread->active_cycles = 1;
        thread->step = EU_KERNEL_DONE;
    } else {
        if (thread->phase == 0)
            thread->active_cycles += kernel->base_cycles;
        thread->step = kernel->fn(thread, thread->phase, kernel->context);
        if (thread->step != EU_KERNEL_DONE && thread->step != EU_KERNEL_BARRIER) {
            tlm_log_error(array->log, "kernel %s returned %d (not DONE or BARRIER): thread retired", kernel->name,
                          (int)thread->step);
            thread->step = EU_KERNEL_DONE;
        }
        if (thread->step == EU_KERNEL_BARRIER && thread->phase + 1 >= EU_MAX_PHASES) {
            tlm_log_error(array->log, "kernel %s: thread %u asked for more than %u phases: retired", kernel->name,
                          thread->info.thread_index, EU_MAX_PHASES);
            array->stats.phase_limit_threads++;
            thread->step = EU_KERNEL_DONE;
        }
    }
    uint64_t cycles = thread->active_cycles + thread->stall_cycles;
    if (cycles == 0)
        cycles = 1; /* a phase takes at least one cycle */
    tlm_event_notify(array->kernel, &thread->event, (tlm_time)cycles * array->config.clock_period);
}
