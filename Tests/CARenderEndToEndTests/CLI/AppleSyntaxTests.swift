import CARender
import CARenderTestSupport
import Foundation
import XCTest

/// Scripts written as Apple code (`Examples/apple-syntax`: `@objc` classes, `#keyPath`,
/// `#selector` target–action, `@NSManaged` with `layerClass` and `init(layer:)`, the view
/// lifecycle) compile unchanged through the script compiler's source-compatibility pass, render
/// their golden frames (each looked at before it was recorded), and print what their callbacks
/// saw, when they saw it. And the compiler's errors inside rewritten constructs point at the
/// user's file, line and column.
final class AppleSyntaxTests: XCTestCase {
    private static let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples/apple-syntax")
    private static let goldens = Fixtures.repositoryRoot.appendingPathComponent("golden/apple-syntax")

    /// Runs `carender golden` on one example against its frames; returns what it printed.
    private func matchGoldens(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try CarenderCLI.assertMatchesGoldens(script: Self.examples.appendingPathComponent(name + ".swift-script"),
                                                          folder: Self.goldens.appendingPathComponent(name), name: name,
                                                          file: file, line: line)
        XCTAssertFalse(result.standardError.contains("warning"), "\(name): \(result.standardError)", file: file, line: line)
        return result.standardOutput
    }

    private func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("ok ") && !$0.contains(" match ") }
    }

    /// A `layerClass` ring with an `@NSManaged var angle` drawn in `draw(in:)`, animated
    /// implicitly (its `action(forKey:)` reads `presentation()?.angle`) and explicitly; its
    /// presentation copies carry the thickness its `init(layer:)` copies.
    func testProgressRingWithAManagedPropertyMatchesItsGoldens() throws {
        let output = try matchGoldens("progress-ring")
        XCTAssertEqual(lines(output).first, "willMove(toSuperview:), didMoveToWindow true")
    }

    /// Buttons, a timer, a delayed perform, a notification observer and a view animation's
    /// did-stop selector, all through `#selector`, each at its stage time.
    func testTargetActionMatchesItsGoldensAndCallsEachMethodOnTime() throws {
        let output = try matchGoldens("target-action")
        XCTAssertEqual(lines(output), [
            "tick 1 at 0.25", "move tapped at 0.3", "tick 2 at 0.5", "tick 3 at 0.75",
            "colour tapped at 0.9 by colourButton", "tick 4 at 1.0", "ThemeDidChange at 1.2", "slide back at 1.6",
            "slideBack stopped at 1.9000000000000001, finished true",
        ])
    }

    /// `#keyPath(CAShapeLayer.strokeEnd)` and friends as animation key paths, in `@objc` classes.
    func testKeyPathAnimationsMatchTheirGoldens() throws {
        XCTAssertEqual(lines(try matchGoldens("keypath-loader")), ["stroke finished: true at 1.0"])
    }

    /// `CADisplayLink(target:selector:)` started in `didMoveToWindow`, paused by a later turn.
    func testDisplayLinkAnimationMatchesItsGoldens() throws {
        XCTAssertEqual(lines(try matchGoldens("display-link-wave")), [])
    }

    /// The lifecycle callbacks in UIKit's order, and subviews following their autoresizing masks
    /// through an animated resize.
    func testViewLifecycleAndAutoresizingMatchTheirGoldens() throws {
        XCTAssertEqual(lines(try matchGoldens("view-lifecycle")), [
            "added: willMove(toSuperview: view), willMove(toWindow: window), didMoveToWindow (window set), didMoveToSuperview",
            "removed: didAddSubview, willMove(toSuperview: nil), willMove(toWindow: nil), didMoveToWindow (window nil), didMoveToSuperview",
        ])
    }

    // MARK: - Diagnostics

    private func compileErrors(_ script: String) throws -> (status: Int32, errors: String, path: String) {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("broken.swift-script")
        try script.write(to: url, atomically: true, encoding: .utf8)
        let result = try CarenderCLI.run([url.path, "-o", folder.appendingPathComponent("frames").path],
                                         cache: Fixtures.scriptCache)
        return (result.status, result.standardError, url.path)
    }

    /// A misspelt property in `#keyPath`, a misspelt method in `#selector` and a type error
    /// after a rewritten construct on the same line: each error names the user's file, line and
    /// column, and shows the user's line with the caret under the mistake.
    func testCompilerErrorsInsideRewrittenConstructsPointAtTheUsersColumn() throws {
        let script = """
            import CARender
            @objcMembers class Controller: NSObject {
                @objc func tapped(_ sender: UIButton) {}
                func wire(_ button: UIButton) {
                    let animation = CABasicAnimation(keyPath: #keyPath(CALayer.postion))
                    button.addTarget(self, action: #selector(tappd(_:)), for: .touchUpInside)
                    let key = #keyPath(CALayer.opacity); let count: Int = key
                }
            }
            """
        let (status, errors, path) = try compileErrors(script)
        XCTAssertNotEqual(status, 0)
        let lines = errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let scriptLines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// The error at `line` must point at `mistake` (the last occurrence of it on the line).
        func check(_ line: Int, _ mistake: String, _ message: String) {
            let userLine = scriptLines[line - 1]
            let found = userLine.range(of: mistake, options: .backwards)!
            let column = userLine.utf8.distance(from: userLine.startIndex, to: found.lowerBound) + 1
            guard let index = lines.firstIndex(where: { $0.hasPrefix("\(path):\(line):\(column): error:") }) else {
                return XCTFail("no error at \(line):\(column) (\(mistake)) in\n\(errors)")
            }
            XCTAssertTrue(lines[index].contains(message), lines[index])
            XCTAssertEqual(lines[index + 1], userLine, "the user's line is shown")
            let caret = lines[index + 2]
            XCTAssertEqual(caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) + 1 }, column,
                           "the caret is under \(mistake): \(caret)")
        }
        check(5, "postion", "postion")
        check(6, "tappd", "tappd")
        check(7, "key", "cannot convert value of type 'String' to specified type 'Int'")
    }

    /// What the pass cannot map is an error at the user's line and column that says what to
    /// write instead, before the Swift compiler runs (so no link error follows).
    func testUnmappableConstructsAreReportedWithWhatToWriteInstead() throws {
        let (status, errors, path) = try compileErrors("""
            import CARender
            class Ring: CALayer {
                @NSManaged var angle: CGFloat = 0
            }
            let selector = #selector(handler)
            """)
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(errors.contains("\(path):3:16: error: @NSManaged property 'angle' cannot have an initial value"), errors)
        XCTAssertTrue(errors.contains("\(path):5:16: error: #selector(handler) outside a class needs the class"), errors)
        XCTAssertTrue(errors.contains("did not compile"), errors)
        XCTAssertFalse(errors.contains("undefined"), "no link error: \(errors)")
    }
}
