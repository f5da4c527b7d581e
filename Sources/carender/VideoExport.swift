import ArgumentParser
import Foundation

/// A video written by ffmpeg: the container from the file's extension, its codec, pixel format
/// and colour tags, and the ffmpeg run that writes it. Everything that can fail before rendering
/// (ffmpeg missing, format unknown, encoder missing, folder unwritable) is checked by `prepare`.
struct VideoExport {
    enum Container: String, CaseIterable {
        case mp4, webm, gif, mov

        /// The encoder used unless `--codec` names another.
        var defaultCodec: String {
            switch self {
            case .mp4: return "libx264"
            case .webm: return "libvpx-vp9"
            case .gif: return "gif"
            case .mov: return "prores_ks"
            }
        }

        /// The default constant rate factor: visually lossless H.264, VP9's recommended quality.
        var defaultCRF: Int? {
            switch self {
            case .mp4: return 18
            case .webm: return 32
            case .gif, .mov: return nil
            }
        }

        /// Whether the format can carry the frames' alpha channel.
        var carriesAlpha: Bool { self != .mp4 }
    }

    let ffmpeg: String
    let output: URL
    let container: Container
    var codec: String
    var crf: Int?
    var pixelFormatOverride: String?

    /// Checks everything a video needs before the render starts.
    static func prepare(path: String, codec: String?, crf: Int?, pixelFormat: String?) throws -> VideoExport {
        let output = URL(fileURLWithPath: path).standardizedFileURL
        let ext = output.pathExtension.lowercased()
        guard let container = Container(rawValue: ext == "m4v" ? "mp4" : ext) else {
            throw ValidationError("cannot write the video \(path): carender writes .mp4, .webm, .gif and .mov, not '.\(ext)'")
        }
        if crf != nil && container.defaultCRF == nil {
            throw ValidationError("--crf sets the quality of .mp4 and .webm videos; \(path) is a .\(ext)")
        }
        let ffmpeg = try locateFFmpeg()
        try checkDestination(output)
        let video = VideoExport(ffmpeg: ffmpeg, output: output, container: container,
                                codec: codec ?? container.defaultCodec, crf: crf ?? container.defaultCRF,
                                pixelFormatOverride: pixelFormat)
        try video.checkEncoder()
        if let pixelFormat { try video.checkPixelFormat(pixelFormat) }
        return video
    }

    /// ffmpeg from `CARENDER_FFMPEG`, else from `PATH`; a clear error when there is none.
    static func locateFFmpeg() throws -> String {
        let explicit = ProcessInfo.processInfo.environment["CARENDER_FFMPEG"].flatMap { $0.isEmpty ? nil : $0 }
        guard let ffmpeg = explicit ?? findExecutableOnPath("ffmpeg"), FileManager.default.isExecutableFile(atPath: ffmpeg) else {
            throw CLIError("--video needs ffmpeg on PATH or in CARENDER_FFMPEG (Debian: apt-get install ffmpeg)")
        }
        return ffmpeg
    }

