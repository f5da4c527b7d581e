import Foundation
import CARenderPixels
import CARenderGeometry

/// How `Stage.run()` renders: the frames, their files and their format (the part of a
/// ``RenderJob`` the command line's render options fill in).
package struct RenderOptions: Codable, Equatable, Sendable {
    /// Whether frames carry an alpha channel.
    package enum AlphaMode: String, Codable, Equatable, Sendable, CaseIterable {
        /// Decided once for the whole sequence: RGB when the background (`background`, else the
        /// root layer's) is opaque, RGBA otherwise.
        case auto
        /// Every frame RGBA.
        case always
        /// Every frame RGB, drawn over `background` (black when none is given).
        case never
    }

    /// Frames per second.
    package var fps: Double = 60
    /// The folder frames are written to.
    package var outputDirectory: URL = URL(fileURLWithPath: "frames")
    /// How frame files in `outputDirectory` are named.
    package var fileNamePattern: FrameNamePattern = .default
    /// The number in the file name of frame 0 (later frames count up from it).
    package var startNumber: Int = 0
    /// Seconds to render; nil uses the stage's `duration`.
    package var duration: Double?
    /// Pixels per point; nil uses the stage's `scale`.
    package var scale: Double?
    /// When set, only these times are rendered, each to `<time with 3 decimals>.png`.
    package var times: [Double]?
    /// When set, every rendered frame also goes into a contact sheet written to this file.
    package var contactSheet: URL?
    /// Cells per row of the contact sheet; nil chooses about a square grid.
    package var contactSheetColumns: Int?
    /// When set, only these frames are rendered; each is identical to the one a full render writes.
    package var frames: FrameSelection?
    /// When set, only this contiguous part of the selected frames (a machine's share of a render).
    package var shard: Split?
    /// When set, only this contiguous part of the shard (one of the command line's worker processes).
    package var worker: Split?
    /// Frames whose file already exists are not written again (to resume an interrupted render).
    package var skipExisting = false
    /// Frames are composited over this colour; nil keeps the stage's own (transparent) background.
    package var background: RGBA8?
    package var alpha: AlphaMode = .auto
    /// The PNG files' speed/size trade-off.
    package var pngCompression: PNGWriteOptions.Preset = .default
    /// Whether PNG files are written (false when frames only go to `rawVideoPath`).
    package var writesFiles = true
    /// Where to send every frame as raw RGBA bytes (a pipe into ffmpeg).
    package var rawVideoPath: String?

    package init() {}

    /// Checks what the types cannot: called on every job a worker receives, so a bad value is one
    /// error line before anything renders, whoever built the job.
    func validate() throws {
        guard fps.isFinite, fps > 0 else { throw StageError.invalidOption("the frame rate must be a finite, positive number, got \(fps)") }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw StageError.invalidOption("the duration must be a finite, non-negative number of seconds, got \(duration)")
        }
        if let scale, !(scale.isFinite && scale > 0) { throw StageError.invalidOption("the scale must be positive, got \(scale)") }
        guard (0...1_000_000_000).contains(startNumber) else {
            throw StageError.invalidOption("the start number must be from 0 to 1000000000, got \(startNumber)")
        }
        if let columns = contactSheetColumns, !(1...10_000).contains(columns) {
            throw StageError.invalidOption("a contact sheet has 1 to 10000 columns, got \(columns)")
        }
        if let times {
            try RenderOptions.checkTimes(times)
        }
    }

    /// The one check of sampled times (`--times` on the command line, and every job): each a
    /// finite, non-negative number of seconds.
    package static func checkTimes(_ times: [Double]) throws {
        for t in times where !(t.isFinite && t >= 0) {
            throw StageError.invalidOption("--times holds \(t), which is not a time in seconds (a finite number, 0 or more)")
        }
    }


    /// Parses `START:END` (frames START ..< END; `:END` starts at 0, `START:` runs to the end).
    package static func frameRange(parsing text: String) throws -> Range<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else {
            throw StageError.invalidOption("a frame range looks like START:END (frames START ..< END), got '\(text)'")
        }
        let start = parts[0].isEmpty ? 0 : Int(parts[0])
        let end = parts[1].isEmpty ? Int(Int32.max) : Int(parts[1])
        guard let start, let end, start >= 0, end >= start else {
            throw StageError.invalidOption("'\(text)' is not a frame range START:END with 0 ≤ START ≤ END")
        }
        return start..<end
    }

    /// The file name a sampled time renders to, e.g. `0.500.png`; the whole seconds are padded to
    /// `integerDigits` so that the names of one render sort by time.
    package static func fileName(forTime t: Double, integerDigits: Int = 1) -> String {
        let millis = (t * 1000).rounded()
        let seconds = String(format: "%.0f", (millis / 1000).rounded(.down))
        let padded = String(repeating: "0", count: max(0, integerDigits - seconds.count)) + seconds
        return padded + String(format: ".%03d.png", Int(millis.truncatingRemainder(dividingBy: 1000)))
    }

    /// The file name of frame `n` in the default pattern, e.g. `frame_00007.png`.
    package static func fileName(forFrame n: Int) -> String {
        FrameNamePattern.default.fileName(for: n)
    }
}

