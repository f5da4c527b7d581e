import Foundation
import CARenderPixels
import CARenderGeometry

/// A context's shadow, resolved to device pixels when it is set: what `CGContext.setShadow`
/// leaves in the graphics state.
///
/// Core Graphics gives a shadow's offset and blur in the context's *base* space, not user space
/// ("offset: Specifies a translation in base-space", `CGContextSetShadowWithColor`), so the CTM
/// does not scale or turn them. Since iOS 3.2 the base space is the context's default user space
/// as handed out (Technical Q&A QA1706, "Why are my shadows drawn upside down in iOS 3.2 and
/// later?"): in a UIKit context (y down, points) a positive height casts the shadow down, in a
/// bitmap context made with `CGContext(data:…)` (y up) up. The blur is twice the Gaussian's
/// standard deviation: WebKit's `GraphicsContextCG` passes a CSS blur radius to
/// `CGContextSetShadowWithColor` unchanged, and CSS defines that radius as 2σ ("CSS Backgrounds
/// and Borders", box-shadow).
struct ContextShadow {
    /// The shadow's displacement in device pixels.
    var offset: SIMD2<Double>
    /// The Gaussian's standard deviation in device pixels.
    var sigma: Double
    /// The shadow colour, premultiplied and packed.
    var color: UInt32

    /// Core Graphics' blur is 2σ in base units.
    static let blurPerSigma = 2.0
    /// WebKit clamps CG blurs to 1000 ("extreme blur values can make drawing take crazy long
    /// times"); so does carender, in base units.
    static let maxBlur = 1000.0
    /// Blurs wider than this many device pixels run on a plane downsampled to keep the kernel
    /// short (a Gaussian this wide has no detail a coarser plane loses).
    static let maxPlaneSigma = 16.0

    /// The shadow `setShadow(offset:blur:color:)` sets in a context whose base space maps to
    /// device pixels by `base`; nil when it draws nothing (no colour, or a clear one).
    init?(offset: CGSize, blur: CGFloat, color: CGColor?, base: CGAffineTransform) {
        guard let color else { return nil }
        let premultiplied = color.premultiplied()
        guard premultiplied.w > 0 else { return nil }
        let w = Double(offset.width), h = Double(offset.height)
        let a = Double(base.a), b = Double(base.b), c = Double(base.c), d = Double(base.d)
        self.offset = SIMD2(a * w + c * h, b * w + d * h)
        // The base map's smaller singular value: the least it stretches a length (as WebKit
        // scales a blur into base space).
        let p = a * a + b * b, q = a * c + b * d, r = c * c + d * d
        let smallStretch = (max(0, 0.5 * ((p + r) - ((p - r) * (p - r) + 4 * q * q).squareRoot()))).squareRoot()
        let blur = min(max(Double(blur), 0), Self.maxBlur)
        sigma = blur / Self.blurPerSigma * smallStretch
        self.color = packed(premultiplied)
        guard self.offset.x.isFinite, self.offset.y.isFinite, sigma.isFinite else { return nil }
    }

    /// Device pixels a shape's pixel spreads to (the Gaussian's tail beyond is under 1/2000).
    var reach: Int { sigma > 0 ? Int((GaussianBlur.reachInSigmas * sigma).rounded(.up)) + 1 : 1 }

    /// The device rectangle of a drawing's pixels that matter within `bounds`: those that show
    /// there themselves, and those whose shadow reaches it.
    func sourceRect(of drawing: IntRect, within bounds: IntRect) -> IntRect {
        let dx = Int(offset.x.rounded(.down)), dy = Int(offset.y.rounded(.down))
        let shifted = IntRect(x0: bounds.x0 - dx - reach - 1, y0: bounds.y0 - dy - reach - 1,
                              x1: bounds.x1 - dx + reach + 1, y1: bounds.y1 - dy + reach + 1)
        return drawing.intersection(bounds.union(shifted))
    }

