import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderStage

/// An image for views: a `CGImage` and the scale its pixels are drawn at (pixels per point).
///
/// `UIImage(named:)` looks for PNG files where a script keeps its assets: the `assets` folder next
/// to the script, then the script's own folder (the `carender` command tells the script where it
/// is in the render job), then `assets` in the current directory and the current
/// directory. For a name without an extension it tries `name@3x.png`, `name@2x.png` and
/// `name.png` (the suffix sets the scale). A missing image is a warning that names every path
/// tried, and nil, as `UIImage(named:)` is on iOS.
open class UIImage: NSObject {
    /// The bitmap.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat

    /// The size in points.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// How views draw the image: as it is, or as a template (its alpha filled with the view's
    /// tint colour).
    public enum RenderingMode: Int, Sendable {
        /// Templates in system buttons and tab bars, as-is elsewhere (carender: as-is, except in
        /// system buttons).
        case automatic
        /// Always drawn as it is.
        case alwaysOriginal
        /// Always drawn as a template: its alpha filled with the view's tint colour.
        case alwaysTemplate
    }

    /// How views draw the image (`.automatic` unless made with `withRenderingMode(_:)`).
    public private(set) var renderingMode: RenderingMode = .automatic

    /// Creates an image from a Core Graphics image at a scale, in pixels per point (1 when not
    /// positive).
    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        super.init()
    }

    /// The same image drawn in `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        guard let cgImage else { return self }
        let copy = UIImage(cgImage: cgImage, scale: scale)
        copy.renderingMode = renderingMode
        return copy
    }

    /// The image's pixels with every colour replaced by `color`, keeping their alpha (times the
    /// colour's): how a template image is drawn in a view's tint.
    func tinted(with color: UIColor) -> CGImage? {
        guard let cgImage else { return nil }
        let source = cgImage.image
        let c = color.cgColor.rgbaComponents
        let r = UInt8((min(max(c.r, 0), 1) * 255).rounded()), g = UInt8((min(max(c.g, 0), 1) * 255).rounded())
        let b = UInt8((min(max(c.b, 0), 1) * 255).rounded()), alpha = Double(min(max(c.a, 0), 1))
        var bytes = [UInt8](repeating: 0, count: source.width * source.height * 4)
        for i in 0..<(source.width * source.height) {
            let a = source.bytes[i * 4 + 3]
            guard a > 0 else { continue }
            bytes[i * 4] = r
            bytes[i * 4 + 1] = g
            bytes[i * 4 + 2] = b
            bytes[i * 4 + 3] = UInt8((Double(a) * alpha).rounded())
        }
        return CGImage(image: RGBAImage(width: source.width, height: source.height, bytes: bytes))
    }

    /// Creates an image from a Core Graphics image at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1)
    }

    /// The image in the PNG file at `path`; nil (with a warning naming the file and the problem)
    /// when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        let url = URL(fileURLWithPath: path)
        do {
            let image = try RGBAImage(contentsOfPNG: url)
            self.init(cgImage: CGImage(image: image), scale: UIImage.scale(ofFileNamed: url.lastPathComponent))
        } catch {
            Diagnostics.warning("UIImage(contentsOfFile:): cannot read \(path): \(plainReason(error))")
            return nil
        }
    }

    /// The image in PNG `data` (as read from a file or a bundle); nil, with a warning naming the
    /// problem, when it is not a PNG carender can decode.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        do {
            let image = try RGBAImage(pngData: data)
            self.init(cgImage: CGImage(image: image), scale: scale)
        } catch {
            Diagnostics.warning("UIImage(data:): cannot decode \(data.count) bytes as PNG: \(plainReason(error))")
            return nil
        }
    }

    /// The image as PNG bytes.
    public func pngData() -> Data? {
        try? cgImage?.image.pngData()
    }

    /// The asset called `name` (see the class description for where it is looked for).
    public convenience init?(named name: String) {
        let candidates = UIImage.candidatePaths(forName: name)
        let fileManager = FileManager.default
        guard let found = candidates.first(where: { fileManager.isReadableFile(atPath: $0) }) else {
            Diagnostics.warning("UIImage(named: \"\(name)\"): no image found; looked for "
                + candidates.joined(separator: ", "))
            return nil
        }
        self.init(contentsOfFile: found)
    }

    /// Every file `UIImage(named:)` tries for `name`, in order.
    static func candidatePaths(forName name: String) -> [String] {
        var folders: [String] = []
        if let scriptFolder = StageHosting.current?.job.scriptDirectory, !scriptFolder.isEmpty {
            folders.append((scriptFolder as NSString).appendingPathComponent("assets"))
            folders.append(scriptFolder)
        }
        let current = FileManager.default.currentDirectoryPath
        // Run from the script's own folder, the current folder is that one: looked in once.
        if folders.last.map({ ($0 as NSString).standardizingPath }) != (current as NSString).standardizingPath {
            folders.append((current as NSString).appendingPathComponent("assets"))
            folders.append(current)
        }
        let files = (name as NSString).pathExtension.isEmpty
            ? ["\(name)@3x.png", "\(name)@2x.png", "\(name).png"] : [name]
        return folders.flatMap { folder in files.map { (folder as NSString).appendingPathComponent($0) } }
    }

    /// 2 or 3 for files named `…@2x.png` or `…@3x.png`, else 1.
    static func scale(ofFileNamed file: String) -> CGFloat {
        let stem = (file as NSString).deletingPathExtension
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@2x") { return 2 }
        return 1
    }
}
