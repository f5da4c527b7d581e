import Foundation
import XCTest
import CARender
@testable import CARenderText
@testable import CARenderModel
@testable import CARenderUIKit

/// UIFont, string measuring, UILabel and UIButton as UIKit documents them.
final class UIKitTextTests: XCTestCase {
    func testSystemFontsMapToInterWeights() {
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).fontName, "Inter-Regular")
        XCTAssertEqual(UIFont.boldSystemFont(ofSize: 17).fontName, "Inter-Bold")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17, weight: .semibold).fontName, "Inter-SemiBold")
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 17).fontName, "Inter-Italic")
        XCTAssertEqual(UIFont.monospacedSystemFont(ofSize: 17, weight: .regular).fontName, "DejaVuSansMono")
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).pointSize, 17)
        XCTAssertEqual(UIFont.systemFont(ofSize: 17).withSize(30).pointSize, 30)
    }

    /// Metrics are the face's own, scaled to the size; UIKit's descender is negative and
    /// lineHeight is ascender − descender + leading.
    func testMetricsComeFromTheFont() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let face = try XCTUnwrap(font.face)
        let k = 20 / face.metrics.unitsPerEm
        XCTAssertEqual(Double(font.ascender), face.metrics.ascender * k, accuracy: 1e-9)
        XCTAssertLessThan(font.descender, 0)
        XCTAssertEqual(font.lineHeight, font.ascender - font.descender + font.leading, accuracy: 1e-9)
        XCTAssertGreaterThan(font.capHeight, 0)
        XCTAssertLessThan(font.capHeight, font.ascender)
        XCTAssertEqual(CTFontGetDescent(font), -font.descender)
    }

    func testFontsByName() {
        XCTAssertEqual(UIFont(name: "Inter-Bold", size: 12)?.fontName, "Inter-Bold")
        XCTAssertEqual(UIFont(name: "DejaVu Sans Mono", size: 12)?.fontName, "DejaVuSansMono")
        XCTAssertEqual(UIFont(name: "PingFangSC-Regular", size: 12)?.familyName, "WenQuanYi Micro Hei")
    }

    /// `UIFont(name:size:)` gives nil for a name iOS does not have, and iOS's own fonts (by
    /// PostScript, family or full name, any weight) drawn with a substitute of that weight.
    func testUnknownFontNamesAreNilAsOnADevice() {
        XCTAssertNil(UIFont(name: "NoSuchFont-Bold", size: 12))
        XCTAssertNil(UIFont(name: "HelveticaNeue-Boldest", size: 12), "a style iOS does not have")
        XCTAssertNil(UIFont(name: "", size: 12))
        let fallback = UIFont(name: "NoSuchFont-Bold", size: 12) ?? .systemFont(ofSize: 12)
        XCTAssertEqual(fallback.fontName, UIFont.systemFont(ofSize: 12).fontName)
        var font: UIFont?
        let warnings = capturingDiagnostics { font = UIFont(name: "HelveticaNeue-Bold", size: 12) }
        XCTAssertEqual(font?.fontName, "HelveticaNeue-Bold", "the name iOS reports")
        XCTAssertEqual(font?.face?.postScriptName, "Inter-Bold", "drawn with the bold system face")
        XCTAssertLessThanOrEqual(warnings.count, 1)
        for (name, face) in [("Helvetica Neue", "Inter-Regular"), ("AvenirNext-DemiBold", "Inter-SemiBold"),
                             ("Avenir-Heavy", "Inter-ExtraBold"), ("ArialMT", "Inter-Regular"),
                             ("Arial-BoldItalicMT", "Inter-BoldItalic"), ("Menlo-Regular", "DejaVuSansMono"),
                             ("Courier-Bold", "DejaVuSansMono-Bold"), ("HiraginoSans-W6", "WenQuanYiMicroHei"),
                             ("Georgia-Italic", "Inter-Italic"), ("Futura-Medium", "Inter-Medium")] {
            XCTAssertEqual(UIFont(name: name, size: 12)?.face?.postScriptName, face, name)
        }
    }

    /// Core Text answers any name: an unknown one with Helvetica (the system face here), with a
    /// warning naming what is drawn.
    func testCoreTextSubstitutesUnknownNames() {
        var font: CTFont?
        let name = "NoSuchFont-Bold-\(UUID().uuidString.prefix(4))"
        let warnings = capturingDiagnostics { font = CTFontCreateWithName(name, 14, nil) }
        XCTAssertEqual(font?.face?.postScriptName, "Inter-Regular")
        XCTAssertEqual(font?.fontName, "Helvetica")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("is not installed") && warnings[0].contains("Helvetica"), warnings[0])
        let layer = CATextLayer()
        layer.font = "Avenir-Black" as NSString
        XCTAssertEqual(layer.modelState.text.resolvedFont.face?.postScriptName, "Inter-Black")
    }

    /// Monospaced digits: every figure as wide (tabular figures), unlike the proportional default.
    func testMonospacedDigitsAreAllAsWide() {
        func widths(_ font: UIFont) -> [Double] {
            (0...9).map { Double(("\($0)" as NSString).size(withAttributes: [.font: font]).width) }
        }
        let tabular = widths(.monospacedDigitSystemFont(ofSize: 20, weight: .regular))
        XCTAssertEqual(Set(tabular.map { ($0 * 1000).rounded() }).count, 1, "\(tabular)")
        XCTAssertGreaterThan(Set(widths(.systemFont(ofSize: 20)).map { ($0 * 1000).rounded() }).count, 1)
    }

    /// Dynamic Type's styles at the default (Large) size: Apple's points and weights.
    func testPreferredFontsHaveApplesSizes() {
        let expected: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20),
                                                        (.headline, 17), (.body, 17), (.callout, 16), (.subheadline, 15),
                                                        (.footnote, 13), (.caption1, 12), (.caption2, 11)]
        for (style, size) in expected { XCTAssertEqual(UIFont.preferredFont(forTextStyle: style).pointSize, size) }
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .headline).face?.postScriptName, "Inter-SemiBold")
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 12).face?.postScriptName, "Inter-Italic")
    }

    /// `size(withAttributes:)` is the sum of HarfBuzz's advances for the font, and one line high.
    func testStringSizeIsTheShapedWidth() throws {
        let font = UIFont.systemFont(ofSize: 16)
        let size = ("Measure me" as NSString).size(withAttributes: [.font: font])
        let advances = try TextOracles.hbShape("Measure me", font: TextOracles.inter).map(\.ax).reduce(0, +)
        let unitsPerEm = try TextOracles.face(TextOracles.inter).metrics.unitsPerEm
        XCTAssertEqual(Double(size.width), Double(advances) * 16 / unitsPerEm, accuracy: 1e-9)
        XCTAssertEqual(Double(size.height), Double(font.ascender - font.descender), accuracy: 1e-9)
        let wrapped = "Measure me".boundingRect(with: CGSize(width: size.width - 1, height: 1000),
                                                options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        XCTAssertEqual(Double(wrapped.height), Double(2 * font.lineHeight - font.leading), accuracy: 1e-9)
    }

    func testLabelDefaultsAndIntrinsicSize() {
        let label = UILabel()
        XCTAssertEqual(label.font.pointSize, 17)
        XCTAssertEqual(label.numberOfLines, 1)
        XCTAssertEqual(label.lineBreakMode, .byTruncatingTail)
        XCTAssertEqual(label.textAlignment, .natural)
        XCTAssertEqual(label.intrinsicContentSize, .zero)
        label.text = "Hello"
        let measured = ("Hello" as NSString).size(withAttributes: [.font: label.font!])
        XCTAssertEqual(label.intrinsicContentSize.width, measured.width.rounded(.up))
        XCTAssertEqual(label.intrinsicContentSize.height, measured.height.rounded(.up))
        label.frame = CGRect(x: 10, y: 20, width: 300, height: 100)
        label.sizeToFit()
        XCTAssertEqual(label.frame.origin, CGPoint(x: 10, y: 20))
        XCTAssertEqual(label.frame.size, label.intrinsicContentSize)
    }

    /// UIKit centres a label's text vertically in its bounds.
    func testLabelTextIsCentredVertically() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        label.text = "Centre"
        let text = try XCTUnwrap(label.layer.sublayers?.first as? CATextLayer)
        let height = label.font.ascender - label.font.descender
        XCTAssertEqual(Double(text.frame.height), Double(height), accuracy: 1e-9)
        XCTAssertEqual(Double(text.frame.midY), 50, accuracy: 1e-9)
    }

    func testMultilineLabelWrapsWithinItsWidth() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 200))
        label.numberOfLines = 0
        label.text = "A label long enough to wrap onto several lines"
        let fits = label.sizeThatFits(CGSize(width: 120, height: 1000))
        XCTAssertLessThanOrEqual(fits.width, 120)
        XCTAssertGreaterThan(fits.height, 3 * label.font.lineHeight - 1)
        label.numberOfLines = 2
        let two = label.sizeThatFits(CGSize(width: 120, height: 1000))
        XCTAssertEqual(Double(two.height), Double((2 * label.font.lineHeight - label.font.leading).rounded(.up)), accuracy: 1e-9)
    }

    func testButtonTitlesAndColoursPerState() {
        let button = UIButton(type: .custom)
        XCTAssertNil(button.currentTitle)
        button.setTitle("Start", for: .normal)
        button.setTitle("Stop", for: .selected)
        XCTAssertEqual(button.currentTitle, "Start")
        XCTAssertEqual(button.titleLabel?.text, "Start")
        button.isSelected = true
        XCTAssertEqual(button.currentTitle, "Stop")
        XCTAssertEqual(button.titleLabel?.text, "Stop")
        XCTAssertEqual(button.title(for: .highlighted), "Start", "unset states fall back to normal")
        XCTAssertEqual(button.currentTitleColor, .white, "custom buttons' titles are white")
        XCTAssertEqual(UIButton(type: .system).currentTitleColor, .systemBlue)
        button.setTitleColor(.black, for: .normal)
        XCTAssertEqual(button.currentTitleColor, .black)
        XCTAssertEqual(button.titleLabel?.font.pointSize, 15)
    }

    func testButtonTitleIsCentred() throws {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
        button.setTitle("Go", for: .normal)
        let label = try XCTUnwrap(button.titleLabel)
        XCTAssertEqual(Double(label.frame.midX), 100, accuracy: 0.5)
        XCTAssertEqual(Double(label.frame.midY), 30, accuracy: 0.5)
        XCTAssertEqual(label.frame.size, label.intrinsicContentSize)
    }

    /// Attributes an attributed text lacks take the label's font and colour; its own win.
    func testAttributedTextKeepsItsAttributesOverTheLabels() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        label.font = .systemFont(ofSize: 30)
        label.textColor = .red
        let text = NSMutableAttributedString(string: "Big")
        text.append(NSAttributedString(string: "small", attributes: [.font: UIFont.systemFont(ofSize: 10),
                                                                     .foregroundColor: UIColor.blue]))
        label.attributedText = text
        XCTAssertEqual(label.text, "Bigsmall")
        let layer = try XCTUnwrap(label.layer.sublayers?.first as? CATextLayer)
        let drawn = try XCTUnwrap(layer.string as? NSAttributedString)
        XCTAssertEqual((drawn.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)?.pointSize, 30)
        XCTAssertEqual(drawn.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .red)
        XCTAssertEqual((drawn.attribute(.font, at: 3, effectiveRange: nil) as? UIFont)?.pointSize, 10)
        XCTAssertEqual(drawn.attribute(.foregroundColor, at: 3, effectiveRange: nil) as? UIColor, .blue)
        let big = ("Big" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 30)])
        let small = ("small" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 10)])
        XCTAssertEqual(Double(label.intrinsicContentSize.width), Double(big.width + small.width).rounded(.up), accuracy: 1e-9)
    }

    /// A paragraph style's alignment in an attributed string aligns its lines in a text layer.
    func testParagraphAlignmentFromAttributes() {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let string = NSAttributedString(string: "Right", attributes: [.paragraphStyle: style,
                                                                     .font: UIFont.systemFont(ofSize: 12)])
        let shaped = ShapedText(AttributedText.runs(string, baseColor: nil), defaultFont: .systemFont(ofSize: 12))
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(fontSize: 36, width: 100, wraps: false, truncation: .none,
                                                   alignment: .left))
        XCTAssertEqual(layout.lines[0].x, 100 - string.size().width, accuracy: 1e-9)
    }

    /// UIKit's string drawing into an image context draws what a text layer draws: the same
    /// pixels for the same attributed string (alpha of the image at 2× against a 2× text layer).
    func testStringDrawingInAnImageContextMatchesATextLayer() throws {
        let string = NSAttributedString(string: "Drawn שלום 😀 wrapped in a rect", attributes: [
            .font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.black])
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 120, height: 60), false, 2)
        string.draw(in: CGRect(x: 0, y: 0, width: 120, height: 60))
        let drawn = try XCTUnwrap(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        let stage = Stage(width: 120, height: 60)
        stage.scale = 2
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        layer.contentsScale = 2
        layer.isWrapped = true
        layer.string = string
        stage.rootLayer.addSublayer(layer)
        let reference = stage.render()
        XCTAssertEqual(drawn.width, reference.width)
        let pixels = drawn.premultipliedPixels
        var worst = 0, ink = 0
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let a = Int(pixels[y * drawn.width + x].w.rounded())
                worst = max(worst, abs(a - Int(reference[x, y].a)))
                if a > 128 { ink += 1 }
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
        XCTAssertGreaterThan(ink, 300, "text was drawn")
        // Drawn at a point, a string is one line per paragraph.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 40), false, 1)
        ("Hi" as NSString).draw(at: CGPoint(x: 5, y: 5), withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
        let small = try XCTUnwrap(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        XCTAssertTrue(small.premultipliedPixels.contains { $0.w > 200 })
        XCTAssertEqual(small.premultipliedPixels[0].w, 0)
    }
}
