import Foundation
import CARenderGeometry

/// A key path inside a property's value, resolved once from its string form: `x`/`y` of a point,
/// `width`/`height` of a size, `origin`/`size` (and their fields) of a rectangle, and the virtual
/// `rotation`, `scale` and `translation` components of a 3D transform, each with `.x`, `.y`,
/// `.z` (Apple's "Key-Value Coding Extensions" in the Core Animation Programming Guide). Bare
/// `rotation` is `rotation.z`, bare `scale` the average of the three scale factors, bare
/// `translation` a `CGSize` of x and y.
///
/// Reading a transform component decomposes the matrix; writing one recomposes it with the other
/// components unchanged (scale, then x, y, z rotations, then translation).
enum PropertySubPath: Equatable {
    /// The property itself.
    case whole
    /// `x` (0) or `y` (1) of a point.
    case pointField(Int)
    /// `width` (0) or `height` (1) of a size.
    case sizeField(Int)
    /// `origin` of a rectangle, or its `x` (0) / `y` (1).
    case rectOrigin(Int?)
    /// `size` of a rectangle, or its `width` (0) / `height` (1).
    case rectSize(Int?)
    /// `rotation.x|y|z` (0, 1, 2) of a transform.
    case rotation(Int)
    /// `scale.x|y|z`, or the average scale.
    case scale(Int?)
    /// `translation.x|y|z`, or x and y as a size.
    case translation(Int?)

    /// Resolves the components after the property's name against the property's value shape;
    /// nil when they name nothing in it.
    init?(_ components: ArraySlice<Substring>, of shape: PropertyValueShape) {
        guard let first = components.first else {
            self = .whole
            return
        }
        let rest = components.dropFirst()
        func field(_ names: [Substring], _ slice: ArraySlice<Substring>) -> Int?? {
            // .some(nil): no field given; nil: an unknown or extra field.
            guard let name = slice.first else { return .some(nil) }
            guard slice.count == 1, let index = names.firstIndex(of: name) else { return nil }
            return .some(index)
        }
        switch shape {
        case .point:
            guard rest.isEmpty, let i = ["x", "y"].firstIndex(of: first) else { return nil }
            self = .pointField(i)
        case .size:
            guard rest.isEmpty, let i = ["width", "height"].firstIndex(of: first) else { return nil }
            self = .sizeField(i)
        case .rect:
            switch first {
            case "origin": guard let f = field(["x", "y"], rest) else { return nil }; self = .rectOrigin(f)
            case "size": guard let f = field(["width", "height"], rest) else { return nil }; self = .rectSize(f)
            default: return nil
            }
        case .transform:
            guard let axis = field(["x", "y", "z"], rest) else { return nil }
            switch first {
            case "rotation": self = .rotation(axis ?? 2)
            case "scale": self = .scale(axis)
            case "translation": self = .translation(axis)
            default: return nil
            }
        case .color, .opaque:
            return nil
        }
    }

    /// What a value at this path is: a number, a point or a size.
    private enum Leaf { case number, point, size }

    private var leafKind: Leaf {
        switch self {
        case .rectOrigin(nil): return .point
        case .rectSize(nil), .translation(nil): return .size
        default: return .number
        }
    }

    /// A value for this path from an arbitrary input (KVC), or nil for the wrong type.
    func leaf(coercing value: Any?) -> AnimatableValue? {
        switch leafKind {
        case .number: return coerceToCGFloat(value).map { .number(Double($0), .cgFloat) }
        case .point: return coerceToCGPoint(value).map { .point($0) }
        case .size: return coerceToCGSize(value).map { .size($0) }
        }
    }

    /// `value` as this path's leaf type (interpolated values normally are already).
    private func leaf(_ value: AnimatableValue) -> AnimatableValue? {
        switch (leafKind, value) {
        case (.number, .number), (.point, .point), (.size, .size): return value
        default: return leaf(coercing: value.anyValue)
        }
    }

    /// The value at this path inside `whole`; nil when `whole` is not of the path's shape.
    func value(in whole: AnimatableValue) -> AnimatableValue? {
        func number(_ v: CGFloat) -> AnimatableValue { .number(Double(v), .cgFloat) }
        switch (self, whole) {
        case (.whole, _): return whole
        case (.pointField(let i), .point(let p)): return number(i == 0 ? p.x : p.y)
        case (.sizeField(let i), .size(let s)): return number(i == 0 ? s.width : s.height)
        case (.rectOrigin(nil), .rect(let r)): return .point(r.origin)
        case (.rectOrigin(let i?), .rect(let r)): return number(i == 0 ? r.origin.x : r.origin.y)
        case (.rectSize(nil), .rect(let r)): return .size(r.size)
        case (.rectSize(let i?), .rect(let r)): return number(i == 0 ? r.size.width : r.size.height)
        case (.rotation, .transform(let t)), (.scale, .transform(let t)), (.translation(_?), .transform(let t)):
            return TransformField(self).map { number($0.value(in: t)) }
        case (.translation(nil), .transform(let t)):
            let c = TransformComponents(decomposing: t).translation
            return .size(CGSize(width: c.x, height: c.y))
        default: return nil
        }
    }

