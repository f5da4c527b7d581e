import CARenderStage
import CARenderSupervisor
import Foundation
import Synchronization

/// How a preview compiles its script: the command line's compiler (and its cache), reporting the
/// compiler's output when the script does not compile.
package enum ScriptBuildResult: Sendable {
    case built(URL)
    case failed(compilerOutput: String)
}

/// What `carender preview` was asked for.
package struct PreviewConfiguration: Sendable {
    /// The script (absolute path).
    package var script: URL
    /// Passed to the script (`CommandLine.arguments`).
    package var scriptArguments: [String]
    /// The environment of every worker.
    package var workerEnvironment: [String: String]
    /// The render job of every worker (the sequence's options and the script's folder); each
    /// worker's copy names its own socket (``RenderJob/Mode/preview(socket:)``).
    package var workerJob: RenderJob
    /// Compiles the script (blocking; called off the server's threads).
    package var build: @Sendable (URL) -> ScriptBuildResult
    /// The `carender` executable and the options that render the same sequence, for the video
    /// export (`carender SCRIPT OPTIONS --video FILE`).
    package var carender: URL
    package var renderArguments: [String]
    /// The private folder for sockets and exports (created 0700 by the caller, removed at the end).
    package var folder: URL
    /// Prints a line in the terminal.
    package var log: @Sendable (String) -> Void

    package init(script: URL, scriptArguments: [String], workerEnvironment: [String: String], workerJob: RenderJob, build: @escaping @Sendable (URL) -> ScriptBuildResult,
                 carender: URL, renderArguments: [String], folder: URL, log: @escaping @Sendable (String) -> Void) {
        self.script = script
        self.scriptArguments = scriptArguments
        self.workerEnvironment = workerEnvironment
        self.workerJob = workerJob
        self.build = build
        self.carender = carender
        self.renderArguments = renderArguments
        self.folder = folder
        self.log = log
    }
}

