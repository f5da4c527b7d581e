import Foundation

/// Core Media's time integer types.
public typealias CMTimeValue = Int64
public typealias CMTimeScale = Int32
public typealias CMTimeEpoch = Int64

/// A time as a rational number of seconds, `value / timescale`, as Core Media represents media
/// times: the basics AVFoundation code uses (construction, seconds, comparison, arithmetic).
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What the value holds.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let valid = Flags(rawValue: 1 << 0)
        public static let hasBeenRounded = Flags(rawValue: 1 << 1)
        public static let positiveInfinity = Flags(rawValue: 1 << 2)
        public static let negativeInfinity = Flags(rawValue: 1 << 3)
        public static let indefinite = Flags(rawValue: 1 << 4)
    }

    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: Flags
    public var epoch: CMTimeEpoch

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

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [])
    public static let positiveInfinity = CMTime(value: 0, timescale: 1, flags: [.valid, .positiveInfinity])
    public static let negativeInfinity = CMTime(value: 0, timescale: 1, flags: [.valid, .negativeInfinity])
    public static let indefinite = CMTime(value: 0, timescale: 1, flags: [.valid, .indefinite])

    public var isValid: Bool { flags.contains(.valid) }
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.positiveInfinity, .negativeInfinity, .indefinite]) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

    /// The time in seconds (NaN when invalid or indefinite, ±infinity for the infinities).
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    public var description: String {
        isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds) s)" : "CMTime(\(isValid ? "non-numeric" : "invalid"))"
    }

    public static func < (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) < 0 }
    public static func == (a: CMTime, b: CMTime) -> Bool { CMTimeCompare(a, b) == 0 }
    public func hash(into hasher: inout Hasher) { hasher.combine(seconds) }

    public static func + (a: CMTime, b: CMTime) -> CMTime { CMTimeAdd(a, b) }
    public static func - (a: CMTime, b: CMTime) -> CMTime { CMTimeSubtract(a, b) }
}

public func CMTimeMake(value: CMTimeValue, timescale: CMTimeScale) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: CMTimeScale) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

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

public func CMTimeSubtract(_ a: CMTime, _ b: CMTime) -> CMTime {
    guard b.isNumeric else { return .invalid }
    return CMTimeAdd(a, CMTime(value: -b.value, timescale: b.timescale))
}

public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Double) -> CMTime {
    guard time.isNumeric else { return time }
    return CMTime(seconds: time.seconds * multiplier, preferredTimescale: time.timescale)
}
