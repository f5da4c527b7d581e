import Foundation
import CARenderGeometry
import CARenderPixels

/// The value types a compiled track evaluates in, one per kind of `StateSlot`: numbers (as
/// `Double`, whatever the stored type, and numbers inside transforms), points, sizes, rectangles
/// and transforms. A track of one of these
/// keeps its endpoints as plain values and reads and writes the presentation state in place,
/// so a frame builds no `AnimatableValue` and calls no coding closure.
///
/// The arithmetic is `AnimatableValue`'s for the same kind, operation for operation (each
/// component blended or summed in `Double`), so a compiled track gives bit-identical results
/// to the general evaluation it replaces.
protocol SlotValue {
    /// The value of an animation's converted value, when it is of this kind.
    init?(_ value: AnimatableValue)
    /// Whether a slot of `kind` stores this kind of value.
    static func isStored(in kind: StateSlot.Kind) -> Bool
    /// The value at `slot` in `state` (a slot for which `isStored(in:)` holds).
    static func read(_ slot: StateSlot, in state: LayerState) -> Self
    /// The value at `slot` in the `LayerState` at `base`.
    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> Self
    /// Stores the value at `slot` in `state`.
    func write(to slot: StateSlot, in state: inout LayerState)
    /// `a` blended towards `b` by `p`, as `AnimatableValue.interpolate`.
    static func interpolate(_ a: Self, _ b: Self, _ p: Double) -> Self
    /// `a + b`, as `AnimatableValue.add`.
    static func add(_ a: Self, _ b: Self) -> Self
    /// `a − b`, as `AnimatableValue.subtract`.
    static func subtract(_ a: Self, _ b: Self) -> Self
}

extension SlotValue {
    /// `n` copies summed (`n × v`), as `AnimatableValue.repeated`: nil for `n ≤ 0`.
    func repeated(_ n: Int) -> Self? {
        guard n > 0 else { return nil }
        var total = self
        for _ in 1..<n { total = Self.add(total, self) }
        return total
    }

    /// Stores this frame's value of a property animation at `slot`, finished as
    /// CAPropertyAnimation describes: `completedCycles` copies of `cycleEnd` added first when the
    /// animation is cumulative (`cycleEnd` nil when it is not), then the value already below
    /// added when it is additive. Every compiled track ends with this, so they cannot drift.
    @inline(__always)
    func store(cumulating cycleEnd: Self?, completedCycles: Int, additive: Bool,
               to slot: StateSlot, in accumulator: inout PresentationAccumulator) {
        var value = self
        if let total = cycleEnd?.repeated(completedCycles) { value = Self.add(total, value) }
        if additive { value = Self.add(Self.read(slot, in: accumulator.state), value) }
        value.write(to: slot, in: &accumulator.state)
    }
}

/// The blend and the signed sum of two components, in `Double` (`AnimatableValue`'s `mix` and
/// `combine`).
@inline(__always) private func mix(_ x: Double, _ y: Double, _ p: Double) -> Double { x + (y - x) * p }
@inline(__always) private func mix(_ x: CGFloat, _ y: CGFloat, _ p: Double) -> CGFloat { CGFloat(mix(Double(x), Double(y), p)) }
@inline(__always) private func combine(_ x: CGFloat, _ y: CGFloat, _ s: Double) -> CGFloat { CGFloat(Double(x) + s * Double(y)) }

extension Double: SlotValue {
    init?(_ value: AnimatableValue) {
        guard case .number(let v, _) = value else { return nil }
        self = v
    }

    /// Numbers are stored as `CGFloat` or `Float`, or inside a transform (`TransformField`:
    /// decomposed to read, recomposed to write, as the key path's coding does).
    static func isStored(in kind: StateSlot.Kind) -> Bool {
        switch kind {
        case .cgFloat, .float, .transformField: return true
        case .point, .size, .rect, .transform: return false
        }
    }

    static func read(_ slot: StateSlot, in state: LayerState) -> Double {
        withUnsafeBytes(of: state) { read(slot, at: $0.baseAddress!) }
    }

    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> Double {
        switch slot.kind {
        case .float: return Double(base.load(fromByteOffset: slot.offset, as: Float.self))
        case .transformField(let field):
            return Double(field.value(in: base.load(fromByteOffset: slot.offset, as: CATransform3D.self)))
        default: return Double(base.load(fromByteOffset: slot.offset, as: CGFloat.self))
        }
    }

    func write(to slot: StateSlot, in state: inout LayerState) {
        withUnsafeMutableBytes(of: &state) { bytes in
            switch slot.kind {
            case .float: bytes.storeBytes(of: Float(self), toByteOffset: slot.offset, as: Float.self)
            case .transformField(let field):
                let t = bytes.load(fromByteOffset: slot.offset, as: CATransform3D.self)
                bytes.storeBytes(of: field.replacing(in: t, with: CGFloat(self)), toByteOffset: slot.offset, as: CATransform3D.self)
            default: bytes.storeBytes(of: CGFloat(self), toByteOffset: slot.offset, as: CGFloat.self)
            }
        }
    }

