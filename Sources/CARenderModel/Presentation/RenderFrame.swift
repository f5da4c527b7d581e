import CARenderGeometry

// A frame's render tree as plain records in storage its owner keeps between frames.
//
// ## Hot-path contract (every layer, every frame)
// - A frame allocates nothing once warm: records, the child index list and the side tables are
//   cleared, not freed, when the frame is done, and grow only while warming up. No node values
//   with child arrays are built and dropped per layer.
// - A record is plain data (no references): dropping a frame destroys nothing record by record.
//   A record borrows its layer's values, committed or animated (a box the layer owns and
//   reuses), so building and clearing the frame retains and releases nothing for it. The few
//   references the frame must hold — transitions' type strings, value subtrees taken whole,
//   values the frame changed — live in side tables, touched only by the layers that have them.
// - Readers (the compositor, the stage's depth check) read records in place by index, through
//   pointers that stay valid until the frame is cleared or grows; nothing appends to a frame
//   while it is read.

/// A frame's render tree, flattened: one plain record per layer, each layer's sublayers as a run
/// of record indices, and side tables for the little that is not plain data.
///
/// The stage builds its frames into one of these, kept between frames
/// (`CALayer.buildFrame(into:at:)`), the one walk of a layer tree that makes what the compositor
/// draws; a layer's `RenderNode` value tree is made from a built frame (`valueTree(at:)`). A
/// value tree (tests, scenes, benchmarks drawing a tree they built) is flattened into one
/// (`appendTree(_:)`) before the compositor draws it. Not thread-safe: one owner, one thread at
/// a time.
///
/// The storage properties are `@exclusivity(unchecked)`: the run-time check of each access to a
/// class's stored property (`swift_beginAccess`, a thread-local access set) cost about a tenth
/// of the static 1000-layer frame, for properties read per layer. It is safe to leave out: a
/// frame is used by one thread at a time (it is not `Sendable`), and no access overlaps another
/// to the same property — each change is one call on the storage, whose arguments are evaluated
/// before it begins, and readers take element pointers, never a property, across a change.
@usableFromInline
package final class RenderFrame {
    /// One layer of the frame.
    @usableFromInline
    package struct Record {
        /// The layer's presentation values, read in place: a box the layer (its committed values,
        /// or an animated layer's `PresentationBoxes`), a value subtree (`keptTrees`) or `owners`
        /// keeps alive for the frame.
        package var statePointer: UnsafePointer<LayerState>
        package var kind: RenderNode.Kind
        /// Sublayers in `sublayers` order: `children[firstChild ..< firstChild + childCount]`
        /// (the compositor sorts by `zPosition`).
        @usableFromInline package var firstChild: Int32 = 0
        package var childCount: Int32 = 0
        /// The mask layer's record, or -1.
        package var mask: Int32 = -1
        /// The record of the layer's rendering from before its running transition, or -1.
        package var snapshot: Int32 = -1
        /// The running transition, as an index into the frame's transitions, or -1.
        package var transition: Int32 = -1
        /// The box in `owners` holding the frame's own copy of the values, or -1 (borrowed).
        var owner: Int32 = -1
        /// An emitter layer's particles at this moment, not retained: the layer (or the value
        /// node a kept tree's record reads) holds them.
        package var emitter: Unmanaged<EmitterFrame>?

        init(statePointer: UnsafePointer<LayerState>, kind: RenderNode.Kind) {
            self.statePointer = statePointer
            self.kind = kind
        }
    }

    /// The records, in the order they were added: a built layer before its sublayers.
    @usableFromInline @exclusivity(unchecked) package private(set) var records = FrameStorage<Record>()
    /// Sublayer record indices, one run per record (`Record.firstChild`).
    @usableFromInline @exclusivity(unchecked) package private(set) var children = FrameStorage<Int32>()
    /// The transitions running on layers of the frame (`Record.transition`).
    @exclusivity(unchecked) package private(set) var transitions = FrameStorage<TransitionState>()
    /// The frame's own values: copies of values it changed (`mutableState(of:)`) and values a
    /// layer's class made for it (`append(owning:kind:)`).
    @exclusivity(unchecked) private var owners = FrameStorage<LayerStateBox>()
    /// Value subtrees the frame's records point into: transitions' old renderings, and trees
    /// handed to `appendTree(keeping:)`.
    @exclusivity(unchecked) private var keptTrees = FrameStorage<RenderNode>()
    /// The root record of each kept tree, in `keptTrees` order.
    @exclusivity(unchecked) private var keptTreeRecords = FrameStorage<Int32>()
    /// Boxes of values records read that the frame holds only so that they outlive the layers'
    /// next evaluation: for a value tree made from the frame (`valueTree(at:)`, which keeps
    /// them), and animated layers' boxes in a replicator's instances (see `build(_:from:log:)`).
    @exclusivity(unchecked) private var held = FrameStorage<HeldValues>()
    /// Scratch for `multiplyColors(below:by:)`: records waiting for their tint.
    @exclusivity(unchecked) private var tinting = FrameStorage<Int32>()
    /// Scratch for `appendTree(_:)`: nodes waiting for their record.
    @exclusivity(unchecked) private var flattening = FrameStorage<PendingNode>()
    /// Scratch for `build(_:from:log:)`: the layers whose sublayers are being visited, and the
    /// records of their sublayers built so far.
    @exclusivity(unchecked) var visiting = FrameStorage<VisitingLayer>()
    @exclusivity(unchecked) var builtChildren = FrameStorage<Int32>()
    /// The root's record, once built.
    @exclusivity(unchecked) var builtRoot: Int32 = -1
    /// Whether a value tree is made from the frame (`valueTree(at:)`): the frame then holds the
    /// boxes of animated layers' values, which the tree's nodes keep past the layers' next
    /// evaluation.
    let holdsAnimatedValues: Bool
    /// Whether the frame holds the committed values of layers nothing animates, which its records
    /// otherwise borrow: for a value tree whose nodes keep their values
    /// (`CALayer.renderNode(at:borrowingCommittedValues:)`).
    let holdsCommittedValues: Bool
    /// The number of a replicator's instances being visited (see `build(_:from:log:)`).
    @exclusivity(unchecked) var instanceDepth = 0

    /// A frame for the stage, which borrows its layers' values.
    package init() {
        holdsAnimatedValues = false
        holdsCommittedValues = false
    }

    /// A frame a value tree is made from, holding the values its nodes keep: all but the
    /// committed values of layers nothing animates when `borrowingCommittedValues`.
    init(valueTreeBorrowingCommittedValues borrowingCommittedValues: Bool) {
        holdsAnimatedValues = true
        holdsCommittedValues = !borrowingCommittedValues
    }

    deinit {
        records.free()
        children.free()
        transitions.free()
        owners.free()
        keptTrees.free()
        keptTreeRecords.free()
        held.free()
        tinting.free()
        flattening.free()
        visiting.free()
        builtChildren.free()
    }

    /// The number of records.
    package var count: Int { records.count }

    /// The record at `index`, in place.
    @inlinable
    package func record(_ index: Int32) -> UnsafeMutablePointer<Record> {
        records.base + Int(index)
    }

    /// The record index of sublayer `k` of `record`.
    @inlinable
    package func child(_ k: Int32, of record: UnsafePointer<Record>) -> Int32 {
        children.base[Int(record.pointee.firstChild + k)]
    }

    /// The transition running on `record`'s layer, in place, if any.
    package func transition(of record: UnsafePointer<Record>) -> UnsafePointer<TransitionState>? {
        record.pointee.transition >= 0 ? UnsafePointer(transitions.base + Int(record.pointee.transition)) : nil
    }

    /// Empties the frame, keeping its storage: releases what the side tables hold (the
    /// transitions, value subtrees and copied values of this frame).
    package func removeAll() {
        records.removeAll()
        children.removeAll()
        transitions.removeAll()
        owners.removeAll()
        keptTrees.removeAll()
        keptTreeRecords.removeAll()
        held.removeAll()
    }

    // MARK: - Building

    /// Adds a record reading `statePointer`; returns its index.
    func append(_ statePointer: UnsafePointer<LayerState>, kind: RenderNode.Kind) -> Int32 {
        records.append(Record(statePointer: statePointer, kind: kind))
        return Int32(records.count - 1)
    }

    /// Adds a record reading `state`, which the frame keeps in a box of its own (values a layer's
    /// class makes for the frame: a replicator's instances, a tiled layer's tiles); returns its
    /// index.
    func append(owning state: consuming LayerState, kind: RenderNode.Kind) -> Int32 {
        let box = LayerStateBox(state)
        let index = append(UnsafePointer(box.pointer), kind: kind)
        owners.append(box)
        record(index).pointee.owner = Int32(owners.count - 1)
        return index
    }

    /// A box the frame holds (`held`), and the record that reads it.
    struct HeldValues {
        let record: Int32
        let box: LayerStateBox
    }

    /// Makes the frame hold `box` — the values `record` reads — until it is cleared.
    func hold(_ box: LayerStateBox, for record: Int32) {
        held.append(HeldValues(record: record, box: box))
    }

    /// Records `transition` as running on `record`'s layer.
    func setTransition(_ transition: TransitionState, of record: Int32) {
        transitions.append(transition)
        self.record(record).pointee.transition = Int32(transitions.count - 1)
    }

    /// Gives `record` the sublayers at `pending[from...]` (record indices, in order), then
    /// drops them from `pending`.
    func setChildren(of record: Int32, from pending: inout FrameStorage<Int32>, start: Int) {
        let first = Int32(children.count)
        var k = start
        while k < pending.count {
            children.append(pending.base[k])
            k += 1
        }
        self.record(record).pointee.firstChild = first
        self.record(record).pointee.childCount = Int32(pending.count - start)
        pending.removeLast(pending.count - start)
    }

    /// `record`'s values for writing: what `RenderNode.state` does for a node — borrowed values
    /// (a layer's committed values, an animated layer's box, a value subtree's) are copied into a
    /// box of the frame's own first. Marks them unchecked for drawing.
    func mutableState(of record: Int32) -> UnsafeMutablePointer<LayerState> {
        let r = self.record(record)
        if r.pointee.owner < 0 {
            let copy = LayerStateBox(r.pointee.statePointer.pointee)
            owners.append(copy)
            r.pointee.owner = Int32(owners.count - 1)
            r.pointee.statePointer = UnsafePointer(copy.pointer)
        }
        LayerStateBox.setCheckedForDrawing(false, values: r.pointee.statePointer)
        return UnsafeMutablePointer(mutating: r.pointee.statePointer)
    }

    /// Hides `record`'s layer when its geometry is not finite and warns about settings carender
    /// does not draw, unless its values were checked already: the same shared committed values,
    /// frame after frame. Each warning is said once per layer and problem either way.
    func checkForDrawing(_ record: Int32, layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        let values = self.record(record).pointee.statePointer
        guard !LayerStateBox.isCheckedForDrawing(values: values) else { return }
        if let warning = values.nonFiniteWarning(layerName: layerName()) {
            log.warnOnce(warning)
            mutableState(of: record).pointee.isHidden = true
        }
        self.record(record).pointee.statePointer.warnAboutUnrenderedSettings(layerName: layerName(), log: log)
        LayerStateBox.setCheckedForDrawing(true, values: self.record(record).pointee.statePointer)
    }

    // MARK: - Value trees

    /// A node of a value tree waiting for its record, and where the record's index goes.
    struct PendingNode {
        var node: UnsafePointer<RenderNode>
        /// The record whose sublayer, mask or snapshot the node is (-1: the tree's root).
        var parent: Int32
        /// For a sublayer, its index in `children`; `maskSlot` or `snapshotSlot` otherwise.
        var slot: Int
        static let maskSlot = -1
        static let snapshotSlot = -2
    }

    /// Adds `tree` as records; returns its root's record. The frame keeps `tree` (its nodes hold
    /// the values and emitter frames the records point to) until it is cleared.
    @discardableResult
    package func appendTree(keeping tree: consuming RenderNode) -> Int32 {
        keptTrees.append(tree)
        let root = appendTree(UnsafePointer(keptTrees.base + keptTrees.count - 1))
        keptTreeRecords.append(root)
        return root
    }

    /// Adds the tree at `root` as records; returns its root's record. The tree must outlive the
    /// frame's use and not change (the records read its nodes' values in place). Built without
    /// recursion, as trees are: depth is bounded by memory.
    package func appendTree(_ root: UnsafePointer<RenderNode>) -> Int32 {
        let rootRecord = Int32(records.count)
        flattening.append(PendingNode(node: root, parent: -1, slot: 0))
        while flattening.count > 0 {
            let pending = flattening.base[flattening.count - 1]
            flattening.removeLast(1)
            let node = pending.node
            let index = append(node.pointee.statePointer, kind: node.pointee.kind)
            switch pending.slot {
            case PendingNode.maskSlot: self.record(pending.parent).pointee.mask = index
            case PendingNode.snapshotSlot: self.record(pending.parent).pointee.snapshot = index
            default: if pending.parent >= 0 { children.base[pending.slot] = index }
            }
            if let transition = node.pointee.transition { setTransition(transition, of: index) }
            if let emitter = node.pointee.emitter { self.record(index).pointee.emitter = Unmanaged.passUnretained(emitter) }
            let sublayers = node.pointee.sublayers.count
            if sublayers > 0 {
                let first = children.count
                var k = 0
                while k < sublayers { children.append(-1); k += 1 }
                self.record(index).pointee.firstChild = Int32(first)
                self.record(index).pointee.childCount = Int32(sublayers)
                // Pushed last to first, so records come in sublayer order.
                k = sublayers - 1
                while k >= 0 {
                    flattening.append(PendingNode(node: Self.element(node.pointee.sublayers, k), parent: index, slot: first + k))
                    k -= 1
                }
            }
            if !node.pointee.mask.isEmpty {
                flattening.append(PendingNode(node: Self.element(node.pointee.mask, 0), parent: index, slot: PendingNode.maskSlot))
            }
            if !node.pointee.transitionSnapshot.isEmpty {
                flattening.append(PendingNode(node: Self.element(node.pointee.transitionSnapshot, 0), parent: index,
                                              slot: PendingNode.snapshotSlot))
            }
        }
        return rootRecord
    }

    /// The subtree of record `root` as a value tree: nodes holding what the records read (boxes
    /// the frame owns or holds, kept trees) and borrowing the rest (committed values the frame
    /// did not hold: see `holdsCommittedValues`). Built without recursion.
    package func valueTree(at root: Int32) -> RenderNode {
        var keptRoots: [Int32: Int] = [:]
        for k in 0..<keptTreeRecords.count { keptRoots[keptTreeRecords.base[k]] = k }
        var heldBoxes: [Int32: LayerStateBox] = [:]
        for k in 0..<held.count { heldBoxes[held.base[k].record] = held.base[k].box }
        return LayerTreeBuilder<Int32, RenderNode, Void>.build(root, in: (),
            visit: { index, _, children in
                if let kept = keptRoots[index] { return keptTrees.base[kept] }
                let r = record(index)
                var node: RenderNode
                if r.pointee.owner >= 0 {
                    node = RenderNode(kind: r.pointee.kind, sharing: owners.base[Int(r.pointee.owner)])
                } else if let box = heldBoxes[index], UnsafePointer(box.pointer) == r.pointee.statePointer {
                    node = RenderNode(kind: r.pointee.kind, sharing: box)
                } else {
                    node = RenderNode(kind: r.pointee.kind, borrowing: r.pointee.statePointer)
                }
                if let transition = transition(of: r) { node.transition = transition.pointee }
                if r.pointee.snapshot >= 0, let kept = keptRoots[r.pointee.snapshot] {
                    node.transitionSnapshot = [keptTrees.base[kept]]
                }
                node.emitter = r.pointee.emitter?.takeUnretainedValue()
                children = .init(sublayers: (0..<r.pointee.childCount).map { child($0, of: r) }, sublayerContext: (),
                                 mask: r.pointee.mask >= 0 ? r.pointee.mask : nil, maskContext: ())
                return node
            },
            finish: { _, node, sublayers, mask in
                if !sublayers.isEmpty { node.sublayers = sublayers }
                if let mask { node.mask = [mask] }
            })
    }

    /// Multiplies every colour the subtrees of `record`'s sublayers draw with by `m`
    /// (`LayerState.multiplyColors(by:)`): a replicator's instance colour. Masks and
    /// transitions' old renderings keep theirs.
    func multiplyColors(below record: Int32, by m: SIMD4<Double>) {
        tinting.removeAll()
        tinting.append(record)
        var first = true
        while tinting.count > 0 {
            let index = tinting.base[tinting.count - 1]
            tinting.removeLast(1)
            if first { first = false } else { mutableState(of: index).pointee.multiplyColors(by: m) }
            let r = self.record(index)
            var k: Int32 = 0
            while k < r.pointee.childCount { tinting.append(child(k, of: r)); k += 1 }
        }
    }

    /// The address of `nodes[index]`, valid while the array is neither changed nor released.
    private static func element(_ nodes: [RenderNode], _ index: Int) -> UnsafePointer<RenderNode> {
        nodes.withUnsafeBufferPointer { $0.baseAddress! + index }
    }
}

/// Elements at an address that stays put until the storage grows, kept (not freed) when
/// emptied: a frame's storage that is reused frame after frame. Its owner frees it.
@usableFromInline
package struct FrameStorage<Element> {
    @usableFromInline package private(set) var base: UnsafeMutablePointer<Element>
    @usableFromInline package private(set) var count = 0
    @usableFromInline var capacity: Int
    /// Room for a small tree before the first growth.
    private static var initialCapacity: Int { 16 }

    package init() {
        capacity = Self.initialCapacity
        base = .allocate(capacity: capacity)
    }

    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends an element that `initialize` makes where it stays: a large element is not built
    /// in a temporary and copied, as passing it to `append(_:)` would.
    @inlinable
    package mutating func append(initializingWith initialize: (UnsafeMutablePointer<Element>) -> Void) {
        if count == capacity { grow() }
        initialize(base + count)
        count += 1
    }

    /// Drops the last `k` elements.
    mutating func removeLast(_ k: Int) {
        (base + count - k).deinitialize(count: k)
        count -= k
    }

    @inlinable
    package mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Twice the room, elements moved (so addresses taken before are stale).
    @usableFromInline mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Releases the storage (the owner's `deinit`).
    package func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
