import Foundation
import CARenderGeometry
import CARenderModel
import CARenderStage

// UIKit's older animation blocks (deprecated by UIKit since iOS 13, still common in older code): `beginAnimations(_:context:)` … `commitAnimations()`, with
// `setAnimation…` class methods configuring the open block. UIKit documents them as deprecated
// in favour of the block-based `animate` methods, but they behave the same way: property
// changes of views between the two calls animate, each change inside one `CATransaction`
// (seed "iOS Core Animation: Advanced Techniques", 7.1: "all the property changes between
// +beginAnimations:context: and +commitAnimations animate because of the CATransaction they set up").

extension UIView {
    /// The timing curve of an animation block opened with `beginAnimations(_:context:)`.
    public enum AnimationCurve: Int, Sendable {
        /// Ease-in ease-out, ease-in, ease-out, or linear timing.
        case easeInOut, easeIn, easeOut, linear

        var timingFunctionName: CAMediaTimingFunctionName {
            switch self {
            case .easeInOut: return .easeInEaseOut
            case .easeIn: return .easeIn
            case .easeOut: return .easeOut
            case .linear: return .linear
            }
        }
    }

    /// The duration of a `beginAnimations(_:context:)` block until `setAnimationDuration(_:)`
    /// changes it: 0.2 seconds, as `setAnimationDuration(_:)`'s documentation states.
    static let beginCommitDefaultDuration: TimeInterval = 0.2

    /// Opens an animation block: view property changes until the matching `commitAnimations()`
    /// animate, over 0.2 s with the ease-in-ease-out curve unless the `setAnimation…` methods
    /// say otherwise. Blocks nest; `animationID` and `context` are handed to the block's
    /// delegate (see `setAnimationDelegate(_:)`).
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        CATransaction.begin()
        var block = ViewAnimationBlock(duration: beginCommitDefaultDuration, delay: 0,
                                       timingFunction: CAMediaTimingFunction(name: .easeInEaseOut))
        block.isBeginCommitBlock = true
        let callbacks = BeginCommitCallbacks(animationID: animationID, context: context)
        block.beginCommitCallbacks = callbacks
        // Set before any animation joins the transaction: the block runs when they have all
        // finished (at once when there are none), which is when UIKit sends the did-stop selector.
        CATransaction.setCompletionBlock { callbacks.didStop() }
        ViewAnimationState.current.blocks.append(block)
    }

    /// Closes the innermost `beginAnimations(_:context:)` block and commits its transaction;
    /// without an open block it only warns. The block's delegate hears its will-start selector
    /// now, as the block's animations start.
    public class func commitAnimations() {
        guard let block = ViewAnimationState.current.blocks.last, block.isBeginCommitBlock else {
            Diagnostics.warning("UIView.commitAnimations() without a matching beginAnimations(_:context:); ignored")
            return
        }
        ViewAnimationState.current.blocks.removeLast()
        block.beginCommitCallbacks?.willStart()
        CATransaction.commit()
    }

    /// The object that hears the open block's will-start and did-stop selectors (not kept: the
    /// caller keeps it, as with UIKit). Outside a block it does nothing.
    public class func setAnimationDelegate(_ delegate: Any?) {
        changeBeginCommitBlock { $0.beginCommitCallbacks?.delegate = delegate.map { $0 as AnyObject } }
    }

    /// The delegate's method called as the open block's animations start:
    /// `animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?)` or one
    /// taking fewer arguments.
    public class func setAnimationWillStart(_ selector: Selector?) {
        changeBeginCommitBlock { $0.beginCommitCallbacks?.willStartSelector = selector }
    }

    /// The delegate's method called when all the open block's animations have stopped:
    /// `animationDidStop(_ animationID: String?, finished: NSNumber, context:
    /// UnsafeMutableRawPointer?)` or one taking fewer arguments.
    public class func setAnimationDidStop(_ selector: Selector?) {
        changeBeginCommitBlock { $0.beginCommitCallbacks?.didStopSelector = selector }
    }

    /// The duration, in seconds, of the animations of changes made from now on in the open
    /// `beginAnimations(_:context:)` block; outside one it does nothing, as UIKit documents.
    public class func setAnimationDuration(_ duration: TimeInterval) {
        changeBeginCommitBlock { $0.duration = duration }
    }

    /// The delay, in seconds, before the animations of changes made from now on in the open
    /// block start; outside a block it does nothing.
    public class func setAnimationDelay(_ delay: TimeInterval) {
        changeBeginCommitBlock { $0.delay = delay }
    }

    /// The timing curve of the animations of changes made from now on in the open block;
    /// outside a block it does nothing.
    public class func setAnimationCurve(_ curve: AnimationCurve) {
        changeBeginCommitBlock { $0.timingFunction = CAMediaTimingFunction(name: curve.timingFunctionName) }
    }

    /// Changes the innermost block when `beginAnimations(_:context:)` opened it.
    private class func changeBeginCommitBlock(_ change: (inout ViewAnimationBlock) -> Void) {
        let state = ViewAnimationState.current
        guard let last = state.blocks.indices.last, state.blocks[last].isBeginCommitBlock else { return }
        change(&state.blocks[last])
    }
}

/// A `beginAnimations(_:context:)` block's identifier, context, delegate and selectors.
final class BeginCommitCallbacks {
    let animationID: String?
    let context: UnsafeMutableRawPointer?
    weak var delegate: AnyObject?
    var willStartSelector: Selector?
    var didStopSelector: Selector?

    init(animationID: String?, context: UnsafeMutableRawPointer?) {
        self.animationID = animationID
        self.context = context
    }

    func willStart() {
        guard let delegate, let willStartSelector else { return }
        willStartSelector.send(to: delegate, arguments: [animationID, context])
    }

    /// `finished` is true: carender's completion blocks run when the animations have run out
    /// (a block whose animations were removed early still reports them finished).
    func didStop() {
        guard let delegate, let didStopSelector else { return }
        didStopSelector.send(to: delegate, arguments: [animationID, NSNumber(value: true), context])
    }
}
