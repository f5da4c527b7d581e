import Foundation
import XCTest
import CARender
import CARenderTestSupport

final class CGAffineTransformTests: XCTestCase {
    func testInitialisersHaveCoreGraphicsLayout() {
        XCTAssertEqual(CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        XCTAssertEqual(CGAffineTransform(translationX: 3, y: 4), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 5), CGAffineTransform(a: 2, b: 0, c: 0, d: 5, tx: 0, ty: 0))
        let r = CGAffineTransform(rotationAngle: .pi / 6)
        assertAffine(r, CGAffineTransform(a: 3.squareRoot() / 2, b: 0.5, c: -0.5, d: 3.squareRoot() / 2, tx: 0, ty: 0))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertFalse(r.isIdentity)
    }

    func testApplyingToPointsSizesAndRects() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 9, y: 12))
        XCTAssertEqual(CGSize(width: 1, height: 1).applying(t), CGSize(width: 4, height: 6))
        // 90° rotation maps x to y: (1, 0) → (0, 1).
        assertPoint(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1), accuracy: 1e-15)
        // A rect rotated 90° about the origin: its corners span x ∈ [−40, −20], y ∈ [10, 40].
        let rect = CGRect(x: 10, y: 20, width: 30, height: 20)
        assertRect(rect.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -40, y: 10, width: 20, height: 30), accuracy: 1e-12)
        // A negative scale still gives a standardised box.
        XCTAssertEqual(rect.applying(CGAffineTransform(scaleX: -1, y: 2)), CGRect(x: -40, y: 40, width: 30, height: 40))
        XCTAssertTrue(CGRect.null.applying(t).isNull)
    }

    func testConcatenatingAppliesSelfFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        // Scale then translate: (1, 1) → (2, 3) → (12, 23).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)), CGPoint(x: 12, y: 23))
        // Translate then scale: (1, 1) → (11, 21) → (22, 63).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)), CGPoint(x: 22, y: 63))
    }

    func testTranslatedScaledRotatedApplyTheNewStepFirst() {
        let base = CGAffineTransform(scaleX: 2, y: 2)
        // translatedBy: translate first, then base: (1, 1) → (4, 6) → (8, 12).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(base.translatedBy(x: 3, y: 5)), CGPoint(x: 8, y: 12))
        XCTAssertEqual(base.translatedBy(x: 3, y: 5), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 6, ty: 10))
        let moved = CGAffineTransform(translationX: 10, y: 0)
        // scaledBy: scale first: (1, 1) → (3, 4) → (13, 4).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(moved.scaledBy(x: 3, y: 4)), CGPoint(x: 13, y: 4))
        // rotated: rotate first: (1, 0) → (0, 1) → (10, 1).
        assertPoint(CGPoint(x: 1, y: 0).applying(moved.rotated(by: .pi / 2)), CGPoint(x: 10, y: 1), accuracy: 1e-15)
    }

    func testInverted() {
        let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: -4)
        // det = 1: inverse linear part [1 −1; −1 2]; translation −(3, −4)·that = (−7, 11).
        assertAffine(t.inverted(), CGAffineTransform(a: 1, b: -1, c: -1, d: 2, tx: -7, ty: 11))
        assertAffine(t.concatenating(t.inverted()), .identity)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        XCTAssertEqual(singular.inverted(), singular, "a singular transform is returned unchanged")
    }

    func testCGVector() {
        XCTAssertEqual(CGVector(dx: 1, dy: 2).dx, 1)
        XCTAssertEqual(CGVector.zero, CGVector(dx: 0, dy: 0))
    }
}
