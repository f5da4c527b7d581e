import CARenderPixels
import CARenderRaster
/// The common case of a rounded-rectangle shadow whose layer is only translated and scaled on
/// screen: the blurred rectangle factors into a value per device column and one per row, so a
/// pixel costs one multiplication, and near the corners two linear lookups more.
///
/// The corners' deficits (`CornerDeficitTable`) are bilinear in the corner coordinates `(a, b)`;
/// on one device row `b` is fixed, so each row near a corner first interpolates the table between
/// its two rows at `b` (`CornerLookup.addRow`, into `cornerRows`), and each pixel then interpolates
/// that row linearly at its column's position, computed once per shadow (`leftPositions`,
/// `rightPositions`). Columns out of a corner's reach sit on the row's zero guard, so a pixel needs
/// no test of which corners touch it.
///
/// Shape coordinates are layer space relative to the shadow rectangle's top-left corner.
struct AxisAlignedShadowPainter: CoveragePainter {
    let target: ShadowTarget
    /// Per device column from `firstColumn`: the blurred-interval value, and where the column lies
    /// in a row of left-corner and of right-corner deficits (`CornerLookup.rowPosition` of its
    /// shape `u` and of `width − u`). The positions are only read when `corner` is set.
    let columns: UnsafePointer<Float>
    let leftPositions: UnsafePointer<Float>
    let rightPositions: UnsafePointer<Float>
    let firstColumn: Int
    let vertical: TableLookup1D
    /// Device row → shape v: `v = (y + 0.5) · scaleY + offsetY`.
    let scaleY: Double
    let offsetY: Double
    /// Device column → shape u, for locating the hidden run and the corner zones.
    let scaleX: Double
    let offsetX: Double
    let width: Float
    let height: Float
    let corner: CornerLookup?
    /// Which corners are rounded: top-left, top-right, bottom-right, bottom-left.
    let rounded: SIMD4<Float>
    /// Room for one row's deficits: the left corners', then the right corners', `corner.count + 2`
    /// each (the last two of each stay zero).
    let cornerRows: UnsafeMutablePointer<Float>
    /// The layer's opaque background in shape coordinates, as the cross of two boxes (the
    /// rectangle minus its corner squares, inset by an anti-aliasing margin). Empty if none.
    let wide: (u0: Float, v0: Float, u1: Float, v1: Float)
    let tall: (u0: Float, v0: Float, u1: Float, v1: Float)
    /// What the column map gives for every row alike: the columns under each box of the
    /// background, and the first columns past the left corners' reach and within the right ones'.
    private let wideColumns: (Int, Int)
    private let tallColumns: (Int, Int)
    private let leftZoneEnd: Int
    private let rightZoneStart: Int

    init(target: ShadowTarget, columns: UnsafePointer<Float>, leftPositions: UnsafePointer<Float>,
         rightPositions: UnsafePointer<Float>, firstColumn: Int, vertical: TableLookup1D, scaleY: Double,
         offsetY: Double, scaleX: Double, offsetX: Double, width: Float, height: Float, corner: CornerLookup?,
         rounded: SIMD4<Float>, cornerRows: UnsafeMutablePointer<Float>,
         wide: (u0: Float, v0: Float, u1: Float, v1: Float), tall: (u0: Float, v0: Float, u1: Float, v1: Float)) {
        self.target = target
        self.columns = columns
        self.leftPositions = leftPositions
        self.rightPositions = rightPositions
        self.firstColumn = firstColumn
        self.vertical = vertical
        self.scaleY = scaleY
        self.offsetY = offsetY
        self.scaleX = scaleX
        self.offsetX = offsetX
        self.width = width
        self.height = height
        self.corner = corner
        self.rounded = rounded
        self.cornerRows = cornerRows
        self.wide = wide
        self.tall = tall
        wideColumns = Self.columnRange(wide.u0, wide.u1, scaleX: scaleX, offsetX: offsetX)
        tallColumns = Self.columnRange(tall.u0, tall.u1, scaleX: scaleX, offsetX: offsetX)
        let reach = corner?.reach ?? 0
        leftZoneEnd = Self.firstColumn(atOrAfter: reach, scaleX: scaleX, offsetX: offsetX)
        rightZoneStart = Self.firstColumn(atOrAfter: width - reach, scaleX: scaleX, offsetX: offsetX)
    }

    /// Columns `[a, b)` whose u lies strictly inside `(u0, u1)`.
    private static func columnRange(_ u0: Float, _ u1: Float, scaleX: Double, offsetX: Double) -> (Int, Int) {
        let a = column(((Double(u0) - offsetX) / scaleX - 0.5).rounded(.up)) + 1
        let b = column(((Double(u1) - offsetX) / scaleX - 0.5).rounded(.down))
        return (a, max(a, b))
    }

