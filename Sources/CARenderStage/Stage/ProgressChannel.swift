import Foundation
import CARenderPixels

/// Where a render reports its progress to the `carender` command line: one JSON object per line
/// on a pipe the command line reads (its path is passed in `CARENDER_PROGRESS`). Each line is
/// written with one `write(2)` of less than `PIPE_BUF` bytes, so the lines of several worker
/// processes sharing the pipe never interleave.
final class ProgressChannel {
    enum Event {
        /// What this process will render: its frames, those of its shard (all workers together),
        /// the whole selection's frames, the pixel size and whether frames carry alpha.
        case plan(frames: Int, shareFrames: Int, selection: [Int], width: Int, height: Int, hasAlpha: Bool)
        /// One frame rendered (or skipped because its file exists).
        case frame(Int?, skipped: Bool)
        case done(frames: Int, written: Int)
        /// A warning or error line for the user: the command line prints each distinct one once,
        /// however many workers report it, without breaking its progress line.
        case message(String)
        /// The sequence as `carender info` prints it.
        case info(width: Double, height: Double, scale: Double, pixelWidth: Int, pixelHeight: Int,
                  duration: Double, fps: Double, frames: Int, hasAlpha: Bool)
    }

    private let descriptor: Int32?

    /// A channel to `path`, or one that drops every event when `path` is nil.
    init(path: String?) throws {
        guard let path else {
            descriptor = nil
            return
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else {
            throw StageError.output("cannot open the progress channel \(path): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether events go anywhere.
    var isOpen: Bool { descriptor != nil }

    func send(_ event: Event) {
        guard let descriptor else { return }
        var line = Self.json(event) + "\n"
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    static func quoted(_ text: String) -> String { jsonQuoted(text) }

    /// A selection as inclusive `[first, last]` runs; omitted when too long for one atomic line.
    private static func runs(_ frames: [Int]) -> String? {
        var runs: [String] = []
        var start: Int?
        var previous = 0
        for frame in frames {
            if start != nil, frame == previous + 1 {
                previous = frame
                continue
            }
            if let first = start { runs.append("[\(first),\(previous)]") }
            start = frame
            previous = frame
        }
        if let first = start { runs.append("[\(first),\(previous)]") }
        let text = "[" + runs.joined(separator: ",") + "]"
        return text.utf8.count < 3000 ? text : nil
    }

    static func json(_ event: Event) -> String {
        switch event {
        case let .plan(frames, shareFrames, selection, width, height, hasAlpha):
            let runs = runs(selection).map { ",\"selection\":\($0)" } ?? ""
            return "{\"event\":\"plan\",\"frames\":\(frames),\"shareFrames\":\(shareFrames),\"width\":\(width),\"height\":\(height),\"alpha\":\(hasAlpha)\(runs)}"
        case let .frame(frame, skipped):
            return "{\"event\":\"frame\",\"frame\":\(frame.map(String.init) ?? "null"),\"skipped\":\(skipped)}"
        case let .done(frames, written):
            return "{\"event\":\"done\",\"frames\":\(frames),\"written\":\(written)}"
        case let .message(text):
            // Short enough that the line stays one atomic write.
            return "{\"event\":\"message\",\"text\":\(quoted(String(text.prefix(3000))))}"
        case let .info(width, height, scale, pixelWidth, pixelHeight, duration, fps, frames, hasAlpha):
            return "{\"event\":\"info\",\"width\":\(width),\"height\":\(height),\"scale\":\(scale),\"pixelWidth\":\(pixelWidth),\"pixelHeight\":\(pixelHeight),\"duration\":\(duration),\"fps\":\(fps),\"frames\":\(frames),\"alpha\":\(hasAlpha)}"
        }
    }
}

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
