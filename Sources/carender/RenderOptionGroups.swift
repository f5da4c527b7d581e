import ArgumentParser
import CARender
import Foundation

/// The options of `carender SCRIPT`, grouped as the help shows them.

struct SequenceOptions: ParsableArguments {
    // Numbers are read unconditionally, so `--duration -1` reaches the check below (and is refused
    // as negative) instead of being taken for an option named `-1`.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Frames per second, or a ratio such as 30000/1001; frames 0 ..< ceil(duration × fps) are rendered at times n / fps.",
                               valueName: "fps"),
            transform: FrameRate.init(parsing:))
    var fps: FrameRate = FrameRate(numerator: 60, denominator: 1)

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to render (default: the script's stage.duration, 1 unless set).", valueName: "seconds"),
            transform: { try number($0, option: "--duration") })
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Pixels per point (default: the script's stage.scale, 1 unless set); the frame is rounded to whole pixels.", valueName: "factor"),
            transform: { try number($0, option: "--scale") })
    var scale: Double?

    func check() throws {
        if let duration, !(duration >= 0) {
            throw ValidationError("--duration must be a number of seconds, 0 or more, got \(duration)")
        }
        if let duration, duration * fps.value > 1_000_000 {
            throw ValidationError("--duration \(duration) at \(fps) fps is \(Int(min(duration * fps.value, 1e15))) frames; carender renders at most 1000000 at a time")
        }
        if let scale, !(scale > 0 && scale <= 100) {
            throw ValidationError("--scale must be a positive number of pixels per point up to 100, got \(scale)")
        }
    }
}

/// A finite number, or an error naming the option and the text.
func number(_ text: String, option: String) throws -> Double {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
        throw ValidationError("\(option) takes a number, got '\(text)'")
    }
    return value
}

/// Comma-separated times in seconds, sorted; the error names the part that is not a time.
func parseTimes(_ text: String, option: String) throws -> [Double] {
    let times = try text.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double in
        guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
            throw ValidationError("\(option) holds '\(part)', which is not a time in seconds (0 or more)")
        }
        return t
    }
    guard !times.isEmpty else { throw ValidationError("\(option) names no time") }
    return times.sorted()
}

/// A whole number, or an error naming the option and the text.
func wholeNumber(_ text: String, option: String) throws -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("\(option) takes a whole number, got '\(text)'")
    }
    return value
}

struct SelectionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Render only these frames: 0-9 (inclusive), 100- (to the end), 7, -1 (the last), 10:20 (half-open), a step (0-119/2, 0:120:2), or a comma list.",
        valueName: "frames"))
    var frames: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Render one still, named by its frame number (negative counts from the end: -1 is the last frame).", valueName: "n"))
    var frame: String?

    @Option(help: ArgumentHelp(
        "Render only these times in seconds (e.g. 0,0.5,12), each to <seconds>.<milliseconds>.png, padded to sort.",
        valueName: "t1,t2,..."))
    var times: String?
}

struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "A folder for frame_00000.png, … (created when missing), a pattern (out/frame_%04d.png, out/frame_####.png), or for one still a file (still.png). Default: frames.",
        valueName: "path"), completion: .file())
    var output: String?

    @Option(name: .customLong("start-number"), parsing: .unconditional, help: "The number in the file name of frame 0.",
            transform: { try wholeNumber($0, option: "--start-number") })
    var startNumber: Int = 0

    @Flag(name: .customLong("skip-existing"), help: "Do not render frames whose file exists (to resume an interrupted render).")
    var skipExisting = false

    @Flag(help: "Remove files of the output pattern outside the frames rendered (otherwise a warning lists them).")
    var clean = false

    @Option(help: ArgumentHelp(
        "Draw frames over this colour: a name (white, black, …) or hex #RGB, #RRGGBB, #RRGGBBAA. Default: transparent.",
        valueName: "color"))
    var background: String?

    @Option(help: "Alpha channel of the frames: auto decides once for the sequence (RGB when the background is opaque), always, never.")
    var alpha: AlphaChoice = .auto

    @Option(name: .customLong("png-compression"), help: "PNG speed/size trade-off: fast (runs only), default (a few candidate matches per position) or small (libdeflate level 12).")
    var pngCompression: PNGWriteOptions.Preset = .default

    @Option(name: .customLong("contact-sheet"), help: ArgumentHelp(
        "Also write every rendered frame into one grid image at this path.", valueName: "file.png"), completion: .file(extensions: ["png"]))
    var contactSheet: String?

    @Option(parsing: .unconditional, help: "Cells per row of the contact sheet (default: about square).",
            transform: { try wholeNumber($0, option: "--columns") })
    var columns: Int?
}

