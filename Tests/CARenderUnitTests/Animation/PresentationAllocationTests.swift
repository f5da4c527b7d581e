import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel
@testable import CARenderStage
import CARenderTestSupport

/// Presentation evaluation is a per-frame hot path: once animations are added (and their key
/// paths compiled into tracks), evaluating every layer's presentation values allocates nothing,
/// cubic keyframe splines included.
final class PresentationAllocationTests: XCTestCase {
    func testAnimatedStageEvaluatesWithoutAllocating() {
        let stage = Stage(width: 320, height: 200)
        var layers: [CALayer] = []
        for i in 0..<200 {
            let layer = CALayer()
            let x = CGFloat(i % 20) * 16 + 8, y = CGFloat(i / 20) * 16 + 8
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.position = CGPoint(x: x, y: y)
            stage.rootLayer.addSublayer(layer)
            layers.append(layer)

            let fade = CABasicAnimation(keyPath: i % 2 == 0 ? "opacity" : "position.x")
            fade.fromValue = i % 2 == 0 ? 1 : x
            fade.toValue = i % 2 == 0 ? 0.25 : x + 5
            fade.duration = 1.5
            fade.autoreverses = true
            fade.repeatCount = .infinity
            fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(fade, forKey: "fade")

            let orbit = CAKeyframeAnimation(keyPath: "position")
            if i % 3 == 0 {
                orbit.values = [CGPoint(x: x, y: y), CGPoint(x: x + 4, y: y), CGPoint(x: x + 4, y: y + 4)]
                orbit.keyTimes = [0, 0.25, 1]
                // Cubic splines through the values, some paced, some with tension.
                if i % 6 == 0 { orbit.calculationMode = i % 12 == 0 ? .cubic : .cubicPaced }
                if i % 12 == 0 { orbit.tensionValues = [0.5, -0.5, 0] }
            } else {
                let circle = CGMutablePath()
                circle.addEllipse(in: CGRect(x: x - 3, y: y - 3, width: 6, height: 6))
                orbit.path = circle
                orbit.calculationMode = i % 3 == 1 ? .paced : .linear
                orbit.rotationMode = i % 3 == 1 ? .rotateAuto : nil
            }
            orbit.duration = 2
            orbit.repeatCount = .infinity
            orbit.isAdditive = i % 5 == 0
            layer.add(orbit, forKey: "orbit")

            if i % 10 == 0 {
                // A cubic spline through whole transforms (interpolated decomposed).
                let turn = CAKeyframeAnimation(keyPath: "transform")
                turn.values = [CATransform3DIdentity, CATransform3DMakeRotation(1, 0, 0, 1),
                               CATransform3DMakeScale(1.5, 1.5, 1)]
                turn.calculationMode = .cubic
                turn.duration = 1
                turn.repeatCount = .infinity
                layer.add(turn, forKey: "turn")
            }
        }
        stage.advance(to: 0.01)

        func evaluate(at t: Double) -> Double {
            // An index loop: a for-in iterator allocates in unoptimised builds.
            var sum = 0.0
            var index = 0
            while index < layers.count {
                let state = layers[index].presentationState(at: t)
                sum += Double(state.position.x) + Double(state.opacity)
                index += 1
            }
            return sum
        }
        for frame in 0..<5 { _ = evaluate(at: 0.1 + Double(frame) / 60) }   // warm-up

        let frames = 30
        var checksum = 0.0
        var previous = evaluate(at: 0.1)
        var moved = 0
        let allocations = countingAllocations {
            for frame in 0..<frames {
                let value = evaluate(at: 0.2 + Double(frame) / 60)
                if value != previous { moved += 1 }
                previous = value
                checksum += value
            }
        }
        XCTAssertEqual(moved, frames, "every frame evaluates to new values")
        XCTAssertTrue(checksum.isFinite)
        XCTAssertEqual(allocations, 0, "\(allocations) heap allocations in \(frames) frames of presentation evaluation")
    }
}
