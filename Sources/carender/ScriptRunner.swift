import Foundation

/// The child being run, for the signal handler (which cannot capture context).
nonisolated(unsafe) private var runningChild: pid_t = 0
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
    static func launch(_ executable: URL, arguments: [String] = [], environment: [String: String],
                       in directory: URL? = nil, tiedToParent: Bool = false) throws -> Termination {
        let process = Process()
        process.executableURL = executable
        process.currentDirectoryURL = directory
        process.arguments = arguments
        var environment = environment
        environment["CARENDER_PARENT_PID"] = tiedToParent ? String(getpid()) : nil
        process.environment = environment
        forwardedSignal = 0
        // The handlers go in before the child starts, so a stop request never finds carender
        // without them (the default action would leave the child running).
        for signalNumber in forwardedSignals {
            // kill(2) is async-signal-safe: the handler only records and passes the signal on.
            signal(signalNumber) { received in
                forwardedSignal = received
                if runningChild > 0 { kill(runningChild, received) }
            }
        }
        defer {
            runningChild = 0
            for signalNumber in forwardedSignals { signal(signalNumber, SIG_DFL) }
        }
        do {
            try process.run()
        } catch {
            // Foundation wraps exec's errno ("Exec format error") in a generic file error.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            throw LaunchError(executable: executable, reason: (underlying ?? error as NSError).localizedDescription)
        }
        runningChild = process.processIdentifier
        if forwardedSignal != 0 { kill(runningChild, forwardedSignal) }
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
