/// Float-to-index conversions for table lookups in hot loops, without the range checks (and the
/// `floor` call on baseline x86-64) of `Int(_:)` and `rounded(_:)`: adding 1.5 × 2²³ leaves the
/// rounded integer in the low mantissa bits.

/// `x` rounded to the nearest integer, for `x` in `-0.5 ..< 2²²`.
@inlinable @inline(__always)
package func nearestIndex(_ x: Float) -> Int {
    Int(truncatingIfNeeded: (x + 12_582_912).bitPattern & 0x3F_FFFF)
}

/// An index `i` with `i ≤ x ≤ i + 1`, for `x` in `0 ..< 2²²` (`floor(x)`, or one less when `x` is
/// a whole number — either way linear interpolation from `i` is exact).
@inlinable @inline(__always)
package func lowerIndex(_ x: Float) -> Int {
    nearestIndex(x - 0.5)
}

/// `lowerIndex` of four values at once, for `x` in `0 ..< 2²²`.
@inlinable @inline(__always)
package func lowerIndices(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(x - 0.5 + 12_582_912, to: SIMD4<UInt32>.self) & 0x3F_FFFF)
}

/// `nearestIndex` of four values at once, for `x` in `-0.5 ..< 2²²`.
@inlinable @inline(__always)
package func nearestIndices(_ x: SIMD4<Float>) -> SIMD4<Int32> {
    SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(x + 12_582_912, to: SIMD4<UInt32>.self) & 0x3F_FFFF)
}
