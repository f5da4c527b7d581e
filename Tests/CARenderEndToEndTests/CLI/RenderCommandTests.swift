import CARender
import CARenderTestSupport
import XCTest

final class RenderCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func writeScript(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testSyntaxErrorReportsTheUsersFileAndLineAndFails() throws {
        let script = try writeScript("broken.swift-script", """
            import CARender
            let stage = Stage(width: 10, height: 10)
            let x = = 3
            stage.run()
            """)
        let result = try CarenderCLI.run([script.path, "-o", folder.appendingPathComponent("out").path],
                                         cache: folder.appendingPathComponent("cache"))
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("\(script.path):3:"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path),
                       "a script that does not compile writes no frames")
    }

    func testRendersTheFramesOfAScriptAndCachesTheBuild() throws {
        let script = try writeScript("box.swift-script", """
            #!/usr/bin/env carender
            import CARender
            let stage = Stage(width: 6, height: 4)
            stage.duration = 0.5
            let box = CALayer()
            box.frame = CGRect(x: 2, y: 1, width: 2, height: 2)
            box.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(box)
            stage.run()
            """)
        let out = folder.appendingPathComponent("frames")
        let cache = folder.appendingPathComponent("cache")
        let first = try CarenderCLI.run([script.path, "--fps", "8", "-o", out.path], cache: cache)
        XCTAssertEqual(first.status, 0, first.standardError)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(frames, (0..<4).map { String(format: "frame_%05d.png", $0) })
        let image = try RGBAImage(contentsOfPNG: out.appendingPathComponent("frame_00003.png"))
        XCTAssertEqual(image[2, 1], RGBA8(r: 0, g: 255, b: 0, a: 255))
        XCTAssertEqual(image[0, 0].a, 0)

        let second = try CarenderCLI.run([script.path, "--fps", "8", "-o", out.path, "--times", "0.25", "--verbose"], cache: cache)
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertTrue(second.standardError.contains("using the cached build"), second.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("0.250.png").path))
    }

    func testRuntimeErrorInTheScriptExitsNonZeroWithItsMessage() throws {
        let script = try writeScript("huge.swift-script", """
            import CARender
            let stage = Stage(width: 100000, height: 100000)
            stage.run()
            """)
        let result = try CarenderCLI.run([script.path, "-o", folder.appendingPathComponent("out").path],
                                         cache: folder.appendingPathComponent("cache"))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("100000×100000"), result.standardError)
    }

    func testBadOptionsAreRejected() throws {
        let script = try writeScript("empty.swift-script", "import CARender\n")
        let result = try CarenderCLI.run([script.path, "--fps", "0"], cache: folder.appendingPathComponent("cache"))
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("--fps"), result.standardError)
    }
}

final class VideoOptionTests: XCTestCase {
    /// Without ffmpeg the error says what to install, before anything renders.
    func testVideoWithoutFFmpegExplainsAndKeepsTheFrames() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("tiny.swift-script")
        try "import CARender\nlet stage = Stage(width: 4, height: 4)\nstage.duration = 0.2\nstage.run()\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("frames")
        let result = try CarenderCLI.run([script.path, "--fps", "10", "-o", out.path, "--video", folder.appendingPathComponent("v.mp4").path],
                                         cache: folder.appendingPathComponent("cache"),
                                         extraEnvironment: ["CARENDER_FFMPEG": folder.appendingPathComponent("no-ffmpeg").path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("--video needs ffmpeg"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "the missing encoder is reported before rendering")
    }

    func testVideoAndTimesDoNotMix() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CarenderCLI.run(["x.swift-script", "--times", "0", "--video", "v.mp4"], cache: folder)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("--video needs a frame sequence"), result.standardError)
    }
}

final class ScriptWithoutRunTests: XCTestCase {
    func testAScriptThatNeverCallsRunIsReported() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("forgot.swift-script")
        try "import CARender\nlet stage = Stage(width: 4, height: 4)\nprint(\"built\")\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try CarenderCLI.run([script.path, "-o", folder.appendingPathComponent("out").path],
                                         cache: folder.appendingPathComponent("cache"))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, "built\n")
        XCTAssertTrue(result.standardError.contains("finished without calling stage.run()"), result.standardError)
    }
}

final class ScriptCacheTests: XCTestCase {
    /// Builds unused for 30 days are removed when a new script is compiled; recent ones stay.
    func testStaleCompiledScriptsAreEvicted() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let stale = cache.appendingPathComponent("0123456789abcdef")
        let fresh = cache.appendingPathComponent("fedcba9876543210")
        for entry in [stale, fresh] {
            try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-40 * 24 * 3600)], ofItemAtPath: stale.path)
        let script = folder.appendingPathComponent("s.swift-script")
        try "import CARender\nlet stage = Stage(width: 2, height: 2)\nstage.duration = 0\nstage.run()\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try CarenderCLI.run([script.path, "-o", folder.appendingPathComponent("out").path, "--quiet"], cache: cache)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh.path))
    }
}
