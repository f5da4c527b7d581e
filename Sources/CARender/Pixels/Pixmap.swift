/// The compositor's working buffer: premultiplied 8-bit sRGB RGBA, rows top to bottom.
///
/// Blending happens on premultiplied values in sRGB space, as Core Animation does; conversion to
/// straight alpha happens once, when a frame leaves the compositor.
public struct Pixmap: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` premultiplied bytes.
    public var bytes: [UInt8]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Converts to a straight-alpha image, rounding each channel to nearest.
    public func unpremultiplied() -> RGBAImage {
        var out = [UInt8](repeating: 0, count: bytes.count)
        bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                let count = src.count / 4
                let s = UnsafeRawPointer(src.baseAddress!), d = UnsafeMutableRawPointer(dst.baseAddress!)
                for i in 0..<count {
                    let p = s.load(fromByteOffset: i &* 4, as: UInt32.self)
                    let a = p >> 24
                    if a == 255 {
                        d.storeBytes(of: p, toByteOffset: i &* 4, as: UInt32.self)
                    } else if a != 0 {
                        // c · 255 / a, rounded to nearest (translucent pixels are rare: edges of a
                        // transparent stage only).
                        let half = a / 2
                        let r = min(((p & 0xFF) &* 255 &+ half) / a, 255)
                        let g = min((((p >> 8) & 0xFF) &* 255 &+ half) / a, 255)
                        let b = min((((p >> 16) & 0xFF) &* 255 &+ half) / a, 255)
                        d.storeBytes(of: r | g << 8 | b << 16 | a << 24, toByteOffset: i &* 4, as: UInt32.self)
                    }
                }
            }
        }
        return RGBAImage(width: width, height: height, bytes: out)
    }
}
