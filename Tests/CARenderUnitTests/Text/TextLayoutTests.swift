import Foundation
import XCTest
import CARender
@testable import CARenderText

/// Wrapping, truncation and alignment at chosen widths, with every expected break and position
/// computed from `hb-shape`'s advances for the same font (not from the layout code).
final class TextLayoutTests: XCTestCase {
    private let size = 20.0

    private func font() throws -> CTFont {
        CTFont(request: .system(weight: 0, italic: false), face: try TextOracles.face(TextOracles.inter), size: size)
    }

    /// Advances in points of each character of `text` in `font`, from hb-shape (one glyph per
    /// character in these strings).
    private func advances(_ text: String, font: String = TextOracles.inter, unitsPerEm: Double) throws -> [Double] {
        let glyphs = try TextOracles.hbShape(text, font: font)
        XCTAssertEqual(glyphs.count, text.unicodeScalars.count)
        return glyphs.map { Double($0.ax) * size / unitsPerEm }
    }

    private func layout(_ text: String, _ parameters: TextLayoutParameters) throws -> (TextLayout, ShapedText) {
        let f = try font()
        let shaped = ShapedText([(text, TextStyle(font: f, usesLayerSize: true))], defaultFont: f)
        var layout = TextLayout()
        layout.layout(shaped, parameters)
        return (layout, shaped)
    }

    private func lineTexts(_ layout: TextLayout, _ text: ShapedText) -> [String] {
        layout.lines.map { line in
            String(text.characters[line.head]) + (line.ellipsisStyle >= 0 ? "…" : "") + String(text.characters[line.tail])
        }
    }

    private func parameters(width: Double, wraps: Bool = true, truncation: TextTruncation = .none,
                            alignment: NSTextAlignment = .left, lines: Int = 0) -> TextLayoutParameters {
        TextLayoutParameters(fontSize: size, width: width, wraps: wraps, maximumLines: lines, truncation: truncation,
                             alignment: alignment)
    }

    func testWordWrapBreaksAfterTheLastWordThatFits() throws {
        let text = "Stop the animation now"
        let em = try TextOracles.face(TextOracles.inter).metrics.unitsPerEm
        let a = try advances(text, unitsPerEm: em)
        // "Stop the animation" fits (its trailing space hangs); "Stop the animation now" does not.
        let fits = a[0..<18].reduce(0, +)
        let (layout, shaped) = try layout(text, parameters(width: fits + 1))
        XCTAssertEqual(lineTexts(layout, shaped), ["Stop the animation ", "now"])
        XCTAssertEqual(layout.lines[0].width, fits, accuracy: 1e-9)
        // One point narrower: "animation" moves down.
        let (narrower, shaped2) = try self.layout(text, parameters(width: fits - 1))
        XCTAssertEqual(lineTexts(narrower, shaped2), ["Stop the ", "animation now"])
        // Baselines one line height apart: Inter's ascender + descender (no line gap).
        let face = try TextOracles.face(TextOracles.inter)
        let lineHeight = (face.metrics.ascender - face.metrics.descender + face.metrics.lineGap) / em * size
        XCTAssertEqual(narrower.lines[1].baseline - narrower.lines[0].baseline, lineHeight, accuracy: 1e-9)
        XCTAssertEqual(narrower.lines[0].baseline, face.metrics.ascender / em * size, accuracy: 1e-9)
    }

    func testAWordLongerThanTheLineBreaksByCharacter() throws {
        let text = "Typography"
        let em = try TextOracles.face(TextOracles.inter).metrics.unitsPerEm
        let a = try advances(text, unitsPerEm: em)
        let (layout, shaped) = try layout(text, parameters(width: a[0..<4].reduce(0, +) + 0.5))
        XCTAssertEqual(lineTexts(layout, shaped), ["Typo", "grap", "hy"])
    }

    func testChineseWrapsBetweenAnyIdeographs() throws {
        let text = "测试停止动画的标签"
        let wqy = try TextOracles.face(TextOracles.chinese)
        let a = try advances(text, font: TextOracles.chinese, unitsPerEm: wqy.metrics.unitsPerEm)
        let (layout, shaped) = try layout(text, parameters(width: a[0..<4].reduce(0, +) + 0.5))
        XCTAssertEqual(lineTexts(layout, shaped), ["测试停止", "动画的标", "签"])
    }

