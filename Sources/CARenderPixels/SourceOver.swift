/// Premultiplied source-over in sRGB space (Core Animation blends encoded values directly):
/// `dst = src + dst × (1 − src.alpha)`, with `src` already weighted by coverage, components 0…255.
@inlinable @inline(__always)
package func sourceOver(_ d: UnsafeMutablePointer<UInt8>, _ s: SIMD4<Float>) {
    let inverse = 1 - s.w * (1 / 255)
    let dv = SIMD4<Float>(Float(d[0]), Float(d[1]), Float(d[2]), Float(d[3]))
    let r = dv * inverse + s + 0.5
    d[0] = UInt8(r.x)
    d[1] = UInt8(r.y)
    d[2] = UInt8(r.z)
    d[3] = UInt8(r.w)
}

/// Writes a premultiplied colour (components 0…255) without blending.
@inlinable @inline(__always)
package func store(_ d: UnsafeMutablePointer<UInt8>, _ s: SIMD4<Float>) {
    d[0] = UInt8(s.x + 0.5)
    d[1] = UInt8(s.y + 0.5)
    d[2] = UInt8(s.z + 0.5)
    d[3] = UInt8(s.w + 0.5)
}

/// Reads a pixel as floats 0…255.
@inlinable @inline(__always)
package func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
    SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
}
