/* The regression runner (docs/guide/regress.md). Jobs run as child processes, each in its own
 * process group with its output in a log file; the parent polls them, kills the ones past
 * their timeout, and reports. Nothing a job does (crash, hang, flood of output) can stop the
 * report from being written. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "gtsim_regress.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gtsim_cli.h"
#include "gtsim_coverage.h"
#include "gtsim_regress_list.h"
#include "gtsim_regress_results.h"
#include "tlm_alloc.h"

enum { GTSIM_REGRESS_PASSED = 0, GTSIM_REGRESS_FAILED = 1, GTSIM_REGRESS_USAGE = 2 };
/* Parallel jobs: 1..this. */
#define GTSIM_REGRESS_MAX_JOBS 256u
/* Seconds of run time after which a terminal gets a progress line. */
#define GTSIM_REGRESS_PROGRESS_AFTER 2.0
/* Lines of a failed job's log copied into its JUnit <failure>, and the bytes they may take
 * (a job that prints one endless line must not make the report endless). */
#define GTSIM_REGRESS_LOG_TAIL_LINES 40u
#define GTSIM_REGRESS_LOG_TAIL_BYTES 16384u
/* Seconds a job's process group has between SIGTERM and SIGKILL, when it timed out or its
 * main process ended and left others running. */
#define GTSIM_REGRESS_KILL_GRACE 3.0
/* Jobs one run may make (entries times seeds): each holds its command and paths in memory. */
#define GTSIM_REGRESS_MAX_TOTAL_JOBS 100000u
/* How often the parent looks at its children, in milliseconds. */
#define GTSIM_REGRESS_POLL_MS 20

typedef enum gtsim_job_state {
    GTSIM_JOB_WAITING,  /* not started */
    GTSIM_JOB_RUNNING,  /* a child process runs it */
    GTSIM_JOB_PASSED,   /* exit status 0 */
    GTSIM_JOB_FAILED,   /* non-zero exit status or a signal */
    GTSIM_JOB_TIMEOUT,  /* killed after its timeout */
    GTSIM_JOB_NOT_RUN   /* the run was interrupted before it started, or it could not start */
} gtsim_job_state;

typedef struct gtsim_job {
    const gtsim_regress_entry *entry; /* what it runs */
    unsigned seed_index;           /* 0..entry->seeds-1 */
    uint64_t seed;                 /* GTSIM_SEED and {seed} */
    char *id;                      /* "suite/name#k" for messages and JUnit */
    char *log_path;                /* its stdout and stderr */
    char *wave_path;               /* its waveform (kept only if it fails) */
    char *coverage_path;           /* the coverage file it may write */
    char **argv;                   /* the command, placeholders replaced (NULL-terminated) */
    char **srun_argv;              /* --launcher slurm: `srun OPTIONS... argv...` (else NULL) */
    char *slurm_name;              /* --launcher slurm: its Slurm job name, unique to this run (else NULL) */
    pid_t cancel_pid;              /* the `scancel` that ends its Slurm job (0: none running) */
    char *replay;                  /* one shell line that reruns it */
    gtsim_job_state state;            /* where it is */
    pid_t pid;                     /* while running: its main process, also its process group */
    bool main_done;                /* the main process has been waited for (main_status holds its status) */
    int main_status;               /* its wait status */
    bool timed_out;                /* it ran past its timeout */
    double term_sent;              /* when its group got SIGTERM (0: not yet) */
    bool kill_sent;                /* its group got SIGKILL */
    bool stopping;                 /* the run was interrupted: its group is being ended */
    size_t ordinal;                /* its position among the jobs of the unsharded run */
    double start;                  /* monotonic seconds when started */
    double seconds;                /* run time once finished */
    int status;                    /* exit status, or the signal that ended it (negative) */
} gtsim_job;

typedef struct gtsim_regress {
    const char *list_path;  /* as given */
    const char *suite_name; /* --suite (NULL: every entry) */
    unsigned jobs;          /* -j */
    const char *junit;      /* --junit FILE (NULL: none) */
    const char *out_dir;    /* --out DIR */
    const char *coverage;   /* --coverage FILE (default OUT/coverage.txt) */
    bool seed_given;        /* --seed given */
    uint64_t base_seed;     /* --seed, or from the clock */
    char *gtsim;            /* this program's path (scenario jobs run it) */
    char *bin_dir;          /* its directory: {bin} */
    unsigned shard, shards; /* --shard K/N: this run makes the jobs whose ordinal is K-1 modulo N */
    bool slurm;             /* --launcher slurm: each job is one `srun` */
    const char *slurm_args; /* --slurm-args: words added to each srun (split at blanks) */
    char *out_owned;        /* out_dir when the runner made it absolute (else NULL) */
    char slurm_tag[40];     /* --launcher slurm: suffix of this run's job names (runner pid and start) */
} gtsim_regress;

static volatile sig_atomic_t gtsim_interrupted;

static void gtsim_on_signal(int signal_number)
{
    gtsim_interrupted = signal_number;
}

static double gtsim_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static char *gtsim_format(const char *format, ...) __attribute__((format(printf, 1, 2)));
static char *gtsim_format(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int length = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *text = tlm_alloc_zeroed(1, (size_t)length + 1);
    va_start(args, format);
    vsnprintf(text, (size_t)length + 1, format, args);
    va_end(args);
    return text;
}

/* ---- command lines --------------------------------------------------------------------- */

/* `text` with every {seed}, {bin}, {list}, {wave} and {coverage} replaced. */
static char *gtsim_expand(const char *text, const gtsim_regress *regress, const gtsim_regress_list *list, const gtsim_job *job)
{
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, job->seed);
    const struct {
        const char *key;   /* placeholder */
        const char *value; /* what replaces it */
    } keys[] = { { "{seed}", seed }, { "{bin}", regress->bin_dir }, { "{list}", list->directory },
                 { "{wave}", job->wave_path }, { "{coverage}", job->coverage_path } };
    size_t capacity = strlen(text) + 1, used = 0;
    char *out = tlm_alloc_zeroed(1, capacity);
    for (const char *c = text; *c;) {
        const char *value = NULL;
        size_t key_length = 0;
        for (size_t k = 0; k < sizeof keys / sizeof keys[0] && !value; k++) {
            key_length = strlen(keys[k].key);
            if (strncmp(c, keys[k].key, key_length) == 0)
                value = keys[k].value;
        }
        const char *piece = value ? value : c;
        size_t piece_length = value ? strlen(value) : 1;
        if (used + piece_length + 1 > capacity) {
            capacity = 2 * (used + piece_length + 1);
            out = tlm_alloc_resize(out, capacity, 1);
        }
        memcpy(out + used, piece, piece_length);
        used += piece_length;
        c += value ? key_length : 1;
    }
    out[used] = '\0';
    return out;
}

