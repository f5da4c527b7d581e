import Foundation
import CARenderGeometry
import CARenderModel

/// One presentation value read at one stage time: a row of a timeline table.
///
/// Its `description` is deterministic, so a printed timeline can be compared with a golden copy:
/// the time with four decimals, two spaces, then `keyPath = value`, for example
/// `0.0167  position = (51.234567, 100.000000)`.
public struct TimelineSample: CustomStringConvertible {
    /// The stage time the value was read at, in seconds.
    public let time: CFTimeInterval
    /// The key path that was read.
    public let keyPath: String
    /// The presentation layer's `value(forKeyPath:)`, or nil when the layer had no presentation.
    public let value: Any?

    /// Creates a sample of a value read at a stage time.
    public init(time: CFTimeInterval, keyPath: String, value: Any?) {
        self.time = time
        self.keyPath = keyPath
        self.value = value
    }

    /// The value alone, formatted as in `description`: numbers with six decimals, points as
    /// `(x, y)`, sizes as `(width × height)`, rectangles as `(x, y, width × height)`, colours as
    /// `rgba(r, g, b, a)` or `gray(white, a)`, transforms as their rows, nil as `nil`.
    public var formattedValue: String { TimelineFormat.value(value) }

    /// The sample as a timeline row: the time with four decimals, two spaces, then
    /// `keyPath = value`.
    public var description: String {
        "\(TimelineFormat.number(time, decimals: 4))  \(keyPath) = \(formattedValue)"
    }
}

extension Stage {
    /// Reads `layer`'s presentation value for `keyPath` at each of `times`, advancing the stage
    /// to each time first.
    ///
    /// Sampling drives the stage exactly as rendering does: run-loop turns, transaction commits,
    /// animation delegate callbacks and completion blocks due between two samples run at their
    /// own times. The stage is left at the last time.
    ///
    /// `times` must be finite, non-decreasing and no earlier than `time` (the clock never runs
    /// backwards), and this must be the current stage (the one whose clock
    /// `CACurrentMediaTime()` reads); otherwise an error names the problem and there are no
    /// samples.
    public func sample(_ keyPath: String, of layer: CALayer, at times: [CFTimeInterval]) -> [TimelineSample] {
        if let problem = timelineProblem(times: times) {
            context.diagnostics.error(problem)
            return []
        }
        // A presentation copy passed in by mistake would answer with itself, frozen in time.
        let model = layer.model()
        return times.map { t in
            advance(to: t)
            return TimelineSample(time: t, keyPath: keyPath, value: model.presentation()?.value(forKeyPath: keyPath))
        }
    }

    /// Reads `layer`'s presentation value for `keyPath` at `start + n / fps` for every frame
    /// `n` up to `end` inclusive (so sampling from 0 reads at the times `run()` renders).
    ///
    /// `start` and `end` must be finite with `start ≤ end`, and `fps` positive and finite, with
    /// at most `Stage.maximumFrameCount` samples; otherwise an error names the problem and there
    /// are no samples.
    public func sample(_ keyPath: String, of layer: CALayer, from start: CFTimeInterval, to end: CFTimeInterval,
                       fps: Double) -> [TimelineSample] {
        sample(keyPath, of: layer, at: Stage.timelineTimes(from: start, to: end, fps: fps))
    }

    /// The samples of `sample(_:of:at:)` as a table, one `TimelineSample.description` per line.
    public func timeline(_ keyPath: String, of layer: CALayer, at times: [CFTimeInterval]) -> String {
        Stage.table(sample(keyPath, of: layer, at: times))
    }

    /// The samples of `sample(_:of:from:to:fps:)` as a table, one `TimelineSample.description`
    /// per line.
    public func timeline(_ keyPath: String, of layer: CALayer, from start: CFTimeInterval, to end: CFTimeInterval,
                         fps: Double) -> String {
        Stage.table(sample(keyPath, of: layer, from: start, to: end, fps: fps))
    }

    // MARK: - Helpers

    private static func table(_ samples: [TimelineSample]) -> String {
        samples.map { "\($0)\n" }.joined()
    }

    /// The frame times `start + n / fps` from `start` up to `end`. The count allows for
    /// rounding in `(end − start) × fps` (4.1 × 60 is 245.99999999999997), so an `end` that
    /// is meant to be a frame time is one.
    /// Bad input is reported and gives no times.
    static func timelineTimes(from start: CFTimeInterval, to end: CFTimeInterval, fps: Double) -> [CFTimeInterval] {
        func refuse(_ problem: String) -> [CFTimeInterval] {
            Diagnostics.error("Stage.sample: \(problem)")
            return []
        }
        guard start.isFinite && end.isFinite else { return refuse("the range \(start) ... \(end) must be finite") }
        guard start <= end else { return refuse("the range must not run backwards, got \(start) ... \(end)") }
        guard fps.isFinite && fps > 0 else { return refuse("fps must be positive and finite, got \(fps)") }
        // Counted in Double first, so an enormous range is refused before anything is allocated.
        let frames = (end - start) * fps
        let last = (frames + 1e-9 * max(1, frames)).rounded(.down)
        guard last < Double(Stage.maximumFrameCount) else {
            return refuse("\(start) ... \(end) at \(fps) fps is more than \(Stage.maximumFrameCount) samples")
        }
        return (0...Int(last)).map { start + Double($0) / fps }
    }