/// What a render will do, decided before the first frame: the frames and their files, the size,
/// and whether frames carry alpha.
struct RenderPlan {
    /// One frame to render. Its file's URL is made when the frame is written, not kept for every
    /// frame of the plan: memory stays flat however long the sequence.
    struct Job {
        var time: Double
        /// The frame number in the sequence (nil for a sampled time).
        var frame: Int?
    }

    var jobs: [Job]
    /// Where the frames go and how their files are named.
    var directory: URL
    var pattern: FrameNamePattern
    var startNumber: Int
    /// The whole seconds' digits in the names of sampled times.
    var timeDigits: Int
    /// The frames the selection holds before it is split into shards and workers.
    var selection: [Int]
    /// The frames of this shard, all workers together.
    var shareCount: Int
    var frameCount: Int
    var width: Int
    var height: Int
    var hasAlpha: Bool
    var warnings: [String]

    /// The file `job` is written to.
    func url(of job: Job) -> URL {
        if let frame = job.frame { return directory.appendingPathComponent(pattern.fileName(for: frame + startNumber)) }
        return directory.appendingPathComponent(RenderOptions.fileName(forTime: job.time, integerDigits: timeDigits))
    }
}

extension Stage {
    /// The number of frames `0 ..< ceil(duration × fps)`; a product a hair above an integer (as
    /// 0.1 × 30 is in floating point) does not add a frame.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        Int((duration * fps - 1e-9).rounded(.up).clamped(to: 0...Double(Int32.max)))
    }

    /// The most frames one render may write (about 4.6 hours at 60 fps).
    public static let maximumFrameCount = 1_000_000

    /// The frame count of `duration` seconds at `fps`, checked in floating point before anything
    /// is allocated: NaN, infinite and huge values are errors naming the value.
    static func checkedFrameCount(duration: Double, fps: Double) throws -> Int {
        guard duration.isFinite, duration >= 0 else {
            throw StageError.invalidOption("the duration must be a finite, non-negative number of seconds, got \(duration)")
        }
        guard fps.isFinite, fps > 0 else {
            throw StageError.invalidOption("the frame rate must be a finite, positive number, got \(fps)")
        }
        let frames = (duration * fps - 1e-9).rounded(.up)
        guard frames <= Double(maximumFrameCount) else {
            throw StageError.invalidOption("\(duration) s at \(fps) fps is \(frames) frames; carender renders at most \(maximumFrameCount) at a time (split the render with --frames or --shard)")
        }
        return Int(max(0, frames))
    }

    /// Renders the frames `options` asks for and writes them as PNGs; returns the files written.
    @discardableResult
    package func render(options: RenderOptions) throws -> [URL] {
        var written: [URL] = []
        try render(options: options) { written.append($0) }
        return written
    }

    /// Renders the frames `options` asks for and writes them as PNGs, calling `wrote` with each
    /// file queued for writing and sending `progress` the plan, each frame and the end; returns
    /// how many files were written.
    @discardableResult
    func render(options: RenderOptions, progress: (ProgressEvent) -> Void = { _ in }, wrote: (URL) -> Void) throws -> Int {
        try options.validate()
        let plan = try makePlan(options)
        for warning in plan.warnings { context.diagnostics.warning(warning) }
        let directory = options.outputDirectory
        if options.writesFiles { try Self.prepareOutputDirectory(directory) }
        let video = try options.rawVideoPath.map { try RawFrameSink(path: $0) }
        progress(.plan(RenderPlanSummary(frames: plan.jobs.count, shareFrames: plan.shareCount,
                                         selection: RenderPlanSummary.runs(plan.selection),
                                         width: plan.width, height: plan.height, hasAlpha: plan.hasAlpha)))
        var sheet: ContactSheet?
        if let destination = options.contactSheet, !plan.jobs.isEmpty {
            let columns = options.contactSheetColumns ?? Int(Double(plan.jobs.count).squareRoot().rounded(.up))
            let shrink = ContactSheet.shrinkFactor(frameWidth: plan.width, columns: columns)
            try ContactSheet.check(destination, frames: plan.jobs.count, columns: columns, shrink: shrink,
                                   frameWidth: plan.width, frameHeight: plan.height)
            sheet = ContactSheet(columns: columns, shrink: shrink)
        }
        // Frames waiting to be encoded are held in memory: bound them to about 1 GiB in all.
        let frameBytes = plan.width * plan.height * 4
        let writer = FrameWriter(maximumInFlight: max(1, min(ProcessInfo.processInfo.activeProcessorCount,
                                                             (1 << 30) / max(frameBytes, 1))))
        defer { try? writer.finish() }
        var pngOptions = options.pngCompression.options
        pngOptions.dropAlphaWhenOpaque = !plan.hasAlpha
        let underlay = options.background ?? (plan.hasAlpha ? nil : RGBA8(r: 0, g: 0, b: 0, a: 255))
        var written = 0
        var warnedAboutAlpha = false
        for job in plan.jobs {
            advance(to: job.time)
            let url = plan.url(of: job)
            let exists = options.skipExisting && Self.isCompleteFrame(url)
            if exists && sheet == nil && video == nil {
                progress(.frame(job.frame, skipped: true))
                continue
            }
            let pixmap = try renderPremultipliedFrame()
            // Tested once, only where it decides something: drawing over the underlay, or RGB.
            let opaque: Bool? = underlay != nil || pngOptions.dropAlphaWhenOpaque ? pixmap.isOpaque : nil
            // Straight pixels only where something needs them (a video, the contact sheet, the
            // underlay beneath transparent pixels); otherwise the encoder takes the premultiplied
            // frame as it is and converts it row by row.
            var frame: RGBAImage?
            if video != nil || sheet != nil || (underlay != nil && opaque == false) {
                var straight = pixmap.unpremultiplied()
                if let underlay, opaque == false {
                    if !plan.hasAlpha, options.background == nil, !warnedAboutAlpha {
                        warnedAboutAlpha = true
                        context.diagnostics.warning("frame \(job.frame.map(String.init) ?? "at \(job.time) s") has transparent pixels, but the sequence was started without alpha (the root layer's background is opaque), so they are drawn over black; --alpha always keeps them")
                    }
                    straight = straight.composited(over: underlay)
                }
                frame = straight
            }
            if options.writesFiles && !exists {
                if let frame {
                    try writer.write(frame, to: url, options: pngOptions)
                } else {
                    try writer.write(pixmap, isOpaque: opaque, to: url, options: pngOptions)
                }
                written += 1
                wrote(url)
            }
            if let frame {
                try video?.write(frame, hasAlpha: plan.hasAlpha)
                sheet?.append(frame, caption: job.frame.map { String(format: "#%d  %.3f s", $0, job.time) }
                                                ?? String(format: "%.3f s", job.time))
            }
            progress(.frame(job.frame, skipped: exists))
        }
        try writer.finish()
        try video?.close()
        if let sheet, let url = options.contactSheet {
            try sheet.image().writePNG(to: url)
        }
        progress(.done(frames: plan.jobs.count, written: written))
        return written
    }

    /// Decides the frames, their files, the size and the alpha channel; throws before anything is
    /// rendered or written when the options cannot be met.
    func makePlan(_ options: RenderOptions) throws -> RenderPlan {
        if let scale = options.scale { self.scale = CGFloat(scale) }
        let size = try pixelSize()
        let frameCount: Int
        do {
            frameCount = try Self.checkedFrameCount(duration: options.duration ?? checkedDuration(), fps: options.fps)
        } catch StageError.invalidOption(let message) where options.duration == nil {
            // Too many frames for the script's own duration: the script's to change.
            throw StageError.invalidStage(message)
        }
        var jobs: [RenderPlan.Job] = []
        var timeDigits = 1
        var selection: [Int] = []
        var shareCount = 0
        var warnings: [String] = []
        if let times = options.times {
            guard times.count <= Stage.maximumFrameCount else {
                throw StageError.invalidOption("\(times.count) times asked for; carender renders at most \(Stage.maximumFrameCount) at a time")
            }
            let digits = String(format: "%.0f", (times.max() ?? 0).rounded(.down)).count
            timeDigits = digits
            var seen: [String: Double] = [:]
            // Sorted: the clock only runs forwards, and the names say which instant each file shows.
            for t in times.sorted() {
                let name = RenderOptions.fileName(forTime: t, integerDigits: digits)
                if let earlier = seen[name] {
                    throw StageError.invalidOption("the times \(earlier) and \(t) both round to \(name) (names keep milliseconds); ask for each instant once")
                }
                seen[name] = t
                jobs.append(.init(time: t, frame: nil))
            }
            // A machine's share of the instants, as of frames: contiguous, in time order.
            if let shard = options.shard { jobs = Array(shard.slice(jobs)) }
        } else {
            let resolved = try (options.frames ?? FrameSelection(0..<frameCount)).resolve(count: frameCount)
            warnings = resolved.warnings
            selection = resolved.frames
            var share = selection[...]
            if let shard = options.shard { share = shard.slice(Array(share)) }
            shareCount = share.count
            if let worker = options.worker { share = worker.slice(Array(share)) }
            jobs = share.map { n in .init(time: Double(n) / options.fps, frame: n) }
        }
        try checkJobs(jobs.map(\.time), sampled: options.times != nil)
        if options.times != nil { shareCount = jobs.count }
        return RenderPlan(jobs: jobs, directory: options.outputDirectory, pattern: options.fileNamePattern,
                          startNumber: options.startNumber, timeDigits: timeDigits, selection: selection, shareCount: shareCount, frameCount: frameCount, width: size.width, height: size.height,
                          hasAlpha: sequenceHasAlpha(options), warnings: warnings)
    }

    /// Whether every frame of the sequence is written with alpha, decided once so a sequence never
    /// mixes RGB and RGBA files: in auto mode, frames are opaque when the background given is, or
    /// else when the root layer shows an opaque background colour and nothing animates it.
    private func sequenceHasAlpha(_ options: RenderOptions) -> Bool {
        switch options.alpha {
        case .always: return true
        case .never: return false
        case .auto:
            if let background = options.background { return background.a < 255 }
            let root = rootLayer
            let opaqueRoot = (root.backgroundColor?.alpha ?? 0) >= 1 && root.opacity >= 1 && !root.isHidden
                && root.mask == nil && (root.animationKeys() ?? []).isEmpty
            return !opaqueRoot
        }
    }

    /// Rejects frame times the clock cannot reach: it never runs backwards.
    private func checkJobs(_ times: [Double], sampled: Bool) throws {
        if let first = times.first, first < time {
            let what = sampled ? "the first time asked for, \(first) s," : "frame 0 (t = \(first) s)"
            throw StageError.invalidOption("the stage is already at \(time) s (the script advanced it before run()), so \(what) cannot be rendered: the clock never runs backwards")
        }
        for (previous, next) in zip(times, times.dropFirst()) where next < previous {
            throw StageError.invalidOption("times must not decrease: \(next) s comes after \(previous) s, and the clock never runs backwards")
        }
    }

    /// The script entry point: renders as the `carender` command line asks (through the script
    /// host it installed), or 60 fps into `frames/` when run on its own.
    ///
    /// An error is printed and control returns to the script; the host then ends the script's
    /// process with status 1 once its code has run, so the command line reports the failure.
    public func run() {
        let host = StageHosting.current
        do {
            if let host {
                try run(job: host.job, host: host)
            } else {
                let files = try render(options: RenderOptions()) { _ in }
                print("carender: wrote \(files) frame\(files == 1 ? "" : "s") to \(RenderOptions().outputDirectory.path)")
            }
        } catch {
            FileHandle.standardError.write(Data("carender: error: \(error)\n".utf8))
            if case StageError.invalidOption = error {
                host?.runFailed(usage: true)
            } else {
                host?.runFailed(usage: false)
            }
        }
    }

    /// Does what `job` asks, sending its events to `host`; throws what went wrong.
    package func run(job: RenderJob, host: any StageHost) throws {
        // Under the command line, warnings go through it: it shows each once, whichever workers
        // report it.
        let savedSink = context.diagnostics.sink
        context.diagnostics.sink = { host.send(.message($0)) }
        defer { context.diagnostics.sink = savedSink }
        switch job.mode {
        case .render:
            let files = try render(options: job.options, progress: host.send) { _ in }
            // Under the command line, it prints the summary (it knows about every worker).
            if job.progressPath == nil {
                print("carender: wrote \(files) frame\(files == 1 ? "" : "s") to \(job.options.outputDirectory.path)")
            }
        case .info:
            try job.options.validate()
            let plan = try makePlan(job.options)
            host.send(.info(SequenceInfo(width: Double(width), height: Double(height), scale: Double(scale),
                                         pixelWidth: plan.width, pixelHeight: plan.height,
                                         duration: job.options.duration ?? duration, fps: job.options.fps,
                                         frames: plan.frameCount, hasAlpha: plan.hasAlpha)))
        case let .timeline(request, output):
            if let scale = job.options.scale { self.scale = CGFloat(scale) }
            try writeTimeline(request, to: output)
        case let .preview(socket):
            // `carender preview`: answer the preview's requests instead of rendering a sequence.
            try servePreview(socketPath: socket, options: job.options)
        }
        // An `error:` line (a refused mask cycle, say) fails the run once its frames are written.
        if context.diagnostics.errorCount > 0 { host.runFailed(usage: false) }
    }

    /// Whether `url` holds a complete PNG: a regular file that starts with the PNG signature and
    /// ends with the IEND chunk. `--skip-existing` keeps only such files, so an empty or cut-off
    /// file (a full disk, a copy interrupted) is rendered again instead of ending up in a video.
    package static func isCompleteFrame(_ url: URL) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size >= 57 else { return false }
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]
        var head = [UInt8](repeating: 0, count: 8), tail = [UInt8](repeating: 0, count: 12)
        guard pread(descriptor, &head, 8, 0) == 8, pread(descriptor, &tail, 12, off_t(status.st_size) - 12) == 12 else { return false }
        return head == signature && tail == end
    }

    /// Creates `directory` when missing and checks that files can be created in it, before any
    /// frame is rendered.
    static func prepareOutputDirectory(_ directory: URL) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StageError.output("cannot write frames to \(directory.path): it is a file, not a folder")
            }
        } else {
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw StageError.output("cannot create the output folder \(directory.path): \(folderCreationReason(error, creating: directory))")
            }
        }
        guard manager.isWritableFile(atPath: directory.path) else {
            throw StageError.output("cannot write frames to \(directory.path): permission denied")
        }
        InFlightFiles.sweep(directory)
    }
}

