/// The common case of a rounded-rectangle shadow whose layer is only translated and scaled on
/// screen: the blurred rectangle factors into a value per device column and one per row, so a
/// pixel costs one multiplication, plus the corner table near the corners.
///
/// Shape coordinates are layer space relative to the shadow rectangle's top-left corner.
struct AxisAlignedShadowPainter: CoveragePainter {
    let canvas: Canvas
    /// The shadow colour at 257 levels of alpha (`palette[k]` = colour × k/256, packed).
    let palette: UnsafePointer<UInt32>
    /// Blurred-interval value and shape `u` of each device column from `firstColumn`.
    let columns: UnsafePointer<Float>
    let columnU: UnsafePointer<Float>
    let firstColumn: Int
    let vertical: TableLookup1D
    /// Device row → shape v: `v = (y + 0.5) · scaleY + offsetY`.
    let scaleY: Double
    let offsetY: Double
    /// Device column → shape u, for locating the hidden run.
    let scaleX: Double
    let offsetX: Double
    let width: Float
    let height: Float
    let corner: CornerLookup?
    let rounded: SIMD4<Float>
    /// The layer's opaque background in shape coordinates, as the cross of two boxes (the
    /// rectangle minus its corner squares, inset by an anti-aliasing margin). Empty if none.
    let wide: (u0: Float, v0: Float, u1: Float, v1: Float)
    let tall: (u0: Float, v0: Float, u1: Float, v1: Float)

    /// Columns `[a, b)` of this row whose u lies strictly inside `(u0, u1)`.
    @inline(__always)
    private func columnRange(_ u0: Float, _ u1: Float) -> (Int, Int) {
        let a = Int(((Double(u0) - offsetX) / scaleX - 0.5).rounded(.up)) + 1
        let b = Int(((Double(u1) - offsetX) / scaleX - 0.5).rounded(.down))
        return (a, max(a, b))
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        let v = Float((Double(y) + 0.5) * scaleY + offsetY)
        let rowValue = vertical.value(v)
        if rowValue == 0 { return }
        var skip = (Int.max, Int.max)
        if v > wide.v0 && v < wide.v1 {
            skip = columnRange(wide.u0, wide.u1)
        } else if v > tall.v0 && v < tall.v1 {
            skip = columnRange(tall.u0, tall.u1)
        }
        let bv = height - v
        let cornerRows = corner != nil && (v < corner!.reach || bv < corner!.reach)
        var d = canvas.pixel(x0, y)
        var x = x0
        let end = x0 + count
        while x < end {
            if x == skip.0 {
                let next = min(skip.1, end)
                if next > x { d += 4 * (next - x); x = next; continue }
            }
            let c = coverage[x - x0]
            if c > 0 {
                let k = x - firstColumn
                var value = columns[k] * rowValue
                if cornerRows, let corner {
                    let u = columnU[k], ru = width - u
                    if u < corner.reach {
                        if v < corner.reach && rounded.x != 0 { value -= corner.value(u, v) }
                        if bv < corner.reach && rounded.w != 0 { value -= corner.value(u, bv) }
                    }
                    if ru < corner.reach {
                        if v < corner.reach && rounded.y != 0 { value -= corner.value(ru, v) }
                        if bv < corner.reach && rounded.z != 0 { value -= corner.value(ru, bv) }
                    }
                }
                let a = value * c
                if a > 0.001 {
                    d.packedPixel = sourceOverPacked(d.packedPixel, palette[Int(min(a, 1) * 256 + 0.5)])
                }
            }
            d += 4; x += 1
        }
    }
}
