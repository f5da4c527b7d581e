import CARender
import XCTest

// Example — the timeline check for seed 002, section 六 (CAKeyframeAnimation with `values`).
//
// A purple 50 × 50 view starts centred at (50, 100) on a 375-point-wide screen. A 4 s keyframe
// animation of `position` visits five points, one segment per second (no keyTimes, so the key
// times default to an even split, 0, ¼, ½, ¾, 1), each segment paced by its own curve:
//
//     segment  from → to                 curve           time
//     1        (50, 100)  → (325, 100)   linear          0 s … 1 s
//     2        (325, 100) → (325, 275)   easeIn          1 s … 2 s
//     3        (325, 275) → (50, 275)    easeOut         2 s … 3 s
//     4        (50, 275)  → (50, 100)    easeInEaseOut   3 s … 4 s
//
// It repeats forever (repeatCount = MAXFLOAT), so at 4 s it starts over (CAMediaTiming: an interior
// repeat boundary begins the next cycle). Sampling at 60 fps prints one row per frame:
//
//     0.0000  position = (50.000000, 100.000000)     start
//     0.0167  position = (54.583333, 100.000000)     linear: 275 × (1/60) past x = 50
//     0.5000  position = (187.500000, 100.000000)    linear midpoint
//     1.0000  position = (325.000000, 100.000000)    second corner; easeIn begins
//     1.5000  position = (325.000000, 155.187443)    easeIn(0.5) = 0.3154 of 175 points
//     2.5000  position = (136.723121, 275.000000)    easeOut(0.5) = 0.6846 of 275 points
//     3.5000  position = (50.000000, 187.499997)     easeInEaseOut(0.5) ≈ 0.5 (single-precision
//                                                    control points are not exactly symmetric)
//     4.0000  position = (50.000000, 100.000000)     the second cycle starts
//     4.0167  position = (54.583333, 100.000000)     … and repeats the first frame's step
//
// The test prints the whole table and checks every row against positions computed here from
// Apple's named control points and the timing rules above alone, with its own Bézier solver.
final class SeedKeyframeTimelineTests: XCTestCase {
    /// The seed's screen width (an iPhone's 375 points).
    static let kDeviceWidth: CGFloat = 375
    /// C's `MAXFLOAT`, spelled as <math.h> defines it (`3.40282347e+38F`, i.e. `FLT_MAX`): the
    /// largest finite `Float`, which CAMediaTiming's repeatCount documents as "repeat forever".
    static let MAXFLOAT: Float = 3.40282347e+38

    /// The seed's `viewDidLoad`, line for line, on a stage standing in for the view controller's
    /// view; returns the stage and the purple view.
    private func makeSeedDemo() -> (Stage, UIView) {
        let kDeviceWidth = Self.kDeviceWidth
        let stage = Stage(width: kDeviceWidth, height: 667)
        // 創建測試幀動畫的紫色圖層
        let purpleView = UIView()
        purpleView.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        purpleView.center = CGPoint(x: 50, y: 100)
        purpleView.backgroundColor = UIColor.purple
        stage.rootLayer.addSublayer(purpleView.layer)
        // 步驟1: 創建動畫
        let animation = CAKeyframeAnimation()
        animation.keyPath = "position"
        // 步驟2: 設置動畫關鍵幀數據
        let value1 = NSValue(cgPoint: CGPoint(x: 50, y: 100))
        let value2 = NSValue(cgPoint: CGPoint(x: kDeviceWidth - 50, y: 100))
        let value3 = NSValue(cgPoint: CGPoint(x: kDeviceWidth - 50, y: kDeviceWidth - 100))
        let value4 = NSValue(cgPoint: CGPoint(x: 50, y: kDeviceWidth - 100))
        let value5 = NSValue(cgPoint: CGPoint(x: 50, y: 100))
        animation.values = [value1, value2, value3, value4, value5]
        // 步驟3: 設定動畫屬性
        animation.repeatCount = Self.MAXFLOAT
        animation.autoreverses = false
        animation.isRemovedOnCompletion = false
        animation.duration = 4
        animation.timingFunctions = [CAMediaTimingFunction(name: .linear),
                                     CAMediaTimingFunction(name: .easeIn),
                                     CAMediaTimingFunction(name: .easeOut),
                                     CAMediaTimingFunction(name: .easeInEaseOut)]
        purpleView.layer.add(animation, forKey: nil)
        return (stage, purpleView)
    }

