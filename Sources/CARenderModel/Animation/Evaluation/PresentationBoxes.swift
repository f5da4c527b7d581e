/// The boxes an animated layer hands its presentation values to the compositor in, reused
/// once the frames that drew them are gone (two: a frame's tree may still be alive while the
/// next is built), so an animated layer allocates nothing once warm.
///
/// Refilling a box from the committed values would copy the whole `LayerState` (~1.3 KB),
/// retaining every reference it holds, and release the previous frame's values: for a layer
/// whose animations are all compiled, that copy is most of the frame's work. But such
/// animations write only plain values at known places (`StateSpan`s), so a box that was filled
/// from the same committed values and records (the layer's `presentationGeneration`) still
/// holds them everywhere else: only those spans are restored from the committed values before
/// the animations write them again. The values are the same as a fresh copy's, byte for byte.
struct PresentationBoxes {
    private var first: LayerStateBox?
    private var second: LayerStateBox?
    /// The generation whose committed values each box holds outside the written spans; 0 when
    /// it holds something else (values an animation wrote anywhere, or model values).
    private var firstGeneration: UInt64 = 0
    private var secondGeneration: UInt64 = 0

    /// A box no frame draws from any more, and the generation it holds (nil: a new box).
    mutating func reusable() -> (box: LayerStateBox, generation: UInt64)? {
        if isKnownUniquelyReferenced(&first) { return (first!, firstGeneration) }
        if isKnownUniquelyReferenced(&second) { return (second!, secondGeneration) }
        return nil
    }

    /// Records that `box` now holds `generation`'s committed values outside the written spans
    /// (0: not known), keeping it for reuse if it is new (in place of the second box when both
    /// are still drawn from, as a caller may keep one frame's tree for long).
    mutating func record(_ box: LayerStateBox, generation: UInt64) {
        if first === box {
            firstGeneration = generation
        } else if second === box || first != nil {
            (second, secondGeneration) = (box, generation)
        } else {
            (first, firstGeneration) = (box, generation)
        }
    }
}

extension CALayer {
    /// This frame's presentation values of a layer something animates, finished (`contentsAreFlipped`
    /// as its place in the tree says, redrawn for animated keys of its own) in a box for its
    /// render node, and the transition running on it.
    final func animatedRenderState(localTime: Double, rate: Double, flippedAbove: Bool) -> (LayerStateBox, TransitionState?) {
        // Only committed values are known not to change behind the generation's back.
        let generation = hasBeenCommitted && presentationWrites != nil ? presentationGeneration : 0
        let box: LayerStateBox
        if let (reused, held) = presentationBoxes.reusable() {
            box = reused
            withModelValues { model in
                let start = model.assumingMemoryBound(to: LayerState.self)
                if generation != 0, held == generation, let spans = presentationWrites {
                    // Everything but what the animations write is already the committed values.
                    let destination = UnsafeMutableRawPointer(box.pointer)
                    spans.withUnsafeBufferPointer { spans in
                        for span in spans {
                            (destination + span.offset).copyMemory(from: model + span.offset, byteCount: span.byteCount)
                        }
                    }
                } else {
                    box.pointer.update(from: start, count: 1)
                }
            }
        } else {
            box = withModelValues { LayerStateBox($0.assumingMemoryBound(to: LayerState.self).pointee) }
        }
        let (transition, customValues) = applyAnimations(localTime: localTime, rate: rate, to: box.pointer)
        if !customValues.isEmpty { redrawForAnimatedCustomKeys(customValues, into: &box.pointer.pointee) }
        box.pointer.pointee.contentsAreFlipped = flippedAbove
        // New values: the render node checks them for drawing again.
        box.isCheckedForDrawing = false
        presentationBoxes.record(box, generation: generation)
        return (box, transition)
    }
}