    func testChineseKeepsClosingPunctuationOffTheLineStart() throws {
        let text = "测试停，止"
        let wqy = try TextOracles.face(TextOracles.chinese)
        let a = try advances(text, font: TextOracles.chinese, unitsPerEm: wqy.metrics.unitsPerEm)
        // Room for three characters: "，" may not start a line, so "停" moves down with it.
        let (layout, shaped) = try layout(text, parameters(width: a[0..<3].reduce(0, +) + 0.5))
        XCTAssertEqual(lineTexts(layout, shaped), ["测试", "停，止"])
    }

    func testTruncationAtEndStartAndMiddle() throws {
        let text = "abcdefghij"
        let face = try TextOracles.face(TextOracles.inter)
        let em = face.metrics.unitsPerEm
        let a = try advances(text, unitsPerEm: em)
        let ellipsis = try advances("…", unitsPerEm: em)[0]
        // Room for five characters and the ellipsis.
        let width = a[0..<5].reduce(0, +) + ellipsis + 0.25
        let (end, s1) = try layout(text, parameters(width: width, wraps: false, truncation: .end))
        XCTAssertEqual(lineTexts(end, s1), ["abcde…"])
        XCTAssertEqual(end.lines[0].width, a[0..<5].reduce(0, +) + ellipsis, accuracy: 1e-9)
        let startWidth = a[5..<10].reduce(0, +) + ellipsis + 0.25
        let (start, s2) = try layout(text, parameters(width: startWidth, wraps: false, truncation: .start))
        XCTAssertEqual(lineTexts(start, s2), ["…fghij"])
        // Middle: the head takes what fits in half the room, the tail the rest.
        let half = (width - ellipsis) / 2
        var head = 0, used = 0.0
        while used + a[head] <= half { used += a[head]; head += 1 }
        var tail = 10
        while used + a[tail - 1] <= width - ellipsis { used += a[tail - 1]; tail -= 1 }
        let (middle, s3) = try layout(text, parameters(width: width, wraps: false, truncation: .middle))
        let expected = String(Array(text)[0..<head]) + "…" + String(Array(text)[tail...])
        XCTAssertEqual(lineTexts(middle, s3), [expected])
        // Text that fits is not truncated.
        let (fits, s4) = try layout(text, parameters(width: a.reduce(0, +) + 0.1, wraps: false, truncation: .end))
        XCTAssertEqual(lineTexts(fits, s4), [text])
    }

    func testLastAllowedLineEndsWithEllipsis() throws {
        let text = "Stop the animation now please"
        let em = try TextOracles.face(TextOracles.inter).metrics.unitsPerEm
        let a = try advances(text, unitsPerEm: em)
        let (layout, shaped) = try layout(text, parameters(width: a[0..<9].reduce(0, +) + 0.5, truncation: .end, lines: 2))
        let lines = lineTexts(layout, shaped)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0], "Stop the ")
        XCTAssertTrue(lines[1].hasPrefix("anim") && lines[1].hasSuffix("…"), lines[1])
    }

    func testAlignment() throws {
        let text = "Centre"
        let em = try TextOracles.face(TextOracles.inter).metrics.unitsPerEm
        let w = try advances(text, unitsPerEm: em).reduce(0, +)
        for (alignment, x) in [(NSTextAlignment.left, 0.0), (.natural, 0), (.center, (200 - w) / 2), (.right, 200 - w)] {
            let (layout, _) = try self.layout(text, parameters(width: 200, alignment: alignment))
            XCTAssertEqual(layout.lines[0].x, x, accuracy: 1e-9, "\(alignment)")
        }
    }

    func testJustifiedLinesFillTheWidthExceptTheLast() throws {
        let text = "one two three four"
        let (layout, _) = try layout(text, parameters(width: 120, alignment: .justified))
        XCTAssertGreaterThan(layout.lines.count, 1)
        XCTAssertEqual(layout.lines[0].width, 120, accuracy: 1e-9)
        XCTAssertEqual(layout.lines.last!.spaceExtra, 0)
    }

    func testNewlinesStartParagraphs() throws {
        let (layout, shaped) = try layout("one\ntwo\r\n\nthree", parameters(width: .infinity, wraps: false))
        XCTAssertEqual(lineTexts(layout, shaped), ["one", "two", "", "three"])
    }
}
