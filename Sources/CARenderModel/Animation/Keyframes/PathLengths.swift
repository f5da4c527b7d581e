import Foundation
import CARenderGeometry

/// A measured path's segments and arc-length tables as a paced keyframe animation reads them
/// every frame: plain pointers into one block of memory owned by a `PathLengthStorage`, valid
/// while that storage lives.
///
/// Why one block read through pointers: with many layers moving along paths, a frame's cost is
/// dominated by fetching each path's data from memory. The segments, each segment's length and
/// its table sit together at the start of one allocation, so a lookup touches that block and
/// the one table entry it needs, and a copy of this value (in a layer's `PresentationEntry`)
/// costs no reference counting.
///
/// `tables` is laid out as the flat array it is built from: first, for each segment, its length
/// and where its table starts (`segmentCount × 2` entries); then all segments' length tables end
/// to end: for each segment, the cumulative chord length at evenly spaced parameters, starting
/// at 0 (a line needs one step, a curve `PathKeyframes.lengthTableSteps`).
struct PathLengths {
    let segmentCount: Int
    /// The sum of the segments' lengths.
    let totalLength: Double
    /// The path's segments (`segmentCount` of them).
    let segments: UnsafePointer<PathSegment>
    /// Segment lengths, table starts and tables (see above), `tableCount` entries.
    let tables: UnsafePointer<Double>
    let tableCount: Int

    /// The segment and curve parameter at fraction `s` of the path's length (paced mode).
    func location(atFraction s: Double) -> (segment: Int, u: Double) {
        var remaining = min(max(s, 0), 1) * totalLength
        var k = 0
        let count = segmentCount
        while k < count {
            let length = tables[2 * k]
            if remaining <= length || k == count - 1 {
                return (k, parameter(forDistance: remaining, inTableOf: k))
            }
            remaining -= length
            k += 1
        }
        return (segmentCount - 1, 1)
    }

    /// The curve parameter at which segment `k`'s length table reaches `distance`.
    private func parameter(forDistance distance: Double, inTableOf k: Int) -> Double {
        let total = tables[2 * k], base = Int(tables[2 * k + 1])
        let steps = (k + 1 < segmentCount ? Int(tables[2 * k + 3]) : tableCount) - base - 1
        guard total > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= total { return 1 }
        // The entry is the last one ≤ `distance` (unique: the table never decreases). Tables of
        // the usual curves grow almost evenly, so the search starts where an even table would
        // have it and gallops outwards to a bracket before bisecting: it touches a cache line or
        // two instead of one per bisection step (every animated layer looks one up per frame).
        // Invariant: table[low] ≤ distance < table[high].
        let table = tables + base
        var low = 0, high = steps
        let guess = min(max(Int(distance / total * Double(steps)), 0), steps - 1)
        var step = 1
        if table[guess] <= distance {
            low = guess
            while low + step < high, table[low + step] <= distance {
                low += step
                step *= 2
            }
            high = min(low + step, high)
        } else {
            high = guess
            while high - step > low, table[high - step] > distance {
                high -= step
                step *= 2
            }
            low = max(high - step, low)
        }
        while high - low > 1 {
            let mid = (low + high) / 2
            if table[mid] <= distance { low = mid } else { high = mid }
        }
        let span = table[high] - table[low]
        let fraction = span > 0 ? (distance - table[low]) / span : 0
        return (Double(low) + fraction) / Double(steps)
    }
}

/// The memory behind a `PathLengths`: the segments, then the flat length tables, in one
/// allocation freed with this object.
final class PathLengthStorage {
    let lengths: PathLengths
    private let memory: UnsafeMutableRawPointer

    init(segments: [PathSegment], tables: [Double], totalLength: Double) {
        // `PathSegment` holds only numbers, so its bytes can be copied in and simply freed.
        assert(_isPOD(PathSegment.self), "PathSegment must stay a plain value to live in raw memory")
        let segmentBytes = segments.count * MemoryLayout<PathSegment>.stride
        memory = .allocate(byteCount: segmentBytes + tables.count * MemoryLayout<Double>.stride,
                           alignment: max(MemoryLayout<PathSegment>.alignment, MemoryLayout<Double>.alignment))
        let segmentStart = memory.bindMemory(to: PathSegment.self, capacity: segments.count)
        segmentStart.initialize(from: segments, count: segments.count)
        let tableStart = (memory + segmentBytes).bindMemory(to: Double.self, capacity: tables.count)
        tableStart.initialize(from: tables, count: tables.count)
        lengths = PathLengths(segmentCount: segments.count, totalLength: totalLength, segments: segmentStart,
                              tables: tableStart, tableCount: tables.count)
    }

    deinit {
        memory.deallocate()
    }
}
