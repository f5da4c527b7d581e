import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// `carender preview` in a real browser: headless Chromium (Debian's package) driven through
/// ChromeDriver. One preview, one browser, and the user's session in order: load, scrub, play,
/// click a layer, edit the script, break it.
///
/// Under CI (`CI` set, as `.ci/run` is run) a missing browser fails the test; elsewhere it is
/// skipped with the reason.
final class PreviewBrowserTests: XCTestCase {
    /// The scene: an opaque background, a card sliding linearly from x = 50 to 190 over the
    /// 2-second duration (so its presentation position is known at every time), and a badge
    /// that springs.
    static func script(background: String = "CGColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)") -> String {
        """
        import CARender

        let stage = Stage(width: 240, height: 160)
        stage.duration = 2
        stage.rootLayer.backgroundColor = \(background)

        let card = CALayer()
        card.name = "card"
        card.frame = CGRect(x: 20, y: 50, width: 60, height: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1)
        card.cornerRadius = 10
        stage.rootLayer.addSublayer(card)

        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 50
        slide.toValue = 190
        slide.duration = 2
        slide.fillMode = .forwards
        slide.isRemovedOnCompletion = false
        card.add(slide, forKey: "slide")

        let badge = CALayer()
        badge.name = "badge"
        badge.frame = CGRect(x: 190, y: 10, width: 30, height: 30)
        badge.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        badge.cornerRadius = 15
        stage.rootLayer.addSublayer(badge)

        let pop = CASpringAnimation(keyPath: "transform.scale")
        pop.fromValue = 0.2
        pop.toValue = 1
        pop.damping = 8
        pop.duration = pop.settlingDuration
        pop.beginTime = CACurrentMediaTime() + 0.25
        pop.fillMode = .backwards
        badge.add(pop, forKey: "pop")

        stage.run()

        """
    }

    func testPreviewInTheBrowser() throws {
        guard WebDriver.isAvailable else {
            let reason = "Chromium and ChromeDriver (Debian's chromium and chromium-driver) are not installed; Tools/install-system-packages installs them"
            if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail(reason) }
            throw XCTSkip(reason)
        }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptURL = folder.appendingPathComponent("scene.swift")
        try Self.script().write(to: scriptURL, atomically: true, encoding: .utf8)

        let preview = try PreviewProcess(script: scriptURL)
        defer { preview.stop() }
        let browser = try WebDriver()
        defer { browser.quit() }
        try browser.open(preview.url)
        try browser.wait(for: "window.studio && studio.info && studio.shownFrame === 0 && !studio.inFlight", timeout: 60, what: "the first frame")
        XCTAssertEqual(try browser.execute("return studio.info.frames;") as? NSNumber, 120, "2 s at 60 fps, as carender info says")
        try browser.wait(for: "studio.timeline && document.querySelectorAll('.bar').length >= 2", timeout: 30, what: "the timeline's bars")
        try browser.wait(for: "document.querySelectorAll('#tree li').length === 3", timeout: 10, what: "the layer tree")
        XCTAssertEqual(try browser.execute("return [...document.querySelectorAll('#tree li')].map(li => li.textContent).join('|');") as? String,
                       "rootCALayer|cardCALayer● 1|badgeCALayer● 1")
        try assertNoConsoleErrors(browser, "after loading")

        // Scrub: drag along the ruler to 0.75 s; the canvas then shows what `--times` writes.
        let rulerWidth = try XCTUnwrap(browser.execute("return document.getElementById('ruler').clientWidth;") as? NSNumber).doubleValue
        let x075 = rulerWidth * 0.75 / 2
        try browser.drag("#ruler", through: [(rulerWidth * 0.2, 20), (rulerWidth * 0.5, 20), (x075, 20)])
        try browser.wait(for: "studio.shownFrame === studio.frame && !studio.inFlight && studio.frame > 0", timeout: 20, what: "the scrubbed frame")
        let shown = try XCTUnwrap(browser.execute("return studio.shownFrame;") as? NSNumber).intValue
        XCTAssertEqual(Double(shown), 45, accuracy: 1, "the drag ended at 0.75 s")
        try assertCanvasEqualsRender(browser, script: scriptURL, frame: shown, folder: folder)

