import CARender
import XCTest

/// Core Graphics' and UIKit's path constructors, element for element, against Apple's own
/// element lists where public dumps exist (each test names its source), so dash phases,
/// `strokeStart`/`strokeEnd` and keyframe animations along paths meet the same points as on iOS.
final class PathElementTests: XCTestCase {
    /// An element as a comparable row: type and points in Core Graphics' order.
    private enum E: Equatable {
        case move(Double, Double)
        case line(Double, Double)
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }

    private func elements(_ path: CGPath) -> [E] {
        path.elements.map {
            switch $0 {
            case .move(let p): return .move(p.x, p.y)
            case .line(let p): return .line(p.x, p.y)
            case .quadCurve(let p, let c): return .curve(c.x, c.y, c.x, c.y, p.x, p.y)
            case .curve(let p, let c1, let c2): return .curve(c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .closeSubpath: return .close
            }
        }
    }

    private func assertElements(_ path: CGPath, _ expected: [E], accuracy: Double = 1e-6,
                                file: StaticString = #filePath, line: UInt = #line) {
        let actual = elements(path)
        XCTAssertEqual(actual.count, expected.count, "element count: \(actual)", file: file, line: line)
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            let close: Bool
            switch (a, e) {
            case (.move(let x, let y), .move(let u, let v)), (.line(let x, let y), .line(let u, let v)):
                close = abs(x - u) <= accuracy && abs(y - v) <= accuracy
            case (.curve(let a1, let a2, let a3, let a4, let a5, let a6), .curve(let b1, let b2, let b3, let b4, let b5, let b6)):
                close = zip([a1, a2, a3, a4, a5, a6], [b1, b2, b3, b4, b5, b6]).allSatisfy { abs($0 - $1) <= accuracy }
            case (.close, .close): close = true
            default: close = false
            }
            XCTAssertTrue(close, "element \(index): \(a), expected \(e)", file: file, line: line)
        }
    }

    // MARK: - Arcs

