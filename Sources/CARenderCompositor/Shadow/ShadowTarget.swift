import CARenderPixels
/// Where a shadow's pixels go: onto the canvas beneath the layer, or — for a layer composited as
/// a group (`allowsGroupOpacity` with an opacity below 1) — partly into the group's offscreen.
///
/// Why a group need not hold its shadow: the shadow lies beneath everything else the layer draws,
/// and source-over is associative, so the group's pixels are `R over S`, R being the rest of the
/// layer (background, contents, sublayers, border) and S the shadow. With R already in the
/// offscreen, each shadow pixel goes
/// - nowhere where R is opaque (R over S is R),
/// - under R in the offscreen where R is partly transparent (destination-over: `R + S × (1 − R.α)`),
/// - straight onto the canvas, already multiplied by the group's opacity, where R is empty
///   (R over S is S, and the offscreen's empty pixel then blends nothing).
/// So the offscreen covers only the rest of the layer, not the shadow's wide margins.
struct ShadowTarget {
    /// The canvas beneath the layer, and the shadow colour for it at 257 levels of alpha
    /// (`palette[k]` = colour × k/256, packed; times the group's opacity when there is a group).
    let canvas: Canvas
    let palette: UnsafePointer<UInt32>
    /// The group's offscreen holding the rest of the layer, and the shadow colour within the
    /// group at 257 levels; nil when there is no group.
    let group: Canvas?
    let groupPalette: UnsafePointer<UInt32>

    /// The pixels of device row `y` from `x0` on.
    @inline(__always)
    func row(_ y: Int, from x0: Int) -> ShadowTargetRow {
        var row = ShadowTargetRow(pixels: canvas.pixel(x0, y), palette: palette, group: canvas.pixel(x0, y),
                                  groupPalette: groupPalette, groupStart: 0, groupEnd: 0)
        if let group, y >= group.rect.y0, y < group.rect.y1, group.rect.x1 > group.rect.x0 {
            // A pointer to where column x0 would lie in the offscreen's row: only dereferenced for
            // columns inside it.
            row.group = group.base + (((y &- group.rect.y0) &* group.rect.width &+ (x0 &- group.rect.x0)) << 2)
            row.groupStart = group.rect.x0 - x0
            row.groupEnd = group.rect.x1 - x0
        }
        return row
    }
}

/// One row of a `ShadowTarget`, indexed from the row's first pixel.
struct ShadowTargetRow {
    var pixels: UnsafeMutablePointer<UInt8>
    let palette: UnsafePointer<UInt32>
    var group: UnsafeMutablePointer<UInt8>
    let groupPalette: UnsafePointer<UInt32>
    /// Pixels `groupStart ..< groupEnd` of the row lie in the group's offscreen.
    var groupStart: Int
    var groupEnd: Int

    /// Blends the shadow at alpha `k` (0…1 of the shadow colour) into pixel `i` of the row.
    @inline(__always)
    func blend(_ i: Int, _ k: Float) {
        guard k > 0.001 else { return }
        let level = nearestIndex(min(k, 1) * 256)
        if i >= groupStart && i < groupEnd {
            let g = group + 4 &* i
            let rest = g.packedPixel
            if rest >= 0xFF00_0000 { return }
            if rest != 0 {
                g.packedPixel = sourceOverPacked(groupPalette[level], rest)
                return
            }
        }
        let d = pixels + 4 &* i
        d.packedPixel = sourceOverPacked(d.packedPixel, palette[level])
    }

    /// Blends the shadow at alphas `k` into pixels `i ..< i + 4` of the row, four at a time with
    /// the same bytes as `blend` pixel by pixel (an alpha too small to show picks the palette's
    /// transparent level 0, which changes nothing; lanes are routed by masks, not branches).
    /// Blocks that touch the group's offscreen are blended out of line (`blendIntoGroup4`), so
    /// that the common case stays small enough for the painters to inline.
    @inline(__always)
    func blend4(_ i: Int, _ k: SIMD4<Float>) {
        guard any(k .> 0.001) else { return }
        guard i &+ 4 <= groupStart || i >= groupEnd else {
            blendIntoGroup4(i, k)
            return
        }
        let levels = nearestIndices(k.replacing(with: 1, where: k .> 1) * 256)
        let shadow = SIMD4<UInt32>(palette[Int(levels.x)], palette[Int(levels.y)], palette[Int(levels.z)],
                                   palette[Int(levels.w)])
        let d = UnsafeMutableRawPointer(pixels + 4 &* i)
        d.storeBytes(of: sourceOverPacked(d.loadUnaligned(as: SIMD4<UInt32>.self), shadow), as: SIMD4<UInt32>.self)
    }

    /// `blend4` of a block that lies at least partly in the group's offscreen.
    @inline(never)
    func blendIntoGroup4(_ i: Int, _ k: SIMD4<Float>) {
        guard i >= groupStart && i &+ 4 <= groupEnd else {
            blend(i, k.x); blend(i &+ 1, k.y); blend(i &+ 2, k.z); blend(i &+ 3, k.w)
            return
        }
        let levels = nearestIndices(k.replacing(with: 1, where: k .> 1) * 256)
        let l0 = Int(levels.x), l1 = Int(levels.y), l2 = Int(levels.z), l3 = Int(levels.w)
        let g = UnsafeMutableRawPointer(group + 4 &* i)
        let rest = g.loadUnaligned(as: SIMD4<UInt32>.self)
        let empty = rest .== 0
        let underRest = .!empty .& (rest .< 0xFF00_0000)
        if any(underRest) {
            let groupShadow = SIMD4<UInt32>(groupPalette[l0], groupPalette[l1], groupPalette[l2], groupPalette[l3])
            g.storeBytes(of: rest.replacing(with: sourceOverPacked(groupShadow, rest), where: underRest),
                         as: SIMD4<UInt32>.self)
        }
        if any(empty) {
            let shadow = SIMD4<UInt32>(palette[l0], palette[l1], palette[l2], palette[l3])
            let d = UnsafeMutableRawPointer(pixels + 4 &* i)
            let below = d.loadUnaligned(as: SIMD4<UInt32>.self)
            d.storeBytes(of: below.replacing(with: sourceOverPacked(below, shadow), where: empty), as: SIMD4<UInt32>.self)
        }
    }
}
