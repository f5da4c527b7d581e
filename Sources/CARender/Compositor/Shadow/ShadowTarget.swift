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
}
