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
    package var state: LayerState
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
        self.kind = kind
        self.state = state
        self.sublayers = sublayers
        self.mask = mask
    }
}
