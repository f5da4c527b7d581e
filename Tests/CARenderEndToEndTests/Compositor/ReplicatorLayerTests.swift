import XCTest
import CARender
import CARenderTestSupport

/// CAReplicatorLayer: each copy where instanceTransform^i puts it (about the replicator's
/// centre), its animations i × instanceDelay later, its colours multiplied by the instance colour.
final class ReplicatorLayerTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A loader: 8 dots round the centre of a 100×100 replicator, each turned 45° from the last.
    private func loader(_ configure: (CAReplicatorLayer, CALayer) -> Void = { _, _ in }) -> (Stage, CAReplicatorLayer, CALayer) {
        let stage = Stage(width: 100, height: 100)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 8
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 45, y: 5, width: 10, height: 10)
        dot.backgroundColor = red
        replicator.addSublayer(dot)
        configure(replicator, dot)
        stage.rootLayer.addSublayer(replicator)
        return (stage, replicator, dot)
    }

    /// Where instance `i`'s dot centre is: (50, 10) turned by i × 45° about (50, 50), clockwise on
    /// the y-down screen.
    private func centre(_ i: Int) -> (Int, Int) {
        let a = Double(i) * .pi / 4
        return (Int((50 + 40 * sin(a)).rounded(.down)), Int((50 - 40 * cos(a)).rounded(.down)))
    }

    func testCopiesSitAtPowersOfTheInstanceTransform() {
        let (stage, _, _) = loader()
        let frame = stage.render()
        for i in 0..<8 {
            let (x, y) = centre(i)
            XCTAssertPixel(frame, x, y, (255, 0, 0, 255), "instance \(i)")
        }
        XCTAssertPixel(frame, 50, 50, (255, 255, 255, 255))
        XCTAssertEqual(CAReplicatorLayer().instanceCount, 1)
        XCTAssertEqual(CAReplicatorLayer().instanceColor, CGColor(gray: 1, alpha: 1))
    }

    func testInstanceDelayOffsetsEachCopysAnimation() {
        let (stage, _, dot) = loader { replicator, _ in replicator.instanceDelay = 0.1 }
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = red
        fade.toValue = blue
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        stage.at(0) { dot.add(fade, forKey: nil) }
        stage.advance(to: 0.6)
        let frame = stage.render()
        for i in 0..<6 {
            // Instance i is 0.1 × i s behind: progress 0.6 − 0.1 i.
            let p = 0.6 - 0.1 * Double(i)
            let (x, y) = centre(i)
            XCTAssertPixel(frame, x, y, (255 * (1 - p), 0, 255 * p, 255), tolerance: 1.5, "instance \(i)")
        }
    }

    func testInstanceColorAndOffsetsMultiplyTheColours() {
        let (stage, _, _) = loader { replicator, dot in
            dot.backgroundColor = CGColor(gray: 1, alpha: 1)
            replicator.instanceColor = CGColor(red: 1, green: 1, blue: 0.5, alpha: 1)
            replicator.instanceRedOffset = -0.125
        }
        stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
        let frame = stage.render()
        for i in [0, 3, 7] {
            let (x, y) = centre(i)
            XCTAssertPixel(frame, x, y, (255 * (1 - 0.125 * Double(i)), 255, 127.5, 255), tolerance: 1.01, "instance \(i)")
        }
    }

    func testInstanceCountAnimatesNothingAndZeroDrawsNothing() {
        let (stage, replicator, _) = loader()
        stage.at(0.5) { replicator.instanceCount = 0 }
        stage.advance(to: 0.5)
        let frame = stage.render()
        let (x, y) = centre(0)
        XCTAssertPixel(frame, x, y, (255, 255, 255, 255))
    }
}
