/// Delivers transaction completion blocks: each due block runs as a run-loop turn of its own at
/// the stage time it falls due, so the changes it makes start new implicit animations then.
final class CompletionScheduler {
    private unowned let context: StageContext
    private(set) var waitingGroups: [CompletionGroup] = []

    init(context: StageContext) {
        self.context = context
    }

    func register(_ group: CompletionGroup) {
        waitingGroups.append(group)
    }

    /// Schedules `group`'s block now (on the stage's run loop, or at once without a stage).
    func schedule(_ group: CompletionGroup) {
        guard group.isDue else { return }
        group.markFired()
        waitingGroups.removeAll { $0 === group }
        if context.hasStage {
            context.runLoop.schedule(at: context.time, group.block)
        } else {
            group.block()
        }
    }
}
