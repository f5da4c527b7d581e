import CARender
import CARenderTestSupport
import XCTest

/// Decoding of the colour types and depths libpng must convert to 8-bit RGBA. The fixtures are
/// written by Tools/make_png_fixtures.py from formulas repeated here.
final class PNGDecodingTests: XCTestCase {
    private let width = 5, height = 3

    private func load(_ name: String) throws -> RGBAImage {
        let image = try RGBAImage(contentsOfPNG: Fixtures.png(name))
        XCTAssertEqual(image.width, width)
        XCTAssertEqual(image.height, height)
        return image
    }

    private func scale16(_ v: Int) -> UInt8 { UInt8((Double(v) / 257).rounded()) }

    func testGray8ExpandsToOpaqueGrey() throws {
        let image = try load("gray8.png")
        for y in 0..<height {
            for x in 0..<width {
                let g = UInt8((x * 50 + y * 20) % 256)
                XCTAssertEqual(image[x, y], RGBA8(r: g, g: g, b: g, a: 255))
            }
        }
    }

    func testGray16IsScaledToEightBits() throws {
        let image = try load("gray16.png")
        for y in 0..<height {
            for x in 0..<width {
                let g = scale16((x * 50 + y * 20) % 256 * 257 + 0x40)
                XCTAssertEqual(image[x, y], RGBA8(r: g, g: g, b: g, a: 255))
            }
        }
    }

    func testOneBitGreyIsBlackOrWhite() throws {
        let image = try load("gray1.png")
        for y in 0..<height {
            for x in 0..<width {
                let g: UInt8 = (x + y) % 2 == 1 ? 255 : 0
                XCTAssertEqual(image[x, y], RGBA8(r: g, g: g, b: g, a: 255))
            }
        }
    }

    func testGreyWithAlphaKeepsStraightAlpha() throws {
        let image = try load("gray_alpha8.png")
        for y in 0..<height {
            for x in 0..<width {
                let g = UInt8((x * 50) % 256), a = UInt8((y * 100 + 55) % 256)
                XCTAssertEqual(image[x, y], RGBA8(r: g, g: g, b: g, a: a))
            }
        }
    }

    func testPaletteWithTransparencyChunk() throws {
        let image = try load("palette4.png")
        let palette: [RGBA8] = [RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 128),
                                RGBA8(r: 0, g: 0, b: 255, a: 0), RGBA8(r: 10, g: 20, b: 30, a: 255)]
        for y in 0..<height {
            for x in 0..<width {
                XCTAssertEqual(image[x, y], palette[(x + y * width) % 4], "pixel (\(x), \(y))")
            }
        }
    }

    func testRGBA16() throws {
        let image = try load("rgba16.png")
        for y in 0..<height {
            for x in 0..<width {
                XCTAssertEqual(image[x, y], RGBA8(r: scale16(x * 10000), g: scale16(y * 20000),
                                                  b: scale16(65535 - x * 5000), a: scale16(30000 + y * 10000)))
            }
        }
    }

    func testInterlacedDecodesLikeItsProgressiveTwin() throws {
        let interlaced = try load("rgb8_interlaced.png")
        let progressive = try load("rgb8.png")
        XCTAssertEqual(interlaced, progressive)
        XCTAssertEqual(interlaced[4, 2], RGBA8(r: 240, g: 200, b: 240, a: 255))
    }
}
