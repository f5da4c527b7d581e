import Foundation
import CARenderGeometry
import CARenderGraphics

extension CALayer {
    /// A replicator's sublayers, once per instance: instance `i` is a plain wrapper the size of
    /// the replicator's bounds, transformed by `instanceTransform` applied `i` times about the
    /// bounds' centre, holding the sublayers as they are `i × instanceDelay` seconds earlier, with
    /// their colours multiplied by the instance colour. With `preservesDepth` the wrapper is a
    /// transform layer, so instances keep their depth.
    func replicatedSublayerNodes(state: LayerState, localTime: Double, rate: Double, flippedAbove: Bool,
                                  stageTime: Double, borrowingCommittedValues: Bool) -> [RenderNode] {
        let r = state.replicator
        let count = min(max(r.instanceCount, 0), Self.maxReplicatorInstances)
        if r.instanceCount > Self.maxReplicatorInstances {
            stageContext.diagnostics.warnOnce("CAReplicatorLayer.instanceCount \(r.instanceCount) is more than carender draws "
                + "(\(Self.maxReplicatorInstances)); the rest are left out")
        }
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(count)
        var transform = CATransform3DIdentity
        for i in 0..<count {
            let time = localTime - Double(i) * r.instanceDelay
            var children = (sublayers ?? []).map { $0.renderNode(parentTime: time, parentRate: rate, flippedAbove: flippedAbove, stageTime: stageTime,
                                                         borrowingCommittedValues: borrowingCommittedValues) }
            let multiplier = r.colorMultiplier(i)
            if multiplier != SIMD4(repeating: 1) {
                for k in children.indices { children[k].multiplyColors(by: multiplier) }
            }
            var wrapper = LayerState()
            wrapper.bounds = state.bounds
            wrapper.position = CGPoint(x: state.bounds.midX, y: state.bounds.midY)
            wrapper.transform = transform
            nodes.append(RenderNode(kind: r.preservesDepth ? .transformLayer : .layer, state: wrapper, sublayers: children))
            transform = CATransform3DConcat(transform, r.instanceTransform)
        }
        return nodes
    }

    /// More instances than any loader uses; a guard against a count that would exhaust memory.
    static let maxReplicatorInstances = 10_000
}

extension RenderNode {
    /// Multiplies every colour the subtree draws with (straight components) by `m`: what a
    /// replicator's instance colour does to solid fills, strokes, borders, shadows and gradients.
    /// Images are drawn unchanged; masks keep their alpha.
    mutating func multiplyColors(by m: SIMD4<Double>) {
        func tint(_ color: CGColor?) -> CGColor? {
            guard let color else { return nil }
            let c = CGGradient.straight(color) * m
            return CGColor(red: CGFloat(c.x), green: CGFloat(c.y), blue: CGFloat(c.z), alpha: CGFloat(c.w))
        }
        state.backgroundColor = tint(state.backgroundColor)
        state.borderColor = tint(state.borderColor)
        state.shadowColor = tint(state.shadowColor)
        state.shape.fillColor = tint(state.shape.fillColor)
        state.shape.strokeColor = tint(state.shape.strokeColor)
        state.gradient.colors = state.gradient.colors?.compactMap { tint($0) }
        for k in sublayers.indices { sublayers[k].multiplyColors(by: m) }
    }
}
