import CMemoryHints

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
        // The records and the spans, fetched while the box is found (see `prefetchRecords()`).
        prefetchRecords()
        // Only committed values are known not to change behind the generation's back.
        let spans = presentationWrites
        let generation = hasBeenCommitted && spans != nil ? presentationGeneration : 0
        // Reference counting happens before the box's values are stored, none after: a retain or
        // release waits for pending stores, which usually miss the cache here (see
        // `PresentationRecords`).
        let box: LayerStateBox
        // The generation a reused box holds (nil: a new box, filled with the values here).
        var held: UInt64?
        if let (reused, heldGeneration) = presentationBoxes.reusable() {
            (box, held) = (reused, heldGeneration)
        } else {
            box = withModelValues { LayerStateBox($0.assumingMemoryBound(to: LayerState.self).pointee) }
        }
        presentationBoxes.record(box, generation: generation)
        // The objects the records' evaluations read, fetched while the box is refilled.
        prefetchEvaluations()
        // Whether only the spans are restored (the rest is the committed values as before).
        var onlySpans = false
        if let held {
            withModelValues { model in
                if generation != 0, held == generation, let spans {
                    // Everything but what the animations write is already the committed values.
                    let destination = UnsafeMutableRawPointer(box.pointer)
                    for span in spans {
                        (destination + span.offset).copyMemory(from: model + span.offset, byteCount: span.byteCount)
                    }
                    onlySpans = true
                } else {
                    box.pointer.update(from: model.assumingMemoryBound(to: LayerState.self), count: 1)
                }
            }
        }
        let (transition, customValues) = applyAnimations(localTime: localTime, rate: rate, to: box.pointer)
        if !customValues.isEmpty { redrawForAnimatedCustomKeys(customValues, into: &box.pointer.pointee) }
        box.pointer.pointee.contentsAreFlipped = flippedAbove
        // New values: the render node checks them for drawing again (`RenderNode.checkForDrawing`),
        // unless the box passed that check last time and only the spans changed since, to
        // finite numbers. The check reads some ten cache lines of the state for geometry that is
        // not finite (which it hides) and for settings that are not drawn; outside the spans the
        // values are the ones it passed (the same committed values), the settings are not
        // plain numbers (never in a span), and finite spans cannot make the geometry fail.
        if onlySpans, box.isCheckedForDrawing, let spans {
            let base = UnsafeRawPointer(box.pointer)
            var finite = true
            for span in spans where !span.isFinite(in: base) { finite = false }
            box.isCheckedForDrawing = finite
        } else {
            box.isCheckedForDrawing = false
        }
        return (box, transition)
    }
}

extension CALayer {
    // An animated layer's evaluation reads its data one piece after another (the layer, its
    // records, the objects they refer to), and for a tree of small layers most of its time went
    // to waiting for each piece in turn. These ask for the pieces early, without waiting, so
    // they arrive while other work goes on. They change no value.

    /// Prefetches the layer's records and the spans they write.
    final func prefetchRecords() {
        let records = presentationEntries
        guard let base = records.baseAddress else { return }
        prefetchLines(UnsafeRawPointer(base), records.count * MemoryLayout<PresentationEntry>.stride)
        if let spans = presentationWrites?.baseAddress { cmh_prefetch(UnsafeRawPointer(spans)) }
    }

    /// Prefetches the objects the records' evaluations read (reading a record waits for its
    /// line, but the objects' fetches then overlap with each other and with the refill).
    final func prefetchEvaluations() {
        let records = presentationEntries
        guard let base = records.baseAddress else { return }
        var index = 0
        while index < records.count {
            let record = base + index
            index += 1
            if record.pointee.hasPacedPath {
                record.pointee.pacedPath.unsafelyUnwrapped.prefetch()
            } else {
                record.pointee.evaluation?.prefetch()
            }
        }
    }
}