    // MARK: - The checks

    func testMAXFLOATIsTheLargestFiniteFloat() {
        XCTAssertEqual(Self.MAXFLOAT, Float.greatestFiniteMagnitude)
    }

    /// Every frame from 0 to 4.5 s at 60 fps (one full cycle and the start of the second).
    func testEveryFrameMatchesTheSpec() {
        let (stage, view) = makeSeedDemo()
        let samples = stage.sample("position", of: view.layer, from: 0, to: 4.5, fps: 60)
        print("Seed 002's keyframe timeline (presentation().position every 1/60 s):")
        print(samples.map { "\($0)\n" }.joined(), terminator: "")
        XCTAssertEqual(samples.count, 271)
        for (n, sample) in samples.enumerated() {
            XCTAssertEqual(sample.time, Double(n) / 60, "frame \(n) is sampled at n / 60 s")
            guard let point = sample.value as? CGPoint else {
                XCTFail("no position at \(sample.time): \(sample)")
                continue
            }
            let expected = SpecReference.position(at: sample.time)
            XCTAssertEqual(Double(point.x), expected.x, accuracy: 1e-6, "x at \(sample.time) s: \(sample)")
            XCTAssertEqual(Double(point.y), expected.y, accuracy: 1e-6, "y at \(sample.time) s: \(sample)")
        }
        XCTAssertEqual(view.layer.position, CGPoint(x: 50, y: 100), "the model keeps the view's centre")
    }

    /// The corners at whole seconds and the wrap into the second cycle.
    func testSegmentBoundariesAndTheWrap() {
        let (stage, view) = makeSeedDemo()
        let times = [0, 1, 2, 3, 4, 4 + 1.0 / 60]
        let points = stage.sample("position", of: view.layer, at: times).map { $0.value as? CGPoint }
        let expected = [CGPoint(x: 50, y: 100), CGPoint(x: 325, y: 100), CGPoint(x: 325, y: 275),
                        CGPoint(x: 50, y: 275), CGPoint(x: 50, y: 100), CGPoint(x: 50 + 275.0 / 60, y: 100)]
        for (t, (point, want)) in zip(times, zip(points, expected)) {
            XCTAssertEqual(Double(point?.x ?? .nan), Double(want.x), accuracy: 1e-9, "x at \(t) s")
            XCTAssertEqual(Double(point?.y ?? .nan), Double(want.y), accuracy: 1e-9, "y at \(t) s")
        }
    }

    /// Mid- and quarter-points of each segment against the four-place reference values of
    /// the named curves (the cubic Bézier solved for y at x, rounded to four places: e.g.
    /// easeIn(0.5) = 0.3154, easeOut(0.5) = 0.6846), so within 5e−5 of the segment's length as a
    /// fraction.
    func testNamedCurveValuesFromTheSpecTable() {
        let (stage, view) = makeSeedDemo()
        // (time, segment, four-place value of its curve at 0.25 / 0.5 / 0.75)
        let rows: [(Double, Int, Double)] = [
            (0.25, 0, 0.25), (0.5, 0, 0.5), (0.75, 0, 0.75),            // linear
            (1.25, 1, 0.0935), (1.5, 1, 0.3154), (1.75, 1, 0.6219),     // easeIn
            (2.25, 2, 0.3781), (2.5, 2, 0.6846), (2.75, 2, 0.9065),     // easeOut
            (3.25, 3, 0.1292), (3.5, 3, 0.5000), (3.75, 3, 0.8708),     // easeInEaseOut
        ]
        let samples = stage.sample("position", of: view.layer, at: rows.map(\.0))
        for (row, sample) in zip(rows, samples) {
            let (t, segment, curveValue) = row
            guard let point = sample.value as? CGPoint else { XCTFail("no position at \(t)"); continue }
            let from = SpecReference.points[segment], to = SpecReference.points[segment + 1]
            // The fraction of the segment covered: along whichever axis the segment moves.
            let fraction = from.x != to.x ? (Double(point.x) - from.x) / (to.x - from.x)
                                          : (Double(point.y) - from.y) / (to.y - from.y)
            XCTAssertEqual(fraction, curveValue, accuracy: 5e-5, "segment \(segment + 1) at \(t) s: \(sample)")
        }
    }

