import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderModel

/// Where a directional transition comes from: `n` points from the named side towards the
/// opposite one. `fromTop` is the visual top of the y-down screen (iOS's sense: content entering
/// from the top moves down).
struct TransitionDirection {
    /// The side named by the subtype, or nil for none (or one carender does not know).
    enum Side { case left, right, top, bottom }

    var n: SIMD2<Double>
    var side: Side?

    init(subtype: String?) {
        switch subtype {
        case "fromRight": (n, side) = (SIMD2(-1, 0), .right)
        case "fromTop": (n, side) = (SIMD2(0, 1), .top)
        case "fromBottom": (n, side) = (SIMD2(0, -1), .bottom)
        case "fromLeft": (n, side) = (SIMD2(1, 0), .left)
        default: (n, side) = (SIMD2(1, 0), nil)
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
        let kind = TransitionKind(rawValue: transition.type.rawValue) ?? .fade
        let direction = TransitionDirection(subtype: transition.subtype?.rawValue)
        let s = list.items[i].statePointer
        guard s.pointee.masksToBounds else {
            drawTransition(old: old, oldMap: oldMap, new: i, newMap: map, kind: kind, direction: direction,
                           progress: transition.progress, into: target, alpha: alpha)
            return
        }
        // A layer that masks to its bounds keeps its transition inside its rounded bounds: the
        // pictures sliding in and out show only through the layer's frame.
        let box = s.boundsBox
        let clip = map.deviceBounds(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1).intersection(target.rect)
        guard !clip.isEmpty else { return }
        let inside = scratch.pool.acquire(clip)
        defer { scratch.pool.release(inside) }
        drawTransition(old: old, oldMap: oldMap, new: i, newMap: map, kind: kind, direction: direction,
                       progress: transition.progress, into: inside, alpha: alpha)
        var shape = scratch.borrowOutline()
        addRoundedBounds(s, map: map, to: &shape)
        var painter = OffscreenPainter(source: inside, target: target, alpha: 1)
        fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        scratch.giveBack(shape)
    }

    /// Draws a layer in transition: its old rendering (`old`, or nothing when -1) and its new one,
    /// each with its own map into the canvas, moved in the layer's own space (so a rotated layer's
    /// transition turns with it), combined per `kind` at `progress` (0 old … 1 new).
    ///
    /// The sliding types fade the picture that slides, linearly with the progress: the one
    /// coming in from 0 to 1, the one going out from 1 to 0 (push fades both, moveIn the new,
    /// reveal the old). Apple's documentation describes only the motion; the fade is what iOS
    /// shows — reported as "Apple's fade animation on push" with `CATransition` of type push in
    /// "Push transition also does fade in/fade out of ViewControllers"
    /// (https://github.com/uias/Pageboy/issues/136: mid-way the background shows through both
    /// pictures), and rebuilt as an opacity animation from 1 to 0 on the old picture and 0 to 1
    /// on the new one beside the slide, over the same timing, in the accepted answer to
    /// "Implementing a CATransition push with CAAnimation"
    /// (https://stackoverflow.com/questions/5604718). Nothing public gives the curve; linear in
    /// the transition's progress (so the transition's timing function shapes it as it shapes the
    /// slide) is that answer's and is what is drawn.
    func drawTransition(old: Int, oldMap: ProjectiveMap, new: Int, newMap: ProjectiveMap, kind: TransitionKind,
                        direction: TransitionDirection, progress: Double, into target: Canvas, alpha: Double) {
        let p = min(max(progress.isNaN ? 0 : progress, 0), 1)
        // The travel is the layer's size along the direction.
        let n = direction.n
        let bounds = list.items[new].statePointer.pointee.bounds
        let travel = abs(n.x) * Double(bounds.width) + abs(n.y) * Double(bounds.height)
        let oldShift = ProjectiveMap.translation(n.x * travel * p, n.y * travel * p)
        let newShift = ProjectiveMap.translation(-n.x * travel * (1 - p), -n.y * travel * (1 - p))
        switch kind {
        case .fade:
            crossFade(old: old, oldMap: oldMap, new: new, newMap: newMap, progress: p, into: target, alpha: alpha)
        case .moveIn:
            if old >= 0 { drawLayer(old, map: oldMap, into: target, alpha: alpha) }
            drawPicture(new, map: newShift.then(newMap), brightness: 1, into: target, alpha: alpha * p)
        case .push:
            if old >= 0 {
                drawPicture(old, map: oldShift.then(oldMap), brightness: 1, into: target, alpha: alpha * (1 - p))
            }
            drawPicture(new, map: newShift.then(newMap), brightness: 1, into: target, alpha: alpha * p)
        case .reveal:
            drawLayer(new, map: newMap, into: target, alpha: alpha)
            if old >= 0 {
                drawPicture(old, map: oldShift.then(oldMap), brightness: 1, into: target, alpha: alpha * (1 - p))
            }
        case .pageCurl, .pageUnCurl, .suckEffect, .rippleEffect:
            drawWarpedTransition(old: old, oldMap: oldMap, new: new, newMap: newMap, kind: kind, direction: direction,
                                 progress: p, into: target, alpha: alpha)
        case .cameraIris, .cameraIrisHollowOpen, .cameraIrisHollowClose:
            drawIrisTransition(old: old, oldMap: oldMap, new: new, newMap: newMap, kind: kind, progress: p,
                               into: target, alpha: alpha)
        case .cube, .oglFlip:
            // Two planes in 3D; the visible faces of a cube, or the one visible side of a card,
            // never overlap on screen, so their order does not matter.
            let faces = TransitionFaces(kind: kind, direction: direction, box: list.items[new].statePointer.boundsBox,
                                        progress: p)
            if old >= 0, let face = faces.old {
                drawPicture(old, map: face.map.then(oldMap), brightness: face.brightness, into: target, alpha: alpha)
            }
            if let face = faces.new {
                drawPicture(new, map: face.map.then(newMap), brightness: face.brightness, into: target, alpha: alpha)
            }
        }
    }

    /// Draws one picture of a transition as a whole: faded by `alpha` as one image (its layers do
    /// not show through one another) and darkened to `brightness` (colour scaled, alpha kept).
    private func drawPicture(_ i: Int, map: ProjectiveMap, brightness: Double, into target: Canvas, alpha: Double) {
        guard alpha > 0 else { return }
        guard brightness < 1 || (alpha < 1 && drawsSeveralThings(i)) else {
            drawLayer(i, map: map, into: target, alpha: alpha)
            return
        }
        let extent = list.extent(i, map: map).intersection(target.rect)
        guard !extent.isEmpty else { return }
        let picture = scratch.pool.acquire(extent)
        defer { scratch.pool.release(picture) }
        drawLayer(i, map: map, into: picture, alpha: 1)
        if brightness < 1 { darken(picture, to: Float(max(brightness, 0))) }
        blit(picture, onto: target, alpha: Float(alpha))
    }

    /// Scales the colour of premultiplied pixels by `k`, keeping their alpha: the picture as if
    /// less light fell on it.
    private func darken(_ canvas: Canvas, to k: Float) {
        for y in canvas.rect.y0..<canvas.rect.y1 {
            var p = canvas.pixel(canvas.rect.x0, y)
            for _ in canvas.rect.x0..<canvas.rect.x1 {
                if p[3] != 0 {
                    p[0] = UInt8(Float(p[0]) * k + 0.5)
                    p[1] = UInt8(Float(p[1]) * k + 0.5)
                    p[2] = UInt8(Float(p[2]) * k + 0.5)
                }
                p += 4
            }
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
