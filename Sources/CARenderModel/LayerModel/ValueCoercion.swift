import Foundation
import CARenderGeometry

// Turning the values Apple-style code passes around (`Double`, `Float`, `Int`, `NSNumber`,
// `NSValue`, …) into the exact Swift types layer properties hold, and back into values that cast
// the way they do on Apple's platforms.

/// A number from any numeric Swift type or `NSNumber`; `Bool` counts as 0 or 1, as an
/// `NSNumber` made from it would. Nil for anything else.
func coerceToCGFloat(_ any: Any?) -> CGFloat? {
    guard let any else { return nil }
    switch any {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as NSNumber: return CGFloat(v.doubleValue)
    case let v as Bool: return v ? 1 : 0
    case let v as Int32: return CGFloat(v)
    case let v as Int64: return CGFloat(v)
    case let v as UInt: return CGFloat(v)
    case let v as UInt32: return CGFloat(v)
    case let v as Int16: return CGFloat(v)
    case let v as UInt16: return CGFloat(v)
    case let v as Int8: return CGFloat(v)
    case let v as UInt8: return CGFloat(v)
    case let v as UInt64: return CGFloat(v)
    default: return nil
    }
}

/// A Boolean from `Bool`, `NSNumber` or any number (non-zero is true).
func coerceToBool(_ any: Any?) -> Bool? {
    if let v = any as? Bool { return v }
    if let v = any as? NSNumber { return v.boolValue }
    return coerceToCGFloat(any).map { $0 != 0 }
}

/// A point from `CGPoint` or `NSValue(cgPoint:)`.
func coerceToCGPoint(_ any: Any?) -> CGPoint? {
    if let v = any as? CGPoint { return v }
    return (any as? NSValue)?.storedPoint
}

/// A size from `CGSize` or `NSValue(cgSize:)`.
func coerceToCGSize(_ any: Any?) -> CGSize? {
    if let v = any as? CGSize { return v }
    return (any as? NSValue)?.storedSize
}

/// A rectangle from `CGRect` or `NSValue(cgRect:)`.
func coerceToCGRect(_ any: Any?) -> CGRect? {
    if let v = any as? CGRect { return v }
    return (any as? NSValue)?.storedRect
}

/// A 3D transform from `CATransform3D` or `NSValue(caTransform3D:)`.
func coerceToCATransform3D(_ any: Any?) -> CATransform3D? {
    if let v = any as? CATransform3D { return v }
    return (any as? NSValue)?.storedTransform3D
}

/// An affine transform from `CGAffineTransform` or `NSValue(cgAffineTransform:)`.
func coerceToCGAffineTransform(_ any: Any?) -> CGAffineTransform? {
    if let v = any as? CGAffineTransform { return v }
    return (any as? NSValue)?.storedAffineTransform
}

/// The result of coercing a value for an optional object property: `.some(nil)` for nil or
/// `NSNull` (clearing the property), nil for a value of the wrong type.
func coerceToOptionalCGColor(_ any: Any?) -> CGColor?? {
    guard let any, !(any is NSNull) else { return .some(nil) }
    if let color = any as? CGColor { return .some(color) }
    return nil
}

/// See `coerceToOptionalCGColor(_:)`.
func coerceToOptionalCGPath(_ any: Any?) -> CGPath?? {
    guard let any, !(any is NSNull) else { return .some(nil) }
    if let path = any as? CGPath { return .some(path) }
    return nil
}

/// A string-valued enumeration from itself or its raw `String`.
func coerceToRawRepresentable<T: RawRepresentable>(_ any: Any?, as type: T.Type) -> T? where T.RawValue == String {
    if let v = any as? T { return v }
    if let s = any as? String { return T(rawValue: s) }
    return nil
}

/// A value as Apple's key-value coding would hand it out: numbers as `NSNumber` (which casts to
/// `CGFloat`, `Double`, `Float` and `NSNumber`), everything else unchanged (geometry structs cast
/// to and from `NSValue` through carender's bridges).
func kvcBoxed(_ value: Any?) -> Any? {
    switch value {
    case let v as CGFloat: return NSNumber(value: Double(v))
    case let v as Float: return NSNumber(value: v)
    case let v as Bool: return NSNumber(value: v)
    default: return value
    }
}
