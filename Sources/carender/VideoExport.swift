import ArgumentParser
import CARenderPixels
import CARenderSupervisor
import Foundation
import Synchronization

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
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(plainReason(error))")
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
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(plainReason(error))")
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

    /// A running ffmpeg: its standard input (for raw frames), the frames it reports encoded, and
    /// its last lines of standard error (to name its failure).
    ///
    /// ffmpeg writes to a temporary sibling of the video (same folder and extension, so the same
    /// muxer and a rename within one file system); ``commit(expectedFrames:)`` renames it into
    /// place only when ffmpeg succeeded and encoded every frame, so an interrupted or failed run
    /// never replaces a good video, and ``abandon()`` removes it.
    final class Encoding: Sendable {
        let child: Supervisor.Child
        /// The path a script opens to write raw frames into ffmpeg (raw input only).
        let framePath: String?
        let output: URL
        let partial: URL
        private let progressDone = DispatchSemaphore(value: 0)
        private let errors: OutputTail
        /// carender's end of the frame pipe (-1 once closed), the frames ffmpeg reported encoded,
        /// and how it ended, once `finish()` has waited for it.
        private let state: Mutex<(inputWrite: Int32, encodedFrames: Int, result: Outcome?)>
        /// The frames ffmpeg writes for a number of input frames (a GIF resampled to a rate its
        /// delays can express writes fewer).
        let outputFrames: @Sendable (Int) -> Int

        /// How ffmpeg ended.
        struct Outcome {
            var termination: Supervisor.Termination
            var frames: Int
            var lastLines: [String]
        }

        init(child: Supervisor.Child, inputWrite: Int32, progressRead: Int32, errorRead: Int32, output: URL, partial: URL,
             outputFrames: @escaping @Sendable (Int) -> Int = { $0 }, onFrame: @escaping @Sendable (Int) -> Void) {
            self.child = child
            state = Mutex((inputWrite, 0, nil))
            self.outputFrames = outputFrames
            self.output = output
            self.partial = partial
            framePath = inputWrite >= 0 ? "/proc/\(getpid())/fd/\(inputWrite)" : nil
            errors = OutputTail(reading: errorRead, keep: 6)
            let done = progressDone
            Thread { [self] in
                var lines = LineSplitter(limit: 256)
                var buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(progressRead, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    lines.feed(buffer[0..<n]) { line in
                        let text = String(decoding: line, as: UTF8.self)
                        if text.hasPrefix("frame="), let frames = Int(text.dropFirst(6)) {
                            state.withLock { $0.encodedFrames = frames }
                            onFrame(frames)
                        }
                    }
                }
                close(progressRead)
                done.signal()
            }.start()
        }

        /// Closes carender's end of the frame pipe (so ffmpeg sees the end once the script's is
        /// closed too) and waits for ffmpeg.
        func finish() -> Outcome {
            let (done, input) = state.withLock { state in
                defer { state.inputWrite = -1 }
                return (state.result, state.inputWrite)
            }
            if let done { return done }
            if input >= 0 { close(input) }
            let termination = child.wait()
            progressDone.wait()
            let lastLines = errors.finish()
            return state.withLock { state in
                let outcome = Outcome(termination: termination, frames: state.encodedFrames, lastLines: lastLines)
                state.result = outcome
                return outcome
            }
        }

        /// Waits for ffmpeg and moves the video into place when it wrote all `expectedFrames`;
        /// otherwise removes the partial file and throws ffmpeg's failure, in its own words.
        func commit(expectedFrames: Int) throws {
            let outcome = finish()
            let ended = outcome.termination
            guard ended.succeeded else {
                abandon()
                if let request = ended.stopRequest {
                    throw StopRequest(signal: request, description: "encoding \(output.lastPathComponent) was stopped (\(Supervisor.Termination.name(ofSignal: request))); \(output.path) was not written")
                }
                throw CLIError(Self.failure(outcome, output: output))
            }
            let expected = outputFrames(expectedFrames)
            guard outcome.frames == expected else {
                abandon()
                throw CLIError("ffmpeg encoded \(outcome.frames) of \(expected) frames, so \(output.path) was not written" + Self.lines(outcome.lastLines))
            }
            guard rename(partial.path, output.path) == 0 else {
                let reason = String(cString: strerror(errno))
                abandon()
                throw CLIError("cannot move the finished video into place at \(output.path): \(reason)")
            }
        }

        /// Stops ffmpeg if it still runs and removes the partial video.
        func abandon() {
            if state.withLock({ $0.result == nil }) {
                child.signal(SIGKILL)
                _ = finish()
            }
            unlink(partial.path)
        }

        /// ffmpeg's failure as carender reports it: what ended it, and its last lines.
        static func failure(_ outcome: Outcome, output: URL) -> String {
            let ended = outcome.termination
            let how = ended.signal ? "was killed by \(Supervisor.Termination.name(ofSignal: ended.status))"
                                   : "failed (exit status \(ended.status))"
            return "ffmpeg \(how) writing \(output.path); nothing was written there" + lines(outcome.lastLines)
        }

        private static func lines(_ lines: [String]) -> String {
            let shown = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return shown.isEmpty ? "" : ". ffmpeg said:\n  " + shown.joined(separator: "\n  ")
        }
    }

    /// The temporary sibling ffmpeg writes: `.<name>.partial-<pid>-<random>.<ext>`, hidden, in
    /// the video's folder (a rename stays within one file system), with the extension that picks
    /// ffmpeg's muxer.
    func partialPath() -> URL {
        let folder = output.deletingLastPathComponent()
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return folder.appendingPathComponent(".\(output.deletingPathExtension().lastPathComponent)\(Self.partialMarker)\(getpid())-\(random).\(output.pathExtension)")
    }

    static let partialMarker = ".partial-"

    /// Removes the partial videos that killed carender runs of this user left beside `output`.
    static func sweepPartials(beside output: URL) {
        let folder = output.deletingLastPathComponent()
        let stem = "." + output.deletingPathExtension().lastPathComponent + partialMarker
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(stem) {
            let rest = name.dropFirst(stem.count)
            guard let pid = pid_t(rest.prefix { $0.isNumber }), pid > 0, pid != getpid() else { continue }
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, status.st_uid == getuid(), (status.st_mode & S_IFMT) == S_IFREG else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(path) }
        }
    }

    /// Starts ffmpeg; with raw input it waits for frames on the pipe `Encoding.framePath` names.
    /// `log`, when given, is shown the ffmpeg command (`--verbose`).
    func start(input: Input, fps: FrameRate, hasAlpha: Bool, log: ((String) -> Void)? = nil,
               onFrame: @escaping @Sendable (Int) -> Void) throws -> Encoding {
        Self.sweepPartials(beside: output)
        let partial = partialPath()
        var arguments = arguments(input: input, fps: fps, hasAlpha: hasAlpha)
        // Shown as a user would run it, writing the video itself; carender has ffmpeg write a
        // hidden sibling, renamed into place once complete.
        log?(([ffmpeg] + arguments).map(shellQuoted).joined(separator: " "))
        arguments[arguments.count - 1] = partial.path
        let progress = try makePipe()
        let errors = try makePipe()
        var stdin: (read: Int32, write: Int32)?
        if case .raw = input { stdin = try makePipe() }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if null >= 0 { close(null) } }
        let child: Supervisor.Child
        do {
            child = try Supervisor.start(URL(fileURLWithPath: ffmpeg), arguments: arguments,
                                         environment: ProcessInfo.processInfo.environment,
                                         input: stdin?.read ?? null, output: progress.write, error: errors.write)
        } catch {
            for fd in [progress.read, progress.write, errors.read, errors.write, stdin?.read ?? -1, stdin?.write ?? -1] where fd >= 0 { close(fd) }
            throw CLIError("cannot start ffmpeg at \(ffmpeg): \(error)")
        }
        close(progress.write)
        close(errors.write)
        if let stdin { close(stdin.read) }
        var outputFrames: @Sendable (Int) -> Int = { $0 }
        if container == .gif { outputFrames = { GIFTiming(fps: fps, frames: $0).frames } }
        return Encoding(child: child, inputWrite: stdin?.write ?? -1, progressRead: progress.read, errorRead: errors.read,
                        output: output, partial: partial, outputFrames: outputFrames, onFrame: onFrame)
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
