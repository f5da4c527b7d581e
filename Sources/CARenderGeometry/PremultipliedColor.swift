import Foundation

extension CGColor {
    /// The colour premultiplied by its alpha times `opacity`, components 0…255, each straight
    /// component clamped to 0…1 first.
    /// Inlinable, so that a caller holding the colour through a pointer (drawing, every layer
    /// every frame) reads four numbers without retaining the colour around a call.
    @inlinable
    package func premultiplied(opacity: Double = 1) -> SIMD4<Float> {
        let c = clampedRGBA
        let a = c.w * min(max(opacity, 0), 1)
        return SIMD4<Float>(Float(c.x * a * 255), Float(c.y * a * 255), Float(c.z * a * 255), Float(a * 255))
    }
}
