import Foundation
import CARenderGeometry

// From the layer tree to what the compositor draws: each layer's presentation values at a given
// stage time (every attached animation evaluated over the committed model values), gathered into
// `RenderNode`s. The time is always passed in; nothing here reads the clock.
//
// The stage's frames are built flat (`buildFrame(into:at:)`: records in a `RenderFrame` the
// stage keeps); `renderNode(at:borrowingCommittedValues:)` builds the same tree as values, for
// tests, snapshots and layers whose class builds its node itself (replicators, emitters, tiled
// and player layers), whose subtrees the flat frame takes whole.
//
// ## Hot-path contract (every layer, every frame)
// - No heap allocation once warm: the stage's frame is built into storage cleared, not freed;
//   evaluation, finiteness checks and the animations' arithmetic allocate nothing.
//   `FrameAllocationTests` holds the whole frame to it, `PresentationAllocationTests` the
//   evaluation.
// - No reference counting: the frame walks the layers without retaining them and its records
//   borrow their values (the stage builds, draws and clears the frame in one call, before
//   anything commits or evaluates again): a layer nothing animates, its committed values
//   (`sharedRenderState`); an animated layer, the box it writes its values into, which it owns
//   and reuses frame after frame (`PresentationBoxes`). When all its animations are compiled,
//   only the properties they write are restored from the committed values first, else the
//   whole state is. The compositor reads records in place. A model value an animation needs is
//   read where the layer keeps it (`withModelValues`).
// - Animations evaluate from compiled records (`PresentationEntry`, `CompiledEvaluation`):
//   basic and spring animations and keyframe values of numbers, points, sizes, rectangles,
//   transforms and their fields (`transform.rotation.z` included), paths, and groups of these;
//   other kinds evaluate themselves, allocation-free but slower.
// - No strings per layer: names for warnings are read only when there is a warning.

