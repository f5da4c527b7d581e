import CARender
import CARenderTestSupport
import XCTest

/// Progress on standard error: a live line on a terminal, plain lines or JSON elsewhere, and a
/// summary with frames, time and fps.
final class ProgressTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testJSONLinesReportPhasesFramesAndASummary() throws {
        let result = try CLIScripts.run([CLIScripts.long.path, "--fps", "20", "-o", folder.path, "--progress", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardError.split(separator: "\n")
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], String($0)) }
        let rendering = objects.filter { $0["phase"] as? String == "rendering" && $0["frames"] != nil }
        let last = try XCTUnwrap(rendering.last)
        XCTAssertEqual(last["frame"] as? Int, 60)
        XCTAssertEqual(last["frames"] as? Int, 60)
        XCTAssertEqual(last["percent"] as? Double, 100)
        XCTAssertNotNil(last["fps"] as? Double)
        let summary = try XCTUnwrap(objects.last)
        XCTAssertEqual(summary["event"] as? String, "summary")
        XCTAssertEqual(summary["frames"] as? Int, 60)
        XCTAssertEqual(summary["written"] as? Int, 60)
        XCTAssertGreaterThan(try XCTUnwrap(summary["fps"] as? Double), 0)
    }

    func testPlainProgressAndTheSummaryOffATerminal() throws {
        let result = try CLIScripts.run([CLIScripts.long.path, "--fps", "20", "-o", folder.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertFalse(result.standardError.contains("\r"), "no redrawing off a terminal")
        XCTAssertTrue(result.standardError.contains("carender: rendering frame 0/60 0%"), result.standardError)
        let summary = try XCTUnwrap(result.standardError.split(separator: "\n").last)
        XCTAssertTrue(summary.hasPrefix("carender: rendered 60 frames in "), String(summary))
        XCTAssertTrue(summary.contains(" fps) to \(folder.path)/frame_%05d.png"), String(summary))
    }

    /// A warning every worker meets is shown once; in JSON mode it is a JSON line too.
    func testWorkersWarningsAreShownOnce() throws {
        let script = CLIScripts.folder.appendingPathComponent("bad-key-path.swift-script")
        try """
            import CARender
            let stage = Stage(width: 8, height: 8)
            let layer = CALayer()
            stage.rootLayer.addSublayer(layer)
            let nothing = CABasicAnimation(keyPath: "wobble")
            nothing.fromValue = 0
            nothing.toValue = 1
            nothing.duration = 5
            layer.add(nothing, forKey: "wobble")
            stage.run()
            """.write(to: script, atomically: true, encoding: .utf8)
        let plain = try CLIScripts.run([script.path, "--fps", "20", "-o", folder.path, "--concurrency", "2"])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        XCTAssertEqual(plain.standardError.components(separatedBy: "'wobble' is not an animatable layer property").count, 2,
                       plain.standardError)
        let json = try CLIScripts.run([script.path, "--fps", "20", "-o", folder.path, "--concurrency", "2", "--progress", "json"])
        XCTAssertEqual(json.status, 0, json.standardError)
        for line in json.standardError.split(separator: "\n") {
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(line.utf8)), "every line is JSON: \(line)")
        }
        XCTAssertEqual(json.standardError.components(separatedBy: "\"event\":\"message\"").count, 2, json.standardError)
    }

    func testVerboseAddsPhasesWithTimingsAndQuietShowsNothing() throws {
        let verbose = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", folder.path, "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.standardError)
        XCTAssertTrue(verbose.standardError.contains("carender: compiling took "), verbose.standardError)
        XCTAssertTrue(verbose.standardError.contains("carender: rendering took "), verbose.standardError)
        XCTAssertTrue(verbose.standardError.contains("(5 frames, "), verbose.standardError)
        let quiet = try CLIScripts.run([CLIScripts.opaque.path, "--fps", "10", "-o", folder.path, "--quiet"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.standardError, "")
        XCTAssertEqual(quiet.standardOutput, "")
    }

    /// On a terminal (a pseudo-terminal as standard error) one line is redrawn in place: a bar
    /// with the frames, the rate and the ETA, never wider than the terminal (a line that wraps
    /// cannot be redrawn and leaves a line behind at every update).
    func testOnATerminalOneLineFitsTheWidth() throws {
        for columns in [40, 80, 200] {
            let text = try runInTerminal(columns: columns, locale: "C.UTF-8")
            // Each redraw: from a carriage return to the clear-to-end-of-line that ends it.
            let redraws = text.components(separatedBy: "\r").compactMap { part -> String? in
                guard let end = part.range(of: "\u{1B}[K") else { return nil }
                return String(part[..<end.lowerBound])
            }.filter { !$0.isEmpty }
            XCTAssertGreaterThan(redraws.count, 2, "\(columns): \(text)")
            for redraw in redraws {
                XCTAssertLessThan(redraw.count, columns, "\(columns) columns: '\(redraw)'")
            }
            let last = try XCTUnwrap(redraws.last { $0.contains("180/180") }, "\(columns): \(redraws)")
            XCTAssertTrue(last.contains("████"), "\(columns): a bar: \(last)")
            XCTAssertFalse(last.contains("░"), "\(columns): the bar is full at the end: \(last)")
            XCTAssertTrue(last.contains(" fps"), "\(columns): \(last)")
            XCTAssertTrue(last.contains("ETA "), "\(columns): \(last)")
            if columns >= 80 {
                XCTAssertTrue(last.contains("rendering"), "\(columns): the phase: \(last)")
                XCTAssertTrue(last.contains("100%"), "\(columns): \(last)")
            }
            if columns == 200 { XCTAssertTrue(last.hasPrefix("carender: rendering "), last) }
            let midway = redraws.filter { $0.contains("░") }
            XCTAssertFalse(midway.isEmpty, "\(columns): a bar partly filled on the way: \(redraws)")
            XCTAssertTrue(text.contains("carender: rendered 180 frames in "), text)
            let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            XCTAssertEqual(lines.count, 1, "\(columns): progress and summary share one line, redrawn: \(lines)")
        }
        // Without UTF-8 the bar is ASCII.
        let ascii = try runInTerminal(columns: 80, locale: "C")
        XCTAssertTrue(ascii.contains("####"), ascii)
        XCTAssertFalse(ascii.contains("█"), ascii)
    }

    /// Renders the long script with a pseudo-terminal of `columns` as standard error; returns
    /// what the terminal received.
    private func runInTerminal(columns: Int, locale: String) throws -> String {
        // posix_openpt(3) by hand: open the multiplexer, unlock the pair, ask its number.
        let unlockRequest: UInt = 0x4004_5431   // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430   // TIOCGPTN
        let sizeRequest: UInt = 0x5414          // TIOCSWINSZ
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: Int32 = 0
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
            throw XCTSkip("no pseudo-terminal available")
        }
        defer { close(master) }
        var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(ioctl(master, sizeRequest, &size), 0, "the terminal is \(columns) columns wide")
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(slave, 0)
        let process = Process()
        process.executableURL = CarenderCLI.executable
        // At 8× (512 × 384 pixels) the 180 frames take most of a second even on a quiet machine, so
        // the line (redrawn every 0.1 s) is caught part way; at 1× they took 0.1 s (1,900 fps) and
        // the only redraw was the finished bar.
        process.arguments = [CLIScripts.long.path, "--fps", "60", "--scale", "8",
                             "-o", folder.appendingPathComponent("tty-\(columns)").path, "--concurrency", "2"]
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_CACHE"] = CLIScripts.cache.path
        environment["LANG"] = locale
        environment["LC_ALL"] = locale
        environment["COLUMNS"] = nil
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardError = terminal
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try terminal.close()
        // Read until the child's end closes (EIO on Linux once no process holds the terminal).
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, text)
        return text
    }
}
