extension Outline {
    /// Appends a glyph outline (font units, y up) placed with its origin at `(x, y)` and `scale`
    /// units per font unit, y flipped to point down: `transform` then takes the result to the
    /// outline's space. Curves are flattened within `tolerance` (in the outline's space).
    mutating func addGlyph(_ glyph: GlyphOutline, x: Double, y: Double, scale: Double, tolerance: Double,
                           transform: (Double, Double) -> SIMD2<Double> = { SIMD2($0, $1) }) {
        guard !glyph.isEmpty else { return }
        var p = 0
        let points = glyph.points
        @inline(__always) func next() -> SIMD2<Double> {
            defer { p += 2 }
            return transform(x + Double(points[p]) * scale, y - Double(points[p + 1]) * scale)
        }
        var current = SIMD2<Double>(0, 0)
        var open = false
        for verb in glyph.verbs {
            switch verb {
            case GlyphOutline.move:
                if open { closeContour() }
                current = next()
                add(current.x, current.y)
                open = true
            case GlyphOutline.line:
                current = next()
                add(current.x, current.y)
            case GlyphOutline.quad:
                let c = next(), e = next()
                addQuad(from: current, c, e, tolerance: tolerance)
                current = e
            default:
                let c1 = next(), c2 = next(), e = next()
                addCubic(from: current, c1, c2, e, tolerance: tolerance)
                current = e
            }
        }
        if open { closeContour() }
    }
}
