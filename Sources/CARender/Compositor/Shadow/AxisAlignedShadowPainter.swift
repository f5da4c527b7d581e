/// The common case of a rounded-rectangle shadow whose layer is only translated and scaled on
/// screen: the blurred rectangle factors into a value per device column and one per row, so a
/// pixel costs one multiplication, plus the corner table near the corners.
///
/// Shape coordinates are layer space relative to the shadow rectangle's top-left corner.
struct AxisAlignedShadowPainter: CoveragePainter {
    let target: ShadowTarget
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
        let a = Self.column(((Double(u0) - offsetX) / scaleX - 0.5).rounded(.up)) + 1
        let b = Self.column(((Double(u1) - offsetX) / scaleX - 0.5).rounded(.down))
        return (a, max(a, b))
    }

    /// The first column whose u is at least `u` (columns' u grow with x).
    @inline(__always)
    private func firstColumn(atOrAfter u: Float) -> Int {
        Self.column(((Double(u) - offsetX) / scaleX - 0.5).rounded(.up))
    }

    /// Columns farther than this from the canvas are all alike: off it.
    private static let columnLimit = Double(1 << 40)

    /// A whole column number as an `Int`, clamped first: under a huge transform it lies far
    /// beyond `Int`'s range (and is NaN where the map is degenerate).
    @inline(__always)
    private static func column(_ x: Double) -> Int {
        guard !x.isNaN else { return 0 }
        return Int(min(max(x, -columnLimit), columnLimit))
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
        let end = x0 + count
        let painter = self  // a local copy: raw pixel stores would otherwise force reloads of `self`
        let row = target.row(y, from: x0)
        guard let corner, v < corner.reach || height - v < corner.reach else {
            painter.run(row, x0, end, skip, rowValue, v, x0, coverage, left: false, right: false)
            return
        }
        // Split the row into the left corner zone, the middle and the right corner zone, so
        // each pixel does only the corner lookups its zone needs.
        let leftEnd = max(x0, min(end, firstColumn(atOrAfter: corner.reach)))
        let rightStart = max(leftEnd, min(end, firstColumn(atOrAfter: width - corner.reach)))
        // (When the zones overlap — a layer narrower than two corner reaches — the left zone
        // needs the right corners too.)
        let overlap = width - corner.reach < corner.reach
        painter.run(row, x0, leftEnd, skip, rowValue, v, x0, coverage, left: true, right: overlap)
        painter.run(row, leftEnd, rightStart, skip, rowValue, v, x0, coverage, left: false, right: false)
        painter.run(row, rightStart, end, skip, rowValue, v, x0, coverage, left: true, right: true)
    }

    /// Paints columns `[from, to)` of row `y`, minus the hidden run `skip`; `left`/`right` select
    /// which corners' deficits apply (`left` alone: the min-X corners; both: every corner, which
    /// also covers layers too narrow for separate zones).
    @inline(__always)
    private func run(_ row: ShadowTargetRow, _ from: Int, _ to: Int, _ skip: (Int, Int), _ rowValue: Float, _ v: Float,
                     _ x0: Int, _ coverage: UnsafePointer<Float>, left: Bool, right: Bool) {
        guard to > from else { return }
        let columns = self.columns, columnU = self.columnU, first = self.firstColumn
        let bv = height - v
        let top = v < (corner?.reach ?? 0), bottom = bv < (corner?.reach ?? 0)
        var x = from
        let plain = !(left || right) || corner == nil
        while x < to {
            if x >= skip.0 && x < skip.1 {
                x = min(skip.1, to)
                continue
            }
            // Four pixels at a time up to the hidden run or the end.
            let end = x < skip.0 ? min(skip.0, to) : to
            while x + 4 <= end {
                let values = UnsafeRawPointer(columns + (x - first)).loadUnaligned(as: SIMD4<Float>.self)
                let c = UnsafeRawPointer(coverage + (x - x0)).loadUnaligned(as: SIMD4<Float>.self)
                var a = values * rowValue * c
                if !plain, let corner, any(a .> 0.001) {
                    let u = UnsafeRawPointer(columnU + (x - first)).loadUnaligned(as: SIMD4<Float>.self)
                    let deficits = SIMD4(
                        deficit(corner, u.x, v, bv, top: top, bottom: bottom, right: right),
                        deficit(corner, u.y, v, bv, top: top, bottom: bottom, right: right),
                        deficit(corner, u.z, v, bv, top: top, bottom: bottom, right: right),
                        deficit(corner, u.w, v, bv, top: top, bottom: bottom, right: right))
                    a -= deficits * c
                }
                row.blend4(x - x0, a)
                x += 4
            }
            if x >= end { continue }
            let k = x - first
            let base = columns[k] * rowValue * coverage[x - x0]
            if base > 0.001 {
                var a = base
                if !plain, let corner {
                    a -= deficit(corner, columnU[k], v, bv, top: top, bottom: bottom, right: right) * coverage[x - x0]
                }
                row.blend(x - x0, a)
            }
            x += 1
        }
    }

    /// What the rounded corners take away at shape column `u` of a row at `v` (`bv` from the
    /// bottom): the min-X corners, and the max-X ones when `right`; `top` and `bottom` say
    /// whether the row lies within reach of the top and bottom corners.
    @inline(__always)
    private func deficit(_ corner: CornerLookup, _ u: Float, _ v: Float, _ bv: Float, top: Bool, bottom: Bool,
                         right: Bool) -> Float {
        let ru = width - u
        var deficit: Float = 0
        if u < corner.reach {
            if top && rounded.x != 0 { deficit += corner.value(u, v) }
            if bottom && rounded.w != 0 { deficit += corner.value(u, bv) }
        }
        if right && ru < corner.reach {
            if top && rounded.y != 0 { deficit += corner.value(ru, v) }
            if bottom && rounded.z != 0 { deficit += corner.value(ru, bv) }
        }
        return deficit
    }
}
