import CARender
import CARenderTestSupport
import XCTest

/// Frame selections in the forms people type, and how stills are named.
final class FrameSelectionTests: XCTestCase {
    func testTheFormsResolveToSortedFrames() throws {
        func frames(_ text: String, count: Int = 20) throws -> [Int] { try FrameSelection(parsing: text).resolve(count: count).frames }
        XCTAssertEqual(try frames("0-3"), [0, 1, 2, 3], "a dash range includes its end")
        XCTAssertEqual(try frames("17-"), [17, 18, 19])
        XCTAssertEqual(try frames("5"), [5])
        XCTAssertEqual(try frames("-1"), [19], "-1 is the last frame")
        XCTAssertEqual(try frames("-20"), [0])
        XCTAssertEqual(try frames("2:5"), [2, 3, 4], "a colon range excludes its end")
        XCTAssertEqual(try frames(":2"), [0, 1])
        XCTAssertEqual(try frames("18:"), [18, 19])
        XCTAssertEqual(try frames("9,0-1,-1,1"), [0, 1, 9, 19], "lists are sorted, without repeats")
        for bad in ["", "x", "3-1", "1--2", "5:2", "-0", "1.5", "0-9,,3"] {
            XCTAssertThrowsError(try FrameSelection(parsing: bad), bad)
        }
    }

    func testFramesPastTheEndAreReportedNotDropped() throws {
        XCTAssertThrowsError(try FrameSelection(parsing: "20-30").resolve(count: 20)) { error in
            XCTAssertTrue("\(error)".contains("20 frames, 0-19"), "\(error)")
        }
        XCTAssertThrowsError(try FrameSelection(parsing: "-21").resolve(count: 20))
        let clipped = try FrameSelection(parsing: "15-25").resolve(count: 20)
        XCTAssertEqual(clipped.frames, [15, 16, 17, 18, 19])
        XCTAssertEqual(clipped.warnings.count, 1)
        XCTAssertTrue(clipped.warnings[0].contains("15-25"), clipped.warnings[0])
    }

    func testSplitsAreContiguousAndCoverEveryFrameOnce() throws {
        let frames = Array(0..<10)
        let parts = try (1...3).map { try Split(index: $0, count: 3).slice(frames) }
        // Part k holds items ⌊m(k−1)/n⌋ ..< ⌊mk/n⌋.
        XCTAssertEqual(parts.map(Array.init), [[0, 1, 2], [3, 4, 5], [6, 7, 8, 9]])
        XCTAssertThrowsError(try Split(parsing: "0/3"))
        XCTAssertThrowsError(try Split(parsing: "4/3"))
        XCTAssertThrowsError(try Split(parsing: "1"))
    }

    func testTimeNamesSortAcrossTenSeconds() {
        let names = [0.5, 2, 12.25].map { RenderOptions.fileName(forTime: $0, integerDigits: 2) }
        XCTAssertEqual(names, ["00.500.png", "02.000.png", "12.250.png"])
        XCTAssertEqual(names, names.sorted())
        XCTAssertEqual(RenderOptions.fileName(forTime: 0.5), "0.500.png")
        XCTAssertEqual(RenderOptions.fileName(forTime: 1.9996), "2.000.png")
    }
}

/// The same, through the command line.
final class FrameSelectionCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testInclusiveRangesListsAndFramesFromTheEnd() throws {
        let out = folder.appendingPathComponent("frames")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frames", "0-1,-1", "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(CLIScripts.files(out), ["frame_00000.png", "frame_00001.png", "frame_00004.png"])
        XCTAssertEqual(result.standardError, "", "--quiet shows only warnings and errors")
    }

    func testAStillByFrameNumberIsNamedByItsNumber() throws {
        let out = folder.appendingPathComponent("stills")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frame", "-2", "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(CLIScripts.files(out), ["frame_00003.png"])
    }

    func testPastTheEndIsAnErrorAndPartlyPastIsAWarning() throws {
        let out = folder.appendingPathComponent("frames")
        let past = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frames", "7-9"])
        XCTAssertEqual(past.status, 64, "a usage error (EX_USAGE), found by the script")
        XCTAssertTrue(past.standardError.contains("carender: error: frame 7-9 lies outside the sequence: the sequence has 5 frames, 0-4"),
                      past.standardError)
        XCTAssertEqual(CLIScripts.files(out), [], "nothing is written")
        let partly = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", out.path, "--frames", "3-9", "--concurrency", "2", "--quiet"])
        XCTAssertEqual(partly.status, 0, partly.standardError)
        XCTAssertEqual(CLIScripts.files(out), ["frame_00003.png", "frame_00004.png"])
        XCTAssertEqual(partly.standardError.components(separatedBy: "warning: frames 3-9 reach past the end").count, 2,
                       "one warning, not one per worker: \(partly.standardError)")
    }

    func testTimesAreSortedPaddedAndNeverCollide() throws {
        let out = folder.appendingPathComponent("times")
        let result = try CLIScripts.run([CLIScripts.opaque.path, "-o", out.path, "--times", "12,0.5,3", "--quiet"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(CLIScripts.files(out), ["00.500.png", "03.000.png", "12.000.png"])
        let clash = try CLIScripts.run([CLIScripts.opaque.path, "-o", out.path, "--times", "0.5,0.5004"])
        XCTAssertEqual(clash.status, 64, "a usage error (EX_USAGE)")
        XCTAssertTrue(clash.standardError.contains("0.5 and 0.5004 both round to 0.500.png"), clash.standardError)
    }
}
