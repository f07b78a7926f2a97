/* Runs a harness over files without libFuzzer: `fuzz_replay_NAME FILE|DIR...` calls
 * LLVMFuzzerTestOneInput once per file (a directory: each regular file in it, in name order).
 * ctest runs every harness over its corpus in testbench/fuzz/corpus/NAME/ (the seeds and every
 * reproducer of a past finding) in the normal and the sanitizer builds, so a fixed finding
 * stays fixed. */
#include "fuzz_support.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "fuzz_replay: cannot open '%s'\n", path);
        return 1;
    }
    size_t capacity = 4096, length = 0;
    uint8_t *data = malloc(capacity);
    size_t got;
    while (data && (got = fread(data + length, 1, capacity - length, file)) > 0) {
        length += got;
        if (length == capacity) {
            uint8_t *grown = realloc(data, capacity * 2);
            if (!grown)
                break;
            data = grown;
            capacity *= 2;
        }
    }
    fclose(file);
    if (!data)
        return 1;
    LLVMFuzzerTestOneInput(data, length);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int failures = 0;
    size_t inputs = 0;
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) != 0) {
            fprintf(stderr, "fuzz_replay: no '%s'\n", argv[i]);
            return 1;
        }
        if (!S_ISDIR(info.st_mode)) {
            failures += run_file(argv[i]);
            inputs++;
            continue;
        }
        DIR *dir = opendir(argv[i]);
        if (!dir)
            return 1;
        char **names = NULL;
        size_t count = 0;
        for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
            if (entry->d_name[0] == '.')
                continue;
            char **grown = realloc(names, (count + 1) * sizeof *names);
            if (!grown)
                return 1;
            names = grown;
            size_t size = strlen(argv[i]) + strlen(entry->d_name) + 2;
            names[count] = malloc(size);
            snprintf(names[count++], size, "%s/%s", argv[i], entry->d_name);
        }
        closedir(dir);
        qsort(names, count, sizeof *names, by_name);
        for (size_t k = 0; k < count; k++) {
            failures += run_file(names[k]);
            inputs++;
            free(names[k]);
        }
        free(names);
    }
    printf("fuzz_replay: %zu inputs, %d unreadable\n", inputs, failures);
    return inputs == 0 || failures ? 1 : 0;
}
