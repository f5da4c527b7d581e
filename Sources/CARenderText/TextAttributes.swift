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
    /// An `NSParagraphStyle` (alignment and line-break mode are drawn).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// Horizontal alignment of lines (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    /// Left for left-to-right text.
    case natural = 4
}

/// How lines wrap and truncate (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}

/// Paragraph attributes: alignment, line-break mode and line spacing.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0

    public override init() {}

    public static var `default`: NSParagraphStyle { NSParagraphStyle() }

    public func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    private func copyValues(into style: NSParagraphStyle) -> NSParagraphStyle {
        style.alignment = alignment
        style.lineBreakMode = lineBreakMode
        style.lineSpacing = lineSpacing
        return style
    }
}

/// A paragraph style whose attributes can be set.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    public override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    public override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
}
