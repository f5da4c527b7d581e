import Foundation

/// One attached animation as the presentation pass reads it every frame: its resolved timing,
/// whether it drops out once ended, and its compiled evaluation, copied out of the
/// `AttachedAnimation` into an array the layer keeps next to its entries.
///
/// Why a copy: every animated layer evaluates its animations every frame, and for a tree of
/// small layers the frame's cost is dominated by fetching each animation's data from memory,
/// one dependent load after another (layer, entry, compiled track, path tables). The layer's
/// records sit end to end in one buffer, so its animations' timing and flags arrive together and
/// the `AttachedAnimation` objects are not touched at all for compiled animations. Basic tracks
/// of numbers, points and sizes and paced paths are held inline (`CompiledEvaluation`,
/// `PacedPathFrame`), so neither is a separate object to fetch (or to retain: a paced path
/// refers to its track's measured path without owning it, which is safe because the record
/// owns the entry that owns the track).
///
/// The records hold only what cannot change while the entry is attached in the same state: the
/// layer rebuilds them whenever its entries, a pending begin time or a stop flag change
/// (`CALayer.refreshPresentationEntries()`), so they always say what the entries say.
struct PresentationEntry {
    // Laid out for the frame's reads: the clock and the flag first, the evaluation right after
    // (a basic track's values start beside the clock), then a paced path, the attached
    // animation last. At most three cache lines, where the timing parameters and larger tracks
    // took four (`PresentationEntryLayoutTests`). (Holding the paced path as a case of the
    // evaluation would make two, but measured 2× slower for paced paths, for reasons not found.)
    /// The animation's timing (`AttachedAnimation.timing`), with its active duration resolved.
    let clock: SamplingClock
    /// Whether the animation contributes nothing once its active period has ended
    /// (`isRemovedOnCompletion`).
    let isRemovedOnCompletion: Bool
    /// Whether `pacedPath` is set, on the first cache line: testing the paced path itself reads
    /// the record's last line, which no other kind of record needs.
    let hasPacedPath: Bool
    /// The animation's compiled evaluation, when it has one and it is not `pacedPath`.
    let evaluation: CompiledEvaluation?
    /// A paced path's evaluation as a value (`PathTrack.pacedFrame`), held apart from
    /// `evaluation`.
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
            records.append(PresentationEntry(clock: entry.timing.clock, isRemovedOnCompletion: entry.isRemovedOnCompletion,
                                             hasPacedPath: pacedPath != nil, evaluation: evaluation, pacedPath: pacedPath,
                                             entry: entry))
        }
        return records
    }
}

extension PresentationEntry {
    /// The parts of the state `records` write, each once, when every record is compiled (has a
    /// `CompiledEvaluation`); nil when one evaluates itself, as it may write
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
    /// Whether the values are `Float`s (else `CGFloat`s, whatever their grouping).
    let holdsFloats: Bool

    init(_ slot: StateSlot) {
        offset = slot.offset
        byteCount = slot.byteCount
        holdsFloats = slot.kind == .float
    }

    /// Whether every number in the span of the state at `base` is finite.
    func isFinite(in base: UnsafeRawPointer) -> Bool {
        // x − x is 0 for a finite x and NaN otherwise, so the sum is 0 exactly when all are.
        var spread = 0.0
        if holdsFloats {
            for index in 0..<byteCount / MemoryLayout<Float>.stride {
                let x = base.load(fromByteOffset: offset + index * MemoryLayout<Float>.stride, as: Float.self)
                spread += Double(x - x)
            }
        } else {
            for index in 0..<byteCount / MemoryLayout<CGFloat>.stride {
                let x = base.load(fromByteOffset: offset + index * MemoryLayout<CGFloat>.stride, as: CGFloat.self)
                spread += Double(x - x)
            }
        }
        return spread == 0
    }
}

/// A layer's per-frame records and the spans they write, in memory the layer owns outright and
/// the presentation pass reads through plain pointers.
///
/// Why not arrays: reading an array held by the layer retains and releases its buffer, and each
/// of those atomic operations waits until the processor's pending stores are done. Evaluation
/// reads the records right after restoring the spans of the layer's presentation box, stores
/// that usually miss the cache, so a retain there stalled until they completed (measured: a
/// fifth of an animated layer's time in `swift_retain`). Plain pointers let the stores complete
/// while evaluation goes on.
struct PresentationRecords: ~Copyable {
    /// The records, in application order.
    let records: UnsafeBufferPointer<PresentationEntry>
    /// What they write, each span once; nil when a record is not compiled.
    let writes: UnsafeBufferPointer<StateSpan>?

    /// No records (and so nothing written).
    init() {
        records = UnsafeBufferPointer(start: nil, count: 0)
        writes = UnsafeBufferPointer(start: nil, count: 0)
    }

    init(_ records: ContiguousArray<PresentationEntry>, writes: ContiguousArray<StateSpan>?) {
        self.records = Self.copy(records)
        self.writes = writes.map(Self.copy)
    }

    private static func copy<Element>(_ elements: ContiguousArray<Element>) -> UnsafeBufferPointer<Element> {
        guard !elements.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    deinit {
        if let base = records.baseAddress {
            let start = UnsafeMutablePointer(mutating: base)
            start.deinitialize(count: records.count)
            start.deallocate()
        }
        // Spans are plain values: nothing to deinitialize.
        if let base = writes?.baseAddress { UnsafeMutablePointer(mutating: base).deallocate() }
    }
}
