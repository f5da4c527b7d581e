import Foundation
import CARenderPixels
import CARenderGeometry

// How a layer property is declared: once, as a `LayerPropertyKey` in its class's `Keys` struct.
// Everything else is derived from that declaration and checked by the compiler — the accessor
// (`self[key]`: the key's value type is the accessor's), the storage (the key names its field of
// `LayerState`, whose initial value is Apple's default), key-value coding (`value(forKeyPath:)`
// and `setValue(_:forKeyPath:)`, struct sub-paths such as "position.x" and the `transform.*`
// virtual paths included), the action hook's event name, the set of implicitly animated keys,
// the typed track an animation of it evaluates every frame (in place, through a `StateSlot`, for
// fixed-size numeric values), copying (a layer's values are one `LayerState` value) and the
// benchmark scene loader.
//
// ## Declaring a property of a new layer class
//
// A subclass keeps its own values in its own state struct, held as one field of `LayerState` (so
// the committed, presentation and render copies carry it to the compositor), declares its keys
// in a `Keys` struct, and registers a table that extends its superclass's:
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
//
//     /// CAShapeLayer's properties, each declared once.
//     package struct Keys: Sendable {
//         let strokeEnd = LayerPropertyKey("strokeEnd", \.shape.strokeEnd, .number, animatesImplicitly: true)
//     }
//     package static let shapeKeys = Keys()
//     package override class var propertyTable: LayerPropertyTable { shapeTable }
//     private static let shapeTable = LayerPropertyTable(inheriting: CALayer.propertyTable, declaring: shapeKeys)
//
//     /// The relative location at which to stop stroking the path.
//     open var strokeEnd: CGFloat {
//         get { self[Self.shapeKeys.strokeEnd] }
//         set { self[Self.shapeKeys.strokeEnd] = newValue }
//     }
// }
// ```
//
// That one key makes `layer.strokeEnd`, `layer.value(forKey: "strokeEnd")`,
// `setValue(_:forKeyPath:)`, the implicit animation on a change, `CABasicAnimation(keyPath:
// "strokeEnd")` and its per-frame evaluation work; the compositor reads `state.shape.strokeEnd`
// from the render node. (The per-class names — `shapeKeys`, `shapeTable` — differ because a
// static stored property cannot be redeclared in a subclass.)

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

/// One layer property as the registry and key-value coding see it, whatever its value type:
/// its KVC name, whether a change animates implicitly, and its operations on `LayerState` in
/// terms of untyped and interpolatable values. Each property is a `LayerPropertyKey<Value>`, the
/// typed declaration; this class is what tables, key paths and animation tracks hold. Immutable;
/// a class so that tracks share it (copying a track retains one object, not every operation).
// @unchecked Sendable: every stored property is a `let`; the compiler cannot check a non-final
// class, nor `AnyKeyPath` (not Sendable in this toolchain).
package class LayerProperty: @unchecked Sendable {
    /// The key-value-coding name, Apple's (`hidden`, not `isHidden`).
    package let name: String
    /// Whether a change runs Core Animation's implicit animation ("Animatable" in Apple's
    /// headers, and listed in the Core Animation Programming Guide's table of animatable
    /// properties).
    package let animatesImplicitly: Bool
    /// Whether explicit animations can animate it. The layer's own timing (`CAMediaTiming`:
    /// `speed`, `timeOffset`, ...) is key-value coded but is not in the Core Animation
    /// Programming Guide's table of animatable properties: an animation of it has no effect.
    package let isAnimatable: Bool
    /// Which sub-paths the value offers.
    package let shape: PropertyValueShape
    /// The property's field in `LayerState`.
    let stateKeyPath: AnyKeyPath
    /// Where a fixed-size numeric value is stored, for tracks that animate the whole property in
    /// place; nil for other values and for fields behind a computed key-path component.
    let slot: StateSlot?

    fileprivate init(name: String, animatesImplicitly: Bool, isAnimatable: Bool, shape: PropertyValueShape,
                     stateKeyPath: AnyKeyPath, slot: StateSlot?) {
        self.name = name
        self.animatesImplicitly = animatesImplicitly && isAnimatable
        self.isAnimatable = isAnimatable
        self.shape = shape
        self.stateKeyPath = stateKeyPath
        self.slot = slot
    }

    /// The plain value, as KVC reads it.
    func read(_ state: LayerState) -> Any? { fatalError("LayerProperty is abstract: declare a LayerPropertyKey") }
    /// Stores a coerced value; false (and nothing changed) for a value of the wrong type.
    package func assign(_ state: inout LayerState, _ value: Any?) -> Bool { fatalError("abstract") }
    /// The value as animations interpolate it.
    func readAnimatable(_ state: LayerState) -> AnimatableValue? { fatalError("abstract") }
    /// Stores an interpolated value; false when the property cannot hold it.
    func assignAnimatable(_ state: inout LayerState, _ value: AnimatableValue) -> Bool { fatalError("abstract") }
    /// Copies the property from `state` into `layer`'s model through the setter hook (so the
    /// change joins the transaction and runs its action).
    func commit(_ state: LayerState, to layer: CALayer) { fatalError("abstract") }
}

