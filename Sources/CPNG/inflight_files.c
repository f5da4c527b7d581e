// What the process cleans up when it is stopped or crashes: the temporary files of frames being
// written, and the frames still queued for encoding.
//
// A frame is written to `frame_NNNNN.png.tmp-XXXXXX` and renamed into place. When SIGINT, SIGTERM
// or SIGHUP arrives mid-write, the handler unlinks every temporary file in flight, so a stopped
// render leaves complete frames and nothing else. The registry is a fixed array of path buffers
// with an atomic state per slot: a signal handler may only call async-signal-safe functions
// (unlink, sigaction, raise, nanosleep), so it cannot take locks or allocate.
//
// When the script crashes (a trap such as an index out of range, a segmentation fault, abort),
// the crashing thread waits a bounded time for the encoder threads to finish the frames already
// rendered, then hands the signal on (to the Swift runtime's backtracer, or the default action).
#include "cpng.h"
#include "inflight_files.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* More frames than this in flight at once fall back to an unregistered buffer (still swept when
 * the output folder is next prepared); the frame writer keeps about one per core in flight. */
#define SLOT_COUNT 64

/* How long a crashing thread waits for queued frames: long enough for a few large frames on a
 * busy machine, short enough that a crash never looks like a hang. */
#define CRASH_FLUSH_LIMIT_NS (4LL * 1000 * 1000 * 1000)
#define CRASH_FLUSH_POLL_NS (5LL * 1000 * 1000)

enum { SLOT_FREE = 0, SLOT_CLAIMED = 1, SLOT_ACTIVE = 2 };

typedef struct {
    atomic_int state;
    char path[PATH_MAX];
} temp_slot;

static temp_slot slots[SLOT_COUNT];
static atomic_int pending_frames;

static const int termination_signals[] = {SIGINT, SIGTERM, SIGHUP};
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define SIGNAL_LIMIT 65
static struct sigaction previous_actions[SIGNAL_LIMIT];

int cpng_temp_claim(void) {
    for (int i = 0; i < SLOT_COUNT; i++) {
        int expected = SLOT_FREE;
        if (atomic_compare_exchange_strong(&slots[i].state, &expected, SLOT_CLAIMED)) return i;
    }
    return -1;
}

char *cpng_temp_path(int slot) { return slots[slot].path; }

void cpng_temp_activate(int slot) { atomic_store(&slots[slot].state, SLOT_ACTIVE); }

void cpng_temp_release(int slot) { atomic_store(&slots[slot].state, SLOT_FREE); }

static void unlink_in_flight(void) {
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (atomic_load(&slots[i].state) == SLOT_ACTIVE) unlink(slots[i].path);
    }
}

void cpng_frames_pending_add(int delta) {
    cpng_install_cleanup_handlers();
    atomic_fetch_add(&pending_frames, delta);
}

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
    unlink_in_flight();
    hand_on(signal_number, info, context);
    errno = saved_errno;
}

static void on_crash(int signal_number, siginfo_t *info, void *context) {
    struct timespec pause = {0, CRASH_FLUSH_POLL_NS};
    for (long long waited = 0; atomic_load(&pending_frames) > 0 && waited < CRASH_FLUSH_LIMIT_NS;
         waited += CRASH_FLUSH_POLL_NS) {
        nanosleep(&pause, NULL);
    }
    unlink_in_flight();
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

void cpng_install_cleanup_handlers(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
}
