#ifndef CHOST_H
#define CHOST_H

// The process boundary's C half: what a script host does to its process (signal handlers, the
// parent watch) and how the command line starts and supervises children (process groups, a guard
// that outlives a killed command line). Nothing here runs unless a host calls it: the library's
// layers never do.

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs (once) the handlers that unlink the frames' temporary files in flight on SIGINT,
/// SIGTERM and SIGHUP and, on a crash, wait a bounded time for queued frames before handing the
/// signal on. Each handler then passes the signal to the handler installed before it, or to the
/// default action; a signal the process ignores stays ignored.
void chost_install_cleanup_handlers(void);

/// Ties this process to `parent`: SIGTERM when it dies (PR_SET_PDEATHSIG, and a thread polling
/// getppid() as a second line of defence, since the kernel's request follows the thread that
/// spawned us). Returns 0, or -1 when `parent` is already gone (the caller should end).
int chost_watch_parent(pid_t parent);

/// What chost_spawn starts and how.
typedef struct chost_spawn_request {
    const char *path;            /* the executable */
    char *const *arguments;      /* argv, NULL-terminated, argv[0] included */
    char *const *environment;    /* envp, NULL-terminated */
    const char *directory;       /* working directory, or NULL for ours */
    int input, output, error;    /* descriptors for 0, 1, 2 in the child; -1 keeps ours */
    int grace_milliseconds;      /* between SIGTERM and SIGKILL when the guard ends the group */
} chost_spawn_request;

/// Starts `request->path` in a session of its own (so also a process group of its own; both ids
/// are the child's pid) with every other descriptor closed, and a guard process that watches this
/// process: when it dies, even by SIGKILL, the guard sends the child's whole session SIGTERM, then
/// SIGKILL after the grace period, so nothing started here outlives it (compiler drivers' own
/// children included, which the driver moves to process groups of their own). Returns 0 and sets
/// `*child` and `*guard` (to be ended with chost_end_guard once the child is reaped), or an errno
/// value when fork or exec failed.
int chost_spawn(const chost_spawn_request *request, pid_t *child, pid_t *guard);

/// Sends `signal_number` to every process of session `session` but the caller (found in /proc),
/// and returns how many of them are live (exited ones waiting to be reaped are not counted); 0 as
/// the signal only counts them. Async-signal-safe.
int chost_signal_session(pid_t session, int signal_number);

/// Ends and reaps a guard.
void chost_end_guard(pid_t guard);

/// A pipe whose both ends are close-on-exec from the start (pipe2 with O_CLOEXEC). Returns 0, or
/// an errno value.
int chost_pipe(int descriptors[2]);

/// Whether the process ignores `signal_number` (SIGHUP under nohup): a host leaves it ignored.
int chost_signal_ignored(int signal_number);

#ifdef __cplusplus
}
#endif

#endif
