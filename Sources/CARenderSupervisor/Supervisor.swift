import CHost
import Foundation
import Synchronization

/// The children being run (the compiler, the script's workers, ffmpeg, preview workers), by
/// process group, for the signal handler, which cannot capture context: a fixed table, so the
/// handler only reads memory.
private let groupSlots = 128
// nonisolated(unsafe): slots are written only with `groupTableLock` held; the signal handler,
// which may take no lock, reads whole aligned `pid_t` words (a slot is a group or 0, never torn).
nonisolated(unsafe) private let runningGroups: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: groupSlots)
    table.initialize(repeating: 0, count: groupSlots)
    return table
}()
private let groupTableLock = NSLock()
/// The stop request (SIGINT, SIGTERM, SIGHUP) carender received, 0 when none. Written by the
/// handler, read by the threads waiting for children.
// nonisolated(unsafe): a `sig_atomic_t`, the one type C lets a signal handler write for others to read.
nonisolated(unsafe) private var receivedStop: sig_atomic_t = 0
/// A pipe's write end the handler writes the stop request's number to (one byte), for a command
/// that waits for one (`carender preview`); -1 when none. Set once, before the handlers can find
/// it set (``Supervisor/notifyStop(writingTo:)``), and only read by the handler afterwards.
// nonisolated(unsafe): written once, before the handlers are installed (which orders it before
// any read).
nonisolated(unsafe) private var stopNotification: Int32 = -1

