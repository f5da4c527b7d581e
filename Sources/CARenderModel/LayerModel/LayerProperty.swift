import Foundation
import CARenderPixels
import CARenderGeometry

// The layer property registry: every key-value-coded layer property is declared once, as a
// `LayerProperty` in its class's `LayerPropertyTable`, and everything else is derived from that
// declaration — the KVC name the setter's action hook reports, `value(forKeyPath:)` and
// `setValue(_:forKeyPath:)` (struct sub-paths such as "position.x" and the `transform.*` virtual
// paths included), copying a computed value into the model through the setter hook, the set of
// implicitly animated keys, the typed tracks animations evaluate every frame, and the benchmark
// scene loader.
//
// A property's storage and default are its field in a state struct (`LayerState`'s initial
// values are Apple's defaults); its declaration adds the KVC name, how values of other types are
// coerced to it, whether a change animates implicitly, and how it interpolates (`PropertyCoding`).
//
// ## Declaring a property of a new layer class
//
// A subclass keeps its own values in its own state struct, held as one field of `LayerState` (so
// the committed, presentation and render copies carry it to the compositor), and registers a
// table that extends its superclass's:
//
// ```swift
// /// CAShapeLayer's own values; the initial values are Apple's defaults.
// package struct ShapeLayerState {
//     public var strokeEnd: CGFloat = 1
// }
// // In LayerState:  public var shape = ShapeLayerState()
//
// open class CAShapeLayer: CALayer {
//     override class var renderKind: RenderNode.Kind { .shapeLayer }     // how the compositor draws it
//     override class var propertyTable: LayerPropertyTable { shapeProperties }
//     private static let shapeProperties = LayerPropertyTable(inheriting: CALayer.propertyTable, [
//         LayerProperty("strokeEnd", \.shape.strokeEnd, .number, animatesImplicitly: true),
//     ])
//
//     /// The relative location at which to stop stroking the path.
//     open var strokeEnd: CGFloat {
//         get { modelState.shape.strokeEnd }
//         set { setModelValue(\.shape.strokeEnd, newValue) }
//     }
// }
// ```
//
// That single `LayerProperty` line makes `layer.value(forKey: "strokeEnd")`,
// `setValue(_:forKeyPath:)`, the implicit animation on a change, `CABasicAnimation(keyPath:
// "strokeEnd")` and its per-frame evaluation work; the compositor reads `state.shape.strokeEnd`
// from the render node.

/// How a property's Swift value converts: coercion from what Apple-style code passes in
/// (`NSNumber`, `NSValue`, other Swift number types), the value key-value coding hands out, and
/// the interpolatable form animations work on. One coding serves every property of its type.
package struct PropertyCoding<Value> {
    /// Which struct sub-paths the value offers ("x", "size.width", "rotation.z", ...).
    let shape: PropertyValueShape
    /// The value for an arbitrary input, or nil when the input has the wrong type.
    let coerce: (Any?) -> Value?
    /// The value as key-value coding reads it (before NSNumber boxing).
    let box: (Value) -> Any?
    /// The value animations interpolate; nil for a nil object.
    let animatable: (Value) -> AnimatableValue?
    /// The property value for an interpolated value, or nil when it cannot hold it.
    let fromAnimatable: (AnimatableValue) -> Value?
    /// For fixed-size numeric values: which kind of `StateSlot` stores the value in place, reading
    /// and accepting exactly what `animatable` and `fast` do.
    let slotKind: StateSlot.Kind?

    init(shape: PropertyValueShape = .opaque, slot slotKind: StateSlot.Kind? = nil, coerce: @escaping (Any?) -> Value?,
         box: @escaping (Value) -> Any?, animatable: @escaping (Value) -> AnimatableValue?,
         fast: @escaping (AnimatableValue) -> Value? = { _ in nil }) {
        self.shape = shape
        self.slotKind = slotKind
        self.coerce = coerce
        self.box = box
        self.animatable = animatable
        // The typed case first (no boxing); anything else through the general coercion.
        fromAnimatable = { value in fast(value) ?? coerce(value.anyValue) }
    }
}

