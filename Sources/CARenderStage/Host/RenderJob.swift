import Foundation
import CARenderPixels

/// What the command line asks of one of a script's worker processes: the whole request, typed,
/// written once as JSON by the command line and decoded once by the script host (the
/// `CARenderScriptHost` target), which hands it to `Stage.run()`.
///
/// It replaces the twenty `CARENDER_*` environment variables that were formatted in one file and
/// parsed in another: a field added here is checked by the compiler on both sides.
package struct RenderJob: Codable, Equatable, Sendable {
    /// The one environment variable a worker reads: the path of its job file, written by the
    /// command line into its private folder.
    package static let environmentVariable = "CARENDER_JOB"

    /// What `Stage.run()` does with the stage.
    package enum Mode: Codable, Equatable, Sendable {
        /// Render `options` (frames, sampled times, a contact sheet, raw frames into a video pipe).
        case render
        /// Report the sequence (``ProgressEvent/info(_:)``) and render nothing.
        case info
        /// Sample presentation values for a golden timeline and write them as CSV to `output`.
        case timeline(TimelineRequest, output: String)
        /// Stay alive and answer `carender preview`'s requests (``PreviewRequest``) on the Unix
        /// socket at `socket` until it closes: a live preview's worker.
        case preview(socket: String)
    }

    package var mode: Mode = .render
    /// The frames, their files and their format.
    package var options = RenderOptions()
    /// Where progress events go: a pipe the command line reads (JSON lines); nil drops them.
    package var progressPath: String?
    /// The folder of the script's source (`UIImage(named:)` looks for images beside it).
    package var scriptDirectory: String?

    package init(mode: Mode = .render, options: RenderOptions = RenderOptions(), progressPath: String? = nil,
                 scriptDirectory: String? = nil) {
        self.mode = mode
        self.options = options
        self.progressPath = progressPath
        self.scriptDirectory = scriptDirectory
    }

    /// The job as the command line writes it.
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Decodes a job; the error says what is wrong in one line.
    package init(decoding data: Data) throws {
        do {
            self = try JSONDecoder().decode(RenderJob.self, from: data)
        } catch let error as StageError {
            throw error
        } catch {
            throw StageError.invalidOption("the render job from the command line is not one this library reads (\(Self.describe(error))); is carender the same version as the library?")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return (context.codingPath + [key]).map(\.stringValue).joined(separator: ".") + " is missing"
        default:
            return "\(error)"
        }
    }
}

// The option types travel as their own values; those with a textual form people type travel as
// that text, parsed again on decoding (so the rules live in one place).

/// An option value that travels in the job as the text people type for it.
package protocol CodableAsTypedText: Codable, CustomStringConvertible {
    /// Parses the text `description` gives, as the command line parses what people type.
    init(parsing text: String) throws
}

extension CodableAsTypedText {
    package init(from decoder: Decoder) throws {
        try self.init(parsing: decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension FrameSelection: CodableAsTypedText {}
extension Split: CodableAsTypedText {}

extension FrameNamePattern: Codable {
    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let pattern = try FrameNamePattern(parsingFileName: text) else {
            throw StageError.invalidOption("the output pattern \(text) holds no number field")
        }
        self = pattern
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(printfForm)
    }
}

extension RGBA8: Codable {
    /// Decodes a colour written as "#RRGGBBAA".
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let colour = RGBA8(hex: text) else {
            throw StageError.invalidOption("'\(text)' is not a colour #RRGGBBAA")
        }
        self = colour
    }

    /// Encodes the colour as "#rrggbbaa".
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(format: "#%02x%02x%02x%02x", r, g, b, a))
    }
}

extension PNGWriteOptions.Preset: Codable {}
