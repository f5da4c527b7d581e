import Foundation

/// Core Media's time integer types.
public typealias CMTimeValue = Int64
/// The number of units a second is divided into.
public typealias CMTimeScale = Int32
/// An epoch that tells apart times on loops of the same timeline.
public typealias CMTimeEpoch = Int64

/// A time as a rational number of seconds, `value / timescale`, as Core Media represents media
/// times: the basics AVFoundation code uses (construction, seconds, comparison, arithmetic).
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What the value holds.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The flags' bits, with Core Media's values.
        public let rawValue: UInt32
        /// Creates flags from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The time is valid.
        public static let valid = Flags(rawValue: 1 << 0)
        /// The time was rounded to its timescale.
        public static let hasBeenRounded = Flags(rawValue: 1 << 1)
        /// The time is positive infinity.
        public static let positiveInfinity = Flags(rawValue: 1 << 2)
        /// The time is negative infinity.
        public static let negativeInfinity = Flags(rawValue: 1 << 3)
        /// The time is unknown (such as the duration of a live stream).
        public static let indefinite = Flags(rawValue: 1 << 4)
    }

    /// The time's numerator: the number of `timescale` units.
    public var value: CMTimeValue
    /// The time's denominator: units per second.
    public var timescale: CMTimeScale
    /// Whether the time is valid, infinite, indefinite or rounded.
    public var flags: Flags
    /// The epoch of the time; 0 usually.
    public var epoch: CMTimeEpoch

    /// Creates a time of `value / timescale` seconds; a timescale that is not positive makes it
    /// invalid.
    public init(value: CMTimeValue, timescale: CMTimeScale, flags: Flags = .valid, epoch: CMTimeEpoch = 0) {
        self.value = value
        self.timescale = timescale
        self.flags = timescale > 0 ? flags : flags.subtracting(.valid)
        self.epoch = epoch
    }

    /// The time nearest `seconds` with `preferredTimescale` units a second.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite else {
            self.init(value: 0, timescale: 1, flags: seconds.isNaN ? [] : seconds > 0 ? [.valid, .positiveInfinity] : [.valid, .negativeInfinity])
            return
        }
        let scale = max(preferredTimescale, 1)
        let exact = seconds * Double(scale)
        let clamped = min(max(exact, -9.2e18), 9.2e18)
        self.init(value: CMTimeValue(clamped.rounded()), timescale: scale,
                  flags: exact.rounded() == exact ? .valid : [.valid, .hasBeenRounded])
    }

    /// A time of zero seconds.
    public static let zero = CMTime(value: 0, timescale: 1)
    /// An invalid time.
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [])
    /// Positive infinity.
    public static let positiveInfinity = CMTime(value: 0, timescale: 1, flags: [.valid, .positiveInfinity])
    /// Negative infinity.
    public static let negativeInfinity = CMTime(value: 0, timescale: 1, flags: [.valid, .negativeInfinity])
    /// An indefinite (unknown) time.
    public static let indefinite = CMTime(value: 0, timescale: 1, flags: [.valid, .indefinite])

    /// Whether the time is valid.
    public var isValid: Bool { flags.contains(.valid) }
    /// Whether the time is valid and a finite number of seconds.
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.positiveInfinity, .negativeInfinity, .indefinite]) }
    /// Whether the time is positive infinity.
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    /// Whether the time is negative infinity.
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Whether the time is indefinite.
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

    /// The time in seconds (NaN when invalid or indefinite, ±infinity for the infinities).
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// The time as "CMTime(value/timescale = seconds s)", or says it is not numeric.
    public var description: String {
        isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds) s)" : "CMTime(\(isValid ? "non-numeric" : "invalid"))"
    }

    /// Whether `a` is before `b` (see `CMTimeCompare(_:_:)`).
    public static func < (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) < 0 }
    /// Whether `a` and `b` are the same time, whatever their timescales.
    public static func == (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) == 0 }
    /// Hashes the time's seconds, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(seconds) }

    /// The sum of two times (see `CMTimeAdd(_:_:)`).
    public static func + (a: CMTime, b: CMTime) -> CMTime { CMTimeAdd(a, b) }
    /// The difference of two times (see `CMTimeSubtract(_:_:)`).
    public static func - (a: CMTime, b: CMTime) -> CMTime { CMTimeSubtract(a, b) }
}

/// A time of `value / timescale` seconds.
public func CMTimeMake(value: CMTimeValue, timescale: CMTimeScale) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

/// The time nearest `seconds` with `preferredTimescale` units a second.
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds (NaN when invalid or indefinite).
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// −1, 0 or 1 as `a` is before, at or after `b` (invalid times sort before every valid one).
public func CMTimeCompare(_ a: CMTime, _ b: CMTime) -> Int32 {
    if a.isValid != b.isValid { return a.isValid ? 1 : -1 }
    guard a.isValid else { return 0 }
    let x = a.isIndefinite ? Double.infinity : a.seconds, y = b.isIndefinite ? Double.infinity : b.seconds
    if a.isNumeric && b.isNumeric {
        // Exact on the rationals: cross-multiplied in 128 bits.
        let l = a.value.multipliedFullWidth(by: Int64(b.timescale)), r = b.value.multipliedFullWidth(by: Int64(a.timescale))
        return (l.high, l.low) < (r.high, r.low) ? -1 : (l.high, l.low) == (r.high, r.low) ? 0 : 1
    }
    return x < y ? -1 : x == y ? 0 : 1
}

/// The sum, in the larger of the two timescales.
public func CMTimeAdd(_ a: CMTime, _ b: CMTime) -> CMTime {
    guard a.isNumeric, b.isNumeric else { return a.isNumeric ? b : a }
    let scale = max(a.timescale, b.timescale)
    return CMTime(seconds: a.seconds + b.seconds, preferredTimescale: scale)
}

/// The difference `a − b`; invalid when `b` is not numeric.
public func CMTimeSubtract(_ a: CMTime, _ b: CMTime) -> CMTime {
    guard b.isNumeric else { return .invalid }
    return CMTimeAdd(a, CMTime(value: -b.value, timescale: b.timescale))
}

/// The time multiplied by `multiplier`, in its own timescale.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Double) -> CMTime {
    guard time.isNumeric else { return time }
    return CMTime(seconds: time.seconds * multiplier, preferredTimescale: time.timescale)
}
