import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// Basic and spring animations of numeric properties and their fields (with fixed or live model
/// endpoints) and points moving along paths are evaluated from a compiled track (`TypedBasicTrack`, `PathTrack`) instead of by the
/// animation; the values must be bit for bit those of the general evaluation. Subclasses that
/// change nothing are evaluated the general way, so each case runs both ways side by side.
final class CompiledEvaluationTests: XCTestCase {
    private final class GeneralBasic: CABasicAnimation {}
    private final class GeneralKeyframe: CAKeyframeAnimation {}

    /// The values compared: every property the cases animate, as exact bit patterns.
    private func fingerprint(_ state: LayerState) -> [UInt64] {
        let t = state.transform
        return [Double(state.opacity), state.position.x, state.position.y, state.bounds.origin.x, state.bounds.origin.y,
                state.bounds.size.width, state.bounds.size.height, state.shadowOffset.width, state.shadowOffset.height,
                state.cornerRadius, t.m11, t.m12, t.m21, t.m22, t.m41, t.m42].map { Double($0).bitPattern }
    }

    /// Adds `configure`d animations of both classes to two layers and compares their
    /// presentation over several cycles.
    private func compare<A: CAPropertyAnimation>(_ compiled: A.Type, _ general: A.Type, expectCompiled: Bool,
                                                 file: StaticString = #filePath, line: UInt = #line,
                                                 _ configure: (A) -> Void) {
        let clock = AnimationClock()
        let other = CALayer()
        other.bounds = clock.layer.bounds
        other.position = clock.layer.position
        clock.root.addSublayer(other)
        let a = compiled.init(), b = general.init()
        configure(a)
        configure(b)
        clock.layer.add(a, forKey: "k")
        other.add(b, forKey: "k")
        clock.commit()
        XCTAssertEqual(clock.layer.animationEntries[0].evaluation != nil, expectCompiled, "compiled", file: file, line: line)
        XCTAssertNil(other.animationEntries[0].evaluation, file: file, line: line)
        for step in 0...90 {
            let t = clock.time + 0.037
            clock.advance(to: t)
            XCTAssertEqual(fingerprint(clock.layer.presentationState(at: t)), fingerprint(other.presentationState(at: t)),
                           "step \(step)", file: file, line: line)
        }
    }