    /// `whole` with the value at this path replaced by `newValue`; nil when `whole` is not of the
    /// path's shape or `newValue` cannot stand at the path.
    func replacing(in whole: AnimatableValue, with newValue: AnimatableValue) -> AnimatableValue? {
        guard self != .whole else { return newValue }
        guard let leaf = leaf(newValue) else { return nil }
        var scalar: CGFloat = 0
        if case .number(let v, _) = leaf { scalar = CGFloat(v) }
        switch (self, whole, leaf) {
        case (.pointField(let i), .point(var p), .number):
            if i == 0 { p.x = scalar } else { p.y = scalar }
            return .point(p)
        case (.sizeField(let i), .size(var s), .number):
            if i == 0 { s.width = scalar } else { s.height = scalar }
            return .size(s)
        case (.rectOrigin(nil), .rect(var r), .point(let p)):
            r.origin = p
            return .rect(r)
        case (.rectOrigin(let i?), .rect(var r), .number):
            if i == 0 { r.origin.x = scalar } else { r.origin.y = scalar }
            return .rect(r)
        case (.rectSize(nil), .rect(var r), .size(let s)):
            r.size = s
            return .rect(r)
        case (.rectSize(let i?), .rect(var r), .number):
            if i == 0 { r.size.width = scalar } else { r.size.height = scalar }
            return .rect(r)
        case (.rotation, .transform(let t), .number), (.scale, .transform(let t), .number),
             (.translation(_?), .transform(let t), .number):
            return TransformField(self).map { .transform($0.replacing(in: t, with: scalar)) }
        case (.translation(nil), .transform(let t), .size(let s)):
            var c = TransformComponents(decomposing: t)
            c.translation.x = s.width
            c.translation.y = s.height
            return .transform(c.transform)
        default:
            return nil
        }
    }

}

/// A number inside a 3D transform that a key path names (`transform.rotation.z`,
/// `transform.scale`, `sublayerTransform.translation.x`): read by decomposing the matrix, written
/// by replacing the component and composing the matrix again with the others unchanged. Both
/// the key-value path (`PropertySubPath`) and compiled animation tracks (a `StateSlot` of kind
/// `transformField`) read and write through it, so the two cannot differ. One byte, so a slot
/// that carries it stays two words.
enum TransformField: UInt8 {
    case rotationX, rotationY, rotationZ
    case scaleX, scaleY, scaleZ
    /// Bare `scale`: the average of the three factors; writing sets all three.
    case scale
    case translationX, translationY, translationZ

    /// The field a sub-path names, when it names a number inside a transform.
    init?(_ subPath: PropertySubPath) {
        switch subPath {
        case .rotation(let axis): self.init(rawValue: Self.rotationX.rawValue + UInt8(clamping: min(axis, 2)))
        case .scale(let axis?): self.init(rawValue: Self.scaleX.rawValue + UInt8(clamping: min(axis, 2)))
        case .scale(nil): self = .scale
        case .translation(let axis?): self.init(rawValue: Self.translationX.rawValue + UInt8(clamping: min(axis, 2)))
        default: return nil
        }
    }

    /// The field's value in `t`.
    func value(in t: CATransform3D) -> CGFloat {
        let c = Self.components(of: t)
        switch self {
        case .rotationX: return c.rotation.x
        case .rotationY: return c.rotation.y
        case .rotationZ: return c.rotation.z
        case .scaleX: return c.scale.x
        case .scaleY: return c.scale.y
        case .scaleZ: return c.scale.z
        case .scale: return (c.scale.x + c.scale.y + c.scale.z) / 3
        case .translationX: return c.translation.x
        case .translationY: return c.translation.y
        case .translationZ: return c.translation.z
        }
    }

    /// `t` with the field set to `value`, the other components unchanged.
    func replacing(in t: CATransform3D, with value: CGFloat) -> CATransform3D {
        var c = Self.components(of: t)
        switch self {
        case .rotationX: c.rotation.x = value
        case .rotationY: c.rotation.y = value
        case .rotationZ: c.rotation.z = value
        case .scaleX: c.scale.x = value
        case .scaleY: c.scale.y = value
        case .scaleZ: c.scale.z = value
        case .scale: c.scale = (value, value, value)
        case .translationX: c.translation.x = value
        case .translationY: c.translation.y = value
        case .translationZ: c.translation.z = value
        }
        return c.transform
    }

    /// `TransformComponents(decomposing: t)`; the identity's (most layers' transform, decomposed
    /// every frame a field of it is animated) worked out once, which gives the same bits, as
    /// decomposing is a pure function of the matrix's.
    private static func components(of t: CATransform3D) -> TransformComponents {
        t.isBitwiseEqual(to: identity) ? identityComponents : TransformComponents(decomposing: t)
    }

    private static let identity = CATransform3DIdentity
    private static let identityComponents = TransformComponents(decomposing: CATransform3DIdentity)
}
