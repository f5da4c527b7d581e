import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// One golden frame per text feature, each recorded after looking at it.
final class TextGoldenTests: XCTestCase {
    private static let ink = CGColor(gray: 0.1, alpha: 1)
    private static let paper = CGColor(gray: 1, alpha: 1)

    private func stage(_ width: CGFloat, _ height: CGFloat) -> Stage {
        let stage = Stage(width: width, height: height)
        stage.scale = 2
        stage.rootLayer.backgroundColor = CGColor(gray: 0.93, alpha: 1)
        return stage
    }

    @discardableResult
    private func text(_ string: Any, _ frame: CGRect, size: CGFloat = 14, in stage: Stage,
                      configure: (CATextLayer) -> Void = { _ in }) -> CATextLayer {
        let layer = CATextLayer()
        layer.frame = frame
        layer.string = string
        layer.fontSize = size
        layer.foregroundColor = Self.ink
        layer.backgroundColor = Self.paper
        // As an iOS app sets it for a sharp text layer on a Retina screen.
        layer.contentsScale = stage.scale
        configure(layer)
        stage.rootLayer.addSublayer(layer)
        return layer
    }

    private func check(_ stage: Stage, _ name: String, at t: Double = 0, file: StaticString = #filePath, line: UInt = #line) {
        stage.advance(to: t)
        Golden.assertMatches(stage.render(), name: "text/\(name)", time: t, file: file, line: line)
    }

    func testWeightsStylesAndSizes() {
        let s = stage(240, 190)
        let fonts: [(String, UIFont)] = [
            ("Light 15", .systemFont(ofSize: 15, weight: .light)),
            ("Regular 15", .systemFont(ofSize: 15)),
            ("Semibold 15", .systemFont(ofSize: 15, weight: .semibold)),
            ("Bold 15", .boldSystemFont(ofSize: 15)),
            ("Italic 15", .italicSystemFont(ofSize: 15)),
            ("Monospaced 0123", .monospacedSystemFont(ofSize: 15, weight: .regular)),
        ]
        for (i, (label, font)) in fonts.enumerated() {
            text(label, CGRect(x: 8, y: 8 + CGFloat(i) * 22, width: 224, height: 20), size: 15, in: s) { $0.font = font }
        }
        // Apple's defaults: 36 points, opaque white.
        let defaults = CATextLayer()
        defaults.frame = CGRect(x: 8, y: 142, width: 224, height: 44)
        defaults.backgroundColor = CGColor(gray: 0.3, alpha: 1)
        defaults.string = "Default 36"
        s.rootLayer.addSublayer(defaults)
        check(s, "weights-and-sizes")
    }

    func testWrappingAndAlignment() {
        let s = stage(330, 200)
        let paragraph = "Core Animation draws text with exact-area coverage, wrapped by word."
        for (i, mode) in [CATextLayerAlignmentMode.left, .center, .right, .justified].enumerated() {
            text(paragraph, CGRect(x: 6 + CGFloat(i % 2) * 162, y: 6 + CGFloat(i / 2) * 98, width: 156, height: 92),
                 in: s) {
                $0.isWrapped = true
                $0.alignmentMode = mode
            }
        }
        check(s, "wrapping-alignment")
    }

    func testTruncationModes() {
        let s = stage(200, 110)
        let line = "Truncated to fit the layer's width"
        for (i, mode) in [CATextLayerTruncationMode.start, .middle, .end, .none].enumerated() {
            text(line, CGRect(x: 8, y: 6 + CGFloat(i) * 26, width: 184, height: 22), size: 15, in: s) {
                $0.truncationMode = mode
            }
        }
        check(s, "truncation")
    }

    func testChineseAndMixedText() {
        let s = stage(240, 130)
        text("测试停止动画的Label", CGRect(x: 8, y: 8, width: 224, height: 26), size: 18, in: s)
        text("隐式事务：图层的颜色在按钮点击后渐变为黄色。", CGRect(x: 8, y: 40, width: 150, height: 80), size: 15, in: s) {
            $0.isWrapped = true
        }
        text("Mixed 中文 text", CGRect(x: 164, y: 40, width: 68, height: 80), size: 13, in: s) {
            $0.isWrapped = true
            $0.alignmentMode = .center
        }
        check(s, "chinese-mixed")
    }

    func testAttributedString() {
        let s = stage(240, 70)
        let string = NSMutableAttributedString(string: "Attributed ", attributes: [
            .font: UIFont.systemFont(ofSize: 20, weight: .bold),
            .foregroundColor: UIColor.systemBlue,
        ])
        string.append(NSAttributedString(string: "spaced", attributes: [
            .font: UIFont.italicSystemFont(ofSize: 16), .kern: 3, .foregroundColor: UIColor.systemRed,
        ]))
        string.append(NSAttributedString(string: " and plain"))
        text(string, CGRect(x: 8, y: 8, width: 224, height: 54), in: s) { $0.isWrapped = true }
        check(s, "attributed")
    }

