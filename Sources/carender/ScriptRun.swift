import ArgumentParser
import Foundation

/// One render of a script by the command line: compile (or take from the cache), run it tied to
/// carender's life, and read back what it rendered.
///
/// - The script reports through a file in the temporary folder (`CARENDER_REPORT`): the CARender
///   library writes `started` into it when it loads, and `stage.run()` replaces that with the
///   frame count. The file is created before compiling, so an unwritable temporary folder is an
///   error before anything runs; files left by killed runs are removed.
/// - A cached build whose process ends without the library having started (a corrupted or
///   truncated executable) is rebuilt once and run again.
/// - A crash names the script's file and line, from the Swift runtime's crash report.
struct ScriptRun {
    let compiler: ScriptCompiler
    let script: URL
    /// Passed to the script (`CommandLine.arguments`).
    var arguments: [String] = []

    /// Compiles and runs the script with `environment` (the render options); returns what
    /// `stage.run()` reported, or nil when the script never called it. A failing script ends
    /// carender with the script's exit status; a crash or stop request is an error.
    ///
    /// `worker` (1, 2, …) tells apart the files of several runs of one carender (the worker
    /// processes of a render); `standardOutput` and `standardError` replace the inherited streams.
    func run(environment: [String: String], worker: Int? = nil,
             standardOutput: FileHandle? = nil, standardError: FileHandle? = nil) throws -> RenderReport? {
        let temporary = try Self.checkedTemporaryFolder()
        if (worker ?? 1) == 1 { Self.removeAbandonedFiles(in: temporary) }
        let suffix = worker.map { "-w\($0)" } ?? ""
        let report = temporary.appendingPathComponent("\(Self.reportPrefix)\(getpid())\(suffix)")
        let crashFile = temporary.appendingPathComponent("\(Self.crashPrefix)\(getpid())\(suffix).json")
        defer {
            try? FileManager.default.removeItem(at: report)
            try? FileManager.default.removeItem(at: crashFile)
        }
        var environment = environment
        environment["CARENDER_REPORT"] = report.path
        // `UIImage(named:)` looks for images beside the script.
        environment["CARENDER_SCRIPT_DIR"] = script.deletingLastPathComponent().path
        environment["SWIFT_BACKTRACE"] = CrashReport.backtraceSetting(writingTo: crashFile, environment: environment)
            ?? environment["SWIFT_BACKTRACE"]

        var build = try compiler.executable(for: script)
        while true {
            try Self.createEmpty(report)
            let ended: ScriptRunner.Termination
            do {
                ended = try ScriptRunner.launch(build.executable, arguments: arguments, environment: environment, tiedToParent: true,
                                                standardOutput: standardOutput, standardError: standardError)
            } catch let error as ScriptRunner.LaunchError where build.cached {
                Self.warn("the cached build of \(script.path) does not start (\(error.reason)); rebuilding it")
                build = try compiler.executable(for: script, rebuild: true)
                continue
            }
            let started = (try? Data(contentsOf: report)).map { !$0.isEmpty } ?? false
            // A build that ran to a clean exit did start, whatever happened to the report file.
            let failed = ended.signal || ended.status != 0
            if !started && failed && build.cached && ended.stopRequest == nil {
                Self.warn("the cached build of \(script.path) ended before the script started (\(Self.describe(ended))); rebuilding it")
                build = try compiler.executable(for: script, rebuild: true)
                continue
            }
            if let request = ended.stopRequest {
                throw StopRequest(signal: request, description: "\(script.lastPathComponent) was stopped (\(ScriptRunner.Termination.name(ofSignal: request))); frames written so far are complete")
            }
            if ended.signal && ended.status == SIGKILL {
                throw CLIError("\(script.lastPathComponent) was killed (SIGKILL, sent by another process or by the system when memory runs out); frames written so far are complete")
            }
            if ended.signal {
                let location = CrashReport(contentsOf: crashFile, script: script)?.sentence
                    ?? "crashed (\(ScriptRunner.Termination.name(ofSignal: ended.status))); its message is above"
                throw CLIError("\(script.lastPathComponent) \(location); frames rendered before the crash are written")
            }
            if ended.status != 0 { throw ExitCode(ended.status) }
            return RenderReport(contentsOf: report)
        }
    }

    private static let reportPrefix = "carender-report-"
    private static let crashPrefix = "carender-crash-"

    /// The temporary folder (`TMPDIR`), checked by creating a file in it.
    static func checkedTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
        let probe = folder.appendingPathComponent("\(reportPrefix)\(getpid())")
        do {
            try createEmpty(probe)
        } catch {
            let origin = ProcessInfo.processInfo.environment["TMPDIR"].map { _ in " (TMPDIR)" } ?? ""
            throw CLIError("cannot write to the temporary folder \(folder.path)\(origin): \(error.localizedDescription); set TMPDIR to a writable folder")
        }
        return folder
    }

    private static func createEmpty(_ url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        close(descriptor)
    }

    /// Removes report and crash files of carender runs that are no longer running (killed).
    static func removeAbandonedFiles(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let rest: Substring
            if name.hasPrefix(reportPrefix) {
                rest = name.dropFirst(reportPrefix.count)
            } else if name.hasPrefix(crashPrefix), name.hasSuffix(".json") {
                rest = name.dropFirst(crashPrefix.count).dropLast(".json".count)
            } else {
                continue
            }
            // `<pid>` or `<pid>-w<worker>`.
            guard let pid = pid_t(rest.prefix { $0 != "-" }), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    private static func describe(_ ended: ScriptRunner.Termination) -> String {
        ended.signal ? ScriptRunner.Termination.name(ofSignal: ended.status) : "exit status \(ended.status)"
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data("carender: warning: \(message)\n".utf8))
    }
}

/// A script stopped by a signal carender passed on (Ctrl-C, a termination request).
struct StopRequest: Error, CustomStringConvertible {
    let signal: Int32
    let description: String
}
