import Foundation

/// Batches layer-tree changes into atomic updates of what is rendered, and sets how the
/// changes animate.
///
/// Every run-loop turn (each `Stage.at` body and the script's top level) has an implicit
/// transaction, committed when the turn ends. The class methods act on the transactions of the
/// current stage (see `StageContext`), as Apple's act on the current thread's. `begin()`/`commit()` nest; reading a value searches
/// from the innermost transaction that set it, and setting one sets it in the innermost.
open class CATransaction {
    /// Begins a transaction, nested in any that is open.
    open class func begin() {
        StageContext.current.transactions.begin()
    }

    /// Commits the innermost transaction begun with `begin()`. Without one, reports an error on
    /// standard error and does nothing.
    open class func commit() {
        StageContext.current.transactions.commitExplicit()
    }

    /// Commits the implicit transaction now, unless an explicit transaction is open (then the
    /// outermost commit does it).
    open class func flush() {
        StageContext.current.transactions.flush()
    }

    /// The duration given to animations added in this transaction without one of their own,
    /// implicit animations included. Defaults to 0.25 s.
    open class func animationDuration() -> CFTimeInterval {
        StageContext.current.transactions.animationDuration
    }

    /// Sets the duration, in seconds, of animations added in the current transaction.
    open class func setAnimationDuration(_ duration: CFTimeInterval) {
        StageContext.current.transactions.setValue(duration, forKey: kCATransactionAnimationDuration)
    }

    /// The timing function given to animations added in this transaction; nil by default
    /// (implicit animations then use the `default` curve).
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        StageContext.current.transactions.value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the timing function of animations added in the current transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        StageContext.current.transactions.setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes skip the action search (and so do not animate implicitly).
    open class func disableActions() -> Bool {
        StageContext.current.transactions.disableActions
    }

    /// Sets whether property changes in the current transaction skip the action search.
    open class func setDisableActions(_ flag: Bool) {
        StageContext.current.transactions.setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run once every animation added to this transaction after it was set (nested
    /// transactions included) has finished or been removed; at commit when there are none.
    open class func completionBlock() -> (() -> Void)? {
        StageContext.current.transactions.value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the block to run when the animations added in the current transaction afterwards have
    /// all finished or been removed.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        StageContext.current.transactions.setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// Acquires the recursive lock that guards layer state across threads.
    open class func lock() {
        StageContext.current.transactions.lock()
    }

    /// Releases the lock acquired with `lock()`.
    open class func unlock() {
        StageContext.current.transactions.unlock()
    }

    /// The value of `key` in the innermost transaction that set it (`kCATransaction*` keys or
    /// any key of your own).
    open class func value(forKey key: String) -> Any? {
        StageContext.current.transactions.value(forKey: key)
    }

    /// Sets `key` in the innermost transaction.
    open class func setValue(_ anObject: Any?, forKey key: String) {
        StageContext.current.transactions.setValue(anObject, forKey: key)
    }
}