/* A word quoted for a POSIX shell when it needs to be. */
static void gtsim_append_shell_word(char **line, size_t *used, size_t *capacity, const char *word)
{
    bool plain = *word != '\0';
    for (const char *c = word; *c && plain; c++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%", *c) != NULL;
    size_t need = *used + 4 * strlen(word) + 4;
    if (need > *capacity) {
        *capacity = 2 * need;
        *line = tlm_alloc_resize(*line, *capacity, 1);
    }
    char *out = *line + *used;
    if (*used)
        *out++ = ' ';
    if (plain) {
        out += sprintf(out, "%s", word);
    } else {
        *out++ = '\'';
        for (const char *c = word; *c; c++) {
            if (*c == '\'') {
                memcpy(out, "'\\''", 4);
                out += 4;
            } else {
                *out++ = *c;
            }
        }
        *out++ = '\'';
        *out = '\0';
    }
    *used = (size_t)(out - *line);
}

static bool gtsim_has_option(const gtsim_regress_entry *entry, const char *option)
{
    size_t length = strlen(option);
    for (size_t i = 0; i < entry->argc; i++)
        if (strncmp(entry->argv[i], option, length) == 0 && (entry->argv[i][length] == '\0' || entry->argv[i][length] == '='))
            return true;
    return false;
}

/* The job's argv: a scenario runs `gtsim run [--wave W --wave-on-fail] [--coverage C]
 * OPTIONS PATH`; a test runs its command with the placeholders replaced. */
static void gtsim_build_command(gtsim_job *job, const gtsim_regress *regress, const gtsim_regress_list *list)
{
    const gtsim_regress_entry *entry = job->entry;
    size_t count = 0, capacity = entry->argc + 10;
    job->argv = tlm_alloc_zeroed(capacity, sizeof *job->argv);
    if (entry->kind == GTSIM_REGRESS_SCENARIO) {
        job->argv[count++] = gtsim_format("%s", regress->gtsim);
        job->argv[count++] = gtsim_format("run");
        /* The user's own waveform options win: the runner only adds its keep-on-failure one. */
        if (!gtsim_has_option(entry, "--wave") && !gtsim_has_option(entry, "--no-wave") &&
            !gtsim_has_option(entry, "--wave-window") && !gtsim_has_option(entry, "--wave-on-fail")) {
            job->argv[count++] = gtsim_format("--wave");
            job->argv[count++] = gtsim_format("%s", job->wave_path);
            job->argv[count++] = gtsim_format("--wave-on-fail");
        }
        if (!gtsim_has_option(entry, "--coverage")) {
            job->argv[count++] = gtsim_format("--coverage");
            job->argv[count++] = gtsim_format("%s", job->coverage_path);
        }
        for (size_t i = 0; i < entry->argc; i++)
            job->argv[count++] = gtsim_expand(entry->argv[i], regress, list, job);
        job->argv[count++] = gtsim_format("%s", entry->path);
    } else {
        for (size_t i = 0; i < entry->argc; i++)
            job->argv[count++] = gtsim_expand(entry->argv[i], regress, list, job);
    }
    job->argv[count] = NULL;
    size_t used = 0, line_capacity = 256;
    job->replay = tlm_alloc_zeroed(1, line_capacity);
    char seed_env[48];
    snprintf(seed_env, sizeof seed_env, "GTSIM_SEED=%" PRIu64, job->seed);
    gtsim_append_shell_word(&job->replay, &used, &line_capacity, seed_env);
    for (size_t i = 0; i < count; i++)
        gtsim_append_shell_word(&job->replay, &used, &line_capacity, job->argv[i]);
}

/* A file-name-safe form of the job: suite, line, last path component, seed index. */
static char *gtsim_job_stem(const gtsim_regress_list *list, const gtsim_job *job)
{
    const char *name = job->entry->name;
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    char *stem = gtsim_format("%s-%zu-%s-%u", list->suites[job->entry->suite].name, job->entry->line, base,
                           job->seed_index);
    for (char *c = stem; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_'))
            *c = '_';
    return stem;
}

/* ---- running --------------------------------------------------------------------------- */

static bool gtsim_make_directory(const char *path, char *message, size_t message_size)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST) {
        struct stat info;
        if (stat(path, &info) == 0 && S_ISDIR(info.st_mode))
            return true;
    }
    snprintf(message, message_size, "cannot create directory '%s': %s", path, errno ? strerror(errno) : "not a directory");
    return false;
}

