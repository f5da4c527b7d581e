import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderRaster

/// What a `CGContext` fill paints with, in device pixels.
enum ContextSource {
    /// One premultiplied packed colour.
    case solid(UInt32)
    /// A gradient ramp (`CGGradient.rampSize` premultiplied packed colours) indexed by the
    /// location `t` the shading gives each pixel centre; pixels whose location is outside 0…1 take
    /// the end colours when `extendStart`/`extendEnd`, else nothing.
    case gradient(ramp: [UInt32], shading: GradientShading, extendStart: Bool, extendEnd: Bool)
    /// An image (premultiplied packed pixels, `width × height`) sampled bilinearly, with
    /// `deviceToImage` taking device coordinates to image pixel coordinates.
    case image(pixels: [UInt32], width: Int, height: Int, deviceToImage: CGAffineTransform, opacity: Float)
}

/// How a gradient assigns a location to a point.
package enum GradientShading {
    /// Projection onto the axis `start → end`: t = ((p − start) · axis) / |axis|².
    case axial(start: SIMD2<Double>, end: SIMD2<Double>)
    /// Core Graphics' two-circle radial gradient: the largest t whose circle (centre and radius
    /// interpolated between the two circles) passes through the point.
    case radial(c0: SIMD2<Double>, r0: Double, c1: SIMD2<Double>, r1: Double)
    /// Core Animation's radial gradient: the ellipse distance from `center` with semi-axes
    /// `radii`, under `deviceToUnit` (device → the layer's unit square).
    case elliptical(center: SIMD2<Double>, radii: SIMD2<Double>)
    /// Core Animation's conic gradient: the angle around `center`, from the direction of
    /// `toward`, as a fraction of a turn, measured after scaling offsets by `scale` (a layer's
    /// gradient is laid out in the unit square of its bounds).
    case conic(center: SIMD2<Double>, toward: SIMD2<Double>, scale: SIMD2<Double>)
    /// An axial ramp given as its gradient: t = (p − origin) · slope.
    case linear(origin: SIMD2<Double>, slope: SIMD2<Double>)

    /// The location at `p`, or nil where the gradient is undefined (radial: no circle reaches it).
    package func location(_ p: SIMD2<Double>) -> Double? {
        switch self {
        case .axial(let a, let b):
            let axis = b - a
            let l2 = (axis * axis).sum()
            guard l2 > 0 else { return nil }
            return ((p - a) * axis).sum() / l2
        case .radial(let c0, let r0, let c1, let r1):
            // |p − c(t)| = r(t), c(t) = c0 + t·cd, r(t) = r0 + t·dr: a t² − 2 b t + c = 0.
            let cd = c1 - c0, dr = r1 - r0, pd = p - c0
            let a = (cd * cd).sum() - dr * dr
            let b = (pd * cd).sum() + r0 * dr
            let c = (pd * pd).sum() - r0 * r0
            if abs(a) < 1e-12 {
                guard b != 0 else { return nil }
                let t = c / (2 * b)
                return r0 + t * dr >= 0 ? t : nil
            }
            let disc = b * b - a * c
            guard disc >= 0 else { return nil }
            let root = disc.squareRoot()
            let t1 = (b + root) / a, t2 = (b - root) / a
            let (hi, lo) = (max(t1, t2), min(t1, t2))
            if r0 + hi * dr >= 0 { return hi }
            if r0 + lo * dr >= 0 { return lo }
            return nil
        case .elliptical(let center, let radii):
            guard radii.x > 0, radii.y > 0 else { return nil }
            let d = (p - center) / radii
            return (d * d).sum().squareRoot()
        case .linear(let origin, let slope):
            return ((p - origin) * slope).sum()
        case .conic(let center, let toward, let scale):
            let axis = (toward - center) * scale, offset = (p - center) * scale
            let base = atan2(axis.y, axis.x)
            var angle = atan2(offset.y, offset.x) - base
            angle = angle.truncatingRemainder(dividingBy: 2 * .pi)
            if angle < 0 { angle += 2 * .pi }
            return angle / (2 * .pi)
        }
    }
}

