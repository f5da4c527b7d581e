import Foundation

/// Animations that run together in the group's time (`CAAnimationGroup`'s documentation).
///
/// Children see the group's basic time (after its speed, offset, repeats and timing function)
/// as their parent time, so they are clipped to the group's duration. A child whose duration is
/// ≤ 0 takes the group's duration (Apple does not document this case). The children's delegates
/// and `isRemovedOnCompletion` are ignored; only the group reports.
open class CAAnimationGroup: CAAnimation {
    /// The animations to run. A list that holds the group itself, directly or inside a nested
    /// group, is refused (the animations stay as they were and an error says so): such a group
    /// could never be copied or evaluated. Apple's frameworks leave this undefined.
    open var animations: [CAAnimation]? {
        didSet {
            if let path = pathToSelf(in: animations ?? []) {
                animations = oldValue
                Diagnostics.error("CAAnimationGroup.animations refused: the group would contain itself (\(path)); the animations are unchanged")
            }
        }
    }

    /// How `animations` reaches this group, as "group > group 2 > group", or nil when it does
    /// not. The search keeps its own stack and visits each group once.
    private func pathToSelf(in animations: [CAAnimation]) -> String? {
        var pending: [(group: CAAnimationGroup, path: [CAAnimationGroup])] = []
        var visited: Set<ObjectIdentifier> = []
        for case let group as CAAnimationGroup in animations { pending.append((group, [self, group])) }
        while let (group, path) = pending.popLast() {
            if group === self { return path.map(Self.describe).joined(separator: " > ") }
            guard visited.insert(ObjectIdentifier(group)).inserted else { continue }
            for case let child as CAAnimationGroup in group.animations ?? [] { pending.append((child, path + [child])) }
        }
        return nil
    }

    private static func describe(_ group: CAAnimationGroup) -> String {
        "<CAAnimationGroup: \(Unmanaged.passUnretained(group).toOpaque())>"
    }

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
