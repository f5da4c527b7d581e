import CARender
import CARenderTestSupport
import Foundation
import Synchronization
import XCTest

/// Failures an adversarial review found, one test each: what a script, an input or a signal
/// could do to carender before, held to what it must do now. Memory is asserted with a
/// measured peak where memory is the point; the rest run the built `carender` on the bad-input
/// fixture (compiled once for the suite), each within a few seconds.
final class ReliabilityTests: XCTestCase {
    private var scratch: URL!
    private var out: URL { scratch.appendingPathComponent("out") }

    override func setUpWithError() throws {
        scratch = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func run(_ name: String, _ arguments: [String] = [], environment: [String: String] = [:], limit: Double = 60,
                     line: UInt = #line) throws -> BadInputHarness.Outcome {
        try XCTUnwrap(try BadInputHarness.run(case: name, arguments, environment: environment, scratch: scratch, limit: limit,
                                              line: line), line: line)
    }

    /// A private temporary folder for carender, empty before the run.
    private func privateTemporaryFolder() throws -> URL {
        let folder = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: 1. Text size

    /// A glyph far larger than the frame is drawn clipped to the frame: "Hg" at 30,000 points,
    /// and a 30 point layer scaled ×1000, in a 300 × 200 frame, peak at well under the 1.47 GB a
    /// mask of the whole glyph took; 1e8 points draws instead of trapping.
    func testHugeTextIsBoundedByTheFrame() throws {
        func render(size: CGFloat, scale: CGFloat) throws -> RGBAImage {
            let stage = Stage(width: 300, height: 200)
            stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
            let text = CATextLayer()
            text.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
            text.string = "Hg"
            text.fontSize = size
            text.foregroundColor = CGColor(gray: 0, alpha: 1)
            text.transform = CATransform3DMakeScale(scale, scale, 1)
            stage.rootLayer.addSublayer(text)
            return try stage.renderFrame()
        }
        for (size, scale) in [(CGFloat(30_000), CGFloat(1)), (30, 1000), (1e6, 1)] {
            var frame: RGBAImage?
            let peak = try PeakMemory.during { frame = try render(size: size, scale: scale) }
            XCTAssertEqual(frame?.width, 300)
            if let peak {
                XCTAssertLessThan(peak, 64 << 20, "peak \(peak >> 20) MB for \(size) pt × \(scale)")
            }
        }
        // Through the command line as a script draws it: no trap, no crash.
        let outcome = try run("hugeText", ["--times", "0", "-o", out.path], environment: ["BAD_INPUT_SIZE": "1e8"])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains("crashed"), outcome.standardError)
    }

    // MARK: 2. Symbolic links in the temporary folder

    /// Files planted in the temporary folder by another user — symbolic links at every name the
    /// next processes could use, and a stale-looking file of another owner — are neither followed
    /// nor removed, and the run leaves nothing of its own there.
    func testTemporaryFilesAreSafeFromOtherUsers() throws {
        try BadInputHarness.warmUp.get()
        let temporary = try privateTemporaryFolder()
        let victim = scratch.appendingPathComponent("victim.txt")
        try Data("precious".utf8).write(to: victim)
        let last = Int((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? Int(getpid())
        var planted: [String] = []
        for pid in (last + 1)...(last + 300) {
            for name in ["carender-report-\(pid)", "carender-report-\(pid)-w1", "carender-crash-\(pid).json", "carender-crash-\(pid)-w1.json"] {
                try FileManager.default.createSymbolicLink(atPath: temporary.appendingPathComponent(name).path, withDestinationPath: victim.path)
                planted.append(name)
            }
        }
        // Another user's file with a name of the old sweep's form and a process id that is gone.
        let foreign = "carender-report-\(Int32.max - 7)"
        try Data("theirs".utf8).write(to: temporary.appendingPathComponent(foreign))
        XCTAssertEqual(chown(temporary.appendingPathComponent(foreign).path, 65534, 65534), 0)
        planted.append(foreign)

        let outcome = try run("none", ["--fps", "40", "-o", out.path, "--concurrency", "2", "--quiet"], environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "precious", "a planted link was followed")
        XCTAssertEqual(names(in: temporary), planted.sorted(), "the run removed another user's file or left its own")
    }

    // MARK: 3. One script version per render

    /// A script changed while it renders: every worker runs the version compiled at the start
    /// (the frames all show it), and carender says the file changed.
    func testAScriptEditedDuringARenderIsRenderedAsOneVersion() throws {
        let script = scratch.appendingPathComponent("self-editing.swift-script")
        // The first worker to run rewrites the file (red → blue) before rendering.
        try """
            import CARender
            import Foundation
            let here = URL(fileURLWithPath: #filePath)
            if let text = try? String(contentsOf: here, encoding: .utf8), text.contains("VERSION_" + "A") {
                try? text.replacingOccurrences(of: "VERSION_" + "A", with: "VERSION_B")
                    .replacingOccurrences(of: "red: 1, green: 0, blue: 0", with: "red: 0, green: 0, blue: 1")
                    .write(to: here, atomically: true, encoding: .utf8)
            }
            // VERSION_A
            let stage = Stage(width: 16, height: 16)
            stage.duration = 1
            stage.rootLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            stage.run()
            """.write(to: script, atomically: true, encoding: .utf8)
        let outcome = try CarenderCLI.run([script.path, "--fps", "20", "-o", out.path, "--concurrency", "2"], cache: BadInputHarness.cache)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("changed while it was rendered"), outcome.standardError)
        let frames = names(in: out).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(frames.count, 20)
        for name in frames {
            let pixel = try RGBAImage(contentsOfPNG: out.appendingPathComponent(name))[8, 8]
            XCTAssertEqual(pixel, RGBA8(r: 255, g: 0, b: 0, a: 255), "\(name) is from another version of the script")
        }
    }

    // MARK: 4. A truncated video

    /// `--skip-existing` with an empty frame file already there: the frame is rendered again, and
    /// the video holds every frame (before, ffmpeg stopped at the empty file and carender
    /// reported the 3-frame video as written).
    func testAnEmptyFrameFileDoesNotTruncateTheVideo() throws {
        guard Self.which("ffprobe") != nil else { throw XCTSkip("ffmpeg is not installed") }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: out.appendingPathComponent("frame_00003.png").path, contents: Data()))
        let video = scratch.appendingPathComponent("v.mp4")
        let outcome = try run("none", ["--fps", "40", "-o", out.path, "--skip-existing", "--video", video.path, "--quiet"])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertEqual(try Self.videoFrames(video), 10, "every frame of the 0.25 s sequence is in the video")
    }