/// Runs carender's children and passes stop requests on to them.
///
/// Every child leads a session (and a process group) of its own with a guard process
/// (`chost_spawn`): when carender is killed outright, the guard ends the session, so no compiler
/// (the driver's frontends, in groups of their own, included), worker, ffmpeg or preview worker
/// outlives it. A stop request carender receives (Ctrl-C, SIGTERM, SIGHUP) goes to every child's
/// group at once; a child still running after ``gracePeriod`` gets SIGTERM, and after twice that
/// SIGKILL, each sent to its whole session, so a script that ignores signals cannot keep carender
/// waiting. When a child ends, what it started and left behind is killed.
package enum Supervisor {
    /// How long a child has to end after a stop request before the next, stronger signal.
    package static let gracePeriod: TimeInterval = 2

    private static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How a child ended.
    package struct Termination: Equatable, Sendable {
        /// The exit status, or the signal number when `signal` is true.
        package var status: Int32
        /// Whether a signal ended the child.
        package var signal: Bool
        /// The stop request carender received and passed on while the child ran, if any.
        package var stopRequest: Int32?

        package var succeeded: Bool { !signal && status == 0 && stopRequest == nil }

        /// "SIGINT", "SIGSEGV", … for the signal that ended the child or was passed on.
        package static func name(ofSignal number: Int32) -> String {
            let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                          SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                          SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
                                          SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ"]
            return names[number] ?? "signal \(number)"
        }
    }

    /// The stop request received so far, if any.
    package static var stopRequest: Int32? { receivedStop == 0 ? nil : receivedStop }

    /// Installs (once) the handlers that record a stop request and pass it on to every child's
    /// group. carender is the host here: it asks for them at the start of a command that runs
    /// children, and keeps them until it exits.
    package static func installStopHandlers() {
        Self.installOnce
    }

    /// Has the handlers also write the stop request's signal number (one byte) to `descriptor`,
    /// a pipe's write end, for a command that waits for a stop request rather than for its
    /// children (`carender preview`); installs the handlers. Called once, before anything else
    /// that installs them.
    package static func notifyStop(writingTo descriptor: Int32) {
        stopNotification = descriptor
        installStopHandlers()
    }

    private static let installOnce: Void = {
        for signalNumber in stopSignals {
            // A signal carender was started ignoring (SIGHUP under nohup) stays ignored.
            if chost_signal_ignored(signalNumber) != 0 { continue }
            // kill(2) and write(2) are async-signal-safe: the handler only records the signal,
            // passes it on and, when asked, writes it to the waiting command's pipe.
            signal(signalNumber) { received in
                receivedStop = received
                for index in 0..<groupSlots where runningGroups[index] > 0 { kill(-runningGroups[index], received) }
                if stopNotification >= 0 {
                    var byte = UInt8(truncatingIfNeeded: received)
                    _ = write(stopNotification, &byte, 1)
                }
            }
        }
    }()

    /// A started child.
    package final class Child: Sendable {
        package let pid: pid_t
        private let guardPID: pid_t
        /// The child's slot in the table of running groups (-1 once it ended) and how it ended.
        private let state: Mutex<(slot: Int, ended: Termination?)>

        fileprivate init(pid: pid_t, guardPID: pid_t, slot: Int) {
            self.pid = pid
            self.guardPID = guardPID
            state = Mutex((slot, nil))
        }

        /// How the child ended, reaping it if it just has; nil while it runs. Never blocks.
        package func poll() -> Termination? {
            state.withLock { state in
                if let ended = state.ended { return ended }
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
                if result == 0 { return nil }
                // Reaped (or, with result < 0, not ours to wait for any more: treated as ended).
                // What the child started goes with it, in whatever group it moved to.
                chost_signal_session(pid, SIGKILL)
                chost_end_guard(guardPID)
                groupTableLock.lock()
                if state.slot >= 0 { runningGroups[state.slot] = 0; state.slot = -1 }
                groupTableLock.unlock()
                let signaled = result == pid && (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
                let termination = Termination(status: signaled ? status & 0x7f : (status >> 8) & 0xff, signal: signaled,
                                              stopRequest: Supervisor.stopRequest)
                state.ended = termination
                return termination
            }
        }

        /// Whether the child is still running.
        package var isRunning: Bool { poll() == nil }

        /// Waits for the child; after a stop request, escalates to SIGTERM and then SIGKILL for
        /// its group when it takes longer than the grace period.
        package func wait() -> Termination {
            var stopSeen: Date?
            var escalation = 0
            while true {
                if let ended = poll() { return ended }
                if let request = Supervisor.stopRequest {
                    let seen = stopSeen ?? Date()
                    stopSeen = seen
                    // A child started after the request never got it.
                    if escalation == 0 { kill(-pid, request); escalation = 1 }
                    let waited = Date().timeIntervalSince(seen)
                    if escalation == 1 && waited > Supervisor.gracePeriod { signalAll(SIGTERM); escalation = 2 }
                    if escalation == 2 && waited > 2 * Supervisor.gracePeriod { signalAll(SIGKILL); escalation = 3 }
                }
                usleep(5_000)
            }
        }

        /// Waits at most `seconds` for the child to end; nil when it still runs.
        package func wait(seconds: TimeInterval) -> Termination? {
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                if let ended = poll() { return ended }
                if Date() >= deadline { return nil }
                usleep(5_000)
            }
        }

        /// Ends the child and what it started: SIGTERM, then SIGKILL when it still runs after
        /// `grace` seconds (a script ignoring SIGTERM); waits for it.
        @discardableResult
        package func end(grace: TimeInterval = Supervisor.gracePeriod) -> Termination {
            if let ended = poll() { return ended }
            signalAll(SIGTERM)
            if let ended = wait(seconds: grace) { return ended }
            signalAll(SIGKILL)
            return wait()
        }

        /// Sends `signal` to the child's process group (what a stop request reaches: the child
        /// decides what becomes of its own children, as a shell's job does).
        package func signal(_ number: Int32) { kill(-pid, number) }

        /// Sends `signal` to every process of the child's session: the child and everything it
        /// started, whichever process group they are in.
        package func signalAll(_ number: Int32) {
            kill(-pid, number)
            chost_signal_session(pid, number)
        }
    }

    /// Starts `executable` (in `directory`, else carender's own) with the given descriptors as
    /// its standard streams (nil keeps carender's).
    package static func start(_ executable: URL, arguments: [String] = [], environment: [String: String], in directory: URL? = nil,
                              input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Child {
        installStopHandlers()
        let request = SpawnRequest(argv: [executable.path] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                                   directory: directory?.path, input: input ?? -1, output: output ?? -1, error: error ?? -1)
        let (status, pid, guardPID, slot) = SpawningThread.shared.perform { request.spawn() }
        guard status == 0 else {
            throw LaunchError(executable: executable, reason: String(cString: strerror(status)))
        }
        let child = Child(pid: pid, guardPID: guardPID, slot: slot)
        // A request that came while it started.
        if let request = stopRequest { child.signal(request) }
        return child
    }

    /// What `chost_spawn` is asked to start, as values (handed to the spawning thread).
    private struct SpawnRequest: Sendable {
        var argv: [String]
        var environment: [String]
        var directory: String?
        var input: Int32, output: Int32, error: Int32

        /// Forks and executes; returns the errno (0 when started), the child's and the guard's
        /// process ids and the child's slot in the table of running groups.
        func spawn() -> (status: Int32, pid: pid_t, guardPID: pid_t, slot: Int) {
            let argv = self.argv.map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            let folder = directory.map { strdup($0) } ?? nil
            defer {
                for pointer in argv { free(pointer) }
                for pointer in envp { free(pointer) }
                free(folder)
            }
            var pid: pid_t = -1, guardPID: pid_t = -1
            // Registered before it starts, so a stop request never finds it missing from the table.
            groupTableLock.lock()
            defer { groupTableLock.unlock() }
            var slot = 0
            while slot < groupSlots && runningGroups[slot] != 0 { slot += 1 }
            if slot == groupSlots { slot = -1 }
            let status: Int32 = argv.withUnsafeBufferPointer { arguments in
                envp.withUnsafeBufferPointer { variables in
                    var request = chost_spawn_request(
                        path: arguments[0], arguments: arguments.baseAddress, environment: variables.baseAddress,
                        directory: folder.map { UnsafePointer($0) }, input: input, output: output, error: error,
                        grace_milliseconds: Int32(gracePeriod * 1000))
                    return chost_spawn(&request, &pid, &guardPID)
                }
            }
            guard status == 0 else { return (status, -1, -1, -1) }
            if slot >= 0 { runningGroups[slot] = pid }
            return (0, pid, guardPID, slot)
        }
    }

    /// The one thread every child is forked from, living as long as carender. A script worker
    /// asks the kernel for SIGTERM when its parent ends (`PR_SET_PDEATHSIG`), and the kernel
    /// takes "parent" to be the thread that forked it: a worker forked from a thread that ends
    /// before it (a preview worker started from a task's thread) would be stopped then.
    // @unchecked Sendable: `pending` is only read and written with `condition` locked (a Mutex
    // has no condition variable to wait on).
    private final class SpawningThread: @unchecked Sendable {
        static let shared = SpawningThread()
        private let condition = NSCondition()
        private var pending: [@Sendable () -> Void] = []

        private init() {
            let thread = Thread { [self] in serve() }
            thread.name = "carender.spawn"
            thread.start()
        }

        private func serve() {
            while true {
                condition.lock()
                while pending.isEmpty { condition.wait() }
                let work = pending.removeFirst()
                condition.unlock()
                work()
            }
        }

        /// Runs `body` on the spawning thread and returns its result.
        func perform<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
            let box = ResultBox<Result>()
            condition.lock()
            pending.append { box.fulfil(body()) }
            condition.signal()
            condition.unlock()
            return box.wait()
        }
    }

    /// A value handed from one thread to a waiting one.
    private final class ResultBox<Value: Sendable>: Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private let value = Mutex<Value?>(nil)

        func fulfil(_ value: Value) {
            self.value.withLock { $0 = value }
            ready.signal()
        }

        func wait() -> Value {
            ready.wait()
            return value.withLock { $0! }
        }
    }

    /// Starts `executable` and waits for it.
    package static func run(_ executable: URL, arguments: [String] = [], environment: [String: String], in directory: URL? = nil,
                            input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Termination {
        try start(executable, arguments: arguments, environment: environment, in: directory,
                  input: input, output: output, error: error).wait()
    }

    /// `/dev/null` opened for reading (close-on-exec), for a child's standard input.
    package static let nullInput: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)

    /// The executable could not be started at all (exec failed).
    package struct LaunchError: Error, CustomStringConvertible {
        package let executable: URL
        package let reason: String
        package var description: String { "cannot start \(executable.path): \(reason)" }
    }
}

