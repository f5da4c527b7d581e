import Foundation

extension CGColor {
    /// The colour premultiplied by its alpha times `opacity`, components 0…255, each straight
    /// component clamped to 0…1 first.
    package func premultiplied(opacity: Double = 1) -> SIMD4<Float> {
        let c = rgbaComponents
        func clamp(_ v: CGFloat) -> Double { min(max(Double(v), 0), 1) }
        let a = clamp(c.a) * min(max(opacity, 0), 1)
        return SIMD4<Float>(Float(clamp(c.r) * a * 255), Float(clamp(c.g) * a * 255),
                            Float(clamp(c.b) * a * 255), Float(a * 255))
    }
}
