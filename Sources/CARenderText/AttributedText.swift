import Foundation
import CARenderGeometry

/// Something that stands for a colour in text attributes (`UIColor` conforms in the UIKit layer,
/// so the text engine needs no knowledge of UIKit).
package protocol TextColorConvertible {
    var cgColor: CGColor { get }
}

/// Styled runs read from an attributed string's attributes: the subset carender draws.
package enum AttributedText {
    /// UIKit's default font for attributed text without one: Helvetica 12.
    static var defaultFont: CTFont { CTFont.resolve(.named("Helvetica"), size: 12) }

    /// The runs of `string`, attributes turned into styles (`font`, `foregroundColor`, `kern`,
    /// `paragraphStyle` alignment). `baseColor` is used where no colour is set (nil: the layer's).
    package static func runs(_ string: NSAttributedString, baseColor: CGColor?) -> [(text: String, style: TextStyle)] {
        var runs: [(String, TextStyle)] = []
        let whole = NSRange(location: 0, length: string.length)
        let text = string.string as NSString
        string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            runs.append((text.substring(with: range), style(attributes, baseColor: baseColor)))
        }
        return runs
    }

    /// A style from UIKit attributes; missing ones take UIKit's defaults.
    static func style(_ attributes: [NSAttributedString.Key: Any], baseColor: CGColor?) -> TextStyle {
        let font = (attributes[.font] as? CTFont) ?? defaultFont
        let paragraph = attributes[.paragraphStyle] as? NSParagraphStyle
        var style = TextStyle(font: font, usesLayerSize: false, color: color(attributes[.foregroundColor]) ?? baseColor,
                              kern: number(attributes[.kern]) ?? 0, alignment: paragraph?.alignment)
        if let paragraph {
            var values = ParagraphValues()
            values.lineSpacing = finite(paragraph.lineSpacing)
            values.lineHeightMultiple = finite(paragraph.lineHeightMultiple)
            values.minimumLineHeight = finite(paragraph.minimumLineHeight)
            values.maximumLineHeight = finite(paragraph.maximumLineHeight)
            values.paragraphSpacing = finite(paragraph.paragraphSpacing)
            values.paragraphSpacingBefore = finite(paragraph.paragraphSpacingBefore)
            values.firstLineHeadIndent = finite(paragraph.firstLineHeadIndent)
            values.headIndent = finite(paragraph.headIndent)
            values.tailIndent = finite(paragraph.tailIndent)
            switch paragraph.baseWritingDirection {
            case .leftToRight: values.direction = .leftToRight
            case .rightToLeft: values.direction = .rightToLeft
            case .natural: values.direction = .natural
            }
            style.paragraph = values
        }
        if let raw = number(attributes[.underlineStyle]).map(Int.init), raw != 0 {
            style.underline = TextDecoration(style: raw, color: color(attributes[.underlineColor]))
        }
        if let raw = number(attributes[.strikethroughStyle]).map(Int.init), raw != 0 {
            style.strikethrough = TextDecoration(style: raw, color: color(attributes[.strikethroughColor]))
        }
        if let shadow = attributes[.shadow] as? NSShadow {
            // UIKit's default shadow colour: black at one third opacity.
            style.shadow = TextShadow(dx: finite(shadow.shadowOffset.width), dy: finite(shadow.shadowOffset.height),
                                      blurRadius: max(0, finite(shadow.shadowBlurRadius)),
                                      color: color(shadow.shadowColor) ?? CGColor(gray: 0, alpha: 1.0 / 3))
        }
        style.baselineOffset = finite(CGFloat(number(attributes[.baselineOffset]) ?? 0))
        return style
    }

    /// A value with NaN and infinities read as 0 (bad input draws as if unset).
    private static func finite(_ value: CGFloat) -> Double {
        let v = Double(value)
        return v.isFinite ? v : 0
    }

    static func color(_ value: Any?) -> CGColor? {
        if let c = value as? TextColorConvertible { return c.cgColor }
        return value as? CGColor
    }

    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let d as Double: return d
        case let f as CGFloat: return Double(f)
        case let i as Int: return Double(i)
        case let style as NSUnderlineStyle: return Double(style.rawValue)
        default: return nil
        }
    }
}

// MARK: - Measuring strings (UIKit's NSString and NSAttributedString drawing additions)

/// Options for `boundingRect(with:options:attributes:context:)`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    /// The options' bits, with UIKit's values.
    public let rawValue: Int
    /// Creates options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Wrap lines within the given width (otherwise the string is measured as one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Uses the font's leading to compute line heights. Ignored: lines always include it.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measures with glyph image bounds rather than typographic bounds. Ignored.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncates the last line that fits. Ignored: measured text is never truncated.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Accepted for source compatibility; carender reads nothing from it.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale factor the text may shrink to. Ignored.
    open var minimumScaleFactor: CGFloat = 0
}

enum TextMeasurement {
    /// The size of `runs` laid out within `size` (a zero or infinite width: one line per paragraph).
    static func boundingSize(_ runs: [(text: String, style: TextStyle)], size: CGSize, wraps: Bool) -> CGSize {
        let shaped = ShapedText(runs, defaultFont: AttributedText.defaultFont)
        var layout = TextLayout()
        let width = size.width > 0 && size.width.isFinite && wraps ? Double(size.width) : .infinity
        layout.layout(shaped, TextLayoutParameters(fontSize: 12, width: width, wraps: width.isFinite, truncation: .none,
                                                   alignment: .left))
        return layout.size
    }
}

extension NSAttributedString {
    /// The size of the string drawn on one line per paragraph.
    public func size() -> CGSize {
        TextMeasurement.boundingSize(AttributedText.runs(self, baseColor: nil), size: .zero, wraps: false)
    }

    /// The rectangle the string takes, wrapped within `size.width` when `options` has
    /// `.usesLineFragmentOrigin`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        let measured = TextMeasurement.boundingSize(AttributedText.runs(self, baseColor: nil), size: size,
                                                    wraps: options.contains(.usesLineFragmentOrigin))
        return CGRect(origin: .zero, size: measured)
    }
}

extension NSString {
    /// The size of the string drawn with `attrs` on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self as String, attributes: attrs).size()
    }

    /// The rectangle the string takes when drawn with `attributes`, wrapped within `size.width`
    /// when `options` has `.usesLineFragmentOrigin`; `context` is ignored.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self as String, attributes: attributes)
            .boundingRect(with: size, options: options, context: context)
    }
}

extension StringProtocol {
    /// The size of the string drawn with `attrs` on one line per paragraph.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSString(string: String(self)).size(withAttributes: attrs)
    }

    /// The rectangle the string takes when drawn with `attributes`, wrapped within `size.width`
    /// when `options` has `.usesLineFragmentOrigin`; `context` is ignored.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]?, context: NSStringDrawingContext?) -> CGRect {
        NSString(string: String(self)).boundingRect(with: size, options: options, attributes: attributes,
                                                    context: context)
    }
}
