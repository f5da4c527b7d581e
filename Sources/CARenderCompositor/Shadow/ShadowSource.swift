import Foundation
import CARenderGeometry
import CARenderPixels
import CARenderRaster

extension DisplayList {
    /// The layer's composite alpha, when it is exactly one rounded rectangle — the layer's own
    /// bounds — at one uniform alpha, so its shadow has a closed form. Decided from the
    /// presentation values in the display list:
    /// - a background of any alpha and nothing else (a border can change the alpha only over a
    ///   translucent background), or
    /// - an opaque background with everything else inside the rounded bounds: the border, an
    ///   opaque contents image, and sublayers whose whole subtree (bounds, contents, shadows)
    ///   lies inside, with no mask and no transition. Anything drawn over an opaque background
    ///   inside its outline leaves the alpha at 1 there.
    /// Returns nil otherwise (the shadow is then blurred from the rendered alpha) — always for
    /// shape, gradient and text layers, whose composite alpha is their own drawing.
    ///
    /// Worked out once per shadowed item, when its subtree is in the list
    /// (`DisplayItem.uniformShapeAlpha`): the extents, the group decision and the drawing all
    /// read it, and it walks the subtree.
    func computeUniformShapeAlpha(_ i: Int) -> Double? {
        let item = items[i]
        guard item.kind == .layer else { return nil }
        let s = item.statePointer
        guard let background = s.pointee.backgroundColor else { return nil }
        let a = min(max(Double(background.alpha), 0), 1)
        guard a > 0 else { return nil }
        if !item.hasContents && item.visibleSublayers == 0 {
            if s.pointee.borderWidth > 0, let border = s.pointee.borderColor, border.alpha > 0, a < 1 { return nil }
            return a
        }
        guard a >= 1, item.mask < 0 else { return nil }
        let interior = RoundedRectInterior(box: s.boundsBox, corners: s.cornerShape)
        if item.hasContents {
            guard !item.isCrossfading, let image = item.contents, image.isOpaque else { return nil }
            let r = ContentsPlacement(image, state: s).rect
            guard interior.contains(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, map: .identity) else { return nil }
        }
        guard item.visibleSublayers == item.childCount else { return nil }  // an empty transform layer, say
        let first = item.firstChild
        for k in first..<(first + item.childCount) {
            let p = placed[k]
            guard subtreeInside(p.item, map: p.toParent, interior: interior) else { return nil }
        }
        return 1
    }

    /// Whether everything item `j` and its subtree can draw lies inside `interior`, with `map`
    /// taking `j`'s bounds space to the interior's (affine maps only; anything in perspective,
    /// in transition, or of a kind with its own drawing is not examined and answers false).
    private func subtreeInside(_ j: Int, map: ProjectiveMap, interior: RoundedRectInterior) -> Bool {
        let item = items[j]
        let s = item.statePointer
        guard map.isAffine, item.transition == nil, item.kind == .layer else { return false }
        let b = s.boundsBox
        guard interior.contains(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1, map: map) else { return false }
        if let image = item.contents {
            let r = ContentsPlacement(image, state: s).rect
            guard interior.contains(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, map: map) else { return false }
        }
        if let image = item.crossfadeFrom {
            let r = ContentsPlacement(image, state: s).rect
            guard interior.contains(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, map: map) else { return false }
        }
        if item.hasShadow {
            let source = item.shadowSource
            let margin = GaussianBlur.reachInSigmas * max(Double(s.pointee.shadowRadius), 0)
            let dx = Double(s.pointee.shadowOffset.width), dy = Double(s.pointee.shadowOffset.height)
            guard interior.contains(x0: source.x0 - margin + dx, y0: source.y0 - margin + dy,
                                    x1: source.x1 + margin + dx, y1: source.y1 + margin + dy, map: map) else { return false }
        }
        // Sublayers clipped to these bounds are inside them.
        if s.pointee.masksToBounds { return true }
        guard item.visibleSublayers == item.childCount else { return false }
        let first = item.firstChild
        for k in first..<(first + item.childCount) {
            let p = placed[k]
            guard subtreeInside(p.item, map: p.toParent.then(map), interior: interior) else { return false }
        }
        return true
    }
}

/// The inside of a rounded rectangle, for deciding what lies within a layer's outline. Corners
/// are taken as circular arcs reaching as far along the edges as the real corner: exact for
/// circular corners, and inside the real one for continuous corners (whose curve stays outside
/// the circle tangent to the edges where it leaves them), so a point found inside is inside.
struct RoundedRectInterior {
    let box: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// Radii of the arcs at the top-left, top-right, bottom-right and bottom-left corners.
    let radii: SIMD4<Double>

    init(box: (x0: Double, y0: Double, x1: Double, y1: Double), corners: CornerShape) {
        self.box = box
        radii = corners.extents
    }

    /// Whether the point lies inside (on the outline counts as inside).
    func contains(_ x: Double, _ y: Double) -> Bool {
        let slack = 1e-9 * max(1, abs(box.x1 - box.x0) + abs(box.y1 - box.y0))
        guard x >= box.x0 - slack, x <= box.x1 + slack, y >= box.y0 - slack, y <= box.y1 + slack else { return false }
        for k in 0..<4 {
            let r = radii[k]
            guard r > 0 else { continue }
            // The arc's centre, r inside the corner's vertex along both edges.
            let cx = k == 0 || k == 3 ? box.x0 + r : box.x1 - r
            let cy = k < 2 ? box.y0 + r : box.y1 - r
            let inCornerSquare = (k == 0 || k == 3 ? x < cx : x > cx) && (k < 2 ? y < cy : y > cy)
            if inCornerSquare && (x - cx) * (x - cx) + (y - cy) * (y - cy) > (r + slack) * (r + slack) { return false }
        }
        return true
    }

    /// Whether the rectangle, mapped by an affine `map`, lies inside (the interior is convex, so
    /// its four corners decide).
    func contains(x0: Double, y0: Double, x1: Double, y1: Double, map: ProjectiveMap) -> Bool {
        for k in 0..<4 {
            let p = map.apply(k == 0 || k == 3 ? x0 : x1, k < 2 ? y0 : y1)
            guard contains(p.x, p.y) else { return false }
        }
        return true
    }
}
