import Foundation
import CARenderGeometry

/// A text layer's `string` as set (a `String`, an `NSAttributedString`, or anything else printed
/// with its description), with its shaping kept alongside: text is shaped once for the face it is
/// drawn in and reused every frame, however `fontSize` or the colour animate.
///
/// Immutable apart from that cache, which is guarded by a lock (compositors on several threads may
/// draw the same render tree).
// @unchecked Sendable: `value` (an `Any`, so not checkable) is never changed, and an attributed
// string is a private copy; the shaping cache is behind `lock`.
package final class TextLayerContent: @unchecked Sendable {
    /// The value as the program set it; `CATextLayer.string` returns it.
    package let value: Any
    private let lock = NSLock()
    private var shaped: ShapedText?
    private var shapedFont: CTFont?

    /// Nil for nil or `NSNull` (no text). Attributed strings are copied, as the `copy` property
    /// of Apple's header does, so later edits to a mutable one do not reach the layer.
    package init?(_ value: Any?) {
        guard let value, !(value is NSNull) else { return nil }
        if let attributed = value as? NSAttributedString {
            self.value = NSAttributedString(attributedString: attributed)
        } else {
            self.value = value
        }
    }

    /// The text shaped for `font` (its face; the size comes from the layer when drawing). An
    /// attributed string's own fonts and colours take precedence, as in a `CATextLayer`.
    package func shaped(font: CTFont) -> ShapedText {
        lock.lock()
        defer { lock.unlock() }
        if let shaped, let shapedFont, shapedFont.face === font.face, shapedFont.features == font.features { return shaped }
        let runs: [(text: String, style: TextStyle)]
        switch value {
        case let attributed as NSAttributedString:
            runs = AttributedText.runs(attributed, baseColor: CGColor(gray: 0, alpha: 1))
        case let string as String:
            runs = [(string, TextStyle(font: font, usesLayerSize: true))]
        case let string as NSString:
            runs = [(string as String, TextStyle(font: font, usesLayerSize: true))]
        default:
            runs = [(String(describing: value), TextStyle(font: font, usesLayerSize: true))]
        }
        let result = ShapedText(runs, defaultFont: font)
        shaped = result
        shapedFont = font
        return result
    }
}

/// A text layer's `font` as set — a `CTFont`/`UIFont`, a `CGFont` or a font name — with the font
/// it resolves to (resolved once, when set).
// @unchecked Sendable: both properties are `let`s; `value` is an `AnyObject` (so not checkable) kept
// only to be returned to the script.
package final class TextLayerFont: @unchecked Sendable {
    package let value: AnyObject
    package let resolved: CTFont

    /// Nil for nil or `NSNull` (the default font).
    package init?(_ value: Any?) {
        guard let value, !(value is NSNull) else { return nil }
        switch value {
        case let font as CTFont: resolved = font
        case let font as CGFont: resolved = CTFont(request: .named(font.name), face: font.face, size: 12)
        case let name as String: resolved = CTFont.resolve(.named(name), size: 12)
        case let name as NSString: resolved = CTFont.resolve(.named(name as String), size: 12)
        default:
            Diagnostics.warnOnce("CATextLayer.font must be a CTFont, UIFont, CGFont or font name, not \(type(of: value)); "
                                 + "using the default font")
            return nil
        }
        self.value = value as AnyObject
    }

    /// Core Animation's default, Helvetica, drawn with the system face (no warning: nobody asked
    /// for Helvetica by name).
    package static let defaultFont = CTFont.resolve(.system(weight: 0, italic: false), size: 36)
}
