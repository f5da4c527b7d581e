import ArgumentParser
import CARenderPixels
import CARenderStage
import CARenderStudio
import CARenderSupervisor
import Foundation
import Synchronization

/// `carender preview SCRIPT`: a local web page that scrubs, plays and inspects the script's
/// animation, reloading when the script changes.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Preview a script in the browser: scrub, play, inspect layers, live reload.",
        usage: "carender preview SCRIPT [--port N] [--open] [options] [-- ARGUMENTS...]",
        discussion: """
            Starts a web server on this machine (127.0.0.1 unless --host says otherwise) and prints the \
            page's address. The page shows the frame at any time, rendered on demand by the script and \
            identical to what carender SCRIPT --times t writes; plays at --fps in real time, dropping frames \
            when rendering falls behind; and shows the animations on a timeline, the layer tree, the values \
            of the layer under the pointer and the easing curves. Saving the script (or a file beside it, \
            or in assets/) recompiles it and reloads the page at the same time; compile errors appear in \
            the page. Ctrl-C stops the server.
            """)

    @Argument(help: "The Swift script to preview.", completion: .file())
    var script: String

    @Argument(parsing: .postTerminator, help: "Arguments after -- are passed to the script (CommandLine.arguments).")
    var scriptArguments: [String] = []

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = PreviewCommand.defaultPort

    @Option(help: "The address to listen on. Anything but a loopback address lets other machines see the preview.")
    var host: String = "127.0.0.1"

    @OptionGroup(title: "Sequence")
    var sequence: SequenceOptions

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    static let defaultPort = 8420

    func validate() throws {
        try sequence.check()
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, got \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address such as 127.0.0.1") }
    }

    func run() throws {
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            let reason = FileManager.default.fileExists(atPath: scriptURL.path) ? "it is not readable" : "there is no such file"
            throw CLIError("cannot read the script \(script): \(reason)")
        }
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let library = try LibraryLocation.find()
        let page: PageResources
        do {
            // Beside the executable in a build folder; in the library's folder when installed.
            page = try PageResources.load(searching: [executable.resolvingSymlinksInPath().deletingLastPathComponent(), library.directory])
        } catch {
            throw CLIError("\(error)")
        }
        // The workers' sockets and exports live in a private folder like any run's (a killed
        // preview's is removed by the next carender run).
        let privateFolder = try HostSession()
        defer { privateFolder.remove() }
        let folder = privateFolder.folder
        let stop = try StopSignal()

        var options = RenderOptions()
        options.fps = sequence.fps.value
        options.duration = sequence.duration
        options.scale = sequence.scale
        let workerJob = RenderJob(options: options, scriptDirectory: scriptURL.deletingLastPathComponent().path)
        var renderArguments = ["--fps", sequence.fps.ffmpegForm]
        if let duration = sequence.duration { renderArguments += ["--duration", String(duration)] }
        if let scale = sequence.scale { renderArguments += ["--scale", String(scale)] }

        let configuration = PreviewConfiguration(
            script: scriptURL, scriptArguments: scriptArguments, workerEnvironment: ProcessInfo.processInfo.environment, workerJob: workerJob,
            build: { script in Self.build(script, library: library, folder: folder, stop: stop) },
            carender: executable.resolvingSymlinksInPath(), renderArguments: renderArguments, folder: folder,
            log: { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) })
        let session = PreviewSession(configuration: configuration)
        let server = PreviewServer(session: session, host: host, port: UInt16(port), page: page)
        let opens = open
        let failure = FailureBox()
        let serving = Task {
            do {
                try await server.run { url in
                    FileHandle.standardError.write(Data("carender: previewing \(scriptURL.lastPathComponent) at \(url.absoluteString) (Ctrl-C stops)\n".utf8))
                    if opens { Self.openBrowser(url) }
                }
            } catch is CancellationError {
            } catch {
                failure.set("\(error)")
                stop.raise(StopSignal.failure)
            }
        }
        let watching = Task {
            await session.reload()
            await ScriptWatcher(script: scriptURL, ignoring: ScriptWatcher.FileIdentity.ofStandardOutputs()).watch { await session.reload() }
        }
        let signal = stop.wait()
        watching.cancel()
        serving.cancel()
        let done = DispatchSemaphore(value: 0)
        Task {
            await session.shutdown()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
        // A stop request is the outcome, whatever the server then said (the signal interrupts
        // its socket calls, which it can report as a lost connection).
        if signal == StopSignal.failure { throw CLIError(failure.message ?? "the preview server stopped") }
        // 128 + the signal, as shells report a command stopped by it.
        throw ExitCode(128 + signal)
    }

    /// Compiles the script, capturing the compiler's messages for the page.
    private static func build(_ script: URL, library: LibraryLocation, folder: URL, stop: StopSignal) -> ScriptBuildResult {
        let log = folder.appendingPathComponent("compiler-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil, attributes: [.posixPermissions: 0o600])
        defer { try? FileManager.default.removeItem(at: log) }
        guard let handle = try? FileHandle(forWritingTo: log) else {
            return .failed(compilerOutput: "cannot create \(log.path) for the compiler's messages")
        }
        var compiler = ScriptCompiler(library: library)
        compiler.compilerOutput = handle
        let result: ScriptBuildResult
        do {
            let session = try HostSession()
            defer { session.remove() }
            let source = try readScript(script)
            result = .built(try compiler.executable(for: script, source: source, session: session).executable)
        } catch {
            try? handle.close()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            result = .failed(compilerOutput: output.isEmpty ? "\(error)" : output)
            if let stopped = error as? StopRequest { stop.raise(stopped.signal) }
        }
        try? handle.close()
        return result
    }

    private static func openBrowser(_ url: URL) {
        guard let opener = findExecutableOnPath("xdg-open") else {
            FileHandle.standardError.write(Data("carender: warning: --open needs xdg-open; open \(url.absoluteString) yourself\n".utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// A server failure, kept for the main thread to report: the first one set.
private final class FailureBox: Sendable {
    private let first = Mutex<String?>(nil)
    var message: String? { first.withLock { $0 } }
    func set(_ text: String) {
        first.withLock { if $0 == nil { $0 = text } }
    }
}

/// Ctrl-C and termination requests, turned into a byte on a pipe the main thread waits on, so the
/// preview can stop its workers and remove its folder before it exits. The handlers are the
/// ``Supervisor``'s, which also pass the request on to every child (workers, a compile, an
/// export).
final class StopSignal: Sendable {
    /// What ``raise(_:)`` is given when the preview fails: 0, the number of no signal.
    static let failure: Int32 = 0
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        (readEnd, writeEnd) = try makePipe()
        Supervisor.notifyStop(writingTo: writeEnd)
    }

    /// Stops the preview as if `number` had arrived.
    func raise(_ number: Int32) {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(writeEnd, &byte, 1)
    }

    /// Blocks until a stop arrives; returns its signal number (``failure`` for a failure).
    func wait() -> Int32 {
        var byte: UInt8 = 0
        while true {
            let n = read(readEnd, &byte, 1)
            if n == 1 { return Int32(byte) }
            if n < 0 && errno == EINTR { continue }
            return SIGTERM
        }
    }
}
