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
// carender resolves such siblings per pixel, for any number of them: where a turned plane can
// reach (the bounding box R of the turned siblings' device extents), each sibling present there
// (with its subtree, flattened into its own plane as before) draws into an offscreen, and at
// every pixel of R the siblings present are ordered by the depth of their plane at that pixel
// (z / w in the parent's 3D space, which orders points on one line of sight as their distance
// does) and blended back to front — what splitting the planes where they intersect (a BSP)
// gives, resolved per pixel. Outside R only flat siblings draw, whose planes are parallel and so
// never cross: painter's order there is exact. A sibling that does not reach R draws straight
// onto the canvas in its turn; one that does puts its part outside R on the canvas in its turn
// and keeps the rest for the depth pass. Within R, only where two siblings' extents overlap can
// two of them draw the same pixel: a sibling whose extent overlaps no other's goes on in its
// turn (a group straight onto the canvas), and the others put their pixels outside every overlap
// on the canvas as soon as they are drawn, so the pass reads only the overlaps — the same bytes,
// since the pass would blend those pixels as they are onto pixels nothing else touches. So the
// cost grows with the siblings that overlap the turned ones and with the overlaps' area, not
// with the size of the group (1 turned view among 50 flat ones: see `carender bench
// --sibling-depth`). Siblings at equal depth (coplanar) keep the usual
// order: ascending zPosition, then sublayer order. Only groups with a turned plane take this path.

/// A sibling of a depth-composited group: its offscreen, the device-to-bounds map that finds
/// the plane point under a pixel, and the plane's depth and w coefficients (for a flat plane,
/// whose depth is the same at every pixel, that depth).
struct DepthSibling {
    var canvas: Canvas
    var deviceToLayer: ProjectiveMap
    var depth: SIMD3<Double>
    var w: SIMD3<Double>
    /// The plane's depth everywhere when it is parallel to the parent's, else nil.
    var constantDepth: Double?

    /// The depth of the plane under device point (x, y); −∞ behind the eye.
    @inline(__always)
    func depth(atX x: Double, y: Double) -> Double {
        if let constantDepth { return constantDepth }
        let h = deviceToLayer.apply(x, y)
        let u = h.x / h.w, v = h.y / h.w
        let z = depth.x * u + depth.y * v + depth.z
        let w = self.w.x * u + self.w.y * v + self.w.z
        return w > 0 ? z / w : -Double.infinity
    }
}

/// A sibling of a depth-composited group: its device extent, and whether it overlaps another
/// sibling's within the turned planes' reach (so the depth pass must resolve it).
struct DepthMember {
    var extent: IntRect
    var overlapped = false
}

extension PlacedLayer {
    /// Whether the layer's plane is turned against its superlayer's (its depth varies across it).
    var isTilted: Bool { depth.x != 0 || depth.y != 0 }
}

extension FrameDrawing {
    /// Draws the sublayers of `i` depth-composited when one of them is turned out of the
    /// layer's plane; returns false (drawing nothing) otherwise.
    func drawSublayersByDepth(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) -> Bool {
        let first = list.items[i].firstChild, count = list.items[i].childCount
        guard count >= 2 else { return false }
        // R: where the turned siblings can draw.
        var region = IntRect.empty
        for k in first..<first + count where list.placed[k].isTilted {
            let p = list.placed[k]
            region = region.union(list.extent(p.item, map: p.toParent.then(map)))
        }
        guard !region.isEmpty else { return false }
        region = region.intersection(target.rect)

        // Each sibling's extent, and the pairs of those reaching R that overlap: only there do
        // two siblings' pixels meet, so only there is the depth pass needed. (With a sibling
        // whose plane is seen edge on — no inverse map — among them, the pass keeps all of R.)
        let members = scratch.depthMembers.count, pairs = scratch.depthPairs.count
        var invertible = true
        for k in first..<first + count {
            let p = list.placed[k]
            let childMap = p.toParent.then(map)
            let extent = list.extent(p.item, map: childMap).intersection(target.rect)
            if !extent.intersection(region).isEmpty && childMap.inverted() == nil { invertible = false }
            scratch.depthMembers.append(DepthMember(extent: extent))
        }
        markOverlaps(from: members, count: count, reaching: region)

        let base = scratch.depthSiblings.count
        for k in first..<first + count {
            let p = list.placed[k]
            let childMap = p.toParent.then(map)
            let member = scratch.depthMembers[members + k - first]
            let extent = member.extent
            guard !extent.isEmpty else { continue }
            guard !extent.intersection(region).isEmpty, let inverse = childMap.inverted() else {
                // Clear of every turned plane: painter's order is exact here.
                drawPlaced(p.item, map: childMap, superlayerMap: map, into: target, alpha: alpha * p.alpha)
                continue
            }
            if !member.overlapped {
                // No other sibling of the depth pass draws within its extent, so the pass would
                // blend each of its pixels as it is: it goes on now, with the same bytes.
                drawAlone(p.item, map: childMap, superlayerMap: map, extent: extent, into: target, alpha: alpha * p.alpha)
                continue
            }
            let canvas = scratch.pool.acquire(extent)
            drawPlaced(p.item, map: childMap, superlayerMap: map, into: canvas, alpha: alpha * p.alpha)
            if invertible {
                // Its pixels that no other sibling's extent covers within R go on now (the pass
                // would blend them as they are, onto the same pixels), while they are still in
                // the cache; the pass then reads only where extents overlap.
                blit(canvas, onto: target, withholding: k - first, members: members, pairs: pairs, region: region)
            } else {
                blit(canvas, onto: target, outside: region)
            }
            let w = SIMD3(p.toParent.m13, p.toParent.m23, p.toParent.m33)
            let flat = !p.isTilted && w.x == 0 && w.y == 0 && w.z > 0
            scratch.depthSiblings.append(DepthSibling(canvas: canvas, deviceToLayer: inverse, depth: p.depth, w: w,
                                                      constantDepth: flat ? p.depth.z / w.z : nil))
        }
        compositeByDepth(from: base, region: region, overlapsOnly: invertible, into: target)
        for j in base..<scratch.depthSiblings.count { scratch.pool.release(scratch.depthSiblings[j].canvas) }
        scratch.depthSiblings.removeLast(scratch.depthSiblings.count - base)
        scratch.depthMembers.removeLast(scratch.depthMembers.count - members)
        scratch.depthPairs.removeLast(scratch.depthPairs.count - pairs)
        return true
    }

