import CARender
import Foundation
import XCTest

/// Runs the built `carender` on `Tests/Fixtures/bad-input.swift-script` (one script whose
/// `BAD_INPUT_CASE` picks the mistake, so the suite compiles once), with a time limit, and checks
/// what it leaves in the output folder.
package enum BadInputHarness {
    package static let script = Fixtures.folder.appendingPathComponent("bad-input.swift-script")

    /// Shared by every bad-input test and kept between test runs beside the build (a new library
    /// build makes a new cache key), so the script compiles once.
    package static let cache = Fixtures.buildFolder.appendingPathComponent("bad-input-cache")

    package struct Outcome {
        package var status: Int32
        /// Whether a signal ended carender (then `status` is the signal).
        package var signaled: Bool
        package var standardOutput: String
        package var standardError: String
        package var seconds: Double
    }

    /// A running carender whose output goes to files, for tests that signal it; stopped (Ctrl-C,
    /// then SIGTERM, then SIGKILL) when it is released.
    package final class Run {
        package let process = Process()
        package let started = Date()
        private let outFile: URL
        private let errFile: URL

        package init(_ arguments: [String], environment extra: [String: String], scratch: URL) throws {
            guard FileManager.default.isExecutableFile(atPath: CarenderCLI.executable.path) else {
                throw XCTSkip("carender is not built at \(CarenderCLI.executable.path)")
            }
            outFile = scratch.appendingPathComponent("stdout-\(UUID().uuidString.prefix(8))")
            errFile = scratch.appendingPathComponent("stderr-\(UUID().uuidString.prefix(8))")
            guard FileManager.default.createFile(atPath: outFile.path, contents: nil),
                  FileManager.default.createFile(atPath: errFile.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: scratch.path])
            }
            process.executableURL = CarenderCLI.executable
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["CARENDER_CACHE"] = BadInputHarness.cache.path
            environment.merge(extra) { $1 }
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: outFile)
            process.standardError = try FileHandle(forWritingTo: errFile)
            try process.runTiedToTestProcess()
        }

        /// A test that throws before it has waited for carender (or fails to end it) leaves none
        /// running.
        deinit { process.stop() }

        package var pid: pid_t { process.processIdentifier }

        /// Waits at most `limit` seconds; on timeout kills carender and returns nil.
        package func wait(limit: Double) -> Outcome? {
            let deadline = started.addingTimeInterval(limit)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning {
                kill(pid, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            process.waitUntilExit()
            return Outcome(status: process.terminationStatus,
                           signaled: process.terminationReason == .uncaughtSignal,
                           standardOutput: (try? String(contentsOf: outFile, encoding: .utf8)) ?? "",
                           standardError: (try? String(contentsOf: errFile, encoding: .utf8)) ?? "",
                           seconds: Date().timeIntervalSince(started))
        }

        /// The running children of carender whose command name is `name` (the compiled script is
        /// called `script`).
        package func children(named name: String) -> [pid_t] {
            BadInputHarness.processes().filter { $0.parent == pid && $0.name == name }.map(\.pid)
        }
    }

    /// Compiles the script once (a run of the harmless case), so time limits measure runs only.
    package static let warmUp: Result<Void, Error> = Result {
        let scratch = try Fixtures.temporaryFolder("badInputWarmUp")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try Run([script.path, "--fps", "4", "-o", scratch.appendingPathComponent("out").path, "--quiet"],
                          environment: ["BAD_INPUT_CASE": "none"], scratch: scratch)
        guard let outcome = run.wait(limit: 600), outcome.status == 0, !outcome.signaled else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "the bad-input script did not compile and run"])
        }
    }

    /// Runs `case` of the script with `arguments` and returns how carender ended; fails the test
    /// (and returns nil) when it takes longer than `limit` seconds.
    package static func run(case name: String, _ arguments: [String] = [], environment: [String: String] = [:],
                    scratch: URL, limit: Double, file: StaticString = #filePath, line: UInt = #line) throws -> Outcome? {
        try warmUp.get()
        var extra = environment
        extra["BAD_INPUT_CASE"] = name
        let run = try Run([script.path] + arguments, environment: extra, scratch: scratch)
        guard let outcome = run.wait(limit: limit) else {
            XCTFail("carender did not answer within \(limit) s (case \(name)); it was killed", file: file, line: line)
            return nil
        }
        return outcome
    }

    /// The output folder after a run: no temporary files; every PNG decodes (nothing half-written);
    /// frames are `frame_00000.png ..< frame_<count>.png` with no gap (frames before a failure
    /// intact). `count` nil accepts any number of frames; a folder that does not exist holds zero.
    package static func assertFolder(_ folder: URL, frames count: Int?, file: StaticString = #filePath, line: UInt = #line) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        let temporary = names.filter { $0.contains(".tmp-") }
        XCTAssertEqual(temporary, [], "temporary files left in \(folder.path)", file: file, line: line)
        let frames = names.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
        XCTAssertEqual(frames, (0..<frames.count).map(RenderOptions.fileName(forFrame:)),
                       "frames are numbered from 0 without a gap", file: file, line: line)
        if let count { XCTAssertEqual(frames.count, count, "frames written", file: file, line: line) }
        for name in frames {
            do {
                _ = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(name))
            } catch {
                XCTFail("\(name) is not a complete PNG: \(error)", file: file, line: line)
            }
        }
    }

    /// (pid, parent pid, command name) of every process, from /proc.
    package static func processes() -> [(pid: pid_t, parent: pid_t, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent, String(stat[stat.index(after: open)..<close]))
        }
    }

    /// Whether `pid` is still a live process (a zombie waiting to be reaped counts as gone).
    package static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// Polls `condition` every few milliseconds for at most `limit` seconds.
    package static func waitUntil(limit: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }
}
