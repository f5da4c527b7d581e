import CARender
import CARenderTestSupport
import XCTest

/// `--png-compression default`: filtered rows deflated by the shim's matcher, which looks for
/// matches at a few candidate places per position (the previous byte and pixel, the row above and
/// a pixel either side of it, the last two places whose next 8 bytes hashed alike). The
/// files must be standard PNGs: each is read back with libpng (whose zlib checks the codes, the
/// distances and the Adler-32 checksum) and must give the exact pixels.
final class MatchDeflateTests: XCTestCase {
    private let matches = PNGWriteOptions.default

    private func decoded(_ data: Data) throws -> RGBAImage { try Fixtures.decodedPNG(data) }

    func testDefaultPresetUsesTheMatcher() {
        XCTAssertEqual(PNGWriteOptions.Preset.default.options.deflater, .matches)
        XCTAssertEqual(PNGWriteOptions.default.filters, [.all, .perFrameChoice])
    }

    func testInterfaceFramesRoundTripExactlyAsRGBAndRGBA() throws {
        for alpha in [false, true] {
            let frame = EncoderTestImages.interfaceFrame(width: 640, height: 360, alpha: alpha)
            let data = try frame.pngData(options: matches)
            XCTAssertEqual(data[25], alpha ? 6 : 2, "IHDR colour type: RGBA with alpha, RGB when opaque")
            XCTAssertEqual(try decoded(data), frame, alpha ? "RGBA" : "RGB")
        }
    }

