/// Apple's continuous ("squircle") corner: three cubic Béziers joined by two short lines whose
/// curvature rises gradually from the straight edge instead of jumping as a circular arc does.
///
/// Coordinates are in units of the corner radius, measured from the corner's vertex: `a` along
/// the horizontal edge, `b` along the vertical one. The curve leaves each edge
/// `extent ≈ 1.528665 × radius` from the vertex and is symmetric about the diagonal.
package enum ContinuousCorner {
    /// How far along each edge the curve reaches, per unit of radius.
    package static let extent = 1.528665

    /// The corner path from `(0, extent)` (on the vertical edge) to `(extent, 0)`: the first point
    /// followed by segments, each a line (one point) or a cubic (three points).
    package static let segments: [[SIMD2<Double>]] = [
        [SIMD2(0, 1.08849323), SIMD2(0, 0.86840689), SIMD2(0.06549600, 0.66993427)],
        [SIMD2(0.07491100, 0.63149399)],
        [SIMD2(0.16905899, 0.37282392), SIMD2(0.37282392, 0.16905899), SIMD2(0.63149399, 0.07491100)],
        [SIMD2(0.66993427, 0.06549600)],
        [SIMD2(0.86840689, 0), SIMD2(1.08849323, 0), SIMD2(extent, 0)],
    ]
    package static let start = SIMD2<Double>(0, extent)
}