    /// Draws a sibling of the depth pass that overlaps no other, as the pass would have blended
    /// it: an offscreen of its `extent` blended onto `target` pixel by pixel. A layer composited
    /// as a group already draws that way — its group offscreen is blended once, and a shadow
    /// beneath it goes straight onto the canvas only where the group's offscreen is empty (see
    /// `ShadowTarget`) — so it draws straight onto `target`, sparing an offscreen, its clearing
    /// and a second blend.
    private func drawAlone(_ i: Int, map: ProjectiveMap, superlayerMap: ProjectiveMap, extent: IntRect,
                           into target: Canvas, alpha: Double) {
        if drawsAsGroup(i) {
            drawPlaced(i, map: map, superlayerMap: superlayerMap, into: target, alpha: alpha)
            return
        }
        let canvas = scratch.pool.acquire(extent)
        drawPlaced(i, map: map, superlayerMap: superlayerMap, into: canvas, alpha: alpha)
        blit(canvas, onto: target, alpha: 1)
        scratch.pool.release(canvas)
    }

    /// Whether `drawPlaced` draws layer `i` through a group offscreen of its own blended once
    /// onto its target (see `drawLayer`).
    private func drawsAsGroup(_ i: Int) -> Bool {
        guard list.items[i].transition == nil, list.items[i].kind != .transformLayer else { return false }
        let state = list.items[i].statePointer
        let opacity = state.clampedOpacity
        return opacity > 0 && opacity < 1 && state.pointee.allowsGroupOpacity && drawsSeveralThings(i)
    }

    /// Marks each of the `count` members from `scratch.depthMembers[base]` on whose extent
    /// reaches `region` and meets another such extent, and records each such pair (indices
    /// from `base`) in `scratch.depthPairs`: a sweep down the extents sorted by their top edge.
    private func markOverlaps(from base: Int, count: Int, reaching region: IntRect) {
        scratch.reserveDepthMembers(count)
        let byTop = scratch.depthByTop
        let scratch = self.scratch
        scratch.depthMembers.withUnsafeMutableBufferPointer { all in
            let members = all.baseAddress! + base
            var n = 0
            for k in 0..<count where !members[k].extent.intersection(region).isEmpty {
                byTop[n] = Int32(k)
                n += 1
            }
            guard n > 1 else { return }
            // Insertion sort (the standard library's stable sort allocates; siblings tend to
            // come in reading order, nearly sorted already).
            for a in 1..<n {
                let k = byTop[a], top = members[Int(k)].extent.y0
                var slot = a
                while slot > 0 && members[Int(byTop[slot - 1])].extent.y0 > top {
                    byTop[slot] = byTop[slot - 1]
                    slot -= 1
                }
                byTop[slot] = k
            }
            for a in 0..<n {
                let r = members[Int(byTop[a])].extent
                var b = a + 1
                while b < n, members[Int(byTop[b])].extent.y0 < r.y1 {
                    let o = members[Int(byTop[b])].extent
                    if o.x0 < r.x1 && r.x0 < o.x1 {
                        members[Int(byTop[a])].overlapped = true
                        members[Int(byTop[b])].overlapped = true
                        scratch.depthPairs.append(SIMD2(byTop[a], byTop[b]))
                    }
                    b += 1
                }
            }
        }
    }

