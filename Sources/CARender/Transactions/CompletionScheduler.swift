/// Delivers transaction completion blocks: each due block runs as a run-loop turn of its own at
/// the stage time it falls due, so the changes it makes start new implicit animations then.
enum CompletionScheduler {
    nonisolated(unsafe) private(set) static var waitingGroups: [CompletionGroup] = []

    static func register(_ group: CompletionGroup) {
        waitingGroups.append(group)
    }

    /// Schedules `group`'s block now (on the current stage's run loop, or at once without a stage).
    static func schedule(_ group: CompletionGroup) {
        guard group.isDue else { return }
        group.markFired()
        waitingGroups.removeAll { $0 === group }
        if let stage = Stage.current {
            stage.at(stage.time, group.block)
        } else {
            group.block()
        }
    }

    static func reset() {
        waitingGroups = []
    }
}
