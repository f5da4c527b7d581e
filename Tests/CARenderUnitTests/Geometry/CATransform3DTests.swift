import Foundation
import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

final class CATransform3DTests: XCTestCase {
    private func apply(_ t: CATransform3D, _ p: (CGFloat, CGFloat, CGFloat)) -> (CGFloat, CGFloat, CGFloat) {
        let x = p.0 * t.m11 + p.1 * t.m21 + p.2 * t.m31 + t.m41
        let y = p.0 * t.m12 + p.1 * t.m22 + p.2 * t.m32 + t.m42
        let z = p.0 * t.m13 + p.1 * t.m23 + p.2 * t.m33 + t.m43
        let w = p.0 * t.m14 + p.1 * t.m24 + p.2 * t.m34 + t.m44
        return (x / w, y / w, z / w)
    }

    private func assertTriple(_ a: (CGFloat, CGFloat, CGFloat), _ b: (CGFloat, CGFloat, CGFloat),
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.0, b.0, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.1, b.1, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.2, b.2, accuracy: 1e-9, file: file, line: line)
    }

    func testIdentityAndZero() {
        XCTAssertEqual(CATransform3DIdentity.rowMajorElements, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        XCTAssertEqual(CATransform3D().rowMajorElements, [CGFloat](repeating: 0, count: 16))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3DMakeTranslation(0, 0, 1e-9)))
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 3)))
        XCTAssertFalse(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 2, 3), CATransform3DMakeScale(1, 2, 4)))
    }

    func testMakeTranslationAndScaleLayout() {
        let t = CATransform3DMakeTranslation(3, 4, 5)
        XCTAssertEqual(t.rowMajorElements, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 4, 5, 1])
        let s = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(s.rowMajorElements, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    }

    func testMakeRotation() {
        // About z by π/2: x goes to y (on iOS, a clockwise turn).
        let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertTriple(apply(z, (1, 0, 0)), (0, 1, 0))
        XCTAssertEqual(z.m12, 1, accuracy: 1e-15)
        XCTAssertEqual(z.m21, -1, accuracy: 1e-15)
        // Right-hand rule about x: y goes to z; about y: z goes to x.
        assertTriple(apply(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), (0, 1, 0)), (0, 0, 1))
        assertTriple(apply(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), (0, 0, 1)), (1, 0, 0))
        // 120° about (1, 1, 1) (any length) cycles the axes x → y → z → x.
        let cycle = CATransform3DMakeRotation(2 * .pi / 3, 2, 2, 2)
        assertTransform(cycle, CATransform3D(m11: 0, m12: 1, m13: 0, m14: 0, m21: 0, m22: 0, m23: 1, m24: 0,
                                             m31: 1, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1),
                        accuracy: 1e-15)
        XCTAssertEqual(CATransform3DMakeRotation(1, 0, 0, 0), CATransform3DIdentity, "a zero axis gives the identity")
    }

    func testConcatAppliesFirstArgumentFirst() {
        let move = CATransform3DMakeTranslation(1, 0, 0), scale = CATransform3DMakeScale(2, 2, 2)
        assertTriple(apply(CATransform3DConcat(move, scale), (0, 0, 0)), (2, 0, 0))
        assertTriple(apply(CATransform3DConcat(scale, move), (0, 0, 0)), (1, 0, 0))
        let a = CATransform3DMakeRotation(0.3, 1, 2, 3), b = CATransform3DMakeTranslation(4, 5, 6)
        assertTriple(apply(CATransform3DConcat(a, b), (1, 2, 3)), { let p = apply(a, (1, 2, 3)); return apply(b, p) }())
    }

    func testTranslateScaleRotateApplyTheNewStepFirst() {
        // Translate(t, …) = translation · t: the point moves, then t applies.
        let translated = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 1, 2, 3)
        XCTAssertEqual(translated.rowMajorElements, [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 4, 6, 1])
        let scaled = CATransform3DScale(CATransform3DMakeTranslation(1, 2, 3), 2, 3, 4)
        XCTAssertEqual(scaled.rowMajorElements, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1])
        let rotated = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1)
        assertTriple(apply(rotated, (1, 0, 0)), (5, 1, 0))
    }

    func testInvertOfPerspectiveMatrix() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let inverse = CATransform3DInvert(p)
        var expected = CATransform3DIdentity
        expected.m34 = 1.0 / 500
        assertTransform(inverse, expected, accuracy: 1e-15)
        // (translate then perspective)⁻¹ worked by hand: P⁻¹·T⁻¹.
        let m = CATransform3DConcat(CATransform3DMakeTranslation(10, 20, 30), p)
        XCTAssertEqual(m.m44, 0.94, accuracy: 1e-15)
        assertTransform(CATransform3DInvert(m), CATransform3D(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: -0.02, m32: -0.04, m33: 0.94, m34: 0.002, m41: -10, m42: -20, m43: -30, m44: 1), accuracy: 1e-12)
        // A general matrix times its inverse is the identity.
        let g = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.7, 1, -2, 0.5), m),
                                    CATransform3DMakeScale(1.5, -2, 0.25))
        assertTransform(CATransform3DConcat(g, CATransform3DInvert(g)), CATransform3DIdentity, accuracy: 1e-12)
    }

    func testInvertOfSingularReturnsTheInput() {
        let s = CATransform3DMakeScale(1, 0, 1)
        XCTAssertEqual(CATransform3DInvert(s), s)
    }

    func testAffineConversions() {
        let m = CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7)
        let t = CATransform3DMakeAffineTransform(m)
        XCTAssertEqual(t.rowMajorElements, [2, 3, 0, 0, 4, 5, 0, 0, 0, 0, 1, 0, 6, 7, 0, 1])
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DGetAffineTransform(t), m)
        // A point maps the same way through both.
        let p = CGPoint(x: 1.5, y: -2).applying(m)
        assertTriple(apply(t, (1.5, -2, 0)), (p.x, p.y, 0))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 5)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        XCTAssertFalse(CATransform3DIsAffine(perspective))
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 0, 1)))
    }

    func testNSValueBoxing() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 1, 1, 0)
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(NSValue(cgAffineTransform: a).cgAffineTransformValue, a)
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue, CGPoint(x: 1, y: 2))
        XCTAssertEqual(NSValue(cgVector: CGVector(dx: 3, dy: -4)).cgVectorValue, CGVector(dx: 3, dy: -4))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        XCTAssertEqual(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        // Casts work both ways, as on Apple's platforms.
        let boxed: Any = NSValue(caTransform3D: t)
        XCTAssertEqual(boxed as? CATransform3D, t)
        XCTAssertNil(boxed as? CGPoint, "a transform is not a point")
        let plain: Any = CGSize(width: 1, height: 2)
        XCTAssertEqual((plain as? NSValue)?.cgSizeValue, CGSize(width: 1, height: 2))
        let number: Any = NSNumber(value: 0.75)
        XCTAssertEqual(number as? CGFloat, 0.75)
        XCTAssertEqual(coerceToCGFloat(number), 0.75)
        XCTAssertEqual(coerceToCATransform3D(boxed), t)
        XCTAssertEqual(coerceToCGAffineTransform(NSValue(cgAffineTransform: a)), a)
        XCTAssertNil(coerceToCGPoint(NSValue(cgSize: .zero)))
    }
}
