import Foundation
import CARenderGeometry

// From the layer tree to what the compositor draws: each layer's presentation values at a given
// stage time (every attached animation evaluated over the committed model values), gathered into
// `RenderNode`s. The time is always passed in; nothing here reads the clock.
//
// The tree is built flat, in one walk (`buildFrame(into:at:)`: records in a `RenderFrame`, the
// stage's kept between frames); `renderNode(at:borrowingCommittedValues:)` makes the same tree
// as values from such a frame, for tests and tools. Layer classes that draw more than their
// values add it to their record during the walk (`contributeToFrame`); a replicator's instances
// are built by the walk.
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
//   read where the layer keeps it (`withModelValues`). Only a replicator's animated sublayers,
//   evaluated once per instance in the same frame, have their boxes held by the frame (`hold`).
// - Animations evaluate from compiled records (`PresentationEntry`, `CompiledEvaluation`):
//   basic and spring animations and keyframe values of numbers, points, sizes, rectangles,
//   transforms and their fields (`transform.rotation.z` included), paths, and groups of these;
//   other kinds evaluate themselves, allocation-free but slower.
// - No strings per layer: names for warnings are read only when there is a warning.

extension CALayer {
    /// The layer's subtree as the compositor should draw it at stage time `time`, as values:
    /// the frame `buildFrame(into:at:)` builds, made into nodes (`RenderFrame.valueTree(at:)`).
    ///
    /// With `borrowingCommittedValues`, the nodes of layers nothing animates borrow their layers'
    /// committed values (`RenderNode.init(kind:borrowing:)`) rather than retain them, so building
    /// and dropping the tree does no reference counting for them. The caller must then read the
    /// tree only until the next commit of any layer in it (a commit replaces the values the
    /// nodes point to) and while the layers are alive, as with the stage's frame.
    package func renderNode(at time: CFTimeInterval, borrowingCommittedValues: Bool = false) -> RenderNode {
        let frame = RenderFrame(valueTreeBorrowingCommittedValues: borrowingCommittedValues)
        return frame.valueTree(at: buildFrame(into: frame, at: time))
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

    /// Builds the frame's tree at stage time `time` into `frame` — the layer's subtree with
    /// presentation values and running transitions, as records — and returns the root's record.
    /// The stage's frame path, and the one walk of the layer tree for drawing (value trees are
    /// made from its frames).
    ///
    /// The frame borrows the layers' values (all but animated layers' in a replicator's
    /// instances, whose boxes it holds): it must be read only until the next commit of any layer
    /// in it, while the layers are alive, and until an animated layer in it is evaluated again
    /// (built into a frame or a value tree), which rewrites the box the frame reads. The stage
    /// builds, draws and clears it in one call.
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
        return PresentedValues(state: state, transition: transition, customValues: customValues ?? [:])
    }

    /// Applies every attached animation, in `animationKeys()` order, at the layer's local time
    /// `localTime` to the values at `values`, which hold the layer's committed values (its
    /// model values if it was never committed) wherever an animation may write; returns the
    /// running transition and the presentation values of the layer subclass's own keys (nil
    /// when none is animated).
    ///
    /// An animation past its end with `isRemovedOnCompletion` contributes nothing even before
    /// the stage has delivered its stop, so presentation is a pure function of time. Animations
    /// whose zero `beginTime` awaits the commit are not shown yet. `rate` is how fast the layer's
    /// clock runs against the stage clock: 0 when stopped (a speed-0 layer or ancestor),
    /// negative when running backwards, in which case an animation has ended once its clock is
    /// back before its start.
    func applyAnimations(localTime: Double, rate: Double, to values: UnsafeMutablePointer<LayerState>)
        -> (transition: TransitionState?, customValues: [String: AnimatableValue]?) {
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
                let generation = presentationGeneration
                // The entry borrowed, not retained: the record keeps it, and stays.
                Unmanaged.passUnretained(record.pointee.entry)._withUnsafeGuaranteedRef { entry in
                    entry.animation.apply(to: &accumulator, timing: entry.timing, parentTime: localTime)
                }
                assert(generation == presentationGeneration, "evaluating an animation changed the layer's records")
            }
        }
        return (accumulator.transition, accumulator.animatedCustomValues)
    }
}

// MARK: - The stage's frame, flat

