import CARenderPixels
/// How far two images are apart, pixel by pixel: how many pixels differ, by how much, and where.
public struct ImageDifference: Equatable, Sendable {
    /// The smallest rectangle of whole pixels holding every pixel over the tolerance.
    public struct Region: Equatable, Sendable, CustomStringConvertible {
        /// The left and top pixel, inclusive.
        public var minX: Int, minY: Int
        /// The right and bottom pixel, inclusive.
        public var maxX: Int, maxY: Int

        /// Pixels across, both ends included.
        public var width: Int { maxX - minX + 1 }
        /// Pixels down, both ends included.
        public var height: Int { maxY - minY + 1 }

        /// The rectangle from pixel (`minX`, `minY`) to pixel (`maxX`, `maxY`), both included.
        public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }

        /// `x 30…109, y 60…139 (80×80 px)`.
        public var description: String { "x \(minX)…\(maxX), y \(minY)…\(maxY) (\(width)×\(height) px)" }
    }

    /// The largest per-channel difference over all pixels, 0…255.
    public var maximumChannelDifference: Int
    /// How many pixels differ in some channel by more than the tolerance asked for.
    public var pixelsOverTolerance: Int
    /// All pixels compared.
    public var pixelCount: Int
    /// Where the pixels over the tolerance are, or nil when there are none.
    public var region: Region?
    /// The mean of the largest channel difference of the pixels over the tolerance, 0…255.
    public var meanDifferenceOverTolerance: Double

    /// The share (0…1) of pixels over the tolerance.
    public var fractionOverTolerance: Double {
        pixelCount == 0 ? 0 : Double(pixelsOverTolerance) / Double(pixelCount)
    }

    /// Compares two images of equal size; `channelTolerance` is the per-channel difference a pixel
    /// may have before it counts as different.
    public init(_ actual: RGBAImage, _ expected: RGBAImage, channelTolerance: Int) {
        precondition(actual.width == expected.width && actual.height == expected.height,
                     "ImageDifference needs images of one size")
        var maximum = 0, over = 0, sumOver = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let width = actual.width
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                var i = 0
                while i < a.count {
                    let worst = ImageDifference.largestChannelDifference(a, e, at: i)
                    maximum = max(maximum, worst)
                    if worst > channelTolerance {
                        over += 1
                        sumOver += worst
                        let pixel = i / 4
                        let x = pixel % width, y = pixel / width
                        minX = min(minX, x); maxX = max(maxX, x)
                        minY = min(minY, y); maxY = max(maxY, y)
                    }
                    i += 4
                }
            }
        }
        maximumChannelDifference = maximum
        pixelsOverTolerance = over
        pixelCount = actual.width * actual.height
        region = over == 0 ? nil : Region(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        meanDifferenceOverTolerance = over == 0 ? 0 : Double(sumOver) / Double(over)
    }

    private static func largestChannelDifference(_ a: UnsafeBufferPointer<UInt8>, _ e: UnsafeBufferPointer<UInt8>,
                                                 at i: Int) -> Int {
        var worst = 0
        for c in 0..<4 { worst = max(worst, abs(Int(a[i + c]) - Int(e[i + c]))) }
        return worst
    }

    /// How strongly the expected image shows behind the differences: a quarter of its contrast,
    /// on white, so the scene is recognisable but no pixel of it is mistaken for a difference.
    static let fadedExpectedWeight = 0.25

    /// A picture of where two images differ: the expected image faded towards white, with every
    /// pixel over `channelTolerance` painted over it — magenta when colour differs (brighter the
    /// further apart, at least half strength so a one-level difference is still seen), cyan when
    /// only alpha does.
    public static func visualize(_ actual: RGBAImage, _ expected: RGBAImage, channelTolerance: Int = 0) -> RGBAImage {
        precondition(actual.width == expected.width && actual.height == expected.height,
                     "ImageDifference needs images of one size")
        var out = RGBAImage(width: actual.width, height: actual.height)
        let a = actual.bytes, e = expected.bytes
        for i in stride(from: 0, to: a.count, by: 4) {
            var colour = 0
            for c in 0..<3 { colour = max(colour, abs(Int(a[i + c]) - Int(e[i + c]))) }
            let alpha = abs(Int(a[i + 3]) - Int(e[i + 3]))
            if max(colour, alpha) > channelTolerance {
                // 128…255: a strength that grows with the difference.
                let strength = UInt8(128 + (127 * max(colour, alpha)) / 255)
                out.bytes[i] = colour > channelTolerance ? strength : 0
                out.bytes[i + 1] = 0
                out.bytes[i + 2] = strength
            } else {
                // The expected pixel composited on white, then faded towards white.
                let coverage = Double(e[i + 3]) / 255
                for c in 0..<3 {
                    let onWhite = Double(e[i + c]) * coverage + 255 * (1 - coverage)
                    out.bytes[i + c] = UInt8((255 - (255 - onWhite) * fadedExpectedWeight).rounded())
                }
            }
            out.bytes[i + 3] = 255
        }
        return out
    }
}
