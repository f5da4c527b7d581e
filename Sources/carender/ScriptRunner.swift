import Foundation

/// Runs a child process with inherited standard streams and returns its exit status.
enum ScriptRunner {
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
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            throw CLIError("\(executable.lastPathComponent) was killed by signal \(process.terminationStatus) (the script crashed; its message is above)")
        }
        return process.terminationStatus
    }
}
