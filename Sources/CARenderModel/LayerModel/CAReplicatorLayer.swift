import Foundation
import CARenderGeometry
import CARenderGraphics

/// CAReplicatorLayer's own values; the initial values are Apple's defaults (one instance, no
/// transform, no delay, opaque white instance colour, no offsets).
package struct ReplicatorLayerState {
    public var instanceCount = 1
    public var instanceTransform: CATransform3D = .identity
    public var instanceDelay: CFTimeInterval = 0
    public var instanceColor: CGColor? = .white
    public var instanceRedOffset: Float = 0
    public var instanceGreenOffset: Float = 0
    public var instanceBlueOffset: Float = 0
    public var instanceAlphaOffset: Float = 0
    public var preservesDepth = false

    /// The colour multiplier of instance `i`: `instanceColor` plus `i` times the offsets, each
    /// component clamped to 0…1.
    func colorMultiplier(_ i: Int) -> SIMD4<Double> {
        let base = CGGradient.straight(instanceColor ?? .white)
        let offsets = SIMD4(Double(instanceRedOffset), Double(instanceGreenOffset), Double(instanceBlueOffset),
                            Double(instanceAlphaOffset))
        return (base + Double(i) * offsets).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
    }
}

/// A layer that draws its sublayers `instanceCount` times: instance `i` is transformed by
/// `instanceTransform` applied `i` times (about the layer's centre, like a sublayer transform),
/// shows its animations `i × instanceDelay` seconds later, and has its colours multiplied by
/// `instanceColor` plus `i` times the colour offsets. With `preservesDepth` the instances share
/// the layer's 3D space, as in a transform layer; otherwise each is flattened.
open class CAReplicatorLayer: CALayer {
    package override class var propertyTable: LayerPropertyTable { replicatorProperties }
    private static let replicatorProperties = LayerPropertyTable(inheriting: CALayer.propertyTable, [
        LayerProperty("instanceCount", \.replicator.instanceCount, .integer),
        LayerProperty("instanceTransform", \.replicator.instanceTransform, .transform, animatesImplicitly: true),
        LayerProperty("instanceDelay", \.replicator.instanceDelay, .double, animatesImplicitly: true),
        LayerProperty("instanceColor", \.replicator.instanceColor, .color, animatesImplicitly: true),
        LayerProperty("instanceRedOffset", \.replicator.instanceRedOffset, .float, animatesImplicitly: true),
        LayerProperty("instanceGreenOffset", \.replicator.instanceGreenOffset, .float, animatesImplicitly: true),
        LayerProperty("instanceBlueOffset", \.replicator.instanceBlueOffset, .float, animatesImplicitly: true),
        LayerProperty("instanceAlphaOffset", \.replicator.instanceAlphaOffset, .float, animatesImplicitly: true),
        LayerProperty("preservesDepth", \.replicator.preservesDepth, .bool),
    ])


    /// How many copies of the sublayers are drawn (the sublayers themselves are copy 0).
    open var instanceCount: Int {
        get { modelState.replicator.instanceCount }
        set { setModelValue(\.replicator.instanceCount, newValue) }
    }
    /// The transform from one copy to the next.
    open var instanceTransform: CATransform3D {
        get { modelState.replicator.instanceTransform }
        set { setModelValue(\.replicator.instanceTransform, newValue) }
    }
    /// Seconds between the copies' animations.
    open var instanceDelay: CFTimeInterval {
        get { modelState.replicator.instanceDelay }
        set { setModelValue(\.replicator.instanceDelay, newValue) }
    }
    /// The colour the first copy's colours are multiplied by.
    open var instanceColor: CGColor? {
        get { modelState.replicator.instanceColor }
        set { setModelValue(\.replicator.instanceColor, newValue) }
    }
    open var instanceRedOffset: Float {
        get { modelState.replicator.instanceRedOffset }
        set { setModelValue(\.replicator.instanceRedOffset, newValue) }
    }
    open var instanceGreenOffset: Float {
        get { modelState.replicator.instanceGreenOffset }
        set { setModelValue(\.replicator.instanceGreenOffset, newValue) }
    }
    open var instanceBlueOffset: Float {
        get { modelState.replicator.instanceBlueOffset }
        set { setModelValue(\.replicator.instanceBlueOffset, newValue) }
    }
    open var instanceAlphaOffset: Float {
        get { modelState.replicator.instanceAlphaOffset }
        set { setModelValue(\.replicator.instanceAlphaOffset, newValue) }
    }
    open var preservesDepth: Bool {
        get { modelState.replicator.preservesDepth }
        set { setModelValue(\.replicator.preservesDepth, newValue) }
    }
}

extension PropertyCoding where Value == Int {
    /// A whole number (`instanceCount`); fractions are truncated, as Objective-C's NSInteger
    /// conversion does.
    static var integer: Self {
        Self(coerce: { value in
            guard let v = coerceToCGFloat(value), v.isFinite, abs(v) < 1e15 else { return nil }
            return Int(v)
        }, box: { $0 }, animatable: { .number(Double($0), .int) },
           fast: { if case .number(let v, _) = $0 { return Int(v.rounded()) }; return nil })
    }
}

extension PropertyCoding where Value == Double {
    /// A time interval in seconds.
    static var double: Self {
        Self(coerce: { coerceToCGFloat($0).map(Double.init) }, box: { $0 }, animatable: { .number($0, .double) },
             fast: { if case .number(let v, _) = $0 { return v }; return nil })
    }
}
