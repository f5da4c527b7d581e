import CARender
@testable import CARenderStage
import CARenderTestSupport
import XCTest

/// What carender and the script it runs leave behind when they are stopped, killed or crash.
final class ProcessLifetimeTests: XCTestCase {
    private var scratch: URL!
    private var out: URL { scratch.appendingPathComponent("out") }

    override func setUpWithError() throws {
        scratch = try Fixtures.temporaryFolder()
        try BadInputHarness.warmUp.get()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func startEndlessFrames() throws -> BadInputHarness.Run {
        try BadInputHarness.Run([BadInputHarness.script.path, "-o", out.path],
                                environment: ["BAD_INPUT_CASE": "endlessFrames", "BAD_INPUT_OUTPUT": out.path], scratch: scratch)
    }

    private func temporaryFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.contains(".tmp-") }
    }

    /// `kill -9` of carender takes the renderer with it within a second, and the next run removes
    /// the files the two left behind.
    func testKillingCarenderEndsTheRendererWithinASecond() throws {
        let run = try startEndlessFrames()
        var renderer: pid_t?
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) {
            renderer = run.children(named: "script").first
            return renderer != nil && FileManager.default.fileExists(atPath: out.appendingPathComponent("frame_00000.png").path)
        }, "the script starts rendering")
        let pid = try XCTUnwrap(renderer)
        kill(run.pid, SIGKILL)
        let killed = Date()
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 1) { !BadInputHarness.isAlive(pid) },
                      "the renderer is still running a second after carender was killed")
        XCTAssertLessThan(Date().timeIntervalSince(killed), 1)
        _ = run.wait(limit: 5)
        XCTAssertEqual(temporaryFiles(), [], "the renderer removes its temporary files when it is ended")

        // What a SIGKILL cannot clean (carender's private folder) goes on the next run.
        let leftovers = { (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))?
            .filter { $0.hasPrefix("carender-\(run.pid)-") } ?? [] }
        let next = try XCTUnwrap(try BadInputHarness.run(case: "none", ["--fps", "4", "-o", out.path, "--quiet"],
                                                         scratch: scratch, limit: 10))
        XCTAssertEqual(next.status, 0, next.standardError)
        XCTAssertEqual(leftovers(), [], "the killed run's private folder is removed")
        BadInputHarness.assertFolder(out, frames: nil)
    }

    /// SIGINT, SIGTERM and SIGHUP while a frame is being written: the temporary file is removed,
    /// the frames written are complete, and carender says it was stopped.
    func testStopSignalsLeaveNoTemporaryFiles() throws {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            try? FileManager.default.removeItem(at: out)
            let run = try startEndlessFrames()
            // Signal while a temporary file exists, the window that used to leave litter.
            var seen: [String] = []
            let caught = BadInputHarness.waitUntil(limit: 20) { seen = temporaryFiles(); return !seen.isEmpty }
            let renderer = run.children(named: "script").first
            kill(run.pid, signal)
            // The name tells a later sweep who wrote it: the renderer, on this machine.
            if let name = seen.first, let renderer {
                XCTAssertEqual(InFlightFiles.writer(ofTemporary: name), .process(renderer, host: InFlightFiles.localHost), name)
            }
            let outcome = try XCTUnwrap(run.wait(limit: 10), "carender answers a stop request at once")
            XCTAssertTrue(caught, "a frame was being written when the signal came")
            // 128 + the signal, as a shell reports it, with a plain line (not an error).
            XCTAssertEqual(outcome.status, 128 + signal, outcome.standardError)
            XCTAssertTrue(outcome.standardError.contains("was stopped (\(Self.name(of: signal)))"), outcome.standardError)
            XCTAssertFalse(outcome.standardError.contains("error:"), outcome.standardError)
            BadInputHarness.assertFolder(out, frames: nil)
        }
    }

    private static func name(of signal: Int32) -> String {
        [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][signal] ?? "\(signal)"
    }

    /// Temporary files of a render that was killed outright are swept when the folder is next used;
    /// a live process's are not (the rules are unit-tested in InFlightFilesTests).
    func testAbandonedTemporaryFilesAreSweptWhenTheFolderIsPrepared() throws {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let dead = "frame_00003.png.tmp-\(Int32.max - 7)@\(InFlightFiles.localHost)-a1B2c3"   // no such process
        let live = "frame_00005.png.tmp-\(getpid())@\(InFlightFiles.localHost)-q1W2e3"        // this test process
        for name in [dead, live] {
            try Data([1, 2, 3]).write(to: out.appendingPathComponent(name))
        }
        let outcome = try XCTUnwrap(try BadInputHarness.run(case: "none", ["--fps", "4", "-o", out.path],
                                                            scratch: scratch, limit: 10))
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        XCTAssertFalse(names.contains(dead))
        XCTAssertTrue(names.contains(live))
    }

    /// A crash in the script names its file and line, and the frames rendered before it are all
    /// written, including those still being encoded when it came.
    func testCrashNamesTheScriptLineAndKeepsTheFramesRenderedBefore() throws {
        let outcome = try XCTUnwrap(try BadInputHarness.run(case: "crashAfterFrames", ["--fps", "20", "-o", out.path],
                                                            scratch: scratch, limit: 60))
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("Index out of range"), outcome.standardError)
        // The closure in `big.at(0.5) { … values[index] … }`.
        let line = try Self.line(of: "big.at(0.5)")
        XCTAssertTrue(outcome.standardError.contains("crashed (Illegal instruction) at \(BadInputHarness.script.path):\(line):"),
                      outcome.standardError)
        // Frames 0 ..< 10 are at t < 0.5; the crash comes advancing to frame 10.
        BadInputHarness.assertFolder(out, frames: 10)
    }

    /// The script's line holding `text`, counted from 1.
    private static func line(of text: String) throws -> Int {
        let lines = try String(contentsOf: BadInputHarness.script, encoding: .utf8).components(separatedBy: "\n")
        return try XCTUnwrap(lines.firstIndex { $0.contains(text) }) + 1
    }

    /// A cached build that no longer starts (a truncated or overwritten executable) is rebuilt
    /// once, and the render goes on.
    func testCorruptedCachedBuildIsRebuiltOnce() throws {
        let cache = scratch.appendingPathComponent("cache")
        let script = scratch.appendingPathComponent("tiny.swift-script")
        try "import CARender\nlet stage = Stage(width: 4, height: 4)\nstage.duration = 0.5\nstage.run()\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let first = try CarenderCLI.run([script.path, "--fps", "4", "-o", out.path, "--quiet"], cache: cache)
        XCTAssertEqual(first.status, 0, first.standardError)
        let entry = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: cache.path).first { $0.count == 16 })
        let executable = cache.appendingPathComponent(entry).appendingPathComponent("script")
        for corruption in [Data(repeating: 0x41, count: 100),                                    // not an executable
                           try Data(contentsOf: executable).prefix(4096)] {                     // truncated
            try corruption.write(to: executable)
            try? FileManager.default.removeItem(at: out)
            let again = try CarenderCLI.run([script.path, "--fps", "4", "-o", out.path, "--quiet"], cache: cache)
            XCTAssertEqual(again.status, 0, again.standardError)
            XCTAssertTrue(again.standardError.contains("the cached build of \(script.path)"), again.standardError)
            XCTAssertTrue(again.standardError.contains("rebuilding it"), again.standardError)
            BadInputHarness.assertFolder(out, frames: 2)
        }
    }

    /// Stopping carender while it compiles says so, and leaves no half-built executable; one that
    /// a killed compile left is removed by the next compile.
    func testInterruptedCompileSaysSoAndLeavesNothing() throws {
        let cache = scratch.appendingPathComponent("cache")
        let script = scratch.appendingPathComponent("slow.swift-script")
        try "import CARender\nlet stage = Stage(width: 4, height: 4)\nstage.run()\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try BadInputHarness.Run([script.path, "-o", out.path], environment: ["CARENDER_CACHE": cache.path], scratch: scratch)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) { !run.children(named: "swiftc").isEmpty }, "the compiler starts")
        kill(run.pid, SIGINT)
        let outcome = try XCTUnwrap(run.wait(limit: 30))
        XCTAssertEqual(outcome.status, 130)
        XCTAssertTrue(outcome.standardError.contains("compiling \(script.lastPathComponent) was stopped (SIGINT); nothing was rendered"),
                      outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains("see the errors above"), outcome.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))

        // A compile killed outright leaves `script.partial-<pid>`; the next compile removes it.
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.count == 16 }
        let entry = cache.appendingPathComponent(try XCTUnwrap(entries.first))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: entry.path).filter { $0.hasPrefix("script.") }, [])
        let abandoned = entry.appendingPathComponent("script.partial-\(Int32.max - 7)")
        try Data([0]).write(to: abandoned)
        let again = try CarenderCLI.run([script.path, "--fps", "4", "-o", out.path, "--quiet"], cache: cache)
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: abandoned.path))
    }
}
