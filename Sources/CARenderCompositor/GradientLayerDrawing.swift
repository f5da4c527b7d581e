import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster
import CARenderGraphics

extension FrameDrawing {
    /// A gradient layer's ramp, painted where a background would be: inside the rounded bounds,
    /// under the sublayers. The ramp is laid out in the unit square of the bounds and stretched
    /// to them, so on a layer that is not square an axial ramp's lines of equal colour are not
    /// perpendicular to its axis on screen: Core Animation's behaviour, unlike Core Graphics'
    /// linear gradients (observed on iOS and worked around in "CAGradientLayer diagonal
    /// gradient", https://stackoverflow.com/a/43176174). Radial ramps are ellipses with
    /// semi-axes `|endPoint − startPoint|` in each unit direction; conic angles are measured in
    /// the unit square too.
    func drawGradient(_ i: Int, map: ProjectiveMap, into target: Canvas, alpha: Double) {
        let s = list.items[i].statePointer
        let g = s.pointee.gradient
        guard let colors = g.colors, !colors.isEmpty, let inverse = map.inverted() else { return }
        let locations = g.locations.flatMap { $0.count == colors.count ? $0 : nil }
        // Apple draws nothing when the counts differ.
        if g.locations != nil && locations == nil { return }
        guard let ramp = content.ramp(colors: colors, locations: locations, opacity: alpha) else { return }
        let b = s.pointee.bounds
        func point(_ unit: CGPoint) -> SIMD2<Double> {
            SIMD2(Double(b.minX + unit.x * b.width), Double(b.minY + unit.y * b.height))
        }
        let start = point(g.startPoint), end = point(g.endPoint)
        let size = SIMD2(Double(b.width), Double(b.height))
        guard size.x > 0, size.y > 0 else { return }
        let shading: GradientShading
        switch g.type {
        case .radial:
            shading = .elliptical(center: start, radii: SIMD2(abs(end.x - start.x), abs(end.y - start.y)))
        case .conic:
            shading = .conic(center: start, toward: end, scale: 1 / size)
        default:
            // t = (u − s) · (e − s) / |e − s|² in unit coordinates u = (p − origin) / size.
            let axis = SIMD2(Double(g.endPoint.x - g.startPoint.x), Double(g.endPoint.y - g.startPoint.y))
            let length2 = (axis * axis).sum()
            guard length2 > 0 else { return }
            shading = .linear(origin: start, slope: axis / size / length2)
        }
        var shape = scratch.borrowOutline()
        addRoundedBounds(s, map: map, to: &shape)
        ramp.withUnsafeBufferPointer { ramp in
            var painter = GradientPainter(canvas: target, ramp: ramp.baseAddress!, last: ramp.count - 1,
                                          shading: shading, deviceToLayer: inverse)
            fill(shape, map: map, into: target, painter: &painter)
        }
        scratch.giveBack(shape)
    }
}

/// Paints a gradient ramp by the location each device pixel centre has in layer space.
struct GradientPainter: CoveragePainter {
    let canvas: Canvas
    /// `last + 1` premultiplied packed colours (`CGGradient.rampSize`), alive while painting.
    let ramp: UnsafePointer<UInt32>
    let last: Int
    let shading: GradientShading
    let deviceToLayer: ProjectiveMap

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        let ramp = self.ramp, shading = self.shading, deviceToLayer = self.deviceToLayer
        let last = Double(self.last)
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