    /// Checks that the video can be written where asked (its folder exists and is writable, and
    /// it is not a folder itself), so a bad path is reported before the render rather than after it.
    static func checkDestination(_ output: URL) throws {
        let folder = output.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("--video \(output.path): the folder \(folder.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CLIError("--video \(output.path): cannot write to the folder \(folder.path)")
        }
        if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError("--video \(output.path): it is a folder")
        }
    }

    /// Fails when this ffmpeg build lacks the encoder.
    private func checkEncoder() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-encoders"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(error.localizedDescription)")
        }
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let names = listing.split(separator: "\n").compactMap { line -> Substring? in
            let words = line.split(separator: " ")
            return words.count >= 2 ? words[1] : nil
        }
        guard names.contains(Substring(codec)) else {
            throw ValidationError("--codec: the ffmpeg at \(ffmpeg) has no '\(codec)' encoder for \(output.lastPathComponent) (ffmpeg -encoders lists them)")
        }
    }

    /// Fails when ffmpeg knows no such pixel format (rather than failing once frames flow).
    private func checkPixelFormat(_ format: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-pix_fmts"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(error.localizedDescription)")
        }
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Lines such as "IO... yuv420p                3            12      8-8-8".
        let names = listing.split(separator: "\n").compactMap { line -> Substring? in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0].count == 5 ? words[1] : nil
        }
        guard names.contains(Substring(format)) else {
            throw ValidationError("--pixel-format: ffmpeg has no pixel format '\(format)' (ffmpeg -pix_fmts lists them; yuv420p plays everywhere)")
        }
    }

    /// Whether the encoder writes HEVC (H.265).
    var writesHEVC: Bool { codec == "libx265" || codec.hasPrefix("hevc") }

    /// Where the frames come from: raw RGBA on ffmpeg's standard input, or PNG files.
    enum Input {
        case raw(width: Int, height: Int, count: Int)
        case files(printfPath: String, startNumber: Int, count: Int)
    }

    /// The pixel format written: `--pixel-format`, else the format's choice for frames with or
    /// without alpha.
    func pixelFormat(hasAlpha: Bool) -> String? {
        if let pixelFormatOverride { return pixelFormatOverride }
        switch container {
        case .mp4: return "yuv420p"
        case .webm: return hasAlpha ? "yuva420p" : "yuv420p"
        case .mov: return hasAlpha ? "yuva444p10le" : "yuv444p10le"
        case .gif: return nil
        }
    }

    /// The ffmpeg arguments: progress as key=value lines on standard output, errors only on
    /// standard error.
    func arguments(input: Input, fps: FrameRate, hasAlpha: Bool) -> [String] {
        let frameCount: Int
        switch input {
        case let .raw(_, _, count): frameCount = count
        case let .files(_, _, count): frameCount = count
        }
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:1", "-y"]
        switch input {
        case let .raw(width, height, _):
            arguments += ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", fps.ffmpegForm, "-i", "pipe:0"]
        case let .files(path, start, count):
            arguments += ["-framerate", fps.ffmpegForm, "-start_number", String(start), "-i", path, "-frames:v", String(count)]
        }
        // BT.709 throughout: the conversion matrix and the tags players read, so colours match
        // the PNG frames (sRGB primaries are BT.709's).
        let colourTags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let toBT709 = "scale=out_color_matrix=bt709:out_range=tv"
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        let format = pixelFormat(hasAlpha: hasAlpha)
        switch container {
        case .mp4:
            // H.264 has no alpha: transparent pixels are drawn over black (premultiplying does that).
            let flatten = hasAlpha ? "premultiply=inplace=1," : ""
            arguments += ["-vf", "\(flatten)\(even),\(toBT709),format=\(format!)", "-c:v", codec, "-pix_fmt", format!]
            if let crf { arguments += ["-crf", String(crf)] }
            arguments += colourTags + hevcArguments + ["-movflags", "+faststart"]
        case .webm:
            arguments += ["-vf", "\(toBT709),format=\(format!)", "-c:v", codec, "-pix_fmt", format!]
            if let crf { arguments += ["-crf", String(crf), "-b:v", "0"] }
            arguments += colourTags
        case .mov:
            // ProRes takes its colour description from the frames, not from the output options.
            let tagged = "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
            arguments += ["-vf", "\(toBT709),format=\(format!),\(tagged)", "-c:v", codec]
            if codec == Container.mov.defaultCodec { arguments += ["-profile:v", "4444", "-vendor", "apl0"] }
            arguments += ["-pix_fmt", format!] + colourTags + hevcArguments
        case .gif:
            // One palette for the whole animation (with a transparent entry when frames have
            // alpha), then each frame mapped onto it.
            let reserve = hasAlpha ? 1 : 0
            let timing = GIFTiming(fps: fps, frames: frameCount)
            arguments += ["-filter_complex",
                          "[0:v]\(timing.filter),split[a][b];[a]palettegen=reserve_transparent=\(reserve):stats_mode=full[p];[b][p]paletteuse=alpha_threshold=128",
                          "-c:v", codec, "-loop", "0", "-final_delay", String(timing.finalDelay)]
        }
        // No run-dependent bytes (container UIDs, the muxer's version string): the same frames and
        // settings give the same file, so a video assembled from shards equals a one-machine one.
        return arguments + ["-fflags", "+bitexact", output.path]
    }

    /// HEVC in MP4 and QuickTime files: tagged `hvc1` (parameter sets in the sample description),
    /// which Apple's players require (they refuse ffmpeg's default `hev1`); x265's per-encode
    /// report silenced, as `-loglevel error` silences ffmpeg's own.
    private var hevcArguments: [String] {
        guard writesHEVC else { return [] }
        var arguments = ["-tag:v", "hvc1"]
        if codec == "libx265" { arguments += ["-x265-params", "log-level=error"] }
        return arguments
    }

    /// A running ffmpeg: its standard input (for raw frames) and the frames it reports encoded.
    final class Encoding: @unchecked Sendable {
        let process: Process
        /// The path a script opens to write raw frames into ffmpeg (raw input only).
        let framePath: String?
        private let input: Pipe?
        private let progressDone = DispatchSemaphore(value: 0)

        init(process: Process, input: Pipe?, progress: Pipe, onFrame: @escaping @Sendable (Int) -> Void) throws {
            self.process = process
            self.input = input
            if let input {
                framePath = "/proc/\(getpid())/fd/\(input.fileHandleForWriting.fileDescriptor)"
            } else {
                framePath = nil
            }
            let reading = progress.fileHandleForReading
            let done = progressDone
            Thread {
                var pending = ""
                while true {
                    let data = reading.availableData
                    if data.isEmpty { break }
                    pending += String(decoding: data, as: UTF8.self)
                    while let newline = pending.firstIndex(of: "\n") {
                        let line = pending[..<newline]
                        if line.hasPrefix("frame="), let n = Int(line.dropFirst(6)) { onFrame(n) }
                        pending.removeSubrange(...newline)
                    }
                }
                done.signal()
            }.start()
        }

        /// Closes carender's end of the frame pipe (so ffmpeg sees the end once the script's is
        /// closed too) and waits for ffmpeg; returns its exit status.
        func finish() -> Int32 {
            try? input?.fileHandleForWriting.close()
            process.waitUntilExit()
            progressDone.wait()
            return process.terminationStatus
        }
    }

    /// Starts ffmpeg; with raw input it waits for frames on the pipe `Encoding.framePath` names.
    /// `log`, when given, is shown the ffmpeg command (`--verbose`).
    func start(input: Input, fps: FrameRate, hasAlpha: Bool, log: ((String) -> Void)? = nil,
               onFrame: @escaping @Sendable (Int) -> Void) throws -> Encoding {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments(input: input, fps: fps, hasAlpha: hasAlpha)
        log?(([ffmpeg] + process.arguments!).map(shellQuoted).joined(separator: " "))
        let progress = Pipe()
        process.standardOutput = progress
        var stdin: Pipe?
        if case .raw = input {
            stdin = Pipe()
            process.standardInput = stdin
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // No child may inherit a stray copy of either pipe, or its reader would never see the end.
        for pipe in [progress, stdin].compactMap({ $0 }) {
            _ = fcntl(pipe.fileHandleForReading.fileDescriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        do {
            try process.run()
        } catch {
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(error.localizedDescription)")
        }
        try? progress.fileHandleForWriting.close()
        try? stdin?.fileHandleForReading.close()
        return try Encoding(process: process, input: stdin, progress: progress, onFrame: onFrame)
    }
}

/// How a GIF shows its frames on time. GIF delays are whole hundredths of a second, and browsers
/// and most viewers show a delay under 2 as 10 (the GIF89a specification leaves it to them; WebKit,
/// Chromium and Firefox all clamp so), so a 60 fps sequence given ffmpeg's rounded 1–2 cs delays
/// plays 2.8 times too slowly.
///
/// - Up to 50 fps, frame n starts at round(100 n / fps) cs: every delay is at least 2 cs, and the
///   delays add up to the duration (the last one, `-final_delay`, ends it on time).
/// - Faster sequences are written at 50, 33⅓ or 25 fps (delays of 2, 3 or 4 cs): the largest of
///   these that takes every k-th frame exactly, else 50 fps, each frame the one due at its time.
struct GIFTiming {
    /// Frames per second of the GIF.
    let rate: FrameRate
    /// Whether frames are dropped to reach `rate`.
    let resampled: Bool
    /// Frames in the GIF.
    let frames: Int
    /// The last frame's delay, in hundredths of a second.
    let finalDelay: Int

    /// The fastest frame rate a GIF plays as written: 2 cs per frame.
    static let fastest = FrameRate(numerator: 50, denominator: 1)

    init(fps: FrameRate, frames count: Int) {
        if fps.value <= Self.fastest.value {
            rate = fps
            resampled = false
            frames = count
        } else {
            let candidates = [FrameRate(numerator: 50, denominator: 1), FrameRate(numerator: 100, denominator: 3),
                              FrameRate(numerator: 25, denominator: 1)]
            // fps / rate whole: (n / d) / (p / q) = n q / (d p).
            let exact = candidates.first { (fps.numerator * $0.denominator) % (fps.denominator * $0.numerator) == 0 }
            rate = exact ?? Self.fastest
            resampled = true
            // ffmpeg's fps filter keeps the frames due within the sequence's duration.
            frames = max(1, Int((Double(count) * rate.value / fps.value).rounded()))
        }
        let total = Self.centiseconds(Double(count) / fps.value)
        let lastStart = Self.start(of: frames - 1, rate: rate)
        finalDelay = max(2, total - lastStart)
    }

    /// Where frame `n` starts, in hundredths of a second.
    static func start(of n: Int, rate: FrameRate) -> Int {
        centiseconds(Double(n) * Double(rate.denominator) / Double(rate.numerator))
    }

    private static func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }

    /// The ffmpeg filters that resample (when needed) and give each frame its start in hundredths.
    var filter: String {
        let resample = resampled ? "fps=\(rate.ffmpegForm)," : ""
        return "\(resample)settb=1/100,setpts=round(N*100*\(rate.denominator)/\(rate.numerator))"
    }

    /// What a user asking for `fps` is told when the GIF plays at another rate.
    func note(asked fps: FrameRate) -> String? {
        guard resampled else { return nil }
        let written = rate == FrameRate(numerator: 100, denominator: 3) ? "33⅓" : rate.description
        return "a GIF shows each frame for whole hundredths of a second, at least 2 (players show shorter delays as 10), so \(fps) fps is written at \(written) fps, each frame the one due at its time"
    }
}