extension RGBA8 {
    /// `#RRGGBB` or `#RRGGBBAA` (the `#` optional).
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xff : value
        self.init(r: UInt8(full >> 24), g: UInt8(full >> 16 & 0xff), b: UInt8(full >> 8 & 0xff), a: UInt8(full & 0xff))
    }
}

extension RGBAImage {
    /// The image composited over `background` (straight alpha in and out).
    func composited(over background: RGBA8) -> RGBAImage {
        var out = self
        out.bytes.withUnsafeMutableBufferPointer { p in
            let ba = Int(background.a)
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a < 255 {
                    // Porter-Duff source-over in straight alpha: the result's alpha, then each
                    // channel as the alpha-weighted mix divided by it.
                    let under = ba * (255 - a) / 255
                    let outA = a + under
                    if outA == 0 {
                        p[i] = 0; p[i + 1] = 0; p[i + 2] = 0; p[i + 3] = 0
                    } else {
                        p[i] = UInt8((Int(p[i]) * a + Int(background.r) * under + outA / 2) / outA)
                        p[i + 1] = UInt8((Int(p[i + 1]) * a + Int(background.g) * under + outA / 2) / outA)
                        p[i + 2] = UInt8((Int(p[i + 2]) * a + Int(background.b) * under + outA / 2) / outA)
                        p[i + 3] = UInt8(outA)
                    }
                }
                i += 4
            }
        }
        return out
    }
}

