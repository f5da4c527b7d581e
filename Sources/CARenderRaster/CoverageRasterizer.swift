import CARenderPixels
import CPixelKernels

/// Exact-area anti-aliasing of polygons by signed area/cover accumulation (the scheme of font-rs
/// and tiny-skia's analytic path): every edge adds, to the cells it crosses on each scanline, the
/// signed area it leaves to its right; a running sum along the row then gives each pixel's
/// winding-weighted coverage. Interiors cost one addition per pixel and come out exactly 1.
///
/// Rows are processed in bands of `bandHeight` so the accumulation buffer stays small and in cache
/// even for full-frame shapes. Rows that only whole vertical edges cross (between a rounded
/// rectangle's corners, or a border ring's) get exactly the cells of the row above, so they are
/// neither accumulated nor swept: the painter calls of the first are repeated on them.
///
/// Scratch buffers live in the instance and are reused; the loops work on local copies of their
/// pointers (no class-property access, so no exclusivity checks, inside them).
@usableFromInline package final class CoverageRasterizer {
    @usableFromInline
    struct Edge {
        @usableFromInline var x0: Float, y0: Float, x1: Float, y1: Float
        /// +1 when the original edge runs down the screen, −1 when it runs up.
        @usableFromInline var dir: Float

        @inlinable
        init(x0: Float, y0: Float, x1: Float, y1: Float, dir: Float) {
            (self.x0, self.y0, self.x1, self.y1, self.dir) = (x0, y0, x1, y1, dir)
        }
    }

    @usableFromInline static let bandHeight = 16

    /// The shape's edges (`edgeCount` of them), sorted by top; the edges crossing the current
    /// band; and the merge sort's scratch. All `edgeCapacity` long.
    ///
    /// Not checked for exclusive access at run time: only this rasterizer's own methods touch
    /// them, one at a time (a rasterizer belongs to one thread's drawing scratch), and each
    /// edge added reads and writes three of them, which checked cost more than the edge itself.
    @exclusivity(unchecked) @usableFromInline var edges: UnsafeMutablePointer<Edge>
    @exclusivity(unchecked) @usableFromInline var active: UnsafeMutablePointer<Edge>
    @exclusivity(unchecked) @usableFromInline var sortScratch: UnsafeMutablePointer<Edge>
    @exclusivity(unchecked) @usableFromInline var edgeCount = 0
    @exclusivity(unchecked) private var edgeCapacity = 256
    @usableFromInline var accumulation: UnsafeMutablePointer<Float>
    private var accumulationCapacity: Int
    @usableFromInline var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity: Int
    /// Per row of the shape: swept, or repeating the row above (see `markRepeatedRows`).
    @usableFromInline var rowKinds = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
    private var rowKindCapacity = 1024
    /// The painter calls of a row that later rows repeat (see `RunRecorder`).
    @usableFromInline var runs: UnsafeMutablePointer<RecordedRun>
    private var runCapacity = 1024
    /// Whether rows that repeat the row above are painted from its runs (on by default; tests
    /// turn it off to compare with sweeping every row).
    @usableFromInline var reusesRepeatedRows = true
    /// How many rows the last `fill` painted from a row above's runs.
    @usableFromInline var repeatedRowCount = 0
    /// Whether rows are swept by the AVX2 kernel (`cpk_sweep_row_avx2`) instead of `sweep`: the
    /// processor's answer, read once per rasterizer. Both give the same painter calls with the
    /// same coverage; tests turn it off to compare them.
    @usableFromInline package var usesAVX2Kernels = cpk_has_avx2() != 0
    /// The kernel's painter calls for one row (room for a row's width + 1).
    @usableFromInline var sweptRuns: UnsafeMutablePointer<cpk_coverage_run>

    package init() {
        accumulationCapacity = 4096
        accumulation = .allocate(capacity: accumulationCapacity)
        accumulation.initialize(repeating: 0, count: accumulationCapacity)
        coverageCapacity = 1024
        coverage = .allocate(capacity: coverageCapacity)
        edges = .allocate(capacity: edgeCapacity)
        active = .allocate(capacity: edgeCapacity)
        sortScratch = .allocate(capacity: edgeCapacity)
        runs = .allocate(capacity: runCapacity)
        sweptRuns = .allocate(capacity: runCapacity)
    }

    deinit {
        accumulation.deallocate()
        coverage.deallocate()
        edges.deallocate()
        active.deallocate()
        sortScratch.deallocate()
        rowKinds.deallocate()
        runs.deallocate()
        sweptRuns.deallocate()
    }

    /// Rasterizes `shape` (device pixel coordinates) under `rule`, handing each row's coverage
    /// inside `clip` to `painter`.
    @inlinable
    package func fill<P: CoveragePainter>(_ shape: Outline, rule: FillRule, clip: IntRect, painter: inout P) {
        repeatedRowCount = 0
        guard !clip.isEmpty, !shape.isEmpty else { return }
        buildEdges(shape, clip: clip)
        let edgeCount = self.edgeCount
        guard edgeCount > 0 else { return }
        let edges = self.edges, active = self.active

        // Columns span the whole shape (edges right of the clip were dropped, but the coverage
        // they close still reaches the clip's right side).
        guard let b = shape.bounds else { return }
        let minX = Float(max(0, min(b.minX - Double(clip.x0), Double(clip.width))))
        let maxX = Float(max(0, min(b.maxX - Double(clip.x0), Double(clip.width))))
        var minY = Float.infinity, maxY = -Float.infinity
        for i in 0..<edgeCount {
            minY = min(minY, edges[i].y0); maxY = max(maxY, edges[i].y1)
        }
        let clipWidth = clip.width
        let xStart = max(0, Int(minX.rounded(.down)))
        let xEnd = min(clipWidth, Int(maxX.rounded(.up)) + 1)
        let rowStart = max(0, Int(minY.rounded(.down)))
        let rowEnd = min(clip.height, Int(maxY.rounded(.up)))
        guard xEnd > xStart, rowEnd > rowStart else { return }
        let width = xEnd - xStart
        let stride = width + 2
        reserve(accumulation: stride * Self.bandHeight, coverage: width)
        // Accumulate relative to the first column so cell indices start at 0.
        let shift = Float(xStart)

        Self.sortByTop(edges, count: edgeCount, scratch: sortScratch)
        let repeats = reusesRepeatedRows && markRepeatedRows(rowStart: rowStart, rowEnd: rowEnd)
        let rowKinds = self.rowKinds
        var activeCount = 0
        var next = 0
        var bandTop = rowStart
        let acc = accumulation, out = coverage, runLog = runs
        // Rows that only vertical edges cross, whole (between a rounded rectangle's corners): each
        // has the cells of the row above, so it gets no additions and repeats that row's runs.
        // The bands stay where they would be without repeats, so the other rows' additions, and
        // their coverage, are the same to the bit.
        var recorder = RunRecorder(inner: painter, runs: runLog, coverage: out)
        let kernelRuns: UnsafeMutablePointer<cpk_coverage_run>? = usesAVX2Kernels ? sweptRuns : nil
        while bandTop < rowEnd {
            let bandBottom = min(bandTop + Self.bandHeight, rowEnd)
            let top = Float(bandTop), bottom = Float(bandBottom)
            while next < edgeCount && edges[next].y0 < bottom {
                active[activeCount] = edges[next]
                activeCount += 1
                next += 1
            }
            var k = 0
            while k < activeCount {
                let e = active[k]
                if repeats && e.x0 == e.x1 {
                    // A vertical edge adds to each row on its own: skip the repeats.
                    var a = bandTop
                    while a < bandBottom {
                        while a < bandBottom && rowKinds[a - rowStart] == Self.repeatRow { a += 1 }
                        var b = a
                        while b < bandBottom && rowKinds[b - rowStart] != Self.repeatRow { b += 1 }
                        if b > a {
                            Self.accumulate(e, into: acc, top: Float(a), bottom: Float(b), bandTop: bandTop, shift: shift,
                                            stride: stride)
                        }
                        a = b
                    }
                } else {
                    Self.accumulate(e, into: acc, top: top, bottom: bottom, bandTop: bandTop, shift: shift, stride: stride)
                }
                if e.y1 <= bottom {
                    active[k] = active[activeCount - 1]
                    activeCount -= 1
                } else {
                    k += 1
                }
            }
            for row in bandTop..<bandBottom {
                let kind = repeats ? rowKinds[row - rowStart] : Self.sweptRow
                if kind == Self.repeatRow {
                    recorder.replay(row: row + clip.y0, into: &painter)
                    repeatedRowCount += 1
                    continue
                }
                let cells = acc + (row - bandTop) * stride
                if kind == Self.repeatStart {
                    recorder.inner = painter
                    recorder.count = 0
                    Self.sweep(cells, coverage: out, width: width, rule: rule, row: row + clip.y0, x0: clip.x0 + xStart,
                               kernelRuns: kernelRuns, painter: &recorder)
                    painter = recorder.inner
                } else {
                    Self.sweep(cells, coverage: out, width: width, rule: rule, row: row + clip.y0, x0: clip.x0 + xStart,
                               kernelRuns: kernelRuns, painter: &painter)
                }
                cells[width] = 0
                cells[width + 1] = 0
            }
            bandTop = bandBottom
        }
    }

    // MARK: - Repeated rows

    /// `rowKinds` values: a row swept as usual, the first of rows that repeat it, and such a
    /// repeat.
    @usableFromInline static let sweptRow: UInt8 = 0, repeatStart: UInt8 = 1, repeatRow: UInt8 = 2

    /// Classifies rows `rowStart ..< rowEnd` (clip-relative) into `rowKinds`: a row is a repeat of
    /// the one above when every edge touching either row is vertical and covers both whole, the
    /// same edges. Its cells then receive the same additions (a vertical edge adds its direction
    /// split at its fixed x), so its coverage is the same to the bit — unless three or more
    /// edges add to one cell and a later band takes them in another order, which changes that
    /// sum by a rounding at most. Between a rounded rectangle's corners, and a border ring's,
    /// every row is such a repeat. Returns false when no two rows repeat (fewer than two
    /// vertical edges).
    @usableFromInline func markRepeatedRows(rowStart: Int, rowEnd: Int) -> Bool {
        let rows = rowEnd - rowStart
        guard rows >= 3 else { return false }
        let edges = self.edges
        var vertical = 0
        for i in 0..<edgeCount where edges[i].x0 == edges[i].x1 { vertical += 1 }
        guard vertical >= 2 else { return false }
        if rows > rowKindCapacity {
            rowKinds.deallocate()
            rowKindCapacity = rows
            rowKinds = .allocate(capacity: rows)
        }
        // Bits per row: touched by a sloped edge or a vertical edge's fractional end (swept), or
        // a vertical edge starts or ends at its top (the edges differ from the row above's).
        let swept: UInt8 = 1, newEdges: UInt8 = 2
        let kinds = rowKinds
        kinds.initialize(repeating: 0, count: rows)
        @inline(__always) func mark(_ row: Int, _ bit: UInt8) {
            let r = row - rowStart
            if r >= 0 && r < rows { kinds[r] |= bit }
        }
        @inline(__always) func markEnd(_ y: Float) {
            let row = Int(y)  // y ≥ 0: the floor
            mark(row, Float(row) == y ? newEdges : swept)
        }
        for i in 0..<edgeCount {
            let e = edges[i]
            if e.x0 == e.x1 {
                markEnd(e.y0)
                markEnd(e.y1)
            } else {
                let below = Int(e.y1)
                let first = max(rowStart, Int(e.y0)), last = min(rowEnd, Float(below) < e.y1 ? below + 1 : below)
                if first < last { for r in first..<last { kinds[r - rowStart] |= swept } }
            }
        }
        var any = false
        var previousSwept = true
        for r in 0..<rows {
            let bits = kinds[r]
            if bits & swept != 0 {
                kinds[r] = Self.sweptRow
                previousSwept = true
            } else {
                kinds[r] = previousSwept || bits & newEdges != 0 ? Self.repeatStart : Self.repeatRow
                previousSwept = false
                any = any || kinds[r] == Self.repeatRow
            }
        }
        // A start with no repeat after it is swept with its neighbours.
        for r in 0..<rows where kinds[r] == Self.repeatStart && (r + 1 == rows || kinds[r + 1] != Self.repeatRow) {
            kinds[r] = Self.sweptRow
        }
        return any
    }

    /// Sorts edges by their top, stably (equal tops keep their outline order, which the cells'
    /// sums depend on), through `scratch`. An outline's edges come in contour order, so their
    /// tops rise and fall in a few long stretches: each strictly falling stretch is reversed in
    /// place (its tops all differ, so no two equal tops change order), then neighbouring rising
    /// runs are merged, alternating between the buffers, until one run is left. A rotated
    /// rounded rectangle takes two or three runs, so one or two merge passes.
    @usableFromInline static func sortByTop(_ edges: UnsafeMutablePointer<Edge>, count: Int, scratch: UnsafeMutablePointer<Edge>) {
        guard count > 1 else { return }
        var i = 0
        while i + 1 < count {
            guard edges[i + 1].y0 < edges[i].y0 else {
                i += 1
                continue
            }
            var j = i + 1
            while j + 1 < count && edges[j + 1].y0 < edges[j].y0 { j += 1 }
            var a = i, b = j
            while a < b {
                let e = edges[a]
                edges[a] = edges[b]
                edges[b] = e
                a += 1
                b -= 1
            }
            i = j + 1
        }
        var source = edges, target = scratch
        while true {
            var lo = 0
            var sorted = false
            while lo < count {
                var mid = lo + 1
                while mid < count && source[mid].y0 >= source[mid - 1].y0 { mid += 1 }
                if lo == 0 && mid == count {
                    sorted = true
                    break
                }
                var hi = mid
                if hi < count {
                    hi += 1
                    while hi < count && source[hi].y0 >= source[hi - 1].y0 { hi += 1 }
                }
                var a = lo, b = mid, o = lo
                while a < mid && b < hi {
                    // Take from the right run only when strictly smaller: stability.
                    if source[b].y0 < source[a].y0 {
                        target[o] = source[b]; b += 1
                    } else {
                        target[o] = source[a]; a += 1
                    }
                    o += 1
                }
                while a < mid { target[o] = source[a]; a += 1; o += 1 }
                while b < hi { target[o] = source[b]; b += 1; o += 1 }
                lo = hi
            }
            if sorted { break }
            swap(&source, &target)
        }
        if source != edges { edges.update(from: source, count: count) }
    }

    // MARK: - Edges

    /// Converts the shape's contours into edges relative to the clip's corner, clipped to its
    /// rows and with everything left of it folded onto its left side (which keeps the winding of
    /// the pixels inside exact).
    @usableFromInline func buildEdges(_ shape: Outline, clip: IntRect) {
        edgeCount = 0
        let ox = Double(clip.x0), oy = Double(clip.y0)
        let right = Double(clip.width), bottom = Double(clip.height)
        var start = 0
        let ends = shape.contourEnds
        for c in 0..<ends.count {
            let end = ends[c]
            var i = start
            while i < end {
                let j = i + 1 < end ? i + 1 : start
                addEdge(shape.xs[i] - ox, shape.ys[i] - oy, shape.xs[j] - ox, shape.ys[j] - oy, right: right, bottom: bottom)
                i += 1
            }
            start = end
        }
    }

    private func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, right: Double, bottom: Double) {
        guard y0 != y1, x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return }
        let dir: Float = y1 > y0 ? 1 : -1
        var (xa, ya, xb, yb) = y1 > y0 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        if yb <= 0 || ya >= bottom { return }
        let dxdy = (xb - xa) / (yb - ya)
        if ya < 0 { xa += (0 - ya) * dxdy; ya = 0 }
        if yb > bottom { xb -= (yb - bottom) * dxdy; yb = bottom }
        if xa >= right && xb >= right { return }
        if (xa <= 0 && xb <= 0) || (xa >= 0 && xa <= right && xb >= 0 && xb <= right) {
            emit(max(xa, 0), ya, max(xb, 0), yb, dir)
            return
        }
        // The edge crosses x = 0 or x = right: split it there and clamp each piece.
        let dydx = (yb - ya) / (xb - xa)
        var c0 = yb, c1 = yb
        if (xa - 0) * (xb - 0) < 0 { c0 = ya + (0 - xa) * dydx }
        if (xa - right) * (xb - right) < 0 { c1 = ya + (right - xa) * dydx }
        if c1 < c0 { swap(&c0, &c1) }
        emitClamped(ya, c0, xa: xa, ya: ya, dxdy: dxdy, right: right, dir: dir)
        emitClamped(c0, c1, xa: xa, ya: ya, dxdy: dxdy, right: right, dir: dir)
        emitClamped(c1, yb, xa: xa, ya: ya, dxdy: dxdy, right: right, dir: dir)
    }

    /// Emits the rows `s0 ..< s1` of an edge that stays on one side of each clip boundary there.
    private func emitClamped(_ s0: Double, _ s1: Double, xa: Double, ya: Double, dxdy: Double, right: Double, dir: Float) {
        guard s1 > s0 else { return }
        let p0 = xa + (s0 - ya) * dxdy, p1 = xa + (s1 - ya) * dxdy
        if (p0 + p1) * 0.5 >= right { return }
        emit(min(max(p0, 0), right), s0, min(max(p1, 0), right), s1, dir)
    }

    @inline(__always)
    private func emit(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ dir: Float) {
        if edgeCount == edgeCapacity { growEdges() }
        edges[edgeCount] = Edge(x0: Float(x0), y0: Float(y0), x1: Float(x1), y1: Float(y1), dir: dir)
        edgeCount += 1
    }

    private func growEdges() {
        let capacity = 2 * edgeCapacity
        let grown = UnsafeMutablePointer<Edge>.allocate(capacity: capacity)
        grown.moveInitialize(from: edges, count: edgeCount)
        edges.deallocate()
        edges = grown
        active.deallocate()
        active = .allocate(capacity: capacity)
        sortScratch.deallocate()
        sortScratch = .allocate(capacity: capacity)
        edgeCapacity = capacity
    }

    // MARK: - Accumulation

    /// Adds the part of `e` between rows `top` and `bottom` to the band's cells.
    @inlinable @inline(__always)
    static func accumulate(_ e: Edge, into accumulation: UnsafeMutablePointer<Float>, top: Float, bottom: Float,
                                   bandTop: Int, shift: Float, stride: Int) {
        let ya = max(e.y0, top), yb = min(e.y1, bottom)
        guard yb > ya else { return }
        let dxdy = (e.x1 - e.x0) / (e.y1 - e.y0)
        let lo = min(e.x0, e.x1) - shift, hi = max(e.x0, e.x1) - shift
        var y = ya
        var x = min(max(e.x0 + (ya - e.y0) * dxdy - shift, lo), hi)
        // Coordinates are clip-relative and never negative, so truncation is the floor
        // (`rounded(.down)` is a library call where SSE4.1 cannot be assumed).
        var row = Int(y)
        while y < yb {
            let yn = min(Float(row + 1), yb)
            let xn = min(max(e.x0 + (yn - e.y0) * dxdy - shift, lo), hi)
            addSegment(accumulation + (row - bandTop) * stride, x, xn, (yn - y) * e.dir)
            y = yn; x = xn; row += 1
        }
    }

    /// Adds a segment that lies within one scanline, from `xa` to `xb`, whose signed height is `dy`.
    @inlinable @inline(__always)
    static func addSegment(_ cells: UnsafeMutablePointer<Float>, _ xa: Float, _ xb: Float, _ dy: Float) {
        let (l, r) = xa < xb ? (xa, xb) : (xb, xa)
        let il = Int(l)  // l ≥ 0: the floor (see `accumulate`)
        if r <= Float(il + 1) {
            // Within one cell: the area right of the segment is linear in its mean x.
            let m = (l + r) * 0.5 - Float(il)
            cells[il] += dy * (1 - m)
            cells[il + 1] += dy * m
            return
        }
        let perX = dy / (r - l)
        var xs = l
        var i = il
        while xs < r {
            let xe = min(r, Float(i + 1))
            let part = (xe - xs) * perX
            let m = (xs + xe) * 0.5 - Float(i)
            cells[i] += part * (1 - m)
            cells[i + 1] += part * m
            xs = xe
            i += 1
        }
    }

    // MARK: - Sweep

    /// Coverage strictly between these is partial (the pixel gets its own value); at or above
    /// `partialHigh` a pixel is full, at or below `partialLow` empty. Half a level of 8-bit
    /// colour either way. (Computed constants: no lazy global on the sweep's path.)
    @inlinable static var partialLow: Float { 0.002 }
    @inlinable static var partialHigh: Float { 0.998 }

    /// `sweep` through the AVX2 kernel when `kernelRuns` is given (its run buffer): the kernel
    /// sweeps the row into runs, then the painter gets them in order. The same calls, with the
    /// same coverage bits, as the Swift loop below.
    @inlinable @inline(__always)
    static func sweep<P: CoveragePainter>(_ cells: UnsafeMutablePointer<Float>, coverage out: UnsafeMutablePointer<Float>,
                                          width: Int, rule: FillRule, row: Int, x0: Int,
                                          kernelRuns: UnsafeMutablePointer<cpk_coverage_run>?, painter: inout P) {
        guard let runs = kernelRuns else {
            sweep(cells, coverage: out, width: width, rule: rule, row: row, x0: x0, painter: &painter)
            return
        }
        let count = Int(cpk_sweep_row_avx2(cells, out, Int64(width), rule == .evenOdd ? 1 : 0, partialLow, partialHigh, runs))
        for k in 0..<count {
            let run = runs[k]
            let start = Int(run.start), length = Int(run.length)
            if run.full != 0 {
                painter.paintFull(row: row, x0: x0 &+ start, count: length)
            } else {
                painter.paint(row: row, x0: x0 &+ start, count: length, coverage: out + start)
            }
        }
    }

    /// Turns one row of cells into coverage with a running sum. Where the cells are empty the
    /// coverage is constant: full runs go to the painter as spans, empty runs are skipped, and
    /// only the pixels along edges get per-pixel coverage.
    @inlinable @inline(__always)
    static func sweep<P: CoveragePainter>(_ cells: UnsafeMutablePointer<Float>, coverage out: UnsafeMutablePointer<Float>,
                                                  width: Int, rule: FillRule, row: Int, x0: Int, painter: inout P) {
        var sum: Float = 0
        var partialStart = -1
        var i = 0
        while i < width {
            let a = cells[i]
            if a != 0 { sum += a; cells[i] = 0 }
            var c = abs(sum)
            if rule == .evenOdd {
                c -= 2 * (c * 0.5).rounded(.down)
                if c > 1 { c = 2 - c }
            }
            if c > partialLow && c < partialHigh {
                if partialStart < 0 { partialStart = i }
                out[i] = c
                i += 1
                continue
            }
            if partialStart >= 0 {
                painter.paint(row: row, x0: x0 + partialStart, count: i - partialStart, coverage: out + partialStart)
                partialStart = -1
            }
            let j = Self.nextNonzeroCell(cells, from: i + 1, width: width)
            if c >= partialHigh { painter.paintFull(row: row, x0: x0 + i, count: j - i) }
            i = j
        }
        if partialStart >= 0 {
            painter.paint(row: row, x0: x0 + partialStart, count: width - partialStart, coverage: out + partialStart)
        }
    }

    /// The first cell at or after `start` (before `width`) that may hold area, or `width`. Cells
    /// are tested eight at a time by their bits (a cell of −0, which adds nothing, may end a run
    /// early; the sweep then goes on from it unchanged).
    @inlinable @inline(__always)
    static func nextNonzeroCell(_ cells: UnsafeMutablePointer<Float>, from start: Int, width: Int) -> Int {
        var j = start
        let raw = UnsafeRawPointer(cells)
        while j + 8 <= width {
            let a = raw.loadUnaligned(fromByteOffset: j &* 4, as: SIMD4<UInt32>.self)
            let b = raw.loadUnaligned(fromByteOffset: (j &+ 4) &* 4, as: SIMD4<UInt32>.self)
            if a | b != .zero { break }
            j &+= 8
        }
        while j < width && cells[j] == 0 { j += 1 }
        return j
    }

    /// The scratch coverage row, at least `count` long.
    @usableFromInline
    func scratchRow(_ count: Int) -> UnsafeMutablePointer<Float> {
        reserve(accumulation: 0, coverage: count)
        return coverage
    }

    @usableFromInline func reserve(accumulation needed: Int, coverage coverageNeeded: Int) {
        if needed > accumulationCapacity {
            accumulation.deallocate()
            accumulationCapacity = needed
            accumulation = .allocate(capacity: needed)
            accumulation.initialize(repeating: 0, count: needed)
        }
        // A row has at most one run per pixel (runs are never empty), plus one.
        if coverageNeeded + 1 > runCapacity {
            runs.deallocate()
            sweptRuns.deallocate()
            runCapacity = coverageNeeded + 1
            runs = .allocate(capacity: runCapacity)
            sweptRuns = .allocate(capacity: runCapacity)
        }
        if coverageNeeded > coverageCapacity {
            coverage.deallocate()
            coverageCapacity = coverageNeeded
            coverage = .allocate(capacity: coverageNeeded)
        }
    }
}

