import CARender
import XCTest

/// A stage with one plain layer on it, committed at t = 0 (so later changes animate
/// implicitly), for the transaction scenarios of the seeds.
package final class TransactionStage {
    package let stage = Stage(width: 400, height: 400)
    package let layer = CALayer()

    package static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    package static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
    package static let cyan = CGColor(red: 0, green: 1, blue: 1, alpha: 1)

    package init() {
        layer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        layer.backgroundColor = TransactionStage.blue
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
    }

    /// The presentation layer of `target` (default: the layer) at stage time `t`.
    package func presentation(at t: Double, of target: CALayer? = nil) -> CALayer {
        stage.advance(to: t)
        guard let p = (target ?? layer).presentation() else {
            XCTFail("the layer has no presentation at t = \(t)")
            return CALayer()
        }
        return p
    }

    package func color(at t: Double, of target: CALayer? = nil) -> [CGFloat] {
        let c = presentation(at: t, of: target).backgroundColor?.rgbaComponents
        return c.map { [$0.r, $0.g, $0.b, $0.a] } ?? []
    }
}

/// The `default` timing curve (control points 0.25, 0.1, 0.25, 1) at x = 0.5: the cubic Bézier
/// solved for the parameter whose x is 0.5, then evaluated for y.
package let defaultCurveAtHalf = 0.8024
/// Core Animation's `easeIn` (control points 0.42, 0, 1, 1) at x = 0.5, solved the same way.
package let easeInAtHalf = 0.3154

package func assertColor(_ actual: [CGFloat], _ expected: [Double], accuracy: Double = 1e-4,
                         file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, "colour \(actual)", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(Double(a), e, accuracy: accuracy, "colour \(actual) vs \(expected)", file: file, line: line)
    }
}

/// Blends two RGBA colours by `p`.
package func mix(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
    zip(a, b).map { $0 + ($1 - $0) * p }
}