enum AlphaChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}

extension PNGWriteOptions.Preset: ExpressibleByArgument {}

struct VideoOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Also encode a video with ffmpeg: .mp4 (H.264), .webm (VP9, with alpha), .gif or .mov (ProRes 4444). Without -o, no PNG file is written.",
        valueName: "file"), completion: .file(extensions: ["mp4", "webm", "gif", "mov"]))
    var video: String?

    @OptionGroup
    var encoding: VideoEncodingOptions
}

/// How ffmpeg encodes a video: declared once for a render's `--video` and for `carender video`,
/// so both take the same options with the same checks (and so make the same video).
struct VideoEncodingOptions: ParsableArguments {
    /// The range ffmpeg accepts for `-crf` (libvpx-vp9's; libx264's 8-bit range, 0–51, lies inside it).
    static let crfRange = 0...63

    @Option(help: "The ffmpeg encoder (default: libx264, libvpx-vp9, gif or prores_ks by format).")
    var codec: String?

    @Option(parsing: .unconditional, help: "Constant rate factor of .mp4 and .webm: lower is better and larger (default 18 and 32).",
            transform: { try wholeNumber($0, option: "--crf") })
    var crf: Int?

    @Option(name: .customLong("pixel-format"), help: "The ffmpeg pixel format (default: yuv420p; yuva420p for a WebM with alpha; yuv444p10le for a .mov, yuva444p10le with alpha).")
    var pixelFormat: String?

    /// Whether any encoding option was given (they need a video to apply to).
    var isSet: Bool { codec != nil || crf != nil || pixelFormat != nil }

    func validate() throws {
        if let crf, !Self.crfRange.contains(crf) {
            throw ValidationError("--crf must be from \(Self.crfRange.lowerBound) to \(Self.crfRange.upperBound), got \(crf)")
        }
    }

    /// The export these options make for `path`.
    func prepare(path: String) throws -> VideoExport {
        try VideoExport.prepare(path: path, codec: codec, crf: crf, pixelFormat: pixelFormat)
    }
}

struct ParallelOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Worker processes rendering contiguous parts of the range: a number, or a share of the cores such as 50%. Default: the number of cores.",
        valueName: "n|p%"))
    var concurrency: String?

    @Option(help: ArgumentHelp(
        "Render only part K of N of the selected frames (contiguous, counting from 1), for batch schedulers.", valueName: "k/n"))
    var shard: String?

    /// Worker processes: `--concurrency` or the number of cores.
    func workerCount() throws -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard let concurrency else { return max(1, cores) }
        if concurrency.hasSuffix("%") {
            guard let percent = Double(concurrency.dropLast()), percent > 0, percent <= 100 else {
                throw ValidationError("--concurrency \(concurrency) is not a share of the cores from 1% to 100%")
            }
            return max(1, Int((Double(cores) * percent / 100).rounded()))
        }
        guard let count = Int(concurrency), (1...64).contains(count) else {
            throw ValidationError("--concurrency must be a number of processes from 1 to 64 or a share such as 50%, got '\(concurrency)'")
        }
        return count
    }
}

struct ReportingOptions: ParsableArguments {
    @Option(help: "Progress on standard error: auto (a bar on a terminal, a line every few seconds elsewhere), plain, json or none.")
    var progress: ProgressDisplay.Style = .auto

    @Flag(help: "Show only warnings and errors.")
    var quiet = false

    @Flag(help: "Also show each phase with its timing, the compiler and ffmpeg commands and cache use.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose contradict each other; give one") }
    }
}
