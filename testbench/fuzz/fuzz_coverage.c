/* The coverage file reader (tb_coverage.h) on any bytes; what it accepts is written back and
 * must read back as the same items. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz_support.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tb_coverage.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz-coverage", 0);
        if (fd < 0)
            abort();
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    tb_coverage *coverage = tb_coverage_create();
    char message[512];
    if (tb_coverage_merge_file(coverage, path, message, sizeof message)) {
        /* Written and read again: the same number of items (writer and reader agree). */
        if (!tb_coverage_write(coverage, path, message, sizeof message))
            abort();
        tb_coverage *again = tb_coverage_create();
        if (!tb_coverage_merge_file(again, path, message, sizeof message) ||
            tb_coverage_items(again, NULL) != tb_coverage_items(coverage, NULL) ||
            tb_coverage_exercised(again, NULL) != tb_coverage_exercised(coverage, NULL))
            abort();
        tb_coverage_destroy(again);
    }
    tb_coverage_print_summary(coverage, fuzz_null_stream());
    tb_coverage_destroy(coverage);
    return 0;
}
