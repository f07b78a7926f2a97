/* Shards and merging (docs/guide/regress.md "Shards and merging"): `--shard K/N` for K = 1..N
 * partitions a run, every job keeping its seed and verdict, and `gtsim regress merge` of the
 * shards reports what the unsharded run reports: the same jobs, seeds and verdicts, the same
 * JUnit test cases and failures, the same merged coverage. The jobs' verdicts and coverage
 * depend on their seeds, so a job run with another seed would show. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tb_test.h"

typedef struct RegressShard {
    char dir[128]; /* scratch directory: the list, each run's output */
} RegressShard;

static void RegressShard_SetUp(RegressShard *self)
{
    snprintf(self->dir, sizeof self->dir, "/tmp/gtsim-shard-XXXXXX");
    ASSERT_TRUE(mkdtemp(self->dir) != NULL);
    char path[256];
    snprintf(path, sizeof path, "%s/t.list", self->dir);
    FILE *list = fopen(path, "w");
    ASSERT_TRUE(list != NULL);
    /* parity fails for odd seeds; covers writes a seed-dependent count. */
    fputs("suite smoke\n"
          "test parity seeds 7 -- sh -c 'exit $(( {seed} % 2 ))'\n"
          "test covers seeds 3 -- sh -c \"printf 'mi A %s\\nmi B 0\\n' $(( {seed} % 5 )) > {coverage}\"\n"
          "test says -- sh -c 'echo \"<&>\"; exit 1'\n"
          "suite nightly includes smoke\n"
          "test late seeds 4 -- sh -c 'exit $(( {seed} % 3 == 0 ))'\n",
          list);
    fclose(list);
}

static void RegressShard_TearDown(RegressShard *self)
{
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", self->dir);
    if (system(command) != 0)
        ADD_FAILURE("cannot remove %s", self->dir);
}

/* Runs a shell command in the scratch directory; its exit status. */
static int sh(const RegressShard *self, const char *command)
{
    char line[2048];
    snprintf(line, sizeof line, "cd '%s' && GTSIM='%s' && %s", self->dir, GTSIM_EXE, command);
    int status = system(line);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Every job line of a report as "STATE ID seed S", sorted (the time column dropped). */
#define JOB_LINES(in, out) \
    "grep -E '^(PASS|FAIL|TIMEOUT|NOT RUN) ' " in " | sed -E 's/ +[0-9]+\\.[0-9]+ s / /' | sort > " out
/* Every JUnit test case as "suite|classname|name|failed", sorted. */
#define JUNIT_CASES(in, out)                                                                                        \
    "python3 -c \"import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "                     \
    "print('\\n'.join(sorted(s.get('name') + '|' + c.get('classname') + '|' + c.get('name') + '|' + "               \
    "str(c.find('failure') is not None) for s in r.iter('testsuite') for c in s.iter('testcase'))))\" " in " > " out

/* Every JUnit testsuite element as "name|tests|failures", in file order: one per suite, so a
 * merge that wrote a testsuite per shard would show. */
#define JUNIT_SUITES(in, out)                                                                                       \
    "python3 -c \"import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "                     \
    "print('\\n'.join(s.get('name') + '|' + s.get('tests') + '|' + s.get('failures') for s in r.iter('testsuite')))\" " \
    in " > " out

TEST_F(RegressShard, ThreeShardsMergedEqualTheUnshardedRun)
{
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list -j 2 --seed 9 --out all --junit all.xml > all.txt"), 1);
    for (int k = 1; k <= 3; k++) {
        char command[256];
        snprintf(command, sizeof command, "\"$GTSIM\" regress t.list -j 2 --seed 9 --shard %d/3 --out s%d > s%d.txt", k,
                 k, k);
        EXPECT_EQ(sh(self, command), 1);
    }
    /* The shards partition the run: each job in exactly one, with the unsharded seed and verdict. */
    EXPECT_EQ(sh(self, JOB_LINES("all.txt", "all.jobs")), 0);
    EXPECT_EQ(sh(self, "cat s1.txt s2.txt s3.txt > s.txt && " JOB_LINES("s.txt", "s.jobs") " && cmp all.jobs s.jobs"), 0);
    EXPECT_EQ(sh(self, "test $(wc -l < all.jobs) -eq 15"), 0);
    EXPECT_EQ(sh(self, "grep -q '^FAIL ' all.jobs && grep -q '^PASS ' all.jobs"), 0); /* both verdicts occur */
    for (int k = 1; k <= 3; k++) {
        char command[128];
        snprintf(command, sizeof command, "test $(grep -cE '^(PASS|FAIL) ' s%d.txt) -eq 5", k);
        EXPECT_EQ(sh(self, command), 0); /* 15 jobs: 5 each */
    }
    /* The merge reports the unsharded run. */
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge s3 s1 s2 --out m --junit m.xml > m.txt"), 1);
    EXPECT_EQ(sh(self, JOB_LINES("m.txt", "m.jobs") " && cmp all.jobs m.jobs"), 0);
    EXPECT_EQ(sh(self, JUNIT_CASES("all.xml", "all.cases") " && " JUNIT_CASES("m.xml", "m.cases") " && cmp all.cases m.cases"),
              0);
    EXPECT_EQ(sh(self, JUNIT_SUITES("all.xml", "all.suites") " && " JUNIT_SUITES("m.xml", "m.suites") " && "
                       "test $(wc -l < m.suites) -eq 2 && cmp all.suites m.suites"),
              0);
    EXPECT_EQ(sh(self, "cmp all/coverage.txt m/coverage.txt"), 0);
    EXPECT_EQ(sh(self, "grep -E '^(smoke|nightly|total) ' all.txt | sed 's/  *[0-9.]* s$//; s/wall.*//' > a.t && "
                       "grep -E '^(smoke|nightly|total) ' m.txt | sed 's/  *[0-9.]* s$//; s/wall.*//' > m.t && cmp a.t m.t"),
              0);
    EXPECT_EQ(sh(self, "sed -n '/^failed:/,$p' all.txt | sed 's/replay: .*//' > a.f && "
                       "sed -n '/^failed:/,$p' m.txt | sed 's/replay: .*//' > m.f && cmp a.f m.f"),
              0);
    EXPECT_EQ(sh(self, "grep -q 'FAIL    smoke/says  replay: GTSIM_SEED=' m.txt"), 0);
    /* The failed job's log travels with its shard: its tail is in the merged JUnit. */
    EXPECT_EQ(sh(self, "grep -q '&lt;&amp;&gt;' m.xml"), 0);
}

TEST_F(RegressShard, ASuiteShardedKeepsItsSeeds)
{
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list --suite smoke --seed 4 --out a > a.txt; "
                       "\"$GTSIM\" regress t.list --suite smoke --seed 4 --shard 2/2 --out b > b.txt; "
                       JOB_LINES("a.txt", "a.jobs") " && " JOB_LINES("b.txt", "b.jobs")),
              0);
    EXPECT_EQ(sh(self, "test -s b.jobs && test -z \"$(comm -13 a.jobs b.jobs)\""), 0);
}

