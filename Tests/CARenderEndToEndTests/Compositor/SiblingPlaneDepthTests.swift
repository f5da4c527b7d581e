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

    // MARK: - Many siblings

    private static let cardColors: [(CGFloat, CGFloat, CGFloat)] = [(1, 0, 0), (0, 0.6, 0), (1, 0.8, 0)]

    /// A 300 × 200 stage in perspective with 50 flat 24 × 24 cards in a 10 × 5 grid and, FIRST in
    /// sublayer order, a blue 200 × 120 plane turned 50° about y through the centre: the cards
    /// right of the centre line are behind the plane, those left of it in front.
    private func manySiblings() -> Stage {
        let stage = Stage(width: 300, height: 200)
        stage.rootLayer.backgroundColor = CGColor(gray: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / Self.eye
        stage.rootLayer.sublayerTransform = perspective
        let turned = CALayer()
        turned.frame = CGRect(x: 50, y: 40, width: 200, height: 120)
        turned.backgroundColor = Self.blue
        turned.transform = CATransform3DMakeRotation(Self.angle, 0, 1, 0)
        stage.rootLayer.addSublayer(turned)
        for i in 0..<50 {
            let card = CALayer()
            card.frame = Self.cardFrame(i)
            let c = Self.cardColors[i % 3]
            card.backgroundColor = CGColor(red: c.0, green: c.1, blue: c.2, alpha: 1)
            stage.rootLayer.addSublayer(card)
        }
        return stage
    }

    private static func cardFrame(_ i: Int) -> CGRect {
        CGRect(x: 8 + CGFloat(i % 10) * 29, y: 25 + CGFloat(i / 10) * 32, width: 24, height: 24)
    }

    /// The card under a point, found from the grid.
    private static func card(at x: Double, _ y: Double) -> Int? {
        let column = Int(((x - 8) / 29).rounded(.down)), row = Int(((y - 25) / 32).rounded(.down))
        guard (0..<10).contains(column), (0..<5).contains(row) else { return nil }
        let i = row * 10 + column
        return cardFrame(i).contains(CGPoint(x: x, y: y)) ? i : nil
    }

    /// What a point of the screen shows (straight RGB, 0…255): the turned plane where it is in
    /// front of the flat cards (its depth > 0) or where no card is, else a card, else white.
    private func manySiblingsReference(_ x: Double, _ y: Double) -> [Double] {
        let sx = x - 150, sy = y - 100
        let plane = turnedPlane(atScreenX: sx)
        let w = 1 - plane.z / Self.eye
        let onPlane = abs(plane.u) < 100 && abs(sy * w) < 60 && w > 0
        let card = Self.card(at: x, y)
        if onPlane && (plane.z > 0 || card == nil) { return [0, 0, 255] }
        if let card { let c = Self.cardColors[card % 3]; return [c.0 * 255, c.1 * 255, c.2 * 255].map(Double.init) }
        return [255, 255, 255]
    }

    /// 50 flat siblings and one turned plane: every pixel away from an edge against the reference
    /// (Apple's render server has no limit on the siblings it intersects).
    func testFiftySiblingsAgainstAPerPixelReference() {
        let image = manySiblings().render()
        var checked = 0, inFront = 0, behind = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let expected = manySiblingsReference(cx, cy)
                // Only where everything within 1.5 px shows the same (no edge, no crossing).
                let around = [(-1.5, -1.5), (1.5, -1.5), (-1.5, 1.5), (1.5, 1.5), (0, -1.5), (0, 1.5), (-1.5, 0), (1.5, 0)]
                guard around.allSatisfy({ manySiblingsReference(cx + $0.0, cy + $0.1) == expected }) else { continue }
                XCTAssertPixel(image, x, y, (expected[0], expected[1], expected[2], 255), tolerance: 1)
                checked += 1
                let card = Self.card(at: cx, cy) != nil
                if card && expected == [0, 0, 255] { inFront += 1 }
                if card && expected != [0, 0, 255] && turnedPlane(atScreenX: cx - 150).z < 0
                    && abs(turnedPlane(atScreenX: cx - 150).u) < 100 && abs(cy - 100) < 50 { behind += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 40_000)
        XCTAssertGreaterThan(inFront, 1_000, "the plane passes in front of cards")
        XCTAssertGreaterThan(behind, 1_000, "and behind others")
    }
}
