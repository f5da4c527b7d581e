import CARender
import CARenderTestSupport
import XCTest

/// `--png-compression fast`: filtered rows deflated with matches of a repeated byte or pixel only,
/// each block with its own Huffman codes, or stored when that is smaller. The files must be
/// standard PNGs: each is read back with libpng (whose zlib checks the codes, the distances and
/// the Adler-32 checksum) and must give the exact pixels.
final class RunDeflateTests: XCTestCase {
    private func decoded(_ data: Data) throws -> RGBAImage { try Fixtures.decodedPNG(data) }

    func testInterfaceFramesRoundTripExactlyAsRGBAndRGBA() throws {
        for alpha in [false, true] {
            let frame = EncoderTestImages.interfaceFrame(width: 640, height: 360, alpha: alpha)
            XCTAssertEqual(frame.isOpaque, !alpha)
            let data = try frame.pngData(options: .fast)
            XCTAssertEqual(data[25], alpha ? 6 : 2, "IHDR colour type: RGBA with alpha, RGB when opaque")
            XCTAssertEqual(try decoded(data), frame, alpha ? "RGBA" : "RGB")
        }
    }

    /// Runs are what filtered interface frames are made of: the fast file of such a frame is a
    /// small fraction of its pixels, and not far from libdeflate's.
    func testInterfaceFrameCompressesWell() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 640, height: 360, alpha: false)
        let fast = try frame.pngData(options: .fast).count
        let levelFour = try frame.pngData(options: PNGWriteOptions(compressionLevel: 4)).count
        XCTAssertLessThan(fast, 640 * 360 * 3 / 20, "fast file is \(fast) bytes for \(640 * 360 * 3) bytes of pixels")
        XCTAssertLessThan(Double(fast), Double(levelFour) * 1.6, "fast \(fast) bytes against libdeflate level 4's \(levelFour)")
    }

    /// Several blocks (each block covers 256 KiB of filtered rows), with runs far longer than one
    /// match (258 bytes) and runs that cross rows and blocks.
    func testLargeFlatFrameSpanningSeveralBlocks() throws {
        let flat = EncoderTestImages.image(width: 1500, height: 400) { _, _ in RGBA8(r: 10, g: 20, b: 30, a: 255) }
        let data = try flat.pngData(options: .fast)
        XCTAssertEqual(try decoded(data), flat)
        XCTAssertLessThan(data.count, 1500 * 400 * 3 / 100, "a flat frame is almost all runs")
        let striped = EncoderTestImages.image(width: 1500, height: 400) { x, y in
            y % 37 == 0 ? RGBA8(r: UInt8(x & 255), g: 0, b: 0, a: 255) : RGBA8(r: 200, g: 200, b: 200, a: 255)
        }
        XCTAssertEqual(try decoded(striped.pngData(options: .fast)), striped)
    }

    /// Noise has no runs: its blocks are stored, so the file is no larger than the pixels plus
    /// framing (a byte of filter type per row, 5 bytes per stored block, chunk and zlib headers).
    func testNoiseIsStoredNotExpanded() throws {
        var noise = EncoderTestImages.Noise(state: 42)
        let frame = EncoderTestImages.image(width: 300, height: 200) { _, _ in RGBA8(r: noise.next(), g: noise.next(), b: noise.next(), a: noise.next()) }
        let data = try frame.pngData(options: .fast)
        XCTAssertEqual(try decoded(data), frame)
        let raw = (300 * 4 + 1) * 200
        XCTAssertLessThanOrEqual(data.count, raw + 5 * (raw / 65535 + 2) + 100, "noise of \(raw) bytes written as \(data.count)")
    }

    /// Tiny images: a single pixel, a lone literal; rows shorter than a pixel's distance; every
    /// width up to past the 16 bytes the run scanner compares at a time.
    func testTinyAndOddSizesRoundTrip() throws {
        for (width, height) in [(1, 1), (1, 5), (2, 1), (3, 7), (17, 2), (4097, 2)] {
            let frame = EncoderTestImages.image(width: width, height: height) { x, y in
                RGBA8(r: UInt8((x * 29) & 255), g: UInt8((y * 71) & 255), b: UInt8((x * y * 13) & 255), a: 255)
            }
            XCTAssertEqual(try decoded(frame.pngData(options: .fast)), frame, "\(width)×\(height)")
        }
        for width in 1...40 {
            let frame = EncoderTestImages.image(width: width, height: 3) { x, y in x % 5 == 0 ? RGBA8(r: 9, g: 9, b: 9, a: UInt8(255 - y)) : RGBA8(r: 200, g: 100, b: 50, a: 255) }
            XCTAssertEqual(try decoded(frame.pngData(options: .fast)), frame, "width \(width)")
        }
    }

    /// A repeated pixel that is not a repeated byte (a 3-byte period), which only a match at the
    /// pixel's distance captures, next to byte runs: both kinds in one stream.
    func testPixelPeriodicRowsUseBothDistances() throws {
        let frame = EncoderTestImages.image(width: 800, height: 60) { x, y in
            y % 2 == 0 ? RGBA8(r: UInt8((x * 7) & 255), g: UInt8((x * 3) & 255), b: UInt8(x & 255), a: 255)
                : RGBA8(r: 1, g: 2, b: 3, a: 255)
        }
        XCTAssertEqual(try decoded(frame.pngData(options: .fast)), frame)
    }

    /// The encoder keeps its buffers per thread; the bytes must not depend on what the thread
    /// encoded before, nor on which thread encodes.
    func testSameBytesWhateverWasEncodedBefore() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 320, height: 180, alpha: false)
        let first = try frame.pngData(options: .fast)
        var noise = EncoderTestImages.Noise(state: 7)
        _ = try EncoderTestImages.image(width: 700, height: 90) { _, _ in RGBA8(r: noise.next(), g: 1, b: 2, a: noise.next()) }.pngData(options: .fast)
        XCTAssertEqual(try frame.pngData(options: .fast), first)
        /// Written by the other thread before it signals, read here after the wait.
        final class Result: @unchecked Sendable { var data = Data() }
        let other = Result()
        let done = DispatchSemaphore(value: 0)
        Thread {
            other.data = (try? frame.pngData(options: .fast)) ?? Data()
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(other.data, first)
    }

    /// Every single filter, written without scoring the others, decodes exactly with both
    /// deflaters.
    func testEachSingleFilterRoundTrips() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 97, height: 31, alpha: true)
        for filters: PNGWriteOptions.Filters in [.none, .sub, .up, .average, .paeth] {
            for deflater: PNGWriteOptions.Deflater in [.runs, .libdeflate] {
                let options = PNGWriteOptions(filters: filters, deflater: deflater)
                XCTAssertEqual(try decoded(frame.pngData(options: options)), frame, "filters \(filters.rawValue), \(deflater)")
            }
        }
    }

    func testPresetsAreTheCommandLineSettings() {
        XCTAssertEqual(PNGWriteOptions.Preset(rawValue: "fast")?.options, .fast)
        XCTAssertEqual(PNGWriteOptions.Preset.default.options, .default)
        XCTAssertEqual(PNGWriteOptions.Preset.small.options.compressionLevel, 12)
        XCTAssertEqual(PNGWriteOptions.fast.deflater, .runs)
    }
}
