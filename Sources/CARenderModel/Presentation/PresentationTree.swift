import Foundation

// From the layer tree to what the compositor draws: each layer's presentation values at a given
// stage time (every attached animation evaluated over the committed model values), gathered into
// `RenderNode`s. The time is always passed in; nothing here reads the clock.
//
// ## Hot-path contract (every layer, every frame)
// - No heap allocation once warm beyond the render tree's own child lists (one array per node
//   with sublayers or a mask, and the builder's stack): evaluation, finiteness checks and the
//   animations' arithmetic allocate nothing. `FrameAllocationTests` holds the whole frame to it,
//   `PresentationAllocationTests` the evaluation.
// - No copy of the state of a layer nothing animates: its node shares the committed values
//   (`sharedRenderState`); in the stage's frame it borrows them, retaining nothing (the stage
//   draws and drops the tree before anything commits). An animated layer's values are written into one of two
//   boxes the layer reuses; when all its animations are compiled, only the properties they write
//   are restored from the committed values first (`PresentationBoxes`), else the whole state is.
//   Nodes move into their parent's list, never copied again, and the compositor reads them in
//   place. A model value an animation needs is read where the layer keeps it (`withModelValues`).
// - Animations evaluate from compiled records (`PresentationEntry`, `CompiledEvaluation`):
//   basic and spring animations and keyframe values of numbers, points, sizes, rectangles,
//   transforms and their fields (`transform.rotation.z` included), paths, and groups of these;
//   other kinds evaluate themselves, allocation-free but slower.
// - No strings per layer: names for warnings are read only when there is a warning.

extension CALayer {
    /// The tree handed to the compositor at stage time `time` (for the benchmark, which times
    /// presentation evaluation on its own), built as the stage builds it: borrowing committed
    /// values (see `renderNode(at:borrowingCommittedValues:)`). The benchmark drops it unread
    /// after the stage has rendered (a drop touches no borrowed box).
    package func presentationTree(at time: CFTimeInterval) -> RenderNode {
        renderNode(at: time, borrowingCommittedValues: true)
    }

    /// The layer's subtree as the compositor should draw it at stage time `time`: presentation
    /// values and running transitions.
    ///
    /// With `borrowingCommittedValues`, the nodes of layers nothing animates borrow their layers'
    /// committed values (`RenderNode.init(kind:borrowing:)`) rather than retain them, so building
    /// and dropping the tree does no reference counting for them. The caller must then read the
    /// tree only until the next commit of any layer in it (a commit replaces the values the
    /// nodes point to) and while the layers are alive: the stage builds a frame's tree, draws it
    /// and drops it in one call, with no commit in between.
    package func renderNode(at time: CFTimeInterval, borrowingCommittedValues: Bool = false) -> RenderNode {
        let (parentTime, parentRate) = parentClock(at: time)
        return renderNode(parentTime: parentTime, parentRate: parentRate, flippedAbove: contentsAreFlipped(), stageTime: time,
                          borrowingCommittedValues: borrowingCommittedValues)
    }

    /// Where a layer is visited from: its superlayer's local time, how fast that clock runs
    /// against the stage clock, and whether the content above it is flipped.
    struct ParentView {
        var time: Double
        var rate: Double
        var flippedAbove: Bool
        /// The stage time of the frame.
        var stageTime: Double
    }

