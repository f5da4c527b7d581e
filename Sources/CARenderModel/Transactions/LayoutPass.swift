import CARenderGeometry
/// Layout and display before a commit: layers marked with `setNeedsLayout()` or
/// `setNeedsDisplay()` are laid out (outermost first) and displayed just before their changes
/// are committed, as Core Animation does in its commit phase.
final class LayoutPass {
    /// A layout that keeps invalidating itself stops after this many rounds, so it cannot hang
    /// the renderer.
    static let maximumRounds = 100

    private unowned let context: StageContext
    /// Marked layers in the order they were first marked, and their identities for a constant-time
    /// "already marked" check (a script may mark every one of 100,000 layers).
    private var marked: [CALayer] = []
    private var markedIDs: Set<ObjectIdentifier> = []

    init(context: StageContext) {
        self.context = context
    }

    func schedule(_ layer: CALayer) {
        guard !layer.isPresentationCopy else { return }
        context.transactions.layerWillChange(layer)
        if markedIDs.insert(ObjectIdentifier(layer)).inserted { marked.append(layer) }
    }

    /// Runs until nothing is marked (layout may mark more layers), with a bound so a layout
    /// that keeps invalidating itself cannot hang the renderer.
    func run() {
        var rounds = 0
        while !marked.isEmpty && rounds < LayoutPass.maximumRounds {
            rounds += 1
            let layers = marked
            marked = []
            markedIDs = []
            // Outermost first (a parent's layout may resize its children), in marking order
            // among layers at one depth.
            let depths = LayoutPass.depths(of: layers)
            // `layoutIfNeeded` covers a layer's whole subtree; a marked layer that an earlier
            // walk of this round already covered is walked again only if it was marked anew.
            var walked: Set<ObjectIdentifier> = []
            for index in layers.indices.sorted(by: { (depths[$0], $0) < (depths[$1], $1) }) {
                let layer = layers[index]
                if layer.needsLayoutFlag || !walked.contains(ObjectIdentifier(layer)) {
                    layer.performLayoutIfNeeded(walked: &walked)
                }
                layer.displayIfNeeded()
            }
        }
        if !marked.isEmpty {
            context.diagnostics.warnOnce("layout kept invalidating itself for \(LayoutPass.maximumRounds) rounds; the rest was skipped")
            marked = []
            markedIDs = []
        }
    }

    /// The depth of each layer (its number of superlayers), sharing the walks up the tree so
    /// that marking every layer of a deep chain costs time linear in its length.
    private static func depths(of layers: [CALayer]) -> [Int] {
        var known: [ObjectIdentifier: Int] = [:]
        return layers.map { layer in
            var chain: [CALayer] = []
            var current: CALayer? = layer
            var depth = -1
            while let next = current {
                if let found = known[ObjectIdentifier(next)] {
                    depth = found
                    break
                }
                chain.append(next)
                current = next.superlayer
            }
            for next in chain.reversed() {
                depth += 1
                known[ObjectIdentifier(next)] = depth
            }
            return known[ObjectIdentifier(layer)]!
        }
    }
}

extension CALayer {
    /// The number of superlayers above this layer.
    var depth: Int {
        var count = 0
        var current = superlayer
        while let layer = current {
            count += 1
            current = layer.superlayer
        }
        return count
    }

    /// Lays out this layer if it is marked, then its sublayers, parents before children, adding
    /// each layer visited to `walked`. The walk keeps its own stack, so depth is limited only by
    /// memory; each layer's sublayers are read after its own layout, which may change them.
    func performLayoutIfNeeded(walked: inout Set<ObjectIdentifier>) {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            walked.insert(ObjectIdentifier(layer))
            if layer.needsLayoutFlag {
                layer.needsLayoutFlag = false
                layer.layoutSublayers()
            }
            if let sublayers = layer.sublayers { pending.append(contentsOf: sublayers.reversed()) }
        }
    }
}
