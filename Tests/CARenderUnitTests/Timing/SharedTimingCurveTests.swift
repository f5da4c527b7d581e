import XCTest
@testable import CARenderModel

/// A stage's shared timing curves remember their latest outputs (`SharedTimingCurve`); a
/// remembered output must be bit for bit what solving the curve gives for the same input.
final class SharedTimingCurveTests: XCTestCase {
    private let functions = [CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeOut),
                             CAMediaTimingFunction(controlPoints: 0.34, 1.56, 0.64, 1),
                             CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.7, 1.6)]

    /// Inputs as a frame of many animations asks for them: a few groups in step (the same input
    /// again and again, interleaved), then inputs that all differ (so entries are replaced),
    /// then the special values.
    private var inputs: [Double] {
        var inputs: [Double] = []
        for frame in 0..<40 {
            let groups = (0..<6).map { Double(frame) / 41 + Double($0) * 0.137 }.map { $0 - $0.rounded(.down) }
            for _ in 0..<5 { inputs += groups }
        }
        inputs += (0..<500).map { Double($0) * 0.001_953_7 }
        inputs += [0, -0.0, 1, -0.5, 1.5, .infinity, -.infinity, .nan, .ulpOfOne, 1 - .ulpOfOne, .leastNonzeroMagnitude,
                   0.5, 0.5.nextUp, 0.5.nextDown, 0.5]
        return inputs
    }

    func testRememberedOutputsAreTheSolvedOnes() {
        for function in functions {
            let shared = SharedTimingCurve(function.curve, remembers: true)
            for (index, x) in inputs.enumerated() {
                XCTAssertEqual(shared.evaluate(x).bitPattern, function.evaluate(x).bitPattern, "\(function) input \(index): \(x)")
            }
        }
    }

    /// The stage hands out one curve per control points, and a curve made off any stage gives
    /// the same outputs without remembering.
    func testTheStageSharesOneCurvePerControlPoints() {
        let stage = SharedTimingFunctions()
        let a = stage.shared(CAMediaTimingFunction(name: .easeInEaseOut))
        let b = stage.shared(CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1))
        XCTAssertTrue(a === b)
        XCTAssertFalse(a === stage.shared(CAMediaTimingFunction(name: .easeIn)))
        let own = SharedTimingCurve(CAMediaTimingFunction(name: .easeInEaseOut).curve, remembers: false)
        for x in inputs {
            XCTAssertEqual(own.evaluate(x).bitPattern, a.evaluate(x).bitPattern)
        }
    }
}
