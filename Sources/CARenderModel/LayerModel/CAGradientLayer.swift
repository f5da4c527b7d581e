import Foundation
import CARenderGeometry

/// The geometry of a gradient layer's colour ramp.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The type's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a gradient type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint`, constant across it.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Outwards from `startPoint` on ellipses whose semi-axes reach `endPoint` (x and y apart).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Round `startPoint`, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// CAGradientLayer's own values; the initial values are Apple's defaults (a vertical ramp from
/// the top edge to the bottom edge).
package struct GradientLayerState {
    package var colors: [CGColor]?
    package var locations: [CGFloat]?
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type: CAGradientLayerType = .axial
}

/// A layer that fills its bounds with a colour gradient, drawn where a background is (under
/// the sublayers, within the rounded corners, clipped like the background). `startPoint` and
/// `endPoint` are in the unit square of the bounds; `locations` place `colors` along the ramp
/// (evenly when nil). All of them animate: colours and locations element by element when the
/// counts match.
open class CAGradientLayer: CALayer {
    override class var renderKind: RenderNode.Kind { .gradientLayer }

    /// CAGradientLayer's properties, each declared once (see LayerProperty.swift); members are
    /// named by their KVC names.
    package struct Keys: Sendable {
        package let colors = LayerPropertyKey("colors", \.gradient.colors, .colors, animatesImplicitly: true)
        package let locations = LayerPropertyKey("locations", \.gradient.locations, .numbers, animatesImplicitly: true)
        package let startPoint = LayerPropertyKey("startPoint", \.gradient.startPoint, .point, animatesImplicitly: true)
        package let endPoint = LayerPropertyKey("endPoint", \.gradient.endPoint, .point, animatesImplicitly: true)
        package let type = LayerPropertyKey("type", \.gradient.type, .string)
    }

    /// CAGradientLayer's property keys, which its accessors use.
    package static let gradientKeys = Keys()
    package override class var propertyTable: LayerPropertyTable { gradientTable }
    private static let gradientTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: gradientKeys)


    /// The colours (`CGColor`s) of the ramp.
    open var colors: [Any]? {
        get { self[Self.gradientKeys.colors] }
        set {
            guard case .some(let colors) = coerceToOptionalColors(newValue) else {
                stageContext.diagnostics.warning("CAGradientLayer.colors: every element must be a CGColor; the value was ignored")
                return
            }
            self[Self.gradientKeys.colors] = colors
        }
    }
    /// Where each colour sits along the ramp (0…1, increasing); nil spaces them evenly.
    open var locations: [NSNumber]? {
        get { self[Self.gradientKeys.locations].map { $0.map { NSNumber(value: Double($0)) } } }
        set { self[Self.gradientKeys.locations] = newValue.map { $0.map { CGFloat($0.doubleValue) } } }
    }
    /// Where the gradient starts, in the unit coordinate space of the bounds; (0.5, 0) by default.
    open var startPoint: CGPoint {
        get { self[Self.gradientKeys.startPoint] }
        set { self[Self.gradientKeys.startPoint] = newValue }
    }
    /// Where the gradient ends, in the unit coordinate space of the bounds; (0.5, 1) by default.
    open var endPoint: CGPoint {
        get { self[Self.gradientKeys.endPoint] }
        set { self[Self.gradientKeys.endPoint] = newValue }
    }
    /// The kind of gradient drawn; `.axial` by default.
    open var type: CAGradientLayerType {
        get { self[Self.gradientKeys.type] }
        set { self[Self.gradientKeys.type] = newValue }
    }
}
