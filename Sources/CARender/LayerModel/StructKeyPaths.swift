import Foundation

/// Key-value coding inside Core Animation's value types (SPEC-semantics §3.7): `x`/`y` of a point,
/// `width`/`height` of a size, `origin`/`size` (and their fields) of a rectangle, and the
/// `rotation`, `scale` and `translation` components of a 3D transform (each with `.x`, `.y`, `.z`;
/// bare `rotation` is `rotation.z`, bare `scale` the average of the three scale factors, bare
/// `translation` a `CGSize` of x and y).
enum StructKeyPaths {
    /// The value at `path` inside `root`, nil when `path` does not name a field of `root`'s type.
    static func value(in root: Any, at path: ArraySlice<Substring>) -> Any? {
        guard let key = path.first else { return root }
        let rest = path.dropFirst()
        switch root {
        case let p as CGPoint:
            guard rest.isEmpty else { return nil }
            switch key {
            case "x": return p.x
            case "y": return p.y
            default: return nil
            }
        case let s as CGSize:
            guard rest.isEmpty else { return nil }
            switch key {
            case "width": return s.width
            case "height": return s.height
            default: return nil
            }
        case let r as CGRect:
            switch key {
            case "origin": return value(in: r.origin, at: rest)
            case "size": return value(in: r.size, at: rest)
            default: return nil
            }
        case let t as CATransform3D:
            return transformValue(t, key: key, axis: rest)
        default:
            return nil
        }
    }

    /// `root` with the value at `path` replaced by `newValue`; nil when `path` does not name a field
    /// of `root`'s type or `newValue` has the wrong type for it.
    static func replacing(in root: Any, at path: ArraySlice<Substring>, with newValue: Any?) -> Any? {
        guard let key = path.first else { return nil }
        let rest = path.dropFirst()
        switch root {
        case var p as CGPoint:
            guard rest.isEmpty, let v = coerceToCGFloat(newValue) else { return nil }
            switch key {
            case "x": p.x = v
            case "y": p.y = v
            default: return nil
            }
            return p
        case var s as CGSize:
            guard rest.isEmpty, let v = coerceToCGFloat(newValue) else { return nil }
            switch key {
            case "width": s.width = v
            case "height": s.height = v
            default: return nil
            }
            return s
        case var r as CGRect:
            switch key {
            case "origin":
                let origin = rest.isEmpty ? coerceToCGPoint(newValue) : replacing(in: r.origin, at: rest, with: newValue) as? CGPoint
                guard let origin else { return nil }
                r.origin = origin
            case "size":
                let size = rest.isEmpty ? coerceToCGSize(newValue) : replacing(in: r.size, at: rest, with: newValue) as? CGSize
                guard let size else { return nil }
                r.size = size
            default: return nil
            }
            return r
        case let t as CATransform3D:
            return replacingTransformValue(t, key: key, axis: rest, with: newValue)
        default:
            return nil
        }
    }

    // MARK: - Transform components

    private static func transformValue(_ t: CATransform3D, key: Substring, axis: ArraySlice<Substring>) -> Any? {
        guard axis.count <= 1 else { return nil }
        let c = TransformComponents(decomposing: t)
        let axisName = axis.first
        switch key {
        case "rotation":
            return pick(c.rotation, axisName ?? "z")
        case "scale":
            guard let axisName else { return (c.scale.x + c.scale.y + c.scale.z) / 3 }
            return pick(c.scale, axisName)
        case "translation":
            guard let axisName else { return CGSize(width: c.translation.x, height: c.translation.y) }
            return pick(c.translation, axisName)
        default:
            return nil
        }
    }

    private static func replacingTransformValue(_ t: CATransform3D, key: Substring, axis: ArraySlice<Substring>,
                                                with newValue: Any?) -> Any? {
        guard axis.count <= 1 else { return nil }
        var c = TransformComponents(decomposing: t)
        let axisName = axis.first
        switch key {
        case "rotation":
            guard let v = coerceToCGFloat(newValue), set(&c.rotation, axisName ?? "z", v) else { return nil }
        case "scale":
            guard let v = coerceToCGFloat(newValue) else { return nil }
            if let axisName {
                guard set(&c.scale, axisName, v) else { return nil }
            } else {
                c.scale = (v, v, v)
            }
        case "translation":
            if let axisName {
                guard let v = coerceToCGFloat(newValue), set(&c.translation, axisName, v) else { return nil }
            } else {
                guard let size = coerceToCGSize(newValue) else { return nil }
                c.translation.x = size.width
                c.translation.y = size.height
            }
        default:
            return nil
        }
        return c.transform
    }

    private static func pick(_ v: (x: CGFloat, y: CGFloat, z: CGFloat), _ axis: Substring) -> CGFloat? {
        switch axis {
        case "x": return v.x
        case "y": return v.y
        case "z": return v.z
        default: return nil
        }
    }

    private static func set(_ v: inout (x: CGFloat, y: CGFloat, z: CGFloat), _ axis: Substring, _ value: CGFloat) -> Bool {
        switch axis {
        case "x": v.x = value
        case "y": v.y = value
        case "z": v.z = value
        default: return false
        }
        return true
    }
}
