import CARenderTestSupport
import Foundation
import XCTest

/// The helper every test uses to end the processes it starts (`carender preview`, a carender it
/// signals, ChromeDriver): Ctrl-C first, then SIGTERM, then SIGKILL, and the process reaped.
final class ChildProcessStopTests: XCTestCase {
    /// Short, so the test is quick; the escalation is the same at any length.
    static let grace: TimeInterval = 0.5

    /// A `sleep` that ignores the signals named (ignored dispositions survive `exec`).
    private func sleeper(ignoring signals: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "trap '' \(signals); exec sleep 600"]
        try process.run()
        // Signalled before the shell has set its traps, it would end at once: wait for the exec.
        let comm = "/proc/\(process.processIdentifier)/comm"
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: comm, encoding: .utf8)) != "sleep\n" && Date() < deadline { usleep(1_000) }
        return process
    }

    func testCtrlCEndsAProcessThatTakesIt() throws {
        let process = try sleeper(ignoring: "")
        let started = Date()
        process.stop(grace: Self.grace)
        XCTAssertFalse(process.isRunning)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGINT, "SIGINT comes first")
        XCTAssertLessThan(Date().timeIntervalSince(started), Self.grace, "no wait for a process that ends at once")
    }

    func testSIGTERMFollowsAnIgnoredCtrlC() throws {
        let process = try sleeper(ignoring: "INT")
        process.stop(grace: Self.grace)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGTERM)
    }

    func testSIGKILLEndsAProcessIgnoringBoth() throws {
        let process = try sleeper(ignoring: "INT TERM")
        let pid = process.processIdentifier
        let started = Date()
        process.stop(grace: Self.grace)
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGKILL)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 2 * Self.grace, "a grace period after each of SIGINT and SIGTERM")
        XCTAssertNotEqual(kill(pid, 0), 0, "reaped: the process id is gone")
    }

    func testStoppingTwiceOrAnEndedProcessReturnsAtOnce() throws {
        let process = try sleeper(ignoring: "")
        process.stop(grace: Self.grace)
        let started = Date()
        process.stop(grace: Self.grace)
        XCTAssertLessThan(Date().timeIntervalSince(started), Self.grace)
        Process().stop(grace: Self.grace)   // never started: nothing to do
    }
}
