import Foundation

/// How `Stage.run()` renders: read from the environment the `carender` command line sets.
public struct RenderOptions: Equatable, Sendable {
    /// Frames per second.
    public var fps: Double = 60
    /// The folder frames are written to.
    public var outputDirectory: URL = URL(fileURLWithPath: "frames")
    /// Seconds to render; nil uses the stage's `duration`.
    public var duration: Double?
    /// Pixels per point; nil uses the stage's `scale`.
    public var scale: Double?
    /// When set, only these times are rendered, each to `<time with 3 decimals>.png`.
    public var times: [Double]?
    /// When set, every rendered frame also goes into a contact sheet written to this file.
    public var contactSheet: URL?
    /// Cells per row of the contact sheet; nil chooses about a square grid.
    public var contactSheetColumns: Int?
    /// When set, only frames in this range are rendered (a split of a long render); each frame
    /// is identical to the one a full render writes.
    public var frames: Range<Int>?

    public init() {}

    /// Reads `CARENDER_FPS`, `CARENDER_OUTPUT`, `CARENDER_DURATION`, `CARENDER_SCALE`,
    /// `CARENDER_TIMES` (comma-separated seconds) and `CARENDER_FRAMES` (`START:END`, frames
    /// START ..< END, either end optional).
    public init(environment: [String: String]) throws {
        func number(_ key: String) throws -> Double? {
            guard let text = environment[key] else { return nil }
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw StageError.invalidOption("\(key) must be a finite number, got '\(text)'")
            }
            return value
        }
        if let fps = try number("CARENDER_FPS") {
            guard fps > 0 else { throw StageError.invalidOption("the frame rate must be positive, got \(fps)") }
            self.fps = fps
        }
        if let output = environment["CARENDER_OUTPUT"], !output.isEmpty {
            outputDirectory = URL(fileURLWithPath: output)
        }
        duration = try number("CARENDER_DURATION")
        if let duration, duration < 0 { throw StageError.invalidOption("the duration must not be negative, got \(duration)") }
        scale = try number("CARENDER_SCALE")
        if let scale, scale <= 0 { throw StageError.invalidOption("the scale must be positive, got \(scale)") }
        if let path = environment["CARENDER_CONTACT_SHEET"], !path.isEmpty {
            contactSheet = URL(fileURLWithPath: path)
        }
        if let text = environment["CARENDER_CONTACT_SHEET_COLUMNS"], !text.isEmpty {
            guard let columns = Int(text), columns >= 1 else {
                throw StageError.invalidOption("the contact sheet needs at least one column, got '\(text)'")
            }
            contactSheetColumns = columns
        }
        if let text = environment["CARENDER_FRAMES"], !text.isEmpty {
            frames = try RenderOptions.frameRange(parsing: text)
        }
        if let list = environment["CARENDER_TIMES"], !list.isEmpty {
            times = try list.split(separator: ",").map { part in
                guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                    throw StageError.invalidOption("CARENDER_TIMES holds '\(part)', which is not a time in seconds")
                }
                return t
            }
        }
    }

    /// Parses `START:END` (frames START ..< END; `:END` starts at 0, `START:` runs to the end).
    public static func frameRange(parsing text: String) throws -> Range<Int> {
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

    /// The file name a sampled time renders to, e.g. `0.500.png`.
    public static func fileName(forTime t: Double) -> String {
        String(format: "%.3f.png", t)
    }

    /// The file name of frame `n`, e.g. `frame_00007.png`.
    public static func fileName(forFrame n: Int) -> String {
        String(format: "frame_%05d.png", n)
    }
}

