/* Keeps waveform files complete when the process ends in other ways than wave_close:
 *
 *   exit()         an atexit handler completes every open file (unless exit was called from
 *                  inside the waveform code itself, whose state is then half-updated).
 *   SIGINT/SIGTERM a handler completes every open file, restores the signal's previous
 *                  disposition and raises it again, so the process still dies of the signal
 *                  (the shell sees 130/143, a parent sees WIFSIGNALED).
 *
 * A signal that arrives while the waveform code is running (a change being written) is not
 * handled there: the handler only notes it, and the outermost wave_guard_leave completes the
 * files and re-raises it. So a file is never completed in the middle of a write.
 *
 * What is not async-signal-safe (docs/guide/waves.md): completing an FST file calls the FST
 * library's close, which allocates and uses stdio. If the signal interrupted the allocator
 * itself, that can deadlock or corrupt the heap; the handler arms alarm() first, so the worst
 * case is the process dying of SIGALRM a few seconds later instead of hanging. VCD completion
 * uses only write(2) and close(2). SIGKILL cannot be caught: an FST file of a SIGKILLed run
 * stays FILE.part (it is renamed to its name only when complete, wave_fst.c); a VCD file keeps
 * its header and the whole time steps flushed. */
#include "wave_internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Seconds a signal handler may spend completing files before SIGALRM ends the process. */
#define WAVE_SIGNAL_DEADLINE_SECONDS 10u

static const int guarded_signals[] = { SIGINT, SIGTERM };
#define GUARDED_SIGNAL_COUNT (sizeof guarded_signals / sizeof guarded_signals[0])

static wave_file *open_files;                              /* every file not closed yet */
volatile sig_atomic_t wave_guard_depth;                    /* nesting of waveform code on the stack */
volatile sig_atomic_t wave_guard_deferred;                 /* a signal that arrived inside it */
static bool atexit_registered;                             /* the exit handler is in place */
static unsigned signal_users;                              /* open files that asked for signal completion */
static bool installed[GUARDED_SIGNAL_COUNT];               /* our handler is in place for the signal */
static struct sigaction previous[GUARDED_SIGNAL_COUNT];    /* what was there before */

static void complete_all(bool from_signal)
{
    for (wave_file *file = open_files; file; file = file->next_open)
        wave_file_emergency_close(file, from_signal);
}

/* Puts back what handled `signal` before us and raises it again. */
static void die_of(int signal)
{
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++) {
        if (guarded_signals[i] == signal && installed[i]) {
            sigaction(signal, &previous[i], NULL);
            installed[i] = false;
        }
    }
    raise(signal);
}

static void on_signal(int signal)
{
    if (wave_guard_depth > 0) {
        wave_guard_deferred = signal; /* handled at the outermost wave_guard_leave */
        return;
    }
    wave_guard_depth++;
    alarm(WAVE_SIGNAL_DEADLINE_SECONDS);
    complete_all(true);
    wave_guard_depth--;
    die_of(signal);
}

static void on_exit_complete(void)
{
    if (wave_guard_depth == 0)
        complete_all(false);
}

void wave_guard_handle_deferred(void)
{
    int signal = wave_guard_deferred;
    wave_guard_deferred = 0;
    wave_guard_depth++;
    complete_all(true);
    wave_guard_depth--;
    die_of(signal);
}

/* Blocks the guarded signals (the old mask goes to *old) while the list changes, so a handler
 * never walks a list that is half changed. */
static void block_guarded(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++)
        sigaddset(&set, guarded_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void install_handlers(void)
{
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++) {
        struct sigaction current;
        if (sigaction(guarded_signals[i], NULL, &current) != 0)
            continue;
        if (current.sa_handler == SIG_IGN)
            continue; /* the program ignores it (e.g. started with nohup): so do we */
        struct sigaction ours;
        memset(&ours, 0, sizeof ours);
        ours.sa_handler = on_signal;
        sigemptyset(&ours.sa_mask);
        ours.sa_flags = SA_RESTART; /* a deferred signal must not make the run's I/O fail */
        if (sigaction(guarded_signals[i], &ours, &previous[i]) == 0)
            installed[i] = true;
    }
}

static void remove_handlers(void)
{
    for (size_t i = 0; i < GUARDED_SIGNAL_COUNT; i++) {
        if (installed[i]) {
            sigaction(guarded_signals[i], &previous[i], NULL);
            installed[i] = false;
        }
    }
}

void wave_guard_add(wave_file *file, bool finalize_on_signal)
{
    sigset_t old;
    block_guarded(&old);
    if (!atexit_registered)
        atexit_registered = atexit(on_exit_complete) == 0;
    file->next_open = open_files;
    open_files = file;
    /* finalize_on_signal is also in the file's options, so remove knows whether it counted. */
    if (finalize_on_signal && signal_users++ == 0)
        install_handlers();
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void wave_guard_remove(wave_file *file)
{
    sigset_t old;
    block_guarded(&old);
    for (wave_file **link = &open_files; *link; link = &(*link)->next_open) {
        if (*link == file) {
            *link = file->next_open;
            if (file->options.finalize_on_signal && --signal_users == 0)
                remove_handlers();
            break;
        }
    }
    file->next_open = NULL;
    sigprocmask(SIG_SETMASK, &old, NULL);
}
