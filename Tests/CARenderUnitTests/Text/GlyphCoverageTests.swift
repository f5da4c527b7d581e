import CTextOracle
import Foundation
import XCTest
import CARender
@testable import CARenderRaster
@testable import CARenderText

/// Glyph coverage from carender's exact-area rasterizer against FreeType's own rasterizer run at
/// 16× and box-filtered (the test oracle in Tests/CTextOracle).
final class GlyphCoverageTests: XCTestCase {
    private func psnr(_ a: [Float], _ b: [Float]) -> Double {
        var sum = 0.0
        for (x, y) in zip(a, b) { sum += Double(x - y) * Double(x - y) }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(1 / mse)
    }

    /// The cached mask of each glyph, placed in a box around it, against FreeType's.
    private func assertMatchesFreeType(_ text: String, font path: String, index: Int = 0, pixelsPerEm: Double,
                                       subX: Int, subY: Int, emboldened: Bool = false,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let face = try TextOracles.face(path, index: index)
        let cache = GlyphCache()
        let rasterizer = CoverageRasterizer()
        for scalar in text.unicodeScalars {
            let glyph = face.glyph(for: scalar)
            XCTAssertNotEqual(glyph, 0, "\(scalar) is in the face", file: file, line: line)
            let mask = cache.mask(face: face, glyph: glyph, emboldened: emboldened, pixelsPerEmX: pixelsPerEm, pixelsPerEmY: pixelsPerEm,
                                  subX: subX, subY: subY, rasterizer: rasterizer)
            guard mask.width > 0 else { continue }
            // A box two pixels larger than the mask on every side, origin at (20, 30) + subpixel.
            let x0 = 20 + Int(mask.left) - 2, y0 = 30 + Int(mask.top) - 2
            let w = Int(mask.width) + 4, h = Int(mask.height) + 4
            var ours = [Float](repeating: 0, count: w * h)
            for r in 0..<Int(mask.height) {
                for c in 0..<Int(mask.width) {
                    ours[(r + 2) * w + c + 2] = cache.arena[mask.offset + r * Int(mask.width) + c]
                }
            }
            var theirs = [Float](repeating: 0, count: w * h)
            let strength = emboldened ? Int32((face.metrics.unitsPerEm / 24).rounded()) : 0
            let code = ctext_oracle_coverage(path, Int32(index), glyph, strength, pixelsPerEm, 20 + Double(subX) / 4,
                                             30 + Double(subY) / 4, Int32(x0), Int32(y0), Int32(w), Int32(h), 16, &theirs)
            XCTAssertEqual(code, 0, file: file, line: line)
            let quality = psnr(ours, theirs)
            XCTAssertGreaterThanOrEqual(quality, 40, "PSNR of '\(scalar)' at \(pixelsPerEm) px/em", file: file, line: line)
            let inkOurs = ours.reduce(0, +), inkTheirs = theirs.reduce(0, +)
            XCTAssertEqual(Double(inkOurs), Double(inkTheirs), accuracy: Double(inkTheirs) * 0.01 + 0.5,
                           "area of '\(scalar)'", file: file, line: line)
        }
    }

    func testLatinCoverageMatchesFreeType() throws {
        try assertMatchesFreeType("Rag&@gQ8", font: TextOracles.inter, pixelsPerEm: 17, subX: 0, subY: 0)
        try assertMatchesFreeType("Sky%?", font: TextOracles.inter, pixelsPerEm: 36, subX: 1, subY: 3)
        try assertMatchesFreeType("Bold", font: TextOracles.interBold, pixelsPerEm: 11.5, subX: 2, subY: 2)
    }

    func testChineseCoverageMatchesFreeType() throws {
        try assertMatchesFreeType("测试动画的", font: TextOracles.chinese, pixelsPerEm: 16, subX: 3, subY: 1)
    }

    /// Synthetic bold (a bold label's Chinese, from a face without a bold) thickens the outline as
    /// FreeType's own emboldening does.
    func testSyntheticBoldMatchesFreeType() throws {
        try assertMatchesFreeType("测试动画", font: TextOracles.chinese, pixelsPerEm: 18, subX: 1, subY: 2, emboldened: true)
    }

    /// TrueType quadratic outlines (DejaVu) as well as the CFF cubics of Inter.
    func testQuadraticOutlinesMatchFreeType() throws {
        try assertMatchesFreeType("Menlo{}", font: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                  pixelsPerEm: 14, subX: 2, subY: 0)
    }
}
