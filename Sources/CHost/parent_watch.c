// A script run by `carender` dies with it. The script host asks the kernel for SIGTERM when the
// parent dies (prctl PR_SET_PDEATHSIG), checks the parent did not die before that request, and
// starts a thread that polls for the parent as a second line of defence (the kernel's request is
// tied to the thread that spawned the script, and survives only what the process does not undo).
// SIGTERM then runs the temporary-file cleanup (cleanup_handlers.c). A script that ignores
// SIGTERM is ended by the command line's guard process (spawn.c) with SIGKILL.
#include "chost.h"

#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

/* How often the watching thread checks that the parent is alive. */
#define PARENT_POLL_NS (200L * 1000 * 1000)

static pid_t watched_parent;

static void *watch_parent(void *unused) {
    (void)unused;
    struct timespec pause = {0, PARENT_POLL_NS};
    for (;;) {
        nanosleep(&pause, NULL);
        if (getppid() != watched_parent) {
            kill(getpid(), SIGTERM);
            return NULL;
        }
    }
}

int chost_watch_parent(pid_t parent) {
    if (parent <= 1) return 0;
    watched_parent = parent;
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != watched_parent) return -1;
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_create(&thread, &attributes, watch_parent, NULL);
    pthread_attr_destroy(&attributes);
    return 0;
}