    /// Paints the shadow of `layer` — premultiplied pixels covering device `rect` — source-over
    /// into `pixels` (`bounds`, rows `bounds.width` long), times `alpha` and the clip.
    func draw(layer: UnsafeBufferPointer<UInt32>, rect: IntRect, alpha: Float, into pixels: UnsafeMutablePointer<UInt32>,
              bounds: IntRect, clip: UnsafePointer<Float>?) {
        guard !rect.isEmpty else { return }
        // The plane holds the layer's alpha with room for the blur to spread, `factor` device
        // pixels per plane pixel.
        let factor = max(1, Int((sigma / Self.maxPlaneSigma).rounded(.up)))
        let planeSigma = sigma / Double(factor)
        let kernel = GaussianWeights(sigma: planeSigma)
        let margin = kernel.radius + 1
        let originX = rect.x0 - margin * factor, originY = rect.y0 - margin * factor
        let planeWidth = (rect.width + factor - 1) / factor + 2 * margin
        let planeHeight = (rect.height + factor - 1) / factor + 2 * margin
        var plane = [Float](repeating: 0, count: planeWidth * planeHeight)
        let scale = 1 / (255 * Float(factor * factor))
        for y in 0..<rect.height {
            let row = (y / factor + margin) * planeWidth + margin
            for x in 0..<rect.width {
                let a = layer[y * rect.width + x] >> 24
                if a != 0 { plane[row + x / factor] += Float(a) * scale }
            }
        }
        kernel.blur(&plane, width: planeWidth, height: planeHeight)

        // Device pixels the shadow lands on.
        let x0 = Double(originX) + offset.x, y0 = Double(originY) + offset.y
        let target = IntRect(covering: x0, y0, x0 + Double(planeWidth * factor), y0 + Double(planeHeight * factor))
            .intersection(bounds)
        guard !target.isEmpty else { return }
        let inverse = 1 / Double(factor)
        plane.withUnsafeBufferPointer { plane in
            for y in target.y0..<target.y1 {
                // Plane coordinates of the device pixel centre the shadow at (x, y) comes from.
                let v = (Double(y) + 0.5 - y0) * inverse - 0.5
                let j = Int(v.rounded(.down)), fy = Float(v - Double(j))
                for x in target.x0..<target.x1 {
                    let u = (Double(x) + 0.5 - x0) * inverse - 0.5
                    let i = Int(u.rounded(.down)), fx = Float(u - Double(i))
                    func at(_ i: Int, _ j: Int) -> Float {
                        i >= 0 && j >= 0 && i < planeWidth && j < planeHeight ? plane[j * planeWidth + i] : 0
                    }
                    let top = at(i, j) * (1 - fx) + at(i + 1, j) * fx
                    let bottom = at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx
                    let index = (y - bounds.y0) * bounds.width + (x - bounds.x0)
                    var c = (top * (1 - fy) + bottom * fy) * alpha
                    if let clip { c *= clip[index] }
                    guard c > 0.5 / 256 else { continue }
                    pixels[index] = sourceOverPacked(pixels[index], scalePacked(color, UInt32(min(c, 1) * 256)))
                }
            }
        }
    }
}

/// A discrete Gaussian for blurring a plane separably: each tap weighs the Gaussian's integral
/// over its pixel, so an anti-aliased (box-filtered) shape blurs to the continuous Gaussian of
/// the shape itself.
struct GaussianWeights {
    /// Taps `-radius ... radius`, summing to 1.
    let weights: [Float]
    let radius: Int

    /// Below this σ (in plane pixels) the blur changes no pixel by 1/255 and is skipped.
    static let smallestSigma = 0.1

    init(sigma: Double) {
        guard sigma >= Self.smallestSigma else {
            radius = 0
            weights = [1]
            return
        }
        radius = Int((GaussianBlur.reachInSigmas * sigma).rounded(.up))
        func cdf(_ x: Double) -> Double { 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot()))) }
        var weights = (-radius...radius).map { k in Float(cdf(Double(k) + 0.5) - cdf(Double(k) - 0.5)) }
        let total = weights.reduce(0, +)
        for k in weights.indices { weights[k] /= total }
        self.weights = weights
    }

    /// Blurs `plane` (`width × height`) in place; values within `radius` of the edge see zeros
    /// beyond it.
    func blur(_ plane: inout [Float], width: Int, height: Int) {
        guard radius > 0 else { return }
        var scratch = [Float](repeating: 0, count: plane.count)
        let r = radius
        weights.withUnsafeBufferPointer { k in
            plane.withUnsafeMutableBufferPointer { plane in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for y in 0..<height {
                        let row = y * width
                        for x in 0..<width {
                            let lo = max(0, x - r), hi = min(width - 1, x + r)
                            var sum: Float = 0
                            for j in lo...hi { sum += plane[row + j] * k[j - x + r] }
                            scratch[row + x] = sum
                        }
                    }
                    for i in 0..<plane.count { plane[i] = 0 }
                    for y in 0..<height {
                        let lo = max(0, y - r), hi = min(height - 1, y + r)
                        for yy in lo...hi {
                            let w = k[yy - y + r]
                            let src = yy * width, dst = y * width
                            for x in 0..<width { plane[dst + x] += scratch[src + x] * w }
                        }
                    }
                }
            }
        }
    }
}
