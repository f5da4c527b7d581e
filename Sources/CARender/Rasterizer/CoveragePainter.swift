/// The pipeline stage after coverage: turns a row of coverage into pixels (solid colour, image,
/// offscreen buffer, shadow, ...). Implementations are structs so the rasterizer specialises on
/// them and the per-pixel loop has no dynamic dispatch.
protocol CoveragePainter {
    /// Paints pixels `x0 ..< x0 + count` of device row `y`; `coverage[i]` (0…1) is the fraction of
    /// pixel `x0 + i` inside the shape. Runs of zero coverage may occur inside the range.
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>)
}
