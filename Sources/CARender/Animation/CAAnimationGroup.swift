import Foundation

/// Animations that run together in the group's time (`CAAnimationGroup`'s documentation).
///
/// Children see the group's basic time (after its speed, offset, repeats and timing function)
/// as their parent time, so they are clipped to the group's duration. A child whose duration is
/// ≤ 0 takes the group's duration (Apple's rule is undocumented; this matches the group clipping its children). The
/// children's delegates and `isRemovedOnCompletion` are ignored; only the group reports.
open class CAAnimationGroup: CAAnimation {
    /// The animations to run.
    open var animations: [CAAnimation]?

    override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }

    override func compile(for layer: CALayer) {
        for child in animations ?? [] { child.compile(for: layer) }
    }

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        // The group's timing function warps its basic time before the children see it.
        let childTime = curvedProgress(sample) * sample.duration
        guard let children = animations else { return }
        var index = 0
        while index < children.count {
            children[index].apply(to: &accumulator, parentTime: childTime, inheritedDuration: sample.duration)
            index += 1
        }
    }
}
