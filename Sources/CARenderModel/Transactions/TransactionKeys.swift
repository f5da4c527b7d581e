/// The key of `CATransaction`'s animation duration (`"animationDuration"`).
public let kCATransactionAnimationDuration = "animationDuration"
/// The key of `CATransaction`'s flag that stops property changes from looking up actions.
public let kCATransactionDisableActions = "disableActions"
/// The key of `CATransaction`'s timing function for animations added in the transaction.
public let kCATransactionAnimationTimingFunction = "animationTimingFunction"
/// The key of `CATransaction`'s completion block.
public let kCATransactionCompletionBlock = "completionBlock"

/// The action event posted when a layer becomes visible (added to a visible tree).
public let kCAOnOrderIn = "onOrderIn"
/// The action event posted when a layer leaves a visible tree.
public let kCAOnOrderOut = "onOrderOut"
/// The action event posted when a layer is about to take part in a transition.
public let kCATransition = "transition"