static bool gtsim_start(gtsim_job *job)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "gtsim regress: %s: cannot start: %s\n", job->id, strerror(errno));
        return false;
    }
    if (pid == 0) {
        setpgid(0, 0); /* its own group: a timeout kills everything it started */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        int log = open(job->log_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        int null = open("/dev/null", O_RDONLY);
        if (log < 0 || null < 0)
            _exit(127);
        dup2(null, STDIN_FILENO);
        dup2(log, STDOUT_FILENO);
        dup2(log, STDERR_FILENO);
        char seed[32];
        snprintf(seed, sizeof seed, "%" PRIu64, job->seed);
        setenv("GTSIM_SEED", seed, 1);
        dprintf(log, "regress: %s\nregress: seed %s\nregress: replay: %s\n", job->id, seed, job->replay);
        char **command = job->srun_argv ? job->srun_argv : job->argv;
        execvp(command[0], command);
        dprintf(log, "regress: cannot run '%s': %s\n", command[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so a kill before the child's own call reaches it */
    job->pid = pid;
    job->start = gtsim_now();
    job->state = GTSIM_JOB_RUNNING;
    return true;
}

static const char *gtsim_state_word(gtsim_job_state state)
{
    switch (state) {
    case GTSIM_JOB_PASSED: return "PASS";
    case GTSIM_JOB_FAILED: return "FAIL";
    case GTSIM_JOB_TIMEOUT: return "TIMEOUT";
    case GTSIM_JOB_NOT_RUN: return "NOT RUN";
    default: return "?";
    }
}

static void gtsim_remove_wave(const gtsim_job *job)
{
    remove(job->wave_path);
    char view[4096];
    const char *dot = strrchr(job->wave_path, '.');
    if (dot) {
        snprintf(view, sizeof view, "%.*s.gtkw", (int)(dot - job->wave_path), job->wave_path);
        remove(view);
    }
}

static void gtsim_clear_progress(bool *shown)
{
    if (*shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        *shown = false;
    }
}

/* The job's line: state, time, id, seed, and where to look. */
static void gtsim_report_job(const gtsim_job *job)
{
    printf("%-7s %7.2f s  %s  seed %" PRIu64, gtsim_state_word(job->state), job->seconds, job->id, job->seed);
    if (job->state == GTSIM_JOB_FAILED)
        printf(job->status >= 0 ? "  (exit %d)" : "  (signal %d)", job->status >= 0 ? job->status : -job->status);
    if (job->state == GTSIM_JOB_TIMEOUT)
        printf("  (killed after %u s)", job->entry->timeout);
    printf("\n        replay: %s\n", job->replay);
    if (job->state != GTSIM_JOB_PASSED) {
        printf("        log: %s\n", job->log_path);
        if (access(job->wave_path, F_OK) == 0)
            printf("        waveform: %s\n", job->wave_path);
    }
    fflush(stdout);
}

/* Moves a running job towards its end: waits for its main process, ends the rest of its
 * process group (SIGTERM, then SIGKILL after GTSIM_REGRESS_KILL_GRACE) when the main process has
 * ended or the timeout has passed, and reaps what it left (the runner is a subreaper, so a
 * job's orphans become its children). True once nothing of the job is left: the job ends
 * only then, so no finished or timed-out job leaves a process behind. */
/* Cancels the job's Slurm job by its name (unique to this run) with `scancel`, in the
 * background: srun cancels its allocation on SIGTERM only when it can act on it (not while it
 * is still launching the step, nor after SIGKILL), so the runner asks slurmctld directly too.
 * The scancel is part of the job: the job ends only once it has exited (SIGKILL after the
 * grace period like the rest). */
static void gtsim_job_cancel_slurm(gtsim_job *job)
{
    if (!job->slurm_name || job->cancel_pid > 0)
        return;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return; /* srun's own cancellation is still on its way */
    if (pid == 0) {
        setpgid(0, 0);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            dup2(null, STDOUT_FILENO);
        }
        char name[4200], user[32];
        snprintf(name, sizeof name, "--name=%s", job->slurm_name);
        snprintf(user, sizeof user, "--user=%lu", (unsigned long)getuid());
        execlp("scancel", "scancel", "--quiet", name, user, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    job->cancel_pid = pid;
}

/* True once the job's scancel (if any) has exited; SIGKILL to it with the job's group. */
static bool gtsim_job_cancel_done(gtsim_job *job)
{
    if (job->cancel_pid <= 0)
        return true;
    pid_t got = waitpid(job->cancel_pid, NULL, WNOHANG);
    if (got == job->cancel_pid || (got < 0 && errno == ECHILD)) {
        job->cancel_pid = 0;
        return true;
    }
    if (job->kill_sent)
        kill(job->cancel_pid, SIGKILL);
    return false;
}

static bool gtsim_job_poll(gtsim_job *job, double now)
{
    if (!job->main_done) {
        int status = 0;
        pid_t got = waitpid(job->pid, &status, WNOHANG);
        if (got == job->pid) {
            job->main_done = true;
            job->main_status = status;
        } else if (got < 0 && errno == ECHILD) {
            job->main_done = true; /* not ours any more: nothing to wait for */
            job->main_status = 0;
        }
    }
    if (!job->main_done && !job->timed_out && now - job->start > job->entry->timeout)
        job->timed_out = true;
    if (!job->main_done && !job->timed_out && !job->stopping)
        return false;
    while (waitpid(-job->pid, NULL, WNOHANG) > 0) {
        /* orphans of the job, reparented to the runner */
    }
    bool cancel_done = gtsim_job_cancel_done(job);
    if (kill(-job->pid, 0) != 0) /* the group is empty (ESRCH) */
        return job->main_done && cancel_done;
    if (job->term_sent == 0) {
        kill(-job->pid, SIGTERM); /* gtsim completes its waveform on SIGTERM (docs/guide/waves.md) */
        job->term_sent = now;
        if (job->timed_out || job->stopping)
            gtsim_job_cancel_slurm(job);
    } else if (!job->kill_sent && now - job->term_sent >= GTSIM_REGRESS_KILL_GRACE) {
        kill(-job->pid, SIGKILL);
        job->kill_sent = true;
    } else if (job->kill_sent && now - job->term_sent >= 2 * GTSIM_REGRESS_KILL_GRACE) {
        /* Still there after SIGKILL: not ours to signal (EPERM) or stuck in the kernel. The
         * report must not wait for it. */
        fprintf(stderr, "gtsim regress: %s: process group %ld outlives SIGKILL; not waiting for it\n", job->id,
                (long)job->pid);
        return true;
    }
    return false;
}

static void gtsim_finish(gtsim_job *job, int wait_status, bool timed_out)
{
    job->seconds = gtsim_now() - job->start;
    if (timed_out) {
        job->state = GTSIM_JOB_TIMEOUT;
        job->status = WIFSIGNALED(wait_status) ? -WTERMSIG(wait_status) : -SIGKILL;
    } else if (WIFEXITED(wait_status)) {
        job->status = WEXITSTATUS(wait_status);
        job->state = job->status == 0 ? GTSIM_JOB_PASSED : GTSIM_JOB_FAILED;
    } else {
        job->status = WIFSIGNALED(wait_status) ? -WTERMSIG(wait_status) : -1;
        job->state = GTSIM_JOB_FAILED;
    }
    if (job->state == GTSIM_JOB_PASSED)
        gtsim_remove_wave(job);
}

/* Runs every job, at most regress->jobs at a time. */
static void gtsim_run_jobs(const gtsim_regress *regress, gtsim_job *jobs, size_t count)
{
    size_t next = 0, running = 0, done = 0, failed = 0;
    double start = gtsim_now();
    bool progress = isatty(STDERR_FILENO), shown = false;
    while (done < count) {
        if (gtsim_interrupted) {
            for (size_t i = 0; i < count; i++) {
                if (jobs[i].state == GTSIM_JOB_RUNNING && regress->slurm && !jobs[i].stopping) {
                    /* srun cancels its allocation on SIGTERM, not on SIGKILL: gtsim_job_poll
                     * sends SIGKILL after the grace period. */
                    jobs[i].stopping = true;
                } else if (jobs[i].state == GTSIM_JOB_RUNNING && !regress->slurm && !jobs[i].kill_sent) {
                    kill(-jobs[i].pid, SIGKILL);
                    jobs[i].kill_sent = true;
                    jobs[i].term_sent = gtsim_now();
                }
            }
            for (size_t i = next; i < count; i++)
                jobs[i].state = GTSIM_JOB_NOT_RUN;
            done += count - next;
            next = count;
        }
        while (!gtsim_interrupted && running < regress->jobs && next < count) {
            gtsim_job *job = &jobs[next++];
            if (gtsim_start(job)) {
                running++;
            } else {
                job->state = GTSIM_JOB_NOT_RUN;
                done++;
                failed++;
            }
        }
        bool reaped = false;
        for (size_t i = 0; i < count; i++) {
            gtsim_job *job = &jobs[i];
            if (job->state != GTSIM_JOB_RUNNING)
                continue;
            if (!gtsim_job_poll(job, gtsim_now()))
                continue;
            bool timed_out = job->timed_out;
            gtsim_finish(job, job->main_status, timed_out);
            if (gtsim_interrupted && !timed_out)
                job->state = job->state == GTSIM_JOB_PASSED ? GTSIM_JOB_PASSED : GTSIM_JOB_NOT_RUN;
            running--;
            done++;
            failed += job->state != GTSIM_JOB_PASSED;
            gtsim_clear_progress(&shown);
            gtsim_report_job(job);
            reaped = true;
        }
        double elapsed = gtsim_now() - start;
        if (progress && elapsed > GTSIM_REGRESS_PROGRESS_AFTER && done < count) {
            fprintf(stderr, "\r\033[Kregress: %zu/%zu done, %zu running, %zu failed, %.0f s", done, count, running, failed,
                    elapsed);
            fflush(stderr);
            shown = true;
        }
        if (!reaped && done < count) {
            struct timespec pause = { 0, GTSIM_REGRESS_POLL_MS * 1000000L };
            nanosleep(&pause, NULL);
        }
    }
    gtsim_clear_progress(&shown);
}

/* ---- reports --------------------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at text[0] that XML 1.0 allows as a character
 * (no overlong forms, no surrogates, nothing past U+10FFFF, not U+FFFE/U+FFFF), or 0. */
static size_t gtsim_utf8_char(const unsigned char *text, size_t length)
{
    unsigned char c = text[0];
    size_t size = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? (c <= 0xEF ? 3 : 0) : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (size == 0 || size > length)
        return 0;
    uint32_t code = c & (0x7F >> size);
    for (size_t i = 1; i < size; i++) {
        if ((text[i] & 0xC0) != 0x80)
            return 0;
        code = code << 6 | (text[i] & 0x3F);
    }
    static const uint32_t lowest[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (code < lowest[size] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE || code == 0xFFFF)
        return 0;
    return size;
}

/* Text as XML character data or attribute value, valid XML 1.0 for any bytes: markup
 * characters as entities, control characters XML has no place for dropped, and bytes that
 * are not well-formed UTF-8 as U+FFFD (the replacement character), one per byte. */
static void gtsim_xml_escaped(FILE *out, const char *text, size_t length)
{
    const unsigned char *bytes = (const unsigned char *)text;
    for (size_t i = 0; i < length;) {
        unsigned char c = bytes[i];
        if (c >= 0x80) {
            size_t size = gtsim_utf8_char(bytes + i, length - i);
            if (size == 0) {
                fputs("\xEF\xBF\xBD", out);
                i++;
            } else {
                fwrite(bytes + i, 1, size, out);
                i += size;
            }
            continue;
        }
        switch (c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default:
            if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r')
                fputc(c, out);
        }
        i++;
    }
}

static void gtsim_xml_text(FILE *out, const char *text)
{
    gtsim_xml_escaped(out, text, strlen(text));
}

/* The end of a log, escaped, into a JUnit <failure>: its last GTSIM_REGRESS_LOG_TAIL_LINES lines
 * within its last GTSIM_REGRESS_LOG_TAIL_BYTES bytes, read from the end (a log of any size). */
static void gtsim_xml_log_tail(FILE *out, const char *path)
{
    FILE *log = fopen(path, "rb");
    if (!log) {
        fprintf(out, "cannot open the log: ");
        gtsim_xml_text(out, strerror(errno));
        return;
    }
    unsigned char bytes[GTSIM_REGRESS_LOG_TAIL_BYTES];
    bool cut = false;
    if (fseeko(log, 0, SEEK_END) == 0) {
        off_t size = ftello(log);
        cut = size > (off_t)sizeof bytes;
        fseeko(log, cut ? size - (off_t)sizeof bytes : 0, SEEK_SET);
    }
    size_t length = fread(bytes, 1, sizeof bytes, log);
    fclose(log);
    size_t start = length, lines = 0;
    while (start > 0 && lines <= GTSIM_REGRESS_LOG_TAIL_LINES)
        if (bytes[--start] == '\n' && start + 1 < length)
            lines++;
    if (lines > GTSIM_REGRESS_LOG_TAIL_LINES || (cut && start == 0)) {
        /* From the first whole line; a cut with no line break left keeps the last bytes. */
        const unsigned char *newline = memchr(bytes + start, '\n', length - start);
        if (lines > GTSIM_REGRESS_LOG_TAIL_LINES)
            start++;
        else if (newline && (size_t)(newline - bytes) + 1 < length)
            start = (size_t)(newline - bytes) + 1;
    }
    if (cut || start > 0)
        fputs("[...]\n", out);
    /* A UTF-8 sequence cut at the start is replaced like any malformed byte. */
    gtsim_xml_escaped(out, (const char *)bytes + start, length - start);
}

static bool gtsim_write_junit(const gtsim_regress *regress, const gtsim_regress_list *list, const gtsim_job *jobs, size_t count,
                           double seconds)
{
    FILE *out = fopen(regress->junit, "w");
    if (!out) {
        fprintf(stderr, "gtsim regress: cannot write '%s': %s\n", regress->junit, strerror(errno));
        return false;
    }
    size_t failures = 0;
    for (size_t i = 0; i < count; i++)
        failures += jobs[i].state != GTSIM_JOB_PASSED;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gtsim regress ", out);
    gtsim_xml_text(out, list->name);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" time=\"%.3f\">\n", count, failures, seconds);
    for (size_t s = 0; s < list->suite_count; s++) {
        size_t tests = 0, failed = 0;
        double time = 0;
        for (size_t i = 0; i < count; i++) {
            if (jobs[i].entry->suite != s)
                continue;
            tests++;
            failed += jobs[i].state != GTSIM_JOB_PASSED;
            time += jobs[i].seconds;
        }
        if (tests == 0)
            continue;
        fputs("  <testsuite name=\"", out);
        gtsim_xml_text(out, list->suites[s].name);
        fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" time=\"%.3f\">\n", tests, failed, time);
        for (size_t i = 0; i < count; i++) {
            const gtsim_job *job = &jobs[i];
            if (job->entry->suite != s)
                continue;
            fprintf(out, "    <testcase classname=\"%s.", job->entry->kind == GTSIM_REGRESS_SCENARIO ? "scenario" : "test");
            gtsim_xml_text(out, list->suites[s].name);
            fputs("\" name=\"", out);
            gtsim_xml_text(out, job->entry->name);
            fprintf(out, " seed=%" PRIu64 "\" time=\"%.3f\">\n", job->seed, job->seconds);
            if (job->state != GTSIM_JOB_PASSED) {
                char reason[96];
                if (job->state == GTSIM_JOB_TIMEOUT)
                    snprintf(reason, sizeof reason, "timed out after %u s", job->entry->timeout);
                else if (job->state == GTSIM_JOB_NOT_RUN)
                    snprintf(reason, sizeof reason, "not run (interrupted or could not start)");
                else if (job->status >= 0)
                    snprintf(reason, sizeof reason, "exit status %d", job->status);
                else
                    snprintf(reason, sizeof reason, "killed by signal %d", -job->status);
                fprintf(out, "      <failure message=\"%s\">", reason);
                if (job->state != GTSIM_JOB_NOT_RUN)
                    gtsim_xml_log_tail(out, job->log_path);
                fputs("</failure>\n", out);
            }
            fputs("      <system-out>replay: ", out);
            gtsim_xml_text(out, job->replay);
            fputs("</system-out>\n    </testcase>\n", out);
        }
        fputs("  </testsuite>\n", out);
    }
    fputs("</testsuites>\n", out);
    bool ok = !ferror(out);
    ok = fclose(out) == 0 && ok;
    if (!ok)
        fprintf(stderr, "gtsim regress: error writing '%s'\n", regress->junit);
    return ok;
}

static void gtsim_print_table(const gtsim_regress_list *list, const gtsim_job *jobs, size_t count, double seconds)
{
    printf("\n%-20s %6s %7s %7s %8s %8s %9s\n", "suite", "jobs", "passed", "failed", "timeout", "not run", "job time");
    size_t totals[5] = { 0 };
    for (size_t s = 0; s < list->suite_count; s++) {
        size_t row[5] = { 0 };
        double time = 0;
        for (size_t i = 0; i < count; i++) {
            if (jobs[i].entry->suite != s)
                continue;
            row[0]++;
            row[1] += jobs[i].state == GTSIM_JOB_PASSED;
            row[2] += jobs[i].state == GTSIM_JOB_FAILED;
            row[3] += jobs[i].state == GTSIM_JOB_TIMEOUT;
            row[4] += jobs[i].state == GTSIM_JOB_NOT_RUN;
            time += jobs[i].seconds;
        }
        if (row[0] == 0)
            continue;
        printf("%-20s %6zu %7zu %7zu %8zu %8zu %7.1f s\n", list->suites[s].name, row[0], row[1], row[2], row[3], row[4],
               time);
        for (int k = 0; k < 5; k++)
            totals[k] += row[k];
    }
    printf("%-20s %6zu %7zu %7zu %8zu %8zu  wall %.1f s\n", "total", totals[0], totals[1], totals[2], totals[3],
           totals[4], seconds);
}

/* ---- arguments ------------------------------------------------------------------------- */

static void gtsim_regress_usage(FILE *out);

/* Options (gtsim_cli.h): each returns -1 to go on, or the exit status to stop with. */
static int gtsim_regress_jobs(void *context, const char *value)
{
    uint64_t number = 0;
    if (!gtsim_regress_parse_u64(value, GTSIM_REGRESS_MAX_JOBS, &number) || number == 0)
        return gtsim_cli_usage_error("regress", "-j '%s': expected 1..%u", value, GTSIM_REGRESS_MAX_JOBS);
    ((gtsim_regress *)context)->jobs = (unsigned)number;
    return -1;
}

static int gtsim_regress_seed(void *context, const char *value)
{
    gtsim_regress *regress = context;
    if (!gtsim_regress_parse_u64(value, UINT64_MAX, &regress->base_seed))
        return gtsim_cli_usage_error("regress", "--seed '%s': expected a decimal number", value);
    regress->seed_given = true;
    return -1;
}

static int gtsim_regress_shard(void *context, const char *value)
{
    gtsim_regress *regress = context;
    const char *slash = strchr(value, '/');
    char k[24] = "";
    uint64_t number = 0, shards = 0;
    if (slash && (size_t)(slash - value) < sizeof k)
        memcpy(k, value, (size_t)(slash - value));
    if (!slash || !gtsim_regress_parse_u64(k, GTSIM_REGRESS_MAX_TOTAL_JOBS, &number) ||
        !gtsim_regress_parse_u64(slash + 1, GTSIM_REGRESS_MAX_TOTAL_JOBS, &shards) || number < 1 || number > shards)
        return gtsim_cli_usage_error("regress", "--shard '%s': expected K/N with 1 <= K <= N <= %u", value,
                                  GTSIM_REGRESS_MAX_TOTAL_JOBS);
    regress->shard = (unsigned)number;
    regress->shards = (unsigned)shards;
    return -1;
}

static int gtsim_regress_launcher(void *context, const char *value)
{
    if (strcmp(value, "local") != 0 && strcmp(value, "slurm") != 0)
        return gtsim_cli_usage_error("regress", "--launcher '%s': expected local or slurm", value);
    ((gtsim_regress *)context)->slurm = strcmp(value, "slurm") == 0;
    return -1;
}

static int gtsim_regress_list_operand(void *context, const char *arg)
{
    gtsim_regress *regress = context;
    if (regress->list_path)
        return gtsim_cli_usage_error("regress", "one list file only ('%s' and '%s')", regress->list_path, arg);
    regress->list_path = arg;
    return -1;
}

static const gtsim_cli_option gtsim_regress_options[] = {
    { "--suite", "NAME", .field = offsetof(gtsim_regress, suite_name),
      .help = "run only the entries of suite NAME (and the suites it includes)" },
    { "-j", "N", .attached = true, .handle = gtsim_regress_jobs, .help = "run N jobs at a time (default: the number of CPUs)" },
    { "--junit", "FILE", .field = offsetof(gtsim_regress, junit), .help = "write JUnit XML" },
    { "--out", "DIR", .field = offsetof(gtsim_regress, out_dir),
      .help = "logs, failed jobs' waveforms, coverage (default: regress-out)" },
    { "--seed", "N", .handle = gtsim_regress_seed,
      .help = "base seed (default: from the clock; printed, so a run can be repeated)" },
    { "--coverage", "FILE", .field = offsetof(gtsim_regress, coverage),
      .help = "where the merged coverage goes (default: DIR/coverage.txt)" },
    { "--shard", "K/N", .handle = gtsim_regress_shard,
      .help = "run only shard K of N: the jobs whose position is K-1 modulo N" },
    { "--launcher", "L", .handle = gtsim_regress_launcher,
      .help = "local (default) or slurm: each job is one srun (DIR shared by the nodes)" },
    { "--slurm-args", "\"...\"", .field = offsetof(gtsim_regress, slurm_args),
      .help = "words added to every srun (partition, account, constraints)" },
    { "-h, --help", .usage = true, .help = "show this help" },
    { 0 },
};

static const gtsim_cli_command gtsim_regress_command = {
    .tool = "regress", .options = gtsim_regress_options, .operand = gtsim_regress_list_operand,
    .print_usage = gtsim_regress_usage, .help_column = 19,
};

static void gtsim_regress_usage(FILE *out)
{
    fputs("usage: gtsim regress [OPTION...] LIST\n"
          "Runs the scenarios and tests of the regression list LIST (docs/guide/regress.md).\n"
          "\n",
          out);
    gtsim_cli_print_options(&gtsim_regress_command, out);
    fputs("\n"
          "gtsim regress merge [--out DIR] [--junit FILE] [--coverage FILE] OUTDIR...\n"
          "  reports the runs in OUTDIR... (shards of one run) as one run: summary, JUnit, coverage\n"
          "\n"
          "Exit status: 0 every job passed, 1 a job failed, timed out or did not run, 2 usage\n"
          "or list error.\n",
          out);
}

/* Returns -1 to go on, or the exit status. */
static int gtsim_regress_arguments(int argc, char **argv, gtsim_regress *regress)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    regress->jobs = cpus > 0 ? (unsigned)(cpus < GTSIM_REGRESS_MAX_JOBS ? cpus : GTSIM_REGRESS_MAX_JOBS) : 1;
    regress->out_dir = "regress-out";
    regress->shard = regress->shards = 1;
    int status = gtsim_cli_parse(&gtsim_regress_command, argc, argv, regress);
    if (status >= 0)
        return status;
    if (!regress->list_path)
        return gtsim_cli_usage_error("regress", "no list file given");
    if (!*regress->out_dir)
        return gtsim_cli_usage_error("regress", "--out: empty directory name");
    if (regress->slurm_args && !regress->slurm)
        return gtsim_cli_usage_error("regress", "--slurm-args needs --launcher slurm");
    return -1;
}

/* This program's path, for scenario jobs and {bin}. */
static bool gtsim_find_self(gtsim_regress *regress)
{
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0)
        return false;
    path[length] = '\0';
    regress->gtsim = gtsim_format("%s", path);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    regress->bin_dir = gtsim_format("%s", *path ? path : "/");
    return true;
}

/* `srun [--slurm-args words] --job-name=... --ntasks=1 --time=M --quiet COMMAND...`: one
 * Slurm job (allocation and step) per regression job. srun forwards the step's output to its
 * own, the job's log; the job writes its coverage and waveform into the output directory,
 * which the cluster's nodes share. --time bounds the job in Slurm too (the timeout plus the
 * grace period, rounded up to minutes), should the runner itself be gone. */
static char **gtsim_srun_command(const gtsim_regress *regress, const gtsim_job *job)
{
    size_t words = 0;
    const char *args = regress->slurm_args ? regress->slurm_args : "";
    for (const char *c = args; *c;) {
        while (*c == ' ' || *c == '\t')
            c++;
        if (!*c)
            break;
        words++;
        while (*c && *c != ' ' && *c != '\t')
            c++;
    }
    size_t argc = 0, capacity = words + 8;
    for (char **arg = job->argv; *arg; arg++)
        capacity++;
    char **argv = tlm_alloc_zeroed(capacity, sizeof *argv);
    argv[argc++] = gtsim_format("srun");
    for (const char *c = args; *c;) {
        while (*c == ' ' || *c == '\t')
            c++;
        const char *start = c;
        while (*c && *c != ' ' && *c != '\t')
            c++;
        if (c > start)
            argv[argc++] = gtsim_format("%.*s", (int)(c - start), start);
    }
    argv[argc++] = gtsim_format("--job-name=%s", job->slurm_name);
    argv[argc++] = gtsim_format("--ntasks=1");
    argv[argc++] = gtsim_format("--time=%u", (unsigned)((job->entry->timeout + (unsigned)GTSIM_REGRESS_KILL_GRACE + 59) / 60));
    argv[argc++] = gtsim_format("--quiet");
    for (char **arg = job->argv; *arg; arg++)
        argv[argc++] = gtsim_format("%s", *arg);
    argv[argc] = NULL;
    return argv;
}

static int gtsim_job_ordinal_compare(const void *a, const void *b)
{
    const gtsim_job *x = a, *y = b;
    return (x->ordinal > y->ordinal) - (x->ordinal < y->ordinal);
}

static gtsim_job *gtsim_make_jobs(const gtsim_regress *regress, const gtsim_regress_list *list, long suite, size_t *count)
{
    size_t total = 0;
    for (size_t i = 0; i < list->entry_count; i++)
        if (suite < 0 || gtsim_regress_list_in_suite(list, &list->entries[i], (size_t)suite))
            total += list->entries[i].seeds;
    /* Shard K of N: the jobs whose ordinal is K-1 modulo N, so the N shards partition the run
     * and each gets an even share of every suite. */
    size_t mine = total / regress->shards + (total % regress->shards > regress->shard - 1);
    gtsim_job *jobs = tlm_alloc_zeroed(mine ? mine : 1, sizeof *jobs);
    size_t n = 0, ordinal = 0;
    for (size_t i = 0; i < list->entry_count; i++) {
        const gtsim_regress_entry *entry = &list->entries[i];
        if (suite >= 0 && !gtsim_regress_list_in_suite(list, entry, (size_t)suite))
            continue;
        for (unsigned k = 0; k < entry->seeds; k++, ordinal++) {
            if (ordinal % regress->shards != regress->shard - 1)
                continue;
            gtsim_job *job = &jobs[n++];
            job->ordinal = ordinal;
            job->entry = entry;
            job->seed_index = k;
            job->seed = gtsim_regress_job_seed(regress->base_seed, list, entry, k);
            job->id = entry->seeds > 1 ? gtsim_format("%s/%s#%u", list->suites[entry->suite].name, entry->name, k)
                                       : gtsim_format("%s/%s", list->suites[entry->suite].name, entry->name);
            char *stem = gtsim_job_stem(list, job);
            job->log_path = gtsim_format("%s/logs/%s.log", regress->out_dir, stem);
            job->wave_path = gtsim_format("%s/waves/%s.fst", regress->out_dir, stem);
            job->coverage_path = gtsim_format("%s/coverage/%s.cov", regress->out_dir, stem);
            free(stem);
            gtsim_build_command(job, regress, list);
            if (regress->slurm) {
                job->slurm_name = gtsim_format("gtsim-%s%s", job->id, regress->slurm_tag);
                job->srun_argv = gtsim_srun_command(regress, job);
            }
        }
    }
    *count = n;
    return jobs;
}

static void gtsim_free_jobs(gtsim_job *jobs, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        for (char **arg = jobs[i].argv; arg && *arg; arg++)
            free(*arg);
        free(jobs[i].argv);
        for (char **arg = jobs[i].srun_argv; arg && *arg; arg++)
            free(*arg);
        free(jobs[i].srun_argv);
        free(jobs[i].slurm_name);
        free(jobs[i].id);
        free(jobs[i].log_path);
        free(jobs[i].wave_path);
        free(jobs[i].coverage_path);
        free(jobs[i].replay);
    }
    free(jobs);
}

