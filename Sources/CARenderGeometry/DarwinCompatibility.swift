import Foundation

// Names that Core Animation code takes from Darwin's C library and from Core Graphics' Swift
// overlay, which Linux's Glibc and Foundation do not declare. (`M_PI`, `M_PI_2`, … come from
// Glibc already, deprecated with the same message as on Apple's platforms.)

/// Darwin's `HUGE` (`math.h`: `#define HUGE MAXFLOAT`), imported by Swift as a `Float`: the
/// largest finite float, 3.4028235e38 — not infinity. Core Animation code writes
/// `animation.repeatCount = HUGE` for "repeat forever".
public let HUGE: Float = .greatestFiniteMagnitude

/// Darwin's `MAXFLOAT` (`math.h`), the largest finite `Float`.
public let MAXFLOAT: Float = .greatestFiniteMagnitude

// MARK: - Dictionary representations

// Core Graphics' `CGPointCreateDictionaryRepresentation` and friends store a geometry value
// under the keys "X", "Y", "Width" and "Height" (Apple's documentation of
// `CGRectCreateDictionaryRepresentation`: "a dictionary … with the keys X, Y, Width and
// Height"); the Swift overlay exposes them as `dictionaryRepresentation` and
// `init?(dictionaryRepresentation:)`. Linux has no `CFDictionary` type, so they take and give an
// `NSDictionary` (and `CFDictionary` names it, so `dictionary as CFDictionary` compiles).

/// Core Foundation's dictionary type: Linux Foundation declares no `CFDictionary`, so it names
/// `NSDictionary`, to which Swift dictionaries bridge with `as`.
public typealias CFDictionary = NSDictionary

/// Core Foundation's array type: Linux Foundation declares no `CFArray`, so it names `NSArray`,
/// to which Swift arrays bridge with `as`.
public typealias CFArray = NSArray

/// A number stored under `key`, whatever numeric type boxed it.
private func number(_ dictionary: NSDictionary, _ key: String) -> CGFloat? {
    switch dictionary[key] {
    case let value as NSNumber: return CGFloat(value.doubleValue)
    case let value as Double: return CGFloat(value)
    case let value as CGFloat: return value
    case let value as Float: return CGFloat(value)
    case let value as Int: return CGFloat(value)
    default: return nil
    }
}

extension CGPoint {
    /// The point as a dictionary with the keys "X" and "Y".
    public var dictionaryRepresentation: CFDictionary {
        ["X": NSNumber(value: Double(x)), "Y": NSNumber(value: Double(y))] as NSDictionary
    }

    /// A point from a dictionary with numbers under "X" and "Y"; nil when either is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = number(dict, "X"), let y = number(dict, "Y") else { return nil }
        self.init(x: x, y: y)
    }
}

extension CGSize {
    /// The size as a dictionary with the keys "Width" and "Height".
    public var dictionaryRepresentation: CFDictionary {
        ["Width": NSNumber(value: Double(width)), "Height": NSNumber(value: Double(height))] as NSDictionary
    }

    /// A size from a dictionary with numbers under "Width" and "Height"; nil when either is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let width = number(dict, "Width"), let height = number(dict, "Height") else { return nil }
        self.init(width: width, height: height)
    }
}

extension CGRect {
    /// The rectangle as a dictionary with the keys "X", "Y", "Width" and "Height".
    public var dictionaryRepresentation: CFDictionary {
        ["X": NSNumber(value: Double(origin.x)), "Y": NSNumber(value: Double(origin.y)),
         "Width": NSNumber(value: Double(size.width)), "Height": NSNumber(value: Double(size.height))] as NSDictionary
    }

    /// A rectangle from a dictionary with numbers under "X", "Y", "Width" and "Height"; nil when
    /// any is missing.
    public init?(dictionaryRepresentation dict: CFDictionary) {
        guard let x = number(dict, "X"), let y = number(dict, "Y"),
              let width = number(dict, "Width"), let height = number(dict, "Height") else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }
}

// MARK: - CGFloat conveniences of Core Graphics' overlay

/// The largest finite `CGFloat` (Core Graphics' `CGFLOAT_MAX`).
public let CGFLOAT_MAX: CGFloat = .greatestFiniteMagnitude
/// The smallest positive normal `CGFloat` (Core Graphics' `CGFLOAT_MIN`, which is `DBL_MIN`).
public let CGFLOAT_MIN: CGFloat = .leastNormalMagnitude
/// The difference between 1 and the next larger `CGFloat` (Core Graphics' `CGFLOAT_EPSILON`).
public let CGFLOAT_EPSILON: CGFloat = .ulpOfOne
/// Whether `CGFloat` is a `Double` (it is, on every 64-bit platform).
public let CGFLOAT_IS_DOUBLE = 1