/// A layer property, declared once: its KVC name, its storage (a field of `LayerState`, whose
/// initial value is the default), how values coerce, box and interpolate (`PropertyCoding`), and
/// whether a change animates implicitly. Everything else derives from this declaration: the
/// accessor (`layer[key]`, through the setter hook), the class's `LayerPropertyTable` (key-value
/// coding, sub-paths, implicit animations; see `LayerPropertyDeclarations`), the animation track
/// and its in-place `StateSlot`, and copying (the state is one value).
///
/// The compiler checks the declaration against its parts: the key path must name a field of
/// the key's value type, the coding must code that type, and an accessor of another type than
/// the key's does not compile.
// @unchecked Sendable: immutable, like its superclass; its key path and coding are `let`s of types
// generic over a `Value` that need not be Sendable.
package final class LayerPropertyKey<Value>: LayerProperty, @unchecked Sendable {
    /// The field in `LayerState` that stores the property.
    package let keyPath: WritableKeyPath<LayerState, Value>
    private let coding: PropertyCoding<Value>
    private let field: StateField<Value>

    /// Declares the property `name` stored at `keyPath`, coded by `coding`.
    package init(_ name: String, _ keyPath: WritableKeyPath<LayerState, Value>, _ coding: PropertyCoding<Value>,
                 animatesImplicitly: Bool = false, isAnimatable: Bool = true) {
        self.keyPath = keyPath
        self.coding = coding
        field = StateField(keyPath)
        var slot: StateSlot?
        if let kind = coding.slotKind, let offset = field.offset { slot = StateSlot(kind: kind, offset: offset) }
        super.init(name: name, animatesImplicitly: animatesImplicitly, isAnimatable: isAnimatable, shape: coding.shape,
                   stateKeyPath: keyPath, slot: slot)
    }

    /// The property's value in `state`.
    package func value(in state: LayerState) -> Value { field.get(state) }

    override func read(_ state: LayerState) -> Any? { coding.box(field.get(state)) }

    override package func assign(_ state: inout LayerState, _ value: Any?) -> Bool {
        guard let v = coding.coerce(value) else { return false }
        field.set(&state, v)
        return true
    }

    override func readAnimatable(_ state: LayerState) -> AnimatableValue? { coding.animatable(field.get(state)) }

    override func assignAnimatable(_ state: inout LayerState, _ value: AnimatableValue) -> Bool {
        guard let v = coding.fromAnimatable(value) else { return false }
        field.set(&state, v)
        return true
    }

    override func commit(_ state: LayerState, to layer: CALayer) {
        layer.setModelValue(self, state[keyPath: keyPath])
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
    package let property: LayerProperty
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
///
/// A class's declarations are the stored `LayerPropertyKey` members of one value (its `Keys`
/// struct); the table reads them from that value once, in declaration order, so a key declared
/// there is registered — for key-value coding, sub-paths, implicit animations and animation
/// tracks — with nothing else to list.
// @unchecked Sendable: every stored property is a `let`; only `AnyKeyPath` (its index's key, not
// Sendable in this toolchain) keeps the compiler from checking it.
package final class LayerPropertyTable: @unchecked Sendable {
    /// Every property, the superclass's first.
    package let properties: [LayerProperty]
    private let indexByName: [String: Int]
    private let indexByKeyPath: [AnyKeyPath: Int]
    /// The names whose changes animate implicitly.
    package let implicitlyAnimatedKeys: Set<String>

    /// The table of a class whose own properties are the keys stored in `declarations`, after
    /// `parent`'s.
    init(inheriting parent: LayerPropertyTable? = nil, declaring declarations: some Sendable) {
        // Reading the declarations' members once, when the class's table is first used: the
        // keys are stored properties of a struct, so each one declared is found here.
        let declared = Mirror(reflecting: declarations).children.compactMap { $0.value as? LayerProperty }
        let all = (parent?.properties ?? []) + declared
        properties = all
        var byName: [String: Int] = [:], byKeyPath: [AnyKeyPath: Int] = [:]
        for (index, property) in all.enumerated() {
            // Two declarations of one name or one field would make KVC ambiguous: a programming
            // error in the declarations themselves, caught the first time the table is built.
            precondition(byName.updateValue(index, forKey: property.name) == nil, "layer property '\(property.name)' is declared twice")
            precondition(byKeyPath.updateValue(index, forKey: property.stateKeyPath) == nil, "two layer properties store \(property.stateKeyPath)")
        }
        indexByName = byName
        indexByKeyPath = byKeyPath
        implicitlyAnimatedKeys = Set(all.filter(\.animatesImplicitly).map(\.name))
    }

    /// The property named `name`.
    package func property(named name: String) -> LayerProperty? {
        indexByName[name].map { properties[$0] }
    }

    /// The property stored at `keyPath` in `LayerState`.
    func property(storedAt keyPath: AnyKeyPath) -> LayerProperty? {
        indexByKeyPath[keyPath].map { properties[$0] }
    }

    /// Resolves a KVC key path; nil when its first component is not a property or the rest is
    /// not a sub-path of the property's value.
    package func resolve(_ keyPath: String) -> ResolvedPropertyPath? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard let root = parts.first, let property = property(named: String(root)),
              let subPath = PropertySubPath(parts.dropFirst(), of: property.shape) else { return nil }
        return ResolvedPropertyPath(property: property, subPath: subPath)
    }
}
