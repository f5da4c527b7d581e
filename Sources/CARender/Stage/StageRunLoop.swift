import Foundation

/// The run-loop turns scheduled on a stage, kept in (time, scheduling order).
final class StageRunLoop {
    struct Turn {
        let time: CFTimeInterval
        let sequence: Int
        let body: () -> Void
    }

    private var pending: [Turn] = []
    private var nextSequence = 0

    func schedule(at time: CFTimeInterval, _ body: @escaping () -> Void) {
        precondition(time.isFinite, "a run-loop turn needs a finite time, got \(time)")
        let turn = Turn(time: time, sequence: nextSequence, body: body)
        nextSequence += 1
        // Keep the list sorted; insertion after every turn with an earlier-or-equal key.
        let index = pending.firstIndex { ($0.time, $0.sequence) > (turn.time, turn.sequence) } ?? pending.count
        pending.insert(turn, at: index)
    }

    /// When the earliest pending turn is due.
    var nextTime: CFTimeInterval? { pending.first?.time }

    /// Removes and returns the earliest turn due at or before `time`.
    func nextTurn(dueBy time: CFTimeInterval) -> Turn? {
        guard let first = pending.first, first.time <= time else { return nil }
        pending.removeFirst()
        return first
    }
}
