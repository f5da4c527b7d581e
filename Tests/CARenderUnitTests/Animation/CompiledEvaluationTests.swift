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
        let t = state.transform, u = state.sublayerTransform
        return [Double(state.opacity), state.position.x, state.position.y, state.bounds.origin.x, state.bounds.origin.y,
                state.bounds.size.width, state.bounds.size.height, state.shadowOffset.width, state.shadowOffset.height,
                state.cornerRadius, t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33, t.m41, t.m42, t.m43,
                u.m11, u.m12, u.m13, u.m21, u.m22, u.m23, u.m31, u.m32, u.m33, u.m41, u.m42, u.m43].map { Double($0).bitPattern }
    }

    /// Adds `configure`d animations of both classes to two layers and compares their
    /// presentation over several cycles.
    private func compare<A: CAPropertyAnimation>(_ compiled: A.Type, _ general: A.Type, expectCompiled: Bool,
                                                 identityModelTransforms: Bool = false,
                                                 file: StaticString = #filePath, line: UInt = #line,
                                                 _ configure: (A) -> Void) {
        compare(expectCompiled: expectCompiled, identityModelTransforms: identityModelTransforms, file: file, line: line) { isCompiled in
            let animation = isCompiled ? compiled.init() : general.init()
            configure(animation)
            return animation
        }
    }

    /// Adds `make(true)` and `make(false)` (the general evaluation's classes) to two layers and
    /// compares their presentation over several cycles. The layers' model transforms have every
    /// component, or are the identity until the model values change mid-run
    /// (`identityModelTransforms`).
    private func compare(expectCompiled: Bool, identityModelTransforms: Bool = false,
                         file: StaticString = #filePath, line: UInt = #line,
                         _ make: (_ compiled: Bool) -> CAAnimation) {
        let clock = AnimationClock()
        let other = CALayer()
        other.bounds = clock.layer.bounds
        other.position = clock.layer.position
        clock.root.addSublayer(other)
        // A model transform with every component, so transform fields replace one of several.
        for layer in [clock.layer, other] where !identityModelTransforms {
            layer.transform = CATransform3DRotate(CATransform3DMakeScale(1.2, 0.9, 1.1), 0.4, 0.2, 0.3, 1)
            layer.sublayerTransform = CATransform3DMakeTranslation(2, -3, 1)
        }
        let a = make(true), b = make(false)
        clock.layer.add(a, forKey: "k")
        other.add(b, forKey: "k")
        clock.commit()
        XCTAssertEqual(clock.layer.animationEntries.map(\.key), ["k"], "no implicit animation", file: file, line: line)
        XCTAssertEqual(clock.layer.animationEntries.first?.evaluation != nil, expectCompiled, "compiled", file: file, line: line)
        XCTAssertNil(other.animationEntries.first?.evaluation ?? nil, file: file, line: line)
        // The render nodes' values (written into reused boxes, only the animated properties
        // refreshed from the committed values each frame) must be those of a fresh evaluation
        // too. One frame's nodes are kept while the next is built, so both of each layer's
        // boxes take turns.
        var previousNodes: [RenderNode] = []
        for step in 0...90 {
            if step == 45 {
                changeModelValues(of: [clock.layer, other], clock: clock)
                XCTAssertEqual(Set(clock.layer.animationEntries.map(\.key) + other.animationEntries.map(\.key)).subtracting(["k"]), [],
                               "no implicit animation", file: file, line: line)
            }
            let t = clock.time + 0.037
            clock.advance(to: t)
            let (compiledState, generalState) = (clock.layer.presentationState(at: t), other.presentationState(at: t))
            XCTAssertEqual(fingerprint(compiledState), fingerprint(generalState), "step \(step)", file: file, line: line)
            let nodes = [clock.layer.renderNode(at: t), other.renderNode(at: t)]
            XCTAssertEqual(fingerprint(nodes[0].state), fingerprint(compiledState), "compiled render node, step \(step)", file: file, line: line)
            XCTAssertEqual(fingerprint(nodes[1].state), fingerprint(generalState), "general render node, step \(step)", file: file, line: line)
            previousNodes = nodes
        }
        withExtendedLifetime(previousNodes) {}
    }

    /// Commits new model values for every property the cases animate (no implicit animations),
    /// mid-animation: presentation must follow them from the next frame on.
    private func changeModelValues(of layers: [CALayer], clock: AnimationClock) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers {
            layer.opacity = 0.8
            layer.position = CGPoint(x: 90.5, y: 104.25)
            layer.bounds = CGRect(x: 1, y: -2, width: 12, height: 9)
            layer.shadowOffset = CGSize(width: 1.5, height: -2)
            layer.cornerRadius = 3
            layer.transform = CATransform3DRotate(CATransform3DMakeScale(0.8, 1.3, 1), -0.7, 0.1, 0.5, 1)
            layer.sublayerTransform = CATransform3DMakeScale(1.1, 1.1, 1)
        }
        CATransaction.commit()
        clock.commit()
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
        // Whole transforms, blended decomposed.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform"; a.fromValue = CATransform3DIdentity
            a.toValue = CATransform3DMakeRotation(1, 0, 0, 1); a.duration = 1
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform"; a.toValue = CATransform3DMakeScale(1.5, 0.5, 1); a.duration = 0.4
            a.autoreverses = true; a.repeatCount = 3; a.isCumulative = true
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform"; a.byValue = CATransform3DMakeTranslation(3, -4, 0); a.duration = 0.3
            a.repeatCount = 4; a.isCumulative = true; a.isAdditive = true
        }
        // Over the identity (most layers' transform, whose parts are known), then over the
        // model values committed mid-run: ends that are the animation's own values are
        // decomposed once, the model's when it changes.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true, identityModelTransforms: true) { a in
            a.keyPath = "transform"; a.toValue = CATransform3DMakeRotation(.pi / 3, 0, 0, 1); a.duration = 1.25
            a.autoreverses = true; a.repeatCount = .infinity
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true, identityModelTransforms: true) { a in
            a.keyPath = "sublayerTransform"; a.fromValue = CATransform3DMakeScale(2, 0.5, 1); a.duration = 0.6
            a.timingFunction = CAMediaTimingFunction(name: .easeOut); a.repeatCount = 3; a.isCumulative = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true, identityModelTransforms: true) { a in
            a.keyPath = "transform"; a.byValue = CATransform3DMakeRotation(0.7, 1, 1, 0); a.duration = 0.5
            a.autoreverses = true; a.repeatCount = 2
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true, identityModelTransforms: true) { a in
            a.keyPath = "transform"; a.fromValue = CATransform3DMakeTranslation(4, 2, 0)
            a.toValue = CATransform3DMakeRotation(2, 0, 0, 1); a.duration = 0.7; a.isAdditive = true
        }
        // An end that cannot be decomposed (m44 = 0): the value jumps at the midpoint.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true, identityModelTransforms: true) { a in
            var flat = CATransform3DIdentity
            flat.m44 = 0
            a.keyPath = "transform"; a.toValue = flat; a.duration = 0.5; a.repeatCount = 2
        }
        // Numbers inside transforms: decomposed, replaced and recomposed in place.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.scale"; a.fromValue = 1; a.toValue = 1.5; a.duration = 0.8
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); a.autoreverses = true; a.repeatCount = .infinity
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.rotation.z"; a.byValue = 0.9; a.duration = 0.35; a.repeatCount = 4
            a.isCumulative = true; a.isAdditive = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.rotation"; a.toValue = -2; a.duration = 0.6
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.rotation.x"; a.fromValue = 0.3; a.duration = 0.5
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.scale.y"; a.fromValue = 0.5; a.toValue = 2; a.duration = 0.5; a.isAdditive = true
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "transform.translation.x"; a.byValue = 12; a.duration = 0.5
            a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: true) { a in
            a.keyPath = "sublayerTransform.translation.z"; a.fromValue = -4; a.toValue = 9; a.duration = 0.5
        }
        // Bare `translation` is a size; value functions turn numbers into transforms: both are
        // evaluated by the animation.
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: false) { a in
            a.keyPath = "transform.translation"; a.toValue = CGSize(width: 3, height: 4); a.duration = 0.5
        }
        compare(CABasicAnimation.self, GeneralBasic.self, expectCompiled: false) { a in
            a.keyPath = "transform"; a.valueFunction = CAValueFunction(name: .rotateZ)
            a.fromValue = 0; a.toValue = 3; a.duration = 1
        }
    }

    func testKeyframeValuesMatchTheGeneralEvaluation() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        // The benchmark's keyframes: points with key times, rotations with segment functions.
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "position"; a.duration = 1.25; a.repeatCount = .infinity
            a.values = [CGPoint(x: 4, y: 4), CGPoint(x: 6, y: 4), CGPoint(x: 6, y: 6), CGPoint(x: 4, y: 4)]
            a.keyTimes = [0, 0.2, 0.7, 1]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "transform.rotation.z"; a.duration = 0.7; a.repeatCount = .infinity; a.autoreverses = true
            a.values = [0, 1, -1, 0]; a.keyTimes = [0, 0.3, 0.6, 1]
            a.timingFunctions = [ease, CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "opacity"; a.duration = 0.45; a.repeatCount = 5; a.isCumulative = true; a.isAdditive = true
            a.values = [0.1, 0.8, 0.3]; a.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.4, 0.7, 1.6)
            a.timingFunctions = [CAMediaTimingFunction(name: .easeOut)]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "bounds"; a.duration = 0.6; a.repeatCount = 3; a.autoreverses = true; a.isCumulative = true
            a.values = [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 1, y: -2, width: 30, height: 12.5)]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "shadowOffset"; a.calculationMode = .discrete; a.duration = 0.5; a.repeatCount = 4
            a.values = [CGSize(width: 1, height: 2), CGSize(width: -3, height: 4), CGSize(width: 5, height: 0)]
            a.keyTimes = [0, 0.1, 0.8, 1]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "position.y"; a.calculationMode = .paced; a.duration = 0.9; a.repeatCount = 2
            a.values = [10, 40, 35, 80]; a.timingFunction = ease; a.timingFunctions = [ease, ease, ease]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "transform"; a.duration = 0.8; a.repeatCount = 2; a.isAdditive = true
            a.values = [CATransform3DIdentity, CATransform3DMakeRotation(1, 0, 0, 1), CATransform3DMakeScale(2, 1, 1)]
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "cornerRadius"; a.values = [7]; a.duration = 0.3
        }
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: true) { a in
            a.keyPath = "transform.scale"; a.values = [1, 2, 0.5]; a.keyTimes = [0, 0.5]; a.duration = 0.5 // ignored times
        }
        // The cubic modes' spline is evaluated by the animation.
        compare(CAKeyframeAnimation.self, GeneralKeyframe.self, expectCompiled: false) { a in
            a.keyPath = "position.x"; a.calculationMode = .cubic; a.values = [0, 10, 5, 20]; a.duration = 0.7
        }
    }

    private final class GeneralGroup: CAAnimationGroup {}

    /// A group of the benchmark's kind (children without durations of their own), and one with
    /// its own timing function, timed children and keyframes; made of the general classes for
    /// the general evaluation.
    func testGroupsMatchTheGeneralEvaluation() {
        func basic(_ compiled: Bool, _ keyPath: String) -> CABasicAnimation {
            let a = compiled ? CABasicAnimation() : GeneralBasic()
            a.keyPath = keyPath
            return a
        }
        compare(expectCompiled: true) { compiled in
            let fade = basic(compiled, "opacity")
            (fade.fromValue, fade.toValue) = (0.5, 1)
            let grow = basic(compiled, "bounds.size.width")
            (grow.fromValue, grow.toValue) = (6, 7)
            let group = compiled ? CAAnimationGroup() : GeneralGroup()
            group.animations = [fade, grow]
            group.duration = 1.5
            group.repeatCount = .infinity
            group.autoreverses = true
            return group
        }
        compare(expectCompiled: true) { compiled in
            let turn = basic(compiled, "transform.rotation.z")
            (turn.byValue, turn.duration, turn.beginTime, turn.fillMode) = (2, 0.4, 0.2, .both)
            turn.timingFunction = CAMediaTimingFunction(name: .easeOut)
            let hop = compiled ? CAKeyframeAnimation() : GeneralKeyframe()
            hop.keyPath = "position"
            hop.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5), CGPoint(x: 3, y: 3)]
            (hop.duration, hop.speed, hop.repeatCount, hop.isAdditive) = (0.3, 2, 2, true)
            let spring = compiled ? CASpringAnimation() : GeneralSpring()
            spring.keyPath = "cornerRadius"
            (spring.fromValue, spring.toValue, spring.damping) = (0, 8, 6)
            let group = compiled ? CAAnimationGroup() : GeneralGroup()
            group.animations = [turn, hop, spring]
            group.duration = 0.9
            group.repeatCount = 3
            group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return group
        }
        // Without a duration the group runs Core Animation's 0.25 s, which its children's
        // clocks, worked out when it is added, inherit.
        compare(expectCompiled: true) { compiled in
            let fade = basic(compiled, "opacity")
            (fade.fromValue, fade.toValue, fade.autoreverses) = (0.2, 0.9, true)
            let slide = basic(compiled, "position.x")
            (slide.byValue, slide.duration, slide.repeatCount) = (5, 0.1, 2)
            let group = compiled ? CAAnimationGroup() : GeneralGroup()
            group.animations = [fade, slide]
            group.repeatCount = 7
            group.timingFunction = CAMediaTimingFunction(name: .easeIn)
            return group
        }
        // A child the animation evaluates itself, or a nested group: the group evaluates itself.
        compare(expectCompiled: false) { compiled in
            let colour = basic(compiled, "backgroundColor")
            colour.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let group = compiled ? CAAnimationGroup() : GeneralGroup()
            group.animations = [basic(compiled, "opacity"), colour]
            group.duration = 0.5
            return group
        }
        compare(expectCompiled: false) { compiled in
            let inner = compiled ? CAAnimationGroup() : GeneralGroup()
            let fade = basic(compiled, "opacity")
            fade.toValue = 0.1
            inner.animations = [fade]
            let group = compiled ? CAAnimationGroup() : GeneralGroup()
            group.animations = [inner]
            group.duration = 0.5
            return group
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
