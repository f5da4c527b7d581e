/// How close a rendered frame must be to its golden image.
public struct GoldenTolerance: Equatable, Sendable {
    /// The per-channel difference (0…255) a pixel may have and still match.
    public var channel: Int
    /// The share (0…1) of pixels allowed to exceed `channel`.
    public var fractionOfPixels: Double

    /// A tolerance of `channel` levels per channel for all but `fractionOfPixels` of the pixels.
    public init(channel: Int = 2, fractionOfPixels: Double = 0.001) {
        self.channel = channel
        self.fractionOfPixels = fractionOfPixels
    }

    /// Pixel-identical.
    public static let exact = GoldenTolerance(channel: 0, fractionOfPixels: 0)
}
