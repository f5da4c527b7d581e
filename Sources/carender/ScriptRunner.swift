import Foundation

/// The child being run, for the signal handler (which cannot capture context).
nonisolated(unsafe) private var runningChild: pid_t = 0

/// Runs a child process with inherited standard streams and returns its exit status. Ctrl-C
/// and termination requests are passed on to the child, so stopping carender stops the render.
enum ScriptRunner {
    private static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func run(_ executable: URL, arguments: [String] = [], environment: [String: String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start \(executable.path): \(error.localizedDescription)")
        }
        runningChild = process.processIdentifier
        for signalNumber in forwardedSignals {
            // kill(2) is async-signal-safe: the handler only passes the signal on.
            signal(signalNumber) { received in
                if runningChild > 0 { kill(runningChild, received) }
            }
        }
        defer {
            runningChild = 0
            for signalNumber in forwardedSignals { signal(signalNumber, SIG_DFL) }
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let signalNumber = process.terminationStatus
            if forwardedSignals.contains(signalNumber) {
                throw CLIError("\(executable.lastPathComponent) was stopped (signal \(signalNumber)); frames written so far are complete")
            }
            throw CLIError("\(executable.lastPathComponent) was killed by signal \(signalNumber) (the script crashed; its message is above)")
        }
        return process.terminationStatus
    }
}
