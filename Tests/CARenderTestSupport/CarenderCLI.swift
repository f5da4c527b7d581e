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

    /// Runs `carender golden script folder` as CI would (difference pictures go to a temporary
    /// folder, removed after) and asserts that it exits 0 and reports the frames as matching.
    @discardableResult
    package static func assertMatchesGoldens(script: URL, folder: URL, name: String,
                                             file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let artifacts = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: artifacts) }
        let result = try run(["golden", script.path, folder.path], cache: Fixtures.scriptCache,
                             extraEnvironment: ["CARENDER_GOLDEN_ARTIFACTS": artifacts.path])
        XCTAssertEqual(result.status, 0, "\(name):\n\(result.standardOutput)\(result.standardError)", file: file, line: line)
        XCTAssertTrue(result.standardOutput.contains("match \(folder.path)"), "\(name): \(result.standardOutput)", file: file, line: line)
        return result
    }

    /// Every `.swift-script` in the repository folder `examples` against its golden frames in
    /// `goldens/<name>/` (both relative to the repository root); at least `minimum` scripts.
    package static func assertEveryScriptMatchesGoldens(in examples: String, goldens: String, atLeast minimum: Int,
                                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let scriptFolder = Fixtures.repositoryRoot.appendingPathComponent(examples)
        let goldenFolder = Fixtures.repositoryRoot.appendingPathComponent(goldens)
        let scripts = try FileManager.default.contentsOfDirectory(atPath: scriptFolder.path)
            .filter { $0.hasSuffix(".swift-script") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, minimum, file: file, line: line)
        for script in scripts {
            let name = String(script.dropLast(".swift-script".count))
            let folder = goldenFolder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                XCTFail("\(script) has no golden frames in \(goldens)/\(name); look at its frames, then record them with carender golden --record --times ...",
                        file: file, line: line)
                continue
            }
            try assertMatchesGoldens(script: scriptFolder.appendingPathComponent(script), folder: folder, name: name, file: file, line: line)
        }
    }
}