extension Stage {
    /// The number of frames `0 ..< ceil(duration × fps)`; a product a hair above an integer (as
    /// 0.1 × 30 is in floating point) does not add a frame.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        Int((duration * fps - 1e-9).rounded(.up).clamped(to: 0...Double(Int32.max)))
    }

    /// Renders the frames `options` asks for and writes them as PNGs; returns the files written.
    @discardableResult
    public func render(options: RenderOptions) throws -> [URL] {
        if let scale = options.scale { self.scale = CGFloat(scale) }
        _ = try pixelSize()
        let directory = options.outputDirectory
        try Self.prepareOutputDirectory(directory)
        // Which frames, and where each goes.
        var jobs: [(time: Double, url: URL)] = []
        if let times = options.times {
            jobs = times.map { ($0, directory.appendingPathComponent(RenderOptions.fileName(forTime: $0))) }
        } else {
            let count = Stage.frameCount(duration: options.duration ?? duration, fps: options.fps)
            let range = (options.frames ?? 0..<count).clamped(to: 0..<count)
            jobs = range.map { (Double($0) / options.fps, directory.appendingPathComponent(RenderOptions.fileName(forFrame: $0))) }
        }
        try checkJobs(jobs.map(\.time), sampled: options.times != nil)
        var sheet: ContactSheet?
        if options.contactSheet != nil, !jobs.isEmpty {
            let columns = options.contactSheetColumns ?? Int(Double(jobs.count).squareRoot().rounded(.up))
            let frameWidth = try pixelSize().width
            sheet = ContactSheet(columns: columns, shrink: ContactSheet.shrinkFactor(frameWidth: frameWidth, columns: columns))
        }
        // Frames waiting to be encoded are held in memory: bound them to about 1 GiB in all.
        let frameBytes = try pixelSize().width * pixelSize().height * 4
        let writer = FrameWriter(maximumInFlight: max(1, min(ProcessInfo.processInfo.activeProcessorCount,
                                                             (1 << 30) / max(frameBytes, 1))))
        defer { try? writer.finish() }
        for (index, job) in jobs.enumerated() {
            advance(to: job.time)
            let frame = render()
            try writer.write(frame, to: job.url)
            let number = options.times == nil ? (options.frames?.lowerBound ?? 0) + index : index
            sheet?.append(frame, caption: String(format: "#%d  %.3f s", number, job.time))
        }
        try writer.finish()
        if let sheet, let url = options.contactSheet {
            try sheet.image().writePNG(to: url)
        }
        return jobs.map(\.url)
    }

    /// The most frames one render may write (about 4.6 hours at 60 fps).
    public static let maximumFrameCount = 1_000_000

    /// Rejects frame times the clock cannot reach: it never runs backwards.
    private func checkJobs(_ times: [Double], sampled: Bool) throws {
        guard times.count <= Stage.maximumFrameCount else {
            throw StageError.invalidOption("\(times.count) frames asked for; carender renders at most \(Stage.maximumFrameCount) at a time (use --frames to split the render)")
        }
        if let first = times.first, first < time {
            let what = sampled ? "the first time asked for, \(first) s," : "frame 0 (t = \(first) s)"
            throw StageError.invalidOption("the stage is already at \(time) s (the script advanced it before run()), so \(what) cannot be rendered: the clock never runs backwards")
        }
        for (previous, next) in zip(times, times.dropFirst()) where next < previous {
            throw StageError.invalidOption("times must not decrease: \(next) s comes after \(previous) s, and the clock never runs backwards")
        }
    }

    /// The script entry point: renders as the `carender` command line asks (through the
    /// environment), or 60 fps into `frames/` when run on its own. Errors are printed and end the
    /// process with status 1.
    public func run() {
        do {
            let options = try RenderOptions(environment: ProcessInfo.processInfo.environment)
            let files = try render(options: options)
            try Self.writeReport(files: files, options: options)
            if ProcessInfo.processInfo.environment["CARENDER_QUIET"] == nil {
                print("carender: wrote \(files.count) frame\(files.count == 1 ? "" : "s") to \(options.outputDirectory.path)")
            }
        } catch {
            FileHandle.standardError.write(Data("carender: error: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Tells the `carender` command line (through `CARENDER_REPORT`) how many frames were written
    /// and the first frame's number, so it can tell a script that never called `run()` and make a
    /// video of exactly these frames.
    static func writeReport(files: [URL], options: RenderOptions) throws {
        guard let path = ProcessInfo.processInfo.environment["CARENDER_REPORT"], !path.isEmpty else { return }
        let first = options.times == nil ? (options.frames?.lowerBound ?? 0) : 0
        try "\(files.count) \(first)\n".write(toFile: path, atomically: true, encoding: .utf8)
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
                throw StageError.output("cannot create the output folder \(directory.path): \(error.localizedDescription)")
            }
        }
        guard manager.isWritableFile(atPath: directory.path) else {
            throw StageError.output("cannot write frames to \(directory.path): permission denied")
        }
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
