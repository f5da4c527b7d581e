import Foundation
import CARenderPixels

/// Sends every frame, as raw 8-bit RGBA rows, into a pipe (ffmpeg's input), so a video needs no
/// PNG files.
final class RawFrameSink {
    private let handle: FileHandle
    private let path: String

    init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw StageError.output("cannot open the video pipe \(path)")
        }
        self.handle = handle
    }

    /// Writes the frame; without alpha, pixels are already opaque (composited over the background).
    func write(_ frame: RGBAImage, hasAlpha: Bool) throws {
        do {
            try frame.bytes.withUnsafeBytes { raw in
                try handle.write(contentsOf: raw)
            }
        } catch {
            throw StageError.output("the video encoder stopped reading frames (\(path)); see its message above")
        }
    }

    func close() throws {
        try? handle.close()
    }
}

/// `text` as a JSON string literal: the progress lines the script writes and the ones the command
/// line prints use the same quoting.
package func jsonQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
            if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out + "\""
}
