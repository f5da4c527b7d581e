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

/// A child stopped by a signal carender passed on (Ctrl-C, a termination request).
struct StopRequest: Error, CustomStringConvertible {
    let signal: Int32
    let description: String
}

/// Runs a child process with inherited standard streams and returns its exit status. Ctrl-C
/// and termination requests are passed on to the child, so stopping carender stops the render.
/// Several children may run at once, from different threads.
enum ScriptRunner {
    private static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func run(_ executable: URL, arguments: [String] = [], environment: [String: String],
                    standardOutput: FileHandle? = nil, standardError: Pipe? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let standardOutput { process.standardOutput = standardOutput }
        if let standardError { process.standardError = standardError }
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start \(executable.path): \(error.localizedDescription)")
        }
        childTableLock.lock()
        var slot = 0
        while slot < childSlots - 1 && runningChildren[slot] != 0 { slot += 1 }
        runningChildren[slot] = process.processIdentifier
        for signalNumber in forwardedSignals {
            // kill(2) is async-signal-safe: the handler only passes the signal on.
            signal(signalNumber) { received in
                for index in 0..<childSlots where runningChildren[index] > 0 { kill(runningChildren[index], received) }
            }
        }
        childTableLock.unlock()
        defer {
            childTableLock.lock()
            runningChildren[slot] = 0
            if (0..<childSlots).allSatisfy({ runningChildren[$0] == 0 }) {
                for signalNumber in forwardedSignals { signal(signalNumber, SIG_DFL) }
            }
            childTableLock.unlock()
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let signalNumber = process.terminationStatus
            if forwardedSignals.contains(signalNumber) {
                throw StopRequest(signal: signalNumber, description: "\(executable.lastPathComponent) was stopped (signal \(signalNumber)); frames written so far are complete")
            }
            throw CLIError("\(executable.lastPathComponent) was killed by signal \(signalNumber) (the script crashed; its message is above)")
        }
        return process.terminationStatus
    }
}
