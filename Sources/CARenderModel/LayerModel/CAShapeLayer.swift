import Foundation
import CARenderGeometry
import CARenderRaster

/// How a shape layer decides the inside of its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The ends of a shape layer's stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// CAShapeLayer's own values; the initial values are Apple's defaults ("CAShapeLayer" in
/// Apple's documentation: fill opaque black, no stroke, line width 1, miter limit 10, the whole
/// path stroked).
package struct ShapeLayerState {
    public var path: CGPath?
    public var fillColor: CGColor? = .black
    public var fillRule: CAShapeLayerFillRule = .nonZero
    public var strokeColor: CGColor?
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1
    public var lineWidth: CGFloat = 1
    public var miterLimit: CGFloat = 10
    public var lineCap: CAShapeLayerLineCap = .butt
    public var lineJoin: CAShapeLayerLineJoin = .miter
    public var lineDashPhase: CGFloat = 0
    public var lineDashPattern: [CGFloat]?

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
    package override class var propertyTable: LayerPropertyTable { shapeProperties }
    private static let shapeProperties = LayerPropertyTable(inheriting: CALayer.propertyTable, [
        LayerProperty("path", \.shape.path, .path, animatesImplicitly: true),
        LayerProperty("fillColor", \.shape.fillColor, .color, animatesImplicitly: true),
        LayerProperty("fillRule", \.shape.fillRule, .string),
        LayerProperty("strokeColor", \.shape.strokeColor, .color, animatesImplicitly: true),
        LayerProperty("strokeStart", \.shape.strokeStart, .number, animatesImplicitly: true),
        LayerProperty("strokeEnd", \.shape.strokeEnd, .number, animatesImplicitly: true),
        LayerProperty("lineWidth", \.shape.lineWidth, .number, animatesImplicitly: true),
        LayerProperty("miterLimit", \.shape.miterLimit, .number, animatesImplicitly: true),
        LayerProperty("lineCap", \.shape.lineCap, .string),
        LayerProperty("lineJoin", \.shape.lineJoin, .string),
        LayerProperty("lineDashPhase", \.shape.lineDashPhase, .number, animatesImplicitly: true),
        LayerProperty("lineDashPattern", \.shape.lineDashPattern, .numbers),
    ])


    /// The path drawn, in the layer's coordinates (copied, as Apple does).
    open var path: CGPath? {
        get { modelState.shape.path }
        set { setModelValue(\.shape.path, newValue?.copy()) }
    }
    /// The fill colour; nil fills nothing. Opaque black by default.
    open var fillColor: CGColor? {
        get { modelState.shape.fillColor }
        set { setModelValue(\.shape.fillColor, newValue) }
    }
    open var fillRule: CAShapeLayerFillRule {
        get { modelState.shape.fillRule }
        set { setModelValue(\.shape.fillRule, newValue) }
    }
    /// The stroke colour; nil (the default) strokes nothing.
    open var strokeColor: CGColor? {
        get { modelState.shape.strokeColor }
        set { setModelValue(\.shape.strokeColor, newValue) }
    }
    /// Where stroking starts, as a fraction of the whole path's length (0…1).
    open var strokeStart: CGFloat {
        get { modelState.shape.strokeStart }
        set { setModelValue(\.shape.strokeStart, newValue) }
    }
    /// Where stroking ends, as a fraction of the whole path's length (0…1).
    open var strokeEnd: CGFloat {
        get { modelState.shape.strokeEnd }
        set { setModelValue(\.shape.strokeEnd, newValue) }
    }
    open var lineWidth: CGFloat {
        get { modelState.shape.lineWidth }
        set { setModelValue(\.shape.lineWidth, newValue) }
    }
    open var miterLimit: CGFloat {
        get { modelState.shape.miterLimit }
        set { setModelValue(\.shape.miterLimit, newValue) }
    }
    open var lineCap: CAShapeLayerLineCap {
        get { modelState.shape.lineCap }
        set { setModelValue(\.shape.lineCap, newValue) }
    }
    open var lineJoin: CAShapeLayerLineJoin {
        get { modelState.shape.lineJoin }
        set { setModelValue(\.shape.lineJoin, newValue) }
    }
    open var lineDashPhase: CGFloat {
        get { modelState.shape.lineDashPhase }
        set { setModelValue(\.shape.lineDashPhase, newValue) }
    }
    /// Alternating painted and unpainted lengths; nil strokes solid.
    open var lineDashPattern: [NSNumber]? {
        get { modelState.shape.lineDashPattern.map { $0.map { NSNumber(value: Double($0)) } } }
        set { setModelValue(\.shape.lineDashPattern, newValue.map { $0.map { CGFloat($0.doubleValue) } }) }
    }
}
