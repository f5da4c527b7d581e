/// A transaction's completion block and the animations it waits for: those added after the block
/// was set, in its transaction or any nested one. It fires once all of them have finished or been
/// removed, and never before its transaction group is sealed (committed, or its block replaced).
final class CompletionGroup {
    let block: () -> Void
    private var pending: Set<ObjectIdentifier> = []
    private(set) var isSealed = false
    private(set) var hasFired = false

    init(block: @escaping () -> Void) {
        self.block = block
    }

    /// Starts waiting for `animation` (counted once, however often it is reported).
    func track(_ animation: AnyObject) {
        guard !isSealed else { return }
        pending.insert(ObjectIdentifier(animation))
    }

    /// `animation` has finished or been removed; returns true when the group is now due.
    func animationStopped(_ animation: AnyObject) -> Bool {
        pending.remove(ObjectIdentifier(animation))
        return isDue
    }

    /// No more animations will be tracked; returns true when the group is due at once.
    func seal() -> Bool {
        isSealed = true
        return isDue
    }

    var isDue: Bool { isSealed && pending.isEmpty && !hasFired }

    func markFired() {
        hasFired = true
    }
}