    /// The test's own solver reproduces the four-place reference values before it is trusted as
    /// the oracle.
    func testReferenceSolverReproducesTheSpecTable() {
        let table: [Double: [Double]] = [            // x: linear, easeIn, easeOut, easeInEaseOut
            0.10: [0.1000, 0.0170, 0.1606, 0.0197], 0.25: [0.2500, 0.0935, 0.3781, 0.1292],
            0.50: [0.5000, 0.3154, 0.6846, 0.5000], 0.75: [0.7500, 0.6219, 0.9065, 0.8708],
            0.90: [0.9000, 0.8394, 0.9830, 0.9803],
        ]
        for (x, values) in table {
            for (curve, value) in zip(SpecReference.curves, values) {
                XCTAssertEqual(SpecReference.progress(curve, at: x), value, accuracy: 5e-5, "curve \(curve) at \(x)")
            }
        }
    }
}

/// The seed's positions computed from Apple's documented timing rules alone (not from
/// carender's code).
private enum SpecReference {
    typealias Point = (x: Double, y: Double)
    /// Inner control points (c1x, c1y, c2x, c2y).
    typealias Curve = (Double, Double, Double, Double)

    static let points: [Point] = [(50, 100), (325, 100), (325, 275), (50, 275), (50, 100)]

    /// CAMediaTimingFunctionName's control points for the four segments. Control points are
    /// single precision (CAMediaTimingFunction.getControlPoint(at:values:) returns Float),
    /// so 0.42 is Float(0.42) — which moves results by up to ~2e−6 points here.
    static let curves: [Curve] = [
        (0, 0, 1, 1),                                             // linear
        (single(0.42), 0, 1, 1),                                  // easeIn
        (0, 0, single(0.58), 1),                                  // easeOut
        (single(0.42), 0, single(0.58), 1),                       // easeInEaseOut
    ]

    private static func single(_ value: Double) -> Double { Double(Float(value)) }

    /// `presentation().position` at stage time `t` for the animation added at t = 0.
    static func position(at t: Double) -> Point {
        let duration = 4.0
        // Infinite repeats; an interior repeat boundary starts the next cycle.
        let cycleTime = t - (t / duration).rounded(.down) * duration
        let progress = cycleTime / duration
        // Without keyTimes: keyframe i at i / 4, so the segment is floor(progress × 4).
        let scaled = progress * 4
        let segment = min(Int(scaled.rounded(.down)), 3)
        let local = scaled - Double(segment)
        let eased = self.progress(curves[segment], at: local)
        let from = points[segment], to = points[segment + 1]
        return (from.x + (to.x - from.x) * eased, from.y + (to.y - from.y) * eased)
    }

    /// The cubic Bézier (0,0), c1, c2, (1,1) at input `x`: bisection on the curve
    /// parameter until its bracket is under 1e−12 wide, then y at that parameter.
    static func progress(_ curve: Curve, at x: Double) -> Double {
        let (c1x, c1y, c2x, c2y) = curve
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        while high - low > 1e-12 {
            let mid = (low + high) / 2
            if bernstein(c1x, c2x, mid) < x { low = mid } else { high = mid }
        }
        return bernstein(c1y, c2y, (low + high) / 2)
    }
}
