import CARender
@testable import CARenderPixels
@testable import CARenderStage
import CARenderTestSupport
import XCTest

/// The render loop hands the encoder the compositor's premultiplied frame, converted to straight
/// alpha row by row as it is filtered: the file must be byte for byte the one the straight-alpha
/// image gives, with every deflater and filter choice.
final class PremultipliedEncodingTests: XCTestCase {
    /// Premultiplied pixels of every kind: transparent, alpha 1 (the largest scale-up), colour equal
    /// to alpha (straight 255), half-transparent, nearly opaque, opaque.
    private func translucentPixmap(width: Int, height: Int) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = [0, 1, 2, 77, 128, 200, 254, 255, 255, 255][(x + 3 * y) % 10]
                let c = { (k: Int) in UInt8(a == 0 ? 0 : (x * 31 + y * 17 + k * 53) % (a + 1)) }
                pixmap.bytes[i] = c(0)
                pixmap.bytes[i + 1] = x % 7 == 0 ? UInt8(a) : c(1)
                pixmap.bytes[i + 2] = c(2)
                pixmap.bytes[i + 3] = UInt8(a)
            }
        }
        return pixmap
    }

    private let settings: [PNGWriteOptions] = [
        .default, .fast, .smallest,
        PNGWriteOptions(filters: .all, deflater: .matches),
        PNGWriteOptions(compressionLevel: 1, filters: .paeth),
    ]

    func testTranslucentFramesEncodeToTheStraightImagesBytes() throws {
        for (width, height) in [(1, 1), (5, 3), (61, 23), (300, 40)] {
            let pixmap = translucentPixmap(width: width, height: height)
            XCTAssertFalse(pixmap.isOpaque)
            let straight = pixmap.unpremultiplied()
            for options in settings {
                let fused = try pixmap.pngData(options: options)
                XCTAssertEqual(fused, try straight.pngData(options: options), "\(width)×\(height), \(options)")
                XCTAssertEqual(try Fixtures.decodedPNG(fused), straight, "\(width)×\(height), \(options)")
            }
        }
    }

    func testOpaqueFramesAreWrittenAsRGBLikeTheStraightImage() throws {
        var pixmap = Pixmap(width: 40, height: 12)
        for i in stride(from: 0, to: pixmap.bytes.count, by: 4) {
            pixmap.bytes[i] = UInt8(i % 251)
            pixmap.bytes[i + 1] = 9
            pixmap.bytes[i + 2] = UInt8((i / 4) % 7 * 30)
            pixmap.bytes[i + 3] = 255
        }
        XCTAssertTrue(pixmap.isOpaque)
        for options in settings {
            let fused = try pixmap.pngData(options: options)
            XCTAssertEqual(fused[25], 2, "RGB")
            XCTAssertEqual(fused, try pixmap.unpremultiplied().pngData(options: options))
            XCTAssertEqual(try pixmap.pngData(options: options, isOpaque: true), fused)
        }
        var alpha = PNGWriteOptions.default
        alpha.dropAlphaWhenOpaque = false
        XCTAssertEqual(try pixmap.pngData(options: alpha)[25], 6, "RGBA when asked to keep the alpha")
    }

    /// The opacity test reads alphas in blocks of 64 pixels, then pairs, then single pixels: one
    /// translucent pixel anywhere, in a block or in the rest, makes the frame not opaque, and
    /// colour bytes never do.
    func testOpaqueTestFindsATranslucentPixelAnywhere() {
        for pixels in [0, 1, 2, 3, 63, 64, 65, 127, 128, 130, 200, 257] {
            var bytes = [UInt8](repeating: 0, count: pixels * 4)
            for p in 0..<pixels { bytes[4 * p + 3] = 255 }
            XCTAssertTrue(RGBAImage(width: pixels, height: 1, bytes: bytes).isOpaque, "\(pixels) opaque pixels")
            for p in 0..<pixels {
                for alpha: UInt8 in [0, 254] {
                    bytes[4 * p + 3] = alpha
                    XCTAssertFalse(RGBAImage(width: pixels, height: 1, bytes: bytes).isOpaque, "alpha \(alpha) at \(p) of \(pixels)")
                }
                bytes[4 * p + 3] = 255
            }
        }
    }

    /// The frame writer takes premultiplied frames too: files as the straight images give, and a
    /// still period encoded once.
    func testFrameWriterWritesPremultipliedFrames() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let still = translucentPixmap(width: 30, height: 20)
        var moved = still
        moved.bytes[4 * 33 + 3] = 255
        let writer = FrameWriter(maximumInFlight: 2)
        let sequence = [still, still, moved, still]
        for (index, frame) in sequence.enumerated() {
            try writer.write(frame, to: folder.appendingPathComponent("\(index).png"))
        }
        try writer.finish()
        XCTAssertEqual(writer.encodedCount, 3)
        for (index, frame) in sequence.enumerated() {
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("\(index).png")),
                           try frame.unpremultiplied().pngData(), "\(index)")
        }
    }
}
