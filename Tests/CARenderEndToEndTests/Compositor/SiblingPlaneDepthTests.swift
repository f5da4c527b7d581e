import Foundation
import XCTest
import CARender
import CARenderTestSupport

/// Siblings of one flattening layer with 3D transforms are drawn depth-correctly against each
/// other (openradar rdar://12364220 "iOS 6 3D-rotation causes layers to render without respect
/// for view hierarchy"; Stack Overflow q 23570092 and q 24681890): a plane turned about y passes
/// in front of half of a flat sibling at the same depth and behind the other half, whatever the
/// sublayer order.
///
/// The reference is computed here per pixel from the geometry: the turned plane's depth along
/// each pixel's line of sight, against the flat sibling's depth 0.
final class SiblingPlaneDepthTests: XCTestCase {
    private static let size = 200.0
    private static let eye = 400.0
    private static let angle = 50.0 * .pi / 180
    private static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 200 × 200 stage in perspective (eye 400 pt away), with a blue 120 × 120 plane turned
    /// 50° about y FIRST in sublayer order and a flat red 100 × 100 one above it, both centred.
    private func stage(turnedFirst: Bool = true, flatZ: CGFloat = 0) -> Stage {
        let stage = Stage(width: Self.size, height: Self.size)
        stage.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / Self.eye
        stage.rootLayer.sublayerTransform = perspective
        let turned = CALayer()
        turned.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
        turned.backgroundColor = Self.blue
        turned.transform = CATransform3DMakeRotation(Self.angle, 0, 1, 0)
        let flat = CALayer()
        flat.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        flat.backgroundColor = Self.red
        flat.zPosition = flatZ
        if turnedFirst {
            stage.rootLayer.addSublayer(turned)
            stage.rootLayer.addSublayer(flat)
        } else {
            stage.rootLayer.addSublayer(flat)
            stage.rootLayer.addSublayer(turned)
        }
        return stage
    }

    /// Along the line of sight through screen point x (relative to the centre), the turned
    /// plane's point: u along the layer (from its centre) and its depth z. The row-vector
    /// rotation about y maps (u, 0, 0) to (u cos θ, 0, −u sin θ); perspective divides x by
    /// w = 1 − z / eye, so x = u cos θ / (1 + u sin θ / eye).
    private func turnedPlane(atScreenX x: Double) -> (u: Double, z: Double) {
        let c = cos(Self.angle), s = sin(Self.angle)
        let u = x / (c - x * s / Self.eye)
        return (u, -u * s)
    }

    func testTurnedPlaneCutsThroughAFlatSibling() {
        let image = stage().render()
        var checked = 0
        for y in stride(from: 60, to: 140, by: 7) {
            for x in 52..<148 {
                let sx = Double(x) + 0.5 - 100, sy = Double(y) + 0.5 - 100
                let plane = turnedPlane(atScreenX: sx)
                // The turned plane's own vertical extent at that depth: ±60 pt scaled by 1 / w.
                let w = 1 - plane.z / Self.eye
                let insideTurned = abs(plane.u) < 59 && abs(sy) < 60 / w - 1
                // Stay a pixel away from the intersection line (z = 0 at u = 0, x = 0).
                guard abs(sx) > 1.5, insideTurned else { continue }
                let expected: (Double, Double, Double, Double) = plane.z > 0 ? (0, 0, 255, 255) : (255, 0, 0, 255)
                XCTAssertPixel(image, x, y, expected, tolerance: 0, "depth \(plane.z)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func testOrderDoesNotMatterAndZPositionMovesTheFlatPlane() {
        XCTAssertEqual(stage(turnedFirst: true).render(), stage(turnedFirst: false).render())
        // With the flat plane 30 pt nearer, the turned one shows in front of it only where its
        // own depth exceeds 30.
        let image = stage(flatZ: 30).render()
        for x in 52..<148 {
            let sx = Double(x) + 0.5 - 100
            let plane = turnedPlane(atScreenX: sx)
            guard abs(plane.u) < 59, abs(plane.z - 30) > 2 else { continue }
            // The flat plane at z = 30 is magnified by 1 / (1 − 30 / eye) about the centre.
            let flatHalf = 50 / (1 - 30 / Self.eye)
            guard abs(sx) < flatHalf - 1 else { continue }
            let expected: (Double, Double, Double, Double) = plane.z > 30 ? (0, 0, 255, 255) : (255, 0, 0, 255)
            XCTAssertPixel(image, x, 100, expected, tolerance: 0, "depth \(plane.z)")
        }
    }
}
