import Foundation

/// One level of the transaction stack: the keyed values set in it, and the completion groups
/// whose blocks were set in it.
struct TransactionScope {
    /// Values set in this scope, by key. Reading searches from the innermost scope outwards.
    var values: [String: Any] = [:]
    /// The group of the completion block currently set in this scope, if any.
    var openCompletion: CompletionGroup?
    /// Every group created in this scope, sealed when the scope commits.
    var completions: [CompletionGroup] = []
    /// True for the implicit transaction that a run-loop turn opens on the first change.
    let isImplicit: Bool

    init(isImplicit: Bool) {
        self.isImplicit = isImplicit
    }
}
