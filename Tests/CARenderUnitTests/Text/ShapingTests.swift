import Foundation
import XCTest
import CARender
@testable import CARenderText
@testable import CARenderUIKit

/// Shaped runs and their positions against HarfBuzz's own `hb-shape` on the same font files.
final class ShapingTests: XCTestCase {
    private func assertShapesLikeHarfBuzz(_ text: String, font: String, index: Int = 0,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let face = try TextOracles.face(font, index: index)
        let scalars = text.unicodeScalars.map(\.value)
        let ours = face.shape(scalars, range: 0..<scalars.count)
        let theirs = try TextOracles.hbShape(text, font: font, index: index)
        XCTAssertEqual(ours.count, theirs.count, "glyph count of \(text)", file: file, line: line)
        for (a, b) in zip(ours, theirs) {
            XCTAssertEqual(a.glyph, b.g, "glyph id in \(text)", file: file, line: line)
            XCTAssertEqual(a.cluster, b.cl, "cluster in \(text)", file: file, line: line)
            XCTAssertEqual(a.advance, Double(b.ax), "advance in \(text)", file: file, line: line)
            XCTAssertEqual(a.offsetX, Double(b.dx), file: file, line: line)
            XCTAssertEqual(a.offsetY, Double(b.dy), file: file, line: line)
        }
    }

    func testLatinRunsMatchHarfBuzz() throws {
        try assertShapesLikeHarfBuzz("AVAWay Typography, office: 12 → 3½", font: TextOracles.inter)
        try assertShapesLikeHarfBuzz("Stop the animation", font: TextOracles.interBold)
    }

    func testChineseRunMatchesHarfBuzz() throws {
        try assertShapesLikeHarfBuzz("测试停止动画的标签，好！", font: TextOracles.chinese)
    }

    /// A laid-out line places glyph n at the sum of HarfBuzz's advances before it, scaled from font
    /// units to the point size.
    func testLinePositionsAreHarfBuzzAdvancesScaled() throws {
        let text = "Wavy Tokens"
        let face = try TextOracles.face(TextOracles.inter)
        let font = CTFont(request: .system(weight: 0, italic: false), face: face, size: 20)
        let shaped = ShapedText([(text, TextStyle(font: font))], defaultFont: font)
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: .infinity, wraps: false, truncation: .none,
                                                   alignment: .left))
        let placed = TextOracles.placed(layout, shaped, fontSize: 20)
        let oracle = try TextOracles.hbShape(text, font: TextOracles.inter)
        let k = 20 / face.metrics.unitsPerEm
        var pen = 0
        XCTAssertEqual(placed.count, oracle.count)
        for (p, g) in zip(placed, oracle) {
            XCTAssertEqual(p.glyph, g.g)
            XCTAssertEqual(p.x, Double(pen + g.dx) * k, accuracy: 1e-9)
            XCTAssertEqual(p.y, face.metrics.ascender * k - Double(g.dy) * k, accuracy: 1e-9)
            pen += g.ax
        }
        XCTAssertEqual(Double(layout.size.width), Double(pen) * k, accuracy: 1e-9)
    }

    /// A bold font's fallback face without a bold of its own draws emboldened; a regular one does not.
    func testBoldFallbackIsEmboldened() throws {
        let bold = UIFont.boldSystemFont(ofSize: 18), regular = UIFont.systemFont(ofSize: 18)
        for (font, expected) in [(bold, true), (regular, false)] {
            let shaped = ShapedText([("B中", TextStyle(font: font))], defaultFont: font)
            let flags = shaped.glyphs.prefix(2).map(\.emboldened)
            XCTAssertEqual(flags, [false, expected], "\(font)")
        }
    }

    /// Characters the face lacks fall back per cluster: the Latin part shapes in Inter, the Chinese
    /// part in WenQuanYi, each exactly as HarfBuzz shapes that part alone, one after the other.
    func testMixedLatinAndChineseFallBackPerCluster() throws {
        let latin = "Label ", chinese = "测试停止动画"
        let inter = try TextOracles.face(TextOracles.inter)
        let wqy = try TextOracles.face(TextOracles.chinese)
        let font = CTFont(request: .system(weight: 0, italic: false), face: inter, size: 16)
        let shaped = ShapedText([(latin + chinese, TextStyle(font: font))], defaultFont: font)
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 16, width: .infinity, wraps: false, truncation: .none,
                                                   alignment: .left))
        let placed = TextOracles.placed(layout, shaped, fontSize: 16)
        let a = try TextOracles.hbShape(latin, font: TextOracles.inter)
        let b = try TextOracles.hbShape(chinese, font: TextOracles.chinese)
        XCTAssertEqual(placed.count, a.count + b.count)
        var x = 0.0
        for (p, g) in zip(placed.prefix(a.count), a) {
            XCTAssertEqual(p.path, inter.path)
            XCTAssertEqual(p.glyph, g.g)
            XCTAssertEqual(p.x, x, accuracy: 1e-9)
            x += Double(g.ax) * 16 / inter.metrics.unitsPerEm
        }
        for (p, g) in zip(placed.dropFirst(a.count), b) {
            XCTAssertEqual(p.path, wqy.path)
            XCTAssertEqual(p.glyph, g.g)
            XCTAssertEqual(p.x, x, accuracy: 1e-9)
            x += Double(g.ax) * 16 / wqy.metrics.unitsPerEm
        }
        // The line is as tall as its tallest face: WenQuanYi's ascent exceeds Inter's here.
        let ascent = max(inter.metrics.ascender / inter.metrics.unitsPerEm, wqy.metrics.ascender / wqy.metrics.unitsPerEm) * 16
        XCTAssertEqual(layout.lines[0].ascent, ascent, accuracy: 1e-9)
    }
}
