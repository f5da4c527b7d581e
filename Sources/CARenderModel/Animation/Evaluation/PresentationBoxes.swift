import CMemoryHints

/// The boxes an animated layer hands its presentation values to the compositor in, reused
/// once the frames that drew them are gone, so an animated layer allocates nothing once warm.
///
/// The layer owns its boxes; a frame reads one without retaining it. The stage's frame
/// (`CALayer.buildFrame(into:at:)`) is built, drawn and cleared in one call, before the layer is
/// evaluated again, so the layer hands it the same box frame after frame, and building and
/// clearing the frame does no reference counting for it. A value tree
/// (`CALayer.renderNode(at:borrowingCommittedValues:)`) retains the box its node reads, and may
/// be kept for long: while it does, the layer writes its next values into its other box (or a
/// new one), never into a box something else holds.
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

    /// The box for this frame's values, not retained (the layer keeps it): one nothing else holds
    /// any more, with the generation it held, else a new one from `make` (held: nil), kept in
    /// place of the second box when both are held elsewhere (a caller may keep a value tree for
    /// long). Records that the box will hold `generation`'s committed values outside the written
    /// spans (0: not known).
    ///
    /// No reference counting once warm: the boxes are tested and handed out in place.
    @inline(__always)
    mutating func next(generation: UInt64, make: () -> LayerStateBox) -> (box: Unmanaged<LayerStateBox>, held: UInt64?) {
        if isKnownUniquelyReferenced(&first) {
            defer { firstGeneration = generation }
            return (Self.unretained(first), firstGeneration)
        }
        if isKnownUniquelyReferenced(&second) {
            defer { secondGeneration = generation }
            return (Self.unretained(second), secondGeneration)
        }
        let box = make()
        if first == nil {
            (first, firstGeneration) = (box, generation)
        } else {
            (second, secondGeneration) = (box, generation)
        }
        return (Unmanaged.passUnretained(box), nil)
    }

    /// A present box, not retained.
    @inline(__always)
    private static func unretained(_ box: borrowing LayerStateBox?) -> Unmanaged<LayerStateBox> {
        Unmanaged.passUnretained(box.unsafelyUnwrapped)
    }
}

extension CALayer {
    /// This frame's presentation values of a layer something animates, finished (`contentsAreFlipped`
    /// as its place in the tree says, redrawn for animated keys of its own) in one of the layer's
    /// boxes (`PresentationBoxes`), handed out unretained, and the transition running on it. The
    /// box is the layer's: a caller that keeps the values past the layer's next evaluation
    /// retains it (a value tree's node does); the stage's frame, cleared before then, does not.
    final func animatedRenderState(localTime: Double, rate: Double, flippedAbove: Bool) -> (Unmanaged<LayerStateBox>, TransitionState?) {
        // The records and the spans, fetched while the box is found (see `prefetchRecords()`).
        prefetchRecords()
        // Only committed values are known not to change behind the generation's back.
        let spans = presentationWrites
        let generation = hasBeenCommitted && spans != nil ? presentationGeneration : 0
        // The box, and the generation a reused box holds (nil: a new box, filled with the
        // values here). No reference counting: a retain or release waits for pending stores,
        // which usually miss the cache here (see `PresentationRecords`).
        let (unmanagedBox, held) = presentationBoxes.next(generation: generation) {
            withModelValues { LayerStateBox($0.assumingMemoryBound(to: LayerState.self).pointee) }
        }
        let values = unmanagedBox._withUnsafeGuaranteedRef { $0.pointer }
        // The objects the records' evaluations read, fetched while the box is refilled.
        prefetchEvaluations()
        // Whether only the spans are restored (the rest is the committed values as before).
        var onlySpans = false
        if let held {
            withModelValues { model in
                if generation != 0, held == generation, let spans {
                    // Everything but what the animations write is already the committed values.
                    let destination = UnsafeMutableRawPointer(values)
                    for span in spans {
                        (destination + span.offset).copyMemory(from: model + span.offset, byteCount: span.byteCount)
                    }
                    onlySpans = true
                } else {
                    values.update(from: model.assumingMemoryBound(to: LayerState.self), count: 1)
                }
            }
        }
        let (transition, customValues) = applyAnimations(localTime: localTime, rate: rate, to: values)
        if let customValues, !customValues.isEmpty { redrawForAnimatedCustomKeys(customValues, into: &values.pointee) }
        values.pointee.contentsAreFlipped = flippedAbove
        // New values: the frame checks them for drawing again (`RenderFrame.checkForDrawing`),
        // unless the box passed that check last time and only the spans changed since, to
        // finite numbers. The check reads some ten cache lines of the state for geometry that is
        // not finite (which it hides) and for settings that are not drawn; outside the spans the
        // values are the ones it passed (the same committed values), the settings are not
        // plain numbers (never in a span), and finite spans cannot make the geometry fail.
        if onlySpans, LayerStateBox.isCheckedForDrawing(values: values), let spans {
            let base = UnsafeRawPointer(values)
            var finite = true
            for span in spans where !span.isFinite(in: base) { finite = false }
            LayerStateBox.setCheckedForDrawing(finite, values: values)
        } else {
            LayerStateBox.setCheckedForDrawing(false, values: values)
        }
        return (unmanagedBox, transition)
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