/// The last lines a child wrote to a pipe, kept while they are relayed (or not): enough to name
/// its failure in carender's own message. Reading is linear in the bytes read, whatever the
/// lines' shape (one huge line or many short ones): each byte is looked at once.
package final class OutputTail: Sendable {
    private let lines = Mutex<[String]>([])
    private let keep: Int
    private let done = DispatchSemaphore(value: 0)
    /// The longest line kept, in bytes; longer ones keep their start.
    package static let lineLimit = 2000

    /// Reads `descriptor` to its end on a thread of its own, passing each line to `relay` and
    /// keeping the last `keep`.
    package init(reading descriptor: Int32, keep: Int = 8, relay: (@Sendable (String) -> Void)? = nil) {
        self.keep = keep
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            var current: [UInt8] = []
            while true {
                let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                for byte in buffer[0..<n] {
                    if byte == UInt8(ascii: "\n") {
                        finishLine(&current, relay)
                    } else if current.count < Self.lineLimit {
                        current.append(byte)
                    }
                }
            }
            if !current.isEmpty { finishLine(&current, relay) }
            close(descriptor)
            done.signal()
        }.start()
    }

    private func finishLine(_ current: inout [UInt8], _ relay: (@Sendable (String) -> Void)?) {
        let line = String(decoding: current, as: UTF8.self)
        current.removeAll(keepingCapacity: true)
        relay?(line)
        lines.withLock { lines in
            lines.append(line)
            if lines.count > keep { lines.removeFirst(lines.count - keep) }
        }
    }

    /// Waits for the end of the output and returns its last lines.
    package func finish() -> [String] {
        done.wait()
        done.signal()
        return lines.withLock { $0 }
    }
}

extension Supervisor {
    /// A pipe whose ends are close-on-exec (a child gets one end as a standard stream only).
    package static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let failure = chost_pipe(&fds)
        guard failure == 0 else { throw SystemError("cannot create a pipe: \(String(cString: strerror(failure)))") }
        return (fds[0], fds[1])
    }

    /// A system call that failed, in a sentence.
    package struct SystemError: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }
}
