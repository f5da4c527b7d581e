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

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        super.init()
    }

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
            Diagnostics.warning("UIImage(contentsOfFile:): cannot read \(path): \(error)")
            return nil
        }
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
        folders.append((current as NSString).appendingPathComponent("assets"))
        folders.append(current)
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
