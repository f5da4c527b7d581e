@testable import CARender
import XCTest

final class FrameWriterTests: XCTestCase {
    /// A still period (consecutive identical frames) is encoded once; every file gets the bytes a
    /// fresh encoding would give.
    func testIdenticalConsecutiveFramesAreEncodedOnce() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var still = RGBAImage(width: 8, height: 6)
        still[2, 3] = RGBA8(r: 200, g: 10, b: 30, a: 255)
        var moved = still
        moved[5, 1] = RGBA8(r: 0, g: 0, b: 255, a: 128)
        let writer = FrameWriter(maximumInFlight: 2)
        let sequence = [still, still, still, moved, moved, still]
        for (index, frame) in sequence.enumerated() {
            try writer.write(frame, to: folder.appendingPathComponent("\(index).png"))
        }
        try writer.finish()
        XCTAssertEqual(writer.encodedCount, 3, "runs: still ×3, moved ×2, still")
        for (index, frame) in sequence.enumerated() {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("\(index).png")), try frame.pngData(), "\(index)")
        }
    }
}
