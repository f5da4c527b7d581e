import Foundation
import CARenderGeometry

/// The stack of open transactions and everything a commit must do: Core Animation's per-thread
/// transaction state. Each stage's context holds one (scripts are single-threaded).
///
/// A run-loop turn opens an implicit transaction on the first layer change or transaction call
/// and commits it when the turn ends. `CATransaction.begin()` with nothing open starts an
/// outermost explicit transaction, committed to the render tree by its own `commit()`; inside an
/// open transaction it nests, and only the outermost commit reaches the render tree.
package final class TransactionSystem {
    /// The context this transaction state belongs to (which owns it).
    private unowned let context: StageContext

    private var stack: [TransactionScope] = []
    /// Layers whose model changed since the last outermost commit, in order of first change.
    private var changedLayers: [CALayer] = []
    private var changedLayerIDs: Set<ObjectIdentifier> = []
    private let lockObject = NSRecursiveLock()
    /// How many transactions have been opened: every change to layers, animations or the tree
    /// opens one, so an unchanged count means nothing changed (the stage skips looking for
    /// animation events again at a time it has already advanced to).
    package private(set) var openedCount = 0

    static let defaultAnimationDuration: CFTimeInterval = 0.25

    init(context: StageContext) {
        self.context = context
    }

    // MARK: - Scopes

    /// Opens the implicit transaction of the current turn if nothing is open.
    func ensureTransaction() {
        if stack.isEmpty {
            stack.append(TransactionScope(isImplicit: true))
            openedCount += 1
        }
    }

    func begin() {
        stack.append(TransactionScope(isImplicit: false))
        openedCount += 1
    }

    /// Commits the innermost explicit transaction. Without one, says so on standard error and
    /// changes nothing (Apple's current QuartzCore does not raise either).
    func commitExplicit() {
        guard let top = stack.last, !top.isImplicit else {
            context.diagnostics.error("CATransaction.commit() called without a matching CATransaction.begin(); ignored")
            return
        }
        commitTop()
    }

    /// Ends a run-loop turn: commits everything still open, explicit transactions left open by
    /// the script included (with a warning, since Apple would leave them uncommitted forever).
    package func commitAtEndOfTurn() {
        if stack.contains(where: { !$0.isImplicit }) {
            context.diagnostics.warning("a CATransaction.begin() had no matching commit() when the run-loop turn ended; committing it")
        }
        while !stack.isEmpty { commitTop() }
        if !changedLayers.isEmpty || !context.animations.layersAwaitingBeginTime.isEmpty {
            commitRenderTree()
        }
    }

    /// Commits the implicit transaction when no explicit one is open; otherwise waits for the
    /// outermost explicit commit, as Apple's `flush()` does.
    func flush() {
        guard stack.allSatisfy(\.isImplicit) else { return }
        commitAtEndOfTurn()
    }

    private func commitTop() {
        // Layout runs inside the outermost transaction, so its changes follow that transaction's
        // settings (disabled actions, duration) as they do on Apple's platforms.
        if stack.count == 1 { context.layout.run() }
        var scope = stack.removeLast()
        scope.openCompletion = nil
        for group in scope.completions where group.seal() {
            context.completions.schedule(group)
        }
        if stack.isEmpty { commitRenderTree() }
    }

    /// The outermost commit: pending layout runs, added animations get their begin times, changed
    /// layers' model values become the committed (rendered) values, and the stage's tree is
    /// marked as committed.
    private func commitRenderTree() {
        context.layout.run()
        context.animations.resolvePendingBeginTimes(now: context.time)
        // Layers outside the stage's tree stay uncommitted (no presentation, no implicit
        // animations) until they join it.
        for layer in changedLayers where layer.hasBeenCommitted { layer.commitModelState() }
        changedLayers = []
        changedLayerIDs = []
        context.rootLayer?.markCommittedSubtree(in: context)
    }

    // MARK: - Changes and animations

    /// Records that `layer`'s model is about to change in the current transaction.
    func layerWillChange(_ layer: CALayer) {
        ensureTransaction()
        if changedLayerIDs.insert(ObjectIdentifier(layer)).inserted { changedLayers.append(layer) }
    }

    /// An animation was attached to a layer: every completion block set so far in an open scope
    /// waits for it.
    func animationAdded(_ animation: AnyObject) {
        ensureTransaction()
        for scope in stack {
            scope.openCompletion?.track(animation)
        }
    }

    /// An attached animation finished or was removed.
    func animationStopped(_ animation: AnyObject) {
        // Innermost (most recently set) blocks first: a nested transaction completes before the
        // one around it when both wait for the same animation.
        for group in context.completions.waitingGroups.reversed() where group.animationStopped(animation) {
            context.completions.schedule(group)
        }
    }

    // MARK: - Values

    func value(forKey key: String) -> Any? {
        for scope in stack.reversed() {
            if let value = scope.values[key] { return value }
        }
        switch key {
        case kCATransactionAnimationDuration: return TransactionSystem.defaultAnimationDuration
        case kCATransactionDisableActions: return false
        default: return nil
        }
    }

    func setValue(_ value: Any?, forKey key: String) {
        ensureTransaction()
        let top = stack.count - 1
        if key == kCATransactionCompletionBlock {
            setCompletionBlock(value as? () -> Void)
            stack[top].values[key] = value
            return
        }
        stack[top].values[key] = value
    }

    private func setCompletionBlock(_ block: (() -> Void)?) {
        let top = stack.count - 1
        // Replacing the block ends tracking for the old one: it fires once what it already
        // tracks has stopped (at once when nothing).
        if let previous = stack[top].openCompletion, previous.seal() {
            context.completions.schedule(previous)
        }
        stack[top].openCompletion = nil
        guard let block else { return }
        let group = CompletionGroup(block: block)
        stack[top].openCompletion = group
        stack[top].completions.append(group)
        context.completions.register(group)
    }

    var animationDuration: CFTimeInterval {
        coerceToCGFloat(value(forKey: kCATransactionAnimationDuration)).map(Double.init)
            ?? TransactionSystem.defaultAnimationDuration
    }

    var disableActions: Bool {
        coerceToBool(value(forKey: kCATransactionDisableActions)) ?? false
    }

    // MARK: - Lock

    func lock() { lockObject.lock() }
    func unlock() { lockObject.unlock() }
}
