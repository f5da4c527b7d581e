import CARender
@testable import CARenderPixels
@testable import CARenderStage
import CARenderTestSupport
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

    /// A sequence longer than the flush interval: the flushes in between (on a writer thread) and
    /// at the end leave every frame whole, with no temporary file behind.
    func testFramesAcrossPeriodicFlushesAreAllWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = FrameWriter(maximumInFlight: 2)
        let count = FrameWriter.syncInterval + 7
        for index in 0..<count {
            var frame = RGBAImage(width: 4, height: 3)
            frame[index % 4, 1] = RGBA8(r: UInt8(index & 255), g: UInt8(index >> 8), b: 9, a: 255)
            try writer.write(frame, to: folder.appendingPathComponent(String(format: "%04d.png", index)))
        }
        try writer.finish()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, (0..<count).map { String(format: "%04d.png", $0) })
        let last = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(String(format: "%04d.png", count - 1)))
        XCTAssertEqual(last[(count - 1) % 4, 1], RGBA8(r: UInt8((count - 1) & 255), g: UInt8((count - 1) >> 8), b: 9, a: 255))
    }
}
