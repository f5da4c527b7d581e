import Foundation

/// The public `CATransition` types the compositor draws, by raw value.
enum TransitionKind: String {
    case fade, moveIn, push, reveal
}

/// Where a directional transition comes from: `n` points from the named side towards the
/// opposite one. `fromTop` is the visual top of the y-down screen (iOS's sense: content entering
/// from the top moves down).
struct TransitionDirection {
    var n: SIMD2<Double>

    init(subtype: String?) {
        switch subtype {
        case "fromRight": n = SIMD2(-1, 0)
        case "fromTop": n = SIMD2(0, 1)
        case "fromBottom": n = SIMD2(0, -1)
        default: n = SIMD2(1, 0)
        }
    }
}

extension FrameDrawing {
    /// Draws a sublayer (or the root) through its running transition if it has one.
    /// `superlayerMap` is the map of the plane it is placed in, where its old rendering lands.
    func drawPlaced(_ i: Int, map: ProjectiveMap, superlayerMap: ProjectiveMap, into target: Canvas, alpha: Double) {
        guard let transition = list.items[i].transition else {
            drawLayer(i, map: map, into: target, alpha: alpha)
            return
        }
        let old = list.items[i].snapshot
        let oldMap = old >= 0 ? list.items[i].snapshotToParent.then(superlayerMap) : map
        drawTransition(old: old, oldMap: oldMap, new: i, newMap: map, kind: TransitionKind(rawValue: transition.type.rawValue) ?? .fade,
                       direction: TransitionDirection(subtype: transition.subtype?.rawValue),
                       progress: transition.progress, into: target, alpha: alpha)
    }

    /// Draws a layer in transition: its old rendering (`old`, or nothing when -1) and its new one,
    /// each with its own map into the canvas, moved in the layer's own space (so a rotated layer's
    /// transition turns with it), combined per `kind` at `progress` (0 old … 1 new).
    func drawTransition(old: Int, oldMap: ProjectiveMap, new: Int, newMap: ProjectiveMap, kind: TransitionKind,
                        direction: TransitionDirection, progress: Double, into target: Canvas, alpha: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        // The travel is the layer's size along the direction.
        let n = direction.n
        let bounds = list.items[new].state.bounds
        let travel = abs(n.x) * Double(bounds.width) + abs(n.y) * Double(bounds.height)
        let oldShift = ProjectiveMap.translation(n.x * travel * p, n.y * travel * p)
        let newShift = ProjectiveMap.translation(-n.x * travel * (1 - p), -n.y * travel * (1 - p))
        switch kind {
        case .fade:
            crossFade(old: old, oldMap: oldMap, new: new, newMap: newMap, progress: p, into: target, alpha: alpha)
        case .moveIn:
            if old >= 0 { drawLayer(old, map: oldMap, into: target, alpha: alpha) }
            drawLayer(new, map: newShift.then(newMap), into: target, alpha: alpha)
        case .push:
            if old >= 0 { drawLayer(old, map: oldShift.then(oldMap), into: target, alpha: alpha) }
            drawLayer(new, map: newShift.then(newMap), into: target, alpha: alpha)
        case .reveal:
            drawLayer(new, map: newMap, into: target, alpha: alpha)
            if old >= 0 { drawLayer(old, map: oldShift.then(oldMap), into: target, alpha: alpha) }
        }
    }

    /// A true cross-dissolve: both renderings composite in offscreens, which mix as
    /// `old × (1 − p) + new × p` before blending over what lies beneath.
    private func crossFade(old: Int, oldMap: ProjectiveMap, new: Int, newMap: ProjectiveMap, progress p: Double,
                           into target: Canvas, alpha: Double) {
        let oldExtent = old >= 0 ? list.extent(old, map: oldMap) : .empty
        let extent = oldExtent.union(list.extent(new, map: newMap)).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let before = scratch.pool.acquire(extent)
        defer { scratch.pool.release(before) }
        let after = scratch.pool.acquire(extent)
        defer { scratch.pool.release(after) }
        if old >= 0 { drawLayer(old, map: oldMap, into: before, alpha: 1) }
        drawLayer(new, map: newMap, into: after, alpha: 1)
        mix(before, after, fraction: p)
        blit(before, onto: target, alpha: Float(alpha))
    }
}