/// The preview's state: the current build, its workers, the cached frames, the timeline, the
/// problems to show, and reloading when the script changes.
///
/// Workers sit at different times (the clock runs only forwards): a request for time `t` goes to
/// the idle worker of the current build whose clock is latest but not after `t`; when every
/// worker is past `t`, one that is ahead is replaced by a new one starting at 0. A spare worker
/// is kept at 0 so that going back (a loop, a scrub to the left) does not wait for a start.
package actor PreviewSession {
    package let configuration: PreviewConfiguration
    package let console: PreviewConsole

    /// The page's view of the session.
    package struct State: Codable, Sendable {
        package var version: Int
        package var changes: Int
        /// `starting`, `compiling`, `ready`, `failed` (no build yet) or `error` (the last change
        /// failed; the last good build still serves).
        package var status: String
        package var script: String
        package var stage: SequenceInfo?
        package var diagnostics: [PreviewDiagnostic]
        package var timelineReady: Bool
        package var consoleCount: Int
        package var export: ExportState?
    }

    package struct ExportState: Codable, Sendable {
        package var status: String
        package var file: String
        package var message: String
    }

    private var version = 0
    private var changes = 0
    private var status = "starting"
    private var executable: URL?
    private var stage: SequenceInfo?
    private var diagnostics: [PreviewDiagnostic] = []
    private var timeline: PreviewTimeline?
    private var export: ExportState?
    private var exportFile: URL?

    private var workers: [WorkerProcess] = []
    private var busy: Set<Int> = []
    private var spawning = 0
    private var nextWorkerID = 1
    private var cache = FrameCache(capacityBytes: 256 << 20)
    private var reloading = false
    private var reloadAgain = false
    private var stopped = false

    /// Workers kept per build: one that scrubs, a spare at 0 and the survey's (left at the end).
    static let maximumWorkers = 3
    /// Points per animated key path in the timeline's graphs.
    static let graphSamples = 240

    package init(configuration: PreviewConfiguration) {
        self.configuration = configuration
        console = PreviewConsole(log: configuration.log)
    }

    // MARK: - State

    package func state() -> State {
        State(version: version, changes: changes, status: status, script: configuration.script.lastPathComponent, stage: stage,
              diagnostics: diagnostics, timelineReady: timeline != nil, consoleCount: console.count, export: export)
    }

    package var changeCount: Int { changes }

    private func changed() { changes += 1 }

    // MARK: - Builds

    /// Compiles the script and starts serving it (the first build), or after a change swaps in the
    /// new build once a worker of it answers; a failed compile or start keeps the last good build
    /// serving and shows the problem.
    package func reload() async {
        if reloading {
            reloadAgain = true
            return
        }
        reloading = true
        defer { reloading = false }
        repeat {
            reloadAgain = false
            await reloadOnce()
        } while reloadAgain && !stopped
    }

    private func reloadOnce() async {
        let previousStatus = status
        status = version == 0 ? "starting" : "compiling"
        changed()
        let started = Date()
        let build = configuration.build
        let script = configuration.script
        let result = await Self.offThread { build(script) }
        switch result {
        case .failed(let output):
            var problems = PreviewDiagnostic.parseCompilerOutput(output)
            if problems.isEmpty {
                problems = [PreviewDiagnostic(severity: .error, message: output.isEmpty ? "the script did not compile" : output)]
            }
            diagnostics = problems
            status = version == 0 ? "failed" : "error"
            configuration.log("\(script.lastPathComponent) did not compile; \(version == 0 ? "fix it and save" : "the last good build stays on screen")")
            changed()
        case .built(let built):
            do {
                let newVersion = version + 1
                let worker = try await startWorker(executable: built, version: newVersion)
                let (response, _) = try await worker.send(.describe)
                guard let info = response.stage else { throw PreviewError(response.error ?? "the worker did not describe its stage") }
                for old in workers { old.stop() }
                workers = [worker]
                busy = []
                cache.removeAll()
                timeline = nil
                executable = built
                version = newVersion
                stage = info
                diagnostics = runtimeDiagnostics(response.messages)
                status = "ready"
                changed()
                if newVersion > 1 || previousStatus != "starting" {
                    configuration.log(String(format: "reloaded %@ in %.2f s", script.lastPathComponent, Date().timeIntervalSince(started)))
                }
                startSurvey(version: newVersion)
                ensureSpare()
            } catch {
                let failure = error as? PreviewError
                var problems = [PreviewDiagnostic(severity: .error, message: "\(error)")]
                for line in failure?.lastLines ?? [] {
                    if let located = PreviewDiagnostic.parseRuntimeLine(line) { problems.append(located) }
                }
                diagnostics = problems
                status = version == 0 ? "failed" : "error"
                configuration.log("\(script.lastPathComponent): \(error)")
                changed()
            }
        }
    }

    /// Warnings and errors a worker reported, as diagnostics (with their location when they name one).
    private func runtimeDiagnostics(_ messages: [String]) -> [PreviewDiagnostic] {
        messages.map { PreviewDiagnostic.parseRuntimeLine($0) ?? PreviewDiagnostic(severity: .warning, message: $0) }
    }

    private func note(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        for message in messages {
            console.append(message)
            let diagnostic = PreviewDiagnostic.parseRuntimeLine(message) ?? PreviewDiagnostic(severity: .warning, message: message)
            if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
        }
        changed()
    }

    // MARK: - Workers

    private func startWorker(executable: URL, version: Int) async throws -> WorkerProcess {
        let id = nextWorkerID
        nextWorkerID += 1
        spawning += 1
        defer { spawning -= 1 }
        let console = self.console
        return try await WorkerProcess.start(id: id, version: version, executable: executable, arguments: configuration.scriptArguments,
                                             environment: configuration.workerEnvironment, job: configuration.workerJob, folder: configuration.folder,
                                             output: { console.append($0) })
    }

    /// An idle worker of the current build whose clock is at or before `t`, marked busy.
    private func acquire(at t: Double) async throws -> WorkerProcess {
        while !stopped {
            // The first build is still on its way: wait for it rather than fail.
            if executable == nil && (status == "starting" || status == "compiling") {
                try await Task.sleep(nanoseconds: 20_000_000)
                continue
            }
            guard let executable else { throw PreviewError("the script has no working build (see its errors)") }
            let current = version
            workers.removeAll { !$0.isRunning && !busy.contains($0.id) }
            let idle = workers.filter { $0.version == current && !busy.contains($0.id) }
            if let best = idle.filter({ $0.time <= t }).max(by: { $0.time < $1.time }) {
                busy.insert(best.id)
                return best
            }
            if workers.count + spawning < Self.maximumWorkers {
                let worker = try await startWorker(executable: executable, version: current)
                guard version == current else {
                    worker.stop()
                    continue
                }
                workers.append(worker)
                busy.insert(worker.id)
                return worker
            }
            if let ahead = idle.max(by: { $0.time < $1.time }) {
                // Every idle worker is past `t`: replace the one furthest ahead.
                ahead.stop()
                workers.removeAll { $0 === ahead }
                continue
            }
            try await Task.sleep(nanoseconds: 2_000_000)
        }
        throw PreviewError("the preview is shutting down")
    }

    private func release(_ worker: WorkerProcess) {
        busy.remove(worker.id)
        ensureSpare()
    }

    /// Keeps a worker of the current build waiting at time 0, when there is room for one.
    private func ensureSpare() {
        guard let executable, !stopped, spawning == 0, workers.count < Self.maximumWorkers,
              !workers.contains(where: { $0.version == version && $0.time == 0 && $0.isRunning }) else { return }
        let current = version
        spawning += 1
        Task {
            defer { self.spawnFinished() }
            guard let worker = try? await self.startDetached(executable: executable, version: current) else { return }
            self.adopt(worker)
        }
    }

    private func spawnFinished() { spawning -= 1 }

    private func startDetached(executable: URL, version: Int) async throws -> WorkerProcess {
        let id = nextWorkerID
        nextWorkerID += 1
        let console = self.console
        return try await WorkerProcess.start(id: id, version: version, executable: executable, arguments: configuration.scriptArguments,
                                             environment: configuration.workerEnvironment, job: configuration.workerJob, folder: configuration.folder,
                                             output: { console.append($0) })
    }

    private func adopt(_ worker: WorkerProcess) {
        if worker.version == version && !stopped && workers.count < Self.maximumWorkers + 1 {
            workers.append(worker)
        } else {
            worker.stop()
        }
    }

    /// Runs `request` (for time `t`) on a suitable worker of the current build.
    private func perform(_ request: PreviewRequest, at t: Double) async throws -> (PreviewResponse, Data, Int) {
        let worker = try await acquire(at: t)
        let current = worker.version
        do {
            let (response, payload) = try await worker.send(request)
            release(worker)
            note(response.messages)
            if let error = response.error { throw PreviewError(error) }
            return (response, payload, current)
        } catch let error as PreviewError {
            busy.remove(worker.id)
            if !worker.isRunning {
                workers.removeAll { $0 === worker }
                note(["carender: error: \(error.description)"])
            }
            throw error
        }
    }

    // MARK: - Requests

    /// The frame at `t` as PNG bytes, with the milliseconds the worker spent on it (nil when it
    /// came from the cache) and the build's version.
    package func frame(at t: Double) async throws -> (png: Data, milliseconds: Double?, version: Int) {
        let key = FrameCache.Key(version: version, microseconds: Int64((t * 1e6).rounded()))
        if let png = cache[key] { return (png, nil, version) }
        let (response, png, built) = try await perform(.frame(time: t), at: t)
        cache[FrameCache.Key(version: built, microseconds: key.microseconds)] = png
        return (png, response.renderMilliseconds, built)
    }

    package func layers(at t: Double) async throws -> [PreviewLayer] {
        try await perform(.layers(time: t), at: t).0.layers ?? []
    }

    package func hitTest(at t: Double, x: Double, y: Double) async throws -> [Int]? {
        try await perform(.hitTest(time: t, x: x, y: y), at: t).0.hit
    }

    package func inspect(at t: Double, layer: [Int]) async throws -> PreviewInspection? {
        try await perform(.inspect(time: t, layer: layer), at: t).0.inspection
    }

    package func timelineIfReady() -> PreviewTimeline? { timeline }

    /// Surveys the whole sequence on a worker of its own, in the background.
    private func startSurvey(version surveyed: Int) {
        Task {
            do {
                let (response, _, built) = try await self.perform(.survey(samples: Self.graphSamples), at: 0)
                self.surveyFinished(response.timeline, version: built, expected: surveyed)
            } catch {
                self.note(["carender: warning: the timeline could not be surveyed: \(error)"])
            }
        }
    }

    private func surveyFinished(_ result: PreviewTimeline?, version built: Int, expected: Int) {
        guard built == expected, built == version, let result else { return }
        timeline = result
        changed()
    }

    // MARK: - Export

    /// Renders the video with the command line (same options) into the preview's folder.
    package func startVideoExport() {
        guard export?.status != "running" else { return }
        let name = configuration.script.deletingPathExtension().lastPathComponent + ".mp4"
        let output = configuration.folder.appendingPathComponent("export").appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: output)
        export = ExportState(status: "running", file: name, message: "rendering \(name)")
        exportFile = nil
        changed()
        let arguments = [configuration.script.path] + configuration.renderArguments + ["--video", output.path, "--progress", "none"]
            + (configuration.scriptArguments.isEmpty ? [] : ["--"] + configuration.scriptArguments)
        let carender = configuration.carender
        Task {
            let (status, text) = await Self.offThread { Self.run(carender, arguments) }
            self.exportFinished(status: status, output: text, file: output)
        }
    }

    private func exportFinished(status: Int32, output: String, file: URL) {
        if status == 0 && FileManager.default.fileExists(atPath: file.path) {
            exportFile = file
            export?.status = "done"
            export?.message = "rendered \(file.lastPathComponent)"
            configuration.log("exported \(file.lastPathComponent)")
        } else {
            let last = output.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
            export?.status = "failed"
            export?.message = last
        }
        changed()
    }

    package func exportedVideo() -> URL? { exportFile }

    /// Runs the command line (supervised, as the workers are: it ends with the preview) and
    /// returns its exit status (128 + the signal when one ended it) and its last lines.
    private static func run(_ executable: URL, _ arguments: [String]) -> (Int32, String) {
        let pipe: (read: Int32, write: Int32)
        do { pipe = try Supervisor.pipe() } catch { return (-1, "\(error)") }
        let lines = OutputTail(reading: pipe.read, keep: 8)
        let child: Supervisor.Child
        do {
            defer { close(pipe.write) }
            child = try Supervisor.start(executable, arguments: arguments, environment: ProcessInfo.processInfo.environment,
                                         input: Supervisor.nullInput, output: pipe.write, error: pipe.write)
        } catch {
            _ = lines.finish()
            return (-1, "\(error)")
        }
        let ended = child.wait()
        return (ended.signal ? 128 + ended.status : ended.status, lines.finish().joined(separator: "\n"))
    }

    // MARK: - Shutdown

    /// Ends every worker at once.
    package func shutdown() {
        stopped = true
        for worker in workers { worker.kill() }
        workers = []
    }

    /// Runs blocking work on a thread of its own, off the concurrency pool.
    static func offThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }
}

