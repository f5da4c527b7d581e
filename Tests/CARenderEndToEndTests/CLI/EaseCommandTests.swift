import CARenderTestSupport
import CARenderTesting
import XCTest

final class EaseCommandTests: XCTestCase {
    private func table(_ output: String) -> [(Double, Double)] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]) else { return nil }
            return (a, b)
        }
    }

    func testNamedCurveMatchesTheReferenceValues() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CarenderCLI.run(["ease", "default", "--samples", "5"], cache: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = table(result.standardOutput)
        // Core Animation's default curve (0.25, 0.1, 0.25, 1) at 0.25, 0.5, 0.75.
        XCTAssertEqual(rows.map(\.0), [0, 0.25, 0.5, 0.75, 1])
        for (row, expected) in zip(rows, [0, 0.4085, 0.8024, 0.9605, 1]) {
            XCTAssertEqual(row.1, expected, accuracy: 1e-4)
        }
    }

    func testControlPointsOvershootAndAPlotIsWritten() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plot = folder.appendingPathComponent("curve.png")
        let result = try CarenderCLI.run(["ease", "0.34,1.56,0.64,1", "--samples", "5", "--plot", plot.path], cache: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = table(result.standardOutput)
        XCTAssertEqual(rows[1].1, 0.8163, accuracy: 1e-4)
        XCTAssertEqual(rows[2].1, 1.0874, accuracy: 1e-4)
        XCTAssertEqual(rows[3].1, 1.0596, accuracy: 1e-4)
        let image = try RGBAImage(contentsOfPNG: plot)
        XCTAssertEqual(image.width, 1120)
        XCTAssertTrue(image.bytes.contains { $0 < 128 }, "the plot draws something")
    }

    func testSpringSamplesSecondsUpToTheSettlingDuration() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CarenderCLI.run(["ease", "spring:damping=20", "--samples", "3", "--duration", "1"], cache: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = table(result.standardOutput)
        // Critically damped (ω0 = 10, ζ = 1): progress 1 − e^{−10t}(1 + 10t).
        XCTAssertEqual(rows[1].1, 1 - exp(-5) * 6, accuracy: 1e-6)
        XCTAssertEqual(rows[2].1, 1 - exp(-10) * 11, accuracy: 1e-6)
    }

    func testUnknownCurveIsRejected() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CarenderCLI.run(["ease", "wobbly"], cache: folder)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.standardError.contains("'wobbly' is not a curve"), result.standardError)
    }

    private func ease(_ arguments: [String]) throws -> CarenderCLI.Result {
        try CarenderCLI.run(["ease"] + arguments, cache: Fixtures.scriptCache)
    }

    func testUIKitAndCSSNamesAreCoreAnimationCurves() throws {
        let reference = table(try ease(["easeInEaseOut", "--samples", "5"]).standardOutput)
        for name in ["easeInOut", "ease-in-out", "cubic-bezier(0.42, 0, 0.58, 1)", "0.42,0,0.58,1"] {
            let result = try ease([name, "--samples", "5"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(table(result.standardOutput).map(\.1), reference.map(\.1), name)
        }
        let css = try ease(["ease", "--samples", "3", "--code"])
        XCTAssertEqual(table(css.standardOutput).map(\.1)[1], 0.802403, accuracy: 1e-6, "CSS ease is Core Animation's default")
        XCTAssertTrue(css.standardOutput.contains("CAMediaTimingFunction(name: .default)"), css.standardOutput)
        let custom = try ease(["cubic-bezier(0.34, 1.56, 0.64, 1)", "--samples", "2", "--code"])
        XCTAssertTrue(custom.standardOutput.contains("CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)"), custom.standardOutput)
    }

    func testDurationScalesTheTimeAxisOfABezierCurve() throws {
        let result = try ease(["easeIn", "--duration", "2", "--samples", "3"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("time(s)\toutput\n"), result.standardOutput)
        let rows = table(result.standardOutput)
        XCTAssertEqual(rows.map(\.0), [0, 1, 2])
        let halfway = table(try ease(["easeIn", "--samples", "3"]).standardOutput)[1].1
        XCTAssertEqual(rows[1].1, halfway, "1 s of 2 is the curve at 0.5")
    }

    func testSpringParametersAreConvertedBothWays() throws {
        // damping 5, stiffness 100, mass 1: ω0 = 10, ζ = 0.25, so the perceptual duration is
        // 2π/ω0 and the bounce 1 − ζ; the first peak overshoots by exp(−πζ/√(1−ζ²)).
        let result = try ease(["spring:damping=5", "--samples", "2", "--code"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("perceptualDuration \(String(format: "%.4f", 2 * Double.pi / 10)) s, bounce 0.75"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains(String(format: "overshoot: %.2f%%", 100 * exp(-Double.pi * 0.25 / (1 - 0.0625).squareRoot()))), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("spring.damping = 5\n"), result.standardOutput)
        // And back: duration 0.5 s, bounce 0.3 is ω0 = 4π, ζ = 0.7: stiffness ω0², damping 2ζω0.
        let perceptual = try ease(["spring:duration=0.5,bounce=0.3", "--samples", "2", "--code"])
        let w0 = 4 * Double.pi
        XCTAssertTrue(perceptual.standardOutput.contains("mass 1, stiffness \(String(format: "%.4f", w0 * w0)), damping \(String(format: "%.4f", 2 * 0.7 * w0))"),
                      perceptual.standardOutput)
        XCTAssertTrue(perceptual.standardOutput.contains("CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)"), perceptual.standardOutput)
    }

    /// One chart per feature, each looked at before it was recorded: overlaid curves with their
    /// control-point handles, frame dots on a seconds axis, an overshooting CSS curve, a spring's
    /// overshoot, tolerance band and settling time, two springs overlaid, a keyframe sequence, and the
    /// velocity and filmstrip panels.
    func testChartsMatchTheirGoldens() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let charts: [(String, [String])] = [
            ("overlay-handles", ["default", "easeInEaseOut"]),
            ("frames-at-fps", ["easeInOut", "--duration", "0.5", "--fps", "30"]),
            ("css-overshoot", ["cubic-bezier(0.34, 1.56, 0.64, 1)", "ease-in-out"]),
            ("spring", ["spring:damping=5"]),
            ("springs-overlaid", ["spring:duration=0.5,bounce=0.3", "spring:damping=20"]),
            ("keyframes", ["keyframes:0@0,1@0.4,0.6@0.7,1@1/easeIn/easeOut/linear"]),
            ("velocity-filmstrip", ["easeInOut", "spring:damping=12", "--duration", "1", "--fps", "20", "--velocity", "--filmstrip"]),
        ]
        for (name, arguments) in charts {
            let file = folder.appendingPathComponent(name + ".png")
            let result = try ease(arguments + ["--samples", "2", "--plot", file.path])
            XCTAssertEqual(result.status, 0, result.standardError)
            assertGolden(try RGBAImage(contentsOfPNG: file), named: "ease/" + name, in: .folder(Golden.folder))
        }
    }

    func testKeyframeSequencesAreEvaluatedByCAKeyframeAnimation() throws {
        // Segment by segment: easeIn from 0 to 1 over 0…0.4, easeOut back to 0.6 by 0.7, then
        // linear to 1. Halfway through a segment is its timing function at 0.5.
        let easeInHalf = table(try ease(["easeIn", "--samples", "3"]).standardOutput)[1].1
        let easeOutHalf = table(try ease(["easeOut", "--samples", "3"]).standardOutput)[1].1
        let result = try ease(["keyframes:0@0,1@0.4,0.6@0.7,1@1/easeIn/easeOut/linear", "--samples", "21", "--code"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = table(result.standardOutput)
        XCTAssertEqual(rows[4].1, easeInHalf, accuracy: 1e-4, "t = 0.2")
        XCTAssertEqual(rows[8].1, 1, accuracy: 1e-9, "t = 0.4")
        XCTAssertEqual(rows[11].1, 1 - 0.4 * easeOutHalf, accuracy: 1e-4, "t = 0.55")
        XCTAssertEqual(rows[17].1, 0.6 + 0.4 * (0.85 - 0.7) / 0.3, accuracy: 1e-4, "t = 0.85")
        XCTAssertTrue(result.standardOutput.contains("animation.keyTimes = [0, 0.4, 0.7, 1]"), result.standardOutput)
        let bad = try ease(["keyframes:0@0,1@0.4,0.5@1/easeIn"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.standardError.contains("3 keyframes have 2 segments, so give 2 timing functions (got 1)"), bad.standardError)
    }

    func testVideoShowsAMarkerRunningAlongTheCurves() throws {
        guard let ffprobe = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("ease.mp4")
        let result = try ease(["default", "--duration", "0.2", "--fps", "10", "--samples", "2", "--video", video.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: ffprobe)
        probe.arguments = ["-v", "error", "-count_frames", "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0", video.path]
        let pipe = Pipe()
        probe.standardOutput = pipe
        try probe.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "1120,800,3", "frames at 0, 0.1 and 0.2 s")
    }
}
