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
                var i = 0
                while i < src.count {
                    let a = src[i + 3]
                    if a == 255 {
                        dst[i] = src[i]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i + 2]; dst[i + 3] = 255
                    } else if a != 0 {
                        let a32 = UInt32(a)
                        for c in 0..<3 {
                            let v = (UInt32(src[i + c]) &* 255 &+ a32 / 2) / a32
                            dst[i + c] = UInt8(truncatingIfNeeded: min(v, 255))
                        }
                        dst[i + 3] = a
                    }
                    i &+= 4
                }
            }
        }
        return RGBAImage(width: width, height: height, bytes: out)
    }
}
