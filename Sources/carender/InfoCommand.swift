import ArgumentParser
import CARenderStage
import CARenderSupervisor
import Foundation

/// `carender info SCRIPT`: the sequence a script renders — size, scale, duration, frame rate and
/// frame count — without rendering it (for scripts and batch schedulers that split a render).
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print a script's size, scale, duration, fps and frame count without rendering.",
        usage: "carender info SCRIPT [--json] [options] [-- SCRIPT-ARGUMENTS...]")

    @Argument(help: "The Swift script.", completion: .file())
    var script: String

    @Argument(parsing: .postTerminator, help: "Arguments after -- are passed to the script.")
    var scriptArguments: [String] = []

    @OptionGroup(title: "Sequence")
    var sequence: SequenceOptions

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "Show the compiler call and cache use.")
    var verbose = false

    func validate() throws { try sequence.check() }

    func run() throws {
        Supervisor.installStopHandlers()
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            throw CLIError("cannot read the script \(script): there is no such readable file")
        }
        let session = try HostSession()
        defer { session.remove() }
        let compiler = ScriptCompiler(library: try LibraryLocation.find(), verbose: verbose)
        let compiled = try CompiledScript(scriptURL, compiler: compiler, session: session)
        let scriptRun = ScriptRun(compiled: compiled, session: session, arguments: scriptArguments)
        var options = RenderOptions()
        options.fps = sequence.fps.value
        options.duration = sequence.duration
        options.scale = sequence.scale
        guard let info = try SequenceQuery.run(scriptRun, options: options, showMessages: true) else {
            throw CLIError("\(script) finished without calling stage.run(), so it renders no sequence")
        }
        if json {
            print(SequenceQuery.json(info))
        } else {
            print(SequenceQuery.text(info))
        }
    }
}

/// The sequence a compiled script renders, asked of the script itself (a job in `info` mode):
/// its `stage.run()` reports and returns without rendering.
enum SequenceQuery {
    /// Runs the script in query mode (its standard output silenced); nil when it never calls
    /// `stage.run()`.
    static func run(_ scriptRun: ScriptRun, options: RenderOptions, showMessages: Bool = false) throws -> SequenceInfo? {
        let found = Locked<SequenceInfo?>(nil)
        let pipe = try ProgressPipe { event in
            switch event {
            case .message(let text) where showMessages:
                FileHandle.standardError.write(Data((text + "\n").utf8))
            case .info(let info):
                found.value = info
            default:
                break
            }
        }
        defer { pipe.finish() }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(null) }
        try scriptRun.run(job: RenderJob(mode: .info, options: options), events: pipe, standardOutput: null)
        pipe.finish()
        return found.value
    }

    static func text(_ info: SequenceInfo) -> String {
        let (width, height, scale, pixelWidth, pixelHeight, duration, fps, frames, hasAlpha) =
            (info.width, info.height, info.scale, info.pixelWidth, info.pixelHeight, info.duration, info.fps, info.frames, info.hasAlpha)
        let last = frames > 0 ? " (0-\(frames - 1))" : ""
        return """
            size      \(Self.number(width)) × \(Self.number(height)) points
            scale     \(Self.number(scale)) (\(pixelWidth) × \(pixelHeight) pixels)
            duration  \(Self.number(duration)) s
            fps       \(Self.number(fps))
            frames    \(frames)\(last)
            alpha     \(hasAlpha ? "yes (RGBA frames)" : "no (RGB frames)")
            """
    }

    static func json(_ info: SequenceInfo) -> String {
        let (width, height, scale, pixelWidth, pixelHeight, duration, fps, frames, hasAlpha) =
            (info.width, info.height, info.scale, info.pixelWidth, info.pixelHeight, info.duration, info.fps, info.frames, info.hasAlpha)
        return "{\"width\":\(Self.number(width)),\"height\":\(Self.number(height)),\"scale\":\(Self.number(scale)),\"pixelWidth\":\(pixelWidth),\"pixelHeight\":\(pixelHeight),\"duration\":\(Self.number(duration)),\"fps\":\(Self.number(fps)),\"frames\":\(frames),\"alpha\":\(hasAlpha)}"
    }

    /// Shortest exact decimal form (2 rather than 2.0).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
