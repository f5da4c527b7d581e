import Foundation
import XCTest
import CARender
import CTextOracle
@testable import CARenderText

/// The Unicode Bidirectional Algorithm against independent oracles: Unicode's own conformance
/// data (BidiCharacterTest.txt, from Debian's unicode-data) for levels and single-line order, and
/// FriBidi's reference line reordering (`fribidi_reorder_line`) for paragraphs broken into lines.
final class BidiTests: XCTestCase {
    static let characterTest = "/usr/share/unicode/BidiCharacterTest.txt"

    /// Every case of BidiCharacterTest.txt: the paragraph level, each character's resolved level
    /// and the visual order of the whole line (characters removed by rule X9 excluded).
    func testBidiCharacterTestConformance() throws {
        guard let data = FileManager.default.contents(atPath: Self.characterTest) else {
            throw XCTSkip("\(Self.characterTest) is missing (Tools/install-system-packages installs unicode-data)")
        }
        var cases = 0, failures = 0
        // Parsed byte by byte (the file has 91,000 cases; String splitting dominates a debug build).
        let bytes = [UInt8](data)
        var p = 0
        func skipSpaces() { while p < bytes.count && bytes[p] == 0x20 { p += 1 } }
        /// A number in `radix` at `p`, or nil (an "x": a character removed by rule X9).
        func number(radix: Int) -> Int? {
            skipSpaces()
            if p < bytes.count && bytes[p] == UInt8(ascii: "x") { p += 1; return nil }
            var value = 0
            while p < bytes.count {
                let b = Int(bytes[p])
                let digit = b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : radix
                guard digit < radix else { break }
                value = value * radix + digit
                p += 1
            }
            return value
        }
        func atFieldEnd() -> Bool { skipSpaces(); return p >= bytes.count || bytes[p] == 0x3B || bytes[p] == 0x0A }
        var scalars: [UInt32] = [], expectedLevels: [Int?] = [], expectedOrder: [Int] = []
        while p < bytes.count {
            if bytes[p] == UInt8(ascii: "#") || bytes[p] == 0x0A {
                while p < bytes.count && bytes[p] != 0x0A { p += 1 }
                p += 1
                continue
            }
            scalars.removeAll(keepingCapacity: true)
            expectedLevels.removeAll(keepingCapacity: true)
            expectedOrder.removeAll(keepingCapacity: true)
            while !atFieldEnd() { scalars.append(UInt32(number(radix: 16) ?? 0)) }
            p += 1
            let directionField = number(radix: 10) ?? -1
            p += 1
            let paragraphLevel = number(radix: 10) ?? -1
            p += 1
            while !atFieldEnd() { expectedLevels.append(number(radix: 10)) }
            p += 1
            while !atFieldEnd() { expectedOrder.append(number(radix: 10) ?? -1) }
            while p < bytes.count && bytes[p] != 0x0A { p += 1 }
            p += 1
            cases += 1
            let direction: BidiDirection = directionField == 0 ? .leftToRight : directionField == 1 ? .rightToLeft : .natural
            let paragraph = BidiParagraph(scalars, direction: direction)
            var levels = paragraph.levels
            let classes = paragraph.classes.map(\.rawValue)
            var order = [Int32](repeating: 0, count: scalars.count)
            levels.withUnsafeMutableBufferPointer { l in
                BidiReordering.reorder(levels: l.baseAddress!, classes: classes, count: scalars.count,
                                       baseLevel: paragraph.baseLevel, order: &order)
            }
            var ok = Int(paragraph.baseLevel) == paragraphLevel && expectedLevels.count == scalars.count
            var k = 0
            for i in 0..<min(expectedLevels.count, scalars.count) {
                if let expected = expectedLevels[i], Int(levels[i]) != expected { ok = false }
                let logical = Int(order[i])
                guard logical < expectedLevels.count, expectedLevels[logical] != nil else { continue }
                if k >= expectedOrder.count || expectedOrder[k] != logical { ok = false }
                k += 1
            }
            if k != expectedOrder.count { ok = false }
            if !ok {
                failures += 1
                if failures <= 5 {
                    XCTFail("BidiCharacterTest case \(scalars.map { String($0, radix: 16) }) direction \(directionField): "
                            + "levels \(levels), order \(order), expected \(expectedLevels) / \(expectedOrder)")
                }
            }
        }
        XCTAssertGreaterThan(cases, 90_000, "the whole file was read")
        XCTAssertEqual(failures, 0, "\(failures) of \(cases) cases differ")
    }

