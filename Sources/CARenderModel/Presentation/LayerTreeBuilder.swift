/// Builds one tree from another bottom-up (presentation snapshots and presentation copies from
/// layers; render nodes from snapshots and from a frame's records) with an explicit stack instead of one call
/// per level: a layer tree may be nested as deep as memory allows, far deeper than a thread's
/// stack would carry a recursive walk (a few hundred decorated levels overflowed it).
///
/// Order of work matches the recursive walk it replaces: a node is visited, then its sublayers
/// in order (each subtree completely), then its mask; `finish` runs once every child is built,
/// so warnings come in the same order.
enum LayerTreeBuilder<Source, Node, Context> {
    /// What visiting one source node yields besides its own node: what its sublayers and mask
    /// are visited with. `visit` fills it in and returns the node alone, so the node (a large
    /// value) is built in place rather than copied out of a tuple.
    struct Children {
        /// The sublayers to build, in order.
        var sublayers: [Source]
        /// The context the sublayers are visited in (for layers: the layer's local time, rate
        /// and flipping).
        var sublayerContext: Context
        var mask: Source?
        var maskContext: Context

        init(sublayers: [Source], sublayerContext: Context, mask: Source?, maskContext: Context) {
            (self.sublayers, self.sublayerContext, self.mask, self.maskContext) = (sublayers, sublayerContext, mask, maskContext)
        }

        /// No children (what `visit` starts from).
        init(none context: Context) {
            self.init(sublayers: [], sublayerContext: context, mask: nil, maskContext: context)
        }
    }


    /// Levels the builder's stack holds without growing.
    static var usualDepth: Int { 32 }

    /// A node waiting for its children.
    private struct Pending {
        let source: Source
        var node: Node
        let children: Children
        var nextSublayer = 0
        var builtSublayers: [Node] = []
        var builtMask: Node?
        var visitingMask = false

        init(source: Source, node: Node, children: Children) {
            self.source = source
            self.node = node
            self.children = children
            if !children.sublayers.isEmpty { builtSublayers.reserveCapacity(children.sublayers.count) }
        }
    }

    /// The tree built from `root`, visited in `context`: `visit` makes one source node's node
    /// in the context its parent gives it, filling in what its children are visited with; `finish` attaches the built children to a node (its
    /// source is passed for names in warnings). Inlined so each use is specialised with its
    /// closures: this runs once per layer per frame.
    @inline(__always)
    static func build(_ root: Source, in context: Context,
                      visit: (Source, Context, _ children: inout Children) -> Node,
                      finish: (Source, inout Node, _ sublayers: [Node], _ mask: Node?) -> Void) -> Node {
        var rootChildren = Children(none: context)
        let rootNode = visit(root, context, &rootChildren)
        var stack: [Pending] = []
        // One allocation for the usual depths, not one per doubling.
        stack.reserveCapacity(Self.usualDepth)
        stack.append(Pending(source: root, node: rootNode, children: rootChildren))
        while true {
            let top = stack.count - 1
            let next = stack[top].nextSublayer
            if next < stack[top].children.sublayers.count {
                let child = stack[top].children.sublayers[next]
                stack[top].nextSublayer = next + 1
                let context = stack[top].children.sublayerContext
                var children = Children(none: context)
                var node = visit(child, context, &children)
                if children.sublayers.isEmpty && children.mask == nil {
                    // A leaf (most layers) goes straight to its parent, never onto the stack.
                    finish(child, &node, [], nil)
                    stack[top].builtSublayers.append(consume node)
                } else {
                    stack.append(Pending(source: child, node: node, children: children))
                }
                continue
            }
            if !stack[top].visitingMask, let mask = stack[top].children.mask {
                stack[top].visitingMask = true
                let context = stack[top].children.maskContext
                var children = Children(none: context)
                let node = visit(mask, context, &children)
                stack.append(Pending(source: mask, node: node, children: children))
                continue
            }
            var done = stack.removeLast()
            finish(done.source, &done.node, done.builtSublayers, done.builtMask)
            // The node moves on (a copy would retain everything its state refers to).
            let node = (consume done).node
            let parent = stack.count - 1
            guard parent >= 0 else { return node }
            if stack[parent].visitingMask {
                stack[parent].builtMask = consume node
            } else {
                stack[parent].builtSublayers.append(consume node)
            }
        }
    }
}
