import Foundation

/// A bitmap image, immutable, as layer `contents`.
public final class CGImage: @unchecked Sendable {
    /// The pixels, straight alpha.
    public let image: RGBAImage

    public var width: Int { image.width }
    public var height: Int { image.height }

    /// Wraps decoded pixels.
    public init(image: RGBAImage) {
        self.image = image
    }

    /// Loads a PNG file; nil when it cannot be read (use `RGBAImage(contentsOfPNG:)` for the error).
    public convenience init?(pngFile url: URL) {
        guard let image = try? RGBAImage(contentsOfPNG: url) else { return nil }
        self.init(image: image)
    }
}
