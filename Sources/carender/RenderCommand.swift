import ArgumentParser
import CARender
import CARenderSupervisor
import Foundation

/// `carender SCRIPT [options]`: compile a script against CARender and render its frames, in
/// parallel worker processes, to PNG files and/or a video.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compile a script and render its frames (the default command).",
        usage: "carender SCRIPT [options] [-- SCRIPT-ARGUMENTS...]")

    @Argument(help: "The Swift script to render (any extension, .swift-script included).", completion: .file())
    var script: String

    @Argument(parsing: .postTerminator, help: "Arguments after -- are passed to the script (CommandLine.arguments).")
    var scriptArguments: [String] = []

    @OptionGroup(title: "Sequence")
    var sequence: SequenceOptions

    @OptionGroup(title: "Frames")
    var selection: SelectionOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    @OptionGroup(title: "Video (through ffmpeg)")
    var video: VideoOptions

    @OptionGroup(title: "Parallel and distributed rendering")
    var parallel: ParallelOptions

    @OptionGroup(title: "Reporting")
    var reporting: ReportingOptions

    func validate() throws {
        try sequence.check()
        if video.video != nil && selection.times != nil { throw ValidationError("--video needs a frame sequence, not --times") }
        if selection.frame != nil && selection.frames != nil { throw ValidationError("--frame and --frames do not mix; use --frames with a list") }
        if selection.times != nil && (selection.frame != nil || selection.frames != nil) {
            throw ValidationError("--times renders chosen instants; it does not mix with --frame or --frames")
        }
        if let columns = output.columns, columns < 1 { throw ValidationError("--columns must be at least 1, got \(columns)") }
        if output.columns != nil && output.contactSheet == nil { throw ValidationError("--columns goes with --contact-sheet") }
        if output.startNumber < 0 { throw ValidationError("--start-number must not be negative, got \(output.startNumber)") }
        if video.video == nil && video.encoding.isSet {
            throw ValidationError("--codec, --crf and --pixel-format go with --video")
        }
        if let frames = selection.frames {
            let parsed = try wrap("--frames") { try FrameSelection(parsing: frames) }
            if video.video != nil && !parsed.isSingleRange {
                throw ValidationError("--video needs one range of frames, not the list '\(frames)'")
            }
            if video.video != nil && parsed.hasStep {
                throw ValidationError("--video needs every frame of its range, but '\(frames)' takes a step; render at a lower --fps instead")
            }
        }
        if let frame = selection.frame {
            guard Int(frame) != nil else { throw ValidationError("--frame takes one frame number (negative counts from the end), got '\(frame)'") }
        }
        if let times = selection.times {
            _ = try parseTimes(times, option: "--times")
        }
        if let shard = parallel.shard {
            _ = try wrap("--shard") { try Split(parsing: shard) }
            if video.video != nil {
                throw ValidationError("--video with --shard would encode only this shard: write the shards' frames with -o, then encode the folder once with carender video")
            }
        }
        _ = try parallel.workerCount()
        if let background = output.background { _ = try BackgroundColor.parse(background) }
        _ = try outputTarget()
    }

    /// Where the frames go: `-o` (a folder, a pattern, or one still's file), else `frames/`.
    func outputTarget() throws -> OutputTarget {
        try OutputTarget(output.output ?? "frames", stillCount: stillCount)
    }

    /// How many frames the selection names when it names them one by one (`--frame 7`,
    /// `--frames 7`, `--times 0.5,1`), else nil.
    private var stillCount: Int? {
        if selection.frame != nil { return 1 }
        if let frames = selection.frames, (try? FrameSelection(parsing: frames))?.isSingleFrame == true { return 1 }
        if let times = selection.times { return (try? parseTimes(times, option: "--times"))?.count }
        return nil
    }

    func run() throws {
        Supervisor.installStopHandlers()
        let display = ProgressDisplay(style: reporting.progress, quiet: reporting.quiet, verbose: reporting.verbose)
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            let reason = FileManager.default.fileExists(atPath: scriptURL.path) ? "it is not readable" : "there is no such file"
            throw CLIError("cannot read the script \(script): \(reason)")
        }
        let target = try outputTarget()
        // A still to a file of its own is rendered into a folder beside it, then moved into place.
        let staging = try target.stillFile.map { try StillStaging(file: $0) }
        defer { staging?.remove() }
        // Fail before a long render, not after it.
        let videoExport = try video.video.map {
            try video.encoding.prepare(path: $0)
        }
        if let sheet = output.contactSheet { try ContactSheetDestination.check(sheet) }
        // A video alone needs no PNG files: frames go straight into ffmpeg.
        let pipesVideo = videoExport != nil && output.output == nil
        let library = try LibraryLocation.find()
        let session = try HostSession()
        defer { session.remove() }
        let compiler = ScriptCompiler(library: library, verbose: reporting.verbose)
        display.begin("compiling")
        let compiled = try CompiledScript(scriptURL, compiler: compiler, session: session)
        display.end()
        let scriptRun = ScriptRun(compiled: compiled, session: session, arguments: scriptArguments)

        var job = RenderJob(options: try renderOptions(target: target, writesFiles: !pipesVideo, into: staging?.folder))
        var workers = try parallel.workerCount()
        if selection.times != nil || output.contactSheet != nil || pipesVideo {
            // Stills, one contact sheet and one stream into ffmpeg are made by one process.
            workers = 1
        }
        var encoding: VideoExport.Encoding?
        var hasAlpha = false
        if pipesVideo, let videoExport {
            guard let info = try SequenceQuery.run(scriptRun, options: job.options) else {
                display.warning("\(script) finished without calling stage.run(); there are no frames for \(videoExport.output.path)")
                return
            }
            guard info.frames > 0 else {
                throw CLIError("\(script) renders no frames (its duration is \(info.duration) s), so there is no video to write; \(videoExport.output.path) was not written")
            }
            hasAlpha = info.hasAlpha
            let count = try selection.frames.map { text in
                try wrap("--frames") { try FrameSelection(parsing: text).resolve(count: info.frames).frames.count }
            }
                ?? (selection.frame != nil ? 1 : info.frames)
            noteVideoTiming(videoExport, frames: count, display: display)
            encoding = try videoExport.start(input: .raw(width: info.pixelWidth, height: info.pixelHeight, count: count), fps: sequence.fps,
                                             hasAlpha: info.hasAlpha, log: { display.detail($0) }, onFrame: { _ in })
            job.options.rawVideoPath = encoding?.framePath
        }
        defer { encoding?.abandon() }

        display.begin(pipesVideo ? "rendering and encoding video" : "rendering")
        let workersRun = RenderWorkers(run: scriptRun, job: job, count: workers, display: display)
        // File times have a coarser clock on some file systems: a second's margin.
        let renderStarted = Date().addingTimeInterval(-1)
        let outcome: RenderWorkers.Outcome
        do {
            outcome = try workersRun.run()
        } catch let stop as StopRequest {
            encoding?.abandon()
            display.clear()
            throw StopRequest(signal: stop.signal, description: interruptedMessage(stop, finished: workersRun.partialOutcome, pipesVideo: pipesVideo, target: target, started: renderStarted))
        } catch {
            // ffmpeg's death is reported as ffmpeg's, not as the script's (which only lost its pipe).
            if let encoding {
                let ended = encoding.finish()
                if !ended.termination.succeeded { encoding.abandon(); throw CLIError(VideoExport.Encoding.failure(ended, output: encoding.output)) }
            }
            throw error
        }
        if let encoding {
            if outcome.status != 0 {
                let ended = encoding.finish()
                encoding.abandon()
                if !ended.termination.succeeded { throw CLIError(VideoExport.Encoding.failure(ended, output: encoding.output)) }
                throw ExitCode(outcome.status)
            }
            try encoding.commit(expectedFrames: outcome.frames)
        }
        guard outcome.status == 0 else { throw ExitCode(outcome.status) }
        guard outcome.planned else {
            display.warning("\(script) finished without calling stage.run(); no frames were written")
            return
        }
        display.end()
        if !compiled.sourceIsUnchanged {
            display.warning("\(script) changed while it was rendered; every frame shows the version read when the render started (run again for the new one)")
        }
        hasAlpha = hasAlpha || outcome.hasAlpha
        if let staging, let file = target.stillFile {
            try staging.moveStill(to: file)
            display.summary(frames: outcome.frames, written: outcome.written, skipped: outcome.skipped, destination: file.path)
            return
        }
        if selection.times == nil && !pipesVideo, let selected = outcome.selection {
            try handleStaleFrames(target: target, selection: selected, display: display)
        }
        if let videoExport, !pipesVideo {
            try encodeFiles(videoExport, target: target, outcome: outcome, hasAlpha: hasAlpha, display: display)
        }
        let destination = pipesVideo ? videoExport!.output.path
            : selection.times != nil ? target.directory.path : target.directory.appendingPathComponent(target.pattern.printfForm).path
        display.summary(frames: outcome.frames, written: outcome.written, skipped: outcome.skipped, destination: destination)
        if let videoExport, !pipesVideo, !reporting.quiet, reporting.progress != .json {
            FileHandle.standardError.write(Data("carender: wrote \(videoExport.output.path)\n".utf8))
        }
    }

    /// What the render's options ask of `stage.run()`.
    private func renderOptions(target: OutputTarget, writesFiles: Bool, into folder: URL?) throws -> RenderOptions {
        var options = RenderOptions()
        options.fps = sequence.fps.value
        options.duration = sequence.duration
        options.scale = sequence.scale
        options.outputDirectory = folder ?? target.directory
        options.fileNamePattern = target.pattern
        options.startNumber = output.startNumber
        options.times = try selection.times.map { try parseTimes($0, option: "--times") }
        options.frames = try (selection.frames ?? selection.frame).map { text in try wrap("--frames") { try FrameSelection(parsing: text) } }
        options.shard = try parallel.shard.map { text in try wrap("--shard") { try Split(parsing: text) } }
        options.skipExisting = output.skipExisting
        options.background = try output.background.map { RGBA8(hex: try BackgroundColor.parse($0))! }
        options.alpha = RenderOptions.AlphaMode(rawValue: output.alpha.rawValue) ?? .auto
        options.pngCompression = output.pngCompression
        options.writesFiles = writesFiles
        options.contactSheet = output.contactSheet.map { URL(fileURLWithPath: $0).standardizedFileURL }
        options.contactSheetColumns = output.columns
        return options
    }

    /// The message of an interrupted render: what was stopped, what is on disk, and the command
    /// that finishes exactly this render.
    private func interruptedMessage(_ stop: StopRequest, finished: RenderWorkers.Outcome, pipesVideo: Bool, target: OutputTarget,
                                    started: Date) -> String {
        let stopped = "the render was stopped (\(Supervisor.Termination.name(ofSignal: stop.signal)))"
        if pipesVideo {
            return "\(stopped); \(video.video ?? "the video") was not written (a file already there is unchanged). To render it, run again: \(resumeCommand(remaining: nil))"
        }
        if selection.times != nil {
            return "\(stopped); the stills written so far are complete. To finish, run: \(resumeCommand(remaining: nil))"
        }
        guard let selected = finished.selection else {
            return "\(stopped) before it planned its frames. To run it again: \(resumeCommand(remaining: nil))"
        }
        // Done: the selected frames whose file this render completed (a complete PNG written since
        // it started). Not the frames reported: one is reported when queued for encoding, and the
        // stop may cut it off, or come before its report is read; and not older files, which may
        // come from another render.
        let reported = Set(finished.finishedFrames)
        let done = selected.flatMap { $0 }.filter { frame in
            let url = target.directory.appendingPathComponent(target.pattern.fileName(for: frame + output.startNumber))
            guard Stage.isCompleteFrame(url) else { return false }
            // Reported (written, or kept by --skip-existing), or written since the render started.
            if reported.contains(frame) { return true }
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            return modified.map { $0 >= started } ?? false
        }
        let remaining = Self.remainingFrames(selection: selected, finished: done)
        let count = done.count
        let written = "the \(count) frame\(count == 1 ? "" : "s") finished so far \(count == 1 ? "is" : "are") complete"
        return "\(stopped); \(written). To finish this render, run: \(resumeCommand(remaining: remaining))"
    }

    /// The frames of `selection` (inclusive runs) not in `finished`, as inclusive runs.
    static func remainingFrames(selection: [ClosedRange<Int>], finished: [Int]) -> [ClosedRange<Int>] {
        let done = Set(finished)
        var runs: [ClosedRange<Int>] = []
        for run in selection {
            var start: Int?
            for frame in run {
                if done.contains(frame) {
                    if let first = start { runs.append(first...(frame - 1)); start = nil }
                } else if start == nil {
                    start = frame
                }
            }
            if let first = start { runs.append(first...run.upperBound) }
        }
        return runs
    }

    /// Warns about (or with `--clean` removes) files of the output pattern outside the frames
    /// just selected: left from an earlier, longer render, they would end up in a video or an
    /// import of the folder.
    private func handleStaleFrames(target: OutputTarget, selection: [ClosedRange<Int>], display: ProgressDisplay) throws {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: target.directory.path) else { return }
        let start = output.startNumber
        let stale = names.filter { name in
            guard let number = target.pattern.number(inFileName: name) else { return false }
            return !selection.contains { $0.contains(number - start) }
        }.sorted()
        guard let first = stale.first, let last = stale.last else { return }
        if output.clean {
            for name in stale { try? FileManager.default.removeItem(at: target.directory.appendingPathComponent(name)) }
            display.detail("removed \(stale.count) frame\(stale.count == 1 ? "" : "s") outside the selection (\(first) … \(last))")
        } else {
            let span = stale.count == 1 ? first : "\(first) … \(last)"
            display.warning("\(stale.count) older frame\(stale.count == 1 ? "" : "s") in \(target.directory.path) match\(stale.count == 1 ? "es" : "") \(target.pattern) but lie outside the frames just rendered (\(span)); --clean removes them")
        }
    }

    /// Encodes the PNG files just written into the video.
    private func encodeFiles(_ export: VideoExport, target: OutputTarget, outcome: RenderWorkers.Outcome,
                             hasAlpha: Bool, display: ProgressDisplay) throws {
        guard let runs = outcome.selection, let first = runs.first, let last = runs.last, outcome.frames > 0 else {
            throw CLIError("no frames were rendered, so there is no video to write")
        }
        guard runs.count == 1 else {
            throw CLIError("--video needs one contiguous run of frames, but the selection has gaps (\(selection.frames ?? ""))")
        }
        let count = last.upperBound - first.lowerBound + 1
        noteVideoTiming(export, frames: count, display: display)
        display.begin("encoding video", total: count)
        let encoding = try export.start(
            input: .files(printfPath: target.directory.appendingPathComponent(target.pattern.printfForm).path,
                          startNumber: first.lowerBound + output.startNumber, count: count),
            fps: sequence.fps, hasAlpha: hasAlpha, log: { display.detail($0) }, onFrame: { display.update(done: min($0, count)) })
        do {
            try encoding.commit(expectedFrames: count)
        } catch let error as CLIError {
            display.end()
            throw CLIError("\(error.description); the frames are in \(target.directory.path)")
        }
        display.end()
    }

    /// Says when a GIF plays at another frame rate than the sequence's.
    private func noteVideoTiming(_ export: VideoExport, frames: Int, display: ProgressDisplay) {
        guard export.container == .gif, let note = GIFTiming(fps: sequence.fps, frames: frames).note(asked: sequence.fps) else { return }
        display.note(note)
    }

    /// The command that finishes this render, shell-quoted: this command line with the frames
    /// still missing as `--frames` (so only they are rendered, whatever else the folder holds),
    /// without `--shard` (the frames named are this shard's) and `--clean` (which would remove the
    /// frames already written); with a video made from files, `--skip-existing` instead, as the
    /// video needs the whole range (a frame file counts as existing only when it is a complete
    /// PNG). `remaining` nil repeats the command as it was.
    private func resumeCommand(remaining: [ClosedRange<Int>]?) -> String {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let terminator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var options = Array(arguments[..<terminator])
        let rest = Array(arguments[terminator...])
        if let remaining, video.video == nil, !remaining.isEmpty {
            options = Self.removing(["--frames", "--frame", "--shard"], flags: ["--clean", "--skip-existing"], from: options)
            let list = remaining.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
            options += ["--frames", list]
        } else if remaining != nil, !options.contains("--skip-existing") {
            options = Self.removing([], flags: ["--clean"], from: options)
            options.append("--skip-existing")
        }
        return (["carender"] + options + rest).map(shellQuoted).joined(separator: " ")
    }

    /// `arguments` without the options `valued` (with their values, as `--name value` or
    /// `--name=value`) and the flags `flags`.
    static func removing(_ valued: [String], flags: [String], from arguments: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if flags.contains(argument) { index += 1; continue }
            if valued.contains(argument) { index += 2; continue }
            if valued.contains(where: { argument.hasPrefix($0 + "=") }) { index += 1; continue }
            kept.append(argument)
            index += 1
        }
        return kept
    }
}

