import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// Runs every script under `Examples/` through the `carender` command line, as a user would: each must
/// compile without warnings, run, and write frames of its stage's size. Scripts whose seed states an
/// observable outcome (a completion block's print, a delegate's finished flag, which action runs) are
/// also checked on what they print and when, and a few on the colours they render.
final class ExampleScriptsTests: XCTestCase {
    /// The compile cache shared with the other tests that run scripts, so each compiles once.
    private static let cache = Fixtures.scriptCache

    private var output: URL!

    override func setUpWithError() throws {
        output = try Fixtures.temporaryFolder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: output)
    }

    // MARK: - Every script

    func testEveryExampleRendersTwoInstantsWithoutDiagnostics() throws {
        let scripts = try Self.exampleScripts()
        XCTAssertTrue(scripts.contains { $0.lastPathComponent == "hello.swift-script" }, "hello is an example")
        XCTAssertGreaterThanOrEqual(scripts.filter { $0.path.contains("/seeds/") }.count, 20,
                                    "every seed demo has a script")
        for script in scripts {
            let text = try String(contentsOf: script, encoding: .utf8)
            let size = try XCTUnwrap(Self.stageSize(in: text), "\(script.lastPathComponent) makes no Stage")
            let duration = Self.stageDuration(in: text) ?? 1
            // A frame has the stage's size in points times its scale in pixels.
            let scale = Self.stageScale(in: text) ?? 1
            let times = [duration / 2, duration]
            let (result, folder) = try render(script, times: times)
            let name = script.lastPathComponent
            XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)")
            XCTAssertFalse(result.standardError.lowercased().contains("error"), "\(name): \(result.standardError)")
            XCTAssertFalse(result.standardError.lowercased().contains("warning"), "\(name): \(result.standardError)")
            for t in times {
                let file = folder.appendingPathComponent(RenderOptions.fileName(forTime: t))
                guard FileManager.default.fileExists(atPath: file.path) else {
                    XCTFail("\(name) wrote no frame for t = \(t)")
                    continue
                }
                let image = try RGBAImage(contentsOfPNG: file)
                XCTAssertEqual(image.width, Int((size.width * scale).rounded(.up)), name)
                XCTAssertEqual(image.height, Int((size.height * scale).rounded(.up)), name)
            }
        }
    }

    // MARK: - What the seeds say happens

    /// Seed 000: "CATransaction.setAnimationDuration(2)" with a completion block that prints
    /// "tranction end": the block runs when the 2 s animation started by the tap at 0.5 s ends.
    func testCompletionBlockPrintsWhenTheTwoSecondAnimationEnds() throws {
        let script = Self.seed("000-transaction-duration-completion")
        let early = try render(script, times: [1.5, 2.45]).result
        XCTAssertEqual(early.status, 0, early.standardError)
        XCTAssertFalse(early.standardOutput.contains("tranction end"), "the block waits for the animation")
        let late = try render(script, times: [1.5, 2.55]).result
        XCTAssertEqual(Self.lines(late.standardOutput), ["tranction end"])
    }

    /// Seed 004: the transaction's completion block, set with kCATransactionCompletionBlock, runs once
    /// the 0.5 s animation (kCATransactionAnimationDuration) that starts at 0.5 s has ended.
    func testTransactionValuesCompletionBlockRunsAfterHalfASecond() throws {
        let script = Self.seed("004-explicit-transaction-values")
        XCTAssertEqual(Self.lines(try render(script, times: [0.95]).result.standardOutput), [])
        XCTAssertEqual(Self.lines(try render(script, times: [1.05]).result.standardOutput), ["Completion..."])
    }

    /// Seed 002 (Examples/seeds/002-cancel-animation): stopping the animation with
    /// removeAnimation(forKey:) makes the delegate print finished NO; letting the restarted 5 s
    /// animation run out prints finished YES.
    func testCancelledAnimationReportsNotFinishedThenFinished() throws {
        let script = Self.seed("002-cancel-animation")
        let stopped = try render(script, times: [3.05]).result
        XCTAssertEqual(Self.lines(stopped.standardOutput), ["The animation stopped (finished:NO)"])
        let whole = try render(script, times: [4, 8.55]).result
        XCTAssertEqual(Self.lines(whole.standardOutput),
                       ["The animation stopped (finished:NO)", "The animation stopped (finished:YES)"])
    }

    /// Seed 002 (Examples/seeds/002-delegate-distinguish): both ways of telling animations apart in
    /// one delegate work — the unique key (removedOnCompletion = NO) and the KVC tag — the 1 s
    /// colour animation ending first.
    func testDelegateTellsTheTwoAnimationsApart() throws {
        let result = try render(Self.seed("002-delegate-distinguish"), times: [6]).result
        XCTAssertEqual(Self.lines(result.standardOutput), [
            "method 1: key_backgroundColor", "animationValue:animation_background",
            "method 1: key_opacity", "animationValue:animation_opacity",
        ])
    }

    /// Seed 003 Listing 6-2: with kCATransactionDisableActions set, removing a layer runs no
    /// kCAOnOrderOut action; without it, the action runs.
    func testDisabledActionsSkipTheOrderOutAction() throws {
        let result = try render(Self.seed("003-listing-6-2-disable-actions"), times: [1.5]).result
        XCTAssertEqual(Self.lines(result.standardOutput), ["run(forKey: onOrderOut) on left"])
    }

    /// Seed 003's search order: the custom action in the actions dictionary runs for one square only
    /// (the other square's delegate answers NSNull, which ends the search), and kCAOnOrderIn runs.
    func testNullFromTheDelegateEndsTheActionSearch() throws {
        let result = try render(Self.seed("003-action-search-order"), times: [1]).result
        XCTAssertEqual(Self.lines(result.standardOutput), ["run(forKey: position)", "run(forKey: onOrderIn)"])
    }

    // MARK: - What the frames show

    /// Seed 000: the bare layer's colour change animates (red → yellow over 0.25 s from the tap at
    /// 0.5 s); the CustomView animates too, while a plain UIView changes at once.
    func testImplicitAnimationOfALayerAndOfACustomView() throws {
        let tap = try render(Self.seed("000-implicit-button-tap"), times: [0.45, 0.6, 0.8]).folder
        XCTAssertEqual(try pixel(tap, 0.45, x: 150, y: 150), RGBA8(r: 255, g: 0, b: 0, a: 255))
        let middle = try pixel(tap, 0.6, x: 150, y: 150)
        XCTAssertEqual(middle.r, 255)
        XCTAssertTrue((20...235).contains(middle.g), "mid-animation green is between red's and yellow's: \(middle)")
        XCTAssertEqual(try pixel(tap, 0.8, x: 150, y: 150), RGBA8(r: 255, g: 255, b: 0, a: 255))

        let views = try render(Self.seed("000-custom-view-action"), times: [0.6]).folder
        let custom = try pixel(views, 0.6, x: 150, y: 150), plain = try pixel(views, 0.6, x: 270, y: 150)
        XCTAssertTrue((20...235).contains(custom.g), "the CustomView is mid-animation: \(custom)")
        XCTAssertEqual(plain, RGBA8(r: 255, g: 255, b: 0, a: 255), "a plain view's change is not animated")
    }

    /// Seed 004, codes 1–5, 0.1 s after the turn at 0.5 s: only the standalone layer (1) and the view
    /// moved in UIView.animate (4) are on their way from y = 250 to y = 150; 2, 3 and 5 have jumped.
    func testOnlyTheStandaloneLayerAndTheAnimationBlockAnimate() throws {
        let folder = try render(Self.seed("004-five-cases"), times: [0.6]).folder
        let frame = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(RenderOptions.fileName(forTime: 0.6)))
        let white = RGBA8(r: 255, g: 255, b: 255, a: 255)
        for column in 0..<5 {
            let x = 52 + column * 65
            let top = try XCTUnwrap((0..<frame.height).first { frame[x, $0] != white }, "column \(column + 1) is drawn")
            if column == 0 || column == 3 {
                XCTAssertTrue((151...249).contains(top), "column \(column + 1) is on its way, top at \(top)")
            } else {
                XCTAssertEqual(top, 150, "column \(column + 1) jumped")
            }
        }
    }

    /// The seeds' labels and button titles, drawn as the seeds write them: the cancel demo before
    /// its start (button "开始动画") and while the label turns (button "停止动画"), the rotation demo
    /// half-way through its turn (the lower label upside down), and the "button" title.
    func testSeedLabelsAndButtonTitlesMatchTheirGoldens() throws {
        for (name, times) in [("002-cancel-animation", [0.5, 2.0]), ("002-virtual-property-rotation", [1.0]),
                              ("000-implicit-button-tap", [0.8])] {
            let folder = try render(Self.seed(name), times: times).folder
            for t in times {
                let frame = try RGBAImage(contentsOfPNG: folder.appendingPathComponent(RenderOptions.fileName(forTime: t)))
                Golden.assertMatches(frame, name: "seeds/\(name)", time: t)
            }
        }
    }

    // MARK: - Support

    /// Renders `script` at `times` (quietly) into a fresh folder under this test's output folder.
    private func render(_ script: URL, times: [Double]) throws -> (result: CarenderCLI.Result, folder: URL) {
        let folder = output.appendingPathComponent(script.deletingPathExtension().lastPathComponent + "-\(UUID().uuidString.prefix(6))")
        let result = try CarenderCLI.run(
            [script.path, "--times", times.map { String($0) }.joined(separator: ","), "--quiet", "-o", folder.path],
            cache: Self.cache)
        return (result, folder)
    }

    private func pixel(_ folder: URL, _ t: Double, x: Int, y: Int) throws -> RGBA8 {
        try RGBAImage(contentsOfPNG: folder.appendingPathComponent(RenderOptions.fileName(forTime: t)))[x, y]
    }

    private static let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples")

    private static func seed(_ name: String) -> URL {
        examples.appendingPathComponent("seeds").appendingPathComponent(name + ".swift-script")
    }

    /// Every `.swift-script` under `Examples/`, sorted by path.
    private static func exampleScripts() throws -> [URL] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil))
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift-script" }
            .sorted { $0.path < $1.path }
    }

    /// The size given to the script's `Stage(width:height:)`.
    private static func stageSize(in text: String) -> CGSize? {
        let numbers = captures(#"Stage\(width: *([0-9.]+), *height: *([0-9.]+)\)"#, in: text).compactMap(Double.init)
        guard numbers.count == 2 else { return nil }
        return CGSize(width: numbers[0], height: numbers[1])
    }

    /// The value the script assigns to `stage.scale`, if any.
    private static func stageScale(in text: String) -> Double? {
        captures(#"stage\.scale = *([0-9.]+)"#, in: text).first.flatMap(Double.init)
    }

    /// The value the script assigns to `stage.duration`, if any.
    private static func stageDuration(in text: String) -> Double? {
        captures(#"stage\.duration = *([0-9.]+)"#, in: text).first.flatMap(Double.init)
    }

    /// The capture groups of the first match of `pattern` in `text`.
    private static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? Regex(pattern), let match = text.firstMatch(of: regex) else { return [] }
        return match.output.dropFirst().compactMap { $0.substring.map(String.init) }
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }
}
