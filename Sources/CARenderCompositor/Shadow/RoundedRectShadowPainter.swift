import CARenderGeometry
import CARenderRaster
import CPixelKernels
/// Paints the Gaussian blur of a rounded rectangle, evaluated at each pixel centre mapped back
/// into layer space — so the shadow is exact under rotation and perspective too. The blur is
/// read from `Blur`: the closed form (`BlurredRoundedRect`) or the shape's texture
/// (`ShadowTextureLookup`).
///
/// Shape coordinates are relative to the rectangle's top-left corner.
///
/// Under perspective a pixel's homogeneous shape point `(hx, hy, hz)` is computed in Double (near
/// the horizon `hz` is a difference of nearly equal terms) and projected in Float: converting `hx`
/// and `hz`, the reciprocal and the product each round by at most 2⁻²⁴ relative, so `u = hx/hz` is
/// within 4·2⁻²⁴ ≈ 2.4·10⁻⁷ of `|u|` (likewise `v`) — the same order as the rounding of the Float
/// coordinates the lookups take anyway. A blur of sigma σ changes by at most `φ(0)/σ ≈ 0.4/σ` per
/// unit, so the shadow moves by at most 10⁻⁷·|u|/σ: under 10⁻³ (a quarter of 1/255) wherever
/// `|u|` is under 10⁴ σ, which covers any texture (at most `ShadowTexture.maximumTexels` texels
/// σ/8 apart, so under 11,000 σ long).
struct RoundedRectShadowPainter<Blur: BlurredShape>: CoveragePainter {
    let target: ShadowTarget
    /// Device pixel → shape coordinates.
    let deviceToShape: ProjectiveMap
    let blur: Blur
    /// The layer's opaque background as a cross of two boxes (see `AxisAlignedShadowPainter`).
    let wide: (u0: Float, v0: Float, u1: Float, v1: Float)
    let tall: (u0: Float, v0: Float, u1: Float, v1: Float)
    /// The texture `blur` reads, for the AVX2 kernels (`CPixelKernels`), which then paint the
    /// runs of eight pixels or more; nil for the Swift loops alone. Both give the same bytes
    /// (`PixelKernelTests`).
    var kernelTexture: cpk_shadow_texture? = nil

    /// Pixels the area's outline crosses: none lies under the layer's background, which is at
    /// least the shadow's margin inside the outline, so no hidden run is looked for.
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let shader = self  // a local copy: raw pixel stores would force reloads of `self`
        shader.paintRow(y, x0, count, coverage, findsHiddenRun: false)
    }

    /// A span inside the area: the run under the layer's background is found and skipped.
    mutating func paintFull(row y: Int, x0: Int, count: Int) {
        let shader = self
        var x = x0, left = count
        while left > 0 {
            let n = min(left, fullCoverageRowLength)
            shader.paintRow(y, x, n, fullCoverageRow, findsHiddenRun: true)
            x += n
            left -= n
        }
    }

    /// The pixels `i` of a row (device x = x0 + i, homogeneous shape point `a + b·i`) whose
    /// shape point lies strictly inside `box`, as a half-open range (empty when none).
    @inline(__always)
    private func run(inside box: (u0: Float, v0: Float, u1: Float, v1: Float), a: SIMD3<Double>, b: SIMD3<Double>,
                     count: Int) -> (Int, Int) {
        guard box.u1 > box.u0, box.v1 > box.v0 else { return (0, 0) }
        var range = OpenInterval()
        // Each side is linear in i once multiplied by w (> 0 where anything is drawn):
        // u > u0  ⇔  (a.x − u0·a.z) + (b.x − u0·b.z)·i > 0, and so on.
        let u0 = Double(box.u0), u1 = Double(box.u1), v0 = Double(box.v0), v1 = Double(box.v1)
        range.constrain(a.x - u0 * a.z, b.x - u0 * b.z)
        range.constrain(u1 * a.z - a.x, u1 * b.z - b.x)
        range.constrain(a.y - v0 * a.z, b.y - v0 * b.z)
        range.constrain(v1 * a.z - a.y, v1 * b.z - b.y)
        let lo = range.lo, hi = range.hi
        guard hi > lo else { return (0, 0) }
        let from = max(0, Int(max(lo, -1).rounded(.down)) + 1)
        let to = min(count, Int(min(hi, Double(count) + 1).rounded(.up)))
        return from < to ? (from, to) : (0, 0)
    }

    /// Skipping the hidden run is only a saving: a shadow pixel painted there is hidden all the
    /// same (see `drawRoundedRectShadow`), so the bytes do not depend on which calls look for it.
    @inline(__always)
    private func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>, findsHiddenRun: Bool) {
        let m = deviceToShape
        let py = Double(y) + 0.5, px0 = Double(x0) + 0.5
        let row = target.row(y, from: x0)
        // Homogeneous shape point of pixel i: a + b·i.
        let a = SIMD3(px0 * m.m11 + py * m.m21 + m.m31, px0 * m.m12 + py * m.m22 + m.m32, px0 * m.m13 + py * m.m23 + m.m33)
        let b = SIMD3(m.m11, m.m12, m.m13)
        // The run under the layer's opaque background (the union of the cross's boxes when they
        // meet, else the longer), skipped outright.
        let none = (0, 0)
        let r1 = findsHiddenRun ? run(inside: wide, a: a, b: b, count: count) : none
        let r2 = findsHiddenRun ? run(inside: tall, a: a, b: b, count: count) : none
        var skip = r1.1 - r1.0 >= r2.1 - r2.0 ? r1 : r2
        if r1.1 > r1.0 && r2.1 > r2.0 && r1.0 <= r2.1 && r2.0 <= r1.1 { skip = (min(r1.0, r2.0), max(r1.1, r2.1)) }
        if m.isAffine {
            let u0 = Float(a.x), v0 = Float(a.y), du = Float(b.x), dv = Float(b.y)
            let lanes = SIMD4<Float>(0, 1, 2, 3)
            var i = 0
            while i < count {
                if i == skip.0 && skip.1 > i { i = skip.1; continue }
                // Four pixels at a time up to the hidden run or the row's end.
                let end = i < skip.0 ? skip.0 : count
                while i + 4 <= end {
                    if kernelTexture != nil, let n = kernelRun(row, from: i, to: end) {
                        paintAffine(row, coverage, i, n, u0, v0, du, dv)
                        i += n
                        continue
                    }
                    let fi = Float(i) + lanes
                    let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
                    row.blend4(i, blur.values(u0 + fi * du, v0 + fi * dv) * c)
                    i += 4
                }
                if i >= count { break }
                if i == skip.0 && skip.1 > i { continue }
                let c = coverage[i]
                if c > 0 {
                    let fi = Float(i)
                    row.blend(i, blur.value(u0 + fi * du, v0 + fi * dv) * c)
                }
                i += 1
            }
        } else {
            let lanes = SIMD4<Double>(0, 1, 2, 3)
            var i = 0
            while i < count {
                if i == skip.0 && skip.1 > i { i = skip.1; continue }
                let end = i < skip.0 ? skip.0 : count
                while i + 4 <= end {
                    if kernelTexture != nil, let n = kernelRun(row, from: i, to: end) {
                        paintProjective(row, coverage, i, n, a, b)
                        i += n
                        continue
                    }
                    let fi = Double(i) + lanes
                    // The homogeneous point in Double, its projection in Float (the error
                    // bound is in the type's note).
                    let hx = SIMD4<Float>(a.x + b.x * fi), hy = SIMD4<Float>(a.y + b.y * fi)
                    let hz = SIMD4<Float>(a.z + b.z * fi)
                    // Points behind the eye draw nothing: their coverage is zeroed, and their
                    // lookups (whatever they read) are finite, so the product is 0.
                    let ahead = hz .> 0
                    let inverse = 1 / hz.replacing(with: 1, where: .!ahead)
                    var c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
                    c.replace(with: 0, where: .!ahead)
                    row.blend4(i, blur.values(hx * inverse, hy * inverse) * c)
                    i += 4
                }
                if i >= count { break }
                if i == skip.0 && skip.1 > i { continue }
                let c = coverage[i]
                let h = SIMD3<Float>(a + b * Double(i))
                if c > 0 && h.z > 0 {
                    let inverse = 1 / h.z
                    row.blend(i, blur.value(h.x * inverse, h.y * inverse) * c)
                }
                i += 1
            }
        }
    }
}

