/* Built-in kernels for tests, benchmarks and scenarios (docs/reference/eu.md "Built-in kernels"). Each
 * lane works on element gid = eu_thread_global_id(lane) of dword arrays given by 64-bit
 * addresses in the argument dwords; lanes outside the execution mask or at gid >= count do
 * nothing. A thread moves its lanes' elements with one data-port message per run of
 * consecutive active lanes. */
#include <string.h>

#include "eu_kernel.h"

/* The next run of consecutive active lanes with gid < count, from lane *lane on: its first
 * lane and length (0: none left). */
static uint32_t next_run(const eu_thread *thread, uint64_t count, uint32_t *lane)
{
    uint32_t width = eu_thread_get_info(thread)->simd_width;
    while (*lane < width && !(eu_thread_lane_active(thread, *lane) && eu_thread_global_id(thread, *lane) < count))
        (*lane)++;
    uint32_t first = *lane, length = 0;
    while (*lane < width && eu_thread_lane_active(thread, *lane) && eu_thread_global_id(thread, *lane) < count) {
        (*lane)++;
        length++;
    }
    *lane = first;
    return length;
}

static uint32_t get32(const uint8_t *bytes, uint32_t index)
{
    const uint8_t *b = bytes + 4u * index;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void set32(uint8_t *bytes, uint32_t index, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        bytes[4u * index + i] = (uint8_t)(value >> (8 * i));
}

/* nop: a trivial kernel: four ALU instructions, no memory. */
static eu_kernel_step kernel_nop(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    eu_alu(thread, 4);
    return EU_KERNEL_DONE;
}

/* fill: dst[gid] = value. args: 0/1 dst, 2 value, 3 count. */
static eu_kernel_step kernel_fill(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    const eu_thread_info *info = eu_thread_get_info(thread);
    uint64_t dst = eu_thread_arg64(thread, 0), count = info->args[3];
    uint8_t data[128];
    eu_alu(thread, 2); /* address and value set-up */
    for (uint32_t lane = 0, length; (length = next_run(thread, count, &lane)) != 0; lane += length) {
        for (uint32_t i = 0; i < length; i++)
            set32(data, i, info->args[2]);
        eu_write(thread, dst + 4u * eu_thread_global_id(thread, lane), data, 4u * length);
    }
    return EU_KERNEL_DONE;
}

/* copy: dst[gid] = src[gid]. args: 0/1 src, 2/3 dst, 4 count. */
static eu_kernel_step kernel_copy(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    uint64_t src = eu_thread_arg64(thread, 0), dst = eu_thread_arg64(thread, 2);
    uint64_t count = eu_thread_get_info(thread)->args[4];
    uint8_t data[128];
    eu_alu(thread, 2);
    for (uint32_t lane = 0, length; (length = next_run(thread, count, &lane)) != 0; lane += length) {
        uint64_t offset = 4u * eu_thread_global_id(thread, lane);
        eu_read(thread, src + offset, data, 4u * length);
        eu_write(thread, dst + offset, data, 4u * length);
    }
    return EU_KERNEL_DONE;
}

/* add: dst[gid] = a[gid] + b[gid] (32-bit wrap). args: 0/1 a, 2/3 b, 4/5 dst, 6 count. */
static eu_kernel_step kernel_add(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    uint64_t a = eu_thread_arg64(thread, 0), b = eu_thread_arg64(thread, 2), dst = eu_thread_arg64(thread, 4);
    uint64_t count = eu_thread_get_info(thread)->args[6];
    uint8_t x[128], y[128];
    eu_alu(thread, 3);
    for (uint32_t lane = 0, length; (length = next_run(thread, count, &lane)) != 0; lane += length) {
        uint64_t offset = 4u * eu_thread_global_id(thread, lane);
        eu_read(thread, a + offset, x, 4u * length);
        eu_read(thread, b + offset, y, 4u * length);
        eu_alu(thread, 1);
        for (uint32_t i = 0; i < length; i++)
            set32(x, i, get32(x, i) + get32(y, i));
        eu_write(thread, dst + offset, x, 4u * length);
    }
    return EU_KERNEL_DONE;
}

/* stream (memory-bound): dst[gid] = sum over p < passes of src[gid + p * count]. args: 0/1
 * src, 2/3 dst, 4 count, 5 passes (0: 8). */
static eu_kernel_step kernel_stream(eu_thread *thread, unsigned phase, void *context)
{
    (void)phase;
    (void)context;
    const eu_thread_info *info = eu_thread_get_info(thread);
    uint64_t src = eu_thread_arg64(thread, 0), dst = eu_thread_arg64(thread, 2), count = info->args[4];
    uint32_t passes = info->args[5] ? info->args[5] : 8u;
    uint8_t sum[128], data[128];
    eu_alu(thread, 2);
    for (uint32_t lane = 0, length; (length = next_run(thread, count, &lane)) != 0; lane += length) {
        uint64_t gid = eu_thread_global_id(thread, lane);
        memset(sum, 0, sizeof sum);
        for (uint32_t p = 0; p < passes; p++) {
            eu_read(thread, src + 4u * (gid + (uint64_t)p * count), data, 4u * length);
            eu_alu(thread, 1);
            for (uint32_t i = 0; i < length; i++)
                set32(sum, i, get32(sum, i) + get32(data, i));
        }
        eu_write(thread, dst + 4u * gid, sum, 4u * length);
    }
    return EU_KERNEL_DONE;
}

/* barrier_sum: phase 0: thread t of group g writes (t + 1) * (g + 1) to scratch[g * T + t] and
 * waits at the barrier; phase 1: thread 0 sums the group's T entries into dst[g]. args: 0/1
 * scratch, 2/3 dst. dst[g] = (g + 1) * T * (T + 1) / 2. */
static eu_kernel_step kernel_barrier_sum(eu_thread *thread, unsigned phase, void *context)
{
    (void)context;
    const eu_thread_info *info = eu_thread_get_info(thread);
    uint64_t scratch = eu_thread_arg64(thread, 0), dst = eu_thread_arg64(thread, 2);
    uint64_t base = scratch + 4u * (uint64_t)info->group_linear * info->threads_per_group;
    if (phase == 0) {
        eu_alu(thread, 2);
        eu_write32(thread, base + 4u * info->thread_index, (info->thread_index + 1u) * (info->group_linear + 1u));
        return EU_KERNEL_BARRIER;
    }
    if (info->thread_index == 0) {
        uint32_t sum = 0, value = 0;
        for (uint32_t t = 0; t < info->threads_per_group; t++) {
            eu_read32(thread, base + 4u * t, &value);
            eu_alu(thread, 1);
            sum += value;
        }
        eu_write32(thread, dst + 4u * info->group_linear, sum);
    }
    return EU_KERNEL_DONE;
}

static const eu_kernel builtins[] = {
    { .name = "nop", .fn = kernel_nop, .base_cycles = 2 },
    { .name = "fill", .fn = kernel_fill, .base_cycles = 2 },
    { .name = "copy", .fn = kernel_copy, .base_cycles = 2 },
    { .name = "add", .fn = kernel_add, .base_cycles = 2 },
    { .name = "stream", .fn = kernel_stream, .base_cycles = 2 },
    { .name = "barrier_sum", .fn = kernel_barrier_sum, .base_cycles = 2 },
};

const eu_kernel *eu_builtin_kernel(const char *name)
{
    for (size_t i = 0; name && i < sizeof builtins / sizeof builtins[0]; i++)
        if (strcmp(builtins[i].name, name) == 0)
            return &builtins[i];
    return NULL;
}