    /// The render node for this subtree when the superlayer's local time is `parentTime` and
    /// runs at `parentRate` against the stage clock. Built without recursion, so depth is
    /// bounded by memory, not by the stack.
    func renderNode(parentTime: Double, parentRate: Double, flippedAbove: Bool, stageTime: Double,
                    borrowingCommittedValues: Bool) -> RenderNode {
        let log = stageContext.diagnostics
        return LayerTreeBuilder<CALayer, RenderNode, ParentView>.build(self, in: ParentView(time: parentTime, rate: parentRate, flippedAbove: flippedAbove, stageTime: stageTime),
            visit: { layer, parent, children in
                let (local, rate) = layer.localClock(parentTime: parent.time, parentRate: parent.rate)
                var node: RenderNode
                if layer.presentationEntries.isEmpty, let shared = layer.sharedRenderState(flippedAbove: parent.flippedAbove) {
                    // Nothing animates the layer: its node shares the committed values.
                    node = RenderNode(kind: layer.renderKind, borrowing: shared)
                    if !borrowingCommittedValues { node.keep(shared.takeUnretainedValue()) }
                } else {
                    let (box, transition) = layer.animatedRenderState(localTime: local, rate: rate, flippedAbove: parent.flippedAbove)
                    // `init(kind:sharing:)` in two steps: in one, the node was copied out of a
                    // temporary (see `keep`).
                    node = RenderNode(kind: layer.renderKind, borrowing: Unmanaged.passUnretained(box))
                    node.keep(box)
                    node.transition = transition
                    if transition != nil, let snapshot = layer.runningTransitionSnapshot {
                        node.transitionSnapshot = [RenderNode(snapshot, log: log)]
                    }
                }
                layer.contributeToFrame(&node, localTime: local, stageTime: parent.stageTime)
                let flipsBelow = parent.flippedAbove != node.statePointer.pointee.isGeometryFlipped
                // A replicator's sublayers are its instances, built here; the builder visits
                // the sublayers of every other layer.
                let isReplicator = layer is CAReplicatorLayer
                if isReplicator {
                    node.sublayers = layer.replicatedSublayerNodes(state: node.state, localTime: local, rate: rate, flippedAbove: flipsBelow,
                                                                    stageTime: parent.stageTime,
                                                                    borrowingCommittedValues: borrowingCommittedValues)
                }
                children = .init(sublayers: isReplicator ? [] : layer.sublayers ?? [],
                             sublayerContext: ParentView(time: local, rate: rate, flippedAbove: flipsBelow, stageTime: parent.stageTime),
                             mask: layer.mask, maskContext: ParentView(time: local, rate: rate, flippedAbove: parent.flippedAbove, stageTime: parent.stageTime))
                return node
            },
            finish: { layer, node, sublayers, mask in
                // Sublayers a layer's class drew itself (a tiled layer's tiles) come first.
                if !(layer is CAReplicatorLayer) {
                    if node.sublayers.isEmpty { node.sublayers = sublayers } else { node.sublayers += sublayers }
                }
                node.mask = mask.map { [$0] } ?? []
                node.checkForDrawing(layerName: layer.name, log: log)
            })
    }

    /// The subtree's presentation at stage time `time`, kept as values: the old side of a
    /// transition added now.
    func presentationSnapshot(at time: CFTimeInterval) -> PresentationSnapshot {
        let (parentTime, parentRate) = parentClock(at: time)
        return LayerTreeBuilder<CALayer, PresentationSnapshot, ParentView>.build(self, in: ParentView(time: parentTime, rate: parentRate, flippedAbove: contentsAreFlipped(), stageTime: time),
            visit: { layer, parent, children in
                let (local, rate, result) = layer.evaluatedPresentation(parentTime: parent.time, parentRate: parent.rate)
                var state = result.state
                state.contentsAreFlipped = parent.flippedAbove
                let flipsBelow = parent.flippedAbove != state.isGeometryFlipped
                let snapshot = PresentationSnapshot(
                    kind: layer.renderKind, state: state, layerName: layer.name, transition: result.transition,
                    transitionSnapshot: result.transition != nil ? layer.runningTransitionSnapshot.map { [$0] } ?? [] : [],
                    sublayers: [], mask: [])
                children = .init(sublayers: layer.sublayers ?? [],
                             sublayerContext: ParentView(time: local, rate: rate, flippedAbove: flipsBelow, stageTime: parent.stageTime),
                             mask: layer.mask, maskContext: ParentView(time: local, rate: rate, flippedAbove: parent.flippedAbove, stageTime: parent.stageTime))
                return snapshot
            },
            finish: { _, snapshot, sublayers, mask in
                snapshot.sublayers = sublayers
                snapshot.mask = mask.map { [$0] } ?? []
            })
    }

    private var renderKind: RenderNode.Kind { type(of: self).renderKind }

    /// The old side of the running transition, if any.
    private var runningTransitionSnapshot: PresentationSnapshot? {
        animationEntries.last(where: { $0.animation is CATransition })?.transitionSnapshot
    }

    /// The layer's local time and rate when its superlayer's local time is `parentTime` and runs
    /// at `parentRate`.
    private func localClock(parentTime: Double, parentRate: Double) -> (local: Double, rate: Double) {
        (layerLocalTime(parentTime: parentTime), parentRate * Double(modelState.speed))
    }