    /// Source-over blends `source` (member `k`'s offscreen) onto `target` except where, within
    /// `region`, the extent of another member it overlaps (`scratch.depthPairs[pairs...]`)
    /// covers it: those pixels are left for the depth pass.
    private func blit(_ source: Canvas, onto target: Canvas, withholding k: Int, members: Int, pairs: Int,
                      region: IntRect) {
        let r = source.rect.intersection(target.rect)
        guard !r.isEmpty else { return }
        let holes = scratch.depthHoles
        var holeCount = 0
        for j in pairs..<scratch.depthPairs.count {
            let pair = scratch.depthPairs[j]
            guard Int(pair.x) == k || Int(pair.y) == k else { continue }
            let other = Int(pair.x) == k ? Int(pair.y) : Int(pair.x)
            let hole = scratch.depthMembers[members + other].extent.intersection(r).intersection(region)
            if !hole.isEmpty {
                holes[holeCount] = hole
                holeCount += 1
            }
        }
        let rows = scratch.depthHoleRows
        for y in r.y0..<r.y1 {
            // The holes crossing this row, sorted by their left edge.
            var n = 0
            for h in 0..<holeCount where y >= holes[h].y0 && y < holes[h].y1 {
                var slot = n
                while slot > 0 && rows[slot - 1].x0 > holes[h].x0 {
                    rows[slot] = rows[slot - 1]
                    slot -= 1
                }
                rows[slot] = holes[h]
                n += 1
            }
            var x = r.x0
            for h in 0..<n {
                if rows[h].x0 > x { blendRow(source.pixel(x, y), onto: target.pixel(x, y), count: rows[h].x0 - x) }
                x = max(x, rows[h].x1)
            }
            if x < r.x1 { blendRow(source.pixel(x, y), onto: target.pixel(x, y), count: r.x1 - x) }
        }
    }

    /// Source-over blends the part of `source` outside `region` onto `target`.
    private func blit(_ source: Canvas, onto target: Canvas, outside region: IntRect) {
        let r = source.rect.intersection(target.rect)
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 {
            let crosses = y >= region.y0 && y < region.y1
            var x = r.x0
            while x < r.x1 {
                if crosses && x >= region.x0 && x < region.x1 { x = region.x1; continue }
                let end = crosses && x < region.x0 ? min(r.x1, region.x0) : r.x1
                blendRow(source.pixel(x, y), onto: target.pixel(x, y), count: end - x)
                x = end
            }
        }
    }

    /// Blends the offscreens of `scratch.depthSiblings[base...]` onto `target` within `region`,
    /// per pixel back to front by the depth of each plane there (stable: equal depths keep
    /// drawing order). Each row considers only the siblings whose offscreen covers it, and is
    /// walked in spans over which the same offscreens cover it: where one does, its pixels are
    /// blended as they are (unless `overlapsOnly`: they went on already), and depth is computed
    /// only at pixels where two or more siblings draw.
    private func compositeByDepth(from base: Int, region: IntRect, overlapsOnly: Bool, into target: Canvas) {
        let siblings = scratch.depthSiblings
        let n = siblings.count - base
        guard n > 0, !region.isEmpty else { return }
        scratch.reserveDepthSorting(n)
        let depths = scratch.depthKeys, order = scratch.depthOrder, active = scratch.depthActive
        let covering = scratch.depthCovering, rows = scratch.depthRows
        for y in region.y0..<region.y1 {
            var activeCount = 0
            for j in 0..<n {
                let r = siblings[base + j].canvas.rect
                if y >= r.y0 && y < r.y1 && r.x1 > region.x0 && r.x0 < region.x1 {
                    active[activeCount] = Int32(j)
                    activeCount += 1
                }
            }
            guard activeCount > 0 else { continue }
            let py = Double(y) + 0.5
            var x = region.x0
            while x < region.x1 {
                // The offscreens covering x, in drawing order, and where that set next changes.
                var spanEnd = region.x1
                var coveringCount = 0
                for a in 0..<activeCount {
                    let r = siblings[base + Int(active[a])].canvas.rect
                    if x >= r.x0 && x < r.x1 {
                        covering[coveringCount] = active[a]
                        coveringCount += 1
                        spanEnd = min(spanEnd, r.x1)
                    } else if r.x0 > x {
                        spanEnd = min(spanEnd, r.x0)
                    }
                }
                if coveringCount == 1 && !overlapsOnly {
                    blendRow(siblings[base + Int(covering[0])].canvas.pixel(x, y), onto: target.pixel(x, y),
                             count: spanEnd - x)
                } else if coveringCount > 1 {
                    for c in 0..<coveringCount { rows[c] = siblings[base + Int(covering[c])].canvas.pixel(x, y) }
                    blendByDepth(siblings, base: base, covering: covering, rows: rows, count: coveringCount,
                                 xs: x..<spanEnd, y: y, py: py, depths: depths, order: order, into: target)
                }
                x = spanEnd
            }
        }
    }

