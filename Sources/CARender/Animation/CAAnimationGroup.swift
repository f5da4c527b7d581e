import Foundation

/// Animations that run together in the group's time (SPEC-semantics §6).
///
/// Children see the group's basic time (after its speed, offset, repeats and timing function)
/// as their parent time, so they are clipped to the group's duration. A child whose duration is
/// ≤ 0 takes the group's duration (SPEC's recommendation; Apple's rule is undocumented). The
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
        for child in animations ?? [] {
            child.apply(to: &accumulator, parentTime: childTime, inheritedDuration: sample.duration)
        }
    }
}
