/// Closed polylines: the rasterizer's geometry, in whatever space the caller builds them (layer
/// space before mapping, device pixels after).
///
/// Storage is kept between uses (`removeAll` keeps capacity) so building shapes every frame does
/// not allocate.
@usableFromInline package struct Outline {
    @usableFromInline package var xs: [Double] = []
    @usableFromInline package var ys: [Double] = []
    /// The end index (exclusive) of each closed contour in `xs`/`ys`.
    package var contourEnds: [Int] = []

    @usableFromInline package var isEmpty: Bool { xs.isEmpty }
    package var pointCount: Int { xs.count }

    package mutating func removeAll() {
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
    }

    /// Adds a vertex to the open contour.
    @inlinable @inline(__always)
    package mutating func add(_ x: Double, _ y: Double) {
        xs.append(x)
        ys.append(y)
    }

    /// Closes the open contour (the rasterizer joins its last vertex to its first). Contours with
    /// fewer than three vertices enclose nothing and are dropped.
    package mutating func closeContour() {
        let start = contourEnds.isEmpty ? 0 : contourEnds[contourEnds.count - 1]
        if xs.count - start < 3 {
            xs.removeSubrange(start...)
            ys.removeSubrange(start...)
            return
        }
        contourEnds.append(xs.count)
    }

    /// The axis-aligned box of every vertex, or nil when there is none.
    @usableFromInline package var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard !xs.isEmpty else { return nil }
        var b = (minX: xs[0], minY: ys[0], maxX: xs[0], maxY: ys[0])
        for i in 0..<xs.count {
            b.minX = min(b.minX, xs[i]); b.maxX = max(b.maxX, xs[i])
            b.minY = min(b.minY, ys[i]); b.maxY = max(b.maxY, ys[i])
        }
        return b
    }

    /// Adds an axis-aligned rectangle contour, clockwise on a y-down screen.
    package mutating func addRect(x0: Double, y0: Double, x1: Double, y1: Double) {
        add(x0, y0); add(x1, y0); add(x1, y1); add(x0, y1)
        closeContour()
    }

    /// The rectangle, when the outline is exactly one axis-aligned rectangle (four corners in
    /// order, either direction) — the case with a faster, separable coverage.
    package var axisAlignedRectangle: (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard contourEnds.count == 1, xs.count == 4 else { return nil }
        return Self.axisAlignedRectangle(SIMD4(xs[0], xs[1], xs[2], xs[3]), SIMD4(ys[0], ys[1], ys[2], ys[3]))
    }

    /// The rectangle with corners `(xs[k], ys[k])` in order (either direction), when they make
    /// one with an inside; the test `axisAlignedRectangle` makes on a four-point outline, for
    /// callers that have the corners without building one.
    package static func axisAlignedRectangle(_ xs: SIMD4<Double>, _ ys: SIMD4<Double>) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        let horizontalFirst = ys[0] == ys[1] && xs[1] == xs[2] && ys[2] == ys[3] && xs[3] == xs[0]
        let verticalFirst = xs[0] == xs[1] && ys[1] == ys[2] && xs[2] == xs[3] && ys[3] == ys[0]
        guard horizontalFirst || verticalFirst else { return nil }
        let r = (x0: min(xs[0], xs[2]), y0: min(ys[0], ys[2]), x1: max(xs[0], xs[2]), y1: max(ys[0], ys[2]))
        guard r.x1 > r.x0, r.y1 > r.y0, r.x0.isFinite, r.x1.isFinite, r.y0.isFinite, r.y1.isFinite else { return nil }
        return r
    }

    package init(xs: [Double] = [], ys: [Double] = [], contourEnds: [Int] = []) {
        self.xs = xs
        self.ys = ys
        self.contourEnds = contourEnds
    }
}
