import Foundation

/// Everything the layers of one stage share while a script runs: the virtual clock, the run
/// loop, the transaction stack, animation bookkeeping, pending layout, the diagnostics reported
/// so far, and the state that layers above Core Animation attach (without the context knowing
/// what it is).
///
/// Each `Stage` owns one context, created with it, so a new stage always starts from a clean
/// slate: this initializer is the one place where that state is reset.
///
/// Core Animation's static entry points — `CATransaction`'s class methods,
/// `CACurrentMediaTime()`, a layer setter's implicit transaction — find their context the way
/// Apple's find the per-thread transaction: through `StageContext.current`. That pointer is the
/// library's only ambient state. It names the context of the stage last created, advanced or
/// rendered; before any stage exists (or after the current one is gone) it is a detached
/// context with no root layer, whose clock reads 0 and whose completion blocks run at once.
/// Scripts are single-threaded, as Core Animation's own run loop is, so one pointer serves.
final class StageContext {
    /// The context that static Core Animation calls use. See the type's documentation.
    nonisolated(unsafe) private(set) static var current = StageContext(hasStage: false)

    /// The virtual clock, in seconds: what `CACurrentMediaTime()` returns.
    var time: CFTimeInterval = 0
    /// Whether a stage owns this context (so run-loop turns will run).
    let hasStage: Bool
    /// The root of the stage's layer tree (owned by the stage).
    weak var rootLayer: CALayer?
    /// Run-loop turns scheduled on the stage.
    let runLoop = StageRunLoop()
    /// The open transactions and what the next commit must do.
    private(set) lazy var transactions = TransactionSystem(context: self)
    /// Layers marked for layout or display before the next commit.
    private(set) lazy var layout = LayoutPass(context: self)
    /// Transaction completion blocks waiting for their animations.
    private(set) lazy var completions = CompletionScheduler(context: self)
    /// Animation bookkeeping that belongs to no single layer.
    let animations = AnimationBookkeeping()
    /// Warnings and errors for the script's author.
    let diagnostics = DiagnosticLog()
    /// Per-stage state of the layers above this one (the UIKit shim's view-animation blocks),
    /// one object per type, so it starts clean with each stage while this layer names none of it.
    private var attachments: [ObjectIdentifier: AnyObject] = [:]

    init(hasStage: Bool) {
        self.hasStage = hasStage
    }

    /// Makes this the context static Core Animation calls use.
    func makeCurrent() {
        StageContext.current = self
    }

    /// Called when the owning stage goes away: static calls fall back to a fresh detached
    /// context, as they did before the stage existed.
    func resign() {
        if StageContext.current === self { StageContext.current = StageContext(hasStage: false) }
    }

    /// The attached object of type `T`, made by `make` the first time it is asked for.
    func attachment<T: AnyObject>(default make: () -> T) -> T {
        let key = ObjectIdentifier(T.self)
        if let existing = attachments[key] { return unsafeDowncast(existing, to: T.self) }
        let made = make()
        attachments[key] = made
        return made
    }

    /// Whether `layer` is the stage's root layer.
    func isRootLayer(_ layer: CALayer) -> Bool {
        rootLayer === layer
    }
}
