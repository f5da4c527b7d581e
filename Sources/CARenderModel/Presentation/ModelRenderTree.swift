import Foundation

extension CALayer {
    /// The subtree as its model values describe it, without animations or transitions: what
    /// `render(in:)` draws ("renders directly from the layer tree", Apple's `render(in:)`).
    package func modelRenderNode() -> RenderNode {
        var node = RenderNode(kind: type(of: self).renderKind, state: modelState,
                              sublayers: (sublayers ?? []).map { $0.modelRenderNode() },
                              mask: mask.map { [$0.modelRenderNode()] } ?? [])
        node.hideIfNotFinite(layerName: name, log: stageContext.diagnostics)
        return node
    }
}