/* Merges coverage files (those of the jobs, or of the runs merged: `unit` names which);
 * prints the summary and writes the merged file to `path`. */
static void gtsim_report_coverage(const char *path, char *const *files, char *const *labels, size_t count, const char *unit)
{
    gtsim_coverage *coverage = gtsim_coverage_create();
    size_t merged = 0;
    for (size_t i = 0; i < count; i++) {
        char message[512];
        if (access(files[i], F_OK) != 0)
            continue;
        if (gtsim_coverage_merge_file(coverage, files[i], message, sizeof message))
            merged++;
        else
            fprintf(stderr, "gtsim regress: %s: %s\n", labels[i], message);
    }
    if (merged == 0) {
        printf("coverage: no %s wrote a coverage file\n", unit);
    } else {
        printf("\ncoverage (%zu %s%s):\n", merged, unit, merged == 1 ? "" : "s");
        gtsim_coverage_print_summary(coverage, stdout);
        char message[512];
        if (gtsim_coverage_write(coverage, path, message, sizeof message))
            printf("coverage: %s\n", path);
        else
            fprintf(stderr, "gtsim regress: %s\n", message);
    }
    gtsim_coverage_destroy(coverage);
}

static const char *gtsim_record_state(gtsim_job_state state)
{
    return state == GTSIM_JOB_NOT_RUN ? "NOT_RUN" : gtsim_state_word(state);
}

