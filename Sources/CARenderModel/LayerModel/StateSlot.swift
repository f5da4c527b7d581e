import Foundation
import CARenderPixels
import CARenderGeometry

/// Where a property of a fixed-size numeric type (a number, a point, a size, a rectangle, a 3D
/// transform) is stored in `LayerState`, so that an animation track reads and writes it in place:
/// a load or a store at a byte offset, with no closure call, key-path interpretation or copy of
/// the state. Each property gets its slot from its declaration (its coding says which kind of
/// value it holds, its key path where it sits); a property stored behind a computed component,
/// or of another type, has none and goes through its coding.
///
/// Reading gives exactly what the property's coding gives (numbers as `CGFloat`-kind numbers);
/// storing accepts exactly the values the coding's typed case accepts, and declines anything
/// else so that the caller falls back to the coding's general coercion.
struct StateSlot {
    /// The Swift type stored at the offset.
    enum Kind: Equatable {
        case cgFloat, float, point, size, rect, transform
        /// A number inside the transform stored at the offset (`transform.rotation.z`): a field
        /// of a property rather than a property, which animation tracks read and write in place
        /// like one (`PropertyTrack.fieldSlot`).
        case transformField(TransformField)
    }

    /// The field's byte offset in `LayerState` (`MemoryLayout.offset(of:)`), in 32 bits: with
    /// the kind the slot fits in one word, so the compiled tracks that hold one (one per
    /// animation, in every animated layer's per-frame records) stay small.
    private let storedOffset: UInt32
    let kind: Kind

    /// The field's byte offset in `LayerState`.
    var offset: Int { Int(storedOffset) }

    init(kind: Kind, offset: Int) {
        self.kind = kind
        storedOffset = UInt32(offset)
    }

    /// How many bytes the stored value takes (a transform field's whole transform).
    var byteCount: Int {
        switch kind {
        case .cgFloat: return MemoryLayout<CGFloat>.size
        case .float: return MemoryLayout<Float>.size
        case .point: return MemoryLayout<CGPoint>.size
        case .size: return MemoryLayout<CGSize>.size
        case .rect: return MemoryLayout<CGRect>.size
        case .transform, .transformField: return MemoryLayout<CATransform3D>.size
        }
    }

    /// The layer's `transform`, which a path animation with a rotation mode turns.
    static let transform = StateSlot(kind: .transform, offset: MemoryLayout<LayerState>.offset(of: \.transform)!)

    /// The value at the slot in `state`, as the property's coding reads it.
    func value(in state: LayerState) -> AnimatableValue {
        withUnsafeBytes(of: state) { bytes in
            switch kind {
            case .cgFloat: return .number(Double(bytes.load(fromByteOffset: offset, as: CGFloat.self)), .cgFloat)
            case .float: return .number(Double(bytes.load(fromByteOffset: offset, as: Float.self)), .cgFloat)
            case .point: return .point(bytes.load(fromByteOffset: offset, as: CGPoint.self))
            case .size: return .size(bytes.load(fromByteOffset: offset, as: CGSize.self))
            case .rect: return .rect(bytes.load(fromByteOffset: offset, as: CGRect.self))
            case .transform: return .transform(bytes.load(fromByteOffset: offset, as: CATransform3D.self))
            case .transformField(let field):
                return .number(Double(field.value(in: bytes.load(fromByteOffset: offset, as: CATransform3D.self))), .cgFloat)
            }
        }
    }

    /// Stores `value` at the slot when it is the slot's own kind of value; false (and nothing
    /// changed) otherwise.
    func store(_ value: AnimatableValue, in state: inout LayerState) -> Bool {
        withUnsafeMutableBytes(of: &state) { bytes in
            switch (kind, value) {
            case (.cgFloat, .number(let v, _)): bytes.storeBytes(of: CGFloat(v), toByteOffset: offset, as: CGFloat.self)
            case (.float, .number(let v, _)): bytes.storeBytes(of: Float(v), toByteOffset: offset, as: Float.self)
            case (.point, .point(let p)): bytes.storeBytes(of: p, toByteOffset: offset, as: CGPoint.self)
            case (.size, .size(let s)): bytes.storeBytes(of: s, toByteOffset: offset, as: CGSize.self)
            case (.rect, .rect(let r)): bytes.storeBytes(of: r, toByteOffset: offset, as: CGRect.self)
            case (.transform, .transform(let t)): bytes.storeBytes(of: t, toByteOffset: offset, as: CATransform3D.self)
            case (.transformField(let field), .number(let v, _)):
                let t = bytes.load(fromByteOffset: offset, as: CATransform3D.self)
                bytes.storeBytes(of: field.replacing(in: t, with: CGFloat(v)), toByteOffset: offset, as: CATransform3D.self)
            default: return false
            }
            return true
        }
    }
}
