import Foundation

/// How an object's timing maps its parent's time to its own: Core Animation's hierarchical time
/// model, adopted by `CALayer` and `CAAnimation`.
///
/// The mapping from a parent time `tp` to the object's active local time is
/// `(tp − beginTime) × speed + timeOffset`, with the offset wrapping inside the active duration
/// (Apple's "CAMediaTiming" protocol documentation, and its "Time Warps" discussion in the Core
/// Animation Programming Guide); repeats and reversals then map active time to basic time.
public protocol CAMediaTiming: AnyObject {
    /// When the object begins, in its parent's time. For an animation added to a layer, 0 means
    /// "now" and is replaced with the layer's current local time.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one cycle.
    var duration: CFTimeInterval { get set }
    /// The rate of local time relative to the parent's: 2 runs twice as fast, 0 pauses, negative
    /// values run backwards.
    var speed: Float { get set }
    /// An additional offset into the active local time; it rotates the timeline rather than
    /// trimming it.
    var timeOffset: CFTimeInterval { get set }
    /// How many cycles to play, possibly fractional; `.infinity` or `.greatestFiniteMagnitude`
    /// repeats forever.
    var repeatCount: Float { get set }
    /// How long to repeat for, in local time (includes reversals).
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays backwards after playing forwards.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active period.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows before it begins and after it ends.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String
    /// Creates a fill mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a fill mode from its name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Keeps the final state after the active period.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Shows the start state before the active period.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Fills both ways.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// No effect outside the active period (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The name of `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards.rawValue
/// The name of `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards.rawValue
/// The name of `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both.rawValue
/// The name of `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed.rawValue