/* OUT/results.tsv: what `gtsim regress merge` reads back. Paths relative to OUT. */
static bool gtsim_write_results(const gtsim_regress *regress, const gtsim_regress_list *list, const gtsim_job *jobs, size_t count,
                             size_t total, double seconds)
{
    gtsim_regress_results results = { .list = list->name, .suite = (char *)(regress->suite_name ? regress->suite_name : ""),
                                   .base_seed = regress->base_seed, .shard = regress->shard, .shards = regress->shards,
                                   .total = total, .suite_count = list->suite_count, .count = count, .wall = seconds };
    results.suites = tlm_alloc_zeroed(list->suite_count + 1, sizeof *results.suites);
    for (size_t i = 0; i < list->suite_count; i++)
        results.suites[i] = list->suites[i].name;
    results.records = tlm_alloc_zeroed(count + 1, sizeof *results.records);
    size_t prefix = strlen(regress->out_dir) + 1;
    for (size_t i = 0; i < count; i++) {
        const gtsim_job *job = &jobs[i];
        results.records[i] = (gtsim_regress_record){
            .ordinal = job->ordinal, .state = (char *)gtsim_record_state(job->state), .status = job->status,
            .seconds = job->seconds, .timeout = job->entry->timeout, .scenario = job->entry->kind == GTSIM_REGRESS_SCENARIO,
            .suite = list->suites[job->entry->suite].name, .name = job->entry->name, .seed = job->seed, .id = job->id,
            .log = job->log_path + prefix, .wave = job->wave_path + prefix, .replay = job->replay };
    }
    char *path = gtsim_format("%s/results.tsv", regress->out_dir);
    char message[512];
    bool ok = gtsim_regress_results_write(&results, path, message, sizeof message);
    if (!ok)
        fprintf(stderr, "gtsim regress: %s\n", message);
    free(path);
    free(results.suites);
    free(results.records);
    return ok;
}

