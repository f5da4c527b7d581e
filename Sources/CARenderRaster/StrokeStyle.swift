import CARenderGeometry
/// Everything that decides a stroke's outline besides the path, in the path's own units: what
/// `CAShapeLayer` and `CGContext` hand the stroker.
package struct StrokeStyle: Hashable {
    /// The full width of the stroke, centred on the path. Zero or less strokes nothing.
    package var lineWidth: Double = 1
    package var lineCap: CGLineCap = .butt
    package var lineJoin: CGLineJoin = .miter
    /// The longest miter allowed, in line widths (`1 / sin(φ/2)` for a corner of angle φ).
    package var miterLimit: Double = 10
    /// Alternating painted and unpainted lengths, starting with a painted one; an odd count is
    /// repeated once to make it even. Empty, or any negative or non-finite entry, or an all-zero
    /// pattern: a solid stroke.
    package var dashPattern: [Double] = []
    /// How far into the dash pattern each subpath starts.
    package var dashPhase: Double = 0
    /// The part of the path stroked, as fractions of its whole length (`strokeStart`,
    /// `strokeEnd`), each clamped to 0…1.
    var start: Double = 0
    var end: Double = 1

    /// The dash pattern to use, or nil for a solid stroke.
    var effectiveDashes: [Double]? {
        guard !dashPattern.isEmpty, dashPattern.allSatisfy({ $0 >= 0 && $0.isFinite }),
              dashPattern.contains(where: { $0 > 0 }) else { return nil }
        return dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
    }

    package init(lineWidth: Double = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0, start: Double = 0, end: Double = 1) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.start = start
        self.end = end
    }
}
