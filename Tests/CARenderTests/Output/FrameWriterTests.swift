import XCTest
@testable import CARender

final class FrameWriterTests: XCTestCase {
    func testWritesEveryFrameInTheBackground() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = FrameWriter(maximumInFlight: 2)
        var images: [RGBAImage] = []
        for i in 0..<6 {
            var image = RGBAImage(width: 3, height: 2)
            image[1, 1] = RGBA8(r: UInt8(i * 40), g: 1, b: 2, a: 255)
            images.append(image)
            try writer.write(image, to: folder.appendingPathComponent("\(i).png"))
        }
        try writer.finish()
        for (i, image) in images.enumerated() {
            XCTAssertEqual(try RGBAImage(contentsOfPNG: folder.appendingPathComponent("\(i).png")), image)
        }
    }

    func testTheFirstErrorIsReported() throws {
        let writer = FrameWriter(maximumInFlight: 2)
        let missing = URL(fileURLWithPath: "/nonexistent-carender-folder/frame.png")
        try writer.write(RGBAImage(width: 1, height: 1), to: missing)
        XCTAssertThrowsError(try writer.finish()) { error in
            XCTAssertTrue("\(error)".contains("frame.png"), "\(error)")
        }
    }
}
