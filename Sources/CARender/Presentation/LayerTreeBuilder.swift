/// Builds one tree from another bottom-up (render nodes, presentation snapshots and presentation
/// copies from layers; render nodes from snapshots) with an explicit stack instead of one call
/// per level: a layer tree may be nested as deep as memory allows, far deeper than a thread's
/// stack would carry a recursive walk (a few hundred decorated levels overflowed it).
///
/// Order of work matches the recursive walk it replaces: a node is visited, then its sublayers
/// in order (each subtree completely), then its mask; `finish` runs once every child is built,
/// so warnings come in the same order.
struct LayerTreeBuilder<Source, Node, Context> {
    /// What visiting one source node yields: its own node (children not attached yet) and
    /// what its sublayers and mask are visited with.
    struct Visit {
        var node: Node
        /// The sublayers to build, in order.
        var sublayers: [Source]
        /// The context the sublayers are visited in (for layers: the layer's local time, rate
        /// and flipping).
        var sublayerContext: Context
        var mask: Source?
        var maskContext: Context
    }

    /// Visits one source node in the context its parent gives it.
    let visit: (Source, Context) -> Visit
    /// Attaches the built children to a node (its source is passed for names in warnings).
    let finish: (Source, inout Node, _ sublayers: [Node], _ mask: Node?) -> Void

    /// A node waiting for its children.
    private struct Pending {
        let source: Source
        var visit: Visit
        var nextSublayer = 0
        var builtSublayers: [Node] = []
        var builtMask: Node?
        var visitingMask = false

        init(source: Source, visit: Visit) {
            self.source = source
            self.visit = visit
            if !visit.sublayers.isEmpty { builtSublayers.reserveCapacity(visit.sublayers.count) }
        }
    }

    /// The tree built from `root`, visited in `context`.
    func build(_ root: Source, in context: Context) -> Node {
        var stack = [Pending(source: root, visit: visit(root, context))]
        while true {
            let top = stack.count - 1
            let next = stack[top].nextSublayer
            if next < stack[top].visit.sublayers.count {
                let child = stack[top].visit.sublayers[next]
                stack[top].nextSublayer = next + 1
                stack.append(Pending(source: child, visit: visit(child, stack[top].visit.sublayerContext)))
                continue
            }
            if !stack[top].visitingMask, let mask = stack[top].visit.mask {
                stack[top].visitingMask = true
                stack.append(Pending(source: mask, visit: visit(mask, stack[top].visit.maskContext)))
                continue
            }
            var done = stack.removeLast()
            finish(done.source, &done.visit.node, done.builtSublayers, done.builtMask)
            guard let parent = stack.indices.last else { return done.visit.node }
            if stack[parent].visitingMask {
                stack[parent].builtMask = done.visit.node
            } else {
                stack[parent].builtSublayers.append(done.visit.node)
            }
        }
    }
}
