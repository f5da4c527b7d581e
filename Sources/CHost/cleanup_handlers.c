// What a script host does when its process is stopped or crashes: unlink the temporary files of
// frames being written (the registry is CPNG's, see inflight_files.c) and, on a crash, wait a
// bounded time for the frames already rendered and queued for encoding, then hand the signal on
// (to the Swift runtime's backtracer, or the default action).
#include "chost.h"
#include "cpng.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* How long a crashing thread waits for queued frames: long enough for a few large frames on a
 * busy machine, short enough that a crash never looks like a hang. */
#define CRASH_FLUSH_LIMIT_NS (4LL * 1000 * 1000 * 1000)
#define CRASH_FLUSH_POLL_NS (5LL * 1000 * 1000)

static const int termination_signals[] = {SIGINT, SIGTERM, SIGHUP};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define SIGNAL_LIMIT 65
static struct sigaction previous_actions[SIGNAL_LIMIT];

/* Passes the signal to whoever handled it before us; for the default action, restores it and
 * raises the signal again, which is delivered once this handler returns. */
static void hand_on(int signal_number, siginfo_t *info, void *context) {
    struct sigaction *previous = &previous_actions[signal_number];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) {
            previous->sa_sigaction(signal_number, info, context);
            return;
        }
    } else if (previous->sa_handler == SIG_IGN) {
        return;
    } else if (previous->sa_handler != SIG_DFL) {
        previous->sa_handler(signal_number);
        return;
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signal_number, &fallback, NULL);
    raise(signal_number);
}

static void on_termination(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    cpng_unlink_in_flight();
    hand_on(signal_number, info, context);
    errno = saved_errno;
}

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    struct timespec pause = {0, CRASH_FLUSH_POLL_NS};
    for (long long waited = 0; cpng_frames_pending() > 0 && waited < CRASH_FLUSH_LIMIT_NS;
         waited += CRASH_FLUSH_POLL_NS) {
        nanosleep(&pause, NULL);
    }
    cpng_unlink_in_flight();
    hand_on(signal_number, info, context);
}

static void install(const int *signals, size_t count, void (*handler)(int, siginfo_t *, void *)) {
    for (size_t i = 0; i < count; i++) {
        /* A signal the process ignores (SIGHUP under nohup) stays ignored: the render goes on. */
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = handler;
        /* SA_ONSTACK: a stack overflow can only be handled on the alternate stack the Swift
         * runtime sets up. */
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, &previous_actions[signals[i]]);
    }
}

static void install_once(void) {
    install(termination_signals, sizeof termination_signals / sizeof *termination_signals, on_termination);
    install(crash_signals, sizeof crash_signals / sizeof *crash_signals, on_crash);
}

void chost_install_cleanup_handlers(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
}
