/// Layout and display before a commit: layers marked with `setNeedsLayout()` or
/// `setNeedsDisplay()` are laid out (outermost first) and displayed just before their changes
/// are committed, as Core Animation does in its commit phase.
enum LayoutPass {
    nonisolated(unsafe) private static var marked: [CALayer] = []

    static func schedule(_ layer: CALayer) {
        guard !layer.isPresentationCopy else { return }
        TransactionSystem.shared.layerWillChange(layer)
        if !marked.contains(where: { $0 === layer }) { marked.append(layer) }
    }

    /// Runs until nothing is marked (layout may mark more layers), with a bound so a layout
    /// that keeps invalidating itself cannot hang the renderer.
    static func run() {
        var rounds = 0
        while !marked.isEmpty && rounds < 100 {
            rounds += 1
            let layers = marked
            marked = []
            // Outermost first: a parent's layout may resize its children.
            for layer in layers.sorted(by: { $0.depth < $1.depth }) {
                layer.layoutIfNeeded()
                layer.displayIfNeeded()
            }
        }
        if !marked.isEmpty {
            Diagnostics.warnOnce("layout kept invalidating itself for 100 rounds; the rest was skipped")
            marked = []
        }
    }

    static func reset() {
        marked = []
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

    func performLayoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayers ?? [] { sublayer.performLayoutIfNeeded() }
    }
}
