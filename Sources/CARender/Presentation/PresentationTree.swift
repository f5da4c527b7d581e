extension CALayer {
    /// The layer's subtree as the compositor should draw it now.
    func renderNode() -> RenderNode {
        RenderNode(
            kind: self is CATransformLayer ? .transformLayer : .layer,
            state: modelState,
            sublayers: (sublayers ?? []).map { $0.renderNode() },
            mask: mask.map { [$0.renderNode()] } ?? [])
    }
}
