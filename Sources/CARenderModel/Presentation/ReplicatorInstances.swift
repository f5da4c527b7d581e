import Foundation
import CARenderGeometry
import CARenderGraphics

// A replicator's sublayers, once per instance, built by the frame's walk
// (`RenderFrame.build(_:from:log:)`): instance `i` is a plain wrapper the size of the
// replicator's bounds, transformed by `instanceTransform` applied `i` times about the bounds'
// centre, holding the sublayers as they are `i × instanceDelay` seconds earlier, with their
// colours multiplied by the instance colour. With `preservesDepth` the wrapper is a transform
// layer, so instances keep their depth.

extension CALayer {
    /// The number of instances a replicator with values `state` draws; warns when it is more
    /// than carender draws.
    func replicatorInstanceCount(_ state: UnsafePointer<LayerState>) -> Int {
        let requested = state.pointee.replicator.instanceCount
        if requested > Self.maxReplicatorInstances {
            stageContext.diagnostics.warnOnce("CAReplicatorLayer.instanceCount \(requested) is more than carender draws "
                + "(\(Self.maxReplicatorInstances)); the rest are left out")
        }
        return min(max(requested, 0), Self.maxReplicatorInstances)
    }

    /// More instances than any loader uses; a guard against a count that would exhaust memory.
    static let maxReplicatorInstances = 10_000
}

extension LayerState {
    /// The wrapper of a replicator's instance, for a replicator with values `replicator`,
    /// transformed by `transform` (the instance transform applied as many times as the
    /// instance's index).
    static func replicatorInstance(of replicator: UnsafePointer<LayerState>, transform: CATransform3D) -> LayerState {
        var wrapper = LayerState()
        wrapper.bounds = replicator.pointee.bounds
        wrapper.position = CGPoint(x: replicator.pointee.bounds.midX, y: replicator.pointee.bounds.midY)
        wrapper.transform = transform
        return wrapper
    }

    /// Multiplies every colour the layer draws with (straight components) by `m`: what a
    /// replicator's instance colour does to solid fills, strokes, borders, shadows and gradients.
    /// Images are drawn unchanged.
    mutating func multiplyColors(by m: SIMD4<Double>) {
        func tint(_ color: CGColor?) -> CGColor? {
            guard let color else { return nil }
            let c = CGGradient.straight(color) * m
            return CGColor(red: CGFloat(c.x), green: CGFloat(c.y), blue: CGFloat(c.z), alpha: CGFloat(c.w))
        }
        backgroundColor = tint(backgroundColor)
        borderColor = tint(borderColor)
        shadowColor = tint(shadowColor)
        shape.fillColor = tint(shape.fillColor)
        shape.strokeColor = tint(shape.strokeColor)
        gradient.colors = gradient.colors?.compactMap { tint($0) }
    }
}