    /// Why `times` cannot be sampled on this stage now, or nil when they can.
    func timelineProblem(times: [CFTimeInterval]) -> String? {
        guard StageContext.current === context else {
            return "Stage.sample: this stage is not the current one; CACurrentMediaTime() and presentation() read the most recently created stage, so sample that one"
        }
        for (index, t) in times.enumerated() {
            guard t.isFinite else { return "Stage.sample: times[\(index)] is \(t); sample times must be finite" }
            if index > 0, t < times[index - 1] {
                return "Stage.sample: times must be non-decreasing, but times[\(index)] = \(t) follows \(times[index - 1])"
            }
            if t < time {
                return "Stage.sample: times[\(index)] = \(t) is before the stage's current time \(time); the clock never runs backwards"
            }
        }
        return nil
    }
}

/// The compact, deterministic value formatting of timeline rows.
enum TimelineFormat {
    static func value(_ value: Any?) -> String {
        guard let value else { return "nil" }
        switch value {
        case let v as Bool where type(of: value) == Bool.self: return v ? "true" : "false"
        case let v as Int where type(of: value) == Int.self: return String(v)
        case let v as Double where type(of: value) == Double.self: return number(v)
        case let v as Float where type(of: value) == Float.self: return number(Double(v))
        case let v as CGFloat where type(of: value) == CGFloat.self: return number(Double(v))
        case let v as NSNumber: return numberObject(v)
        case let v as CGPoint: return "(\(number(v.x)), \(number(v.y)))"
        case let v as CGSize: return "(\(number(v.width)) × \(number(v.height)))"
        case let v as CGRect:
            return "(\(number(v.origin.x)), \(number(v.origin.y)), \(number(v.size.width)) × \(number(v.size.height)))"
        case let v as CGColor: return color(v)
        case let v as CATransform3D: return transform(v)
        case let v as CGAffineTransform: return "[\(list([v.a, v.b, v.c, v.d, v.tx, v.ty], separator: " "))]"
        case let v as CGPath:
            return "path(\(v.elements.count) elements, bounds \(self.value(v.boundingBoxOfPath)))"
        case let v as NSValue: return nsValue(v)
        case let v as [Any]: return "[\(v.map { self.value($0) }.joined(separator: ", "))]"
        case let v as any RawRepresentable: return "\(v.rawValue)"
        default: return String(describing: value)
        }
    }

    /// `x` with a fixed number of decimals; negative zero prints as zero, so a value that
    /// merely rounds to zero from below does not change the table.
    static func number(_ x: Double, decimals: Int = 6) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x < 0 ? "-inf" : "inf" }
        let text = String(format: "%.\(decimals)f", x)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    private static func number(_ x: CGFloat) -> String { number(Double(x)) }

    private static func list(_ values: [CGFloat], separator: String) -> String {
        values.map { number($0) }.joined(separator: separator)
    }

    /// Booleans as `true`/`false` (KVC boxes them as `NSNumber`s of C type `char`), integers
    /// without decimals.
    private static func numberObject(_ n: NSNumber) -> String {
        switch String(cString: n.objCType) {
        case "c", "B": return n.boolValue ? "true" : "false"
        case "s", "i", "l", "q", "S", "I", "L", "Q", "C": return n.stringValue
        default: return number(n.doubleValue)
        }
    }

    private static func color(_ c: CGColor) -> String {
        let components = c.components ?? []
        switch c.model {
        case .rgb: return "rgba(\(list(components, separator: ", ")))"
        case .monochrome: return "gray(\(list(components, separator: ", ")))"
        }
    }

    private static func transform(_ t: CATransform3D) -> String {
        let rows = [[t.m11, t.m12, t.m13, t.m14], [t.m21, t.m22, t.m23, t.m24],
                    [t.m31, t.m32, t.m33, t.m34], [t.m41, t.m42, t.m43, t.m44]]
        return "[" + rows.map { list($0, separator: " ") }.joined(separator: "; ") + "]"
    }

    private static func nsValue(_ v: NSValue) -> String {
        if let p = v.storedPoint { return value(p) }
        if let s = v.storedSize { return value(s) }
        if let r = v.storedRect { return value(r) }
        if let t = v.storedTransform3D { return value(t) }
        if let t = v.storedAffineTransform { return value(t) }
        return String(describing: v)
    }
}