    /// Blends pixels `xs` of row `y`, each covered by the offscreens `covering[0..<count]` (in
    /// drawing order; `rows[c]` is offscreen `c`'s pixel at `xs.lowerBound`), back to front by
    /// depth. Four pixels at a time: a block only one offscreen draws in is blended as it is,
    /// without computing depth (most blocks, where siblings' extents only meet); a block two or
    /// more draw in is resolved pixel by pixel.
    @inline(__always)
    private func blendByDepth(_ siblings: [DepthSibling], base: Int, covering: UnsafeMutablePointer<Int32>,
                              rows: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>, count: Int,
                              xs: Range<Int>, y: Int, py: Double, depths: UnsafeMutablePointer<Double>,
                              order: UnsafeMutablePointer<Int32>, into target: Canvas) {
        let d = target.pixel(xs.lowerBound, y)
        var offset = 0
        var x = xs.lowerBound
        while x + 4 <= xs.upperBound {
            var drawing = 0
            var only = SIMD4<UInt32>.zero
            for c in 0..<count {
                let source = UnsafeRawPointer(rows[c] + offset).loadUnaligned(as: SIMD4<UInt32>.self)
                guard source != .zero else { continue }
                drawing += 1
                only = source
                if drawing > 1 { break }
            }
            if drawing == 1 {
                let q = UnsafeRawPointer(d + offset).loadUnaligned(as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(d + offset).storeBytes(of: sourceOverPacked(q, only), as: SIMD4<UInt32>.self)
            } else if drawing > 1 {
                for k in 0..<4 {
                    blendPixelByDepth(siblings, base: base, covering: covering, rows: rows, count: count,
                                      offset: offset &+ 4 &* k, px: Double(x + k) + 0.5, py: py,
                                      depths: depths, order: order, into: d)
                }
            }
            x += 4
            offset &+= 16
        }
        while x < xs.upperBound {
            blendPixelByDepth(siblings, base: base, covering: covering, rows: rows, count: count, offset: offset,
                              px: Double(x) + 0.5, py: py, depths: depths, order: order, into: d)
            x += 1
            offset &+= 4
        }
    }

    /// Blends the pixel at byte `offset` from the rows' starts (`d` is the target's row at the
    /// same start; `px`, `py` its centre) back to front by depth; a pixel only one offscreen
    /// draws is blended without computing depth.
    @inline(__always)
    private func blendPixelByDepth(_ siblings: [DepthSibling], base: Int, covering: UnsafeMutablePointer<Int32>,
                                   rows: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>, count: Int,
                                   offset: Int, px: Double, py: Double, depths: UnsafeMutablePointer<Double>,
                                   order: UnsafeMutablePointer<Int32>, into d: UnsafeMutablePointer<UInt8>) {
        var present = 0
        var only: UInt32 = 0
        // `order` holds indices into `covering`, whose order is the drawing order.
        for c in 0..<count {
            let source = (rows[c] + offset).packedPixel
            guard source != 0 else { continue }
            only = source
            if present == 0 {
                // Its depth is needed only once a second sibling draws here.
                order[0] = Int32(c)
                present = 1
                continue
            }
            if present == 1 {
                depths[0] = siblings[base + Int(covering[Int(order[0])])].depth(atX: px, y: py)
            }
            let depth = siblings[base + Int(covering[c])].depth(atX: px, y: py)
            // Insertion, stable: a later sibling goes after equal depths.
            var slot = present
            while slot > 0 && depths[slot - 1] > depth + Self.coplanarDepth {
                depths[slot] = depths[slot - 1]
                order[slot] = order[slot - 1]
                slot -= 1
            }
            depths[slot] = depth
            order[slot] = Int32(c)
            present += 1
        }
        let target = d + offset
        if present == 1 {
            target.packedPixel = only >= 0xFF00_0000 ? only : sourceOverPacked(target.packedPixel, only)
        } else if present > 1 {
            var pixel = target.packedPixel
            for k in 0..<present {
                let source = (rows[Int(order[k])] + offset).packedPixel
                pixel = source >= 0xFF00_0000 ? source : sourceOverPacked(pixel, source)
            }
            target.packedPixel = pixel
        }
    }

    /// Depths closer than this (points) count as equal: coplanar siblings keep their order.
    static let coplanarDepth = 1e-6
}