/// `--background`: a colour name or hex, passed to the script as `#RRGGBBAA`.
enum BackgroundColor {
    static let names: [String: String] = [
        "black": "000000ff", "white": "ffffffff", "transparent": "00000000", "red": "ff0000ff",
        "green": "00ff00ff", "blue": "0000ffff", "yellow": "ffff00ff", "cyan": "00ffffff",
        "magenta": "ff00ffff", "gray": "808080ff", "grey": "808080ff",
    ]

    static func parse(_ text: String) throws -> String {
        let lowered = text.lowercased()
        if let named = names[lowered] { return "#" + named }
        var digits = lowered.hasPrefix("#") ? String(lowered.dropFirst()) : lowered
        if digits.count == 3 || digits.count == 4 { digits = digits.map { "\($0)\($0)" }.joined() }
        if digits.count == 6 { digits += "ff" }
        guard digits.count == 8, UInt32(digits, radix: 16) != nil else {
            throw ValidationError("--background '\(text)' is not a colour: use a name (\(names.keys.sorted().joined(separator: ", "))) or hex #RGB, #RRGGBB or #RRGGBBAA")
        }
        return "#" + digits
    }
}

/// `-o`: a folder (frames named `frame_00000.png`, …), a file-name pattern in a folder, or — for a
/// render of one still — the still's own file.
struct OutputTarget {
    let directory: URL
    let pattern: FrameNamePattern
    /// The file a single still is written to (`--frame 45 -o still.png`).
    let stillFile: URL?

