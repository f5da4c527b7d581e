import Foundation
import CARenderGeometry

/// The run-loop turns scheduled on a stage, run in (time, scheduling order).
package final class StageRunLoop {
    package struct Turn {
        let time: CFTimeInterval
        let sequence: Int
        package let body: () -> Void

        /// Whether this turn runs before `other`.
        func precedes(_ other: Turn) -> Bool {
            (time, sequence) < (other.time, other.sequence)
        }
    }

    /// Pending turns as a binary min-heap on (time, sequence): scheduling and taking the next
    /// turn cost O(log n), so a script may schedule any number of turns.
    private var heap: [Turn] = []
    private var nextSequence = 0
    /// Where a dropped turn is reported: the stage's log.
    private let diagnostics: DiagnosticLog

    init(diagnostics: DiagnosticLog) {
        self.diagnostics = diagnostics
    }

    /// Adds a turn at `time`, after every turn already scheduled for that time. A time that is
    /// not finite is reported and the turn dropped.
    package func schedule(at time: CFTimeInterval, _ body: @escaping () -> Void) {
        guard time.isFinite else {
            return diagnostics.error("Stage.at(\(time)): a run-loop turn needs a finite time; the turn is dropped")
        }
        heap.append(Turn(time: time, sequence: nextSequence, body: body))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// When the earliest pending turn is due.
    package var nextTime: CFTimeInterval? { heap.first?.time }

    /// Removes and returns the earliest turn due at or before `time`.
    package func nextTurn(dueBy time: CFTimeInterval) -> Turn? {
        guard let first = heap.first, first.time <= time else { return nil }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var earliest = parent
            if left < heap.count && heap[left].precedes(heap[earliest]) { earliest = left }
            if right < heap.count && heap[right].precedes(heap[earliest]) { earliest = right }
            if earliest == parent { break }
            heap.swapAt(parent, earliest)
            parent = earliest
        }
        return first
    }
}
