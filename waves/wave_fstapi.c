/* GTKWave's FST writer (fstapi.c as the installed Verilator package ships it, compiled from
 * there: this file includes it, nothing is copied), plus the two things its parallel block
 * writer lacks, added around it without changing it:
 *
 * 1. A wait for the writer thread. fstapi hands a full block to a new thread with a copy of
 *    its writer state; the thread writes the block, then the next block's section header,
 *    and only then records in the parent where that header starts (section_start). The next
 *    hand-over (the next flush, or the flush in fstWriterClose) copies the state after
 *    taking and dropping the mutex once; a thread that has been created but not scheduled
 *    yet does not hold the mutex, so the copy carries the old section_start and the next
 *    block's length and end time are written over the previous block: a file fst2vcd
 *    rejects. On a loaded machine (or when the run ends right after a flush) that happens
 *    now and then. wave_fstapi_wait_idle waits until no thread is in flight; wave_fst.c
 *    calls it before every flush it asks for and before close.
 *
 * 2. Writer threads that take no signals. A process-directed SIGINT/SIGTERM may be delivered
 *    to any thread that does not block it; on the writer thread, the waveform guard's handler
 *    would close the file while that same thread holds the writer's mutex (a deadlock until
 *    the guard's alarm, and an unreadable file). Threads are created with every signal
 *    blocked, so signals always land on the simulation thread. */
#include <pthread.h>
#include <time.h>
#include <sched.h>
#include <signal.h>

static int wave_fstapi_create_thread(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                                     void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int result = pthread_create(thread, attr, start, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return result;
}

#define pthread_create wave_fstapi_create_thread
#include "fstapi.c"
#undef pthread_create

void wave_fstapi_wait_idle(void *ctx);

void wave_fstapi_wait_idle(void *ctx)
{
    struct fstWriterContext *xc = (struct fstWriterContext *)ctx;
    if (!xc)
        return;
    /* A few yields first (the block is small and the thread nearly done), then sleeps that
     * grow to 1 ms: on a loaded machine a spinning waiter would take the core the writer
     * thread needs. */
    long pause_ns = 1000;
    for (unsigned spins = 0;; spins++) {
        /* The thread clears in_pthread under the mutex as its very last step, after every
         * write to the file and to the parent's state. */
        pthread_mutex_lock(&xc->mutex);
        unsigned busy = xc->in_pthread;
        pthread_mutex_unlock(&xc->mutex);
        if (!busy)
            return;
        if (spins < 16) {
            sched_yield();
            continue;
        }
        struct timespec pause = { 0, pause_ns };
        nanosleep(&pause, NULL);
        if (pause_ns < 1000000)
            pause_ns *= 2;
    }
}
