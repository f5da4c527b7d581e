import CARenderGeometry
/// One layer of the tree handed to the compositor: presentation values and children, all plain
/// values. Nothing in it refers back to the model.
package struct RenderNode {
    /// How a layer treats its sublayers.
    package enum Kind: Sendable, Equatable {
        /// A plain layer: draws itself and flattens its sublayers into its plane.
        case layer
        /// A `CATransformLayer`: draws nothing itself; sublayers stay in the parent's 3D space.
        case transformLayer
        /// A `CAShapeLayer`: draws `state.shape` over its background.
        case shapeLayer
        /// A `CAGradientLayer`: fills its background shape with `state.gradient`.
        case gradientLayer
        /// A `CATextLayer`: draws its string (from `state.text`) over its contents.
        case textLayer
        /// A `CAEmitterLayer`: draws its particles (`emitter`) over its background.
        case emitterLayer
    }

    package var kind: Kind
    /// The box holding the layer's values, retained, when the node keeps them alive; nil when
    /// the node borrows them (see `init(kind:borrowing:)`). A node shares its layer's committed
    /// values while nothing animates it (see `CALayer.sharedRenderState(flippedAbove:)`), so
    /// building and dropping the node copies no state and retains none of the references in it,
    /// and moving a node moves a few words. Changed through `state`, which copies the values
    /// into a box of the node's own first unless the node alone owns them.
    private var owner: LayerStateBox? = nil
    /// The layer's presentation values.
    package var state: LayerState {
        unsafeAddress { statePointer }
        unsafeMutableAddress {
            // A borrowed box (no owner) is never written: it is its layer's committed values.
            if !isKnownUniquelyReferenced(&owner) {
                let copy = LayerStateBox(statePointer.pointee)
                owner = copy
                statePointer = UnsafePointer(copy.pointer)
            }
            LayerStateBox.setCheckedForDrawing(false, values: statePointer)
            return UnsafeMutablePointer(mutating: statePointer)
        }
    }
    /// Where `state` is (its box's values), for reading it in place for as long as the node (or
    /// its tree) lives: binding `state` to a local would copy it, retaining every reference it
    /// holds. Stored, so that reading it through a pointer to the node copies nothing (a
    /// computed property called from another module would copy the node).
    package private(set) var statePointer: UnsafePointer<LayerState>
    /// Sublayers in `sublayers` order (the compositor sorts by `zPosition`).
    package var sublayers: [RenderNode]
    /// The mask layer, when there is one (0 or 1 elements).
    package var mask: [RenderNode]
    /// The transition running on the layer at this moment, if any (its progress; the old
    /// rendering to blend from is the compositor's to keep).
    package var transition: TransitionState?
    /// The layer's rendering from before its running `transition`: its subtree as committed when
    /// the transition was added (0 or 1 elements). The compositor blends from it to this node;
    /// without it the old side draws nothing.
    package var transitionSnapshot: [RenderNode] = []
    /// An emitter layer's particles at this moment (shared with the layer, refilled each frame).
    package var emitter: EmitterFrame?

    package init(kind: Kind = .layer, state: LayerState, sublayers: [RenderNode] = [], mask: [RenderNode] = []) {
        self.init(kind: kind, sharing: LayerStateBox(state), sublayers: sublayers, mask: mask)
    }

    /// A node whose values are `box`'s, shared until the node changes them; the node keeps the
    /// box alive.
    package init(kind: Kind = .layer, sharing box: LayerStateBox, sublayers: [RenderNode] = [], mask: [RenderNode] = []) {
        self.kind = kind
        owner = box
        statePointer = UnsafePointer(box.pointer)
        self.sublayers = sublayers
        self.mask = mask
    }

    /// A node reading the values at `values`, a box's, which the node neither retains nor
    /// releases: the caller guarantees that the box outlives the node (and every copy of it) and
    /// is not changed while the node is read. A change through `state` copies the values into a
    /// box of the node's own. This is how a value tree shares committed values without reference
    /// counting (see `CALayer.renderNode(at:borrowingCommittedValues:)`).
    package init(kind: Kind = .layer, borrowing values: UnsafePointer<LayerState>) {
        self.kind = kind
        statePointer = values
        sublayers = []
        mask = []
    }
}

/// A `LayerState` on the heap, at an address that stays put for the box's life, shared by the
/// render nodes of several frames (and the layer that made it) until one of them changes it.
package final class LayerStateBox {
    /// The values, preceded in the same allocation by the flag `isCheckedForDrawing`, so that a
    /// node reaches the flag from the values' address alone (without a reference to the box),
    /// on the cache line of the state's first fields (bounds, position), which a frame reads
    /// anyway: after the ~1.3 KB state it was one more cache miss per layer per frame.
    package let pointer: UnsafeMutablePointer<LayerState>
    /// Bytes before the values: the flag, padded so the values keep their alignment.
    private static let flagPrefix = max(MemoryLayout<LayerState>.alignment, MemoryLayout<Bool>.size)

    /// Whether the values were checked for drawing (`RenderFrame.checkForDrawing`) since they
    /// last changed: set by the check; cleared by every write through a node's `state` and when
    /// a layer swaps new values in. A layer nothing animates hands every frame the same box of
    /// its committed values, so they are checked once rather than every frame (the check reads
    /// some ten cache lines of state per layer).
    var isCheckedForDrawing: Bool {
        get { Self.isCheckedForDrawing(values: pointer) }
        set { Self.setCheckedForDrawing(newValue, values: pointer) }
    }

    /// `isCheckedForDrawing` of the box whose values are at `values`.
    static func isCheckedForDrawing(values: UnsafePointer<LayerState>) -> Bool {
        UnsafeRawPointer(values).load(fromByteOffset: -flagPrefix, as: Bool.self)
    }

    static func setCheckedForDrawing(_ checked: Bool, values: UnsafePointer<LayerState>) {
        UnsafeMutableRawPointer(mutating: values).storeBytes(of: checked, toByteOffset: -flagPrefix, as: Bool.self)
    }

    package init(_ state: consuming LayerState) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.flagPrefix + MemoryLayout<LayerState>.size,
                                                      alignment: MemoryLayout<LayerState>.alignment)
        memory.storeBytes(of: false, as: Bool.self)
        pointer = (memory + Self.flagPrefix).bindMemory(to: LayerState.self, capacity: 1)
        pointer.initialize(to: state)
    }

    deinit {
        pointer.deinitialize(count: 1)
        (UnsafeMutableRawPointer(pointer) - Self.flagPrefix).deallocate()
    }
}