    /// `stillCount` is how many frames the selection names one by one (nil: a sequence).
    init(_ text: String, stillCount: Int? = nil) throws {
        guard !text.isEmpty else { throw ValidationError("-o/--output needs a folder or a pattern such as out/frame_%04d.png, got an empty string") }
        let url = URL(fileURLWithPath: text).standardizedFileURL
        if let pattern = try wrap("-o", { try FrameNamePattern(parsingFileName: url.lastPathComponent) }) {
            directory = url.deletingLastPathComponent()
            self.pattern = pattern
            stillFile = nil
        } else if url.pathExtension.lowercased() == "png" {
            guard stillCount == 1 else {
                let what = stillCount.map { "\($0) stills" } ?? "a sequence"
                throw ValidationError("-o \(text) names one file, but this render writes \(what): give a folder, or a pattern such as \(url.deletingPathExtension().lastPathComponent)_%04d.png (one still, --frame N or --times T, goes to a file)")
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ValidationError("-o \(text) is a folder; a still goes to a file")
            }
            directory = url.deletingLastPathComponent()
            pattern = .default
            stillFile = url
        } else {
            directory = url
            pattern = .default
            stillFile = nil
        }
    }
}

/// A hidden folder beside a still's file, which the render writes into; the still is then renamed
/// to its name (one rename: the file is never seen half-written), and the folder removed.
struct StillStaging {
    let folder: URL

