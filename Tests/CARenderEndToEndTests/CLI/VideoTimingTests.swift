import CARender
import CARenderTestSupport
import XCTest

/// Videos as players read them back (`ffprobe`): GIF delays that add up to the animation's
/// duration at any frame rate and never fall under 2 cs (players show shorter delays as 10 cs),
/// HEVC tagged `hvc1` for Apple's players with x265 quiet, and `--verbose` showing the ffmpeg command.
final class VideoTimingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        guard findOnPath("ffmpeg") != nil, findOnPath("ffprobe") != nil else { throw XCTSkip("ffmpeg and ffprobe are needed") }
        folder = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    /// The opaque script lasts 0.5 s: its GIF plays 0.5 s at every frame rate, each frame shown at
    /// least 2 cs; above 50 fps it is written at 50 fps (or 33⅓ or 25 when that takes every k-th
    /// frame exactly) with a note.
    func testGIFDurationsAreExactAtAnyFrameRate() throws {
        let expected: [(fps: String, duration: String, frames: Int, delays: Set<Int>, resampled: Bool)] = [
            ("24", "0.5", 12, [4, 5], false),      // 100/24 = 4.17 cs: frame n starts at round(100 n / 24)
            ("30", "0.5", 15, [3, 4], false),
            ("50", "0.5", 25, [2], false),
            ("60", "0.5", 25, [2], true),          // written at 50 fps
            ("120", "0.5", 25, [2], true),         // written at 50 fps
            ("75", "0.4", 10, [4], true),          // every 3rd frame: 25 fps
        ]
        for case let (fps, duration, frames, delays, resampled) in expected {
            let gif = folder.appendingPathComponent("at-\(fps).gif")
            let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", fps, "--duration", duration, "--video", gif.path])
            XCTAssertEqual(result.status, 0, "\(fps): \(result.standardError)")
            let centiseconds = Int((Double(duration)! * 100).rounded())
            XCTAssertEqual(try probe(gif, "format=duration"), [String(format: "%.6f", Double(duration)!)], "\(fps) fps plays \(duration) s")
            let durations = try probe(gif, "packet=duration").compactMap { Int($0) }
            XCTAssertEqual(durations.count, frames, fps)
            XCTAssertEqual(durations.reduce(0, +), centiseconds, "\(fps): the delays add up to the duration")
            XCTAssertTrue(durations.allSatisfy { $0 >= 2 }, "\(fps): \(durations)")
            XCTAssertTrue(Set(durations.dropLast()).isSubset(of: delays), "\(fps): \(durations)")
            XCTAssertEqual(result.standardError.contains("carender: note: a GIF shows each frame for whole hundredths"), resampled,
                           "\(fps): \(result.standardError)")
        }
    }

    /// The same timing from PNG files (`-o` with `--video`) as from frames piped into ffmpeg.
    func testGIFFromFilesMatchesTheOneFromThePipe() throws {
        let piped = folder.appendingPathComponent("piped.gif"), filed = folder.appendingPathComponent("filed.gif")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "60", "--video", piped.path, "--quiet"]).status, 0)
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "60", "--video", filed.path, "--quiet",
                                           "-o", folder.appendingPathComponent("frames").path]).status, 0)
        XCTAssertEqual(try probe(filed, "packet=duration"), try probe(piped, "packet=duration"))
    }

    func testVerboseShowsTheFFmpegCommand() throws {
        let video = folder.appendingPathComponent("v.mp4")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--video", video.path, "--verbose"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let line = try XCTUnwrap(result.standardError.split(separator: "\n").first { $0.contains("ffmpeg -hide_banner") }, result.standardError)
        XCTAssertTrue(line.contains("-c:v libx264"), String(line))
        XCTAssertTrue(line.contains("-framerate 10"), String(line))
        XCTAssertTrue(line.hasSuffix(video.path), String(line))
    }

    /// libx265 in MP4 is tagged hvc1 (Apple's players refuse hev1) and x265 prints nothing.
    func testHEVCIsTaggedHvc1AndQuiet() throws {
        let video = folder.appendingPathComponent("h.mp4")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--video", video.path, "--codec", "libx265", "--scale", "4", "--progress", "none"])
        if result.standardError.contains("no 'libx265' encoder") { throw XCTSkip("this ffmpeg has no libx265") }
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try probe(video, "stream=codec_tag_string"), ["hvc1"])
        XCTAssertEqual(result.standardError, "", "x265 reports nothing: \(result.standardError)")
    }

    /// A pixel format ffmpeg does not know is a usage error before anything renders, not a crash
    /// of the script when ffmpeg stops reading.
    func testAnUnknownPixelFormatIsAUsageError() throws {
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--video", folder.appendingPathComponent("p.mp4").path,
                                         "--pixel-format", "nosuchfmt"])
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertTrue(result.standardError.contains("'nosuchfmt'"), result.standardError)
        XCTAssertFalse(result.standardError.contains("SIGPIPE"), result.standardError)
    }

    private func probe(_ file: URL, _ entries: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(findOnPath("ffprobe")))
        process.arguments = ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    private func findOnPath(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
