import CARender
import CARenderTestSupport
import XCTest

/// Version, help, errors and script arguments: what a new user of the command line meets first.
final class CommandLinePolishTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testVersionPrintsAndSucceeds() throws {
        let result = try CLIScripts.run(["--version"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("carender "), result.standardOutput)
    }

    func testHelpShowsTheScriptUsageAndExamples() throws {
        let root = try CLIScripts.run(["--help"])
        XCTAssertEqual(root.status, 0)
        XCTAssertTrue(root.standardOutput.contains("USAGE: carender SCRIPT [options]"), root.standardOutput)
        XCTAssertTrue(root.standardOutput.contains("carender hello.swift-script --video hello.mp4"), root.standardOutput)
        let render = try CLIScripts.run(["help", "render"])
        XCTAssertEqual(render.status, 0)
        for option in ["--frames", "--concurrency", "--shard", "--background", "--alpha", "--progress", "--video", "--start-number"] {
            XCTAssertTrue(render.standardOutput.contains(option), "help render lists \(option)")
        }
    }

    func testHelpForAnUnknownCommandFails() throws {
        let result = try CLIScripts.run(["help", "nosuch"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertTrue(result.standardError.hasPrefix("carender: error: there is no command 'nosuch'"), result.standardError)
    }

    /// Every error, from the parser, the command line or the script, has one prefix and names
    /// the value or file; no raw Foundation error reaches the user.
    func testErrorsHaveOnePrefixAndNameTheirSubject() throws {
        let cases: [([String], String)] = [
            (["bench", "--scenes", "/no/such/folder"], "/no/such/folder"),
            (["bench", "--scene", "/no/such.json"], "/no/such.json"),
            ([folder.appendingPathComponent("missing.swift").path], "missing.swift"),
            ([CLIScripts.opaque.path, "--fps", "abc"], "abc"),
            ([CLIScripts.opaque.path, "--frames", "9-3"], "9-3"),
            ([CLIScripts.opaque.path, "--video", folder.appendingPathComponent("v.avi").path], ".avi"),
            ([CLIScripts.opaque.path, "-o", folder.appendingPathComponent("one.png").path], "one.png"),
            ([CLIScripts.opaque.path, "--background", "chartreuse-ish"], "chartreuse-ish"),
            ([CLIScripts.opaque.path, "--concurrency", "0"], "'0'"),
            ([CLIScripts.opaque.path, "--duration", "1e9"], "1000000000"),
        ]
        for (arguments, subject) in cases {
            let result = try CLIScripts.run(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.standardError.hasPrefix("carender: error: "), "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(subject), "\(arguments) names \(subject): \(result.standardError)")
            XCTAssertFalse(result.standardError.contains("Error Domain"), result.standardError)
            XCTAssertFalse(result.standardError.contains("\nError:"), result.standardError)
        }
    }

    /// A script's own impossible numbers are errors naming the value, before any allocation.
    func testImpossibleStageNumbersAreNamed() throws {
        let script = folder.appendingPathComponent("duration.swift-script")
        try "import CARender\nlet stage = Stage(width: 4, height: 4)\nstage.duration = Double(CommandLine.arguments[1])!\nstage.run()\n"
            .write(to: script, atomically: true, encoding: .utf8)
        for (value, expected) in [("inf", "stage.duration is inf"), ("nan", "stage.duration is nan"), ("1e7", "carender renders at most 1000000")] {
            let started = Date()
            let result = try CLIScripts.run([script.path, "-o", folder.appendingPathComponent("out").path, "--", value])
            XCTAssertEqual(result.status, 1, value)
            XCTAssertTrue(result.standardError.hasPrefix("carender: error: "), result.standardError)
            XCTAssertTrue(result.standardError.contains(expected), "\(value): \(result.standardError)")
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, "answered at once, not after allocating")
        }
    }

    func testArgumentsAfterTheTerminatorReachTheScript() throws {
        let out = folder.appendingPathComponent("frames")
        let result = try CLIScripts.run([CLIScripts.transparent.path, "-o", out.path, "--frame", "0", "--quiet",
                                         "--", "--name", "two words"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "arguments: --name two words\n")
    }

    /// The bash completion offers script files for the first word and the render options after it.
    func testBashCompletesScriptsAndRenderOptions() throws {
        let completion = try CLIScripts.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(completion.status, 0, completion.standardError)
        let file = folder.appendingPathComponent("carender.bash")
        try completion.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("scene.swift-script"), atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> String {
            let line = words.joined(separator: " ")
            let program = """
                source "$1"
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _carender carender '\(words.last!)' '\(words[words.count - 2])'
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", program, "bash", file.path]
            process.currentDirectoryURL = folder
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try "".write(to: folder.appendingPathComponent("clip.mp4"), atomically: true, encoding: .utf8)
        func words(_ text: String) -> Set<String> { Set(text.split(separator: "\n").map(String.init)) }
        XCTAssertTrue(try complete(["carender", "sce"]).contains("scene.swift-script"))
        XCTAssertTrue(try complete(["carender", "in"]).contains("info"))
        XCTAssertTrue(try complete(["carender", "scene.swift-script", "--conc"]).contains("--concurrency"))
        // Values of enumerations, and files, after the script: never subcommand names.
        let commands: Set<String> = ["render", "preview", "info", "video", "ease", "bench", "golden", "install", "help"]
        let alpha = words(try complete(["carender", "scene.swift-script", "--alpha", ""]))
        XCTAssertEqual(alpha, ["auto", "always", "never"])
        XCTAssertEqual(words(try complete(["carender", "scene.swift-script", "--progress", ""])), ["auto", "plain", "json", "none"])
        XCTAssertEqual(words(try complete(["carender", "scene.swift-script", "--png-compression", ""])), ["fast", "default", "small"])
        let output = words(try complete(["carender", "scene.swift-script", "-o", ""]))
        XCTAssertTrue(output.contains("out"), "\(output)")
        XCTAssertTrue(output.isDisjoint(with: commands), "\(output)")
        let video = words(try complete(["carender", "scene.swift-script", "--video", ""]))
        XCTAssertTrue(video.contains("clip.mp4"), "\(video)")
        XCTAssertFalse(video.contains("scene.swift-script"), "only video files: \(video)")
        XCTAssertTrue(video.isDisjoint(with: commands), "\(video)")
        XCTAssertTrue(words(try complete(["carender", "ease", "ease"])).contains("easeInEaseOut"))
        XCTAssertTrue(words(try complete(["carender", "video", "out", "--codec", ""])).isDisjoint(with: commands))
    }

    /// Every command's help fits 80 columns, and ease's table of curves keeps each name with its
    /// meaning on the next line, indented.
    func testHelpFitsEightyColumns() throws {
        for command in [["--help"], ["help", "render"], ["help", "info"], ["help", "ease"], ["help", "golden"],
                        ["help", "bench"], ["help", "video"], ["help", "install"], ["help", "preview"]] {
            let result = try CLIScripts.run(command, environment: ["COLUMNS": "80"])
            XCTAssertEqual(result.status, 0, "\(command): \(result.standardError)")
            for line in result.standardOutput.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(command): \(line)")
            }
        }
        let ease = try CLIScripts.run(["help", "ease"], environment: ["COLUMNS": "80"]).standardOutput.split(separator: "\n").map(String.init)
        let row = try XCTUnwrap(ease.firstIndex { $0.hasPrefix("  cubic-bezier(x1, y1, x2, y2) or x1,y1,x2,y2") }, ease.joined(separator: "\n"))
        XCTAssertEqual(ease[row + 1], "      CAMediaTimingFunction(controlPoints:)")
    }
}