    /// Paragraphs of mixed Latin, Hebrew, Arabic, numbers and brackets broken into lines of every
    /// width from 1 to the paragraph's length: each line's visual order is FriBidi's.
    func testLineBrokenParagraphsMatchFriBidi() {
        let paragraphs = [
            "The word עברית inside English, with (brackets) and 123.",
            "שלום world מה שלומך? 42 items, [a b] ok",
            "النص العربي 2024 مع English words و (أقواس) هنا.",
            "abc אבג דהו ghi jkl (מנ) 123 סע",
            "\u{202B}embedded \u{2067}isolate\u{2069} text\u{202C} end",
            "مرحبا   بالعالم  ",
        ]
        for text in paragraphs {
            let scalars = text.unicodeScalars.map(\.value)
            let paragraph = BidiParagraph(scalars)
            for width in 1...scalars.count {
                var start = 0
                while start < scalars.count {
                    let end = min(start + width, scalars.count)
                    var expected = [Int32](repeating: 0, count: end - start)
                    let base = ctext_oracle_bidi_line(scalars, Int32(scalars.count), -1, Int32(start), Int32(end - start),
                                                      &expected)
                    XCTAssertEqual(base, Int32(paragraph.baseLevel))
                    var levels = Array(paragraph.levels[start..<end])
                    let classes = paragraph.classes[start..<end].map(\.rawValue)
                    var order = [Int32](repeating: 0, count: end - start)
                    levels.withUnsafeMutableBufferPointer { l in
                        BidiReordering.reorder(levels: l.baseAddress!, classes: classes, count: end - start,
                                               baseLevel: paragraph.baseLevel, order: &order)
                    }
                    let ours = order.map { $0 + Int32(start) }
                    if ours != expected {
                        XCTFail("\"\(text)\" width \(width), line \(start)..<\(end): \(ours) vs FriBidi \(expected)")
                        return
                    }
                    start = end
                }
            }
        }
    }

    // MARK: - Laid-out text

    private func font(_ size: Double = 20, weight: Double = 0) -> CTFont {
        CTFont.resolve(.system(weight: weight, italic: false), size: CGFloat(size))
    }

    /// The clusters each line draws, left to right, from the glyph origins the layout hands out.
    private func visualClusters(_ layout: TextLayout, _ text: ShapedText) -> [[Int]] {
        layout.lines.map { line in
            layout.visualItems[line.visual].map(Int.init)
        }
    }

