import CARender
import CARenderTestSupport
import XCTest

/// Bad input, as a new user would write it, through the built `carender`: each case answers
/// within its time limit with its exit status and a message naming the problem, and leaves the
/// output folder without temporary files or half-written frames.
final class BadInputTests: XCTestCase {
    private var scratch: URL!
    private var out: URL { scratch.appendingPathComponent("out") }

    override func setUpWithError() throws {
        scratch = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Runs `name` at 8 fps (the script's 0.25 s make 2 frames) into `out`.
    private func run(_ name: String, _ arguments: [String] = [], environment: [String: String] = [:],
                     limit: Double = 10, line: UInt = #line) throws -> BadInputHarness.Outcome {
        let outcome = try BadInputHarness.run(case: name, ["--fps", "8", "-o", out.path] + arguments,
                                              environment: environment, scratch: scratch, limit: limit, line: line)
        return try XCTUnwrap(outcome, line: line)
    }

    private static let framesOfAFullRun = 2

    // MARK: Cycles

    /// A refused cycle names the layers involved and the render goes on without it.
    private func assertRefusedCycle(_ name: String, naming layers: [String], line: UInt = #line) throws {
        let outcome = try run(name, line: line)
        // Refused with an `error:` line: the frames are rendered without the change, and the run
        // fails, as every `error:` line does.
        XCTAssertEqual(outcome.status, 1, outcome.standardError, line: line)
        for layer in layers {
            XCTAssertTrue(outcome.standardError.contains(layer), "the message names \(layer): \(outcome.standardError)", line: line)
        }
        XCTAssertTrue(outcome.standardError.lowercased().contains("cycle"), outcome.standardError, line: line)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun, line: line)
    }

    func testMaskCycleIsRefusedNamingTheLayers() throws {
        try assertRefusedCycle("maskCycle", naming: ["alpha", "beta"])
    }

    func testMaskSetToTheParentIsRefused() throws {
        try assertRefusedCycle("maskIsParent", naming: ["parent", "child"])
    }

    func testMaskSetToTheRootLayerIsRefused() throws {
        try assertRefusedCycle("maskIsRoot", naming: ["alpha"])
    }

    func testMaskContainingItsOwnerIsRefused() throws {
        try assertRefusedCycle("maskContainsOwner", naming: ["owner", "mask"])
    }

    func testMaskSetToItselfIsRefusedWithAMessage() throws {
        try assertRefusedCycle("maskIsSelf", naming: ["alpha"])
    }

    func testSublayerSetToItselfIsRefusedWithAMessage() throws {
        try assertRefusedCycle("sublayerIsSelf", naming: ["alpha"])
    }

    func testSublayerCycleIsRefusedWithAMessage() throws {
        try assertRefusedCycle("sublayerCycle", naming: ["alpha", "beta"])
    }

    func testSelfContainingAnimationGroupIsRefused() throws {
        let outcome = try run("selfContainingGroup")
        // Refused with an `error:` line, so the run fails once its frames are written.
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("CAAnimationGroup"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.lowercased().contains("itself"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    // MARK: Deep and wide trees

    func testTenThousandNestedLayersRender() throws {
        let outcome = try run("deepTree", limit: 30)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    func testAThousandDecoratedNestedLayersRender() throws {
        let outcome = try run("deepDecoratedTree", limit: 30)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    func testAHundredThousandSiblingsBuildQuickly() throws {
        let outcome = try run("manySiblings", limit: 30)
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    // MARK: Numbers

    func testNaNStageDurationIsAnError() throws {
        let outcome = try run("durationNaN")
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("duration"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.lowercased().contains("nan"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: 0)
    }

    func testInfiniteStageDurationIsAnError() throws {
        let outcome = try run("durationInfinity")
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("duration"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.lowercased().contains("inf"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: 0)
    }

    /// A frame count beyond the limit is an error naming it, before any frame or allocation.
    private func assertTooManyFrames(_ arguments: [String], line: UInt = #line) throws {
        let outcome = try run("none", arguments, limit: 10, line: line)
        XCTAssertNotEqual(outcome.status, 0, line: line)
        XCTAssertFalse(outcome.signaled, "a clear error, not a crash: \(outcome.standardError)", line: line)
        XCTAssertTrue(outcome.standardError.contains("frames"), outcome.standardError, line: line)
        XCTAssertLessThan(outcome.seconds, 5, "refused at once, not after rendering", line: line)
        BadInputHarness.assertFolder(out, frames: 0, line: line)
    }

    func testHugeFrameRateIsRefusedBeforeRendering() throws {
        try assertTooManyFrames(["--fps", "1e9"])
    }

    func testHugeDurationIsRefusedBeforeRendering() throws {
        try assertTooManyFrames(["--duration", "1e9"])
    }

    func testLongDurationIsRefusedAtOnce() throws {
        // At the default 60 fps (the harness asks for 8, the last --fps wins): 6,000,000 frames.
        try assertTooManyFrames(["--duration", "1e5", "--fps", "60"])
    }

    func testTransformScalingBy1e18Renders() throws {
        let outcome = try run("hugeScaleTransform")
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
        // Scaled about its centre, the layer (0.2, 0.4, 1) covers the whole stage.
        let frame = try RGBAImage(contentsOfPNG: out.appendingPathComponent("frame_00001.png"))
        for (x, y) in [(0, 0), (63, 47), (32, 24)] {
            XCTAssertEqual(frame[x, y], RGBA8(r: 51, g: 102, b: 255, a: 255), "pixel (\(x), \(y))")
        }
    }

    func testTransformScalingBy1e18WithAShadowRenders() throws {
        let outcome = try run("hugeScaleShadow")
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
        let frame = try RGBAImage(contentsOfPNG: out.appendingPathComponent("frame_00001.png"))
        XCTAssertEqual(frame[32, 24], RGBA8(r: 51, g: 102, b: 255, a: 255))
    }

    func testHugeStageIsAnErrorNamingItsSize() throws {
        let outcome = try run("hugeStage")
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("100000×100000"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: 0)
    }

    // MARK: Ignored input is reported

    func testStringAssignedToOpacityIsIgnoredWithAWarning() throws {
        let outcome = try run("stringOpacity")
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("opacity"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("warning"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    func testNaNColourIsIgnoredWithAWarning() throws {
        let outcome = try run("nanColour")
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("warning"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.lowercased().contains("nan"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    func testMissingImageIsReportedWithTheReason() throws {
        let missing = scratch.appendingPathComponent("missing.png")
        let outcome = try run("missingImage", environment: ["BAD_INPUT_IMAGE": missing.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("warning: cannot load the image \(missing.path)"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("No such file"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    func testCorruptImageIsReportedWithLibpngsReason() throws {
        var bytes = try [UInt8](Data(contentsOf: Fixtures.png("rgb8.png")))
        bytes[12 ..< 16] = [0x58, 0x58, 0x58, 0x58]  // the IHDR chunk's type, now "XXXX": its CRC fails
        let corrupt = scratch.appendingPathComponent("corrupt.png")
        try Data(bytes).write(to: corrupt)
        let outcome = try run("corruptImage", environment: ["BAD_INPUT_IMAGE": corrupt.path])
        XCTAssertEqual(outcome.status, 0, outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("warning: cannot load the image \(corrupt.path): "), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("XXXX: CRC error"), "libpng's reason: \(outcome.standardError)")
        BadInputHarness.assertFolder(out, frames: Self.framesOfAFullRun)
    }

    // MARK: The command line's own checks

    func testEmptyOutputFolderIsAnError() throws {
        let outcome = try XCTUnwrap(try BadInputHarness.run(case: "none", [BadInputHarness.script.path, "-o", ""],
                                                            scratch: scratch, limit: 10))
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.standardError.contains("--output"), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("empty"), outcome.standardError)
    }

    func testUnwritableOutputFolderIsReportedBeforeRendering() throws {
        let blocker = scratch.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let outcome = try XCTUnwrap(try BadInputHarness.run(case: "none", ["--fps", "8", "-o", blocker.path],
                                                            scratch: scratch, limit: 10))
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.standardError.contains("it is a file, not a folder"), outcome.standardError)
        // A file in the way of a folder to create: named, where Foundation says only that the
        // operation failed.
        let below = try XCTUnwrap(try BadInputHarness.run(case: "none", ["--fps", "8", "-o", blocker.appendingPathComponent("frames").path],
                                                          scratch: scratch, limit: 10))
        XCTAssertEqual(below.status, 1)
        XCTAssertTrue(below.standardError.contains("carender: error: cannot create the output folder \(blocker.path)/frames: "
                                                   + "\(blocker.path) is a file, not a folder\n"), below.standardError)
    }

    func testUnwritableTemporaryFolderIsReportedBeforeAnything() throws {
        let locked = scratch.appendingPathComponent("no-such-folder")
        let outcome = try run("none", environment: ["TMPDIR": locked.path])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.standardError.contains("cannot write to the temporary folder \(locked.path) (TMPDIR)"),
                      outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("set TMPDIR to a writable folder"), outcome.standardError)
        BadInputHarness.assertFolder(out, frames: 0)
    }

    func testVideoIntoAMissingFolderIsReportedBeforeRendering() throws {
        let video = scratch.appendingPathComponent("missing/clip.mp4")
        // Any executable stands in for ffmpeg: the check comes before it would run.
        let outcome = try run("none", ["--video", video.path], environment: ["CARENDER_FFMPEG": "/bin/true"])
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.standardError.contains("the folder \(video.deletingLastPathComponent().path) does not exist"),
                      outcome.standardError)
        BadInputHarness.assertFolder(out, frames: 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing rendered")
    }

    func testVideoOfFramesWithACutOffOneIsRefusedBeforeEncoding() throws {
        let frames = scratch.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for n in 0..<4 { try RGBAImage(width: 8, height: 8).writePNG(to: frames.appendingPathComponent(String(format: "frame_%05d.png", n))) }
        let cut = frames.appendingPathComponent("frame_00002.png")
        let whole = try Data(contentsOf: cut)
        try whole.prefix(whole.count - 12).write(to: cut)   // without its IEND chunk, as an interrupted copy
        let video = scratch.appendingPathComponent("clip.mp4")
        // Any executable stands in for ffmpeg: the check comes before it would run.
        let run = try BadInputHarness.Run(["video", frames.path, "-o", video.path], environment: ["CARENDER_FFMPEG": "/bin/true"],
                                          scratch: scratch)
        let outcome = try XCTUnwrap(run.wait(limit: 10))
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        XCTAssertEqual(outcome.standardError, "carender: error: \(frames.path) holds 1 frame that is not a complete PNG file "
                       + "(frame_00002.png): cut off, empty, or not a PNG; render it again with --frames\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: video.path))
    }

    func testAFolderGivenAsTheScriptIsNamedAsOne() throws {
        let run = try BadInputHarness.Run([scratch.path, "-o", out.path], environment: [:], scratch: scratch)
        let outcome = try XCTUnwrap(run.wait(limit: 10))
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        // Not Foundation's "The operation could not be completed. (NSCocoaErrorDomain error 256.)".
        XCTAssertEqual(outcome.standardError, "carender: error: cannot read the script \(scratch.path): it is a folder, not a file\n")
    }

    func testAPlotThatCannotBeWrittenGivesTheSystemsReason() throws {
        let blocker = scratch.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let plot = blocker.appendingPathComponent("curve.png")
        let run = try BadInputHarness.Run(["ease", "linear", "--plot", plot.path], environment: [:], scratch: scratch)
        let outcome = try XCTUnwrap(run.wait(limit: 10))
        XCTAssertEqual(outcome.status, 1, outcome.standardError)
        // Not "The operation could not be completed. (CARenderPixels.PNGError error 1.)".
        XCTAssertEqual(outcome.standardError, "carender: error: cannot write the plot \(plot.path): cannot create a file: Not a directory\n")
    }

    func testBenchOnASceneWithNegativeWidthIsAnError() throws {
        let scene = scratch.appendingPathComponent("negative.json")
        try Data(#"{"width": -120, "height": 80, "scale": 1, "layers": []}"#.utf8).write(to: scene)
        let run = try BadInputHarness.Run(["bench", "--scene", scene.path, "-n", "1"], environment: [:], scratch: scratch)
        let outcome = try XCTUnwrap(run.wait(limit: 10))
        XCTAssertFalse(outcome.signaled, outcome.standardError)
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.standardError.contains("scene width must be a positive number, got -120"), outcome.standardError)
    }
}
