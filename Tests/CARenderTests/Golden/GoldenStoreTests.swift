import CARender
import XCTest

final class GoldenStoreTests: XCTestCase {
    private func image(shade: UInt8) -> RGBAImage {
        var image = RGBAImage(width: 10, height: 10)
        for y in 0..<10 { for x in 0..<10 { image[x, y] = RGBA8(r: shade, g: 40, b: 90, a: 255) } }
        return image
    }

    func testRecordsThenMatchesThenReportsADifferenceWithArtifacts() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var store = GoldenStore(root: folder.appendingPathComponent("golden"),
                                artifactsRoot: folder.appendingPathComponent("failures"), isRecording: false)
        let base = image(shade: 100)
        guard case .missing = try store.check(base, name: "scene", time: 0.5) else {
            return XCTFail("an unrecorded golden is reported missing")
        }
        store.isRecording = true
        guard case .recorded(let url) = try store.check(base, name: "scene", time: 0.5) else { return XCTFail() }
        XCTAssertEqual(url.lastPathComponent, "0.500.png")
        store.isRecording = false
        guard case .matched(let same) = try store.check(base, name: "scene", time: 0.5) else { return XCTFail() }
        XCTAssertEqual(same.maximumChannelDifference, 0)

        // Two pixels off by 2 (within the default channel tolerance): still a match.
        var near = base
        near[0, 0].r = 102
        near[5, 5].r = 98
        guard case .matched = try store.check(near, name: "scene", time: 0.5) else { return XCTFail("within tolerance") }

        // One pixel off by 3 out of 100 is 1%: over the default 0.1% share.
        var far = base
        far[3, 4].r = 103
        guard case .mismatched(let difference, _, let artifacts) = try store.check(far, name: "scene", time: 0.5) else {
            return XCTFail("a pixel over tolerance is a mismatch")
        }
        XCTAssertEqual(difference.pixelsOverTolerance, 1)
        XCTAssertEqual(difference.maximumChannelDifference, 3)
        let actual = try RGBAImage(contentsOfPNG: artifacts.appendingPathComponent("0.500-actual.png"))
        XCTAssertEqual(actual, far)
        let diff = try RGBAImage(contentsOfPNG: artifacts.appendingPathComponent("0.500-diff.png"))
        XCTAssertEqual(diff[3, 4].r, 73, "64 + 3 × difference")
        XCTAssertEqual(diff[0, 0].r, 0)

        guard case .matched = try store.check(far, name: "scene", time: 0.5, tolerance: GoldenTolerance(channel: 3)) else {
            return XCTFail("a looser tolerance accepts it")
        }
        guard case .sizeMismatch = try store.check(RGBAImage(width: 3, height: 3), name: "scene", time: 0.5) else {
            return XCTFail("size differences are reported")
        }
    }
}