        // Play for a second: the clock runs in real time, whatever the frame rate achieved.
        try browser.press(" ")
        let started = Date()
        Thread.sleep(forTimeInterval: 1)
        try browser.press("k")
        let played = try XCTUnwrap(browser.execute("return [studio.frame, studio.shownFrame, studio.playing, studio.achievedFps];") as? [Any])
        let elapsed = Date().timeIntervalSince(started)
        let frameNow = (played[0] as? NSNumber)?.intValue ?? 0
        XCTAssertEqual(played[2] as? Bool, false, "K pauses")
        let advanced = (frameNow - shown + 120) % 120
        XCTAssertGreaterThan(advanced, 20, "a second of play at 60 fps moved the time on (\(advanced) frames in \(elapsed) s)")
        XCTAssertLessThanOrEqual(Double(advanced), (elapsed + 0.3) * 60, "play runs no faster than real time")

        // Step to 1 s with the keyboard, click the card and read its presentation values.
        try browser.press("\u{E011}") // Home
        try browser.wait(for: "studio.shownFrame === 0 && !studio.inFlight", timeout: 10, what: "the first frame after Home")
        for _ in 0..<6 { try browser.press("\u{E014}") } // → six times
        try browser.wait(for: "studio.shownFrame === 6 && !studio.inFlight", timeout: 10, what: "frame 6 after six steps")
        try browser.drag("#ruler", through: [(rulerWidth / 2, 20)])
        try browser.wait(for: "studio.shownFrame === 60 && !studio.inFlight", timeout: 10, what: "frame 60 (1 s)")
        // At 1 s the card's centre is at x = 50 + 140 × 0.5 = 120, y = 80 (in points).
        let canvasWidth = try XCTUnwrap(browser.execute("return document.getElementById('frame').getBoundingClientRect().width;") as? NSNumber).doubleValue
        let pointsToCSS = canvasWidth / 240
        try browser.click("#frame", x: 120 * pointsToCSS, y: 80 * pointsToCSS)
        try browser.wait(for: "document.getElementById('selected-name').textContent.startsWith('card')", timeout: 10, what: "the card selected")
        let position = try browser.execute("return document.querySelector('#values tr[data-key-path=\"position\"] td:last-child').textContent;") as? String
        XCTAssertEqual(position, "(120.000000, 80.000000)")
        XCTAssertEqual(try browser.execute("return document.querySelector('#tree li.selected').dataset.layer;") as? String, "0")
        XCTAssertEqual(try browser.execute("return document.querySelectorAll('#graphs canvas').length;") as? NSNumber, 1, "a graph of position.x")
        try assertNoConsoleErrors(browser, "after scrubbing, playing and selecting")

        // Edit the script: the page shows the change at the same time, within 3 s of the save.
        try Self.script(background: "CGColor(red: 1, green: 0, blue: 0, alpha: 1)").write(to: scriptURL, atomically: true, encoding: .utf8)
        let reload = try browser.wait(for: "studio.version === 2 && studio.shownVersion === 2 && !studio.inFlight", timeout: 3, what: "the edited script's frame")
        XCTAssertEqual(try browser.execute("return studio.shownFrame;") as? NSNumber, 60, "reloaded at the same time")
        XCTAssertEqual(try canvasPixel(browser, x: 2, y: 2), [255, 0, 0, 255], "the new background (reloaded in \(reload) s)")