    /// Where the matcher earns its time: repeats that are neither a run nor in the row above (the
    /// same card along the row, the same edge a pixel further on) are matches, not literals, so
    /// the file is no larger than libdeflate's level 6 (zlib's default level in size) and clearly
    /// smaller than the run-only deflater's.
    func testInterfaceFrameIsNoLargerThanLevelSix() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 640, height: 360, alpha: false)
        let matched = try frame.pngData(options: matches).count
        let levelSix = try frame.pngData(options: PNGWriteOptions(compressionLevel: 6, deflater: .libdeflate)).count
        let runs = try frame.pngData(options: .fast).count
        XCTAssertLessThanOrEqual(matched, levelSix, "matcher \(matched) bytes, libdeflate level 6 \(levelSix)")
        XCTAssertLessThan(Double(matched), Double(runs) * 0.9, "matcher \(matched) bytes, runs only \(runs)")
    }

    /// A frame of many 256 KiB blocks: long runs across rows and blocks, and a pattern repeated
    /// further back than the row above (every 37th row is the same ramp).
    func testLargeFrameSpanningSeveralBlocks() throws {
        let flat = EncoderTestImages.image(width: 1500, height: 400) { _, _ in RGBA8(r: 10, g: 20, b: 30, a: 255) }
        let data = try flat.pngData(options: matches)
        XCTAssertEqual(try decoded(data), flat)
        XCTAssertLessThan(data.count, 1500 * 400 * 3 / 100, "a flat frame is almost all runs")
        let striped = EncoderTestImages.image(width: 1500, height: 400) { x, y in
            y % 37 == 0 ? RGBA8(r: UInt8((x * 7) & 255), g: UInt8(x & 255), b: 0, a: 255) : RGBA8(r: 200, g: 200, b: 200, a: 255)
        }
        XCTAssertEqual(try decoded(striped.pngData(options: matches)), striped)
    }

    /// Noise has no matches: its blocks are stored, so the file is no larger than the pixels plus
    /// framing (a byte of filter type per row, 5 bytes per stored block, chunk and zlib headers).
    func testNoiseIsStoredNotExpanded() throws {
        var noise = EncoderTestImages.Noise(state: 42)
        let frame = EncoderTestImages.image(width: 300, height: 200) { _, _ in RGBA8(r: noise.next(), g: noise.next(), b: noise.next(), a: noise.next()) }
        let data = try frame.pngData(options: matches)
        XCTAssertEqual(try decoded(data), frame)
        let raw = (300 * 4 + 1) * 200
        XCTAssertLessThanOrEqual(data.count, raw + 5 * (raw / 65535 + 2) + 100, "noise of \(raw) bytes written as \(data.count)")
    }

    /// Noise with repeats at every distance the candidates look at (1, a pixel, a row, a row plus
    /// and minus a pixel) and at distances only the hash table finds, up to the 32 KiB window.
    func testRepeatsAtEveryCandidateDistanceRoundTrip() throws {
        var noise = EncoderTestImages.Noise(state: 9)
        let width = 500
        var frame = EncoderTestImages.image(width: width, height: 90) { _, _ in RGBA8(r: noise.next(), g: noise.next(), b: noise.next(), a: 255) }
        for y in stride(from: 3, to: 90, by: 3) {
            for x in 0..<width {
                let source: (Int, Int)
                switch y % 12 {
                case 0: source = (x, y - 1)                       // the row above
                case 3: source = (max(0, x - 1), y - 1)           // the row above, a pixel to the left
                case 6: source = (min(width - 1, x + 1), y - 1)   // a pixel to the right
                default: source = ((x * 7 + y) % width, y / 2)    // far back, scattered
                }
                frame[x, y] = frame[source.0, source.1]
            }
        }
        for alpha in [false, true] {
            var variant = frame
            if alpha { variant[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 4) }
            XCTAssertEqual(try decoded(variant.pngData(options: matches)), variant, alpha ? "RGBA" : "RGB")
        }
    }

    /// Tiny images (a lone literal, rows shorter than a pixel's distance, fewer than the 8 bytes the
    /// long hash reads) and a row wider than the 32 KiB window, whose row-above candidates are out
    /// of reach.
    func testTinyOddAndVeryWideSizesRoundTrip() throws {
        for (width, height) in [(1, 1), (1, 5), (2, 1), (2, 2), (3, 7), (17, 2), (4097, 2), (8300, 3)] {
            let frame = EncoderTestImages.image(width: width, height: height) { x, y in
                RGBA8(r: UInt8((x * 29) & 255), g: UInt8((y * 71) & 255), b: UInt8((x * y * 13) & 255), a: 255)
            }
            XCTAssertEqual(try decoded(frame.pngData(options: matches)), frame, "\(width)×\(height)")
        }
        for width in 1...40 {
            let frame = EncoderTestImages.image(width: width, height: 4) { x, y in x % 5 == 0 ? RGBA8(r: 9, g: 9, b: 9, a: UInt8(255 - y)) : RGBA8(r: 200, g: 100, b: 50, a: 255) }
            XCTAssertEqual(try decoded(frame.pngData(options: matches)), frame, "width \(width)")
        }
    }

    /// Every single filter decodes exactly with the matcher.
    func testEachSingleFilterRoundTrips() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 97, height: 31, alpha: true)
        for filters: PNGWriteOptions.Filters in [.none, .sub, .up, .average, .paeth] {
            let options = PNGWriteOptions(filters: filters, deflater: .matches)
            XCTAssertEqual(try decoded(frame.pngData(options: options)), frame, "filters \(filters.rawValue)")
        }
    }

    /// The hash table starts empty for every frame: the bytes never depend on what the thread
    /// encoded before, nor on which thread encodes.
    func testSameBytesWhateverWasEncodedBefore() throws {
        let frame = EncoderTestImages.interfaceFrame(width: 320, height: 180, alpha: false)
        let first = try frame.pngData(options: matches)
        var noise = EncoderTestImages.Noise(state: 7)
        _ = try EncoderTestImages.image(width: 700, height: 90) { _, _ in RGBA8(r: noise.next(), g: 1, b: 2, a: noise.next()) }.pngData(options: matches)
        _ = try EncoderTestImages.interfaceFrame(width: 320, height: 180, alpha: true).pngData(options: matches)
        XCTAssertEqual(try frame.pngData(options: matches), first)
        /// Written by the other thread before it signals, read here after the wait.
        final class Result: @unchecked Sendable { var data = Data() }
        let other = Result()
        let done = DispatchSemaphore(value: 0)
        let options = matches
        Thread {
            other.data = (try? frame.pngData(options: options)) ?? Data()
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(other.data, first)
    }
}
