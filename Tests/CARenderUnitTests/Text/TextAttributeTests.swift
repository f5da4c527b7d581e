import Foundation
import XCTest
import CARender
@testable import CARenderText
@testable import CARenderUIKit

/// The attributes people use, in numbers from the font's own tables: paragraph spacing, line
/// heights, indents, baseline offset, underline and strikethrough, shadows, and a label that
/// shrinks its font to fit.
final class TextAttributeTests: XCTestCase {
    private let font = UIFont.systemFont(ofSize: 20)

    private func layout(_ string: NSAttributedString, width: Double = 1000) -> (TextLayout, ShapedText) {
        let shaped = ShapedText(AttributedText.runs(string, baseColor: nil), defaultFont: font)
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 20, width: width, wraps: true, truncation: .none,
                                                   alignment: .natural))
        return (layout, shaped)
    }

    private func paragraph(_ configure: (NSMutableParagraphStyle) -> Void) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        configure(style)
        return style
    }

    private var natural: Double { Double(font.ascender - font.descender + font.leading) }

    func testLineSpacingHeightsAndParagraphSpacing() {
        let plain = layout(NSAttributedString(string: "one\ntwo", attributes: [.font: font])).0
        XCTAssertEqual(plain.lines[1].baseline - plain.lines[0].baseline, natural, accuracy: 1e-9)
        let spaced = layout(NSAttributedString(string: "one\ntwo", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.lineSpacing = 7; $0.paragraphSpacing = 11 }])).0
        XCTAssertEqual(spaced.lines[1].baseline - spaced.lines[0].baseline, natural + 7 + 11, accuracy: 1e-9)
        let multiple = layout(NSAttributedString(string: "a b", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.lineHeightMultiple = 1.5 }]), width: 10).0
        XCTAssertEqual(multiple.lines[1].baseline - multiple.lines[0].baseline, natural * 1.5, accuracy: 1e-9)
        // The extra height of a minimum goes above the text: the first baseline moves down.
        let tall = layout(NSAttributedString(string: "a", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.minimumLineHeight = 60 }])).0
        XCTAssertEqual(tall.lines[0].baseline, 60 - Double(-font.descender + font.leading), accuracy: 1e-9)
        let short = layout(NSAttributedString(string: "a b", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.maximumLineHeight = 15 }]), width: 10).0
        XCTAssertEqual(short.lines[1].baseline - short.lines[0].baseline, 15, accuracy: 1e-9)
        let before = layout(NSAttributedString(string: "one\ntwo", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.paragraphSpacingBefore = 9 }])).0
        XCTAssertEqual(before.lines[0].baseline, Double(font.ascender), accuracy: 1e-9, "no space before the first")
        XCTAssertEqual(before.lines[1].baseline - before.lines[0].baseline, natural + 9, accuracy: 1e-9)
    }

    func testIndents() {
        let (indented, _) = layout(NSAttributedString(string: "first line wraps here", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.firstLineHeadIndent = 24; $0.headIndent = 8 }]), width: 120)
        XCTAssertGreaterThan(indented.lines.count, 1)
        XCTAssertEqual(indented.lines[0].x, 24)
        XCTAssertEqual(indented.lines[1].x, 8)
        // Right to left, the head indent is on the right.
        let (hebrew, _) = layout(NSAttributedString(string: "שלום", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.firstLineHeadIndent = 30 }]), width: 300)
        XCTAssertEqual(hebrew.lines[0].x + hebrew.lines[0].width, 270, accuracy: 1e-9)
        // Writing direction set by the paragraph style: Latin laid out right to left.
        let (forced, shaped) = layout(NSAttributedString(string: "abc", attributes: [
            .font: font, .paragraphStyle: paragraph { $0.baseWritingDirection = .rightToLeft }]), width: 300)
        XCTAssertEqual(shaped.paragraphLevels, [1])
        XCTAssertEqual(forced.lines[0].x + forced.lines[0].width, 300, accuracy: 1e-9, "natural alignment is right")
    }

    func testBaselineOffsetRaisesGlyphs() {
        let string = NSMutableAttributedString(string: "x", attributes: [.font: font])
        string.append(NSAttributedString(string: "2", attributes: [.font: font, .baselineOffset: 6]))
        let (l, shaped) = layout(string)
        let placed = TextOracles.placed(l, shaped, fontSize: 20)
        XCTAssertEqual(placed[0].y - placed[1].y, 6, accuracy: 1e-9)
        XCTAssertEqual(l.lines[0].ascent, Double(font.ascender) + 6, accuracy: 1e-9, "the line grows to hold it")
    }

    /// Rows of ink in a rendering of `string` on white.
    private func inkRows(_ string: NSAttributedString, width: CGFloat = 200, height: CGFloat = 40) -> [Int] {
        let stage = Stage(width: width, height: height)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: width, height: height)
        layer.string = string
        stage.rootLayer.addSublayer(layer)
        let image = stage.render()
        return (0..<image.height).map { y in (0..<image.width).filter { image[$0, y].r < 128 }.count }
    }

    /// An underline is a row of ink across the text at the font's underline position; a
    /// strikethrough one at its strikeout position.
    func testUnderlineAndStrikethroughAtTheFontsPositions() throws {
        let face = try XCTUnwrap(font.face)
        let unit = 20 / face.metrics.unitsPerEm
        let baseline = Double(font.ascender)
        let plainRows = inkRows(NSAttributedString(string: "xxxx", attributes: [.font: font]))
        let underlined = inkRows(NSAttributedString(string: "xxxx", attributes: [
            .font: font, .underlineStyle: NSUnderlineStyle.single.rawValue]))
        let underlineRow = Int(baseline - face.metrics.underlinePosition * unit)
        XCTAssertEqual(plainRows[underlineRow], 0)
        XCTAssertGreaterThan(underlined[underlineRow], 30, "a line across the text")
        let struck = inkRows(NSAttributedString(string: "    ", attributes: [
            .font: font, .strikethroughStyle: NSUnderlineStyle.single.rawValue]))
        let strikeRow = Int(baseline - face.metrics.strikeoutPosition * unit + face.metrics.strikeoutSize * unit / 2)
        XCTAssertGreaterThan(struck[strikeRow], 10, "spaces are struck through too")
        XCTAssertEqual(struck.reduce(0, +), struck[strikeRow] + struck[strikeRow - 1] + struck[strikeRow + 1],
                       "nothing but the stroke")
    }

    /// A shadow is the text again, offset and in the shadow colour, under it.
    func testShadowIsTheTextOffset() {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 0, height: 10)
        shadow.shadowColor = UIColor.black
        let plain = inkRows(NSAttributedString(string: "ll", attributes: [.font: font]), height: 50)
        let shadowed = inkRows(NSAttributedString(string: "ll", attributes: [.font: font, .shadow: shadow]), height: 50)
        let top = plain.firstIndex { $0 > 0 }!, bottom = plain.lastIndex { $0 > 0 }!
        XCTAssertEqual(shadowed.lastIndex { $0 > 0 }!, bottom + 10)
        XCTAssertEqual(shadowed.firstIndex { $0 > 0 }!, top)
        // Blurred, the shadow spreads past the sharp one.
        shadow.shadowBlurRadius = 6
        let blurred = inkRows(NSAttributedString(string: "ll", attributes: [.font: font, .shadow: shadow]), height: 50)
        XCTAssertLessThan(blurred.lastIndex { $0 > 0 }!, bottom + 10 + 6)
    }

    /// A label that shrinks its font to fit: one line as wide as its bounds, not below the
    /// minimum scale.
    func testLabelShrinksToFitWidth() throws {
        let text = "A label far too long for its width"
        let natural = (text as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: natural / 2, height: 30))
        label.text = text
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.3
        let attributed = try XCTUnwrap(label.layer.sublayers?.first as? CATextLayer)?.string as? NSAttributedString
        let font = try XCTUnwrap(attributed?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)
        XCTAssertEqual(Double(font.pointSize), 17.0 / 2, accuracy: 0.05, "half as wide: half the size")
        XCTAssertEqual(label.font.pointSize, 17, "the label's own font is unchanged")
        label.minimumScaleFactor = 0.8
        let limited = (label.layer.sublayers?.first as? CATextLayer)?.string as? NSAttributedString
        XCTAssertEqual((limited?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize, 17 * 0.8)
        label.adjustsFontSizeToFitWidth = false
        let unscaled = (label.layer.sublayers?.first as? CATextLayer)?.string as? NSAttributedString
        XCTAssertEqual((unscaled?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize, 17)
    }

    /// Runs with different paragraph styles, shadows and equal fonts from separate calls append
    /// and merge (Foundation on Linux halted comparing such values when they were `NSObject`s).
    func testDifferentStyleValuesInOneStringMerge() {
        let string = NSMutableAttributedString(string: "")
        let first = NSMutableParagraphStyle(), second = NSMutableParagraphStyle()
        first.lineSpacing = 3
        second.firstLineHeadIndent = 5
        let sharp = NSShadow(), soft = NSShadow()
        sharp.shadowOffset = CGSize(width: 2, height: 2)
        soft.shadowBlurRadius = 5
        string.append(NSAttributedString(string: "one ", attributes: [
            .paragraphStyle: first, .shadow: sharp, .font: UIFont.boldSystemFont(ofSize: 18)]))
        string.append(NSAttributedString(string: "two ", attributes: [
            .paragraphStyle: second, .shadow: soft, .font: UIFont.boldSystemFont(ofSize: 18)]))
        let copy = first.copy() as? NSParagraphStyle
        string.append(NSAttributedString(string: "three", attributes: [
            .paragraphStyle: copy as Any, .shadow: soft, .font: UIFont.boldSystemFont(ofSize: 18)]))
        var runs = 0
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { _, _, _ in runs += 1 }
        XCTAssertEqual(runs, 3)
        XCTAssertEqual(copy, first)
        XCTAssertTrue((NSParagraphStyle.default.mutableCopy() as? NSMutableParagraphStyle) != nil)
    }
}