/* The end of a run's report, the same for a run and a merge: the table, the coverage, the
 * JUnit file, the failed jobs with their replay lines, the last line. The exit status. */
static int gtsim_report(const gtsim_regress *regress, const gtsim_regress_list *list, const gtsim_job *jobs, size_t count,
                     double seconds, char *const *coverage_files, char *const *coverage_labels, size_t coverage_count,
                     const char *coverage_unit)
{
    size_t failed = 0;
    for (size_t i = 0; i < count; i++)
        failed += jobs[i].state != GTSIM_JOB_PASSED;
    gtsim_print_table(list, jobs, count, seconds);
    char *path = regress->coverage ? gtsim_format("%s", regress->coverage) : gtsim_format("%s/coverage.txt", regress->out_dir);
    gtsim_report_coverage(path, coverage_files, coverage_labels, coverage_count, coverage_unit);
    free(path);
    bool junit_ok = !regress->junit || gtsim_write_junit(regress, list, jobs, count, seconds);
    if (regress->junit && junit_ok)
        printf("junit: %s\n", regress->junit);
    if (failed) {
        printf("failed:\n");
        for (size_t i = 0; i < count; i++)
            if (jobs[i].state != GTSIM_JOB_PASSED)
                printf("  %-7s %s  replay: %s\n", gtsim_state_word(jobs[i].state), jobs[i].id, jobs[i].replay);
    }
    printf("%zu passed, %zu failed%s\n", count - failed, failed, gtsim_interrupted ? " (interrupted)" : "");
    fflush(stdout);
    return failed || !junit_ok ? GTSIM_REGRESS_FAILED : GTSIM_REGRESS_PASSED;
}

/* ---- merging ------------------------------------------------------------------------- */

static gtsim_job_state gtsim_state_from_record(const char *state)
{
    return strcmp(state, "PASS") == 0 ? GTSIM_JOB_PASSED
         : strcmp(state, "FAIL") == 0 ? GTSIM_JOB_FAILED
         : strcmp(state, "TIMEOUT") == 0 ? GTSIM_JOB_TIMEOUT
                                         : GTSIM_JOB_NOT_RUN;
}

/* A path of a results file: absolute as it is, else relative to the file's directory. */
static char *gtsim_results_path(const char *dir, const char *path)
{
    return path[0] == '/' ? tlm_alloc_strdup(path) : gtsim_format("%s/%s", dir, path);
}

/* The second results file (of `dir`) belongs to the same run as the first: same list, suite,
 * base seed, shard count and suites. */
