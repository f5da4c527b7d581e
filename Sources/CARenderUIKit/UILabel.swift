import Foundation
import CARenderText
import CARenderModel

/// A view that shows one or more lines of read-only text: UIKit's `UILabel`.
///
/// The text is drawn by a `CATextLayer` sublayer of the view's layer (UIKit draws it into the
/// layer's contents; the pixels are the same), kept vertically centred in the bounds as UIKit
/// centres a label's text. That layer's delegate is the label, so inside `UIView.animate` blocks it
/// moves with the view.
open class UILabel: UIView {
    private let textLayer = CATextLayer()

    /// Creates a label with a frame; it shows no text until `text` is set.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        textLayer.delegate = self
        // UIKit draws a label's text at the screen's scale.
        textLayer.drawsAtScreenScale = true
        layer.addSublayer(textLayer)
        update()
    }

    /// Declared for source compatibility, as `UIView`'s is: a label with a zero frame.
    public override init?(coder: NSCoder) {
        super.init(coder: coder)
        textLayer.delegate = self
        layer.addSublayer(textLayer)
        update()
    }

    /// The text; setting it replaces `attributedText`.
    open var text: String? {
        get { storedText ?? storedAttributedText?.string }
        set {
            storedText = newValue
            storedAttributedText = nil
            update()
        }
    }

    /// The styled text; attributes it lacks take the label's `font`, `textColor` and
    /// `textAlignment`.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? storedText.map { NSAttributedString(string: $0, attributes: defaultAttributes) } }
        set {
            storedAttributedText = newValue
            storedText = nil
            update()
        }
    }

    /// The font, 17-point system font by default (nil restores it).
    open var font: UIFont! {
        get { storedFont }
        set { storedFont = newValue ?? UIFont.systemFont(ofSize: 17); update() }
    }

    /// The text colour, black by default (nil restores it).
    open var textColor: UIColor! {
        get { storedColor }
        set { storedColor = newValue ?? .label; update() }
    }

    /// How the text aligns horizontally; `.natural` (left for left-to-right paragraphs, right for
    /// right-to-left ones) by default.
    open var textAlignment: NSTextAlignment = .natural { didSet { update() } }

    /// The most lines shown; 0 for as many as the bounds hold. 1 by default.
    open var numberOfLines: Int = 1 { didSet { update() } }

    /// How lines wrap and the last visible one truncates; `.byTruncatingTail` by default.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { update() } }

    /// Whether the font shrinks (down to `minimumScaleFactor` of its size) until the text fits
    /// the bounds: one line's width, or as many lines as `numberOfLines` allows in the height.
    open var adjustsFontSizeToFitWidth = false { didSet { update() } }

    /// The smallest fraction of the font size `adjustsFontSizeToFitWidth` shrinks to; 0 (the
    /// default) keeps the size, as UIKit does.
    open var minimumScaleFactor: CGFloat = 0 { didSet { update() } }

    /// The label's frame; setting it places the text again.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = newValue; placeText() }
    }

    /// The label's bounds; setting it places the text again.
    open override var bounds: CGRect {
        get { super.bounds }
        set { super.bounds = newValue; placeText() }
    }

    /// The text's size on as many lines as `numberOfLines` allows, without a width limit, rounded up
    /// to whole points.
    open override var intrinsicContentSize: CGSize {
        let size = measure(width: .infinity, height: .infinity)
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }

    /// The size the text takes wrapped within `size.width` (when it has more than one line),
    /// rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 || size.width <= 0 ? .infinity : Double(size.width)
        let measured = measure(width: width, height: .infinity)
        return CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    /// Resizes the label to its text, keeping its origin.
    open override func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    // MARK: - Drawing

    private var storedText: String?
    private var storedAttributedText: NSAttributedString?
    private var storedFont: UIFont = .systemFont(ofSize: 17)
    private var storedColor: UIColor = .label

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = textAlignment
        paragraph.lineBreakMode = lineBreakMode
        return [.font: storedFont, .foregroundColor: storedColor, .paragraphStyle: paragraph]
    }

    /// The attributed text with the label's defaults under its own attributes, its fonts scaled
    /// by `fontScale`.
    private func styledText(fontScale: CGFloat = 1) -> NSAttributedString? {
        let result: NSMutableAttributedString
        if let text = storedText {
            result = NSMutableAttributedString(string: text, attributes: defaultAttributes)
        } else if let attributed = storedAttributedText {
            result = NSMutableAttributedString(string: attributed.string, attributes: defaultAttributes)
            attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length), options: []) { attributes, range, _ in
                result.addAttributes(attributes, range: range)
            }
        } else {
            return nil
        }
        guard fontScale != 1 else { return result }
        // Collected first and applied after: swift-corelibs-foundation halts when a string is
        // mutated while it is being enumerated (Apple's Foundation tolerates it).
        var scaled: [(UIFont, NSRange)] = []
        result.enumerateAttribute(.font, in: NSRange(location: 0, length: result.length), options: []) { value, range, _ in
            if let font = value as? UIFont { scaled.append((font.withSize(font.pointSize * fontScale), range)) }
        }
        for (font, range) in scaled { result.addAttribute(.font, value: font, range: range) }
        return result
    }

    /// What `adjustsFontSizeToFitWidth` scales the fonts by for the current bounds.
    private var fontScale: CGFloat = 1

    /// The largest scale, down to `minimumScaleFactor`, at which the text fits the bounds
    /// (found by bisection to 1/1000 of the size).
    private func fittingScale() -> CGFloat {
        let box = bounds
        guard adjustsFontSizeToFitWidth, minimumScaleFactor > 0, minimumScaleFactor < 1, box.width > 0 else { return 1 }
        func fits(_ scale: CGFloat) -> Bool {
            guard let styled = styledText(fontScale: scale), styled.length > 0 else { return true }
            if numberOfLines == 1 {
                return measure(styled, width: .infinity, height: .infinity).width <= Double(box.width) + 1e-9
            }
            // Several lines: everything must fit in the height (and the line limit) without truncation.
            let shaped = ShapedText(AttributedText.runs(styled, baseColor: nil), defaultFont: storedFont)
            var layout = TextLayout()
            layout.layout(shaped, TextLayoutParameters(
                fontSize: Double(storedFont.pointSize * scale), width: Double(box.width), height: Double(box.height),
                wraps: true, maximumLines: numberOfLines, truncation: .end, alignment: .left))
            return !layout.lines.contains { $0.ellipsisStyle >= 0 }
        }
        if fits(1) { return 1 }
        var low = minimumScaleFactor, high: CGFloat = 1
        if !fits(low) { return low }
        while high - low > 0.001 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        return low
    }

    private var layoutWraps: Bool { numberOfLines != 1 && lineBreakMode != .byClipping }

    private var truncation: TextTruncation {
        switch lineBreakMode {
        case .byTruncatingHead: return .start
        case .byTruncatingMiddle: return .middle
        case .byTruncatingTail: return .end
        default: return .none
        }
    }

    /// The laid-out size of the text within `width × height`.
    private func measure(width: Double, height: Double) -> CGSize {
        guard let styled = styledText(fontScale: fontScale) else { return .zero }
        return measure(styled, width: width, height: height)
    }

    private func measure(_ styled: NSAttributedString, width: Double, height: Double) -> CGSize {
        guard styled.length > 0 else { return .zero }
        let shaped = ShapedText(AttributedText.runs(styled, baseColor: nil), defaultFont: storedFont)
        var layout = TextLayout()
        layout.layout(shaped, TextLayoutParameters(
            fontSize: Double(storedFont.pointSize), width: width, height: height, wraps: layoutWraps && width.isFinite,
            wrapsByCharacter: lineBreakMode == .byCharWrapping, maximumLines: numberOfLines,
            truncation: truncation, alignment: textAlignment))
        return layout.size
    }

    /// Hands new text or attributes to the text layer and places it.
    private func update() {
        fontScale = fittingScale()
        textLayer.string = styledText(fontScale: fontScale)
        textLayer.isWrapped = layoutWraps
        textLayer.truncationMode = {
            switch truncation {
            case .start: return .start
            case .middle: return .middle
            case .end: return .end
            case .none: return .none
            }
        }()
        textLayer.alignmentMode = {
            switch textAlignment {
            case .center: return .center
            case .right: return .right
            case .justified: return .justified
            default: return .natural
            }
        }()
        placeText()
        // A container sizing itself to the label (a button's title) lays out again.
        superview?.setNeedsLayout()
    }

    /// Puts the text layer where UIKit draws the text: the full width, as tall as the lines that
    /// fit, centred vertically.
    private func placeText() {
        let box = bounds
        let scale = fittingScale()
        if scale != fontScale {
            fontScale = scale
            textLayer.string = styledText(fontScale: scale)
        }
        let height = measure(width: Double(box.width), height: Double(box.height)).height
        textLayer.frame = CGRect(x: 0, y: (box.height - height) / 2, width: box.width, height: height)
    }
}
