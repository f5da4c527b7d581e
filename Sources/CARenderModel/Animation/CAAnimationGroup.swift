import Foundation
import CARenderGeometry

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
        get { settings.group.animations }
        set {
            let oldValue = settings.group.animations
            let incoming = newValue ?? []
            // Only a group that some group lists can be reached from its new children; any
            // other group need only look for itself among them (so building a deep nest from
            // the inside out costs one step per level, not a walk of everything inside).
            let reachable = listingGroups > 0 || incoming.contains { $0 === self }
            if reachable, let path = pathToSelf(in: incoming) {
                Diagnostics.error("CAAnimationGroup.animations refused: the group would contain itself (\(path)); the animations are unchanged")
                return
            }
            settings.group.animations = newValue
            for case let group as CAAnimationGroup in oldValue ?? [] { group.listingGroups -= 1 }
            for case let group as CAAnimationGroup in incoming { group.listingGroups += 1 }
        }
    }

    /// How many times this group appears in the `animations` of live groups.
    private var listingGroups = 0

    deinit {
        for case let group as CAAnimationGroup in animations ?? [] { group.listingGroups -= 1 }
    }

    /// How `animations` reaches this group, as "group > group 2 > group", or nil when it does
    /// not. The search keeps its own stack and visits each group once; each visited group
    /// records which group it was reached from, so the path is rebuilt only when found.
    private func pathToSelf(in animations: [CAAnimation]) -> String? {
        var reached: [(group: CAAnimationGroup, from: Int?)] = []
        var pending: [(group: CAAnimationGroup, from: Int?)] = []
        var visited: Set<ObjectIdentifier> = []
        for case let group as CAAnimationGroup in animations { pending.append((group, nil)) }
        while let (group, from) = pending.popLast() {
            if group === self {
                var path: [CAAnimationGroup] = [group]
                var step = from
                while let index = step {
                    path.append(reached[index].group)
                    step = reached[index].from
                }
                path.append(self)
                return path.reversed().map(Self.describe).joined(separator: " > ")
            }
            guard visited.insert(ObjectIdentifier(group)).inserted else { continue }
            reached.append((group, from))
            let index = reached.count - 1
            for case let child as CAAnimationGroup in group.animations ?? [] { pending.append((child, index)) }
        }
        return nil
    }

    private static func describe(_ group: CAAnimationGroup) -> String {
        "<CAAnimationGroup: \(Unmanaged.passUnretained(group).toOpaque())>"
    }

    // Groups may nest as deep as memory allows: copying, compiling and evaluating walk nested
    // groups with their own stacks instead of one call per level.

    /// A copied group runs copies of its children (nested groups copied likewise): its settings
    /// still list the original's children, which are replaced here by copies.
    override func completeCopy(of original: CAAnimation) {
        // The settings were taken without going through `animations`, so this group is not yet
        // counted among its children's listers: drop the list before setting the copies.
        settings.group.animations = nil
        guard let original = original as? CAAnimationGroup else { return }
        // Top-down, so each `animations` assignment checks for cycles among children whose own
        // lists are still empty.
        var pending: [(from: CAAnimationGroup, to: CAAnimationGroup)] = [(original, self)]
        while let (from, to) = pending.popLast() {
            to.animations = from.animations?.map { child in
                guard let group = child as? CAAnimationGroup else { return child.copy() as! CAAnimation }
                let copy = type(of: group).init()
                copy.settings = group.settings
                copy.settings.group.animations = nil
                pending.append((group, copy))
                return copy
            }
        }
    }

    /// Compiles the children, then the group itself (`GroupTrack`) when they all compile and
    /// the group is not a subclass.
    override func compile(for layer: CALayer) {
        compileChildren(for: layer)
        setCompiledEvaluation(for: layer) { objects in
            guard type(of: self) == CAAnimationGroup.self,
                  let group = GroupTrack.make(self, children: animations ?? [], keeping: &objects) else { return nil }
            return .group(objects.keep(group))
        }
    }

    private func compileChildren(for layer: CALayer) {
        // Children in order, each nested group's completely before the next sibling's.
        var outer: [(children: [CAAnimation], index: Int)] = []
        var children = animations ?? []
        var index = 0
        while true {
            if index < children.count {
                let child = children[index]
                index += 1
                if let group = child as? CAAnimationGroup {
                    outer.append((children, index))
                    children = group.animations ?? []
                    index = 0
                } else {
                    child.compile(for: layer)
                }
            } else if let (enclosing, next) = outer.popLast() {
                children = enclosing
                index = next
            } else {
                return
            }
        }
    }

    override func apply(_ sample: TimingSample, to accumulator: inout PresentationAccumulator) {
        // The group's timing function warps its basic time before the children see it; a
        // nested group's children see that group's warped time in turn. The stack of enclosing
        // groups is only allocated when a group holds a group.
        var outer: [(children: [CAAnimation], index: Int, time: Double, duration: Double)] = []
        var children = animations ?? []
        var index = 0
        var childTime = curvedProgress(sample) * sample.duration
        var duration = sample.duration
        while true {
            if index < children.count {
                let child = children[index]
                index += 1
                guard let group = child as? CAAnimationGroup else {
                    child.apply(to: &accumulator, parentTime: childTime, inheritedDuration: duration)
                    continue
                }
                let timing = group.timingParameters(inheritedDuration: duration)
                guard let groupSample = timing.sample(parentTime: childTime, parentFrozen: accumulator.parentFrozen) else { continue }
                outer.append((children, index, childTime, duration))
                children = group.animations ?? []
                index = 0
                childTime = group.curvedProgress(groupSample) * groupSample.duration
                duration = groupSample.duration
            } else if let enclosing = outer.popLast() {
                (children, index, childTime, duration) = enclosing
            } else {
                return
            }
        }
    }
}
