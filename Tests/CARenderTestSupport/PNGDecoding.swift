import CARender
import Foundation

extension Fixtures {
    /// Decodes PNG bytes with libpng (through a temporary file, as frames are read back).
    package static func decodedPNG(_ data: Data, _ label: String = #function) throws -> RGBAImage {
        let folder = try temporaryFolder(label)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("frame.png")
        try data.write(to: url)
        return try RGBAImage(contentsOfPNG: url)
    }
}