extension RenderFrame {
    /// A layer whose sublayers, then mask, are being visited; or a replicator's instance whose
    /// sublayers are.
    struct VisitingLayer {
        /// Not retained: the walk reads a tree that nothing changes while it runs (see
        /// `build(_:from:log:)`). For an instance, its replicator.
        let layer: Unmanaged<CALayer>
        /// The layer's record; for an instance, its wrapper's.
        let record: Int32
        /// Where the layer's built sublayers start in `builtChildren`.
        let firstBuilt: Int
        /// The next sublayer to visit; for a replicator, the next instance.
        var nextSublayer = 0
        var visitingMask = false
        /// What the sublayers are visited in; the mask is visited in the same, with the
        /// flipping above the layer.
        let sublayerView: CALayer.ParentView
        let flippedAbove: Bool
        /// For a replicator, the number of instances its sublayers are visited in; -1 otherwise.
        var instances: Int32 = -1
        /// For an instance, its index; -1 otherwise.
        var instance: Int32 = -1
    }

    /// Adds `root`'s subtree, visited from `parent`, as records; returns the root's record.
    ///
    /// A layer is visited, then its sublayers in order (each subtree completely), then its mask,
    /// then it is checked for drawing: the order warnings come in. A layer whose class
    /// `contributesToFrame` adds to its record when it is visited; a replicator's sublayers are
    /// visited once per instance, each instance completely, under a wrapper record per instance.
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
        instanceDepth = 0
        visit(Unmanaged.passUnretained(root), from: parent, log: log)
        while visiting.count > 0 {
            let top = visiting.base + visiting.count - 1
            let next = top.pointee.nextSublayer
            if top.pointee.instances >= 0 {
                if next < Int(top.pointee.instances) {
                    top.pointee.nextSublayer = next + 1
                    beginInstance(next, of: top.pointee)
                    continue
                }
            } else if let child = top.pointee.layer._withUnsafeGuaranteedRef({ $0.unretainedSublayer(at: next) }) {
                top.pointee.nextSublayer = next + 1
                visit(child, from: top.pointee.sublayerView, log: log)
                continue
            }
            if top.pointee.instance < 0, !top.pointee.visitingMask,
               let mask = top.pointee.layer._withUnsafeGuaranteedRef({ $0.unretainedMask }) {
                top.pointee.visitingMask = true
                var view = top.pointee.sublayerView
                view.flippedAbove = top.pointee.flippedAbove
                visit(mask, from: view, log: log)
                continue
            }
            let done = top.pointee
            visiting.removeLast(1)
            setChildren(of: done.record, from: &builtChildren, start: done.firstBuilt)
            if done.instance >= 0 {
                finishInstance(done)
            } else {
                checkForDrawing(done.record, of: done.layer, log: log)
            }
            attach(done.record)
        }
        return builtRoot
    }

    /// Visits `layer` from `parent`: adds its record, then finishes it (a leaf) or pushes it to
    /// visit its sublayers and mask.
    private func visit(_ layer: Unmanaged<CALayer>, from parent: CALayer.ParentView, log: DiagnosticLog) {
        layer._withUnsafeGuaranteedRef { layer in
            let (local, rate) = layer.localClock(parentTime: parent.time, parentRate: parent.rate)
            let index: Int32
            let values = layer.frameValues(localTime: local, rate: rate, flippedAbove: parent.flippedAbove)
            switch consume values {
            case .committed(let shared):
                index = append(shared._withUnsafeGuaranteedRef { UnsafePointer($0.pointer) }, kind: layer.renderKind)
                if holdsCommittedValues { hold(shared.takeUnretainedValue(), for: index) }
            case .animated(let box, let transition):
                index = append(box._withUnsafeGuaranteedRef { UnsafePointer($0.pointer) }, kind: layer.renderKind)
                // Borrowed like committed values: the layer keeps the box, and evaluates into it
                // again only in a later frame, after this one is cleared (see `buildFrame`) —
                // unless the values must outlive that: a value tree keeps them, and a
                // replicator's next instance evaluates the layer again in this frame. Then the
                // frame holds the box, and the layer fills another.
                if holdsAnimatedValues || instanceDepth > 0 { hold(box.takeUnretainedValue(), for: index) }
                if let transition {
                    setTransition(transition, of: index)
                    if let snapshot = layer.runningTransitionSnapshot {
                        let old = appendTree(keeping: RenderNode(snapshot, log: log))
                        record(index).pointee.snapshot = old
                    }
                }
            }
            if type(of: layer).contributesToFrame {
                visitContributing(layer, index, local: local, rate: rate, from: parent, log: log)
                return
            }
            if layer.sublayerStorage?.isEmpty ?? true, layer.maskStorage == nil {
                // A leaf (most layers) is finished at once, never pushed.
                checkForDrawing(index, of: Unmanaged.passUnretained(layer), log: log)
                attach(index)
                return
            }
            push(layer, index, local: local, rate: rate, from: parent, firstBuilt: builtChildren.count)
        }
    }

    /// Pushes `layer`, whose record is `index`, to visit its sublayers and mask (`instances`: a
    /// replicator's number of instances, its sublayers visited once per instance).
    @inline(__always)
    private func push(_ layer: CALayer, _ index: Int32, local: Double, rate: Double, from parent: CALayer.ParentView,
                      firstBuilt: Int, instances: Int32 = -1) {
        // Read only for a layer with sublayers: the field is one more cache line of the state.
        let flipsBelow = parent.flippedAbove != record(index).pointee.statePointer.pointee.isGeometryFlipped
        visiting.append(VisitingLayer(
            layer: Unmanaged.passUnretained(layer), record: index, firstBuilt: firstBuilt,
            sublayerView: CALayer.ParentView(time: local, rate: rate, flippedAbove: flipsBelow, stageTime: parent.stageTime),
            flippedAbove: parent.flippedAbove, instances: instances))
    }

    /// The rest of `visit` for a layer whose class `contributesToFrame`: its class adds to its
    /// record (sublayers it draws itself come before its own), and a replicator is pushed to
    /// visit its instances.
    private func visitContributing(_ layer: CALayer, _ index: Int32, local: Double, rate: Double, from parent: CALayer.ParentView,
                                   log: DiagnosticLog) {
        let firstBuilt = builtChildren.count
        layer.contributeToFrame(self, record: index, localTime: local, stageTime: parent.stageTime)
        if layer is CAReplicatorLayer {
            let instances = layer.replicatorInstanceCount(record(index).pointee.statePointer)
            push(layer, index, local: local, rate: rate, from: parent, firstBuilt: firstBuilt, instances: Int32(instances))
            return
        }
        if layer.sublayerStorage?.isEmpty ?? true, layer.maskStorage == nil {
            setChildren(of: index, from: &builtChildren, start: firstBuilt)
            checkForDrawing(index, of: Unmanaged.passUnretained(layer), log: log)
            attach(index)
            return
        }
        push(layer, index, local: local, rate: rate, from: parent, firstBuilt: firstBuilt)
    }

    /// Adds a sublayer a layer's class draws itself (a tiled layer's tiles), with values `state`,
    /// in front of none of the layer's own sublayers: called from
    /// `CALayer.contributeToFrame(_:record:localTime:stageTime:)`, for the layer being visited.
    func appendDrawnSublayer(_ state: consuming LayerState) {
        builtChildren.append(append(owning: state, kind: .layer))
    }

    /// Adds instance `i` of the replicator being visited (`replicator`): its wrapper's record,
    /// transformed by the instance transform applied `i` times (one more time than the previous
    /// instance's), and pushes it to visit the replicator's sublayers `i × instanceDelay` seconds
    /// earlier.
    private func beginInstance(_ i: Int, of replicator: VisitingLayer) {
        let values = record(replicator.record).pointee.statePointer
        let transform = i == 0 ? CATransform3DIdentity
            : CATransform3DConcat(record(builtChildren.base[builtChildren.count - 1]).pointee.statePointer.pointee.transform,
                                  values.pointee.replicator.instanceTransform)
        let wrapper = append(owning: LayerState.replicatorInstance(of: values, transform: transform),
                             kind: values.pointee.replicator.preservesDepth ? .transformLayer : .layer)
        var view = replicator.sublayerView
        view.time = replicator.sublayerView.time - Double(i) * values.pointee.replicator.instanceDelay
        visiting.append(VisitingLayer(layer: replicator.layer, record: wrapper, firstBuilt: builtChildren.count,
                                      sublayerView: view, flippedAbove: replicator.flippedAbove, instance: Int32(i)))
        instanceDepth += 1
    }

    /// Finishes an instance whose sublayers are built: multiplies their colours by the
    /// instance's colour. Its replicator is the layer being visited.
    private func finishInstance(_ instance: VisitingLayer) {
        instanceDepth -= 1
        let replicator = visiting.base[visiting.count - 1].record
        let multiplier = record(replicator).pointee.statePointer.pointee.replicator.colorMultiplier(Int(instance.instance))
        if multiplier != SIMD4(repeating: 1) { multiplyColors(below: instance.record, by: multiplier) }
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
