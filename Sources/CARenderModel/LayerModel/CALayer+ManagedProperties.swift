import Foundation
import CARenderGeometry

// `@NSManaged var angle: CGFloat` in a layer subclass: on Apple's platforms Core Animation
// supplies the accessors and keeps the value with the layer's own, so key-value coding reads and
// writes it, animations of its key animate it, presentation copies carry it, and a change runs
// the layer's action for the key. The script compiler's source-compatibility pass turns such a
// declaration into a property whose accessors are these two methods, so it has every one of
// those behaviours here too (the storage and the rest are the custom keys of
// CustomPropertyKey.swift).

extension CALayer {
    /// The getter of an `@NSManaged` property: the value stored under `key`, as `Value`. A key
    /// never set reads as Apple's accessors read it: nil for an optional, zero for a number or a
    /// geometry struct, false for a Boolean.
    @_spi(SourceCompatibility) public func _managedPropertyValue<Value>(forKey key: String) -> Value {
        let stored = value(forKey: key)
        if let value = stored as? Value { return value }
        if let value = Self.managedCoercion(stored, to: Value.self) { return value }
        if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let empty = optional.init(nilLiteral: ()) as? Value {
            return empty
        }
        if stored == nil, let zero = Self.managedZero(Value.self) { return zero }
        fatalError("@NSManaged property '\(key)' of \(type(of: self)) holds \(stored.map { "\($0)" } ?? "no value"), not a \(Value.self); declare it optional ('\(Value.self)?') or set it first")
    }

    /// The setter of an `@NSManaged` property: `setValue(_:forKey:)`, so the change joins the
    /// transaction and runs the layer's action for `key`.
    @_spi(SourceCompatibility) public func _setManagedPropertyValue<Value>(_ newValue: Value, forKey key: String) {
        // An optional's nil arrives wrapped in `Any`; unwrap it so the key is cleared.
        let boxed: Any? = (newValue as Any?).flatMap { Self.unwrapped($0) }
        setValue(boxed, forKey: key)
    }

    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }

    /// Numbers and geometry from what key-value coding hands out (`NSNumber`, other number types).
    private static func managedCoercion<Value>(_ value: Any?, to type: Value.Type) -> Value? {
        guard let value else { return nil }
        switch type {
        case is CGFloat.Type: return coerceToCGFloat(value) as? Value
        case is Double.Type: return coerceToCGFloat(value).map { Double($0) } as? Value
        case is Float.Type: return coerceToCGFloat(value).map { Float($0) } as? Value
        case is Int.Type: return coerceToCGFloat(value).map { Int($0) } as? Value
        case is Bool.Type: return coerceToBool(value) as? Value
        case is CGPoint.Type: return coerceToCGPoint(value) as? Value
        default: return nil
        }
    }

    /// The value an unset `@NSManaged` property of a value type reads as on Apple's platforms
    /// (the accessor returns zeroed memory): zero, `.zero`, false.
    private static func managedZero<Value>(_ type: Value.Type) -> Value? {
        switch type {
        case is CGFloat.Type: return CGFloat(0) as? Value
        case is Double.Type: return Double(0) as? Value
        case is Float.Type: return Float(0) as? Value
        case is Int.Type: return 0 as? Value
        case is Bool.Type: return false as? Value
        case is CGPoint.Type: return CGPoint.zero as? Value
        case is CGSize.Type: return CGSize.zero as? Value
        case is CGRect.Type: return CGRect.zero as? Value
        default: return nil
        }
    }
}
