import CARenderGeometry
/// A layer subtree's presentation at one moment, kept as plain values: what a transition
/// animates away from. The model keeps it with the transition; render nodes are built from it
/// only on the way to the compositor.
package struct PresentationSnapshot {
    var kind: RenderNode.Kind
    /// Presentation values, `contentsAreFlipped` resolved.
    var state: LayerState
    /// The layer's name, for warnings about what cannot be drawn.
    var layerName: String?
    /// A transition that was running in the subtree at that moment, and its own old side.
    var transition: TransitionState?
    var transitionSnapshot: [PresentationSnapshot]
    var sublayers: [PresentationSnapshot]
    var mask: [PresentationSnapshot]
}

extension RenderNode {
    /// The render node of a snapshot: drawable geometry only, as for a live layer. Built without
    /// recursion, as live layers are.
    init(_ snapshot: PresentationSnapshot, log: DiagnosticLog) {
        self = LayerTreeBuilder<PresentationSnapshot, RenderNode, Void>.build(snapshot, in: (),
            visit: { snapshot, _, children in
                var node = RenderNode(kind: snapshot.kind, state: snapshot.state)
                node.transition = snapshot.transition
                node.transitionSnapshot = snapshot.transitionSnapshot.map { RenderNode($0, log: log) }
                children = .init(sublayers: snapshot.sublayers, sublayerContext: (),
                             mask: snapshot.mask.first, maskContext: ())
                return node
            },
            finish: { snapshot, node, sublayers, mask in
                node.sublayers = sublayers
                node.mask = mask.map { [$0] } ?? []
                node.hideIfNotFinite(layerName: snapshot.layerName, log: log)
                node.warnAboutUnrenderedSettings(layerName: snapshot.layerName, log: log)
            })
    }
}
