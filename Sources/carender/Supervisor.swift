import CHost
import Foundation

/// The children being run (the compiler, the script's workers, ffmpeg), by process group, for
/// the signal handler, which cannot capture context: a fixed table, so the handler only reads memory.
private let groupSlots = 128
nonisolated(unsafe) private let runningGroups: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: groupSlots)
    table.initialize(repeating: 0, count: groupSlots)
    return table
}()
private let groupTableLock = NSLock()
/// The stop request (SIGINT, SIGTERM, SIGHUP) carender received, 0 when none. Written by the
/// handler, read by the threads waiting for children.
nonisolated(unsafe) private var receivedStop: sig_atomic_t = 0

/// Runs carender's children and passes stop requests on to them.
///
/// Every child runs in a process group of its own with a guard process (`chost_spawn`): when
/// carender is killed outright, the guard ends the group, so no compiler, worker or ffmpeg
/// outlives it. A stop request carender receives (Ctrl-C, SIGTERM, SIGHUP) goes to every child's
/// group at once; a group still running after ``gracePeriod`` gets SIGTERM, and after twice that
/// SIGKILL, so a script that ignores signals cannot keep carender waiting.
enum Supervisor {
    /// How long a child has to end after a stop request before the next, stronger signal.
    static let gracePeriod: TimeInterval = 2

    private static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How a child ended.
    struct Termination: Equatable {
        /// The exit status, or the signal number when `signal` is true.
        var status: Int32
        /// Whether a signal ended the child.
        var signal: Bool
        /// The stop request carender received and passed on while the child ran, if any.
        var stopRequest: Int32?

        var succeeded: Bool { !signal && status == 0 && stopRequest == nil }

        /// "SIGINT", "SIGSEGV", … for the signal that ended the child or was passed on.
        static func name(ofSignal number: Int32) -> String {
            let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                          SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                          SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM",
                                          SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ"]
            return names[number] ?? "signal \(number)"
        }
    }

    /// The stop request received so far, if any.
    static var stopRequest: Int32? { receivedStop == 0 ? nil : receivedStop }

    /// Installs (once) the handlers that record a stop request and pass it on to every child's
    /// group. carender is the host here: it asks for them at the start of a command that runs
    /// children, and keeps them until it exits.
    static func installStopHandlers() {
        Self.installOnce
    }

    private static let installOnce: Void = {
        for signalNumber in stopSignals {
            // A signal carender was started ignoring (SIGHUP under nohup) stays ignored.
            if chost_signal_ignored(signalNumber) != 0 { continue }
            // kill(2) is async-signal-safe: the handler only records and passes the signal on.
            signal(signalNumber) { received in
                receivedStop = received
                for index in 0..<groupSlots where runningGroups[index] > 0 { kill(-runningGroups[index], received) }
            }
        }
    }()

    /// A started child.
    final class Child: @unchecked Sendable {
        let pid: pid_t
        private let guardPID: pid_t
        private var slot: Int
        private var ended: Termination?
        private let lock = NSLock()

        fileprivate init(pid: pid_t, guardPID: pid_t, slot: Int) {
            self.pid = pid
            self.guardPID = guardPID
            self.slot = slot
        }

        /// Waits for the child; after a stop request, escalates to SIGTERM and then SIGKILL for
        /// its group when it takes longer than the grace period.
        func wait() -> Termination {
            lock.lock()
            defer { lock.unlock() }
            if let ended { return ended }
            var status: Int32 = 0
            var stopSeen: Date?
            var escalation = 0
            while true {
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid { break }
                if result < 0 && errno != EINTR { break }
                if let request = Supervisor.stopRequest {
                    let seen = stopSeen ?? Date()
                    stopSeen = seen
                    // A child started after the request never got it.
                    if escalation == 0 { kill(-pid, request); escalation = 1 }
                    let waited = Date().timeIntervalSince(seen)
                    if escalation == 1 && waited > Supervisor.gracePeriod { kill(-pid, SIGTERM); escalation = 2 }
                    if escalation == 2 && waited > 2 * Supervisor.gracePeriod { kill(-pid, SIGKILL); escalation = 3 }
                }
                usleep(5_000)
            }
            // What the child started in its group goes with it.
            kill(-pid, SIGKILL)
            chost_end_guard(guardPID)
            groupTableLock.lock()
            if slot >= 0 { runningGroups[slot] = 0; slot = -1 }
            groupTableLock.unlock()
            let signaled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
            let termination = Termination(status: signaled ? status & 0x7f : (status >> 8) & 0xff, signal: signaled,
                                          stopRequest: Supervisor.stopRequest)
            ended = termination
            return termination
        }