        // Break it: the error appears with its line, and the last good frame stays.
        var lines = Self.script(background: "CGColor(red: 1, green: 0, blue: 0, alpha: 1)").components(separatedBy: "\n")
        lines[9] = "card.frame = CGRect(x: 20, y: 50, width: 60, height: ) // line 10"
        try lines.joined(separator: "\n").write(to: scriptURL, atomically: true, encoding: .utf8)
        try browser.wait(for: "studio.status === 'error' && document.querySelector('#problems .diagnostic.error')", timeout: 30, what: "the compile error")
        let problem = try XCTUnwrap(browser.execute("return document.querySelector('#problems .diagnostic.error').textContent;") as? String)
        XCTAssertTrue(problem.hasPrefix("scene.swift:10:"), "the error names the file and line: \(problem)")
        XCTAssertEqual(try canvasPixel(browser, x: 2, y: 2), [255, 0, 0, 255], "the last good frame stays")
        try assertNoConsoleErrors(browser, "after the reloads")
        if let shots = ProcessInfo.processInfo.environment["CARENDER_PREVIEW_SCREENSHOTS"] {
            try browser.screenshot().write(to: URL(fileURLWithPath: shots).appendingPathComponent("preview-error.png"))
        }
    }

    /// Not a check: writes the documentation's screenshots of `Examples/preview.swift-script`
    /// into the folder `CARENDER_PREVIEW_SCREENSHOTS` names (skipped without it). Look at them
    /// before committing them to the DocC catalog.
    func testScreenshotsForTheDocumentation() throws {
        guard let shots = ProcessInfo.processInfo.environment["CARENDER_PREVIEW_SCREENSHOTS"] else {
            throw XCTSkip("set CARENDER_PREVIEW_SCREENSHOTS to a folder to write the documentation's screenshots")
        }
        let example = Fixtures.repositoryRoot.appendingPathComponent("Examples/preview.swift-script")
        let preview = try PreviewProcess(script: example)
        defer { preview.stop() }
        let browser = try WebDriver(width: 1400, height: 1050)
        defer { browser.quit() }
        try browser.open(preview.url)
        try browser.wait(for: "window.studio && studio.info && studio.shownFrame === 0 && studio.timeline && document.querySelectorAll('.bar').length > 5", timeout: 60, what: "the page")
        let rulerWidth = try XCTUnwrap(browser.execute("return document.getElementById('ruler').clientWidth;") as? NSNumber).doubleValue
        try browser.drag("#ruler", through: [(rulerWidth * 1.1 / 3, 20)])
        try browser.wait(for: "studio.shownFrame === 66 && !studio.inFlight", timeout: 20, what: "1.1 s")
        let canvasWidth = try XCTUnwrap(browser.execute("return document.getElementById('frame').getBoundingClientRect().width;") as? NSNumber).doubleValue
        // The ring's stroke, at the top of the ring.
        try browser.click("#frame", x: (24 + 290 + 55) * canvasWidth / 480, y: (24 + 60 + 14) * canvasWidth / 480)
        try browser.wait(for: "document.getElementById('selected-name').textContent.startsWith('ring')", timeout: 10, what: "the ring selected")
        try browser.execute("chooseAnimation(studio.timeline.animations.findIndex(a => a.keyPath === 'strokeEnd'));")
        Thread.sleep(forTimeInterval: 0.5)
        try browser.screenshot().write(to: URL(fileURLWithPath: shots).appendingPathComponent("preview.png"))
        try browser.drag("#ruler", through: [(rulerWidth * 2.2 / 3, 20)])
        try browser.execute("chooseAnimation(studio.timeline.animations.findIndex(a => a.kind === 'CASpringAnimation'));")
        Thread.sleep(forTimeInterval: 0.8)
        try browser.screenshot().write(to: URL(fileURLWithPath: shots).appendingPathComponent("preview-spring.png"))
    }

    // MARK: - Helpers

    private func assertNoConsoleErrors(_ browser: WebDriver, _ when: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let severe = try browser.consoleLog().filter { $0.level == "SEVERE" }
        XCTAssertTrue(severe.isEmpty, "console errors \(when): \(severe.map(\.message))", file: file, line: line)
        let pageErrors = try browser.execute("return studio.errors;") as? [Any] ?? []
        XCTAssertTrue(pageErrors.isEmpty, "page errors \(when): \(pageErrors)", file: file, line: line)
    }

    private func canvasPixel(_ browser: WebDriver, x: Int, y: Int) throws -> [Int] {
        let values = try XCTUnwrap(browser.execute(
            "return Array.from(document.getElementById('frame').getContext('2d').getImageData(arguments[0], arguments[1], 1, 1).data);",
            [x, y]) as? [NSNumber])
        return values.map(\.intValue)
    }

    /// The canvas's pixels equal those of `carender SCRIPT --times n/fps`, decoded.
    private func assertCanvasEqualsRender(_ browser: WebDriver, script: URL, frame: Int, folder: URL,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let encoded = try XCTUnwrap(browser.execute("""
            const canvas = document.getElementById('frame');
            const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
            let text = '';
            for (let i = 0; i < data.length; i += 8192) text += String.fromCharCode.apply(null, data.subarray(i, i + 8192));
            return [canvas.width, canvas.height, btoa(text)];
            """) as? [Any])
        let width = (encoded[0] as? NSNumber)?.intValue ?? 0, height = (encoded[1] as? NSNumber)?.intValue ?? 0
        let shown = try XCTUnwrap(Data(base64Encoded: encoded[2] as? String ?? ""))
        let output = folder.appendingPathComponent("still")
        let t = Double(frame) / 60
        let result = try CarenderCLI.run([script.path, "--times", String(t), "-o", output.path, "--quiet"], cache: Fixtures.scriptCache)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let name = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: output.path).first { $0.hasSuffix(".png") })
        let reference = try RGBAImage(contentsOfPNG: output.appendingPathComponent(name))
        XCTAssertEqual([width, height], [reference.width, reference.height], file: file, line: line)
        let differing = zip(shown, reference.bytes).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the canvas at frame \(frame) differs from carender --times \(t) in \(differing) bytes", file: file, line: line)
    }
}

