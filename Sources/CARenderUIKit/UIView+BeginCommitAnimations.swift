import Foundation
import CARenderGeometry
import CARenderModel

// UIKit's older animation blocks (deprecated by UIKit since iOS 13, still common in older code): `beginAnimations(_:context:)` … `commitAnimations()`, with
// `setAnimation…` class methods configuring the open block. UIKit documents them as deprecated
// in favour of the block-based `animate` methods, but they behave the same way: property
// changes of views between the two calls animate, each change inside one `CATransaction`
// (seed "iOS Core Animation: Advanced Techniques", 7.1: "all the property changes between
// +beginAnimations:context: and +commitAnimations animate because of the CATransaction they set up").

extension UIView {
    /// The timing curve of an animation block opened with `beginAnimations(_:context:)`.
    public enum AnimationCurve: Int, Sendable {
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
    /// say otherwise. Blocks nest; `animationID` and `context` are accepted for source
    /// compatibility (carender has no animation delegate to hand them to).
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        CATransaction.begin()
        var block = ViewAnimationBlock(duration: beginCommitDefaultDuration, delay: 0,
                                       timingFunction: CAMediaTimingFunction(name: .easeInEaseOut))
        block.isBeginCommitBlock = true
        ViewAnimationState.current.blocks.append(block)
    }

    /// Closes the innermost `beginAnimations(_:context:)` block and commits its transaction;
    /// without an open block it only warns.
    public class func commitAnimations() {
        guard ViewAnimationState.current.blocks.last?.isBeginCommitBlock == true else {
            Diagnostics.warning("UIView.commitAnimations() without a matching beginAnimations(_:context:); ignored")
            return
        }
        ViewAnimationState.current.blocks.removeLast()
        CATransaction.commit()
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
