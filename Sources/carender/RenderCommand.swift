import ArgumentParser
import CARender
import Foundation

/// `carender SCRIPT --fps N -o DIR`: compile a script against CARender and render its frames.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compile a script and render its frames (the default command)."
    )

    @Argument(help: "The Swift script to render (any extension, .swift-script included).")
    var script: String

    @Option(help: "Frames per second.")
    var fps: Double = 60

    @Option(name: [.short, .customLong("output")], help: "The folder frames are written to; created when missing.")
    var output: String = "frames"

    @Option(help: "Seconds to render (default: the script's stage.duration).")
    var duration: Double?

    @Option(help: "Pixels per point (default: the script's stage.scale, 1 unless set).")
    var scale: Double?

    @Option(help: ArgumentHelp(
        "Render only these times, in seconds, comma-separated (e.g. 0,0.5,1); each goes to <time>.png with three decimals.",
        valueName: "t1,t2,..."))
    var times: String?

    @Option(help: ArgumentHelp(
        "Render only frames START ..< END of the full sequence (to split a long render); either end may be left out.",
        valueName: "start:end"))
    var frames: String?

    @Option(name: .customLong("contact-sheet"), help: ArgumentHelp(
        "Also write every rendered frame into one grid image at this path.", valueName: "file.png"))
    var contactSheet: String?

    @Option(help: "Cells per row of the contact sheet (default: about square).")
    var columns: Int?

    @Option(help: ArgumentHelp(
        "Also encode the frames into a video with ffmpeg (format from the extension: .mp4, .webm, .gif, ...).",
        valueName: "file"))
    var video: String?

    @Flag(help: "Do not print the summary line.")
    var quiet = false

    @Flag(help: "Print the compiler invocation and cache decisions.")
    var verbose = false

    func validate() throws {
        guard fps.isFinite, fps > 0 else { throw ValidationError("--fps must be a positive number, got \(fps)") }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw ValidationError("--duration must be a non-negative number of seconds, got \(duration)")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number, got \(scale)")
        }
        if video != nil && times != nil { throw ValidationError("--video needs a frame sequence, not --times") }
        if let columns, columns < 1 { throw ValidationError("--columns must be at least 1") }
        if columns != nil && contactSheet == nil { throw ValidationError("--columns goes with --contact-sheet") }
        if let frames {
            do {
                _ = try RenderOptions.frameRange(parsing: frames)
            } catch {
                throw ValidationError("--frames: \(error)")
            }
        }
        if let times {
            for part in times.split(separator: ",", omittingEmptySubsequences: false) {
                guard let t = Double(part.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                    throw ValidationError("--times holds '\(part)', which is not a time in seconds")
                }
            }
        }
    }

    func run() throws {
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            throw CLIError("cannot read the script \(script)")
        }
        // Fail before a long render, not after it.
        let ffmpeg = try video.map { _ in try VideoExport.locateFFmpeg() }
        let library = try LibraryLocation.find()
        let compiler = ScriptCompiler(library: library, verbose: verbose)
        let executable = try compiler.executable(for: scriptURL)

        let report = FileManager.default.temporaryDirectory.appendingPathComponent("carender-report-\(getpid())")
        try? FileManager.default.removeItem(at: report)
        defer { try? FileManager.default.removeItem(at: report) }
        let outputDirectory = URL(fileURLWithPath: output).standardizedFileURL
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_FPS"] = String(fps)
        environment["CARENDER_OUTPUT"] = outputDirectory.path
        environment["CARENDER_DURATION"] = duration.map { String($0) }
        environment["CARENDER_SCALE"] = scale.map { String($0) }
        environment["CARENDER_TIMES"] = times
        environment["CARENDER_FRAMES"] = frames
        environment["CARENDER_CONTACT_SHEET"] = contactSheet.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        environment["CARENDER_CONTACT_SHEET_COLUMNS"] = columns.map(String.init)
        environment["CARENDER_QUIET"] = quiet ? "1" : nil
        environment["CARENDER_REPORT"] = report.path
        environment["CARENDER_SCRIPT_DIR"] = scriptURL.deletingLastPathComponent().standardizedFileURL.path
        let status = try ScriptRunner.run(executable, environment: environment)
        if status != 0 { throw ExitCode(status) }

        guard let rendered = RenderReport(contentsOf: report) else {
            FileHandle.standardError.write(Data("carender: warning: \(script) finished without calling stage.run(); no frames were written\n".utf8))
            return
        }
        if let ffmpeg, let video {
            let outputURL = URL(fileURLWithPath: video).standardizedFileURL
            try VideoExport.export(ffmpeg: ffmpeg, framesIn: outputDirectory, first: rendered.firstFrame,
                                   count: rendered.frameCount, fps: fps, to: outputURL)
            if !quiet { print("carender: wrote \(outputURL.path)") }
        }
    }
}

/// A failure the command line reports in one line and exits non-zero for.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What `stage.run()` reported back: how many frames it wrote, starting at which frame number.
struct RenderReport {
    let frameCount: Int
    let firstFrame: Int

    init?(contentsOf url: URL) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard numbers.count == 2 else { return nil }
        frameCount = numbers[0]
        firstFrame = numbers[1]
    }
}
