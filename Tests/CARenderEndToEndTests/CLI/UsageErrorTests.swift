import CARender
import CARenderTestSupport
import XCTest

/// Usage errors exit 64 (`EX_USAGE` of sysexits(3), as swift-argument-parser exits for the errors it
/// finds itself) wherever they are found — by the parser, by the command line's checks, or by the
/// script once it knows the sequence — with one line naming the value at fault.
final class UsageErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private static let usage: Int32 = 64

    func testEveryUsageErrorExits64NamingTheProblem() throws {
        let script = CLIScripts.opaque.path
        let out = folder.appendingPathComponent("out").path
        let cases: [([String], [String])] = [
            (["--frames", "abc"], ["'abc'", "not a frame"]),
            (["--frames", "5-2"], ["5-2", "runs backwards", "2-5"]),
            (["--frames", "5:2"], ["5:2", "runs backwards"]),
            (["--frames", "0-9/0"], ["0-9/0"]),
            (["--frame", "x"], ["--frame", "'x'"]),
            (["--shard", "3/2"], ["--shard", "3/2"]),
            (["--shard", "two"], ["--shard", "'two'"]),
            (["--duration", "-1"], ["--duration", "-1", "0 or more"]),
            (["--duration", "abc"], ["--duration", "'abc'"]),
            (["--fps", "0"], ["frame rate 0", "positive"]),
            (["--fps", "1/0"], ["1/0"]),
            (["--fps", "-30"], ["-30", "positive"]),
            (["--fps", "abc"], ["'abc'", "30000/1001"]),
            (["--scale", "0"], ["--scale"]),
            (["--scale", "-2"], ["--scale"]),
            (["--quiet", "--verbose"], ["--quiet", "--verbose"]),
            (["--times", "0.5,x"], ["--times", "'x'"]),
            (["--times", "0.5", "--frame", "1"], ["--times", "--frame"]),
            (["--concurrency", "0"], ["--concurrency", "'0'"]),
            (["--start-number", "-3"], ["--start-number", "-3"]),
            (["--columns", "2"], ["--columns", "--contact-sheet"]),
            (["--crf", "20"], ["--crf", "--video"]),
            (["--video", "v.mp4", "--crf", "64"], ["--crf must be from 0 to 63, got 64"]),
            (["--background", "chartreuse-ish"], ["chartreuse-ish"]),
            (["--alpha", "sometimes"], ["sometimes", "--alpha"]),
            (["--png-compression", "huge"], ["huge"]),
            (["--progress", "loud"], ["loud"]),
            (["--no-such-option"], ["--no-such-option"]),
            (["-o", folder.appendingPathComponent("one.png").path], ["one.png", "--frame N"]),
            // Found by the script, which alone knows the sequence has 5 frames.
            (["--frames", "7-9"], ["7-9", "5 frames"]),
            (["--frame", "12"], ["12", "5 frames"]),
        ]
        for (arguments, subjects) in cases {
            let result = try CLIScripts.run([script, "--fps", "10", "-o", out] + arguments)
            XCTAssertEqual(result.status, Self.usage, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("carender: error: "), "\(arguments): \(result.standardError)")
            for subject in subjects {
                XCTAssertTrue(result.standardError.contains(subject), "\(arguments) names \(subject): \(result.standardError)")
            }
            XCTAssertFalse(result.standardError.contains("Missing value"), "\(arguments): \(result.standardError)")
        }
    }

    func testOtherCommandsExit64ForUsageErrors() throws {
        let script = CLIScripts.opaque.path
        let cases: [([String], String)] = [
            (["info", script, "--fps", "0"], "positive"),
            (["ease", "wobbly"], "'wobbly'"),
            (["ease", "linear", "--samples", "1"], "--samples"),
            (["ease", "linear", "--plot", folder.appendingPathComponent("c.jpg").path], ".jpg"),
            (["golden", script, folder.path, "--channel-tolerance", "300"], "--channel-tolerance"),
            (["golden", script, folder.appendingPathComponent("none").path, "--record"], "--times"),
            (["bench", "--iterations", "0"], "--iterations"),
            // The same encoding options, with the same check, as a render's --video.
            (["video", folder.path, "-o", folder.appendingPathComponent("v.mp4").path, "--crf", "64"], "--crf must be from 0 to 63, got 64"),
            (["help", "nosuch"], "'nosuch'"),
            (["nosuchscript.swift", "--fps", "abc"], "'abc'"),
        ]
        for (arguments, subject) in cases {
            let result = try CLIScripts.run(arguments)
            XCTAssertEqual(result.status, Self.usage, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.contains(subject), "\(arguments) names \(subject): \(result.standardError)")
        }
    }

    /// A failure that is not the user's wording — a script that does not compile — is not a usage
    /// error: it exits 1.
    func testAScriptThatDoesNotCompileExits1() throws {
        let broken = folder.appendingPathComponent("broken.swift-script")
        try "import CARender\nlet x: Int = \"no\"\n".write(to: broken, atomically: true, encoding: .utf8)
        let result = try CLIScripts.run([broken.path, "-o", folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 1, result.standardError)
    }
}
