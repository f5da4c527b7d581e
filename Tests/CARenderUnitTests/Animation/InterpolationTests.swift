import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// Interpolation of every animatable type (Core Animation Programming Guide: Animatable
/// Properties).
final class InterpolationTests: XCTestCase {
    private func assertMatrix(_ a: CATransform3D, _ b: CATransform3D, accuracy: Double = exact,
                              file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.rowMajorElements, b.rowMajorElements) {
            XCTAssertEqual(Double(x), Double(y), accuracy: accuracy, file: file, line: line)
        }
    }

    /// Rotations are slerped, not blended element-wise.
    func testRotationIsSlerped() {
        let m = interpolateTransform(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 0.5)
        let h = 0.5.squareRoot()
        XCTAssertEqual(m.m11, h, accuracy: exact)
        XCTAssertEqual(m.m12, h, accuracy: exact)
        XCTAssertEqual(m.m21, -h, accuracy: exact)
        assertMatrix(m, CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        // Through a layer animation on the whole transform.
        let clock = AnimationClock()
        clock.layer.add(basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)), forKey: "r")
        assertMatrix(clock.state(at: 0.5).transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
        // Shortest arc: from +170° to −170° passes through 180°.
        let wrap = interpolateTransform(CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1),
                                        CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1), 0.5)
        assertMatrix(wrap, CATransform3DMakeRotation(.pi, 0, 0, 1))
        // A 3D rotation about y.
        assertMatrix(interpolateTransform(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0.5),
                     CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
    }

    /// Scale and translation.
    func testScaleAndTranslation() {
        assertMatrix(interpolateTransform(CATransform3DIdentity, CATransform3DMakeScale(3, 3, 1), 0.5), CATransform3DMakeScale(2, 2, 1))
        assertMatrix(interpolateTransform(CATransform3DIdentity, CATransform3DMakeTranslation(100, 0, 0), 0.25),
                     CATransform3DMakeTranslation(25, 0, 0))
        // Combined: scale then rotate then translate interpolates each part.
        let from = CATransform3DIdentity
        let to = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(3, 3, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                                     CATransform3DMakeTranslation(40, 80, 0))
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 4, 0, 0, 1)),
                                           CATransform3DMakeTranslation(20, 40, 0))
        assertMatrix(interpolateTransform(from, to, 0.5), expected)
    }

    /// Decomposition round-trips shear, non-uniform scale, reflection and perspective.
    func testDecompositionRoundTrip() throws {
        var m = CATransform3DMakeRotation(0.7, 0.3, 0.5, 0.8)
        m = CATransform3DConcat(CATransform3DMakeScale(1.5, -0.5, 2), m)
        m.m21 += 0.4                                      // shear
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(10, -20, 5))
        m.m34 = -1.0 / 500
        m.m14 = 0.001
        let decomposed = try XCTUnwrap(DecomposedTransform(m))
        assertMatrix(decomposed.matrix, m, accuracy: 1e-9)
        assertMatrix(interpolateTransform(m, m, 0.37), m, accuracy: 1e-9)
        // Perspective interpolates linearly in the perspective vector.
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        XCTAssertEqual(interpolateTransform(CATransform3DIdentity, p, 0.5).m34, -1.0 / 1000, accuracy: exact)
    }

    /// A zero scale still interpolates smoothly (carender extension; see DecomposedTransform).
    func testZeroScale() {
        assertMatrix(interpolateTransform(CATransform3DMakeScale(0, 0, 1), CATransform3DIdentity, 0.5), CATransform3DMakeScale(0.5, 0.5, 1))
    }

    /// An undecomposable matrix (m44 = 0) switches at the midpoint.
    func testSingularMatrixSwitches() {
        let singular = CATransform3D()
        assertMatrix(interpolateTransform(singular, CATransform3DIdentity, 0.4), singular)
        assertMatrix(interpolateTransform(singular, CATransform3DIdentity, 0.6), CATransform3DIdentity)
    }

    /// Colours blend non-premultiplied; rects component-wise.
    func testColoursAndRects() throws {
        let white = try XCTUnwrap(AnimatableValue(CGColor.white))
        let clear = try XCTUnwrap(AnimatableValue(CGColor.clear))
        guard case .color(let c) = AnimatableValue.interpolate(white, clear, 0.5) else { return XCTFail() }
        XCTAssertEqual(c, .init(r: 0.5, g: 0.5, b: 0.5, a: 0.5))
        let clock = AnimationClock()
        clock.layer.add(basic("bounds", from: CGRect(x: 0, y: 0, width: 100, height: 100),
                              to: CGRect(x: 0, y: 0, width: 200, height: 50)), forKey: "b")
        let state = clock.state(at: 0.5)
        XCTAssertEqual(state.bounds, CGRect(x: 0, y: 0, width: 150, height: 75))
        XCTAssertEqual(state.position, CGPoint(x: 100, y: 100))
    }

    /// Paths blend point-wise when their structure matches, otherwise switch at the midpoint.
    func testPaths() throws {
        let a = CGPath(elements: [.move(to: CGPoint(x: 0, y: 0)), .quadCurve(to: CGPoint(x: 20, y: 20), control: CGPoint(x: 10, y: 0))])
        let b = CGPath(elements: [.move(to: CGPoint(x: 100, y: 0)), .quadCurve(to: CGPoint(x: 120, y: 60), control: CGPoint(x: 110, y: 40))])
        let mid = try XCTUnwrap(interpolatePath(a, b, 0.25))
        XCTAssertEqual(mid.elements, [.move(to: CGPoint(x: 25, y: 0)), .quadCurve(to: CGPoint(x: 45, y: 30), control: CGPoint(x: 35, y: 10))])
        let other = CGPath(elements: [.move(to: CGPoint(x: 0, y: 0))])
        // Same count, different kinds: no blend.
        let lines = CGPath(elements: [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 5, y: 5))])
        XCTAssertNil(interpolatePath(a, lines, 0.5))
        XCTAssertNil(interpolatePath(a, other, 0.5))
        guard case .path(let early) = AnimatableValue.interpolate(.path(a), .path(other), 0.4),
              case .path(let late) = AnimatableValue.interpolate(.path(a), .path(other), 0.5) else { return XCTFail() }
        XCTAssertTrue(early === a)
        XCTAssertTrue(late === other)
        // Through the shadowPath property.
        let clock = AnimationClock()
        clock.layer.add(basic("shadowPath", from: a, to: b), forKey: "p")
        XCTAssertEqual(clock.state(at: 0.25).shadowPath?.elements, mid.elements)
    }

    /// Arrays blend element-wise when the counts match; numbers keep their type.
    func testArraysAndNumberKinds() throws {
        let a = try XCTUnwrap(AnimatableValue([0.0, 10.0, CGFloat(20)] as [Any]))
        let b = try XCTUnwrap(AnimatableValue([1.0, 20.0, CGFloat(40)] as [Any]))
        let mid = AnimatableValue.interpolate(a, b, 0.5).anyValue as? [Any]
        XCTAssertEqual(mid?[0] as? Double, 0.5)
        XCTAssertEqual(mid?[2] as? CGFloat, 30)
        let short = try XCTUnwrap(AnimatableValue([0.0] as [Any]))
        XCTAssertEqual((AnimatableValue.interpolate(a, short, 0.5).anyValue as? [Any])?.count, 1)
        XCTAssertEqual(AnimatableValue(Float(2))?.anyValue as? Float, 2)
        XCTAssertEqual(AnimatableValue(NSValue(cgPoint: CGPoint(x: 1, y: 2)))?.anyValue as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(AnimatableValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 2)))?.anyValue as? CATransform3D,
                       CATransform3DMakeScale(2, 2, 2))
    }

    /// Additive transforms concatenate with the value below applied first (uncertain order).
    func testAdditiveTransform() {
        let clock = AnimationClock()
        clock.layer.transform = CATransform3DMakeScale(2, 2, 1)
        let a = basic("transform", from: CATransform3DIdentity, to: CATransform3DMakeTranslation(10, 0, 0))
        a.isAdditive = true
        clock.layer.add(a, forKey: "a")
        assertMatrix(clock.state(at: 0.5).transform,
                     CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(5, 0, 0)))
    }

    /// The bits of a matrix's elements.
    private func bits(_ t: CATransform3D) -> [UInt64] { t.rowMajorElements.map { Double($0).bitPattern } }

    /// A compiled transform animation remembers the decompositions of its ends; the blend must
    /// be that of fresh decompositions whatever the ends do from frame to frame (stay, change,
    /// swap, differ only in the sign of a zero, fail to decompose).
    func testRememberedDecompositionsBlendAsFreshOnes() {
        let a = CATransform3DRotate(CATransform3DMakeScale(1.2, 0.8, 1), 0.7, 0, 0, 1)
        let b = CATransform3DTranslate(CATransform3DMakeRotation(-1.1, 0.3, 0.2, 1), 4, -2, 1)
        var signed = CATransform3DIdentity
        signed.m12 = -0.0
        signed.m41 = -0.0
        var flat = CATransform3DIdentity
        flat.m44 = 0
        let moved = CATransform3DMakeTranslation(3, 0, 0)
        let ends = [(a, b), (a, b), (CATransform3DIdentity, b), (moved, b), (signed, b), (signed, a), (b, a), (a, a),
                    (b, moved), (flat, b), (a, flat), (a, b)]
        var remembered = TransformDecompositions()
        for (step, (x, y)) in ends.enumerated() {
            for p in [0.0, 0.3, 0.5, 0.77, 1.0] {
                XCTAssertEqual(bits(remembered.interpolate(x, y, p)), bits(interpolateTransform(x, y, p)), "step \(step) at \(p)")
            }
        }
    }

    /// Fields of a transform (`transform.scale`, `transform.rotation.z`) read and replace the
    /// identity from components worked out once; they must be the identity's decomposition.
    func testTransformFieldsOfTheIdentityAreItsDecomposition() {
        let fields: [TransformField] = [.rotationX, .rotationY, .rotationZ, .scaleX, .scaleY, .scaleZ, .scale,
                                        .translationX, .translationY, .translationZ]
        let identity = CATransform3DIdentity
        let fresh = TransformComponents(decomposing: identity)
        for field in fields {
            var expected = fresh
            let value: CGFloat
            switch field {
            case .rotationX: (value, expected.rotation.x) = (fresh.rotation.x, 0.4)
            case .rotationY: (value, expected.rotation.y) = (fresh.rotation.y, 0.4)
            case .rotationZ: (value, expected.rotation.z) = (fresh.rotation.z, 0.4)
            case .scaleX: (value, expected.scale.x) = (fresh.scale.x, 0.4)
            case .scaleY: (value, expected.scale.y) = (fresh.scale.y, 0.4)
            case .scaleZ: (value, expected.scale.z) = (fresh.scale.z, 0.4)
            case .scale: (value, expected.scale) = ((fresh.scale.x + fresh.scale.y + fresh.scale.z) / 3, (0.4, 0.4, 0.4))
            case .translationX: (value, expected.translation.x) = (fresh.translation.x, 0.4)
            case .translationY: (value, expected.translation.y) = (fresh.translation.y, 0.4)
            case .translationZ: (value, expected.translation.z) = (fresh.translation.z, 0.4)
            }
            XCTAssertEqual(bits(field.replacing(in: identity, with: 0.4)), bits(expected.transform), "\(field)")
            XCTAssertEqual(Double(field.value(in: identity)).bitPattern, Double(value).bitPattern, "\(field)")
        }
    }
}
