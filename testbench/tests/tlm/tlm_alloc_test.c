/* Allocation helpers (tlm_alloc.h): what each returns, and that a request no memory can hold
 * ends the process with a message instead of returning NULL. */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb_test.h"
#include "tlm_alloc.h"

TEST(TlmAlloc, ZeroedIsZeroAndNeverNullForNothing)
{
    uint32_t *words = tlm_alloc_zeroed(64, sizeof *words);
    for (size_t i = 0; i < 64; i++)
        EXPECT_EQ(words[i], 0u);
    free(words);
    void *nothing = tlm_alloc_zeroed(0, 0);
    EXPECT_TRUE(nothing != NULL);
    free(nothing);
}

TEST(TlmAlloc, GrowDoublesFromTheInitialCapacityAndKeepsTheContents)
{
    size_t capacity = 0;
    uint32_t *array = tlm_alloc_grow(NULL, &capacity, 1, sizeof *array, 8);
    EXPECT_EQ(capacity, 8u);
    for (uint32_t i = 0; i < 8; i++)
        array[i] = i;
    uint32_t *same = tlm_alloc_grow(array, &capacity, 8, sizeof *array, 8);
    EXPECT_TRUE(same == array); /* room enough: nothing moves */
    EXPECT_EQ(capacity, 8u);
    array = tlm_alloc_grow(array, &capacity, 33, sizeof *array, 8);
    EXPECT_EQ(capacity, 64u);
    for (uint32_t i = 0; i < 8; i++)
        EXPECT_EQ(array[i], i);
    free(array);
}

TEST(TlmAlloc, ResizeKeepsTheContents)
{
    uint16_t *array = tlm_alloc_resize(NULL, 3, sizeof *array);
    array[0] = 1, array[1] = 2, array[2] = 3;
    array = tlm_alloc_resize(array, 1000, sizeof *array);
    EXPECT_EQ(array[0], 1u);
    EXPECT_EQ(array[2], 3u);
    free(array);
}

TEST(TlmAlloc, StrdupCopiesTheWholeString)
{
    const char *text = "render ring";
    char *copy = tlm_alloc_strdup(text);
    EXPECT_TRUE(copy != text);
    EXPECT_STREQ(copy, text);
    free(copy);
    char *empty = tlm_alloc_strdup("");
    EXPECT_STREQ(empty, "");
    free(empty);
}

TEST(TlmAlloc, StrndupCopiesExactlyLengthBytesAndTerminates)
{
    const char line[] = { 'r', 'c', 's', '0', ' ', 'x' }; /* not terminated */
    char *word = tlm_alloc_strndup(line, 4);
    EXPECT_STREQ(word, "rcs0");
    free(word);
    char *none = tlm_alloc_strndup(line, 0);
    EXPECT_STREQ(none, "");
    free(none);
}

/* Runs `request` in a child process: it must end by SIGABRT with the message on stderr. */
static void expect_out_of_memory(void (*request)(void))
{
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        dup2(pipe_fds[1], STDERR_FILENO);
        close(pipe_fds[0]);
        request();
        _exit(0); /* returned: the test fails on the exit status */
    }
    close(pipe_fds[1]);
    char message[256] = "";
    size_t used = 0;
    ssize_t got;
    while (used < sizeof message - 1 && (got = read(pipe_fds[0], message + used, sizeof message - 1 - used)) > 0)
        used += (size_t)got;
    close(pipe_fds[0]);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    EXPECT_TRUE(strstr(message, "out of memory") != NULL);
}

static void resize_beyond_size_max(void)
{
    free(tlm_alloc_resize(NULL, SIZE_MAX / 2 + 1, 2));
}

static void grow_beyond_size_max(void)
{
    size_t capacity = 0;
    free(tlm_alloc_grow(NULL, &capacity, SIZE_MAX / 8 + 1, 8, 1));
}

static void strndup_of_size_max(void)
{
    free(tlm_alloc_strndup("", SIZE_MAX));
}

TEST(TlmAlloc, ARequestNoMemoryCanHoldEndsTheProcess)
{
    expect_out_of_memory(resize_beyond_size_max);
    expect_out_of_memory(grow_beyond_size_max);
    expect_out_of_memory(strndup_of_size_max);
}
