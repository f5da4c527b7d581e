// A script run by `carender` dies with it. `carender` names itself in CARENDER_PARENT_PID; when
// the library loads (before the script's first line), it asks the kernel for SIGTERM when the
// parent dies (prctl PR_SET_PDEATHSIG), checks the parent did not die before that request, and
// starts a thread that polls for the parent as a second line of defence (the kernel's request is
// tied to the thread that spawned the script, and survives only what the process does not
// undo). SIGTERM then runs the temporary-file cleanup in inflight_files.c.
//
// It also tells `carender` the script started: it writes "started" to the report file
// (CARENDER_REPORT), so an executable that never gets this far (a corrupted cached build) can be
// told from a script that failed.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
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

static void mark_started(void) {
    const char *report = getenv("CARENDER_REPORT");
    if (!report || !*report) return;
    int descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (descriptor < 0) return;
    static const char started[] = "started\n";
    ssize_t ignored = write(descriptor, started, sizeof started - 1);
    (void)ignored;
    close(descriptor);
}

__attribute__((constructor)) static void cpng_watch_parent(void) {
    const char *text = getenv("CARENDER_PARENT_PID");
    if (!text || !*text) return;
    char *end = NULL;
    long parent = strtol(text, &end, 10);
    /* Not passed on: a program the script starts has a parent of its own. */
    unsetenv("CARENDER_PARENT_PID");
    if (*end != '\0' || parent <= 1) return;
    watched_parent = (pid_t)parent;
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != watched_parent) {
        kill(getpid(), SIGTERM);
        return;
    }
    mark_started();
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_create(&thread, &attributes, watch_parent, NULL);
    pthread_attr_destroy(&attributes);
}
