import Foundation

extension Compositor {
    /// A gradient layer's ramp, painted where a background would be: inside the rounded bounds,
    /// under the sublayers. `startPoint`/`endPoint` are in the bounds' unit square; the shading
    /// itself is evaluated in layer points, so an axial ramp's lines of equal colour are
    /// perpendicular to its axis on screen, as Core Graphics' linear gradients are.
    func drawGradientLayer(_ s: LayerState, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let g = s.gradient
        guard let colors = g.colors, !colors.isEmpty, let inverse = map.inverted() else { return }
        let locations = g.locations.flatMap { $0.count == colors.count ? $0 : nil }
        // Apple draws nothing when the counts differ.
        if g.locations != nil && locations == nil { return }
        guard let ramp = contentGeometry.ramp(colors: colors, locations: locations, opacity: alpha) else { return }
        let b = s.bounds
        func point(_ unit: CGPoint) -> SIMD2<Double> {
            SIMD2(Double(b.minX + unit.x * b.width), Double(b.minY + unit.y * b.height))
        }
        let start = point(g.startPoint), end = point(g.endPoint)
        let shading: GradientShading
        switch g.type {
        case .radial:
            shading = .elliptical(center: start, radii: SIMD2(abs(end.x - start.x), abs(end.y - start.y)))
        case .conic:
            shading = .conic(center: start, toward: end)
        default:
            shading = .axial(start: start, end: end)
        }
        setRoundedBoundsShape(s, map: map)
        var painter = GradientPainter(canvas: target, ramp: ramp, shading: shading,
                                      deviceToLayer: inverse)
        fillLayerShape(map: map, into: target, painter: &painter)
    }
}

/// Paints a gradient ramp by the location each device pixel centre has in layer space.
struct GradientPainter: CoveragePainter {
    let canvas: Canvas
    /// `CGGradient.rampSize` premultiplied packed colours.
    let ramp: [UInt32]
    let shading: GradientShading
    let deviceToLayer: ProjectiveMap

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        let last = Double(ramp.count - 1)
        for i in 0..<count {
            let c = coverage[i]
            if c > 0, let q = deviceToLayer.project(Double(x0 + i) + 0.5, Double(y) + 0.5),
               let t = shading.location(q), t.isFinite {
                let color = ramp[Int((min(max(t, 0), 1) * last).rounded())]
                d.packedPixel = sourceOverPacked(d.packedPixel, c >= 1 ? color : scalePacked(color, UInt32(c * 256)))
            }
            d += 4
        }
    }
}
