import CARenderPixels
import CARenderSupervisor
import Foundation
import CARenderSourceCompatibility

/// Compiles a user's script into an executable linked against CARender, caching the result by a
/// hash of the script, its path and the library build.
struct ScriptCompiler {
    let library: LibraryLocation
    var verbose = false
    /// Where the compiler's messages go (inherited standard error when nil): `carender preview`
    /// shows them in its page.
    var compilerOutput: FileHandle?

    /// The cache folder: `CARENDER_CACHE`, else `$XDG_CACHE_HOME/carender`, else `~/.cache/carender`.
    /// Symbolic links in the path are resolved: clang's module cache records the path it was
    /// built under and refuses the same files reached through another.
    static var cacheDirectory: URL {
        configuredCacheDirectory.resolvingSymlinksInPath()
    }

    private static var configuredCacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["CARENDER_CACHE"], !cache.isEmpty { return URL(fileURLWithPath: cache) }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("carender")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/carender")
    }

    /// A compiled script, and whether it came from the cache.
    struct Build {
        let executable: URL
        let cached: Bool
    }

    /// Returns a compiled executable for `source`, the contents of `script` as read once by the
    /// caller (so every worker runs the version read then), compiling only when the cache has none
    /// (or, with `rebuild`, always: for a cached build that turned out not to start). The
    /// compiler's temporary files go into the run's private folder.
    func executable(for script: URL, source: Data, session: HostSession, rebuild: Bool = false) throws -> Build {
        // The source-compatibility pass runs first: its output is what is compiled, so it is
        // what the cache key hashes (a change to the pass compiles the script again).
        let compiled = try Self.compiledSource(source, path: script.path, diagnosticsTo: compilerOutput)
        let key = try cacheKey(script: script, source: Data(compiled.text.utf8))
        let folder = Self.cacheDirectory.appendingPathComponent(key)
        let executable = folder.appendingPathComponent("script")
        if rebuild {
            if verbose { log("rebuilding \(executable.path)") }
            try? FileManager.default.removeItem(at: executable)
        } else if FileManager.default.isExecutableFile(atPath: executable.path) {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.path)
            if verbose { log("using the cached build \(executable.path)") }
            return Build(executable: executable, cached: true)
        }
        Self.evictStaleEntries()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create the cache folder \(folder.path): \(folderCreationReason(error, creating: folder))")
        }
        let main = folder.appendingPathComponent("main.swift")
        try compiled.text.write(to: main, atomically: true, encoding: .utf8)

        // Build beside the final name, then rename: a concurrent or interrupted run never sees a
        // half-linked executable. The name holds our process id, so a later run can remove what
        // a killed one left (see `removeAbandonedPartials`).
        let partial = folder.appendingPathComponent("\(Self.partialPrefix)\(getpid())")
        // Where the pass changed a line's text, the compiler's diagnostics go through a filter
        // that gives them the user's columns and lines (see `CompilerOutputFilter`).
        let filter = compiled.map.map { CompilerOutputFilter(path: script.path, map: $0, output: compilerOutput) }
        var arguments = [
            // Line tables only: a crash's backtrace names the script's file and line (through the
            // #sourceLocation line), at a fraction of full debug information's compile time.
            "-Onone", "-gline-tables-only", "-diagnostic-style", "llvm",
            "-module-name", "CarenderScript",
            "-module-cache-path", Self.cacheDirectory.appendingPathComponent("module-cache").path,
            "-I", library.modulesDirectory.path,
        ] + library.cModuleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] } + [
            "-L", library.directory.path, "-lCARender",
            "-Xlinker", "-rpath", "-Xlinker", library.directory.path,
            main.path, "-o", partial.path,
        ]
        if filter?.colored == true { arguments.insert("-color-diagnostics", at: 0) }
        let swiftc = try Self.findSwiftc()
        if verbose { log("\(swiftc) \(arguments.joined(separator: " "))") }
        let ended: Supervisor.Termination
        // The driver's temporary files go into the run's private folder, removed with it (and by
        // the next run's sweep when carender was killed).
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = session.folder.path
        do {
            // Run in the cache entry: line tables name files relative to the compiler's folder
            // when they lie inside it, and the script never lies inside its cache entry, so its
            // path stays absolute in crash reports.
            defer { filter?.finish() }
            ended = try Supervisor.run(URL(fileURLWithPath: swiftc), arguments: arguments, environment: environment, in: folder,
                                       output: compilerOutput?.fileDescriptor,
                                       error: (filter?.input ?? compilerOutput)?.fileDescriptor)
        } catch let error as Supervisor.LaunchError {
            throw CLIError("cannot run the Swift compiler: \(error)")
        }
        guard ended.succeeded else {
            try? FileManager.default.removeItem(at: partial)
            if let request = ended.stopRequest {
                throw StopRequest(signal: request, description: "compiling \(script.lastPathComponent) was stopped (\(Supervisor.Termination.name(ofSignal: request))); nothing was rendered")
            }
            if ended.signal {
                throw CLIError("the Swift compiler crashed (\(Supervisor.Termination.name(ofSignal: ended.status))) compiling \(script.path)")
            }
            throw CLIError("\(script.path) did not compile (see the errors above)")
        }
        if rename(partial.path, executable.path) != 0 {
            try? FileManager.default.removeItem(at: partial)
            throw CLIError("cannot move the compiled script into the cache at \(executable.path)")
        }
        return Build(executable: executable, cached: false)
    }

    /// The script as compiled, and the map back to the user's columns when the
    /// source-compatibility pass changed any line.
    struct CompiledSource {
        var text: String
        var map: SourceMap?
    }

    /// The script as compiled: a `#sourceLocation` line first, so diagnostics and `#file` name the
    /// user's file and line; the script's code after the source-compatibility pass (which keeps
    /// every line where it was, see CompatibilityPass.swift); then what the pass's rewrites rely
    /// on. A leading shebang line is blanked, as swiftc only accepts it on line 1. After the
    /// script's code, the main exits with the status its stages' `run()` calls left (1 when one
    /// failed): the library reports errors, the script host decides how the process ends. The
    /// host starts first (`ScriptHost.begin()`: it reads the render job, ties the process to
    /// carender and installs the cleanup handlers).
    ///
    /// Throws, after printing each as the compiler would (to `output`, else standard error),
    /// when the pass found constructs it cannot map.
    static func compiledSource(_ data: Data, path: String, diagnosticsTo output: FileHandle? = nil) throws -> CompiledSource {
        guard var text = String(data: data, encoding: .utf8) else {
            throw CLIError("\(path) is not UTF-8 text")
        }
        if text.hasPrefix("#!") {
            let end = text.firstIndex(of: "\n") ?? text.endIndex
            text.replaceSubrange(text.startIndex..<end, with: "")
        }
        let pass = CompatibilityPass.rewrite(text)
        if !pass.diagnostics.isEmpty {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var report = ""
            for diagnostic in pass.diagnostics {
                let line = diagnostic.line <= lines.count ? String(lines[diagnostic.line - 1]) : ""
                report += "\(path):\(diagnostic.line):\(diagnostic.column): error: \(diagnostic.message)\n\(line)\n"
                    + String(repeating: " ", count: max(diagnostic.column - 1, 0)) + "^\n"
            }
            (output ?? FileHandle.standardError).write(Data(report.utf8))
            throw CLIError("\(path) did not compile (see the errors above)")
        }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let compiled = "@_spi(Script) import CARenderScriptHost\nimport Foundation\nScriptHost.begin()\n"
            + "#sourceLocation(file: \"\(escaped)\", line: 1)\n" + pass.text + "\n"
            + "#sourceLocation()\n"
            + darwinRandomImports
            + (pass.epilogue.isEmpty ? "" : pass.epilogue + "\n")
            + "exit(ScriptHost.exitStatus)\n"
        return CompiledSource(text: compiled, map: pass.text == text ? nil : pass.map)
    }

    /// Scoped imports of carender's seeded `arc4random` family: glibc 2.36 declares the same
    /// functions (drawing from the system's entropy), and a scoped import is what makes a name
    /// refer to carender's rather than being ambiguous, so renders stay deterministic.
    static let darwinRandomImports = ["arc4random", "arc4random_uniform", "arc4random_buf"]
        .map { "import func CARenderModel.\($0)\n" }.joined()

    /// The cache entry's name: a hash of the script's content (with its path, which crash reports
    /// name, and the library build it links), so a changed script is a new entry.
    private func cacheKey(script: URL, source: Data) throws -> String {
        var hash = FNV1a64()
        // The version names the compile command: change it when the arguments to swiftc change.
        hash.combine(Data("carender-script-cache-v8".utf8))
        hash.combine(Data(script.path.utf8))
        hash.combine(source)
        for file in [library.sharedLibrary, library.swiftModule] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            hash.combine(Data("\(file.path)|\(size)|\(modified)".utf8))
        }
        return String(format: "%016llx", hash.value)
    }

    /// The executable being linked is `script.partial-<process id>`.
    static let partialPrefix = "script.partial-"

    /// Removes compiled scripts not used for 30 days, so the cache does not grow without end, and
    /// half-built executables whose compile was killed. A cached build counts as used when it runs
    /// (its folder's modification time is refreshed).
    static func evictStaleEntries(maximumAge: TimeInterval = 30 * 24 * 3600) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(at: cacheDirectory, includingPropertiesForKeys: [.contentModificationDateKey]) else { return }
        let cutoff = Date().addingTimeInterval(-maximumAge)
        for entry in entries where entry.lastPathComponent.count == 16 && entry.lastPathComponent.allSatisfy(\.isHexDigit) {
            let modified = (try? entry.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if let modified, modified < cutoff {
                try? manager.removeItem(at: entry)
            } else {
                removeAbandonedPartials(in: entry)
            }
        }
    }

    /// Removes `script.partial-<pid>` files whose carender is no longer running (killed while
    /// compiling); a concurrent compile's file stays.
    static func removeAbandonedPartials(in entry: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: entry.path) else { return }
        for name in names where name.hasPrefix(partialPrefix) {
            guard let pid = pid_t(name.dropFirst(partialPrefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: entry.appendingPathComponent(name))
            }
        }
    }

    /// `swiftc` from `SWIFTC`, else beside the running toolchain on PATH.
    static func findSwiftc() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], !explicit.isEmpty { return explicit }
        if let found = findExecutableOnPath("swiftc") { return found }
        throw CLIError("cannot find swiftc on PATH (set SWIFTC to the Swift compiler)")
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("carender: \(message)\n".utf8))
    }
}

/// The 64-bit FNV-1a hash: enough to tell cache entries apart, and stable across runs.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ data: Data) {
        for byte in data {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        // Separate fields, so ("ab", "c") and ("a", "bc") differ.
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }
}
