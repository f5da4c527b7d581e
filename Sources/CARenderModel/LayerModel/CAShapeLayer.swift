import Foundation
import CARenderGeometry
import CARenderRaster

/// How a shape layer decides the inside of its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a fill rule from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The non-zero winding rule (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// The even-odd rule.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The ends of a shape layer's stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a line cap from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Lines end flat at their endpoints (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Lines end in a half circle beyond their endpoints.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Lines end flat, half the line width beyond their endpoints.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a line join from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Segments meet in a sharp corner, bevelled beyond `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Segments meet in a rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Segments meet in a flattened corner.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// CAShapeLayer's own values; the initial values are Apple's defaults ("CAShapeLayer" in
/// Apple's documentation: fill opaque black, no stroke, line width 1, miter limit 10, the whole
/// path stroked).
package struct ShapeLayerState {
    package var path: CGPath?
    package var fillColor: CGColor? = .black
    package var fillRule: CAShapeLayerFillRule = .nonZero
    package var strokeColor: CGColor?
    /// How the path is stroked.
    package var stroke = ShapeStroke()
}

/// Everything a shape layer's stroke outline depends on besides the path: the compositor keeps
/// outlines by path and this value, so a field added here is part of that key without being
/// listed again.
package struct ShapeStroke: Hashable {
    package var strokeStart: CGFloat = 0
    package var strokeEnd: CGFloat = 1
    package var lineWidth: CGFloat = 1
    package var miterLimit: CGFloat = 10
    package var lineCap: CAShapeLayerLineCap = .butt
    package var lineJoin: CAShapeLayerLineJoin = .miter
    package var lineDashPhase: CGFloat = 0
    package var lineDashPattern: [CGFloat]?

    /// Hashes the scalars only (hashing the dash array or the caps' and joins' names would cost
    /// more than it saves); equality compares every field.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(strokeStart)
        hasher.combine(strokeEnd)
        hasher.combine(lineWidth)
        hasher.combine(miterLimit)
        hasher.combine(lineDashPhase)
    }

    /// The stroke as the stroker takes it.
    package var strokeStyle: StrokeStyle {
        StrokeStyle(lineWidth: Double(lineWidth),
                    lineCap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
                    lineJoin: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter,
                    miterLimit: Double(miterLimit), dashPattern: (lineDashPattern ?? []).map(Double.init),
                    dashPhase: Double(lineDashPhase), start: Double(strokeStart), end: Double(strokeEnd))
    }
}

/// A layer that draws a path: filled, then stroked (centred on the path) over the fill, both in
/// the layer's bounds coordinates, above the background and below the sublayers. The path,
/// colours, line width, miter limit, dash phase and the stroked range animate; a path animates
/// point by point between paths with the same elements and switches otherwise.
open class CAShapeLayer: CALayer {
    override class var renderKind: RenderNode.Kind { .shapeLayer }

    /// CAShapeLayer's properties, each declared once (see LayerProperty.swift); members are named
    /// by their KVC names.
    package struct Keys: Sendable {
        package let path = LayerPropertyKey("path", \.shape.path, .path, animatesImplicitly: true)
        package let fillColor = LayerPropertyKey("fillColor", \.shape.fillColor, .color, animatesImplicitly: true)
        package let fillRule = LayerPropertyKey("fillRule", \.shape.fillRule, .string)
        package let strokeColor = LayerPropertyKey("strokeColor", \.shape.strokeColor, .color, animatesImplicitly: true)
        package let strokeStart = LayerPropertyKey("strokeStart", \.shape.stroke.strokeStart, .number, animatesImplicitly: true)
        package let strokeEnd = LayerPropertyKey("strokeEnd", \.shape.stroke.strokeEnd, .number, animatesImplicitly: true)
        package let lineWidth = LayerPropertyKey("lineWidth", \.shape.stroke.lineWidth, .number, animatesImplicitly: true)
        package let miterLimit = LayerPropertyKey("miterLimit", \.shape.stroke.miterLimit, .number, animatesImplicitly: true)
        package let lineCap = LayerPropertyKey("lineCap", \.shape.stroke.lineCap, .string)
        package let lineJoin = LayerPropertyKey("lineJoin", \.shape.stroke.lineJoin, .string)
        package let lineDashPhase = LayerPropertyKey("lineDashPhase", \.shape.stroke.lineDashPhase, .number, animatesImplicitly: true)
        package let lineDashPattern = LayerPropertyKey("lineDashPattern", \.shape.stroke.lineDashPattern, .numbers)
    }

