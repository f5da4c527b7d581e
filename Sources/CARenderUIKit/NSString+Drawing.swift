import Foundation
import CARenderGraphics
import CARenderText

// UIKit's string drawing (NSString and NSAttributedString UIKit additions): into the current
// UIGraphics context — an image context, or the one `draw(_:)` and `draw(in:)` are handed.

extension NSAttributedString {
    /// Draws the string with its first line's top-left corner at `point`, one line per paragraph.
    public func draw(at point: CGPoint) {
        UIGraphicsGetCurrentContext()?.draw(self, in: CGRect(origin: point, size: .zero), wraps: false)
    }

    /// Draws the string wrapped within `rect`, as many lines as fit, clipped to it.
    public func draw(in rect: CGRect) {
        UIGraphicsGetCurrentContext()?.draw(self, in: rect, wraps: true)
    }

    /// Draws the string in `rect`: wrapped when `options` has `.usesLineFragmentOrigin`, else on
    /// one line per paragraph from the rectangle's origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        UIGraphicsGetCurrentContext()?.draw(self, in: rect, wraps: options.contains(.usesLineFragmentOrigin))
    }
}

extension NSString {
    /// Draws the string with `attrs` (Helvetica 12 in black when absent) at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(at: point)
    }

    /// Draws the string with `attrs`, wrapped within `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(in: rect)
    }

    /// Draws the string with `attributes` in `rect`: wrapped when `options` has
    /// `.usesLineFragmentOrigin`, else on one line. `context` is ignored.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: NSStringDrawingContext?) {
        NSAttributedString(string: self as String, attributes: attributes).draw(with: rect, options: options, context: context)
    }
}

extension StringProtocol {
    /// Draws the string with `attrs` at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string with `attrs`, wrapped within `rect`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSString(string: String(self)).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string with `attributes` in `rect`: wrapped when `options` has
    /// `.usesLineFragmentOrigin`, else on one line. `context` is ignored.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]?,
                     context: NSStringDrawingContext?) {
        NSString(string: String(self)).draw(with: rect, options: options, attributes: attributes, context: context)
    }
}
