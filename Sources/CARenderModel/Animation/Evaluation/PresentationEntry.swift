/// One attached animation as the presentation pass reads it every frame: its resolved timing,
/// whether it drops out once ended, and its compiled evaluation, copied out of the
/// `AttachedAnimation` into an array the layer keeps next to its entries.
///
/// Why a copy: every animated layer evaluates its animations every frame, and for a tree of
/// small layers the frame's cost is dominated by fetching each animation's data from memory,
/// one dependent load after another (layer, entry, compiled track, path tables). The layer's
/// records sit end to end in one buffer, so its animations' timing and flags arrive together and
/// the `AttachedAnimation` objects are not touched at all for compiled animations. Basic tracks
/// and paced paths are held inline (`CompiledEvaluation`, `PacedPathFrame`), so neither is a
/// separate object to fetch (or to retain: a paced path refers to its track's measured path
/// without owning it, which is safe because the record owns the entry that owns the track).
///
/// The records hold only what cannot change while the entry is attached in the same state: the
/// layer rebuilds them whenever its entries, a pending begin time or a stop flag change
/// (`CALayer.refreshPresentationEntries()`), so they always say what the entries say.
struct PresentationEntry {
    /// The animation's timing (`AttachedAnimation.timing`).
    let timing: MediaTimingParameters
    /// Whether the animation contributes nothing once its active period has ended
    /// (`isRemovedOnCompletion`).
    let isRemovedOnCompletion: Bool
    /// The animation's compiled evaluation, when it has one and it is not `pacedPath`.
    let evaluation: CompiledEvaluation?
    /// A paced path animation's evaluation as a value (`PathTrack.pacedFrame`), which the
    /// record holds instead of the track object.
    let pacedPath: PacedPathFrame?
    /// The attached animation, which evaluates itself when it has no compiled evaluation.
    let entry: AttachedAnimation

    /// The records for `entries`, in application order: every entry that can contribute, that
    /// is, whose begin time is resolved and which has not stopped for good (a stopped animation
    /// with `isRemovedOnCompletion` shows nothing even before it is removed).
    static func records(for entries: [AttachedAnimation]) -> ContiguousArray<PresentationEntry> {
        var records = ContiguousArray<PresentationEntry>()
        records.reserveCapacity(entries.count)
        for entry in entries where !entry.beginTimePending && !(entry.isRemovedOnCompletion && entry.didStop) {
            var evaluation = entry.evaluation
            var pacedPath: PacedPathFrame?
            if case .path(let track) = evaluation, let frame = track.object.pacedFrame { (evaluation, pacedPath) = (nil, frame) }
            records.append(PresentationEntry(timing: entry.timing, isRemovedOnCompletion: entry.isRemovedOnCompletion,
                                             evaluation: evaluation, pacedPath: pacedPath, entry: entry))
        }
        return records
    }
}

extension PresentationEntry {
    /// The parts of the state `records` write, each once, when every record is compiled (a
    /// paced path or a `CompiledEvaluation`); nil when one evaluates itself, as it may write
    /// any property.
    static func writtenSpans(of records: ContiguousArray<PresentationEntry>) -> ContiguousArray<StateSpan>? {
        var spans = ContiguousArray<StateSpan>()
        func add(_ slot: StateSlot) {
            let span = StateSpan(slot)
            if !spans.contains(span) { spans.append(span) }
        }
        for record in records {
            if let pacedPath = record.pacedPath {
                add(pacedPath.slot)
            } else if let evaluation = record.evaluation {
                evaluation.forEachWrittenSlot(add)
            } else {
                return nil
            }
        }
        return spans
    }
}

/// A run of bytes in `LayerState` holding a property of plain values (numbers, points, sizes,
/// rectangles, transforms: no references), which an animation's compiled evaluation writes.
struct StateSpan: Equatable {
    let offset: Int
    let byteCount: Int

    init(_ slot: StateSlot) {
        offset = slot.offset
        byteCount = slot.byteCount
    }
}