    init(file: URL) throws {
        let parent = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("cannot write \(file.path): the folder \(parent.path) does not exist")
        }
        folder = parent.appendingPathComponent(".carender-still-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot write \(file.path): \(folderCreationReason(error, creating: folder))")
        }
    }

    /// Renames the one frame the render wrote to `file`.
    func moveStill(to file: URL) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".png") }
        guard names.count == 1, let name = names.first else {
            throw CLIError("the render wrote \(names.count) frames where one still was expected for \(file.path)")
        }
        guard rename(folder.appendingPathComponent(name).path, file.path) == 0 else {
            throw CLIError("cannot write \(file.path): \(String(cString: strerror(errno)))")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Runs `body`, turning the library's errors into usage errors (exit 64) prefixed by the option.
func wrap<T>(_ option: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as StageError {
        throw ValidationError("\(option): \(error)")
    }
}

/// `text` quoted for a POSIX shell when it needs it.
func shellQuoted(_ text: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,%+@")
    if !text.isEmpty && text.allSatisfy({ safe.contains($0) }) { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// A failure the command line reports in one line and exits non-zero for.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// `--contact-sheet`: checked before the render (its folder exists and is writable, and it is
/// not something a rename must not replace: a folder, a device, a pipe).
enum ContactSheetDestination {
    static func check(_ path: String) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("--contact-sheet \(path): the folder \(folder.path) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw CLIError("--contact-sheet \(path): cannot write to the folder \(folder.path)")
        }
        var status = stat()
        if lstat(url.path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            throw CLIError("--contact-sheet \(path): it exists and is not a regular file (a folder, a link, a device or a pipe); name a new file")
        }
        guard url.pathExtension.lowercased() == "png" else {
            throw CLIError("--contact-sheet \(path): a contact sheet is a PNG file; name it .png")
        }
    }
}
