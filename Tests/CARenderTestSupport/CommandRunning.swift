import Foundation

/// Runs a command to its end with its standard output and standard error in one pipe, in the
/// order a person at a terminal would read them, and nothing on its standard input.
///
/// - Parameters:
///   - arguments: the command and its arguments; looked up on `PATH` through `/usr/bin/env`
///     unless `executable` names the program.
///   - directory: the working folder, else the test's own.
///   - changes: variables set over the test's environment; a `nil` value removes the variable.
package func runCommand(_ arguments: [String], executable: URL = URL(fileURLWithPath: "/usr/bin/env"),
                        in directory: URL? = nil,
                        environment changes: [String: String?] = [:]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var environment = ProcessInfo.processInfo.environment
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs `swift` (SwiftPM) as `runCommand` does, with a temporary folder of its own (`TMPDIR`),
/// removed when it ends: every SwiftPM run leaves a `TemporaryDirectory.*` folder and lock files
/// in the temporary folder, which would otherwise pile up in `/tmp` with each test run.
package func runSwiftPM(_ arguments: [String], in directory: URL? = nil,
                        environment changes: [String: String?] = [:]) throws -> (status: Int32, output: String) {
    let temporary = try Fixtures.temporaryFolder("swiftpm")
    defer { try? FileManager.default.removeItem(at: temporary) }
    var changes = changes
    changes["TMPDIR"] = temporary.path
    return try runCommand(["swift"] + arguments, in: directory, environment: changes)
}
