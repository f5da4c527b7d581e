/// Paints coverage with one premultiplied colour; fully covered pixels of an opaque colour are
/// plain stores, so shape interiors fill at memory speed.
struct SolidPainter: CoveragePainter {
    let canvas: Canvas
    /// Premultiplied, components 0…255.
    let color: SIMD4<Float>

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        var d = canvas.pixel(x0, y)
        if color.w >= 255 {
            let packed = UInt32(UInt8(color.x + 0.5)) | UInt32(UInt8(color.y + 0.5)) << 8
                | UInt32(UInt8(color.z + 0.5)) << 16 | 0xFF00_0000
            for i in 0..<count {
                let c = coverage[i]
                if c >= 1 {
                    UnsafeMutableRawPointer(d).storeBytes(of: packed, as: UInt32.self)
                } else if c > 0 {
                    sourceOver(d, color * c)
                }
                d += 4
            }
        } else {
            for i in 0..<count {
                let c = coverage[i]
                if c > 0 { sourceOver(d, color * c) }
                d += 4
            }
        }
    }
}