    /// CAShapeLayer's property keys, which its accessors use.
    package static let shapeKeys = Keys()
    package override class var propertyTable: LayerPropertyTable { shapeTable }
    private static let shapeTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: shapeKeys)


    /// The path drawn, in the layer's coordinates (copied, as Apple does).
    open var path: CGPath? {
        get { self[Self.shapeKeys.path] }
        set { self[Self.shapeKeys.path] = newValue?.copy() }
    }
    /// The fill colour; nil fills nothing. Opaque black by default.
    open var fillColor: CGColor? {
        get { self[Self.shapeKeys.fillColor] }
        set { self[Self.shapeKeys.fillColor] = newValue }
    }
    /// The rule that decides what is inside the path when it is filled; `.nonZero` by default.
    open var fillRule: CAShapeLayerFillRule {
        get { self[Self.shapeKeys.fillRule] }
        set { self[Self.shapeKeys.fillRule] = newValue }
    }
    /// The stroke colour; nil (the default) strokes nothing.
    open var strokeColor: CGColor? {
        get { self[Self.shapeKeys.strokeColor] }
        set { self[Self.shapeKeys.strokeColor] = newValue }
    }
    /// Where stroking starts, as a fraction of the whole path's length (0…1).
    open var strokeStart: CGFloat {
        get { self[Self.shapeKeys.strokeStart] }
        set { self[Self.shapeKeys.strokeStart] = newValue }
    }
    /// Where stroking ends, as a fraction of the whole path's length (0…1).
    open var strokeEnd: CGFloat {
        get { self[Self.shapeKeys.strokeEnd] }
        set { self[Self.shapeKeys.strokeEnd] = newValue }
    }
    /// The stroke's width, in points; 1 by default.
    open var lineWidth: CGFloat {
        get { self[Self.shapeKeys.lineWidth] }
        set { self[Self.shapeKeys.lineWidth] = newValue }
    }
    /// The longest a mitred join may be, as a multiple of the line width; 10 by default.
    open var miterLimit: CGFloat {
        get { self[Self.shapeKeys.miterLimit] }
        set { self[Self.shapeKeys.miterLimit] = newValue }
    }
    /// How the ends of stroked lines are drawn; `.butt` by default.
    open var lineCap: CAShapeLayerLineCap {
        get { self[Self.shapeKeys.lineCap] }
        set { self[Self.shapeKeys.lineCap] = newValue }
    }
    /// How the corners of stroked paths are drawn; `.miter` by default.
    open var lineJoin: CAShapeLayerLineJoin {
        get { self[Self.shapeKeys.lineJoin] }
        set { self[Self.shapeKeys.lineJoin] = newValue }
    }
    /// How far into the dash pattern the stroke starts, in points; 0 by default.
    open var lineDashPhase: CGFloat {
        get { self[Self.shapeKeys.lineDashPhase] }
        set { self[Self.shapeKeys.lineDashPhase] = newValue }
    }
    /// Alternating painted and unpainted lengths; nil strokes solid.
    open var lineDashPattern: [NSNumber]? {
        get { self[Self.shapeKeys.lineDashPattern].map { $0.map { NSNumber(value: Double($0)) } } }
        set { self[Self.shapeKeys.lineDashPattern] = newValue.map { $0.map { CGFloat($0.doubleValue) } } }
    }
}
