import Foundation
import CARenderPixels
import CARenderGeometry
import CARenderText
import CARenderModel
/// A grid of frames in one image, for looking at a whole animation at a glance.
///
/// Frames are shrunk by a whole factor with a box filter (averaging premultiplied colour, so
/// edges do not darken) and laid out row by row with a gap between cells; cells given a caption
/// (the frame number and time) show it in a band below.
public struct ContactSheet {
    /// The number of cells in a row.
    public let columns: Int
    /// Each frame is shrunk by this factor (1 keeps full size).
    public let shrink: Int
    /// The space between cells and around them, in pixels.
    public let gap: Int
    /// The colour of the gaps and the caption bands, which transparent pixels of a frame are
    /// shown over.
    public let background: RGBA8
    private var cells: [RGBAImage] = []
    private var captions: [String?] = []
    /// The caption band's height and text size in pixels.
    static let captionHeight = 16
    static let captionSize = 11.0

    /// A sheet with `columns` cells per row; `shrink` ≥ 1.
    public init(columns: Int, shrink: Int = 1, gap: Int = 4, background: RGBA8 = RGBA8(r: 40, g: 40, b: 40, a: 255)) {
        precondition(columns >= 1 && shrink >= 1 && gap >= 0, "a contact sheet needs columns ≥ 1, shrink ≥ 1 and gap ≥ 0")
        self.columns = columns
        self.shrink = shrink
        self.gap = gap
        self.background = background
    }

    /// The most pixels a contact sheet may have (1 GiB of RGBA while it is assembled).
    static let maximumPixels = 1 << 28

    /// Checks, before anything is rendered, that a sheet of `frames` cells can be made and written
    /// to `destination`: its folder exists, the destination is a new or regular file (the sheet is
    /// renamed into place, which must not replace a folder, a device or a pipe), and its size is
    /// within ``maximumPixels``.
    static func check(_ destination: URL, frames: Int, columns: Int, shrink: Int, frameWidth: Int, frameHeight: Int) throws {
        let folder = destination.deletingLastPathComponent()
        var status = stat()
        guard stat(folder.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw StageError.output("cannot write the contact sheet \(destination.path): the folder \(folder.path) does not exist")
        }
        if lstat(destination.path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw StageError.output("cannot write the contact sheet \(destination.path): it exists and is not a regular file")
        }
        let cellWidth = (frameWidth + shrink - 1) / shrink + 4
        let cellHeight = (frameHeight + shrink - 1) / shrink + captionHeight + 4
        let rows = (frames + columns - 1) / columns
        let (width, height) = (min(columns, frames) * cellWidth, rows * cellHeight)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maximumPixels {
            throw StageError.invalidOption("a contact sheet of \(frames) frames in \(columns) column\(columns == 1 ? "" : "s") would be about \(width) × \(height) pixels; carender makes sheets of at most \(maximumPixels) pixels (choose --columns, or fewer frames)")
        }
    }

    /// The shrink factor that keeps a sheet of `columns` frames `frameWidth` wide within
    /// `maximumWidth` pixels.
    public static func shrinkFactor(frameWidth: Int, columns: Int, maximumWidth: Int = 4096) -> Int {
        max(1, (frameWidth * columns + maximumWidth - 1) / maximumWidth)
    }

    /// Adds the next frame (frames should share one size), with a caption to show below it.
    public mutating func append(_ frame: RGBAImage, caption: String? = nil) {
        cells.append(ContactSheet.shrunk(frame, by: shrink))
        captions.append(caption)
    }

    /// The number of frames added so far.
    public var count: Int { cells.count }

    /// The sheet so far.
    public func image() -> RGBAImage {
        guard let first = cells.first else { return RGBAImage(width: 1, height: 1) }
        let captioned = captions.contains { $0 != nil }
        let cellWidth = first.width, cellHeight = first.height + (captioned ? Self.captionHeight : 0)
        let rows = (cells.count + columns - 1) / columns
        let usedColumns = min(columns, cells.count)
        let width = usedColumns * cellWidth + (usedColumns + 1) * gap
        let height = rows * cellHeight + (rows + 1) * gap
        var sheet = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { sheet[x, y] = background } }
        for (index, cell) in cells.enumerated() {
            let left = gap + (index % columns) * (cellWidth + gap)
            let top = gap + (index / columns) * (cellHeight + gap)
            for y in 0..<min(cell.height, cellHeight) {
                for x in 0..<min(cell.width, cellWidth) {
                    sheet[left + x, top + y] = ContactSheet.over(cell[x, y], background)
                }
            }
            if let caption = captions[index] {
                let text = TextImage.line(caption, size: Self.captionSize, color: CGColor(gray: 0.85, alpha: 1),
                                          width: cellWidth, height: Self.captionHeight)
                let bandTop = top + first.height
                for y in 0..<text.height {
                    for x in 0..<text.width { sheet[left + x, bandTop + y] = ContactSheet.over(text[x, y], background) }
                }
            }
        }
        return sheet
    }

    /// A straight-alpha pixel composited over an opaque background.
    static func over(_ p: RGBA8, _ background: RGBA8) -> RGBA8 {
        let a = Int(p.a)
        func mix(_ c: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(c) * a + Int(b) * (255 - a) + 127) / 255) }
        return RGBA8(r: mix(p.r, background.r), g: mix(p.g, background.g), b: mix(p.b, background.b), a: 255)
    }

    /// `image` shrunk by `factor` in each direction, each output pixel the premultiplied mean of
    /// its `factor × factor` block (edge blocks average what they cover).
    static func shrunk(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        guard factor > 1 else { return image }
        let width = (image.width + factor - 1) / factor, height = (image.height + factor - 1) / factor
        var out = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var r = 0, g = 0, b = 0, a = 0, n = 0
                for sy in (y * factor)..<min((y + 1) * factor, image.height) {
                    for sx in (x * factor)..<min((x + 1) * factor, image.width) {
                        let p = image[sx, sy]
                        let alpha = Int(p.a)
                        r += Int(p.r) * alpha
                        g += Int(p.g) * alpha
                        b += Int(p.b) * alpha
                        a += alpha
                        n += 1
                    }
                }
                guard a > 0 else { continue }
                out[x, y] = RGBA8(r: UInt8((r + a / 2) / a), g: UInt8((g + a / 2) / a), b: UInt8((b + a / 2) / a),
                                  a: UInt8((a + n / 2) / n))
            }
        }
        return out
    }
}
