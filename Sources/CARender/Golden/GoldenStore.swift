import Foundation

/// A folder of golden frames, `<root>/<name>/<time>.png`, and the check of a rendered frame
/// against one of them.
///
/// Set `CARENDER_RECORD_GOLDEN=1` to (re)record instead of comparing. Record only frames you have
/// looked at.
public struct GoldenStore: Sendable {
    /// What one comparison found.
    public enum Outcome: Equatable, Sendable {
        case matched(ImageDifference)
        case recorded(URL)
        /// No golden exists (and recording is off).
        case missing(URL)
        case sizeMismatch(expected: (Int, Int), actual: (Int, Int), golden: URL)
        /// Too far apart; the actual frame and a difference picture were written to `artifacts`.
        case mismatched(ImageDifference, golden: URL, artifacts: URL)

        public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            String(describing: lhs) == String(describing: rhs)
        }

        public var isSuccess: Bool {
            switch self {
            case .matched, .recorded: return true
            default: return false
            }
        }
    }

    public let root: URL
    /// Where failing frames and their differences are written.
    public let artifactsRoot: URL
    public var isRecording: Bool

    public init(root: URL, artifactsRoot: URL? = nil,
                isRecording: Bool = ProcessInfo.processInfo.environment["CARENDER_RECORD_GOLDEN"] == "1") {
        self.root = root
        self.artifactsRoot = artifactsRoot ?? FileManager.default.temporaryDirectory.appendingPathComponent("carender-golden-failures")
        self.isRecording = isRecording
    }

    /// The golden file for `name` at time `t`.
    public func url(name: String, time t: Double) -> URL {
        root.appendingPathComponent(name).appendingPathComponent(RenderOptions.fileName(forTime: t))
    }

    /// Compares `image` with the golden of `name` at `t`, or records it.
    public func check(_ image: RGBAImage, name: String, time t: Double,
                      tolerance: GoldenTolerance = GoldenTolerance()) throws -> Outcome {
        let golden = url(name: name, time: t)
        if isRecording {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image.writePNG(to: golden, options: .smallest)
            return .recorded(golden)
        }
        guard FileManager.default.fileExists(atPath: golden.path) else { return .missing(golden) }
        let expected = try RGBAImage(contentsOfPNG: golden)
        guard expected.width == image.width, expected.height == image.height else {
            return .sizeMismatch(expected: (expected.width, expected.height), actual: (image.width, image.height), golden: golden)
        }
        let difference = ImageDifference(image, expected, channelTolerance: tolerance.channel)
        if difference.fractionOverTolerance <= tolerance.fractionOfPixels {
            return .matched(difference)
        }
        let folder = artifactsRoot.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = String(RenderOptions.fileName(forTime: t).dropLast(4))
        try image.writePNG(to: folder.appendingPathComponent("\(stem)-actual.png"))
        try ImageDifference.visualize(image, expected).writePNG(to: folder.appendingPathComponent("\(stem)-diff.png"))
        return .mismatched(difference, golden: golden, artifacts: folder)
    }
}
