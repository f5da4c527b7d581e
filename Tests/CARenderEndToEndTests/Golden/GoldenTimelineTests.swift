import CARender
import CARenderGolden
import CARenderTestSupport
import XCTest

final class GoldenTimelineTests: XCTestCase {
    func testCSVQuotesValuesWithCommas() {
        let samples = [TimelineSample(time: 0.5, keyPath: "position", value: CGPoint(x: 70, y: 100)),
                       TimelineSample(time: 0.625, keyPath: "opacity", value: Float(0.25))]
        XCTAssertEqual(GoldenTimeline.csv(samples), """
            time,keyPath,value
            0.5000,position,"(70.000000, 100.000000)"
            0.6250,opacity,0.250000

            """)
        XCTAssertNil(GoldenTimeline.difference(actual: GoldenTimeline.csv(samples), expected: GoldenTimeline.csv(samples)))
    }

    func testNumbersWithinToleranceMatchAndOthersAreNamed() {
        let expected = "time,keyPath,value\n0.5000,position,\"(70.000000, 100.000000)\"\n0.6000,position,\"(90.000000, 100.000000)\"\n"
        let rounding = expected.replacingOccurrences(of: "70.000000", with: "70.000100")
        XCTAssertNil(GoldenTimeline.difference(actual: rounding, expected: expected))
        let moved = expected.replacingOccurrences(of: "90.000000", with: "91.500000")
        XCTAssertEqual(GoldenTimeline.difference(actual: moved, expected: expected),
                       "1 of 3 rows differ by up to 1.5 (tolerance 0.0002); first at row 3: 0.6000,position,(91.500000, 100.000000) where the reference has 0.6000,position,(90.000000, 100.000000)")
        let renamed = expected.replacingOccurrences(of: "0.6000,position", with: "0.6000,bounds")
        XCTAssertEqual(GoldenTimeline.difference(actual: renamed, expected: expected)?.contains("in their text"), true)
        let shorter = "time,keyPath,value\n0.5000,position,\"(70.000000, 100.000000)\"\n"
        XCTAssertEqual(GoldenTimeline.difference(actual: shorter, expected: expected), "2 rows, the reference has 3")
    }

    func testTimelineCheckRecordsComparesAndWritesArtifacts() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = GoldenStore(root: folder.appendingPathComponent("golden"), recordMode: .missing,
                                artifacts: folder.appendingPathComponent("artifacts"))
        let samples = [TimelineSample(time: 0, keyPath: "opacity", value: Float(1))]
        guard case .recorded(let url, _) = try store.check(timeline: samples, named: "fade") else { return XCTFail() }
        XCTAssertEqual(url.lastPathComponent, "fade.csv")
        XCTAssertTrue(try store.check(timeline: samples, named: "fade").isSuccess)
        let outcome = try store.check(timeline: [TimelineSample(time: 0, keyPath: "opacity", value: Float(0.5))], named: "fade")
        guard case .mismatched(let mismatch) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(mismatch.artifacts.map(\.lastPathComponent), ["fade-actual.csv", "fade-expected.csv"])
        XCTAssertTrue(mismatch.summary.hasPrefix("1 of 2 rows differ by up to 0.5"), mismatch.summary)
    }
}
