import ArgumentParser
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
        let scriptURL = URL(fileURLWithPath: script).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: scriptURL.path) else {
            throw CLIError("cannot read the script \(script): there is no such readable file")
        }
        let compiler = ScriptCompiler(library: try LibraryLocation.find(), verbose: verbose)
        let scriptRun = ScriptRun(compiler: compiler, script: scriptURL, arguments: scriptArguments)
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_FPS"] = sequence.fps.scriptForm
        environment["CARENDER_DURATION"] = sequence.duration.map { String($0) }
        environment["CARENDER_SCALE"] = sequence.scale.map { String($0) }
        guard let info = try SequenceQuery.run(scriptRun, environment: environment, showMessages: true) else {
            throw CLIError("\(script) finished without calling stage.run(), so it renders no sequence")
        }
        if json {
            print(info.json)
        } else {
            print(info.text)
        }
    }
}

/// The sequence a compiled script renders, asked of the script itself (`CARENDER_INFO`): its
/// `stage.run()` reports and returns without rendering.
struct SequenceQuery {
    var width: Double
    var height: Double
    var scale: Double
    var pixelWidth: Int
    var pixelHeight: Int
    var duration: Double
    var fps: Double
    var frames: Int
    var hasAlpha: Bool
    private var raw: [String: Any]

    /// Runs the script in query mode (its standard output silenced); nil when it never calls
    /// `stage.run()`.
    static func run(_ scriptRun: ScriptRun, environment: [String: String],
                    showMessages: Bool = false) throws -> SequenceQuery? {
        nonisolated(unsafe) var found: SequenceQuery?
        let lock = NSLock()
        let pipe = try ProgressPipe { event in
            if event.name == "message", showMessages, let text = event.fields["text"] as? String {
                FileHandle.standardError.write(Data((text + "\n").utf8))
            }
            guard event.name == "info" else { return }
            let query = SequenceQuery(
                width: event.double("width") ?? 0, height: event.double("height") ?? 0, scale: event.double("scale") ?? 1,
                pixelWidth: event.int("pixelWidth") ?? 0, pixelHeight: event.int("pixelHeight") ?? 0,
                duration: event.double("duration") ?? 0, fps: event.double("fps") ?? 0, frames: event.int("frames") ?? 0,
                hasAlpha: event.bool("alpha") ?? true, raw: event.fields)
            lock.lock()
            found = query
            lock.unlock()
        }
        var environment = environment
        environment["CARENDER_INFO"] = "1"
        environment["CARENDER_PROGRESS"] = pipe.path
        defer { pipe.finish() }
        _ = try scriptRun.run(environment: environment, standardOutput: FileHandle.nullDevice)
        pipe.finish()
        lock.lock()
        defer { lock.unlock() }
        return found
    }

    var text: String {
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

    var json: String {
        "{\"width\":\(Self.number(width)),\"height\":\(Self.number(height)),\"scale\":\(Self.number(scale)),\"pixelWidth\":\(pixelWidth),\"pixelHeight\":\(pixelHeight),\"duration\":\(Self.number(duration)),\"fps\":\(Self.number(fps)),\"frames\":\(frames),\"alpha\":\(hasAlpha)}"
    }

    /// Shortest exact decimal form (2 rather than 2.0).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
