import Foundation

extension CGColor {
    /// The colour premultiplied by its alpha times `opacity`, components 0…255, each straight
    /// component clamped to 0…1 first.
    package func premultiplied(opacity: Double = 1) -> SIMD4<Float> {
        PremultipliedColor.make(clampedRGBA, opacity: opacity)
    }
}

/// Premultiplying a colour's clamped components (`CGColor.clampedRGBA`), inlinable into drawing
/// code in other modules, which reads the components from the colour in place: a call to
/// `premultiplied(opacity:)` (a package member, which another module does not inline) keeps the
/// colour retained across it, for every layer every frame.
@usableFromInline package enum PremultipliedColor {
    /// `rgba` (straight, each 0…1) premultiplied by its alpha times `opacity`, components 0…255.
    @inlinable
    package static func make(_ rgba: SIMD4<Double>, opacity: Double) -> SIMD4<Float> {
        let a = rgba.w * min(max(opacity, 0), 1)
        return SIMD4<Float>(Float(rgba.x * a * 255), Float(rgba.y * a * 255), Float(rgba.z * a * 255), Float(a * 255))
    }
}
