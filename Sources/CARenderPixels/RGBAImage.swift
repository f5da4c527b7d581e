/// One 8-bit sRGB pixel with straight (unpremultiplied) alpha, as stored in PNG files.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    /// The red component, 0…255.
    public var r: UInt8
    /// The green component, 0…255.
    public var g: UInt8
    /// The blue component, 0…255.
    public var b: UInt8
    /// The alpha component, 0 (transparent) to 255 (opaque); the colour is not premultiplied by it.
    public var a: UInt8

    /// Creates a pixel from straight (unpremultiplied) components.
    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A fully transparent pixel.
    public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

    /// The pixel's components, as "RGBA8(r, g, b, a)".
    public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}

/// A rendered frame or a decoded image: `width × height` pixels of 8-bit sRGB RGBA with straight
/// alpha, rows top to bottom.
///
/// This is the user-facing pixel format (what PNG files hold). The compositor works on premultiplied
/// buffers internally and converts once per frame.
public struct RGBAImage: Equatable, Sendable {
    /// The image's width, in pixels.
    public let width: Int
    /// The image's height, in pixels.
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
        // Every frame is read once here before it is encoded, so the loop is kept short: four
        // pixels per 16-byte load (one vector register on every x86-64 and ARM64 processor),
        // their alphas ANDed over `opaqueTestBlock` bytes and tested once per block. (Two pixels
        // per 8-byte load took about 1.8% of the 48 spinning cards' whole render.)
        let alphaLanes = SIMD4<UInt32>(repeating: 0xFF00_0000)
        let blocks = raw.count / Self.opaqueTestBlock
        var block = 0
        while block < blocks {
            let start = block &* Self.opaqueTestBlock
            var all = alphaLanes
            for k in 0..<Self.opaqueTestBlock / 16 {
                all &= raw.loadUnaligned(fromByteOffset: start &+ k &* 16, as: SIMD4<UInt32>.self)
            }
            if all != alphaLanes { return false }
            block &+= 1
        }
        // The rest: two pixels per 8-byte load, then single alpha bytes.
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let pairs = raw.count / 8
        var i = blocks &* (Self.opaqueTestBlock / 8)
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

    /// Bytes whose alphas `allOpaque` tests together: 64 pixels, sixteen 16-byte loads.
    @inline(__always) static var opaqueTestBlock: Int { 256 }
}
