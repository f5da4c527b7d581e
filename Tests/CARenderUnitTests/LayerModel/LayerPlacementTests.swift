import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// A layer's map into its superlayer (`mappingToSuperlayer`) is minus the anchor, `transform`,
/// plus the position. An untransformed layer takes a shortcut that skips the 4×4 products; the
/// compositor draws from its result, so it must be that product bit for bit, signed zeros
/// included (a −0 would reach the device map and could move an edge's rounding).
final class LayerPlacementTests: XCTestCase {
    /// The map as the general path computes it.
    private func product(_ s: LayerState) -> CATransform3D {
        let a = (x: s.bounds.minX + s.anchorPoint.x * s.bounds.width,
                 y: s.bounds.minY + s.anchorPoint.y * s.bounds.height, z: s.anchorPointZ)
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -a.z)
        m = CATransform3DConcat(m, s.transform)
        return CATransform3DConcat(m, CATransform3DMakeTranslation(s.position.x, s.position.y, s.zPosition))
    }

    private func bits(_ t: CATransform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
    }

    func testAnUntransformedLayersMapIsTheProductBitForBit() {
        let coordinates: [CGFloat] = [0, -0.0, 1, -1, 0.5, -2.75, 1e-300, 12345.678]
        var checked = 0
        for origin in coordinates {
            for anchor in [CGFloat(0), 0.5, 1, -0.0] {
                for position in coordinates {
                    for z in [CGFloat(0), -0.0, 3] {
                        var s = LayerState()
                        s.bounds = CGRect(x: origin, y: -origin, width: abs(origin) * 2, height: 6)
                        s.anchorPoint = CGPoint(x: anchor, y: 1 - anchor)
                        s.anchorPointZ = z
                        s.position = CGPoint(x: position, y: -position)
                        s.zPosition = -z
                        let shortcut = withUnsafePointer(to: s) { $0.mappingToSuperlayer(nil) }
                        XCTAssertEqual(bits(shortcut), bits(product(s)),
                                       "origin \(origin), anchor \(anchor), position \(position), z \(z)")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 8 * 4 * 8 * 3)
    }

    /// A transform equal to the identity but holding a −0 multiplies differently, so it takes
    /// the general path and still gets the product.
    func testANegativeZeroInTheTransformTakesTheGeneralPath() {
        var s = LayerState()
        s.bounds = CGRect(x: 0, y: 0, width: 0, height: 4)
        s.position = CGPoint(x: -0.0, y: 2)
        s.transform.m12 = -0.0
        XCTAssertTrue(CATransform3DIsIdentity(s.transform))
        let map = withUnsafePointer(to: s) { $0.mappingToSuperlayer(nil) }
        XCTAssertEqual(bits(map), bits(product(s)))
    }
}
