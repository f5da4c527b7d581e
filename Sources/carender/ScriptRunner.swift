import Foundation

/// The children being run (several when a render is split over worker processes), for the
/// signal handler, which cannot capture context: a fixed table, so the handler only reads memory.
private let childSlots = 64
nonisolated(unsafe) private let runningChildren: UnsafeMutablePointer<pid_t> = {
    let table = UnsafeMutablePointer<pid_t>.allocate(capacity: childSlots)
    table.initialize(repeating: 0, count: childSlots)
    return table
}()
private let childTableLock = NSLock()
/// How many launches are under way (the handlers stay while any is).
nonisolated(unsafe) private var activeLaunches = 0
/// The last stop request (SIGINT, SIGTERM, SIGHUP) passed on to the child, 0 when none.
nonisolated(unsafe) private var forwardedSignal: sig_atomic_t = 0

/// Runs a child process with inherited standard streams. Ctrl-C and termination requests are
/// passed on to the child (which runs in a process group of its own), so stopping carender stops
/// the compile or the render, and the caller learns the child was stopped on request.
enum ScriptRunner {
    private static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// How a child ended.
    struct Termination: Equatable {
        /// The exit status, or the signal number when `signal` is true.
        var status: Int32
        /// Whether a signal ended the child.
        var signal: Bool
        /// The stop request carender received and passed on while the child ran, if any.
        var stopRequest: Int32?

        /// "SIGINT", "SIGSEGV", … for the signal that ended the child or was passed on.
        static func name(ofSignal number: Int32) -> String {
            let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
                                          SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                          SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM"]
            return names[number] ?? "signal \(number)"
        }
    }

    /// Starts `executable` (in `directory`, else carender's own) and waits for it. With `tiedToParent`, the child is told carender's
    /// process id (`CARENDER_PARENT_PID`), so the CARender library in it ends the child when
    /// carender dies, even by SIGKILL.
    ///
    /// Several children may run at once, from different threads (the workers of one render): a
    /// stop request reaches all of them. `standardOutput` and `standardError` replace the
    /// inherited streams.
    static func launch(_ executable: URL, arguments: [String] = [], environment: [String: String],
                       in directory: URL? = nil, tiedToParent: Bool = false,
                       standardOutput: FileHandle? = nil, standardError: FileHandle? = nil) throws -> Termination {
        let process = Process()
        if let standardOutput { process.standardOutput = standardOutput }
        if let standardError { process.standardError = standardError }
        process.executableURL = executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        var environment = environment
        environment["CARENDER_PARENT_PID"] = tiedToParent ? String(getpid()) : nil
        process.environment = environment
        childTableLock.lock()
        if activeLaunches == 0 {
            forwardedSignal = 0
            // The handlers go in before the child starts, so a stop request never finds carender
            // without them (the default action would leave the child running).
            for signalNumber in forwardedSignals {
                // kill(2) is async-signal-safe: the handler only records and passes the signal on.
                signal(signalNumber) { received in
                    forwardedSignal = received
                    for index in 0..<childSlots where runningChildren[index] > 0 { kill(runningChildren[index], received) }
                }
            }
        }
        activeLaunches += 1
        childTableLock.unlock()
        var slot = -1
        defer {
            childTableLock.lock()
            if slot >= 0 { runningChildren[slot] = 0 }
            activeLaunches -= 1
            if activeLaunches == 0 {
                for signalNumber in forwardedSignals { signal(signalNumber, SIG_DFL) }
            }
            childTableLock.unlock()
        }
        do {
            try process.run()
        } catch {
            // Foundation wraps exec's errno ("Exec format error") in a generic file error.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw LaunchError(executable: executable, reason: (underlying ?? error as NSError).localizedDescription)
        }
        childTableLock.lock()
        slot = 0
        while slot < childSlots - 1 && runningChildren[slot] != 0 { slot += 1 }
        runningChildren[slot] = process.processIdentifier
        childTableLock.unlock()
        if forwardedSignal != 0 { kill(process.processIdentifier, forwardedSignal) }
        process.waitUntilExit()
        return Termination(status: process.terminationStatus,
                           signal: process.terminationReason == .uncaughtSignal,
                           stopRequest: forwardedSignal == 0 ? nil : forwardedSignal)
    }

    /// Runs a helper (ffmpeg) and returns its exit status; a signal ending it is an error.
    static func run(_ executable: URL, arguments: [String] = [], environment: [String: String]) throws -> Int32 {
        let ended = try launch(executable, arguments: arguments, environment: environment)
        if let request = ended.stopRequest {
            throw CLIError("\(executable.lastPathComponent) was stopped (\(Termination.name(ofSignal: request)))")
        }
        if ended.signal {
            throw CLIError("\(executable.lastPathComponent) was killed by \(Termination.name(ofSignal: ended.status))")
        }
        return ended.status
    }

    /// The executable could not be started at all (exec failed).
    struct LaunchError: Error, CustomStringConvertible {
        let executable: URL
        let reason: String
        var description: String { "cannot start \(executable.path): \(reason)" }
    }
}
