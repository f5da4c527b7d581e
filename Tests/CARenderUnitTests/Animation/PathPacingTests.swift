import XCTest
import CARender
@testable import CARenderGeometry
@testable import CARenderModel

/// Paced keyframes along a path space time by arc length: the point at fraction `s` of the
/// animation lies `s` of the way along the path, measured along the curve. Checked against a
/// fine polyline on curves whose parameter runs very unevenly (where a lookup that starts from
/// an even guess has to search far).
final class PathPacingTests: XCTestCase {
    /// Arc length of `segment` from its start to parameter `u`, from a fine polyline.
    private func length(of segment: PathSegment, upTo u: Double, steps: Int = 20_000) -> Double {
        var total = 0.0
        var previous = segment.point(at: 0)
        let count = max(Int((Double(steps) * u).rounded(.up)), 1)
        for k in 1...count {
            let p = segment.point(at: CGFloat(u * Double(k) / Double(count)))
            total += Double(hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        return total
    }

    private func checkPacing(_ path: CGPath, file: StaticString = #filePath, line: UInt = #line) throws {
        let keyframes = try XCTUnwrap(PathKeyframes(path), file: file, line: line)
        let lengths = keyframes.segments.map { length(of: $0, upTo: 1) }
        let total = lengths.reduce(0, +)
        for step in 0...200 {
            let s = Double(step) / 200
            let (k, u) = keyframes.location(atFraction: s)
            let along = lengths[..<k].reduce(0, +) + length(of: keyframes.segments[k], upTo: u)
            XCTAssertEqual(along, s * total, accuracy: total * 2e-4, "s = \(s)", file: file, line: line)
        }
    }

    func testPacedPointsLieAtTheirShareOfTheLength() throws {
        // Control points bunched at the ends: the curve crawls near its ends and rushes between.
        let uneven = CGMutablePath()
        uneven.move(to: CGPoint(x: 0, y: 0))
        uneven.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 0), control2: CGPoint(x: 100, y: 0))
        // Control points bunched in the middle: it rushes at the ends and crawls in the middle.
        uneven.addCurve(to: CGPoint(x: 100, y: 120), control1: CGPoint(x: 300, y: 60), control2: CGPoint(x: -200, y: 60))
        uneven.addLine(to: CGPoint(x: 0, y: 120))
        try checkPacing(uneven)

        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 10, y: 10, width: 40, height: 20))
        try checkPacing(circle)
    }
}