    static func interpolate(_ a: Double, _ b: Double, _ p: Double) -> Double { mix(a, b, p) }
    static func add(_ a: Double, _ b: Double) -> Double { a + 1 * b }
    static func subtract(_ a: Double, _ b: Double) -> Double { a + -1 * b }
}

extension CGPoint: SlotValue {
    init?(_ value: AnimatableValue) {
        guard case .point(let p) = value else { return nil }
        self = p
    }

    static func isStored(in kind: StateSlot.Kind) -> Bool { kind == .point }

    static func read(_ slot: StateSlot, in state: LayerState) -> CGPoint {
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: slot.offset, as: CGPoint.self) }
    }

    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> CGPoint {
        base.load(fromByteOffset: slot.offset, as: CGPoint.self)
    }

    func write(to slot: StateSlot, in state: inout LayerState) {
        withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: self, toByteOffset: slot.offset, as: CGPoint.self) }
    }

    static func interpolate(_ a: CGPoint, _ b: CGPoint, _ p: Double) -> CGPoint {
        CGPoint(x: mix(a.x, b.x, p), y: mix(a.y, b.y, p))
    }

    static func add(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: combine(a.x, b.x, 1), y: combine(a.y, b.y, 1)) }
    static func subtract(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: combine(a.x, b.x, -1), y: combine(a.y, b.y, -1)) }
}

extension CGSize: SlotValue {
    init?(_ value: AnimatableValue) {
        guard case .size(let s) = value else { return nil }
        self = s
    }

    static func isStored(in kind: StateSlot.Kind) -> Bool { kind == .size }

    static func read(_ slot: StateSlot, in state: LayerState) -> CGSize {
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: slot.offset, as: CGSize.self) }
    }

    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> CGSize {
        base.load(fromByteOffset: slot.offset, as: CGSize.self)
    }

    func write(to slot: StateSlot, in state: inout LayerState) {
        withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: self, toByteOffset: slot.offset, as: CGSize.self) }
    }

    static func interpolate(_ a: CGSize, _ b: CGSize, _ p: Double) -> CGSize {
        CGSize(width: mix(a.width, b.width, p), height: mix(a.height, b.height, p))
    }

    static func add(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: combine(a.width, b.width, 1), height: combine(a.height, b.height, 1))
    }

    static func subtract(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: combine(a.width, b.width, -1), height: combine(a.height, b.height, -1))
    }
}

extension CGRect: SlotValue {
    init?(_ value: AnimatableValue) {
        guard case .rect(let r) = value else { return nil }
        self = r
    }

    static func isStored(in kind: StateSlot.Kind) -> Bool { kind == .rect }

    static func read(_ slot: StateSlot, in state: LayerState) -> CGRect {
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: slot.offset, as: CGRect.self) }
    }

    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> CGRect {
        base.load(fromByteOffset: slot.offset, as: CGRect.self)
    }

    func write(to slot: StateSlot, in state: inout LayerState) {
        withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: self, toByteOffset: slot.offset, as: CGRect.self) }
    }

    static func interpolate(_ a: CGRect, _ b: CGRect, _ p: Double) -> CGRect {
        CGRect(x: mix(a.origin.x, b.origin.x, p), y: mix(a.origin.y, b.origin.y, p),
               width: mix(a.size.width, b.size.width, p), height: mix(a.size.height, b.size.height, p))
    }

    static func add(_ a: CGRect, _ b: CGRect) -> CGRect { combined(a, b, 1) }
    static func subtract(_ a: CGRect, _ b: CGRect) -> CGRect { combined(a, b, -1) }

    private static func combined(_ a: CGRect, _ b: CGRect, _ s: Double) -> CGRect {
        CGRect(x: combine(a.origin.x, b.origin.x, s), y: combine(a.origin.y, b.origin.y, s),
               width: combine(a.size.width, b.size.width, s), height: combine(a.size.height, b.size.height, s))
    }
}

extension CATransform3D: SlotValue {
    init?(_ value: AnimatableValue) {
        guard case .transform(let t) = value else { return nil }
        self = t
    }

    static func isStored(in kind: StateSlot.Kind) -> Bool { kind == .transform }

    static func read(_ slot: StateSlot, in state: LayerState) -> CATransform3D {
        withUnsafeBytes(of: state) { $0.load(fromByteOffset: slot.offset, as: CATransform3D.self) }
    }

    static func read(_ slot: StateSlot, at base: UnsafeRawPointer) -> CATransform3D {
        base.load(fromByteOffset: slot.offset, as: CATransform3D.self)
    }

    func write(to slot: StateSlot, in state: inout LayerState) {
        withUnsafeMutableBytes(of: &state) { $0.storeBytes(of: self, toByteOffset: slot.offset, as: CATransform3D.self) }
    }

    /// Decomposed, blended part by part (`interpolateTransform`), as `AnimatableValue`.
    static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ p: Double) -> CATransform3D {
        interpolateTransform(a, b, p)
    }

    /// `a` then `b` (`CATransform3DConcat(a, b)`), as `AnimatableValue.add`.
    static func add(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { CATransform3DConcat(a, b) }
    static func subtract(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        CATransform3DConcat(a, CATransform3DInvert(b))
    }
}
