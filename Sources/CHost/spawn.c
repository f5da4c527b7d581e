// Starting the command line's children (the compiler, the script's workers, ffmpeg) so that none
// outlives it. Each child leads a session of its own (so also a process group of its own): the
// command line passes a stop request on to the child's group, and ends everything the child
// started by its session, which a process cannot leave by changing its group (the Swift
// compiler's driver puts each frontend in a group of its own). A guard process watches the
// command line: it is a fork of it (no exec), which only sleeps, polls getppid(), reads /proc and
// signals, all async-signal-safe as a fork of a threaded process requires; when the command line
// dies, even by SIGKILL, the guard ends the child's session, SIGTERM first (a script removes its
// temporary files) and SIGKILL after the grace period (a script that ignores SIGTERM).
#define _GNU_SOURCE
#include "chost.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How often the guard checks that the command line is alive. */
#define GUARD_POLL_NS (100L * 1000 * 1000)
#define ESCALATION_POLL_NS (50L * 1000 * 1000)

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

/* The decimal digits of `value` into `out` (no terminator); returns their count. */
static int write_decimal(char *out, long value) {
    char digits[24];
    int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    for (int i = 0; i < count; i++) out[i] = digits[count - 1 - i];
    return count;
}

/* The session of process `pid` from /proc/PID/stat, or -1; `*zombie` says whether it has exited
   and waits to be reaped. */
static pid_t session_of(pid_t pid, int *zombie) {
    char path[48] = "/proc/";
    int length = 6 + write_decimal(path + 6, pid);
    memcpy(path + length, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = 0;
    /* "pid (name) state ppid pgrp session ...": the name may hold spaces and parentheses. */
    char *close_paren = NULL;
    for (char *c = text; *c; c++) if (*c == ')') close_paren = c;
    if (!close_paren || close_paren[1] != ' ') return -1;
    char *field = close_paren + 2;
    *zombie = field[0] == 'Z';
    for (int skip = 0; skip < 3; skip++) {
        while (*field && *field != ' ') field++;
        if (*field) field++;
    }
    long session = 0;
    int any = 0;
    while (*field >= '0' && *field <= '9') { session = session * 10 + (*field - '0'); field++; any = 1; }
    return any ? (pid_t)session : -1;
}

int chost_signal_session(pid_t session, int signal_number) {
    if (session <= 1) return 0;
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    pid_t self = getpid();
    int live = 0;
    char buffer[4096] __attribute__((aligned(8)));
    for (;;) {
        long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (n <= 0) break;
        for (long offset = 0; offset < n;) {
            struct dirent64 *entry = (struct dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            long pid = 0;
            const char *name = entry->d_name;
            if (*name < '1' || *name > '9') continue;
            for (; *name >= '0' && *name <= '9'; name++) pid = pid * 10 + (*name - '0');
            if (*name || pid == self) continue;
            int zombie = 0;
            if (session_of((pid_t)pid, &zombie) != session) continue;
            if (kill((pid_t)pid, signal_number) == 0 && !zombie) live++;
        }
    }
    close(fd);
    return live;
}

__attribute__((noreturn)) static void guard_main(pid_t parent, pid_t child, int grace_ms, int limit) {
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
        /* While the command line lives, the child's own group is what it reaps and ends. */
        if (!group_alive(child)) _exit(0);
        if (getppid() != parent) break;
    }
    if (chost_signal_session(child, SIGTERM) == 0) _exit(0);
    for (long waited = 0; waited < (long)grace_ms * 1000000L; waited += ESCALATION_POLL_NS) {
        sleep_ns(ESCALATION_POLL_NS);
        if (chost_signal_session(child, 0) == 0) _exit(0);
    }
    chost_signal_session(child, SIGKILL);
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
        /* A session of its own (and so a group): nothing it starts can leave the session. */
        setsid();
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