        /// Sends `signal` to the child's group.
        func signal(_ number: Int32) { kill(-pid, number) }
    }

    /// Starts `executable` (in `directory`, else carender's own) with the given descriptors as
    /// its standard streams (nil keeps carender's).
    static func start(_ executable: URL, arguments: [String] = [], environment: [String: String], in directory: URL? = nil,
                      input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Child {
        installStopHandlers()
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let folder = directory.map { strdup($0.path) } ?? nil
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
            free(folder)
        }
        var pid: pid_t = -1, guardPID: pid_t = -1
        // Registered before it starts, so a stop request never finds it missing from the table.
        groupTableLock.lock()
        var slot = 0
        while slot < groupSlots && runningGroups[slot] != 0 { slot += 1 }
        if slot == groupSlots { slot = -1 }
        let status: Int32 = argv.withUnsafeBufferPointer { arguments in
            envp.withUnsafeBufferPointer { variables in
                var request = chost_spawn_request(
                    path: arguments[0], arguments: arguments.baseAddress, environment: variables.baseAddress,
                    directory: folder.map { UnsafePointer($0) }, input: input ?? -1, output: output ?? -1, error: error ?? -1,
                    grace_milliseconds: Int32(gracePeriod * 1000))
                return chost_spawn(&request, &pid, &guardPID)
            }
        }
        if status == 0 && slot >= 0 { runningGroups[slot] = pid }
        groupTableLock.unlock()
        guard status == 0 else {
            throw LaunchError(executable: executable, reason: String(cString: strerror(status)))
        }
        let child = Child(pid: pid, guardPID: guardPID, slot: status == 0 ? slot : -1)
        // A request that came while it started.
        if let request = stopRequest { child.signal(request) }
        return child
    }

    /// Starts `executable` and waits for it.
    static func run(_ executable: URL, arguments: [String] = [], environment: [String: String], in directory: URL? = nil,
                    input: Int32? = nil, output: Int32? = nil, error: Int32? = nil) throws -> Termination {
        try start(executable, arguments: arguments, environment: environment, in: directory,
                  input: input, output: output, error: error).wait()
    }

    /// The executable could not be started at all (exec failed).
    struct LaunchError: Error, CustomStringConvertible {
        let executable: URL
        let reason: String
        var description: String { "cannot start \(executable.path): \(reason)" }
    }
}

/// The last lines a child wrote to a pipe, kept while they are relayed (or not): enough to name
/// its failure in carender's own message. Reading is linear in the bytes read, whatever the
/// lines' shape (one huge line or many short ones): each byte is looked at once.
final class OutputTail: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var current: [UInt8] = []
    private let keep: Int
    private let done = DispatchSemaphore(value: 0)
    /// The longest line kept, in bytes; longer ones keep their start.
    static let lineLimit = 2000

    /// Reads `descriptor` to its end on a thread of its own, passing each line to `relay` and
    /// keeping the last `keep`.
    init(reading descriptor: Int32, keep: Int = 8, relay: (@Sendable (String) -> Void)? = nil) {
        self.keep = keep
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                for byte in buffer[0..<n] {
                    if byte == UInt8(ascii: "\n") {
                        finishLine(relay)
                    } else if current.count < Self.lineLimit {
                        current.append(byte)
                    }
                }
            }
            if !current.isEmpty { finishLine(relay) }
            close(descriptor)
            done.signal()
        }.start()
    }

    private func finishLine(_ relay: (@Sendable (String) -> Void)?) {
        let line = String(decoding: current, as: UTF8.self)
        current.removeAll(keepingCapacity: true)
        relay?(line)
        lock.lock()
        lines.append(line)
        if lines.count > keep { lines.removeFirst(lines.count - keep) }
        lock.unlock()
    }

    /// Waits for the end of the output and returns its last lines.
    func finish() -> [String] {
        done.wait()
        done.signal()
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}

/// A pipe whose ends are close-on-exec (a child gets one end as a standard stream only).
func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    let failure = chost_pipe(&fds)
    guard failure == 0 else {
        throw CLIError("cannot create a pipe: \(String(cString: strerror(failure)))")
    }
    return (fds[0], fds[1])
}

/// A value read and written under a lock, from any thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
