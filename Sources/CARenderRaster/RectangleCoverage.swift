import CARenderPixels
extension CoverageRasterizer {
    /// Exact-area coverage of an axis-aligned device rectangle, without accumulation: the
    /// coverage is separable into a row factor and a column factor, and every fully covered run
    /// goes to the painter as one span (a full-frame background is a memset).
    @inlinable
    package func fillRectangle<P: CoveragePainter>(x0: Double, y0: Double, x1: Double, y1: Double, clip: IntRect,
                                          painter: inout P) {
        let box = IntRect(covering: x0, y0, x1, y1).intersection(clip)
        guard !box.isEmpty else { return }
        @inline(__always) func span(_ i: Int, _ lo: Double, _ hi: Double) -> Float {
            Float(max(0, min(hi, Double(i + 1)) - max(lo, Double(i))))
        }
        // Columns [fullFrom, fullTo) are entirely inside horizontally. The edges are clamped to
        // the box before converting: a huge transform puts them beyond Int's range.
        let left = Double(box.x0), right = Double(box.x1)
        let fullFrom = Int(x0.rounded(.up).clamped(to: left...right))
        let fullTo = Int(x1.rounded(.down).clamped(to: left...right))
        let row = scratchRow(box.width)
        for y in box.y0..<box.y1 {
            let cy = span(y, y0, y1)
            if cy >= 0.998 && fullTo > fullFrom {
                if fullFrom > box.x0 {
                    row[0] = span(box.x0, x0, x1)
                    painter.paint(row: y, x0: box.x0, count: 1, coverage: row)
                }
                painter.paintFull(row: y, x0: fullFrom, count: fullTo - fullFrom)
                if fullTo < box.x1 {
                    row[0] = span(box.x1 - 1, x0, x1)
                    painter.paint(row: y, x0: box.x1 - 1, count: 1, coverage: row)
                }
            } else {
                for x in box.x0..<box.x1 { row[x - box.x0] = cy * span(x, x0, x1) }
                painter.paint(row: y, x0: box.x0, count: box.width, coverage: row)
            }
        }
    }
}
