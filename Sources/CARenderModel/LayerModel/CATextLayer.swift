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

    /// CATextLayer's properties, each declared once (see LayerProperty.swift); members are
    /// named by their KVC names. `fontSize` and `foregroundColor` are marked "Animatable" in
    /// Apple's CATextLayer.h. Storage and defaults: `TextLayerState`.
    package struct Keys: Sendable {
        package let string = LayerPropertyKey("string", \.text.content, .textContent)
        package let font = LayerPropertyKey("font", \.text.font, .textFont)
        package let fontSize = LayerPropertyKey("fontSize", \.text.fontSize, .number, animatesImplicitly: true)
        package let foregroundColor = LayerPropertyKey("foregroundColor", \.text.foregroundColor, .color, animatesImplicitly: true)
        package let wrapped = LayerPropertyKey("wrapped", \.text.isWrapped, .bool)
        package let truncationMode = LayerPropertyKey("truncationMode", \.text.truncationMode, .string)
        package let alignmentMode = LayerPropertyKey("alignmentMode", \.text.alignmentMode, .string)
        package let allowsFontSubpixelQuantization = LayerPropertyKey("allowsFontSubpixelQuantization", \.text.allowsFontSubpixelQuantization, .bool)
        /// carender's own (UILabel sets it); not a property of Apple's CATextLayer.
        package let drawsAtScreenScale = LayerPropertyKey("drawsAtScreenScale", \.text.drawsAtScreenScale, .bool)
    }

    /// CATextLayer's property keys, which its accessors use.
    package static let textKeys = Keys()
    package override class var propertyTable: LayerPropertyTable { textTable }
    private static let textTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: textKeys)

    /// The text: a `String` or an `NSAttributedString`, whose fonts, colours, kerning and paragraph
    /// alignment are used (`font`, `fontSize` and `foregroundColor` then do not apply, as on Apple
    /// platforms). Other objects draw their description.
    open var string: Any? {
        get { self[Self.textKeys.string]?.value }
        set { self[Self.textKeys.string] = TextLayerContent(newValue) }
    }

    /// The font: a `CTFont`/`UIFont`, a `CGFont` or a font name; nil is Helvetica. Its size is
    /// ignored: `fontSize` applies.
    open var font: AnyObject? {
        get { self[Self.textKeys.font]?.value }
        set { self[Self.textKeys.font] = TextLayerFont(newValue) }
    }

    /// The font size, 36 by default. Animatable.
    open var fontSize: CGFloat {
        get { self[Self.textKeys.fontSize] }
        set { self[Self.textKeys.fontSize] = newValue }
    }

    /// The colour of plain text, opaque white by default. Animatable.
    open var foregroundColor: CGColor? {
        get { self[Self.textKeys.foregroundColor] }
        set { self[Self.textKeys.foregroundColor] = newValue }
    }

    /// Whether the text wraps to fit the bounds' width.
    open var isWrapped: Bool {
        get { self[Self.textKeys.wrapped] }
        set { self[Self.textKeys.wrapped] = newValue }
    }

    /// How text that does not fit is truncated.
    open var truncationMode: CATextLayerTruncationMode {
        get { self[Self.textKeys.truncationMode] }
        set { self[Self.textKeys.truncationMode] = newValue }
    }

    /// How lines are aligned in the bounds.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { self[Self.textKeys.alignmentMode] }
        set { self[Self.textKeys.alignmentMode] = newValue }
    }

    /// Whether the text is rasterized at the screen's (the stage's) scale instead of
    /// `contentsScale`: set for a label's text, whose view UIKit gives the screen's scale.
    package var drawsAtScreenScale: Bool {
        get { self[Self.textKeys.drawsAtScreenScale] }
        set { self[Self.textKeys.drawsAtScreenScale] = newValue }
    }

    /// Accepted for source compatibility; glyph positions are never quantised here.
    open var allowsFontSubpixelQuantization: Bool {
        get { self[Self.textKeys.allowsFontSubpixelQuantization] }
        set { self[Self.textKeys.allowsFontSubpixelQuantization] = newValue }
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
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a truncation mode from its name; an unknown name does not truncate.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Lines are not truncated (the default).
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
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates an alignment mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Aligned by the paragraph's direction: left for left-to-right text, right for right-to-left.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Lines align to the left edge.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Lines align to the right edge.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Lines are centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines fill the width, except the last line of a paragraph.
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
