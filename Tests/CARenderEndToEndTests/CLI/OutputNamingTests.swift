import CARender
import CARenderTestSupport
import XCTest

/// `-o` as a folder or a printf/`#` pattern, `--start-number`, and frames left from earlier renders.
final class OutputNamingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testPatternsParse() throws {
        let printf = try XCTUnwrap(try FrameNamePattern(parsingFileName: "img_%04d.png"))
        XCTAssertEqual(printf.fileName(for: 7), "img_0007.png")
        let hashes = try XCTUnwrap(try FrameNamePattern(parsingFileName: "shot-###.png"))
        XCTAssertEqual(hashes.fileName(for: 12), "shot-012.png")
        XCTAssertEqual(hashes.fileName(for: 12345), "shot-12345.png", "numbers outgrow the padding")
        XCTAssertEqual(hashes.number(inFileName: "shot-012.png"), 12)
        XCTAssertNil(hashes.number(inFileName: "shot-12.png"), "fewer digits than the padding is another pattern")
        XCTAssertNil(hashes.number(inFileName: "other-012.png"))
        XCTAssertNil(try FrameNamePattern(parsingFileName: "frames"), "a folder name")
        for bad in ["a_%04d.jpg", "a_%s.png", "a_%4d.png", "a_%d_%d.png", "a_##_#.png", "a_%d#.png"] {
            XCTAssertThrowsError(try FrameNamePattern(parsingFileName: bad), bad)
        }
    }

    func testPrintfAndHashPatternsWithAStartNumber() throws {
        let printf = folder.appendingPathComponent("a")
        let first = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", printf.path + "/img_%03d.png", "--quiet"])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(CLIScripts.files(printf), (0..<5).map { String(format: "img_%03d.png", $0) })
        let hashes = folder.appendingPathComponent("b")
        let second = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", hashes.path + "/shot_####.png",
                                         "--start-number", "1001", "--frames", "0-1", "--quiet"])
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertEqual(CLIScripts.files(hashes), ["shot_1001.png", "shot_1002.png"])
        XCTAssertEqual(try Data(contentsOf: hashes.appendingPathComponent("shot_1002.png")),
                       try Data(contentsOf: printf.appendingPathComponent("img_001.png")), "the same frame 1")
    }

    func testFramesOutsideTheRenderAreReportedOrCleaned() throws {
        let out = folder.appendingPathComponent("frames")
        XCTAssertEqual(try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--quiet"]).status, 0)
        try Data("keep".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let shorter = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frames", "0-1", "--quiet"])
        XCTAssertEqual(shorter.status, 0, shorter.standardError)
        XCTAssertTrue(shorter.standardError.contains("carender: warning: 3 older frames"), shorter.standardError)
        XCTAssertTrue(shorter.standardError.contains("frame_00002.png … frame_00004.png"), shorter.standardError)
        XCTAssertTrue(shorter.standardError.contains("--clean"), shorter.standardError)
        XCTAssertEqual(CLIScripts.files(out).count, 6, "only a warning")
        let cleaned = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frames", "0-1", "--clean", "--quiet"])
        XCTAssertEqual(cleaned.status, 0, cleaned.standardError)
        XCTAssertEqual(cleaned.standardError, "")
        XCTAssertEqual(CLIScripts.files(out), ["frame_00000.png", "frame_00001.png", "notes.txt"])
    }
}
