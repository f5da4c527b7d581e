import Foundation
import CARenderGeometry

/// Everything the layers of one stage share while a script runs: the virtual clock, the run
/// loop, the transaction stack, animation bookkeeping, pending layout, the diagnostics reported
/// so far, and the state that layers above Core Animation attach (without the context knowing
/// what it is).
///
/// Each `Stage` owns one context, created with it, so a new stage always starts from a clean
/// slate: this initializer is the one place where that state is reset.
///
/// Every layer of a stage's tree belongs to its context (`CALayer.stageContext`): a change to a
/// layer joins that stage's transaction, its animations' events and its layout go to that
/// stage, and what it reports goes to that stage's diagnostics — whichever stage was used last.
///
/// Core Animation's entry points that name no layer find their context the way Apple's find
/// the per-thread transaction: through `StageContext.current`, the context of the stage last
/// created, advanced or rendered. Those are exactly: `CATransaction`'s class methods,
/// `CACurrentMediaTime()`, UIKit's static animation calls (`UIView.animate`,
/// `beginAnimations`/`commitAnimations`, `setAnimationsEnabled`), and value constructors that
/// report bad input (`CGColor`, `CGImage`, `CTFont`, `UIImage`, `UIGraphics`; they report to
/// `Diagnostics.currentLog`, which the current context sets). A layer that has never been in a
/// stage's tree has no stage yet and uses the current context too, as on Apple's platforms a
/// change joins the current thread's transaction. Before any stage exists (or after the current
/// one is gone) the current context is a detached one with no root layer, whose clock reads 0
/// and whose completion blocks run at once. Scripts are single-threaded, as Core Animation's own
/// run loop is, so one pointer serves.
package final class StageContext {
    /// The context that static Core Animation calls use. See the type's documentation.
    // nonisolated(unsafe): scripts are single-threaded, and only the script's thread makes a
    // context current (another thread may read it only while that one waits for it).
    package nonisolated(unsafe) private(set) static var current = StageContext(hasStage: false, diagnostics: Diagnostics.currentLog)

    /// The virtual clock, in seconds: what `CACurrentMediaTime()` returns.
    package var time: CFTimeInterval = 0
    /// Whether a stage owns this context (so run-loop turns will run).
    let hasStage: Bool
    /// The root of the stage's layer tree (owned by the stage). The layers of its tree belong
    /// to this context (`CALayer.stageContext`).
    package weak var rootLayer: CALayer? {
        didSet { rootLayer?.forEachInSubtree { $0.owningStageContext = self } }
    }
    /// Run-loop turns scheduled on the stage.
    package let runLoop: StageRunLoop
    /// The open transactions and what the next commit must do.
    package private(set) lazy var transactions = TransactionSystem(context: self)
    /// Layers marked for layout or display before the next commit.
    private(set) lazy var layout = LayoutPass(context: self)
    /// Transaction completion blocks waiting for their animations.
    private(set) lazy var completions = CompletionScheduler(context: self)
    /// Animation bookkeeping that belongs to no single layer.
    package let animations = AnimationBookkeeping()
    /// Warnings and errors for the script's author.
    package let diagnostics: DiagnosticLog
    /// Per-stage state of the layers above this one (the UIKit shim's view-animation blocks),
    /// one object per type, so it starts clean with each stage while this layer names none of it.
    private var attachments: [ObjectIdentifier: AnyObject] = [:]
    /// What answers the root layer for its property changes, when a layer above Core Animation
    /// (the UIKit shim's view-animation blocks) has registered; see `RootLayerActions`.
    package var rootLayerActions: (any RootLayerActions)?

    package init(hasStage: Bool, diagnostics: DiagnosticLog = DiagnosticLog()) {
        self.hasStage = hasStage
        self.diagnostics = diagnostics
        runLoop = StageRunLoop(diagnostics: diagnostics)
    }

    /// Makes this the context static Core Animation calls use.
    package func makeCurrent() {
        StageContext.current = self
        Diagnostics.currentLog = diagnostics
    }

    /// Called when the owning stage goes away: static calls fall back to a fresh detached
    /// context, as they did before the stage existed.
    package func resign() {
        if StageContext.current === self { StageContext(hasStage: false).makeCurrent() }
    }

    /// The attached object of type `T`, made by `make` the first time it is asked for.
    package func attachment<T: AnyObject>(default make: () -> T) -> T {
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

/// The time of the current stage's virtual clock, in seconds (0 before any stage exists).
public func CACurrentMediaTime() -> CFTimeInterval {
    StageContext.current.time
}

/// Answers a stage's root layer for a property change, as a window answers its layer. The root
/// layer behaves like a window's layer: it animates only inside view-animation blocks, which the
/// layer above Core Animation (the UIKit shim) runs. That layer registers an object of this type
/// with the stage's context; until it does, no change of the root layer animates implicitly.
package protocol RootLayerActions: AnyObject {
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}
