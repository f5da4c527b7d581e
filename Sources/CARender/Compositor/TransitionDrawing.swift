import Foundation

/// The public `CATransition` types the compositor draws, by raw value.
enum TransitionKind: String {
    case fade, moveIn, push, reveal
}

extension Compositor {
    /// Renders one frame of a `CATransition` on a root-level layer: `old` is the layer's subtree
    /// as it looked when the transition was added, `new` its current one, combined per `type`
    /// (`"fade"`, `"moveIn"`, `"push"`, `"reveal"`) and `subtype` (`"fromLeft"`, `"fromRight"`,
    /// `"fromTop"`, `"fromBottom"`; nil acts as `fromLeft`) at `progress` (0 old … 1 new), as
    /// SPEC-rendering §4 describes.
    public func renderTransition(from old: RenderNode, to new: RenderNode, type: String, subtype: String?,
                                 progress: Double, width: Int, height: Int, scale: CGFloat) -> Pixmap {
        self.scale = Double(scale)
        var pixmap = Pixmap(width: width, height: height)
        let rect = IntRect(x0: 0, y0: 0, x1: width, y1: height)
        guard !rect.isEmpty else { return pixmap }
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            let canvas = Canvas(base: buffer.baseAddress!, rect: rect)
            drawTransition(old: old, oldMap: rootMap(old), new: new, newMap: rootMap(new), type: type,
                           subtype: subtype, progress: progress, into: canvas, alpha: 1)
        }
        return pixmap
    }

    /// Draws a layer in transition: its old and new renderings, each with its own map into the
    /// device, moved in the layer's own space (so a rotated layer's transition turns with it).
    func drawTransition(old: RenderNode?, oldMap: ProjectiveMap, new: RenderNode, newMap: ProjectiveMap, type: String,
                        subtype: String?, progress: Double, into target: Canvas, alpha: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        let kind = TransitionKind(rawValue: type) ?? .fade
        // n points from the named side towards the opposite one; the travel is the layer's size
        // along it. fromTop is the visual top of the y-down screen (SPEC-semantics §7, open
        // question 7).
        let n: SIMD2<Double>
        switch subtype {
        case "fromRight": n = SIMD2(-1, 0)
        case "fromTop": n = SIMD2(0, 1)
        case "fromBottom": n = SIMD2(0, -1)
        default: n = SIMD2(1, 0)
        }
        let size = SIMD2(Double(new.state.bounds.width), Double(new.state.bounds.height))
        let travel = abs(n.x) * size.x + abs(n.y) * size.y
        func moved(_ map: ProjectiveMap, by k: Double) -> ProjectiveMap {
            ProjectiveMap.translation(n.x * travel * k, n.y * travel * k).then(map)
        }
        let empty = RenderNode(state: LayerState())
        let old = old ?? empty
        switch kind {
        case .fade:
            crossFade(old: old, oldMap: oldMap, new: new, newMap: newMap, progress: p, into: target, alpha: alpha)
        case .moveIn:
            drawLayer(old, map: oldMap, into: target, alpha: alpha)
            drawLayer(new, map: moved(newMap, by: -(1 - p)), into: target, alpha: alpha)
        case .push:
            drawLayer(old, map: moved(oldMap, by: p), into: target, alpha: alpha)
            drawLayer(new, map: moved(newMap, by: -(1 - p)), into: target, alpha: alpha)
        case .reveal:
            drawLayer(new, map: newMap, into: target, alpha: alpha)
            drawLayer(old, map: moved(oldMap, by: p), into: target, alpha: alpha)
        }
    }

    /// Draws a sublayer (or the root, without `superlayer`), through its running transition if it
    /// has one.
    func drawPlaced(_ node: RenderNode, map: ProjectiveMap, superlayer: LayerState?, superlayerMap: ProjectiveMap,
                    into target: Canvas, alpha: Double) {
        guard let transition = node.transition else {
            drawLayer(node, map: map, into: target, alpha: alpha)
            return
        }
        var new = node
        new.transition = nil
        new.transitionSnapshot = []
        var old = node.transitionSnapshot.first
        old?.transition = nil
        let oldMap = old.map {
            ProjectiveMap(flattening: $0.state.mappingToSuperlayer(superlayer)).then(superlayerMap)
        } ?? map
        drawTransition(old: old, oldMap: oldMap, new: new, newMap: map, type: transition.type.rawValue,
                       subtype: transition.subtype?.rawValue, progress: transition.progress, into: target, alpha: alpha)
    }

    /// A true cross-dissolve: both renderings composite in offscreens, which mix as
    /// `old × (1 − p) + new × p` before blending over what lies beneath.
    private func crossFade(old: RenderNode, oldMap: ProjectiveMap, new: RenderNode, newMap: ProjectiveMap,
                           progress p: Double, into target: Canvas, alpha: Double) {
        let extent = deviceExtent(old, map: oldMap).union(deviceExtent(new, map: newMap)).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let before = pool.acquire(extent)
        defer { pool.release(before) }
        let after = pool.acquire(extent)
        defer { pool.release(after) }
        drawLayer(old, map: oldMap, into: before, alpha: 1)
        drawLayer(new, map: newMap, into: after, alpha: 1)
        mix(before, after, fraction: p)
        blit(before, onto: target, alpha: Float(alpha))
    }
}
