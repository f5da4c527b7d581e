import Foundation
import XCTest
import CARender
@testable import CARenderGeometry

final class TransformComponentsTests: XCTestCase {
    func testRoundTripsComposedTransforms() {
        var c = TransformComponents()
        c.scale = (1.5, 0.5, 2)
        c.rotation = (0.3, -0.4, 2.5)
        c.translation = (10, -20, 30)
        c.perspective = (0, 0, -0.002, 1)
        let d = TransformComponents(decomposing: c.transform)
        XCTAssertEqual(d.scale.x, 1.5, accuracy: 1e-12)
        XCTAssertEqual(d.scale.y, 0.5, accuracy: 1e-12)
        XCTAssertEqual(d.scale.z, 2, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.x, 0.3, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.y, -0.4, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.z, 2.5, accuracy: 1e-12)
        XCTAssertEqual(d.translation.z, 30, accuracy: 1e-12)
        XCTAssertEqual(d.perspective.z, -0.002, accuracy: 1e-15)
        XCTAssertEqual(d.perspective.w, 1, accuracy: 1e-12)
        assertTransform(d.transform, c.transform, accuracy: 1e-12)
    }

    func testMirrorReadsAsNegativeXScale() {
        let d = TransformComponents(decomposing: CATransform3DMakeScale(-2, 3, 1))
        XCTAssertEqual(d.scale.x, -2, accuracy: 1e-12)
        XCTAssertEqual(d.scale.y, 3, accuracy: 1e-12)
        XCTAssertEqual(d.rotation.z, 0, accuracy: 1e-12)
    }

    func testGimbalLockStillRecomposes() {
        let t = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DMakeRotation(0.6, 0, 0, 1))
        let d = TransformComponents(decomposing: t)
        XCTAssertEqual(d.rotation.y, .pi / 2, accuracy: 1e-9)
        assertTransform(d.transform, t, accuracy: 1e-9)
    }

    /// Recomposing skips the turns about x and y when they are zero; the matrix must be the one
    /// the full product gives, bit for bit, for zeros of either sign, negative, zero, huge,
    /// infinite and NaN scales, with and without translation and perspective.
    func testSkippingZeroTurnsChangesNoBit() {
        let scales: [CGFloat] = [1, 1.5, -0.75, 0, -0.0, 1e-300, 1e300, .infinity, -.infinity, .nan]
        let turns: [CGFloat] = [0, -0.0, 0.6, -2.2, .nan]
        func bits(_ t: CATransform3D) -> [UInt64] { t.rowMajorElements.map { Double($0).bitPattern } }
        var count = 0
        for sx in scales {
            for sy in [scales[1], scales[3], scales[4], sx] {
                for rx in turns {
                    for ry in [CGFloat(0), -0.0, 0.3] {
                        for rz in turns {
                            var c = TransformComponents()
                            c.scale = (sx, sy, count % 3 == 0 ? -0.0 : 1.25)
                            c.rotation = (rx, ry, rz)
                            c.translation = (count % 2 == 0 ? 0 : 4, -3, 0)
                            if count % 5 == 0 { c.perspective = (0, 0, -0.002, 1) }
                            XCTAssertEqual(bits(c.transform), bits(c.fullyComposed), "\(c)")
                            count += 1
                        }
                    }
                }
            }
        }
    }
}