    func testBasicAnimationsMatchTheGeneralEvaluation() {
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "opacity"; a.fromValue = 0.9; a.toValue = 0.2; a.duration = 0.5
            a.autoreverses = true; a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "position"; a.fromValue = CGPoint(x: 3, y: 4); a.byValue = CGPoint(x: 10.1, y: -7.3)
            a.duration = 0.3; a.repeatCount = 6; a.isCumulative = true; a.isAdditive = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "bounds"; a.toValue = CGRect(x: 1, y: 2, width: 40, height: 25.5)
            a.byValue = CGRect(x: 0.5, y: 0.25, width: 10, height: 3); a.duration = 0.7
            a.autoreverses = true; a.repeatCount = 3; a.isCumulative = true; a.fillMode = .both
            a.isRemovedOnCompletion = false
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "shadowOffset"; a.fromValue = CGSize(width: 2, height: 3); a.toValue = CGSize(width: -4, height: 9)
            a.duration = 0.4; a.speed = -1.5; a.repeatCount = 4
            a.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.7, 1.6)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "cornerRadius"; a.fromValue = 2; a.toValue = 12; a.duration = 1; a.isAdditive = true
        }
        // Ends that are the live model value are read from the model each frame.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "opacity"; a.fromValue = 0; a.duration = 1
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "position"; a.toValue = CGPoint(x: -20, y: 13.5); a.duration = 0.6
            a.autoreverses = true; a.repeatCount = 3; a.isCumulative = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "cornerRadius"; a.byValue = 6; a.duration = 0.45; a.repeatCount = 5; a.isCumulative = true
            a.timingFunction = CAMediaTimingFunction(name: .easeOut)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "bounds"; a.duration = 0.5; a.isAdditive = true
        }
        // Fields of points, sizes and rectangles are stored in place like whole properties.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "position.x"; a.fromValue = 0; a.toValue = 30; a.duration = 1
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "shadowOffset.height"; a.fromValue = -3; a.toValue = 4; a.duration = 0.8
            a.autoreverses = true; a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "bounds.size.width"; a.byValue = 7.25; a.duration = 0.35; a.repeatCount = 4
            a.isCumulative = true; a.isAdditive = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "bounds.origin"; a.fromValue = CGPoint(x: 1, y: 2); a.duration = 0.5
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "bounds.size"; a.toValue = CGSize(width: 3, height: 80); a.duration = 0.5; a.speed = 2
        }
        // Transforms need the general evaluation.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: false) { a in
            a.keyPath = "transform"; a.fromValue = CATransform3DIdentity
            a.toValue = CATransform3DMakeRotation(1, 0, 0, 1); a.duration = 1
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: false) { a in
            a.keyPath = "transform.scale"; a.fromValue = 1; a.toValue = 2; a.duration = 1
        }
    }

    private final class GeneralSpring: CASpringAnimation {}

    func testSpringsMatchTheGeneralEvaluation() {
        compare(CASpringAnimation.self, GeneralSpring.self, expectCompiled: true) { a in
            a.keyPath = "position.y"; a.fromValue = 10; a.toValue = 40; a.damping = 8; a.duration = 1.5
            a.repeatCount = 2
        }
        compare(CASpringAnimation.self, GeneralSpring.self, expectCompiled: true) { a in
            a.keyPath = "position"; a.toValue = CGPoint(x: 90, y: -5); a.stiffness = 300; a.mass = 2
            a.initialVelocity = -3; a.duration = 2
        }
        compare(CASpringAnimation.self, GeneralSpring.self, expectCompiled: true) { a in
            a.keyPath = "opacity"; a.fromValue = 0; a.toValue = 1; a.damping = 40; a.allowsOverdamping = true
            a.duration = 1; a.isAdditive = true
        }
    }

    func testPathAnimationsMatchTheGeneralEvaluation() {
        let wiggle = CGMutablePath()
        wiggle.move(to: CGPoint(x: 10, y: 10))
        wiggle.addCurve(to: CGPoint(x: 80, y: 30), control1: CGPoint(x: 10, y: 90), control2: CGPoint(x: 60, y: -40))
        wiggle.addQuadCurve(to: CGPoint(x: 20, y: 70), control: CGPoint(x: 90, y: 90))
        wiggle.addLine(to: CGPoint(x: 15, y: 15))
        wiggle.closeSubpath()
        let modes: [CAAnimationCalculationMode] = [.linear, .paced, .discrete, .cubic, .cubicPaced]
        for (index, mode) in modes.enumerated() {
            compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
                a.keyPath = "position"; a.path = wiggle; a.calculationMode = mode; a.duration = 0.9
                a.repeatCount = 5; a.autoreverses = index % 2 == 0; a.isCumulative = index % 2 == 1
                a.isAdditive = index == 2
                a.rotationMode = index % 3 == 0 ? .rotateAuto : (index % 3 == 1 ? .rotateAutoReverse : nil)
                a.timingFunction = CAMediaTimingFunction(name: .easeIn)
                a.keyTimes = index == 0 ? [0, 0.1, 0.5, 0.6, 1] : nil
                a.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .linear)]
            }
        }
        // Paced without a rotation mode: the layer's presentation record holds the path as a
        // value (`PacedPathFrame`) instead of the track object; it must evaluate identically.
        for (index, mode) in [CAAnimationCalculationMode.paced, .cubicPaced, .paced, .cubicPaced].enumerated() {
            compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
                a.keyPath = "position"; a.path = wiggle; a.calculationMode = mode; a.duration = 0.9
                a.repeatCount = 5; a.autoreverses = index == 1; a.isCumulative = index == 2
                a.isAdditive = index == 3
                a.timingFunction = CAMediaTimingFunction(name: .easeIn)
            }
            let layer = CALayer()
            let a = CAKeyframeAnimation(keyPath: "position")
            a.path = wiggle
            a.calculationMode = mode
            a.beginTime = 1 // not awaiting a commit, so the record exists now
            layer.add(a, forKey: "k")
            XCTAssertNotNil(layer.presentationEntries.first?.pacedPath ?? nil, "\(mode)")
        }
        // A path driving a sub-path is written through the property's coding.
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: false) { a in
            a.keyPath = "bounds.origin"; a.path = wiggle; a.duration = 0.9
        }
    }
}
