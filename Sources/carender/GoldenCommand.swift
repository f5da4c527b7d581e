import ArgumentParser
import CARender
import CARenderGolden
import CARenderSupervisor
import Foundation

/// `carender golden SCRIPT DIR`: renders the times a folder of golden frames holds and compares
/// each frame with its reference; `--record` writes the references instead.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Check a script's frames against a folder of golden frames (<time>.png), or record them.",
        usage: "carender golden SCRIPT DIR [--times T,...] [--record] [options]",
        discussion: """
            DIR holds one reference per time, named as --times names frames: 0.500.png is the frame at \
            0.5 s. carender renders the script at those times and compares each frame with its \
            reference (within --channel-tolerance and --pixel-tolerance). A difference is reported \
            with how many pixels differ, by how much and where, and the actual frame, the reference and \
            a difference picture are written to --artifacts (default: $CARENDER_GOLDEN_ARTIFACTS/<DIR \
            name>, else the temporary folder). The exit status is 1 when any frame differs or is missing.

            --record renders --times (or the times DIR already holds) and writes them as the references; \
            it exits 1 too, so a recording is never mistaken for a check: look at the frames, then run \
            again without --record.
            """
    )

    @Argument(help: "The Swift script whose frames are checked.", completion: .file())
    var script: String

    @Argument(help: "The folder of golden frames, <time>.png.", completion: .directory)
    var folder: String

    @Option(help: ArgumentHelp("The times to check or record, in seconds, comma-separated (default: the times DIR holds).",
                               valueName: "t1,t2,..."))
    var times: String?

    @Option(help: ArgumentHelp("Also check (or record) a timeline of this layer's presentation value at the times, in DIR/timeline.csv (repeatable).",
                               valueName: "layer-name/key.path"))
    var timeline: [String] = []

    @Flag(help: "Write the frames as the references instead of comparing (look at them first).")
    var record = false

    @Option(help: "Pixels per point (default: the script's stage.scale).")
    var scale: Double?

    @Option(name: .customLong("channel-tolerance"), help: "How far (0…255) a channel may differ to match.")
    var channelTolerance: Int = GoldenTolerance().channel

    @Option(name: .customLong("pixel-tolerance"), help: "The share (0…1) of pixels allowed to differ by more than the channel tolerance.")
    var pixelTolerance: Double = GoldenTolerance().fractionOfPixels

    @Option(help: "The folder for the actual frames and difference pictures of mismatches.")
    var artifacts: String?

    @Flag(help: "Print the compiler invocation and cache decisions.")
    var verbose = false

    func validate() throws {
        guard (0...255).contains(channelTolerance) else { throw ValidationError("--channel-tolerance must be within 0…255") }
        guard pixelTolerance.isFinite, (0...1).contains(pixelTolerance) else {
            throw ValidationError("--pixel-tolerance must be within 0…1")
        }
        if let scale, !(scale.isFinite && scale > 0) { throw ValidationError("--scale must be a positive number") }
        if let times { _ = try parseTimes(times, option: "--times") }
        for entry in timeline where !entry.contains("/") {
            throw ValidationError("--timeline \(entry): name a layer and a key path, as card/position.x")
        }
        if !timeline.isEmpty && times == nil { throw ValidationError("--timeline needs --times") }
    }

    func run() throws {
        let goldenFolder = URL(fileURLWithPath: folder).standardizedFileURL
        let timelineReference = goldenFolder.appendingPathComponent("timeline.csv")
        let timelineRows = try requestedTimeline(reference: timelineReference)
        if record && times == nil && ((try? Self.referenceTimes(in: goldenFolder)) ?? []).isEmpty && timelineRows.isEmpty {
            throw ValidationError("--record without --times re-records the frames \(goldenFolder.path) holds, and it holds none: give the times to record, --times t1,t2,...")
        }
        let checkTimes = try times.map { try parseTimes($0, option: "--times") }
            ?? (timelineRows.isEmpty ? Self.referenceTimes(in: goldenFolder) : (try? Self.referenceTimes(in: goldenFolder)) ?? [])
        guard !checkTimes.isEmpty || !timelineRows.isEmpty else {
            throw CLIError("\(goldenFolder.path) holds no golden frames (<time>.png); record some with --record --times t1,t2,...")
        }
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            throw CLIError("cannot read the script \(script)")
        }
        Supervisor.installStopHandlers()
        // The frames and the timeline go into the run's private folder, removed however it ends.
        let session = try HostSession()
        defer { session.remove() }
        let compiled = try CompiledScript(scriptURL, compiler: ScriptCompiler(library: try LibraryLocation.find(), verbose: verbose),
                                          session: session)
        let frames = checkTimes.isEmpty ? session.path("frames")
            : try render(compiled, session: session, times: checkTimes, timeline: nil)

        let artifactsFolder = artifacts.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? GoldenStore.defaultArtifactsRoot(environment: ProcessInfo.processInfo.environment)
                .appendingPathComponent(goldenFolder.lastPathComponent)
        let store = GoldenStore(root: goldenFolder, recordMode: record ? .all : .never, artifacts: artifactsFolder)
        let tolerance = GoldenTolerance(channel: channelTolerance, fractionOfPixels: pixelTolerance)
        let rerecord = "carender golden \(script) \(folder) --record"
        var failures = 0
        for t in checkTimes {
            let name = String(RenderOptions.fileName(forTime: t).dropLast(".png".count))
            let file = frames.appendingPathComponent(RenderOptions.fileName(forTime: t))
            let image: RGBAImage
            do {
                image = try RGBAImage(contentsOfPNG: file)
            } catch {
                throw CLIError("the script wrote no readable frame for \(t) s: \(error)")
            }
            let outcome = try store.check(image, named: name, tolerance: tolerance)
            switch outcome {
            case .matched:
                print("ok        \(name) s")
            case .recorded(let url, _):
                print("recorded  \(url.path)")
            case .missing, .mismatched:
                failures += 1
                print("DIFFERS   \(name) s: " + (outcome.failureMessage(rerecord: rerecord) ?? ""))
            }
        }
        if !timelineRows.isEmpty {
            let sampled = try render(compiled, session: session, times: [], timeline: TimelineRequest(rows: timelineRows))
            let csv = try String(contentsOf: sampled.appendingPathComponent("timeline.csv"), encoding: .utf8)
            let outcome = try store.check(timelineCSV: csv, named: "timeline")
            switch outcome {
            case .matched: print("ok        timeline.csv (\(timelineRows.count) values)")
            case .recorded(let url, _): print("recorded  \(url.path)")
            case .missing, .mismatched:
                failures += 1
                print("DIFFERS   timeline.csv: " + (outcome.failureMessage(rerecord: rerecord) ?? ""))
            }
        }
        if record {
            print("recorded \(checkTimes.count) frame\(checkTimes.count == 1 ? "" : "s") in \(goldenFolder.path); look at them, then run again without --record")
            throw ExitCode(1)
        }
        if failures > 0 {
            print("\(failures) of \(checkTimes.count) frames differ from \(goldenFolder.path)")
            throw ExitCode(1)
        }
        print("\(checkTimes.count) frame\(checkTimes.count == 1 ? "" : "s") match \(goldenFolder.path)")
    }

    /// The timeline rows to check: from --timeline at --times, else those of the reference.
    private func requestedTimeline(reference: URL) throws -> [TimelineRequest.Row] {
        if !timeline.isEmpty {
            let at = try times.map { try parseTimes($0, option: "--times") } ?? []
            return at.flatMap { t in
                timeline.map { entry -> TimelineRequest.Row in
                    let slash = entry.firstIndex(of: "/")!
                    return TimelineRequest.Row(time: t, layer: String(entry[..<slash]), keyPath: String(entry[entry.index(after: slash)...]))
                }
            }
        }
        guard let text = try? String(contentsOf: reference, encoding: .utf8) else { return [] }
        return try GoldenTimeline.rows(text).dropFirst().map { fields in
            guard fields.count == 3, let t = Double(fields[0]), let slash = fields[1].firstIndex(of: "/") else {
                throw CLIError("\(reference.path): the row '\(fields.joined(separator: ","))' is not time,layer/keyPath,value")
            }
            return TimelineRequest.Row(time: t, layer: String(fields[1][..<slash]), keyPath: String(fields[1][fields[1].index(after: slash)...]))
        }
    }

    /// Runs the compiled script, rendering `times` (or sampling `timeline`, to `timeline.csv`)
    /// into a new folder in the run's private folder.
    private func render(_ compiled: CompiledScript, session: HostSession, times: [Double], timeline: TimelineRequest?) throws -> URL {
        let output = session.path(timeline == nil ? "frames" : "timeline")
        var options = RenderOptions()
        options.outputDirectory = output
        options.times = times
        options.scale = scale
        var job = RenderJob(options: options)
        if let timeline {
            do {
                try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            } catch {
                throw CLIError("cannot create the folder \(output.path): \(folderCreationReason(error, creating: output))")
            }
            job.mode = .timeline(timeline, output: output.appendingPathComponent("timeline.csv").path)
        }
        let pipe = try ProgressPipe { event in
            if case .message(let text) = event { FileHandle.standardError.write(Data((text + "\n").utf8)) }
        }
        defer { pipe.finish() }
        try ScriptRun(compiled: compiled, session: session).run(job: job, events: pipe)
        return output
    }

    /// The times of the `<time>.png` files in `folder`, in order.
    static func referenceTimes(in folder: URL) throws -> [Double] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw CLIError("cannot read the golden folder \(folder.path); record it first with --record --times t1,t2,...")
        }
        return names.compactMap { name -> Double? in
            guard name.hasSuffix(".png") else { return nil }
            let stem = name.dropLast(4)
            guard let t = Double(stem), t.isFinite, t >= 0, RenderOptions.fileName(forTime: t) == name else { return nil }
            return t
        }.sorted()
    }

}