/// Paints a `ContextSource` through coverage, an optional clip mask (one coverage value per
/// device pixel of the context) and a constant alpha, source-over, into a premultiplied buffer
/// of `width` pixels a row whose first pixel is device pixel (`originX`, `originY`): the
/// context's own pixels, or the offscreen a shadowed drawing is made in first.
struct ContextPainter: CoveragePainter {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    var originX = 0, originY = 0
    /// Clip coverage indexed like the context's pixels (its rows are `width` long, so only with
    /// the context's own buffer).
    let clip: UnsafePointer<Float>?
    let alpha: Float
    let source: ContextSource

    init(pixels: UnsafeMutablePointer<UInt32>, width: Int, originX: Int = 0, originY: Int = 0,
         clip: UnsafePointer<Float>?, alpha: Float, source: ContextSource) {
        self.pixels = pixels
        self.width = width
        self.originX = originX
        self.originY = originY
        self.clip = clip
        self.alpha = alpha
        self.source = source
    }

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        // Index of device pixel (0, y) in the buffer (the sum with x stays inside it).
        let row = (y - originY) * width - originX
        for i in 0..<count {
            var c = coverage[i] * alpha
            if let clip { c *= clip[y * width + x0 + i] }
            guard c > 0 else { continue }
            let x = x0 + i
            guard let s = sample(x, y) else { continue }
            let src = c >= 1 ? s : scalePacked(s, UInt32(min(c, 1) * 256))
            pixels[row + x] = sourceOverPacked(pixels[row + x], src)
        }
    }

    /// The source colour at pixel (x, y), premultiplied, or nil where it paints nothing.
    @inline(__always)
    private func sample(_ x: Int, _ y: Int) -> UInt32? {
        switch source {
        case .solid(let color):
            return color
        case .gradient(let ramp, let shading, let extendStart, let extendEnd):
            guard let t = shading.location(SIMD2(Double(x) + 0.5, Double(y) + 0.5)), t.isFinite else { return nil }
            if t < 0 && !extendStart { return nil }
            if t > 1 && !extendEnd { return nil }
            let index = Int((min(max(t, 0), 1) * Double(ramp.count - 1)).rounded())
            return ramp[index]
        case .image(let image, let w, let h, let m, let opacity):
            let p = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(m)
            // Bilinear between the four nearest texel centres, edges clamped.
            let fx = Double(p.x) - 0.5, fy = Double(p.y) - 0.5
            guard Double(p.x) >= 0, Double(p.y) >= 0, Double(p.x) <= Double(w), Double(p.y) <= Double(h) else { return nil }
            let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
            let ax = fx - Double(ix), ay = fy - Double(iy)
            func texel(_ u: Int, _ v: Int) -> SIMD4<Double> {
                let q = image[min(max(v, 0), h - 1) * w + min(max(u, 0), w - 1)]
                return SIMD4(Double(q & 0xFF), Double((q >> 8) & 0xFF), Double((q >> 16) & 0xFF), Double(q >> 24))
            }
            let top = texel(ix, iy) * (1 - ax) + texel(ix + 1, iy) * ax
            let bottom = texel(ix, iy + 1) * (1 - ax) + texel(ix + 1, iy + 1) * ax
            let v = (top * (1 - ay) + bottom * ay) * Double(opacity)
            return packed(SIMD4<Float>(Float(v.x), Float(v.y), Float(v.z), Float(v.w)))
        }
    }
}

/// Records coverage into a per-pixel mask (for clipping).
struct MaskRecorder: CoveragePainter {
    let mask: UnsafeMutablePointer<Float>
    let width: Int

    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        for i in 0..<count { mask[y * width + x0 + i] = min(coverage[i], 1) }
    }
}