    /// The sweep rule's public data points (Stack Overflow, "An issue with CAShapeLayer and
    /// UIBezierPath drawing circle counterclockwise", confirmed by NVActivityIndicatorView's
    /// loaders, which draw their dots with the first): UIKit 0 → 2π `clockwise: false` is a full
    /// circle; −π/2 → 3π/2 is full with `clockwise: true` and empty with `false`; π/2 → −3π/2
    /// is empty with `clockwise: true`. Core Graphics 2π → 0 clockwise is full (WinObjC PR
    /// #2136, "supported on the reference platform"); start = end is nothing (Core Plot #421).
    func testFullCircleRules() {
        func curves(_ start: CGFloat, _ end: CGFloat, uiKitClockwise: Bool) -> Int {
            UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: start, endAngle: end,
                         clockwise: uiKitClockwise).cgPath.elements.filter {
                if case .curve = $0 { return true } else { return false }
            }.count
        }
        XCTAssertEqual(curves(0, 2 * .pi, uiKitClockwise: false), 4)
        XCTAssertEqual(curves(0, 2 * .pi, uiKitClockwise: true), 4)
        XCTAssertEqual(curves(-0.5 * .pi, 1.5 * .pi, uiKitClockwise: true), 4)
        XCTAssertEqual(curves(-0.5 * .pi, 1.5 * .pi, uiKitClockwise: false), 0)
        XCTAssertEqual(curves(0.5 * .pi, -1.5 * .pi, uiKitClockwise: true), 0)
        XCTAssertEqual(curves(0.5 * .pi, -1.5 * .pi, uiKitClockwise: false), 4)
        XCTAssertEqual(curves(1, 1, uiKitClockwise: true), 0)
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 1, startAngle: 2 * .pi, endAngle: 0, clockwise: true)
        XCTAssertEqual(cg.elements.count, 5)
        // The full circle from 0 starts and ends at the rightmost point and, being UIKit
        // counter-clockwise (Core Graphics' decreasing angle), passes the top (−π/2) first.
        let circle = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        assertElements(circle.cgPath, [
            .move(70, 50),
            .curve(70, 50 - 20 * 0.5522847498, 50 + 20 * 0.5522847498, 30, 50, 30),
            .curve(50 - 20 * 0.5522847498, 30, 30, 50 - 20 * 0.5522847498, 30, 50),
            .curve(30, 50 + 20 * 0.5522847498, 50 - 20 * 0.5522847498, 70, 50, 70),
            .curve(50 + 20 * 0.5522847498, 70, 70, 50 + 20 * 0.5522847498, 70, 50),
        ])
    }

    /// Arcs split into quarter turns from the start angle, the remainder last: WinObjC's
    /// `CGPathApplyAddArc` test (written against the reference platform) adds an arc around
    /// (25, 100) of radius 20 from 225° clockwise to 0° and gets a move to the 225° point and
    /// curves ending at 135°, 45° and 0° (the last a 45° piece, handles 4/3·tan(π/16)·r).
    func testArcsSplitIntoQuarterTurnsFromTheStart() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 25, y: 100), radius: 20, startAngle: 1.25 * .pi, endAngle: 0, clockwise: true)
        let h = 20 * 0.5522847498, s = 20 * sin(Double.pi / 4), k45 = 4.0 / 3 * tan(Double.pi / 16) * 20
        assertElements(path, [
            .move(25 - s, 100 - s),
            .curve(25 - s - h * sin(.pi / 4), 100 - s + h * cos(.pi / 4), 25 - s - h * sin(.pi / 4), 100 + s - h * cos(.pi / 4), 25 - s, 100 + s),
            .curve(25 - s + h * cos(.pi / 4), 100 + s + h * sin(.pi / 4), 25 + s - h * cos(.pi / 4), 100 + s + h * sin(.pi / 4), 25 + s, 100 + s),
            .curve(25 + s + k45 * sin(.pi / 4), 100 + s - k45 * cos(.pi / 4), 45, 100 + k45, 45, 100),
        ], accuracy: 1e-4)
        // addRelativeArc splits the same way; a positive delta turns towards +y.
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: 1.25 * .pi)
        XCTAssertEqual(relative.elements.count, 4, "a move and pieces of 90°, 90° and 45°")
        guard case .curve(let firstEnd, _, _) = relative.elements[1] else { return XCTFail("a curve") }
        XCTAssertEqual(firstEnd.x, 0, accuracy: 1e-12)
        XCTAssertEqual(firstEnd.y, 10, accuracy: 1e-12)
    }

    /// `addArc(tangent1End:tangent2End:radius:)`: WinObjC's `CGPathApplyAddArcToPoint` dump —
    /// from (400, 400), tangents through (140, 250) and (110, 180), radius 50: a line to the first
    /// tangent point, then one curve.
    func testArcToPointMatchesTheReferenceDump() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 400, y: 400))
        path.addArc(tangent1End: CGPoint(x: 140, y: 250), tangent2End: CGPoint(x: 110, y: 180), radius: 50)
        assertElements(path, [
            .move(400, 400),
            .line(154.415379, 258.316565),
            .curve(145.057503, 252.917790, 137.699975, 244.633276, 133.444250, 234.703250),
        ])
    }

    /// `UIBezierPath(ovalIn:)` and `CGPath(ellipseIn:)`: swift-snapshot-testing's reference
    /// dump recorded on tvOS for an ellipse in (60, 60, 30, 30) — a move to (maxX, midY), four
    /// curves through (midX, maxY), a close.
    func testOvalMatchesAppleDump() {
        let expected: [E] = [
            .move(90, 75),
            .curve(90, 83.284, 83.284, 90, 75, 90),
            .curve(66.716, 90, 60, 83.284, 60, 75),
            .curve(60, 66.716, 66.716, 60, 75, 60),
            .curve(83.284, 60, 90, 66.716, 90, 75),
            .close,
        ]
        let rect = CGRect(x: 60, y: 60, width: 30, height: 30)
        assertElements(UIBezierPath(ovalIn: rect).cgPath, expected, accuracy: 5e-4)
        assertElements(CGPath(ellipseIn: rect, transform: nil), expected, accuracy: 5e-4)
    }

    // MARK: - UIKit rounded rectangles (element dumps in honghaoz/ChouTiUI's tests)

    /// Radius 10 in 160 × 100: continuous corners (curve, line, curve, curve) from
    /// (1.528665 r, 0), ending with a line back to the start and no close.
    func testContinuousRoundedRect() {
        assertElements(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 160, height: 100), cornerRadius: 10).cgPath, [
            .move(15.28665, 0),
            .line(144.71335, 0),
            .curve(149.1150704238147, 0, 151.31593055936997, 0, 153.68506207169008, 0.7491138784701601),
            .line(153.68506207169008, 0.7491138784701598),
            .curve(156.27176173374255, 1.6905955604437, 158.30940443955632, 3.7282382662574682, 159.25088612152985, 6.314937928309926),
            .curve(160, 8.684069440630022, 160, 10.88492957618529, 160, 15.286649847295823),
            .line(160, 84.71335),
            .curve(160, 89.11507042381471, 160, 91.31593055936997, 159.25088612152985, 93.68506207169007),
            .line(159.25088612152985, 93.68506207169007),
            .curve(158.30940443955632, 96.27176173374252, 156.27176173374255, 98.3094044395563, 153.68506207169008, 99.25088612152985),
            .curve(151.31593055936997, 100, 149.1150704238147, 100, 144.71335015270418, 100),
            .line(15.28665, 100),
            .curve(10.88492957618529, 100, 8.684069440630022, 100, 6.314937928309925, 99.25088612152985),
            .line(6.314937928309925, 99.25088612152985),
            .curve(3.7282382662574673, 98.3094044395563, 1.6905955604436997, 96.27176173374254, 0.7491138784701598, 93.68506207169008),
            .curve(0, 91.31593055936997, 0, 89.11507042381471, 0, 84.71335015270418),
            .line(0, 15.28665),
            .curve(0, 10.88492957618529, 0, 8.684069440630022, 0.7491138784701583, 6.314937928309925),
            .line(0.7491138784701588, 6.314937928309925),
            .curve(1.690595560443698, 3.728238266257468, 3.7282382662574687, 1.6905955604436977, 6.314937928309926, 0.7491138784701588),
            .curve(8.684069440630022, 0, 10.88492957618529, 0, 15.286649847295823, 0),
            .line(15.28665, 0),
        ], accuracy: 1e-9)
        // Radius 0: the four edges and the line back, no corners.
        assertElements(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 160, height: 100), cornerRadius: 0).cgPath,
                       [.move(0, 0), .line(160, 0), .line(160, 100), .line(0, 100), .line(0, 0), .line(0, 0)])
    }

    /// Radius 42 in 160 × 100: 2 × 1.528665 r ≥ 100, so the right and left sides clamp to half
    /// the height and the corners become the smooth pill of radius 50.
    func testSmoothPillWhenTheHeightClamps() {
        let expected: [E] = [
            .move(64.20393, 0),
            .line(95.79607, 0),
            .curve(106.51285961907355, 0, 117.51716029684988, 0, 129.3628178584504, 3.745569392350802),
            .line(129.3628178584504, 3.745569392350802),
            .curve(147.75710983002548, 10.440544150405918, 160, 27.925203343417653, 160, 47.499999999999986),
            .curve(160, 50, 160, 50, 160, 50),
            .line(160, 50),
            .curve(160, 50, 160, 50, 160, 50),
            .line(160, 52.5),
            .curve(160, 72.07479665658234, 147.75710983002548, 89.55945584959409, 129.3628178584504, 96.2544306076492),
            .curve(117.51716029684988, 100, 106.51285961907355, 100, 84.50425826352087, 100),
            .line(64.20393, 100),
            .curve(53.48714038092645, 100, 42.48283970315011, 100, 30.637182141549626, 96.2544306076492),
            .line(30.637182141549626, 96.2544306076492),
            .curve(12.242890169974531, 89.55945584959409, 0, 72.07479665658235, 0, 52.50000000000001),
            .curve(0, 50, 0, 50, 0, 50),
            .line(0, 50),
            .curve(0, 50, 0, 50, 0, 50),
            .line(0, 47.50000000000001),
            .curve(0, 27.925203343417664, 12.242890169974531, 10.440544150405907, 30.637182141549633, 3.745569392350797),
            .curve(42.48283970315011, 0, 53.48714038092645, 0, 75.49574173647913, 0),
            .line(64.20393, 0),
        ]
        assertElements(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 160, height: 100), cornerRadius: 42).cgPath,
                       expected, accuracy: 1e-9)
    }

    /// Radius 32 in 60 × 160: the top and bottom clamp to half the width (the pill on its side).
    func testSmoothPillWhenTheWidthClamps() {
        assertElements(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 160), cornerRadius: 32).cgPath, [
            .move(30, 0),
            .line(30, 0),
            .curve(30, 0, 30, 0, 30, 0),
            .line(31.5, 0),
            .curve(43.2448779939494, 0, 53.73567350975645, 7.345734101984717, 57.75265836458952, 18.38230928492978),
            .curve(60, 25.48970382189007, 60, 32.09228422855587, 60, 45.29744504188747),
            .line(60, 111.08272),
            .curve(60, 127.90771577144413, 60, 134.5102961781099, 57.75265836458952, 141.6176907150702),
            .line(57.75265836458952, 141.6176907150702),
            .curve(53.73567350975645, 152.65426589801527, 43.2448779939494, 160, 31.5, 160),
            .curve(30, 160, 30, 160, 30, 160),
            .line(30, 160),
            .curve(30, 160, 30, 160, 30, 160),
            .line(28.5, 160),
            .curve(16.7551220060506, 160, 6.2643264902435485, 152.65426589801527, 2.2473416354104794, 141.6176907150702),
            .curve(0, 134.5102961781099, 0, 127.90771577144413, 0, 114.70255495811253),
            .line(0, 48.91728),
            .curve(0, 32.09228422855587, 0, 25.48970382189007, 2.247341635410475, 18.38230928492978),
            .line(2.2473416354104763, 18.38230928492978),
            .curve(6.264326490243543, 7.34573410198472, 16.75512200605059, 0, 28.499999999999996, 0),
            .curve(30, 0, 30, 0, 30, 0),
            .line(30, 0),
        ], accuracy: 1e-9)
    }

    /// Radius 64 in 160 × 100: both pairs of sides clamp; the corners are circular quarter arcs of
    /// radius 50 (a capsule), with straight "curves" leading in and out.
    func testCapsuleWhenBothClamp() {
        let k = 50 * 0.5522847498
        assertElements(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 160, height: 100), cornerRadius: 64).cgPath, [
            .move(80, 0), .line(80, 0),
            .curve(110, 0, 110, 0, 110, 0), .line(110, 0),
            .curve(110 + k, 0, 160, 50 - k, 160, 50), .curve(160, 50, 160, 50, 160, 50),
            .line(160, 50),
            .curve(160, 50, 160, 50, 160, 50), .line(160, 50),
            .curve(160, 50 + k, 110 + k, 100, 110, 100), .curve(110, 100, 110, 100, 110, 100),
            .line(80, 100),
            .curve(50, 100, 50, 100, 50, 100), .line(50, 100),
            .curve(50 - k, 100, 0, 50 + k, 0, 50), .curve(0, 50, 0, 50, 0, 50),
            .line(0, 50),
            .curve(0, 50, 0, 50, 0, 50), .line(0, 50),
            .curve(0, 50 - k, 50 - k, 0, 50, 0), .curve(50, 0, 50, 0, 50, 0),
            .line(80, 0),
        ], accuracy: 1e-7)
    }

    /// `byRoundingCorners:` draws circular corners of radius `cornerRadii.width` (the height is
    /// ignored), each one cubic, in UIKit's order, without the near-zero line an inexact arc start
    /// would add and without a close.
    func testRoundingSomeCornersIsCircular() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), byRoundingCorners: [.topLeft],
                                cornerRadii: CGSize(width: 30, height: 10))
        let k = 30 * 0.5522847498
        assertElements(path.cgPath, [
            .move(30, 0), .line(100, 0), .line(100, 50), .line(0, 50), .line(0, 30),
            .curve(0, 30 - k, 30 - k, 0, 30, 0),
        ], accuracy: 1e-7)
        let all = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), byRoundingCorners: .allCorners,
                               cornerRadii: CGSize(width: 80, height: 80))
        XCTAssertEqual(all.cgPath.elements.count, 9, "move, then four edges each followed by an arc")
        XCTAssertEqual(all.bounds, CGRect(x: 0, y: 0, width: 100, height: 50), "clamped to half the height")
    }
}
