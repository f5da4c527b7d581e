import CARender
import CARenderTestSupport
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
        // A reference cut short: one line naming the file once and what is wrong with it, and no
        // pointer to the help (the command line was right).
        let whole = try Data(contentsOf: reference)
        try whole.prefix(whole.count / 2).write(to: reference)
        let truncated = try golden([script, goldens.path], artifacts: artifacts)
        XCTAssertEqual(truncated.status, 1)
        XCTAssertEqual(truncated.standardError, "carender: error: cannot read the golden reference \(reference.path): "
                       + "the file ends before its image data does (it is truncated)\n")
    }

    func testTimelineOfPresentationValuesIsRecordedAndChecked() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("box.swift-script")
        try """
            import CARender
            let stage = Stage(width: 100, height: 60)
            let box = CALayer()
            box.name = "box"
            box.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            stage.rootLayer.addSublayer(box)
            stage.at(0.5) { box.position = CGPoint(x: 80, y: 10) }
            stage.run()
            """.write(to: script, atomically: true, encoding: .utf8)
        let goldens = folder.appendingPathComponent("box"), artifacts = folder.appendingPathComponent("artifacts")

        let recording = try golden([script.path, goldens.path, "--times", "0.5,0.625,0.75", "--timeline", "box/position.x", "--record"],
                                   artifacts: artifacts)
        XCTAssertEqual(recording.status, 1, recording.standardOutput + recording.standardError)
        let csv = try String(contentsOf: goldens.appendingPathComponent("timeline.csv"), encoding: .utf8)
        // The implicit 0.25 s animation with the default curve: 10 → 80, at 0.5 of it 0.8024.
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",") }
        XCTAssertEqual(rows.count, 4, csv)
        XCTAssertEqual(rows[0], ["time", "keyPath", "value"])
        XCTAssertEqual(rows[1].prefix(2), ["0.5000", "box/position.x"])
        XCTAssertEqual(Double(rows[1][2])!, 10, accuracy: 1e-9)
        XCTAssertEqual(Double(rows[2][2])!, 10 + 70 * 0.802403, accuracy: 1e-4)
        XCTAssertEqual(Double(rows[3][2])!, 80, accuracy: 1e-9)

        // The folder's frames and timeline are checked without naming them again.
        let check = try golden([script.path, goldens.path], artifacts: artifacts)
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
        XCTAssertTrue(check.standardOutput.contains("ok        timeline.csv (3 values)"), check.standardOutput)

        try csv.replacingOccurrences(of: "80.000000", with: "79.000000")
            .write(to: goldens.appendingPathComponent("timeline.csv"), atomically: true, encoding: .utf8)
        let mismatch = try golden([script.path, goldens.path], artifacts: artifacts)
        XCTAssertEqual(mismatch.status, 1)
        XCTAssertTrue(mismatch.standardOutput.contains("DIFFERS   timeline.csv: timeline.csv differs"), mismatch.standardOutput)
        XCTAssertTrue(mismatch.standardOutput.contains("1 of 4 rows differ by up to 1 (tolerance 0.0002); first at row 4: 0.7500,box/position.x,80.000000"),
                      mismatch.standardOutput)

        let unnamed = try golden([script.path, goldens.path, "--times", "0.5", "--timeline", "card/opacity"], artifacts: artifacts)
        XCTAssertNotEqual(unnamed.status, 0)
        XCTAssertTrue(unnamed.standardError.contains("no layer in the tree has that name"), unnamed.standardError)
    }
}