/// `carender preview SCRIPT --port 0`, its address read from its first line.
///
/// It never outlives the test: `stop()` (from the test's `defer`, or from `deinit` when the test
/// throws) ends it with Ctrl-C, then SIGTERM, then SIGKILL, and reaps it; and it gets SIGTERM if
/// the test process itself is killed (``Process/runTiedToTestProcess()``).
final class PreviewProcess {
    let process = Process()
    let url: URL
    private let errors = Pipe()

    /// How long the preview has to print its address (it compiles nothing first).
    static let addressTimeout: TimeInterval = 60

    /// Starts `executable` (the build's carender unless given) with the test's environment
    /// and `changes` over it (a `nil` value removes a variable).
    init(script: URL, extraArguments: [String] = [], executable: URL = CarenderCLI.executable,
         environment changes: [String: String?] = [:]) throws {
        process.executableURL = executable
        process.arguments = ["preview", script.path, "--port", "0"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["CARENDER_CACHE"] = Fixtures.scriptCache.path
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.runTiedToTestProcess()
        var text = ""
        let deadline = Date().addingTimeInterval(Self.addressTimeout)
        var found: URL?
        let descriptor = errors.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Read only what poll(2) says is there, so a preview that prints nothing cannot keep the
        // test waiting past the deadline.
        while found == nil, Date() < deadline {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, min(deadline.timeIntervalSinceNow, 1) * 1000))
            guard poll(&ready, 1, remaining) >= 0 || errno == EINTR else { break }
            guard ready.revents != 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression) {
                found = URL(string: String(text[range]))
            }
        }
        guard let found else {
            process.stop()
            throw WebDriver.Failure(description: "carender preview printed no address within \(Int(Self.addressTimeout)) s: \(text)")
        }
        url = found
        // Keep draining its output, so it never blocks writing.
        errors.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
    }

    deinit { stop() }

    /// Ends the preview (see the type's notes) and waits for it.
    func stop() {
        process.stop()
        errors.fileHandleForReading.readabilityHandler = nil
    }
}
