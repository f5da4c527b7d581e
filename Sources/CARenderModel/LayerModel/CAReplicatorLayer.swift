import Foundation
import CARenderGeometry
import CARenderGraphics

/// CAReplicatorLayer's own values; the initial values are Apple's defaults (one instance, no
/// transform, no delay, opaque white instance colour, no offsets).
package struct ReplicatorLayerState {
    package var instanceCount = 1
    package var instanceTransform: CATransform3D = .identity
    package var instanceDelay: CFTimeInterval = 0
    package var instanceColor: CGColor? = .white
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0
    package var preservesDepth = false

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
    /// CAReplicatorLayer's properties, each declared once (see LayerProperty.swift); members are
    /// named by their KVC names.
    package struct Keys: Sendable {
        package let instanceCount = LayerPropertyKey("instanceCount", \.replicator.instanceCount, .integer)
        package let instanceTransform = LayerPropertyKey("instanceTransform", \.replicator.instanceTransform, .transform, animatesImplicitly: true)
        package let instanceDelay = LayerPropertyKey("instanceDelay", \.replicator.instanceDelay, .double, animatesImplicitly: true)
        package let instanceColor = LayerPropertyKey("instanceColor", \.replicator.instanceColor, .color, animatesImplicitly: true)
        package let instanceRedOffset = LayerPropertyKey("instanceRedOffset", \.replicator.instanceRedOffset, .float, animatesImplicitly: true)
        package let instanceGreenOffset = LayerPropertyKey("instanceGreenOffset", \.replicator.instanceGreenOffset, .float, animatesImplicitly: true)
        package let instanceBlueOffset = LayerPropertyKey("instanceBlueOffset", \.replicator.instanceBlueOffset, .float, animatesImplicitly: true)
        package let instanceAlphaOffset = LayerPropertyKey("instanceAlphaOffset", \.replicator.instanceAlphaOffset, .float, animatesImplicitly: true)
        package let preservesDepth = LayerPropertyKey("preservesDepth", \.replicator.preservesDepth, .bool)
    }

    /// CAReplicatorLayer's property keys, which its accessors use.
    package static let replicatorKeys = Keys()
    package override class var propertyTable: LayerPropertyTable { replicatorTable }
    private static let replicatorTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: replicatorKeys)
    /// The frame's walk builds a replicator's sublayers once per instance (see
    /// ReplicatorInstances.swift).
    override class var contributesToFrame: Bool { true }


    /// How many copies of the sublayers are drawn (the sublayers themselves are copy 0).
    open var instanceCount: Int {
        get { self[Self.replicatorKeys.instanceCount] }
        set { self[Self.replicatorKeys.instanceCount] = newValue }
    }
    /// The transform from one copy to the next.
    open var instanceTransform: CATransform3D {
        get { self[Self.replicatorKeys.instanceTransform] }
        set { self[Self.replicatorKeys.instanceTransform] = newValue }
    }
    /// Seconds between the copies' animations.
    open var instanceDelay: CFTimeInterval {
        get { self[Self.replicatorKeys.instanceDelay] }
        set { self[Self.replicatorKeys.instanceDelay] = newValue }
    }
    /// The colour the first copy's colours are multiplied by.
    open var instanceColor: CGColor? {
        get { self[Self.replicatorKeys.instanceColor] }
        set { self[Self.replicatorKeys.instanceColor] = newValue }
    }
    /// What each copy adds to the previous copy's red multiplier; 0 by default.
    open var instanceRedOffset: Float {
        get { self[Self.replicatorKeys.instanceRedOffset] }
        set { self[Self.replicatorKeys.instanceRedOffset] = newValue }
    }
    /// What each copy adds to the previous copy's green multiplier; 0 by default.
    open var instanceGreenOffset: Float {
        get { self[Self.replicatorKeys.instanceGreenOffset] }
        set { self[Self.replicatorKeys.instanceGreenOffset] = newValue }
    }
    /// What each copy adds to the previous copy's blue multiplier; 0 by default.
    open var instanceBlueOffset: Float {
        get { self[Self.replicatorKeys.instanceBlueOffset] }
        set { self[Self.replicatorKeys.instanceBlueOffset] = newValue }
    }
    /// What each copy adds to the previous copy's alpha multiplier; 0 by default.
    open var instanceAlphaOffset: Float {
        get { self[Self.replicatorKeys.instanceAlphaOffset] }
        set { self[Self.replicatorKeys.instanceAlphaOffset] = newValue }
    }
    /// Whether the copies share the layer's 3D space, as in a transform layer, instead of each
    /// being flattened; false by default.
    open var preservesDepth: Bool {
        get { self[Self.replicatorKeys.preservesDepth] }
        set { self[Self.replicatorKeys.preservesDepth] = newValue }
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
