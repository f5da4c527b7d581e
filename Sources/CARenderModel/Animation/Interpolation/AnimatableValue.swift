import Foundation
import CARenderGeometry

/// A property value reduced to the numbers that animations interpolate: numbers, geometry, colours (straight sRGB), transforms, paths and arrays of these.
///
/// Animation values arrive as `Any` (Swift numbers, `NSNumber`, geometry structs, `CGColor`,
/// `CATransform3D`, `CGPath`, arrays of these); model values come from the layer's key paths.
/// Values are converted once into this form, combined, and converted back with `anyValue`.
enum AnimatableValue {
    /// The Swift type a number came from, so the result goes back as the same type.
    enum NumberKind {
        case double, float, cgFloat, int
    }

    case number(Double, NumberKind)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// A colour as straight (non-premultiplied) sRGB components.
    case color(RGBA)
    case transform(CATransform3D)
    case path(CGPath)
    case array([AnimatableValue])
    /// Anything else (images, Booleans, strings): switches instead of interpolating.
    case discrete(Any?)

    /// A colour's straight components.
    struct RGBA: Equatable {
        var r, g, b, a: Double
        static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)

        /// The colour these components describe.
        var cgColor: CGColor { CGColor(red: CGFloat(r), green: CGFloat(g), blue: CGFloat(b), alpha: CGFloat(a)) }
    }

    /// A colour's straight sRGB components.
    init(color: CGColor) {
        let c = color.rgbaComponents
        self = .color(RGBA(r: Double(c.r), g: Double(c.g), b: Double(c.b), a: Double(c.a)))
    }

    /// Converts a value as animations and key paths hand it over; nil stays nil.
    init?(_ value: Any?) {
        guard let value = AnimatableValue.unwrapOptional(value) else { return nil }
        switch value {
        case let v as Double: self = .number(v, .double)
        case let v as CGFloat: self = .number(Double(v), .cgFloat)
        case let v as Float: self = .number(Double(v), .float)
        case let v as Int: self = .number(Double(v), .int)
        case let v as Int32: self = .number(Double(v), .int)
        case let v as Int64: self = .number(Double(v), .int)
        case let v as UInt: self = .number(Double(v), .int)
        case is Bool: self = .discrete(value)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CGColor: self.init(color: v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGPath: self = .path(v)
        case let v as NSNumber: self = AnimatableValue.number(from: v)
        case let v as NSValue:
            if let unboxed = AnimatableValue.unbox(v) { self = unboxed } else { self = .discrete(value) }
        case let v as [Any]: self = .array(v.map { AnimatableValue($0) ?? .discrete(nil) })
        case let v as NSArray: self = .array(v.map { AnimatableValue($0) ?? .discrete(nil) })
        default: self = .discrete(value)
        }
    }

    private static func unwrapOptional(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { $0.value }
        }
        return value
    }

    private static func number(from n: NSNumber) -> AnimatableValue {
        // A Boolean NSNumber is still a number for number-typed properties; `shaped(like:)`
        // turns it into a switch when the property is not numeric.
        .number(n.doubleValue, .double)
    }

    /// Geometry boxed in an `NSValue` (through the layer model's coercions).
    private static func unbox(_ v: NSValue) -> AnimatableValue? {
        if let p = coerceToCGPoint(v) { return .point(p) }
        if let s = coerceToCGSize(v) { return .size(s) }
        if let r = coerceToCGRect(v) { return .rect(r) }
        if let t = coerceToCATransform3D(v) { return .transform(t) }
        if let a = coerceToCGAffineTransform(v) { return .transform(CATransform3DMakeAffineTransform(a)) }
        return nil
    }

    /// The value as the Swift type key paths expect.
    var anyValue: Any? {
        switch self {
        case .number(let v, .double): return v
        case .number(let v, .cgFloat): return CGFloat(v)
        case .number(let v, .float): return Float(v)
        case .number(let v, .int): return Int(v.rounded())
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .color(let c): return c.cgColor
        case .transform(let t): return t
        case .path(let p): return p
        case .array(let items): return items.map { $0.anyValue as Any }
        case .discrete(let v): return v
        }
    }

    /// This value converted to the kind of `template` where the two are compatible: numbers take
    /// the template's number type, a missing or foreign value next to a colour becomes clear.
    func shaped(like template: AnimatableValue?) -> AnimatableValue {
        guard let template else { return self }
        switch (self, template) {
        case (.number(let v, _), .number(_, let kind)): return .number(v, kind)
        case (.number(let v, _), .discrete(let t)) where t is Bool: return .discrete(v != 0)
        case (.array(let items), .array(let templates)) where items.count == templates.count:
            return .array(zip(items, templates).map { $0.shaped(like: $1) })
        case (.array(let items), .array(let templates)) where !templates.isEmpty:
            return .array(items.map { $0.shaped(like: templates[0]) })
        default: return self
        }
    }

    /// The value to use for a missing (nil) property value next to `other`: clear for colours.
    static func neutral(like other: AnimatableValue) -> AnimatableValue? {
        switch other {
        case .color: return .color(.clear)
        case .number(_, let kind): return .number(0, kind)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .transform: return .transform(.identity)
        default: return nil
        }
    }
}
