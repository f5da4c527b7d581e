import ArgumentParser
import Foundation

/// `carender SCRIPT [options]` renders; the subcommands are listed in `configuration`.
@main
struct CarenderCommand: ParsableCommand {
    static let version = CarenderVersion.current

    static let configuration = CommandConfiguration(
        commandName: "carender",
        abstract: "Render Core Animation scripts to PNG frames and videos, deterministically.",
        usage: """
            carender SCRIPT [options] [-- SCRIPT-ARGUMENTS...]
            carender <subcommand> [options]
            """,
        discussion: """
            A script is a Swift program that imports CARender, builds a layer tree on a Stage and calls \
            stage.run(). carender compiles it (caching the build), runs it, and writes the frames \
            0 ..< ceil(duration × fps) at times n / fps. Frames have a transparent background unless the \
            script or --background gives one.

            Examples:
              carender hello.swift-script
              carender hello.swift-script --fps 30 -o out/frame_%04d.png
              carender hello.swift-script --frames 0-9 --concurrency 2
              carender hello.swift-script --frame 45 -o still.png
              carender hello.swift-script --video hello.mp4
              carender hello.swift-script --shard 2/4 -o frames
              carender video frames -o hello.mp4
              carender info hello.swift-script --json

            carender help render lists every option of a render.
            """,
        version: "carender \(version)",
        subcommands: [RenderCommand.self, PreviewCommand.self, InfoCommand.self, VideoCommand.self, EaseCommand.self,
                      GoldenCommand.self, BenchCommand.self, InstallCommand.self],
        defaultSubcommand: RenderCommand.self
    )

    /// Parses and runs, printing every failure as `carender: error: <sentence>` and exiting
    /// non-zero; help and the version go to standard output with status 0.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] || arguments == ["-V"] {
            print(configuration.version)
            return
        }
        if arguments == ["--generate-completion-script", "bash"] {
            print(bashCompletionWithDefaultCommand(completionScript(for: .bash)))
            return
        }
        if arguments.count >= 2, arguments[0] == "help", !arguments.dropFirst().allSatisfy(isCommandName) {
            let unknown = arguments.dropFirst().first { !isCommandName($0) }!
            fail("there is no command '\(unknown)'; the commands are \(commandNames.joined(separator: ", ")) (see carender --help)",
                 code: .validationFailure)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch let stop as StopRequest {
            // An interrupt is not a failure of the run: a plain line, and 128 + the signal's
            // number (130 for SIGINT, 143 for SIGTERM), as a shell reports it.
            FileHandle.standardError.write(Data("carender: \(stop.description)\n".utf8))
            Foundation.exit(stop.exitStatus)
        } catch {
            let code = exitCode(for: error)
            guard code != .success else {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            var message = message(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            // A Foundation error that escaped without context: its sentence, never its dump.
            if message.contains("Error Domain=") { message = (error as NSError).localizedDescription }
            // The pointer to the help is for a command line that was misread (status 64); a
            // failure while running (an unreadable golden reference, say) is its line alone.
            let hint = code == .validationFailure ? "\n(see carender --help)" : ""
            fail(message + hint, code: code)
        }
    }

    /// ArgumentParser's bash completion offers only subcommand names when the first word is not
    /// one; as `render` is the default command, a first word that is not a subcommand is the
    /// script, and what follows completes as `render`'s options and their values (subcommand
    /// names are offered for the first word only). The script is returned unchanged if its layout
    /// is not the one expected.
    static func bashCompletionWithDefaultCommand(_ script: String) -> String {
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        let stock = "        COMPREPLY+=($(compgen -W '\(names.joined(separator: " "))' -- \"${cur}\"))\n"
        guard script.contains(stock), script.contains("_carender_render() {") else { return script }
        let withDefault = "        if [[ \"${COMP_CWORD}\" -eq 1 ]]; then\n    " + stock + "        fi\n"
            + "        unparsed_words=(\"${subcommand}\" \"${unparsed_words[@]}\")\n        _carender_render\n"
        return script.replacingOccurrences(of: stock, with: withDefault)
    }

    private static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    private static func isCommandName(_ name: String) -> Bool { commandNames.contains(name) }

    static func fail(_ message: String, code: ExitCode) -> Never {
        FileHandle.standardError.write(Data("carender: error: \(message)\n".utf8))
        Foundation.exit(code.rawValue)
    }
}