/// Frames already rendered, by build and time, up to a budget of bytes (least recently used
/// go first).
struct FrameCache {
    struct Key: Hashable {
        var version: Int
        var microseconds: Int64
    }

    let capacityBytes: Int
    private var entries: [Key: (data: Data, used: Int)] = [:]
    private var bytes = 0
    private var clock = 0

    init(capacityBytes: Int) { self.capacityBytes = capacityBytes }

    subscript(key: Key) -> Data? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.data, clock)
            return entry.data
        }
        set {
            if let old = entries.removeValue(forKey: key) { bytes -= old.data.count }
            guard let data = newValue else { return }
            clock += 1
            entries[key] = (data, clock)
            bytes += data.count
            while bytes > capacityBytes, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                entries.removeValue(forKey: oldest.key)
                bytes -= oldest.value.data.count
            }
        }
    }

    mutating func removeAll() {
        entries = [:]
        bytes = 0
    }
}

/// The script's output lines (what it prints, and what the library reports), numbered, the last
/// few hundred kept for the page; each also goes to the terminal.
package final class PreviewConsole: Sendable {
    /// The kept lines, and how many lines were printed in all.
    private let state = Mutex<(lines: [String], total: Int)>(([], 0))
    private let log: @Sendable (String) -> Void
    static let keptLines = 500

    init(log: @escaping @Sendable (String) -> Void) { self.log = log }

    func append(_ line: String) {
        state.withLock { state in
            state.lines.append(line)
            state.total += 1
            if state.lines.count > Self.keptLines { state.lines.removeFirst(state.lines.count - Self.keptLines) }
        }
        log(line)
    }

    /// How many lines have been printed in all.
    package var count: Int {
        state.withLock { $0.total }
    }

    /// Lines numbered from `start` (0-based over all lines printed) that are still kept.
    package func lines(from start: Int) -> (first: Int, lines: [String]) {
        state.withLock { state in
            let firstKept = state.total - state.lines.count
            let from = max(start, firstKept)
            return (from, Array(state.lines[(from - firstKept)...]))
        }
    }
}
