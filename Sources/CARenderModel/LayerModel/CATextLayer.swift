import Foundation
import CARenderGeometry
import CARenderText

/// A layer that draws a string: Core Animation's `CATextLayer`.
///
/// The text is laid out in the layer's bounds from the top, wrapped when `isWrapped`, truncated as
/// `truncationMode` says and aligned by `alignmentMode`. As on Apple platforms it is rasterized at
/// `contentsScale` (1 by default: set it to the screen's scale for sharp text on a 2× stage) and
/// that image is drawn through the layer's transform like any contents. `fontSize` and
/// `foregroundColor` animate.
open class CATextLayer: CALayer {
    override class var renderKind: RenderNode.Kind { .textLayer }
    package override class var propertyTable: LayerPropertyTable { textProperties }

    /// CATextLayer's properties, each declared once; `fontSize` and `foregroundColor` are marked
    /// "Animatable" in Apple's CATextLayer.h. Storage and defaults: `TextLayerState`.
    private static let textProperties = LayerPropertyTable(inheriting: CALayer.propertyTable, [
        LayerProperty("string", \.text.content, .textContent),
        LayerProperty("font", \.text.font, .textFont),
        LayerProperty("fontSize", \.text.fontSize, .number, animatesImplicitly: true),
        LayerProperty("foregroundColor", \.text.foregroundColor, .color, animatesImplicitly: true),
        LayerProperty("wrapped", \.text.isWrapped, .bool),
        LayerProperty("truncationMode", \.text.truncationMode, .string),
        LayerProperty("alignmentMode", \.text.alignmentMode, .string),
        LayerProperty("allowsFontSubpixelQuantization", \.text.allowsFontSubpixelQuantization, .bool),
        LayerProperty("drawsAtScreenScale", \.text.drawsAtScreenScale, .bool),
    ])

    /// The text: a `String` or an `NSAttributedString`, whose fonts, colours, kerning and paragraph
    /// alignment are used (`font`, `fontSize` and `foregroundColor` then do not apply, as on Apple
    /// platforms). Other objects draw their description.
    open var string: Any? {
        get { modelState.text.content?.value }
        set { setModelValue(\.text.content, TextLayerContent(newValue)) }
    }

    /// The font: a `CTFont`/`UIFont`, a `CGFont` or a font name; nil is Helvetica. Its size is
    /// ignored: `fontSize` applies.
    open var font: AnyObject? {
        get { modelState.text.font?.value }
        set { setModelValue(\.text.font, TextLayerFont(newValue)) }
    }

    /// The font size, 36 by default. Animatable.
    open var fontSize: CGFloat {
        get { modelState.text.fontSize }
        set { setModelValue(\.text.fontSize, newValue) }
    }

    /// The colour of plain text, opaque white by default. Animatable.
    open var foregroundColor: CGColor? {
        get { modelState.text.foregroundColor }
        set { setModelValue(\.text.foregroundColor, newValue) }
    }

    /// Whether the text wraps to fit the bounds' width.
    open var isWrapped: Bool {
        get { modelState.text.isWrapped }
        set { setModelValue(\.text.isWrapped, newValue) }
    }

    /// How text that does not fit is truncated.
    open var truncationMode: CATextLayerTruncationMode {
        get { modelState.text.truncationMode }
        set { setModelValue(\.text.truncationMode, newValue) }
    }

    /// How lines are aligned in the bounds.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { modelState.text.alignmentMode }
        set { setModelValue(\.text.alignmentMode, newValue) }
    }

    /// Whether the text is rasterized at the screen's (the stage's) scale instead of
    /// `contentsScale`: set for a label's text, whose view UIKit gives the screen's scale.
    package var drawsAtScreenScale: Bool {
        get { modelState.text.drawsAtScreenScale }
        set { setModelValue(\.text.drawsAtScreenScale, newValue) }
    }

    /// Accepted for source compatibility; glyph positions are never quantised here.
    open var allowsFontSubpixelQuantization: Bool {
        get { modelState.text.allowsFontSubpixelQuantization }
        set { setModelValue(\.text.allowsFontSubpixelQuantization, newValue) }
    }
}

extension PropertyCoding where Value == TextLayerContent? {
    /// A text layer's `string`: any object, kept with its shaping; `NSNull` clears it. Animations
    /// switch between strings.
    static var textContent: Self {
        Self(coerce: { .some(TextLayerContent($0)) }, box: { $0?.value }, animatable: { .discrete($0?.value) })
    }
}

extension PropertyCoding where Value == TextLayerFont? {
    /// A text layer's `font`: a font object or name, resolved when set; `NSNull` clears it.
    static var textFont: Self {
        Self(coerce: { .some(TextLayerFont($0)) }, box: { $0?.value }, animatable: { .discrete($0?.value) })
    }
}

/// How a text layer truncates a line that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// "…" replaces the start of the line.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// "…" replaces the end of the line.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// "…" replaces the middle of the line.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")

    package var truncation: TextTruncation {
        switch self {
        case .start: return .start
        case .end: return .end
        case .middle: return .middle
        default: return .none
        }
    }
}

/// How a text layer aligns its lines.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Left for left-to-right text.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")

    package var alignment: NSTextAlignment {
        switch self {
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        default: return .natural
        }
    }
}