extension RoundedRectShadowPainter {
    /// How many pixels from `i` the kernels paint: all up to `end`, when that is at least eight
    /// (shorter runs stay in Swift, where the call would cost more than it saves); else nil.
    @inline(__always)
    fileprivate func kernelRun(_ row: ShadowTargetRow, from i: Int, to end: Int) -> Int? {
        end - i >= 8 ? end - i : nil
    }

    private func kernelRow(_ row: ShadowTargetRow) -> cpk_shadow_row {
        cpk_shadow_row(pixels: UnsafeMutableRawPointer(row.pixels).assumingMemoryBound(to: UInt32.self), palette: row.palette,
                       group: UnsafeMutableRawPointer(row.group).assumingMemoryBound(to: UInt32.self),
                       group_palette: row.groupPalette, group_start: Int64(row.groupStart), group_end: Int64(row.groupEnd))
    }

    @inline(never)
    fileprivate func paintAffine(_ row: ShadowTargetRow, _ coverage: UnsafePointer<Float>, _ i: Int, _ n: Int,
                                 _ u0: Float, _ v0: Float, _ du: Float, _ dv: Float) {
        guard var texture = kernelTexture else { return }
        cpk_shadow_affine_avx2(&texture, kernelRow(row), coverage, Int32(i), Int32(n), u0, v0, du, dv)
    }

    @inline(never)
    fileprivate func paintProjective(_ row: ShadowTargetRow, _ coverage: UnsafePointer<Float>, _ i: Int, _ n: Int,
                                     _ a: SIMD3<Double>, _ b: SIMD3<Double>) {
        guard var texture = kernelTexture else { return }
        cpk_shadow_projective_avx2(&texture, kernelRow(row), coverage, Int32(i), Int32(n), a.x, a.y, a.z, b.x, b.y, b.z)
    }
}

/// The real `i` with `c0 + c1·i > 0` for every constraint given, as an open interval.
private struct OpenInterval {
    var lo = -Double.infinity, hi = Double.infinity

    @inline(__always)
    mutating func constrain(_ c0: Double, _ c1: Double) {
        if c1 == 0 {
            if c0 <= 0 { hi = -Double.infinity }
        } else if c1 > 0 {
            lo = max(lo, -c0 / c1)
        } else {
            hi = min(hi, -c0 / c1)
        }
    }
}
