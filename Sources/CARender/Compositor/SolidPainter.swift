/// Paints coverage with one premultiplied colour; fully covered pixels of an opaque colour are
/// plain stores, so shape interiors fill at memory speed.
struct SolidPainter: CoveragePainter {
    let canvas: Canvas
    /// The colour packed as RGBA8, premultiplied.
    let color: UInt32
    let opaque: Bool

    /// `color`: premultiplied, components 0…255.
    init(canvas: Canvas, color: SIMD4<Float>) {
        self.canvas = canvas
        self.color = packed(color)
        opaque = self.color >> 24 == 255
    }

    @inline(__always)
    mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        // Whether the colour is opaque is the same for every pixel: pick the loop once.
        if opaque {
            paintRow(y, x0, count, coverage, opaque: true)
        } else {
            paintRow(y, x0, count, coverage, opaque: false)
        }
    }

    @inline(__always)
    private func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>, opaque: Bool) {
        var d = canvas.pixel(x0, y)
        let color = self.color
        for i in 0..<count {
            let c = coverage[i]
            if opaque && c >= 1 {
                d.packedPixel = color
            } else if c > 0 {
                d.packedPixel = sourceOverPacked(d.packedPixel, scalePacked(color, UInt32(c * 256)))
            }
            d += 4
        }
    }
}

extension SolidPainter {
    @inline(__always)
    mutating func paintFull(row y: Int, x0: Int, count: Int) {
        let color = self.color, opaque = self.opaque
        canvas.pixel(x0, y).withMemoryRebound(to: UInt32.self, capacity: count) { d in
            if opaque {
                d.update(repeating: color, count: count)
            } else {
                for i in 0..<count { d[i] = sourceOverPacked(d[i], color) }
            }
        }
    }
}
