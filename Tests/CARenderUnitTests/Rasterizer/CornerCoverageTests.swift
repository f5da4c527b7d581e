import Foundation
import XCTest
import CARender
@testable import CARenderPixels
@testable import CARenderGeometry
@testable import CARenderRaster

/// Rounded corners cover exactly their area: every pixel's coverage within 1/255 of the true area
/// of the pixel inside the rounded rectangle, for circular and continuous corners, radii 0.5 to
/// 200 device pixels, at 1, 2 and 3 pixels per point and at fractional positions.
///
/// The true area is computed here independently of the rasterizer: the corner's top boundary is a
/// function y(x) (a quarter circle, or Apple's continuous corner — three cubic Béziers joined by
/// lines, monotone in x and y — sampled finely and interpolated), and a pixel's area is the
/// integral over its columns of the height of the pixel below that boundary, by the midpoint rule
/// with 1024 samples per pixel column.
final class CornerCoverageTests: XCTestCase {
    /// Coverage per device pixel, as the rasterizer hands it to a painter.
    private struct Recorder: CoveragePainter {
        let width: Int
        var values: [Float]
        mutating func paint(row y: Int, x0: Int, count: Int, coverage: UnsafePointer<Float>) {
            for i in 0..<count { values[y * width + x0 + i] += coverage[i] }
        }
    }

    private static let allowed = 1.0 / 255
    private static let samplesPerPixel = 1024

    /// Rasterizes a layer-space rounded rectangle at `origin` (points) of `size` with corner
    /// `radius` (points) under `scale`, as the compositor flattens it, and checks the top-left
    /// corner's pixels against the exact area. Returns the largest error.
    @discardableResult
    private func checkCorner(radius: Double, scale: Double, origin: (Double, Double), continuous: Bool,
                             file: StaticString = #filePath, line: UInt = #line) -> Double {
        let size = max(4 * radius * ContinuousCorner.extent, radius * 2 + 4)
        let corners = CornerShape(width: size, height: size, radius: radius, mask: 15, continuous: continuous)
        XCTAssertEqual(corners.continuous, continuous, file: file, line: line)
        var shape = Outline()
        let box = (x0: origin.0, y0: origin.1, x1: origin.0 + size, y1: origin.1 + size)
        let map = ProjectiveMap.scale(scale)
        let tolerance = CornerShape.areaExactDeviation / scale
        shape.addRoundedRect(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, corners: corners, tolerance: tolerance)
        var device = Outline()
        device.setProjection(of: shape, through: map)
        let width = Int(((box.x1) * scale).rounded(.up)) + 2, height = Int((box.y1 * scale).rounded(.up)) + 2
        var recorder = Recorder(width: width, values: [Float](repeating: 0, count: width * height))
        CoverageRasterizer().fill(device, rule: .nonZero, clip: IntRect(x0: 0, y0: 0, x1: width, y1: height),
                                  painter: &recorder)

        // The top-left corner in device pixels: vertex (vx, vy), radius rp.
        let vx = box.x0 * scale, vy = box.y0 * scale, rp = radius * scale
        let reach = continuous ? rp * ContinuousCorner.extent : rp
        let boundary = continuous ? ContinuousBoundary(vx: vx, vy: vy, radius: rp) : nil
        var worst = 0.0
        let x0 = Int(vx.rounded(.down)), x1 = Int((vx + reach).rounded(.up)) + 1
        let y0 = Int(vy.rounded(.down)), y1 = Int((vy + reach).rounded(.up)) + 1
        var column = [Double](repeating: 0, count: Self.samplesPerPixel)
        for px in x0..<x1 {
            var low = Double.infinity, high = -Double.infinity
            for k in 0..<Self.samplesPerPixel {
                let x = Double(px) + (Double(k) + 0.5) / Double(Self.samplesPerPixel)
                let y: Double
                if x < vx {
                    y = .infinity
                } else if let boundary {
                    y = boundary.height(at: x)
                } else {
                    // The arc about (vx + rp, vy + rp) above x; the straight top edge beyond it.
                    let dx = min(0, x - vx - rp)
                    y = vy + rp - (max(0, rp * rp - dx * dx)).squareRoot()
                }
                column[k] = y
                low = min(low, y); high = max(high, y)
            }
            for py in y0..<y1 {
                var area: Double
                if Double(py) >= high {
                    area = 1
                } else if Double(py + 1) <= low {
                    area = 0
                } else {
                    area = 0
                    for k in 0..<Self.samplesPerPixel {
                        area += min(1, max(0, Double(py + 1) - max(column[k], Double(py))))
                    }
                    area /= Double(Self.samplesPerPixel)
                }
                let got = Double(recorder.values[py * width + px])
                let error = abs(got - area)
                worst = max(worst, error)
                if error > Self.allowed {
                    XCTFail("""
                        \(continuous ? "continuous" : "circular") radius \(radius) pt at scale \(scale), origin \(origin): \
                        pixel (\(px), \(py)) covered \(got), exact \(area)
                        """, file: file, line: line)
                    return worst
                }
            }
        }
        return worst
    }

    /// The top boundary of a continuous corner with its vertex at (vx, vy): the curve sampled
    /// densely in its parameter (chords of about 1/100 px, whose sag is below 1e-5 px),
    /// then read by linear interpolation. The curve is monotone in x, so the samples are sorted.
    private struct ContinuousBoundary {
        var xs: [Double] = [], ys: [Double] = []

        init(vx: Double, vy: Double, radius: Double) {
            var start = ContinuousCorner.start
            xs.append(vx); ys.append(vy + radius * start.y)
            let steps = max(64, Int(radius * 200))
            for segment in ContinuousCorner.segments {
                let end = segment[segment.count - 1]
                let p0 = start, p1 = segment.count == 1 ? start : segment[0], p2 = segment.count == 1 ? end : segment[1]
                let n = segment.count == 1 ? 1 : steps
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let p = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * end
                    xs.append(vx + radius * p.x); ys.append(vy + radius * p.y)
                }
                start = end
            }
        }

        /// The boundary's y above `x`.
        func height(at x: Double) -> Double {
            if x >= xs[xs.count - 1] { return ys[ys.count - 1] }
            // Binary search: the interval holding x.
            var lo = 0, hi = xs.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if xs[mid] <= x { lo = mid } else { hi = mid }
            }
            let t = (x - xs[lo]) / max(xs[hi] - xs[lo], 1e-300)
            return ys[lo] + (ys[hi] - ys[lo]) * t
        }
    }

    private static let radiiInPixels: [Double] = [0.5, 1, 1.7, 3, 6.25, 10, 23.4, 50, 120, 200]
    private static let scales: [Double] = [1, 2, 3]

    func testCircularCornersCoverTheirExactArea() {
        var worst = 0.0
        for scale in Self.scales {
            for r in Self.radiiInPixels {
                worst = max(worst, checkCorner(radius: r / scale, scale: scale, origin: (0, 0), continuous: false))
                worst = max(worst, checkCorner(radius: r / scale, scale: scale, origin: (3.37, 5.81), continuous: false))
            }
        }
        XCTAssertLessThanOrEqual(worst, Self.allowed)
    }

    func testContinuousCornersCoverTheirExactArea() {
        var worst = 0.0
        for scale in Self.scales {
            for r in Self.radiiInPixels {
                worst = max(worst, checkCorner(radius: r / scale, scale: scale, origin: (0, 0), continuous: true))
                worst = max(worst, checkCorner(radius: r / scale, scale: scale, origin: (2.19, 7.53), continuous: true))
            }
        }
        XCTAssertLessThanOrEqual(worst, Self.allowed)
    }
}
