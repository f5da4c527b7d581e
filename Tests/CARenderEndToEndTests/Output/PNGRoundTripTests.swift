import CARender
import CARenderTestSupport
import XCTest

final class PNGRoundTripTests: XCTestCase {
    /// A deterministic pattern that exercises every byte value in every channel, alpha included.
    private func pattern(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let n = x &* 31 &+ y &* 17
                image[x, y] = RGBA8(r: UInt8(n & 255), g: UInt8((n >> 3) & 255), b: UInt8((x ^ y) & 255),
                                    a: UInt8((n &* 7 &+ 3) & 255))
            }
        }
        return image
    }

    func testOddSizesRoundTripExactly() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (w, h) in [(1, 1), (3, 7), (4097, 2)] {
            let image = pattern(width: w, height: h)
            let url = folder.appendingPathComponent("\(w)x\(h).png")
            try image.writePNG(to: url)
            let back = try RGBAImage(contentsOfPNG: url)
            XCTAssertEqual(back.width, w)
            XCTAssertEqual(back.height, h)
            XCTAssertEqual(back, image, "\(w)×\(h) did not survive the round trip")
        }
    }

    func testEveryAlphaValueSurvives() throws {
        var image = RGBAImage(width: 256, height: 1)
        for a in 0..<256 { image[a, 0] = RGBA8(r: 200, g: UInt8(a), b: 7, a: UInt8(a)) }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("alpha.png")
        try image.writePNG(to: url)
        XCTAssertEqual(try RGBAImage(contentsOfPNG: url), image)
    }

    func testOpaqueFrameIsWrittenAsRGBAndReadBackOpaque() throws {
        var image = pattern(width: 9, height: 4)
        for y in 0..<4 { for x in 0..<9 { image[x, y].a = 255 } }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("opaque.png")
        try image.writePNG(to: url)
        let header = try Data(contentsOf: url)
        XCTAssertEqual(header[25], 2, "colour type byte of IHDR should be 2 (RGB) for an opaque frame")
        XCTAssertEqual(try RGBAImage(contentsOfPNG: url), image)
    }

    func testEveryCompressionSettingDecodesToTheSamePixels() throws {
        let image = pattern(width: 33, height: 5)
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings: [PNGWriteOptions] = [
            PNGWriteOptions(compressionLevel: 0, filters: .none),
            PNGWriteOptions(compressionLevel: 12, filters: .all),
            PNGWriteOptions(compressionLevel: 1, filters: .up),
            PNGWriteOptions(compressionLevel: 6, filters: [.sub, .average]),
            PNGWriteOptions(compressionLevel: 6, filters: .paeth),
            PNGWriteOptions(compressionLevel: 3, filters: .sub, dropAlphaWhenOpaque: false),
        ]
        for (i, options) in settings.enumerated() {
            let url = folder.appendingPathComponent("\(i).png")
            try image.writePNG(to: url, options: options)
            XCTAssertEqual(try RGBAImage(contentsOfPNG: url), image, "setting \(i)")
        }
    }
}

final class PNGFilterChoiceTests: XCTestCase {
    /// An opaque frame, so the RGB path (the vector RGBA-to-RGB copy, whose last group of pixels
    /// is copied one by one) is taken.
    private func opaque(width: Int, height: Int, _ colour: (Int, Int) -> RGBA8) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = colour(x, y) } }
        return image
    }

    /// Flat fills and straight edges: the probe keeps Sub and Up only, so the file is exactly the
    /// one that filter set writes.
    func testInterfaceFrameUsesSubAndUp() throws {
        let image = opaque(width: 67, height: 40) { x, y in
            x > 10 && x < 50 && y > 5 && y < 30 ? RGBA8(r: 40, g: 90, b: 220, a: 255) : RGBA8(r: 245, g: 245, b: 247, a: 255)
        }
        let chosen = try image.pngData(options: PNGWriteOptions(compressionLevel: 4))
        XCTAssertEqual(chosen, try image.pngData(options: PNGWriteOptions(compressionLevel: 4, filters: [.sub, .up])))
        XCTAssertEqual(try decoded(chosen), image)
    }

    /// A smooth two-way gradient is what Average and Paeth predict well: all five filters stay.
    func testGradientFrameKeepsEveryFilter() throws {
        let image = opaque(width: 67, height: 40) { x, y in
            RGBA8(r: UInt8(x * 3), g: UInt8(y * 5), b: UInt8((x * 2 + y * 3) & 255), a: 255)
        }
        let chosen = try image.pngData(options: PNGWriteOptions(compressionLevel: 4))
        XCTAssertEqual(chosen, try image.pngData(options: PNGWriteOptions(compressionLevel: 4, filters: .all)))
        XCTAssertNotEqual(chosen, try image.pngData(options: PNGWriteOptions(compressionLevel: 4, filters: [.sub, .up])))
        XCTAssertEqual(try decoded(chosen), image)
    }

    /// Every width from 1 to 9 pixels (a partial group of four in the RGB copy) decodes exactly.
    func testOpaqueRowsOfEveryWidthRoundTrip() throws {
        for width in 1...9 {
            let image = opaque(width: width, height: 3) { x, y in RGBA8(r: UInt8(x * 29), g: UInt8(y * 71), b: UInt8(x * y * 13), a: 255) }
            XCTAssertEqual(try decoded(image.pngData()), image, "width \(width)")
        }
    }

    private func decoded(_ data: Data) throws -> RGBAImage { try Fixtures.decodedPNG(data) }
}

final class PNGDataTests: XCTestCase {
    func testInMemoryEncodingMatchesTheFileAndDecodes() throws {
        var image = RGBAImage(width: 5, height: 4)
        for y in 0..<4 { for x in 0..<5 { image[x, y] = RGBA8(r: UInt8(x * 50), g: UInt8(y * 60), b: 7, a: UInt8(100 + x)) } }
        let data = try image.pngData()
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a.png")
        try image.writePNG(to: url)
        XCTAssertEqual(try Data(contentsOf: url), data, "the file holds exactly the encoded bytes")
        XCTAssertEqual(try RGBAImage(contentsOfPNG: url), image)
        XCTAssertThrowsError(try RGBAImage(width: 0, height: 0).pngData())
    }

    /// Every filter type must decode back exactly: a row pattern where the adaptive choice varies.
    func testAdaptiveFilteringRoundTripsEveryRowKind() throws {
        var image = RGBAImage(width: 64, height: 16)
        for y in 0..<16 {
            for x in 0..<64 {
                let v: Int
                switch y % 4 {
                case 0: v = x * 4                 // a ramp (Sub wins)
                case 1: v = (x * 37) & 255        // noise-like
                case 2: v = 200                   // flat (None/Up)
                default: v = (x * x + y) & 255    // curved (Paeth/Average)
                }
                image[x, y] = RGBA8(r: UInt8(v), g: UInt8((v + y * 9) & 255), b: UInt8((255 - v) & 255), a: 255)
            }
        }
        for level in [0, 1, 6, 12] {
            let folder = try Fixtures.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("f.png")
            try image.writePNG(to: url, options: PNGWriteOptions(compressionLevel: level))
            XCTAssertEqual(try RGBAImage(contentsOfPNG: url), image, "level \(level)")
        }
    }
}