TEST_F(RegressShard, AnIncompleteOrMixedMergeIsAnError)
{
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list --seed 9 --shard 1/2 --out s1 > /dev/null; "
                       "\"$GTSIM\" regress t.list --seed 8 --shard 2/2 --out s2 > /dev/null; "
                       "\"$GTSIM\" regress t.list --seed 9 --shard 2/2 --out s3 > /dev/null; exit 0"),
              0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge s1 > one.txt 2>&1"), 1); /* shard 2/2 missing */
    EXPECT_EQ(sh(self, "grep -q 'shard 2/2 missing' one.txt"), 0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge s1 s2 2> mixed.txt"), 2);
    EXPECT_EQ(sh(self, "grep -q 'base seed differs' mixed.txt"), 0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge s1 s1 2> twice.txt"), 2);
    EXPECT_EQ(sh(self, "grep -q 'shard 1/2 given twice' twice.txt"), 0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge nowhere 2> none.txt"), 2);
    EXPECT_EQ(sh(self, "grep -q 'nowhere/results.tsv' none.txt"), 0);
    /* Not a results file, a cut one, one with a malformed job line: exit 2, named. */
    EXPECT_EQ(sh(self, "mkdir junk && head -c 5000 /dev/urandom > junk/results.tsv && "
                       "\"$GTSIM\" regress merge junk 2> junk.txt; test $? -eq 2 && grep -q 'junk/results.tsv' junk.txt"),
              0);
    EXPECT_EQ(sh(self, "mkdir cut && head -n 3 s1/results.tsv > cut/results.tsv && "
                       "\"$GTSIM\" regress merge cut 2> cut.txt; test $? -eq 2 && grep -q 'incomplete' cut.txt"),
              0);
    EXPECT_EQ(sh(self, "mkdir odd && sed 's/^job\\t\\([0-9]*\\)\\tPASS/job\\t\\1\\tMAYBE/' s1/results.tsv > odd/results.tsv && "
                       "grep -q MAYBE odd/results.tsv && \"$GTSIM\" regress merge odd 2> odd.txt; test $? -eq 2 && "
                       "grep -q \"malformed 'job' line\" odd.txt"),
              0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list --shard 3/2 2> bad.txt"), 2);
    EXPECT_EQ(sh(self, "grep -q \"shard '3/2'\" bad.txt"), 0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress merge s1 s3 > ok.txt"), 1); /* complete: 1/2 and 2/2 of seed 9 */
    EXPECT_EQ(sh(self, "! grep -q missing ok.txt"), 0);
}

/* `--launcher slurm` without a cluster: a stand-in `srun` first on PATH records its words and
 * runs the command after its options, as srun runs it on a node. Each job is one srun with
 * the --slurm-args words, a job name, one task and a time limit covering the timeout; the
 * verdicts and seeds are the local run's; a job past its timeout gets SIGTERM first (srun
 * cancels its allocation on SIGTERM only) and a `scancel` of its job name. */
TEST_F(RegressShard, SlurmLauncherRunsEachJobAsOneSrun)
{
    EXPECT_EQ(sh(self, "mkdir bin && printf '%s\\n' '#!/bin/sh' 'echo \"$*\" >> \"$SRUN_LOG\"' "
                       "'trap \"echo srun-got-TERM >> \\\"$SRUN_LOG\\\"; exit 143\" TERM' "
                       "'while [ $# -gt 0 ] && [ \"${1#--}\" != \"$1\" ]; do shift; done' '\"$@\" & wait $!' "
                       "> bin/srun && chmod +x bin/srun && "
                       "printf '%s\\n' '#!/bin/sh' 'echo \"scancel $*\" >> \"$SRUN_LOG\"' > bin/scancel && chmod +x bin/scancel"),
              0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list -j 2 --seed 9 --out local > local.txt; "
                       "SRUN_LOG=$PWD/srun.log PATH=$PWD/bin:$PATH \"$GTSIM\" regress t.list -j 2 --seed 9 --out slurm "
                       "--launcher slurm --slurm-args ' --partition=p  --account=a ' > slurm.txt; "
                       JOB_LINES("local.txt", "local.jobs") " && " JOB_LINES("slurm.txt", "slurm.jobs") " && cmp local.jobs slurm.jobs"),
              0);
    EXPECT_EQ(sh(self, "test $(grep -c -- '--job-name=gtsim-' srun.log) -eq 15"), 0); /* one srun per job */
    EXPECT_EQ(sh(self, "grep -q '^--partition=p --account=a --job-name=gtsim-smoke/says@[0-9a-f]*\\.[0-9a-f]* --ntasks=1 --time=11 --quiet sh -c ' srun.log"),
              0);
    EXPECT_EQ(sh(self, "grep -q 'launcher slurm' slurm.txt && grep -q 'coverage: .*/slurm/coverage.txt' slurm.txt"), 0);
    /* A job that passed or failed by itself is not cancelled. */
    EXPECT_EQ(sh(self, "! grep -q '^scancel' srun.log"), 0);
    /* A job past its timeout: srun gets SIGTERM, and the runner cancels the Slurm job by its
     * name (srun cannot act on SIGTERM while it launches the step). */
    EXPECT_EQ(sh(self, "printf 'suite s\\ntest hangs timeout 1 -- sleep 30\\n' > h.list && SRUN_LOG=$PWD/h.log "
                       "PATH=$PWD/bin:$PATH \"$GTSIM\" regress h.list --launcher slurm --out h > h.txt; test $? -eq 1 && "
                       "grep -q '^TIMEOUT ' h.txt && grep -q srun-got-TERM h.log && grep -q -- '--time=1 ' h.log && "
                       "name=$(sed -n 's/.*--job-name=\\([^ ]*\\) .*/\\1/p' h.log) && test -n \"$name\" && "
                       "grep -q \"^scancel --quiet --name=$name --user=$(id -u)$\" h.log"),
              0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list --launcher lsf 2> e1.txt; test $? -eq 2 && grep -q \"launcher 'lsf'\" e1.txt"),
              0);
    EXPECT_EQ(sh(self, "\"$GTSIM\" regress t.list --slurm-args -p 2> e2.txt; test $? -eq 2 && "
                       "grep -q 'needs --launcher slurm' e2.txt"),
              0);
}

TEST_F(RegressShard, AListOfManySuitesMergesBack)
{
    EXPECT_EQ(sh(self, "for i in $(seq 30); do printf 'suite s%d\\ntest t%d -- true\\n' $i $i; done > many.list && "
                       "\"$GTSIM\" regress many.list --seed 1 --shard 1/2 --out m1 > /dev/null && "
                       "\"$GTSIM\" regress many.list --seed 1 --shard 2/2 --out m2 > /dev/null && "
                       "\"$GTSIM\" regress merge m1 m2 --out mm > mm.txt && grep -q '^s30 ' mm.txt && "
                       "test $(grep -cE '^s[0-9]+ ' mm.txt) -eq 30 && grep -q '30 passed, 0 failed' mm.txt"),
              0);
}