static bool gtsim_same_run(const gtsim_regress_results *a, const gtsim_regress_results *b, const char *dir)
{
    const char *what = strcmp(a->list, b->list) != 0          ? "list"
                     : strcmp(a->suite, b->suite) != 0        ? "suite"
                     : a->base_seed != b->base_seed           ? "base seed"
                     : a->shards != b->shards                 ? "number of shards"
                     : a->total != b->total                   ? "number of jobs"
                     : a->suite_count != b->suite_count       ? "suites"
                                                              : NULL;
    for (size_t i = 0; !what && i < a->suite_count; i++)
        if (strcmp(a->suites[i], b->suites[i]) != 0)
            what = "suites";
    if (what)
        fprintf(stderr, "gtsim regress merge: %s: another run (its %s differs from the first directory's); merge shards of one run\n",
                dir, what);
    return what == NULL;
}

/* `gtsim regress merge`'s command line: the options it shares with a run, and the RUNDIRs. */
typedef struct gtsim_merge_cli {
    gtsim_regress regress; /* --out, --junit, --coverage */
    char **dirs;        /* the RUNDIRs, in order */
    size_t dir_count;   /* entries in dirs */
} gtsim_merge_cli;

static int gtsim_merge_dir(void *context, const char *arg)
{
    gtsim_merge_cli *cli = context;
    cli->dirs[cli->dir_count++] = (char *)arg;
    return -1;
}

static const gtsim_cli_option gtsim_merge_options[] = {
    { "--out", "DIR", .field = offsetof(gtsim_merge_cli, regress.out_dir), .help = "where the merged report goes" },
    { "--junit", "FILE", .field = offsetof(gtsim_merge_cli, regress.junit), .help = "write JUnit XML" },
    { "--coverage", "FILE", .field = offsetof(gtsim_merge_cli, regress.coverage), .help = "the merged coverage" },
    { "-h, --help", .usage = true, .help = "show this help" },
    { 0 },
};

static const gtsim_cli_command gtsim_merge_command = {
    .tool = "regress merge", .options = gtsim_merge_options, .operand = gtsim_merge_dir,
    .print_usage = gtsim_regress_usage, /* merge has no help of its own */
};

/* `gtsim regress merge [--out DIR] [--junit FILE] [--coverage FILE] RUNDIR...` (argv[0] is
 * "merge"): the results of the runs (shards of one run) reported as one run. */
static int gtsim_regress_merge(int argc, char **argv)
{
    gtsim_merge_cli cli = { .regress = { .out_dir = "regress-merged" } };
    cli.dirs = tlm_alloc_zeroed((size_t)argc + 1, sizeof *cli.dirs);
    int parsed = gtsim_cli_parse(&gtsim_merge_command, argc, argv, &cli);
    if (parsed >= 0) {
        free(cli.dirs);
        return parsed;
    }
    gtsim_regress regress = cli.regress;
    char **dirs = cli.dirs;
    size_t dir_count = cli.dir_count;
    if (dir_count == 0) {
        free(dirs);
        return gtsim_cli_usage_error("regress merge", "no output directory given (the --out DIR of each shard)");
    }
    gtsim_regress_results **runs = tlm_alloc_zeroed(dir_count, sizeof *runs);
    int status = GTSIM_REGRESS_PASSED;
    size_t count = 0;
    for (size_t d = 0; d < dir_count && status == GTSIM_REGRESS_PASSED; d++) {
        char message[512];
        char *path = gtsim_format("%s/results.tsv", dirs[d]);
        runs[d] = gtsim_regress_results_read(path, message, sizeof message);
        free(path);
        if (!runs[d]) {
            fprintf(stderr, "gtsim regress merge: %s\n", message);
            status = GTSIM_REGRESS_USAGE;
        } else if (d > 0 && !gtsim_same_run(runs[0], runs[d], dirs[d])) {
            status = GTSIM_REGRESS_USAGE;
        } else {
            count += runs[d]->count;
        }
    }
    /* Each shard once; a missing one makes the merge incomplete (exit 1, named). */
    bool *seen = status == GTSIM_REGRESS_PASSED ? tlm_alloc_zeroed(runs[0]->shards + 1u, sizeof *seen) : NULL;
    size_t missing_shards = 0;
    for (size_t d = 0; seen && d < dir_count && status == GTSIM_REGRESS_PASSED; d++) {
        if (seen[runs[d]->shard]) {
            fprintf(stderr, "gtsim regress merge: %s: shard %u/%u given twice\n", dirs[d], runs[d]->shard, runs[d]->shards);
            status = GTSIM_REGRESS_USAGE;
        }
        seen[runs[d]->shard] = true;
    }
    gtsim_regress_list *list = NULL;
    gtsim_job *jobs = NULL;
    size_t n = 0;
    if (status == GTSIM_REGRESS_PASSED) {
        const gtsim_regress_results *first = runs[0];
        list = tlm_alloc_zeroed(1, sizeof *list);
        list->name = tlm_alloc_strdup(first->list);
        list->directory = tlm_alloc_strdup(".");
        list->suites = tlm_alloc_zeroed(first->suite_count + 1, sizeof *list->suites);
        for (size_t i = 0; i < first->suite_count; i++)
            list->suites[list->suite_count++] = (gtsim_regress_suite){ .name = tlm_alloc_strdup(first->suites[i]) };
        list->entries = tlm_alloc_zeroed(count + 1, sizeof *list->entries);
        jobs = tlm_alloc_zeroed(count + 1, sizeof *jobs);
        for (size_t d = 0; d < dir_count && status == GTSIM_REGRESS_PASSED; d++) {
            for (size_t r = 0; r < runs[d]->count; r++) {
                const gtsim_regress_record *record = &runs[d]->records[r];
                long suite = gtsim_regress_list_find_suite(list, record->suite);
                if (suite < 0) {
                    fprintf(stderr, "gtsim regress merge: %s: job '%s' of a suite the run does not name\n", dirs[d],
                            record->id);
                    status = GTSIM_REGRESS_USAGE;
                    break;
                }
                gtsim_regress_entry *entry = &list->entries[list->entry_count++];
                *entry = (gtsim_regress_entry){ .kind = record->scenario ? GTSIM_REGRESS_SCENARIO : GTSIM_REGRESS_TEST,
                                             .name = tlm_alloc_strdup(record->name),
                                             .argv = tlm_alloc_zeroed(1, sizeof(char *)),
                                             .seeds = 1, .timeout = record->timeout, .suite = (size_t)suite };
                gtsim_job *job = &jobs[n++];
                job->entry = entry;
                job->ordinal = record->ordinal;
                job->seed = record->seed;
                job->id = tlm_alloc_strdup(record->id);
                job->log_path = gtsim_results_path(dirs[d], record->log);
                job->wave_path = gtsim_results_path(dirs[d], record->wave);
                job->coverage_path = tlm_alloc_strdup("");
                job->replay = tlm_alloc_strdup(record->replay);
                job->state = gtsim_state_from_record(record->state);
                job->status = record->status;
                job->seconds = record->seconds;
            }
        }
    }
    if (status == GTSIM_REGRESS_PASSED) {
        qsort(jobs, n, sizeof *jobs, gtsim_job_ordinal_compare);
        for (size_t i = 1; i < n && status == GTSIM_REGRESS_PASSED; i++)
            if (jobs[i].ordinal == jobs[i - 1].ordinal) {
                fprintf(stderr, "gtsim regress merge: job %s (position %zu) is in two of the runs\n", jobs[i].id,
                        jobs[i].ordinal);
                status = GTSIM_REGRESS_USAGE;
            }
    }
    char message[512];
    if (status == GTSIM_REGRESS_PASSED && !gtsim_make_directory(regress.out_dir, message, sizeof message)) {
        fprintf(stderr, "gtsim regress merge: %s\n", message);
        status = GTSIM_REGRESS_USAGE;
    }
    if (status == GTSIM_REGRESS_PASSED) {
        const gtsim_regress_results *first = runs[0];
        double wall = 0;
        for (size_t d = 0; d < dir_count; d++)
            wall = runs[d]->wall > wall ? runs[d]->wall : wall;
        printf("regress merge: %s%s%s: %zu job%s from %zu run%s, base seed %" PRIu64 "\n", first->list,
               *first->suite ? " suite " : "", first->suite, n, n == 1 ? "" : "s", dir_count, dir_count == 1 ? "" : "s",
               first->base_seed);
        for (unsigned k = 1; k <= first->shards; k++)
            if (!seen[k] && ++missing_shards <= 10)
                printf("regress merge: shard %u/%u missing: its jobs are not in this report\n", k, first->shards);
        if (!missing_shards && n != first->total)
            printf("regress merge: %zu of the run's %zu jobs (a shard stopped early?)\n", n, first->total);
        for (size_t i = 0; i < n; i++)
            gtsim_report_job(&jobs[i]);
        char **files = tlm_alloc_zeroed(dir_count + 1, sizeof *files);
        for (size_t d = 0; d < dir_count; d++)
            files[d] = gtsim_format("%s/coverage.txt", dirs[d]);
        status = gtsim_report(&regress, list, jobs, n, wall, files, dirs, dir_count, "run");
        for (size_t d = 0; d < dir_count; d++)
            free(files[d]);
        free(files);
        if (missing_shards || n != first->total)
            status = GTSIM_REGRESS_FAILED;
    }
    gtsim_free_jobs(jobs, n);
    gtsim_regress_list_destroy(list);
    for (size_t d = 0; d < dir_count; d++)
        gtsim_regress_results_destroy(runs[d]);
    free(runs);
    free(seen);
    free(dirs);
    return status;
}

