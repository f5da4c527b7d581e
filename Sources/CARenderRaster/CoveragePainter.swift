/// The pipeline stage after coverage: turns a row of coverage into pixels (solid colour, image,
/// offscreen buffer, shadow, ...). Implementations are structs so the rasterizer specialises on
/// them and the per-pixel loop has no dynamic dispatch.
@usableFromInline
package protocol CoveragePainter {
    /// Paints pixels `x0 ..< x0 + count` of device row `y`; `coverage[i]` (0…1) is the fraction of
    /// pixel `x0 + i` inside the shape. Runs of zero coverage may occur inside the range.
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>)

    /// Paints a run of fully covered pixels (a shape's interior span).
    mutating func paintFull(row y: Int, x0: Int, count: Int)
}

/// A row of full coverage for painters without a span fast path.
///
/// `nonisolated(unsafe)`: written once, by its lazy initializer (which Swift runs exactly once,
/// thread-safely), and only read after that, so sharing it between threads is safe.
@usableFromInline
package nonisolated(unsafe) let fullCoverageRow: UnsafePointer<Float> = {
    let p = UnsafeMutablePointer<Float>.allocate(capacity: fullCoverageRowLength)
    p.initialize(repeating: 1, count: fullCoverageRowLength)
    return UnsafePointer(p)
}()

/// How many pixels `fullCoverageRow` holds.
@inlinable
package var fullCoverageRowLength: Int { 4096 }

extension CoveragePainter {
    @inlinable @inline(__always)
    package mutating func paintFull(row y: Int, x0: Int, count: Int) {
        var x = x0, left = count
        while left > 0 {
            let n = min(left, fullCoverageRowLength)
            paint(row: y, x0: x, count: n, coverage: fullCoverageRow)
            x += n; left -= n
        }
    }
}
