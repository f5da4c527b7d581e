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
    /// The layer's values, held by reference: a node shares its layer's committed values while
    /// nothing animates it (see `CALayer.sharedRenderState(flippedAbove:)`), so building and
    /// dropping the node retains one object rather than every reference in the state, and moving
    /// a node moves a few words. Changed through `state`, which copies them first when shared.
    private var box: LayerStateBox
    /// The layer's presentation values.
    package var state: LayerState {
        unsafeAddress { statePointer }
        unsafeMutableAddress {
            if !isKnownUniquelyReferenced(&box) {
                box = LayerStateBox(box.pointer.pointee)
                statePointer = UnsafePointer(box.pointer)
            }
            box.isCheckedForDrawing = false
            return box.pointer
        }
    }
    /// Where `state` is (`box`'s values), for reading it in place for as long as the node (or
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

    /// A node whose values are `box`'s, shared until the node changes them.
    package init(kind: Kind = .layer, sharing box: LayerStateBox, sublayers: [RenderNode] = [], mask: [RenderNode] = []) {
        self.kind = kind
        self.box = box
        statePointer = UnsafePointer(box.pointer)
        self.sublayers = sublayers
        self.mask = mask
    }
}

/// A `LayerState` on the heap, at an address that stays put for the box's life, shared by the
/// render nodes of several frames (and the layer that made it) until one of them changes it.
package final class LayerStateBox {
    package let pointer: UnsafeMutablePointer<LayerState>
    /// Whether the values were checked for drawing (`RenderNode.checkForDrawing`) since they
    /// last changed: set by the check; cleared by every write through a node's `state` and when
    /// a layer swaps new values in. A layer nothing animates hands every frame the same box of
    /// its committed values, so they are checked once rather than every frame (the check reads
    /// some ten cache lines of state per layer).
    var isCheckedForDrawing = false

    package init(_ state: consuming LayerState) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: state)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

extension RenderNode {
    /// Hides the node when its geometry is not finite and warns about settings carender does not
    /// draw (`hideIfNotFinite`, `warnAboutUnrenderedSettings`), unless its values were checked
    /// already: the same shared committed values, frame after frame. Each warning is said once
    /// per layer and problem either way.
    mutating func checkForDrawing(layerName: @autoclosure () -> String?, log: DiagnosticLog) {
        guard !box.isCheckedForDrawing else { return }
        hideIfNotFinite(layerName: layerName(), log: log)
        warnAboutUnrenderedSettings(layerName: layerName(), log: log)
        box.isCheckedForDrawing = true
    }
}
