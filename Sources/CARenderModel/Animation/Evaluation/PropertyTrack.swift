import Foundation
import CARenderPixels
/// A property animation's key path resolved once, when the animation is added to a layer, against
/// the layer class's property table: every frame it reads the model value and writes the
/// presentation value through typed accessors, touching no strings.
///
/// A whole property of a fixed-size numeric type (opacity, position, bounds, transform, ...)
/// is read and written in place through its `StateSlot`; sub-paths ("position.x",
/// "transform.rotation.z") and other values go through the property's coding. The track is
/// small (one reference) so that handing it to each frame's evaluation costs one retain.
struct PropertyTrack {
    /// The property and the sub-path inside it.
    let path: ResolvedPropertyPath
    /// Whether the track animates `contents` itself, whose images cross-dissolve.
    let isContents: Bool
    /// The property's slot when the track animates the whole property and it has one.
    let slot: StateSlot?

    /// The slot of the sub-path's field when the track animates a field of a point, size or
    /// rectangle property with a slot (`position.x`, `shadowOffset.height`,
    /// `bounds.size.width`, `bounds.origin`), or a number inside a transform
    /// (`transform.rotation.z`, `transform.scale`): the field is stored in place like a property
    /// of its own. The whole property's `slot` is nil then.
    let fieldSlot: StateSlot?

    init(_ path: ResolvedPropertyPath) {
        self.path = path
        isContents = path.property.name == "contents" && path.subPath == .whole
        slot = path.subPath == .whole ? path.property.slot : nil
        fieldSlot = path.property.slot.flatMap { Self.fieldSlot(path.subPath, of: $0) }
    }

    /// The slot of `subPath`'s field inside a property stored at `slot`, when the field is a
    /// number, point or size stored in place (CGPoint, CGSize and CGRect are laid out as their
    /// CGFloat fields in order) or a number inside a transform (`TransformField`).
    static func fieldSlot(_ subPath: PropertySubPath, of slot: StateSlot) -> StateSlot? {
        let width = MemoryLayout<CGFloat>.stride
        switch (subPath, slot.kind) {
        case (.pointField(let i), .point), (.sizeField(let i), .size), (.rectOrigin(let i?), .rect):
            return StateSlot(kind: .cgFloat, offset: slot.offset + i * width)
        case (.rectSize(let i?), .rect):
            return StateSlot(kind: .cgFloat, offset: slot.offset + (2 + i) * width)
        case (.rectOrigin(nil), .rect):
            return StateSlot(kind: .point, offset: slot.offset)
        case (.rectSize(nil), .rect):
            return StateSlot(kind: .size, offset: slot.offset + 2 * width)
        case (_, .transform):
            return TransformField(subPath).map { StateSlot(kind: .transformField($0), offset: slot.offset) }
        default:
            return nil
        }
    }

    /// The value at the track's key path in `state`.
    func value(in state: LayerState) -> AnimatableValue? {
        if let slot { return slot.value(in: state) }
        return path.animatableValue(in: state)
    }

    /// Stores `value` at the track's key path; false when the property cannot hold it.
    func write(_ value: AnimatableValue, into state: inout LayerState) -> Bool {
        if let slot, slot.store(value, in: &state) { return true }
        return path.setAnimatableValue(value, in: &state)
    }
}