    /// The layer's local time and rate, and its presentation values, when its superlayer's
    /// local time is `parentTime` and runs at `parentRate`.
    private func evaluatedPresentation(parentTime: Double, parentRate: Double) -> (local: Double, rate: Double, PresentedValues) {
        let (local, rate) = localClock(parentTime: parentTime, parentRate: parentRate)
        return (local, rate, presentationValues(localTime: local, rate: rate))
    }

    /// The superlayer's local time at stage time `now` and its rate (stage time for a root).
    func parentClock(at now: CFTimeInterval) -> (time: Double, rate: Double) {
        guard let parent = superlayer else { return (now, 1) }
        return (parent.localTime(fromAbsolute: now), parent.absoluteRate)
    }

    /// The layer's presentation values at stage time `time`: its committed model values with every
    /// attached animation applied.
    func presentationState(at time: CFTimeInterval) -> LayerState {
        let (parentTime, parentRate) = parentClock(at: time)
        return evaluatedPresentation(parentTime: parentTime, parentRate: parentRate).2.state
    }

    /// The model values with every attached animation applied, in `animationKeys()` order, at
    /// the layer's local time `localTime` (see `applyAnimations(localTime:rate:to:)`).
    func presentationValues(localTime: Double, rate: Double) -> PresentedValues {
        var state = committedState ?? modelState
        let (transition, customValues) = withUnsafeMutablePointer(to: &state) {
            applyAnimations(localTime: localTime, rate: rate, to: $0)
        }
        return PresentedValues(state: state, transition: transition, customValues: customValues)
    }

    /// Applies every attached animation, in `animationKeys()` order, at the layer's local time
    /// `localTime` to the values at `values`, which hold the layer's committed values (its
    /// model values if it was never committed) wherever an animation may write; returns the
    /// running transition and the presentation values of the layer subclass's own keys.
    ///
    /// An animation past its end with `isRemovedOnCompletion` contributes nothing even before
    /// the stage has delivered its stop, so presentation is a pure function of time. Animations
    /// whose zero `beginTime` awaits the commit are not shown yet. `rate` is how fast the layer's
    /// clock runs against the stage clock: 0 when stopped (a speed-0 layer or ancestor),
    /// negative when running backwards, in which case an animation has ended once its clock is
    /// back before its start.
    func applyAnimations(localTime: Double, rate: Double, to values: UnsafeMutablePointer<LayerState>)
        -> (transition: TransitionState?, customValues: [String: AnimatableValue]) {
        var accumulator = PresentationAccumulator(layer: self, values: values, parentFrozen: rate == 0)
        let endedPhase: TimingSample.Phase? = rate > 0 ? .after : (rate < 0 ? .before : nil)
        // Reads the layer's per-frame records, not the `AttachedAnimation`s (see
        // `PresentationEntry`), in place through a pointer (no retain: see `PresentationRecords`);
        // evaluation never changes the layer's animations, so they stay. Index loops: this runs
        // for every layer every frame and must not allocate (a for-in iterator does in
        // unoptimised builds).
        let records = presentationEntries
        var index = 0
        while index < records.count {
            let record = records.baseAddress! + index
            index += 1
            if record.pointee.isRemovedOnCompletion, let endedPhase,
               record.pointee.clock.phase(parentTime: localTime) == endedPhase { continue }
            // The flag is on the record's first cache line, the paced path on its last: other
            // records never read that line.
            if record.pointee.hasPacedPath {
                guard let sample = record.pointee.clock.sample(parentTime: localTime, parentFrozen: accumulator.parentFrozen) else { continue }
                record.pointee.pacedPath.unsafelyUnwrapped.apply(sample, to: &accumulator)
            } else if let evaluation = record.pointee.evaluation {
                // Compiled: the animation object itself is not touched.
                guard let sample = record.pointee.clock.sample(parentTime: localTime, parentFrozen: accumulator.parentFrozen) else { continue }
                evaluation.apply(sample, to: &accumulator)
            } else {
                let entry = record.pointee.entry
                let generation = presentationGeneration
                entry.animation.apply(to: &accumulator, timing: entry.timing, parentTime: localTime)
                assert(generation == presentationGeneration, "evaluating an animation changed the layer's records")
            }
        }
        return (accumulator.transition, accumulator.customValues)
    }
}
