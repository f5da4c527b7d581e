/// One 8-bit sRGB pixel with straight (unpremultiplied) alpha, as stored in PNG files.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

    public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}

/// A rendered frame or a decoded image: `width × height` pixels of 8-bit sRGB RGBA with straight
/// alpha, rows top to bottom.
///
/// This is the user-facing pixel format (what PNG files hold). The compositor works on premultiplied
/// buffers internally and converts once per frame.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes, RGBA, rows top to bottom, no padding.
    public var bytes: [UInt8]

    /// A fully transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "RGBAImage dimensions must not be negative")
        self.width = width
        self.height = height
        self.bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps existing RGBA bytes; `bytes.count` must be `width × height × 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "RGBAImage byte count does not match its size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x`, row `y` (0-based, top-left origin).
    public subscript(x: Int, y: Int) -> RGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return RGBA8(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    /// True when every pixel has alpha 255 (such a frame can be written as RGB).
    public var isOpaque: Bool {
        bytes.withUnsafeBytes { Self.allOpaque($0) }
    }

    /// Whether every 4th byte (each RGBA pixel's alpha) of `raw` is 255; the same test for straight
    /// and premultiplied pixels.
    static func allOpaque(_ raw: UnsafeRawBufferPointer) -> Bool {
        // Two pixels per 8-byte load: their alpha bytes must both be 0xFF. The loop reads each
        // frame once before encoding, so it is kept branch-light (one test per 16 pixels).
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let pairs = raw.count / 8
        var i = 0
        while i &+ 8 <= pairs {
            var all = alphas
            for k in 0..<8 { all &= raw.loadUnaligned(fromByteOffset: (i &+ k) &* 8, as: UInt64.self) }
            if all & alphas != alphas { return false }
            i &+= 8
        }
        while i < pairs {
            if raw.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self) & alphas != alphas { return false }
            i &+= 1
        }
        var j = pairs &* 8 &+ 3
        while j < raw.count {
            if raw[j] != 255 { return false }
            j &+= 4
        }
        return true
    }
}
