/// Integer source-over on packed RGBA8 pixels (two channels per 32-bit lane pair), for the
/// loops where float conversion would dominate: blits of offscreens and solid-colour edges.

/// `src + dst × (255 − src.alpha) / 255`, rounded, for premultiplied packed pixels.
@inline(__always)
func sourceOverPacked(_ dst: UInt32, _ src: UInt32) -> UInt32 {
    let inverse = 255 &- (src >> 24)
    var rb = (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((dst >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return src &+ (rb | ag)
}

/// Every channel of a packed pixel times `scale / 256` (`scale` in 0…256).
@inline(__always)
func scalePacked(_ p: UInt32, _ scale: UInt32) -> UInt32 {
    let rb = (((p & 0x00FF_00FF) &* scale &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((p >> 8) & 0x00FF_00FF) &* scale &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// `sourceOverPacked` on four pixels at once, with the same integer steps (so the same bytes).
@inline(__always)
func sourceOverPacked(_ dst: SIMD4<UInt32>, _ src: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let low = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
    let inverse = SIMD4<UInt32>(repeating: 255) &- (src &>> 24)
    var rb = (dst & low) &* inverse &+ half
    rb = ((rb &+ ((rb &>> 8) & low)) &>> 8) & low
    var ag = ((dst &>> 8) & low) &* inverse &+ half
    ag = (ag &+ ((ag &>> 8) & low)) & SIMD4<UInt32>(repeating: 0xFF00_FF00)
    return src &+ (rb | ag)
}

/// `scalePacked` on four pixels at once, with the same integer steps.
@inline(__always)
func scalePacked(_ p: SIMD4<UInt32>, _ scale: UInt32) -> SIMD4<UInt32> {
    let low = SIMD4<UInt32>(repeating: 0x00FF_00FF), half = SIMD4<UInt32>(repeating: 0x0080_0080)
    let rb = (((p & low) &* scale &+ half) &>> 8) & low
    let ag = (((p &>> 8) & low) &* scale &+ half) & SIMD4<UInt32>(repeating: 0xFF00_FF00)
    return rb | ag
}

/// Packs a premultiplied float colour (0…255 components) as RGBA8 in memory order.
@inline(__always)
func packed(_ c: SIMD4<Float>) -> UInt32 {
    UInt32(UInt8(c.x + 0.5)) | UInt32(UInt8(c.y + 0.5)) << 8 | UInt32(UInt8(c.z + 0.5)) << 16 | UInt32(UInt8(c.w + 0.5)) << 24
}

extension UnsafeMutablePointer where Pointee == UInt8 {
    /// The pixel at this address as a packed 32-bit value.
    @inline(__always)
    var packedPixel: UInt32 {
        get { UnsafeRawPointer(self).load(as: UInt32.self) }
        nonmutating set { UnsafeMutableRawPointer(self).storeBytes(of: newValue, as: UInt32.self) }
    }
}
