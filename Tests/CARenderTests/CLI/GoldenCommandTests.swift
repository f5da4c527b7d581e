import CARender
import XCTest

/// `carender golden SCRIPT DIR`: records, matches, and reports a differing or missing frame with
/// a non-zero exit status, a message saying where and by how much, and artifacts to look at.
final class GoldenCommandTests: XCTestCase {
    private let script = Fixtures.repositoryRoot.appendingPathComponent("Examples/hello.swift-script").path

    private func golden(_ arguments: [String], artifacts: URL) throws -> CarenderCLI.Result {
        try CarenderCLI.run(["golden"] + arguments, cache: Fixtures.scriptCache,
                            extraEnvironment: ["CARENDER_GOLDEN_ARTIFACTS": artifacts.path])
    }

    func testRecordMatchAndMismatch() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("hello"), artifacts = folder.appendingPathComponent("artifacts")

        // Nothing to check yet: the error says how to record.
        let empty = try golden([script, goldens.path], artifacts: artifacts)
        XCTAssertNotEqual(empty.status, 0)
        XCTAssertTrue(empty.standardError.contains("record it first with --record --times"), empty.standardError)

        // Recording writes the frames and still exits 1.
        let recording = try golden([script, goldens.path, "--times", "0.6,2", "--record"], artifacts: artifacts)
        XCTAssertEqual(recording.status, 1, recording.standardOutput + recording.standardError)
        XCTAssertTrue(recording.standardOutput.contains("recorded 2 frames in \(goldens.path); look at them, then run again without --record"),
                      recording.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted(), ["0.600.png", "2.000.png"])
        // What was recorded is the frame the project's own golden holds.
        XCTAssertEqual(try RGBAImage(contentsOfPNG: goldens.appendingPathComponent("0.600.png")),
                       try RGBAImage(contentsOfPNG: Golden.folder.appendingPathComponent("hello/0.600.png")))

        // The folder's times are checked by default.
        let check = try golden([script, goldens.path], artifacts: artifacts)
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
        XCTAssertEqual(check.standardOutput, "ok        0.600 s\nok        2.000 s\n2 frames match \(goldens.path)\n")

        // A changed reference: exit 1, the region and the artifacts named.
        let reference = goldens.appendingPathComponent("2.000.png")
        var changed = try RGBAImage(contentsOfPNG: reference)
        for y in 5..<15 { for x in 10..<30 { changed[x, y] = RGBA8(r: 255, g: 0, b: 0, a: 255) } }
        try changed.writePNG(to: reference)
        let mismatch = try golden([script, goldens.path], artifacts: artifacts)
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.standardOutput.contains("DIFFERS   2.000 s: 2.000.png differs from \(reference.path)"), mismatch.standardOutput)
        XCTAssertTrue(mismatch.standardOutput.contains("within x 10…29, y 5…14 (20×10 px)"), mismatch.standardOutput)
        XCTAssertTrue(mismatch.standardOutput.contains("re-record: carender golden \(script) \(goldens.path) --record"), mismatch.standardOutput)
        XCTAssertTrue(mismatch.standardOutput.hasSuffix("1 of 2 frames differ from \(goldens.path)\n"), mismatch.standardOutput)
        for name in ["2.000-actual.png", "2.000-expected.png", "2.000-diff.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("hello/\(name)").path), name)
        }
        // A time with no reference is a failure too.
        let missing = try golden([script, goldens.path, "--times", "1"], artifacts: artifacts)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.standardOutput.contains("no golden reference at \(goldens.appendingPathComponent("1.000.png").path)"), missing.standardOutput)
    }
}
