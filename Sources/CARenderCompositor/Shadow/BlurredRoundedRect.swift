/// The Gaussian blur of a rounded rectangle at a point of shape space, as a shadow painter
/// samples it: exactly (from tables) or from a precomputed texture. Shape coordinates are
/// relative to the rectangle's top-left corner.
protocol BlurredShape {
    /// The blurred shape's alpha (0…1) at `(u, v)`.
    func value(_ u: Float, _ v: Float) -> Float

    /// The alpha at four points at once (the same values as `value` at each).
    func values(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float>
}

extension BlurredShape {
    @inline(__always)
    func values(_ u: SIMD4<Float>, _ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(value(u.x, v.x), value(u.y, v.y), value(u.z, v.z), value(u.w, v.w))
    }
}

/// The closed form: the separable product of two blurred intervals minus the tabulated deficits
/// of the rounded corners (see `CornerDeficitTable`).
struct BlurredRoundedRect: BlurredShape {
    let width: Float
    let height: Float
    let horizontal: TableLookup1D
    let vertical: TableLookup1D
    /// The corner table shared by the rounded corners (all have the same radius), or nil.
    let corner: CornerLookup?
    /// Which corners are rounded: top-left, top-right, bottom-right, bottom-left.
    let rounded: SIMD4<Float>

    @inline(__always)
    func value(_ u: Float, _ v: Float) -> Float {
        let h = horizontal.value(u)
        if h == 0 { return 0 }
        var value = h * vertical.value(v)
        // Corners only take away: where the rectangle's blur is invisible, so is the result.
        if value < 0.0005 { return 0 }
        if let corner {
            let reach = corner.reach
            let ru = width - u, bv = height - v
            if u < reach {
                if v < reach && rounded.x != 0 { value -= corner.value(u, v) }
                if bv < reach && rounded.w != 0 { value -= corner.value(u, bv) }
            }
            if ru < reach {
                if v < reach && rounded.y != 0 { value -= corner.value(ru, v) }
                if bv < reach && rounded.z != 0 { value -= corner.value(ru, bv) }
            }
        }
        return value
    }
}
