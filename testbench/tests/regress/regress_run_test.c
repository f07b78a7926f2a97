/* `gtsim regress` cleaning up after its jobs and writing a report that stays valid and bounded
 * whatever the jobs print (docs/guide/regress.md "Processes" and "JUnit"). Each test writes a small
 * list into a scratch directory and runs gtsim regress on it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tb_test.h"
#include "wave_vcd_reader.h"

typedef struct RegressRun {
    char dir[128]; /* scratch directory: the list, the pid files, regress-out */
} RegressRun;

static void RegressRun_SetUp(RegressRun *self)
{
    ASSERT_TRUE(wave_test_mkdtemp(self->dir, sizeof self->dir));
}

static void RegressRun_TearDown(RegressRun *self)
{
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", self->dir);
    if (system(command) != 0)
        ADD_FAILURE("cannot remove %s", self->dir);
}

static void write_list(const RegressRun *self, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/t.list", self->dir);
    FILE *file = fopen(path, "w");
    ASSERT_TRUE(file != NULL);
    fputs(text, file);
    fclose(file);
}

static double now_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Runs `gtsim regress t.list -j 2 --junit j.xml` in the directory; returns its exit status. */
static int regress(const RegressRun *self, double *seconds)
{
    char *argv[] = { (char *)GTSIM_EXE, (char *)"regress", (char *)"t.list", (char *)"-j", (char *)"2",
                     (char *)"--junit", (char *)"j.xml", (char *)"--seed", (char *)"1", NULL };
    double start = now_seconds();
    int status = wave_test_run(self->dir, argv);
    if (seconds)
        *seconds = now_seconds() - start;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The pid a job wrote into `name` in the directory (0 if none). */
static pid_t pid_in(const RegressRun *self, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", self->dir, name);
    char *text = wave_test_read_file(path);
    pid_t pid = text ? (pid_t)atol(text) : 0;
    free(text);
    return pid;
}

/* Whether the file `name` of the directory (stdout, stderr: gtsim's) holds `text`. */
static bool file_has(const RegressRun *self, const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", self->dir, name);
    char *contents = wave_test_read_file(path);
    bool found = contents && strstr(contents, text) != NULL;
    free(contents);
    return found;
}

/* Whether a process is still there (a zombie of someone else's counts as gone). */
static bool alive(pid_t pid)
{
    if (pid <= 0 || kill(pid, 0) != 0)
        return false;
    char path[64], state = '?';
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *stat = fopen(path, "r");
    if (stat) {
        if (fscanf(stat, "%*d %*s %c", &state) != 1)
            state = '?';
        fclose(stat);
    }
    return state != 'Z';
}

TEST_F(RegressRun, AFinishedJobLeavesNoProcessBehind)
{
    write_list(self, "suite s\n"
                     "test leaves_a_child -- sh -c \"sleep 300 & echo $! > child.pid; exit 0\"\n");
    EXPECT_EQ(regress(self, NULL), 0);
    pid_t child = pid_in(self, "child.pid");
    EXPECT_GT(child, 0);
    EXPECT_FALSE(alive(child));
    if (alive(child))
        kill(child, SIGKILL);
}

/* A timed-out job's group gets SIGTERM first (gtsim completes its waveform on it), and
 * SIGKILL only after the grace period, for what ignores SIGTERM. */
TEST_F(RegressRun, ATimedOutJobGetsSigtermThenSigkillAndLeavesNothing)
{
    write_list(self, "suite s\n"
                     "test polite timeout 1 -- sh -c \"trap 'echo term > polite.term; exit 3' TERM; sleep 300 & "
                     "echo $! > polite.pid; wait\"\n"
                     "test stubborn timeout 1 -- sh -c \"trap '' TERM; sleep 300 & echo $! > stubborn.pid; sleep 300\"\n");
    double seconds = 0;
    EXPECT_EQ(regress(self, &seconds), 1);
    char term[256];
    snprintf(term, sizeof term, "%s/polite.term", self->dir);
    EXPECT_TRUE(wave_test_exists(term)); /* it was asked to stop before it was killed */
    EXPECT_LT(seconds, 1 + 3 + 4.0);     /* timeout, grace, slack: never the jobs' 300 s */
    pid_t polite = pid_in(self, "polite.pid"), stubborn = pid_in(self, "stubborn.pid");
    EXPECT_GT(stubborn, 0);
    EXPECT_FALSE(alive(polite));
    EXPECT_FALSE(alive(stubborn));
    EXPECT_TRUE(file_has(self, "stdout", "TIMEOUT"));
}

/* Python's XML parser as the judge of well-formedness (python3 is a bootstrap package). */
static bool valid_xml(const char *path)
{
    char command[512];
    snprintf(command, sizeof command,
             "python3 -c \"import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])\" '%s' 2>/dev/null", path);
    return system(command) == 0;
}

TEST_F(RegressRun, JunitIsValidXmlAndBoundedWhateverTheLogHolds)
{
    /* One endless line of a megabyte, then bytes that are not UTF-8, control characters and
     * markup, then a line break that is not there. */
    write_list(self, "suite s\n"
                     "test noisy -- sh -c \"head -c 1000000 /dev/zero | tr '\\\\000' x; "
                     "printf '\\\\n\\\\377\\\\376 \\\\001\\\\033[31m <b>&amp; \\\\355\\\\240\\\\200 caf\\\\303\\\\251 end'; exit 1\"\n");
    EXPECT_EQ(regress(self, NULL), 1);
    char junit[256];
    snprintf(junit, sizeof junit, "%s/j.xml", self->dir);
    struct stat info;
    ASSERT_EQ(stat(junit, &info), 0);
    EXPECT_LT(info.st_size, 16384 * 3 + 4096); /* the tail is bounded (replacements may triple it) */
    EXPECT_TRUE(valid_xml(junit));
    char *text = wave_test_read_file(junit);
    ASSERT_TRUE(text != NULL);
    EXPECT_TRUE(strstr(text, "caf\xc3\xa9 end") != NULL);       /* valid UTF-8 kept */
    EXPECT_TRUE(strstr(text, "\xef\xbf\xbd\xef\xbf\xbd") != NULL); /* \377\376 replaced */
    EXPECT_TRUE(strstr(text, "&lt;b&gt;&amp;amp;") != NULL);
    EXPECT_TRUE(strchr(text, '\033') == NULL && strchr(text, '\001') == NULL);
    free(text);
}

TEST_F(RegressRun, AListWithMoreJobsThanOneRunMayMakeIsRefused)
{
    write_list(self, "suite s\ntest a seeds 1000000 -- true\n");
    EXPECT_EQ(regress(self, NULL), 2);
    EXPECT_TRUE(file_has(self, "stderr", "makes 1000000 jobs; one run may make at most 100000"));
}
