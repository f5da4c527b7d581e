import Foundation

/// An animation group compiled: its timing function and, for each child, the child's timing and
/// compiled evaluation, so a frame samples the children in place without visiting the group's
/// or the children's animation objects (reading their settings, resolving their timing, calling
/// their evaluation through the class).
///
/// Made only when every child is a property animation with a compiled evaluation (so no nested
/// group, transition, or layer subclass's own key); the group is otherwise evaluated by
/// `CAAnimationGroup` itself. Both ways do the same steps: the group's timing function warps its
/// basic time, each child samples its own timing at that time (a child without a duration of its
/// own takes the group's), and the children write in order.
final class GroupTrack {
    /// One child as a frame reads it.
    struct Child {
        /// The child's timing (`timingParameters(inheritedDuration:)`); its duration is replaced
        /// by the group's sampled one when the child has none of its own.
        let timing: MediaTimingParameters
        let inheritsDuration: Bool
        let evaluation: CompiledEvaluation
    }

    private let timingFunction: CAMediaTimingFunction?
    private let children: ContiguousArray<Child>
    /// The child animations, which keep alive what their evaluations refer to.
    private let animations: [CAAnimation]

    /// Nil when a child has no compiled evaluation.
    init?(_ group: CAAnimationGroup, children animations: [CAAnimation], sharing functions: CompiledObjects) {
        var children = ContiguousArray<Child>()
        children.reserveCapacity(animations.count)
        for animation in animations {
            guard let property = animation as? CAPropertyAnimation, let evaluation = property.compiledEvaluation else { return nil }
            children.append(Child(timing: property.timingParameters(inheritedDuration: 0), inheritsDuration: !(property.duration > 0),
                                  evaluation: evaluation))
        }
        timingFunction = group.timingFunction.map(functions.shared)
        self.children = children
        self.animations = animations
    }

    /// Calls `body` with every slot the children may write.
    func forEachWrittenSlot(_ body: (StateSlot) -> Void) {
        for child in children { child.evaluation.forEachWrittenSlot(body) }
    }

    /// `CAAnimationGroup`'s evaluation of one sample of the group.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        let progress = sample.progress
        let childTime = (timingFunction?.evaluate(progress) ?? progress) * sample.duration
        children.withUnsafeBufferPointer { children in
            var index = 0
            while index < children.count {
                let child = children.baseAddress! + index
                index += 1
                let childSample: TimingSample?
                if child.pointee.inheritsDuration {
                    var timing = child.pointee.timing
                    timing.duration = sample.duration
                    childSample = timing.sample(parentTime: childTime, parentFrozen: accumulator.parentFrozen)
                } else {
                    childSample = child.pointee.timing.sample(parentTime: childTime, parentFrozen: accumulator.parentFrozen)
                }
                guard let childSample else { continue }
                child.pointee.evaluation.apply(childSample, to: &accumulator)
            }
        }
    }
}
