import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderModel

extension FrameDrawing {
    /// Flattening tolerance in layer units for 1/8 device pixel under `map` near `box`.
    func tolerance(_ map: ProjectiveMap, _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
        0.125 / map.maxScale(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
    }

    /// Flattening tolerance in layer units for rounded-rectangle corners under `map` near `box`:
    /// fine enough that their coverage is exact (see `CornerShape.areaExactDeviation`).
    func cornerTolerance(_ map: ProjectiveMap, _ box: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
        CornerShape.areaExactDeviation / map.maxScale(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1)
    }

    /// Rasterizes `shape` (layer space) mapped by `map` into `target` through `painter`, with the
    /// lines of `aliasedEdges` (a transformed layer's outer edges) point-sampled.
    func fill<P: CoveragePainter>(_ shape: Outline, map: ProjectiveMap, rule: FillRule = .nonZero,
                                  aliasedEdges: AliasedEdges? = nil, into target: Canvas, painter: inout P) {
        if let edges = aliasedEdges {
            var aliased = AliasedEdgePainter(inner: painter, edges: edges, row: scratch.edgeRow(target.rect.width))
            fill(shape, map: map, rule: rule, into: target, painter: &aliased)
            painter = aliased.inner
            return
        }
        var deviceShape = scratch.borrowOutline()
        deviceShape.setProjection(of: shape, through: map)
        if let r = deviceShape.axisAlignedRectangle {
            scratch.rasterizer.fillRectangle(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, clip: target.rect, painter: &painter)
        } else {
            scratch.rasterizer.fill(deviceShape, rule: rule, clip: target.rect, painter: &painter)
        }
        scratch.giveBack(deviceShape)
    }

    /// Adds the rounded bounds of the layer state at `s` to `shape`, flattened for `map`.
    func addRoundedBounds(_ s: UnsafePointer<LayerState>, map: ProjectiveMap, to shape: inout Outline) {
        let box = s.boundsBox
        shape.addRoundedRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, corners: s.cornerShape,
                             tolerance: cornerTolerance(map, box))
    }

    /// Fills the layer's rounded bounds with a premultiplied colour.
    func fillRoundedBounds(_ s: UnsafePointer<LayerState>, map: ProjectiveMap, color: SIMD4<Float>, into target: Canvas) {
        guard color.w > 0 else { return }
        if let r = deviceRectangle(ofSquareBounds: s, map: map) {
            var painter = SolidPainter(canvas: target, color: color)
            scratch.rasterizer.fillRectangle(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, clip: target.rect, painter: &painter)
            return
        }
        var shape = scratch.borrowOutline()
        addRoundedBounds(s, map: map, to: &shape)
        var painter = SolidPainter(canvas: target, color: color)
        fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        scratch.giveBack(shape)
    }

    /// The device rectangle of the layer's bounds under `map` when `fill` would find its outline
    /// to be one: square corners and a map that keeps the pixel grid's axes (scale and
    /// translation, no perspective), so its edges are anti-aliased too (see `AliasedEdges`).
    /// Nil otherwise. The corners are mapped by the same arithmetic as `Outline.setProjection`'s
    /// and tested by the same `axisAlignedRectangle`, so filling the result is byte for byte
    /// filling the outline — without building, projecting and giving back two outlines (most
    /// layers of a flat tree: a third of the static 1000-layer frame went there).
    func deviceRectangle(ofSquareBounds s: UnsafePointer<LayerState>, map: ProjectiveMap) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard map.isAffine, map.m12 == 0, map.m21 == 0 else { return nil }
        // `CornerShape` makes every radius 0 for a radius that is not positive.
        guard !(s.pointee.cornerRadius > 0) || s.cornerShape.radii == .zero else { return nil }
        let box = s.boundsBox
        // An empty box adds no outline (and fills nothing).
        guard box.x1 > box.x0, box.y1 > box.y0 else { return nil }
        // Clockwise from the top-left, as `addRoundedRect` adds them.
        let p0 = map.apply(box.x0, box.y0), p1 = map.apply(box.x1, box.y0)
        let p2 = map.apply(box.x1, box.y1), p3 = map.apply(box.x0, box.y1)
        return Outline.axisAlignedRectangle(SIMD4(p0.x, p1.x, p2.x, p3.x), SIMD4(p0.y, p1.y, p2.y, p3.y))
    }

    /// Fills the border ring: outer edge on the bounds, inner edge inset by `borderWidth` with
    /// radius `max(cornerRadius − borderWidth, 0)`. Both edges are one shape, so the ring has no
    /// seam of its own. Only the outer edge can be aliased (see `AliasedEdges`): the inner one
    /// lies inside the layer's quad.
    func fillBorder(_ s: UnsafePointer<LayerState>, map: ProjectiveMap, color: SIMD4<Float>, into target: Canvas) {
        let box = s.boundsBox
        let w = Double(s.pointee.borderWidth)
        guard color.w > 0, w > 0, box.x1 > box.x0, box.y1 > box.y0 else { return }
        let corners = s.cornerShape
        let tol = cornerTolerance(map, box)
        var shape = scratch.borrowOutline()
        shape.addRoundedRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, corners: corners, tolerance: tol)
        if box.x1 - box.x0 > 2 * w && box.y1 - box.y0 > 2 * w {
            shape.addRoundedRect(x0: box.x0 + w, y0: box.y0 + w, x1: box.x1 - w, y1: box.y1 - w,
                                 corners: corners.inset(by: w), tolerance: tol, reversed: true)
        }
        var painter = SolidPainter(canvas: target, color: color)
        fill(shape, map: map, aliasedEdges: aliasedEdges(s, map: map), into: target, painter: &painter)
        scratch.giveBack(shape)
    }
}
