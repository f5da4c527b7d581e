/// Integer source-over on packed RGBA8 pixels (two channels per 32-bit lane pair), for the
/// loops where float conversion would dominate: blits of offscreens and solid-colour edges.

/// `src + dst × (255 − src.alpha) / 255`, rounded, for premultiplied packed pixels.
@inlinable @inline(__always)
package func sourceOverPacked(_ dst: UInt32, _ src: UInt32) -> UInt32 {
    let inverse = 255 &- (src >> 24)
    var rb = (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((dst >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return src &+ (rb | ag)
}

/// Every channel of a packed pixel times `scale / 256` (`scale` in 0…256).
@inlinable @inline(__always)
package func scalePacked(_ p: UInt32, _ scale: UInt32) -> UInt32 {
    let rb = (((p & 0x00FF_00FF) &* scale &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((p >> 8) & 0x00FF_00FF) &* scale &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// `sourceOverPacked` on four pixels at once, with the same bytes, every step in 16-bit lanes:
/// x86-64's baseline (SSE2) multiplies 16-bit lanes in one instruction, where 32-bit lanes take
/// five. Each channel's `t = dst · (255 − src.α) + 128` sits in a 16-bit lane of its own (red and
/// blue, then green and alpha) and `t + (t >> 8)` stays below 2¹⁶ (at most 65025 + 128 + 254), so
/// no lane carries into the next and the steps are the scalar function's.
@inlinable @inline(__always)
package func sourceOverPacked(_ dst: SIMD4<UInt32>, _ src: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let low = SIMD4<UInt32>(repeating: 0x00FF_00FF)
    let inverse = SIMD4<UInt32>(repeating: 255) &- (src &>> 24)
    // 255 − α in both 16-bit halves of each pixel's lane.
    let factor = unsafeBitCast(inverse | (inverse &<< 16), to: SIMD8<UInt16>.self)
    let half = SIMD8<UInt16>(repeating: 128)
    let rb = unsafeBitCast(dst & low, to: SIMD8<UInt16>.self) &* factor &+ half
    let ag = unsafeBitCast((dst &>> 8) & low, to: SIMD8<UInt16>.self) &* factor &+ half
    let scaledRB = unsafeBitCast((rb &+ (rb &>> 8)) &>> 8, to: SIMD4<UInt32>.self)
    let scaledAG = unsafeBitCast((ag &+ (ag &>> 8)) &>> 8, to: SIMD4<UInt32>.self)
    return src &+ (scaledRB | (scaledAG &<< 8))
}

/// `scalePacked` on four pixels at once, with the same integer steps.
@inlinable @inline(__always)
package func scalePacked(_ p: SIMD4<UInt32>, _ scale: UInt32) -> SIMD4<UInt32> {
    scalePacked(p, SIMD4(repeating: scale))
}

/// `scalePacked` on four pixels at once, each by its own scale (0…256).
@inlinable @inline(__always)
package func scalePacked(_ p: SIMD4<UInt32>, _ scale: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let low = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
    let factor = scale | scale &<< 16
    let rb = ((channelProducts(p & low, factor) &+ half) &>> 8) & low
    let ag = (channelProducts((p &>> 8) & low, factor) &+ half) & SIMD4<UInt32>(repeating: 0xFF00_FF00)
    return rb | ag
}

/// The products of the two 16-bit halves of each lane, `channels` holding two channels (0…255)
/// and `factor` one factor (0…256) in both halves: the same as the 32-bit product `channels ×
/// f` that the scalar code forms, because no half's product (at most 255 × 256 + the rounding
/// 0x80 added after) carries into the other. Multiplying 16-bit lanes is one instruction on
/// every x86-64 (SSE2 `pmullw`), where a 32-bit lane multiply needs SSE4.1 or four shuffles.
@inlinable @inline(__always)
func channelProducts(_ channels: SIMD4<UInt32>, _ factor: SIMD4<UInt32>) -> SIMD4<UInt32> {
    unsafeBitCast(unsafeBitCast(channels, to: SIMD8<UInt16>.self) &* unsafeBitCast(factor, to: SIMD8<UInt16>.self),
                  to: SIMD4<UInt32>.self)
}

/// Packs a premultiplied float colour (0…255 components) as RGBA8 in memory order.
@inlinable @inline(__always)
package func packed(_ c: SIMD4<Float>) -> UInt32 {
    UInt32(UInt8(c.x + 0.5)) | UInt32(UInt8(c.y + 0.5)) << 8 | UInt32(UInt8(c.z + 0.5)) << 16 | UInt32(UInt8(c.w + 0.5)) << 24
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// The pixel at this address as a packed 32-bit value.
    @inlinable @inline(__always)
    package var packedPixel: UInt32 {
        get { UnsafeRawPointer(self).load(as: UInt32.self) }
        nonmutating set { UnsafeMutableRawPointer(self).storeBytes(of: newValue, as: UInt32.self) }
    }
}
