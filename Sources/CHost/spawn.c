// Starting the command line's children (the compiler, the script's workers, ffmpeg) so that none
// outlives it. Each child runs in a process group of its own, so the command line can pass a stop
// request on to the child and everything the child started (a compiler driver's frontends), and
// escalate. A guard process watches the command line: it is a fork of it (no exec), which only
// sleeps, polls getppid() and signals, all async-signal-safe as a fork of a threaded process
// requires; when the command line dies, even by SIGKILL, the guard ends the child's group,
// SIGTERM first (a script removes its temporary files) and SIGKILL after the grace period (a
// script that ignores SIGTERM).
#define _GNU_SOURCE
#include "chost.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How often the guard checks that the command line is alive. */
#define GUARD_POLL_NS (100L * 1000 * 1000)
#define ESCALATION_POLL_NS (20L * 1000 * 1000)

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

/* The highest descriptor worth visiting when close_range(2) is missing. */
static int descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > 65536) return 65536;
    return (int)limit.rlim_cur;
}

/* Marks every descriptor from `first` on close-on-exec (or closes it when `close_now`). */
static void drop_descriptors(int first, int close_now, int limit) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, close_now ? 0U : CLOSE_RANGE_CLOEXEC) == 0) return;
#endif
    for (int fd = first; fd < limit; fd++) {
        if (close_now) close(fd); else fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
}

static void sleep_ns(long nanoseconds) {
    struct timespec pause = {0, nanoseconds};
    nanosleep(&pause, NULL);
}

static int group_alive(pid_t group) { return kill(-group, 0) == 0 || errno == EPERM; }

__attribute__((noreturn)) static void guard_main(pid_t parent, pid_t group, int grace_ms, int limit) {
    struct sigaction ignore;
    ignore.sa_handler = SIG_IGN;
    ignore.sa_flags = 0;
    sigemptyset(&ignore.sa_mask);
    /* Ctrl-C and hang-ups are the command line's to handle; the guard only outlives it. */
    sigaction(SIGINT, &ignore, NULL);
    sigaction(SIGTERM, &ignore, NULL);
    sigaction(SIGHUP, &ignore, NULL);
    sigaction(SIGQUIT, &ignore, NULL);
    setpgid(0, 0);
    drop_descriptors(0, 1, limit);
    for (;;) {
        sleep_ns(GUARD_POLL_NS);
        if (!group_alive(group)) _exit(0);
        if (getppid() != parent) break;
    }
    kill(-group, SIGTERM);
    for (long waited = 0; waited < (long)grace_ms * 1000000L; waited += ESCALATION_POLL_NS) {
        sleep_ns(ESCALATION_POLL_NS);
        if (!group_alive(group)) _exit(0);
    }
    kill(-group, SIGKILL);
    _exit(0);
}

int chost_spawn(const chost_spawn_request *request, pid_t *child, pid_t *guard) {
    *child = -1;
    *guard = -1;
    int limit = descriptor_limit();
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(report[0]);
        close(report[1]);
        return saved;
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        struct sigaction fallback;
        fallback.sa_handler = SIG_DFL;
        fallback.sa_flags = 0;
        sigemptyset(&fallback.sa_mask);
        /* Swift programs ignore SIGPIPE; a child such as ffmpeg expects the default. */
        sigaction(SIGPIPE, &fallback, NULL);
        setpgid(0, 0);
        int wanted[3] = {request->input, request->output, request->error};
        int moved[3];
        for (int i = 0; i < 3; i++) moved[i] = wanted[i] >= 0 ? fcntl(wanted[i], F_DUPFD, 3) : -1;
        for (int i = 0; i < 3; i++) {
            if (moved[i] >= 0) dup2(moved[i], i);
        }
        int failure = 0;
        if (request->directory && chdir(request->directory) != 0) failure = errno;
        if (!failure) {
            drop_descriptors(3, 0, limit);
            /* The report pipe's write end is close-on-exec already: it closes when exec works. */
            execve(request->path, request->arguments, request->environment);
            failure = errno;
        }
        ssize_t ignored = write(report[1], &failure, sizeof failure);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    /* The guard, forked before waiting for exec so the child is never unwatched for long. */
    pid_t watcher = fork();
    if (watcher == 0) guard_main(parent, pid, request->grace_milliseconds, limit);
    int failure = 0;
    ssize_t n;
    do {
        n = read(report[0], &failure, sizeof failure);
    } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof failure) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        if (watcher > 0) chost_end_guard(watcher);
        return failure ? failure : ENOEXEC;
    }
    *child = pid;
    *guard = watcher;
    return 0;
}

void chost_end_guard(pid_t guard) {
    if (guard <= 0) return;
    kill(guard, SIGKILL);
    int status;
    while (waitpid(guard, &status, 0) < 0 && errno == EINTR) {}
}

int chost_signal_ignored(int signal_number) {
    struct sigaction current;
    if (sigaction(signal_number, NULL, &current) != 0) return 0;
    return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
}

int chost_pipe(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC) == 0 ? 0 : errno;
}