    static func videoFrames(_ video: URL) throws -> Int? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: Self.which("ffprobe")!)
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                           "-of", "csv=p=0", video.path]
        let pipe = Pipe()
        probe.standardOutput = pipe
        probe.standardError = FileHandle.nullDevice
        try probe.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    // MARK: 5. Processes left behind

    /// A script that ignores SIGINT and SIGTERM is ended all the same: Ctrl-C is escalated to
    /// SIGTERM and then SIGKILL, and `kill -9` of carender takes it along (its guard ends the
    /// script's process group). A compile killed outright takes the compiler's processes along.
    func testNoChildOutlivesCarender() throws {
        try BadInputHarness.warmUp.get()
        // Ctrl-C, escalated.
        let stopped = try BadInputHarness.Run([BadInputHarness.script.path, "-o", out.path, "--concurrency", "1"],
                                              environment: ["BAD_INPUT_CASE": "ignoresStop"], scratch: scratch)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) { !stopped.children(named: "script").isEmpty && !names(in: out).isEmpty })
        let script = try XCTUnwrap(stopped.children(named: "script").first)
        kill(stopped.pid, SIGINT)
        let outcome = try XCTUnwrap(stopped.wait(limit: 10), "carender ends a script that ignores Ctrl-C")
        XCTAssertEqual(outcome.status, 130, outcome.standardError)
        XCTAssertFalse(BadInputHarness.isAlive(script), "the script still runs")

        // kill -9 of carender.
        let killed = try BadInputHarness.Run([BadInputHarness.script.path, "-o", out.path, "--concurrency", "1"],
                                             environment: ["BAD_INPUT_CASE": "ignoresStop"], scratch: scratch)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) { !killed.children(named: "script").isEmpty })
        let orphan = try XCTUnwrap(killed.children(named: "script").first)
        kill(killed.pid, SIGKILL)
        _ = killed.wait(limit: 5)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 6) { !BadInputHarness.isAlive(orphan) },
                      "a script ignoring SIGTERM outlived a killed carender")

        // kill -9 during a compile (a script not in the cache, long enough to compile that an
        // orphaned compiler would still be at it when checked: about 14 s on a loaded machine).
        let fresh = scratch.appendingPathComponent("fresh.swift-script")
        let functions = (0..<3000).map { "func f\($0)() -> CGFloat { let l = CALayer(); l.opacity = 0.5; return l.bounds.width * \($0) }" }
        try (["import CARender", "// \(UUID().uuidString)"] + functions + ["let stage = Stage(width: 4, height: 4)", "stage.run()", ""])
            .joined(separator: "\n").write(to: fresh, atomically: true, encoding: .utf8)
        let compiling = try BadInputHarness.Run([fresh.path, "-o", out.path], environment: ["CARENDER_CACHE": scratch.appendingPathComponent("cache").path],
                                                scratch: scratch)
        var compiler: [pid_t] = []
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 30) {
            compiler = Self.descendants(of: compiling.pid).filter { $0.name.hasPrefix("swift") }.map(\.pid)
            return compiler.count >= 2
        }, "the compiler starts")
        kill(compiling.pid, SIGKILL)
        _ = compiling.wait(limit: 5)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 6) { compiler.allSatisfy { !BadInputHarness.isAlive($0) } },
                      "the compiler's processes outlived a killed carender")
    }

    /// `carender preview`'s workers are started as render workers are (own process group, a
    /// guard): a worker that ignores SIGINT and SIGTERM and has not reached `stage.run()` yet (so
    /// no closed socket ends it) does not outlive a `kill -9` of the preview, and Ctrl-C ends the
    /// preview (130) and its workers. Nothing is left in the temporary folder: the private folder
    /// the killed preview could not remove is removed by the next run.
    func testPreviewWorkersDoNotOutliveCarender() throws {
        try BadInputHarness.warmUp.get()
        let temporary = try privateTemporaryFolder()
        for (signal, status) in [(SIGKILL, nil), (SIGINT, Int32(130))] {
            let preview = try BadInputHarness.Run(["preview", BadInputHarness.script.path, "--port", "0"],
                                                  environment: ["BAD_INPUT_CASE": "ignoresStopSlowStart", "TMPDIR": temporary.path],
                                                  scratch: scratch)
            var workers: [pid_t] = []
            // The first build starts a worker at once (to describe the stage).
            XCTAssertTrue(BadInputHarness.waitUntil(limit: 60) {
                workers = preview.children(named: "script")
                return !workers.isEmpty
            }, "the preview starts a worker")
            kill(preview.pid, signal)
            let outcome = preview.wait(limit: 10)
            if let status { XCTAssertEqual(outcome?.status, status, outcome?.standardError ?? "") }
            XCTAssertTrue(BadInputHarness.waitUntil(limit: 6) { workers.allSatisfy { !BadInputHarness.isAlive($0) } },
                          "a preview worker ignoring SIGTERM outlived carender (\(signal == SIGKILL ? "kill -9" : "Ctrl-C"))")
        }
        XCTAssertEqual(names(in: temporary), [], "carender preview left files in its temporary folder")
    }

    /// Every process below `root`, with its command name.
    static func descendants(of root: pid_t) -> [(pid: pid_t, name: String)] {
        let all = BadInputHarness.processes()
        var found: [(pid: pid_t, name: String)] = []
        var parents: Set<pid_t> = [root]
        var grew = true
        while grew {
            grew = false
            for process in all where parents.contains(process.parent) && !parents.contains(process.pid) {
                parents.insert(process.pid)
                found.append((process.pid, process.name))
                grew = true
            }
        }
        return found
    }

    // MARK: 6. PNG inputs

    /// A small file declaring a huge image is refused before its pixels are allocated, and a FIFO
    /// named like a PNG is refused instead of waited on forever.
    func testPNGInputsAreCheckedBeforeAllocatingOrBlocking() throws {
        let forged = scratch.appendingPathComponent("forged.png")
        try Self.pngHeaderOnly(width: 16384, height: 16384, padding: 1 << 20).write(to: forged)
        var failure: Error?
        let peak = PeakMemory.during {
            do { _ = try RGBAImage(contentsOfPNG: forged) } catch { failure = error }
        }
        XCTAssertNotNil(failure)
        XCTAssertTrue("\(failure.map { "\($0)" } ?? "")".contains("16384 x 16384"), "\(String(describing: failure))")
        if let peak { XCTAssertLessThan(peak, 32 << 20, "peak \(peak >> 20) MB decoding a forged header") }

        let fifo = scratch.appendingPathComponent("pipe.png")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let answered = DispatchSemaphore(value: 0)
        let result = Box()
        Thread {
            do { _ = try RGBAImage(contentsOfPNG: fifo) } catch { result.value = "\(error)" }
            answered.signal()
        }.start()
        XCTAssertEqual(answered.wait(timeout: .now() + 5), .success, "reading a FIFO named .png blocks")
        XCTAssertTrue(result.value?.contains("not a regular file") == true, result.value ?? "")
    }

    /// A PNG signature and an IHDR chunk declaring `width × height` RGBA, then `padding` bytes of
    /// an IDAT that cannot hold the image.
    static func pngHeaderOnly(width: UInt32, height: UInt32, padding: Int) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xffff_ffff
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
            }
            crc ^= 0xffff_ffff
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)] }
        var bytes: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        bytes += chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        bytes += chunk("IDAT", [0x78, 0x9c] + [UInt8](repeating: 0, count: padding))
        return Data(bytes)
    }

    // MARK: 7. ffmpeg's failure

    /// ffmpeg dying in the middle of a video is reported as ffmpeg's failure, with its last lines,
    /// not as a crash of the script, and no unplayable file is left under the video's name.
    func testFFmpegFailureIsNamedAsItsOwn() throws {
        let fake = scratch.appendingPathComponent("ffmpeg")
        try """
            #!/bin/sh
            case "$*" in *-encoders*) echo " V..... libx264  H.264"; exit 0;; esac
            head -c 20000 > /dev/null
            echo "av_interleaved_write_frame(): No space left on device" >&2
            exit 1
            """.write(to: fake, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(fake.path, 0o755), 0)
        let video = scratch.appendingPathComponent("v.mp4")
        let outcome = try run("long", ["--fps", "60", "--video", video.path], environment: ["CARENDER_FFMPEG": fake.path])
        XCTAssertNotEqual(outcome.status, 0)
        let errorLine = outcome.standardError.components(separatedBy: "carender: error: ").dropFirst().joined()
        XCTAssertTrue(errorLine.hasPrefix("ffmpeg failed (exit status 1)"), outcome.standardError)
        XCTAssertTrue(errorLine.contains("No space left on device"), outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains("crashed"), outcome.standardError)
        XCTAssertEqual(names(in: scratch).filter { $0.contains("v.") || $0.contains(".partial-") }, [])
    }

    // MARK: 8. An interrupted video

    /// A video already there survives an interrupted render of it: ffmpeg writes a temporary
    /// sibling, renamed into place only when complete.
    func testAnInterruptedVideoLeavesTheExistingOne() throws {
        guard Self.which("ffmpeg") != nil else { throw XCTSkip("ffmpeg is not installed") }
        try BadInputHarness.warmUp.get()
        let video = scratch.appendingPathComponent("v.mp4")
        try Data("a good video".utf8).write(to: video)
        let running = try BadInputHarness.Run([BadInputHarness.script.path, "--fps", "60", "--video", video.path],
                                              environment: ["BAD_INPUT_CASE": "long"], scratch: scratch)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) {
            names(in: scratch).contains { $0.contains(".partial-") } && !running.children(named: "script").isEmpty
        }, "ffmpeg starts writing")
        usleep(300_000)
        kill(running.pid, SIGINT)
        let outcome = try XCTUnwrap(running.wait(limit: 10))
        XCTAssertEqual(outcome.status, 130, outcome.standardError)
        XCTAssertEqual(try String(contentsOf: video, encoding: .utf8), "a good video")
        XCTAssertEqual(names(in: scratch).filter { $0.contains(".partial-") }, [])
    }

    // MARK: 9. Deep trees

    /// A tree deeper than carender draws is one error line naming the depth and the limit, not a
    /// crash (60,000 levels reported "Bad pointer dereference", 1,000,000 a bare SIGSEGV; 20,000 is past the limit and quick to build).
    func testDeepTreesAreRefusedNamingTheLimit() throws {
        let outcome = try run("deepTreeOf", ["--times", "0", "-o", out.path], environment: ["BAD_INPUT_DEPTH": "20000"])
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("levels deep"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("at most 16384 levels"), outcome.standardError)
        XCTAssertFalse(outcome.standardError.contains("crashed"), outcome.standardError)
    }

    // MARK: 10. ease, contact sheets, empty videos

    /// Requests too large are refused before any work: `ease` drawing 300,000 frames, a contact
    /// sheet into a missing folder or over a FIFO (it was renamed over a device node), a video of
    /// no frames.
    func testOversizedRequestsAreRefusedUpFront() throws {
        let ease = try CarenderCLI.run(["ease", "easeIn", "--duration", "1e4", "--fps", "30", "--plot", scratch.appendingPathComponent("e.png").path],
                                       cache: BadInputHarness.cache)
        XCTAssertEqual(ease.status, 64, ease.standardError)
        XCTAssertTrue(ease.standardError.contains("at most 10000"), ease.standardError)

        let missing = try run("none", ["--fps", "40", "-o", out.path, "--contact-sheet", scratch.appendingPathComponent("no/sheet.png").path])
        XCTAssertEqual(missing.status, 1, missing.standardError)
        XCTAssertTrue(missing.standardError.contains("does not exist"), missing.standardError)
        XCTAssertEqual(names(in: out).filter { $0.hasSuffix(".png") }, [], "refused before rendering")

        let fifo = scratch.appendingPathComponent("sheet.png")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let special = try run("none", ["--fps", "40", "-o", out.path, "--contact-sheet", fifo.path])
        XCTAssertEqual(special.status, 1, special.standardError)
        var status = stat()
        XCTAssertEqual(lstat(fifo.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO was replaced")

        guard Self.which("ffmpeg") != nil else { return }
        let video = scratch.appendingPathComponent("empty.mp4")
        let empty = try run("none", ["--duration", "0", "--video", video.path])
        XCTAssertNotEqual(empty.status, 0, empty.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: video.path))
    }

    // MARK: 11. Leftovers and plain messages

    /// Nothing is left in the temporary folder after a multi-worker render or a golden check
    /// stopped by Ctrl-C; errors read as sentences (no Foundation error domains); a refused mask
    /// cycle, reported as an error, fails the run.
    func testNothingIsLeftBehindAndEveryErrorFails() throws {
        let temporary = try privateTemporaryFolder()
        let rendered = try run("none", ["--fps", "40", "-o", out.path, "--concurrency", "2", "--quiet"], environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        XCTAssertEqual(names(in: temporary), [], "left after a successful two-worker render")

        try BadInputHarness.warmUp.get()
        let golden = try BadInputHarness.Run(["golden", BadInputHarness.script.path, scratch.appendingPathComponent("golden").path,
                                              "--times", (0..<400).map { String(Double($0) / 100) }.joined(separator: ","), "--record"],
                                             environment: ["BAD_INPUT_CASE": "long", "TMPDIR": temporary.path], scratch: scratch)
        XCTAssertTrue(BadInputHarness.waitUntil(limit: 20) { !golden.children(named: "script").isEmpty })
        kill(golden.pid, SIGINT)
        _ = try XCTUnwrap(golden.wait(limit: 10))
        XCTAssertEqual(names(in: temporary), [], "left after golden was stopped")

        let unwritable = try run("none", ["--fps", "40", "-o", "/proc/self/frames"])
        XCTAssertEqual(unwritable.status, 1, unwritable.standardError)
        XCTAssertFalse(unwritable.standardError.contains("Domain"), unwritable.standardError)
        XCTAssertFalse(unwritable.standardError.contains("error 512"), unwritable.standardError)

        let cycle = try run("maskCycle", ["--fps", "40", "-o", out.path])
        XCTAssertTrue(cycle.standardError.contains("error:"), cycle.standardError)
        XCTAssertEqual(cycle.status, 1, "an error: line means a failing exit status")
    }

    /// A tool on PATH, if installed.
    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// A string set on one thread and read on another.
private final class Box: Sendable {
    private let stored = Mutex<String?>(nil)
    var value: String? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