/// The sub-path families of property values.
package enum PropertyValueShape {
    case point, size, rect, transform
    /// An optional colour (no sub-paths).
    case color
    /// No sub-paths (numbers, colours, objects, enumerations).
    case opaque
}

extension PropertyCoding where Value == CGFloat {
    static var number: Self {
        Self(slot: .cgFloat, coerce: coerceToCGFloat, box: { $0 }, animatable: { .number(Double($0), .cgFloat) },
             fast: { if case .number(let v, _) = $0 { return CGFloat(v) }; return nil })
    }
}

extension PropertyCoding where Value == Float {
    /// Single-precision numbers read back as `CGFloat`, as Apple's KVC reports them.
    static var float: Self {
        Self(slot: .float, coerce: { coerceToCGFloat($0).map { Float($0) } }, box: { CGFloat($0) },
             animatable: { .number(Double($0), .cgFloat) },
             fast: { if case .number(let v, _) = $0 { return Float(v) }; return nil })
    }
}

extension PropertyCoding where Value == Double {
    /// Times (`CFTimeInterval`), read back as `CGFloat` like every KVC number.
    static var time: Self {
        Self(coerce: { coerceToCGFloat($0).map { Double($0) } }, box: { CGFloat($0) },
             animatable: { .number($0, .cgFloat) },
             fast: { if case .number(let v, _) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == Bool {
    static var bool: Self {
        Self(coerce: coerceToBool, box: { $0 }, animatable: { .discrete($0) },
             fast: { if case .discrete(let v as Bool) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == CGPoint {
    static var point: Self {
        Self(shape: .point, slot: .point, coerce: coerceToCGPoint, box: { $0 }, animatable: { .point($0) },
             fast: { if case .point(let v) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == CGSize {
    static var size: Self {
        Self(shape: .size, slot: .size, coerce: coerceToCGSize, box: { $0 }, animatable: { .size($0) },
             fast: { if case .size(let v) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == CGRect {
    static var rect: Self {
        Self(shape: .rect, slot: .rect, coerce: coerceToCGRect, box: { $0 }, animatable: { .rect($0) },
             fast: { if case .rect(let v) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == CATransform3D {
    static var transform: Self {
        Self(shape: .transform, slot: .transform, coerce: coerceToCATransform3D, box: { $0 }, animatable: { .transform($0) },
             fast: { if case .transform(let v) = $0 { return v }; return nil })
    }
}

extension PropertyCoding where Value == CGColor? {
    /// An optional colour: nil or `NSNull` clears it; animations blend straight sRGB components
    /// (a missing colour next to a colour is clear).
    static var color: Self {
        Self(shape: .color, coerce: coerceToOptionalCGColor, box: { $0 }, animatable: { $0.map(AnimatableValue.init(color:)) },
             fast: { if case .color(let c) = $0 { return .some(c.cgColor) }; return nil })
    }
}

extension PropertyCoding where Value == CGPath? {
    /// An optional path: nil or `NSNull` clears it; animations blend matching paths point by point.
    static var path: Self {
        Self(coerce: coerceToOptionalCGPath, box: { $0 }, animatable: { $0.map { .path($0) } },
             fast: { if case .path(let p) = $0 { return .some(p) }; return nil })
    }
}

extension PropertyCoding where Value == Any? {
    /// Any object (`contents`): stored as given, `NSNull` clearing it; animations switch (a basic
    /// animation of images cross-dissolves, see CABasicAnimation).
    static var object: Self {
        Self(coerce: { .some($0 is NSNull ? nil : $0) }, box: { $0 }, animatable: { AnimatableValue($0) })
    }
}

extension PropertyCoding where Value: RawRepresentable, Value.RawValue == String {
    /// A string-valued enumeration (`CALayerContentsGravity`, ...), also set from its raw string.
    static var string: Self {
        Self(coerce: { coerceToRawRepresentable($0, as: Value.self) }, box: { $0 }, animatable: { .discrete($0) })
    }
}

extension PropertyCoding where Value: OptionSet, Value.RawValue: BinaryInteger {
    /// A bit mask (`CACornerMask`, ...), also set from its raw number.
    static var mask: Self {
        Self(coerce: { value in
            if let mask = value as? Value { return mask }
            guard let raw = coerceToCGFloat(value), raw >= 0, raw == raw.rounded(),
                  let bits = Value.RawValue(exactly: raw) else { return nil }
            return Value(rawValue: bits)
        }, box: { $0 }, animatable: { .discrete($0) })
    }
}

/// One layer property, declared once: its KVC name, where it lives in `LayerState`, how values
/// coerce and interpolate, and whether a change animates implicitly. The typed operations are
/// captured when it is declared, so using it later touches no strings. Immutable; a class so
/// that the tracks holding it share it (copying a track retains one object, not every closure).
package final class LayerProperty: @unchecked Sendable {
    /// The key-value-coding name, Apple's (`hidden`, not `isHidden`).
    public let name: String
    /// Whether a change runs Core Animation's implicit animation ("Animatable" in Apple's
    /// headers, and listed in the Core Animation Programming Guide's table of animatable
    /// properties).
    public let animatesImplicitly: Bool
    /// Whether explicit animations can animate it. The layer's own timing (`CAMediaTiming`:
    /// `speed`, `timeOffset`, ...) is key-value coded but is not in the Core Animation
    /// Programming Guide's table of animatable properties: an animation of it has no effect.
    public let isAnimatable: Bool
    /// Which sub-paths the value offers.
    package let shape: PropertyValueShape
    /// The property's field in `LayerState`.
    let stateKeyPath: AnyKeyPath
    /// The plain value, as KVC reads it.
    let read: (LayerState) -> Any?
    /// Stores a coerced value; false (and nothing changed) for a value of the wrong type.
    package let assign: (inout LayerState, Any?) -> Bool
    /// The value as animations interpolate it.
    let readAnimatable: (LayerState) -> AnimatableValue?
    /// Stores an interpolated value; false when the property cannot hold it.
    let assignAnimatable: (inout LayerState, AnimatableValue) -> Bool
    /// Copies the property from `state` into `layer`'s model through the setter hook (so the
    /// change joins the transaction and runs its action).
    let commit: (CALayer, LayerState) -> Void
    /// Where a fixed-size numeric value is stored, for tracks that animate the whole property in
    /// place; nil for other values and for fields behind a computed key-path component.
    let slot: StateSlot?

    /// Declares the property `name` stored at `keyPath`, coded by `coding`.
    init<Value>(_ name: String, _ keyPath: WritableKeyPath<LayerState, Value>, _ coding: PropertyCoding<Value>,
                animatesImplicitly: Bool = false, isAnimatable: Bool = true) {
        self.name = name
        self.animatesImplicitly = animatesImplicitly && isAnimatable
        self.isAnimatable = isAnimatable
        shape = coding.shape
        stateKeyPath = keyPath
        let field = StateField(keyPath)
        if let kind = coding.slotKind, let offset = field.offset {
            slot = StateSlot(kind: kind, offset: offset)
        } else {
            slot = nil
        }
        read = { coding.box(field.get($0)) }
        assign = { state, value in
            guard let v = coding.coerce(value) else { return false }
            field.set(&state, v)
            return true
        }
        readAnimatable = { coding.animatable(field.get($0)) }
        assignAnimatable = { state, value in
            guard let v = coding.fromAnimatable(value) else { return false }
            field.set(&state, v)
            return true
        }
        commit = { layer, state in layer.setModelValue(keyPath, state[keyPath: keyPath], forKey: name) }
    }
}

/// Direct access to a stored field of `LayerState`. Applying a key path value interprets it at
/// run time on every use; a stored property (nested ones included) sits at a fixed offset, which
/// `MemoryLayout.offset(of:)` gives once, so animation tracks read and write the field directly.
/// A key path with a computed component has no offset and is applied as a key path.
private struct StateField<Value> {
    let keyPath: WritableKeyPath<LayerState, Value>
    let offset: Int?

    init(_ keyPath: WritableKeyPath<LayerState, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<LayerState>.offset(of: keyPath)
    }

    func get(_ state: LayerState) -> Value {
        guard let offset else { return state[keyPath: keyPath] }
        return withUnsafeBytes(of: state) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    func set(_ state: inout LayerState, _ value: Value) {
        guard let offset else { return state[keyPath: keyPath] = value }
        withUnsafeMutableBytes(of: &state) { bytes in
            (bytes.baseAddress! + offset).assumingMemoryBound(to: Value.self).pointee = value
        }
    }
}

/// A key path ("position.x", "transform.rotation.z") resolved against a property table.
package struct ResolvedPropertyPath {
    public let property: LayerProperty
    let subPath: PropertySubPath

    /// The value as KVC reads it: plain Swift values (CGFloat for numbers inside structs).
    func value(in state: LayerState) -> Any? {
        guard case .whole = subPath else { return animatableValue(in: state)?.anyValue }
        return property.read(state)
    }

    /// The value at the path, in interpolatable form.
    func animatableValue(in state: LayerState) -> AnimatableValue? {
        guard let whole = property.readAnimatable(state) else { return nil }
        guard case .whole = subPath else { return subPath.value(in: whole) }
        return whole
    }

    /// Stores an arbitrary value (KVC); false for a value of the wrong type.
    func setValue(_ value: Any?, in state: inout LayerState) -> Bool {
        guard case .whole = subPath else {
            guard let leaf = subPath.leaf(coercing: value) else { return false }
            return setAnimatableValue(leaf, in: &state)
        }
        return property.assign(&state, value)
    }

    /// Stores an interpolated value; false when the path cannot hold it.
    func setAnimatableValue(_ value: AnimatableValue, in state: inout LayerState) -> Bool {
        guard case .whole = subPath else {
            guard let whole = property.readAnimatable(state),
                  let updated = subPath.replacing(in: whole, with: value) else { return false }
            return property.assignAnimatable(&state, updated)
        }
        return property.assignAnimatable(&state, value)
    }
}

/// The properties a layer class responds to: its own declarations after its superclass's.
package final class LayerPropertyTable: @unchecked Sendable {
    /// Every property, the superclass's first.
    public let properties: [LayerProperty]
    private let indexByName: [String: Int]
    private let indexByKeyPath: [AnyKeyPath: Int]
    /// The names whose changes animate implicitly.
    public let implicitlyAnimatedKeys: Set<String>

    init(inheriting parent: LayerPropertyTable? = nil, _ declared: [LayerProperty]) {
        let all = (parent?.properties ?? []) + declared
        properties = all
        indexByName = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })
        indexByKeyPath = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.stateKeyPath, $0) })
        implicitlyAnimatedKeys = Set(all.filter(\.animatesImplicitly).map(\.name))
    }

    /// The property named `name`.
    public func property(named name: String) -> LayerProperty? {
        indexByName[name].map { properties[$0] }
    }

    /// The property stored at `keyPath` in `LayerState`.
    func property(storedAt keyPath: AnyKeyPath) -> LayerProperty? {
        indexByKeyPath[keyPath].map { properties[$0] }
    }

    /// Resolves a KVC key path; nil when its first component is not a property or the rest is
    /// not a sub-path of the property's value.
    public func resolve(_ keyPath: String) -> ResolvedPropertyPath? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let root = parts.first, let property = property(named: String(root)),
              let subPath = PropertySubPath(parts.dropFirst(), of: property.shape) else { return nil }
        return ResolvedPropertyPath(property: property, subPath: subPath)
    }
}
