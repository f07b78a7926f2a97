/* The coverage file reader (gtsim_coverage.h) on any bytes; what it accepts is written back and
 * must read back as the same items. */
#define _GNU_SOURCE /* memfd_create */
#include "fuzz_support.h"

#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gtsim_coverage.h"

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
    gtsim_coverage *coverage = gtsim_coverage_create();
    char message[512];
    if (gtsim_coverage_merge_file(coverage, path, message, sizeof message)) {
        /* Written and read again: the same number of items (writer and reader agree). */
        if (!gtsim_coverage_write(coverage, path, message, sizeof message))
            abort();
        gtsim_coverage *again = gtsim_coverage_create();
        if (!gtsim_coverage_merge_file(again, path, message, sizeof message) ||
            gtsim_coverage_items(again, NULL) != gtsim_coverage_items(coverage, NULL) ||
            gtsim_coverage_exercised(again, NULL) != gtsim_coverage_exercised(coverage, NULL))
            abort();
        gtsim_coverage_destroy(again);
    }
    gtsim_coverage_print_summary(coverage, fuzz_null_stream());
    gtsim_coverage_destroy(coverage);
    return 0;
}