int gtsim_regress_main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "merge") == 0)
        return gtsim_regress_merge(argc - 1, argv + 1);
    gtsim_regress regress = { 0 };
    int status = gtsim_regress_arguments(argc, argv, &regress);
    if (status >= 0)
        return status;
    char message[512];
    gtsim_regress_list *list = gtsim_regress_list_load(regress.list_path, message, sizeof message);
    if (!list) {
        fprintf(stderr, "gtsim regress: %s\n", message);
        return GTSIM_REGRESS_USAGE;
    }
    if (list->error_count) {
        gtsim_regress_list_print_errors(list, stderr);
        gtsim_regress_list_destroy(list);
        return GTSIM_REGRESS_USAGE;
    }
    long suite = -1;
    if (regress.suite_name && (suite = gtsim_regress_list_find_suite(list, regress.suite_name)) < 0) {
        fprintf(stderr, "gtsim regress: %s has no suite '%s' (suites:", list->name, regress.suite_name);
        for (size_t i = 0; i < list->suite_count; i++)
            fprintf(stderr, " %s", list->suites[i].name);
        fputs(")\n", stderr);
        gtsim_regress_list_destroy(list);
        return GTSIM_REGRESS_USAGE;
    }
    if (!regress.seed_given)
        regress.base_seed = gtsim_regress_mix((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32)) & UINT64_C(0xFFFFFFFF);
    char sub[3][4096];
    snprintf(sub[0], sizeof sub[0], "%s/logs", regress.out_dir);
    snprintf(sub[1], sizeof sub[1], "%s/waves", regress.out_dir);
    snprintf(sub[2], sizeof sub[2], "%s/coverage", regress.out_dir);
    if (!gtsim_find_self(&regress) || !gtsim_make_directory(regress.out_dir, message, sizeof message) ||
        !gtsim_make_directory(sub[0], message, sizeof message) || !gtsim_make_directory(sub[1], message, sizeof message) ||
        !gtsim_make_directory(sub[2], message, sizeof message)) {
        fprintf(stderr, "gtsim regress: %s\n", regress.gtsim ? message : "cannot find the gtsim program's own path");
        gtsim_regress_list_destroy(list);
        free(regress.gtsim);
        free(regress.bin_dir);
        return GTSIM_REGRESS_USAGE;
    }
    if (regress.slurm && regress.out_dir[0] != '/') {
        /* The jobs run on other nodes, maybe in another directory: they get absolute paths
         * into the shared output directory. */
        regress.out_owned = realpath(regress.out_dir, NULL);
        if (regress.out_owned)
            regress.out_dir = regress.out_owned;
    }
    size_t total = 0;
    for (size_t i = 0; i < list->entry_count; i++)
        if (suite < 0 || gtsim_regress_list_in_suite(list, &list->entries[i], (size_t)suite))
            total += list->entries[i].seeds;
    if (total > GTSIM_REGRESS_MAX_TOTAL_JOBS) {
        fprintf(stderr, "gtsim regress: %s%s%s makes %zu jobs; one run may make at most %u (fewer seeds, or --suite)\n",
                list->name, regress.suite_name ? " suite " : "", regress.suite_name ? regress.suite_name : "", total,
                GTSIM_REGRESS_MAX_TOTAL_JOBS);
        gtsim_regress_list_destroy(list);
        free(regress.gtsim);
        free(regress.bin_dir);
        return GTSIM_REGRESS_USAGE;
    }
    size_t count = 0;
    /* Slurm job names carry the run's tag, so the runner's scancel reaches this run's jobs only
     * (another run of the same list by the same user keeps its own). */
    snprintf(regress.slurm_tag, sizeof regress.slurm_tag, "@%lx.%lx", (unsigned long)getpid(),
             (unsigned long)time(NULL) & 0xffffful);
    gtsim_job *jobs = gtsim_make_jobs(&regress, list, suite, &count);
    for (size_t i = 0; i < count; i++) {
        remove(jobs[i].coverage_path); /* a stale file from an earlier run must not count */
        gtsim_remove_wave(&jobs[i]);
    }
    char shard[64] = "", shard_word[64] = "";
    if (regress.shards > 1) {
        snprintf(shard, sizeof shard, " --shard %u/%u", regress.shard, regress.shards);
        snprintf(shard_word, sizeof shard_word, " shard %u/%u", regress.shard, regress.shards);
    }
    printf("regress: %s%s%s%s: %zu job%s, -j %u%s, base seed %" PRIu64 " (repeat: gtsim regress%s%s%s --seed %" PRIu64
           " %s)\n",
           list->name, regress.suite_name ? " suite " : "", regress.suite_name ? regress.suite_name : "", shard_word,
           count, count == 1 ? "" : "s", regress.jobs, regress.slurm ? ", launcher slurm" : "", regress.base_seed,
           regress.suite_name ? " --suite " : "", regress.suite_name ? regress.suite_name : "", shard, regress.base_seed,
           list->name);
    /* Orphans of a job (processes its main process started and left behind) become the
     * runner's children, so gtsim_job_poll can end and reap them. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    struct sigaction action = { .sa_handler = gtsim_on_signal };
    sigemptyset(&action.sa_mask);
    struct sigaction old_int, old_term;
    sigaction(SIGINT, &action, &old_int);
    sigaction(SIGTERM, &action, &old_term);
    double start = gtsim_now();
    gtsim_run_jobs(&regress, jobs, count);
    double seconds = gtsim_now() - start;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    bool results_ok = gtsim_write_results(&regress, list, jobs, count, total, seconds);
    char **files = tlm_alloc_zeroed(count + 1, sizeof *files), **labels = tlm_alloc_zeroed(count + 1, sizeof *labels);
    for (size_t i = 0; i < count; i++) {
        files[i] = jobs[i].coverage_path;
        labels[i] = jobs[i].id;
    }
    status = gtsim_report(&regress, list, jobs, count, seconds, files, labels, count, "job");
    free(files);
    free(labels);
    gtsim_free_jobs(jobs, count);
    gtsim_regress_list_destroy(list);
    free(regress.gtsim);
    free(regress.bin_dir);
    free(regress.out_owned);
    return results_ok ? status : GTSIM_REGRESS_FAILED;
}
