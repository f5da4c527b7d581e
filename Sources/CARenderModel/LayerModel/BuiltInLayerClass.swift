import Foundation

/// carender's own layer classes, each with how to make one and how to copy one: the classes a
/// view's `layerClass` and a presentation copy fall back to for a subclass carender cannot make
/// itself (see `CALayer._makeLayer()`). A new layer class adds itself here.
package struct BuiltInLayerClass: Sendable {
    package let layerClass: CALayer.Type
    package let make: @Sendable () -> CALayer
    package let copy: @Sendable (CALayer) -> CALayer

    package static let all: [BuiltInLayerClass] = [
        BuiltInLayerClass(layerClass: CALayer.self, make: { CALayer() }, copy: { CALayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CAShapeLayer.self, make: { CAShapeLayer() }, copy: { CAShapeLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CAGradientLayer.self, make: { CAGradientLayer() }, copy: { CAGradientLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CAReplicatorLayer.self, make: { CAReplicatorLayer() }, copy: { CAReplicatorLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CATextLayer.self, make: { CATextLayer() }, copy: { CATextLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CATransformLayer.self, make: { CATransformLayer() }, copy: { CATransformLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CAEmitterLayer.self, make: { CAEmitterLayer() }, copy: { CAEmitterLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CAScrollLayer.self, make: { CAScrollLayer() }, copy: { CAScrollLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: CATiledLayer.self, make: { CATiledLayer() }, copy: { CATiledLayer(layer: $0) }),
        BuiltInLayerClass(layerClass: AVPlayerLayer.self, make: { AVPlayerLayer() }, copy: { AVPlayerLayer(layer: $0) }),
    ]

    /// The entry of `layerClass` or of its nearest ancestor among carender's classes.
    package static func nearest(to layerClass: AnyClass) -> BuiltInLayerClass {
        var candidate: AnyClass? = layerClass
        while let current = candidate {
            if let entry = all.first(where: { ObjectIdentifier($0.layerClass) == ObjectIdentifier(current) }) { return entry }
            candidate = _getSuperclass(current)
        }
        return all[0]
    }
}
