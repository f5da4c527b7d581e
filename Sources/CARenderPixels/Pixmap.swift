/// The compositor's working buffer: premultiplied 8-bit sRGB RGBA, rows top to bottom.
///
/// Blending happens on premultiplied values in sRGB space, as Core Animation does; conversion to
/// straight alpha happens once, when a frame leaves the compositor.
package struct Pixmap: Sendable {
    package let width: Int
    package let height: Int
    /// `width × height × 4` premultiplied bytes.
    package var bytes: [UInt8]

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// True when every pixel has alpha 255 (premultiplied and straight alpha then agree).
    package var isOpaque: Bool {
        bytes.withUnsafeBytes { RGBAImage.allOpaque($0) }
    }

    /// Converts to a straight-alpha image, rounding each channel to nearest. (The PNG encoder
    /// converts row by row as it filters instead, without this copy: `pngData(options:)`.)
    package func unpremultiplied() -> RGBAImage {
        // Opaque pixels are already straight, and so are transparent black ones (all zero bytes,
        // what most of a sparse frame is): copy everything, then fix the others, testing two
        // pixels at a time.
        var out = bytes
        out.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.count / 4
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            var i = 0
            while i + 1 < pixels {
                let pair = raw.load(fromByteOffset: i &* 4, as: UInt64.self)
                if pair & 0xFF00_0000_FF00_0000 != 0xFF00_0000_FF00_0000 && pair != 0 {
                    Self.unpremultiply(raw + i &* 4)
                    Self.unpremultiply(raw + (i &+ 1) &* 4)
                }
                i &+= 2
            }
            if i < pixels { Self.unpremultiply(raw + i &* 4) }
        }
        return RGBAImage(width: width, height: height, bytes: out)
    }

    /// Un-premultiplies one pixel in place: c · 255 / a, rounded to nearest.
    @inline(__always)
    private static func unpremultiply(_ pixel: UnsafeMutableRawPointer) {
        let p = pixel.load(as: UInt32.self)
        let a = p >> 24
        guard a != 255 else { return }
        guard a != 0 else {
            pixel.storeBytes(of: 0, as: UInt32.self)
            return
        }
        let half = a / 2
        let r = min(((p & 0xFF) &* 255 &+ half) / a, 255)
        let g = min((((p >> 8) & 0xFF) &* 255 &+ half) / a, 255)
        let b = min((((p >> 16) & 0xFF) &* 255 &+ half) / a, 255)
        pixel.storeBytes(of: r | g << 8 | b << 16 | a << 24, as: UInt32.self)
    }
}
