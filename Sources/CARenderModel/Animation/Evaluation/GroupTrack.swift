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
///
/// One allocation: the children are stored after the group's own values (a `ManagedBuffer`),
/// so a frame fetches the group and its children together rather than following a pointer to a
/// separate array.
final class GroupTrack: ManagedBuffer<GroupTrack.Header, GroupTrack.Child> {
    /// One child as a frame reads it.
    struct Child {
        /// The child's clock for the group's duration (`duration`): its own duration, or the
        /// group's when it has none (`timingParameters(inheritedDuration:)`), worked out once
        /// rather than every frame.
        let clock: SamplingClock
        let inheritsDuration: Bool
        let evaluation: CompiledEvaluation
    }

    /// The group's own values, stored before its children.
    struct Header {
        let timingFunction: Unowned<SharedTimingCurve>?
        /// The group's basic duration, which its samples carry and its children's clocks
        /// assume.
        let duration: Double
        /// How many children follow.
        let count: Int
        /// The child animations, which keep alive what their evaluations refer to.
        let animations: [CAAnimation]
    }

    /// The group's track, or nil when a child has no compiled evaluation.
    static func make(_ group: CAAnimationGroup, children animations: [CAAnimation],
                     keeping objects: inout CompiledObjects) -> GroupTrack? {
        // The duration the group's samples carry (as attached: `AttachedAnimation.timing`).
        let duration = group.timingParameters().duration
        var children: [Child] = []
        children.reserveCapacity(animations.count)
        for animation in animations {
            guard let property = animation as? CAPropertyAnimation, let evaluation = property.compiledEvaluation else { return nil }
            children.append(Child(clock: property.timingParameters(inheritedDuration: duration).clock,
                                  inheritsDuration: !(property.duration > 0), evaluation: evaluation))
        }
        let header = Header(timingFunction: group.timingFunction.map { objects.keepShared($0) }, duration: duration,
                            count: children.count, animations: animations)
        let track = unsafeDowncast(create(minimumCapacity: children.count) { _ in header }, to: GroupTrack.self)
        track.withUnsafeMutablePointerToElements { $0.initialize(from: children, count: children.count) }
        return track
    }

    deinit {
        _ = withUnsafeMutablePointers { header, children in children.deinitialize(count: header.pointee.count) }
    }

    /// Calls `body` with every slot the children may write.
    func forEachWrittenSlot(_ body: (StateSlot) -> Void) {
        withUnsafeMutablePointers { header, children in
            for index in 0..<header.pointee.count { children[index].evaluation.forEachWrittenSlot(body) }
        }
    }

    /// `CAAnimationGroup`'s evaluation of one sample of the group.
    func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        withUnsafeMutablePointers { header, children in
            let progress = sample.progress
            let timingFunction = header.pointee.timingFunction
            let childTime = (timingFunction?.with { $0.evaluate(progress) } ?? progress) * sample.duration
            // A sample carries the group's duration, which the clocks were worked out for; any
            // other (never expected) rebuilds the clocks of the children that inherit it.
            let durationIsTheGroups = sample.duration.bitPattern == header.pointee.duration.bitPattern
            let count = header.pointee.count
            var index = 0
            while index < count {
                let child = children + index
                index += 1
                let childSample: TimingSample?
                if child.pointee.inheritsDuration && !durationIsTheGroups {
                    let animation = header.pointee.animations[index - 1]
                    childSample = animation.timingParameters(inheritedDuration: sample.duration)
                        .sample(parentTime: childTime, parentFrozen: accumulator.parentFrozen)
                } else {
                    childSample = child.pointee.clock.sample(parentTime: childTime, parentFrozen: accumulator.parentFrozen)
                }
                guard let childSample else { continue }
                child.pointee.evaluation.apply(childSample, to: &accumulator)
            }
        }
    }
}
