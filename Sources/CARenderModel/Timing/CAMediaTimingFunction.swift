import Foundation

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The curve's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a curve name from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a curve name from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Constant pace: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly: (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Ends slowly: (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Starts and ends slowly: (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit animations: (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// The name of `CAMediaTimingFunctionName.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear.rawValue
/// The name of `CAMediaTimingFunctionName.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn.rawValue
/// The name of `CAMediaTimingFunctionName.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut.rawValue
/// The name of `CAMediaTimingFunctionName.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut.rawValue
/// The name of `CAMediaTimingFunctionName.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default.rawValue

/// A cubic Bézier curve from (0, 0) to (1, 1) that maps an animation's normalised time to its
/// progress. Control points are single precision, as on Apple's platforms; curves whose control
/// points leave [0, 1] in y overshoot, and the output is never clamped.
open class CAMediaTimingFunction: NSObject {
    private let c1x: Float, c1y: Float, c2x: Float, c2y: Float
    /// The curve as evaluation reads it (shared with the stage's `SharedTimingCurve`s).
    let curve: TimingCurve

    /// One of the predefined curves; an unknown name gives the linear curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A curve with inner control points `(c1x, c1y)` and `(c2x, c2y)`. The x values are kept as
    /// given but clamped to [0, 1] for solving, so the curve stays a function of time.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
        curve = TimingCurve(c1x, c1y, c2x, c2y)
        super.init()
    }

    /// Writes control point `index` (0 … 3) as two floats into `values`: index 0 is (0, 0),
    /// 1 and 2 the inner points, 3 is (1, 1).
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch index {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        default: point = (1, 1)
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// Writes control point `index` into a two-element array (a convenience for Swift callers
    /// that pass `&array`).
    public func getControlPoint(at index: Int, values: inout [Float]) {
        if values.count < 2 { values = [0, 0] }
        values.withUnsafeMutableBufferPointer { getControlPoint(at: index, values: $0.baseAddress!) }
    }

    /// The curve's output for input time `x` (clamped to [0, 1]); may leave [0, 1].
    func evaluate(_ x: Double) -> Double {
        curve.evaluate(x)
    }

    /// Whether `object` is a timing function with the same control points.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return (c1x, c1y, c2x, c2y) == (other.c1x, other.c1y, other.c2x, other.c2y)
    }

    /// A hash of the control points, consistent with `isEqual(_:)`.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(c1x); hasher.combine(c1y); hasher.combine(c2x); hasher.combine(c2y)
        return hasher.finalize()
    }

    /// The function's control points, as "CAMediaTimingFunction(c1x, c1y, c2x, c2y)".
    open override var description: String {
        "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))"
    }
}

/// A timing function's curve as evaluation reads it: the Bézier solver, or exact clamping when
/// the curve is a straight line (both inner control points on the diagonal).
struct TimingCurve {
    private let bezier: UnitBezier
    /// Whether the curve is the line y = x, evaluated exactly rather than solved.
    let isLinear: Bool

    /// The curve of control points `(c1x, c1y)` and `(c2x, c2y)`; the x values are clamped to
    /// [0, 1], so the curve stays a function of time.
    init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        bezier = UnitBezier(Double(min(max(c1x, 0), 1)), Double(c1y), Double(min(max(c2x, 0), 1)), Double(c2y))
        isLinear = c1x == c1y && c2x == c2y
    }

    /// The output for input time `x` (clamped to [0, 1]); may leave [0, 1].
    @inline(__always)
    func evaluate(_ x: Double) -> Double {
        if isLinear { return min(max(x, 0), 1) }
        return bezier.solve(x)
    }
}
