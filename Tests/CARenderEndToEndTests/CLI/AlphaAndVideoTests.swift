import CARender
import CARenderTestSupport
import XCTest

/// The alpha channel is decided once per sequence; `--background` draws under every frame.
final class AlphaTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func render(_ script: URL, _ extra: [String]) throws -> URL {
        let out = folder.appendingPathComponent(UUID().uuidString)
        let result = try CLIScripts.run([script.path, "--fps", "10", "-o", out.path, "--quiet"] + extra)
        XCTAssertEqual(result.status, 0, "\(extra): \(result.standardError)")
        return out
    }

    private func colourTypes(_ out: URL) throws -> Set<UInt8> {
        Set(try CLIScripts.files(out).map { try CLIScripts.colourType(out.appendingPathComponent($0)) })
    }

    /// A sequence whose first frames happen to be opaque (a box covering the transparent stage)
    /// is still written RGBA throughout: never a mix of RGB and RGBA files.
    func testAutoDecidesOnceForTheSequence() throws {
        let covering = CLIScripts.folder.appendingPathComponent("covering.swift-script")
        try """
            import CARender
            let stage = Stage(width: 8, height: 8)
            stage.duration = 0.5
            let cover = CALayer()
            cover.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            cover.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            stage.rootLayer.addSublayer(cover)
            stage.at(0.2) { cover.position = CGPoint(x: 20, y: 20) }
            stage.run()
            """.write(to: covering, atomically: true, encoding: .utf8)
        XCTAssertEqual(try colourTypes(try render(covering, [])), [6])
        XCTAssertEqual(try colourTypes(try render(CLIScripts.opaque, [])), [2], "an opaque root background: RGB")
        XCTAssertEqual(try colourTypes(try render(CLIScripts.opaque, ["--alpha", "always"])), [6])
    }

    func testBackgroundNamesAndHexDrawUnderTheFrames() throws {
        let white = try render(CLIScripts.transparent, ["--background", "white", "--frame", "0"])
        XCTAssertEqual(try colourTypes(white), [2], "an opaque background makes RGB frames")
        let image = try RGBAImage(contentsOfPNG: white.appendingPathComponent("frame_00000.png"))
        XCTAssertEqual(image[0, 0], RGBA8(r: 255, g: 255, b: 255, a: 255))
        let mixed = image[3, 3]
        XCTAssertEqual(mixed.r, 255, "red at half alpha over white")
        XCTAssertEqual(Int(mixed.g), 128, accuracy: 1)
        XCTAssertEqual(mixed.g, mixed.b)
        XCTAssertEqual(mixed.a, 255)
        let hex = try render(CLIScripts.transparent, ["--background", "#00f", "--frame", "0"])
        XCTAssertEqual(try RGBAImage(contentsOfPNG: hex.appendingPathComponent("frame_00000.png"))[0, 0],
                       RGBA8(r: 0, g: 0, b: 255, a: 255))
        let never = try render(CLIScripts.transparent, ["--alpha", "never", "--frame", "0"])
        let overBlack = try RGBAImage(contentsOfPNG: never.appendingPathComponent("frame_00000.png"))[3, 3]
        XCTAssertEqual(Int(overBlack.r), 128, accuracy: 1, "without alpha, frames are drawn over black")
        XCTAssertEqual(overBlack.g, 0)
        XCTAssertEqual(overBlack.a, 255)
        let transparent = try render(CLIScripts.transparent, ["--frame", "0"])
        XCTAssertEqual(try RGBAImage(contentsOfPNG: transparent.appendingPathComponent("frame_00000.png"))[0, 0].a, 0,
                       "the default background is transparent")
    }
}

