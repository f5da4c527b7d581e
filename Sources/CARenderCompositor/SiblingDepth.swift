import Foundation
import CARenderPixels
import CARenderGeometry

// # Sibling planes in 3D: depth-correct within one flattening layer
//
// Apple's render server draws the sublayers of one flattening layer depth-tested against each
// other when they carry 3D transforms: a plane turned about x or y passes in front of half of a
// flat sibling at the same depth and behind the other half, whatever the sublayer order. Public
// evidence: openradar rdar://12364220, "iOS 6 3D-rotation causes layers to render without
// respect for view hierarchy" (since iOS 6 a 3D-rotated layer is drawn depth-tested against its
// siblings; the workaround is increasing zPositions); Stack Overflow q 23570092 "Why does a
// transformed UIView overlap other views that are higher in the hierarchy?" ("in this 3D space
// your layer overlaps others"); Stack Overflow q 24681890 "How to get proper z-ordering
// CATransform3D" (two siblings turned about y intersect each other by depth).
//
// carender composites such siblings per pixel: each sibling (with its subtree, flattened into
// its own plane as before) draws into an offscreen; at every pixel the siblings present there
// are ordered by the depth of their plane at that pixel (z / w in the parent's 3D space, which
// orders points on one line of sight as their distance does) and blended back to front. That is
// what splitting the planes where they intersect (a BSP) gives, resolved per pixel. Siblings at
// equal depth there (coplanar) keep the usual order: ascending zPosition, then sublayer order.
// Only groups with a turned plane take this path; flat siblings keep painter's order.

/// A sibling of a depth-composited group: its offscreen, the device-to-bounds map that finds
/// the plane point under a pixel, and the plane's depth and w coefficients.
struct DepthSibling {
    var canvas: Canvas
    var deviceToLayer: ProjectiveMap
    var depth: SIMD3<Double>
    var w: SIMD3<Double>
}

extension PlacedLayer {
    /// Whether the layer's plane is turned against its superlayer's (its depth varies across it).
    var isTilted: Bool { depth.x != 0 || depth.y != 0 }
}

extension FrameDrawing {
    /// Most siblings composited by depth at once; larger groups keep painter's order.
    static let maxDepthSortedSiblings = 8

    /// Draws the sublayers of `i` depth-composited when one of them is turned out of the
    /// layer's plane; returns false (drawing nothing) otherwise.
    func drawSublayersByDepth(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) -> Bool {
        let first = list.items[i].firstChild, count = list.items[i].childCount
        guard count >= 2, count <= Self.maxDepthSortedSiblings else { return false }
        var tilted = false
        for k in first..<first + count where list.placed[k].isTilted { tilted = true }
        guard tilted else { return false }

        let base = scratch.depthSiblings.count
        var union = IntRect.empty
        for k in first..<first + count {
            let p = list.placed[k]
            let childMap = p.toParent.then(map)
            let extent = list.extent(p.item, map: childMap).intersection(target.rect)
            guard !extent.isEmpty, let inverse = childMap.inverted() else { continue }
            let canvas = scratch.pool.acquire(extent)
            drawPlaced(p.item, map: childMap, superlayerMap: map, into: canvas, alpha: alpha * p.alpha)
            scratch.depthSiblings.append(DepthSibling(canvas: canvas, deviceToLayer: inverse, depth: p.depth,
                                                      w: SIMD3(p.toParent.m13, p.toParent.m23, p.toParent.m33)))
            union = union.union(extent)
        }
        compositeByDepth(from: base, region: union, into: target)
        for j in base..<scratch.depthSiblings.count { scratch.pool.release(scratch.depthSiblings[j].canvas) }
        scratch.depthSiblings.removeLast(scratch.depthSiblings.count - base)
        return true
    }

    /// Blends the offscreens of `scratch.depthSiblings[base...]` onto `target`, per pixel back
    /// to front by the depth of each plane there (stable: equal depths keep drawing order).
    private func compositeByDepth(from base: Int, region: IntRect, into target: Canvas) {
        let siblings = scratch.depthSiblings
        let n = siblings.count - base
        guard n > 0, !region.isEmpty else { return }
        var depths = SIMD8<Double>.zero
        var order = SIMD8<Int32>.zero
        for y in region.y0..<region.y1 {
            let py = Double(y) + 0.5
            var d = target.pixel(region.x0, y)
            for x in region.x0..<region.x1 {
                let px = Double(x) + 0.5
                var present = 0
                for j in 0..<n {
                    let s = siblings[base + j]
                    let r = s.canvas.rect
                    guard x >= r.x0, x < r.x1, y >= r.y0, y < r.y1, s.canvas.pixel(x, y).packedPixel != 0 else { continue }
                    let h = s.deviceToLayer.apply(px, py)
                    let u = h.x / h.w, v = h.y / h.w
                    let z = s.depth.x * u + s.depth.y * v + s.depth.z
                    let w = s.w.x * u + s.w.y * v + s.w.z
                    let depth = w > 0 ? z / w : -Double.infinity
                    // Insertion, stable: a later sibling goes after equal depths.
                    var slot = present
                    while slot > 0 && depths[slot - 1] > depth + Self.coplanarDepth {
                        depths[slot] = depths[slot - 1]
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    depths[slot] = depth
                    order[slot] = Int32(j)
                    present += 1
                }
                if present > 0 {
                    var pixel = d.packedPixel
                    for k in 0..<present {
                        let source = siblings[base + Int(order[k])].canvas.pixel(x, y).packedPixel
                        pixel = source >= 0xFF00_0000 ? source : sourceOverPacked(pixel, source)
                    }
                    d.packedPixel = pixel
                }
                d += 4
            }
        }
    }

    /// Depths closer than this (points) count as equal: coplanar siblings keep their order.
    static let coplanarDepth = 1e-6
}
