import ArgumentParser
import CARender
import Foundation

/// `carender video FRAMES -o FILE`: encodes a folder of frames — rendered on one machine, or by
/// shards on several and gathered — with exactly the settings `carender SCRIPT --video FILE` uses,
/// so the video is byte-identical to a one-machine render's (same ffmpeg, same settings).
struct VideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "Encode a folder of rendered frames as a video, as a render's --video would.",
        usage: "carender video FRAMES -o FILE [--fps N] [options]",
        discussion: """
            FRAMES is a folder of frame_00000.png, … (a render's -o folder) or a pattern such as \
            out/frame_%04d.png. The frames must be one run of numbers without gaps; --fps must be \
            the render's. Shards rendered on several machines (--shard K/N) and gathered into one \
            folder make the same video as one machine's render.

            Examples:
              carender video frames/ -o out.mp4
              carender video frames/ -o out.gif --fps 30
            """)

    @Argument(help: ArgumentHelp("The frames: a folder, or a pattern such as out/frame_%04d.png.", valueName: "frames"),
              completion: .directory)
    var frames: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "The video: .mp4 (H.264), .webm (VP9, with alpha), .gif or .mov (ProRes 4444).", valueName: "file"),
            completion: .file(extensions: ["mp4", "webm", "gif", "mov"]))
    var output: String

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The frames' rate, as the render's --fps (60, 30000/1001).", valueName: "fps"),
            transform: FrameRate.init(parsing:))
    var fps: FrameRate = FrameRate(numerator: 60, denominator: 1)

    @OptionGroup
    var encoding: VideoEncodingOptions

    @OptionGroup(title: "Reporting")
    var reporting: ReportingOptions

    func validate() throws {
        _ = try FrameFolder(frames)
    }

    func run() throws {
        let folder = try FrameFolder(frames)
        let run = try folder.run()   // the frames first: what is wrong with them is said before any ffmpeg check
        let export = try encoding.prepare(path: output)
        let display = ProgressDisplay(style: reporting.progress, quiet: reporting.quiet, verbose: reporting.verbose)
        if export.container == .gif, let note = GIFTiming(fps: fps, frames: run.count).note(asked: fps) { display.note(note) }
        display.begin("encoding video", total: run.count)
        let encoding = try export.start(input: .files(printfPath: folder.directory.appendingPathComponent(folder.pattern.printfForm).path,
                                                      startNumber: run.first, count: run.count),
                                        fps: fps, hasAlpha: run.hasAlpha, log: { display.detail($0) },
                                        onFrame: { display.update(done: min($0, run.count)) })
        do {
            try encoding.commit(expectedFrames: run.count)
        } catch {
            display.end()
            throw error
        }
        display.end()
        display.summary(frames: run.count, written: run.count, skipped: 0, destination: export.output.path, verb: "encoded")
    }
}

/// A folder of numbered frames: where they are, how they are named, and which are there.
struct FrameFolder {
    let directory: URL
    let pattern: FrameNamePattern

    init(_ text: String) throws {
        let url = URL(fileURLWithPath: text).standardizedFileURL
        if let pattern = try wrap("FRAMES", { try FrameNamePattern(parsingFileName: url.lastPathComponent) }) {
            directory = url.deletingLastPathComponent()
            self.pattern = pattern
        } else {
            directory = url
            pattern = .default
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("there is no folder \(directory.path) of frames")
        }
    }

    /// The frames present: one run of numbers from the lowest, and whether they carry alpha.
    struct Run {
        var first: Int
        var count: Int
        var hasAlpha: Bool
    }

    func run() throws -> Run {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let numbers = names.compactMap { pattern.number(inFileName: $0) }.sorted()
        guard let first = numbers.first, let last = numbers.last else {
            throw CLIError("\(directory.path) holds no frames named \(pattern.printfForm)")
        }
        if numbers.count != last - first + 1 {
            let present = Set(numbers)
            let missing = (first...last).filter { !present.contains($0) }
            let shown = missing.prefix(5).map(String.init).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
            throw CLIError("\(directory.path) misses \(missing.count) frame\(missing.count == 1 ? "" : "s") between \(first) and \(last) (\(shown)); a video needs every frame: gather every shard's frames, or render the missing ones with --frames")
        }
        // ffmpeg skips a frame it cannot decode, or repeats its neighbour, and still ends well:
        // a cut-off copy would be in the video unnoticed. Checked here: signature and IEND.
        let broken = (first...last).filter { !Stage.isCompleteFrame(directory.appendingPathComponent(String(format: pattern.printfForm, $0))) }
        if !broken.isEmpty {
            let shown = broken.prefix(5).map { String(format: pattern.printfForm, $0) }.joined(separator: ", ") + (broken.count > 5 ? ", …" : "")
            throw CLIError("\(directory.path) holds \(broken.count) frame\(broken.count == 1 ? "" : "s") that \(broken.count == 1 ? "is" : "are") not a complete PNG file (\(shown)): cut off, empty, or not a PNG; render \(broken.count == 1 ? "it" : "them") again with --frames")
        }
        let url = directory.appendingPathComponent(String(format: pattern.printfForm, first))
        return Run(first: first, count: numbers.count, hasAlpha: try Self.hasAlpha(url))
    }

    /// Whether a PNG file carries alpha: colour type 4 (grey and alpha) or 6 (RGBA), byte 25 of
    /// its header.
    static func hasAlpha(_ url: URL) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw CLIError("cannot read \(url.path)") }
        defer { try? handle.close() }
        let header = handle.readData(ofLength: 26)
        guard header.count == 26, header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { throw CLIError("\(url.path) is not a PNG file") }
        return header[25] == 4 || header[25] == 6
    }
}
