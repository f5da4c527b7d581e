import CARenderRaster
extension Outline {
    /// Appends a glyph outline (font units, y up) placed with its origin at `(x, y)` and `scale`
    /// units per font unit, y flipped to point down: `transform` then takes the result to the
    /// outline's space. Curves are flattened within `tolerance` (in the outline's space).
    mutating func addGlyph(_ glyph: GlyphOutline, x: Double, y: Double, scale: Double, tolerance: Double,
                           transform: (Double, Double) -> SIMD2<Double> = { SIMD2($0, $1) }) {
        guard !glyph.isEmpty else { return }
        // Index loops and no capturing helper: text drawn through a map runs this every frame,
        // and iterators and captured variables allocate in unoptimised builds.
        let points = glyph.points, verbs = glyph.verbs
        var p = 0
        var current = SIMD2<Double>(0, 0)
        var open = false
        var v = 0
        while v < verbs.count {
            let verb = verbs[v]
            v += 1
            switch verb {
            case GlyphOutline.move:
                if open { closeContour() }
                current = transform(x + Double(points[p]) * scale, y - Double(points[p + 1]) * scale)
                p += 2
                add(current.x, current.y)
                open = true
            case GlyphOutline.line:
                current = transform(x + Double(points[p]) * scale, y - Double(points[p + 1]) * scale)
                p += 2
                add(current.x, current.y)
            case GlyphOutline.quad:
                let c = transform(x + Double(points[p]) * scale, y - Double(points[p + 1]) * scale)
                let e = transform(x + Double(points[p + 2]) * scale, y - Double(points[p + 3]) * scale)
                p += 4
                addQuad(from: current, c, e, tolerance: tolerance)
                current = e
            default:
                let c1 = transform(x + Double(points[p]) * scale, y - Double(points[p + 1]) * scale)
                let c2 = transform(x + Double(points[p + 2]) * scale, y - Double(points[p + 3]) * scale)
                let e = transform(x + Double(points[p + 4]) * scale, y - Double(points[p + 5]) * scale)
                p += 6
                addCubic(from: current, c1, c2, e, tolerance: tolerance)
                current = e
            }
        }
        if open { closeContour() }
    }
}
