import CARender
import CARenderTestSupport
import XCTest

/// Worker processes, shards, `carender info`, resuming and interrupting: every split of a render
/// writes the bytes a serial render writes.
final class ParallelRenderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func render(_ extra: [String], into name: String, fps: String = "20") throws -> URL {
        let out = folder.appendingPathComponent(name)
        let result = try CLIScripts.run([CLIScripts.long.path, "--fps", fps, "-o", out.path, "--quiet"] + extra)
        XCTAssertEqual(result.status, 0, "\(extra): \(result.standardError)")
        return out
    }

    func testTwoWorkersWriteTheBytesOfASerialRender() throws {
        let serial = try CLIScripts.contents(try render(["--concurrency", "1"], into: "serial"))
        XCTAssertEqual(serial.count, 60)
        let parallel = try CLIScripts.contents(try render(["--concurrency", "2"], into: "parallel"))
        XCTAssertEqual(parallel, serial)
        let half = try CLIScripts.contents(try render(["--concurrency", "50%", "--frames", "10-29"], into: "half"))
        XCTAssertEqual(half.count, 20)
        for (name, data) in half { XCTAssertEqual(data, serial[name], name) }
    }

    /// The shard recipe of the README: each job renders `--shard K/N` into one folder; together
    /// they are the full render, byte for byte.
    func testShardsReassembleTheFullRender() throws {
        let full = try CLIScripts.contents(try render([], into: "full"))
        for k in 1...3 { _ = try render(["--shard", "\(k)/3"], into: "sharded") }
        XCTAssertEqual(try CLIScripts.contents(folder.appendingPathComponent("sharded")), full)
        let second = folder.appendingPathComponent("second")
        _ = try render(["--shard", "2/3"], into: "second")
        XCTAssertEqual(CLIScripts.files(second), (20..<40).map { String(format: "frame_%05d.png", $0) }, "shard 2 of 3 is frames 20-39")
    }

    func testInfoPrintsTheSequence() throws {
        let text = try CLIScripts.run(["info", CLIScripts.long.path, "--fps", "24", "--scale", "2"])
        XCTAssertEqual(text.status, 0, text.standardError)
        XCTAssertTrue(text.standardOutput.contains("size      64 × 48 points"), text.standardOutput)
        XCTAssertTrue(text.standardOutput.contains("scale     2 (128 × 96 pixels)"), text.standardOutput)
        XCTAssertTrue(text.standardOutput.contains("frames    72 (0-71)"), text.standardOutput)
        let json = try CLIScripts.run(["info", CLIScripts.long.path, "--json"])
        XCTAssertEqual(json.status, 0, json.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["frames"] as? Int, 180)
        XCTAssertEqual(object["duration"] as? Double, 3)
        XCTAssertEqual(object["fps"] as? Double, 60)
        XCTAssertEqual(object["pixelWidth"] as? Int, 64)
        XCTAssertEqual(object["alpha"] as? Bool, false)
    }

    func testSkipExistingLeavesExistingFramesAndRendersTheRest() throws {
        let out = try render(["--frames", "0-9"], into: "resume")
        let marker = Data("not a png".utf8)
        try marker.write(to: out.appendingPathComponent("frame_00003.png"))
        let result = try CLIScripts.run([CLIScripts.long.path, "--fps", "20", "-o", out.path, "--skip-existing"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("rendered 60 frames"), result.standardError)
        // A file that is not a complete PNG (here, not a PNG at all) does not count as done: it is
        // rendered again, so a cut-off file never ends up in a video.
        XCTAssertTrue(result.standardError.contains("(9 already there, skipped)"), result.standardError)
        XCTAssertNotEqual(try Data(contentsOf: out.appendingPathComponent("frame_00003.png")), marker)
        XCTAssertNoThrow(try RGBAImage(contentsOfPNG: out.appendingPathComponent("frame_00003.png")))
        XCTAssertEqual(CLIScripts.files(out).count, 60)
    }

    /// Ctrl-C stops every worker; the message says how to resume, and resuming completes the render.
    func testAnInterruptSaysHowToResume() throws {
        let out = folder.appendingPathComponent("interrupted")
        let process = Process()
        process.executableURL = CarenderCLI.executable
        // At 4× the 600 frames take about a second on a quiet machine (at 1× a third of one), so the
        // interrupt lands mid-render however fast the machine.
        process.arguments = [CLIScripts.long.path, "--fps", "200", "--scale", "4", "-o", out.path, "--progress", "none"]
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_CACHE"] = CLIScripts.cache.path
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while CLIScripts.files(out).filter({ $0.hasSuffix(".png") }).count < 5 && Date() < deadline && process.isRunning {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // An interrupt exits 128 + SIGINT with a plain line, not an error.
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertFalse(message.contains("error:"), message)
        XCTAssertTrue(message.contains("was stopped (SIGINT)"), message)
        let resume = try XCTUnwrap(message.range(of: "To finish this render, run: ").map { message[$0.upperBound...] })
        let words = Self.shellWords(String(resume.prefix { $0 != "\n" }))
        XCTAssertEqual(words.first, "carender")
        XCTAssertTrue(words.contains(out.path), String(resume))
        let written = Set(CLIScripts.files(out).filter { $0.hasSuffix(".png") })
        XCTAssertLessThan(written.count, 600, "the render stopped early")
        // Resuming renders exactly the frames still missing: the ones on disk are not written again.
        let before = try written.map { try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent($0).path)[.modificationDate] as? Date }
        let finished = try CLIScripts.run(Array(words.dropFirst()) + ["--quiet"])
        XCTAssertEqual(finished.status, 0, finished.standardError)
        let after = try written.map { try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent($0).path)[.modificationDate] as? Date }
        XCTAssertEqual(before, after, "frames finished before the interrupt are kept as they were")
        XCTAssertEqual(CLIScripts.files(out).filter { $0.hasSuffix(".png") }.count, 600)
    }

    /// Splits a command as a POSIX shell would for the quoting `shellQuoted` produces.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, inWord = false
        for character in line {
            if quoted {
                if character == "'" { quoted = false } else { current.append(character) }
            } else if character == "'" {
                quoted = true; inWord = true
            } else if character == "\\" {
                continue
            } else if character == " " {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
