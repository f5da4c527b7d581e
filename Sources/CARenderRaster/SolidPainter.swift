import CARenderPixels
/// Paints coverage with one premultiplied colour; fully covered pixels of an opaque colour are
/// plain stores, so shape interiors fill at memory speed.
@usableFromInline package struct SolidPainter: CoveragePainter {
    @usableFromInline package let canvas: Canvas
    /// The colour packed as RGBA8, premultiplied.
    @usableFromInline package let color: UInt32
    @usableFromInline let opaque: Bool

    /// `color`: premultiplied, components 0…255.
    @inlinable
    package init(canvas: Canvas, color: SIMD4<Float>) {
        self.canvas = canvas
        self.color = packed(color)
        opaque = self.color >> 24 == 255
    }

    @inlinable @inline(__always)
    package mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
        // Whether the colour is opaque is the same for every pixel: pick the loop once.
        if opaque {
            paintRow(y, x0, count, coverage, opaque: true)
        } else {
            paintRow(y, x0, count, coverage, opaque: false)
        }
    }

    @inlinable @inline(__always)
    func paintRow(_ y: Int, _ x0: Int, _ count: Int, _ coverage: UnsafePointer<Float>, opaque: Bool) {
        var d = canvas.pixel(x0, y)
        let color = self.color
        var i = 0
        // Four pixels at a time (a corner's long partial runs), with the scalar steps per lane.
        let colors = SIMD4<UInt32>(repeating: color)
        while i + 4 <= count {
            let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
            let covered = c .> 0
            if any(covered) {
                let below = UnsafeRawPointer(d).loadUnaligned(as: SIMD4<UInt32>.self)
                // Converted lane by lane: the SIMD conversion from Float is a generic, per-lane
                // library call. Coverage above 1 (a hair, from rounding) scales like 1, as in the
                // scalar loop.
                let scale = SIMD4<UInt32>(Self.level(c[0]), Self.level(c[1]), Self.level(c[2]), Self.level(c[3]))
                var result = below.replacing(with: sourceOverPacked(below, scalePacked(colors, scale)), where: covered)
                if opaque { result.replace(with: colors, where: c .>= 1) }
                UnsafeMutableRawPointer(d).storeBytes(of: result, as: SIMD4<UInt32>.self)
            }
            d += 16
            i += 4
        }
        while i < count {
            let c = coverage[i]
            if opaque && c >= 1 {
                d.packedPixel = color
            } else if c > 0 {
                d.packedPixel = sourceOverPacked(d.packedPixel, scalePacked(color, Self.level(c)))
            }
            d += 4
            i += 1
        }
    }
}

extension SolidPainter {
    /// Coverage (0…1, or a hair above 1) as a scale of 0…256, truncated: the same for the
    /// four-pixel and the one-pixel loop.
    @inlinable @inline(__always)
    static func level(_ c: Float) -> UInt32 {
        UInt32(truncatingIfNeeded: Int32(max(0, min(c, 1)) * 256))
    }

    @inlinable @inline(__always)
    package mutating func paintFull(row y: Int, x0: Int, count: Int) {
        let color = self.color, opaque = self.opaque
        canvas.pixel(x0, y).withMemoryRebound(to: UInt32.self, capacity: count) { d in
            if opaque {
                d.update(repeating: color, count: count)
            } else {
                var i = 0
                let colors = SIMD4<UInt32>(repeating: color)
                while i + 4 <= count {
                    let below = UnsafeRawPointer(d + i).loadUnaligned(as: SIMD4<UInt32>.self)
                    UnsafeMutableRawPointer(d + i).storeBytes(of: sourceOverPacked(below, colors), as: SIMD4<UInt32>.self)
                    i += 4
                }
                while i < count {
                    d[i] = sourceOverPacked(d[i], color)
                    i += 1
                }
            }
        }
    }
}
