import Foundation
import XCTest

/// Runs the `carender` executable built beside the test bundle.
///
/// `CARENDER_TEST_EXECUTABLE=/path/to/carender` runs the command-line tests against another build
/// instead (an older tree's, to see a reliability test fail without the fix it holds).
package enum CarenderCLI {
    package struct Result {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
    }

    package static var executable: URL {
        if let other = ProcessInfo.processInfo.environment["CARENDER_TEST_EXECUTABLE"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        return Fixtures.buildFolder.appendingPathComponent("carender")
    }

    package static func run(_ arguments: [String], cache: URL, extraEnvironment: [String: String] = [:]) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "carender is not built at \(executable.path); swift test builds it"])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_CACHE"] = cache.path
        environment.merge(extraEnvironment) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outData, as: UTF8.self),
                      standardError: String(decoding: errData, as: UTF8.self))
    }
}