    /// Glyph origins of each line are increasing in the order the layout draws, and the clusters of
    /// each wrapped line of an attributed paragraph (three styles, two directions, numbers) are in
    /// FriBidi's order for that line.
    func testWrappedAttributedParagraphIsReorderedPerLine() throws {
        let runs: [(text: String, style: TextStyle)] = [
            ("هذا نص ", TextStyle(font: font())),
            ("عربي 123 ", TextStyle(font: font(weight: 0.4), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))),
            ("with English (words) ", TextStyle(font: font(16))),
            ("في الوسط.", TextStyle(font: font())),
        ]
        let shaped = ShapedText(runs, defaultFont: font())
        let scalars = runs.flatMap { $0.text.unicodeScalars.map(\.value) }
        XCTAssertEqual(shaped.clusters.count, scalars.count, "one cluster per code point in this text")
        XCTAssertEqual(shaped.paragraphLevels, [1])
        for width in [90.0, 140, 200, 400] {
            var layout = TextLayout()
            layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: width, wraps: true, truncation: .none,
                                                       alignment: .natural))
            XCTAssertGreaterThan(layout.lines.count, width < 400 ? 1 : 0)
            for (line, visual) in zip(layout.lines, visualClusters(layout, shaped)) {
                var expected = [Int32](repeating: 0, count: line.head.count)
                ctext_oracle_bidi_line(scalars, Int32(scalars.count), -1, Int32(line.head.lowerBound),
                                       Int32(line.head.count), &expected)
                XCTAssertEqual(visual, expected.map(Int.init), "width \(width), line \(line.head)")
                // Natural alignment of a right-to-left paragraph: flush right.
                XCTAssertEqual(line.x + line.width + trailingSpace(shaped, line),
                               width, accuracy: 1e-6, "width \(width), line \(line.head)")
            }
            let xs = TextOracles.placed(layout, shaped, fontSize: 20)
            for line in layout.lines {
                let baseline = line.baseline
                let onLine = xs.filter { abs($0.y - baseline) < 0.01 }
                XCTAssertFalse(onLine.isEmpty)
            }
        }
    }

    private func trailingSpace(_ shaped: ShapedText, _ line: TextLine) -> Double {
        var w = 0.0
        var i = line.head.upperBound
        while i > line.head.lowerBound && shaped.clusters[i - 1].isWhitespace {
            w += shaped.width(of: i - 1, layerSize: 20)
            i -= 1
        }
        return w
    }

    /// "The word عربي inside English": the Arabic word's letters are drawn right to left, the
    /// rest left to right, and the paragraph is left-aligned.
    func testArabicWordInsideEnglishIsReversed() {
        let text = "The word عربي inside English"
        let shaped = ShapedText([(text, TextStyle(font: font()))], defaultFont: font())
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: 500, wraps: false, truncation: .none,
                                                   alignment: .natural))
        XCTAssertEqual(shaped.paragraphLevels, [0])
        XCTAssertEqual(layout.lines[0].x, 0)
        let visual = visualClusters(layout, shaped)[0]
        XCTAssertEqual(visual, Array(0..<9) + [12, 11, 10, 9] + Array(13..<text.count))
    }

    /// Brackets in right-to-left runs are drawn with their mirrored glyphs (rule L4): "(" as ")".
    func testBracketsAreMirroredInRightToLeftRuns() throws {
        let f = font()
        let face = try XCTUnwrap(f.face)
        let shaped = ShapedText([("שלום (עולם)", TextStyle(font: f))], defaultFont: f)
        let open = shaped.clusters[5], close = shaped.clusters[10]
        XCTAssertEqual(open.level, 1)
        let openGlyph = shaped.glyphs[Int(open.glyphStart)], closeGlyph = shaped.glyphs[Int(close.glyphStart)]
        let faceOfOpen = shaped.faces[Int(openGlyph.face)]
        XCTAssertEqual(openGlyph.id, faceOfOpen.glyph(for: ")"))
        XCTAssertEqual(closeGlyph.id, faceOfOpen.glyph(for: "("))
        // Left to right, the same characters keep their own glyphs.
        let latin = ShapedText([("a (b)", TextStyle(font: f))], defaultFont: f)
        XCTAssertEqual(latin.glyphs[Int(latin.clusters[2].glyphStart)].id, face.glyph(for: "("))
    }

    /// Numbers inside right-to-left text keep their digits left to right (level 2 inside level 1).
    func testNumbersInsideRightToLeftText() {
        let text = "عدد 1234 كتاب"
        let shaped = ShapedText([(text, TextStyle(font: font()))], defaultFont: font())
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: 500, wraps: false, truncation: .none,
                                                   alignment: .natural))
        let visual = visualClusters(layout, shaped)[0]
        // كتاب reversed, space, 1234 in order, space, عدد reversed.
        XCTAssertEqual(visual, [12, 11, 10, 9, 8, 4, 5, 6, 7, 3, 2, 1, 0])
        XCTAssertEqual(layout.lines[0].x, 500 - layout.lines[0].width, accuracy: 1e-9, "natural alignment is right")
    }

    /// Truncating the end of a right-to-left line keeps its logical start and puts the ellipsis at
    /// its logical end: drawn leftmost.
    func testTruncatedRightToLeftLineEndsWithEllipsisOnTheLeft() {
        let text = "שלום עולם, זהו משפט ארוך מאוד שלא נכנס בשורה אחת"
        let shaped = ShapedText([(text, TextStyle(font: font()))], defaultFont: font())
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: 160, wraps: false, truncation: .end,
                                                   alignment: .natural))
        let line = layout.lines[0]
        XCTAssertEqual(line.head.lowerBound, 0, "the logical start is kept")
        XCTAssertLessThan(line.head.upperBound, text.count)
        let visual = visualClusters(layout, shaped)[0]
        XCTAssertEqual(visual.first, Int(TextLayout.ellipsisItem), "the ellipsis is drawn first, on the left")
        XCTAssertEqual(visual.last, 0, "the first character is drawn last, on the right")
        XCTAssertLessThanOrEqual(line.width, 160)
        XCTAssertEqual(line.x + line.width, 160, accuracy: 1e-9)
        // Left to right, the ellipsis ends the line on the right.
        let english = ShapedText([("A sentence far too long for the line", TextStyle(font: font()))], defaultFont: font())
        layout.layout(english, TextLayoutParameters(fontSize: 20, width: 160, wraps: false, truncation: .end,
                                                    alignment: .natural))
        XCTAssertEqual(visualClusters(layout, english)[0].last, Int(TextLayout.ellipsisItem))
    }
}
