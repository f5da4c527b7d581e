import Foundation
import CARenderPixels

/// A bitmap image, immutable, as layer `contents`: 8-bit sRGB RGBA with straight alpha.
public final class CGImage: Sendable {
    /// The pixels, straight alpha.
    public let image: RGBAImage

    /// The image's width, in pixels.
    public var width: Int { image.width }
    /// The image's height, in pixels.
    public var height: Int { image.height }
    /// Bits per colour component: always 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: always 32 (RGBA).
    public var bitsPerPixel: Int { 32 }
    /// Bytes per row: four per pixel, without padding.
    public var bytesPerRow: Int { image.width * 4 }

    /// The pixels premultiplied by their alpha, components 0…255, as the compositor samples them:
    /// computed once, when the image is made, not per frame.
    package let premultipliedPixels: [SIMD4<Float>]
    /// Whether every pixel is opaque (a layer showing it over an opaque background keeps its
    /// outline's alpha).
    package let isOpaque: Bool

    /// Wraps decoded pixels.
    public init(image: RGBAImage) {
        self.image = image
        premultipliedPixels = image.premultipliedPixels()
        isOpaque = image.isOpaque
    }

    /// Loads a PNG file; nil when it cannot be read, with a warning giving libpng's reason
    /// (`RGBAImage(contentsOfPNG:)` throws it instead).
    public convenience init?(pngFile url: URL) {
        do {
            self.init(image: try RGBAImage(contentsOfPNG: url))
        } catch {
            Diagnostics.warnOnce("cannot load the image \(error)")
            return nil
        }
    }

    /// Core Graphics' PNG initialiser: decodes the PNG file behind `source`. `decode`,
    /// `shouldInterpolate` and `intent` are accepted for source compatibility and ignored.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        self.init(pngFile: source.url)
    }

    /// The part of the image inside `rect` (in pixels, origin top-left), clipped to the image
    /// after rounding outwards to whole pixels; nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        var bytes = [UInt8]()
        bytes.reserveCapacity(w * h * 4)
        for y in y0..<(y0 + h) {
            let start = (y * width + x0) * 4
            bytes.append(contentsOf: image.bytes[start..<(start + w * 4)])
        }
        return CGImage(image: RGBAImage(width: w, height: h, bytes: bytes))
    }
}

/// Where image data comes from: a file.
public final class CGDataProvider: Sendable {
    /// The file the data is read from.
    public let url: URL

    /// A provider reading the file at `url`; nil, with a warning, when it is not a readable file.
    public init?(url: URL) {
        guard url.isFileURL, FileManager.default.isReadableFile(atPath: url.path) else {
            Diagnostics.warnOnce("cannot read the image data at \(url.isFileURL ? url.path : url.absoluteString): "
                + (FileManager.default.fileExists(atPath: url.path) ? "permission denied" : "no such file"))
            return nil
        }
        self.url = url
    }

    /// A provider reading the file at `filename`; nil when it is not readable.
    public convenience init?(filename: String) {
        self.init(url: URL(fileURLWithPath: filename))
    }
}

/// How colours outside a destination gamut are mapped (accepted for compatibility; carender
/// renders in sRGB only).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The context's default intent.
    case defaultIntent
    /// Exact colours, clipped to the gamut.
    case absoluteColorimetric
    /// Colours relative to the white point, clipped to the gamut.
    case relativeColorimetric
    /// The gamut compressed to keep relations between colours.
    case perceptual
    /// Saturation kept, for business graphics.
    case saturation
}

extension RGBAImage {
    /// Each pixel as premultiplied floats (components 0…255; alpha itself unchanged).
    func premultipliedPixels() -> [SIMD4<Float>] {
        let count = width * height
        return bytes.withUnsafeBufferPointer { p in
            [SIMD4<Float>](unsafeUninitializedCapacity: count) { out, initialized in
                for i in 0..<count {
                    let q = p.baseAddress! + 4 * i
                    let a = Float(q[3]) * (1 / 255)
                    out[i] = SIMD4(Float(q[0]) * a, Float(q[1]) * a, Float(q[2]) * a, Float(q[3]))
                }
                initialized = count
            }
        }
    }
}
