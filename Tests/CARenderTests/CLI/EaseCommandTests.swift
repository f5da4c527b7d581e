import CARender
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
        // SPEC-semantics §2.4: default at 0.25, 0.5, 0.75 → 0.4085, 0.8024, 0.9605.
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
        XCTAssertEqual(image.width, 640)
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
}
