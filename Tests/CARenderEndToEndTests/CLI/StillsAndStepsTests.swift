import CARender
import CARenderTestSupport
import XCTest

/// Stills written to a file of their own, frame steps, rational frame rates, `--shard` with
/// `--times`, and whole-pixel frames at fractional scales.
final class StillsAndStepsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// `--frame N -o still.png` writes exactly the file named, the same bytes as frame N of a
    /// sequence, and nothing else beside it.
    func testAStillByFrameGoesToTheFileNamed() throws {
        let still = folder.appendingPathComponent("still.png")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--frame", "3", "-o", still.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(CLIScripts.files(folder), ["still.png"], "no staging folder is left behind")
        let sequence = folder.appendingPathComponent("seq")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", sequence.path, "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: still), try Data(contentsOf: sequence.appendingPathComponent("frame_00003.png")))
        // --frames with one frame, and a negative number, are stills too.
        let last = folder.appendingPathComponent("last.png")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--frames", "-1", "-o", last.path, "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: last), try Data(contentsOf: sequence.appendingPathComponent("frame_00004.png")))
    }

    /// `--times t -o still.png`: the instant t, the same bytes as `--times t` into a folder.
    func testAStillByTimeGoesToTheFileNamed() throws {
        let still = folder.appendingPathComponent("at.png")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--times", "0.25", "-o", still.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("to \(still.path)"), result.standardError)
        let named = folder.appendingPathComponent("named")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--times", "0.25", "-o", named.path, "--quiet"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: still), try Data(contentsOf: named.appendingPathComponent("0.250.png")))
        // Two instants are two files: a file name is refused, naming the way out.
        let two = try CLIScripts.run([CLIScripts.opaque.path, "--times", "0.1,0.2", "-o", still.path])
        XCTAssertEqual(two.status, 64, two.standardError)
        XCTAssertTrue(two.standardError.contains("2 stills"), two.standardError)
    }

    func testFrameStepsInBothForms() throws {
        for selection in ["0:5:2", "0-4/2", "::2", "0-/2"] {
            let out = folder.appendingPathComponent("steps-\(selection.filter(\.isNumber))-\(selection.count)")
            let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--frames", selection, "-o", out.path, "--quiet"])
            XCTAssertEqual(result.status, 0, "\(selection): \(result.standardError)")
            XCTAssertEqual(CLIScripts.files(out), ["frame_00000.png", "frame_00002.png", "frame_00004.png"], selection)
        }
        XCTAssertEqual(try FrameSelection(parsing: "1:10:3").resolve(count: 20).frames, [1, 4, 7])
        XCTAssertEqual(try FrameSelection(parsing: "10-19/4,0").resolve(count: 20).frames, [0, 10, 14, 18])
        for bad in ["0-9/0", "-1/2", "7/2", "0:9:x", "0:9:0"] {
            XCTAssertThrowsError(try FrameSelection(parsing: bad), bad)
        }
        // A video needs every frame of its range.
        let video = try CLIScripts.run([CLIScripts.opaque.path, "--frames", "0-4/2", "--video", folder.appendingPathComponent("v.mp4").path])
        XCTAssertEqual(video.status, 64, video.standardError)
        XCTAssertTrue(video.standardError.contains("step"), video.standardError)
    }

    /// 30000/1001 (NTSC's 29.97): 0.5 s hold ⌈14.985⌉ = 15 frames, and frame n shows the instant
    /// n × 1001/30000 s: frame 10 is the instant 0.333667 s, not 30 fps's 0.333333 s.
    func testARationalFrameRate() throws {
        let info = try CLIScripts.run(["info", CLIScripts.opaque.path, "--fps", "30000/1001", "--json"])
        XCTAssertEqual(info.status, 0, info.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["frames"] as? Int, 15)
        XCTAssertEqual(try XCTUnwrap(object["fps"] as? Double), 30000.0 / 1001, accuracy: 1e-12)
        let ntsc = folder.appendingPathComponent("ntsc.png"), instant = folder.appendingPathComponent("instant.png")
        let thirty = folder.appendingPathComponent("thirty.png")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "30000/1001", "--frame", "10", "-o", ntsc.path, "--quiet"]).status, 0)
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--times", "\(10.0 * 1001 / 30000)", "-o", instant.path, "--quiet"]).status, 0)
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "30", "--frame", "10", "-o", thirty.path, "--quiet"]).status, 0)
        XCTAssertEqual(try RGBAImage(contentsOfPNG: ntsc), try RGBAImage(contentsOfPNG: instant))
        XCTAssertNotEqual(try RGBAImage(contentsOfPNG: ntsc), try RGBAImage(contentsOfPNG: thirty), "the box is mid-move at 1/3 s")
        // Decimal rates are kept as typed.
        XCTAssertEqual(try CLIScripts.run(["info", CLIScripts.opaque.path, "--fps", "29.97", "--json"]).status, 0)
    }

    /// With `--times`, `--shard K/N` renders the K-th contiguous part of the instants, so the
    /// shards together write each instant once.
    func testShardWithTimesSplitsTheInstants() throws {
        let out = folder.appendingPathComponent("times")
        for shard in ["1/2", "2/2"] {
            let result = try CLIScripts.run([CLIScripts.opaque.path, "--times", "0.4,0.1,0.2", "--shard", shard, "-o", out.path, "--quiet"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(CLIScripts.files(out).count, shard == "1/2" ? 1 : 3, shard)
        }
        XCTAssertEqual(CLIScripts.files(out), ["0.100.png", "0.200.png", "0.400.png"])
    }

    /// At a scale whose frame is not a whole number of pixels (16 × 0.33 = 5.28, 12 × 0.33 = 3.96),
    /// the frame is rounded to whole pixels and the stage fills it: the opaque white root covers
    /// every pixel fully, with no partly covered column drawn over black.
    func testFractionalScalesFillAWholePixelFrame() throws {
        let out = folder.appendingPathComponent("scaled")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "--frame", "0", "--scale", "0.33", "-o", out.path, "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try RGBAImage(contentsOfPNG: out.appendingPathComponent("frame_00000.png"))
        XCTAssertEqual(image.width, 5)
        XCTAssertEqual(image.height, 4)
        for y in 0..<image.height {
            XCTAssertEqual(image[image.width - 1, y], RGBA8(r: 255, g: 255, b: 255, a: 255), "last column, row \(y)")
        }
        for x in 0..<image.width {
            XCTAssertEqual(image[x, image.height - 1].a, 255, "last row, column \(x)")
        }
    }
}