    /// The first column whose u is at least `u` (columns' u grow with x).
    private static func firstColumn(atOrAfter u: Float, scaleX: Double, offsetX: Double) -> Int {
        column(((Double(u) - offsetX) / scaleX - 0.5).rounded(.up))
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
            skip = wideColumns
        } else if v > tall.v0 && v < tall.v1 {
            skip = tallColumns
        }
        let end = x0 + count
        let painter = self  // a local copy: raw pixel stores would otherwise force reloads of `self`
        let row = target.row(y, from: x0)
        let bv = height - v
        guard let corner, v < corner.reach || bv < corner.reach else {
            painter.run(row, x0, end, skip, rowValue, x0, coverage, (UnsafePointer(cornerRows), UnsafePointer(cornerRows)), left: false, right: false)
            return
        }
        // This row's deficits of the left corners and of the right ones — one row for both
        // sides when the row reaches only the top corners or only the bottom ones and those
        // are alike (a card's usual case).
        let stride = corner.count + 2
        let left = cornerRows
        var right = UnsafePointer(cornerRows + stride)
        let top = v < corner.reach, bottom = bv < corner.reach
        if top != bottom && (top ? rounded.x == rounded.y : rounded.w == rounded.z) {
            left.update(repeating: 0, count: stride)
            if (top ? rounded.x : rounded.w) != 0 { corner.addRow(at: top ? v : bv, to: left) }
            right = UnsafePointer(left)
        } else {
            left.update(repeating: 0, count: 2 * stride)
            let other = cornerRows + stride
            if rounded.x != 0 { corner.addRow(at: v, to: left) }
            if rounded.w != 0 { corner.addRow(at: bv, to: left) }
            if rounded.y != 0 { corner.addRow(at: v, to: other) }
            if rounded.z != 0 { corner.addRow(at: bv, to: other) }
        }
        let rows = (UnsafePointer(left), right)
        // Split the row into the left corner zone, the middle and the right corner zone, so
        // each pixel does only the lookups its zone needs.
        let leftEnd = max(x0, min(end, leftZoneEnd))
        let rightStart = max(leftEnd, min(end, rightZoneStart))
        // (When the zones overlap — a layer narrower than two corner reaches — each zone needs
        // the other side's corners too.)
        let overlap = width - corner.reach < corner.reach
        painter.run(row, x0, leftEnd, skip, rowValue, x0, coverage, rows, left: true, right: overlap)
        painter.run(row, leftEnd, rightStart, skip, rowValue, x0, coverage, rows, left: false, right: false)
        painter.run(row, rightStart, end, skip, rowValue, x0, coverage, rows, left: overlap, right: true)
    }

    /// Paints columns `[from, to)` of a row, minus the hidden run `skip`; `left`/`right` say
    /// whether the left and the right corners' deficits (the rows `rows`) apply.
    @inline(__always)
    private func run(_ row: ShadowTargetRow, _ from: Int, _ to: Int, _ skip: (Int, Int), _ rowValue: Float,
                     _ x0: Int, _ coverage: UnsafePointer<Float>,
                     _ rows: (left: UnsafePointer<Float>, right: UnsafePointer<Float>), left: Bool, right: Bool) {
        guard to > from else { return }
        let columns = self.columns, first = self.firstColumn
        let leftRow = rows.left, rightRow = rows.right
        let leftPositions = self.leftPositions, rightPositions = self.rightPositions
        var x = from
        while x < to {
            if x >= skip.0 && x < skip.1 {
                x = min(skip.1, to)
                continue
            }
            // Four pixels at a time up to the hidden run or the end.
            let end = x < skip.0 ? min(skip.0, to) : to
            while x + 4 <= end {
                let k = x - first
                let values = UnsafeRawPointer(columns + k).loadUnaligned(as: SIMD4<Float>.self)
                let c = UnsafeRawPointer(coverage + (x - x0)).loadUnaligned(as: SIMD4<Float>.self)
                var a = values * rowValue * c
                if left || right, any(a .> 0.001) {
                    var deficits = SIMD4<Float>.zero
                    if left { deficits += Self.lookup4(leftRow, leftPositions + k) }
                    if right { deficits += Self.lookup4(rightRow, rightPositions + k) }
                    a -= deficits * c
                }
                row.blend4(x - x0, a)
                x += 4
            }
            if x >= end { continue }
            let k = x - first
            let base = columns[k] * rowValue * coverage[x - x0]
            if base > 0.001 {
                var deficit: Float = 0
                if left { deficit += Self.lookup(leftRow, leftPositions[k]) }
                if right { deficit += Self.lookup(rightRow, rightPositions[k]) }
                row.blend(x - x0, base - deficit * coverage[x - x0])
            }
            x += 1
        }
    }

    /// A row of deficits interpolated linearly at `position`.
    @inline(__always)
    private static func lookup(_ row: UnsafePointer<Float>, _ position: Float) -> Float {
        let i = lowerIndex(position)
        let f = position - Float(i)
        return row[i] + (row[i + 1] - row[i]) * f
    }

    /// `lookup` at the four positions from `positions`.
    @inline(__always)
    private static func lookup4(_ row: UnsafePointer<Float>, _ positions: UnsafePointer<Float>) -> SIMD4<Float> {
        let t = UnsafeRawPointer(positions).loadUnaligned(as: SIMD4<Float>.self)
        let i = lowerIndices(t)
        let f = t - SIMD4<Float>(i)
        let p0 = UnsafeRawPointer(row + Int(i.x)).loadUnaligned(as: SIMD2<Float>.self)
        let p1 = UnsafeRawPointer(row + Int(i.y)).loadUnaligned(as: SIMD2<Float>.self)
        let p2 = UnsafeRawPointer(row + Int(i.z)).loadUnaligned(as: SIMD2<Float>.self)
        let p3 = UnsafeRawPointer(row + Int(i.w)).loadUnaligned(as: SIMD2<Float>.self)
        let lower = SIMD4(p0.x, p1.x, p2.x, p3.x), upper = SIMD4(p0.y, p1.y, p2.y, p3.y)
        return lower + (upper - lower) * f
    }
}