    /// Text in 3D: glyph outlines go through the layer's projective map, sharp at any angle.
    func testTransformedText() {
        let s = stage(260, 150)
        text("Rotated 30°", CGRect(x: 20, y: 30, width: 110, height: 28), size: 18, in: s) {
            $0.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        }
        text("Perspective", CGRect(x: 140, y: 20, width: 110, height: 40), size: 22, in: s) {
            var t = CATransform3DIdentity
            t.m34 = -1 / 200
            $0.transform = CATransform3DRotate(t, 0.9, 0, 1, 0)
        }
        text("Scaled ×2.5", CGRect(x: 60, y: 95, width: 80, height: 20), size: 10, in: s) {
            $0.transform = CATransform3DMakeScale(2.5, 2.5, 1)
        }
        check(s, "transformed")
    }

    /// Half-way through an implicit change of `fontSize` (14 → 30) and `foregroundColor`.
    func testAnimatedFontSizeAndColour() {
        let s = stage(220, 60)
        let layer = text("Growing", CGRect(x: 8, y: 8, width: 204, height: 44), size: 14, in: s)
        s.at(0.5) {
            layer.fontSize = 30
            layer.foregroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        }
        check(s, "animated-font-size", at: 0.625)
    }

    func testLabelsAndButtons() {
        let s = stage(240, 170)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 170))
        s.rootLayer.addSublayer(root.layer)
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 220, height: 40))
        label.backgroundColor = .purple
        label.textColor = .white
        label.textAlignment = .center
        label.font = .boldSystemFont(ofSize: 18)
        label.text = "测试停止动画的Label"
        root.addSubview(label)
        let wrapped = UILabel(frame: CGRect(x: 10, y: 58, width: 130, height: 50))
        wrapped.backgroundColor = .white
        wrapped.numberOfLines = 2
        wrapped.text = "Two lines at most, then the tail truncates"
        root.addSubview(wrapped)
        let fitted = UILabel()
        fitted.backgroundColor = .yellow
        fitted.font = .systemFont(ofSize: 20, weight: .semibold)
        fitted.text = "Fit"
        fitted.frame.origin = CGPoint(x: 160, y: 64)
        fitted.sizeToFit()
        root.addSubview(fitted)
        let custom = UIButton(type: .custom)
        custom.setTitle("button", for: .normal)
        custom.setTitleColor(.black, for: .normal)
        custom.backgroundColor = UIColor(white: 0.85, alpha: 1)
        custom.frame = CGRect(x: 10, y: 118, width: 100, height: 42)
        root.addSubview(custom)
        let system = UIButton(type: .system)
        system.setTitle("停止动画", for: .normal)
        system.setTitle("Selected", for: .selected)
        system.isSelected = true
        system.backgroundColor = .white
        system.frame = CGRect(x: 120, y: 118, width: 110, height: 42)
        root.addSubview(system)
        check(s, "labels-buttons")
    }

    /// Right-to-left paragraphs: Arabic wrapped and naturally (right) aligned, Hebrew with
    /// brackets and numbers, a right-to-left line truncated at its logical end (the left), and
    /// Arabic inside English.
    func testBidirectionalText() {
        let s = stage(260, 230)
        text("النص العربي يُكتب من اليمين إلى اليسار، ويلتف على عدة أسطر بمحاذاة طبيعية.",
             CGRect(x: 8, y: 8, width: 244, height: 62), size: 15, in: s) { $0.isWrapped = true }
        text("שלום (עולם) — 2024 גרסה 1.5", CGRect(x: 8, y: 76, width: 244, height: 24), size: 15, in: s)
        text("שורה ארוכה מאוד שלא נכנסת ברוחב השכבה הזאת", CGRect(x: 8, y: 106, width: 180, height: 24), size: 15,
             in: s) { $0.truncationMode = .end }
        text("The word عربي inside English", CGRect(x: 8, y: 136, width: 244, height: 24), size: 15, in: s)
        text("English (ביחד עם) עברית 12 items", CGRect(x: 8, y: 166, width: 244, height: 24), size: 15, in: s)
        text("مرحبا Hello שלום", CGRect(x: 8, y: 196, width: 244, height: 26), size: 15, in: s) {
            $0.alignmentMode = .center
        }
        check(s, "bidi")
    }

    /// Colour emoji: single, a zero-width-joiner family, skin tones, flags, keycaps, and emoji
    /// inside Latin and Chinese text, at several sizes.
    func testColorEmoji() {
        let s = stage(260, 200)
        text("😀 🎉 ❤️ 🚀", CGRect(x: 8, y: 8, width: 244, height: 40), size: 28, in: s)
        text("👨‍👩‍👧 👩🏽‍💻 👍🏻👍🏽👍🏿", CGRect(x: 8, y: 52, width: 244, height: 36), size: 24, in: s)
        text("🇫🇷 🇯🇵 🇧🇷 1️⃣ #️⃣ *️⃣", CGRect(x: 8, y: 92, width: 244, height: 32), size: 22, in: s)
        text("Hello 😀 world, 你好🌏世界", CGRect(x: 8, y: 128, width: 244, height: 26), size: 16, in: s)
        text("tiny 😀🍕 emoji", CGRect(x: 8, y: 160, width: 244, height: 18), size: 9, in: s)
        text("Big 🦊", CGRect(x: 150, y: 150, width: 102, height: 44), size: 32, in: s)
        check(s, "emoji")
    }

    /// The classic Retina mistake: a text layer left at contentsScale 1 on a 2× screen (left) is
    /// its 1× rendering magnified, soft; at contentsScale 2 (right) it is sharp.
    func testContentsScalePair() {
        let s = stage(260, 70)
        for (i, scale) in [CGFloat(1), 2].enumerated() {
            text("Scale \(Int(scale))× 😀", CGRect(x: 8 + CGFloat(i) * 126, y: 8, width: 118, height: 54), size: 17, in: s) {
                $0.contentsScale = scale
                $0.isWrapped = true
            }
        }
        check(s, "contents-scale")
    }

    /// Emoji in rotated and scaled layers: the backing store (at contentsScale 2) resampled.
    func testTransformedEmoji() {
        let s = stage(260, 130)
        text("Spin 🎉👍🏽", CGRect(x: 16, y: 40, width: 110, height: 30), size: 18, in: s) {
            $0.transform = CATransform3DMakeRotation(-.pi / 8, 0, 0, 1)
        }
        text("🇫🇷👨‍👩‍👧", CGRect(x: 170, y: 30, width: 40, height: 18), size: 12, in: s) {
            $0.transform = CATransform3DMakeScale(2.5, 2.5, 1)
        }
        text("Shrunk 1️⃣😀", CGRect(x: 10, y: 96, width: 240, height: 30), size: 26, in: s) {
            $0.transform = CATransform3DMakeScale(0.6, 0.6, 1)
        }
        check(s, "emoji-transformed")
    }

    /// Attributes people use: underline and strikethrough styles and colours, shadows sharp and
    /// blurred, baseline offset, kerning, a translucent colour, and a paragraph with line spacing,
    /// a first-line indent and paragraph spacing; a label shrinking its font to fit.
    func testAttributes() {
        let s = stage(300, 250)
        let font = UIFont.systemFont(ofSize: 15)
        let string = NSMutableAttributedString(string: "")
        func add(_ text: String, _ attributes: [NSAttributedString.Key: Any]) {
            var all = attributes
            all[.font] = all[.font] ?? font
            string.append(NSAttributedString(string: text, attributes: all))
        }
        add("single", [.underlineStyle: NSUnderlineStyle.single.rawValue])
        add(" ", [:])
        add("thick", [.underlineStyle: NSUnderlineStyle.thick.rawValue, .underlineColor: UIColor.systemRed])
        add(" ", [:])
        add("double", [.underlineStyle: NSUnderlineStyle.double.rawValue])
        add(" ", [:])
        add("by word only", [.underlineStyle: NSUnderlineStyle.single.rawValue | NSUnderlineStyle.byWord.rawValue,
                             .underlineColor: UIColor.systemBlue])
        add("\n", [:])
        add("struck", [.strikethroughStyle: NSUnderlineStyle.single.rawValue])
        add(" ", [:])
        add("red strike", [.strikethroughStyle: NSUnderlineStyle.thick.rawValue, .strikethroughColor: UIColor.systemRed])
        add(" E=mc", [:])
        add("2", [.baselineOffset: 7, .font: UIFont.systemFont(ofSize: 10)])
        add(" H", [:])
        add("2", [.baselineOffset: -3, .font: UIFont.systemFont(ofSize: 10)])
        add("O\n", [:])
        let sharp = NSShadow()
        sharp.shadowOffset = CGSize(width: 2, height: 2)
        sharp.shadowColor = UIColor.systemBlue
        add("Shadow ", [.shadow: sharp, .font: UIFont.boldSystemFont(ofSize: 18)])
        let soft = NSShadow()
        soft.shadowOffset = CGSize(width: 0, height: 3)
        soft.shadowBlurRadius = 5
        soft.shadowColor = UIColor.black
        add("blurred", [.shadow: soft, .font: UIFont.boldSystemFont(ofSize: 18), .kern: 0.5])
        add(" kern", [.kern: 4])
        add(" faint\n", [.foregroundColor: UIColor.black.withAlphaComponent(0.35)])
        text(string, CGRect(x: 8, y: 8, width: 284, height: 86), in: s) { $0.isWrapped = true }
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 6
        style.firstLineHeadIndent = 24
        style.paragraphSpacing = 10
        text(NSAttributedString(string: "A paragraph with line spacing and an indented first line.\nThe next paragraph "
                                + "after paragraph spacing.", attributes: [.font: font, .paragraphStyle: style]),
             CGRect(x: 8, y: 100, width: 284, height: 100), in: s) { $0.isWrapped = true }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 250))
        s.rootLayer.addSublayer(root.layer)
        let label = UILabel(frame: CGRect(x: 8, y: 208, width: 150, height: 34))
        label.backgroundColor = .white
        label.font = .systemFont(ofSize: 24)
        label.text = "Shrinks to fit the label"
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.4
        root.addSubview(label)
        check(s, "attributes")
    }
}