extension CALayer {
    /// The layer's subtree as the compositor should draw it at stage time `time`: presentation
    /// values and running transitions.
    ///
    /// With `borrowingCommittedValues`, the nodes of layers nothing animates borrow their layers'
    /// committed values (`RenderNode.init(kind:borrowing:)`) rather than retain them, so building
    /// and dropping the tree does no reference counting for them. The caller must then read the
    /// tree only until the next commit of any layer in it (a commit replaces the values the
    /// nodes point to) and while the layers are alive, as with the stage's flat frame
    /// (`buildFrame(into:at:)`), which takes the subtrees of layers whose class builds its node
    /// itself this way.
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
                switch layer.frameValues(localTime: local, rate: rate, flippedAbove: parent.flippedAbove) {
                case .committed(let shared):
                    node = RenderNode(kind: layer.renderKind, borrowing: shared)
                    if !borrowingCommittedValues { node.keep(shared.takeUnretainedValue()) }
                case .animated(let box, let transition):
                    // `init(kind:sharing:)` in two steps: in one, the node was copied out of a
                    // temporary (see `keep`). The node retains the layer's box: a value tree may
                    // be kept past the layer's next evaluation, which then uses its other box.
                    node = RenderNode(kind: layer.renderKind, borrowing: box)
                    node.keep(box.takeUnretainedValue())
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

    /// Builds the frame's tree at stage time `time` into `frame` — the layer's subtree as
    /// `renderNode(at:borrowingCommittedValues:)` builds it with borrowed committed values, as
    /// records — and returns the root's record. The stage's frame path.
    ///
    /// The frame borrows every layer's values, retaining nothing: it must be read only until the
    /// next commit of any layer in it, while the layers are alive, and until an animated layer
    /// in it is evaluated again (built into a frame or a value tree), which rewrites the box the
    /// frame reads. The stage builds, draws and clears it in one call.
    package func buildFrame(into frame: RenderFrame, at time: CFTimeInterval) -> Int32 {
        let (parentTime, parentRate) = parentClock(at: time)
        return frame.build(self, from: ParentView(time: parentTime, rate: parentRate, flippedAbove: contentsAreFlipped(), stageTime: time),
                           log: stageContext.diagnostics)
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

    fileprivate var renderKind: RenderNode.Kind { type(of: self).renderKind }

    /// The values a layer's node (or record) reads this frame.
    fileprivate enum FrameValues {
        /// Nothing animates the layer: its committed values, shared by every frame.
        case committed(Unmanaged<LayerStateBox>)
        /// Its presentation values in one of the layer's boxes, not retained (the layer keeps
        /// it; see `PresentationBoxes`), and the transition running on it.
        case animated(Unmanaged<LayerStateBox>, TransitionState?)
    }

    /// The layer's values for a frame at local time `localTime`, its clock running at `rate`,
    /// under content flipped or not (`flippedAbove`).
    @inline(__always)
    fileprivate func frameValues(localTime: Double, rate: Double, flippedAbove: Bool) -> FrameValues {
        if presentationEntries.isEmpty, let shared = sharedRenderState(flippedAbove: flippedAbove) {
            return .committed(shared)
        }
        let (box, transition) = animatedRenderState(localTime: localTime, rate: rate, flippedAbove: flippedAbove)
        return .animated(box, transition)
    }

    /// The old side of the running transition, if any.
    fileprivate var runningTransitionSnapshot: PresentationSnapshot? {
        animationEntries.last(where: { $0.animation is CATransition })?.transitionSnapshot
    }

    /// The layer's local time and rate when its superlayer's local time is `parentTime` and runs
    /// at `parentRate`.
    fileprivate func localClock(parentTime: Double, parentRate: Double) -> (local: Double, rate: Double) {
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

// MARK: - The stage's frame, flat

extension RenderFrame {
    /// A layer whose sublayers, then mask, are being visited.
    struct VisitingLayer {
        /// Not retained: the walk reads a tree that nothing changes while it runs (see
        /// `build(_:from:log:)`).
        let layer: Unmanaged<CALayer>
        let record: Int32
        /// Where the layer's built sublayers start in `builtChildren`.
        let firstBuilt: Int
        var nextSublayer = 0
        var visitingMask = false
        /// What the sublayers are visited in; the mask is visited in the same, with the
        /// flipping above the layer.
        let sublayerView: CALayer.ParentView
        let flippedAbove: Bool
    }

    /// Adds `root`'s subtree, visited from `parent`, as records; returns the root's record.
    ///
    /// The order of work is the value builder's (`LayerTreeBuilder`), so warnings come in the
    /// same order: a layer is visited, then its sublayers in order (each subtree completely),
    /// then its mask, then it is checked for drawing. A layer whose class builds its node itself
    /// (`buildsRenderNodeItself`) is built with its subtree as a value tree, kept and flattened.
    ///
    /// Layers are read without retaining them (an atomic increment and decrement per layer per
    /// frame, each waiting for pending stores, otherwise): the walk holds unretained references
    /// to layers whose superlayers hold them, and no code it runs changes the tree (evaluation
    /// writes presentation values only; a change to the tree would be a model change, which
    /// commits with a later transaction).
    func build(_ root: CALayer, from parent: CALayer.ParentView, log: DiagnosticLog) -> Int32 {
        visiting.removeAll()
        builtChildren.removeAll()
        builtRoot = -1
        visit(Unmanaged.passUnretained(root), from: parent, log: log)
        while visiting.count > 0 {
            let top = visiting.base + visiting.count - 1
            let next = top.pointee.nextSublayer
            if let child = top.pointee.layer._withUnsafeGuaranteedRef({ $0.unretainedSublayer(at: next) }) {
                top.pointee.nextSublayer = next + 1
                visit(child, from: top.pointee.sublayerView, log: log)
                continue
            }
            if !top.pointee.visitingMask, let mask = top.pointee.layer._withUnsafeGuaranteedRef({ $0.unretainedMask }) {
                top.pointee.visitingMask = true
                var view = top.pointee.sublayerView
                view.flippedAbove = top.pointee.flippedAbove
                visit(mask, from: view, log: log)
                continue
            }
            let done = top.pointee
            visiting.removeLast(1)
            setChildren(of: done.record, from: &builtChildren, start: done.firstBuilt)
            checkForDrawing(done.record, of: done.layer, log: log)
            attach(done.record)
        }
        return builtRoot
    }

    /// Visits `layer` from `parent`: adds its record, then finishes it (a leaf, or a layer whose
    /// subtree is built as a value tree) or pushes it to visit its sublayers and mask.
    private func visit(_ layer: Unmanaged<CALayer>, from parent: CALayer.ParentView, log: DiagnosticLog) {
        layer._withUnsafeGuaranteedRef { layer in
            if type(of: layer).buildsRenderNodeItself {
                attach(appendTree(keeping: layer.renderNode(parentTime: parent.time, parentRate: parent.rate,
                                                            flippedAbove: parent.flippedAbove, stageTime: parent.stageTime,
                                                            borrowingCommittedValues: true)))
                return
            }
            let (local, rate) = layer.localClock(parentTime: parent.time, parentRate: parent.rate)
            let index: Int32
            let values = layer.frameValues(localTime: local, rate: rate, flippedAbove: parent.flippedAbove)
            switch consume values {
            case .committed(let shared):
                index = append(shared._withUnsafeGuaranteedRef { UnsafePointer($0.pointer) }, kind: layer.renderKind)
            case .animated(let box, let transition):
                // Borrowed like committed values: the layer keeps the box, and evaluates into it
                // again only in a later frame, after this one is cleared (see `buildFrame`).
                index = append(box._withUnsafeGuaranteedRef { UnsafePointer($0.pointer) }, kind: layer.renderKind)
                if let transition {
                    setTransition(transition, of: index)
                    if let snapshot = layer.runningTransitionSnapshot {
                        let old = appendTree(keeping: RenderNode(snapshot, log: log))
                        record(index).pointee.snapshot = old
                    }
                }
            }
            if layer.sublayerStorage?.isEmpty ?? true, layer.maskStorage == nil {
                // A leaf (most layers) is finished at once, never pushed.
                checkForDrawing(index, of: Unmanaged.passUnretained(layer), log: log)
                attach(index)
                return
            }
            // Read only for a layer with sublayers: the field is one more cache line of the state.
            let flipsBelow = parent.flippedAbove != record(index).pointee.statePointer.pointee.isGeometryFlipped
            visiting.append(VisitingLayer(
                layer: Unmanaged.passUnretained(layer), record: index, firstBuilt: builtChildren.count,
                sublayerView: CALayer.ParentView(time: local, rate: rate, flippedAbove: flipsBelow, stageTime: parent.stageTime),
                flippedAbove: parent.flippedAbove))
        }
    }

    /// `checkForDrawing(_:layerName:log:)` for `layer`'s record, whose name is read only for a
    /// warning. The checked flag is tested here, so values checked before cost no call (and the
    /// layer is not retained for the name's closure).
    @inline(__always)
    private func checkForDrawing(_ record: Int32, of layer: Unmanaged<CALayer>, log: DiagnosticLog) {
        guard !LayerStateBox.isCheckedForDrawing(values: self.record(record).pointee.statePointer) else { return }
        checkForDrawing(record, layerName: layer._withUnsafeGuaranteedRef { $0.name }, log: log)
    }

    /// Takes a finished record where it belongs: among the sublayers built so far of the layer
    /// being visited, as its mask, or as the root.
    private func attach(_ finished: Int32) {
        guard visiting.count > 0 else { builtRoot = finished; return }
        let top = visiting.base + visiting.count - 1
        if top.pointee.visitingMask {
            record(top.pointee.record).pointee.mask = finished
        } else {
            builtChildren.append(finished)
        }
    }
}

extension CALayer {
    /// Sublayer `index`, not retained, or nil past the last: read in place, for walks over a
    /// tree that does not change while they run.
    @inline(__always)
    fileprivate final func unretainedSublayer(at index: Int) -> Unmanaged<CALayer>? {
        guard let sublayers = sublayerStorage, index < sublayers.count else { return nil }
        return Unmanaged.passUnretained(sublayers[index])
    }

    /// The mask layer, not retained (see `unretainedSublayer(at:)`).
    @inline(__always)
    fileprivate final var unretainedMask: Unmanaged<CALayer>? {
        guard let mask = maskStorage else { return nil }
        return Unmanaged.passUnretained(mask)
    }
}
