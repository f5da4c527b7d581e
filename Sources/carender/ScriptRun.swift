import ArgumentParser
@_spi(Script) import CARenderScriptHost
import CARenderStage
import CARenderPixels
import CARenderSupervisor
import Foundation
import Synchronization

/// A script compiled once for one carender command: the source read once (its snapshot is what
/// every worker and the size query run, whatever happens to the file meanwhile), and the
/// executable built from it.
final class CompiledScript: Sendable {
    let compiler: ScriptCompiler
    let script: URL
    /// The source as read when the command started.
    let source: Data
    private let build: Mutex<ScriptCompiler.Build>

    /// Reads and compiles `script` (or takes it from the cache).
    init(_ script: URL, compiler: ScriptCompiler, session: HostSession) throws {
        self.compiler = compiler
        self.script = script
        source = try readScript(script)
        build = Mutex(try compiler.executable(for: script, source: source, session: session))
    }

    var executable: ScriptCompiler.Build {
        build.withLock { $0 }
    }

    /// Rebuilds from the same snapshot when `failed` is still the current build (a cached build
    /// that does not start); several workers finding it broken rebuild it once.
    func rebuild(replacing failed: ScriptCompiler.Build, session: HostSession) throws -> ScriptCompiler.Build {
        try build.withLock { build in
            if build.executable == failed.executable && build.cached {
                build = try compiler.executable(for: script, source: source, session: session, rebuild: true)
            }
            return build
        }
    }

    /// Whether the file on disk still holds the source that was compiled.
    var sourceIsUnchanged: Bool {
        (try? Data(contentsOf: script)) == source
    }
}

/// One run of a compiled script by the command line: a worker tied to carender's life, handed
/// its ``RenderJob`` and reporting through a ``ProgressPipe``.
///
/// - The job goes into a file in the run's private folder (``HostSession``); its path is the one
///   variable the worker reads, `CARENDER_JOB`.
/// - A cached build whose process ends without the script host having started (a corrupted or
///   truncated executable) is rebuilt once, from the same source, and run again.
/// - A crash names the script's file and line, from the Swift runtime's crash report (written
///   into the private folder).
struct ScriptRun {
    let compiled: CompiledScript
    let session: HostSession
    /// Passed to the script (`CommandLine.arguments`).
    var arguments: [String] = []

    var script: URL { compiled.script }

    /// Runs the script with `job`, reporting to `events`. A failing script ends carender with
    /// the script's exit status; a crash or stop request is an error.
    ///
    /// `worker` (1, 2, …) tells apart the files of several runs (the worker processes of a
    /// render); `standardOutput` and `standardError` replace the inherited streams.
    func run(job: RenderJob, events: ProgressPipe, worker: Int = 0,
             standardOutput: Int32? = nil, standardError: Int32? = nil) throws {
        var job = job
        job.progressPath = events.path
        job.scriptDirectory = script.deletingLastPathComponent().path
        let crashFile = session.path(session.uniqueName("crash-w\(worker)", suffix: ".json"))
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = CrashReport.backtraceSetting(writingTo: crashFile, environment: environment)
            ?? environment["SWIFT_BACKTRACE"]
        var build = compiled.executable
        var attempt = 0
        while true {
            attempt += 1
            try? FileManager.default.removeItem(at: crashFile)
            let jobFile = try session.write(try job.encoded(), named: session.uniqueName("job-w\(worker)", suffix: ".json"))
            environment[ScriptHost.jobVariable] = jobFile.path
            let child: Supervisor.Child
            do {
                child = try Supervisor.start(build.executable, arguments: arguments, environment: environment,
                                             output: standardOutput, error: standardError)
            } catch let error as Supervisor.LaunchError where build.cached && attempt == 1 {
                Self.warn("the cached build of \(script.path) does not start (\(error.reason)); rebuilding it")
                build = try compiled.rebuild(replacing: build, session: session)
                continue
            }
            let ended = child.wait()
            events.drain()
            let started = events.started(child.pid)
            if !started && !ended.succeeded && build.cached && ended.stopRequest == nil && attempt == 1 {
                Self.warn("the cached build of \(script.path) ended before the script started (\(Self.describe(ended))); rebuilding it")
                build = try compiled.rebuild(replacing: build, session: session)
                continue
            }
            if let request = ended.stopRequest {
                throw StopRequest(signal: request, description: "\(script.lastPathComponent) was stopped (\(Supervisor.Termination.name(ofSignal: request)))")
            }
            if ended.signal && ended.status == SIGKILL {
                throw CLIError("\(script.lastPathComponent) was killed (SIGKILL, sent by another process or by the system when memory runs out); frames written so far are complete")
            }
            if ended.signal {
                let location = CrashReport(contentsOf: crashFile, script: script)?.sentence
                    ?? "crashed (\(Supervisor.Termination.name(ofSignal: ended.status)))"
                throw CLIError("\(script.lastPathComponent) \(location); frames rendered before the crash are written")
            }
            if ended.status != 0 { throw ExitCode(ended.status) }
            return
        }
    }

    private static func describe(_ ended: Supervisor.Termination) -> String {
        ended.signal ? Supervisor.Termination.name(ofSignal: ended.status) : "exit status \(ended.status)"
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("carender: warning: \(message)\n".utf8))
    }
}

/// A script or child stopped by a signal carender passed on (Ctrl-C, a termination request):
/// carender ends with 128 + the signal's number, as a shell reports a process the signal ended.
struct StopRequest: Error, CustomStringConvertible {
    let signal: Int32
    let description: String

    var exitStatus: Int32 { 128 + signal }
}

/// The script's text; a folder, or a file that cannot be read, is one line naming it.
func readScript(_ script: URL) throws -> Data {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: script.path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw CLIError("cannot read the script \(script.path): it is a folder, not a file")
    }
    do {
        return try Data(contentsOf: script)
    } catch {
        throw CLIError("cannot read the script \(script.path): \(plainReason(error))")
    }
}
