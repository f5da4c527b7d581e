import Foundation

// On Apple's platforms `NSNumber` casts to `CGFloat` and `NSValue` casts to `CGPoint`, `CGSize`,
// `CGRect`, `CATransform3D` and `CGAffineTransform` (and back), so code such as
// `layer.value(forKeyPath: "transform.rotation.z") as? CGFloat` works. Linux Foundation bridges
// `NSNumber` only to the standard number types, so carender adds the missing bridges; the
// dynamic-cast machinery uses them for `as?` between `Any` and these types.

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}

/// A value type boxed in `NSValue` under one type encoding.
protocol NSValueBridgeable: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
    /// The value unboxed, or nil when `value` holds another type.
    static func unbox(_ value: NSValue) -> Self?
    var boxed: NSValue { get }
}

extension NSValueBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { boxed }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
        result = unbox(source)
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
        result = unbox(source)
        return result != nil
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
        source.flatMap(unbox)!
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridgeable {
    public typealias _ObjectiveCType = NSValue
    static func unbox(_ value: NSValue) -> CGPoint? { value.storedPoint }
    var boxed: NSValue { NSValue(point: self) }
}

extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridgeable {
    public typealias _ObjectiveCType = NSValue
    static func unbox(_ value: NSValue) -> CGSize? { value.storedSize }
    var boxed: NSValue { NSValue(size: self) }
}

extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridgeable {
    public typealias _ObjectiveCType = NSValue
    static func unbox(_ value: NSValue) -> CGRect? { value.storedRect }
    var boxed: NSValue { NSValue(rect: self) }
}

extension CATransform3D: _ObjectiveCBridgeable, NSValueBridgeable {
    public typealias _ObjectiveCType = NSValue
    static func unbox(_ value: NSValue) -> CATransform3D? { value.storedTransform3D }
    var boxed: NSValue { NSValue(caTransform3D: self) }
}

extension CGAffineTransform: _ObjectiveCBridgeable, NSValueBridgeable {
    public typealias _ObjectiveCType = NSValue
    static func unbox(_ value: NSValue) -> CGAffineTransform? { value.storedAffineTransform }
    var boxed: NSValue { NSValue(cgAffineTransform: self) }
}
