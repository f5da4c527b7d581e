/// Exact-area coverage of an axis-aligned rectangle: the fraction of each pixel square the
/// rectangle covers, separable into a horizontal and a vertical factor.
struct RectCoverage {
    /// Coverage of pixel column `i` (covering `[i, i + 1)`) by the interval `[x0, x1)`.
    @inline(__always)
    static func span(_ i: Int, _ x0: Double, _ x1: Double) -> Double {
        let lo = max(x0, Double(i))
        let hi = min(x1, Double(i + 1))
        return hi > lo ? hi - lo : 0
    }

    /// Source-over blends a premultiplied colour (components 0…1) over `pixmap` inside the
    /// rectangle `[x0, x1) × [y0, y1)` in pixel units, weighting each pixel by its covered area.
    static func fill(_ pixmap: inout Pixmap, x0: Double, y0: Double, x1: Double, y1: Double,
                     color: (r: Double, g: Double, b: Double, a: Double)) {
        guard x1 > x0, y1 > y0, color.a > 0 else { return }
        let width = pixmap.width
        let ix0 = max(Int(x0.rounded(.down)), 0), ix1 = min(Int(x1.rounded(.up)), pixmap.width)
        let iy0 = max(Int(y0.rounded(.down)), 0), iy1 = min(Int(y1.rounded(.up)), pixmap.height)
        guard ix0 < ix1, iy0 < iy1 else { return }
        pixmap.bytes.withUnsafeMutableBufferPointer { buffer in
            for y in iy0..<iy1 {
                let cy = span(y, y0, y1)
                for x in ix0..<ix1 {
                    let coverage = cy * span(x, x0, x1)
                    if coverage <= 0 { continue }
                    let i = (y * width + x) * 4
                    let inverse = 1 - color.a * coverage
                    buffer[i] = blend(buffer[i], color.r * coverage, inverse)
                    buffer[i + 1] = blend(buffer[i + 1], color.g * coverage, inverse)
                    buffer[i + 2] = blend(buffer[i + 2], color.b * coverage, inverse)
                    buffer[i + 3] = blend(buffer[i + 3], color.a * coverage, inverse)
                }
            }
        }
    }

    @inline(__always)
    private static func blend(_ dst: UInt8, _ src: Double, _ inverse: Double) -> UInt8 {
        let v = src * 255 + Double(dst) * inverse
        return UInt8(min(max(v.rounded(), 0), 255))
    }
}
