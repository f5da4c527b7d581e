/// How far two images are apart, pixel by pixel.
public struct ImageDifference: Equatable, Sendable {
    /// The largest per-channel difference over all pixels, 0…255.
    public var maximumChannelDifference: Int
    /// How many pixels differ in some channel by more than the tolerance asked for.
    public var pixelsOverTolerance: Int
    /// All pixels compared.
    public var pixelCount: Int

    /// The share (0…1) of pixels over the tolerance.
    public var fractionOverTolerance: Double {
        pixelCount == 0 ? 0 : Double(pixelsOverTolerance) / Double(pixelCount)
    }

    /// Compares two images of equal size; `channelTolerance` is the per-channel difference a pixel
    /// may have before it counts as different.
    public init(_ actual: RGBAImage, _ expected: RGBAImage, channelTolerance: Int) {
        precondition(actual.width == expected.width && actual.height == expected.height,
                     "ImageDifference needs images of one size")
        var maximum = 0
        var over = 0
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                var i = 0
                while i < a.count {
                    var worst = 0
                    for c in 0..<4 {
                        worst = max(worst, abs(Int(a[i + c]) - Int(e[i + c])))
                    }
                    maximum = max(maximum, worst)
                    if worst > channelTolerance { over += 1 }
                    i += 4
                }
            }
        }
        maximumChannelDifference = maximum
        pixelsOverTolerance = over
        pixelCount = actual.width * actual.height
    }

    /// A picture of the difference: black where equal, brighter red where further apart, grey
    /// where only alpha differs.
    public static func visualize(_ actual: RGBAImage, _ expected: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: actual.width, height: actual.height)
        for i in stride(from: 0, to: actual.bytes.count, by: 4) {
            var colour = 0
            for c in 0..<3 { colour = max(colour, abs(Int(actual.bytes[i + c]) - Int(expected.bytes[i + c]))) }
            let alpha = abs(Int(actual.bytes[i + 3]) - Int(expected.bytes[i + 3]))
            let boosted = { (v: Int) in UInt8(min(255, v == 0 ? 0 : 64 + v * 3)) }
            out.bytes[i] = boosted(max(colour, alpha))
            out.bytes[i + 1] = colour == 0 ? boosted(alpha) / 2 : 0
            out.bytes[i + 2] = colour == 0 ? boosted(alpha) / 2 : 0
            out.bytes[i + 3] = 255
        }
        return out
    }
}
