import Foundation

// The attributed-string subset carender draws: UIKit's attribute keys and paragraph style, which
// Foundation on Linux does not define. Names and raw values are Apple's.

extension NSAttributedString.Key {
    /// A `UIFont`/`CTFont`; Helvetica 12 when absent, as in UIKit.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` or `CGColor`; black when absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra points added after each character (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An `NSParagraphStyle`: alignment, line spacing and heights, paragraph spacing, indents,
    /// writing direction.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// An `NSUnderlineStyle` raw value (a number).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The underline's colour; the text's when absent.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `NSUnderlineStyle` raw value (a number) for a line through the text.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The strikethrough's colour; the text's when absent.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// An `NSShadow` drawn under the text.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// Points the text is raised above its baseline (a number; negative lowers it).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

/// How an underline or strikethrough is drawn (UIKit's raw values): a line style, optionally a
/// pattern and word-by-word.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits, with UIKit's values.
    public let rawValue: Int
    /// Creates a style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A single thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// A single line twice as thick.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A dotted line. Drawn solid.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line. Drawn solid.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// A line of alternating dashes and dots. Drawn solid.
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// A line of alternating dashes and pairs of dots. Drawn solid.
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Lines under words only, not the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A shadow under text (UIKit's `NSShadow`): offset in points (positive height is down), blur
/// radius, colour (black at one third opacity by default).
///
/// A Swift class compared by value rather than an `NSObject`: Foundation on Linux compares
/// attribute values when it merges an attributed string's runs and halts on two different
/// `NSObject` subclass values; Swift values it compares through `Hashable`.
// @unchecked Sendable: an attribute value, changed and read on the script's thread only (frames are
// drawn while that thread waits); an open class, so the compiler cannot check it.
open class NSShadow: Hashable, @unchecked Sendable {
    /// The shadow's offset from the text, in points (positive height is down); zero by default.
    open var shadowOffset: CGSize = .zero
    /// The shadow's blur radius, in points; 0 (sharp) by default.
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor` or `CGColor`.
    open var shadowColor: Any?

    /// Creates a shadow with no offset, no blur and the default colour.
    public init() {}

    /// Whether two shadows have the same offset, blur and colour.
    public static func == (a: NSShadow, b: NSShadow) -> Bool {
        a === b || (a.shadowOffset == b.shadowOffset && a.shadowBlurRadius == b.shadowBlurRadius
            && AttributedText.color(a.shadowColor) == AttributedText.color(b.shadowColor))
    }

    /// Hashes the shadow's offset and blur, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shadowOffset.width)
        hasher.combine(shadowOffset.height)
        hasher.combine(shadowBlurRadius)
    }
}

/// The direction a paragraph's text runs in.
public enum NSWritingDirection: Int, Sendable {
    /// From the paragraph's first strong character (the Unicode Bidirectional Algorithm).
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// Horizontal alignment of lines (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    /// Lines align to the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines align to the right edge.
    case right = 2
    /// Lines fill the width, except the last line of a paragraph.
    case justified = 3
    /// Aligned by the paragraph's direction: left for left-to-right text, right for right-to-left.
    case natural = 4
}

/// How lines wrap and truncate (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    /// Lines wrap between words.
    case byWordWrapping = 0
    /// Lines wrap between characters (in labels; string drawing with `draw(in:)` wraps between
    /// words).
    case byCharWrapping = 1
    /// Lines do not wrap; text past the edge is clipped.
    case byClipping = 2
    /// Lines wrap between words, and the last line shown starts with "…" when text is left out.
    case byTruncatingHead = 3
    /// Lines wrap between words, and the last line shown ends with "…" when text is left out.
    case byTruncatingTail = 4
    /// Lines wrap between words, and the last line shown has "…" in its middle when text is left
    /// out.
    case byTruncatingMiddle = 5
}

/// Paragraph attributes: alignment, line-break mode, line spacing and heights, paragraph spacing,
/// indents and writing direction.
///
/// A Swift class compared by value rather than an `NSObject` (see `NSShadow`: Foundation on Linux
/// halts comparing two different `NSObject` attribute values); `copy()` and `mutableCopy()` are
/// its own.
// @unchecked Sendable: an attribute value, changed (as the mutable subclass) and read on the
// script's thread only; an open class, so the compiler cannot check it.
open class NSParagraphStyle: NSCopying, NSMutableCopying, Hashable, @unchecked Sendable {
    /// How lines align horizontally; `.natural` by default.
    public internal(set) var alignment: NSTextAlignment = .natural
    /// How lines wrap and truncate; `.byWordWrapping` by default.
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// Points between one line's bottom and the next line's top.
    public internal(set) var lineSpacing: CGFloat = 0
    /// The natural line height is multiplied by this (0: unchanged).
    public internal(set) var lineHeightMultiple: CGFloat = 0
    /// Lines are at least this tall (0: no minimum), the extra above the text.
    public internal(set) var minimumLineHeight: CGFloat = 0
    /// Lines are at most this tall (0: no maximum).
    public internal(set) var maximumLineHeight: CGFloat = 0
    /// Points after the paragraph's last line.
    public internal(set) var paragraphSpacing: CGFloat = 0
    /// Points before the paragraph's first line.
    public internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// Indent of the paragraph's first line from the leading edge.
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    /// Indent of its other lines from the leading edge.
    public internal(set) var headIndent: CGFloat = 0
    /// Positive: the lines' length from the leading edge; zero or negative: an indent from the
    /// trailing edge.
    public internal(set) var tailIndent: CGFloat = 0
    /// The paragraph's direction; `.natural` (from its first strong character) by default.
    public internal(set) var baseWritingDirection: NSWritingDirection = .natural

    /// Creates a paragraph style with the default values.
    public init() {}

    /// A paragraph style with the default values.
    public static var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// An immutable copy.
    public func copy() -> Any { copy(with: nil) }
    /// A mutable copy (`NSParagraphStyle.default.mutableCopy() as! NSMutableParagraphStyle`).
    public func mutableCopy() -> Any { mutableCopy(with: nil) }

    /// Styles with the same values are equal (Foundation compares attribute values when it
    /// merges an attributed string's runs).
    public static func == (a: NSParagraphStyle, o: NSParagraphStyle) -> Bool {
        a.alignment == o.alignment && a.lineBreakMode == o.lineBreakMode && a.lineSpacing == o.lineSpacing
            && a.lineHeightMultiple == o.lineHeightMultiple && a.minimumLineHeight == o.minimumLineHeight
            && a.maximumLineHeight == o.maximumLineHeight && a.paragraphSpacing == o.paragraphSpacing
            && a.paragraphSpacingBefore == o.paragraphSpacingBefore && a.firstLineHeadIndent == o.firstLineHeadIndent
            && a.headIndent == o.headIndent && a.tailIndent == o.tailIndent && a.baseWritingDirection == o.baseWritingDirection
    }

    /// Hashes some of the style's values, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(alignment)
        hasher.combine(lineSpacing)
        hasher.combine(firstLineHeadIndent)
    }

    /// An immutable copy; `zone` is ignored.
    public func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    /// A mutable copy; `zone` is ignored.
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    private func copyValues(into style: NSParagraphStyle) -> NSParagraphStyle {
        style.alignment = alignment
        style.lineBreakMode = lineBreakMode
        style.lineSpacing = lineSpacing
        style.lineHeightMultiple = lineHeightMultiple
        style.minimumLineHeight = minimumLineHeight
        style.maximumLineHeight = maximumLineHeight
        style.paragraphSpacing = paragraphSpacing
        style.paragraphSpacingBefore = paragraphSpacingBefore
        style.firstLineHeadIndent = firstLineHeadIndent
        style.headIndent = headIndent
        style.tailIndent = tailIndent
        style.baseWritingDirection = baseWritingDirection
        return style
    }
}

/// A paragraph style whose attributes can be set.
// @unchecked Sendable: see `NSParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines align horizontally; `.natural` by default.
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    /// How lines wrap and truncate; `.byWordWrapping` by default.
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    /// Points between one line's bottom and the next line's top; 0 by default.
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    /// What the natural line height is multiplied by; 0 (unchanged) by default.
    public override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    /// The least height of a line, in points; 0 (no minimum) by default.
    public override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    /// The greatest height of a line, in points; 0 (no maximum) by default.
    public override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    /// Points after the paragraph's last line; 0 by default.
    public override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    /// Points before the paragraph's first line; 0 by default.
    public override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    /// The indent of the paragraph's first line from the leading edge, in points.
    public override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent }
        set { super.firstLineHeadIndent = newValue }
    }
    /// The indent of the paragraph's other lines from the leading edge, in points.
    public override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    /// Positive: the lines' length from the leading edge; zero or negative: an indent from the
    /// trailing edge.
    public override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    /// The paragraph's direction; `.natural` (from its first strong character) by default.
    public override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection }
        set { super.baseWritingDirection = newValue }
    }
}
