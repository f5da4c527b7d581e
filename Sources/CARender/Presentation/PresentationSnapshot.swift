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
    /// The render node of a snapshot: drawable geometry only, as for a live layer.
    init(_ snapshot: PresentationSnapshot) {
        self.init(kind: snapshot.kind, state: snapshot.state, sublayers: snapshot.sublayers.map(RenderNode.init),
                  mask: snapshot.mask.map(RenderNode.init))
        transition = snapshot.transition
        transitionSnapshot = snapshot.transitionSnapshot.map(RenderNode.init)
        hideIfNotFinite(layerName: snapshot.layerName)
        warnAboutUnrenderedSettings(layerName: snapshot.layerName)
    }
}
