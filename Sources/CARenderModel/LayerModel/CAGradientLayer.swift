import Foundation
import CARenderGeometry

/// The geometry of a gradient layer's colour ramp.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
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
    public var colors: [CGColor]?
    public var locations: [CGFloat]?
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var type: CAGradientLayerType = .axial
}

/// A layer that fills its bounds with a colour gradient, drawn where a background is (under
/// the sublayers, within the rounded corners, clipped like the background). `startPoint` and
/// `endPoint` are in the unit square of the bounds; `locations` place `colors` along the ramp
/// (evenly when nil). All of them animate: colours and locations element by element when the
/// counts match.
open class CAGradientLayer: CALayer {
    override class var renderKind: RenderNode.Kind { .gradientLayer }
    package override class var propertyTable: LayerPropertyTable { gradientProperties }
    private static let gradientProperties = LayerPropertyTable(inheriting: CALayer.propertyTable, [
        LayerProperty("colors", \.gradient.colors, .colors, animatesImplicitly: true),
        LayerProperty("locations", \.gradient.locations, .numbers, animatesImplicitly: true),
        LayerProperty("startPoint", \.gradient.startPoint, .point, animatesImplicitly: true),
        LayerProperty("endPoint", \.gradient.endPoint, .point, animatesImplicitly: true),
        LayerProperty("type", \.gradient.type, .string),
    ])


    /// The colours (`CGColor`s) of the ramp.
    open var colors: [Any]? {
        get { modelState.gradient.colors }
        set {
            guard case .some(let colors) = coerceToOptionalColors(newValue) else {
                Diagnostics.warning("CAGradientLayer.colors: every element must be a CGColor; the value was ignored")
                return
            }
            setModelValue(\.gradient.colors, colors)
        }
    }
    /// Where each colour sits along the ramp (0…1, increasing); nil spaces them evenly.
    open var locations: [NSNumber]? {
        get { modelState.gradient.locations.map { $0.map { NSNumber(value: Double($0)) } } }
        set { setModelValue(\.gradient.locations, newValue.map { $0.map { CGFloat($0.doubleValue) } }) }
    }
    open var startPoint: CGPoint {
        get { modelState.gradient.startPoint }
        set { setModelValue(\.gradient.startPoint, newValue) }
    }
    open var endPoint: CGPoint {
        get { modelState.gradient.endPoint }
        set { setModelValue(\.gradient.endPoint, newValue) }
    }
    open var type: CAGradientLayerType {
        get { modelState.gradient.type }
        set { setModelValue(\.gradient.type, newValue) }
    }
}
