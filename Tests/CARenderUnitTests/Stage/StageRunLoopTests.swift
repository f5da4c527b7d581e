import XCTest
import CARender
@testable import CARenderModel
@testable import CARenderStage
import CARenderTestSupport

/// Run-loop turns run in time order, turns at one time in scheduling order; bad times are
/// reported, never fatal.
final class StageRunLoopTests: XCTestCase {
    func testTurnsRunByTimeThenSchedulingOrder() {
        let stage = Stage(width: 10, height: 10)
        var log: [String] = []
        // A fixed shuffle of 200 turns at 20 distinct times.
        var generator = SplitMix64(seed: 7)
        var expected: [(Double, Int)] = []
        for index in 0..<200 {
            let t = Double(generator.next() % 20) / 10
            expected.append((t, index))
            stage.at(t) { log.append("\(t) \(index)") }
        }
        stage.advance(to: 2)
        XCTAssertEqual(log, expected.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\($0.0) \($0.1)" })
    }

    func testATurnAtATimeThatIsNotFiniteIsReportedAndDropped() {
        let stage = Stage(width: 10, height: 10)
        var ran = false
        let lines = capturingDiagnostics { stage.at(.nan) { ran = true } }
        stage.advance(to: 1)
        XCTAssertFalse(ran)
        XCTAssertTrue(lines.contains { $0.contains("Stage.at(nan)") }, "\(lines)")
    }

    func testSamplingWithBadTimesIsReportedAndGivesNoSamples() {
        let stage = Stage(width: 10, height: 10)
        let layer = CALayer()
        stage.rootLayer.addSublayer(layer)
        var samples: [TimelineSample] = []
        var lines = capturingDiagnostics { samples = stage.sample("opacity", of: layer, at: [1, .nan]) }
        XCTAssertEqual(samples.count, 0)
        XCTAssertTrue(lines.contains { $0.contains("times[1] is nan") }, "\(lines)")
        lines = capturingDiagnostics { samples = stage.sample("opacity", of: layer, from: 0, to: 1, fps: .infinity) }
        XCTAssertEqual(samples.count, 0)
        XCTAssertTrue(lines.contains { $0.contains("fps must be positive and finite, got inf") }, "\(lines)")
        lines = capturingDiagnostics { samples = stage.sample("opacity", of: layer, from: 0, to: 1e12, fps: 60) }
        XCTAssertEqual(samples.count, 0, "refused before allocating")
        XCTAssertTrue(lines.contains { $0.contains("more than \(Stage.maximumFrameCount) samples") }, "\(lines)")
    }
}