/// One painter call of a row that later rows repeat.
@usableFromInline
struct RecordedRun {
    @usableFromInline var x0: Int32
    @usableFromInline var count: Int32
    /// Offset of the run's coverage in the coverage row, or −1 for a fully covered run.
    @usableFromInline var offset: Int32

    @inlinable
    init(x0: Int32, count: Int32, offset: Int32) {
        (self.x0, self.count, self.offset) = (x0, count, offset)
    }
}

/// Passes a row's painter calls on and keeps them, to paint rows with the same coverage again.
/// Partial runs are kept as offsets into the coverage row, which stays as the sweep left it.
@usableFromInline
struct RunRecorder<Inner: CoveragePainter>: CoveragePainter {
    @usableFromInline var inner: Inner
    @usableFromInline let runs: UnsafeMutablePointer<RecordedRun>
    @usableFromInline let coverageRow: UnsafePointer<Float>
    @usableFromInline var count = 0

    @inlinable
    init(inner: Inner, runs: UnsafeMutablePointer<RecordedRun>, coverage: UnsafePointer<Float>) {
        self.inner = inner
        self.runs = runs
        coverageRow = coverage
    }

    @inlinable @inline(__always)
    mutating func paint(row y: Int, x0: Int, count n: Int, coverage: UnsafePointer<Float>) {
        runs[count] = RecordedRun(x0: Int32(truncatingIfNeeded: x0), count: Int32(truncatingIfNeeded: n),
                                  offset: Int32(truncatingIfNeeded: coverage - coverageRow))
        count += 1
        inner.paint(row: y, x0: x0, count: n, coverage: coverage)
    }

    @inlinable @inline(__always)
    mutating func paintFull(row y: Int, x0: Int, count n: Int) {
        runs[count] = RecordedRun(x0: Int32(truncatingIfNeeded: x0), count: Int32(truncatingIfNeeded: n), offset: -1)
        count += 1
        inner.paintFull(row: y, x0: x0, count: n)
    }

    /// Paints the recorded runs again on device row `y`.
    @inlinable @inline(__always)
    func replay<P: CoveragePainter>(row y: Int, into painter: inout P) {
        for k in 0..<count {
            let run = runs[k]
            if run.offset < 0 {
                painter.paintFull(row: y, x0: Int(run.x0), count: Int(run.count))
            } else {
                painter.paint(row: y, x0: Int(run.x0), count: Int(run.count), coverage: coverageRow + Int(run.offset))
            }
        }
    }
}