/// Videos through ffmpeg, checked with ffprobe: codec, pixel format and colour tags per format.
final class VideoExportTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        for tool in ["ffmpeg", "ffprobe"] where Self.which(tool) == nil {
            throw XCTSkip("\(tool) is not installed (Tools/install-system-packages installs it)")
        }
        folder = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws { if let folder { try? FileManager.default.removeItem(at: folder) } }

    private static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(Self.which(name)))
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(name) \(arguments)")
        return data
    }

    /// The video stream's properties as ffprobe reports them.
    private func probe(_ url: URL) throws -> [String: String] {
        let text = String(decoding: try tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                         "stream=codec_name,pix_fmt,color_space,color_primaries,color_transfer,color_range,nb_read_frames:stream_tags=alpha_mode",
                                                         "-count_frames", "-of", "default=noprint_wrappers=1", url.path]), as: UTF8.self)
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    private func video(_ script: URL, _ name: String, _ extra: [String] = []) throws -> URL {
        let url = folder.appendingPathComponent(name)
        let result = try CLIScripts.run([script.path, "--fps", "10", "--video", url.path, "--quiet"] + extra)
        XCTAssertEqual(result.status, 0, result.standardError)
        return url
    }

    /// H.264 in yuv420p tagged BT.709 and converted with BT.709, so a player shows the PNG's red.
    func testMP4IsBT709YUV420WithFastStart() throws {
        let url = try video(CLIScripts.opaque, "v.mp4")
        let fields = try probe(url)
        XCTAssertEqual(fields["codec_name"], "h264")
        XCTAssertEqual(fields["pix_fmt"], "yuv420p")
        XCTAssertEqual(fields["color_space"], "bt709")
        XCTAssertEqual(fields["color_primaries"], "bt709")
        XCTAssertEqual(fields["color_transfer"], "bt709")
        XCTAssertEqual(fields["color_range"], "tv")
        XCTAssertEqual(fields["nb_read_frames"], "5")
        XCTAssertEqual(CLIScripts.files(folder), ["v.mp4"], "no PNG files without -o")
        let bytes = try Data(contentsOf: url)
        let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))).lowerBound
        let mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8))).lowerBound
        XCTAssertLessThan(moov, mdat, "+faststart puts the index first")
        // Decoded as BT.709 the box is the script's 230,51,77 (BT.601 would give about 245,68,75);
        // A flat frame, encoded losslessly (--crf 0), so only the colour conversion is measured.
        let flat = CLIScripts.folder.appendingPathComponent("flat-red.swift-script")
        try """
            import CARender
            let stage = Stage(width: 16, height: 12)
            stage.duration = 0.1
            stage.rootLayer.backgroundColor = CGColor(red: 230.0 / 255, green: 51.0 / 255, blue: 77.0 / 255, alpha: 1)
            stage.run()
            """.write(to: flat, atomically: true, encoding: .utf8)
        let lossless = try video(flat, "lossless.mp4", ["--crf", "0"])
        let rgb = try tool("ffmpeg", ["-v", "error", "-i", lossless.path, "-vf", "scale=in_color_matrix=bt709:in_range=tv,format=rgb24",
                                      "-frames:v", "1", "-f", "rawvideo", "-"])
        let offset = (4 * 16 + 4) * 3
        for (channel, expected) in zip(0..<3, [230, 51, 77]) {
            XCTAssertEqual(Int(rgb[offset + channel]), expected, accuracy: 3, "channel \(channel)")
        }
    }

    func testWebMIsVP9WithAlphaOnlyWhenFramesHaveIt() throws {
        let opaque = try probe(try video(CLIScripts.opaque, "o.webm"))
        XCTAssertEqual(opaque["codec_name"], "vp9")
        XCTAssertEqual(opaque["pix_fmt"], "yuv420p")
        XCTAssertNil(opaque["TAG:alpha_mode"])
        XCTAssertEqual(opaque["color_space"], "bt709")
        let transparent = try probe(try video(CLIScripts.transparent, "t.webm"))
        XCTAssertEqual(transparent["codec_name"], "vp9")
        XCTAssertEqual(transparent["TAG:alpha_mode"], "1", "VP9 carries alpha as a side stream (yuva420p)")
    }

    func testGIFUsesAPaletteAndKeepsTransparency() throws {
        let url = try video(CLIScripts.transparent, "t.gif")
        let fields = try probe(url)
        XCTAssertEqual(fields["codec_name"], "gif")
        XCTAssertEqual(fields["nb_read_frames"], "5")
        let rgba = try tool("ffmpeg", ["-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(rgba[3], 0, "the transparent corner stays transparent")
        let box = (4 * 16 + 4) * 4
        XCTAssertEqual(rgba[box + 3], 255)
        XCTAssertEqual(Int(rgba[box]), 255, accuracy: 8, "the half-transparent red is kept as red")
    }

    func testMOVIsProRes4444WithAlpha() throws {
        let fields = try probe(try video(CLIScripts.transparent, "t.mov"))
        XCTAssertEqual(fields["codec_name"], "prores")
        XCTAssertTrue(fields["pix_fmt"]?.hasPrefix("yuva444p") ?? false, "\(fields)")
        XCTAssertEqual(fields["color_primaries"], "bt709")
    }

    func testOverridesAndPNGsWithAVideo() throws {
        let out = folder.appendingPathComponent("frames")
        let url = try video(CLIScripts.opaque, "o.mp4", ["-o", out.path, "--crf", "30", "--pixel-format", "yuv444p", "--codec", "libx264"])
        XCTAssertEqual(CLIScripts.files(out).count, 5, "with -o the PNG files are written too")
        let fields = try probe(url)
        XCTAssertEqual(fields["pix_fmt"], "yuv444p")
        XCTAssertEqual(fields["nb_read_frames"], "5")
    }

    /// A video that cannot be written is reported before anything renders.
    func testABadVideoPathFailsBeforeRendering() throws {
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let out = folder.appendingPathComponent("frames")
        for (path, subject) in [(file.path + "/v.mp4", "a-file"), (folder.path + "/v.mkv", ".mkv")] {
            let result = try CLIScripts.run([CLIScripts.opaque.path, "-o", out.path, "--video", path])
            XCTAssertNotEqual(result.status, 0)
            XCTAssertTrue(result.standardError.hasPrefix("carender: error: "), result.standardError)
            XCTAssertTrue(result.standardError.contains(subject), result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing rendered")
        }
        let noEncoder = try CLIScripts.run([CLIScripts.opaque.path, "--video", folder.path + "/v.mp4", "--codec", "nosuchcodec"])
        XCTAssertTrue(noEncoder.standardError.contains("no 'nosuchcodec' encoder"), noEncoder.standardError)
    }
}
